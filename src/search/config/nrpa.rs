//! NRPA's part of a configuration: [`NrpaConfig`] (`--nrpa-iterations`,
//! `--nrpa-alpha`, `--nrpa-bias`) and the selective policy's late-game exception
//! [`Late`] (`--nrpa-late-tiles`, `--nrpa-late-size`).
//!
//! Owns: their shape, defaults from [`Defaults`], JSON form and checks
//! ([`NrpaConfig::validate`], shared by `--algo nrpa` and `--inner-algo nrpa`).
//! Must not: run NRPA.

use super::Setting;
use crate::error::Error;
use crate::policy::RolloutPolicy;
use crate::search::defaults::Defaults;

/// The NRPA parameters (`--nrpa-iterations`, `--nrpa-alpha`, `--nrpa-bias`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct NrpaConfig {
    /// Lower-level searches per search of each level ≥ 1 (N); `auto` is
    /// [`Defaults::nrpa_iterations`] for the root board (resolved by
    /// [`crate::search::SearchConfig::resolve`]). Serialised as the
    /// number (as before `auto` existed) or `"auto"`.
    #[serde(with = "iterations_serde")]
    pub iterations: Setting<u64>,
    /// Learning rate α of the adaptation.
    pub alpha: f64,
    /// GNRPA bias β: β · (group size − 2) is added to every move's weight.
    pub bias: f64,
    /// Late-game exception of the selective policy (absent from configurations
    /// serialised before it existed: the default).
    #[serde(default)]
    pub late: Late,
}

impl Default for NrpaConfig {
    fn default() -> Self {
        NrpaConfig {
            iterations: Setting::Auto,
            alpha: Defaults::NRPA_ALPHA,
            bias: Defaults::NRPA_BIAS,
            late: Late::default(),
        }
    }
}

/// `iterations` in JSON: a number for an explicit N (the form of configurations
/// written before `auto` existed, which read back unchanged), `"auto"` otherwise.
mod iterations_serde {
    use super::Setting;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum Form {
        N(u64),
        Word(String),
    }

    pub fn serialize<S: Serializer>(v: &Setting<u64>, s: S) -> Result<S::Ok, S::Error> {
        match *v {
            Setting::Set(n) => Form::N(n),
            Setting::Auto => Form::Word("auto".into()),
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Setting<u64>, D::Error> {
        match Form::deserialize(d)? {
            Form::N(n) => Ok(Setting::Set(n)),
            Form::Word(w) if w == "auto" => Ok(Setting::Auto),
            Form::Word(w) => Err(serde::de::Error::custom(format!(
                "iterations: expected a number or \"auto\", got \"{w}\""
            ))),
        }
    }
}

/// The selective policy's late-game exception (`--nrpa-late-tiles T
/// --nrpa-late-size S`): once at most `tiles` tiles are on the board, tabu-colour
/// groups of at most `size` tiles are candidates too. `tiles == 0` turns it off.
///
/// Cazenave (2016) excepts small tabu-colour groups late in the game; that paper's
/// exact rule could not be checked here, so this parametrised rule is ours, and its
/// default comes from tuning (docs/search.md, "NRPA").
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Late {
    /// Largest number of tiles on the board at which the exception applies.
    pub tiles: u16,
    /// Largest tabu-colour group the exception lets in.
    pub size: u16,
}

impl Default for Late {
    fn default() -> Self {
        Late {
            tiles: Defaults::NRPA_LATE_TILES,
            size: Defaults::NRPA_LATE_SIZE,
        }
    }
}

impl NrpaConfig {
    /// Checks NRPA's values (N, α, β, the late-game exception) with the rollout
    /// policy `policy`, which sets NRPA's candidates (random, tabu or auto).
    pub(in crate::search) fn validate(&self, policy: RolloutPolicy) -> Result<(), Error> {
        let bad = |m: String| Err(Error::Config(m));
        if self.iterations == Setting::Set(0) {
            return bad("--nrpa-iterations must be at least 1".into());
        }
        if let Setting::Set(n) = self.iterations {
            if n > u64::from(u32::MAX) {
                return bad(format!(
                    "--nrpa-iterations must be at most {}, got {n}",
                    u32::MAX
                ));
            }
        }
        if !(self.alpha.is_finite() && self.alpha > 0.0) {
            return bad(format!(
                "--nrpa-alpha must be a finite number > 0, got {}",
                self.alpha
            ));
        }
        if !self.bias.is_finite() {
            return bad(format!(
                "--nrpa-bias must be a finite number, got {}",
                self.bias
            ));
        }
        if self.late.size < 2 {
            return bad(format!(
                "--nrpa-late-size must be at least 2 (the smallest group), got {}",
                self.late.size
            ));
        }
        if !matches!(
            policy,
            RolloutPolicy::Random | RolloutPolicy::Tabu | RolloutPolicy::Auto
        ) {
            return bad(format!(
                "--policy {policy} is not available for nrpa (random, tabu or auto)"
            ));
        }
        if self.late.tiles > 0 && policy == RolloutPolicy::Random {
            return bad(
                "--nrpa-late-tiles is an exception to the tabu colour: it needs --policy tabu or auto, not random"
                    .into(),
            );
        }
        Ok(())
    }
}
