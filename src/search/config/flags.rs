//! Which search flag belongs to which algorithm: the one table ([`FLAGS`]) of every
//! search flag, with the algorithms that take it and the message that refuses it to
//! the others, read by [`Algo::uses_flag`], by the CLI's check of the flags a user
//! gives (`cli::search_args`) and by the check of the fields a configuration sets
//! ([`SearchConfig::validate_flags`]).
//!
//! Owns: the table, its refusal messages and the part of
//! [`SearchConfig::validate`] that reads it. Must not: check values or combinations
//! of values (the rest of `search::config` does), hold defaults, or know the CLI's
//! types (the CLI maps its own fields to these names; a test there pins that its
//! flags and this table agree).

use super::{AdaptConfig, Algo, InnerAlgo, NrpaConfig, SearchConfig};
use crate::error::Error;
use crate::search::eval::{Eval, ImSource};

/// One search flag: its name, who takes it, and whether a configuration sets it.
pub struct Flag {
    /// The flag as typed, e.g. `--beam-l`.
    pub name: &'static str,
    /// The algorithms that take it: an algorithm outside a rule's users is refused
    /// with that rule's message, the rules tried in order (none: every algorithm
    /// takes it; its values are checked with the configuration).
    rules: &'static [Rule],
    /// An inner NRPA (`--inner-algo nrpa`, or the warm tree of `--inner-algo auto`)
    /// reads this flag's field too: on a tree search that may run one, whether it
    /// applies is decided with the configuration (`config::nrpa`), not by `rules`.
    pub inner_nrpa: bool,
    /// Whether a configuration sets this flag's field, for
    /// [`SearchConfig::validate_flags`]. `None` where that check reads no field:
    /// the flags every algorithm takes; `--advance`, `--solver`, `--bounds`,
    /// `--reuse` and `--reward-norm`, whose fields every default configuration
    /// holds; `--beam-w` (held with `--beam-l`); `--nrpa-independent` (no field);
    /// `--restarts` and `--nrpa-restart`, checked with their values
    /// (`config::beam`, `config::nrpa`: an inner NRPA refuses the latter too, in
    /// its own words).
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

/// A flag every algorithm takes.
const fn every(name: &'static str) -> Flag {
    Flag {
        name,
        rules: &[],
        inner_nrpa: false,
        set: None,
    }
}

/// A flag for the algorithms of `rules`; `set`: whether a configuration sets it.
const fn only(
    name: &'static str,
    rules: &'static [Rule],
    set: Option<fn(&SearchConfig) -> bool>,
) -> Flag {
    Flag {
        name,
        rules,
        inner_nrpa: false,
        set,
    }
}

/// An NRPA flag whose field an inner NRPA reads too.
const fn nrpa(name: &'static str, set: Option<fn(&SearchConfig) -> bool>) -> Flag {
    Flag {
        name,
        rules: &[NRPA],
        inner_nrpa: true,
        set,
    }
}

/// NRPA's parameters at their defaults, to tell which a configuration sets.
fn nrpa_default() -> NrpaConfig {
    NrpaConfig::default()
}

/// Every search flag, in the order the CLI checks the flags a user gives (the first
/// refused is named).
pub const FLAGS: &[Flag] = &[
    every("--algo"),
    every("--level"),
    every("--policy"),
    every("--search-threads"),
    every("--iterations"),
    every("--time"),
    every("--cpu-time"),
    every("--endgame"),
    every("--tt-mb"),
    every("--bandit-c"),
    only("--c", &[TREE], Some(|c| !c.c.is_empty())),
    only("--z", &[TREE], Some(|c| !c.z.is_empty())),
    only("--advance", &[TREE], None),
    // A tree search has one entry per level, `None` where it has no beam.
    only(
        "--beam-l",
        &[TREE, BEAMS],
        Some(|c| match c.algo.is_tree() {
            true => c.beam.iter().any(Option::is_some),
            false => !c.beam.is_empty(),
        }),
    ),
    // Held with --beam-l in `beam` (checked as --beam-l).
    only("--beam-w", &[TREE, BEAMS], None),
    only(
        "--beam-width",
        &[BEAM_SEARCH],
        Some(|c| c.beam_width.is_some()),
    ),
    only("--inner", &[TREE], Some(|c| c.inner.is_some())),
    only("--restarts", &[TREE], None),
    only("--solver", &[TREE], None),
    only("--bounds", &[TREE], None),
    only("--reuse", &[TREE], None),
    only("--reward-norm", &[TREE], None),
    only("--eval", &[EVAL], Some(|c| c.eval != Eval::None)),
    only(
        "--eval-weights",
        &[EVAL],
        Some(|c| c.eval_weights.is_some()),
    ),
    only("--im-alpha", &[TREE], Some(|c| !c.im_alpha.is_empty())),
    only(
        "--im-source",
        &[TREE],
        Some(|c| c.im_source != ImSource::Eval),
    ),
    only("--pb", &[TREE], Some(|c| !c.pb.is_empty())),
    nrpa(
        "--nrpa-iterations",
        Some(|c| c.nrpa.iterations != nrpa_default().iterations),
    ),
    nrpa(
        "--nrpa-alpha",
        Some(|c| c.nrpa.alpha != nrpa_default().alpha),
    ),
    nrpa("--nrpa-bias", Some(|c| c.nrpa.bias != nrpa_default().bias)),
    nrpa(
        "--nrpa-late-tiles",
        Some(|c| c.nrpa.late.tiles != nrpa_default().late.tiles),
    ),
    nrpa(
        "--nrpa-late-size",
        Some(|c| c.nrpa.late.size != nrpa_default().late.size),
    ),
    nrpa(
        "--nrpa-width",
        Some(|c| c.nrpa.width != nrpa_default().width),
    ),
    // What nrpa's threads do: no inner NRPA reads it, and no field holds it.
    only("--nrpa-independent", &[NRPA], None),
    nrpa(
        "--nrpa-prior",
        Some(|c| c.nrpa.prior != nrpa_default().prior),
    ),
    nrpa(
        "--nrpa-stable",
        Some(|c| c.nrpa.stable != nrpa_default().stable),
    ),
    nrpa("--nrpa-beam", Some(|c| c.nrpa.beam != nrpa_default().beam)),
    nrpa(
        "--nrpa-repeats",
        Some(|c| c.nrpa.repeats != nrpa_default().repeats),
    ),
    nrpa("--nrpa-seed", Some(|c| c.nrpa.seed != nrpa_default().seed)),
    nrpa("--nrpa-restart", None),
    only(
        "--playout-beam",
        &[NMCS_PLAYOUTS],
        Some(|c| !super::beam::is_off(&c.playout_beam)),
    ),
    only("--adapt-alpha", &[ADAPT], Some(|c| c.adapt.alpha.is_some())),
    only("--adapt-every", &[ADAPT], Some(|c| c.adapt.every.is_some())),
    only(
        "--adapt-scope",
        &[ADAPT],
        Some(|c| c.adapt.scope != AdaptConfig::default().scope),
    ),
    only(
        "--adapt-tabu",
        &[ADAPT],
        Some(|c| c.adapt.tabu != AdaptConfig::default().tabu),
    ),
    only(
        "--inner-algo",
        &[NESTED_TREES],
        Some(|c| !matches!(c.inner_algo, InnerAlgo::Mcts | InnerAlgo::Auto)),
    ),
    only(
        "--inner-level",
        &[NESTED_TREES],
        Some(|c| c.inner_level.is_some()),
    ),
];

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
                f.check(self.algo)?;
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
