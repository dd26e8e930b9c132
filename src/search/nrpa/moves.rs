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
//! not candidates while groups of other colours exist.
//!
//! Owns: [`code`] and [`Playout`]. Must not: adapt policies or count budgets.

use rand::Rng as _;

use super::policy::{Policy, Trace};
use crate::board::groups::GroupList;
use crate::board::{Board, Cell, Group, GroupMask};
use crate::Rng;

/// SplitMix64 finaliser: a well-mixed key from any 64-bit value.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
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

/// The level-0 search of NRPA: one game from the root sampled from a policy.
///
/// Codes and weights (policy weight + bias) of the legal groups are cached from one
/// step to the next: a group whose columns and their neighbours the move did not
/// change (left of the move, or right of it when no column was emptied) has the
/// same cells, so the same code and weight; only the others are flooded again.
pub(crate) struct Playout {
    /// Tabu colour of the selective policy (`None` = every group is a candidate).
    pub tabu: Option<u8>,
    /// GNRPA bias β: a candidate's weight gets β · (group size − 2) added.
    pub bias: f64,
    groups: GroupList,
    mask: GroupMask,
    /// (group, code, weight + bias) of every legal group, in `groups` order.
    cache: Vec<(Group, u64, f64)>,
    prev: Vec<(Group, u64, f64)>,
    probs: Vec<f64>,
    picks: Vec<u16>,
}

impl Playout {
    pub fn new(tabu: Option<u8>, bias: f64) -> Self {
        Playout {
            tabu,
            bias,
            groups: GroupList::default(),
            mask: GroupMask::default(),
            cache: Vec::new(),
            prev: Vec::new(),
            probs: Vec::new(),
            picks: Vec::new(),
        }
    }

    /// Brings `cache` up to date with `groups` on `board` after a move that changed
    /// columns `a..=b` (old indices) and emptied `e` columns (`None`: first step).
    fn refresh(&mut self, board: &Board, pol: &Policy, changed: Option<(usize, usize, usize)>) {
        std::mem::swap(&mut self.cache, &mut self.prev);
        self.cache.clear();
        // Both lists are ordered by canonical cell: one cursor walks `prev`.
        let mut j = 0;
        for g in self.groups.as_slice() {
            let (lo, hi) = (usize::from(g.xmin), usize::from(g.xmax));
            let same = changed.is_some_and(|(a, b, e)| hi + 1 < a || (e == 0 && lo > b + 1));
            let old = if same {
                while j < self.prev.len() && self.prev[j].0.cell < g.cell {
                    j += 1;
                }
                self.prev.get(j).copied().filter(|c| c.0 == *g)
            } else {
                None
            };
            let entry = old.unwrap_or_else(|| {
                board.flood_color(g.cell.x.into(), g.cell.y.into(), g.color, &mut self.mask);
                let c = code(g, &self.mask);
                (*g, c, pol.weight(c) + self.bias * f64::from(g.size - 2))
            });
            self.cache.push(entry);
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
        self.groups.reset(&board);
        self.refresh(&board, pol, None);
        while !self.groups.is_empty() {
            let gs = &self.cache;
            let selective = self
                .tabu
                .filter(|&t| gs.iter().any(|g| g.0.color != t))
                .map_or(u16::MAX, u16::from);
            self.picks.clear();
            self.picks.extend(
                (0..gs.len() as u16).filter(|&i| u16::from(gs[i as usize].0.color) != selective),
            );
            let pick = if self.picks.len() == 1 {
                gs[self.picks[0] as usize].0
            } else {
                // Softmax over the candidates' weights (shifted by the largest).
                let max = self
                    .picks
                    .iter()
                    .map(|&i| gs[i as usize].2)
                    .fold(f64::NEG_INFINITY, f64::max);
                self.probs.clear();
                let mut z = 0.0;
                for &i in &self.picks {
                    let (g, c, w) = gs[i as usize];
                    trace.cands.push((c, self.bias * f64::from(g.size - 2)));
                    let p = (w - max).exp();
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
                gs[self.picks[k] as usize].0
            };
            moves.push(pick.cell);
            board.flood_color(
                pick.cell.x.into(),
                pick.cell.y.into(),
                pick.color,
                &mut self.mask,
            );
            let change = board.play_mask(&self.mask);
            self.groups.update(&board, change);
            let changed = (
                usize::from(change.xmin),
                usize::from(change.xmax),
                usize::from(change.emptied),
            );
            self.refresh(&board, pol, Some(changed));
        }
        board.final_score()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testutil::random_board;
    use crate::Variant;

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
        let mut p = Playout::new(Some(0), 0.0);
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
    fn cached_codes_and_weights_match_fresh_ones_after_every_move() {
        let mut pol = Policy::default();
        let mut scratch = Vec::new();
        let mut rng = crate::rng_for(5, 0, 0);
        let (mut moves, mut trace) = (Vec::new(), Trace::default());
        for seed in 0..20 {
            let b = random_board(9, 7, 3, seed, Variant::SameGame);
            let mut p = Playout::new(None, 0.25);
            p.run(&b, &pol, &mut rng, &mut moves, &mut trace);
            pol.adapt(&trace, 1.0, &mut scratch);
            // Replay the game, comparing the cache with a fresh computation.
            let mut board = b;
            p.groups.reset(&board);
            p.refresh(&board, &pol, None);
            for m in &moves {
                let ch = board.play(*m);
                p.groups.update(&board, ch);
                let ch = (ch.xmin.into(), ch.xmax.into(), ch.emptied.into());
                p.refresh(&board, &pol, Some(ch));
                let cached = p.cache.clone();
                p.refresh(&board, &pol, None);
                assert_eq!(cached, p.cache, "seed {seed}");
            }
        }
    }

    #[test]
    fn playouts_replay_and_traces_match_the_moves() {
        for v in Variant::ALL {
            let b = random_board(7, 6, 3, 2, v);
            let mut p = Playout::new(None, 0.5);
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
