//! Tests of the beam search (`search/beam.rs`): replays and exact budgets on every
//! variant, the same result on pools of 1 and 2 threads, optima on tiny boards,
//! duplicate merging, the width cap and the greedy completion.

use super::*;
use crate::rules::Variant;
use crate::search::testutil::{board15, check_all_variants, on_pool, optimum, tiny_board};
use crate::search::{search, Algo, Budget, Eval, SearchConfig, SearchResult};

fn cfg(eval: Eval, width: Option<u64>) -> SearchConfig {
    let mut c = SearchConfig::new(Algo::Beam, 1);
    c.eval_mut().unwrap().eval = eval;
    if let crate::search::Spec::Beam(b) = &mut c.spec {
        b.width = width;
    }
    c.validate().unwrap();
    c
}

fn run(c: &SearchConfig, b: &Board, k: u64) -> SearchResult {
    search(
        &c.clone().valid().unwrap(),
        b,
        Budget::Iterations(k),
        &mut crate::rng_for(1, 2, 3),
    )
}

#[test]
fn replays_on_every_variant_with_the_exact_budget() {
    for eval in [Eval::None, Eval::Potential, Eval::Colors, Eval::Learned] {
        check_all_variants(&cfg(eval, None), 20_000, 5);
    }
}

#[test]
fn budget_is_exact_inside_a_layer() {
    let b = board15(3, Variant::SameGame);
    for k in [12_345, 40_001, 99_999] {
        let r = run(&cfg(Eval::Potential, None), &b, k);
        crate::line::verify(&b, &r.moves, r.score).unwrap();
        assert_eq!(r.stats.playouts, k);
        assert!(!r.stats.proven);
    }
}

#[test]
fn same_result_on_pools_of_one_and_two_threads() {
    for (variant, eval) in [
        (Variant::SameGame, Eval::Potential),
        (Variant::Clickomania, Eval::None),
        (Variant::BubbleBreaker, Eval::Colors),
        (Variant::SameGameNoPenalty, Eval::Learned),
    ] {
        let b = board15(7, variant);
        let c = cfg(eval, None);
        let one = on_pool(1, &c, &b, 30_000, (1, 2, 3));
        let two = on_pool(2, &c, &b, 30_000, (1, 2, 3));
        assert_eq!(
            (
                one.score,
                &one.moves,
                one.stats.playouts,
                one.stats.peak_nodes
            ),
            (
                two.score,
                &two.moves,
                two.stats.playouts,
                two.stats.peak_nodes
            ),
            "{variant}"
        );
        assert_eq!(one.stats.nodes_created, two.stats.nodes_created);
    }
}

#[test]
fn finds_the_optimum_on_tiny_boards_and_proves_it() {
    let exact = SearchConfig::new(Algo::Exact, 1);
    for v in Variant::ALL {
        for seed in 0..4 {
            let b = tiny_board(seed, v);
            let opt = optimum(&b);
            assert_eq!(run(&exact, &b, 1_000_000).score, opt);
            let r = run(&cfg(Eval::None, None), &b, 1_000_000);
            crate::line::verify(&b, &r.moves, r.score).unwrap();
            assert_eq!(r.score, opt, "{v} seed {seed}:\n{b}");
            // No layer lost a position: every position was expanded.
            assert!(r.stats.proven, "{v} seed {seed}");
            assert!(r.stats.playouts < 1_000_000);
        }
    }
}

#[test]
fn duplicate_positions_are_merged_with_their_best_score() {
    // Two separate groups on the bottom row: 0 0 then 1 1, or 1 1 then 0 0, reach
    // the same tiles. From the root's two children, four grandchildren are made
    // (each child also has the other's group and a new one) and the two orders
    // merge.
    let root: Board = "2323\n0011".parse().unwrap();
    let kids = expand(&root, Eval::None.into(), 0, usize::MAX, &mut Vec::new());
    assert_eq!(kids.len(), 2);
    let mut grand: Vec<Child> = kids
        .iter()
        .enumerate()
        .flat_map(|(i, k)| {
            let mut b = root;
            b.play(k.mv);
            expand(&b, Eval::None.into(), i as u32, usize::MAX, &mut Vec::new())
        })
        .collect();
    let fps: std::collections::HashSet<_> = grand.iter().map(|c| c.fp).collect();
    assert!(
        fps.len() < grand.len(),
        "two move orders reach one position"
    );
    let distinct = fps.len();
    assert!(!keep_best(&mut grand, 100));
    assert_eq!(grand.len(), distinct);
    // Of two records of one position, the better running score is kept whatever
    // their order; the ranking is by value, then fingerprint.
    let c = |value, score, fp, parent| Child {
        value,
        score,
        fp: (fp, 0),
        parent,
        mv: Cell::new(0, 0),
        terminal: false,
    };
    for mut v in [
        vec![c(5, 5, 9, 0), c(7, 7, 9, 1), c(7, 7, 3, 2)],
        vec![c(7, 7, 9, 1), c(5, 5, 9, 0), c(7, 7, 3, 2)],
    ] {
        assert!(keep_best(&mut v, 1));
        assert_eq!((v.len(), v[0].fp.0, v[0].score), (1, 3, 7));
    }
}

#[test]
fn a_pass_at_the_width_cap_ends_the_search() {
    let b = board15(2, Variant::SameGame);
    let r = run(&cfg(Eval::Potential, Some(4)), &b, 10_000_000);
    crate::line::verify(&b, &r.moves, r.score).unwrap();
    assert!(r.stats.playouts < 10_000_000);
    assert!(!r.stats.proven);
    // A wider cap finds at least as good a game here, and width 1 is the greedy
    // line of the evaluation.
    let wide = run(&cfg(Eval::Potential, Some(64)), &b, 10_000_000);
    assert!(wide.score >= r.score, "{} < {}", wide.score, r.score);
    let greedy = run(&cfg(Eval::Potential, Some(1)), &b, 10_000_000);
    let mut g = b;
    let mut line = Vec::new();
    while !g.is_terminal() {
        let best = expand(&g, Eval::Potential.into(), 0, usize::MAX, &mut Vec::new())
            .into_iter()
            .max_by(|x, y| x.value.cmp(&y.value).then(y.fp.cmp(&x.fp)))
            .unwrap();
        g.play(best.mv);
        line.push(best.mv);
    }
    assert_eq!((greedy.score, &greedy.moves), (g.final_score(), &line));
}

#[test]
fn a_budget_smaller_than_one_game_still_gives_a_complete_game() {
    let b = board15(4, Variant::SameGame);
    for k in [1, 5, 300] {
        let r = run(&cfg(Eval::Potential, None), &b, k);
        crate::line::verify(&b, &r.moves, r.score).unwrap();
        assert!(!r.moves.is_empty());
        // Finished greedily past the budget.
        assert!(r.stats.playouts > k, "{k}: {}", r.stats.playouts);
    }
}

#[test]
fn learned_eval_follows_its_weights() {
    use crate::search::{EvalWeights, Weights};
    let with = |w: Weights| {
        let mut c = cfg(Eval::Learned, Some(32));
        c.eval_mut().unwrap().weights = Some(EvalWeights {
            file: "w.toml".into(),
            weights: w,
        });
        c.validate().unwrap();
        c
    };
    for seed in [3, 8] {
        let b = board15(seed, Variant::SameGame);
        // The potential weights rank every position as --eval potential does: the
        // same line.
        let p = run(&cfg(Eval::Potential, Some(32)), &b, 10_000_000);
        let l = run(&with(Weights::POTENTIAL), &b, 10_000_000);
        assert_eq!((l.score, &l.moves), (p.score, &p.moves), "board {seed}");
        assert_eq!(l.stats.playouts, p.stats.playouts);
        // Other weights rank otherwise, and the result is theirs alone.
        let mut w = Weights::POTENTIAL;
        w.0[6] = -20.0;
        let a = run(&with(w), &b, 10_000_000);
        let again = on_pool(2, &with(w), &b, 10_000_000, (1, 2, 3));
        crate::line::verify(&b, &a.moves, a.score).unwrap();
        assert_eq!((a.score, &a.moves), (again.score, &again.moves));
        assert_ne!(a.moves, p.moves, "board {seed}");
    }
}

/// Children of a made-up layer: `n` records over `fps` fingerprints, each
/// fingerprint's value its running score plus a term of its own (as every
/// evaluation that rises with the score), with ties in value, score and parent.
fn made_up_children(rng: &mut impl rand::Rng, n: usize, fps: u64) -> Vec<Child> {
    (0..n)
        .map(|_| {
            let fp = rng.gen_range(0..fps);
            let score = rng.gen_range(0..6);
            Child {
                value: score + (fp % 7) as i32,
                score,
                fp: (fp.wrapping_mul(0x9e37_79b9_7f4a_7c15), fp as u32),
                parent: rng.gen_range(0..4),
                mv: Cell {
                    x: rng.gen_range(0..3),
                    y: 0,
                },
                terminal: false,
            }
        })
        .collect()
}

#[test]
fn selecting_part_by_part_keeps_what_one_selection_keeps() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(52);
    for _ in 0..2_000 {
        let n = rng.gen_range(0..120);
        let fps = rng.gen_range(1..60);
        let width = rng.gen_range(1..40);
        let all = made_up_children(&mut rng, n, fps);
        let mut once = all.clone();
        let lost_once = keep_best(&mut once, width);
        // The same children in parts of random sizes, selected whenever more than
        // `at` have gathered (as `pass` does with `compact_at`), then once at the end.
        let at = rng.gen_range(width..=3 * width + 5);
        let mut parts = Vec::new();
        let mut lost = false;
        let mut rest = &all[..];
        while !rest.is_empty() {
            let k = rng.gen_range(1..=rest.len());
            parts.extend_from_slice(&rest[..k]);
            rest = &rest[k..];
            if parts.len() > at {
                lost |= keep_best(&mut parts, width);
            }
        }
        lost |= keep_best(&mut parts, width);
        // Every field of every record, in order.
        let key = |v: &[Child]| format!("{v:?}");
        assert_eq!(key(&parts), key(&once), "n {n}, fps {fps}, width {width}");
        assert_eq!(lost, lost_once, "n {n}, fps {fps}, width {width}");
    }
}

#[test]
fn learned_weights_against_the_score_do_not_select_mid_layer() {
    use crate::search::eval::{Evaluator, Weights};
    let mut w = *Weights::shipped();
    assert!(Evaluator::new(Eval::Learned, Some(&w)).rises_with_score());
    w.0[0] = -0.5;
    assert!(!Evaluator::new(Eval::Learned, Some(&w)).rises_with_score());
    for eval in [Eval::None, Eval::Potential, Eval::Colors] {
        assert!(Evaluator::new(eval, None).rises_with_score());
    }
}

#[test]
fn a_first_pass_at_the_cap_is_that_pass_alone() {
    // `--beam-start W --beam-width W`: the pass of width W and nothing before it, so
    // the same line as the anytime search's last pass at a fraction of its cost.
    let b = board15(5, Variant::SameGame);
    let anytime = run(&cfg(Eval::Learned, Some(16)), &b, 10_000_000);
    let mut one = cfg(Eval::Learned, Some(16));
    if let crate::search::Spec::Beam(s) = &mut one.spec {
        s.start = Some(16);
    }
    one.validate().unwrap();
    assert!(one
        .to_string()
        .ends_with("--beam-width 16 --beam-start 16 --eval learned"));
    let r = run(&one, &b, 10_000_000);
    crate::line::verify(&b, &r.moves, r.score).unwrap();
    assert_eq!(r.stats.peak_nodes, anytime.stats.peak_nodes);
    assert!(
        r.stats.playouts * 3 < anytime.stats.playouts * 2,
        "{} against {}",
        r.stats.playouts,
        anytime.stats.playouts
    );
    // The anytime search ran that same pass last (a pass does not depend on the
    // ones before it), so it scores at least as much.
    assert!(anytime.score >= r.score, "{} < {}", anytime.score, r.score);
}

/// A made-up trace of `layers` layers of up to `width` steps, each step's parent
/// drawn from the layer below (the root for the first), as a pass leaves it.
fn made_up_trace(rng: &mut impl rand::Rng, layers: usize, width: usize) -> Vec<Vec<Step>> {
    let mut trace: Vec<Vec<Step>> = Vec::new();
    for _ in 0..layers {
        let below = trace.last().map_or(1, Vec::len);
        let n = rng.gen_range(1..=width);
        trace.push(
            (0..n)
                .map(|_| Step {
                    parent: rng.gen_range(0..below) as u32,
                    mv: Cell::new(rng.gen_range(0..15), rng.gen_range(0..15)),
                })
                .collect(),
        );
    }
    trace
}

#[test]
fn compacting_the_trace_keeps_every_line_and_drops_the_dead_steps() {
    let mut rng = crate::rng_for(9, 8, 7);
    let mut shortened = 0;
    for case in 0..300 {
        let layers = 1 + case % 12;
        let width = 1 + case % 9;
        let mut trace = made_up_trace(&mut rng, layers, width);
        // Compacted layer by layer as the pass does, and once more at the end.
        let mut grown: Vec<Vec<Step>> = Vec::new();
        for layer in trace.drain(..) {
            grown.push(layer);
            let lines: Vec<Vec<Cell>> = (0..grown.last().unwrap().len())
                .map(|i| line_to(&grown, &[], i as u32, None))
                .collect();
            let before: usize = grown.iter().map(Vec::len).sum();
            compact(&mut grown);
            let after: usize = grown.iter().map(Vec::len).sum();
            shortened += usize::from(after < before);
            for (i, line) in lines.iter().enumerate() {
                assert_eq!(&line_to(&grown, &[], i as u32, None), line, "case {case}");
            }
            // Every step kept below the newest layer is some position's ancestor.
            for l in 1..grown.len() {
                let mut used = vec![false; grown[l - 1].len()];
                grown[l].iter().for_each(|s| used[s.parent as usize] = true);
                assert!(used.iter().all(|&u| u), "case {case}: a dead step kept");
            }
        }
    }
    assert!(shortened > 100, "{shortened} compactions dropped steps");
}
