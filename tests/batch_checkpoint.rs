//! End-to-end tests of `samegame batch --checkpoint` (plain, width-2 and Beam
//! NRPA, the warm tree, the beam): a batch stopped mid-run (the hidden `--checkpoint-stop-after N` stops
//! every run as Ctrl-C would, after N playouts) continues its runs from their checkpoints, and ends with the results
//! and solutions of a batch never stopped. Iteration budgets only.

mod common;
use common::{run_in as run, tempdir, testset};

use std::path::Path;
use std::process::Output;

fn text(o: &Output) -> String {
    format!(
        "{}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// (position, run, score, playouts) of every line of a results file, sorted.
fn results(path: &Path) -> Vec<(u64, u64, i64, u64)> {
    let mut v: Vec<_> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let j: serde_json::Value = serde_json::from_str(l).unwrap();
            let n = |k: &str| j[k].as_u64().unwrap();
            (
                n("position"),
                n("run"),
                j["score"].as_i64().unwrap(),
                n("playouts"),
            )
        })
        .collect();
    v.sort_unstable();
    v
}

const SEARCH: &str = "--algo nrpa --level 3 --nrpa-iterations 12 --iterations 5000";

#[test]
fn a_stopped_batch_continues_from_its_checkpoints_as_if_never_stopped() {
    let d = tempdir("checkpoint-resume");
    testset(&d, 3, 9, 8, 4);
    let plain = run(
        &d,
        &format!("batch set.txt {SEARCH} --runs 2 --threads 2 --out plain.txt"),
    );
    assert!(plain.status.success(), "{}", text(&plain));
    // Stopped twice on the way, on different thread counts.
    let args = format!("batch set.txt {SEARCH} --runs 2 --out ck.txt --checkpoint");
    let mut reported = Vec::new();
    let mut unfinished = 0;
    for (threads, stop) in [(2, 1_500), (1, 2_000)] {
        let o = run(
            &d,
            &format!("{args} --threads {threads} --checkpoint-stop-after {stop}"),
        );
        assert_eq!(o.status.code(), Some(130), "{}", text(&o));
        // A run's checkpoints say its best game so far, rising within a process: the
        // run that reached the stop at least (a run the stop meets before its search
        // has a game returns one game and takes no checkpoint).
        let said = best_so_far(&text(&o));
        assert!((1..=threads).contains(&said.len()), "{}", text(&o));
        for w in said.windows(2) {
            if w[0].0 == w[1].0 {
                assert!(w[0].1 < w[1].1, "{said:?}");
            }
        }
        reported.extend(said);
        // The table: a position with no finished run has no mean ("-", not 0.0).
        for l in String::from_utf8_lossy(&o.stdout).lines() {
            let f: Vec<&str> = l.split_whitespace().collect();
            if f.len() == 6 && f[0].parse::<u64>().is_ok() {
                match f[1] {
                    "0" => {
                        unfinished += 1;
                        assert_eq!(f[3], "-", "{l}");
                    }
                    _ => assert!(f[3].parse::<f64>().is_ok(), "{l}"),
                }
            }
        }
        assert!(
            text(&o).contains("continue from their checkpoints"),
            "{}",
            text(&o)
        );
        let files = std::fs::read_dir(d.join("ck.journal.checkpoints"))
            .unwrap()
            .count();
        assert!(files >= 1, "checkpoint files after a stop: {files}");
    }
    assert!(
        unfinished > 0,
        "no table row of a position without a finished run"
    );
    continues_to_the_plain_files(&d, &format!("{args} --threads 2"));
    // No run ended below a best it reported.
    for ((p, r), best, playouts) in reported {
        let end = results(&d.join("ck.results.jsonl"))
            .into_iter()
            .find(|&(q, s, _, _)| (q, s) == (p, r))
            .unwrap();
        assert!(
            best <= end.2 && playouts <= end.3,
            "{p} {r}: {best} {playouts} {end:?}"
        );
    }
}

/// The `position P run R: best so far S (N playouts, T s)` lines of a batch's
/// output: ((P, R), S, N) in order.
fn best_so_far(out: &str) -> Vec<((u64, u64), i64, u64)> {
    out.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("position ")?;
            let (p, rest) = rest.split_once(" run ")?;
            let (r, rest) = rest.split_once(": best so far ")?;
            let (s, rest) = rest.split_once(" (")?;
            let n = rest.split(' ').next()?;
            Some((
                (p.parse().ok()?, r.parse().ok()?),
                s.parse().ok()?,
                n.parse().ok()?,
            ))
        })
        .collect()
}

/// Runs `args` (a batch into ck.txt that continues runs from their checkpoints) in
/// `d` and checks that it ends with the results and solutions of plain.txt's batch,
/// and no checkpoint left (every run journaled).
fn continues_to_the_plain_files(d: &Path, args: &str) {
    let o = run(d, args);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("continues from its checkpoint"),
        "{}",
        text(&o)
    );
    assert_eq!(
        results(&d.join("ck.results.jsonl")),
        results(&d.join("plain.results.jsonl"))
    );
    assert_eq!(
        std::fs::read_to_string(d.join("ck.txt")).unwrap(),
        std::fs::read_to_string(d.join("plain.txt")).unwrap()
    );
    let left = std::fs::read_dir(d.join("ck.journal.checkpoints"))
        .unwrap()
        .count();
    assert_eq!(left, 0);
}

#[test]
fn a_stopped_parallel_nrpa_batch_continues_as_if_never_stopped() {
    // Width 2 (one search on two threads per run): checkpoints at its rounds.
    let d = tempdir("checkpoint-wide");
    testset(&d, 2, 9, 8, 4);
    let search = format!("{SEARCH} --runs 1 --search-threads 2 --threads 1");
    let plain = run(&d, &format!("batch set.txt {search} --out plain.txt"));
    assert!(plain.status.success(), "{}", text(&plain));
    let args = format!("batch set.txt {search} --out ck.txt --checkpoint");
    let o = run(&d, &format!("{args} --checkpoint-stop-after 2000"));
    assert_eq!(o.status.code(), Some(130), "{}", text(&o));
    continues_to_the_plain_files(&d, &args);
}

#[test]
fn a_stopped_beam_nrpa_batch_continues_as_if_never_stopped() {
    // Beam NRPA (B = 2): every level in progress saves its beam and candidates.
    let d = tempdir("checkpoint-beam");
    testset(&d, 2, 9, 8, 4);
    let search = format!("{SEARCH} --nrpa-beam 2 --runs 1 --threads 2");
    let plain = run(&d, &format!("batch set.txt {search} --out plain.txt"));
    assert!(plain.status.success(), "{}", text(&plain));
    let args = format!("batch set.txt {search} --out ck.txt --checkpoint");
    let o = run(&d, &format!("{args} --checkpoint-stop-after 1700"));
    assert_eq!(o.status.code(), Some(130), "{}", text(&o));
    continues_to_the_plain_files(&d, &args);
}

#[test]
fn a_stopped_warm_tree_batch_continues_as_if_never_stopped() {
    // nmcts's default on boards of 144 tiles, the warm tree: checkpointed between its
    // top-level simulations (tree, learned policies, generator).
    let d = tempdir("checkpoint-tree");
    testset(&d, 2, 12, 12, 4);
    let search = "--algo nmcts --level 2 --iterations 20000 --runs 1 --threads 2";
    let plain = run(&d, &format!("batch set.txt {search} --out plain.txt"));
    assert!(plain.status.success(), "{}", text(&plain));
    let args = format!("batch set.txt {search} --out ck.txt --checkpoint");
    let o = run(&d, &format!("{args} --checkpoint-stop-after 6000"));
    assert_eq!(o.status.code(), Some(130), "{}", text(&o));
    continues_to_the_plain_files(&d, &args);
}

#[test]
fn a_stopped_beam_batch_continues_as_if_never_stopped() {
    // The beam: checkpointed at the start of its layers (its trace, not its
    // positions); a stop saves the start of the layer it cut short.
    let d = tempdir("checkpoint-beam-search");
    testset(&d, 2, 10, 10, 4);
    let search = "--algo beam --beam-width 256 --iterations 400000 --runs 1 --threads 2";
    let plain = run(&d, &format!("batch set.txt {search} --out plain.txt"));
    assert!(plain.status.success(), "{}", text(&plain));
    let args = format!("batch set.txt {search} --out ck.txt --checkpoint");
    for stop in [20_000, 30_000] {
        let o = run(&d, &format!("{args} --checkpoint-stop-after {stop}"));
        assert_eq!(o.status.code(), Some(130), "{}", text(&o));
    }
    continues_to_the_plain_files(&d, &args);
}

#[test]
fn a_damaged_checkpoint_is_an_error_naming_it_and_is_left_alone() {
    let d = tempdir("checkpoint-damaged");
    testset(&d, 1, 9, 8, 4);
    let args = format!("batch set.txt {SEARCH} --runs 1 --threads 1 --out ck.txt --checkpoint");
    let o = run(&d, &format!("{args} --checkpoint-stop-after 1000"));
    assert_eq!(o.status.code(), Some(130), "{}", text(&o));
    let dir = d.join("ck.journal.checkpoints");
    let file = std::fs::read_dir(&dir)
        .unwrap()
        .next()
        .unwrap()
        .unwrap()
        .path();
    // The file's first three newlines: after the format, the identity, the hash.
    let first = std::fs::read(&file).unwrap();
    let nl: Vec<usize> = (0..first.len())
        .filter(|&i| first[i] == b'\n')
        .take(3)
        .collect();
    for (damage, message) in [
        (
            b"not a checkpoint".to_vec(),
            "not a samegame checkpoint (line 1)",
        ),
        (
            {
                let mut b = std::fs::read(&file).unwrap();
                b.truncate(b.len() / 2);
                b
            },
            "the search state (after line 3) is damaged",
        ),
        (
            // One bit of the state flipped: it would read back as other weights.
            {
                let mut b = first.clone();
                let i = b.len() - 100;
                b[i] ^= 4;
                b
            },
            "the search state (after line 3) is damaged: its hash is",
        ),
        (
            [&first[..nl[1] + 1], b"fnv1a nothex", &first[nl[2]..]].concat(),
            "line 3 is not 'fnv1a <hash>'",
        ),
    ] {
        let good = std::fs::read(&file).unwrap();
        std::fs::write(&file, &damage).unwrap();
        let o = run(&d, &args);
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            text(&o).contains(&name) && text(&o).contains(message),
            "{}",
            text(&o)
        );
        assert_eq!(std::fs::read(&file).unwrap(), damage, "left as it was");
        std::fs::write(&file, good).unwrap();
    }
    // A file of format 1 (no hash line, written before it had one) is still read.
    let one = [
        &b"samegame-checkpoint 1\n"[..],
        &first[nl[0] + 1..nl[1] + 1],
        &first[nl[2] + 1..],
    ]
    .concat();
    std::fs::write(&file, one).unwrap();
    let o = run(&d, &args);
    assert!(o.status.success(), "{}", text(&o));
    assert!(
        text(&o).contains("continues from its checkpoint"),
        "{}",
        text(&o)
    );
}

#[test]
fn checkpoints_are_refused_where_they_cannot_be_kept() {
    let d = tempdir("checkpoint-refused");
    testset(&d, 1, 6, 6, 3);
    for (args, message) in [
        (
            "--algo nmcs --checkpoint",
            "--checkpoint: only nrpa searches, the tree searches (mcts, bmcts, nmcts, nbmcts) and the beam can be checkpointed, not nmcs",
        ),
        (
            "--algo nrpa --search-threads 2 --nrpa-independent --checkpoint",
            "--checkpoint: independent NRPA searches",
        ),
        (
            "--algo mcts --checkpoint",
            "--checkpoint: mcts with several root-parallel trees",
        ),
        (
            "--algo nmcts --z 5,0 --endgame 10 --checkpoint",
            "--checkpoint: nmcts with exact endgames (--endgame 10)",
        ),
        (
            "--algo nrpa --checkpoint --checkpoint-every 0",
            "--checkpoint-every must be",
        ),
        ("--algo nrpa --checkpoint-every 5", "--checkpoint"),
    ] {
        let o = run(
            &d,
            &format!("batch set.txt --iterations 100 --runs 1 {args}"),
        );
        assert_eq!(o.status.code(), Some(2), "{args}: {}", text(&o));
        assert!(text(&o).contains(message), "{args}: {}", text(&o));
    }
}
