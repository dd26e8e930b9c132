//! File formats: test sets (boards) and solution files (best move sequences).
//!
//! Owns: parsing with file:line errors, formatting, and the one safe writer
//! ([`write_atomic`]: a temporary file renamed over the target, so a crash never
//! leaves a half-written file; devices, FIFOs and folders are refused, symlinks
//! followed; see `safe_write`).
//! Must not: search or decide which solution is better beyond what a caller asks.

pub mod solutions;
pub mod testset;

mod safe_write;

#[cfg(test)]
mod proptests;

pub use safe_write::{
    checked_target, is_write_through, open_append, write_atomic, write_atomic_with,
};
