//! `samegame`: a solver for the SameGame family of one-player puzzles (SameGame,
//! Clickomania, Bubble Breaker): a bitboard engine, the search family of Baier's
//! 2015 thesis (MCTS, NMCS, NMCTS, BMCTS, NBMCTS), a batch driver and file formats.
//!
//! Modules depend downward only: `cli` → `batch` → `search` → `policy`/`tree` →
//! `board`/`rules`; `io` depends on `board`, `line` and `rules`.
#![warn(missing_docs)]
// Column-lane code indexes several parallel arrays by column; index loops read best.
#![allow(clippy::needless_range_loop)]

pub mod batch;
pub mod board;
pub mod chart;
pub mod cli;
pub mod compare;
pub mod curve_chart;
pub mod error;
pub mod io;
pub mod limits;
pub mod line;
pub mod perft;
pub mod policy;
pub mod rules;
pub mod search;
pub mod stats;
pub mod tree;

pub use board::{Board, Cell, Group};
pub use error::Error;
pub use rules::Variant;

/// The random number generator used everywhere (deterministic and portable).
pub type Rng = rand_pcg::Pcg64Mcg;

/// A generator seeded from a base seed and two stream indices (e.g. position and run),
/// mixed with SplitMix64 so that neighbouring indices give unrelated streams.
pub fn rng_for(seed: u64, a: u64, b: u64) -> Rng {
    let mut z = seed;
    let mut mix = |v: u64| {
        z = z.wrapping_add(v).wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = z;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    };
    let hi = mix(a);
    let lo = mix(b);
    Rng::new((u128::from(hi) << 64) | u128::from(lo))
}
