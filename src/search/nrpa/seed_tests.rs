//! Tests of seeded NRPA (`--nrpa-seed W`): the beam's line starts every top-level
//! run as its best sequence (a budget the pass spends returns that line, and a
//! top level adapts toward it), exact budgets, replays on every variant,
//! determinism whatever the thread count.

use super::{Nrpa, Run};
use crate::board::Board;
use crate::policy::adaptive::Policy;
use crate::policy::RolloutPolicy;
use crate::search::beam::beam;
use crate::search::best::Best;
use crate::search::budget::{Budget, Meter};
use crate::search::config::NrpaConfig;
use crate::search::eval::{Eval, Evaluator};
use crate::search::plan::BeamPlan;
use crate::search::testutil::*;
use crate::search::{search, Algo, SearchConfig, Setting};
use crate::Variant;

fn seeded(level: u32, n: u64, w: u32) -> SearchConfig {
    let mut c = SearchConfig::new(Algo::Nrpa, level);
    c.nrpa_mut().unwrap().iterations = Setting::Set(n);
    c.nrpa_mut().unwrap().seed = w;
    c
}

/// The seeding pass: width `w`, the beam's default evaluation.
fn plan(w: usize) -> BeamPlan {
    BeamPlan {
        start: w,
        cap: w,
        eval: Evaluator::new(crate::search::Defaults::BEAM_EVAL, None),
    }
}

/// The beam pass alone from `b`: its best game and the positions it evaluated.
fn pass_alone(b: &Board, w: usize) -> (Best, u64) {
    let mut meter = Meter::new(Budget::Iterations(u64::MAX / 2), None);
    let limit = meter.top_limit();
    let mut best = Best::default();
    beam(plan(w), b, &mut meter, limit, &mut best, None);
    (best, meter.playouts)
}

#[test]
fn the_seed_uses_the_beams_default_evaluation() {
    assert_eq!(crate::search::Defaults::BEAM_EVAL, Eval::Learned);
    let c = seeded(3, 10, 64);
    let b = board15(1, Variant::SameGame);
    let r = c.resolve(&b, Budget::Iterations(1000));
    assert_eq!(r.beam, Some(plan(64)));
    assert_eq!(
        SearchConfig::new(Algo::Nrpa, 3)
            .resolve(&b, Budget::Iterations(1000))
            .beam,
        None
    );
}

#[test]
fn a_budget_the_pass_spends_returns_its_line() {
    for v in Variant::ALL {
        let b = board15(4, v);
        let (line, cost) = pass_alone(&b, 8);
        let r = search(
            &(seeded(2, 10, 8)).clone().valid().unwrap(),
            &b,
            Budget::Iterations(cost),
            &mut crate::rng_for(1, 2, 3),
        );
        assert_eq!((r.score, &r.moves), (line.score, &line.moves), "{v}");
        assert_eq!(r.stats.playouts, cost);
        // With more budget NRPA runs on from the line: never worse.
        let more = search(
            &(seeded(2, 10, 8)).clone().valid().unwrap(),
            &b,
            Budget::Iterations(cost + 3000),
            &mut crate::rng_for(1, 2, 3),
        );
        assert!(more.score >= line.score, "{v}");
        assert_eq!(more.stats.playouts, cost + 3000);
        crate::line::verify(&b, &more.moves, more.score).unwrap();
    }
}

#[test]
fn a_top_level_adapts_toward_the_seed() {
    // Level 1, every group a candidate, a large step: after its first playout the
    // top level adapts toward its best sequence, the seed's line (a random playout
    // scores far below a beam's line on a 15 × 15 board), and its second playout
    // follows that line (until two of the line's groups can be played in either
    // order: a move's code is its group's, not its place in the line). Unseeded, it
    // adapts toward its own first playout instead.
    let b = board15(2, Variant::SameGame);
    let (line, cost) = pass_alone(&b, 4);
    let second = |seed: Option<BeamPlan>| {
        let run = Run {
            cfg: NrpaConfig {
                alpha: 50.0,
                ..NrpaConfig::default()
            },
            iterations: 2,
            policy: RolloutPolicy::Random,
            seed,
            restart_best: false,
        };
        let mut meter = Meter::new(Budget::Iterations(cost + 2), None);
        let limit = meter.top_limit();
        let mut rng = crate::rng_for(9, 9, 9);
        let mut s = Nrpa::new(&run, 1, &b, &mut meter, &mut rng, limit);
        if let Some(p) = run.seed {
            s.seed_from(p, &mut Best::default());
        }
        s.run(1, &Policy::default());
        let top = s.levels[0].best.clone();
        let same = s
            .last_playout
            .best
            .moves
            .iter()
            .zip(&line.moves)
            .take_while(|(a, b)| a == b)
            .count();
        (same, top)
    };
    let (seeded_prefix, top) = second(Some(plan(4)));
    // The level's best is the seed's line or better (here the second playout,
    // which left the line late, scores more).
    assert!(top.score >= line.score);
    let (cold_prefix, _) = second(None);
    assert!(
        seeded_prefix >= 20 && cold_prefix < 5,
        "moves shared with the seed's line: seeded {seeded_prefix}, unseeded {cold_prefix}"
    );
}

#[test]
fn spends_exactly_the_budget_replays_and_is_deterministic() {
    let c = seeded(2, 8, 4);
    check_all_variants(&c, 20_000, 5);
    check_deterministic(&c, 20_000);
    let mut stable = seeded(2, 6, 2);
    stable.nrpa_mut().unwrap().stable = 2;
    stable.nrpa_mut().unwrap().repeats = 2;
    check_all_variants(&stable, 20_000, 6);
}

#[test]
fn a_budget_below_the_pass_still_gives_a_complete_game() {
    // As the beam alone: the cut pass's best position is finished greedily.
    let b = board15(3, Variant::SameGame);
    let r = search(
        &(seeded(3, 10, 64)).clone().valid().unwrap(),
        &b,
        Budget::Iterations(50),
        &mut crate::rng_for(1, 1, 1),
    );
    crate::line::verify(&b, &r.moves, r.score).unwrap();
    assert!(r.stats.playouts > 50, "finished past the budget");
}

#[test]
fn parallel_seeded_nrpa_is_the_same_on_any_thread_count() {
    let b = board15(7, Variant::SameGame);
    let mut c = seeded(2, 10, 8);
    c.nrpa_mut().unwrap().width = 3;
    let on = |threads: usize| on_pool(threads, &c, &b, 12_000, (5, 6, 7));
    let one = on(1);
    crate::line::verify(&b, &one.moves, one.score).unwrap();
    assert_eq!(one.stats.playouts, 12_000);
    for t in [2, 3] {
        let r = on(t);
        assert_eq!(
            (r.score, &r.moves, r.stats.playouts),
            (one.score, &one.moves, one.stats.playouts)
        );
    }
}

/// `--nrpa-restart best`: every top-level run after the first starts with the best
/// line so far as its best sequence, so run results never go down; the first run
/// is plain NRPA's first run (the same stream), and fresh restarts can go down.
#[test]
fn improve_restarts_start_from_the_best_line_so_far() {
    let runs = |restart_best: bool, b: &Board| -> Vec<i32> {
        let run = Run {
            cfg: NrpaConfig {
                iterations: Setting::Set(5),
                ..NrpaConfig::default()
            },
            iterations: 5,
            policy: RolloutPolicy::Tabu,
            seed: None,
            restart_best,
        };
        let mut meter = Meter::new(Budget::Iterations(u64::MAX / 2), None);
        let limit = meter.top_limit();
        let mut rng = crate::rng_for(3, 1, 0);
        let mut s = Nrpa::new(&run, 2, b, &mut meter, &mut rng, limit);
        (0..12)
            .map(|_| crate::search::best::Runs::run_once(&mut s).score)
            .collect()
    };
    let mut fresh_went_down = false;
    for seed in 0..6 {
        let b = random_board(10, 10, 4, seed, Variant::SameGame);
        let (fresh, improve) = (runs(false, &b), runs(true, &b));
        assert_eq!(
            fresh[0], improve[0],
            "board {seed}: the first run is plain NRPA's"
        );
        assert!(
            improve.windows(2).all(|w| w[1] >= w[0]),
            "board {seed}: {improve:?}"
        );
        fresh_went_down |= fresh.windows(2).any(|w| w[1] < w[0]);
    }
    assert!(fresh_went_down, "fresh restarts are independent runs");
}
