//! The features of the learned evaluation (`--eval learned`): what is measured on a
//! position, per colour, with one flood fill per group, and the value `score + w · f`
//! maximised over the colour held back for the end.
//!
//! The "target colour" is the colour a strong player keeps for the end so that its
//! tiles meet in one large group (the idea behind the TabuColorRandom rollouts of
//! Schadd et al. 2008, which never play the most frequent colour while another
//! group exists; issue 29 reports strong players and open solvers doing the same):
//! every colour present is tried as the target and the best value is kept.
//! Features that depend on the target count the target apart from the other
//! colours.
//!
//! The flood fills are the cost (about two thirds of the beam search's time before
//! [`GroupSums`]): their result, per colour the group score and number of the groups,
//! is kept apart, so that a child's sums follow from its parent's by flooding only the
//! columns its move can have changed ([`GroupSums::after`], the window of
//! [`crate::board::groups::GroupList`]); the sums are integers, so the features are
//! the same either way.
//!
//! Owns: [`FEATURES`] (names and meanings, in the order of a [`Weights`] vector, the
//! one list the weights file, the tuner and the docs use), [`GroupSums`] and
//! [`Features`] (the measurements of one position and the value they give). Must
//! not: know where weights come from, or keep state between positions.

use super::Weights;
use crate::board::groups::Window;
use crate::board::{Board, Change, Group, GroupMask, MAX_COLORS, MAX_WIDTH};

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

/// The groups (2+ tiles) of a position summed per colour: their group score, their
/// number and their tiles (the colour's other tiles are its isolated ones);
/// [`Features`]' flood-fill part.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GroupSums {
    score: [i32; MAX_COLORS],
    count: [u32; MAX_COLORS],
    tiles: [u32; MAX_COLORS],
}

impl GroupSums {
    /// The sums of every group of `board` (one flood fill per group).
    pub fn of(board: &Board) -> GroupSums {
        let mut s = GroupSums::default();
        board.for_each_group(|g| s.add(board, g));
        s
    }

    /// The sums of `child`, the position after `change` was played on a parent whose
    /// groups are summed by column in `parent`: the parent's groups the move cannot
    /// have changed, plus the child's groups with a tile in the columns it can have
    /// changed ([`Window`]; floods into `mask`).
    pub fn after(
        parent: &ByColumn,
        child: &Board,
        change: Change,
        mask: &mut GroupMask,
    ) -> GroupSums {
        let n = child.ncols();
        if n == 0 {
            return GroupSums::default();
        }
        let w = Window::new(n, change);
        let mut s = parent.ending_before(w.left_end());
        s.plus(&parent.starting_from(w.right_start()));
        if w.lo <= w.hi && w.lo < n {
            child.flood_groups_in(w.lo, w.hi, mask, |m| s.add(child, &m.group()));
        }
        s
    }

    /// The group score of every group: `--eval potential`'s addition to the score.
    pub fn total(&self) -> i32 {
        self.score.iter().sum()
    }

    #[inline]
    fn add(&mut self, board: &Board, g: &Group) {
        let c = usize::from(g.color);
        self.score[c] += board.variant().group_score(u32::from(g.size));
        self.count[c] += 1;
        self.tiles[c] += u32::from(g.size);
    }

    #[inline]
    fn plus(&mut self, o: &GroupSums) {
        for c in 0..MAX_COLORS {
            self.score[c] += o.score[c];
            self.count[c] += o.count[c];
            self.tiles[c] += o.tiles[c];
        }
    }
}

/// A position's groups summed by column, for [`GroupSums::after`] on its children:
/// the sums of the groups that end before each column and of those that start at
/// or after it.
#[derive(Clone, Debug)]
pub struct ByColumn {
    /// `before[k]`: the groups whose last column is below k.
    before: [GroupSums; MAX_WIDTH + 1],
    /// `from[k]`: the groups whose first column is k or more.
    from: [GroupSums; MAX_WIDTH + 1],
}

impl ByColumn {
    /// Every group of `board` (one flood fill per group), summed by column.
    pub fn of(board: &Board) -> ByColumn {
        let mut groups = Vec::new();
        board.for_each_group(|g| groups.push(*g));
        ByColumn::from_groups(board, groups)
    }

    /// [`ByColumn::of`] `board`, given its groups (every legal group once, in any
    /// order: a caller that floods them anyway passes what it found).
    pub fn from_groups(board: &Board, groups: impl IntoIterator<Item = Group>) -> ByColumn {
        let mut by = ByColumn {
            before: [GroupSums::default(); MAX_WIDTH + 1],
            from: [GroupSums::default(); MAX_WIDTH + 1],
        };
        // Each group counted at its last column + 1 and its first column, then summed.
        for g in groups {
            by.before[usize::from(g.xmax) + 1].add(board, &g);
            by.from[usize::from(g.xmin)].add(board, &g);
        }
        let n = board.ncols();
        for k in 1..=n {
            let b = by.before[k - 1];
            by.before[k].plus(&b);
        }
        for k in (0..n).rev() {
            let f = by.from[k + 1];
            by.from[k].plus(&f);
        }
        by
    }

    /// The sums of every group.
    pub fn all(&self) -> GroupSums {
        self.from[0]
    }

    /// The sums of the groups whose last column is below `k`.
    fn ending_before(&self, k: usize) -> GroupSums {
        self.before[k.min(MAX_WIDTH)]
    }

    /// The sums of the groups whose first column is `k` or more.
    fn starting_from(&self, k: usize) -> GroupSums {
        self.from.get(k).copied().unwrap_or_default()
    }
}

impl Features {
    /// Measures `board`: one flood fill per group (as `--eval potential`); a colour's
    /// tiles outside its groups are its isolated tiles.
    pub fn measure(board: &Board) -> Features {
        Features::with_groups(board, &GroupSums::of(board))
    }

    /// [`Features::measure`] of `board` whose groups sum to `sums`
    /// ([`GroupSums::of`] of it, or [`GroupSums::after`] of its parent's).
    pub fn with_groups(board: &Board, sums: &GroupSums) -> Features {
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
        f.groups = sums.score;
        f.pieces = sums.count;
        for (c, &k) in board.counts().iter().enumerate().take(colors) {
            let k = u32::from(k);
            f.tiles[c] = k;
            // A tile with a neighbour of its colour is in a group of 2+ tiles.
            f.singles[c] = k - sums.tiles[c];
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
    use crate::search::eval::{Eval, Evaluator};
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

    /// A child's sums from its parent's by column are its sums from scratch: every
    /// move of positions along random games, of every variant and size up to 32 × 32.
    #[test]
    fn a_childs_sums_from_its_parents_are_its_own() {
        let variants = [
            Variant::SameGame,
            Variant::SameGameNoPenalty,
            Variant::Clickomania,
            Variant::BubbleBreaker,
        ];
        let sizes = [
            (3, 3, 2),
            (7, 6, 3),
            (15, 15, 5),
            (16, 17, 4),
            (20, 20, 10),
            (32, 32, 6),
        ];
        let mut mask = GroupMask::default();
        let mut moves = 0;
        for (seed, &(w, h, colors)) in sizes.iter().enumerate() {
            for (v, &variant) in variants.iter().enumerate() {
                let mut b = random_board(w, h, colors, (seed * 4 + v) as u64, variant);
                while !b.is_terminal() {
                    let by = ByColumn::of(&b);
                    assert_eq!(by.all(), GroupSums::of(&b));
                    let groups = b.groups();
                    for g in &groups {
                        let mut c = b;
                        let change = c.play(g.cell);
                        let want = GroupSums::of(&c);
                        let got = GroupSums::after(&by, &c, change, &mut mask);
                        assert_eq!(got, want);
                        assert_eq!(Features::with_groups(&c, &want), Features::measure(&c));
                        for e in [Eval::None, Eval::Potential, Eval::Colors, Eval::Learned] {
                            let e = Evaluator::from(e);
                            assert_eq!(e.score_with(&c, &got), e.score(&c));
                        }
                        // The potential against a plain sum over the child's groups.
                        let potential = if c.is_terminal() {
                            c.final_score()
                        } else {
                            let v = c.variant();
                            let groups = c.groups();
                            c.score()
                                + groups
                                    .iter()
                                    .map(|g| v.group_score(u32::from(g.size)))
                                    .sum::<i32>()
                        };
                        assert_eq!(
                            Evaluator::from(Eval::Potential).score_with(&c, &got),
                            potential
                        );
                        moves += 1;
                    }
                    // Down the game by a move that varies with the position.
                    b.play(groups[(b.tiles() * 7 + b.score() as usize) % groups.len()].cell);
                }
            }
        }
        assert!(moves > 10_000, "{moves} moves checked");
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
