//! `samegame`: a solver for the SameGame family of one-player puzzles (SameGame,
//! Clickomania, Bubble Breaker): a bitboard engine, the search family of Baier's
//! 2015 thesis (MCTS, NMCS, NMCTS, BMCTS, NBMCTS), Nested Rollout Policy Adaptation
//! (NRPA, the default search), a beam search over positions with an evaluation
//! learned from play (`tune`), an exact solver, a batch driver, a comparison driver
//! and file formats.
//!
//! Modules depend downward only: `cli` → `batch`/`compare`/`tune` → `search` →
//! `policy`/`tree` → `board`/`rules`/`rng`; `io` depends on `board`, `line` and
//! `rules`; `rng` (the generator and the one hash function) imports nothing. This
//! file only declares modules and re-exports; it defines no function.
#![warn(missing_docs)]
// Column-lane code indexes several parallel arrays by column; index loops read best.
#![allow(clippy::needless_range_loop)]

pub mod batch;
pub mod board;
pub mod cli;
pub mod compare;
pub mod error;
pub mod io;
pub mod limits;
pub mod line;
pub mod perft;
pub mod policy;
pub mod provenance;
pub mod rng;
pub mod rules;
pub mod search;
pub mod stats;
pub mod tree;
pub mod tune;

pub use board::{Board, Cell, Group};
pub use error::Error;
pub use rng::{rng_for, Rng};
pub use rules::Variant;
