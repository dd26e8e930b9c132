//! The beams' memory, checked per board before any search starts: every beam width a
//! configuration asks for (`--beam-width`, `--beam-start`, NMCS's `--playout-beam`,
//! NRPA's `--nrpa-seed`) against the widest [`crate::limits::max_beam_width`] allows
//! on each board it will search (exit 2, the message naming the flag, the board and
//! the memory).
//!
//! Owns: which widths of a configuration are beams. Must not: hold the bound or the
//! estimate (`crate::limits`), or check anything but memory (the flags' ranges are
//! checked when they are read, without a board).

use crate::error::Error;
use crate::io::testset::{Position, TestSet};
use crate::rules::Variant;
use crate::search::{SearchConfig, Spec};

/// The beam widths `config` gives explicitly, with their flags (`auto` and `off` are
/// left out: the default cap, 2^20, fits every board).
fn widths(config: &SearchConfig) -> Vec<(&'static str, u64)> {
    let mut out = Vec::new();
    match &config.spec {
        Spec::Beam(b) => {
            out.extend(b.width.map(|w| ("--beam-width", w)));
            out.extend(b.start.map(|w| ("--beam-start", w)));
        }
        Spec::Nmcs(n) if n.playout_beam > 0 => {
            out.push(("--playout-beam", u64::from(n.playout_beam)));
        }
        _ => {}
    }
    if let Some(p) = config.nrpa().filter(|p| p.seed > 0) {
        out.push(("--nrpa-seed", u64::from(p.seed)));
    }
    out
}

/// Refuses `config` when one of its beams is too wide for the memory on one of
/// `positions` of `set` under `variant` ([`crate::limits::check_beam_widths`]).
pub(super) fn check<'a>(
    config: &SearchConfig,
    set: &TestSet,
    positions: impl IntoIterator<Item = &'a Position>,
    variant: Variant,
) -> Result<(), Error> {
    let widths = widths(config);
    if widths.is_empty() {
        return Ok(());
    }
    for p in positions {
        let place = format!(
            "position {} of {}, line {}",
            p.index,
            set.path.display(),
            p.line
        );
        crate::limits::check_beam_widths(&widths, &p.board(variant), &place)?;
    }
    Ok(())
}
