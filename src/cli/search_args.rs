//! Search settings shared by `solve`, `batch` and `compare` (flattened clap args),
//! turned into a validated [`SearchConfig`] and [`Budget`].
//!
//! The flags themselves, their `--help` text and which algorithm takes each, are the
//! table `search::search_flags!`, expanded here into [`SearchArgs`] (`given.rs`).
//! This module only parses: a flag left out takes its default from
//! [`SearchConfig::new`] and [`Defaults`] (`search::defaults`), and every value is
//! checked by [`SearchConfig::validate`].
//!
//! Per-level lists (`--c`, `--z`, `--beam-l`, `--beam-w`, `--inner`) are
//! comma-separated, from level 1 upward. Missing upper levels take their defaults
//! (C = 0, z = 0, no beam); `auto` stands for the [`crate::search::Defaults`] default
//! of the board's variant; `none` switches a level's beam off.

use std::path::{Path, PathBuf};

use crate::error::Error;
use crate::limits::MAX_ITERATIONS;
use crate::policy::adaptive::Prior;
use crate::policy::RolloutPolicy;
use crate::search::{
    Advance, Algo, Beam, Budget, Defaults, EvalWeights, InnerAlgo, NrpaConfig, NrpaRestart,
    RewardNorm, SearchConfig, Setting, Spec, TreeSpec, Valid,
};

mod given;
mod parse;
use given::search_args;
pub(crate) use parse::threads_arg;
use parse::{auto_or, check_len, on_off, parse_list, per_level_weights, Item};

crate::search::search_flags!(search_args);

impl SearchArgs {
    /// The validated configuration: [`SearchConfig::new`] for the algorithm and
    /// level, with every flag given set on it.
    pub fn config(&self) -> Result<Valid, Error> {
        let algo: Algo = match &self.algo {
            Some(a) => a.parse()?,
            None => Defaults::ALGO,
        };
        let level = self.level.unwrap_or(Defaults::level(algo));
        algo.check_level(level)?;
        let mut c = SearchConfig::new(algo, level);
        let inner_algo: Option<InnerAlgo> =
            self.inner_algo.as_deref().map(str::parse).transpose()?;
        if let Some(t) = c.tree_mut() {
            t.inner_algo = inner_algo.unwrap_or(t.inner_algo);
            t.inner_level = self.inner_level;
        }
        // A flag whose field an inner NRPA reads too is checked by validate where
        // one may run (`--inner-algo nrpa`, or the default warm tree of
        // nmcts/nbmcts, `--inner-algo auto`).
        let inner_nrpa = c
            .tree()
            .is_some_and(|t| matches!(t.inner_algo, InnerAlgo::Nrpa | InnerAlgo::Auto));
        for f in self.given() {
            if !(f.inner_nrpa && inner_nrpa) {
                f.check(algo)?;
            }
        }
        if let Some(p) = self.policy {
            c.policy = p;
        }
        // Every flag given is now one the algorithm takes: its field is in the spec.
        if let Some(t) = c.tree_mut() {
            self.set_tree(t)?;
        }
        if let Some(e) = c.eval_mut() {
            if let Some(s) = &self.eval {
                e.eval = s.parse()?;
            }
            if let Some(p) = &self.eval_weights {
                e.weights = Some(read_eval_weights(p)?);
            }
        }
        c.bandit_c = self.bandit_c;
        if let Some(v) = self.endgame {
            c.endgame = v;
        }
        if let Some(v) = self.tt_mb {
            c.tt_mb = v;
        }
        if let Some(p) = c.nrpa_mut() {
            self.set_nrpa(p);
        }
        match &mut c.spec {
            Spec::Nrpa(n) => n.restart = self.nrpa_restart.unwrap_or(n.restart),
            Spec::Beam(b) => {
                b.width = self.beam_width.map_or(b.width, Setting::given);
                b.start = self.beam_start.or(b.start);
            }
            Spec::Nmcs(n) => n.playout_beam = self.playout_beam.unwrap_or(n.playout_beam),
            // Not by an inner NRPA either (`--inner-algo nrpa`): it restarts a whole
            // nrpa search's top-level runs.
            _ if self.nrpa_restart.is_some() => {
                return Err(Error::Config(format!(
                    "--nrpa-restart is only used by nrpa (its top-level runs), not {}",
                    algo.name()
                )))
            }
            _ => {}
        }
        self.set_adapt(&mut c)?;
        c.set_threads(self.search_threads, self.nrpa_width, self.nrpa_independent)?;
        c.validate()?;
        c.canonical_scope();
        c.valid()
    }

    /// The tree search's flags given, set on `t`.
    fn set_tree(&self, t: &mut TreeSpec) -> Result<(), Error> {
        let n = t.c.len();
        if let Some(s) = &self.c {
            let v = parse_list::<f64>("--c", s)?;
            check_len("--c", &v, n)?;
            for (i, it) in v.into_iter().enumerate() {
                t.c[i] = match it {
                    Item::Val(x) => Setting::Set(x),
                    Item::Auto if i == 0 => Setting::Auto,
                    Item::Auto => Setting::Set(0.0),
                    Item::None => return Err(Error::Config("--c cannot be 'none'".into())),
                };
            }
        }
        if let Some(s) = &self.z {
            let v = parse_list::<u32>("--z", s)?;
            check_len("--z", &v, n)?;
            for (i, it) in v.into_iter().enumerate() {
                t.z[i] = match it {
                    Item::Val(x) => Setting::Set(x),
                    Item::Auto => Setting::Auto,
                    Item::None => Setting::Set(0),
                };
            }
        }
        if let Some(a) = &self.advance {
            t.advance = a.parse::<Advance>()?;
        }
        if self.beam_l.is_some() || self.beam_w.is_some() {
            self.set_beams(t, n)?;
        }
        if let Some(s) = &self.inner {
            if s.trim() != "auto" {
                let v = parse_list::<u64>("--inner", s)?;
                let out = v
                    .into_iter()
                    .map(|it| match it {
                        Item::Val(x) => Ok(x),
                        _ => Err(Error::Config(
                            "--inner takes numbers, or just 'auto' for the whole list".into(),
                        )),
                    })
                    .collect::<Result<Vec<u64>, Error>>()?;
                t.inner_playouts = Some(out);
            }
        }
        t.restarts = self.restarts.unwrap_or(t.restarts);
        t.solver = self.solver.unwrap_or(t.solver);
        if let Some(v) = self.bounds {
            if !t.solver {
                // The bounds close nodes of the solver's tree: without it they do nothing.
                return Err(Error::Config(
                    "--bounds is only used with --solver on".into(),
                ));
            }
            t.bounds = v;
        }
        t.reuse = self.reuse.unwrap_or(t.reuse);
        t.reward_norm = self.reward_norm.unwrap_or(t.reward_norm);
        if let Some(s) = &self.im_source {
            t.im_source = s.parse()?;
        }
        t.im_alpha = per_level_weights("--im-alpha", self.im_alpha.as_deref(), n)?;
        t.pb = per_level_weights("--pb", self.pb.as_deref(), n)?;
        Ok(())
    }

    /// The `--nrpa-*` values given, set on `p` (nrpa's, or an inner NRPA's).
    fn set_nrpa(&self, p: &mut NrpaConfig) {
        p.iterations = self.nrpa_iterations.unwrap_or(p.iterations);
        p.alpha = self.nrpa_alpha.unwrap_or(p.alpha);
        p.bias = self.nrpa_bias.unwrap_or(p.bias);
        p.late.tiles = self.nrpa_late_tiles.unwrap_or(p.late.tiles);
        p.late.size = self.nrpa_late_size.unwrap_or(p.late.size);
        p.prior = self.nrpa_prior.unwrap_or(p.prior);
        p.stable = self.nrpa_stable.unwrap_or(p.stable);
        p.beam = self.nrpa_beam.unwrap_or(p.beam);
        p.repeats = self.nrpa_repeats.unwrap_or(p.repeats);
        p.seed = self.nrpa_seed.unwrap_or(p.seed);
    }

    /// The `--adapt-*` flags given, set on `c` (checked by `validate`; a flag given
    /// at its default value without `--policy adapt` is refused here).
    fn set_adapt(&self, c: &mut SearchConfig) -> Result<(), Error> {
        for f in self.given().filter(|f| f.name.starts_with("--adapt-")) {
            c.check_adapt_flag(f.name)?;
        }
        let Some(a) = c.adapt_mut() else {
            return Ok(());
        };
        if let Some(s) = self.adapt_alpha {
            a.alpha = s.given();
        }
        if let Some(s) = self.adapt_every {
            a.every = s.given();
        }
        if let Some(s) = &self.adapt_scope {
            a.scope = s.parse()?;
        }
        if let Some(s) = &self.adapt_tabu {
            a.tabu = s.parse()?;
        }
        Ok(())
    }

    /// `--beam-l`/`--beam-w` on the `n` levels of `c`: missing upper levels have no
    /// beam, a missing W beside a given L is `auto`, `none` switches a level off.
    fn set_beams(&self, t: &mut TreeSpec, n: usize) -> Result<(), Error> {
        let l = match &self.beam_l {
            Some(s) => parse_list::<u64>("--beam-l", s)?,
            None => vec![],
        };
        let w = match &self.beam_w {
            Some(s) => parse_list::<u32>("--beam-w", s)?,
            None => vec![],
        };
        check_len("--beam-l", &l, n)?;
        check_len("--beam-w", &w, n)?;
        for i in 0..n {
            let default = if i == 0 { Item::Auto } else { Item::None };
            let li = l.get(i).copied().unwrap_or(default);
            let wi = w.get(i).copied().unwrap_or(if li == Item::None {
                Item::None
            } else {
                Item::Auto
            });
            let setting = |it| match it {
                Item::Val(x) => Setting::Set(x),
                _ => Setting::Auto,
            };
            t.beams[i] = match (li, wi) {
                (Item::None, Item::None) => None,
                (Item::None, _) | (_, Item::None) => {
                    return Err(Error::Config(format!(
                        "--beam-l and --beam-w disagree at level {}: a beam needs both (or neither: none)",
                        i + 1
                    )))
                }
                (li, wi) => Some(Beam {
                    l: setting(li),
                    w: match wi {
                        Item::Val(x) => Setting::Set(x),
                        _ => Setting::Auto,
                    },
                }),
            };
        }
        Ok(())
    }

    /// The budget; `default` when neither `--iterations` nor `--time` is given.
    pub fn budget(&self, default: Budget) -> Result<Budget, Error> {
        Ok(budget_from_flags(self.iterations, self.time, self.cpu_time)?.unwrap_or(default))
    }
}

/// The weights file `path` (`--eval-weights`): errors name the file, and the line
/// and the key when its content is wrong.
pub(crate) fn read_eval_weights(path: &Path) -> Result<EvalWeights, Error> {
    let bytes = crate::io::read_input(path, "a weights file")?;
    let text = crate::io::edited_text(&bytes, path)?;
    EvalWeights::parse(path, text)
}

/// The budget given by `--iterations` / `--time` / `--cpu-time` (`None` when none
/// is given; clap refuses two of them), refusing zero iterations, non-positive or
/// non-finite times, and CPU time where the system has no per-thread CPU clock.
pub fn budget_from_flags(
    iterations: Option<u64>,
    time: Option<f64>,
    cpu_time: Option<f64>,
) -> Result<Option<Budget>, Error> {
    let seconds = crate::limits::check_seconds;
    match (iterations, time, cpu_time) {
        (Some(0), _, _) => Err(Error::Config("--iterations must be at least 1".into())),
        (Some(k), _, _) if k > MAX_ITERATIONS => Err(Error::Config(format!(
            "--iterations must be at most {MAX_ITERATIONS}, got {k}"
        ))),
        (Some(k), _, _) => Ok(Some(Budget::Iterations(k))),
        (None, Some(t), _) => Ok(Some(Budget::Time(seconds("--time", t)?))),
        (None, None, Some(t)) => {
            let t = seconds("--cpu-time", t)?;
            if !crate::search::cpu_clock_available() {
                return Err(Error::Config(
                    "--cpu-time needs a per-thread CPU clock, which this system lacks; \
                     use --time"
                        .into(),
                ));
            }
            Ok(Some(Budget::CpuTime(t)))
        }
        (None, None, None) => Ok(None),
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod flags_tests;
