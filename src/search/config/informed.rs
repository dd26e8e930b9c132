//! The evaluation's and informed selection's part of a configuration's checks
//! (`--eval`, `--eval-weights`, `--im-alpha`, `--im-source`, `--pb`): the weights'
//! shape and the combinations that need an evaluation (which algorithms take them
//! is the table of flags, `config::flags`).
//!
//! Owns: `EvalSpec::validate` and `TreeSpec::validate_informed`. Must not: hold defaults or evaluate
//! positions.

use super::{EvalSpec, TreeSpec};
use crate::error::Error;
use crate::search::eval::{Eval, ImSource};

impl EvalSpec {
    /// `--eval-weights` needs `--eval learned`, and finite weights.
    pub(super) fn validate(&self) -> Result<(), Error> {
        refuse_if!(
            self.weights.is_some() && self.eval != Eval::Learned,
            "--eval-weights needs --eval learned (the evaluation it weighs), not --eval {}",
            self.eval
        );
        if let Some(w) = &self.weights {
            let bad = w.weights.0.iter().find(|x| !x.is_finite());
            let file = &w.file;
            refuse_if!(let Some(x) = bad, "--eval-weights {file}: weights must be finite numbers, got {x}");
        }
        Ok(())
    }
}

impl TreeSpec {
    /// Checks the values of `--eval`, `--eval-weights`, `--im-alpha`, `--im-source`
    /// and `--pb` (tree searches only, `--eval` and `--eval-weights` also beam:
    /// refused elsewhere by the table of flags).
    pub(super) fn validate_informed(&self, level: u32) -> Result<(), Error> {
        let n = level as usize;
        for (flag, v, hi, range) in [
            ("--im-alpha", &self.im_alpha, 1.0, "a number in [0, 1]"),
            ("--pb", &self.pb, f64::MAX, "a finite number ≥ 0"),
        ] {
            refuse_if!(
                !v.is_empty() && v.len() != n,
                "{flag} needs {n} value(s) (one per level), got {}",
                v.len()
            );
            let bad = v
                .iter()
                .find(|x| !(x.is_finite() && **x >= 0.0 && **x <= hi));
            refuse_if!(let Some(x) = bad, "{flag} must be {range}, got {x}");
        }
        let im = self.im_alpha.iter().any(|&a| a != 0.0);
        if self.eval.eval == Eval::None {
            refuse_if!(
                im && self.im_source == ImSource::Eval,
                "--im-alpha with --im-source eval needs --eval potential, colors or learned"
            );
            refuse_if!(
                self.pb.iter().any(|&w| w != 0.0),
                "--pb needs --eval potential, colors or learned"
            );
        }
        // A tree search evaluates positions only for these two: an --eval (or an
        // --im-source) with neither given would be printed, keyed, and never used.
        // (A weight of 0 given is an "off" point of a sweep, bit-identical to the
        // plain search, and stays accepted.)
        let im_eval = !self.im_alpha.is_empty() && self.im_source == ImSource::Eval;
        refuse_if!(self.eval.eval != Eval::None && self.pb.is_empty() && !im_eval, "--eval {} is only used by a tree search with --pb or with --im-alpha (--im-source eval); give one, or leave --eval out",
                self.eval.eval);
        refuse_if!(
            self.im_source != ImSource::Eval && self.im_alpha.is_empty(),
            "--im-source is only used with --im-alpha"
        );
        Ok(())
    }
}
