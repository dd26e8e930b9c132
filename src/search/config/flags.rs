//! The one table of the search flags ([`search_flags!`]): for each flag, its field
//! and type, its `--help` text, section and value syntax, the algorithms that take it
//! with the message that refuses it to the others, and which field of a
//! configuration it sets. Expanded here into [`FLAGS`] (read by [`Algo::uses_flag`],
//! by the CLI's check of the flags a user gives and by the check of the fields a
//! configuration sets, [`SearchConfig::validate_flags`]) and by `cli::search_args`
//! into its clap struct, so a new flag is one entry.
//!
//! Owns: the table, its refusal messages and the part of
//! [`SearchConfig::validate`] that reads it. Must not: check values or combinations
//! of values (the rest of `search::config` does), hold defaults, or use the CLI's
//! items: the clap attributes and value parsers (`threads_arg`, `on_off`, `auto_or`)
//! in the table are tokens that only `cli::search_args` expands and resolves.

use super::{Algo, InnerAlgo, SearchConfig, TreeSpec};
use crate::error::Error;

/// One search flag: its name, who takes it, and whether a configuration sets it.
pub struct Flag {
    /// The flag as typed, e.g. `--beam-l` (from the table's field `beam_l`, as clap
    /// derives it).
    pub name: &'static str,
    /// The algorithms that take it: an algorithm outside a rule's users is refused
    /// with that rule's message, the rules tried in order (none: every algorithm
    /// takes it; its values are checked with the configuration).
    rules: &'static [Rule],
    /// An inner NRPA (`--inner-algo nrpa`, or the warm tree of `--inner-algo auto`)
    /// reads this flag's field too: on a tree search that may run one, whether it
    /// applies is decided with the configuration (`config::nrpa`), not by `rules`.
    pub inner_nrpa: bool,
    /// Whether a configuration sets this flag's field where its algorithm's spec
    /// holds the field but the algorithm may not take it, for
    /// [`SearchConfig::validate_flags`]: a tree search's beams (mcts, nmcts) and
    /// inner search (mcts, bmcts), an inner NRPA's parameters where none runs, the
    /// learned rollouts' settings without them. `None` elsewhere: a field exists
    /// only in the specs of the algorithms that take it.
    set: Option<fn(&SearchConfig) -> bool>,
}

/// Who takes a flag, and the refusal the others get: `{flag}` and `{algo}` stand
/// for the flag and the algorithm refused.
struct Rule {
    users: fn(Algo) -> bool,
    refusal: &'static str,
}

const TREE: Rule = Rule {
    users: Algo::is_tree,
    refusal: "{flag} is not used by {algo} (it builds no tree)",
};
const BEAMS: Rule = Rule {
    users: Algo::has_beam,
    refusal: "--beam-l/--beam-w are only used by bmcts and nbmcts, not {algo}",
};
const BEAM_SEARCH: Rule = Rule {
    users: |a| a == Algo::Beam,
    refusal: "{flag} is only used by beam, not {algo} (BMCTS's width is --beam-w)",
};
const EVAL: Rule = Rule {
    users: |a| a.is_tree() || a == Algo::Beam,
    refusal: "{flag} is not used by {algo} (only by the tree searches and beam)",
};
const NESTED_TREES: Rule = Rule {
    users: |a| matches!(a, Algo::Nmcts | Algo::Nbmcts),
    refusal: "{flag} is only used by nmcts and nbmcts (at level 2 or more), not {algo}",
};
const NRPA: Rule = Rule {
    users: |a| a == Algo::Nrpa,
    refusal: "{flag} is only used by nrpa, not {algo}",
};
const NMCS_PLAYOUTS: Rule = Rule {
    users: |a| a == Algo::Nmcs,
    refusal: "{flag} is only used by nmcs (its level-0 playouts), not {algo}",
};
const ADAPT: Rule = Rule {
    users: |a| a.is_tree() || a == Algo::Nmcs,
    refusal: "{flag} is only used by the tree searches and nmcs (with --policy adapt), not {algo}",
};

/// Whether `c` is a tree search and `set` holds of its spec.
fn tree(c: &SearchConfig, set: fn(&TreeSpec) -> bool) -> bool {
    c.tree().is_some_and(set)
}

/// Whether `part` (NRPA's parameters, the learned rollouts' settings) is held and its
/// `field` differs from the part's default.
fn changed<T: Default, F: PartialEq>(part: Option<&T>, field: fn(&T) -> &F) -> bool {
    part.is_some_and(|p| field(p) != field(&T::default()))
}

/// `--beam-l` for the field `beam_l`: the bytes of a flag's name.
const fn dashed<const N: usize>(field: &str) -> [u8; N] {
    let mut out = [b'-'; N];
    let mut i = 0;
    while i < field.len() {
        if field.as_bytes()[i] != b'_' {
            out[i + 2] = field.as_bytes()[i];
        }
        i += 1;
    }
    out
}

/// `Some` of the expression given, `None` without one.
macro_rules! opt {
    () => {
        None
    };
    ($e:expr) => {
        Some($e)
    };
}

/// The mark of an entry whose field an inner NRPA reads too ([`Flag::inner_nrpa`]).
const INNER_NRPA: bool = true;

/// The table of search flags, one entry per flag in the order the CLI checks the
/// flags a user gives (the first refused is named), under its `--help` section:
///
/// ```text
/// /// --help text
/// #[arg(...)]            clap attributes beyond `long` and the section (optional)
/// field: Type => [RULES] INNER_NRPA, set part.field;
/// ```
///
/// `RULES`: who takes it ([`Rule`]; none = every algorithm); `INNER_NRPA`: see
/// [`Flag::inner_nrpa`]; `set part.field` (a field of `SearchConfig::part()` that
/// is set when it differs from the part's default) or `set_if |c| …`: whether a
/// configuration sets it ([`Flag::is_set`]). `$then!` gets the whole table.
#[rustfmt::skip]
macro_rules! search_flags { ($then:ident) => { $then! {
    "Search" {
        /// Algorithm: mcts, nmcs, nmcts, bmcts, nbmcts, exact, nrpa or beam. Default
        /// nrpa (level 3): stronger than level-2 NMCS at equal time on every variant and
        /// on validation positions never used for tuning (docs/experiments.md, "The
        /// default algorithm").
        algo: Option<String> => [];
        /// Nesting level (nmcs, nmcts, nbmcts: default 2; nrpa: default 3). mcts and bmcts
        /// are level 1.
        level: Option<u32> => [];
        /// Rollout policy: random, tabu, tabu-bandit, adapt, or auto (the default: tabu
        /// for SameGame, random for Clickomania and Bubble Breaker; for mcts, adapt on
        /// SameGame boards of at least 144 tiles; for nrpa, tabu only on boards of at
        /// least 144 tiles and 4 colours). adapt (tree searches and nmcs): learned
        /// rollouts, a softmax over NRPA's move codes adapted toward the best game
        /// found (--adapt-*).
        policy: Option<RolloutPolicy> => [];
        /// Root parallelisation: N independent searches with their own seeds share the
        /// budget (--iterations is the total); tree searches pool their root statistics
        /// at each move-by-move decision. Not with exact. `solve` also calls it --threads.
        /// For nrpa, one search of --nrpa-width N (default; see --nrpa-independent).
        /// For beam, the threads of the pool `solve` runs its one search on (default
        /// auto: all cores); its results do not depend on it.
        /// `auto` (the default of mcts): 2 for MCTS in SameGame and Bubble Breaker with
        /// an iteration budget, else 1 (docs/search.md, "Root parallelisation").
        #[arg(value_parser = threads_arg)]
        search_threads: Option<u32> => [];
        /// Budget: level-0 playouts for the whole search.
        #[arg(conflicts_with = "time")]
        iterations: Option<u64> => [];
        /// Budget: wall-clock seconds per search.
        #[arg(conflicts_with = "cpu_time")]
        time: Option<f64> => [];
        /// Budget: CPU seconds of each of the search's threads, whatever the machine's
        /// load (a run at low priority beside a build, or on a shared node, gets the
        /// compute it asked for; on an idle machine the same search as --time).
        #[arg(value_name = "S", conflicts_with = "iterations")]
        cpu_time: Option<f64> => [];
    }
    "Tree searches (mcts, bmcts, nmcts, nbmcts)" {
        /// UCB1-TUNED exploration factor per level, from level 1 (e.g. 0.0002,0);
        /// `auto` = per-variant default at level 1; higher levels default to 0.
        #[arg(allow_hyphen_values = true)]
        c: Option<String> => [TREE];
        /// Move-by-move search per level: spread the level's budget over the first z
        /// moves (0 = global search; `auto` = the tuned z for the variant and budget
        /// class, docs/search.md). Default: auto for mcts, 0 at every level elsewhere.
        z: Option<String> => [TREE];
        /// How move-by-move search advances: visits (most-sampled move) or best (next move
        /// of the best solution).
        advance: Option<String> => [TREE];
        /// BMCTS simulation limit L per level (bmcts, nbmcts); `auto` or `none`.
        // A tree search has one entry per level, `None` where it has no beam.
        beam_l: Option<String> => [TREE, BEAMS],
            set_if |c| tree(c, |t| t.beams.iter().any(Option::is_some));
        /// BMCTS beam width W per level (bmcts, nbmcts); `auto` or `none`.
        // Held with --beam-l in `beams` (checked as --beam-l).
        beam_w: Option<String> => [TREE, BEAMS];
        /// Playouts of each lower-level search, levels 1 .. level−1 (nmcts, nbmcts);
        /// default `auto`.
        inner: Option<String> => [TREE];
        /// The search run from each leaf of the level-2 tree (nmcts, nbmcts at level ≥ 2):
        /// auto (the default: the warm tree, NRPA on boards of 144+ tiles, nbmcts's with a
        /// level-2 beam unless beams are given; else mcts), mcts (the thesis' nesting),
        /// nmcs or nrpa (--nrpa-* apply), with the budget of --inner.
        inner_algo: Option<String> => [NESTED_TREES],
            set_if |c| tree(c, |t| !matches!(t.inner_algo, InnerAlgo::Mcts | InnerAlgo::Auto));
        /// Level of --inner-algo nmcs or nrpa (default 1; the warm tree's 2).
        #[arg(value_name = "K")]
        inner_level: Option<u32> => [NESTED_TREES],
            set_if |c| tree(c, |t| t.inner_level.is_some());
        /// Independent restarts of the top-level search sharing the budget (tree searches).
        restarts: Option<u64> => [TREE];
        /// One-player MCTS-Solver (tree searches): solved subtrees are never entered
        /// again and a solved root stops its search. `off` restores the old behaviour.
        #[arg(value_parser = on_off)]
        solver: Option<bool> => [TREE];
        /// Score-bounded solver (tree searches, with --solver on): a node whose upper
        /// bound (running score plus every colour removed as one group, plus the
        /// clearing bonus when possible) cannot beat the best game found is closed
        /// without a playout. `off` gives the plain MCTS-Solver.
        #[arg(value_parser = on_off)]
        bounds: Option<bool> => [TREE];
        /// Move-by-move search keeps the committed move's subtree (tree searches).
        #[arg(value_parser = on_off)]
        reuse: Option<bool> => [TREE];
        /// Reward scaling in selection (tree searches): thesis (the thesis' fixed
        /// normalisation) or range (by the range of scores seen in the level's search).
        reward_norm: Option<RewardNorm> => [TREE];
        /// Weight α of the implicit value per level, from level 1 (tree searches):
        /// selection ranks children by (1 − α)·mean + α·v; 0 = off.
        im_alpha: Option<String> => [TREE];
        /// The implicit value: eval (max backup of --eval) or best (best simulation).
        im_source: Option<String> => [TREE];
        /// Progressive bias W per level (tree searches): W·h/(n+1) added in selection,
        /// h the child's normalised --eval; 0 = off.
        pb: Option<String> => [TREE];
    }
    "Evaluation (tree searches and beam)" {
        /// Heuristic evaluation for --im-alpha and --pb (tree searches), or the ranking
        /// of the beam (default learned; none ranks by the score so far): none,
        /// potential, colors or learned (weights learned from play, shipped in
        /// weights/beam-eval.toml; docs/search.md).
        eval: Option<String> => [EVAL];
        /// The weights of --eval learned, from this TOML file instead of the shipped
        /// weights/beam-eval.toml (tree searches and beam).
        #[arg(value_name = "FILE")]
        eval_weights: Option<PathBuf> => [EVAL];
    }
    "Exact solving (exact, --endgame)" {
        /// Solve positions with at most N tiles left exactly (0 = off); tree searches and
        /// nmcs (not exact, nrpa or beam).
        endgame: Option<u32> => [];
        /// Transposition table of exact and of the endgame solver, in MB.
        tt_mb: Option<u64> => [];
    }
    "NRPA (nrpa, and the inner NRPA of nmcts and nbmcts)" {
        /// NRPA: lower-level searches per search at every level ≥ 1 (N), or `auto`
        /// (default: 100 on boards of at least 144 tiles, 20 on smaller ones).
        #[arg(value_parser = auto_or::<u64>)]
        nrpa_iterations: Option<Setting<u64>> => [NRPA] INNER_NRPA, set nrpa.iterations;
        /// NRPA: learning rate α of the policy adaptation (default 1).
        nrpa_alpha: Option<f64> => [NRPA] INNER_NRPA, set nrpa.alpha;
        /// GNRPA bias β: β · (group size − 2) added to every move's weight (default 0).
        #[arg(allow_hyphen_values = true)]
        nrpa_bias: Option<f64> => [NRPA] INNER_NRPA, set nrpa.bias;
        /// NRPA selective policy, late-game exception: once at most T tiles are left,
        /// tabu-colour groups of at most --nrpa-late-size tiles are candidates too
        /// (default 0 = never).
        #[arg(value_name = "T")]
        nrpa_late_tiles: Option<u16> => [NRPA] INNER_NRPA, set nrpa.late.tiles;
        /// NRPA: largest tabu-colour group the late-game exception lets in (default 2).
        #[arg(value_name = "S")]
        nrpa_late_size: Option<u16> => [NRPA] INNER_NRPA, set nrpa.late.size;
        /// Parallel NRPA: lower-level searches the top level runs side by side from the
        /// same policy, each with its own seed (docs/search.md, "Parallel NRPA"). The
        /// result depends on it, never on the thread count. Default: the thread count
        /// (`solve --threads`, --search-threads), else 1 (sequential NRPA).
        #[arg(value_name = "K")]
        nrpa_width: Option<u32> => [NRPA] INNER_NRPA, set nrpa.width;
        /// NRPA with --threads N (--search-threads N): N independent searches sharing the
        /// budget, the best kept (root parallelisation, as before parallel NRPA), instead
        /// of one search of width N.
        // What nrpa's threads do: no inner NRPA reads it, and no field holds it.
        nrpa_independent: bool => [NRPA];
        /// GNRPA prior: the heuristic --nrpa-bias β multiplies: size (group size − 2,
        /// the default) or tabu (−1 for the tabu colour's groups: a soft penalty instead of
        /// the selective policy's exclusion; needs --policy random and β ≠ 0).
        nrpa_prior: Option<Prior> => [NRPA] INNER_NRPA, set nrpa.prior;
        /// Stabilized NRPA: level 1 plays P playouts under its policy before each
        /// adaptation (default 1 = plain NRPA).
        #[arg(value_name = "P")]
        nrpa_stable: Option<u32> => [NRPA] INNER_NRPA, set nrpa.stable;
        /// NRPA: what each top-level run after the first starts from: fresh (the empty
        /// policy, the default) or best (the empty policy with the best line found so
        /// far as its best sequence: an "improve" restart; nrpa only).
        #[arg(value_name = "RULE")]
        // Only nrpa's spec holds it; an inner NRPA, which always starts afresh, refuses
        // it in its own words (the CLI).
        nrpa_restart: Option<NrpaRestart> => [NRPA] INNER_NRPA;
        /// Beam NRPA: every level keeps its B best sequences, each with its own policy
        /// (default 1 = plain NRPA; at most 16).
        #[arg(value_name = "B")]
        nrpa_beam: Option<u32> => [NRPA] INNER_NRPA, set nrpa.beam;
        /// Limited repetitions: a level ends once its lower levels have returned its best
        /// sequence again R times, and its parent starts a fresh one (default 0 = never).
        #[arg(value_name = "R")]
        nrpa_repeats: Option<u32> => [NRPA] INNER_NRPA, set nrpa.repeats;
        /// Seeded NRPA: a beam search over positions of width W (--algo beam's
        /// evaluation) runs first, within the budget, and its best line starts the top
        /// level as its best sequence (default 0 = no seed).
        #[arg(value_name = "W")]
        nrpa_seed: Option<u32> => [NRPA] INNER_NRPA, set nrpa.seed;
    }
    "NMCS (nmcs)" {
        /// NMCS (nmcs, any level): every level-0 playout is a pass of the beam search
        /// over positions of width W (--algo beam's default evaluation) from its position,
        /// its best game the playout's; it costs its evaluated positions (default 0 =
        /// off: rollouts of --policy).
        #[arg(value_name = "W")]
        playout_beam: Option<u32> => [NMCS_PLAYOUTS];
    }
    "Beam search (beam)" {
        /// Beam search (beam): the widest pass, or `auto` (2^20); passes of width 1, 2,
        /// 4, … run until the budget ends or a pass at this width is done.
        #[arg(value_parser = auto_or::<u64>)]
        beam_width: Option<Setting<u64>> => [BEAM_SEARCH];
        /// Beam search (beam): the first pass's width (default 1); the passes double
        /// from it up to --beam-width. `--beam-start W --beam-width W` runs the one pass
        /// of width W (a record run, without the narrower passes before it).
        #[arg(value_name = "W")]
        beam_start: Option<u64> => [BEAM_SEARCH];
    }
    "Rollout policies (--policy tabu-bandit, adapt)" {
        /// Exploration factor of the UCB1-TUNED bandit choosing the tabu colour (only
        /// with --policy tabu-bandit; default: tuned by the bandit's lifetime, 0.001 for
        /// a level-1 search of at most 31,623 playouts, else 1).
        bandit_c: Option<f64> => [];
        /// Learned rollouts (--policy adapt): step α of each adaptation toward the best
        /// game (auto: 0.1, with --adapt-every 10; the warm tree's 1 and 1).
        #[arg(value_parser = auto_or::<f64>)]
        adapt_alpha: Option<Setting<f64>> => [ADAPT], set adapt.alpha;
        /// Learned rollouts: adapt after every K-th rollout; 0 = once each time the best
        /// game improves (auto: 10; the warm tree's 1).
        #[arg(value_name = "K", value_parser = auto_or::<u64>)]
        adapt_every: Option<Setting<u64>> => [ADAPT], set adapt.every;
        /// Learned rollouts: where the policy lives: search (one per search, following
        /// its best game) or level (one per level search, started from its parent's, as
        /// NRPA nests them; level ≥ 2). Default auto: level for nmcts over level-1
        /// mcts (--inner-algo mcts), search elsewhere.
        adapt_scope: Option<String> => [ADAPT], set adapt.scope;
        /// Learned rollouts: the tabu colour of each rollout: auto (as nrpa's --policy
        /// auto), most (most tiles), bandit (the tabu-colour bandit) or none.
        adapt_tabu: Option<String> => [ADAPT], set adapt.tabu;
    }
} } }
pub(crate) use search_flags;

/// [`FLAGS`] from the table: the name, rules and field of each entry.
macro_rules! flag_table {
    ($($heading:literal { $(
        $(#[$m:meta])* $field:ident: $ty:ty => [$($rule:ident),*] $($inner:ident)?
        $(, set $part:ident $(.$f:ident)+)? $(, set_if $set:expr)?;
    )* })*) => {
        /// Every search flag, in the table's order (`search_flags!`).
        pub const FLAGS: &[Flag] = &[$($(Flag {
            name: {
                const FIELD: &str = stringify!($field);
                const NAME: [u8; FIELD.len() + 2] = dashed(FIELD);
                match std::str::from_utf8(&NAME) {
                    Ok(name) => name,
                    Err(_) => panic!("a field name is ASCII"),
                }
            },
            rules: &[$($rule),*],
            inner_nrpa: false $(|| $inner)?,
            set: opt!($(|c| changed(c.$part(), |p| &p$(.$f)+))? $($set)?),
        },)*)*];
    };
}
search_flags!(flag_table);

impl Flag {
    /// The table's entry for `name` (`None` for a name that is no search flag).
    pub fn named(name: &str) -> Option<&'static Flag> {
        FLAGS.iter().find(|f| f.name == name)
    }

    /// Whether `algo` takes this flag; the refusal names the flag.
    pub fn check(&self, algo: Algo) -> Result<(), Error> {
        match self.rules.iter().find(|r| !(r.users)(algo)) {
            None => Ok(()),
            Some(r) => Err(Error::Config(
                r.refusal
                    .replace("{flag}", self.name)
                    .replace("{algo}", algo.name()),
            )),
        }
    }

    /// True when every algorithm takes this flag.
    pub fn for_every_algo(&self) -> bool {
        self.rules.is_empty()
    }

    /// Whether `c` sets this flag's field (false for the flags whose field
    /// `SearchConfig::validate_flags` reads none: see the field `set`).
    pub fn is_set(&self, c: &SearchConfig) -> bool {
        self.set.is_some_and(|set| set(c))
    }
}

impl Algo {
    /// Whether this algorithm takes `flag`, by the table [`FLAGS`]; the error names
    /// the flag. Used for the flags a user gives (`cli`) and the fields a
    /// configuration sets ([`SearchConfig::validate`]).
    pub fn uses_flag(self, flag: &str) -> Result<(), Error> {
        match Flag::named(flag) {
            Some(f) => f.check(self),
            None => {
                debug_assert!(false, "{flag} is not in the table of search flags");
                Ok(())
            }
        }
    }
}

impl SearchConfig {
    /// Refuses every field of the flags `which` picks that this configuration sets
    /// and its algorithm does not take, in the table's order. `validate` checks the
    /// fields an inner NRPA reads ([`Flag::inner_nrpa`]) with NRPA's, in
    /// `config::nrpa`, where it is known whether one runs; the others first.
    pub(super) fn validate_flags(&self, which: fn(&Flag) -> bool) -> Result<(), Error> {
        for f in FLAGS.iter().filter(|f| which(f)) {
            if f.is_set(self) {
                f.check(self.algo())?;
            }
        }
        Ok(())
    }

    /// The flags of `family` (a name's start, e.g. `--adapt-`) whose fields this
    /// configuration sets, in the table's order.
    pub(super) fn set_flags<'a>(
        &'a self,
        family: &'a str,
    ) -> impl Iterator<Item = &'static str> + 'a {
        FLAGS
            .iter()
            .filter(move |f| f.name.starts_with(family) && f.is_set(self))
            .map(|f| f.name)
    }
}

#[cfg(test)]
#[path = "flags_tests.rs"]
mod tests;
