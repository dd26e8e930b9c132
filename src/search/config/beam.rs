//! The beam search's part of a configuration's checks (`--algo beam`,
//! `--beam-width`, `--beam-start`): which of the other fields it refuses, and the
//! widths' ranges;
//! and those of NMCS's beam playouts (`--playout-beam W`): the width's range and
//! what they do not combine with.
//!
//! Owns: `SearchConfig::validate_beam` and `SearchConfig::validate_playout_beam`.
//! Must not: hold defaults (those are [`crate::search::Defaults`]) or run the beam.

use super::{BeamSpec, SearchConfig};
use crate::error::Error;
use crate::policy::RolloutPolicy;
use crate::search::Defaults;

/// Most positions a beam layer may keep on any board (`--beam-width`): `crate::limits`
/// keeps it with every other flag's range, and bounds it per board by memory
/// (`crate::limits::max_beam_width`, which the commands check once they have the boards).
pub const MAX_BEAM_WIDTH: u64 = crate::limits::MAX_BEAM_SEARCH_WIDTH;

impl SearchConfig {
    /// Checks `--beam-width` (beam only, 1 ..= [`MAX_BEAM_WIDTH`]) and `--beam-start`
    /// (1 ..= the width, or the default cap for `auto`) and refuses the
    /// fields the beam does not use: it plays no rollouts (`--policy`), solves no
    /// endgames (`--endgame`) and restarts nothing (`--restarts`). The other
    /// algorithms' flags are refused by the table of flags (`config::flags`) through
    /// `validate`.
    pub(super) fn validate_beam(&self, beam: &BeamSpec) -> Result<(), Error> {
        if let Some(w) = beam.width {
            refuse_if!(
                !(1..=MAX_BEAM_WIDTH).contains(&w),
                "--beam-width must be between 1 and {MAX_BEAM_WIDTH}, got {w}"
            );
        }
        if let Some(s) = beam.start {
            let cap = beam.cap();
            refuse_if!(
                !(1..=cap).contains(&s),
                "--beam-start must be between 1 and the widest pass, --beam-width {} ({cap}), got {s}",
                beam.width.map_or("auto".into(), |w| w.to_string())
            );
        }
        refuse_if!(
            self.policy != RolloutPolicy::Auto,
            "--policy {} is not used by beam (it plays no rollouts)",
            self.policy
        );
        refuse_if!(self.endgame != 0, "--endgame is not used by beam");
        Ok(())
    }
}

/// Whether NMCS's beam playouts are off (`--playout-beam 0`, the default; the
/// canonical line leaves them out then).
pub(super) fn is_off(w: &u32) -> bool {
    *w == Defaults::PLAYOUT_BEAM
}

/// Checks the width `w` of a beam that `flag` turns on (0 = `off`, e.g. "no seed"):
/// at most [`MAX_BEAM_WIDTH`], the widest layer `--algo beam` may keep.
pub(super) fn check_width_or_off(flag: &str, w: u32, off: &str) -> Result<(), Error> {
    refuse_if!(
        u64::from(w) > MAX_BEAM_WIDTH,
        "{flag} must be between 0 ({off}) and {MAX_BEAM_WIDTH} (the widest beam), got {w}"
    );
    Ok(())
}

impl SearchConfig {
    /// Checks `--playout-beam` (nmcs only, 0 ..= [`MAX_BEAM_WIDTH`]) and refuses
    /// what it does not combine with: a rollout policy (`--policy` other than
    /// `auto`: the level-0 playout is a beam pass, not a policy; `adapt` and
    /// `tabu-bandit` included) and root parallelisation (`--threads`/
    /// `--search-threads` N > 1: a beam playout draws no random number, so the N
    /// searches would all play the same game). `--endgame` combines: its positions
    /// are solved exactly in place of a playout, as without the beam.
    pub(super) fn validate_playout_beam(&self, w: u32) -> Result<(), Error> {
        if is_off(&w) {
            return Ok(());
        }
        check_width_or_off("--playout-beam", w, "off")?;
        refuse_if!(self.policy != RolloutPolicy::Auto, "--policy {} does not combine with --playout-beam (the level-0 playout is a beam pass, not a rollout policy)",
                self.policy);
        refuse_if!(self.trees > 1, "--playout-beam does not combine with --threads/--search-threads {} (a beam playout draws no random number: the {} root-parallel searches would all play the same game)",
                self.trees, self.trees);
        Ok(())
    }
}
