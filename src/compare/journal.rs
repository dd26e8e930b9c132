//! `compare --journal FILE`: every finished job is appended to a resume journal (the
//! append-only file `batch` keeps, `crate::batch::journal`) as soon as it ends, with
//! its line; rerunning the same command (or a grown one: more configurations,
//! positions, runs or budgets) takes the jobs it finds there instead of running them
//! again. A comparison of hours therefore loses at most the jobs in flight to a kill
//! or the end of a session.
//!
//! A job is identified by the keys' schema, its configuration's canonical line, a
//! fingerprint of what it resolves to on the position and budget (every default
//! and `auto` as a value, [`crate::search::resolution`]), a fingerprint of the
//! position's board, the budget, the variant, the base seed, the position number
//! and the run (`keys`): a journal used with another test set, a changed default or
//! another seed simply has no matching jobs. Entries written before keys held the
//! resolution's fingerprint are still found by the rest of the key, and counted
//! ([`CompareJournal::legacy_count`]) so that the command can say a default changed
//! since they ran would go unnoticed. Entries of schema 1 (written before
//! 2026-11-27) are not read: a job whose only entry is one of them runs again, and
//! is counted ([`CompareJournal::unread_count`]) so that the command can say how to
//! take them instead (`keys`). A
//! restored job is used only when its journaled line replays on the board to its
//! journaled score; otherwise the job is run again.
//!
//! Owns: turning journal entries back into verified [`JobResult`]s, and adding the
//! jobs of other journals of the same comparison (`--journal-add`).
//! Must not: run searches, compute statistics, or touch solutions files.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

mod keys;

use super::{JobLog, JobResult, Plan};
use crate::batch::journal::{FoundLine, Journal, RunKey, RunRecord};
use crate::board::Cell;
use crate::error::Error;
use crate::io::testset::Position;
use keys::Keys;
pub use keys::SCHEMA;

/// The journal of one comparison, as a [`JobLog`].
pub struct CompareJournal<'a> {
    journal: Mutex<Journal>,
    /// Journaled runs by key.
    runs: HashMap<RunKey, RunRecord>,
    /// Journaled lines by (position, score).
    lines: HashMap<(usize, i32), Vec<Vec<Cell>>>,
    progress: &'a (dyn Fn() + Sync),
    restored: AtomicUsize,
    /// Restored jobs found by a key without the resolution's fingerprint.
    legacy: AtomicUsize,
    /// Jobs run again whose only entry has a key of schema 1.
    unread: AtomicUsize,
    added: AtomicUsize,
}

fn run_key(plan: &Plan, config: &str, position: &Position, run: u32) -> RunKey {
    RunKey::new(
        config,
        plan.budget,
        plan.variant,
        plan.seed,
        position.index as u64,
        u64::from(run),
    )
}

impl<'a> CompareJournal<'a> {
    /// Opens (or starts) the journal at `path` and appends to it the jobs of each
    /// journal of `add` that it lacks (`compare --journal-add`, saying how many on
    /// stderr); `progress` is called once per job, run now or taken from the
    /// journal. Warns on stderr about a torn last append (a kill mid-write).
    pub fn open(
        path: &Path,
        add: &[PathBuf],
        progress: &'a (dyn Fn() + Sync),
    ) -> Result<Self, Error> {
        let mut journal = Journal::open(path)?;
        if let Some((kept, dropped)) = journal.torn() {
            eprintln!(
                "warning: {}: the last append was cut short ({dropped} bytes after byte {kept}); \
                 its job runs again",
                path.display()
            );
        }
        for other in add {
            if !other.exists() {
                return Err(Error::Config(format!(
                    "--journal-add {}: no such file",
                    other.display()
                )));
            }
            let n = journal.add_runs_from(&mut Journal::open(other)?)?;
            eprintln!(
                "journal {}: {n} job(s) added from {}",
                path.display(),
                other.display()
            );
        }
        let runs = journal
            .records()
            .iter()
            .map(|r| (r.key(), r.clone()))
            .collect();
        let mut lines: HashMap<(usize, i32), Vec<Vec<Cell>>> = HashMap::new();
        for l in journal.take_found() {
            lines
                .entry((l.position, l.score))
                .or_default()
                .push(l.moves);
        }
        Ok(CompareJournal {
            journal: Mutex::new(journal),
            runs,
            lines,
            progress,
            restored: AtomicUsize::new(0),
            legacy: AtomicUsize::new(0),
            unread: AtomicUsize::new(0),
            added: AtomicUsize::new(0),
        })
    }

    /// The key this build journals job (`c`, `position`, run `r`) of `plan` under
    /// (`compare --checkpoint` names a job's checkpoint by it).
    pub fn key(plan: &Plan, c: usize, position: &Position, r: u32) -> Result<RunKey, Error> {
        let keys = Keys::of(plan, c, position)?;
        Ok(run_key(plan, &keys.current, position, r))
    }

    /// The journal's file.
    pub fn path(&self) -> std::path::PathBuf {
        self.lock().path().to_path_buf()
    }

    /// Syncs the journal to disk.
    pub fn flush(&self) -> Result<(), Error> {
        self.lock().flush()
    }

    /// Jobs taken from the journal so far.
    pub fn restored_count(&self) -> usize {
        self.restored.load(Ordering::Relaxed)
    }

    /// Jobs taken from the journal whose entries predate the resolution's
    /// fingerprint in keys: a default changed since they ran would not be noticed.
    pub fn legacy_count(&self) -> usize {
        self.legacy.load(Ordering::Relaxed)
    }

    /// Jobs not taken although the journal has them under a key of schema 1, which
    /// this build does not read.
    pub fn unread_count(&self) -> usize {
        self.unread.load(Ordering::Relaxed)
    }

    /// Jobs appended to the journal so far.
    pub fn added_count(&self) -> usize {
        self.added.load(Ordering::Relaxed)
    }

    /// Whether the journal has job (`c`, `position`, run `r`) of `plan` under any
    /// key it reads, with a line that replays to its score: what resuming would
    /// take (`compare --journal-only` reports on the positions where it has every
    /// job). No side effect.
    pub fn has(&self, plan: &Plan, c: usize, position: &Position, r: u32) -> bool {
        self.find(plan, c, position, r).is_some()
    }

    /// The journaled job (`c`, `position`, run `r`) of `plan`: this build's key, or
    /// schema 2 without the resolution (counted as older). Only with a line that
    /// replays on the board to its score.
    fn find(&self, plan: &Plan, c: usize, position: &Position, r: u32) -> Option<Found<'_>> {
        let keys = Keys::of(plan, c, position).ok()?;
        let get = |k: &str| self.runs.get(&run_key(plan, k, position, r));
        let (rec, old) = match get(&keys.current) {
            Some(rec) => (rec, false),
            None => (get(&keys.unresolved)?, true),
        };
        let board = position.board(plan.variant);
        let moves = self
            .lines
            .get(&(position.index, rec.score))?
            .iter()
            .find(|m| crate::line::verify(&board, m, rec.score).is_ok())?;
        Some(Found { rec, old, moves })
    }

    /// Whether the journal has job (`c`, `position`, run `r`) of `plan` under a key
    /// of schema 1 (asked of a job it does not otherwise have). No side effect.
    pub fn has_schema_1(&self, plan: &Plan, c: usize, position: &Position, r: u32) -> bool {
        // The job's other fields first: its keys (a resolution) only when one matches.
        let mut same_job = self
            .runs
            .values()
            .filter(|rec| {
                (rec.position, rec.run, rec.seed)
                    == (position.index as u64, u64::from(r), plan.seed)
                    && (rec.variant, rec.budget) == (plan.variant, plan.budget)
            })
            .peekable();
        if same_job.peek().is_none() {
            return false;
        }
        let Ok(keys) = Keys::of(plan, c, position) else {
            return false;
        };
        same_job.any(|rec| keys.schema_1_twin(&rec.config))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Journal> {
        self.journal.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A job found in the journal ([`CompareJournal::find`]).
struct Found<'j> {
    rec: &'j RunRecord,
    /// Its key lacks the resolution (journaled before keys held it).
    old: bool,
    moves: &'j Vec<Cell>,
}

impl JobLog for CompareJournal<'_> {
    fn restored(&self, plan: &Plan, c: usize, position: &Position, r: u32) -> Option<JobResult> {
        let Some(Found { rec, old, moves }) = self.find(plan, c, position, r) else {
            if self.has_schema_1(plan, c, position, r) {
                self.unread.fetch_add(1, Ordering::Relaxed);
            }
            return None;
        };
        self.restored.fetch_add(1, Ordering::Relaxed);
        if old {
            self.legacy.fetch_add(1, Ordering::Relaxed);
        }
        // A job taken from the journal is done: the progress bar counts it too.
        (self.progress)();
        Some(JobResult {
            config: c,
            position: position.index,
            run: r,
            score: rec.score,
            playouts: rec.playouts,
            nodes_created: rec.nodes_created,
            peak_nodes: rec.peak_nodes,
            seconds: rec.seconds,
            moves: moves.clone(),
        })
    }

    fn finished(&self, plan: &Plan, position: &Position, job: &JobResult) -> Result<(), Error> {
        let keys = Keys::of(plan, job.config, position)?;
        let rec = RunRecord {
            config: Arc::from(keys.current),
            params: Arc::from(keys.params),
            budget: plan.budget,
            variant: plan.variant,
            seed: plan.seed,
            position: position.index as u64,
            run: u64::from(job.run),
            score: job.score,
            playouts: job.playouts,
            nodes_created: job.nodes_created,
            peak_nodes: job.peak_nodes,
            seconds: job.seconds,
        };
        let line = FoundLine {
            variant: plan.variant,
            position: position.index,
            score: job.score,
            moves: job.moves.clone(),
        };
        self.lock().add(rec, Some(&line))?;
        self.added.fetch_add(1, Ordering::Relaxed);
        (self.progress)();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::{Aggregate, Entry};
    use crate::io::testset::TestSet;
    use crate::rules::Variant;
    use crate::search::{Algo, Budget, SearchConfig};

    fn plan() -> Plan {
        Plan {
            testset: "tiny".into(),
            variant: Variant::SameGame,
            budget: Budget::Iterations(50),
            runs: 1,
            seed: 3,
            aggregate: Aggregate::Mean,
            baseline: 0,
            all_pairs: false,
            configs: vec![Entry {
                label: "mcts".into(),
                spec: "--algo mcts".into(),
                config: (SearchConfig::new(Algo::Mcts, 1)).valid().unwrap(),
            }],
        }
    }

    /// A record of configuration 0 on `position` under the configuration string
    /// `config`, with a line found by a real search, and that line.
    fn record(plan: &Plan, position: &Position, config: &str) -> (RunRecord, FoundLine) {
        let board = position.board(plan.variant);
        let mut rng = crate::rng::rng_for(plan.seed, position.index as u64, 0);
        let r = crate::search::search(&plan.configs[0].config, &board, plan.budget, &mut rng);
        let params = Keys::of(plan, 0, position).unwrap().params;
        let rec = RunRecord {
            config: Arc::from(config),
            params: Arc::from(params),
            budget: plan.budget,
            variant: plan.variant,
            seed: plan.seed,
            position: position.index as u64,
            run: 0,
            score: r.score,
            playouts: r.stats.playouts,
            nodes_created: 0,
            peak_nodes: 0,
            seconds: 0.0,
        };
        let line = FoundLine {
            variant: plan.variant,
            position: position.index,
            score: r.score,
            moves: r.moves,
        };
        (rec, line)
    }

    /// A journal holding one record of position 1 under the key `which` picks, and
    /// whether a compare reading it restores it, the jobs it counts as journaled by
    /// an older build and as unread (schema 1); then whether the journal, opened
    /// again, has it under this build's key or its unresolved form.
    fn restore(which: impl Fn(&Keys) -> String, name: &str) -> (bool, usize, usize, bool) {
        let dir = std::env::temp_dir().join(format!("samegame-cj-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("j.journal");
        let set = TestSet::parse("0112\n2201\n1210\n0121\n", Path::new("tiny.txt")).unwrap();
        let (plan, pos) = (plan(), &set.positions[0]);
        let keys = Keys::of(&plan, 0, pos).unwrap();
        let (rec, line) = record(&plan, pos, &which(&keys));
        let mut j = Journal::open(&path).unwrap();
        j.add(rec, Some(&line)).unwrap();
        j.flush().unwrap();
        drop(j);
        let progress = || {};
        let cj = CompareJournal::open(&path, &[], &progress).unwrap();
        let found = cj.restored(&plan, 0, pos, 0).is_some();
        let counts = (cj.legacy_count(), cj.unread_count());
        cj.flush().unwrap();
        drop(cj);
        let again = Journal::open(&path).unwrap();
        let schema2 = [&keys.current, &keys.unresolved]
            .iter()
            .any(|k| again.contains(&run_key(&plan, k, pos, 0)));
        let _ = std::fs::remove_dir_all(&dir);
        (found, counts.0, counts.1, schema2)
    }

    #[test]
    fn keys_hold_what_the_defaults_resolve_to() {
        // This build's key: restored.
        assert_eq!(
            restore(|k| k.current.clone(), "current"),
            (true, 0, 0, true)
        );
        // The same parameters resolved otherwise (a default changed since): run again.
        let changed = |k: &Keys| format!("{} | resolved {:016x}", k.unresolved, 0);
        assert_eq!(restore(changed, "changed"), (false, 0, 0, false));
        // Journaled before keys held the resolution: restored, and counted.
        assert_eq!(
            restore(|k| k.unresolved.clone(), "legacy"),
            (true, 1, 0, true)
        );
    }

    /// A key of schema 1 (`{line} | board {fingerprint} | {JSON}[ | resolved …]`).
    fn schema_1(k: &Keys, resolved: bool) -> String {
        let line_board = k.unresolved.strip_prefix("schema 2 | ").unwrap();
        let key = format!("{line_board} | {{\"algo\":\"Mcts\"}}");
        match resolved {
            true => format!("{key} | resolved {:016x}", 7),
            false => key,
        }
    }

    #[test]
    fn schema_1_keys_are_not_read_but_counted() {
        assert_eq!(restore(|k| schema_1(k, true), "v1"), (false, 0, 1, false));
        assert_eq!(
            restore(|k| schema_1(k, false), "v1-old"),
            (false, 0, 1, false)
        );
        // Another configuration's schema-1 key is not this job's.
        let other = |k: &Keys| schema_1(k, true).replacen("mcts", "nmcs", 1);
        assert_eq!(restore(other, "v1-other"), (false, 0, 0, false));
    }

    #[test]
    fn schema_2_keys_hold_no_serialised_type() {
        let set = TestSet::parse("0112\n2201\n1210\n0121\n", Path::new("tiny.txt")).unwrap();
        let keys = Keys::of(&plan(), 0, &set.positions[0]).unwrap();
        assert!(
            keys.current.starts_with("schema 2 | mcts --c "),
            "{}",
            keys.current
        );
        assert!(!keys.current.contains('{'), "{}", keys.current);
        assert!(!keys.schema_1_twin(&keys.current));
        assert!(keys.schema_1_twin(&schema_1(&keys, true)));
        assert!(keys.params.contains("\"trees\""), "{}", keys.params);
    }

    #[test]
    fn the_resolution_is_what_runs() {
        let set = TestSet::parse("0112\n2201\n1210\n0121\n", Path::new("tiny.txt")).unwrap();
        let board = set.positions[0].board(Variant::SameGame);
        let budget = Budget::Iterations(100_000);
        let text = |c: &SearchConfig| crate::search::resolution(c, &board, budget);
        let auto = SearchConfig::new(Algo::Mcts, 1);
        // Two root-parallel trees: the whole budget, then their (equal) share.
        assert_eq!(text(&auto).matches(" | ").count(), 1);
        // The default C written out resolves as `auto` does: the text holds values.
        let c = auto.resolve(&board, budget).plan.unwrap().levels[0].c;
        let mut same = auto.clone();
        same.tree_mut().unwrap().c[0] = crate::search::Setting::Set(c);
        assert_eq!(text(&same), text(&auto));
        // Another C is another search.
        let mut other = auto.clone();
        other.tree_mut().unwrap().c[0] = crate::search::Setting::Set(c * 3.0 + 0.01);
        assert_ne!(text(&other), text(&auto));
        // NRPA runs one search: no shares.
        assert!(!text(&SearchConfig::new(Algo::Nrpa, 3)).contains(" | "));
    }

    #[test]
    fn fingerprint_is_fnv1a() {
        // Published FNV-1a 64 test vectors.
        assert_eq!(keys::fingerprint(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(keys::fingerprint("a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(keys::fingerprint("foobar"), 0x8594_4171_f739_67e8);
    }
}
