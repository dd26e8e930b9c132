//! Scoring rules of the SameGame family, selected at run time with `--variant`.
//!
//! Owns: the [`Variant`] enum, per-group scores, end-of-game adjustments and the
//! reward bounds used to normalise scores to [0, 1] (thesis eq. 4.1-4.2, generalised
//! to W × H). It must not know anything about boards beyond tile counts: move rules
//! (groups, gravity, column shifts) are identical in every variant and live in `board`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A scoring variant. Moves are identical in all variants; only scores differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Variant {
    /// Thesis §3.1: a group of n scores (n−2)²; clearing the board adds 1000;
    /// otherwise every colour with k ≥ 1 tiles left subtracts (k−2)².
    #[default]
    SameGame,
    /// CodinGame / NRPA rules: (n−2)², +1000 for clearing, no end penalty.
    SameGameNoPenalty,
    /// Score = number of tiles removed.
    Clickomania,
    /// A group of n scores n(n−1).
    BubbleBreaker,
}

impl Variant {
    /// Every variant, in the order they are documented.
    pub const ALL: [Variant; 4] = [
        Variant::SameGame,
        Variant::SameGameNoPenalty,
        Variant::Clickomania,
        Variant::BubbleBreaker,
    ];

    /// The name used on the command line and in solution files.
    pub fn name(self) -> &'static str {
        match self {
            Variant::SameGame => "samegame",
            Variant::SameGameNoPenalty => "samegame-nopenalty",
            Variant::Clickomania => "clickomania",
            Variant::BubbleBreaker => "bubblebreaker",
        }
    }

    /// Score of removing a group of `n` ≥ 2 tiles.
    #[inline]
    pub fn group_score(self, n: u32) -> i32 {
        let n = n as i32;
        match self {
            Variant::SameGame | Variant::SameGameNoPenalty => (n - 2) * (n - 2),
            Variant::Clickomania => n,
            Variant::BubbleBreaker => n * (n - 1),
        }
    }

    /// Adjustment added when the game ends with `counts[c]` tiles of colour `c` left.
    pub fn end_adjustment(self, counts: &[u16]) -> i32 {
        let left: u32 = counts.iter().map(|&k| u32::from(k)).sum();
        match self {
            Variant::SameGame => {
                if left == 0 {
                    1000
                } else {
                    -counts
                        .iter()
                        .filter(|&&k| k > 0)
                        .map(|&k| (i32::from(k) - 2) * (i32::from(k) - 2))
                        .sum::<i32>()
                }
            }
            Variant::SameGameNoPenalty => {
                if left == 0 {
                    1000
                } else {
                    0
                }
            }
            Variant::Clickomania | Variant::BubbleBreaker => 0,
        }
    }

    /// An admissible (optimistic) bound on what is still to come from a position with
    /// `counts[c]` tiles of colour `c`: the final score minus the running score is
    /// never above it. Each colour is scored as if all its tiles went in one group
    /// (group scores are convex, so splitting a colour never scores more), plus the
    /// clearing bonus when no colour is down to a single tile, else the least
    /// penalty (every single tile stays to the end).
    pub fn future_upper_bound(self, counts: &[u16]) -> i32 {
        let mut groups = 0i32;
        let mut singles = 0i32;
        for &k in counts {
            match k {
                0 => {}
                1 => singles += 1,
                k => groups += self.group_score(u32::from(k)),
            }
        }
        groups
            + match self {
                Variant::SameGame if singles == 0 => 1000,
                Variant::SameGame => -singles,
                Variant::SameGameNoPenalty if singles == 0 => 1000,
                Variant::SameGameNoPenalty | Variant::Clickomania | Variant::BubbleBreaker => 0,
            }
    }

    /// Lower and upper bound of final scores on a `width` × `height` board
    /// (thesis eq. 4.1-4.2 generalised): the upper bound is a one-colour board
    /// cleared in one move, the lower bound a two-colour checkerboard with no move.
    pub fn score_bounds(self, width: usize, height: usize) -> (f64, f64) {
        let n = (width * height) as f64;
        let half_lo = ((width * height) / 2) as f64;
        let half_hi = n - half_lo;
        match self {
            Variant::SameGame => (
                -((half_lo - 2.0).powi(2)) - (half_hi - 2.0).powi(2),
                (n - 2.0).powi(2) + 1000.0,
            ),
            Variant::SameGameNoPenalty => (0.0, (n - 2.0).powi(2) + 1000.0),
            Variant::Clickomania => (0.0, n),
            Variant::BubbleBreaker => (0.0, n * (n - 1.0)),
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "samegame" => Ok(Variant::SameGame),
            "samegame-nopenalty" | "nopenalty" | "codingame" => Ok(Variant::SameGameNoPenalty),
            "clickomania" => Ok(Variant::Clickomania),
            "bubblebreaker" | "bubble-breaker" => Ok(Variant::BubbleBreaker),
            _ => Err(format!(
                "unknown variant '{s}' (expected samegame, samegame-nopenalty, clickomania or bubblebreaker)"
            )),
        }
    }
}

/// Maps final scores linearly from [lower, upper] to [0, 1] for one board size.
#[derive(Clone, Copy, Debug)]
pub struct Normalizer {
    lo: f64,
    inv_range: f64,
}

impl Normalizer {
    /// The normaliser for `variant` on a `width` × `height` board.
    pub fn new(variant: Variant, width: usize, height: usize) -> Self {
        let (lo, hi) = variant.score_bounds(width, height);
        Normalizer {
            lo,
            inv_range: 1.0 / (hi - lo).max(1.0),
        }
    }

    /// The reward in [0, 1] of a final score.
    #[inline]
    pub fn reward(&self, score: i32) -> f64 {
        ((f64::from(score) - self.lo) * self.inv_range).clamp(0.0, 1.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thesis_bounds_15x15() {
        // Eq. 4.1 prints 50749, but (225 - 2)^2 + 1000 = 49729 + 1000 = 50729.
        assert_eq!(Variant::SameGame.score_bounds(15, 15), (-24421.0, 50729.0));
        assert_eq!(Variant::BubbleBreaker.score_bounds(15, 15), (0.0, 50400.0));
        assert_eq!(Variant::Clickomania.score_bounds(20, 20), (0.0, 400.0));
    }

    #[test]
    fn group_scores() {
        assert_eq!(Variant::SameGame.group_score(2), 0);
        assert_eq!(Variant::SameGame.group_score(7), 25);
        assert_eq!(Variant::SameGameNoPenalty.group_score(7), 25);
        assert_eq!(Variant::Clickomania.group_score(7), 7);
        assert_eq!(Variant::BubbleBreaker.group_score(7), 42);
    }

    #[test]
    fn end_adjustments() {
        assert_eq!(Variant::SameGame.end_adjustment(&[0, 0, 0]), 1000);
        // colours with 1, 4 and 0 tiles left: -(1-2)^2 - (4-2)^2
        assert_eq!(Variant::SameGame.end_adjustment(&[1, 4, 0]), -5);
        assert_eq!(Variant::SameGameNoPenalty.end_adjustment(&[1, 4, 0]), 0);
        assert_eq!(Variant::SameGameNoPenalty.end_adjustment(&[0, 0]), 1000);
        assert_eq!(Variant::Clickomania.end_adjustment(&[0, 0]), 0);
        assert_eq!(Variant::BubbleBreaker.end_adjustment(&[3]), 0);
    }

    #[test]
    fn future_upper_bound_per_variant() {
        // Colours with 5, 1 and 0 tiles: one group of 5 at best, one tile stays.
        assert_eq!(Variant::SameGame.future_upper_bound(&[5, 1, 0]), 9 - 1);
        assert_eq!(Variant::SameGame.future_upper_bound(&[5, 2, 0]), 9 + 1000);
        assert_eq!(Variant::SameGameNoPenalty.future_upper_bound(&[5, 1]), 9);
        assert_eq!(Variant::Clickomania.future_upper_bound(&[5, 1]), 5);
        assert_eq!(Variant::BubbleBreaker.future_upper_bound(&[5, 1]), 20);
    }

    #[test]
    fn names_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.name().parse::<Variant>().unwrap(), v);
        }
        assert!("tetris".parse::<Variant>().is_err());
    }

    #[test]
    fn normalizer_maps_bounds() {
        let n = Normalizer::new(Variant::SameGame, 15, 15);
        assert_eq!(n.reward(-24421), 0.0);
        assert_eq!(n.reward(50729), 1.0);
        assert!((n.reward(0) - 24421.0 / 75150.0).abs() < 1e-12);
    }
}
