//! What the callers of checkpointed searches see (`batch --checkpoint`, `compare
//! --checkpoint`, `solve --progress`): [`checkpointable`], which says whether a
//! configuration can be checkpointed (NRPA, the tree searches with one tree, and
//! the beam), [`SearchState`], the state a checkpoint's bytes hold, of any kind, and
//! [`BestSoFar`], which of them beat the best said before. The kinds' bytes start
//! with different format numbers, so none reads as another.
//!
//! Owns: the choice of kind and the refusal of the other algorithms. Must not:
//! suspend, save or resume a search (`search::nrpa::checkpoint`,
//! `search::mcts::checkpoint`, `search::beam::checkpoint` do), or touch files.

use std::time::Duration;

use super::beam::{checkpoint::FORMAT as BEAM_FORMAT, BeamState};
use super::config::{Algo, SearchConfig};
use super::mcts::{check_checkpoint as check_tree, TreeState};
use super::nrpa::{check_checkpoint as check_nrpa, NrpaState};
use crate::error::Error;

/// A checkpoint's state: a suspended NRPA search, a tree search between two
/// top-level simulations, or a beam search at the start of a layer.
// One per run read back, none in a loop: the size does not matter.
#[allow(clippy::large_enum_variant)]
pub enum SearchState {
    /// NRPA's (format 4; format 1 before issue 51's move codes, refused).
    Nrpa(NrpaState),
    /// A tree search's (format 2).
    Tree(TreeState),
    /// The beam search's (format 3).
    Beam(BeamState),
}

/// The best scores of a search's checkpoints, in turn: [`BestSoFar::heard`] reads a
/// checkpoint's bytes and gives its state with its best score when that beats every
/// one before (what `batch`, `compare` and `solve --progress` print as `best so
/// far`).
#[derive(Clone, Copy, Debug, Default)]
pub struct BestSoFar(Option<i32>);

impl BestSoFar {
    /// The best score and the state of a checkpoint's `bytes`, when the score beats
    /// the best of every checkpoint before (bytes that read as no state: `None`).
    pub fn heard(&mut self, bytes: &[u8]) -> Option<(i32, SearchState)> {
        let state = SearchState::from_bytes(bytes).ok()?;
        let score = state.best_score().filter(|&b| self.0 < Some(b))?;
        self.0 = Some(score);
        Some((score, state))
    }
}

impl SearchState {
    /// Reads a state from the bytes a checkpoint handed over, of any kind.
    pub fn from_bytes(bytes: &[u8]) -> Result<SearchState, String> {
        // Both start with their format, a little-endian u32 (bincode's default).
        match bytes
            .get(..4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        {
            Some(super::mcts::TREE_FORMAT) => TreeState::from_bytes(bytes).map(SearchState::Tree),
            Some(BEAM_FORMAT) => BeamState::from_bytes(bytes).map(SearchState::Beam),
            _ => NrpaState::from_bytes(bytes).map(SearchState::Nrpa),
        }
    }
    /// Whether this state continues a search of `config` (its algorithm family,
    /// level and, for NRPA, width; for the beam, its widest pass).
    pub fn fits(&self, config: &SearchConfig) -> bool {
        match self {
            SearchState::Nrpa(s) => config.algo() == Algo::Nrpa && s.fits(config),
            SearchState::Tree(s) => s.fits(config),
            SearchState::Beam(s) => s.fits(config),
        }
    }
    /// Playouts played before the checkpoint.
    pub fn playouts(&self) -> u64 {
        match self {
            SearchState::Nrpa(s) => s.playouts(),
            SearchState::Tree(s) => s.playouts(),
            SearchState::Beam(s) => s.playouts(),
        }
    }
    /// Time the search had run before the checkpoint, on its budget's clock.
    pub fn elapsed(&self) -> Duration {
        match self {
            SearchState::Nrpa(s) => s.elapsed(),
            SearchState::Tree(s) => s.elapsed(),
            SearchState::Beam(s) => s.elapsed(),
        }
    }
    /// Wall-clock time the search had run before the checkpoint, over all the
    /// calls that ran it.
    pub fn wall(&self) -> Duration {
        match self {
            SearchState::Nrpa(s) => s.wall(),
            SearchState::Tree(s) => s.wall(),
            SearchState::Beam(s) => s.wall(),
        }
    }
    /// The best score found before the checkpoint (`None`: no complete game yet).
    pub fn best_score(&self) -> Option<i32> {
        match self {
            SearchState::Nrpa(s) => s.best_score(),
            SearchState::Tree(s) => s.best_score(),
            SearchState::Beam(s) => s.best_score(),
        }
    }
}

/// Whether `config` can be checkpointed: NRPA (one search, of any width, or Beam
/// NRPA), a tree search with one tree, a global top level and no exact endgames
/// (`search::mcts::checkpoint`), or the beam. The message names what is in the way.
pub fn checkpointable(config: &SearchConfig) -> Result<(), Error> {
    checkpointable_for(config, "--checkpoint")
}

/// [`checkpointable`], its refusal naming `flag` (a flag that reads checkpoints).
pub fn checkpointable_for(config: &SearchConfig, flag: &str) -> Result<(), Error> {
    let algo = config.algo();
    let checked = if algo == Algo::Nrpa {
        check_nrpa(config)
    } else if algo.is_tree() {
        check_tree(config)
    } else if algo == Algo::Beam {
        Ok(())
    } else {
        Err(format!(
            "only nrpa searches, the tree searches (mcts, bmcts, nmcts, nbmcts) and the \
             beam can be checkpointed, not {}",
            algo.name()
        ))
    };
    checked.map_err(|m| Error::Config(format!("{flag}: {m}")))
}
