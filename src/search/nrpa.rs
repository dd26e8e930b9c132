//! Nested Rollout Policy Adaptation, `--algo nrpa`.
//!
//! - Rosin, C. D. (2011). *Nested Rollout Policy Adaptation for Monte Carlo Tree
//!   Search.* IJCAI 2011: the algorithm.
//! - Cazenave, T. (2016). *Nested Rollout Policy Adaptation with Selective
//!   Policies.* CGW 2016: SameGame move codes and the selective (tabu-colour) policy.
//! - Cazenave, T. (2020). *Generalized Nested Rollout Policy Adaptation.* MCS 2020
//!   (GNRPA): a fixed prior β · heuristic added to every move's weight.
//!
//! A level-L search runs `--nrpa-iterations` N level-(L−1) searches, each with a copy
//! of its policy; it memorises the best sequence seen at its level (a sequence at
//! least as good replaces it, as in Rosin's pseudo-code) and after every lower-level
//! search adapts its policy toward that sequence with learning rate `--nrpa-alpha`.
//! Level 0 is one playout sampling every move from the softmax of the policy over
//! the move codes. The move codes, the policy, the playout and the adaptation step
//! live in [`crate::policy::adaptive`], shared with other searches; this module
//! nests them. The policy of a top-level run starts empty (all weights 0).
//!
//! Selective policy: with `--policy tabu` (the default for SameGame through `auto`)
//! groups of the colour with most tiles at the root are not candidates while other
//! groups exist; with `--policy random` every group is. The 2016 paper excepts small
//! tabu-colour groups late in the game; its exact rule could not be checked here, so
//! the exception is ours and parametrised ([`Late`](crate::search::config::Late): `--nrpa-late-tiles T
//! --nrpa-late-size S`, tabu groups of at most S tiles are candidates once at most T
//! tiles are left). GNRPA bias: `--nrpa-bias β` adds β · h(move) to each
//! candidate's weight (0 = plain NRPA), h chosen by `--nrpa-prior`: group size − 2
//! (the default) or −1 for the tabu colour's groups ([`crate::policy::adaptive::Prior`]).
//!
//! Refinements, each off by default (docs/search.md, "NRPA refinements"):
//! - Stabilized NRPA (Cazenave, Sevestre & Toulemont 2020), `--nrpa-stable P`: a
//!   level-1 search plays P playouts under its policy per adaptation (N · P playouts);
//! - limited repetitions (after Cazenave 2024), `--nrpa-repeats R`: a level ends
//!   once its lower levels have returned its best sequence again R times, and its
//!   parent adapts and starts a fresh one (a top-level run: a fresh run);
//! - Beam NRPA (Cazenave & Teytaud 2012), `--nrpa-beam B`: [`beam`];
//! - seeded NRPA (ours, issue 29: the record holders' beam search and NRPA
//!   together), `--nrpa-seed W`: before the first run, one pass of the beam search
//!   over positions (`search::beam`) of width W, ranked by the beam's default
//!   evaluation, finds a line; every top-level run then starts with that line as its
//!   best sequence, so its policy adapts toward it after each lower-level search
//!   until a lower level finds one at least as good (Rosin's rule). The line is the
//!   search's result unless NRPA beats it. The pass counts its evaluated positions
//!   in the budget, like `--algo beam`; NRPA gets what it leaves.
//!
//! Budget: every level-0 playout counts one. A level stops its loop when the budget
//! is spent (once it has a sequence), so an iteration budget K gives exactly K
//! playouts; a top-level run that finishes with budget left is followed by a fresh
//! run (empty policy, the random stream continuing) until the budget is spent, like
//! NMCS. The best of all runs is returned.
//!
//! Parallel NRPA (`--nrpa-width K`, K > 1) runs the top level's lower-level searches
//! K at a time side by side ([`parallel`]); width 1 is the recursion below as is.
//! Either can be suspended, saved and continued later ([`checkpoint`], `batch
//! --checkpoint`).
//!
//! Owns: the NRPA recursion and its per-level buffers. Must not: print, build trees.

mod beam;
mod checkpoint;
mod parallel;
#[cfg(test)]
mod refine_tests;
#[cfg(test)]
mod seed_tests;

use super::beam::beam;
use super::best::{repeat_runs, Best, Runs};
use super::budget::{Limit, Meter};
use super::config::NrpaConfig;
use super::plan::BeamPlan;
use crate::board::Board;
use crate::policy::adaptive::{AdaptScratch, Playout, Policy, Prior, Selective, Trace};
use crate::policy::{tabu_color, RolloutPolicy};
use crate::Rng;
pub(crate) use checkpoint::check as check_checkpoint;
pub use checkpoint::{Checkpoints, NrpaState};
use checkpoint::{Frame, Suspend};

/// The result of one level's search: its best sequence (a [`Best`]) with what its
/// playout saw at each step (for adaptation).
#[derive(Clone, Default, serde::Serialize, serde::Deserialize)]
struct NrpaLevel {
    best: Best,
    trace: Trace,
}

/// An NRPA search resolved for its root ([`crate::search::SearchConfig::resolve`]):
/// its parameters, N and the rollout policy (`random` or `tabu`).
pub(crate) struct Run {
    pub cfg: NrpaConfig,
    pub iterations: u64,
    pub policy: RolloutPolicy,
    /// The beam pass whose best line seeds the top level (`--nrpa-seed`), if any.
    pub seed: Option<BeamPlan>,
    /// Every top-level run after the first starts with the best line found so far
    /// as its best sequence (`--nrpa-restart best`).
    pub restart_best: bool,
}

struct Nrpa<'c, 's, 'r> {
    meter: &'c mut Meter<'s>,
    rng: &'r mut Rng,
    limit: Limit,
    root: Board,
    level: usize,
    alpha: f64,
    /// N, resolved for the root board.
    iterations: u64,
    /// Playouts per adaptation at level 1 (`--nrpa-stable`; 1 = plain).
    stable: u32,
    /// Repetitions of its best sequence that end a level (`--nrpa-repeats`; 0 = never).
    repeats: u32,
    /// Sequences kept per level (`--nrpa-beam`; 1 = plain NRPA, [`Nrpa::run`]).
    beam: usize,
    /// Beam NRPA's results: `beams[l]`, the best sequences of the last level-l
    /// search, best first (l = 0: one playout). Unused unless `beam > 1`.
    beams: Vec<Vec<NrpaLevel>>,
    playout: Playout,
    /// `levels[l - 1]`: the result of the last (or current) level-l search (l ≥ 1),
    /// as NMCS and the tree searches index levels.
    levels: Vec<NrpaLevel>,
    /// The last level-0 search: one playout.
    last_playout: NrpaLevel,
    scratch: AdaptScratch,
    /// The policy every top-level run starts from: empty, or a parent's (an inner
    /// NRPA warm-started from its tree's learned policy, [`nrpa_from`]).
    start: Policy,
    /// The best sequence every top-level run starts with (`--nrpa-seed`: the seeding
    /// beam's line and its trace; `--nrpa-restart best`: the best line so far), or
    /// none (plain NRPA: empty).
    seed: Option<NrpaLevel>,
    /// `--nrpa-restart best`: after each top-level run, its best line (when better
    /// than the seed) becomes the seed of the next.
    restart_best: bool,
    /// Checkpoints (`batch --checkpoint`, [`checkpoint`]): when level 1 suspends the
    /// search, and the frames of the levels in progress, deepest first, while it is
    /// suspended or resumed (empty otherwise).
    suspend: Option<Suspend>,
    frames: Vec<Frame>,
    /// Beam NRPA's frames, as `frames` ([`beam::BeamFrame`]).
    beam_frames: Vec<beam::BeamFrame>,
}

/// Runs level-`level` NRPA from `root` (not terminal) until `limit`, restarting
/// complete runs while budget remains; the best game goes to `best`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn nrpa(
    run: Run,
    level: usize,
    root: &Board,
    meter: &mut Meter,
    rng: &mut Rng,
    limit: Limit,
    best: &mut Best,
    checkpoints: Option<Checkpoints>,
) {
    match checkpoints {
        Some(c) => {
            let (mut s, width) = (
                Nrpa::new(&run, level, root, meter, rng, limit),
                run.cfg.width,
            );
            if let Some(mut driver) = checkpoint::start(&mut s, width, run.seed, c, best) {
                if width > 1 {
                    parallel::wide(s, width, best, Some(&mut driver));
                } else {
                    driver.drive(&mut s, best);
                }
            }
        }
        None => nrpa_from(
            run,
            level,
            root,
            &Policy::default(),
            meter,
            rng,
            limit,
            best,
        ),
    }
}

/// [`nrpa`] whose top-level runs start from a copy of `start` instead of the empty
/// policy (an inner NRPA warm-started from the policy its tree has learnt).
#[allow(clippy::too_many_arguments)]
pub(crate) fn nrpa_from(
    run: Run,
    level: usize,
    root: &Board,
    start: &Policy,
    meter: &mut Meter,
    rng: &mut Rng,
    limit: Limit,
    best: &mut Best,
) {
    let width = run.cfg.width;
    let mut s = Nrpa::new(&run, level, root, meter, rng, limit);
    s.start.clone_from(start);
    if let Some(plan) = run.seed {
        s.seed_from(plan, best);
        if s.meter.exhausted(&s.limit) {
            return;
        }
    }
    if width > 1 {
        parallel::wide(s, width, best, None);
    } else {
        repeat_runs(&mut s, best);
    }
}

impl<'c, 's, 'r> Nrpa<'c, 's, 'r> {
    /// A level-`level` search of `run` from `root`, before its first run.
    fn new(
        run: &Run,
        level: usize,
        root: &Board,
        meter: &'c mut Meter<'s>,
        rng: &'r mut Rng,
        limit: Limit,
    ) -> Self {
        let tabu = match run.policy {
            RolloutPolicy::Random => None,
            RolloutPolicy::Tabu => tabu_color(root),
            p => unreachable!("nrpa with --policy {p} (refused by validation)"),
        };
        // The colour the tabu prior penalises (validation makes it --policy random).
        let prior_tabu = match run.cfg.prior {
            Prior::Tabu => tabu_color(root),
            Prior::Size => None,
        };
        let beam = run.cfg.beam as usize;
        Nrpa {
            meter,
            rng,
            limit,
            root: *root,
            level,
            alpha: run.cfg.alpha,
            iterations: run.iterations,
            stable: run.cfg.stable,
            repeats: run.cfg.repeats,
            beam,
            beams: (0..=level).map(|_| Vec::new()).collect(),
            playout: Playout::new(
                Selective {
                    tabu,
                    late_tiles: run.cfg.late.tiles,
                    late_size: run.cfg.late.size,
                },
                run.cfg.bias,
            )
            .with_prior(run.cfg.prior, prior_tabu),
            levels: (0..level).map(|_| NrpaLevel::default()).collect(),
            last_playout: NrpaLevel::default(),
            scratch: AdaptScratch::default(),
            start: Policy::default(),
            seed: None,
            restart_best: run.restart_best,
            suspend: None,
            frames: Vec::new(),
            beam_frames: Vec::new(),
        }
    }

    /// Seeded NRPA: runs the beam pass of `plan` from the root within the limit,
    /// offers its best game to `best` and keeps it, with its trace under this
    /// search's candidate rule, as every top-level run's starting best sequence.
    fn seed_from(&mut self, plan: BeamPlan, best: &mut Best) {
        let mut found = Best::default();
        beam(plan, &self.root, self.meter, self.limit, &mut found, None);
        best.offer(found.score, &found.moves);
        let mut seed = NrpaLevel::default();
        let (score, _) = self
            .playout
            .replay(&self.root, &found.moves, &mut seed.trace);
        assert_eq!(
            score, found.score,
            "seeded NRPA: the beam's line must replay"
        );
        seed.best = found;
        self.seed = Some(seed);
    }

    /// `--nrpa-restart best`: the top-level result (its line and trace) starts the
    /// next run when it beats the seed (a line ties: the older one stays). Both the
    /// sequential and the wide top level call it after each run; a run suspended for
    /// a checkpoint (frames left) has not ended, so it keeps nothing.
    fn keep_top_as_seed(&mut self) {
        let top = &self.levels[self.level - 1];
        if self.restart_best
            && self.frames.is_empty()
            && top.best.score != i32::MIN
            && self
                .seed
                .as_ref()
                .is_none_or(|s| top.best.score > s.best.score)
        {
            self.seed = Some(top.clone());
        }
    }

    /// The result of the last top-level run (plain or Beam NRPA); while a run is
    /// suspended for a checkpoint, none (a default, no game).
    fn top_result(&self) -> &Best {
        match self.beams[self.level].first() {
            Some(b) if self.beam > 1 && self.beam_frames.is_empty() => &b.best,
            _ => &self.levels[self.level - 1].best,
        }
    }

    /// Starts a top-level run's result: the seed's line (`--nrpa-seed`) or empty.
    fn start_top(&self, ws: &mut NrpaLevel) {
        match &self.seed {
            Some(seed) => ws.clone_from(seed),
            None => ws.best.reset(),
        }
    }
}

/// What a level does at its budget check, before each lower-level search
/// ([`Nrpa::budget_check`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Check {
    /// Run the lower-level search.
    Run,
    /// The budget is spent: the level ends.
    End,
    /// Level 1 suspends the search for a checkpoint (due, or a stop asked).
    Suspend,
}

impl Nrpa<'_, '_, '_> {
    /// The budget check of plain and Beam NRPA's levels, before each lower-level
    /// search; `has_line`: the level holds a complete game (none ends without one);
    /// `resumed`: the level was just resumed from a checkpoint, so it had checked
    /// the budget before it was suspended (cleared here). Level 1 suspends the
    /// search (checkpoints) where it checks the budget, and also when the budget
    /// check saw a stop that [`Suspend::due`] had not (it came in between), so that
    /// every stop saves its checkpoint.
    #[inline(always)]
    pub(super) fn budget_check(
        &mut self,
        level: usize,
        has_line: bool,
        resumed: &mut bool,
    ) -> Check {
        if level == 1
            && self
                .suspend
                .as_mut()
                .is_some_and(|s| s.due(self.meter, has_line))
        {
            return Check::Suspend;
        }
        if std::mem::take(resumed) || !has_line || !self.meter.exhausted(&self.limit) {
            Check::Run
        } else if level == 1 && self.suspend.as_mut().is_some_and(|s| s.stop(self.meter)) {
            Check::Suspend
        } else {
            Check::End
        }
    }
}

impl Runs for Nrpa<'_, '_, '_> {
    fn run_once(&mut self) -> &Best {
        // A top-level run starts from the empty policy (or the warm start's).
        let start = std::mem::take(&mut self.start);
        if self.beam > 1 {
            self.run_beam(self.level, &start);
        } else {
            self.run(self.level, &start);
        }
        self.start = start;
        self.keep_top_as_seed();
        self.top_result()
    }
    fn exhausted(&mut self) -> bool {
        self.meter.exhausted(&self.limit)
    }
}

impl Nrpa<'_, '_, '_> {
    /// One level-`level` search under (a copy of) `pol`; result in
    /// `self.levels[level - 1]` (level 0: `self.last_playout`).
    ///
    /// With checkpoints, level 1 may suspend the search where it would check the
    /// budget before a playout: each level in progress then pushes its frame (its
    /// policy, result so far and loop counters) on `self.frames` and returns at once.
    /// A search that finds frames there takes the top one instead of starting
    /// afresh (a resumed level goes straight back into the lower-level search it was
    /// in), so suspending and resuming changes nothing in what it plays.
    fn run(&mut self, level: usize, pol: &Policy) {
        if level == 0 {
            self.meter.playouts += 1;
            let p = &mut self.last_playout;
            p.best.score =
                self.playout
                    .run(&self.root, pol, self.rng, &mut p.best.moves, &mut p.trace);
            return;
        }
        // `repeated`: times the lower levels returned the best sequence again;
        // `resumed`: this level continues from its frame.
        let (mut pol, mut ws, i0, j0, mut repeated, mut resumed) = match self.frames.pop() {
            Some(f) => {
                debug_assert_eq!(f.level, level, "a frame resumes its own level");
                (f.pol, f.ws, f.i, f.j, f.repeated, level > 1)
            }
            None => {
                let mut ws = std::mem::take(&mut self.levels[level - 1]);
                if level == self.level {
                    self.start_top(&mut ws);
                } else {
                    ws.best.reset();
                }
                (pol.clone(), ws, 0, 0, 0, false)
            }
        };
        // Lower-level searches per adaptation: P at level 1 (Stabilized NRPA).
        let per_adapt = if level == 1 { self.stable } else { 1 };
        'level: for i in i0..self.iterations {
            for j in if i == i0 { j0 } else { 0 }..per_adapt {
                let has_line = ws.best.score != i32::MIN;
                let check = self.budget_check(level, has_line, &mut resumed);
                match check {
                    Check::Run => self.run(level - 1, &pol),
                    Check::End => break 'level,
                    Check::Suspend => {}
                }
                if check == Check::Suspend || !self.frames.is_empty() {
                    self.frames.push(Frame {
                        level,
                        pol,
                        ws,
                        i,
                        j,
                        repeated,
                        round: 0,
                        base: 0,
                    });
                    return;
                }
                let low = if level == 1 {
                    &self.last_playout
                } else {
                    &self.levels[level - 2]
                };
                if self.repeats > 0 && low.best.score >= ws.best.score {
                    if low.best.score == ws.best.score && low.best.moves == ws.best.moves {
                        repeated += 1;
                    } else {
                        repeated = 0;
                    }
                }
                if ws.best.offer_or_tie(low.best.score, &low.best.moves) {
                    if level == 1 {
                        // The playout's trace is not read again (the next playout
                        // clears it first): taken, not copied.
                        std::mem::swap(&mut ws.trace, &mut self.last_playout.trace);
                    } else {
                        ws.trace.clone_from(&self.levels[level - 2].trace);
                    }
                }
                if self.repeats > 0 && repeated >= self.repeats {
                    break 'level;
                }
            }
            if self.playout.is_flat() {
                pol.adapt_flat(&ws.trace, self.alpha, &mut self.scratch);
            } else {
                pol.adapt(&ws.trace, self.alpha, &mut self.scratch);
            }
        }
        self.levels[level - 1] = ws;
    }
}

#[cfg(test)]
mod tests {
    use crate::policy::RolloutPolicy;
    use crate::search::testutil::*;
    use crate::search::{search, Algo, Budget, SearchConfig};
    use crate::Variant;

    fn cfg(level: u32, n: u64) -> SearchConfig {
        let mut c = SearchConfig::new(Algo::Nrpa, level);
        c.nrpa_mut().unwrap().iterations = crate::search::Setting::Set(n);
        c
    }

    #[test]
    fn finds_tiny_optima_on_every_variant() {
        for policy in [RolloutPolicy::Random, RolloutPolicy::Auto] {
            for v in Variant::ALL {
                for seed in 0..4 {
                    let b = random_board(4 + (seed as usize % 2), 4, 3, seed, v);
                    let opt = optimum(&b);
                    let mut c = cfg(2, 20);
                    c.policy = policy;
                    let r = search(
                        &c.clone().valid().unwrap(),
                        &b,
                        Budget::Iterations(20_000),
                        &mut crate::rng_for(seed, 9, 9),
                    );
                    crate::line::verify(&b, &r.moves, r.score).unwrap();
                    if policy == RolloutPolicy::Random {
                        assert_eq!(r.score, opt, "{c} on {v} seed {seed}:\n{b}");
                    } else {
                        // The selective policy may exclude the optimum; it must
                        // still find a legal complete game.
                        assert!(r.score <= opt);
                    }
                }
            }
        }
    }

    #[test]
    fn replays_on_all_variants_within_budget() {
        for level in 1..=3 {
            check_all_variants(&cfg(level, 10), 700, u64::from(level));
        }
        let mut c = cfg(2, 10);
        c.nrpa_mut().unwrap().bias = 0.5;
        c.policy = RolloutPolicy::Tabu;
        check_all_variants(&c, 500, 7);
    }

    #[test]
    fn spends_exactly_the_budget() {
        let b = random_board(6, 5, 3, 8, Variant::SameGame);
        // 7 is not a multiple of 4³ = 64 playouts per level-3 run: runs restart and
        // the last one is cut short.
        for (level, k) in [(1, 5000), (3, 1000), (2, 7), (3, 1)] {
            check_spends_exactly(&cfg(level, 4), &b, k, "");
        }
    }

    #[test]
    fn adapted_playouts_beat_unadapted_ones_on_a_small_board() {
        // Level 2 with N = 30 against 900 independent policy-free playouts (level 1
        // with N = 1 never adapts before playing): same budget, learning helps.
        let b = random_board(10, 8, 4, 3, Variant::SameGame);
        let run = |c: &SearchConfig| {
            (0..4)
                .map(|s| {
                    search(
                        &c.clone().valid().unwrap(),
                        &b,
                        Budget::Iterations(900),
                        &mut crate::rng_for(s, 2, 2),
                    )
                    .score
                })
                .sum::<i32>()
        };
        let mut flat = cfg(1, 1);
        flat.policy = RolloutPolicy::Random;
        let mut nested = cfg(2, 30);
        nested.policy = RolloutPolicy::Random;
        assert!(run(&nested) >= run(&flat));
    }

    #[test]
    fn deterministic() {
        check_deterministic(&cfg(2, 20), 3000);
    }
}
