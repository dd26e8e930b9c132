//! Every default of the search family, in one place: the values, with the tables and
//! experiments each comes from ([`Defaults`]), as constants and as functions of plain
//! values (an algorithm, a variant, a board's size, a budget). The CLI only parses: a
//! flag left out takes its value from here, through the default configuration of
//! each algorithm (`SearchConfig::new`, in `search::config`) and the resolution of
//! every `auto` for a board and budget (`search::resolve`).
//!
//! Owns: [`Defaults`] (algorithm, levels, budgets, C, z, beams, bandit C, inner
//! budgets, budget classes, NRPA's N, policy, width and refinements, the learned rollouts' step,
//! schedule, scope and tabu colour, root-parallel trees, the beam search's widths and
//! evaluation). Must not: look at a board (its functions take the tiles and colours
//! at the root) or at a whole configuration (what a configuration
//! resolves to is `search::resolve`'s), run searches or validate configurations. It
//! imports no other part of the configuration than the named choices
//! (`search::choices`), so the configuration can read its values.

use super::budget::Budget;
use super::choices::{AdaptScope, AdaptTabu, Algo, InnerAlgo, RewardNorm};
use super::eval::Eval;
use crate::policy::adaptive::Prior;
use crate::policy::RolloutPolicy;
use crate::rules::Variant;

/// Every default parameter value, in one place (tuned later; thesis tables cited).
pub struct Defaults;

impl Defaults {
    /// The default algorithm (`--algo`): level-3 NRPA was stronger than level-2 NMCS
    /// at equal time on every variant and on validation positions never used for
    /// tuning (docs/experiments.md, "The default algorithm").
    pub const ALGO: Algo = Algo::Nrpa;

    /// The default `--level` of `algo`: [`Defaults::NRPA_LEVEL`] for NRPA,
    /// [`Defaults::LEVEL`] for the other nested searches, 1 for MCTS, BMCTS and
    /// exact.
    pub fn level(algo: Algo) -> u32 {
        match algo {
            Algo::Nrpa => Self::NRPA_LEVEL,
            a if a.is_nested() => Self::LEVEL,
            _ => 1,
        }
    }

    /// Default nesting level of NMCS, NMCTS and NBMCTS.
    pub const LEVEL: u32 = 2;
    /// Default nesting level of NRPA (Rosin 2011 and Cazenave 2016 use 3-5 with a
    /// cluster's budget; 3 is 10⁶ playouts per run at N = 100).
    pub const NRPA_LEVEL: u32 = 3;
    /// NRPA lower-level searches per search (N; Rosin 2011: 100) on boards of at
    /// least [`Defaults::NRPA_SMALL_BOARD_TILES`] tiles.
    pub const NRPA_ITERATIONS: u64 = 100;
    /// N on smaller boards (see [`Defaults::nrpa_iterations`]).
    pub const NRPA_SMALL_BOARD_ITERATIONS: u64 = 20;
    /// Boards with fewer tiles than this at the root get
    /// [`Defaults::NRPA_SMALL_BOARD_ITERATIONS`].
    pub const NRPA_SMALL_BOARD_TILES: usize = 144;

    /// N of `--nrpa-iterations auto` for a search from `root`: Rosin's 100 on boards
    /// of 144 tiles and more (every published SameGame comparison, 15 × 15), 20 on
    /// smaller ones. On small boards a level's policy settles on one sequence long
    /// before 100 adaptations, and the rest of the level repeats it; a smaller N gives
    /// more complete, restarted runs. Chosen on generated boards (seed 11) at 20,000
    /// playouts: level 3 reached the proven optimum on 217 of 240 boards of 5 × 4 to
    /// 8 × 8 with N = 20, 200 with N = 100 (docs/results/nrpa-small-n.md); on 10 × 10
    /// and 12 × 12 boards at 100,000 playouts N = 20 was +26 and +95 (n.s.); on
    /// 15 × 15 N = 100 won (docs/results/nrpa-n-15x15.md). Validated on the
    /// small-board suite: 148 → 164 of 180 (docs/search.md, "NRPA").
    pub fn nrpa_iterations(tiles: usize) -> u64 {
        if tiles < Self::NRPA_SMALL_BOARD_TILES {
            Self::NRPA_SMALL_BOARD_ITERATIONS
        } else {
            Self::NRPA_ITERATIONS
        }
    }
    /// NRPA learning rate α (Rosin 2011: 1).
    pub const NRPA_ALPHA: f64 = 1.0;
    /// Smallest board (tiles at the root) and fewest colours (present at the root) on
    /// which `--policy auto` gives NRPA the selective policy in SameGame and
    /// no-penalty SameGame. The selective policy never plays the tabu colour while
    /// other groups exist, which makes some lines unreachable; at 100,000 playouts
    /// (level 3, 10 generated boards per class, seed 11) random candidates beat it by
    /// +156 to +2,601 on 6 × 6 to 10 × 10 boards and on 2-3 colours at every size up to
    /// 15 × 15, tie at 12 × 12 with 4-5 colours, and lose on 15 × 15 with 4 colours
    /// (−166, n.s.) and 5 colours (−611, p = 0.0005; Maastricht 1-20: −645,
    /// p < 0.0001). docs/search.md, "NRPA".
    pub const NRPA_SELECTIVE_MIN_TILES: usize = 144;
    /// See [`Defaults::NRPA_SELECTIVE_MIN_TILES`].
    pub const NRPA_SELECTIVE_MIN_COLORS: usize = 4;

    /// The candidates of NRPA's playouts: `--policy auto` is the selective policy
    /// (`tabu`) for SameGame and no-penalty SameGame boards with at least
    /// [`Defaults::NRPA_SELECTIVE_MIN_TILES`] tiles and
    /// [`Defaults::NRPA_SELECTIVE_MIN_COLORS`] colours, every group (`random`) otherwise.
    /// (`tiles` on the board at the root, `colors` present there.)
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

    /// Late-game exception of NRPA's selective policy: tabu-colour groups of at most
    /// [`Defaults::NRPA_LATE_SIZE`] tiles are candidates once at most this many tiles
    /// are left (0 = never; docs/search.md, "NRPA").
    pub const NRPA_LATE_TILES: u16 = 0;
    /// See [`Defaults::NRPA_LATE_TILES`].
    pub const NRPA_LATE_SIZE: u16 = 2;
    /// GNRPA bias β (0 = plain NRPA).
    pub const NRPA_BIAS: f64 = 0.0;
    /// Parallel NRPA's width (`--nrpa-width`) when it is not given: the thread count
    /// the search was given (`solve --threads`, `--search-threads`; 1 when none, or
    /// `auto`). So `--threads N` runs one search of width N on N threads (each of
    /// its rounds keeps every thread busy), and `--threads 1 --nrpa-width N` is the
    /// same search on one thread: the same result, slower. Width 1 is sequential NRPA.
    pub fn nrpa_width(threads: u32) -> u32 {
        threads.max(1)
    }
    /// GNRPA prior: the heuristic β multiplies (`--nrpa-prior`; size = group size − 2,
    /// the bias's only form before priors existed).
    pub const NRPA_PRIOR: Prior = Prior::Size;
    /// Stabilized NRPA: playouts per adaptation at level 1 (`--nrpa-stable`; 1 = plain
    /// NRPA, not yet measured as a default: docs/experiments.md, "NRPA refinements").
    pub const NRPA_STABLE: u32 = 1;
    /// Beam NRPA: sequences each level keeps (`--nrpa-beam`; 1 = plain NRPA).
    pub const NRPA_BEAM: u32 = 1;
    /// Limited repetitions: a level ends once it has found its best sequence again
    /// this many times (`--nrpa-repeats`; 0 = never, plain NRPA).
    pub const NRPA_REPEATS: u32 = 0;
    /// Seeded NRPA: width of the beam whose best line starts the top level
    /// (`--nrpa-seed`; 0 = none, plain NRPA).
    pub const NRPA_SEED: u32 = 0;
    /// Step α of the learned rollouts' adaptation (`--adapt-alpha`, `--policy adapt`)
    /// with [`Defaults::ADAPT_EVERY`]: in MCTS at 100,000 playouts (Maastricht 1-20,
    /// docs/results/adapt-mcts-tune/) small steps after every rollout won (α = 0.01
    /// +225.7 over tabu rollouts, p = 0.011; 0.003 +213.5; 0.03 +142.7; 0.1-1 less,
    /// docs/results/adapt-mcts-alpha/), and α = 0.1 every 10 rollouts scored as
    /// α = 0.01 every rollout (+28.9, n.s., docs/results/adapt-mcts-every/) for a
    /// tenth of the adaptations' cost.
    pub const ADAPT_ALPHA: f64 = 0.1;
    /// The learned rollouts adapt toward the best line after every this many
    /// rollouts (`--adapt-every`; 0 = once per improvement, which lost: +75.0 over
    /// tabu rollouts with α = 1, n.s., against +385.2 for α = 0.03 every rollout).
    /// See [`Defaults::ADAPT_ALPHA`].
    pub const ADAPT_EVERY: u64 = 10;
    /// `nmcts`'s default inner search (`--inner-algo auto`) is the warm tree on
    /// boards of at least this many tiles: level-2 NMCTS over warm-started level-2
    /// NRPA searches beat NMCTS's thesis nesting by +390.7 per position at 5 s on
    /// Maastricht 151-250 (p < 0.0001; level with level-3 NRPA, −5.0), and at
    /// 100,000 playouts on validation positions by +816.6 in SameGame, +1,243.6 in
    /// Bubble Breaker, +726.7 without the penalty (Maastricht 151-170) and +60.4 in
    /// Clickomania (20 × 20, positions 81-100), all p < 0.0001; on 7 × 7 boards it
    /// lost −47.3 (n.s.; docs/results/warm-default-*). Smaller boards keep the
    /// thesis' level-1 MCTS.
    pub const WARM_MIN_TILES: usize = 144;
    /// Level of the warm tree's inner NRPA.
    pub const WARM_INNER_LEVEL: u32 = 2;
    /// N of the warm tree's inner NRPA (`--nrpa-iterations auto`): 50 beat 30 at 5 s
    /// on Maastricht 1-20 (docs/results/flagship-time5-train/); 100 (with 10,000
    /// playouts per inner search) was +7.5 at 1,000,000 playouts (n.s.,
    /// docs/results/warm-tree-z2/).
    pub const WARM_NRPA_ITERATIONS: u64 = 50;
    /// Playouts of each of the warm tree's inner searches (`--inner auto` at
    /// level 1): N² for the level-2 NRPA.
    pub const WARM_INNER: u64 = 2_500;
    /// The warm tree's learned rollouts adapt as NRPA does, α = 1 after every inner
    /// search (`--adapt-alpha`/`--adapt-every` left out): +80.1 over α = 0.1 at
    /// 5 s on Maastricht 1-20 (docs/results/flagship-time5-train/).
    pub const WARM_ADAPT_ALPHA: f64 = 1.0;
    /// See [`Defaults::WARM_ADAPT_ALPHA`].
    pub const WARM_ADAPT_EVERY: u64 = 1;
    /// `nbmcts`'s warm tree (`--inner-algo auto` where [`Defaults::warm`] holds)
    /// prunes its level-2 tree by a beam of (L, W) = (25, 5) when no beam is given
    /// (its default level-1 beam would prune nothing: an inner NRPA builds no tree).
    /// At 5 s on Maastricht 1-20, (25, 5) was +71.0 over (10, 3) (p = 0.060) and
    /// level with nmcts's warm tree (+2.5); on Maastricht 151-250 it beat NBMCTS's
    /// thesis nesting (docs/results/flagship-defaults-{train,validate}/). At 60 s
    /// no beam helps the warm tree: (300, 5), best there on Maastricht 1-20, was
    /// +11.7 over (25, 5) on 151-250 (p = 0.47) and both were below the warm tree
    /// without a beam (docs/results/{nbmcts-beam-time60-train,time60-validate}/).
    pub const WARM_BEAM: (u64, u32) = (25, 5);

    /// `mcts`'s `--policy auto` plays learned rollouts (`--policy adapt` with its
    /// α = 0.1 every 10 rollouts) on SameGame boards of at least
    /// [`Defaults::WARM_MIN_TILES`] tiles: at 5 s per position they beat the thesis'
    /// TabuColorRandom rollouts by +137.7 on Maastricht 1-20 (p = 0.13) and by
    /// +117.0 on Maastricht 151-250, never used for tuning (p = 0.012;
    /// docs/results/flagship-defaults-{train,validate}/). Not measured at equal time
    /// in the other variants or on smaller boards, which keep
    /// [`RolloutPolicy::resolve`]'s thesis rollouts. (BMCTS with learned rollouts
    /// was −24.4 on validation, n.s.: `bmcts` keeps tabu rollouts.) True for a
    /// board of `variant` with `tiles` tiles where they do (for `mcts` with
    /// `--policy auto`, [`SearchConfig::mcts_auto`](crate::search::SearchConfig::mcts_auto)).
    pub fn mcts_learns(variant: Variant, tiles: usize) -> bool {
        variant == Variant::SameGame && tiles >= Self::WARM_MIN_TILES
    }

    /// True when a configuration that may run the warm tree
    /// ([`SearchConfig::warm_capable`](crate::search::SearchConfig::warm_capable):
    /// `--inner-algo auto`) runs it on a board of `tiles` tiles: where it won,
    /// [`Defaults::WARM_MIN_TILES`] and more.
    pub fn warm(tiles: usize) -> bool {
        tiles >= Self::WARM_MIN_TILES
    }
    /// Where the learned rollouts' policy lives (`--adapt-scope`): `auto`, resolved
    /// by [`Defaults::auto_scope`].
    pub const ADAPT_SCOPE: AdaptScope = AdaptScope::Auto;

    /// What `--adapt-scope auto` resolves to for a search of `algo` at `level`
    /// whose inner search is `inner`: `level` (one policy per level
    /// search, handed down from its parent) for NMCTS at level ≥ 2 over level-1 MCTS
    /// searches (`--inner-algo mcts`). At 8,299,200 playouts on Maastricht 1-20 it
    /// beat one policy per search by +94.7 (p = 0.0022,
    /// docs/results/thesis-budget-scope/), and at 300,000 playouts on Maastricht
    /// 151-250, never used for tuning, by +81.8 (p = 0.0095,
    /// docs/results/adapt-scope-validate/). `search` everywhere else: MCTS and
    /// BMCTS have one level; NBMCTS over MCTS tied on Maastricht 151-250 (+0.2,
    /// 95% CI [−47.5, 47.9], docs/results/adapt-scope-nbmcts-validate/); level-2
    /// NMCS wanted it (+419.5 over tabu rollouts against +98.2 for `level`,
    /// docs/results/adapt-nmcs/); inner NMCS and NRPA searches and the warm tree
    /// (`--inner-algo auto`: NRPA inner searches on large boards) ran with it in
    /// every measurement, and the warm tree was tuned with it.
    pub fn auto_scope(algo: Algo, level: u32, inner: InnerAlgo) -> AdaptScope {
        if algo == Algo::Nmcts && level >= 2 && inner == InnerAlgo::Mcts {
            AdaptScope::Level
        } else {
            AdaptScope::Search
        }
    }

    /// The learned rollouts' tabu colour (`--adapt-tabu`): NRPA's rule. In MCTS the
    /// bandit's colour lost to the most-tiles colour (−186.3, p = 0.011, against
    /// α = 0.003) and no tabu colour lost heavily (−727.3, p = 0.0001;
    /// docs/results/adapt-mcts-tune/).
    pub const ADAPT_TABU: AdaptTabu = AdaptTabu::Auto;
    /// First width of the beam search's anytime schedule: widths 1, 2, 4, … (each
    /// pass twice as wide as the last) until the budget ends or the cap is reached.
    /// Width 1 is the greedy descent by the evaluation, so a complete game exists
    /// after the first, cheapest pass.
    pub const BEAM_START_WIDTH: u64 = 1;
    /// The cap on the beam's width when `--beam-width` is not given: about 6 GB of
    /// memory at the widest pass (6 KB per kept position, `search::beam`), a quarter
    /// of this 24 GiB machine. Budgets met so far end long before it.
    pub const BEAM_MAX_WIDTH: u64 = 1 << 20;
    /// The beam's ranking of positions (`--eval` with `--algo beam`): the learned
    /// evaluation with the shipped weights (`weights/beam-eval.toml`, tuned by
    /// `scripts/tune-eval.sh` on Maastricht 1-100 with a width-16 beam). On the
    /// validation positions Maastricht 151-170 it beat `--eval potential` (the
    /// default before) by +472.6 at width 16, +438.2 at width 256 and +447.7 at
    /// 1,000,000 evaluated positions (p < 0.0001, 0.0005, 0.0043), by +485.0 and
    /// +414.5 at width 16 in no-penalty SameGame and Bubble Breaker, and tied in
    /// Clickomania (−0.2); docs/experiments.md, "The learned beam evaluation".
    pub const BEAM_EVAL: Eval = Eval::Learned;
    /// Width of NMCS's beam playouts (`--playout-beam`; 0 = off: NMCS's level-0
    /// playouts are rollouts of `--policy`, as in Cazenave 2009): at 5 s on
    /// Maastricht 1-20 every width tried lost to level-3 NRPA and to plain level-2
    /// NMCS (docs/results/beam-playout-train/).
    pub const PLAYOUT_BEAM: u32 = 0;
    /// Default reward scaling of the tree searches (`--reward-norm`).
    pub const REWARD_NORM: RewardNorm = RewardNorm::Thesis;
    /// Searches of root parallelisation for `--search-threads auto`, the default of
    /// `mcts` (every other algorithm defaults to one search). MCTS with move-by-move
    /// search runs two trees sharing the budget and their move decisions in SameGame
    /// and Bubble Breaker: on validation positions never used for tuning (Maastricht
    /// 101-150, 100,000 playouts) two trees beat one by +346 (p < 0.0001,
    /// docs/results/s10-validate/; training: docs/results/threads-mcts/, 4 trees
    /// no better than 2 in docs/results/s10-trees/), in Bubble Breaker 4 trees beat
    /// one by +602 (docs/results/s10-trees-bubblebreaker/); in Clickomania more
    /// trees lose (docs/results/s10-trees-clickomania/). A time budget gets one
    /// search (each search of root parallelisation gets the whole time on a core of
    /// its own, so `--time` comparisons stay one core per search).
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
    /// Default budget of one `batch` run when none is given: an iteration budget
    /// keeps the main job deterministic (same seed, same file, any machine); with
    /// batch's default 4 runs the 20 standard boards take a few minutes on 2 cores.
    pub const BATCH_ITERATIONS: u64 = 300_000;
    /// `--inner auto` with an iteration budget K at top level n: a level-i search gets
    /// K / INNER_DIVISOR^(n−i) playouts (at least [`Defaults::INNER_MIN`]).
    pub const INNER_DIVISOR: u64 = 100;
    /// Smallest automatic inner budget.
    pub const INNER_MIN: u64 = 10;
    /// `--inner auto` with a time budget: a level-i search gets
    /// INNER_TIME_BASE · INNER_DIVISOR^(i−1) playouts.
    pub const INNER_TIME_BASE: u64 = 1000;

    /// Playouts per second assumed when a time budget has to be turned into a budget
    /// class for [`Defaults::c`] (the engine makes 50,000-100,000 on 15 × 15 boards).
    pub const ASSUMED_PLAYOUTS_PER_S: f64 = 50_000.0;

    /// `budget` in playouts: an iteration budget as is, a time budget converted at
    /// [`Defaults::ASSUMED_PLAYOUTS_PER_S`] (for choosing budget classes only).
    pub fn playouts(budget: Budget) -> u64 {
        match budget {
            Budget::Iterations(k) => k,
            Budget::Time(t) | Budget::CpuTime(t) => (t * Self::ASSUMED_PLAYOUTS_PER_S) as u64,
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
        // (largest budget of the class, C) per variant and policy, budgets ascending.
        // Measured best at 10,000 and 100,000 playouts (docs/experiments.md, "Tuning
        // C"); the 15,000-50,000 class takes a value between the two.
        let table: &[(u64, f64)] = match (variant, policy) {
            (Variant::SameGame | Variant::SameGameNoPenalty, RolloutPolicy::Random) => {
                &[(15_000, 0.0005), (50_000, 0.001), (u64::MAX, 0.003)]
            }
            // Learned rollouts: C = 0.03 won in the middle class (mcts at 5 s: +161.8
            // over the tabu value 0.003 on Maastricht 151-250, p = 0.0008); at
            // 100,000 playouts (two trees, steps of 5,000) the tabu value 0.001
            // stayed best on training positions; in the top class (3,000,000
            // playouts, steps of 150,000) 0.03 was ahead of the tabu value on
            // training positions (+108.8, p = 0.11) but tied on validation (+9.7,
            // p = 0.70), so the tabu value stays (docs/results/mcts-adapt-cz-
            // {train,validate}/, mcts-adapt-c-iter/, mcts-adapt-c-top{,-validate}/).
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

    /// Move-by-move z for `--z auto`, for one search of `playouts` playouts (all its
    /// steps). Thesis Tables 4.3/4.4; tuned here (docs/experiments.md, "Move-by-move
    /// z"). 0 means global search.
    pub fn z(variant: Variant, policy: RolloutPolicy, playouts: u64) -> u32 {
        let short = playouts <= Self::SHORT_SEARCH;
        match variant {
            // docs/results/tune-z-{random,tabu}-{10k,100k}/: global search at
            // 10,000 playouts, move-by-move at 100,000.
            Variant::SameGame | Variant::SameGameNoPenalty => match policy {
                _ if short => 0,
                RolloutPolicy::Random => 20,
                _ => 10,
            },
            // docs/results/tune-z-bubblebreaker-{10k,100k}/ (thesis Table 4.4: 30)
            Variant::BubbleBreaker => 30,
            // docs/results/tune-z-clickomania-{10k,100k}/ (thesis Table 4.4: 100
            // at every time setting; here global search wins at 100,000 playouts)
            Variant::Clickomania if short => 100,
            Variant::Clickomania => 0,
        }
    }

    /// Exploration factor of the UCB1-TUNED bandit choosing the tabu colour
    /// (`--policy tabu-bandit`; the thesis gives none) for a bandit that lives for
    /// `playouts` playouts. Tuned here (docs/results/tune-bandit-c*/): short-lived
    /// bandits (the 2,000-playout level-1 searches of NMCTS) do best nearly greedy,
    /// a bandit over a whole 100,000-playout MCTS search with much exploration.
    pub fn bandit_c(playouts: u64) -> f64 {
        if playouts <= Self::SHORT_SEARCH {
            0.001
        } else {
            1.0
        }
    }

    /// Budget classes of [`Defaults::beam`], [`Defaults::z`] and [`Defaults::bandit_c`]: a search of at most this
    /// many playouts takes the values tuned at 10,000 playouts, a longer one those
    /// tuned at 100,000 (the boundary is their geometric mean).
    pub const SHORT_SEARCH: u64 = 31_623;

    /// Budget classes of the level-1 beams of nested searches ([`Defaults::beam`]
    /// with `nested`): a level-1 search of at most this many playouts takes the
    /// beam tuned with 1,000-playout searches (level-2 NBMCTS at 100,000 in all),
    /// a longer one the beam that won with 3,000 (300,000 in all, the batch budget);
    /// the boundary is their geometric mean.
    pub const SHORT_NESTED_SEARCH: u64 = 1_732;

    /// Beam (L, W) of a BMCTS search of `playouts` playouts (one level-1 search, or
    /// one move-by-move step). Single searches (`bmcts`): tuned here at 10,000 and
    /// 100,000 playouts (docs/experiments.md, "Beam"; thesis §5.3.1, Tables 5.1/5.2
    /// did the same per time setting), retuned after Alg. 5.2's counter restart.
    /// Level-1 searches of a nested search (`nbmcts`): by the level-1 search's own
    /// budget class ([`Defaults::SHORT_NESTED_SEARCH`]): SameGame informed (25, 25)
    /// for short searches and (75, 25) for longer ones, random (25, 25); Bubble
    /// Breaker (25, 25) short and the thesis' (75, 3) longer (Tables 5.3/5.4,
    /// multi-start, 0.25-second row); Clickomania the thesis' (10, 3). Each value's
    /// experiment is cited beside it.
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
            // docs/results/tune-beam-clickomania-{10k,100k}/; retuned after
            // Alg. 5.2's counter restart (s9-retune-beam-clickomania{,-10k}.md):
            // nothing beat these.
            (false, Variant::Clickomania) if short => (100, 100),
            (false, Variant::Clickomania) => (1000, 25),
            // Retuned after the counter restart on boards 1-20
            // (s9-retune-beam-bubblebreaker-10k.md), validated on 51-100
            // (s9-retune-beam-bubblebreaker-validate-10k.md): +118.5 over the old
            // (1000, 25), p = 0.0005.
            (false, Variant::BubbleBreaker) if short => (50, 25),
            // docs/results/tune-beam-bubblebreaker-100k/; the retune's best,
            // (250, 100), did not win on validation (+50.4, p = 0.23).
            (false, Variant::BubbleBreaker) => (25_000, 2),
            // SameGame, both rollout policies, retuned after Alg. 5.2's counter
            // restart (issue 9): docs/results/s9-retune-beam{,-small,-10k,-random,
            // -random-10k}/ on Maastricht 1-50, validated on 101-250
            // (s9-retune-validate{,-151,-random,-random-10k}/): over the old
            // beams +212.7 (tabu, 100k), +414.7 (random, 100k), +344.1 (random,
            // 10k), all p < 0.0001; tabu at 10k kept its (250, 100).
            (false, _) if short => (250, 100),
            (false, _) => (500, 100),
            // Level-1 searches of NBMCTS. Retuned after Alg. 5.2's counter restart
            // (issue 9): the best L grows with the level-1 search's budget.
            // Clickomania: nothing beat the thesis' (10, 3)
            // (s9-retune-nested-beam-clickomania.md).
            (true, Variant::Clickomania) => (10, 3),
            // 1,000-playout searches (s9-retune-nested-beam-bubblebreaker.md,
            // +402.5 on boards 1-20), validated on boards 51-100: +315.7 over the
            // thesis' (75, 3), p < 0.0001 (…-bubblebreaker-validate.md). With
            // 3,000-playout searches (25, 25) lost −114.0 and (75, 3) stays
            // (…-bubblebreaker-300k.md).
            (true, Variant::BubbleBreaker) if short_nested => (25, 25),
            (true, Variant::BubbleBreaker) => (75, 3),
            // SameGame: 1,000-playout searches (s9-retune-nested-beam{,-small}.md on
            // Maastricht 1-50: L = 25 +138.0, smaller and larger L lose), validated
            // on 101-250: +102.9 over (75, 25), p = 0.0002
            // (s9-retune-nested-beam-validate.md). With 3,000-playout searches
            // (75, 25) beat L = 10, 25 and 250 (s9-retune-nested-beam-300k.md).
            // Random rollouts: tune-beam-nested.md (2,000-playout searches).
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
