//! Nested Beam Monte-Carlo Tree Search (thesis §5.3.4), `--algo nbmcts --level n`.
//!
//! NMCTS ([`super::nested_mcts`]) whose levels may be beam searches
//! ([`super::beam_mcts`]): each level has its own optional beam (L, W). The thesis
//! used a beam at level 1 and plain MCTS at level 2; that is the default here, and a
//! beam can be given at any level (`--beam-l 75,1000 --beam-w 2,5`; `none` = no beam).
//!
//! Parameters and defaults: as NMCTS, plus `--beam-l`/`--beam-w` per level (level 1
//! `auto` = thesis Tables 5.3/5.4 multi-start, 0.25-second row, see
//! [`crate::search::Params::beam`]; higher levels `none`).
//!
//! Owns: this documentation and the entry point; the algorithm is the shared level
//! routine (`search/level.rs`). Must not: duplicate it.

use super::{Algo, Budget, SearchConfig, SearchResult};
use crate::board::Board;
use crate::Rng;

/// Runs NBMCTS as configured (`config.algo` must be [`Algo::Nbmcts`]).
pub fn run(config: &SearchConfig, root: &Board, budget: Budget, rng: &mut Rng) -> SearchResult {
    assert_eq!(
        config.algo,
        Algo::Nbmcts,
        "nested_beam_mcts::run with {:?}",
        config.algo
    );
    super::search(config, root, budget, rng)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testutil::*;
    use crate::search::{Beam, Setting};

    #[test]
    fn replays_on_all_variants() {
        check_all_variants(&SearchConfig::new(Algo::Nbmcts, 2), 900, 1);
        let mut cfg = SearchConfig::new(Algo::Nbmcts, 2);
        let beam = |l, w| {
            Some(Beam {
                l: Setting::Set(l),
                w: Setting::Set(w),
            })
        };
        cfg.beam = vec![beam(10, 2), beam(5, 2)];
        cfg.inner = Some(vec![60]);
        check_all_variants(&cfg, 900, 2);
    }

    #[test]
    fn finds_tiny_optima() {
        let mut cfg = SearchConfig::new(Algo::Nbmcts, 2);
        cfg.inner = Some(vec![100]);
        // A beam that lets 100-playout searches see enough of the tiny trees (the
        // tuned default, L = 25 per depth, is for 2,000-playout searches).
        cfg.beam[0] = Some(Beam {
            l: Setting::Set(75),
            w: Setting::Set(2),
        });
        check_tiny_optima(&cfg, 0.3, 4000);
    }

    #[test]
    fn deterministic() {
        check_deterministic(&SearchConfig::new(Algo::Nbmcts, 2), 3000);
    }
}
