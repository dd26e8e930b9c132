//! Exact endgames inside every search (`--endgame N`): a position with at most N
//! tiles left is solved exactly by [`super::exact::Solver`] and its value replaces a
//! rollout (in the tree searches the node is then solved; in NMCS the evaluation is
//! exact). One solver, and so one transposition table, serves the whole search, so
//! an endgame reached again is a table lookup.
//!
//! Cost: a solve counts as one playout plus one playout per position the solver
//! expands (table lookups are free), in the same counter as the playouts, so an
//! iteration budget bounds the work of a search with endgames as it does without
//! (conservative: expanding a position generates all its children, about the work
//! of a short playout on the small boards where endgames matter most). A solve may
//! expand at most [`Endgame::NODE_CAP`] positions, and stops at the solver's first
//! look at the budget past what was left (it looks every 1,024 positions, so a solve
//! may spend up to 1,023 past the budget); when it runs out it returns the best game
//! it saw, marked not exact, so a hard endgame costs bounded time and never produces
//! a wrong proof.
//!
//! Owns: [`Endgame`], built from a resolved plan ([`Endgame::from_plan`]), and the
//! playouts it charges. Must not: print.

use super::budget::{Limit, Meter};
use super::exact::Solver;
use super::plan::Resolved;
use crate::board::{Board, Cell};

/// The endgame solver of one search.
pub(crate) struct Endgame {
    max_tiles: usize,
    tt_mb: u64,
    solver: Option<Solver>,
    /// Endgames solved (table lookups included).
    pub solves: u64,
}

impl Endgame {
    /// Most positions one endgame solve may expand before it gives up.
    pub const NODE_CAP: u64 = 200_000;

    /// Endgames of at most `max_tiles` tiles (0 = off), with a table of `tt_mb` MB
    /// (allocated at the first solve).
    pub fn new(max_tiles: u32, tt_mb: u64) -> Endgame {
        Endgame {
            max_tiles: max_tiles as usize,
            tt_mb,
            solver: None,
            solves: 0,
        }
    }

    /// The endgames of the resolved `plan` (`--endgame`, `--tt-mb`).
    pub fn from_plan(plan: &Resolved) -> Endgame {
        Endgame::new(plan.endgame, plan.tt_mb)
    }

    /// True when `b` (not terminal) is an endgame to solve exactly.
    #[inline]
    pub fn applies(&self, b: &Board) -> bool {
        b.tiles() <= self.max_tiles
    }

    /// Positions expanded by all solves so far.
    pub fn nodes(&self) -> u64 {
        self.solver.as_ref().map_or(0, |s| s.nodes)
    }

    /// Plays `b` to its end, optimally when the solve succeeds, appending the moves;
    /// returns the final score and whether it is the proven optimum. Charges the
    /// solve to `meter` (see the module docs) and stays within `limit`.
    pub fn solve(
        &mut self,
        b: &Board,
        moves: &mut Vec<Cell>,
        meter: &mut Meter,
        limit: &Limit,
    ) -> (i32, bool) {
        let mb = self.tt_mb;
        let solver = self.solver.get_or_insert_with(|| Solver::new(mb));
        self.solves += 1;
        meter.playouts += 1;
        let start = solver.nodes;
        let cap = Self::NODE_CAP.min(limit.playouts.saturating_sub(meter.playouts));
        let deadline = limit.deadline;
        let mut clock = meter.clock;
        let mut keep_going = |n: u64| n - start < cap && deadline.is_none_or(|d| !clock.reached(d));
        let solved = solver.solve(b, moves, &mut keep_going);
        meter.playouts += solver.nodes - start;
        match solved {
            Some(score) => (score, true),
            None => {
                let best = &solver.best;
                if best.score == i32::MIN {
                    // Nothing completed (a cap of a few positions): finish greedily.
                    let mut nb = *b;
                    while let Some(g) = nb.groups().into_iter().max_by_key(|g| g.size) {
                        nb.play(g.cell);
                        moves.push(g.cell);
                    }
                    (nb.final_score(), false)
                } else {
                    moves.extend_from_slice(&best.moves);
                    (best.score, false)
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testutil::{optimum, random_board};
    use crate::Variant;

    #[test]
    fn solves_small_endgames_exactly_and_caches_them() {
        let b = random_board(5, 4, 3, 7, Variant::SameGame);
        let mut e = Endgame::new(20, 1);
        assert!(e.applies(&b));
        let mut meter = Meter::new(crate::search::Budget::Iterations(u64::MAX), None);
        let limit = meter.top_limit();
        let mut moves = Vec::new();
        let (s, exact) = e.solve(&b, &mut moves, &mut meter, &limit);
        assert!(exact);
        assert_eq!(s, optimum(&b));
        crate::line::verify(&b, &moves, s).unwrap();
        let nodes = e.nodes();
        assert_eq!(
            meter.playouts,
            1 + nodes,
            "one playout per solve and per position"
        );
        let mut again = Vec::new();
        assert_eq!(e.solve(&b, &mut again, &mut meter, &limit), (s, true));
        assert_eq!(again, moves);
        assert!(
            e.nodes() - nodes < nodes.max(1),
            "the table serves the second solve"
        );
        assert!(!Endgame::new(19, 1).applies(&b));
    }
}

#[cfg(test)]
mod budget_tests {
    use super::*;
    use crate::search::testutil::{optimum, random_board};
    use crate::search::Budget;
    use crate::Variant;

    #[test]
    fn a_solve_never_spends_more_than_the_budget_left_and_then_is_not_exact() {
        let b = random_board(6, 6, 4, 3, Variant::SameGame);
        let mut e = Endgame::new(36, 1);
        let mut meter = Meter::new(Budget::Iterations(50), None);
        let limit = meter.top_limit();
        let mut moves = Vec::new();
        let (s, exact) = e.solve(&b, &mut moves, &mut meter, &limit);
        assert!(!exact, "50 positions do not prove a 6x6 board");
        assert!(
            meter.playouts <= 50 + 1024,
            "stops at the first check past the budget"
        );
        crate::line::verify(&b, &moves, s).unwrap();
        assert!(s <= optimum(&b));
    }
}
