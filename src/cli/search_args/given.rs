//! Which search flags a command line gives: [`SearchArgs::is_given`] maps each name
//! of the table of search flags (`search::FLAGS`) to its field of [`SearchArgs`].
//!
//! Owns: that map. Must not: say which algorithm takes a flag (the table does) or
//! check values (`search::config`). `flags_tests.rs` pins that it covers the table.

use super::SearchArgs;
use crate::search::{Flag, FLAGS};

impl SearchArgs {
    /// Whether `flag` (a name of the table [`FLAGS`]) is given on the command line.
    pub(super) fn is_given(&self, flag: &str) -> bool {
        match flag {
            "--algo" => self.algo.is_some(),
            "--level" => self.level.is_some(),
            "--policy" => self.policy.is_some(),
            "--search-threads" => self.search_threads.is_some(),
            "--iterations" => self.iterations.is_some(),
            "--time" => self.time.is_some(),
            "--cpu-time" => self.cpu_time.is_some(),
            "--endgame" => self.endgame.is_some(),
            "--tt-mb" => self.tt_mb.is_some(),
            "--bandit-c" => self.bandit_c.is_some(),
            "--c" => self.c.is_some(),
            "--z" => self.z.is_some(),
            "--advance" => self.advance.is_some(),
            "--beam-l" => self.beam_l.is_some(),
            "--beam-w" => self.beam_w.is_some(),
            "--beam-width" => self.beam_width.is_some(),
            "--inner" => self.inner.is_some(),
            "--restarts" => self.restarts.is_some(),
            "--solver" => self.solver.is_some(),
            "--bounds" => self.bounds.is_some(),
            "--reuse" => self.reuse.is_some(),
            "--reward-norm" => self.reward_norm.is_some(),
            "--eval" => self.eval.is_some(),
            "--eval-weights" => self.eval_weights.is_some(),
            "--im-alpha" => self.im_alpha.is_some(),
            "--im-source" => self.im_source.is_some(),
            "--pb" => self.pb.is_some(),
            "--nrpa-iterations" => self.nrpa_iterations.is_some(),
            "--nrpa-alpha" => self.nrpa_alpha.is_some(),
            "--nrpa-bias" => self.nrpa_bias.is_some(),
            "--nrpa-late-tiles" => self.nrpa_late_tiles.is_some(),
            "--nrpa-late-size" => self.nrpa_late_size.is_some(),
            "--nrpa-width" => self.nrpa_width.is_some(),
            "--nrpa-independent" => self.nrpa_independent,
            "--nrpa-prior" => self.nrpa_prior.is_some(),
            "--nrpa-stable" => self.nrpa_stable.is_some(),
            "--nrpa-beam" => self.nrpa_beam.is_some(),
            "--nrpa-repeats" => self.nrpa_repeats.is_some(),
            "--nrpa-seed" => self.nrpa_seed.is_some(),
            "--nrpa-restart" => self.nrpa_restart.is_some(),
            "--playout-beam" => self.playout_beam.is_some(),
            "--adapt-alpha" => self.adapt_alpha.is_some(),
            "--adapt-every" => self.adapt_every.is_some(),
            "--adapt-scope" => self.adapt_scope.is_some(),
            "--adapt-tabu" => self.adapt_tabu.is_some(),
            "--inner-algo" => self.inner_algo.is_some(),
            "--inner-level" => self.inner_level.is_some(),
            _ => false,
        }
    }

    /// The flags of the table [`FLAGS`] given on the command line, in its order.
    pub(super) fn given(&self) -> impl Iterator<Item = &'static Flag> + '_ {
        FLAGS.iter().filter(|f| self.is_given(f.name))
    }
}
