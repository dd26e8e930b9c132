//! The planes list against straightforward references (issue 51): after every
//! move of random games on random positions of every variant and plane layout (up
//! to 32 × 32, 2 to 10 colours), the list holds exactly the position's legal groups,
//! in canonical order, with the codes of fresh floods ([`code`]), the weights and
//! exponentials of the policy, and the candidates of the selective rule; and
//! [`Playout::run`] and [`Playout::replay`] play the same games and scores as the
//! implementation they replaced (`reference.rs`), from the same random numbers and
//! policies, and record traces with the same steps: at every step the same
//! candidates (codes and biases) and the same move played. Only the segments'
//! boundaries differ (the list keeps a group's segment while it stays listed; the
//! reference cut the segment of a kept group it flooded again), so an adaptation
//! toward either trace sums the same terms in another order: the weights agree to
//! the last few bits. So does [`Playout::run_untraced`], whose games replay to the
//! traces `run` records.
//!
//! Owns: these tests and their straightforward reference (`fresh`). Must not: be
//! compiled outside tests or reach into the list beyond what the playout reads.

use rand::Rng as _;

use super::super::softmax::{fast_exp, AdaptScratch, EXP_DIRECT};
use super::list::{Ctx, List};
use super::reference::Reference;
use super::*;
use crate::board::testutil::random_board;
use crate::Variant;

/// Shapes (width, height, colours) covering every plane layout and its limits.
const SHAPES: [(usize, usize, u8); 10] = [
    (5, 5, 3),
    (9, 7, 2),
    (15, 15, 5),
    (16, 16, 8),
    (6, 12, 4),
    (20, 5, 2),
    (17, 16, 6),
    (12, 17, 9),
    (30, 20, 10),
    (32, 32, 4),
];

/// Candidate rules: all groups, the strict tabu rule, and the late exception.
fn rules(tabu: u8) -> [Selective; 3] {
    [
        Selective::ALL,
        Selective {
            tabu: Some(tabu),
            ..Selective::ALL
        },
        Selective {
            tabu: Some(tabu),
            late_tiles: 40,
            late_size: 3,
        },
    ]
}

/// What the list says of a position: per group, its summary, code, weight and
/// exp(w) bits, and whether it is a candidate.
type Listed = Vec<(Group, u64, u64, u64, bool)>;

/// The straightforward reference: the groups of fresh floods, their codes, the
/// policy's weights plus bias, and the rule read off the whole position.
fn fresh(board: &Board, pol: &Policy, bias: &Bias, sel: Selective) -> Listed {
    let mut mask = GroupMask::default();
    let groups = board.groups();
    let tabu = sel.tabu.filter(|&t| groups.iter().any(|g| g.color != t));
    let late = board.tiles() <= usize::from(sel.late_tiles);
    groups
        .iter()
        .map(|g| {
            board.flood(g.cell, &mut mask);
            let c = code(g, &mask, board.height());
            let w = pol.weight(c) + bias.of(g);
            let e = if w == 0.0 {
                1.0
            } else if w <= EXP_DIRECT {
                fast_exp(w)
            } else {
                0.0
            };
            let cand = Some(g.color) != tabu || (late && g.size <= sel.late_size);
            (*g, c, w.to_bits(), e.to_bits(), cand)
        })
        .collect()
}

/// The colour whose groups the rule of `board` excludes all (the tabu colour
/// while other colours have groups, with no late-game exception in force).
fn excluded(board: &Board, sel: Selective) -> Option<u8> {
    let groups = board.groups();
    let tabu = sel.tabu.filter(|&t| groups.iter().any(|g| g.color != t))?;
    let late = board.tiles() <= usize::from(sel.late_tiles) && sel.late_size > 0;
    (!late).then_some(tabu)
}

/// Walks `line` from `root` on the planes list, checking it against [`fresh`]
/// after every move. A `sparse` list (a playout's, [`Ctx::sparse`]) holds the
/// same groups but those of a colour the rule excludes all ([`excluded`]).
struct Walk<'a> {
    line: &'a [Cell],
    pol: &'a Policy,
    bias: Bias,
    sel: Selective,
    sparse: bool,
}

impl Walk<'_> {
    /// Walks the line with the list (recording its trace when `R`, as
    /// [`Playout::run`]; else as [`Playout::run_untraced`]), checking it at every
    /// step, under a context for any bias and, when the bias is flat, under the
    /// flat context too; returns the positions checked.
    fn check<const R: bool, const B: usize, const L: u32, const P: usize>(
        &self,
        root: &Board,
    ) -> usize {
        let n = self.walk::<R, B, L, P, false>(root);
        if super::list::flat(&self.bias) {
            assert_eq!(self.walk::<R, B, L, P, true>(root), n);
        }
        n
    }

    /// [`Walk::check`] under [`Ctx`]`<F>`.
    fn walk<const R: bool, const B: usize, const L: u32, const P: usize, const F: bool>(
        &self,
        root: &Board,
    ) -> usize {
        let cx = Ctx::<F>::new(self.pol, self.bias, self.sel);
        let cx = if self.sparse { cx.sparse() } else { cx };
        let (mut list, mut trace) = (List::default(), Trace::default());
        let mut p = Planes::<B, L, P>::from_board(root);
        list.reset::<B, L, P, R, F>(root, &p, &cx, &mut trace);
        let mut board = *root;
        let mut checked = 0;
        for (t, &mv) in self.line.iter().enumerate() {
            let listed: Listed = list
                .heads::<B>()
                .into_iter()
                .map(|h| {
                    let (e, w) = list.full::<B, L, F>(h, &cx);
                    assert_eq!(
                        h,
                        usize::from(e.g.cell.x) * L as usize + usize::from(e.g.cell.y)
                    );
                    let ce = if e.cand { e.e } else { 0.0 };
                    assert_eq!(list.ce_at(h).to_bits(), ce.to_bits());
                    assert_eq!(e.big, w > EXP_DIRECT);
                    (e.g, e.code, w.to_bits(), e.e.to_bits(), e.cand)
                })
                .collect();
            let mut expected = fresh(&board, self.pol, &self.bias, self.sel);
            if let Some(c) = excluded(&board, self.sel).filter(|_| self.sparse) {
                expected.retain(|x| x.0.color != c);
            }
            assert_eq!(
                listed, expected,
                "step {t}, sparse {}\n{board}",
                self.sparse
            );
            // Every tile of a listed group knows its group.
            for h in list.heads::<B>() {
                let m = list.mask::<B>(h);
                for i in 0..256 * B {
                    let inside = m[i / 256].words()[i / 64 % 4] >> (i % 64) & 1 != 0;
                    assert_eq!(inside, list.group_at::<B>(i) == Some(h) && inside);
                    if inside {
                        assert_eq!(list.group_at::<B>(i), Some(h));
                    }
                }
            }
            let ncand = listed.iter().filter(|x| x.4).count() as u32;
            assert_eq!((list.ncand, list.len as usize), (ncand, listed.len()));
            // The draw's order: the candidates in list order, their exps summed
            // one by one.
            let mut sum = 0.0;
            let drawn: Vec<(usize, u64)> = list
                .heads::<B>()
                .into_iter()
                .filter(|&h| list.at(h).cand)
                .map(|h| {
                    sum += list.ce_at(h);
                    (h, sum.to_bits())
                })
                .collect();
            assert_eq!(list.drawn(), drawn, "step {t}");
            let k = usize::from(mv.x) * L as usize + usize::from(mv.y);
            assert_eq!(list.group_at::<B>(k), Some(k), "the line's move is listed");
            if R {
                trace.push_step(list.at(k).seg, list.ncand);
            }
            list.play::<B, L, P, R, F>(&mut p, k, &cx, &mut trace);
            board.play(mv);
            checked += 1;
        }
        assert!(list.len == 0 && board.is_terminal());
        assert_eq!(trace.is_empty(), !R, "a trace only when recorded");
        checked
    }
}

#[test]
fn the_list_is_a_fresh_scan_after_every_move() {
    let mut rng = crate::rng_for(51, 0, 0);
    let (mut moves, mut trace) = (Vec::new(), Trace::default());
    let mut positions = 0;
    for v in Variant::ALL {
        for (i, &(w, h, colors)) in SHAPES.iter().enumerate() {
            let seed = i as u64;
            let root = random_board(w, h, colors, seed, v);
            // A policy with unequal weights: adapted toward a few games.
            let (mut pol, mut scratch) = (Policy::default(), AdaptScratch::default());
            for (j, sel) in rules((seed % u64::from(colors)) as u8)
                .into_iter()
                .enumerate()
            {
                let bias = [0.0, 0.25, -0.1][j];
                let mut play = Playout::new(sel, bias);
                for _ in 0..2 {
                    play.run(&root, &pol, &mut rng, &mut moves, &mut trace);
                    pol.adapt(&trace, 1.0, &mut scratch);
                    // Sparse and full lists differ only under a tabu rule.
                    for sparse in [false, true].into_iter().take(1 + usize::from(j > 0)) {
                        let walk = Walk {
                            line: &moves,
                            pol: &pol,
                            bias: play.bias,
                            sel,
                            sparse,
                        };
                        positions += by_layout!(&root, walk.check::<true>(&root));
                        positions += by_layout!(&root, walk.check::<false>(&root));
                    }
                }
            }
        }
    }
    assert!(positions > 15000, "{positions}");
}

/// A candidate's code and bias, as bits.
fn key((code, bias): (u64, f64)) -> (u64, u64) {
    (code, bias.to_bits())
}

/// Checks that traces `a` and `b` have the same steps: as many, each with as many
/// candidates, and at every step with a choice the same candidates (code and bias,
/// in any order: segments may be cut at other steps) and the same move played.
fn same_steps(a: &Trace, b: &Trace, what: &str) {
    let n = |t: &Trace| t.steps.iter().map(|s| s.n).collect::<Vec<_>>();
    assert_eq!(n(a), n(b), "{what}: candidates per step");
    for i in 0..a.steps() {
        let ((ca, ka), (cb, kb)) = (a.choice(i), b.choice(i));
        assert_eq!(
            key(ca[ka]),
            key(cb[kb]),
            "{what}: move played at choice {i}"
        );
        let sorted = |c: Vec<(u64, f64)>| {
            let mut v: Vec<_> = c.into_iter().map(key).collect();
            v.sort_unstable();
            v
        };
        assert_eq!(sorted(ca), sorted(cb), "{what}: candidates at choice {i}");
    }
    assert!(
        a.segs.len() <= b.segs.len(),
        "{what}: segments never cut more"
    );
}

/// Checks that adapting `pol` toward `a` and toward `b` (traces with the same
/// steps) gives the same weights for every code of `a` up to rounding: the same
/// terms summed in another order.
fn same_adaptation(pol: &Policy, a: &Trace, b: &Trace, alpha: f64) {
    let (mut pa, mut pb, mut s) = (pol.clone(), pol.clone(), AdaptScratch::default());
    pa.adapt(a, alpha, &mut s);
    pb.adapt(b, alpha, &mut s);
    for seg in &a.segs {
        let (wa, wb) = (pa.weight(seg.code), pb.weight(seg.code));
        let tol = 1e-12 * (1.0 + wa.abs().max(wb.abs()));
        assert!(
            (wa - wb).abs() <= tol,
            "code {}: {wa} against {wb}",
            seg.code
        );
    }
}

/// Plays `n` playouts with both implementations from `root` (or, `roots`, from
/// each in turn), adapting the policy toward each game as NRPA's level 1 does,
/// and checks that they agree: moves, scores and random numbers bit for bit, the
/// traces' steps ([`same_steps`]) and the adaptation toward them up to rounding.
/// A third playout plays without its trace ([`Playout::run_untraced`]) and
/// replays its game between playouts, as NRPA does: the same moves, scores and
/// random numbers, and its replay records the trace the recording playout did.
fn agree(roots: &[Board], sel: Selective, bias: Bias, alpha: f64, n: usize, seed: u64) {
    let mut play = Playout::new(sel, 0.0).with_bias(bias);
    let mut bare = Playout::new(sel, 0.0).with_bias(bias);
    let mut old = Reference::new(sel, 0.0);
    old.bias = bias;
    let (mut r1, mut r2) = (crate::rng_for(seed, 5, 1), crate::rng_for(seed, 5, 1));
    let mut r3 = crate::rng_for(seed, 5, 1);
    let (mut m1, mut m2, mut m3) = (Vec::new(), Vec::new(), Vec::new());
    let (mut t1, mut t2) = (Trace::default(), Trace::default());
    let (mut pol, mut scratch) = (Policy::default(), AdaptScratch::default());
    for i in 0..n {
        let root = &roots[i % roots.len()];
        let s1 = play.run(root, &pol, &mut r1, &mut m1, &mut t1);
        let s2 = old.run(root, &pol, &mut r2, &mut m2, &mut t2);
        assert_eq!((s1, &m1), (s2, &m2), "playout {i}\n{root}");
        same_steps(&t1, &t2, &format!("trace of playout {i}"));
        same_adaptation(&pol, &t1, &t2, alpha);
        crate::line::verify(root, &m1, s1).unwrap();
        // Replays of the game, and of a line with the tabu colour's moves.
        let (mut a, mut b) = (Trace::default(), Trace::default());
        assert_eq!(
            play.replay(root, &m1, &mut a),
            old.replay(root, &m1, &mut b)
        );
        same_steps(&a, &b, &format!("replay {i}"));
        assert_eq!(a, t1, "a game replays to its own trace");
        let s3 = bare.run_untraced(root, &pol, &mut r3, &mut m3);
        assert_eq!((s3, &m3), (s1, &m1), "untraced playout {i}");
        let mut c = Trace::default();
        assert_eq!(bare.replay(root, &m3, &mut c), (s1, 0));
        assert_eq!(c, t1, "an untraced game replays to the recorded trace");
        pol.adapt(&t1, alpha, &mut scratch);
    }
    let next = r1.gen::<u64>();
    assert_eq!(next, r2.gen::<u64>(), "the same random numbers drawn");
    assert_eq!(next, r3.gen::<u64>(), "untraced: the same random numbers");
}

#[test]
fn playouts_and_replays_match_the_previous_implementation() {
    for v in Variant::ALL {
        for (i, &(w, h, colors)) in SHAPES.iter().enumerate() {
            let seed = 100 + i as u64;
            let root = random_board(w, h, colors, seed, v);
            let t = crate::policy::tabu_color(&root).unwrap();
            let n = if w * h > 500 { 6 } else { 25 };
            for (j, sel) in rules(t).into_iter().enumerate() {
                let bias = [
                    Bias::size(0.0),
                    Bias::size(0.3),
                    Bias {
                        beta: 0.5,
                        prior: Prior::Tabu,
                        tabu: Some(t),
                    },
                ][j];
                agree(&[root], sel, bias, 1.0, n, seed);
            }
        }
    }
}

#[test]
fn new_roots_large_weights_and_outside_moves_match_too() {
    // Rollouts from changing roots (a tree's leaves), with the same playout.
    let base = random_board(15, 15, 5, 3, Variant::SameGame);
    let mut roots = vec![base];
    let mut b = base;
    for g in base.groups().iter().step_by(7).take(4) {
        b = base;
        b.play(g.cell);
        roots.push(b);
    }
    roots.push(b);
    let t = crate::policy::tabu_color(&base).unwrap();
    for sel in rules(t) {
        agree(&roots, sel, Bias::size(0.0), 1.0, 40, 7);
        // α = 150: weights beyond EXP_DIRECT within a few adaptations (the shifted
        // softmax).
        agree(&roots[..1], sel, Bias::size(0.0), 150.0, 30, 8);
    }
    // A line that plays the tabu colour while other colours have groups: those
    // moves join their steps' candidates in both.
    let strict = rules(t)[1];
    let mut line = Vec::new();
    let mut b = base;
    while !b.is_terminal() {
        let gs = b.groups();
        let g = gs.iter().find(|g| g.color == t).unwrap_or(&gs[0]);
        line.push(g.cell);
        b.play(g.cell);
    }
    let (mut a, mut c) = (Trace::default(), Trace::default());
    let new = Playout::new(strict, 0.0).replay(&base, &line, &mut a);
    let old = Reference::new(strict, 0.0).replay(&base, &line, &mut c);
    assert_eq!(new, old);
    assert!(new.1 > 0, "moves outside the rule");
    same_steps(&a, &c, "a line outside the rule");
}
