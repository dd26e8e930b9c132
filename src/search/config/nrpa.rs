//! NRPA's part of a configuration: [`NrpaConfig`] (`--nrpa-iterations`,
//! `--nrpa-alpha`, `--nrpa-bias`, `--nrpa-width`, `--nrpa-prior` and the refinements
//! `--nrpa-stable`, `--nrpa-beam`, `--nrpa-repeats`, `--nrpa-seed`), the selective policy's
//! late-game exception [`Late`] (`--nrpa-late-tiles`, `--nrpa-late-size`), and
//! their validation ([`validate`]).
//!
//! Owns: their shape, defaults from [`Defaults`], plain JSON form (`params` beside journal keys) and checks ([`validate`],
//! for `--algo nrpa` and `--inner-algo nrpa`). Must not: run NRPA.

use super::{Algo, NrpaRestart, SearchConfig, Setting, Spec};
use crate::error::Error;
use crate::limits;
use crate::policy::adaptive::Prior;
use crate::policy::RolloutPolicy;
use crate::search::defaults::Defaults;

/// The NRPA parameters (`--nrpa-iterations`, `--nrpa-alpha`, `--nrpa-bias`,
/// `--nrpa-width`, …).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct NrpaConfig {
    /// Lower-level searches per search of each level ≥ 1 (N); `auto` is
    /// [`Defaults::nrpa_iterations`] for the root board (resolved by
    /// `crate::search::SearchConfig::resolve`).
    pub iterations: Setting<u64>,
    /// Learning rate α of the adaptation.
    pub alpha: f64,
    /// GNRPA bias β: β · (group size − 2) is added to every move's weight.
    pub bias: f64,
    /// Late-game exception of the selective policy.
    pub late: Late,
    /// Parallel NRPA (`--nrpa-width`): how many lower-level searches the top level
    /// runs side by side, from the same policy, before it adapts
    /// (`search::nrpa::parallel`); 1 = sequential NRPA. The result depends on it,
    /// never on how many threads run them.
    pub width: u32,
    /// GNRPA prior: the heuristic the bias β multiplies (`--nrpa-prior`).
    pub prior: Prior,
    /// Stabilized NRPA (Cazenave, Sevestre & Toulemont 2020): playouts per
    /// adaptation at level 1 (`--nrpa-stable P`; 1 = plain NRPA).
    pub stable: u32,
    /// Beam NRPA (Cazenave & Teytaud 2012): sequences, each with its policy, that
    /// every level keeps (`--nrpa-beam B`; 1 = plain NRPA).
    pub beam: u32,
    /// Limited repetitions: a level ends once its lower levels have returned its
    /// best sequence again this many times (`--nrpa-repeats R`; 0 = never).
    pub repeats: u32,
    /// Seeded NRPA: width of the beam search over positions (`search::beam`, the
    /// beam's default evaluation) whose best line starts the top level as its best
    /// sequence (`--nrpa-seed W`; 0 = none, plain NRPA).
    pub seed: u32,
}

impl Default for NrpaConfig {
    fn default() -> Self {
        NrpaConfig {
            iterations: Setting::Auto,
            alpha: Defaults::NRPA_ALPHA,
            bias: Defaults::NRPA_BIAS,
            late: Late::default(),
            width: Defaults::nrpa_width(1),
            prior: Defaults::NRPA_PRIOR,
            stable: Defaults::NRPA_STABLE,
            beam: Defaults::NRPA_BEAM,
            repeats: Defaults::NRPA_REPEATS,
            seed: Defaults::NRPA_SEED,
        }
    }
}

impl NrpaConfig {
    /// Checks the values every NRPA takes (N, α, β, the late-game exception) and its
    /// candidates (`--policy random|tabu|auto`), for `--algo nrpa` and `--inner-algo
    /// nrpa` alike.
    pub(in crate::search) fn validate(&self, policy: RolloutPolicy) -> Result<(), Error> {
        refuse_if!(
            self.iterations == Setting::Set(0),
            "--nrpa-iterations must be at least 1"
        );
        if let Setting::Set(n) = self.iterations {
            refuse_if!(
                n > u64::from(u32::MAX),
                "--nrpa-iterations must be at most {}, got {n}",
                u32::MAX
            );
        }
        refuse_if!(
            !(self.alpha.is_finite() && self.alpha > 0.0),
            "--nrpa-alpha must be a finite number > 0, got {}",
            self.alpha
        );
        refuse_if!(
            !self.bias.is_finite(),
            "--nrpa-bias must be a finite number, got {}",
            self.bias
        );
        use RolloutPolicy::{Auto, Random, Tabu};
        refuse_if!(
            !matches!(policy, Random | Tabu | Auto),
            "--policy {policy} is not available for nrpa (random, tabu or auto)"
        );
        refuse_if!(
            self.late.size < 2,
            "--nrpa-late-size must be at least 2 (the smallest group), got {}",
            self.late.size
        );
        refuse_if!(
            self.late.tiles == 0 && self.late.size != Late::default().size,
            "--nrpa-late-size {} needs --nrpa-late-tiles T (the exception is off without it)",
            self.late.size
        );
        refuse_if!(self.late.tiles > 0 && policy == RolloutPolicy::Random, "--nrpa-late-tiles is an exception to the tabu colour: it needs --policy tabu or auto, not random");
        Ok(())
    }
}

/// Checks the NRPA parameters of `c`: their values and combinations for nrpa and for
/// an inner NRPA (`--inner-algo nrpa`), and that no other configuration sets them.
/// The message names the flag.
pub(super) fn validate(c: &SearchConfig) -> Result<(), Error> {
    let (p, restart) = match &c.spec {
        Spec::Nrpa(n) => (n.nrpa, n.restart),
        Spec::Tree(t) => (t.nrpa, NrpaRestart::Fresh),
        _ => return Ok(()),
    };
    refuse_if!(
        restart == NrpaRestart::Best && p.beam > 1,
        "--nrpa-restart best does not combine with --nrpa-beam (not implemented)"
    );
    if !c.runs_nrpa() {
        // No NRPA reads them: refused by the table (`config::flags`).
        return c.validate_flags(|f| f.inner_nrpa);
    }
    if c.algo() != Algo::Nrpa {
        // An inner NRPA warm-started by --policy adapt takes --adapt-tabu's
        // candidates (checked with the inner search, config::inner).
        p.validate(match c.policy {
            RolloutPolicy::Adapt => RolloutPolicy::Auto,
            policy => policy,
        })?;
        // An inner NRPA runs from each leaf of the tree, on the tree's thread.
        refuse_if!(p.seed != NrpaConfig::default().seed, "--nrpa-seed is not available with --inner-algo nrpa (it seeds a whole nrpa search from its root)");
        refuse_if!(p.width != NrpaConfig::default().width, "--nrpa-width is not available with --inner-algo nrpa (each inner NRPA runs on its tree's thread)");
        return validate_refinements(c, p);
    }
    p.validate(c.policy)?;
    refuse_if!(c.endgame != 0, "--endgame is not used by nrpa");
    refuse_if!(
        !(1..=limits::MAX_NRPA_WIDTH).contains(&p.width),
        "--nrpa-width must be between 1 and {}, got {}",
        limits::MAX_NRPA_WIDTH,
        p.width
    );
    refuse_if!(
        p.width > 1 && c.trees > 1,
        "--nrpa-width {} with {} independent searches (--nrpa-independent): \
             each independent search has width 1",
        p.width,
        c.trees
    );
    validate_refinements(c, p)
}

/// Checks `--nrpa-prior`, `--nrpa-stable`, `--nrpa-beam`, `--nrpa-repeats` and
/// `--nrpa-seed` of an nrpa configuration.
fn validate_refinements(c: &SearchConfig, p: NrpaConfig) -> Result<(), Error> {
    if p.prior == Prior::Tabu {
        refuse_if!(
            c.policy != RolloutPolicy::Random,
            "--nrpa-prior tabu penalises the tabu colour's groups instead of excluding them: \
                 it needs --policy random, not {} (tabu excludes them, auto does on large boards)",
            c.policy
        );
        refuse_if!(
            p.bias == 0.0,
            "--nrpa-prior tabu needs a nonzero --nrpa-bias β (the tabu colour's groups get −β)"
        );
    }
    refuse_if!(
        p.stable == 0,
        "--nrpa-stable must be at least 1 (1 = plain NRPA)"
    );
    refuse_if!(
        p.beam == 0 || p.beam > limits::MAX_NRPA_BEAM,
        "--nrpa-beam must be between 1 (plain NRPA) and {}, got {}",
        limits::MAX_NRPA_BEAM,
        p.beam
    );
    refuse_if!(
        p.beam > 1 && p.stable > 1,
        "--nrpa-stable does not combine with --nrpa-beam (not implemented)"
    );
    for (flag, on) in [
        ("--nrpa-beam", p.beam > 1),
        ("--nrpa-repeats", p.repeats > 0),
    ] {
        refuse_if!(
            p.width > 1 && on,
            "{flag} does not combine with parallel NRPA (--nrpa-width {0} or --threads {0}): \
                 not implemented; add --nrpa-independent or --nrpa-width 1",
            p.width
        );
    }
    refuse_if!(
        p.beam > 1 && p.repeats > 0,
        "--nrpa-repeats does not combine with --nrpa-beam (not implemented)"
    );
    super::beam::check_width_or_off("--nrpa-seed", p.seed, "no seed")?;
    refuse_if!(
        p.seed > 0 && p.beam > 1,
        "--nrpa-seed does not combine with --nrpa-beam (not implemented)"
    );
    Ok(())
}

/// The selective policy's late-game exception (`--nrpa-late-tiles T
/// --nrpa-late-size S`): once at most `tiles` tiles are on the board, tabu-colour
/// groups of at most `size` tiles are candidates too. `tiles == 0` turns it off.
///
/// Cazenave (2016) excepts small tabu-colour groups late in the game; that paper's
/// exact rule could not be checked here, so this parametrised rule is ours, and its
/// default comes from tuning (docs/search.md, "NRPA").
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct Late {
    /// Largest number of tiles on the board at which the exception applies.
    pub tiles: u16,
    /// Largest tabu-colour group the exception lets in.
    pub size: u16,
}

impl Default for Late {
    fn default() -> Self {
        Late {
            tiles: Defaults::NRPA_LATE_TILES,
            size: Defaults::NRPA_LATE_SIZE,
        }
    }
}
