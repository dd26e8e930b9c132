//! Uniform random and tabu-colour playouts.
//!
//! A move is drawn uniformly over the legal *groups* (the thesis' reference policy)
//! without enumerating them: pick a tile uniformly among the tiles that belong to a
//! group, flood its group (size n) and accept it with probability 2/n, else redraw.
//! A group of n tiles is then drawn with probability proportional to n · 2/n = 2,
//! the same for every group; the expected number of floods per move is below 2.
//! `tests::first_move_is_uniform_over_groups` checks the distribution.

use rand::Rng as _;
use serde::{Deserialize, Serialize};

use crate::board::{Board, Cell, GroupMask, MAX_WIDTH};
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
    Auto,
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
            _ => Err(format!(
                "unknown policy '{s}' (expected random, tabu, tabu-bandit or auto)"
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
/// The pair masks (tiles that belong to a group) are kept up to date incrementally:
/// after a move only the columns it touched, plus one on each side, are recomputed.
#[inline]
pub fn playout(board: &mut Board, tabu: Option<u8>, rng: &mut Rng, moves: &mut Vec<Cell>) -> i32 {
    // free[x]: pair tiles of non-tabu colours; tabu[x]: pair tiles of the tabu colour.
    let mut free = [0u32; MAX_WIDTH];
    let mut tabu_m = [0u32; MAX_WIDTH];
    let skip = tabu.map_or(usize::MAX, usize::from);
    let mut mask = GroupMask::default();
    let mut n = board.ncols();
    for x in 0..n {
        (free[x], tabu_m[x]) = board.pair_mask_column(x, skip);
    }
    loop {
        let mut total: u32 = free[..n].iter().map(|m| m.count_ones()).sum();
        let masks = if total > 0 {
            &free
        } else {
            total = tabu_m[..n].iter().map(|m| m.count_ones()).sum();
            &tabu_m
        };
        if total == 0 {
            break;
        }
        loop {
            let (x, y) = select(masks, rng.gen_range(0..total));
            let color = (0..board.colors())
                .find(|&c| board.lane(x, c) >> y & 1 != 0)
                .expect("pair tile is occupied") as u8;
            let size = board.flood_color(x, y, color, &mut mask);
            if size == 2 || rng.gen_range(0..size) < 2 {
                break;
            }
        }
        moves.push(mask.group().cell);
        let ch = board.play_mask(&mask);
        // Incremental refresh of the pair masks.
        let (a, b, e) = (
            usize::from(ch.xmin),
            usize::from(ch.xmax),
            usize::from(ch.emptied),
        );
        let new_n = board.ncols();
        if e > 0 {
            for x in b + 1..n {
                free[x - e] = free[x];
                tabu_m[x - e] = tabu_m[x];
            }
            for x in new_n..n {
                free[x] = 0;
                tabu_m[x] = 0;
            }
        }
        n = new_n;
        if n > 0 {
            let hi = (b + 1 - e).min(n - 1);
            for x in a.saturating_sub(1)..=hi {
                (free[x], tabu_m[x]) = board.pair_mask_column(x, skip);
            }
        }
    }
    board.final_score()
}

/// The `r`-th set bit (0-based, column-major) of the per-column masks.
#[inline]
fn select(masks: &[u32; MAX_WIDTH], mut r: u32) -> (usize, usize) {
    for (x, &m) in masks.iter().enumerate() {
        let k = m.count_ones();
        if r < k {
            return (x, nth_set_bit(m, r) as usize);
        }
        r -= k;
    }
    unreachable!("select beyond the number of set bits")
}

/// Index of the `r`-th set bit (0-based, from bit 0) of `m`; `r < m.count_ones()`.
#[inline]
fn nth_set_bit(m: u32, r: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the bmi2 target feature is enabled at compile time.
        unsafe { core::arch::x86_64::_pdep_u32(1 << r, m) }.trailing_zeros()
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut m = m;
        for _ in 0..r {
            m &= m - 1;
        }
        m.trailing_zeros()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::naive::NaiveBoard;
    use crate::rng_for;
    use crate::rules::Variant;

    fn board(s: &str) -> Board {
        s.parse().unwrap()
    }

    #[test]
    fn nth_set_bit_agrees_with_clearing_low_bits() {
        let mut rng = rng_for(11, 0, 0);
        for _ in 0..10_000 {
            let m: u32 = rng.gen();
            for r in 0..m.count_ones() {
                let mut v = m;
                for _ in 0..r {
                    v &= v - 1;
                }
                assert_eq!(nth_set_bit(m, r), v.trailing_zeros(), "{m:#x} {r}");
            }
        }
    }

    #[test]
    fn first_move_is_uniform_over_groups() {
        // Groups of very different sizes: 8, 2, 3, 2, 2, 4 ... tiles.
        let b = board("00001122\n00033122\n44031552\n44335511");
        let groups = b.groups();
        let k = groups.len();
        assert!(k >= 5, "{k}");
        let n = 60_000;
        let mut hits = vec![0u32; k];
        let mut rng = rng_for(7, 0, 0);
        let mut moves = Vec::new();
        for _ in 0..n {
            let mut bb = b;
            moves.clear();
            // One move only: stop after the first by playing on a copy and reading moves[0].
            playout(&mut bb, None, &mut rng, &mut moves);
            let first = moves[0];
            let i = groups.iter().position(|g| g.cell == first).unwrap();
            hits[i] += 1;
        }
        // Chi-square against uniform, k-1 degrees of freedom; 99.9% quantile for
        // up to 12 dof is below 33.
        let e = f64::from(n) / k as f64;
        let chi2: f64 = hits.iter().map(|&h| (f64::from(h) - e).powi(2) / e).sum();
        assert!(chi2 < 33.0, "chi2 {chi2} hits {hits:?}");
    }

    #[test]
    fn playout_ends_terminal_with_replayable_score() {
        for v in Variant::ALL {
            let mut rng = rng_for(1, 2, 3);
            let start = board("012340\n123401\n234012\n340123\n401234\n012341").with_variant(v);
            for _ in 0..50 {
                let mut b = start;
                let mut moves = Vec::new();
                let s = playout(&mut b, None, &mut rng, &mut moves);
                assert!(b.is_terminal());
                let mut n = NaiveBoard::from_rows(&start.to_rows(), start.colors(), v);
                for m in &moves {
                    n.play(m.x.into(), m.y.into());
                }
                assert!(n.groups().is_empty());
                assert_eq!(n.final_score(), s);
            }
        }
    }

    #[test]
    fn auto_policy_resolves_per_variant() {
        let r = |v| RolloutPolicy::Auto.resolve(v);
        assert_eq!(r(Variant::SameGame), RolloutPolicy::Tabu);
        assert_eq!(r(Variant::SameGameNoPenalty), RolloutPolicy::Tabu);
        assert_eq!(r(Variant::Clickomania), RolloutPolicy::Random);
        assert_eq!(r(Variant::BubbleBreaker), RolloutPolicy::Random);
        assert_eq!(
            RolloutPolicy::TabuBandit.resolve(Variant::Clickomania),
            RolloutPolicy::TabuBandit
        );
        assert_eq!("auto".parse::<RolloutPolicy>(), Ok(RolloutPolicy::Auto));
    }

    #[test]
    fn tabu_colour_is_avoided_while_others_exist() {
        // Colour 0 has most tiles; colour 1 has one group.
        let start = board("000\n000\n110");
        assert_eq!(tabu_color(&start), Some(0));
        let mut rng = rng_for(3, 0, 0);
        for _ in 0..20 {
            let mut b = start;
            let mut moves = Vec::new();
            playout(&mut b, Some(0), &mut rng, &mut moves);
            assert_eq!(moves[0], Cell::new(0, 0), "the 1-group goes first");
        }
    }
}
