//! Tests of the batch driver through this command's flags: runs resume and are
//! deterministic whatever the thread count; a set stop flag starts nothing.

use super::*;
use crate::batch::{select, Silent};
use clap::Parser;

/// A configuration built through the command line only (the stable interface).
#[derive(Parser)]
struct Flags {
    #[command(flatten)]
    search: SearchArgs,
}

fn testset() -> TestSet {
    TestSet::parse(
        "# t\n\n01201\n12012\n20120\n\n0112\n1220\n2001\n",
        Path::new("t.txt"),
    )
    .unwrap()
}

fn dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("sg-batch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn batch(set: &TestSet, threads: usize) -> Batch<'_> {
    Batch {
        set,
        variant: Variant::SameGame,
        config: Flags::parse_from(["t", "--level", "1"])
            .search
            .config()
            .unwrap(),
        budget: Budget::Iterations(5),
        seed: 7,
        jobs: select::jobs(&[1, 2], 3, None),
        threads,
        checkpoints: None,
    }
}

#[test]
fn runs_resume_and_are_deterministic() {
    let set = testset();
    let mut files = Vec::new();
    for threads in [1, 2] {
        let d = dir(&format!("det{threads}"));
        let b = batch(&set, threads);
        let mut rec = Record::load(&d.join("s.txt"), &set, b.variant).unwrap();
        let mut j = Journal::open(&d.join("j")).unwrap();
        let stop = AtomicBool::new(false);
        let o = b
            .run(&mut rec, &mut j, &d.join("r.jsonl"), &stop, &Silent)
            .unwrap();
        assert_eq!(o.finished, 6);
        assert_eq!(j.records().len(), 6);
        let again = b
            .run(&mut rec, &mut j, &d.join("r.jsonl"), &stop, &Silent)
            .unwrap();
        assert_eq!((again.skipped, again.finished), (6, 0));
        let s = b.summary(&j, &rec);
        assert_eq!(s.len(), 2);
        assert!(s.iter().all(|p| p.runs == 3 && p.best == p.record));
        let lines = std::fs::read_to_string(d.join("r.jsonl")).unwrap();
        assert_eq!(lines.lines().count(), 6);
        files.push(std::fs::read_to_string(d.join("s.txt")).unwrap());
    }
    assert_eq!(files[0], files[1]);
}

#[test]
fn stop_flag_starts_nothing() {
    let set = testset();
    let d = dir("stop");
    let b = batch(&set, 1);
    let mut rec = Record::load(&d.join("s.txt"), &set, b.variant).unwrap();
    let mut j = Journal::open(&d.join("j")).unwrap();
    let stop = AtomicBool::new(true);
    let o = b
        .run(&mut rec, &mut j, &d.join("r.jsonl"), &stop, &Silent)
        .unwrap();
    assert_eq!((o.finished, o.not_started), (0, 6));
    assert!(!d.join("s.txt").exists());
}
