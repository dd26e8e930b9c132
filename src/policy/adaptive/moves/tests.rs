//! Tests of the move codes and the playout: codes against fresh floods, traces
//! against the moves, and sampling against the softmax (the list against a fresh
//! scan along games: `equivalence_tests.rs`).

use rand::Rng as _;

use super::super::softmax::AdaptScratch;
use super::*;
use crate::board::testutil::random_board;
use crate::Variant;

/// The strict selective policy with tabu colour `t` (no late-game exception).
fn strict(t: u8) -> Selective {
    Selective {
        tabu: Some(t),
        ..Selective::ALL
    }
}

#[test]
fn codes_tell_groups_apart_and_follow_cells_not_history() {
    let b = random_board(8, 8, 3, 5, Variant::SameGame);
    let mut mask = GroupMask::default();
    let codes: Vec<u64> = b
        .groups()
        .iter()
        .map(|g| {
            b.flood(g.cell, &mut mask);
            code(g, &mask, b.height())
        })
        .collect();
    let mut sorted = codes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), codes.len());
    // A group left of the move (not touching its columns) keeps its code.
    let gs = b.groups();
    let (g, h) = gs
        .iter()
        .flat_map(|g| gs.iter().map(move |h| (*g, *h)))
        .find(|(g, h)| usize::from(h.xmax) + 2 <= usize::from(g.xmin))
        .expect("two groups apart");
    let mut c = b;
    c.play(g.cell);
    assert!(
        c.groups().contains(&h),
        "the group on the left is untouched"
    );
    c.flood(h.cell, &mut mask);
    let i = gs.iter().position(|x| *x == h).unwrap();
    assert_eq!(code(&h, &mask, c.height()), codes[i]);
}

#[test]
fn selective_playouts_leave_the_tabu_colour_for_last() {
    let b: Board = "000\n000\n110".parse().unwrap();
    let mut p = Playout::new(strict(0), 0.0);
    let mut rng = crate::rng_for(3, 0, 0);
    let (mut moves, mut trace) = (Vec::new(), Trace::default());
    for _ in 0..20 {
        let s = p.run(&b, &Policy::default(), &mut rng, &mut moves, &mut trace);
        assert_eq!(moves, [Cell::new(0, 0), Cell::new(0, 0)]);
        assert_eq!(trace.steps(), 0, "one candidate per step");
        crate::line::verify(&b, &moves, s).unwrap();
    }
}

#[test]
fn the_late_exception_lets_small_tabu_groups_in_when_few_tiles_are_left() {
    // Colour 3 (tabu here) is one group of 2 tiles at the bottom left; 15 tiles.
    let b: Board = "00112\n00112\n33444".parse().unwrap();
    let candidates = |late_tiles: u16, late_size: u16| {
        let sel = Selective {
            late_tiles,
            late_size,
            ..strict(3)
        };
        let mut p = Playout::new(sel, 0.0);
        let mut rng = crate::rng_for(3, 0, 0);
        let (mut moves, mut trace) = (Vec::new(), Trace::default());
        let mut firsts = std::collections::BTreeSet::new();
        for _ in 0..200 {
            p.run(&b, &Policy::default(), &mut rng, &mut moves, &mut trace);
            firsts.insert(moves[0]);
        }
        firsts
    };
    let tabu_group = Cell::new(0, 0);
    let off = candidates(0, 2);
    assert!(!off.contains(&tabu_group), "strict: the tabu group waits");
    let on = candidates(15, 2);
    assert!(on.contains(&tabu_group), "15 tiles, size 2: a candidate");
    let too_big = candidates(15, 1);
    assert!(!too_big.contains(&tabu_group), "size 1: not small enough");
    let early = candidates(14, 2);
    assert!(!early.contains(&tabu_group), "15 tiles > 14: not late yet");
}

#[test]
fn a_moved_group_has_a_new_code() {
    // Column 0 empties; the group in columns 2-3 moves to columns 1-2: other
    // cells, another code (that of the same cells on a board where it stood
    // there from the start).
    let b: Board = "0.11\n0211".parse().unwrap();
    let mut mask = GroupMask::default();
    let g = b.groups().into_iter().find(|g| g.color == 1).unwrap();
    b.flood(g.cell, &mut mask);
    let before = code(&g, &mask, b.height());
    let mut c = b;
    c.play(Cell::new(0, 0));
    let h = c.groups().into_iter().find(|g| g.color == 1).unwrap();
    assert_eq!(h.xmin + 1, g.xmin, "moved one column left");
    c.flood(h.cell, &mut mask);
    assert_ne!(code(&h, &mask, c.height()), before);
    let d: Board = ".11\n011".parse().unwrap();
    let k = d.groups().into_iter().find(|g| g.color == 1).unwrap();
    d.flood(k.cell, &mut mask);
    assert_eq!(code(&k, &mask, d.height()), code(&h, &mask, c.height()));
}

#[test]
fn playouts_replay_and_traces_match_the_moves() {
    for v in Variant::ALL {
        let b = random_board(7, 6, 3, 2, v);
        let mut p = Playout::new(Selective::ALL, 0.5);
        let mut rng = crate::rng_for(1, 0, 0);
        let (mut moves, mut trace) = (Vec::new(), Trace::default());
        for _ in 0..30 {
            let s = p.run(&b, &Policy::default(), &mut rng, &mut moves, &mut trace);
            crate::line::verify(&b, &moves, s).unwrap();
            assert!(trace.steps() <= moves.len());
            assert_eq!(trace.len(), moves.len());
            // Every segment is closed, within the game, and each step's chosen
            // segment spans it.
            for sg in &trace.segs {
                assert!(sg.from < sg.to && sg.to as usize <= moves.len());
            }
            for (t, st) in trace.steps.iter().enumerate() {
                assert!(trace.span(&trace.segs[st.chosen as usize]).contains(&t));
            }
            for i in 0..trace.steps() {
                trace.choice(i);
            }
        }
    }
}

#[test]
fn the_tabu_prior_penalises_the_tabu_colour_softly() {
    // Colour 0 is tabu; the first move has four candidates (colours 0-3).
    let b: Board = "000\n112\n332".parse().unwrap();
    let firsts = |beta: f64| {
        let mut p = Playout::new(Selective::ALL, beta).with_prior(Prior::Tabu, Some(0));
        let mut rng = crate::rng_for(6, 0, 0);
        let (mut moves, mut trace) = (Vec::new(), Trace::default());
        let mut tabu_first = 0;
        for _ in 0..3000 {
            let s = p.run(&b, &Policy::default(), &mut rng, &mut moves, &mut trace);
            crate::line::verify(&b, &moves, s).unwrap();
            let biases: Vec<f64> = trace.choice(0).0.iter().map(|&(_, x)| x).collect();
            assert_eq!(biases.iter().filter(|&&x| x == -beta).count(), 1);
            tabu_first += usize::from(moves[0] == Cell::new(0, 2));
        }
        f64::from(tabu_first as u32) / 3000.0
    };
    // β = ln 2: the tabu group weighs half as much as each other one (1/7).
    let half = firsts(2f64.ln());
    assert!((half - 1.0 / 7.0).abs() < 0.025, "{half}");
    // A large β all but excludes it, as the selective policy would.
    assert!(firsts(20.0) < 0.001);
}

#[test]
fn codes_map_back_to_their_groups_along_games() {
    let mut rng = crate::rng_for(8, 0, 0);
    let mut mask = GroupMask::default();
    for seed in 0..6 {
        let mut b = random_board(10, 9, 4, seed, Variant::SameGame);
        while !b.is_terminal() {
            let gs = b.groups();
            let by_code: std::collections::HashMap<u64, Group> = gs
                .iter()
                .map(|g| {
                    b.flood(g.cell, &mut mask);
                    (code(g, &mask, b.height()), *g)
                })
                .collect();
            assert_eq!(by_code.len(), gs.len(), "one code per group");
            for g in &gs {
                b.flood(g.cell, &mut mask);
                assert_eq!(by_code[&code(g, &mask, b.height())], *g);
            }
            b.play(gs[rng.gen_range(0..gs.len())].cell);
        }
    }
}

#[test]
fn first_moves_follow_the_softmax_of_weights_and_bias() {
    let b = random_board(6, 5, 3, 4, Variant::SameGame);
    let mut p = Playout::new(Selective::ALL, 0.3);
    let mut rng = crate::rng_for(4, 0, 0);
    let (mut moves, mut trace) = (Vec::new(), Trace::default());
    // A policy with unequal weights: adapted toward a few playouts.
    let (mut pol, mut scratch) = (Policy::default(), AdaptScratch::default());
    for _ in 0..3 {
        p.run(&b, &pol, &mut rng, &mut moves, &mut trace);
        pol.adapt(&trace, 1.0, &mut scratch);
    }
    p.run(&b, &pol, &mut rng, &mut moves, &mut trace);
    let root = trace.choice(0).0;
    assert!(root.len() >= 3, "a root with a choice");
    let mut expected = Vec::new();
    pol.softmax(&root, &mut expected);
    let n = 40_000;
    let mut counts = vec![0u32; root.len()];
    for _ in 0..n {
        p.run(&b, &pol, &mut rng, &mut moves, &mut trace);
        assert_eq!(
            trace.choice(0).0,
            root,
            "the root's candidates do not change"
        );
        counts[trace.choice(0).1] += 1;
    }
    for (k, &q) in expected.iter().enumerate() {
        let f = f64::from(counts[k]) / f64::from(n);
        let sd = (q * (1.0 - q) / f64::from(n)).sqrt();
        assert!(
            (f - q).abs() <= 5.0 * sd + 1e-9,
            "candidate {k}: {f} vs {q}"
        );
    }
    assert!(
        expected.iter().any(|&q| (q - expected[0]).abs() > 0.01),
        "the weights are not uniform: {expected:?}"
    );
}

/// No two groups met share a code: every group of random games on boards of each
/// plane layout (16-bit lanes up to 16 rows, 32-bit above; one to four blocks),
/// keyed by its code, is the same colour and cells wherever the code recurs.
#[test]
fn codes_never_collide_along_games_of_every_layout() {
    let mut rng = crate::rng_for(51, 16, 0);
    let mut mask = GroupMask::default();
    for (w, h, colors) in [
        (15, 15, 5),
        (16, 16, 3),
        (20, 12, 4),
        (8, 17, 3),
        (32, 32, 6),
    ] {
        let mut seen: std::collections::HashMap<u64, (u8, Vec<u32>)> = Default::default();
        let mut groups = 0;
        for seed in 0..4 {
            let mut b = random_board(w, h, colors, seed, Variant::SameGame);
            while !b.is_terminal() {
                let gs = b.groups();
                for g in &gs {
                    b.flood(g.cell, &mut mask);
                    // The first column, then the lanes of the group's columns.
                    let cols = usize::from(g.xmin)..=usize::from(g.xmax);
                    let cells: Vec<u32> = std::iter::once(u32::from(g.xmin))
                        .chain(cols.map(|x| mask.column(x)))
                        .collect();
                    let c = code(g, &mask, b.height());
                    let was = seen.entry(c).or_insert_with(|| (g.color, cells.clone()));
                    assert_eq!(*was, (g.color, cells), "{w}x{h}: code {c:#x} twice");
                    groups += 1;
                }
                b.play(gs[rng.gen_range(0..gs.len())].cell);
            }
        }
        assert!(
            seen.len() > 200 && groups > seen.len(),
            "{w}x{h}: {groups} groups"
        );
    }
}

#[test]
fn adapting_flat_is_adapting_when_every_bias_is_zero() {
    // Policies adapted toward flat playouts' traces (and a replay's, whose
    // biases are Bias::of's +0) with `adapt` and `adapt_flat` stay equal bit for
    // bit: weights and the exponentials kept with them, through kept slots,
    // growing tables and (alpha 150) weights beyond EXP_DIRECT.
    let mut rng = crate::rng_for(51, 18, 0);
    let mut checked = 0;
    for (i, &(w, h, colors)) in [(15, 15, 5), (10, 7, 3), (20, 20, 6)].iter().enumerate() {
        let root = random_board(w, h, colors, i as u64, Variant::SameGame);
        for sel in [Selective::ALL, strict(0)] {
            let mut playout = Playout::new(sel, 0.0);
            assert!(playout.is_flat());
            for alpha in [1.0, 150.0] {
                let (mut a, mut b) = (Policy::default(), Policy::default());
                let (mut sa, mut sb) = (AdaptScratch::default(), AdaptScratch::default());
                let (mut moves, mut trace, mut best) = (Vec::new(), Trace::default(), None);
                for k in 0..12 {
                    playout.run(&root, &a, &mut rng, &mut moves, &mut trace);
                    if k % 4 == 3 {
                        // A replay of the first game: its trace, through `replay`.
                        let line: &Vec<Cell> = best.get_or_insert_with(|| moves.clone());
                        playout.replay(&root, line, &mut trace);
                    }
                    a.adapt(&trace, alpha, &mut sa);
                    b.adapt_flat(&trace, alpha, &mut sb);
                    for g in &trace.segs {
                        let (x, y) = (a.weight_exp(g.code), b.weight_exp(g.code));
                        assert_eq!(
                            (x.0.to_bits(), x.1.to_bits()),
                            (y.0.to_bits(), y.1.to_bits())
                        );
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 1000, "{checked}");
}
