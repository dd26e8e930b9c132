//! Nested Rollout Policy Adaptation, `--algo nrpa`.
//!
//! - Rosin, C. D. (2011). *Nested Rollout Policy Adaptation for Monte Carlo Tree
//!   Search.* IJCAI 2011: the algorithm.
//! - Cazenave, T. (2016). *Nested Rollout Policy Adaptation with Selective
//!   Policies.* CGW 2016: SameGame move codes and the selective (tabu-colour) policy.
//! - Cazenave, T. (2020). *Generalized Nested Rollout Policy Adaptation.* MCS 2020
//!   (GNRPA): a fixed prior β · heuristic added to every move's weight.
//!
//! A level-L search runs `--nrpa-iterations` N level-(L−1) searches, each with a copy
//! of its policy; it memorises the best sequence seen at its level (a sequence at
//! least as good replaces it, as in Rosin's pseudo-code) and after every lower-level
//! search adapts its policy toward that sequence with learning rate `--nrpa-alpha`.
//! Level 0 is one playout sampling every move from the softmax of the policy over
//! the move codes ([`moves`]). The policy of a top-level run starts empty (all
//! weights 0).
//!
//! Selective policy: with `--policy tabu` (the default for SameGame through `auto`)
//! groups of the colour with most tiles at the root are not candidates while other
//! groups exist; with `--policy random` every group is. The 2016 paper excepts small
//! tabu-colour groups late in the game; its exact rule could not be checked here, so
//! the exception is ours and parametrised ([`Late`]: `--nrpa-late-tiles T
//! --nrpa-late-size S`, tabu groups of at most S tiles are candidates once at most T
//! tiles are left). GNRPA bias: `--nrpa-bias β` adds β · (group size − 2)
//! to each candidate's weight (0 = plain NRPA).
//!
//! Budget: every level-0 playout counts one. A level stops its loop when the budget
//! is spent (once it has a sequence), so an iteration budget K gives exactly K
//! playouts; a top-level run that finishes with budget left is followed by a fresh
//! run (empty policy, the random stream continuing) until the budget is spent, like
//! NMCS. The best of all runs is returned.
//!
//! Owns: the NRPA recursion and its per-level buffers. Must not: print, build trees.

mod moves;
mod policy;

pub use self::moves::Late;
use self::moves::Playout;
use self::policy::{Policy, Trace};
use super::{Best, Ctx, Limit, Params, Setting};
use crate::board::{Board, Cell};
use crate::policy::{tabu_color, RolloutPolicy};
use crate::Rng;

/// The NRPA parameters (`--nrpa-iterations`, `--nrpa-alpha`, `--nrpa-bias`).
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct NrpaConfig {
    /// Lower-level searches per search of each level ≥ 1 (N); `auto` is
    /// [`super::Params::nrpa_iterations`] for the root board. Serialised as the
    /// number (as before `auto` existed) or `"auto"`.
    #[serde(with = "iterations_serde")]
    pub iterations: Setting<u64>,
    /// Learning rate α of the adaptation.
    pub alpha: f64,
    /// GNRPA bias β: β · (group size − 2) is added to every move's weight.
    pub bias: f64,
    /// Late-game exception of the selective policy (absent from configurations
    /// serialised before it existed: the default).
    #[serde(default)]
    pub late: Late,
}

impl Default for NrpaConfig {
    fn default() -> Self {
        NrpaConfig {
            iterations: Setting::Auto,
            alpha: super::Params::NRPA_ALPHA,
            bias: super::Params::NRPA_BIAS,
            late: Late::default(),
        }
    }
}

/// `iterations` in JSON: a number for an explicit N (the form of configurations
/// written before `auto` existed, which read back unchanged), `"auto"` otherwise.
mod iterations_serde {
    use super::Setting;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum Form {
        N(u64),
        Word(String),
    }

    pub fn serialize<S: Serializer>(v: &Setting<u64>, s: S) -> Result<S::Ok, S::Error> {
        match *v {
            Setting::Set(n) => Form::N(n),
            Setting::Auto => Form::Word("auto".into()),
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Setting<u64>, D::Error> {
        match Form::deserialize(d)? {
            Form::N(n) => Ok(Setting::Set(n)),
            Form::Word(w) if w == "auto" => Ok(Setting::Auto),
            Form::Word(w) => Err(serde::de::Error::custom(format!(
                "iterations: expected a number or \"auto\", got \"{w}\""
            ))),
        }
    }
}

/// The best sequence of one level, with what its playout saw (for adaptation).
struct Ws {
    score: i32,
    moves: Vec<Cell>,
    trace: Trace,
}

impl Default for Ws {
    fn default() -> Self {
        Ws {
            score: i32::MIN,
            moves: Vec::new(),
            trace: Trace::default(),
        }
    }
}

struct Nrpa<'c, 's, 'r> {
    ctx: &'c mut Ctx<'s>,
    rng: &'r mut Rng,
    limit: Limit,
    root: Board,
    cfg: NrpaConfig,
    /// N, resolved for the root board.
    iterations: u64,
    playout: Playout,
    /// `levels[l]`: the result of the last (or current) level-l search.
    levels: Vec<Ws>,
    scratch: Vec<(u64, f64)>,
}

/// Runs level-`level` NRPA from `root` (not terminal) until `limit`, restarting
/// complete runs while budget remains; the best game goes to `best`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn nrpa(
    cfg: NrpaConfig,
    level: usize,
    policy: RolloutPolicy,
    root: &Board,
    ctx: &mut Ctx,
    rng: &mut Rng,
    limit: Limit,
    best: &mut Best,
) {
    let tabu = match policy {
        RolloutPolicy::Random => None,
        RolloutPolicy::Tabu => tabu_color(root),
        p => unreachable!("nrpa with --policy {p} (refused by validation)"),
    };
    let mut s = Nrpa {
        ctx,
        rng,
        limit,
        root: *root,
        cfg,
        iterations: cfg.iterations.or(Params::nrpa_iterations(root)),
        playout: Playout::new(tabu, cfg.late, cfg.bias),
        levels: (0..=level).map(|_| Ws::default()).collect(),
        scratch: Vec::new(),
    };
    loop {
        s.run(level, &Policy::default());
        let top = &s.levels[level];
        best.offer(top.score, &top.moves);
        if s.ctx.exhausted(&s.limit) {
            return;
        }
    }
}

impl Nrpa<'_, '_, '_> {
    /// One level-`level` search under (a copy of) `pol`; result in `self.levels[level]`.
    fn run(&mut self, level: usize, pol: &Policy) {
        if level == 0 {
            self.ctx.playouts += 1;
            let ws = &mut self.levels[0];
            ws.score = self
                .playout
                .run(&self.root, pol, self.rng, &mut ws.moves, &mut ws.trace);
            return;
        }
        let mut pol = pol.clone();
        let mut ws = std::mem::take(&mut self.levels[level]);
        ws.score = i32::MIN;
        for _ in 0..self.iterations {
            if ws.score != i32::MIN && self.ctx.exhausted(&self.limit) {
                break;
            }
            self.run(level - 1, &pol);
            let low = &self.levels[level - 1];
            if low.score >= ws.score {
                ws.score = low.score;
                ws.moves.clone_from(&low.moves);
                ws.trace.clone_from(&low.trace);
            }
            pol.adapt(&ws.trace, self.cfg.alpha, &mut self.scratch);
        }
        self.levels[level] = ws;
    }
}

#[cfg(test)]
mod tests {
    use crate::policy::RolloutPolicy;
    use crate::search::testutil::*;
    use crate::search::{search, Algo, Budget, SearchConfig};
    use crate::Variant;

    fn cfg(level: u32, n: u64) -> SearchConfig {
        let mut c = SearchConfig::new(Algo::Nrpa, level);
        c.nrpa.iterations = crate::search::Setting::Set(n);
        c
    }

    #[test]
    fn finds_tiny_optima_on_every_variant() {
        for policy in [RolloutPolicy::Random, RolloutPolicy::Auto] {
            for v in Variant::ALL {
                for seed in 0..4 {
                    let b = random_board(4 + (seed as usize % 2), 4, 3, seed, v);
                    let opt = optimum(&b);
                    let mut c = cfg(2, 20);
                    c.policy = policy;
                    let r = search(
                        &c,
                        &b,
                        Budget::Iterations(20_000),
                        &mut crate::rng_for(seed, 9, 9),
                    );
                    crate::line::verify(&b, &r.moves, r.score).unwrap();
                    if policy == RolloutPolicy::Random {
                        assert_eq!(r.score, opt, "{c} on {v} seed {seed}:\n{b}");
                    } else {
                        // The selective policy may exclude the optimum; it must
                        // still find a legal complete game.
                        assert!(r.score <= opt);
                    }
                }
            }
        }
    }

    #[test]
    fn replays_on_all_variants_within_budget() {
        for level in 1..=3 {
            check_all_variants(&cfg(level, 10), 700, u64::from(level));
        }
        let mut c = cfg(2, 10);
        c.nrpa.bias = 0.5;
        c.policy = RolloutPolicy::Tabu;
        check_all_variants(&c, 500, 7);
    }

    #[test]
    fn spends_exactly_the_budget() {
        let b = random_board(6, 5, 3, 8, Variant::SameGame);
        // 7 is not a multiple of 4³ = 64 playouts per level-3 run: runs restart and
        // the last one is cut short.
        for (level, k) in [(1, 5000), (3, 1000), (2, 7), (3, 1)] {
            let r = search(
                &cfg(level, 4),
                &b,
                Budget::Iterations(k),
                &mut crate::rng_for(1, 1, 1),
            );
            assert_eq!(r.stats.playouts, k, "level {level}");
            crate::line::verify(&b, &r.moves, r.score).unwrap();
        }
    }

    #[test]
    fn adapted_playouts_beat_unadapted_ones_on_a_small_board() {
        // Level 2 with N = 30 against 900 independent policy-free playouts (level 1
        // with N = 1 never adapts before playing): same budget, learning helps.
        let b = random_board(10, 8, 4, 3, Variant::SameGame);
        let run = |c: &SearchConfig| {
            (0..4)
                .map(|s| search(c, &b, Budget::Iterations(900), &mut crate::rng_for(s, 2, 2)).score)
                .sum::<i32>()
        };
        let mut flat = cfg(1, 1);
        flat.policy = RolloutPolicy::Random;
        let mut nested = cfg(2, 30);
        nested.policy = RolloutPolicy::Random;
        assert!(run(&nested) >= run(&flat));
    }

    #[test]
    fn configurations_saved_before_nrpa_still_read() {
        let c = SearchConfig::new(Algo::Nmcs, 2);
        let mut json: serde_json::Value = serde_json::to_value(&c).unwrap();
        json.as_object_mut().unwrap().remove("nrpa").unwrap();
        let back: SearchConfig = serde_json::from_value(json).unwrap();
        assert_eq!(back, c);
        // An NRPA configuration from before the late-game exception: the default.
        let c = SearchConfig::new(Algo::Nrpa, 3);
        let mut json: serde_json::Value = serde_json::to_value(&c).unwrap();
        json["nrpa"]
            .as_object_mut()
            .unwrap()
            .remove("late")
            .unwrap();
        let back: SearchConfig = serde_json::from_value(json).unwrap();
        assert_eq!(back, c);
    }

    #[test]
    fn deterministic() {
        check_deterministic(&cfg(2, 20), 3000);
    }
}
