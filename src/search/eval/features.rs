//! The features of the learned evaluation (`--eval learned`): what is measured on a
//! position, per colour, with bitboard operations and one flood fill per group, and
//! the value `score + w · f` maximised over the colour held back for the end.
//!
//! The "target colour" is the colour a strong player keeps for the end so that its
//! tiles meet in one large group (the idea behind the TabuColorRandom rollouts of
//! Schadd et al. 2008, which never play the most frequent colour while another
//! group exists; issue 29 reports strong players and open solvers doing the same):
//! every colour present is tried as the target and the best value is kept.
//! Features that depend on the target count the target apart from the other
//! colours.
//!
//! Owns: [`FEATURES`] (names and meanings, in the order of a [`Weights`] vector, the
//! one list the weights file, the tuner and the docs use) and [`Features`] (the
//! measurements of one position and the value they give). Must not: know where
//! weights come from, or keep state between positions.

use super::Weights;
use crate::board::{Board, MAX_COLORS};

/// A feature: its key in the weights file and what it measures.
#[derive(Clone, Copy, Debug)]
pub struct Feature {
    /// Key in the weights file (`score`, `groups`, …).
    pub name: &'static str,
    /// What it measures, one line (written above the key in the weights file).
    pub meaning: &'static str,
}

/// Number of features (the length of a weights vector).
pub const N: usize = 10;

/// Every feature, in the order of a weights vector. Scores are the variant's
/// ([`crate::rules::Variant::group_score`]); `t` is the target colour.
pub const FEATURES: [Feature; N] = [
    Feature {
        name: "score",
        meaning: "the score so far",
    },
    Feature {
        name: "groups",
        meaning: "group score of every group (2+ tiles) on the board now, colours other than t",
    },
    Feature {
        name: "target_groups",
        meaning: "group score of every group (2+ tiles) of colour t",
    },
    Feature {
        name: "colors",
        meaning: "group score of each colour other than t as one group of all its tiles (2+)",
    },
    Feature {
        name: "target",
        meaning: "group score of all the tiles of colour t as one group (2+), kept for the end",
    },
    Feature {
        name: "target_pieces",
        meaning: "pieces of colour t beyond one (its groups and isolated tiles, minus 1)",
    },
    Feature {
        name: "singles",
        meaning: "isolated tiles (no neighbour of their colour) of colours other than t",
    },
    Feature {
        name: "lone_colors",
        meaning: "colours with exactly one tile left (sure to be left over)",
    },
    Feature {
        name: "low_colors",
        meaning: "colours with two or three tiles left (likely to be left over)",
    },
    Feature {
        name: "clear_bonus",
        meaning: "the variant's clearing bonus when no colour has a single tile left, else 0",
    },
];

/// What the learned evaluation measures on one position (not terminal): per colour
/// its tiles, the group score of its groups, its pieces and its isolated tiles.
#[derive(Clone, Debug, PartialEq)]
pub struct Features {
    score: i32,
    colors: usize,
    /// Tiles per colour.
    tiles: [u32; MAX_COLORS],
    /// Group score of the colour's groups of 2+ tiles as they stand.
    groups: [i32; MAX_COLORS],
    /// The colour's tiles as one group (0 below 2 tiles).
    one: [i32; MAX_COLORS],
    /// Groups of 2+ tiles plus isolated tiles.
    pieces: [u32; MAX_COLORS],
    /// Tiles with no neighbour of their colour.
    singles: [u32; MAX_COLORS],
    /// Sums over the colours of `groups`, `one` and `singles`; colours with one
    /// tile; colours with two or three; the clearing-bonus feature (the variant's
    /// bonus when no colour has a single tile, else 0).
    all_groups: i32,
    all_one: i32,
    all_singles: u32,
    lone: u32,
    low: u32,
    bonus: i32,
}

impl Features {
    /// Measures `board`: one flood fill per group (as `--eval potential`) and, per
    /// column and colour, the tiles with no neighbour of their colour (shifts and
    /// masks of the column's lane and its neighbours').
    pub fn measure(board: &Board) -> Features {
        let variant = board.variant();
        let colors = board.colors();
        let mut f = Features {
            score: board.score(),
            colors,
            tiles: [0; MAX_COLORS],
            groups: [0; MAX_COLORS],
            one: [0; MAX_COLORS],
            pieces: [0; MAX_COLORS],
            singles: [0; MAX_COLORS],
            all_groups: 0,
            all_one: 0,
            all_singles: 0,
            lone: 0,
            low: 0,
            bonus: 0,
        };
        board.for_each_group(|g| {
            let c = usize::from(g.color);
            f.groups[c] += variant.group_score(u32::from(g.size));
            f.pieces[c] += 1;
        });
        let n = board.ncols();
        for x in 0..n {
            for c in 0..colors {
                let l = board.lane(x, c);
                if l == 0 {
                    continue;
                }
                let left = if x > 0 { board.lane(x - 1, c) } else { 0 };
                let right = if x + 1 < n { board.lane(x + 1, c) } else { 0 };
                let alone = l & !((l << 1) | (l >> 1) | left | right);
                f.singles[c] += alone.count_ones();
            }
        }
        for (c, &k) in board.counts().iter().enumerate().take(colors) {
            let k = u32::from(k);
            f.tiles[c] = k;
            f.one[c] = if k >= 2 { variant.group_score(k) } else { 0 };
            f.pieces[c] += f.singles[c];
            f.all_groups += f.groups[c];
            f.all_one += f.one[c];
            f.all_singles += f.singles[c];
            f.lone += u32::from(k == 1);
            f.low += u32::from(k == 2 || k == 3);
        }
        if f.lone == 0 {
            f.bonus = variant.end_adjustment(&[]);
        }
        f
    }

    /// The feature vector (in [`FEATURES`] order) with colour `t` held back.
    #[inline]
    pub fn vector(&self, t: usize) -> [f64; N] {
        [
            f64::from(self.score),
            f64::from(self.all_groups - self.groups[t]),
            f64::from(self.groups[t]),
            f64::from(self.all_one - self.one[t]),
            f64::from(self.one[t]),
            f64::from(self.pieces[t]) - 1.0,
            f64::from(self.all_singles - self.singles[t]),
            f64::from(self.lone),
            f64::from(self.low),
            f64::from(self.bonus),
        ]
    }

    /// The colours present (the targets tried).
    pub fn targets(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.colors).filter(|&c| self.tiles[c] > 0)
    }

    /// The value `w · f`, maximised over the target colour, rounded to a score.
    pub fn value(&self, w: &Weights) -> i32 {
        let best = self
            .targets()
            .map(|t| dot(w, &self.vector(t)))
            .fold(f64::NEG_INFINITY, f64::max);
        if best == f64::NEG_INFINITY {
            return self.score;
        }
        // `as` saturates: a huge weight cannot wrap around.
        best.round() as i32
    }
}

/// `w · f`, summed in [`FEATURES`] order (the same bits on every run).
fn dot(w: &Weights, f: &[f64; N]) -> f64 {
    w.0.iter().zip(f).map(|(a, b)| a * b).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;
    use crate::search::eval::Eval;
    use crate::search::testutil::random_board;

    fn board(rows: &[&[u8]], colors: usize, variant: Variant) -> Board {
        let rows: Vec<Vec<u8>> = rows.iter().map(|r| r.to_vec()).collect();
        Board::from_rows(&rows, colors, variant).expect("valid board")
    }

    fn weights(pairs: &[(&str, f64)]) -> Weights {
        let mut w = Weights([0.0; N]);
        for &(name, v) in pairs {
            let i = FEATURES.iter().position(|f| f.name == name).unwrap();
            w.0[i] = v;
        }
        w
    }

    #[test]
    fn hand_counted_features() {
        // Top row first:
        //   0 0 1 2
        //   3 0 1 1
        //   2 3 1 0
        // colour 0: a group of 3 (top left) and a single (bottom right): 4 tiles;
        // colour 1: one group of 4; colour 2: two singles; colour 3: two singles
        // (the 3s touch diagonally only).
        let b = board(
            &[&[0, 0, 1, 2], &[3, 0, 1, 1], &[2, 3, 1, 0]],
            4,
            Variant::SameGame,
        );
        let f = Features::measure(&b);
        assert_eq!(&f.tiles[..4], &[4, 4, 2, 2]);
        assert_eq!(&f.singles[..4], &[1, 0, 2, 2]);
        assert_eq!(&f.pieces[..4], &[2, 1, 2, 2]);
        // Groups: (3-2)^2 = 1 for colour 0, (4-2)^2 = 4 for colour 1.
        assert_eq!(&f.groups[..4], &[1, 4, 0, 0]);
        // As one group: 4, 4, 0, 0.
        assert_eq!(&f.one[..4], &[4, 4, 0, 0]);
        // Target colour 0: groups of the others 4, its own 1, other colours as one
        // group 4, itself 4, one piece beyond one, 4 singles elsewhere, no lone
        // colour, two colours of 2-3 tiles, clearing bonus possible.
        assert_eq!(
            f.vector(0),
            [0.0, 4.0, 1.0, 4.0, 4.0, 1.0, 4.0, 0.0, 2.0, 1000.0]
        );
        // Target colour 2: its two singles are two pieces.
        assert_eq!(
            f.vector(2),
            [0.0, 5.0, 0.0, 8.0, 0.0, 1.0, 3.0, 0.0, 2.0, 1000.0]
        );
        // The value is the best target: with weight 1 on `target` alone, colours 0
        // and 1 both give 4.
        assert_eq!(f.value(&weights(&[("target", 1.0)])), 4);
        // −5 per isolated tile elsewhere: holding colour 2 or 3 back leaves 3.
        assert_eq!(f.value(&weights(&[("singles", -5.0)])), -15);
    }

    #[test]
    fn lone_colours_remove_the_bonus_and_variants_set_it() {
        // colour 0: 3 tiles in a column; colour 1: one tile.
        let rows: &[&[u8]] = &[&[0, 1], &[0, 2], &[0, 2]];
        let sg = Features::measure(&board(rows, 3, Variant::SameGame));
        let v = sg.vector(0);
        assert_eq!((v[7], v[8], v[9]), (1.0, 2.0, 0.0));
        let rows: &[&[u8]] = &[&[0, 2], &[0, 2], &[0, 2]];
        for (variant, bonus) in [
            (Variant::SameGame, 1000.0),
            (Variant::SameGameNoPenalty, 1000.0),
            (Variant::Clickomania, 0.0),
            (Variant::BubbleBreaker, 0.0),
        ] {
            let f = Features::measure(&board(rows, 3, variant));
            assert_eq!(f.vector(0)[9], bonus, "{variant}");
            // Group scores are the variant's: a column of 3 of colour 0.
            assert_eq!(
                f.vector(0)[2],
                f64::from(variant.group_score(3)),
                "{variant}"
            );
        }
    }

    #[test]
    fn potential_and_colors_are_special_cases() {
        let potential = weights(&[("score", 1.0), ("groups", 1.0), ("target_groups", 1.0)]);
        let colors = weights(&[
            ("score", 1.0),
            ("colors", 1.0),
            ("target", 1.0),
            ("clear_bonus", 1.0),
            ("lone_colors", -1.0),
        ]);
        let colors_no_penalty = weights(&[
            ("score", 1.0),
            ("colors", 1.0),
            ("target", 1.0),
            ("clear_bonus", 1.0),
        ]);
        for variant in Variant::ALL {
            for seed in 0..20 {
                let mut b = random_board(6, 5, 4, seed, variant);
                // Along a game: the first group each time.
                while !b.is_terminal() {
                    let f = Features::measure(&b);
                    assert_eq!(f.value(&potential), Eval::Potential.score(&b));
                    let w = if variant == Variant::SameGame {
                        &colors
                    } else {
                        &colors_no_penalty
                    };
                    assert_eq!(f.value(w), Eval::Colors.score(&b), "{variant} {seed}");
                    let g = b.groups()[0];
                    b.play(g.cell);
                }
            }
        }
    }

    #[test]
    fn singles_match_a_neighbour_count() {
        for seed in 0..30 {
            let b = random_board(7, 6, 3, seed, Variant::SameGame);
            let f = Features::measure(&b);
            let rows = b.to_rows();
            let h = rows.len();
            let mut singles = [0u32; MAX_COLORS];
            for (r, row) in rows.iter().enumerate() {
                for (x, &c) in row.iter().enumerate() {
                    if usize::from(c) >= b.colors() {
                        continue;
                    }
                    let same = |r: Option<usize>, x: Option<usize>| matches!((r, x), (Some(r), Some(x)) if r < h && x < row.len() && rows[r][x] == c);
                    let alone = !(same(r.checked_sub(1), Some(x))
                        || same(Some(r + 1), Some(x))
                        || same(Some(r), x.checked_sub(1))
                        || same(Some(r), Some(x + 1)));
                    singles[usize::from(c)] += u32::from(alone);
                }
            }
            assert_eq!(f.singles, singles, "seed {seed}");
        }
    }
}
