//! Exact solving: depth-first branch and bound with a transposition table,
//! `--algo exact`, and the engine behind exact endgames (`--endgame N`,
//! [`super::endgame`]).
//!
//! The value of a position is its *future*: the best final score reachable from it
//! minus its running score. It depends on the tiles only, so one table entry serves
//! every path to a position. The search is a fail-soft alpha-bound depth-first
//! search (a one-player alpha-beta, as in the branch-and-bound solvers of
//! single-agent search): a call with bound `alpha` returns the exact future when it
//! is above `alpha`, else an upper bound ≤ `alpha`. Children are tried in the order
//! of their optimistic value (move score plus [`Variant::future_upper_bound`] of the
//! child, an admissible bound: each colour removed as one group, plus the clearing
//! bonus when no colour is down to one tile); a child whose optimistic value cannot
//! beat the best so far is cut. Positions are keyed by a 96-bit fingerprint of the
//! tile lanes ([`Board::fingerprint`]), in a direct-mapped table of
//! fixed size (`--tt-mb`), so memory is bounded and a lost entry only costs
//! time. The optimal line is rebuilt by re-searching each step with a null window.
//! With a node, time or stop limit the search gives up and reports "not proven" with
//! the best complete game it saw; it never claims an optimum it did not prove.
//!
//! Owns: [`Solver`] (table, counters, best line seen) and `--algo exact`.
//! Must not: know about trees, rollouts or files.

use super::best::Best;
use super::budget::{Limit, Meter};
use crate::board::{Board, Cell, GroupMask};
use crate::rules::Variant;

/// Flag of a table entry.
const EXACT: u8 = 1;
const UPPER: u8 = 2;

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    check: u32,
    value: i32,
    flag: u8,
}

/// One child of a position, for ordering.
#[derive(Clone, Copy)]
struct Child {
    /// Optimistic value: move score plus the child's future bound.
    key: i32,
    gain: i32,
    mv: Cell,
    board: Board,
}

/// What a search reported: the exact future, or an upper bound at most `alpha`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Value {
    v: i32,
}

/// Below every future (scores stay far inside ±2^29), so `alpha - gain` never
/// overflows.
const NEG: i32 = i32::MIN / 4;

/// Gave up (limit reached).
#[derive(Debug)]
struct Abort;

/// An exact solver with its transposition table. See the module docs.
pub(crate) struct Solver {
    table: Vec<Entry>,
    /// Positions expanded (children generated) since the solver was made.
    pub nodes: u64,
    /// Best complete game seen by the current `solve` call (moves from its root).
    pub best: Best,
    path: Vec<Cell>,
    stack: Vec<Vec<Child>>,
    mask: GroupMask,
    check_every: u64,
}

/// Table size in entries for `mb` megabytes (a power of two, at least 1024).
fn entries_for(mb: u64) -> usize {
    let bytes = mb.saturating_mul(1 << 20);
    let n = (bytes / std::mem::size_of::<Entry>() as u64).max(1024);
    1usize << (63 - n.leading_zeros())
}

impl Solver {
    /// A solver whose table takes about `mb` megabytes.
    pub fn new(mb: u64) -> Solver {
        Solver {
            table: vec![Entry::default(); entries_for(mb)],
            nodes: 0,
            best: Best::default(),
            path: Vec::new(),
            stack: Vec::new(),
            mask: GroupMask::default(),
            check_every: 1024,
        }
    }

    /// Solves `root` exactly unless `keep_going(nodes)` (asked every 1,024 positions)
    /// says stop. Returns `Some(final score)` with the optimal line appended to
    /// `line`, or `None` when it gave up (the best game it saw is in `self.best`).
    pub fn solve(
        &mut self,
        root: &Board,
        line: &mut Vec<Cell>,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Option<i32> {
        self.best.reset();
        self.path.clear();
        let v = self.search(root, NEG, 0, keep_going).ok()?;
        let start = line.len();
        // Rebuild the line: at each step, the child whose value completes v.
        let mut b = *root;
        let mut t = v.v;
        while !b.is_terminal() {
            let mut next = None;
            let children = self.children(&b, 0);
            for ch in children.iter() {
                if ch.key < t {
                    break; // sorted by key: no later child can reach t
                }
                let r = match self.search(&ch.board, t - ch.gain - 1, 1, keep_going) {
                    Ok(r) => r,
                    Err(Abort) => {
                        self.stack[0] = children;
                        line.truncate(start);
                        return None;
                    }
                };
                if ch.gain + r.v == t {
                    next = Some((ch.mv, ch.gain, ch.board));
                    break;
                }
            }
            self.stack[0] = children;
            let (mv, gain, nb) = next.expect("an exact value is reached by some child");
            line.push(mv);
            t -= gain;
            b = nb;
        }
        debug_assert_eq!(t, b.final_score() - b.score());
        Some(root.score() + v.v)
    }

    /// The children of `b`, sorted by optimistic value (best first), in the buffer
    /// of `depth` (taken out of the stack; the caller puts it back).
    fn children(&mut self, b: &Board, depth: usize) -> Vec<Child> {
        while self.stack.len() <= depth {
            self.stack.push(Vec::new());
        }
        let mut v = std::mem::take(&mut self.stack[depth]);
        v.clear();
        let variant: Variant = b.variant();
        let mask = &mut self.mask;
        b.for_each_group(|g| {
            let mut nb = *b;
            nb.play_unchecked(g.cell, mask);
            let gain = nb.score() - b.score();
            v.push(Child {
                key: gain + variant.future_upper_bound(nb.counts()),
                gain,
                mv: g.cell,
                board: nb,
            });
        });
        v.sort_by_key(|c| std::cmp::Reverse(c.key));
        v
    }

    /// The future of `b`: exact when above `alpha`, else an upper bound ≤ `alpha`.
    fn search(
        &mut self,
        b: &Board,
        alpha: i32,
        depth: usize,
        keep_going: &mut dyn FnMut(u64) -> bool,
    ) -> Result<Value, Abort> {
        if b.is_terminal() {
            let v = b.final_score() - b.score();
            if depth == self.path.len() {
                self.best.offer(b.final_score(), &self.path);
            }
            return Ok(Value { v });
        }
        let (key, check) = b.fingerprint();
        let slot = (key as usize) & (self.table.len() - 1);
        let e = self.table[slot];
        let mut bound = b.variant().future_upper_bound(b.counts());
        if e.key == key && e.check == check {
            if e.flag == EXACT || e.value <= alpha {
                return Ok(Value { v: e.value });
            }
            bound = bound.min(e.value);
        }
        if bound <= alpha {
            return Ok(Value { v: bound });
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(self.check_every) && !keep_going(self.nodes) {
            return Err(Abort);
        }
        let children = self.children(b, depth);
        let mut best = NEG;
        let mut result = Ok(());
        for ch in children.iter() {
            let a = alpha.max(best);
            if ch.key <= a {
                // Sorted: no later child can beat `a` either; their bound counts.
                best = best.max(ch.key);
                break;
            }
            let track = self.path.len() == depth;
            if track {
                self.path.push(ch.mv);
            }
            let r = self.search(&ch.board, a - ch.gain, depth + 1, keep_going);
            if track {
                self.path.pop();
            }
            match r {
                Ok(r) => best = best.max(ch.gain + r.v),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        self.stack[depth] = children;
        result?;
        let flag = if best > alpha { EXACT } else { UPPER };
        self.table[slot] = Entry {
            key,
            check,
            value: best,
            flag,
        };
        Ok(Value { v: best })
    }
}

/// `--algo exact`: solves `root` within `limit`, counting expanded positions as the
/// search's playouts. The proven optimum goes to `best` and true is returned; when
/// the limit is reached first, the best complete game seen goes to `best` (a greedy
/// line if none was completed) and false is returned.
pub(crate) fn exact(
    root: &Board,
    tt_mb: u64,
    meter: &mut Meter,
    limit: Limit,
    best: &mut Best,
) -> bool {
    let mut solver = Solver::new(tt_mb);
    // Every node counts against the budget exactly (a check costs far less than a
    // node's move generation).
    solver.check_every = 1;
    let mut line = Vec::new();
    let base = meter.playouts;
    let result = {
        let mut keep_going = |n: u64| {
            meter.playouts = base + n;
            !meter.exhausted(&limit)
        };
        solver.solve(root, &mut line, &mut keep_going)
    };
    meter.playouts = base + solver.nodes.max(1);
    match result {
        Some(score) => {
            best.offer(score, &line);
            true
        }
        None => {
            if solver.best.score == i32::MIN {
                // Nothing completed: finish the first line of the search greedily.
                let mut b = *root;
                let mut moves = Vec::new();
                while let Some(g) = b.groups().into_iter().max_by_key(|g| g.size) {
                    b.play(g.cell);
                    moves.push(g.cell);
                }
                best.offer(b.final_score(), &moves);
            } else {
                best.offer(solver.best.score, &solver.best.moves);
            }
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::testutil::{optimum, random_board};

    fn solve(b: &Board) -> (i32, Vec<Cell>) {
        let mut s = Solver::new(1);
        let mut line = Vec::new();
        let v = s.solve(b, &mut line, &mut |_| true).expect("no limit");
        (v, line)
    }

    #[test]
    fn agrees_with_exhaustive_search_on_every_variant() {
        for v in Variant::ALL {
            for seed in 0..12 {
                let (w, h, c) = [(4, 4, 3), (5, 4, 3), (4, 5, 2), (5, 5, 4)][seed as usize % 4];
                let b = random_board(w, h, c, seed, v);
                let (score, line) = solve(&b);
                assert_eq!(score, optimum(&b), "{v} seed {seed}\n{b}");
                crate::line::verify(&b, &line, score).unwrap();
            }
        }
    }

    #[test]
    fn gives_up_honestly() {
        let b = random_board(10, 10, 4, 3, Variant::SameGame);
        let mut s = Solver::new(1);
        s.check_every = 16;
        let mut line = Vec::new();
        assert_eq!(s.solve(&b, &mut line, &mut |n| n < 64), None);
        assert!(line.is_empty());
        // The best game seen so far replays to its score.
        crate::line::verify(&b, &s.best.moves, s.best.score).unwrap();
    }
}
