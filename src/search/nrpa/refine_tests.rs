//! Tests of NRPA's refinements (`--nrpa-stable`, `--nrpa-repeats`, `--nrpa-prior`,
//! and Beam NRPA at B = 1 against plain NRPA): what each changes in the recursion,
//! exact budgets, replays on every variant, determinism.

use super::{Nrpa, Run};
use crate::board::Board;
use crate::policy::adaptive::{Policy, Prior};
use crate::policy::RolloutPolicy;
use crate::search::budget::{Budget, Meter};
use crate::search::config::NrpaConfig;
use crate::search::testutil::*;
use crate::search::{search, Algo, SearchConfig, Setting};
use crate::Variant;

fn cfg(level: u32, n: u64) -> SearchConfig {
    let mut c = SearchConfig::new(Algo::Nrpa, level);
    c.nrpa_mut().unwrap().iterations = Setting::Set(n);
    c
}

fn run_of(nrpa: NrpaConfig, n: u64) -> Run {
    Run {
        cfg: nrpa,
        iterations: n,
        policy: RolloutPolicy::Random,
        seed: None,
        restart_best: false,
    }
}

/// One level-`level` search of `nrpa` (N = `n`, random candidates) from `b` within
/// `budget` playouts, by `run` (plain) or `run_beam`: (score, moves, playouts).
fn one_level(
    nrpa: NrpaConfig,
    n: u64,
    level: usize,
    b: &Board,
    budget: u64,
    beam: bool,
) -> (i32, Vec<crate::board::Cell>, u64) {
    let mut meter = Meter::new(Budget::Iterations(budget), None);
    let limit = meter.top_limit();
    let mut rng = crate::rng_for(7, 1, 2);
    let mut s = Nrpa::new(&run_of(nrpa, n), level, b, &mut meter, &mut rng, limit);
    let best = if beam {
        s.run_beam(level, &Policy::default());
        s.beams[level][0].best.clone()
    } else {
        s.run(level, &Policy::default());
        s.levels[level - 1].best.clone()
    };
    (best.score, best.moves, meter.playouts)
}

#[test]
fn a_beam_of_one_is_plain_nrpa_step_for_step() {
    let b = random_board(8, 7, 4, 3, Variant::SameGame);
    let one = NrpaConfig::default();
    // Whole levels, and levels cut short by the budget mid-iteration.
    for (level, budget) in [(1, 1000), (2, 1000), (3, 1000), (2, 17), (3, 77), (3, 1)] {
        let plain = one_level(one, 5, level, &b, budget, false);
        let beam = one_level(one, 5, level, &b, budget, true);
        assert_eq!(plain, beam, "level {level}, budget {budget}");
    }
}

#[test]
fn a_beam_keeps_its_b_best_distinct_sequences() {
    let b = random_board(8, 7, 4, 3, Variant::SameGame);
    let beam = NrpaConfig {
        beam: 3,
        ..NrpaConfig::default()
    };
    for level in 1..=2 {
        let mut meter = Meter::new(Budget::Iterations(100_000), None);
        let limit = meter.top_limit();
        let mut rng = crate::rng_for(7, 1, 2);
        let mut s = Nrpa::new(&run_of(beam, 6), level, &b, &mut meter, &mut rng, limit);
        s.run_beam(level, &Policy::default());
        let out = &s.beams[level];
        assert_eq!(out.len(), 3, "level {level}");
        for w in out.windows(2) {
            assert!(w[0].best.score >= w[1].best.score);
            assert_ne!(w[0].best.moves, w[1].best.moves);
        }
        for l in out {
            crate::line::verify(&b, &l.best.moves, l.best.score).unwrap();
        }
    }
    // Its search differs from plain NRPA's at the same budget and seed.
    let run = |beam: u32| {
        let mut c = cfg(2, 6);
        c.nrpa_mut().unwrap().beam = beam;
        search(
            &c.clone().valid().unwrap(),
            &b,
            Budget::Iterations(3000),
            &mut crate::rng_for(5, 0, 0),
        )
    };
    assert_ne!(run(1).moves, run(3).moves);
}

#[test]
fn stable_level_one_plays_p_playouts_per_adaptation() {
    let b = random_board(8, 7, 4, 3, Variant::SameGame);
    let stable = NrpaConfig {
        stable: 3,
        ..NrpaConfig::default()
    };
    // A level-1 search is N · P playouts, a level-2 one N · N · P.
    assert_eq!(one_level(stable, 5, 1, &b, 10_000, false).2, 15);
    assert_eq!(one_level(stable, 5, 2, &b, 10_000, false).2, 75);
    assert_eq!(
        one_level(NrpaConfig::default(), 5, 2, &b, 10_000, false).2,
        25
    );
    // With N = 1 no playout of a level-1 search follows an adaptation: its P
    // playouts are those of P fresh plain runs of one playout each (same random
    // stream), so the best score is theirs.
    for seed in 0..4 {
        let b = random_board(7, 6, 3, seed, Variant::SameGame);
        let mut s = cfg(1, 1);
        s.policy = RolloutPolicy::Random;
        let plain = search(
            &s.clone().valid().unwrap(),
            &b,
            Budget::Iterations(9),
            &mut crate::rng_for(seed, 0, 0),
        );
        s.nrpa_mut().unwrap().stable = 9;
        let st = search(
            &s.clone().valid().unwrap(),
            &b,
            Budget::Iterations(9),
            &mut crate::rng_for(seed, 0, 0),
        );
        assert_eq!(plain.score, st.score, "seed {seed}");
    }
}

#[test]
fn repeats_end_a_level_that_finds_its_best_again() {
    // A 4 × 4 board has few distinct games: a level-1 search soon plays its best
    // sequence again.
    let b = tiny_board(2, Variant::SameGame);
    let plain = one_level(NrpaConfig::default(), 1000, 1, &b, 100_000, false);
    assert_eq!(plain.2, 1000);
    let limited = NrpaConfig {
        repeats: 2,
        ..NrpaConfig::default()
    };
    let (score, moves, playouts) = one_level(limited, 1000, 1, &b, 100_000, false);
    assert!(playouts < 1000, "{playouts} playouts");
    crate::line::verify(&b, &moves, score).unwrap();
    // At level 2 the level-1 searches end early, so it spends fewer playouts too.
    let two = one_level(limited, 30, 2, &b, 100_000, false);
    assert!(two.2 < 900, "{} playouts", two.2);
}

#[test]
fn refinements_spend_exactly_the_budget() {
    let b = random_board(6, 5, 3, 8, Variant::SameGame);
    let mut stable = cfg(3, 4);
    stable.nrpa_mut().unwrap().stable = 3;
    let mut repeats = cfg(3, 4);
    repeats.nrpa_mut().unwrap().repeats = 1;
    let mut prior = cfg(2, 4);
    prior.policy = RolloutPolicy::Random;
    prior.nrpa_mut().unwrap().prior = Prior::Tabu;
    prior.nrpa_mut().unwrap().bias = 1.5;
    for c in [&stable, &repeats, &prior] {
        for k in [1, 7, 100, 1000, 5000] {
            check_spends_exactly(c, &b, k, &format!("budget {k}"));
        }
    }
}

#[test]
fn refinements_replay_on_every_variant_and_are_deterministic() {
    let mut stable = cfg(2, 8);
    stable.nrpa_mut().unwrap().stable = 4;
    let mut repeats = cfg(2, 8);
    repeats.nrpa_mut().unwrap().repeats = 3;
    let mut prior = cfg(2, 8);
    prior.policy = RolloutPolicy::Random;
    prior.nrpa_mut().unwrap().prior = Prior::Tabu;
    prior.nrpa_mut().unwrap().bias = 2.0;
    for (i, c) in [&stable, &repeats, &prior].into_iter().enumerate() {
        check_all_variants(c, 600, 5 + i as u64);
        check_deterministic(c, 2000);
    }
}

#[test]
fn the_tabu_prior_plays_the_tabu_colour_later() {
    // On a 15 × 15 board the tabu colour's groups are many: penalising them changes
    // the games the search plays.
    let b = board15(3, Variant::SameGame);
    let run = |c: &SearchConfig| {
        search(
            &c.clone().valid().unwrap(),
            &b,
            Budget::Iterations(2000),
            &mut crate::rng_for(2, 0, 0),
        )
    };
    let mut plain = cfg(2, 10);
    plain.policy = RolloutPolicy::Random;
    let mut prior = plain.clone();
    prior.nrpa_mut().unwrap().prior = Prior::Tabu;
    prior.nrpa_mut().unwrap().bias = 3.0;
    let tabu = crate::policy::tabu_color(&b).unwrap();
    let tabu_moves = |moves: &[crate::board::Cell]| {
        let mut board = b;
        let mut first_tabu = moves.len();
        for (i, m) in moves.iter().enumerate() {
            if board.color_at(*m) == Some(tabu) && first_tabu == moves.len() {
                first_tabu = i;
            }
            board.play(*m);
        }
        first_tabu
    };
    let (p, q) = (run(&plain), run(&prior));
    assert_ne!(p.moves, q.moves);
    // The penalised colour is played later in the game.
    assert!(
        tabu_moves(&q.moves) > tabu_moves(&p.moves),
        "{} vs {}",
        tabu_moves(&q.moves),
        tabu_moves(&p.moves)
    );
}

/// A warm start (`nrpa_from`, the inner NRPA of `--inner-algo nrpa --policy
/// adapt`): the first playout of a run started from a policy taught one game is the
/// playout of that policy (the same generator), not of the empty policy, and it
/// plays a game different from the cold start's.
#[test]
fn a_warm_start_plays_from_its_policy() {
    use crate::policy::adaptive::{AdaptScratch, Playout, Selective, Trace};
    let b = random_board(10, 10, 4, 11, Variant::SameGame);
    let mut moves = Vec::new();
    let mut board = b;
    crate::policy::playout(&mut board, None, &mut crate::rng_for(3, 0, 0), &mut moves);
    let select = Selective {
        tabu: None,
        late_tiles: 0,
        late_size: 2,
    };
    let mut trace = Trace::default();
    Playout::new(select, 0.0).replay(&b, &moves, &mut trace);
    let mut taught = Policy::default();
    taught.adapt(&trace, 100.0, &mut AdaptScratch::default());
    // The first playout of a level-1 run from `start` (one playout of budget).
    let first = |start: &Policy| {
        let mut meter = Meter::new(Budget::Iterations(1), None);
        let limit = meter.top_limit();
        let mut best = crate::search::best::Best::default();
        let run = run_of(NrpaConfig::default(), 1);
        let mut rng = crate::rng_for(7, 1, 2);
        super::nrpa_from(run, 1, &b, start, &mut meter, &mut rng, limit, &mut best);
        assert_eq!(meter.playouts, 1);
        best
    };
    // The playout of `pol` itself, from the same generator.
    let under = |pol: &Policy| {
        let (mut mv, mut tr) = (Vec::new(), Trace::default());
        let mut rng = crate::rng_for(7, 1, 2);
        let s = Playout::new(select, 0.0).run(&b, pol, &mut rng, &mut mv, &mut tr);
        (s, mv)
    };
    let warm = first(&taught);
    let cold = first(&Policy::default());
    assert_eq!((warm.score, warm.moves.clone()), under(&taught));
    assert_eq!((cold.score, cold.moves.clone()), under(&Policy::default()));
    assert_ne!(
        warm.moves, cold.moves,
        "the taught policy plays another game"
    );
}
