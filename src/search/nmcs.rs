//! Nested Monte-Carlo Search (Cazenave 2009; thesis §4.1.2, Alg. 4.1), `--algo nmcs`.
//!
//! A level-n NMCS plays a game move by move; at each step it tries every legal move
//! (in canonical-cell order), evaluating it with a playout (level 1) or a
//! level-(n−1) NMCS (level n ≥ 2), keeps the globally best complete game seen so far
//! (the memorised best sequence) and plays that game's next move.
//!
//! Parameters: `--level n` (default 2), `--policy` (the level-1 playouts; with
//! `tabu-bandit` one bandit per complete top-level run; with `adapt` learned
//! rollouts, `search::adapt`: every evaluation reports the whole game it found from
//! the root, and every level search its start). Budget: when the budget
//! outlasts one complete run, the run is repeated (as the thesis did for level 2)
//! and the best of all runs is returned; when it runs out mid-run, the best complete
//! game found so far is returned. Every evaluation counts as one playout (a move
//! into a terminal position included).
//!
//! **Beam playouts** (ours, issue 29), `--playout-beam W`: every level-0 playout is
//! instead a pass of the beam search over positions of width W from the playout's
//! position (`search::beam::playout`, ranked by the beam's default evaluation), and
//! the best complete game of the pass is the playout's game (its line follows the
//! level's from its start, so the memorised best sequence replays). A pass costs
//! its evaluated positions, one playout each, as `--algo beam` counts them; when the
//! budget ends inside a pass that has completed no game, its best-ranked position is
//! finished greedily past the budget, uncounted, so the search still spends exactly
//! its budget. Width 1 is a greedy playout by the evaluation. Such a search draws no
//! random number (the same line whatever the seed), so a run repeated at the same
//! width would replay the same game: when the budget outlasts a whole run, each
//! repeated run doubles the width (W, 2W, 4W, … up to the beam's default cap,
//! 2^20), as `--algo beam`'s anytime schedule does.
//!
//! Owns: the NMCS recursion and its per-level buffers. Must not: build trees,
//! allocate per rollout (a beam playout allocates its layers), print.

use super::beam;
use super::best::{repeat_runs, Best, Runs};
use super::budget::{Limit, Meter};
use super::endgame::Endgame;
use super::plan::BeamPlan;
use super::rollout::Rollout;
use crate::board::groups::GroupList;
use crate::board::{Board, Cell, GroupMask};
use crate::Rng;

/// The buffers of one NMCS level, reused by every search at that level.
#[derive(Default)]
struct NmcsLevel {
    best: Best,
    committed: Vec<Cell>,
    sim: Vec<Cell>,
    groups: GroupList,
}

/// What an NMCS search draws on, borrowed from its caller for the search: the
/// rollouts of its level-0 playouts, the exact endgames, the budget and the random
/// numbers.
pub(crate) struct Tools<'a, 's> {
    pub rollout: &'a mut Rollout,
    pub endgame: &'a mut Endgame,
    pub meter: &'a mut Meter<'s>,
    pub rng: &'a mut Rng,
}

struct Nmcs<'a, 's> {
    meter: &'a mut Meter<'s>,
    rng: &'a mut Rng,
    rollout: &'a mut Rollout,
    endgame: &'a mut Endgame,
    /// `levels[l - 1]`: the last (or current) level-l search (l ≥ 1; level 0 is a
    /// playout), as the tree searches and NRPA index levels.
    levels: Vec<NmcsLevel>,
    /// With learned rollouts: the moves from the root of the whole search (a tree
    /// search's root when NMCS is its inner search) to the start of the level
    /// search in progress.
    prefix: Vec<Cell>,
    /// True when NMCS is the whole search (false: the inner search of a tree
    /// search, whose learned rollouts it must not restart).
    whole: bool,
    /// The beam pass of every level-0 playout (`--playout-beam`: `start` is the
    /// first run's width, `cap` the widest a repeated run may double to), or none:
    /// rollouts.
    beam: Option<BeamPlan>,
    /// The width of the beam playouts of the run in progress.
    width: usize,
    /// The best game of the beam playout in progress.
    found: Best,
    root: Board,
    level: usize,
    mask: GroupMask,
    limit: Limit,
}

/// Runs level-`level` NMCS from `root` (not terminal) until `limit`, repeating
/// complete runs while budget remains; the best game goes to `best`. A root that is
/// itself an exact endgame is solved at once; returns true when that proves it.
/// `inside`: when NMCS is the inner search of a tree search (`--inner-algo nmcs`),
/// the moves from that search's root to `root` (the learned rollouts follow whole
/// games from there and are not restarted). `beam`: the pass of every level-0
/// playout instead of a rollout (`--playout-beam`), if any.
pub(crate) fn nmcs(
    level: usize,
    root: &Board,
    tools: Tools,
    beam: Option<BeamPlan>,
    limit: Limit,
    best: &mut Best,
    inside: Option<&[Cell]>,
) -> bool {
    let Tools {
        rollout,
        endgame,
        meter,
        rng,
    } = tools;
    if endgame.applies(root) {
        let mut moves = Vec::new();
        let (score, exact) = endgame.solve(root, &mut moves, meter, &limit);
        best.offer(score, &moves);
        if exact {
            return true;
        }
    }
    let mut s = Nmcs {
        meter,
        rng,
        rollout,
        endgame,
        levels: (0..level).map(|_| NmcsLevel::default()).collect(),
        prefix: inside.unwrap_or_default().to_vec(),
        whole: inside.is_none(),
        beam,
        width: beam.map_or(0, |p| p.start),
        found: Best::default(),
        root: *root,
        level,
        mask: GroupMask::default(),
        limit,
    };
    repeat_runs(&mut s, best);
    false
}

impl Runs for Nmcs<'_, '_> {
    fn run_once(&mut self) -> &Best {
        // One bandit per complete top-level run.
        self.rollout.reset_bandit();
        let root = self.root;
        self.run(self.level, &root);
        // Beam playouts draw no random number: the next run plays wider ones.
        if let Some(p) = self.beam {
            self.width = self.width.saturating_mul(2).min(p.cap);
        }
        &self.levels[self.level - 1].best
    }
    fn exhausted(&mut self) -> bool {
        self.meter.exhausted(&self.limit)
    }
}

impl Nmcs<'_, '_> {
    /// One level-`level` run from `start`; result in `self.levels[level-1].best`.
    fn run(&mut self, level: usize, start: &Board) -> i32 {
        let mut ws = std::mem::take(&mut self.levels[level - 1]);
        ws.best.reset();
        ws.committed.clear();
        self.rollout
            .begin_level(level, self.whole && level == self.level);
        let mut state = *start;
        ws.groups.reset(&state);
        'steps: while !ws.groups.is_empty() {
            for i in 0..ws.groups.len() {
                let m = ws.groups.as_slice()[i].cell;
                let mut b = state;
                b.play_unchecked(m, &mut self.mask);
                ws.sim.clear();
                ws.sim.push(m);
                let score = if !b.is_terminal() && self.endgame.applies(&b) {
                    self.endgame
                        .solve(&b, &mut ws.sim, self.meter, &self.limit)
                        .0
                } else if level == 1 && self.beam.is_none() {
                    self.rollout.run(self.meter, &mut b, self.rng, &mut ws.sim)
                } else if b.is_terminal() {
                    self.meter.playouts += 1;
                    b.final_score()
                } else if level == 1 {
                    self.beam_playout(&b, &mut ws.sim)
                } else {
                    let mark = self.prefix.len();
                    if self.rollout.learns() {
                        self.prefix.extend_from_slice(&ws.committed);
                        self.prefix.push(m);
                    }
                    let s = self.run(level - 1, &b);
                    self.prefix.truncate(mark);
                    ws.sim.extend_from_slice(&self.levels[level - 2].best.moves);
                    s
                };
                ws.best.offer_parts(score, &ws.committed, &ws.sim);
                if self.rollout.learns() {
                    let game = [&self.prefix[..], &ws.committed, &ws.sim];
                    self.rollout.offer(level, score, game);
                }
                if self.meter.exhausted(&self.limit) {
                    break 'steps;
                }
            }
            let next = ws.best.moves[ws.committed.len()];
            let change = state.play_unchecked(next, &mut self.mask);
            ws.groups.update(&state, change);
            ws.committed.push(next);
        }
        let score = ws.best.score;
        self.levels[level - 1] = ws;
        score
    }

    /// A level-0 playout by a beam pass (`--playout-beam`) from `b` (not terminal),
    /// reached by `sim` from the level's position: `sim` becomes the line of the
    /// pass's best game from there; returns its score.
    fn beam_playout(&mut self, b: &Board, sim: &mut Vec<Cell>) -> i32 {
        let plan = self.beam.expect("beam playouts have a beam plan");
        self.found.reset();
        beam::playout(
            plan.eval,
            self.width,
            b,
            sim,
            self.meter,
            &self.limit,
            &mut self.found,
        );
        std::mem::swap(sim, &mut self.found.moves);
        self.found.score
    }
}

#[cfg(test)]
mod beam_playout_tests;

#[cfg(test)]
mod tests {
    use crate::board::{Board, Cell};
    use crate::policy::playout;
    use crate::search::testutil::*;
    use crate::search::{search, Algo, Budget, SearchConfig};
    use crate::{Rng, Variant};

    /// The obvious greedy one-step lookahead over playouts with a memorised best
    /// sequence: at each position try every legal move (canonical order) followed by
    /// one uniform playout, keep the best complete game so far, play its next move.
    /// Returns (score, moves, playouts used).
    fn greedy(root: &Board, rng: &mut Rng) -> (i32, Vec<Cell>, u64) {
        let (mut best, mut best_moves) = (i32::MIN, Vec::new());
        let mut played = Vec::new();
        let mut state = *root;
        let mut n = 0;
        while !state.is_terminal() {
            for g in state.groups() {
                let mut b = state;
                b.play(g.cell);
                let mut moves = played.clone();
                moves.push(g.cell);
                let s = playout(&mut b, None, rng, &mut moves);
                n += 1;
                if s > best {
                    best = s;
                    best_moves = moves;
                }
            }
            let next = best_moves[played.len()];
            state.play(next);
            played.push(next);
        }
        (best, best_moves, n)
    }

    #[test]
    fn level_one_is_greedy_lookahead_over_playouts() {
        for v in Variant::ALL {
            for (seed, b) in [(1, board15(21, v)), (2, random_board(8, 6, 4, 3, v))] {
                let (score, moves, n) = greedy(&b, &mut crate::rng_for(seed, 0, 0));
                // The greedy reference plays uniform random playouts.
                let mut cfg = SearchConfig::new(Algo::Nmcs, 1);
                cfg.policy = crate::policy::RolloutPolicy::Random;
                let r = search(
                    &cfg.clone().valid().unwrap(),
                    &b,
                    Budget::Iterations(n),
                    &mut crate::rng_for(seed, 0, 0),
                );
                assert_eq!((r.score, &r.moves, r.stats.playouts), (score, &moves, n));
                assert_eq!(r.stats.peak_nodes, 0);
            }
        }
    }

    #[test]
    fn replays_on_all_variants() {
        for level in 1..=3 {
            check_all_variants(&SearchConfig::new(Algo::Nmcs, level), 700, u64::from(level));
        }
    }

    #[test]
    fn repeats_runs_and_spends_exactly_the_budget() {
        let b = random_board(6, 5, 3, 8, Variant::SameGame);
        let r = search(
            &(SearchConfig::new(Algo::Nmcs, 1)).clone().valid().unwrap(),
            &b,
            Budget::Iterations(5000),
            &mut crate::rng_for(1, 1, 1),
        );
        assert_eq!(r.stats.playouts, 5000);
        crate::line::verify(&b, &r.moves, r.score).unwrap();
    }

    #[test]
    fn finds_tiny_optima() {
        for v in Variant::ALL {
            for seed in 0..4 {
                let b = random_board(4 + (seed as usize % 2), 4, 3, seed, v);
                let opt = optimum(&b);
                let cfg = SearchConfig::new(Algo::Nmcs, 2);
                let r = search(
                    &cfg.clone().valid().unwrap(),
                    &b,
                    Budget::Iterations(20_000),
                    &mut crate::rng_for(seed, 9, 9),
                );
                assert_eq!(r.score, opt, "{v} seed {seed}");
            }
        }
    }

    #[test]
    fn deterministic() {
        check_deterministic(&SearchConfig::new(Algo::Nmcs, 2), 3000);
    }
}
