//! Beam NRPA (Cazenave & Teytaud 2012), `--nrpa-beam B`: every level keeps its B
//! best sequences, each with a policy of its own, instead of one.
//!
//! The paper's pseudo-code was not available here (only its abstract and that of
//! Edelkamp & Cazenave 2016, which refines the beam's diversity), so the rule is
//! ours, built so that B = 1 is plain NRPA step for step:
//!
//! - a level-l search (l ≥ 1) starts with a beam of one entry: no sequence, the
//!   policy it was given;
//! - each of its N iterations runs one level-(l−1) search from every entry's policy;
//!   each sequence that search returns (up to B, best first; level 0: one playout)
//!   and the entry's own sequence make candidates, each with the entry's policy
//!   adapted toward it;
//! - the next beam is the B best candidates by score, distinct as sequences
//!   (Edelkamp & Cazenave's point: a beam of copies is one sequence); ties go to the
//!   candidate made first, so a returned sequence beats an equal entry's sequence
//!   (Rosin's rule). Each candidate's policy is built only once it is chosen.
//!
//! With B = 1 the candidates are the entry's sequence and the one returned, the
//! better (or the returned one on a tie) is kept and the policy adapted toward it:
//! plain NRPA. With B > 1 an entry that is offered a better sequence lives on
//! beside it, adapting toward its own, so the beam keeps lines plain NRPA drops.
//! - the level returns its beam's sequences, best first.
//!
//! Budget: as plain NRPA, a level stops before a lower-level search once the budget
//! is spent (when it holds a sequence); its result is then the B best of the
//! candidates made so far and the entries not expanded.
//!
//! Checkpoints (`batch --checkpoint`, `compare --checkpoint`): a level in progress
//! suspends as plain NRPA's does, into a [`BeamFrame`] (`super::checkpoint`).
//!
//! Owns: the beam recursion ([`Nrpa::run_beam`]) and its frames. Must not: print,
//! or change plain NRPA (B = 1 never comes here).

use serde::{Deserialize, Serialize};

use super::{Check, Nrpa, NrpaLevel};
use crate::policy::adaptive::Policy;

/// One sequence of a level's beam with the policy that goes with it.
#[derive(Serialize, Deserialize)]
pub(super) struct Entry {
    line: NrpaLevel,
    pol: Policy,
}

/// A Beam NRPA level in progress, suspended for a checkpoint ([`super::checkpoint`]):
/// its beam, the candidates made so far in iteration `i`, and `k`, the entry whose
/// lower-level search comes next (`expanded` entries done).
#[derive(Serialize, Deserialize)]
pub(super) struct BeamFrame {
    pub level: usize,
    beam: Vec<Entry>,
    cands: Vec<(usize, NrpaLevel)>,
    i: u64,
    k: usize,
    expanded: usize,
}

impl BeamFrame {
    /// The sequences this level holds (its beam's and its candidates').
    pub(super) fn lines(&self) -> impl Iterator<Item = &NrpaLevel> {
        self.beam
            .iter()
            .map(|e| &e.line)
            .chain(self.cands.iter().map(|c| &c.1))
    }
}

impl Nrpa<'_, '_, '_> {
    /// One level-`level` Beam NRPA search under (a copy of) `pol`; its best
    /// sequences, best first, in `self.beams[level]`.
    ///
    /// With checkpoints, level 1 may suspend the search where it checks the budget
    /// before a lower-level search, as [`Nrpa::run`] does: each level in progress
    /// pushes its [`BeamFrame`] on `self.beam_frames` and returns at once, and a
    /// search that finds frames there continues from the top one.
    pub(super) fn run_beam(&mut self, level: usize, pol: &Policy) {
        if level == 0 {
            self.meter.playouts += 1;
            let mut out = std::mem::take(&mut self.beams[0]);
            out.truncate(1);
            if out.is_empty() {
                out.push(NrpaLevel::default());
            }
            let p = &mut out[0];
            p.best.score =
                self.playout
                    .run(&self.root, pol, self.rng, &mut p.best.moves, &mut p.trace);
            self.beams[0] = out;
            return;
        }
        // Candidates: (entry they come from, sequence). `resumed`: this level
        // continues from its frame, straight into the lower-level search it was in.
        let (mut beam, mut cands, i0, k0, mut expanded, mut resumed) = match self.beam_frames.pop()
        {
            Some(f) => {
                debug_assert_eq!(f.level, level, "a frame resumes its own level");
                (f.beam, f.cands, f.i, f.k, f.expanded, level > 1)
            }
            None => {
                let first = Entry {
                    line: NrpaLevel::default(),
                    pol: pol.clone(),
                };
                (vec![first], Vec::new(), 0, 0, 0, false)
            }
        };
        for i in i0..self.iterations {
            if i != i0 {
                cands.clear();
                expanded = 0;
            }
            let mut k = if i == i0 { k0 } else { 0 };
            while k < beam.len() {
                let holds = beam[k].line.best.score != i32::MIN || !cands.is_empty();
                let check = self.budget_check(level, holds, &mut resumed);
                match check {
                    Check::Run => self.run_beam(level - 1, &beam[k].pol),
                    Check::End => break,
                    Check::Suspend => {}
                }
                if check == Check::Suspend || !self.beam_frames.is_empty() {
                    self.beam_frames.push(BeamFrame {
                        level,
                        beam,
                        cands,
                        i,
                        k,
                        expanded,
                    });
                    return;
                }
                expanded += 1;
                // The entry's own sequence after those it was offered, so that a
                // tie goes to the newer one (Rosin's rule).
                for r in &self.beams[level - 1] {
                    cands.push((k, r.clone()));
                }
                if beam[k].line.best.score != i32::MIN {
                    cands.push((k, beam[k].line.clone()));
                }
                k += 1;
            }
            if expanded < beam.len() {
                // Budget spent: the best of what this level has seen is its result.
                for (k, e) in beam.iter().enumerate().skip(expanded) {
                    cands.push((k, e.line.clone()));
                }
                let chosen = self.select(&cands);
                self.beams[level] = chosen.into_iter().map(|i| cands[i].1.clone()).collect();
                return;
            }
            let chosen = self.select(&cands);
            beam = chosen
                .into_iter()
                .map(|i| {
                    let (k, line) = std::mem::take(&mut cands[i]);
                    let mut pol = beam[k].pol.clone();
                    pol.adapt(&line.trace, self.alpha, &mut self.scratch);
                    Entry { line, pol }
                })
                .collect();
        }
        self.beams[level] = beam.into_iter().map(|e| e.line).collect();
    }

    /// Indices of the (at most) `self.beam` best candidates with a sequence, by
    /// score, ties in their order, no sequence twice.
    fn select(&self, cands: &[(usize, NrpaLevel)]) -> Vec<usize> {
        let mut order: Vec<usize> = (0..cands.len())
            .filter(|&i| cands[i].1.best.score != i32::MIN)
            .collect();
        order.sort_by_key(|&i| std::cmp::Reverse(cands[i].1.best.score));
        let mut chosen: Vec<usize> = Vec::with_capacity(self.beam);
        for i in order {
            if chosen.len() == self.beam {
                break;
            }
            let moves = &cands[i].1.best.moves;
            if chosen.iter().all(|&j| cands[j].1.best.moves != *moves) {
                chosen.push(i);
            }
        }
        chosen
    }
}

#[cfg(test)]
mod tests {
    use crate::policy::RolloutPolicy;
    use crate::search::testutil::*;
    use crate::search::{search, Algo, Budget, SearchConfig, Setting};
    use crate::Variant;

    fn cfg(level: u32, n: u64, beam: u32) -> SearchConfig {
        let mut c = SearchConfig::new(Algo::Nrpa, level);
        c.nrpa_mut().unwrap().iterations = Setting::Set(n);
        c.nrpa_mut().unwrap().beam = beam;
        c
    }

    #[test]
    fn replays_on_all_variants_within_budget() {
        for (level, beam) in [(1, 3), (2, 2), (3, 4)] {
            check_all_variants(&cfg(level, 5, beam), 600, u64::from(level));
        }
    }

    #[test]
    fn spends_exactly_the_budget() {
        let b = random_board(6, 5, 3, 8, Variant::SameGame);
        // With N = 4 and B = 3 a level expands up to 3 entries per iteration: the
        // budgets end runs mid-iteration, mid-beam and mid-restart.
        for (level, k) in [(1, 5000), (2, 7), (2, 1000), (3, 1), (3, 777)] {
            check_spends_exactly(&cfg(level, 4, 3), &b, k, &format!("budget {k}"));
        }
    }

    #[test]
    fn deterministic() {
        check_deterministic(&cfg(2, 10, 3), 3000);
    }

    #[test]
    fn finds_tiny_optima() {
        for v in Variant::ALL {
            for seed in 0..3 {
                let b = random_board(4 + (seed as usize % 2), 4, 3, seed, v);
                let mut c = cfg(2, 10, 2);
                c.policy = RolloutPolicy::Random;
                let r = search(
                    &c.clone().valid().unwrap(),
                    &b,
                    Budget::Iterations(20_000),
                    &mut crate::rng_for(seed, 9, 9),
                );
                crate::line::verify(&b, &r.moves, r.score).unwrap();
                assert_eq!(r.score, optimum(&b), "{c} on {v} seed {seed}:\n{b}");
            }
        }
    }
}
