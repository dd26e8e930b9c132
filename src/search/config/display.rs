//! The canonical one-line form of a [`SearchConfig`] (its `Display`): every
//! parameter the algorithm uses, in CLI-flag form, printed by `solve` and used as a
//! run's identity in journals and results files. There is one such line; it reads
//! back as the same configuration.
//!
//! Owns: that form. Must not: change a parameter's printed shape for configurations
//! written before (journals match runs by it); new parameters print only when set.

use std::fmt;

use super::{Algo, EvalSpec, InnerAlgo, NrpaRestart, SearchConfig, Setting, Spec, TreeSpec};
use crate::search::eval::{Eval, ImSource};

fn join<T>(v: &[T], f: impl Fn(&T) -> String) -> String {
    v.iter().map(f).collect::<Vec<_>>().join(",")
}

/// ` --eval-weights FILE` when weights were loaded (printed only then, so the
/// strings of earlier configurations stay as they were).
fn write_eval_weights(e: &EvalSpec, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    match &e.weights {
        Some(w) => write!(f, " --eval-weights {}", w.file),
        None => Ok(()),
    }
}

impl fmt::Display for SearchConfig {
    /// The canonical one-line description, in CLI-flag form: every parameter the
    /// algorithm uses, per-level lists from level 1 upward (`auto` =
    /// [`crate::search::Defaults`]); it reads back as the same configuration. Printed
    /// by `solve`, `batch` and `compare`'s reports (to be run again); runs' identity
    /// in journals (`batch`'s key; `compare`'s with schema 2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let algo = self.algo();
        write!(f, "{}", algo.name())?;
        if algo.is_nested() {
            write!(f, " --level {}", self.level)?;
        }
        if let Some(t) = self.tree() {
            t.write_line(f, self.level)?;
        }
        match &self.spec {
            Spec::Exact => return write!(f, " --tt-mb {}", self.tt_mb),
            Spec::Beam(b) => {
                // No rollouts, no endgames: width, ranking and the pool it was given.
                match b.width {
                    Some(w) => write!(f, " --beam-width {w}")?,
                    None => write!(f, " --beam-width auto")?,
                }
                // Printed only when set (older lines stay unchanged).
                if let Some(s) = b.start {
                    write!(f, " --beam-start {s}")?;
                }
                write!(f, " --eval {}", b.eval.eval)?;
                write_eval_weights(&b.eval, f)?;
                if self.trees != 0 {
                    write!(f, " --search-threads {}", self.trees)?;
                }
                return Ok(());
            }
            _ => {}
        }
        if let Some(&p) = self.nrpa().filter(|_| self.runs_nrpa()) {
            write!(
                f,
                " --nrpa-iterations {} --nrpa-alpha {} --nrpa-bias {}",
                p.iterations, p.alpha, p.bias
            )?;
            // Shown when on or not the default, so that the default line stays as
            // it was before the exception existed.
            if p.late.tiles > 0 || p.late != crate::search::config::Late::default() {
                write!(
                    f,
                    " --nrpa-late-tiles {} --nrpa-late-size {}",
                    p.late.tiles, p.late.size
                )?;
            }
            if p.width != 1 {
                write!(f, " --nrpa-width {}", p.width)?;
            }
            // The refinements, printed only when set (older lines stay unchanged): the
            // table's flags that set them (`config::flags`), in its order.
            for name in self.set_flags("--nrpa-") {
                let v = match name {
                    "--nrpa-prior" => p.prior.to_string(),
                    "--nrpa-stable" => p.stable.to_string(),
                    "--nrpa-beam" => p.beam.to_string(),
                    "--nrpa-repeats" => p.repeats.to_string(),
                    "--nrpa-seed" => p.seed.to_string(),
                    _ => continue,
                };
                write!(f, " {name} {v}")?;
            }
            if let Spec::Nrpa(n) = &self.spec {
                if n.restart != NrpaRestart::Fresh {
                    write!(f, " --nrpa-restart {}", n.restart)?;
                }
            }
        }
        // NMCS's beam playouts, printed only when on (older lines stay unchanged).
        if let Spec::Nmcs(n) = &self.spec {
            if !super::beam::is_off(&n.playout_beam) {
                write!(f, " --playout-beam {}", n.playout_beam)?;
            }
        }
        write!(f, " --policy {}", self.policy)?;
        if let Some(&a) = self.adapt().filter(|_| self.learns()) {
            write!(
                f,
                " --adapt-alpha {} --adapt-every {} --adapt-scope {} --adapt-tabu {}",
                a.alpha.map_or(Setting::Auto, Setting::Set),
                a.every.map_or(Setting::Auto, Setting::Set),
                self.adapt_scope(),
                a.tabu
            )?;
        }
        if let Some(b) = self.bandit_c {
            write!(f, " --bandit-c {b}")?;
        }
        if self.endgame > 0 {
            write!(f, " --endgame {} --tt-mb {}", self.endgame, self.tt_mb)?;
        }
        // Printed only when set, so older canonical strings stay unchanged.
        // Always shown for mcts (whose default is auto), so that its one-tree strings
        // from before differ from the auto ones.
        // NRPA's several searches are independent ones only with --nrpa-independent
        // (else the threads run one search of --nrpa-width): said, so the line reads
        // back as the same configuration.
        match self.trees {
            0 => write!(f, " --search-threads auto")?,
            1 if algo != Algo::Mcts => {}
            n if algo == Algo::Nrpa => write!(f, " --search-threads {n} --nrpa-independent")?,
            n => write!(f, " --search-threads {n}")?,
        }
        Ok(())
    }
}

impl TreeSpec {
    /// The tree search's part of the canonical line, at `level` levels.
    fn write_line(&self, f: &mut fmt::Formatter<'_>, level: u32) -> fmt::Result {
        write!(f, " --c {}", join(&self.c, |c| c.to_string()))?;
        if self.algo.has_beam() {
            let l = join(&self.beams, |b| {
                b.map_or("none".into(), |b| b.l.to_string())
            });
            let w = join(&self.beams, |b| {
                b.map_or("none".into(), |b| b.w.to_string())
            });
            write!(f, " --beam-l {l} --beam-w {w}")?;
        }
        write!(f, " --z {}", join(&self.z, |z| z.to_string()))?;
        write!(f, " --advance {}", self.advance)?;
        if level > 1 {
            match &self.inner_playouts {
                Some(v) => write!(f, " --inner {}", join(v, |x| x.to_string()))?,
                None => write!(f, " --inner auto")?,
            }
        }
        match self.inner_algo {
            // The thesis' nesting.
            InnerAlgo::Mcts if level > 1 => write!(f, " --inner-algo mcts")?,
            InnerAlgo::Mcts => {}
            // nmcts's and nbmcts's default (the warm tree on large boards), written
            // out so that its journal keys differ from the thesis nesting's.
            InnerAlgo::Auto => {
                if level > 1 {
                    write!(f, " --inner-algo auto")?;
                    if let Some(k) = self.inner_level {
                        write!(f, " --inner-level {k}")?;
                    }
                }
            }
            _ => write!(
                f,
                " --inner-algo {} --inner-level {}",
                self.inner_algo,
                self.inner_level_or_default()
            )?,
        }
        write!(f, " --restarts {}", self.restarts)?;
        let on = |b: bool| if b { "on" } else { "off" };
        write!(
            f,
            " --solver {} --reuse {} --reward-norm {}",
            on(self.solver),
            on(self.reuse),
            self.reward_norm
        )?;
        // Printed only when set, so older canonical strings stay unchanged.
        if self.solver && !self.bounds {
            write!(f, " --bounds off")?;
        }
        if self.eval.eval != Eval::None {
            write!(f, " --eval {}", self.eval.eval)?;
        }
        write_eval_weights(&self.eval, f)?;
        if !self.im_alpha.is_empty() {
            write!(f, " --im-alpha {}", join(&self.im_alpha, |a| a.to_string()))?;
        }
        if self.im_source != ImSource::Eval {
            write!(f, " --im-source {}", self.im_source)?;
        }
        if !self.pb.is_empty() {
            write!(f, " --pb {}", join(&self.pb, |w| w.to_string()))?;
        }
        Ok(())
    }
}
