//! [`Valid`]: a configuration that passed [`SearchConfig::validate`], the only kind
//! the searches take ([`crate::search::search`]). A search cannot be handed one it
//! would refuse, so none checks or panics on its configuration.
//!
//! Owns: that wrapper and the one way into it ([`SearchConfig::valid`]). Must not:
//! hand out a mutable configuration (a changed one is validated again).

use std::fmt;
use std::ops::Deref;

use serde::Serialize;

use super::SearchConfig;
use crate::error::Error;

/// A validated [`SearchConfig`]; read it through `Deref`.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct Valid(SearchConfig);

impl SearchConfig {
    /// This configuration, validated ([`SearchConfig::validate`]'s error otherwise).
    pub fn valid(self) -> Result<Valid, Error> {
        self.validate()?;
        Ok(Valid(self))
    }
}

impl Valid {
    /// The configuration, to change it (and validate it again).
    pub fn into_inner(self) -> SearchConfig {
        self.0
    }
}

impl Deref for Valid {
    type Target = SearchConfig;
    fn deref(&self) -> &SearchConfig {
        &self.0
    }
}

impl fmt::Display for Valid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}
