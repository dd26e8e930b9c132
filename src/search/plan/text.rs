//! The text of a resolved search ([`Resolved`]'s `Display`): every value a search
//! runs with, written field by field under fixed names. `solve` prints it (`runs:`),
//! and `compare`'s journal keys hold its fingerprint, so a changed default shows in
//! both.
//!
//! Owns: that text. It is written out here by hand, not derived, so that renaming a
//! field of the plan types changes neither the keys nor what users read; a change
//! of a search's values changes it. Must not: compute or look up values (the plan
//! holds them), or leave a field of the plan out.

use std::fmt;

use super::{AdaptPlan, BeamPlan, InnerSearch, LevelParams, Resolved, TabuRule, TreePlan};

fn on(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

impl fmt::Display for Resolved {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "policy {}; trees {}; bandit-c {}; nrpa-iterations {}; endgame {}; tt-mb {}",
            self.policy, self.trees, self.bandit_c, self.nrpa_iterations, self.endgame, self.tt_mb
        )?;
        match &self.plan {
            Some(p) => write!(f, "; tree {p}")?,
            None => f.write_str("; tree none")?,
        }
        match &self.beam {
            Some(b) => write!(f, "; beam {b}")?,
            None => f.write_str("; beam none")?,
        }
        match &self.adapt {
            Some(a) => write!(f, "; adapt {a}"),
            None => f.write_str("; adapt none"),
        }
    }
}

impl fmt::Display for TreePlan {
    /// Levels from 1 upward, then the settings of the whole tree.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, level) in self.levels.iter().enumerate() {
            if i > 0 {
                f.write_str(" | ")?;
            }
            write!(f, "level {}: {level}", i + 1)?;
        }
        write!(
            f,
            "] level-1-search-playouts {} advance {} restarts {} solver {} bounds {} reuse {} \
             reward-norm {} eval {} im-source {} leaves {}",
            self.level1_search_playouts,
            self.advance,
            self.restarts,
            on(self.solver),
            on(self.bounds),
            on(self.reuse),
            self.norm,
            self.eval,
            self.im_source,
            self.inner
        )
    }
}

impl fmt::Display for LevelParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "c {} beam ", self.c)?;
        match self.beam {
            Some((l, w)) => write!(f, "{l}x{w}")?,
            None => f.write_str("none")?,
        }
        write!(f, " z {} inner ", self.z)?;
        // The top level is started by no level above: its `inner` is unbounded.
        match self.inner {
            u64::MAX => f.write_str("all")?,
            n => write!(f, "{n}")?,
        }
        write!(f, " im-alpha {} pb {}", self.im_alpha, self.pb)
    }
}

impl fmt::Display for InnerSearch {
    /// What runs from a leaf of the level-2 tree.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            InnerSearch::Mcts => f.write_str("mcts"),
            InnerSearch::Nmcs(k) => write!(f, "(nmcs level {k})"),
            InnerSearch::Nrpa {
                level,
                cfg: c,
                iterations,
                policy,
            } => write!(
                f,
                "(nrpa level {level} iterations {iterations} alpha {} bias {} late-tiles {} \
                 late-size {} width {} prior {} stable {} beam {} repeats {} seed {} policy {policy})",
                c.alpha,
                c.bias,
                c.late.tiles,
                c.late.size,
                c.width,
                c.prior,
                c.stable,
                c.beam,
                c.repeats,
                c.seed
            ),
        }
    }
}

impl fmt::Display for BeamPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "widths {} to {} eval {}",
            self.start, self.cap, self.eval
        )
    }
}

impl fmt::Display for AdaptPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tabu = match self.tabu {
            TabuRule::Most => "most",
            TabuRule::Bandit => "bandit",
            TabuRule::None => "none",
        };
        write!(
            f,
            "alpha {} every {} scope {} tabu {tabu} levels {}",
            self.alpha, self.every, self.scope, self.levels
        )
    }
}
