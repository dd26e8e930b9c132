//! The search family behind one interface: a position, a budget and a seeded RNG in,
//! the best score and full move sequence out (one-player MCTS keeps the best
//! simulation, thesis Alg. 2.6), plus statistics.
//!
//! Owns: [`Budget`], [`SearchConfig`] (every parameter, its validation and its
//! canonical one-line form), [`Params`] (all default values in one place),
//! [`SearchResult`], [`SearchStats`], the dispatch [`search`] / [`search_with_stop`],
//! and the budget accounting shared by all algorithms (one playout counter for the
//! whole search, limits split across restarts, move steps and nesting levels).
//! Each algorithm lives in its own file under `search/`; MCTS, BMCTS, NMCTS and
//! NBMCTS share one level routine (`search/level.rs`).
//! Must not: print, read files or know about batches.

pub mod beam_mcts;
mod level;
pub mod mcts;
pub mod nested_beam_mcts;
pub mod nested_mcts;
pub mod nmcs;

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

use crate::board::{Board, Cell};
use crate::error::Error;
use crate::policy::{playout, tabu_color, RolloutPolicy, Ucb1TunedBandit};
use crate::rules::{Normalizer, Variant};
use crate::Rng;

/// How much a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Budget {
    /// Level-0 playouts for the whole search (all levels, restarts and move steps).
    Iterations(u64),
    /// Wall-clock seconds.
    Time(f64),
}

/// Counters reported by every search.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchStats {
    /// Level-0 playouts run (a simulation ending on a terminal tree node counts as one).
    pub playouts: u64,
    /// Tree nodes created (all levels; stubs included).
    pub nodes_created: u64,
    /// Largest number of tree nodes alive at once (all levels together).
    pub peak_nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
}

/// The outcome of a search: the best complete game found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// Final score of `moves` under the board's variant.
    pub score: i32,
    /// The full move sequence (canonical cells), ending in a terminal position.
    pub moves: Vec<Cell>,
    /// Statistics.
    pub stats: SearchStats,
}

/// Which algorithm (`--algo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Algo {
    /// MCTS with UCB1-TUNED (multi-start, move-by-move as options).
    Mcts,
    /// Nested Monte-Carlo Search.
    Nmcs,
    /// Nested MCTS.
    Nmcts,
    /// Beam MCTS.
    Bmcts,
    /// Nested Beam MCTS.
    Nbmcts,
}

impl Algo {
    /// The name used by `--algo`.
    pub fn name(self) -> &'static str {
        match self {
            Algo::Mcts => "mcts",
            Algo::Nmcs => "nmcs",
            Algo::Nmcts => "nmcts",
            Algo::Bmcts => "bmcts",
            Algo::Nbmcts => "nbmcts",
        }
    }
    /// True for the tree searches (everything but NMCS).
    pub fn is_tree(self) -> bool {
        self != Algo::Nmcs
    }
    /// True for the algorithms with `--level` (NMCS, NMCTS, NBMCTS).
    pub fn is_nested(self) -> bool {
        matches!(self, Algo::Nmcs | Algo::Nmcts | Algo::Nbmcts)
    }
    /// True for the algorithms with beams (BMCTS, NBMCTS).
    pub fn has_beam(self) -> bool {
        matches!(self, Algo::Bmcts | Algo::Nbmcts)
    }
}

impl FromStr for Algo {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        Ok(match s {
            "mcts" => Algo::Mcts,
            "nmcs" => Algo::Nmcs,
            "nmcts" => Algo::Nmcts,
            "bmcts" => Algo::Bmcts,
            "nbmcts" => Algo::Nbmcts,
            a => {
                return Err(Error::Config(format!(
                    "unknown --algo '{a}' (expected mcts, nmcs, nmcts, bmcts or nbmcts)"
                )))
            }
        })
    }
}

/// A per-level parameter value: explicit, or `auto` (the [`Params`] default for the
/// board's variant and the rollout policy, resolved when the search starts).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Setting<T> {
    /// The default from [`Params`] for the variant and policy.
    Auto,
    /// This value.
    Set(T),
}

impl<T: fmt::Display> fmt::Display for Setting<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Setting::Auto => f.write_str("auto"),
            Setting::Set(v) => write!(f, "{v}"),
        }
    }
}

impl<T: Copy> Setting<T> {
    /// The value, or `default` for `auto`.
    pub fn or(self, default: T) -> T {
        match self {
            Setting::Auto => default,
            Setting::Set(v) => v,
        }
    }
}

/// BMCTS beam of one level: simulation limit L per depth and beam width W.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Beam {
    /// Simulation limit L (`--beam-l`).
    pub l: Setting<u64>,
    /// Beam width W (`--beam-w`).
    pub w: Setting<u32>,
}

/// Move to play between two steps of move-by-move search (`--advance`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Advance {
    /// The most-sampled move of the root (thesis §4.2 option a).
    #[default]
    Visits,
    /// The next move of the best solution found so far (option b).
    Best,
}

impl FromStr for Advance {
    type Err = Error;
    fn from_str(s: &str) -> Result<Self, Error> {
        match s {
            "visits" => Ok(Advance::Visits),
            "best" => Ok(Advance::Best),
            _ => Err(Error::Config(format!(
                "unknown --advance '{s}' (expected visits or best)"
            ))),
        }
    }
}

impl fmt::Display for Advance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Advance::Visits => "visits",
            Advance::Best => "best",
        })
    }
}

/// A complete search configuration. Per-level lists are indexed from level 1 upward
/// and have exactly `level` entries for the tree searches (empty for NMCS).
/// [`SearchConfig::new`] gives the defaults; [`SearchConfig::validate`] checks shapes
/// and values.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchConfig {
    /// Algorithm.
    pub algo: Algo,
    /// Nesting level (1 for MCTS and BMCTS).
    pub level: u32,
    /// Rollout policy.
    pub policy: RolloutPolicy,
    /// Exploration factor C of UCB1-TUNED per level (`--c`).
    pub c: Vec<Setting<f64>>,
    /// Beam per level (`--beam-l`, `--beam-w`); `None` = plain MCTS at that level.
    pub beam: Vec<Option<Beam>>,
    /// Move-by-move search per level: spend the level's budget over the first z moves
    /// (`--z`); 0 = global search from the level's start position; `auto` = the tuned
    /// [`Params::z`] for the variant, policy and the level's budget class.
    pub z: Vec<Setting<u32>>,
    /// How move-by-move search advances (`--advance`).
    pub advance: Advance,
    /// Playouts of each lower-level search, for levels 1 .. level−1 (`--inner`);
    /// `None` = `auto` (see [`Params::inner`]).
    pub inner: Option<Vec<u64>>,
    /// Independent restarts of the top-level search sharing the budget (`--restarts`).
    pub restarts: u64,
    /// Exploration factor of the tabu-colour bandit (`--bandit-c`, policy
    /// `tabu-bandit` only); `None` = [`Params::bandit_c`] for the bandit's lifetime.
    #[serde(default)]
    pub bandit_c: Option<f64>,
}

/// Every default parameter value, in one place (tuned later; thesis tables cited).
pub struct Params;

impl Params {
    /// Default nesting level of NMCS, NMCTS and NBMCTS.
    pub const LEVEL: u32 = 2;
    /// Default budget of `solve` and the other commands when none is given.
    pub const ITERATIONS: u64 = 100_000;
    /// `--inner auto` with an iteration budget K at top level n: a level-i search gets
    /// K / INNER_DIVISOR^(n−i) playouts (at least [`Params::INNER_MIN`]).
    pub const INNER_DIVISOR: u64 = 100;
    /// Smallest automatic inner budget.
    pub const INNER_MIN: u64 = 10;
    /// `--inner auto` with a time budget: a level-i search gets
    /// INNER_TIME_BASE · INNER_DIVISOR^(i−1) playouts.
    pub const INNER_TIME_BASE: u64 = 1000;

    /// Playouts per second assumed when a time budget has to be turned into a budget
    /// class for [`Params::c`] (the engine makes 50,000-100,000 on 15 × 15 boards).
    pub const ASSUMED_PLAYOUTS_PER_S: f64 = 50_000.0;

    /// `budget` in playouts: an iteration budget as is, a time budget converted at
    /// [`Params::ASSUMED_PLAYOUTS_PER_S`] (for choosing budget classes only).
    pub fn playouts(budget: Budget) -> u64 {
        match budget {
            Budget::Iterations(k) => k,
            Budget::Time(t) => (t * Self::ASSUMED_PLAYOUTS_PER_S) as u64,
        }
    }

    /// Exploration factor C at level 1 for a level-1 search of `playouts` playouts
    /// (its budget class). Levels ≥ 2 use 0 (thesis §4.3.3: C₂ = 0 throughout).
    ///
    /// As in the thesis (Tables 4.1/4.2), the best C grows with the budget; the
    /// values were tuned here with `samegame compare` on the training set
    /// `testsets/random-15x15x5-100.txt` (Clickomania: positions 1-20 of its own set,
    /// which E1 also uses), see
    /// docs/experiments.md ("Tuning C"). Budgets above the largest tuned class use
    /// the largest class's value.
    pub fn c(level: usize, variant: Variant, policy: RolloutPolicy, playouts: u64) -> f64 {
        if level > 1 {
            return 0.0;
        }
        // (largest budget of the class, C) per variant and policy, budgets ascending.
        // Measured best at 10,000 and 100,000 playouts (docs/experiments.md, "Tuning
        // C"); the 15,000-50,000 class takes a value between the two.
        let table: &[(u64, f64)] = match (variant, policy) {
            (Variant::SameGame | Variant::SameGameNoPenalty, RolloutPolicy::Random) => {
                &[(15_000, 0.0005), (50_000, 0.001), (u64::MAX, 0.003)]
            }
            (Variant::SameGame | Variant::SameGameNoPenalty, _) => {
                &[(15_000, 0.001), (50_000, 0.003), (u64::MAX, 0.01)]
            }
            (Variant::BubbleBreaker, _) => &[(15_000, 0.0002), (50_000, 0.001), (u64::MAX, 0.003)],
            (Variant::Clickomania, _) => &[(15_000, 0.0), (50_000, 0.003), (u64::MAX, 0.01)],
        };
        table
            .iter()
            .find(|&&(max, _)| playouts <= max)
            .map_or(0.0, |&(_, c)| c)
    }

    /// Move-by-move z for `--z auto`, for one search of `playouts` playouts (all its
    /// steps). Thesis Tables 4.3/4.4; tuned here (docs/experiments.md, "Move-by-move
    /// z"). 0 means global search.
    pub fn z(variant: Variant, policy: RolloutPolicy, playouts: u64) -> u32 {
        let short = playouts <= Self::SHORT_SEARCH;
        match variant {
            // docs/results/tune-z-{random,tabu}-{10k,100k}.md: global search at
            // 10,000 playouts, move-by-move at 100,000.
            Variant::SameGame | Variant::SameGameNoPenalty => match policy {
                _ if short => 0,
                RolloutPolicy::Random => 20,
                _ => 10,
            },
            // docs/results/tune-z-bubblebreaker-{10k,100k}.md (thesis Table 4.4: 30)
            Variant::BubbleBreaker => 30,
            // docs/results/tune-z-clickomania-{10k,100k}.md (thesis Table 4.4: 100
            // at every time setting; here global search wins at 100,000 playouts)
            Variant::Clickomania if short => 100,
            Variant::Clickomania => 0,
        }
    }

    /// Exploration factor of the UCB1-TUNED bandit choosing the tabu colour
    /// (`--policy tabu-bandit`; the thesis gives none) for a bandit that lives for
    /// `playouts` playouts. Tuned here (docs/results/tune-bandit-c*.md): short-lived
    /// bandits (the 2,000-playout level-1 searches of NMCTS) do best nearly greedy,
    /// a bandit over a whole 100,000-playout MCTS search with much exploration.
    pub fn bandit_c(playouts: u64) -> f64 {
        if playouts <= Self::SHORT_SEARCH {
            0.001
        } else {
            1.0
        }
    }

    /// Budget classes of [`Params::beam`], [`Params::z`] and [`Params::bandit_c`]: a search of at most this
    /// many playouts takes the values tuned at 10,000 playouts, a longer one those
    /// tuned at 100,000 (the boundary is their geometric mean).
    pub const SHORT_SEARCH: u64 = 31_623;

    /// Beam (L, W) of a BMCTS search of `playouts` playouts (one level-1 search, or
    /// one move-by-move step). Single searches (`bmcts`): tuned here on the training
    /// set at 10,000 and 100,000 playouts (docs/experiments.md, "Beam"; thesis
    /// §5.3.1, Tables 5.1/5.2 did the same per time setting). Lower levels of a nested
    /// search (`nbmcts`, short repeated searches): SameGame tuned here for
    /// 2,000-playout level-1 searches (random 25/25, informed 75/25); Bubble Breaker
    /// and Clickomania from thesis Tables 5.3/5.4, multi-start, 0.25-second row
    /// (75/3, 10/3).
    pub fn beam(
        nested: bool,
        variant: Variant,
        policy: RolloutPolicy,
        playouts: u64,
    ) -> (u64, u32) {
        let informed = policy != RolloutPolicy::Random;
        let short = playouts <= Self::SHORT_SEARCH;
        match (nested, variant) {
            // docs/results/tune-beam-clickomania-{10k,100k}.md
            (false, Variant::Clickomania) if short => (100, 100),
            (false, Variant::Clickomania) => (1000, 25),
            // docs/results/tune-beam-bubblebreaker-{10k,100k}.md
            (false, Variant::BubbleBreaker) if short => (1000, 25),
            (false, Variant::BubbleBreaker) => (25_000, 2),
            // docs/results/tune-beam-tabu-{10k,100k}.md
            (false, _) if informed && short => (250, 100),
            (false, _) if informed => (10_000, 10),
            // docs/results/tune-beam-random-10k.md, tune-beam.md (100,000)
            (false, _) if short => (1000, 2),
            (false, _) => (10_000, 10),
            (true, Variant::Clickomania) => (10, 3),
            (true, Variant::BubbleBreaker) => (75, 3),
            // docs/results/tune-beam-nested{,-tabu}.md: 2,000-playout level-1
            // searches of level-2 NBMCTS (the thesis' rows, (75, 2) random and
            // (25, 5) informed, gained +236.1 and lost −319.3 there).
            (true, _) if informed => (75, 25),
            (true, _) => (25, 25),
        }
    }

    /// Playouts of each level-`i` search (1 ≤ i < top) for `--inner auto`.
    pub fn inner(i: usize, top: usize, budget: Budget) -> u64 {
        match budget {
            Budget::Iterations(k) => {
                let d = Self::INNER_DIVISOR.saturating_pow((top - i) as u32);
                (k / d).max(Self::INNER_MIN)
            }
            Budget::Time(_) => Self::INNER_TIME_BASE
                .saturating_mul(Self::INNER_DIVISOR.saturating_pow(i as u32 - 1)),
        }
    }
}

impl SearchConfig {
    /// The default configuration of `algo` at `level` (forced to 1 for MCTS/BMCTS).
    pub fn new(algo: Algo, level: u32) -> SearchConfig {
        let level = if algo.is_nested() { level } else { 1 };
        let n = if algo.is_tree() { level as usize } else { 0 };
        SearchConfig {
            algo,
            level,
            policy: RolloutPolicy::Random,
            c: (0..n)
                .map(|i| {
                    if i == 0 {
                        Setting::Auto
                    } else {
                        Setting::Set(0.0)
                    }
                })
                .collect(),
            beam: (0..n)
                .map(|i| {
                    (i == 0 && algo.has_beam()).then_some(Beam {
                        l: Setting::Auto,
                        w: Setting::Auto,
                    })
                })
                .collect(),
            // Move-by-move MCTS with the tuned z beat global MCTS at 100,000
            // playouts in SameGame and Bubble Breaker (docs/experiments.md,
            // "Move-by-move z"); `auto` is global search where that won. Nested
            // levels and BMCTS keep global search (the thesis' setting).
            z: (0..n)
                .map(|_| {
                    if algo == Algo::Mcts {
                        Setting::Auto
                    } else {
                        Setting::Set(0)
                    }
                })
                .collect(),
            // The z tuning advanced along the best solution (option b).
            advance: if algo == Algo::Mcts {
                Advance::Best
            } else {
                Advance::Visits
            },
            inner: None,
            restarts: 1,
            bandit_c: None,
        }
    }

    /// Checks parameters that make no sense (level 0, W = 0, negative C, list
    /// lengths, …); the message names the flag.
    pub fn validate(&self) -> Result<(), Error> {
        let bad = |m: String| Err(Error::Config(m));
        if self.level == 0 {
            return bad("--level must be at least 1".into());
        }
        if !self.algo.is_nested() && self.level != 1 {
            return bad(format!(
                "--level {} is not available for {} (it is a level-1 search; use nmcts or nbmcts)",
                self.level,
                self.algo.name()
            ));
        }
        if self.level > 8 {
            return bad(format!("--level {} is too deep (at most 8)", self.level));
        }
        if self.restarts == 0 {
            return bad("--restarts must be at least 1".into());
        }
        if let Some(b) = self.bandit_c {
            if !(b.is_finite() && b >= 0.0) {
                return bad(format!("--bandit-c must be a finite number ≥ 0, got {b}"));
            }
            if self.policy != RolloutPolicy::TabuBandit {
                return bad(format!(
                    "--bandit-c is only used by --policy tabu-bandit, not {}",
                    self.policy
                ));
            }
        }
        let n = self.level as usize;
        if !self.algo.is_tree() {
            if !self.c.is_empty() || !self.beam.is_empty() || !self.z.is_empty() {
                return bad("--c, --z, --beam-l and --beam-w are not used by nmcs".into());
            }
            if self.inner.is_some() {
                return bad("--inner is not used by nmcs".into());
            }
            return Ok(());
        }
        for (flag, len) in [
            ("--c", self.c.len()),
            ("--z", self.z.len()),
            ("--beam-l/--beam-w", self.beam.len()),
        ] {
            if len != n {
                return bad(format!(
                    "{flag} needs {n} value(s) (one per level from 1 to {n}), got {len}"
                ));
            }
        }
        for (i, c) in self.c.iter().enumerate() {
            if let Setting::Set(v) = c {
                if !(v.is_finite() && *v >= 0.0) {
                    return bad(format!(
                        "--c must be a finite number ≥ 0, got {v} at level {}",
                        i + 1
                    ));
                }
            }
        }
        for (i, b) in self.beam.iter().enumerate() {
            match b {
                Some(_) if !self.algo.has_beam() => {
                    return bad(format!(
                        "--beam-l/--beam-w are only used by bmcts and nbmcts, not {}",
                        self.algo.name()
                    ))
                }
                Some(Beam { l, w }) => {
                    if *l == Setting::Set(0) {
                        return bad(format!("--beam-l must be at least 1 (level {})", i + 1));
                    }
                    if *w == Setting::Set(0) {
                        return bad(format!("--beam-w must be at least 1 (level {})", i + 1));
                    }
                }
                None => {}
            }
        }
        if self.algo == Algo::Bmcts && self.beam[0].is_none() {
            return bad("bmcts needs a beam (--beam-l/--beam-w must not be none)".into());
        }
        if let Some(inner) = &self.inner {
            if inner.len() != n - 1 {
                return bad(format!(
                    "--inner needs {} value(s) (playouts per search of levels 1 to {}), got {}",
                    n - 1,
                    n - 1,
                    inner.len()
                ));
            }
            if inner.contains(&0) {
                return bad("--inner values must be at least 1".into());
            }
        }
        Ok(())
    }
}

fn join<T>(v: &[T], f: impl Fn(&T) -> String) -> String {
    v.iter().map(f).collect::<Vec<_>>().join(",")
}

impl fmt::Display for SearchConfig {
    /// The canonical one-line description, in CLI-flag form: every parameter the
    /// algorithm uses, per-level lists from level 1 upward (`auto` = [`Params`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.algo.name())?;
        if self.algo.is_nested() {
            write!(f, " --level {}", self.level)?;
        }
        if self.algo.is_tree() {
            write!(f, " --c {}", join(&self.c, |c| c.to_string()))?;
            if self.algo.has_beam() {
                let l = join(&self.beam, |b| b.map_or("none".into(), |b| b.l.to_string()));
                let w = join(&self.beam, |b| b.map_or("none".into(), |b| b.w.to_string()));
                write!(f, " --beam-l {l} --beam-w {w}")?;
            }
            write!(f, " --z {}", join(&self.z, |z| z.to_string()))?;
            write!(f, " --advance {}", self.advance)?;
            if self.level > 1 {
                match &self.inner {
                    Some(v) => write!(f, " --inner {}", join(v, |x| x.to_string()))?,
                    None => write!(f, " --inner auto")?,
                }
            }
            write!(f, " --restarts {}", self.restarts)?;
        }
        write!(f, " --policy {}", self.policy)?;
        if let Some(b) = self.bandit_c {
            write!(f, " --bandit-c {b}")?;
        }
        Ok(())
    }
}

/// Runs the configured search on `root` within `budget`.
pub fn search(config: &SearchConfig, root: &Board, budget: Budget, rng: &mut Rng) -> SearchResult {
    search_with_stop(config, root, budget, rng, None)
}

/// Like [`search`], but also stops early (returning the best complete game found so
/// far, at least one playout) as soon as `stop` becomes true (Ctrl-C in a batch).
///
/// # Panics
/// When `config` does not pass [`SearchConfig::validate`].
pub fn search_with_stop(
    config: &SearchConfig,
    root: &Board,
    budget: Budget,
    rng: &mut Rng,
    stop: Option<&AtomicBool>,
) -> SearchResult {
    if let Err(e) = config.validate() {
        panic!("invalid search configuration: {e}");
    }
    // `--policy auto` becomes the variant's policy before anything reads it.
    let resolved;
    let config = if config.policy == RolloutPolicy::Auto {
        resolved = SearchConfig {
            policy: config.policy.resolve(root.variant()),
            ..config.clone()
        };
        &resolved
    } else {
        config
    };
    let mut ctx = Ctx::new(budget, stop);
    let top = ctx.top_limit();
    let mut best = Best::default();
    if root.is_terminal() {
        best.offer(root.final_score(), &[]);
    } else {
        // The bandit lives for one level-1 search (tree searches) or one search
        // (NMCS); its default C depends on how many playouts that is.
        let plan = config
            .algo
            .is_tree()
            .then(|| level::Plan::resolve(config, root, budget));
        let bandit_playouts = match &plan {
            Some(p) => p.level1_search_playouts,
            None => Params::playouts(budget),
        };
        let bandit_c = config
            .bandit_c
            .unwrap_or_else(|| Params::bandit_c(bandit_playouts));
        let rollout = Rollout::new(config.policy, root, bandit_c);
        match plan {
            None => nmcs::nmcs(
                config.level as usize,
                root,
                rollout,
                &mut ctx,
                rng,
                top,
                &mut best,
            ),
            Some(plan) => level::run(&plan, root, rollout, &mut ctx, rng, top, &mut best),
        }
    }
    SearchResult {
        score: best.score,
        moves: best.moves,
        stats: SearchStats {
            playouts: ctx.playouts,
            nodes_created: ctx.nodes_created,
            peak_nodes: ctx.peak,
            seconds: ctx.start.elapsed().as_secs_f64(),
        },
    }
}

/// The best complete game found so far (moves from the search's start position).
#[derive(Clone, Debug)]
pub(crate) struct Best {
    pub score: i32,
    pub moves: Vec<Cell>,
}

impl Default for Best {
    fn default() -> Self {
        Best {
            score: i32::MIN,
            moves: Vec::new(),
        }
    }
}

impl Best {
    /// Keeps `moves` if `score` is strictly better. Returns true when kept.
    pub fn offer(&mut self, score: i32, moves: &[Cell]) -> bool {
        if score > self.score {
            self.score = score;
            self.moves.clear();
            self.moves.extend_from_slice(moves);
            true
        } else {
            false
        }
    }
    pub fn reset(&mut self) {
        self.score = i32::MIN;
        self.moves.clear();
    }
}

/// A share of the budget: the playout counter value to stop at and/or a deadline.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limit {
    pub playouts: u64,
    pub deadline: Option<Instant>,
}

impl Limit {
    /// The limit for the first of `parts` equal shares of what is left of `self`
    /// (at least one playout each).
    pub fn share(self, ctx: &Ctx, parts: u64) -> Limit {
        let parts = parts.max(1);
        let playouts = if self.playouts == u64::MAX {
            u64::MAX
        } else {
            let left = self.playouts.saturating_sub(ctx.playouts);
            ctx.playouts + (left / parts).max(1)
        };
        let deadline = self.deadline.map(|d| {
            let now = Instant::now();
            now + d.saturating_duration_since(now) / parts.min(u64::from(u32::MAX)) as u32
        });
        Limit { playouts, deadline }
    }
    /// At most `n` more playouts within `self`.
    pub fn at_most(self, ctx: &Ctx, n: u64) -> Limit {
        Limit {
            playouts: self.playouts.min(ctx.playouts.saturating_add(n)),
            deadline: self.deadline,
        }
    }
}

/// Budget accounting shared by every level of one search: the playout counter, node
/// counters, the clock and the stop flag.
pub(crate) struct Ctx<'s> {
    pub playouts: u64,
    pub nodes_created: u64,
    alive: u64,
    peak: u64,
    start: Instant,
    budget: Budget,
    stop: Option<&'s AtomicBool>,
    stopped: bool,
}

impl<'s> Ctx<'s> {
    fn new(budget: Budget, stop: Option<&'s AtomicBool>) -> Self {
        Ctx {
            playouts: 0,
            nodes_created: 0,
            alive: 0,
            peak: 0,
            start: Instant::now(),
            budget,
            stop,
            stopped: false,
        }
    }
    fn top_limit(&self) -> Limit {
        match self.budget {
            Budget::Iterations(k) => Limit {
                playouts: k.max(1),
                deadline: None,
            },
            Budget::Time(s) => Limit {
                playouts: u64::MAX,
                deadline: Some(self.start + Duration::from_secs_f64(s.clamp(0.0, 1e9))),
            },
        }
    }
    /// True when `limit` is used up or the search was asked to stop.
    #[inline]
    pub fn exhausted(&mut self, limit: &Limit) -> bool {
        if self.stopped || self.playouts >= limit.playouts {
            return true;
        }
        if self.stop.is_some_and(|s| s.load(Ordering::Relaxed)) {
            self.stopped = true;
            return true;
        }
        limit.deadline.is_some_and(|d| Instant::now() >= d)
    }
    /// Records `n` nodes created (alive from now on).
    #[inline]
    pub fn created(&mut self, n: usize) {
        self.nodes_created += n as u64;
        self.alive += n as u64;
        self.peak = self.peak.max(self.alive);
    }
    /// Records `n` nodes freed.
    #[inline]
    pub fn freed(&mut self, n: usize) {
        self.alive -= n as u64;
    }
}

/// The level-0 search: one playout under the configured rollout policy, with the
/// tabu-colour bandit when the policy is `tabu-bandit`; rewards normalised to [0, 1].
pub(crate) struct Rollout {
    policy: RolloutPolicy,
    bandit: Ucb1TunedBandit,
    bandit_c: f64,
    colors: usize,
    pub norm: Normalizer,
}

impl Rollout {
    pub fn new(policy: RolloutPolicy, root: &Board, bandit_c: f64) -> Self {
        Rollout {
            policy,
            bandit: Ucb1TunedBandit::new(root.colors(), bandit_c),
            bandit_c,
            colors: root.colors(),
            norm: Normalizer::new(root.variant(), root.width(), root.height()),
        }
    }
    /// Forgets what the bandit learnt (a new search starts).
    pub fn reset_bandit(&mut self) {
        if self.policy == RolloutPolicy::TabuBandit {
            self.bandit = Ucb1TunedBandit::new(self.colors, self.bandit_c);
        }
    }
    /// Plays `board` to the end, appending moves; counts one playout; returns the score.
    #[inline]
    pub fn run(
        &mut self,
        ctx: &mut Ctx,
        board: &mut Board,
        rng: &mut Rng,
        moves: &mut Vec<Cell>,
    ) -> i32 {
        ctx.playouts += 1;
        match self.policy {
            RolloutPolicy::Random => playout(board, None, rng, moves),
            RolloutPolicy::Auto => unreachable!("--policy auto is resolved in search_with_stop"),
            RolloutPolicy::Tabu => {
                let t = tabu_color(board);
                playout(board, t, rng, moves)
            }
            RolloutPolicy::TabuBandit => {
                let counts = board.counts();
                let arm = self
                    .bandit
                    .choose((0..counts.len()).filter(|&c| counts[c] > 0));
                let s = playout(board, arm.map(|a| a as u8), rng, moves);
                if let Some(a) = arm {
                    self.bandit.update(a, self.norm.reward(s));
                }
                s
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod testutil;

#[cfg(test)]
mod params_tests {
    use super::*;

    #[test]
    fn default_c_follows_the_budget_class() {
        let r = RolloutPolicy::Random;
        assert_eq!(Params::c(1, Variant::SameGame, r, 10_000), 0.0005);
        assert_eq!(Params::c(1, Variant::SameGame, r, 30_000), 0.001);
        assert_eq!(Params::c(1, Variant::SameGame, r, 100_000), 0.003);
        assert_eq!(
            Params::c(1, Variant::SameGame, RolloutPolicy::Tabu, 100_000),
            0.01
        );
        assert_eq!(Params::c(1, Variant::BubbleBreaker, r, 10_000), 0.0002);
        assert_eq!(Params::c(1, Variant::Clickomania, r, 10_000), 0.0);
        assert_eq!(Params::c(1, Variant::Clickomania, r, 100_000), 0.01);
        assert_eq!(Params::c(2, Variant::SameGame, r, 100_000), 0.0);
    }

    #[test]
    fn default_beam_follows_the_budget_class() {
        let r = RolloutPolicy::Random;
        let short = Params::SHORT_SEARCH;
        for v in [
            Variant::SameGame,
            Variant::BubbleBreaker,
            Variant::Clickomania,
        ] {
            let (l1, _) = Params::beam(false, v, r, short);
            let (l2, _) = Params::beam(false, v, r, short + 1);
            assert!(l1 < l2, "{v:?}: longer searches prune less often");
        }
        assert_eq!(
            Params::beam(false, Variant::BubbleBreaker, r, 100_000),
            (25_000, 2)
        );
        assert_eq!(Params::beam(true, Variant::SameGame, r, 2000), (25, 25));
    }

    #[test]
    fn default_z_follows_the_budget_class() {
        let (r, t) = (RolloutPolicy::Random, RolloutPolicy::Tabu);
        assert_eq!(Params::z(Variant::SameGame, r, 10_000), 0);
        assert_eq!(Params::z(Variant::SameGame, r, 100_000), 20);
        assert_eq!(Params::z(Variant::SameGameNoPenalty, t, 100_000), 10);
        assert_eq!(Params::z(Variant::BubbleBreaker, r, 10_000), 30);
        assert_eq!(Params::z(Variant::Clickomania, r, 10_000), 100);
        assert_eq!(Params::z(Variant::Clickomania, r, 100_000), 0);
        // Only MCTS defaults to `auto`; nested levels and BMCTS search globally.
        assert_eq!(SearchConfig::new(Algo::Mcts, 1).z, vec![Setting::Auto]);
        assert_eq!(
            SearchConfig::new(Algo::Nmcts, 2).z,
            vec![Setting::Set(0); 2]
        );
        assert_eq!(SearchConfig::new(Algo::Bmcts, 1).z, vec![Setting::Set(0)]);
        assert_eq!(SearchConfig::new(Algo::Mcts, 1).advance, Advance::Best);
    }

    #[test]
    fn auto_z_and_beam_resolve_per_budget_class() {
        let b: Board = testutil::board15(7, Variant::SameGame);
        let mut cfg = SearchConfig::new(Algo::Bmcts, 1);
        cfg.z = vec![Setting::Auto];
        for k in [10_000, 100_000, 1_000_000] {
            let plan = level::Plan::resolve(&cfg, &b, Budget::Iterations(k));
            let z = Params::z(Variant::SameGame, RolloutPolicy::Random, k);
            let step = k / u64::from(z.max(1));
            let (l, w) = Params::beam(false, Variant::SameGame, RolloutPolicy::Random, step);
            let p = plan.levels[0];
            assert_eq!(p.z, z);
            assert_eq!(
                p.c,
                Params::c(1, Variant::SameGame, RolloutPolicy::Random, step)
            );
            assert_eq!(p.beam, Some((l, w as usize)));
        }
        // Nested: z auto at each level from that level's own search budget.
        let mut cfg = SearchConfig::new(Algo::Nmcts, 2);
        cfg.z = vec![Setting::Auto, Setting::Set(7)];
        cfg.inner = Some(vec![4000]);
        let plan = level::Plan::resolve(&cfg, &b, Budget::Iterations(400_000));
        assert_eq!(
            plan.levels[0].z,
            Params::z(Variant::SameGame, RolloutPolicy::Random, 4000)
        );
        assert_eq!(plan.levels[1].z, 7);
    }

    #[test]
    fn bandit_c_defaults_to_the_constant_and_changes_the_search() {
        let b: Board = testutil::board15(3, Variant::SameGame);
        let mut cfg = SearchConfig::new(Algo::Mcts, 1);
        cfg.policy = RolloutPolicy::TabuBandit;
        let run = |cfg: &SearchConfig| {
            let r = search(
                cfg,
                &b,
                Budget::Iterations(3000),
                &mut crate::rng_for(1, 0, 0),
            );
            (r.score, r.moves)
        };
        let default = run(&cfg);
        cfg.bandit_c = Some(Params::bandit_c(3000));
        assert_eq!(run(&cfg), default);
        let shown: Vec<_> = [0.0, 1.0]
            .iter()
            .map(|&c| {
                cfg.bandit_c = Some(c);
                run(&cfg)
            })
            .collect();
        assert!(
            shown.iter().any(|r| *r != default),
            "bandit C 0 and 1 both gave the default's line"
        );
    }

    #[test]
    fn auto_policy_is_resolved_before_the_search() {
        let b: Board = "0011\n0101\n1100".parse().unwrap();
        let run = |policy| {
            let cfg = SearchConfig {
                policy,
                ..SearchConfig::new(Algo::Mcts, 1)
            };
            let r = search(
                &cfg,
                &b,
                Budget::Iterations(50),
                &mut crate::rng_for(1, 0, 0),
            );
            (r.score, r.moves)
        };
        assert_eq!(run(RolloutPolicy::Auto), run(RolloutPolicy::Tabu));
    }
}
