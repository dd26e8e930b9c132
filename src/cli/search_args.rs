//! Search settings shared by `solve`, `batch` and `compare` (flattened clap args),
//! turned into a validated [`SearchConfig`] and [`Budget`].
//!
//! This module only parses: a flag left out takes its default from
//! [`SearchConfig::new`] and [`Defaults`] (`search::defaults`), which flag applies to
//! which algorithm is the table [`crate::search::FLAGS`] (`given.rs` only says which
//! of its flags a command line gives; `flags_tests.rs` pins that the table and these
//! flags agree), and every value is checked by [`SearchConfig::validate`].
//!
//! Per-level lists (`--c`, `--z`, `--beam-l`, `--beam-w`, `--inner`) are
//! comma-separated, from level 1 upward. Missing upper levels take their defaults
//! (C = 0, z = 0, no beam); `auto` stands for the [`crate::search::Defaults`] default
//! of the board's variant; `none` switches a level's beam off.

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::limits::MAX_ITERATIONS;
use crate::policy::adaptive::Prior;
use crate::policy::RolloutPolicy;
use crate::search::{
    Advance, Algo, Beam, Budget, Defaults, EvalWeights, InnerAlgo, NrpaConfig, NrpaRestart,
    RewardNorm, SearchConfig, Setting, Spec, TreeSpec, Valid,
};

mod given;
mod parse;
pub(crate) use parse::threads_arg;
use parse::{auto_or, check_len, on_off, parse_list, per_level_weights, Item};

/// The `--help` sections of the search flags: the common ones first, then one per
/// algorithm or part.
const SEARCH: &str = "Search";
const TREE: &str = "Tree searches (mcts, bmcts, nmcts, nbmcts)";
const EVAL: &str = "Evaluation (tree searches and beam)";
const EXACT: &str = "Exact solving (exact, --endgame)";
const NRPA: &str = "NRPA (nrpa, and the inner NRPA of nmcts and nbmcts)";
const NMCS: &str = "NMCS (nmcs)";
const BEAM: &str = "Beam search (beam)";
const ROLLOUTS: &str = "Rollout policies (--policy tabu-bandit, adapt)";

given::with_given! {
/// Algorithm, its parameters and the budget.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchArgs {
    /// Algorithm: mcts, nmcs, nmcts, bmcts, nbmcts, exact, nrpa or beam. Default nrpa (level 3):
    /// stronger than level-2 NMCS at equal time on every variant and on validation
    /// positions never used for tuning (docs/experiments.md, "The default algorithm").
    #[arg(long, help_heading = SEARCH)]
    pub algo: Option<String>,
    /// Nesting level (nmcs, nmcts, nbmcts: default 2; nrpa: default 3). mcts and bmcts
    /// are level 1.
    #[arg(long, help_heading = SEARCH)]
    pub level: Option<u32>,
    /// Rollout policy: random, tabu, tabu-bandit, adapt, or auto (the default: tabu
    /// for SameGame, random for Clickomania and Bubble Breaker; for mcts, adapt on
    /// SameGame boards of at least 144 tiles; for nrpa, tabu only on boards of at
    /// least 144 tiles and 4 colours). adapt (tree searches and nmcs): learned
    /// rollouts, a softmax over NRPA's move codes adapted toward the best game
    /// found (--adapt-*).
    #[arg(long, help_heading = SEARCH)]
    pub policy: Option<RolloutPolicy>,
    /// Root parallelisation: N independent searches with their own seeds share the
    /// budget (--iterations is the total); tree searches pool their root statistics
    /// at each move-by-move decision. Not with exact. `solve` also calls it --threads.
    /// For nrpa, one search of --nrpa-width N (default; see --nrpa-independent).
    /// For beam, the threads of the pool `solve` runs its one search on (default
    /// auto: all cores); its results do not depend on it.
    /// `auto` (the default of mcts): 2 for MCTS in SameGame and Bubble Breaker with
    /// an iteration budget, else 1 (docs/search.md, "Root parallelisation").
    #[arg(long, value_parser = threads_arg, help_heading = SEARCH)]
    pub search_threads: Option<u32>,
    /// Budget: level-0 playouts for the whole search.
    #[arg(long, conflicts_with = "time", help_heading = SEARCH)]
    pub iterations: Option<u64>,
    /// Budget: wall-clock seconds per search.
    #[arg(long, conflicts_with = "cpu_time", help_heading = SEARCH)]
    pub time: Option<f64>,
    /// Budget: CPU seconds of each of the search's threads, whatever the machine's
    /// load (a run at low priority beside a build, or on a shared node, gets the
    /// compute it asked for; on an idle machine the same search as --time).
    #[arg(long, value_name = "S", conflicts_with = "iterations", help_heading = SEARCH)]
    pub cpu_time: Option<f64>,
    /// UCB1-TUNED exploration factor per level, from level 1 (e.g. 0.0002,0);
    /// `auto` = per-variant default at level 1; higher levels default to 0.
    #[arg(long, allow_hyphen_values = true, help_heading = TREE)]
    pub c: Option<String>,
    /// Move-by-move search per level: spread the level's budget over the first z
    /// moves (0 = global search; `auto` = the tuned z for the variant and budget
    /// class, docs/search.md). Default: auto for mcts, 0 at every level elsewhere.
    #[arg(long, help_heading = TREE)]
    pub z: Option<String>,
    /// How move-by-move search advances: visits (most-sampled move) or best (next move
    /// of the best solution).
    #[arg(long, help_heading = TREE)]
    pub advance: Option<String>,
    /// BMCTS simulation limit L per level (bmcts, nbmcts); `auto` or `none`.
    #[arg(long, help_heading = TREE)]
    pub beam_l: Option<String>,
    /// BMCTS beam width W per level (bmcts, nbmcts); `auto` or `none`.
    #[arg(long, help_heading = TREE)]
    pub beam_w: Option<String>,
    /// Playouts of each lower-level search, levels 1 .. level−1 (nmcts, nbmcts);
    /// default `auto`.
    #[arg(long, help_heading = TREE)]
    pub inner: Option<String>,
    /// The search run from each leaf of the level-2 tree (nmcts, nbmcts at level ≥ 2):
    /// auto (the default: the warm tree, NRPA on boards of 144+ tiles, nbmcts's with a
    /// level-2 beam unless beams are given; else mcts), mcts (the thesis' nesting),
    /// nmcs or nrpa (--nrpa-* apply), with the budget of --inner.
    #[arg(long, help_heading = TREE)]
    pub inner_algo: Option<String>,
    /// Level of --inner-algo nmcs or nrpa (default 1; the warm tree's 2).
    #[arg(long, value_name = "K", help_heading = TREE)]
    pub inner_level: Option<u32>,
    /// Independent restarts of the top-level search sharing the budget (tree searches).
    #[arg(long, help_heading = TREE)]
    pub restarts: Option<u64>,
    /// One-player MCTS-Solver (tree searches): solved subtrees are never entered
    /// again and a solved root stops its search. `off` restores the old behaviour.
    #[arg(long, value_parser = on_off, help_heading = TREE)]
    pub solver: Option<bool>,
    /// Score-bounded solver (tree searches, with --solver on): a node whose upper
    /// bound (running score plus every colour removed as one group, plus the
    /// clearing bonus when possible) cannot beat the best game found is closed
    /// without a playout. `off` gives the plain MCTS-Solver.
    #[arg(long, value_parser = on_off, help_heading = TREE)]
    pub bounds: Option<bool>,
    /// Move-by-move search keeps the committed move's subtree (tree searches).
    #[arg(long, value_parser = on_off, help_heading = TREE)]
    pub reuse: Option<bool>,
    /// Reward scaling in selection (tree searches): thesis (the thesis' fixed
    /// normalisation) or range (by the range of scores seen in the level's search).
    #[arg(long, help_heading = TREE)]
    pub reward_norm: Option<RewardNorm>,
    /// Weight α of the implicit value per level, from level 1 (tree searches):
    /// selection ranks children by (1 − α)·mean + α·v; 0 = off.
    #[arg(long, help_heading = TREE)]
    pub im_alpha: Option<String>,
    /// The implicit value: eval (max backup of --eval) or best (best simulation).
    #[arg(long, help_heading = TREE)]
    pub im_source: Option<String>,
    /// Progressive bias W per level (tree searches): W·h/(n+1) added in selection,
    /// h the child's normalised --eval; 0 = off.
    #[arg(long, help_heading = TREE)]
    pub pb: Option<String>,
    /// Heuristic evaluation for --im-alpha and --pb (tree searches), or the ranking
    /// of the beam (default learned; none ranks by the score so far): none,
    /// potential, colors or learned (weights learned from play, shipped in
    /// weights/beam-eval.toml; docs/search.md).
    #[arg(long, help_heading = EVAL)]
    pub eval: Option<String>,
    /// The weights of --eval learned, from this TOML file instead of the shipped
    /// weights/beam-eval.toml (tree searches and beam).
    #[arg(long, value_name = "FILE", help_heading = EVAL)]
    pub eval_weights: Option<PathBuf>,
    /// Solve positions with at most N tiles left exactly (0 = off); tree searches and
    /// nmcs (not exact, nrpa or beam).
    #[arg(long, help_heading = EXACT)]
    pub endgame: Option<u32>,
    /// Transposition table of exact and of the endgame solver, in MB.
    #[arg(long, help_heading = EXACT)]
    pub tt_mb: Option<u64>,
    /// NRPA: lower-level searches per search at every level ≥ 1 (N), or `auto`
    /// (default: 100 on boards of at least 144 tiles, 20 on smaller ones).
    #[arg(long, value_parser = auto_or::<u64>, help_heading = NRPA)]
    pub nrpa_iterations: Option<Setting<u64>>,
    /// NRPA: learning rate α of the policy adaptation (default 1).
    #[arg(long, help_heading = NRPA)]
    pub nrpa_alpha: Option<f64>,
    /// GNRPA bias β: β · (group size − 2) added to every move's weight (default 0).
    #[arg(long, allow_hyphen_values = true, help_heading = NRPA)]
    pub nrpa_bias: Option<f64>,
    /// NRPA selective policy, late-game exception: once at most T tiles are left,
    /// tabu-colour groups of at most --nrpa-late-size tiles are candidates too
    /// (default 0 = never).
    #[arg(long, value_name = "T", help_heading = NRPA)]
    pub nrpa_late_tiles: Option<u16>,
    /// NRPA: largest tabu-colour group the late-game exception lets in (default 2).
    #[arg(long, value_name = "S", help_heading = NRPA)]
    pub nrpa_late_size: Option<u16>,
    /// Parallel NRPA: lower-level searches the top level runs side by side from the
    /// same policy, each with its own seed (docs/search.md, "Parallel NRPA"). The
    /// result depends on it, never on the thread count. Default: the thread count
    /// (`solve --threads`, --search-threads), else 1 (sequential NRPA).
    #[arg(long, value_name = "K", help_heading = NRPA)]
    pub nrpa_width: Option<u32>,
    /// NRPA with --threads N (--search-threads N): N independent searches sharing the
    /// budget, the best kept (root parallelisation, as before parallel NRPA), instead
    /// of one search of width N.
    #[arg(long, help_heading = NRPA)]
    pub nrpa_independent: bool,
    /// GNRPA prior: the heuristic --nrpa-bias β multiplies: size (group size − 2,
    /// the default) or tabu (−1 for the tabu colour's groups: a soft penalty instead of
    /// the selective policy's exclusion; needs --policy random and β ≠ 0).
    #[arg(long, help_heading = NRPA)]
    pub nrpa_prior: Option<Prior>,
    /// Stabilized NRPA: level 1 plays P playouts under its policy before each
    /// adaptation (default 1 = plain NRPA).
    #[arg(long, value_name = "P", help_heading = NRPA)]
    pub nrpa_stable: Option<u32>,
    /// NRPA: what each top-level run after the first starts from: fresh (the empty
    /// policy, the default) or best (the empty policy with the best line found so
    /// far as its best sequence: an "improve" restart; nrpa only).
    #[arg(long, value_name = "RULE", help_heading = NRPA)]
    pub nrpa_restart: Option<NrpaRestart>,
    /// Beam NRPA: every level keeps its B best sequences, each with its own policy
    /// (default 1 = plain NRPA; at most 16).
    #[arg(long, value_name = "B", help_heading = NRPA)]
    pub nrpa_beam: Option<u32>,
    /// Limited repetitions: a level ends once its lower levels have returned its best
    /// sequence again R times, and its parent starts a fresh one (default 0 = never).
    #[arg(long, value_name = "R", help_heading = NRPA)]
    pub nrpa_repeats: Option<u32>,
    /// Seeded NRPA: a beam search over positions of width W (--algo beam's
    /// evaluation) runs first, within the budget, and its best line starts the top
    /// level as its best sequence (default 0 = no seed).
    #[arg(long, value_name = "W", help_heading = NRPA)]
    pub nrpa_seed: Option<u32>,
    /// NMCS (nmcs, any level): every level-0 playout is a pass of the beam search
    /// over positions of width W (--algo beam's default evaluation) from its position,
    /// its best game the playout's; it costs its evaluated positions (default 0 =
    /// off: rollouts of --policy).
    #[arg(long, value_name = "W", help_heading = NMCS)]
    pub playout_beam: Option<u32>,
    /// Beam search (beam): the widest pass, or `auto` (2^20); passes of width 1, 2,
    /// 4, … run until the budget ends or a pass at this width is done.
    #[arg(long, value_parser = auto_or::<u64>, help_heading = BEAM)]
    pub beam_width: Option<Setting<u64>>,
    /// Exploration factor of the UCB1-TUNED bandit choosing the tabu colour (only
    /// with --policy tabu-bandit; default: tuned by the bandit's lifetime, 0.001 for a level-1 search of at most 31,623 playouts, else 1).
    #[arg(long, help_heading = ROLLOUTS)]
    pub bandit_c: Option<f64>,
    /// Learned rollouts (--policy adapt): step α of each adaptation toward the best
    /// game (auto: 0.1, with --adapt-every 10; the warm tree's 1 and 1).
    #[arg(long, value_parser = auto_or::<f64>, help_heading = ROLLOUTS)]
    pub adapt_alpha: Option<Setting<f64>>,
    /// Learned rollouts: adapt after every K-th rollout; 0 = once each time the best
    /// game improves (auto: 10; the warm tree's 1).
    #[arg(long, value_name = "K", value_parser = auto_or::<u64>, help_heading = ROLLOUTS)]
    pub adapt_every: Option<Setting<u64>>,
    /// Learned rollouts: where the policy lives: search (one per search, following
    /// its best game) or level (one per level search, started from its parent's, as
    /// NRPA nests them; level ≥ 2). Default auto: level for nmcts over level-1
    /// mcts (--inner-algo mcts), search elsewhere.
    #[arg(long, help_heading = ROLLOUTS)]
    pub adapt_scope: Option<String>,
    /// Learned rollouts: the tabu colour of each rollout: auto (as nrpa's --policy
    /// auto), most (most tiles), bandit (the tabu-colour bandit) or none.
    #[arg(long, help_heading = ROLLOUTS)]
    pub adapt_tabu: Option<String>,
}

}

impl SearchArgs {
    /// The validated configuration: [`SearchConfig::new`] for the algorithm and
    /// level, with every flag given set on it.
    pub fn config(&self) -> Result<Valid, Error> {
        let algo: Algo = match &self.algo {
            Some(a) => a.parse()?,
            None => Defaults::ALGO,
        };
        let level = self.level.unwrap_or(Defaults::level(algo));
        algo.check_level(level)?;
        let mut c = SearchConfig::new(algo, level);
        let inner_algo: Option<InnerAlgo> =
            self.inner_algo.as_deref().map(str::parse).transpose()?;
        if let Some(t) = c.tree_mut() {
            t.inner_algo = inner_algo.unwrap_or(t.inner_algo);
            t.inner_level = self.inner_level;
        }
        // A flag whose field an inner NRPA reads too is checked by validate where
        // one may run (`--inner-algo nrpa`, or the default warm tree of
        // nmcts/nbmcts, `--inner-algo auto`).
        let inner_nrpa = c
            .tree()
            .is_some_and(|t| matches!(t.inner_algo, InnerAlgo::Nrpa | InnerAlgo::Auto));
        for f in self.given() {
            if !(f.inner_nrpa && inner_nrpa) {
                f.check(algo)?;
            }
        }
        if let Some(p) = self.policy {
            c.policy = p;
        }
        // Every flag given is now one the algorithm takes: its field is in the spec.
        if let Some(t) = c.tree_mut() {
            self.set_tree(t)?;
        }
        if let Some(e) = c.eval_mut() {
            if let Some(s) = &self.eval {
                e.eval = s.parse()?;
            }
            if let Some(p) = &self.eval_weights {
                e.weights = Some(read_eval_weights(p)?);
            }
        }
        c.bandit_c = self.bandit_c;
        if let Some(v) = self.endgame {
            c.endgame = v;
        }
        if let Some(v) = self.tt_mb {
            c.tt_mb = v;
        }
        if let Some(p) = c.nrpa_mut() {
            self.set_nrpa(p);
        }
        match &mut c.spec {
            Spec::Nrpa(n) => n.restart = self.nrpa_restart.unwrap_or(n.restart),
            Spec::Beam(b) => b.width = self.beam_width.map_or(b.width, Setting::given),
            Spec::Nmcs(n) => n.playout_beam = self.playout_beam.unwrap_or(n.playout_beam),
            // Not by an inner NRPA either (`--inner-algo nrpa`): it restarts a whole
            // nrpa search's top-level runs.
            _ if self.nrpa_restart.is_some() => {
                return Err(Error::Config(format!(
                    "--nrpa-restart is only used by nrpa (its top-level runs), not {}",
                    algo.name()
                )))
            }
            _ => {}
        }
        self.set_adapt(&mut c)?;
        c.set_threads(self.search_threads, self.nrpa_width, self.nrpa_independent)?;
        c.validate()?;
        c.canonical_scope();
        c.valid()
    }

    /// The tree search's flags given, set on `t`.
    fn set_tree(&self, t: &mut TreeSpec) -> Result<(), Error> {
        let n = t.c.len();
        if let Some(s) = &self.c {
            let v = parse_list::<f64>("--c", s)?;
            check_len("--c", &v, n)?;
            for (i, it) in v.into_iter().enumerate() {
                t.c[i] = match it {
                    Item::Val(x) => Setting::Set(x),
                    Item::Auto if i == 0 => Setting::Auto,
                    Item::Auto => Setting::Set(0.0),
                    Item::None => return Err(Error::Config("--c cannot be 'none'".into())),
                };
            }
        }
        if let Some(s) = &self.z {
            let v = parse_list::<u32>("--z", s)?;
            check_len("--z", &v, n)?;
            for (i, it) in v.into_iter().enumerate() {
                t.z[i] = match it {
                    Item::Val(x) => Setting::Set(x),
                    Item::Auto => Setting::Auto,
                    Item::None => Setting::Set(0),
                };
            }
        }
        if let Some(a) = &self.advance {
            t.advance = a.parse::<Advance>()?;
        }
        if self.beam_l.is_some() || self.beam_w.is_some() {
            self.set_beams(t, n)?;
        }
        if let Some(s) = &self.inner {
            if s.trim() != "auto" {
                let v = parse_list::<u64>("--inner", s)?;
                let out = v
                    .into_iter()
                    .map(|it| match it {
                        Item::Val(x) => Ok(x),
                        _ => Err(Error::Config(
                            "--inner takes numbers, or just 'auto' for the whole list".into(),
                        )),
                    })
                    .collect::<Result<Vec<u64>, Error>>()?;
                t.inner_playouts = Some(out);
            }
        }
        t.restarts = self.restarts.unwrap_or(t.restarts);
        t.solver = self.solver.unwrap_or(t.solver);
        if let Some(v) = self.bounds {
            if !t.solver {
                // The bounds close nodes of the solver's tree: without it they do nothing.
                return Err(Error::Config(
                    "--bounds is only used with --solver on".into(),
                ));
            }
            t.bounds = v;
        }
        t.reuse = self.reuse.unwrap_or(t.reuse);
        t.reward_norm = self.reward_norm.unwrap_or(t.reward_norm);
        if let Some(s) = &self.im_source {
            t.im_source = s.parse()?;
        }
        t.im_alpha = per_level_weights("--im-alpha", self.im_alpha.as_deref(), n)?;
        t.pb = per_level_weights("--pb", self.pb.as_deref(), n)?;
        Ok(())
    }

    /// The `--nrpa-*` values given, set on `p` (nrpa's, or an inner NRPA's).
    fn set_nrpa(&self, p: &mut NrpaConfig) {
        p.iterations = self.nrpa_iterations.unwrap_or(p.iterations);
        p.alpha = self.nrpa_alpha.unwrap_or(p.alpha);
        p.bias = self.nrpa_bias.unwrap_or(p.bias);
        p.late.tiles = self.nrpa_late_tiles.unwrap_or(p.late.tiles);
        p.late.size = self.nrpa_late_size.unwrap_or(p.late.size);
        p.prior = self.nrpa_prior.unwrap_or(p.prior);
        p.stable = self.nrpa_stable.unwrap_or(p.stable);
        p.beam = self.nrpa_beam.unwrap_or(p.beam);
        p.repeats = self.nrpa_repeats.unwrap_or(p.repeats);
        p.seed = self.nrpa_seed.unwrap_or(p.seed);
    }

    /// The `--adapt-*` flags given, set on `c` (checked by `validate`; a flag given
    /// at its default value without `--policy adapt` is refused here).
    fn set_adapt(&self, c: &mut SearchConfig) -> Result<(), Error> {
        for f in self.given().filter(|f| f.name.starts_with("--adapt-")) {
            c.check_adapt_flag(f.name)?;
        }
        let Some(a) = c.adapt_mut() else {
            return Ok(());
        };
        if let Some(s) = self.adapt_alpha {
            a.alpha = s.given();
        }
        if let Some(s) = self.adapt_every {
            a.every = s.given();
        }
        if let Some(s) = &self.adapt_scope {
            a.scope = s.parse()?;
        }
        if let Some(s) = &self.adapt_tabu {
            a.tabu = s.parse()?;
        }
        Ok(())
    }

    /// `--beam-l`/`--beam-w` on the `n` levels of `c`: missing upper levels have no
    /// beam, a missing W beside a given L is `auto`, `none` switches a level off.
    fn set_beams(&self, t: &mut TreeSpec, n: usize) -> Result<(), Error> {
        let l = match &self.beam_l {
            Some(s) => parse_list::<u64>("--beam-l", s)?,
            None => vec![],
        };
        let w = match &self.beam_w {
            Some(s) => parse_list::<u32>("--beam-w", s)?,
            None => vec![],
        };
        check_len("--beam-l", &l, n)?;
        check_len("--beam-w", &w, n)?;
        for i in 0..n {
            let default = if i == 0 { Item::Auto } else { Item::None };
            let li = l.get(i).copied().unwrap_or(default);
            let wi = w.get(i).copied().unwrap_or(if li == Item::None {
                Item::None
            } else {
                Item::Auto
            });
            let setting = |it| match it {
                Item::Val(x) => Setting::Set(x),
                _ => Setting::Auto,
            };
            t.beams[i] = match (li, wi) {
                (Item::None, Item::None) => None,
                (Item::None, _) | (_, Item::None) => {
                    return Err(Error::Config(format!(
                        "--beam-l and --beam-w disagree at level {}: a beam needs both (or neither: none)",
                        i + 1
                    )))
                }
                (li, wi) => Some(Beam {
                    l: setting(li),
                    w: match wi {
                        Item::Val(x) => Setting::Set(x),
                        _ => Setting::Auto,
                    },
                }),
            };
        }
        Ok(())
    }

    /// The budget; `default` when neither `--iterations` nor `--time` is given.
    pub fn budget(&self, default: Budget) -> Result<Budget, Error> {
        Ok(budget_from_flags(self.iterations, self.time, self.cpu_time)?.unwrap_or(default))
    }
}

/// The weights file `path` (`--eval-weights`): errors name the file, and the line
/// and the key when its content is wrong.
pub(crate) fn read_eval_weights(path: &Path) -> Result<EvalWeights, Error> {
    let bytes = std::fs::read(path).map_err(|e| Error::io(path, e))?;
    let text = crate::io::utf8_text(&bytes, path)?;
    EvalWeights::parse(path, text)
}

/// The budget given by `--iterations` / `--time` / `--cpu-time` (`None` when none
/// is given; clap refuses two of them), refusing zero iterations, non-positive or
/// non-finite times, and CPU time where the system has no per-thread CPU clock.
pub fn budget_from_flags(
    iterations: Option<u64>,
    time: Option<f64>,
    cpu_time: Option<f64>,
) -> Result<Option<Budget>, Error> {
    let seconds = crate::limits::check_seconds;
    match (iterations, time, cpu_time) {
        (Some(0), _, _) => Err(Error::Config("--iterations must be at least 1".into())),
        (Some(k), _, _) if k > MAX_ITERATIONS => Err(Error::Config(format!(
            "--iterations must be at most {MAX_ITERATIONS}, got {k}"
        ))),
        (Some(k), _, _) => Ok(Some(Budget::Iterations(k))),
        (None, Some(t), _) => Ok(Some(Budget::Time(seconds("--time", t)?))),
        (None, None, Some(t)) => {
            let t = seconds("--cpu-time", t)?;
            if !crate::search::cpu_clock_available() {
                return Err(Error::Config(
                    "--cpu-time needs a per-thread CPU clock, which this system lacks; \
                     use --time"
                        .into(),
                ));
            }
            Ok(Some(Budget::CpuTime(t)))
        }
        (None, None, None) => Ok(None),
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod flags_tests;
