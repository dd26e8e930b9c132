//! Heuristic evaluations of positions (`--eval`) and the source of the implicit
//! value used by selection (`--im-source`).
//!
//! An evaluation estimates the *final score* reachable from a position (running
//! score included), so it is in the same units as a playout's result and is
//! normalised the same way ([`crate::rules::Normalizer`]) before the tree uses it
//! for implicit max backups (Lanctot, Winands, Pepels & Sturtevant 2014, read for
//! one player) and progressive bias (Winands, Björnsson & Saito 2010, §III-A); the
//! beam search (`search::beam`) ranks positions by it. `--eval learned` is a linear
//! function of measured features of the position with weights learned from play
//! (`features.rs` measures, `weights.rs` holds the weights and their file). Costs
//! per call on the standard 20 boards: `cargo bench --bench eval`.
//!
//! Owns: [`Eval`] and [`ImSource`] (names, parsing), [`Evaluator`] (an evaluation
//! with its weights, scoring positions). Must not: touch trees, budgets or random
//! numbers (an evaluation is a pure function of the board and its weights), or read
//! files (the CLI reads a weights file and hands its text to `weights`).

mod features;
mod weights;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::board::Board;
use crate::error::Error;

pub use features::{ByColumn, Features, GroupSums, FEATURES};
pub use weights::{EvalWeights, Weights};

/// A heuristic evaluation of a position (`--eval`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Eval {
    /// No evaluation (the default): implicit values and progressive bias need one.
    #[default]
    None,
    /// Running score plus the group score of every group on the board now (each
    /// group as if it could be removed as it stands, without the end adjustment).
    Potential,
    /// Running score plus, per colour, the score of removing all its tiles as one
    /// group, plus the clearing bonus or least end penalty
    /// ([`crate::rules::Variant::future_upper_bound`]): an admissible upper bound
    /// of the final score.
    Colors,
    /// Running score plus a weighted sum of features of the position (the potential
    /// of its groups and colours, isolated tiles, colours likely to be left over, the
    /// clearing bonus), maximised over the colour held back for the end
    /// ([`Features`]); the weights are learned from play (`samegame tune-eval`),
    /// shipped in `weights/beam-eval.toml`, or loaded by `--eval-weights FILE`.
    Learned,
}

impl Eval {
    /// The estimated final score of `board`; the exact final score once terminal.
    /// `Learned` uses the shipped weights ([`Weights::shipped`]); a search uses the
    /// weights of its configuration through an [`Evaluator`].
    #[inline]
    pub fn score(self, board: &Board) -> i32 {
        Evaluator::new(self, None).score(board)
    }
    /// The name used by `--eval`.
    pub fn name(self) -> &'static str {
        match self {
            Eval::None => "none",
            Eval::Potential => "potential",
            Eval::Colors => "colors",
            Eval::Learned => "learned",
        }
    }
}

impl FromStr for Eval {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "none" => Ok(Eval::None),
            "potential" => Ok(Eval::Potential),
            "colors" | "colours" => Ok(Eval::Colors),
            "learned" => Ok(Eval::Learned),
            _ => Err(Error::Config(format!(
                "unknown --eval '{s}' (expected none, potential, colors or learned)"
            ))),
        }
    }
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An evaluation ready to score positions: the [`Eval`] and, for `Learned`, its
/// weights (the configuration's `--eval-weights`, else the shipped ones). What the
/// resolved plans of the searches hold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Evaluator {
    eval: Eval,
    weights: Weights,
}

impl Evaluator {
    /// `eval` with `weights` (for `Learned`; `None` = [`Weights::shipped`]).
    pub fn new(eval: Eval, weights: Option<&Weights>) -> Evaluator {
        Evaluator {
            eval,
            weights: *weights.unwrap_or_else(|| Weights::shipped()),
        }
    }
    /// Which evaluation this is.
    pub fn eval(&self) -> Eval {
        self.eval
    }
    /// True when, of two positions with the same tiles, the one with the higher
    /// running score never has the lower value: every evaluation but `Learned` with
    /// a negative (or NaN) weight on the score, whose other terms depend on the tiles
    /// alone (the beam's mid-layer selection relies on it, `search::beam`).
    pub fn rises_with_score(&self) -> bool {
        match self.eval {
            Eval::Learned => self.weights.0[0] >= 0.0,
            Eval::None | Eval::Potential | Eval::Colors => true,
        }
    }
    /// The estimated final score of `board`; the exact final score once terminal.
    #[inline]
    pub fn score(&self, board: &Board) -> i32 {
        let sums = if self.needs_groups() {
            GroupSums::of(board)
        } else {
            GroupSums::default()
        };
        self.score_with(board, &sums)
    }

    /// True when the evaluation sums the position's groups ([`GroupSums`]): a
    /// caller that has them can score with [`Evaluator::score_with`].
    pub fn needs_groups(&self) -> bool {
        matches!(self.eval, Eval::Potential | Eval::Learned)
    }

    /// [`Evaluator::score`] of `board` whose groups sum to `sums` (what
    /// [`GroupSums::of`] gives on it; read only when [`Evaluator::needs_groups`]):
    /// the same value, without its flood fills.
    #[inline]
    pub fn score_with(&self, board: &Board, sums: &GroupSums) -> i32 {
        if board.is_terminal() {
            return board.final_score();
        }
        match self.eval {
            Eval::None => board.score(),
            Eval::Potential => board.score() + sums.total(),
            Eval::Colors => board.score() + board.variant().future_upper_bound(board.counts()),
            Eval::Learned => Features::with_groups(board, sums).value(&self.weights),
        }
    }
}

impl fmt::Display for Evaluator {
    /// The evaluation's name and, for `learned`, its weights (`[name=value …]`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.eval)?;
        if self.eval == Eval::Learned {
            write!(f, " [{}]", self.weights)?;
        }
        Ok(())
    }
}

impl From<Eval> for Evaluator {
    /// `eval` with the shipped weights.
    fn from(eval: Eval) -> Evaluator {
        Evaluator::new(eval, None)
    }
}

impl PartialEq<Eval> for Evaluator {
    fn eq(&self, other: &Eval) -> bool {
        self.eval == *other
    }
}

/// What the implicit value v blended into selection by `--im-alpha` is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum ImSource {
    /// Implicit max backup of the evaluation (Lanctot et al. 2014): v of a leaf is
    /// its evaluation, v of an inner node the max of its visited children's v, v of
    /// a solved node its exact value. Needs `--eval`.
    #[default]
    Eval,
    /// The best final score of a real simulation through the node (Schadd's
    /// SP-MCTS): needs no evaluation.
    Best,
}

impl FromStr for ImSource {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "eval" => Ok(ImSource::Eval),
            "best" => Ok(ImSource::Best),
            _ => Err(Error::Config(format!(
                "unknown --im-source '{s}' (expected eval or best)"
            ))),
        }
    }
}

impl fmt::Display for ImSource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ImSource::Eval => "eval",
            ImSource::Best => "best",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{optimum, random_board};
    use super::*;
    use crate::rules::Variant;

    /// Columns listed bottom-up in rows given top-down, as `Board::from_rows` takes.
    fn board(rows: &[&[u8]], colors: usize, variant: Variant) -> Board {
        let rows: Vec<Vec<u8>> = rows.iter().map(|r| r.to_vec()).collect();
        Board::from_rows(&rows, colors, variant).expect("valid board")
    }

    #[test]
    fn hand_computed_values() {
        // Top row first:   0 0 1
        //                  0 0 1
        //                  2 1 1
        // Groups: colour 0 (4 tiles), colour 1 (4 tiles); colour 2 is a single tile.
        let rows: &[&[u8]] = &[&[0, 0, 1], &[0, 0, 1], &[2, 1, 1]];
        let b = board(rows, 3, Variant::SameGame);
        assert_eq!(b.counts(), &[4, 4, 1]);
        // potential: (4-2)^2 + (4-2)^2 = 8.
        assert_eq!(Eval::Potential.score(&b), 8);
        // colors: 4 + 4, and one colour with a single tile: penalty (1-2)^2 = 1.
        assert_eq!(Eval::Colors.score(&b), 8 - 1);
        let bb = board(rows, 3, Variant::BubbleBreaker);
        // n(n-1): 12 + 12 for both evaluations (no end adjustment).
        assert_eq!(Eval::Potential.score(&bb), 24);
        assert_eq!(Eval::Colors.score(&bb), 24);
        // After removing the colour-0 group the running score counts: 4 + potential
        // of the rest (the 1s now form one group of 4) = 4 + 4 = 8.
        let mut after = b;
        after.play(crate::board::Cell::new(0, 1));
        assert_eq!(after.score(), 4);
        assert_eq!(Eval::Potential.score(&after), 4 + 4);
        assert_eq!(Eval::Colors.score(&after), 4 + 4 - 1);
        // Two colours, each in two groups of 2: colors counts each colour as one
        // group of 4 (SameGame: 4 + 4 + 1000 since no colour has a single tile).
        let two: &[&[u8]] = &[&[0, 1], &[0, 1], &[1, 0], &[1, 0]];
        let t = board(two, 2, Variant::SameGame);
        assert_eq!(Eval::Potential.score(&t), 0);
        assert_eq!(Eval::Colors.score(&t), 1008);
    }

    #[test]
    fn terminal_positions_evaluate_to_their_final_score() {
        let rows: &[&[u8]] = &[&[0, 1], &[1, 0]];
        let b = board(rows, 2, Variant::SameGame);
        assert!(b.is_terminal());
        for e in [Eval::None, Eval::Potential, Eval::Colors, Eval::Learned] {
            assert_eq!(e.score(&b), b.final_score());
        }
    }

    #[test]
    fn colors_bounds_the_optimum_on_small_boards() {
        for variant in Variant::ALL {
            for seed in 0..12 {
                let b = random_board(4, 4, 3, seed, variant);
                let opt = optimum(&b);
                assert!(
                    Eval::Colors.score(&b) >= opt,
                    "{variant} seed {seed}: colors {} < optimum {opt}",
                    Eval::Colors.score(&b)
                );
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for e in [Eval::None, Eval::Potential, Eval::Colors, Eval::Learned] {
            assert_eq!(e.name().parse::<Eval>().unwrap(), e);
        }
        for s in [ImSource::Eval, ImSource::Best] {
            assert_eq!(s.to_string().parse::<ImSource>().unwrap(), s);
        }
        assert!("bogus".parse::<Eval>().is_err());
    }
}
