//! Uniform random and tabu-colour playouts.
//!
//! A move is drawn uniformly over the legal *groups* (the thesis' reference policy)
//! without enumerating them: pick a tile uniformly among the tiles that belong to a
//! group, flood its group (size n) and accept it with probability 2/n, else redraw.
//! A group of n tiles is then drawn with probability proportional to n · 2/n = 2,
//! the same for every group; the expected number of floods per move is below 2.
//! `tests::first_move_is_uniform_over_groups` checks the distribution.
//!
//! Random numbers: one 64-bit draw per candidate tile; its low half picks the tile
//! and its high half decides acceptance, both with Lemire's exact multiply-shift
//! (`below`; a redraw happens with probability below n / 2^32). Until issue 12 the
//! two were separate `gen_range` calls, whose rejection zone redraws up to half of
//! the time for small n: same distribution, but hard-to-predict branches and more
//! generator steps. The deterministic `samegame bench --playouts 2000` signature
//! changed with it from 205736 to 204048 (random) and from 1188430 to 1178308
//! (tabu); `bench_signature_is_pinned` in tests/cli.rs pins these values.
//!
//! Owns: the policies and the playout loop, played on the board's bit-sliced
//! [`Planes`]. Must not: keep state between playouts (the bandit lives in search).
//! `reference.rs` (tests only) keeps the previous column-lane playout on [`Board`]:
//! the fast loop must draw exactly the same moves from the same random numbers.

use rand::RngCore as _;
use serde::{Deserialize, Serialize};

use crate::board::planes::{
    and_not, count, empty, intersects, lane_bits, planes_for, select_seed, Planes, MAX_PLANES,
};
use crate::board::{Board, Cell};
use crate::Rng;

/// Which rollout policy a search uses (`--policy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum RolloutPolicy {
    /// Uniform over legal groups.
    #[default]
    Random,
    /// TabuColorRandom: the colour with most tiles at the start of the rollout is
    /// tabu: its groups are not played while groups of other colours exist.
    Tabu,
    /// TabuColorRandom whose tabu colour is chosen per rollout by a UCB1-TUNED bandit
    /// learning, across the rollouts of one search, which colour works best.
    TabuBandit,
    /// The tuned default for the board's variant ([`RolloutPolicy::resolve`]): `tabu`
    /// for SameGame (both variants), `random` for Clickomania and Bubble Breaker.
    /// (The searches may resolve it to `adapt` where learned rollouts won: `mcts` on
    /// large SameGame boards, the warm trees of `nmcts` and `nbmcts`;
    /// `search::resolve` with `search::defaults`.)
    Auto,
    /// Learned rollouts: each move sampled from a softmax over NRPA's move codes
    /// ([`crate::policy::adaptive`]), the weights adapted toward the best line the
    /// search has found (Playout Policy Adaptation; tree searches and NMCS,
    /// `search::adapt`).
    Adapt,
}

impl RolloutPolicy {
    /// The concrete policy for `variant` (`Auto` resolved; others unchanged).
    /// TabuColorRandom is the thesis' informed policy for SameGame (§4.3) and beat
    /// random rollouts in every SameGame comparison here (docs/experiments.md); it was
    /// not used for Clickomania and Bubble Breaker, which keep random rollouts.
    pub fn resolve(self, variant: crate::rules::Variant) -> RolloutPolicy {
        use crate::rules::Variant;
        match (self, variant) {
            (RolloutPolicy::Auto, Variant::SameGame | Variant::SameGameNoPenalty) => {
                RolloutPolicy::Tabu
            }
            (RolloutPolicy::Auto, _) => RolloutPolicy::Random,
            (p, _) => p,
        }
    }
}

impl std::str::FromStr for RolloutPolicy {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(RolloutPolicy::Random),
            "tabu" => Ok(RolloutPolicy::Tabu),
            "tabu-bandit" | "bandit" => Ok(RolloutPolicy::TabuBandit),
            "auto" => Ok(RolloutPolicy::Auto),
            "adapt" => Ok(RolloutPolicy::Adapt),
            _ => Err(format!(
                "unknown policy '{s}' (expected random, tabu, tabu-bandit, adapt or auto)"
            )),
        }
    }
}

impl std::fmt::Display for RolloutPolicy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            RolloutPolicy::Random => "random",
            RolloutPolicy::Tabu => "tabu",
            RolloutPolicy::TabuBandit => "tabu-bandit",
            RolloutPolicy::Auto => "auto",
            RolloutPolicy::Adapt => "adapt",
        })
    }
}

/// The TabuColorRandom choice: the colour with most tiles (lowest index on ties),
/// or `None` on an empty board.
pub fn tabu_color(board: &Board) -> Option<u8> {
    let counts = board.counts();
    let mut best: Option<(u16, u8)> = None;
    for (c, &k) in counts.iter().enumerate() {
        if k > 0 && best.is_none_or(|(bk, _)| k > bk) {
            best = Some((k, c as u8));
        }
    }
    best.map(|(_, c)| c)
}

/// Plays `board` to its end, each move uniform over the legal groups, except that
/// groups of colour `tabu` are only played when no other group exists. Appends the
/// canonical cell of every move to `moves`. Returns the final score.
///
/// The game is played on bit-sliced planes ([`Planes`]) sized for the board: 16-bit
/// column lanes up to 16 rows, 32-bit lanes above; one, two or four 256-bit blocks
/// per plane.
#[inline]
pub fn playout(board: &mut Board, tabu: Option<u8>, rng: &mut Rng, moves: &mut Vec<Cell>) -> i32 {
    match tabu {
        None => playout_sized::<false>(board, 0, rng, moves),
        Some(t) => playout_sized::<true>(board, t, rng, moves),
    }
}

/// [`playout`] with the plane layout chosen for the board.
#[inline]
fn playout_sized<const TABU: bool>(
    board: &mut Board,
    tabu: u8,
    rng: &mut Rng,
    moves: &mut Vec<Cell>,
) -> i32 {
    if lane_bits(board.height()) == 16 {
        if board.width() <= 16 {
            // The common case (up to 16 × 16): as many colour planes as needed.
            match planes_for(board.colors()) {
                0 | 1 => playout_planes::<1, 16, 1, TABU>(board, tabu, rng, moves),
                2 => playout_planes::<1, 16, 2, TABU>(board, tabu, rng, moves),
                3 => playout_planes::<1, 16, 3, TABU>(board, tabu, rng, moves),
                _ => playout_planes::<1, 16, MAX_PLANES, TABU>(board, tabu, rng, moves),
            }
        } else {
            playout_planes::<2, 16, MAX_PLANES, TABU>(board, tabu, rng, moves)
        }
    } else if board.width() <= 16 {
        playout_planes::<2, 32, MAX_PLANES, TABU>(board, tabu, rng, moves)
    } else {
        playout_planes::<4, 32, MAX_PLANES, TABU>(board, tabu, rng, moves)
    }
}

/// [`playout`] on planes of `B` blocks with `L`-bit lanes and `P` colour bit planes
/// (the board must fit).
///
/// Each move: the same-colour edges and pair tiles of the whole board (minus the tabu
/// colour's while another colour has one); a tile drawn uniformly among them, its
/// group flooded along the edges (size n) and accepted with probability 2/n, else
/// redrawn (one 64-bit random number per candidate).
#[inline(never)]
fn playout_planes<const B: usize, const L: u32, const P: usize, const TABU: bool>(
    board: &mut Board,
    tabu: u8,
    rng: &mut Rng,
    moves: &mut Vec<Cell>,
) -> i32 {
    let mut p = Planes::<B, L, P>::from_board(board);
    let variant = board.variant();
    let (mut gained, mut played) = (0, 0);
    loop {
        let edges = p.edges();
        let pairs = Planes::<B, L, P>::pairs(&edges);
        let (masks, total) = if TABU {
            let free = and_not(&pairs, &p.color_plane(tabu));
            match count(&free) {
                // With no other group left, every pair tile is of the tabu colour.
                0 => (pairs, count(&pairs)),
                k => (free, k),
            }
        } else {
            (pairs, count(&pairs))
        };
        if total == 0 {
            break;
        }
        // With a tabu colour, the last group flooded and refused: a redraw that falls
        // in it again reuses it without a flood (the tabu colour's groups grow big,
        // and big groups are drawn often and refused often). Random playouts skip
        // it: their redraws seldom hit the same group, and the test mispredicts.
        let mut last = (empty::<B>(), 0);
        let (group, size) = loop {
            let d = rng.next_u64();
            let (_, seed) = select_seed(&masks, below(rng, d as u32, total));
            let (g, size) = if TABU && intersects(&last.0, &seed) {
                last
            } else {
                Planes::<B, L, P>::flood(&edges, &seed)
            };
            if accept(rng, (d >> 32) as u32, size) {
                break (g, size);
            }
            last = (g, size);
        };
        moves.push(Planes::<B, L, P>::first_cell(&group));
        p.remove(&group);
        gained += variant.group_score(size);
        played += 1;
    }
    p.write_to(board, gained, played);
    board.final_score()
}

#[cfg(test)]
mod reference;
#[cfg(test)]
mod tests;

/// Accepts a group of `n` ≥ 2 tiles with probability 2/n, from the 32 random bits
/// `v`: `n == 2` or `below(v, n) < 2`, computed as one condition (one branch for the
/// caller) except in [`below`]'s rare redraw case.
#[inline(always)]
pub(crate) fn accept(rng: &mut Rng, v: u32, n: u32) -> bool {
    let m = u64::from(v) * u64::from(n);
    if (m as u32) < n && n != 2 {
        return below(rng, v, n) < 2;
    }
    (n == 2) | (m >> 32 < 2)
}

/// A uniform integer in `0..n` from the 32 random bits `v`: Lemire's multiply-shift,
/// exact (the rare redraw, probability below n / 2^32, takes more bits from `rng`).
#[inline(always)]
pub(crate) fn below(rng: &mut Rng, v: u32, n: u32) -> u32 {
    let mut m = u64::from(v) * u64::from(n);
    if (m as u32) < n {
        let t = n.wrapping_neg() % n;
        while (m as u32) < t {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}
