//! The beam search's part of a configuration's checks (`--algo beam`,
//! `--beam-width`): which of the other fields it refuses, and the width's range.
//!
//! Owns: [`SearchConfig::validate_beam`]. Must not: hold defaults (those are
//! [`crate::search::Defaults`]) or run the beam.

use super::{Algo, SearchConfig};
use crate::error::Error;
use crate::policy::RolloutPolicy;

/// Most positions a beam layer may keep (`--beam-width`): a kept position costs about
/// 6 KB (its board twice while the next layer is built, its children's records and
/// its line's trace), so the limit, 2^21 positions, is about 12 GB: half of this
/// 24 GiB machine. (Kept in `crate::limits` with every other flag's range.)
pub const MAX_BEAM_WIDTH: u64 = crate::limits::MAX_BEAM_SEARCH_WIDTH;

impl SearchConfig {
    /// Checks `--beam-width` (beam only, 1 ..= [`MAX_BEAM_WIDTH`]) and refuses the
    /// fields the beam does not use: it plays no rollouts (`--policy`), solves no
    /// endgames (`--endgame`) and restarts nothing (`--restarts`). The other
    /// algorithms' flags are refused by [`Algo::uses_flag`] through `validate`.
    pub(super) fn validate_beam(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::Config(m));
        if self.beam_width.is_some() {
            self.algo.uses_flag("--beam-width")?;
        }
        if self.algo != Algo::Beam {
            return Ok(());
        }
        if let Some(w) = self.beam_width {
            if !(1..=MAX_BEAM_WIDTH).contains(&w) {
                return bad(format!(
                    "--beam-width must be between 1 and {MAX_BEAM_WIDTH}, got {w}"
                ));
            }
        }
        if self.policy != RolloutPolicy::Auto {
            return bad(format!(
                "--policy {} is not used by beam (it plays no rollouts)",
                self.policy
            ));
        }
        if self.endgame != 0 {
            return bad("--endgame is not used by beam".into());
        }
        if self.restarts != 1 {
            self.algo.uses_flag("--restarts")?;
        }
        Ok(())
    }
}
