//! Every default of the search family, in one place ([`Defaults`]): constants, and
//! functions of plain values (an algorithm, a variant, a board's tile and colour
//! counts, a budget). The evidence for each value is in docs/search.md ("Defaults")
//! and the runs behind it in docs/experiments.md; a comment here names the section.
//!
//! Owns: the values. Must not: look at a board or a whole configuration (resolution
//! is `search::resolve`'s), run or validate searches. It imports only the named
//! choices (`search::choices`), so the configuration can read it.

use super::budget::Budget;
use super::choices::{AdaptScope, AdaptTabu, Algo, InnerAlgo, RewardNorm};
use super::eval::Eval;
use crate::policy::adaptive::Prior;
use crate::policy::RolloutPolicy;
use crate::rules::Variant;

/// Every default parameter value, in one place.
pub struct Defaults;

impl Defaults {
    /// The default algorithm (`--algo`): level-3 NRPA (experiments.md, "The default
    /// algorithm").
    pub const ALGO: Algo = Algo::Nrpa;

    /// The default `--level` of `algo`: [`Defaults::NRPA_LEVEL`] for NRPA,
    /// [`Defaults::LEVEL`] for the other nested searches, else 1.
    pub fn level(algo: Algo) -> u32 {
        match algo {
            Algo::Nrpa => Self::NRPA_LEVEL,
            a if a.is_nested() => Self::LEVEL,
            _ => 1,
        }
    }

    /// Default nesting level of NMCS, NMCTS and NBMCTS.
    pub const LEVEL: u32 = 2;
    /// Default nesting level of NRPA (10⁶ playouts per run at N = 100).
    pub const NRPA_LEVEL: u32 = 3;
    /// NRPA's N (Rosin 2011: 100) on boards of at least
    /// [`Defaults::NRPA_SMALL_BOARD_TILES`] tiles.
    pub const NRPA_ITERATIONS: u64 = 100;
    /// N on smaller boards.
    pub const NRPA_SMALL_BOARD_ITERATIONS: u64 = 20;
    /// Boards with fewer tiles at the root get [`Defaults::NRPA_SMALL_BOARD_ITERATIONS`].
    pub const NRPA_SMALL_BOARD_TILES: usize = 144;

    /// N of `--nrpa-iterations auto` on a board of `tiles` tiles: on small boards a
    /// level's policy settles long before 100 adaptations (search.md, "NRPA":
    /// docs/results/nrpa-small-n.md, nrpa-n-15x15.md).
    pub fn nrpa_iterations(tiles: usize) -> u64 {
        if tiles < Self::NRPA_SMALL_BOARD_TILES {
            Self::NRPA_SMALL_BOARD_ITERATIONS
        } else {
            Self::NRPA_ITERATIONS
        }
    }
    /// NRPA learning rate α (Rosin 2011: 1).
    pub const NRPA_ALPHA: f64 = 1.0;
    /// Fewest tiles (at the root) for `--policy auto` to give NRPA the selective
    /// policy in SameGame with or without the penalty; random candidates won below
    /// (search.md, "NRPA").
    pub const NRPA_SELECTIVE_MIN_TILES: usize = 144;
    /// Fewest colours (present at the root) for the selective policy, likewise.
    pub const NRPA_SELECTIVE_MIN_COLORS: usize = 4;

    /// NRPA's candidates for `policy` on a board of `variant` with `tiles` tiles and
    /// `colors` colours at the root: `auto` is the selective policy (`tabu`) from
    /// [`Defaults::NRPA_SELECTIVE_MIN_TILES`] tiles and
    /// [`Defaults::NRPA_SELECTIVE_MIN_COLORS`] colours, every group (`random`) below.
    pub fn nrpa_policy(
        policy: RolloutPolicy,
        variant: Variant,
        tiles: usize,
        colors: usize,
    ) -> RolloutPolicy {
        let small =
            tiles < Self::NRPA_SELECTIVE_MIN_TILES || colors < Self::NRPA_SELECTIVE_MIN_COLORS;
        match policy.resolve(variant) {
            RolloutPolicy::Tabu if policy == RolloutPolicy::Auto && small => RolloutPolicy::Random,
            p => p,
        }
    }

    /// The selective policy's late-game exception: off (`--nrpa-late-tiles`).
    pub const NRPA_LATE_TILES: u16 = 0;
    /// Largest tabu-colour group the exception lets in (`--nrpa-late-size`).
    pub const NRPA_LATE_SIZE: u16 = 2;
    /// GNRPA bias β (0 = plain NRPA).
    pub const NRPA_BIAS: f64 = 0.0;
    /// `--nrpa-width` when not given: the thread count (1 without one, or `auto`), so
    /// `--threads N` runs one search of width N, whose lines do not depend on the
    /// threads (search.md, "Defaults").
    pub fn nrpa_width(threads: u32) -> u32 {
        threads.max(1)
    }
    /// GNRPA prior (`--nrpa-prior`): group size − 2.
    pub const NRPA_PRIOR: Prior = Prior::Size;
    /// Stabilized NRPA's playouts per adaptation (`--nrpa-stable`; 1 = off). The
    /// refinements are off: none won at equal time (experiments.md, "NRPA
    /// refinements at equal time").
    pub const NRPA_STABLE: u32 = 1;
    /// Beam NRPA's sequences per level (`--nrpa-beam`; 1 = off).
    pub const NRPA_BEAM: u32 = 1;
    /// Limited repetitions (`--nrpa-repeats`; 0 = off).
    pub const NRPA_REPEATS: u32 = 0;
    /// Seeded NRPA's beam width (`--nrpa-seed`; 0 = off).
    pub const NRPA_SEED: u32 = 0;
    /// Step α of the learned rollouts (`--adapt-alpha`), with
    /// [`Defaults::ADAPT_EVERY`] (search.md, "Learned rollouts";
    /// docs/results/adapt-mcts-{tune,alpha,every}/).
    pub const ADAPT_ALPHA: f64 = 0.1;
    /// The learned rollouts adapt after every this many rollouts (`--adapt-every`).
    pub const ADAPT_EVERY: u64 = 10;
    /// Fewest tiles for the warm tree, `nmcts`'s and `nbmcts`'s `--inner-algo auto`,
    /// and for `mcts`'s learned rollouts (search.md, "Defaults").
    pub const WARM_MIN_TILES: usize = 144;
    /// Level of the warm tree's inner NRPA.
    pub const WARM_INNER_LEVEL: u32 = 2;
    /// N of the warm tree's inner NRPA (docs/results/flagship-time5-train/).
    pub const WARM_NRPA_ITERATIONS: u64 = 50;
    /// Playouts of each of the warm tree's inner searches: N².
    pub const WARM_INNER: u64 = 2_500;
    /// The warm tree's learned rollouts adapt as NRPA does: α = 1 …
    pub const WARM_ADAPT_ALPHA: f64 = 1.0;
    /// … after every inner search.
    pub const WARM_ADAPT_EVERY: u64 = 1;
    /// `nbmcts`'s warm tree prunes its level-2 tree by this beam (L, W) when none is
    /// given (experiments.md, "The warm beam at 60 s").
    pub const WARM_BEAM: (u64, u32) = (25, 5);

    /// Whether `mcts`'s `--policy auto` plays learned rollouts on a board of
    /// `variant` with `tiles` tiles: SameGame from [`Defaults::WARM_MIN_TILES`]
    /// (experiments.md, "Defaults of mcts, bmcts and nbmcts at equal time").
    pub fn mcts_learns(variant: Variant, tiles: usize) -> bool {
        variant == Variant::SameGame && tiles >= Self::WARM_MIN_TILES
    }

    /// Whether `--inner-algo auto` runs the warm tree on a board of `tiles` tiles.
    pub fn warm(tiles: usize) -> bool {
        tiles >= Self::WARM_MIN_TILES
    }
    /// Where the learned rollouts' policy lives (`--adapt-scope`), resolved by
    /// [`Defaults::auto_scope`].
    pub const ADAPT_SCOPE: AdaptScope = AdaptScope::Auto;

    /// `--adapt-scope auto` for `algo` at `level` over `inner`: one policy per level
    /// search for NMCTS over level-1 MCTS, one per search elsewhere (search.md,
    /// "Defaults").
    pub fn auto_scope(algo: Algo, level: u32, inner: InnerAlgo) -> AdaptScope {
        if algo == Algo::Nmcts && level >= 2 && inner == InnerAlgo::Mcts {
            AdaptScope::Level
        } else {
            AdaptScope::Search
        }
    }

    /// The learned rollouts' tabu colour (`--adapt-tabu`): NRPA's rule
    /// (docs/results/adapt-mcts-tune/).
    pub const ADAPT_TABU: AdaptTabu = AdaptTabu::Auto;
    /// First width of the beam search's passes (1, 2, 4, …): the greedy descent.
    pub const BEAM_START_WIDTH: u64 = 1;
    /// The cap on the beam's width without `--beam-width`: about 0.5 GB at the widest
    /// pass on a 15 × 15 board of 5 colours, 3.5 GB on the largest boards
    /// (`crate::limits::beam_bytes_per_width`; every board allows it).
    pub const BEAM_MAX_WIDTH: u64 = 1 << 20;
    /// The beam's ranking (`--eval`): the learned evaluation with the shipped weights
    /// (experiments.md, "The learned beam evaluation").
    pub const BEAM_EVAL: Eval = Eval::Learned;
    /// Width of NMCS's beam playouts (`--playout-beam`; 0 = off: every width lost,
    /// docs/results/beam-playout-train/).
    pub const PLAYOUT_BEAM: u32 = 0;
    /// Default reward scaling of the tree searches (`--reward-norm`).
    pub const REWARD_NORM: RewardNorm = RewardNorm::Thesis;
    /// Searches of root parallelisation for `--search-threads auto`, `mcts`'s
    /// default: two trees for MCTS with an iteration budget, but in Clickomania; one
    /// search under a time budget (search.md, "Root parallelisation").
    pub fn trees(algo: Algo, variant: Variant, budget: Budget) -> u32 {
        match (algo, variant, budget) {
            (_, _, Budget::Time(_) | Budget::CpuTime(_)) => 1,
            (Algo::Mcts, Variant::Clickomania, _) => 1,
            (Algo::Mcts, _, _) => 2,
            _ => 1,
        }
    }

    /// Default exact-endgame size in tiles (`--endgame`; 0 = off).
    pub const ENDGAME: u32 = 0;
    /// Default transposition-table size of `exact` and the endgame solver, in MB.
    pub const TT_MB: u64 = 64;
    /// Default budget of `solve` when none is given.
    pub const ITERATIONS: u64 = 100_000;
    /// Default budget of one `batch` run: an iteration budget keeps the main job
    /// deterministic (same seed, same file, any machine).
    pub const BATCH_ITERATIONS: u64 = 300_000;
    /// `--inner auto` with an iteration budget K at top level n: a level-i search gets
    /// K / INNER_DIVISOR^(n−i) playouts (at least [`Defaults::INNER_MIN`]).
    pub const INNER_DIVISOR: u64 = 100;
    /// Smallest automatic inner budget.
    pub const INNER_MIN: u64 = 10;
    /// `--inner auto` with a time budget: a level-i search gets
    /// INNER_TIME_BASE · INNER_DIVISOR^(i−1) playouts.
    pub const INNER_TIME_BASE: u64 = 1000;

    /// Playouts per second assumed to turn a time budget into a budget class.
    pub const ASSUMED_PLAYOUTS_PER_S: f64 = 50_000.0;

    /// `budget` in playouts, for choosing budget classes only.
    pub fn playouts(budget: Budget) -> u64 {
        match budget {
            Budget::Iterations(k) => k,
            Budget::Time(t) | Budget::CpuTime(t) => (t * Self::ASSUMED_PLAYOUTS_PER_S) as u64,
        }
    }

    /// UCB1-TUNED's C at `level` for a level-1 search of `playouts` playouts: by
    /// budget class, as thesis Tables 4.1/4.2, tuned here (experiments.md, "Tuning
    /// C"; learned rollouts: docs/results/mcts-adapt-*); 0 at levels ≥ 2 (thesis
    /// §4.3.3). Budgets above the largest class take its value.
    pub fn c(
        level: usize,
        variant: Variant,
        policy: RolloutPolicy,
        norm: RewardNorm,
        playouts: u64,
    ) -> f64 {
        if level > 1 {
            return 0.0;
        }
        if norm == RewardNorm::Range {
            return Self::C_RANGE;
        }
        // (largest budget of the class, C), budgets ascending.
        let table: &[(u64, f64)] = match (variant, policy) {
            (Variant::SameGame | Variant::SameGameNoPenalty, RolloutPolicy::Random) => {
                &[(15_000, 0.0005), (50_000, 0.001), (u64::MAX, 0.003)]
            }
            (Variant::SameGame | Variant::SameGameNoPenalty, RolloutPolicy::Adapt) => {
                &[(15_000, 0.001), (50_000, 0.03), (u64::MAX, 0.01)]
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

    /// Level-1 C with `--reward-norm range` (rewards stretched to [0, 1] per search).
    pub const C_RANGE: f64 = 0.1;

    /// Move-by-move z for `--z auto`, for one search of `playouts` playouts; 0 is
    /// global search (thesis Tables 4.3/4.4; experiments.md, "Move-by-move z":
    /// docs/results/tune-z-*).
    pub fn z(variant: Variant, policy: RolloutPolicy, playouts: u64) -> u32 {
        let short = playouts <= Self::SHORT_SEARCH;
        match variant {
            Variant::SameGame | Variant::SameGameNoPenalty => match policy {
                _ if short => 0,
                RolloutPolicy::Random => 20,
                _ => 10,
            },
            Variant::BubbleBreaker => 30,
            Variant::Clickomania if short => 100,
            Variant::Clickomania => 0,
        }
    }

    /// C of the tabu-colour bandit (`--policy tabu-bandit`) living for `playouts`
    /// playouts: nearly greedy when short (docs/results/tune-bandit-c*/).
    pub fn bandit_c(playouts: u64) -> f64 {
        if playouts <= Self::SHORT_SEARCH {
            0.001
        } else {
            1.0
        }
    }

    /// Budget classes of [`Defaults::beam`], [`Defaults::z`] and
    /// [`Defaults::bandit_c`]: the geometric mean of the tuned 10,000 and 100,000.
    pub const SHORT_SEARCH: u64 = 31_623;

    /// Budget classes of nested searches' level-1 beams: the geometric mean of the
    /// tuned 1,000- and 3,000-playout level-1 searches.
    pub const SHORT_NESTED_SEARCH: u64 = 1_732;

    /// Beam (L, W) of a BMCTS search of `playouts` playouts (one level-1 search, or
    /// one move-by-move step), `nested` for the level-1 searches of NBMCTS: tuned
    /// per variant and budget class as thesis Tables 5.1-5.4, retuned after
    /// Alg. 5.2's counter restart (experiments.md, "Beam"; docs/results/tune-beam-*,
    /// s9-retune-beam*, s9-retune-nested-beam*).
    pub fn beam(
        nested: bool,
        variant: Variant,
        policy: RolloutPolicy,
        playouts: u64,
    ) -> (u64, u32) {
        let informed = policy != RolloutPolicy::Random;
        let short = playouts <= Self::SHORT_SEARCH;
        let short_nested = playouts <= Self::SHORT_NESTED_SEARCH;
        match (nested, variant) {
            (false, Variant::Clickomania) if short => (100, 100),
            (false, Variant::Clickomania) => (1000, 25),
            (false, Variant::BubbleBreaker) if short => (50, 25),
            (false, Variant::BubbleBreaker) => (25_000, 2),
            (false, _) if short => (250, 100),
            (false, _) => (500, 100),
            // The thesis' (10, 3): nothing beat it.
            (true, Variant::Clickomania) => (10, 3),
            (true, Variant::BubbleBreaker) if short_nested => (25, 25),
            (true, Variant::BubbleBreaker) => (75, 3),
            (true, _) if informed && short_nested => (25, 25),
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
            Budget::Time(_) | Budget::CpuTime(_) => Self::INNER_TIME_BASE
                .saturating_mul(Self::INNER_DIVISOR.saturating_pow(i as u32 - 1)),
        }
    }
}

#[cfg(test)]
mod tests;
