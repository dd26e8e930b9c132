//! Tests of NMCS's beam playouts (`--playout-beam W`, `search/nmcs.rs`): replays and
//! exact budgets on every variant and level (with `--endgame` too), the budget ending
//! inside a pass, the same line whatever the seed and the thread count, and width 1
//! as level-1 NMCS over greedy playouts by the beam's evaluation; a repeated run
//! doubles the width.

use crate::board::{Board, Cell};
use crate::rules::Variant;
use crate::search::testutil::{board15, check_all_variants, on_pool, random_board};
use crate::search::{search, Algo, Budget, Defaults, Evaluator, SearchConfig, SearchResult};

/// Level-`level` NMCS with beam playouts of width `width`.
fn cfg(level: u32, width: u32) -> SearchConfig {
    let mut c = SearchConfig::new(Algo::Nmcs, level);
    if let crate::search::Spec::Nmcs(n) = &mut c.spec {
        n.playout_beam = width;
    }
    c.validate().unwrap();
    c
}

fn run(c: &SearchConfig, b: &Board, k: u64, seed: u64) -> SearchResult {
    search(
        &c.clone().valid().unwrap(),
        b,
        Budget::Iterations(k),
        &mut crate::rng_for(seed, 0, 0),
    )
}

/// What a result is compared by: score, line, playouts and node counts.
fn key(r: &SearchResult) -> (i32, &[Cell], u64, u64, u64) {
    (
        r.score,
        &r.moves,
        r.stats.playouts,
        r.stats.nodes_created,
        r.stats.peak_nodes,
    )
}

#[test]
fn replays_and_spends_exactly_the_budget_on_every_variant_and_level() {
    for (level, width, k) in [(1, 1, 3_000), (1, 4, 5_000), (2, 2, 4_000), (3, 1, 3_000)] {
        check_all_variants(&cfg(level, width), k, u64::from(level + width));
    }
    // Exact endgames solve their positions in place of a playout, as without the beam.
    let mut c = cfg(2, 3);
    c.endgame = 12;
    c.validate().unwrap();
    check_all_variants(&c, 4_000, 7);
}

#[test]
fn a_budget_ending_inside_a_pass_is_spent_exactly_and_the_game_completed() {
    for v in Variant::ALL {
        let b = board15(3, v);
        for k in [1, 2, 7, 100, 1_001, 12_345] {
            let r = run(&cfg(1, 8), &b, k, 1);
            crate::line::verify(&b, &r.moves, r.score).unwrap_or_else(|e| panic!("{v} {k}: {e}"));
            assert_eq!(r.stats.playouts, k, "{v}");
        }
    }
}

#[test]
fn the_same_line_whatever_the_seed_and_the_thread_count() {
    for v in Variant::ALL {
        let b = board15(7, v);
        for (level, width, k) in [(1, 16, 20_000), (2, 2, 6_000)] {
            let c = cfg(level, width);
            let one = on_pool(1, &c, &b, k, (5, 0, 0));
            let four = on_pool(4, &c, &b, k, (5, 0, 0));
            assert_eq!(key(&one), key(&four), "{v} {c}");
            // A beam playout draws no random number.
            let other = on_pool(4, &c, &b, k, (6, 1, 2));
            assert_eq!(key(&one), key(&other), "{v} {c}");
        }
    }
}

/// A width-1 pass from `b` (not terminal) written out: at each position every move
/// is evaluated; one that ends the game is a complete game (the first of the best
/// score is kept), the others rank by `eval` (ties: fingerprint, then move) and the
/// best is played. Returns (score, moves, evaluated positions).
fn greedy(eval: Evaluator, b: &Board) -> (i32, Vec<Cell>, u64) {
    let (mut best, mut line) = (i32::MIN, Vec::new());
    let (mut state, mut played, mut n) = (*b, Vec::new(), 0);
    loop {
        let mut cells = Vec::new();
        state.for_each_group(|g| cells.push(g.cell));
        let mut next: Option<(i32, (u64, u32), Cell)> = None;
        for m in cells {
            let mut c = state;
            c.play(m);
            n += 1;
            if c.is_terminal() {
                if c.final_score() > best {
                    best = c.final_score();
                    line = played.clone();
                    line.push(m);
                }
                continue;
            }
            let k = (eval.score(&c), c.fingerprint(), m);
            if next.is_none_or(|x| k.0 > x.0 || (k.0 == x.0 && (k.1, k.2) < (x.1, x.2))) {
                next = Some(k);
            }
        }
        let Some((_, _, m)) = next else {
            return (best, line, n);
        };
        state.play(m);
        played.push(m);
    }
}

/// Level-1 NMCS over [`greedy`] playouts written out (canonical move order, the
/// memorised best sequence). Returns (score, moves, playouts).
fn nmcs1_greedy(eval: Evaluator, root: &Board) -> (i32, Vec<Cell>, u64) {
    let (mut best, mut best_moves) = (i32::MIN, Vec::new());
    let (mut state, mut played, mut n) = (*root, Vec::new(), 0);
    while !state.is_terminal() {
        for g in state.groups() {
            let mut b = state;
            b.play(g.cell);
            let (s, sim, k) = if b.is_terminal() {
                (b.final_score(), Vec::new(), 1)
            } else {
                greedy(eval, &b)
            };
            n += k;
            if s > best {
                best = s;
                best_moves = [&played[..], &[g.cell], &sim].concat();
            }
        }
        let next = best_moves[played.len()];
        state.play(next);
        played.push(next);
    }
    (best, best_moves, n)
}

#[test]
fn width_one_is_level_one_nmcs_over_greedy_playouts_by_the_evaluation() {
    let eval = Evaluator::new(Defaults::BEAM_EVAL, None);
    for v in Variant::ALL {
        for b in [random_board(8, 6, 4, 3, v), random_board(10, 8, 4, 4, v)] {
            let (score, moves, n) = nmcs1_greedy(eval, &b);
            let r = run(&cfg(1, 1), &b, n, 9);
            assert_eq!(
                (r.score, &r.moves, r.stats.playouts),
                (score, &moves, n),
                "{v}"
            );
        }
    }
}

#[test]
fn a_repeated_run_doubles_the_width() {
    // One whole width-1 run costs `n`; a budget of n + m is that run, then a run of
    // width 2 cut after m evaluated positions: the better of the two, the first on a
    // tie.
    let eval = Evaluator::new(Defaults::BEAM_EVAL, None);
    let mut wider_won = 0;
    for v in Variant::ALL {
        let b = random_board(10, 8, 4, 5, v);
        let (score, moves, n) = nmcs1_greedy(eval, &b);
        for m in [n / 2, n, 3 * n] {
            let second = run(&cfg(1, 2), &b, m, 9);
            let both = run(&cfg(1, 1), &b, n + m, 9);
            let want = if second.score > score {
                wider_won += 1;
                (second.score, &second.moves)
            } else {
                (score, &moves)
            };
            assert_eq!((both.score, &both.moves), want, "{v} {m}");
            assert_eq!(both.stats.playouts, n + m, "{v} {m}");
        }
    }
    // Without the doubling the second run would replay the first game.
    assert!(wider_won > 0, "no board where the wider run did better");
}
