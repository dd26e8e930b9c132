//! Tests of tree-search checkpoints: checkpointing changes nothing, and a search
//! continued from a checkpoint (taken periodically or at a stop) ends with the
//! line, score and playout count of the search never interrupted.

use std::time::Duration;

use super::*;
use crate::board::Board;
use crate::policy::RolloutPolicy;
use crate::search::testutil::{checkpointed, random_board, same};
use crate::search::{
    checkpointable, search, Budget, Eval, EvalSpec, InnerAlgo, RewardNorm, SearchConfig,
    SearchState, Valid,
};
use crate::Variant;

/// A tree search of `algo` at `level`, one tree, global search at every level.
fn tree(algo: Algo, level: u32) -> SearchConfig {
    let mut c = SearchConfig::new(algo, level);
    c.trees = 1;
    c.tree_mut().unwrap().z = vec![Setting::Set(0); level as usize];
    c
}

/// The configurations checked, with the board each runs on and its budget.
fn configs() -> Vec<(&'static str, Valid, Board, u64)> {
    let small = |seed| random_board(8, 7, 3, seed, Variant::SameGame);
    let mut out = Vec::new();
    out.push(("mcts", tree(Algo::Mcts, 1), small(1), 3_000));
    let mut c = tree(Algo::Mcts, 1);
    c.policy = RolloutPolicy::TabuBandit;
    let t = c.tree_mut().unwrap();
    t.restarts = 3;
    t.reward_norm = RewardNorm::Range;
    out.push(("mcts, tabu bandit, 3 restarts, range", c, small(2), 3_000));
    out.push(("bmcts", tree(Algo::Bmcts, 1), small(3), 3_000));
    let mut c = tree(Algo::Nmcts, 2);
    c.tree_mut().unwrap().inner_algo = InnerAlgo::Mcts;
    out.push(("nmcts 2, inner mcts", c, small(4), 4_000));
    let mut c = tree(Algo::Nmcts, 2);
    let t = c.tree_mut().unwrap();
    t.inner_algo = InnerAlgo::Mcts;
    t.eval = EvalSpec {
        eval: Eval::Potential,
        weights: None,
    };
    t.im_alpha = vec![0.3, 0.3];
    t.pb = vec![1.0, 0.0];
    c.policy = RolloutPolicy::Adapt;
    out.push(("nmcts 2, informed, learned rollouts", c, small(5), 4_000));
    out.push(("nbmcts 2", tree(Algo::Nbmcts, 2), small(6), 4_000));
    // The warm tree (nmcts's default on boards of 144 tiles: NRPA from its leaves,
    // warm-started from the learned rollouts).
    let warm = random_board(12, 12, 4, 7, Variant::SameGame);
    out.push(("warm tree", tree(Algo::Nmcts, 2), warm, 20_000));
    let mut c = tree(Algo::Nmcts, 3);
    c.tree_mut().unwrap().inner_algo = InnerAlgo::Mcts;
    out.push(("nmcts 3", c, small(8), 8_000));
    out.into_iter()
        .map(|(name, c, b, k)| (name, c.valid().unwrap(), b, k))
        .collect()
}

#[test]
fn checkpoints_change_nothing_and_each_one_resumes_to_the_same_line() {
    for (name, c, b, k) in configs() {
        assert!(checkpointable(&c).is_ok(), "{name}");
        let plain = search(&c, &b, Budget::Iterations(k), &mut crate::rng_for(5, 1, 2));
        crate::line::verify(&b, &plain.moves, plain.score).unwrap();
        let (with, saved) = checkpointed(&c, &b, k, 5, None, None);
        same(
            &plain,
            &with,
            &format!("{name}: checkpointed, never stopped"),
        );
        assert!(saved.len() >= 5, "{name}: {} checkpoints", saved.len());
        // The first, the last and some between.
        let step = (saved.len() / 4).max(1);
        let picked = (0..saved.len()).step_by(step).chain([saved.len() - 1]);
        for i in picked {
            let (resumed, _) = checkpointed(&c, &b, k, 5, Some(&saved[i]), None);
            same(
                &plain,
                &resumed,
                &format!("{name}: resumed from checkpoint {i}"),
            );
        }
    }
}

#[test]
fn a_stopped_search_saves_where_it_stopped_and_returns_its_best_line() {
    for (name, c, b, k) in configs() {
        let plain = search(&c, &b, Budget::Iterations(k), &mut crate::rng_for(5, 1, 2));
        for stop in [1, k / 3, k * 4 / 5] {
            let (cut, saved) = checkpointed(&c, &b, k, 5, None, Some(stop));
            assert!(cut.stats.playouts < k, "{name}: stopped at {stop}");
            crate::line::verify(&b, &cut.moves, cut.score).unwrap();
            let last = saved.last().expect("a checkpoint at the stop");
            let state = SearchState::from_bytes(last).unwrap();
            assert!(matches!(state, SearchState::Tree(_)), "{name}");
            assert_eq!(state.playouts(), cut.stats.playouts, "{name}");
            assert!(state.fits(&c), "{name}");
            assert_eq!(state.best_score(), Some(cut.score), "{name}");
            assert!(state.wall() <= Duration::from_secs_f64(cut.stats.seconds));
            // Stopped again on the way, then to the end.
            let (again, more) = checkpointed(&c, &b, k, 5, Some(last), Some(k / 5));
            let (resumed, _) = checkpointed(&c, &b, k, 5, Some(more.last().unwrap()), None);
            assert!(again.score <= plain.score, "{name}");
            same(
                &plain,
                &resumed,
                &format!("{name}: resumed after stops at {stop} and {}", k / 5),
            );
        }
    }
}

#[test]
fn what_cannot_be_checkpointed_is_refused_by_name_and_states_do_not_cross() {
    let refused = |c: &SearchConfig, word: &str| {
        let e = checkpointable(c).unwrap_err().to_string();
        assert!(e.starts_with("--checkpoint: ") && e.contains(word), "{e}");
    };
    let mut two = tree(Algo::Nmcts, 2);
    two.trees = 2;
    refused(&two, "--search-threads 2");
    refused(&SearchConfig::new(Algo::Mcts, 1), "--search-threads auto");
    let mut mbm = tree(Algo::Mcts, 1);
    mbm.tree_mut().unwrap().z = vec![Setting::Set(10)];
    refused(&mbm, "--z 10");
    let mut endgame = tree(Algo::Nmcts, 2);
    endgame.endgame = 20;
    refused(&endgame, "--endgame 20");
    refused(&SearchConfig::new(Algo::Nmcs, 2), "not nmcs");
    assert!(checkpointable(&SearchConfig::new(Algo::Nmcts, 2)).is_ok());
    assert!(checkpointable(&SearchConfig::new(Algo::Nbmcts, 2)).is_ok());
    // A tree state continues a tree search of its level only, and never NRPA.
    let (name, c, b, k) = configs().swap_remove(3);
    let (_, saved) = checkpointed(&c, &b, k, 5, None, Some(100));
    let state = SearchState::from_bytes(saved.last().unwrap()).unwrap();
    assert!(state.fits(&c), "{name}");
    assert!(!state.fits(&tree(Algo::Nmcts, 3)));
    assert!(!state.fits(&SearchConfig::new(Algo::Nrpa, 2)));
    let mut bytes = saved.last().unwrap().clone();
    bytes.truncate(bytes.len() - 3);
    let e = SearchState::from_bytes(&bytes).err().unwrap();
    assert!(e.contains("unreadable"), "{e}");
}
