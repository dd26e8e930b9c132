//! End-to-end tests of `samegame compare --checkpoint`: a comparison stopped mid-run
//! (the hidden `--checkpoint-stop-after N` stops it as Ctrl-C would once a job has
//! played N playouts) exits 130 with what ended journaled and the NRPA jobs in
//! progress checkpointed; the same command continues them and ends with the
//! results of a comparison never stopped. Also through a plan, and the refusals.
//! Iteration budgets only.

mod common;
use common::compare::{compare, scores_csv};
use common::process::text;
use common::testset;

use std::path::Path;
use std::process::Output;

/// NRPA (level 3, and width 2 on two threads) and level-2 NMCTS (checkpointed), and
/// NMCS (not).
const CONFIGS: &str = "n3: --algo nrpa --level 3 --nrpa-iterations 12\n\
    w2: --algo nrpa --level 2 --nrpa-iterations 40 --search-threads 2\n\
    t: --algo nmcts --level 2\n\
    m: --algo nmcs --level 1\n";

fn both(o: &Output) -> String {
    format!("{}\n{}", text(&o.stdout), text(&o.stderr))
}

fn checkpoints_left(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| d.count())
}

#[test]
fn a_stopped_comparison_continues_from_its_checkpoints_as_if_never_stopped() {
    let d = common::tempdir("compare-checkpoint");
    testset(&d, 2, 9, 8, 4);
    std::fs::write(d.join("c.txt"), CONFIGS).unwrap();
    let args = [
        "set.txt",
        "--configs",
        "c.txt",
        "--iterations",
        "4000",
        "--runs",
        "2",
    ];
    let plain = compare(
        &d,
        &[&args[..], &["--threads", "2", "--csv", "plain.csv"]].concat(),
    );
    assert!(plain.status.success(), "{}", both(&plain));
    let ck: Vec<&str> = [
        &args[..],
        &["--journal", "ck.journal", "--csv", "ck.csv", "--checkpoint"],
    ]
    .concat();
    // Stopped twice on the way, on different thread counts.
    let mut said = Vec::new();
    for (threads, stop) in [("2", "1500"), ("1", "2500")] {
        let o = compare(
            &d,
            &[
                &ck[..],
                &["--threads", threads, "--checkpoint-stop-after", stop],
            ]
            .concat(),
        );
        assert_eq!(o.status.code(), Some(130), "{}", both(&o));
        let out = both(&o);
        assert!(out.contains("saved their checkpoints"), "{out}");
        assert!(out.contains("m cannot be checkpointed"), "{out}");
        said.extend(best_so_far(&out));
        assert!(
            !d.join("ck.csv").exists(),
            "no report from a stopped comparison"
        );
        assert!(checkpoints_left(&d.join("ck.journal.checkpoints")) >= 1);
    }
    // A third stop, `--quiet`: no per-job line (continued, best so far), the stop's
    // summary still said.
    let o = compare(
        &d,
        &[&ck[..], &["--checkpoint-stop-after", "3000", "--quiet"]].concat(),
    );
    assert_eq!(o.status.code(), Some(130), "{}", both(&o));
    let out = both(&o);
    assert!(out.contains("saved their checkpoints"), "{out}");
    assert!(!out.contains("best so far"), "{out}");
    assert!(!out.contains("continues from its checkpoint"), "{out}");
    let o = compare(&d, &[&ck[..], &["--threads", "2"]].concat());
    assert!(o.status.success(), "{}", both(&o));
    assert!(
        both(&o).contains("continues from its checkpoint"),
        "{}",
        both(&o)
    );
    assert_eq!(
        scores_csv(&d.join("ck.csv")),
        scores_csv(&d.join("plain.csv"))
    );
    assert_eq!(checkpoints_left(&d.join("ck.journal.checkpoints")), 0);
    // Each job stopped said its best so far, never above what the job ended with.
    assert!(!said.is_empty());
    let csv = std::fs::read_to_string(d.join("ck.csv")).unwrap();
    for (job, score) in said {
        // label,config,position,run,seed,score,…: the config may hold quoted commas,
        // so the fields after it are read from the right.
        let end = csv
            .lines()
            .find_map(|l| {
                let f: Vec<&str> = l.rsplitn(9, ',').collect();
                let label = f.get(8)?.split(',').next()?;
                ((label, f[7], f[6]) == (job.0.as_str(), job.1.as_str(), job.2.as_str()))
                    .then(|| f[4].parse::<i32>().unwrap())
            })
            .unwrap_or_else(|| panic!("{job:?} in\n{csv}"));
        assert!(score <= end, "{job:?}: said {score}, ended {end}");
    }
}

/// The `LABEL, position P, run R: best so far S (…)` lines of `out`: ((label,
/// position, run), score).
fn best_so_far(out: &str) -> Vec<((String, String, String), i32)> {
    out.lines()
        .filter_map(|l| {
            let (job, rest) = l.split_once(": best so far ")?;
            let mut parts = job.split(", ");
            let label = parts.next()?.to_string();
            let position = parts.next()?.strip_prefix("position ")?.to_string();
            let run = parts.next()?.strip_prefix("run ")?.to_string();
            let score = rest.split(' ').next()?.parse().ok()?;
            Some(((label, position, run), score))
        })
        .collect()
}

#[test]
fn a_stopped_plan_writes_no_report_and_continues() {
    let d = common::tempdir("compare-checkpoint-plan");
    testset(&d, 2, 9, 8, 4);
    std::fs::write(
        d.join("p.toml"),
        "question = \"stop\"\ntestset = \"set.txt\"\niterations = 3000\nruns = 1\n\
         out = \"out\"\nconfigs = [\"a: --algo nrpa --level 2\", \"b: --algo nrpa --level 3\"]\n",
    )
    .unwrap();
    let o = compare(
        &d,
        &[
            "--plan",
            "p.toml",
            "--checkpoint",
            "--checkpoint-stop-after",
            "1000",
        ],
    );
    assert_eq!(o.status.code(), Some(130), "{}", both(&o));
    assert!(!d.join("out/p.csv").exists() && !d.join("out/p.md").exists());
    assert!(checkpoints_left(&d.join("out/p.journal.checkpoints")) >= 1);
    let o = compare(&d, &["--plan", "p.toml", "--checkpoint"]);
    assert!(o.status.success(), "{}", both(&o));
    let flags = compare(
        &d,
        &[
            "set.txt",
            "--config",
            "a: --algo nrpa --level 2",
            "--config",
            "b: --algo nrpa --level 3",
            "--iterations",
            "3000",
            "--csv",
            "flags.csv",
        ],
    );
    assert!(flags.status.success(), "{}", both(&flags));
    assert_eq!(
        scores_csv(&d.join("out/p.csv")),
        scores_csv(&d.join("flags.csv"))
    );
    assert_eq!(checkpoints_left(&d.join("out/p.journal.checkpoints")), 0);
}

#[test]
fn checkpoints_need_a_journal_and_a_sound_period() {
    let d = common::tempdir("compare-checkpoint-refused");
    testset(&d, 1, 6, 6, 3);
    let base = ["set.txt", "--config", "--algo nrpa", "--iterations", "100"];
    for (extra, message) in [
        (&["--checkpoint"][..], "--checkpoint needs a journal"),
        (
            &["--journal", "j", "--checkpoint", "--checkpoint-every", "0"][..],
            "--checkpoint-every must be",
        ),
        (&["--checkpoint-every", "5"][..], "--checkpoint"),
    ] {
        let o = compare(&d, &[&base[..], extra].concat());
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", both(&o));
        assert!(both(&o).contains(message), "{extra:?}: {}", both(&o));
    }
}
