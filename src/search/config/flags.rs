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

use super::{AdaptConfig, Algo, InnerAlgo, NrpaConfig, SearchConfig, TreeSpec};
use crate::error::Error;

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

/// Whether `c` is a tree search and `set` holds of its spec.
fn tree(c: &SearchConfig, set: fn(&TreeSpec) -> bool) -> bool {
    c.tree().is_some_and(set)
}

/// Whether `c` holds NRPA parameters and `set` holds of them and the defaults.
fn nrpa_set(c: &SearchConfig, set: fn(&NrpaConfig, &NrpaConfig) -> bool) -> bool {
    c.nrpa().is_some_and(|p| set(p, &NrpaConfig::default()))
}

/// Whether `c` holds learned rollouts' settings and `set` holds of them and the
/// defaults.
fn adapt(c: &SearchConfig, set: fn(&AdaptConfig, &AdaptConfig) -> bool) -> bool {
    c.adapt().is_some_and(|a| set(a, &AdaptConfig::default()))
}

/// Every search flag, in the order the CLI checks the flags a user gives (the first
/// refused is named). `set`, where given: whether a configuration sets the field.
#[rustfmt::skip]
pub const FLAGS: &[Flag] = &[
    every("--algo"), every("--level"), every("--policy"), every("--search-threads"),
    every("--iterations"), every("--time"), every("--cpu-time"), every("--endgame"),
    every("--tt-mb"), every("--bandit-c"),
    only("--c", &[TREE], None),
    only("--z", &[TREE], None),
    only("--advance", &[TREE], None),
    // A tree search has one entry per level, `None` where it has no beam.
    only("--beam-l", &[TREE, BEAMS], Some(|c| tree(c, |t| t.beams.iter().any(Option::is_some)))),
    // Held with --beam-l in `beams` (checked as --beam-l).
    only("--beam-w", &[TREE, BEAMS], None),
    only("--beam-width", &[BEAM_SEARCH], None),
    only("--inner", &[TREE], None),
    only("--restarts", &[TREE], None),
    only("--solver", &[TREE], None),
    only("--bounds", &[TREE], None),
    only("--reuse", &[TREE], None),
    only("--reward-norm", &[TREE], None),
    only("--eval", &[EVAL], None),
    only("--eval-weights", &[EVAL], None),
    only("--im-alpha", &[TREE], None),
    only("--im-source", &[TREE], None),
    only("--pb", &[TREE], None),
    nrpa("--nrpa-iterations", Some(|c| nrpa_set(c, |p, d| p.iterations != d.iterations))),
    nrpa("--nrpa-alpha", Some(|c| nrpa_set(c, |p, d| p.alpha != d.alpha))),
    nrpa("--nrpa-bias", Some(|c| nrpa_set(c, |p, d| p.bias != d.bias))),
    nrpa("--nrpa-late-tiles", Some(|c| nrpa_set(c, |p, d| p.late.tiles != d.late.tiles))),
    nrpa("--nrpa-late-size", Some(|c| nrpa_set(c, |p, d| p.late.size != d.late.size))),
    nrpa("--nrpa-width", Some(|c| nrpa_set(c, |p, d| p.width != d.width))),
    // What nrpa's threads do: no inner NRPA reads it, and no field holds it.
    only("--nrpa-independent", &[NRPA], None),
    nrpa("--nrpa-prior", Some(|c| nrpa_set(c, |p, d| p.prior != d.prior))),
    nrpa("--nrpa-stable", Some(|c| nrpa_set(c, |p, d| p.stable != d.stable))),
    nrpa("--nrpa-beam", Some(|c| nrpa_set(c, |p, d| p.beam != d.beam))),
    nrpa("--nrpa-repeats", Some(|c| nrpa_set(c, |p, d| p.repeats != d.repeats))),
    nrpa("--nrpa-seed", Some(|c| nrpa_set(c, |p, d| p.seed != d.seed))),
    // Only nrpa's spec holds it; an inner NRPA, which always starts afresh, refuses
    // it in its own words (the CLI).
    nrpa("--nrpa-restart", None),
    only("--playout-beam", &[NMCS_PLAYOUTS], None),
    only("--adapt-alpha", &[ADAPT], Some(|c| adapt(c, |a, _| a.alpha.is_some()))),
    only("--adapt-every", &[ADAPT], Some(|c| adapt(c, |a, _| a.every.is_some()))),
    only("--adapt-scope", &[ADAPT], Some(|c| adapt(c, |a, d| a.scope != d.scope))),
    only("--adapt-tabu", &[ADAPT], Some(|c| adapt(c, |a, d| a.tabu != d.tabu))),
    only("--inner-algo", &[NESTED_TREES],
         Some(|c| tree(c, |t| !matches!(t.inner_algo, InnerAlgo::Mcts | InnerAlgo::Auto)))),
    only("--inner-level", &[NESTED_TREES], Some(|c| tree(c, |t| t.inner_level.is_some()))),
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
