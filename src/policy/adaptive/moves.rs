//! SameGame move codes and the NRPA level-0 playout.
//!
//! A move's code identifies the group it removes — its colour and the exact set of
//! cells it covers on the board as it stands — as the SameGame NRPA papers do: a
//! Zobrist-style hash, the XOR of one well-mixed key per (column, column bit mask)
//! and one key per colour. The same group at the same place gets the same code in
//! every position where it occurs, so what the policy learns carries over between
//! playouts that reach it by different move orders.
//!
//! The playout samples each move from the softmax of (policy weight + GNRPA bias)
//! over the candidate moves. With the selective policy (Cazenave 2016) groups of the
//! tabu colour — the colour with most tiles at the start, as TabuColorRandom — are
//! not candidates while groups of other colours exist, except, with the late-game
//! exception ([`Selective::late_tiles`], [`Selective::late_size`]), small tabu
//! groups once few tiles are left.
//!
//! [`Playout::replay`] (`replay.rs`) records the [`Trace`] of a given game under
//! the same candidate rule, so that a policy can be adapted toward a game that no
//! playout of this policy played (a tree search's best line).
//!
//! Owns: [`code`], [`Selective`] and [`Playout`]. Must not: adapt policies or count
//! budgets.

use rand::Rng as _;

use super::prior::{Bias, Prior};
use super::softmax::{fast_exp, Policy, Trace};
use crate::board::groups::Window;
use crate::board::{Board, Cell, Change, Group, GroupMask};
use crate::rng::{splitmix64, Rng, GOLDEN_GAMMA};

/// A well-mixed key from any 64-bit value (one SplitMix64 step).
#[inline]
fn mix(z: u64) -> u64 {
    splitmix64(z.wrapping_add(GOLDEN_GAMMA))
}

/// The code of the group flooded into `mask` (`g` its summary): colour and cells.
#[inline]
pub fn code(g: &Group, mask: &GroupMask) -> u64 {
    let mut h = mix(0xC010_0000 | u64::from(g.color));
    for x in usize::from(g.xmin)..=usize::from(g.xmax) {
        h ^= mix((x as u64) << 32 | u64::from(mask.column(x)));
    }
    h
}

/// A legal group of the position being played, with its code, its weight w
/// (policy weight + bias) and exp(w) (when w ≤ [`EXP_DIRECT`]), computed once when
/// the group is flooded: a step's softmax then needs no exponential.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Entry {
    g: Group,
    code: u64,
    w: f64,
    e: f64,
}

/// Largest weight whose exponential the playout uses unshifted (a sum of thousands
/// of them stays finite); a step with a larger weight shifts all by the largest.
const EXP_DIRECT: f64 = 300.0;

/// The level-0 search of NRPA: one game from the root sampled from a policy.
///
/// The legal groups are kept with their codes and weights (policy weight + bias)
/// from one step to the next, as [`GroupList`](crate::board::groups::GroupList)
/// keeps groups: after a move only the groups with a tile in the columns the move
/// can have changed ([`Window`]: its columns and one on each side; everything right
/// of them when a column was emptied, since a shifted group's code changes) are
/// flooded again, and each is flooded once, its code taken from the same flood.
pub struct Playout {
    /// Which groups are candidates.
    pub selective: Selective,
    /// GNRPA bias: a candidate's weight gets β · h(group) added ([`Bias`]).
    pub bias: Bias,
    mask: GroupMask,
    /// Every legal group with its code and weight, ordered by canonical cell.
    cache: Vec<Entry>,
    /// Scratch: the groups found by a scan, then the merged list.
    fresh: Vec<Entry>,
    merged: Vec<Entry>,
    probs: Vec<f64>,
    picks: Vec<u16>,
}

/// Which groups a playout samples from: all of them, or (the selective policy of
/// Cazenave 2016) none of the tabu colour while groups of other colours exist, except
/// tabu groups of at most `late_size` tiles once at most `late_tiles` tiles are left
/// (`late_tiles == 0`: no exception). NRPA fills it from `--policy`,
/// `--nrpa-late-tiles` and `--nrpa-late-size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selective {
    /// Tabu colour (`None`: every group is a candidate).
    pub tabu: Option<u8>,
    /// Largest number of tiles on the board at which the late-game exception applies.
    pub late_tiles: u16,
    /// Largest tabu-colour group the late-game exception lets in.
    pub late_size: u16,
}

impl Selective {
    /// Every group is a candidate.
    pub const ALL: Selective = Selective {
        tabu: None,
        late_tiles: 0,
        late_size: 0,
    };
}

impl Playout {
    /// A playout sampling from the candidates `selective` allows, with GNRPA bias
    /// `bias` (β · (group size − 2) added to every weight; 0 = plain NRPA).
    pub fn new(selective: Selective, bias: f64) -> Self {
        Playout {
            selective,
            bias: Bias::size(bias),
            mask: GroupMask::default(),
            cache: Vec::new(),
            fresh: Vec::new(),
            merged: Vec::new(),
            probs: Vec::new(),
            picks: Vec::new(),
        }
    }

    /// The same playout with the GNRPA bias `bias` (β, prior and tabu colour).
    pub fn with_bias(mut self, bias: Bias) -> Self {
        self.bias = bias;
        self
    }

    /// The same playout with GNRPA prior `prior` for its β (`tabu`: the colour
    /// [`Prior::Tabu`] penalises).
    pub fn with_prior(mut self, prior: Prior, tabu: Option<u8>) -> Self {
        self.bias.prior = prior;
        self.bias.tabu = tabu;
        self
    }

    /// Floods every group with a tile in columns `lo..=hi` once and merges them,
    /// with their codes and weights, into the list after its first `left` entries
    /// (the groups left of the columns; those after `left` are right of them).
    fn scan(&mut self, board: &Board, pol: &Policy, lo: usize, hi: usize, left: usize) {
        self.fresh.clear();
        let (fresh, bias) = (&mut self.fresh, self.bias);
        board.flood_groups_in(lo, hi, &mut self.mask, |m| {
            let g = m.group();
            let code = code(&g, m);
            let w = pol.weight(code) + bias.of(&g);
            let e = if w <= EXP_DIRECT { fast_exp(w) } else { 0.0 };
            fresh.push(Entry { g, code, w, e });
        });
        // Found in canonical order but for groups reaching left of `lo`: an
        // insertion sort is linear here.
        let f = &mut self.fresh;
        for i in 1..f.len() {
            let mut j = i;
            while j > 0 && f[j - 1].g.cell > f[j].g.cell {
                f.swap(j - 1, j);
                j -= 1;
            }
        }
        // A group found here has a tile in lo..=hi, so it comes before every group
        // right of the columns; merge it with those on the left.
        self.merged.clear();
        let (mut i, mut j) = (0, 0);
        while i < left && j < f.len() {
            if self.cache[i].g.cell < f[j].g.cell {
                self.merged.push(self.cache[i]);
                i += 1;
            } else {
                self.merged.push(f[j]);
                j += 1;
            }
        }
        self.merged.extend_from_slice(&self.cache[i..left]);
        self.merged.extend_from_slice(&f[j..]);
        self.merged.extend_from_slice(&self.cache[left..]);
        std::mem::swap(&mut self.cache, &mut self.merged);
    }

    /// The legal groups of `board` with codes and weights, from scratch.
    fn reset(&mut self, board: &Board, pol: &Policy) {
        self.cache.clear();
        if board.ncols() > 0 {
            self.scan(board, pol, 0, board.ncols() - 1, 0);
        }
    }

    /// Brings the list up to date after `change` was played (`board`: the position
    /// after the move).
    fn update(&mut self, board: &Board, pol: &Policy, change: Change) {
        let n = board.ncols();
        if n == 0 {
            self.cache.clear();
            return;
        }
        let w = Window::new(n, change);
        let shifted = w.emptied() > 0;
        // Unchanged: groups left of the window, and right of it when no column was
        // emptied (a shifted group's code depends on its columns' indices).
        let mut left = 0;
        self.cache.retain(|Entry { g, .. }| {
            let l = w.left_of(g);
            left += usize::from(l);
            l || (!shifted && w.right_of(g))
        });
        if w.lo < n {
            let hi = if shifted { n - 1 } else { w.hi };
            self.scan(board, pol, w.lo, hi, left);
        }
    }

    /// The candidate rule at `board` (its groups in the cache): the colour whose
    /// groups are not candidates (`u16::MAX`: none; the tabu colour only while
    /// groups of other colours exist), and the size up to which its groups are
    /// candidates all the same (the late-game exception; 0 = none). A group `g` is
    /// a candidate when `u16::from(g.color) != colour || g.size <= size`.
    #[inline]
    fn rule(&self, board: &Board) -> (u16, u16) {
        let sel = self.selective;
        let tabu = sel
            .tabu
            .filter(|&t| self.cache.iter().any(|e| e.g.color != t))
            .map_or(u16::MAX, u16::from);
        let small = if board.tiles() <= usize::from(sel.late_tiles) {
            sel.late_size
        } else {
            0
        };
        (tabu, small)
    }

    /// Plays `root` to its end under `pol`; the moves go to `moves` and what was
    /// sampled at each step with more than one candidate to `trace` (both cleared
    /// first). Returns the final score.
    pub fn run(
        &mut self,
        root: &Board,
        pol: &Policy,
        rng: &mut Rng,
        moves: &mut Vec<Cell>,
        trace: &mut Trace,
    ) -> i32 {
        moves.clear();
        trace.clear();
        let mut board = *root;
        self.reset(&board, pol);
        while !self.cache.is_empty() {
            let (selective, small) = self.rule(&board);
            let gs = &self.cache;
            // One pass: the candidates, their cached exp(w) and the largest w.
            self.picks.clear();
            self.probs.clear();
            let start = trace.cands.len();
            let (mut z, mut max) = (0.0, f64::NEG_INFINITY);
            for (i, &Entry { g, code, w, e }) in gs.iter().enumerate() {
                if u16::from(g.color) != selective || g.size <= small {
                    self.picks.push(i as u16);
                    trace.cands.push((code, self.bias.of(&g)));
                    self.probs.push(e);
                    z += e;
                    max = max.max(w);
                }
            }
            let pick = if self.picks.len() == 1 {
                trace.cands.truncate(start);
                gs[self.picks[0] as usize].g
            } else {
                // Softmax over the candidates' weights: exp(w) as cached, or shifted
                // by the largest weight when one is too large to exponentiate.
                if max > EXP_DIRECT {
                    z = 0.0;
                    for (p, &i) in self.probs.iter_mut().zip(&self.picks) {
                        *p = fast_exp(gs[i as usize].w - max);
                        z += *p;
                    }
                }
                let mut r = rng.gen::<f64>() * z;
                let mut k = self.probs.len() - 1;
                for (j, &p) in self.probs.iter().enumerate() {
                    if r < p {
                        k = j;
                        break;
                    }
                    r -= p;
                }
                trace.starts.push(trace.cands.len() as u32);
                trace.chosen.push(k as u32);
                gs[self.picks[k] as usize].g
            };
            moves.push(pick.cell);
            board.flood_color(
                pick.cell.x.into(),
                pick.cell.y.into(),
                pick.color,
                &mut self.mask,
            );
            let change = board.play_mask(&self.mask);
            self.update(&board, pol, change);
        }
        board.final_score()
    }
}

mod replay;

#[cfg(test)]
mod tests {
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
                code(g, &mask)
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
        assert_eq!(code(&h, &mask), codes[i]);
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
    fn cached_codes_and_weights_match_fresh_ones_after_every_move() {
        let mut pol = Policy::default();
        let mut scratch = AdaptScratch::default();
        let mut rng = crate::rng_for(5, 0, 0);
        let (mut moves, mut trace) = (Vec::new(), Trace::default());
        for seed in 0..20 {
            let b = random_board(9, 7, 3, seed, Variant::SameGame);
            let mut p = Playout::new(Selective::ALL, 0.25);
            p.run(&b, &pol, &mut rng, &mut moves, &mut trace);
            pol.adapt(&trace, 1.0, &mut scratch);
            // Replay the game, comparing the cache with a fresh computation.
            let mut board = b;
            p.reset(&board, &pol);
            for m in &moves {
                let ch = board.play(*m);
                p.update(&board, &pol, ch);
                let cached = p.cache.clone();
                p.reset(&board, &pol);
                assert_eq!(cached, p.cache, "seed {seed}");
                let groups: Vec<Group> = p.cache.iter().map(|e| e.g).collect();
                assert_eq!(groups, board.groups(), "seed {seed}");
            }
        }
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
                assert_eq!(trace.starts.len(), trace.steps() + 1);
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
                let biases: Vec<f64> = trace.step(0).iter().map(|&(_, x)| x).collect();
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
                        (code(g, &mask), *g)
                    })
                    .collect();
                assert_eq!(by_code.len(), gs.len(), "one code per group");
                for g in &gs {
                    b.flood(g.cell, &mut mask);
                    assert_eq!(by_code[&code(g, &mask)], *g);
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
        let root = trace.step(0).to_vec();
        assert!(root.len() >= 3, "a root with a choice");
        let mut expected = Vec::new();
        pol.softmax(&root, &mut expected);
        let n = 40_000;
        let mut counts = vec![0u32; root.len()];
        for _ in 0..n {
            p.run(&b, &pol, &mut rng, &mut moves, &mut trace);
            assert_eq!(
                trace.step(0),
                &root[..],
                "the root's candidates do not change"
            );
            counts[trace.chosen[0] as usize] += 1;
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
}
