//! Every default parameter value of the search family, in one place, with the
//! tables and experiments each comes from (like Monty's `mcts/params.rs`).
//!
//! Owns: [`Params`] (levels, budgets, C, z, beams, bandit C, inner budgets and budget
//! classes). Must not: run searches or validate configurations.

use super::{Algo, Budget, RewardNorm};
use crate::board::Board;
use crate::policy::RolloutPolicy;
use crate::rules::Variant;

/// Every default parameter value, in one place (tuned later; thesis tables cited).
pub struct Params;

impl Params {
    /// Default nesting level of NMCS, NMCTS and NBMCTS.
    pub const LEVEL: u32 = 2;
    /// Default nesting level of NRPA (Rosin 2011 and Cazenave 2016 use 3-5 with a
    /// cluster's budget; 3 is 10⁶ playouts per run at N = 100).
    pub const NRPA_LEVEL: u32 = 3;
    /// NRPA lower-level searches per search (N; Rosin 2011: 100) on boards of at
    /// least [`Params::NRPA_SMALL_BOARD_TILES`] tiles.
    pub const NRPA_ITERATIONS: u64 = 100;
    /// N on smaller boards (see [`Params::nrpa_iterations`]).
    pub const NRPA_SMALL_BOARD_ITERATIONS: u64 = 20;
    /// Boards with fewer tiles than this at the root get
    /// [`Params::NRPA_SMALL_BOARD_ITERATIONS`].
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
    pub fn nrpa_iterations(root: &Board) -> u64 {
        if root.tiles() < Self::NRPA_SMALL_BOARD_TILES {
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
    /// See [`Params::NRPA_SELECTIVE_MIN_TILES`].
    pub const NRPA_SELECTIVE_MIN_COLORS: usize = 4;

    /// The candidates of NRPA's playouts: `--policy auto` is the selective policy
    /// (`tabu`) for SameGame and no-penalty SameGame boards with at least
    /// [`Params::NRPA_SELECTIVE_MIN_TILES`] tiles and
    /// [`Params::NRPA_SELECTIVE_MIN_COLORS`] colours, every group (`random`) otherwise.
    pub fn nrpa_policy(policy: RolloutPolicy, root: &Board) -> RolloutPolicy {
        let colors = root.counts().iter().filter(|&&n| n > 0).count();
        let small = root.tiles() < Self::NRPA_SELECTIVE_MIN_TILES
            || colors < Self::NRPA_SELECTIVE_MIN_COLORS;
        match policy.resolve(root.variant()) {
            RolloutPolicy::Tabu if policy == RolloutPolicy::Auto && small => RolloutPolicy::Random,
            p => p,
        }
    }

    /// Late-game exception of NRPA's selective policy: tabu-colour groups of at most
    /// [`Params::NRPA_LATE_SIZE`] tiles are candidates once at most this many tiles
    /// are left (0 = never; docs/search.md, "NRPA").
    pub const NRPA_LATE_TILES: u16 = 0;
    /// See [`Params::NRPA_LATE_TILES`].
    pub const NRPA_LATE_SIZE: u16 = 2;
    /// GNRPA bias β (0 = plain NRPA).
    pub const NRPA_BIAS: f64 = 0.0;
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
            (_, _, Budget::Time(_)) => 1,
            (Algo::Mcts, Variant::Clickomania, _) => 1,
            (Algo::Mcts, _, _) => 2,
            _ => 1,
        }
    }

    /// Default exact-endgame size in tiles (`--endgame`; 0 = off).
    pub const ENDGAME: u32 = 0;
    /// Default transposition-table size of `exact` and the endgame solver, in MB.
    pub const TT_MB: u64 = 64;
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

    /// Budget classes of [`Params::beam`], [`Params::z`] and [`Params::bandit_c`]: a search of at most this
    /// many playouts takes the values tuned at 10,000 playouts, a longer one those
    /// tuned at 100,000 (the boundary is their geometric mean).
    pub const SHORT_SEARCH: u64 = 31_623;

    /// Budget classes of the level-1 beams of nested searches ([`Params::beam`]
    /// with `nested`): a level-1 search of at most this many playouts takes the
    /// beam tuned with 1,000-playout searches (level-2 NBMCTS at 100,000 in all),
    /// a longer one the beam that won with 3,000 (300,000 in all, the batch budget);
    /// the boundary is their geometric mean.
    pub const SHORT_NESTED_SEARCH: u64 = 1_732;

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
            Budget::Time(_) => Self::INNER_TIME_BASE
                .saturating_mul(Self::INNER_DIVISOR.saturating_pow(i as u32 - 1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::search::{level, search, testutil, Advance, Algo, SearchConfig, Setting};

    #[test]
    fn nrpa_is_selective_only_on_large_boards_with_many_colours() {
        use testutil::random_board;
        use RolloutPolicy::{Auto, Random, Tabu};
        for (w, h, colors, variant, auto) in [
            (15, 15, 5, Variant::SameGame, Tabu),
            (12, 12, 4, Variant::SameGameNoPenalty, Tabu),
            (15, 15, 3, Variant::SameGame, Random),
            (10, 10, 5, Variant::SameGame, Random),
            (15, 15, 5, Variant::Clickomania, Random),
            (15, 15, 5, Variant::BubbleBreaker, Random),
        ] {
            let b = random_board(w, h, colors, 1, variant);
            assert_eq!(
                Params::nrpa_policy(Auto, &b),
                auto,
                "{w}x{h}x{colors} {variant}"
            );
            // An explicit policy is kept.
            assert_eq!(Params::nrpa_policy(Tabu, &b), Tabu);
            assert_eq!(Params::nrpa_policy(Random, &b), Random);
        }
    }

    #[test]
    fn nrpa_iterations_auto_follows_the_board_size() {
        use crate::search::Setting;
        use testutil::random_board;
        for (w, h, n) in [(8, 8, 20), (12, 11, 20), (12, 12, 100), (15, 15, 100)] {
            let b = random_board(w, h, 4, 2, Variant::SameGame);
            assert_eq!(Params::nrpa_iterations(&b), n, "{w}x{h}");
            // `auto` searches exactly as the explicit value would.
            let run = |it| {
                let mut cfg = SearchConfig::new(Algo::Nrpa, 2);
                cfg.nrpa.iterations = it;
                let r = search(
                    &cfg,
                    &b,
                    Budget::Iterations(900),
                    &mut crate::rng_for(3, 0, 0),
                );
                (r.score, r.moves)
            };
            assert_eq!(run(Setting::Auto), run(Setting::Set(n)), "{w}x{h}");
        }
    }

    #[test]
    fn default_c_follows_the_budget_class() {
        use RolloutPolicy::{Random, Tabu};
        use Variant::{BubbleBreaker, Clickomania, SameGame};
        for (level, variant, policy, playouts, c) in [
            (1, SameGame, Random, 10_000, 0.0005),
            (1, SameGame, Random, 30_000, 0.001),
            (1, SameGame, Random, 100_000, 0.003),
            (1, SameGame, Tabu, 100_000, 0.01),
            (1, BubbleBreaker, Random, 10_000, 0.0002),
            (1, Clickomania, Random, 10_000, 0.0),
            (1, Clickomania, Random, 100_000, 0.01),
            (2, SameGame, Random, 100_000, 0.0),
        ] {
            let got = Params::c(level, variant, policy, RewardNorm::Thesis, playouts);
            assert_eq!(got, c, "{level} {variant} {policy} {playouts}");
        }
        assert_eq!(
            Params::c(1, SameGame, Random, RewardNorm::Range, 10_000),
            Params::C_RANGE
        );
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
        // Nested level-1 beams, by the level-1 search's budget class.
        let t = RolloutPolicy::Tabu;
        let n = Params::SHORT_NESTED_SEARCH;
        assert_eq!(Params::beam(true, Variant::SameGame, t, n), (25, 25));
        assert_eq!(Params::beam(true, Variant::SameGame, t, n + 1), (75, 25));
        assert_eq!(Params::beam(true, Variant::BubbleBreaker, r, n), (25, 25));
        assert_eq!(
            Params::beam(true, Variant::BubbleBreaker, r, n + 1),
            (75, 3)
        );
        assert_eq!(Params::beam(true, Variant::Clickomania, r, n), (10, 3));
        // SameGame, retuned after the solver: a short simulation limit with a wide
        // beam in both budget classes, whatever the rollouts.
        assert_eq!(Params::beam(false, Variant::SameGame, t, short), (250, 100));
        assert_eq!(Params::beam(false, Variant::SameGame, r, short), (250, 100));
        assert_eq!(
            Params::beam(false, Variant::SameGame, r, 100_000),
            (500, 100)
        );
        assert_eq!(
            Params::beam(false, Variant::SameGame, t, 100_000),
            (500, 100)
        );
        assert_eq!(
            Params::beam(false, Variant::SameGameNoPenalty, t, 100_000),
            (500, 100)
        );
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
                Params::c(
                    1,
                    Variant::SameGame,
                    RolloutPolicy::Random,
                    RewardNorm::Thesis,
                    step
                )
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
