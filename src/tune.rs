//! Tuning the learned evaluation's weights from play (`samegame tune-eval`) by the
//! cross-entropy method (Rubinstein 1999; for game evaluations, Szita & Lőrincz
//! 2006 on Tetris): weight vectors are drawn from a Gaussian, each is played by the
//! beam search (`--algo beam --eval learned`, a fixed width) on the training
//! positions, the best fraction (the elite) gives the next Gaussian, and the best
//! vector seen is the result.
//!
//! Generation g draws from [`crate::rng_for`]`(seed, g, 0)`: candidate 0 is the mean
//! itself, the others mean + σ · z (z standard normal, Box-Muller). The next mean is
//! [`SMOOTHING`] · (the elite's mean) + (1 − [`SMOOTHING`]) · the mean, and likewise
//! for σ with the elite's standard deviation. A candidate's fitness is the total
//! score of its games (each line replayed first); ties are broken by the candidate's
//! number, so the run is a pure function of its settings, whatever the thread
//! count. Every evaluated candidate is journaled (`journal.rs`), so a stopped run
//! resumes where it stopped and a longer one extends it.
//!
//! Owns: [`Settings`], the method and the fitness. Must not: print, parse flags,
//! or write files other than through its journal.

mod journal;

use std::sync::atomic::{AtomicBool, Ordering};

use rand::Rng as _;
use rayon::prelude::*;

pub use journal::Journal;

use crate::board::Board;
use crate::error::Error;
use crate::search::{
    search_with_stop, Algo, BeamSpec, Budget, Eval, EvalSpec, EvalWeights, SearchConfig, Spec,
    Weights,
};

/// Weight of the elite in the next mean and σ (the rest is the current ones).
pub const SMOOTHING: f64 = 0.7;

/// The first σ of each feature, in [`crate::search::FEATURES`] order: about the
/// change of weight that moves a typical 15 × 15 SameGame position's value by a
/// few hundred points. The score's weight stays at its start (the value stays an
/// estimate of the final score; the ranking does not depend on its scale).
pub const INITIAL_SIGMA: [f64; crate::search::FEATURES.len()] =
    [0.0, 0.5, 0.5, 0.1, 0.3, 10.0, 10.0, 100.0, 100.0, 0.3];

/// What a tuning run is: everything its result depends on (the number of
/// generations aside: a run extended by more generations resumes the same journal).
#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    /// The training positions' name (test-set file and positions, for the journal).
    pub positions: String,
    /// The training boards, under their variant.
    pub boards: Vec<Board>,
    /// The beam's width (`--beam-width`).
    pub beam_width: u64,
    /// The budget of one game.
    pub budget: Budget,
    /// Candidates per generation (candidate 0 is the mean).
    pub population: usize,
    /// Best candidates that give the next mean and σ.
    pub elite: usize,
    /// Base seed.
    pub seed: u64,
    /// The first mean.
    pub start: Weights,
}

impl Settings {
    /// The settings as one line (the journal's first line; a journal is resumed only
    /// by the same line).
    pub fn line(&self) -> String {
        let boards = self
            .boards
            .iter()
            .map(|b| format!("{:?}", b.fingerprint()))
            .collect::<String>();
        let variant = self.boards.first().map_or("none", |b| b.variant().name());
        format!(
            "positions {} ({} boards, fingerprint {:016x}) variant {variant} beam-width {} budget {:?} population {} elite {} seed {} smoothing {SMOOTHING} sigma {:?} start {}",
            self.positions,
            self.boards.len(),
            crate::rng::splitmix64(crate::rng::fnv1a(boards.as_bytes())),
            self.beam_width,
            self.budget,
            self.population,
            self.elite,
            self.seed,
            INITIAL_SIGMA,
            self.start,
        )
    }

    /// The beam configuration a candidate plays with.
    pub fn config(&self, w: Weights) -> SearchConfig {
        let mut c = SearchConfig::new(Algo::Beam, 1);
        c.spec = Spec::Beam(BeamSpec {
            width: Some(self.beam_width),
            start: None,
            eval: EvalSpec {
                eval: Eval::Learned,
                weights: Some(EvalWeights {
                    file: "(tune-eval candidate)".into(),
                    weights: w,
                }),
            },
        });
        c
    }
}

/// One evaluated candidate.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// Generation, from 0.
    pub generation: u32,
    /// Number in its generation (0 = the generation's mean).
    pub index: u32,
    /// Its weights.
    pub weights: Weights,
    /// Total score of its games on the training positions.
    pub total: i64,
    /// Taken from the journal rather than played now.
    pub journaled: bool,
}

/// What a generation left: its candidates, and the Gaussian of the next one.
#[derive(Clone, Debug)]
pub struct Generation {
    /// Its number, from 0.
    pub number: u32,
    /// Its candidates, in order.
    pub candidates: Vec<Candidate>,
    /// The next generation's mean.
    pub mean: Weights,
    /// The next generation's σ.
    pub sigma: Weights,
}

/// How a run ended.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The best candidate of every generation run (highest total, earliest first).
    pub best: Option<Candidate>,
    /// Generations completed.
    pub generations: u32,
    /// Games played now (not taken from the journal).
    pub games: u64,
    /// Stopped before the last generation.
    pub stopped: bool,
}

/// A standard normal number (Box-Muller, one of the pair).
fn normal(rng: &mut crate::Rng) -> f64 {
    let u1 = 1.0 - rng.gen::<f64>();
    let u2 = rng.gen::<f64>();
    (-2.0 * u1.ln()).sqrt() * (std::f64::consts::TAU * u2).cos()
}

/// The candidates of generation `g` drawn from (`mean`, `sigma`).
pub fn draw(s: &Settings, g: u32, mean: &Weights, sigma: &Weights) -> Vec<Weights> {
    let mut rng = crate::rng_for(s.seed, u64::from(g), 0);
    (0..s.population)
        .map(|i| {
            let mut w = *mean;
            if i > 0 {
                for (x, sd) in w.0.iter_mut().zip(sigma.0) {
                    let z = normal(&mut rng);
                    *x += sd * z;
                }
            }
            w
        })
        .collect()
}

/// The next mean and σ from generation `cands` (sorted or not).
pub fn update(
    s: &Settings,
    cands: &[Candidate],
    mean: &Weights,
    sigma: &Weights,
) -> (Weights, Weights) {
    let mut order: Vec<&Candidate> = cands.iter().collect();
    order.sort_by(|a, b| b.total.cmp(&a.total).then(a.index.cmp(&b.index)));
    let elite = &order[..s.elite.min(order.len())];
    let k = elite.len() as f64;
    let mut m = *mean;
    let mut sd = *sigma;
    for i in 0..m.0.len() {
        let em = elite.iter().map(|c| c.weights.0[i]).sum::<f64>() / k;
        let ev = elite
            .iter()
            .map(|c| (c.weights.0[i] - em).powi(2))
            .sum::<f64>()
            / k;
        m.0[i] = SMOOTHING * em + (1.0 - SMOOTHING) * mean.0[i];
        sd.0[i] = SMOOTHING * ev.sqrt() + (1.0 - SMOOTHING) * sigma.0[i];
    }
    (m, sd)
}

/// The total score of `w`'s games on the training boards (each line replayed),
/// the boards searched in parallel on the caller's pool; `None` when `stop` is set.
pub fn fitness(s: &Settings, w: Weights, stop: &AtomicBool) -> Result<Option<i64>, Error> {
    let config = s.config(w).valid()?;
    let scores: Vec<Result<Option<i32>, Error>> = s
        .boards
        .par_iter()
        .enumerate()
        .map(|(i, b)| {
            if stop.load(Ordering::SeqCst) {
                return Ok(None);
            }
            let mut rng = crate::rng_for(s.seed, i as u64, 0);
            let r = search_with_stop(&config, b, s.budget, &mut rng, Some(stop));
            if stop.load(Ordering::SeqCst) {
                return Ok(None);
            }
            crate::line::verify(b, &r.moves, r.score).map_err(|e| {
                Error::Other(format!(
                    "internal error: training board {} line does not replay: {e}",
                    i + 1
                ))
            })?;
            Ok(Some(r.score))
        })
        .collect();
    let mut total = 0i64;
    for r in scores {
        match r? {
            Some(x) => total += i64::from(x),
            None => return Ok(None),
        }
    }
    Ok(Some(total))
}

/// Runs generations `0..generations` (those already journaled are read back, the
/// rest played and journaled), calling `seen` with every candidate and `done` with
/// every finished generation. Stops between games when `stop` is set.
pub fn run(
    s: &Settings,
    generations: u32,
    journal: &mut Journal,
    stop: &AtomicBool,
    seen: &mut dyn FnMut(&Candidate),
    done: &mut dyn FnMut(&Generation) -> Result<(), Error>,
) -> Result<Outcome, Error> {
    let mut mean = s.start;
    let mut sigma = Weights(INITIAL_SIGMA);
    let mut out = Outcome {
        best: None,
        generations: 0,
        games: 0,
        stopped: false,
    };
    for g in 0..generations {
        let mut cands = Vec::with_capacity(s.population);
        for (i, w) in draw(s, g, &mean, &sigma).into_iter().enumerate() {
            let i = i as u32;
            let (total, journaled) = match journal.get(g, i, &w)? {
                Some(t) => (t, true),
                None => {
                    let Some(t) = fitness(s, w, stop)? else {
                        out.stopped = true;
                        return Ok(out);
                    };
                    out.games += s.boards.len() as u64;
                    journal.append(g, i, &w, t)?;
                    (t, false)
                }
            };
            let c = Candidate {
                generation: g,
                index: i,
                weights: w,
                total,
                journaled,
            };
            seen(&c);
            if out.best.as_ref().is_none_or(|b| c.total > b.total) {
                out.best = Some(c.clone());
            }
            cands.push(c);
        }
        (mean, sigma) = update(s, &cands, &mean, &sigma);
        out.generations = g + 1;
        done(&Generation {
            number: g,
            candidates: cands,
            mean,
            sigma,
        })?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
