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
//! exception ([`Late`]), small tabu groups once few tiles are left.
//!
//! Owns: [`code`] and [`Playout`]. Must not: adapt policies or count budgets.

use rand::Rng as _;

use super::policy::{fast_exp, Policy, Trace};
use crate::board::groups::Window;
use crate::board::{Board, Cell, Change, Group, GroupMask};
use crate::rng::{splitmix64, Rng, GOLDEN_GAMMA};
use crate::search::config::Late;

/// A well-mixed key from any 64-bit value (one SplitMix64 step).
#[inline]
fn mix(z: u64) -> u64 {
    splitmix64(z.wrapping_add(GOLDEN_GAMMA))
}

/// The code of the group flooded into `mask` (`g` its summary): colour and cells.
#[inline]
pub(crate) fn code(g: &Group, mask: &GroupMask) -> u64 {
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
pub(crate) struct Playout {
    /// Tabu colour of the selective policy (`None` = every group is a candidate).
    pub tabu: Option<u8>,
    /// Late-game exception to the tabu colour.
    pub late: Late,
    /// GNRPA bias β: a candidate's weight gets β · (group size − 2) added.
    pub bias: f64,
    mask: GroupMask,
    /// Every legal group with its code and weight, ordered by canonical cell.
    cache: Vec<Entry>,
    /// Scratch: the groups found by a scan, then the merged list.
    fresh: Vec<Entry>,
    merged: Vec<Entry>,
    probs: Vec<f64>,
    picks: Vec<u16>,
}

impl Playout {
    pub fn new(tabu: Option<u8>, late: Late, bias: f64) -> Self {
        Playout {
            tabu,
            late,
            bias,
            mask: GroupMask::default(),
            cache: Vec::new(),
            fresh: Vec::new(),
            merged: Vec::new(),
            probs: Vec::new(),
            picks: Vec::new(),
        }
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
            let w = pol.weight(code) + bias * f64::from(g.size - 2);
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
            let gs = &self.cache;
            let selective = self
                .tabu
                .filter(|&t| gs.iter().any(|e| e.g.color != t))
                .map_or(u16::MAX, u16::from);
            // Tabu groups of at most this size are candidates all the same.
            let small = if board.tiles() <= usize::from(self.late.tiles) {
                self.late.size
            } else {
                0
            };
            self.picks.clear();
            self.picks.extend((0..gs.len() as u16).filter(|&i| {
                let g = &gs[i as usize].g;
                u16::from(g.color) != selective || g.size <= small
            }));
            let pick = if self.picks.len() == 1 {
                gs[self.picks[0] as usize].g
            } else {
                // Softmax over the candidates' weights: exp(w) as cached, or shifted
                // by the largest weight when one is too large to exponentiate.
                let max = self
                    .picks
                    .iter()
                    .map(|&i| gs[i as usize].w)
                    .fold(f64::NEG_INFINITY, f64::max);
                self.probs.clear();
                let mut z = 0.0;
                for &i in &self.picks {
                    let Entry { g, code, w, e } = gs[i as usize];
                    trace.cands.push((code, self.bias * f64::from(g.size - 2)));
                    let p = if max <= EXP_DIRECT {
                        e
                    } else {
                        fast_exp(w - max)
                    };
                    z += p;
                    self.probs.push(p);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testutil::random_board;
    use crate::Variant;

    /// The strict selective policy (no late-game exception).
    const OFF: Late = Late { tiles: 0, size: 2 };

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
        let mut p = Playout::new(Some(0), OFF, 0.0);
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
        let tabu = Some(3u8);
        let candidates = |late: Late| {
            let mut p = Playout::new(tabu, late, 0.0);
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
        let off = candidates(OFF);
        assert!(!off.contains(&tabu_group), "strict: the tabu group waits");
        let on = candidates(Late { tiles: 15, size: 2 });
        assert!(on.contains(&tabu_group), "15 tiles, size 2: a candidate");
        let too_big = candidates(Late { tiles: 15, size: 1 });
        assert!(!too_big.contains(&tabu_group), "size 1: not small enough");
        let early = candidates(Late { tiles: 14, size: 2 });
        assert!(!early.contains(&tabu_group), "15 tiles > 14: not late yet");
    }

    #[test]
    fn cached_codes_and_weights_match_fresh_ones_after_every_move() {
        let mut pol = Policy::default();
        let mut scratch = Vec::new();
        let mut rng = crate::rng_for(5, 0, 0);
        let (mut moves, mut trace) = (Vec::new(), Trace::default());
        for seed in 0..20 {
            let b = random_board(9, 7, 3, seed, Variant::SameGame);
            let mut p = Playout::new(None, OFF, 0.25);
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
            let mut p = Playout::new(None, OFF, 0.5);
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
}
