//! The keys of `compare`'s journal: a job's identity, schema 2, and the frozen
//! forms of the keys written before it (schema 1), read only to take those journals'
//! jobs and re-key them.
//!
//! Schema 2: `schema 2 | {canonical line} | board {fingerprint} | resolved
//! {fingerprint}`. The canonical line is the configuration's `Display` (its flags,
//! which read back as it); the resolution is [`crate::search::resolution`], the
//! plan's text written field by field. Neither depends on how the search types are
//! named or serialised, so those types carry no compatibility attributes for the
//! keys' sake. Keys without the `resolved` part are those of journals written before
//! keys held the resolution (restored, and counted as such).
//!
//! Schema 1 (before 2026-11-27): `{line_v1} | board {fingerprint} | {JSON
//! parameters}[ | resolved {fingerprint of the plan's Debug text}]`.
//!
//! Owns: those strings. Must not: read or write journals, or change the form of a
//! schema once written (a new form is a new schema, with the old one read here).

pub(crate) mod v1;

use crate::compare::Plan;
use crate::error::Error;
use crate::io::testset::Position;

/// The schema of the keys this build writes.
pub const SCHEMA: u32 = 2;

/// 64-bit FNV-1a of `text` ([`crate::rng::fnv1a`]): a fingerprint that does not
/// change between builds.
pub(super) fn fingerprint(text: &str) -> u64 {
    crate::rng::fnv1a(text.as_bytes())
}

/// The keys of configuration `c` of `plan` on `position`.
pub(super) struct Keys {
    /// What this build writes.
    pub current: String,
    /// Schema 2 without the resolution (journals written before keys held it).
    pub unresolved: String,
    /// Schema 1, with and without the resolution.
    pub v1: String,
    pub v1_unresolved: String,
    /// The configuration's parameters as JSON (stored beside the key, for readers).
    pub params: String,
}

impl Keys {
    pub fn of(plan: &Plan, c: usize, position: &Position) -> Result<Keys, Error> {
        let config = &plan.configs[c].config;
        let params = serde_json::to_string(config)
            .map_err(|e| Error::Other(format!("cannot serialize the configuration: {e}")))?;
        let board = position.board(plan.variant);
        let board_fp = fingerprint(&board.to_string());
        let unresolved = format!("schema {SCHEMA} | {config} | board {board_fp:016x}");
        let resolved = fingerprint(&crate::search::resolution(config, &board, plan.budget));
        let v1_unresolved = format!(
            "{} | board {board_fp:016x} | {}",
            config.line_v1(),
            v1::params(config)
        );
        let v1_resolved = fingerprint(&crate::search::resolution_v1(config, &board, plan.budget));
        Ok(Keys {
            current: format!("{unresolved} | resolved {resolved:016x}"),
            unresolved,
            v1: format!("{v1_unresolved} | resolved {v1_resolved:016x}"),
            v1_unresolved,
            params,
        })
    }
}
