//! End-to-end tests of `samegame batch`, `merge` and `show`: the real binary on small
//! temporary test sets with iteration budgets (no timing assertions).

mod common;
use common::process::wait_for;
use common::{scores, tempdir, testset};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_samegame");

use common::run_in as run;

fn ok(dir: &Path, args: &str) -> Output {
    let o = run(dir, args);
    assert!(
        o.status.success(),
        "{args} failed: {}\n{}",
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// (position, run) → score of every line of a results file.
fn results(path: &Path) -> Vec<(u64, u64, i64)> {
    let mut v: Vec<(u64, u64, i64)> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let j: serde_json::Value = serde_json::from_str(l).unwrap();
            (
                j["position"].as_u64().unwrap(),
                j["run"].as_u64().unwrap(),
                j["score"].as_i64().unwrap(),
            )
        })
        .collect();
    v.sort_unstable();
    v
}

/// The solutions text with `position`'s claimed score raised by one.
fn bump_score(text: &str, position: usize) -> String {
    let mut out = String::new();
    for l in text.lines() {
        let mut it = l.split_whitespace();
        match (it.next(), it.next()) {
            (Some(p), Some(score)) if p == position.to_string() => {
                let s: i32 = score.parse().unwrap();
                let rest: Vec<&str> = it.collect();
                out.push_str(&format!("{p} {} {}", s + 1, rest.join(" ")));
            }
            _ => out.push_str(l),
        }
        out.push('\n');
    }
    out
}

fn verify(dir: &Path, set: &Path, sols: &Path) {
    ok(dir, &format!("verify {} {}", set.display(), sols.display()));
}

fn spawn(dir: &Path, args: &str) -> std::process::Child {
    Command::new(BIN)
        .args(args.split_whitespace())
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

#[test]
fn default_paths_resume_and_table() {
    let d = tempdir("resume");
    let set = testset(&d, 3, 8, 8, 4);
    let cmd = "batch set.txt --iterations 50 --runs 3";
    let o = ok(&d, cmd);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("position") && out.contains("total"), "{out}");
    assert!(stderr(&o).contains("9 of 9 runs to do"), "{}", stderr(&o));
    let sols = d.join("solutions/set.samegame.txt");
    let text = std::fs::read_to_string(&sols).unwrap();
    assert!(text.starts_with("# variant samegame\n"), "{text}");
    verify(&d, &set, &sols);
    let journal = d.join("runs/set.samegame.journal");
    let res = d.join("runs/set.samegame.results.jsonl");
    let jbytes = std::fs::read(&journal).unwrap();
    assert_eq!(results(&res).len(), 9);

    // The same command again does no new work and changes nothing.
    let o = ok(&d, cmd);
    assert!(stderr(&o).contains("0 of 9 runs to do"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&sols).unwrap(), text);
    assert_eq!(std::fs::read(&journal).unwrap(), jbytes);
    assert_eq!(results(&res).len(), 9);

    // More runs: only the new ones are done; the table counts all of them.
    let o = ok(&d, "batch set.txt --iterations 50 --runs 5");
    assert!(stderr(&o).contains("6 of 15 runs to do"), "{}", stderr(&o));
    assert_eq!(results(&res).len(), 15);
    let table = String::from_utf8_lossy(&o.stdout).into_owned();
    let total = table.lines().find(|l| l.trim_start().starts_with("total"));
    assert_eq!(
        total.unwrap().split_whitespace().nth(1),
        Some("15"),
        "{table}"
    );
    // A different budget is a different run identity.
    let o = ok(&d, "batch set.txt --iterations 60 --runs 1");
    assert!(stderr(&o).contains("3 of 3 runs to do"), "{}", stderr(&o));
}

/// A CPU-time budget is a budget of its own: journaled and resumed as one, written
/// to the results file as `{"cpu_time": S}`, never taken for the same wall time.
#[cfg(unix)]
#[test]
fn cpu_time_budgets_are_journaled_and_resumed() {
    let d = tempdir("cputime");
    let set = testset(&d, 2, 6, 6, 3);
    let cmd = "batch set.txt --cpu-time 0.05 --runs 1";
    let o = ok(&d, cmd);
    assert!(stderr(&o).contains("2 of 2 runs to do"), "{}", stderr(&o));
    verify(&d, &set, &d.join("solutions/set.samegame.txt"));
    let res = std::fs::read_to_string(d.join("runs/set.samegame.results.jsonl")).unwrap();
    assert_eq!(
        res.matches("\"budget\":{\"cpu_time\":0.05}").count(),
        2,
        "{res}"
    );
    let o = ok(&d, cmd);
    assert!(stderr(&o).contains("0 of 2 runs to do"), "{}", stderr(&o));
    let o = ok(&d, "batch set.txt --time 0.05 --runs 1");
    assert!(stderr(&o).contains("2 of 2 runs to do"), "{}", stderr(&o));
}

#[cfg(unix)]
#[test]
fn interrupted_run_resumes() {
    let d = tempdir("interrupt");
    let set = testset(&d, 4, 10, 10, 4);
    let child = spawn(
        &d,
        // Far more runs than it can do before the interrupt, even on a loaded machine.
        "batch set.txt --iterations 200 --runs 100000 --threads 2 --out s.txt",
    );
    wait_for(|| d.join("s.journal").exists(), "the journal");
    // A second batch on the same files is refused while the first one runs.
    let o = run(&d, "batch set.txt --iterations 200 --runs 1 --out s.txt");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("another batch or compare is running"),
        "{}",
        stderr(&o)
    );
    let st = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).contains("interrupted"), "{}", stderr(&o));
    verify(&d, &set, &d.join("s.txt"));
    let done = results(&d.join("s.results.jsonl")).len();
    assert!(done > 0 && done < 400_000, "{done}");

    // Resume with fewer runs so the test stays short: finished runs are skipped.
    let before = scores(&d.join("s.txt"));
    let journaled = results(&d.join("s.results.jsonl"))
        .iter()
        .filter(|r| r.1 < 3)
        .count();
    let o = ok(&d, "batch set.txt --iterations 200 --runs 3 --out s.txt");
    let todo = format!("{} of 12 runs to do", 12 - journaled);
    assert!(stderr(&o).contains(&todo), "{todo}: {}", stderr(&o));
    let all = results(&d.join("s.results.jsonl"));
    assert_eq!(all.iter().filter(|r| r.1 < 3).count(), 12);
    assert_eq!(all.len(), done + 12 - journaled);
    verify(&d, &set, &d.join("s.txt"));
    let after = scores(&d.join("s.txt"));
    for (p, s) in before {
        assert!(after[&p] >= s);
    }
}

#[test]
fn killed_run_leaves_a_valid_record() {
    let d = tempdir("kill");
    let set = testset(&d, 4, 10, 10, 4);
    let out = d.join("s.txt");
    let mut best: BTreeMap<usize, i32> = BTreeMap::new();
    for seed in 1..=3 {
        // Round 1 waits for the solutions file to appear; later rounds (other seeds,
        // same file) wait for the journal to change, i.e. for a run to finish.
        let journal = d.join("s.journal");
        let start = std::fs::read(&journal).ok();
        let mut child = spawn(
            &d,
            &format!("batch set.txt --iterations 200 --runs 400 --out s.txt --seed {seed}"),
        );
        wait_for(
            || out.exists() && std::fs::read(&journal).ok() != start,
            "a finished run",
        );
        let snapshot = scores(&out);
        child.kill().unwrap();
        child.wait().unwrap();
        verify(&d, &set, &out);
        let after = scores(&out);
        for (p, s) in snapshot.iter().chain(&best) {
            assert!(
                after[p] >= *s,
                "position {p} got worse: {s} -> {}",
                after[p]
            );
        }
        best = after;
    }
    // The killed batch resumes from its journal (short: fewer runs than before).
    let o = ok(
        &d,
        "batch set.txt --iterations 200 --runs 3 --out s.txt --seed 3",
    );
    assert!(stderr(&o).contains("of 12 runs to do"), "{}", stderr(&o));
    verify(&d, &set, &out);
    let last = scores(&out);
    for (p, s) in &best {
        assert!(last[p] >= *s);
    }
}

#[test]
fn merge_keeps_the_best_verified_line() {
    let d = tempdir("merge");
    let set = testset(&d, 3, 8, 8, 4);
    for seed in 1..=2 {
        ok(
            &d,
            &format!("batch set.txt --iterations 30 --runs 2 --seed {seed} --out s{seed}.txt"),
        );
    }
    ok(&d, "merge s1.txt s2.txt --out m.txt --testset set.txt");
    let (a, b) = (scores(&d.join("s1.txt")), scores(&d.join("s2.txt")));
    let m = scores(&d.join("m.txt"));
    for p in 1..=3 {
        assert_eq!(m[&p], a[&p].max(b[&p]));
    }
    verify(&d, &set, &d.join("m.txt"));
    // Merging again (m.txt is read as an input too) changes nothing.
    let before = std::fs::read(d.join("m.txt")).unwrap();
    ok(&d, "merge s2.txt --out m.txt --testset set.txt");
    assert_eq!(std::fs::read(d.join("m.txt")).unwrap(), before);

    // A line that does not replay: an error with file:line, nothing written.
    let good = std::fs::read_to_string(d.join("s1.txt")).unwrap();
    std::fs::write(d.join("bad.txt"), bump_score(&good, 1)).unwrap();
    let keep = [d.join("m.txt")];
    fails(
        &d,
        "merge s1.txt bad.txt --out m.txt --testset set.txt",
        "bad.txt:2: position 1 does not replay",
        &keep,
    );
    // Files for different variants.
    let other = good.replace("# variant samegame", "# variant clickomania");
    std::fs::write(d.join("other.txt"), other).unwrap();
    fails(
        &d,
        "merge s1.txt other.txt --out m2.txt --testset set.txt",
        "other.txt:1: file is for variant clickomania",
        &keep,
    );
    assert!(!d.join("m2.txt").exists());
    // The test set is required.
    fails(&d, "merge s1.txt --out m3.txt", "--testset", &keep);
    assert!(!d.join("m3.txt").exists());
}

#[test]
fn merge_rescore_takes_lines_of_another_variant() {
    let d = tempdir("rescore");
    let set = testset(&d, 3, 8, 8, 4);
    ok(&d, "batch set.txt --iterations 30 --runs 1 --out sg.txt");
    ok(
        &d,
        "merge sg.txt --rescore --variant samegame-nopenalty --out np.txt --testset set.txt",
    );
    let text = std::fs::read_to_string(d.join("np.txt")).unwrap();
    assert!(text.starts_with("# variant samegame-nopenalty"), "{text}");
    verify(&d, &set, &d.join("np.txt"));
    // Same moves; the score drops the penalty of every board not cleared.
    let (sg, np) = (scores(&d.join("sg.txt")), scores(&d.join("np.txt")));
    assert_eq!(sg.keys().collect::<Vec<_>>(), np.keys().collect::<Vec<_>>());
    assert!(sg.iter().all(|(p, s)| np[p] >= *s));
    assert!(sg.iter().any(|(p, s)| np[p] > *s), "{sg:?} {np:?}");
    // Each line is still checked under its own file's variant first.
    let good = std::fs::read_to_string(d.join("sg.txt")).unwrap();
    std::fs::write(d.join("bad.txt"), bump_score(&good, 2)).unwrap();
    let keep = [d.join("np.txt")];
    fails(
        &d,
        "merge bad.txt --rescore --variant samegame-nopenalty --out np.txt --testset set.txt",
        "bad.txt:3: position 2 does not replay",
        &keep,
    );
    // --rescore needs the target variant.
    fails(
        &d,
        "merge sg.txt --rescore --out np2.txt --testset set.txt",
        "--variant",
        &keep,
    );
    assert!(!d.join("np2.txt").exists());
}

#[test]
fn shards_partition_and_merge_to_the_unsharded_result() {
    let d = tempdir("shard");
    testset(&d, 3, 8, 8, 4);
    let common = "batch set.txt --iterations 40 --runs 4 --seed 5";
    ok(&d, &format!("{common} --out full.txt"));
    let full = results(&d.join("full.results.jsonl"));
    assert_eq!(full.len(), 12);
    let mut union = Vec::new();
    let mut files = String::new();
    for i in 1..=3 {
        let o = ok(&d, &format!("{common} --shard {i}/3"));
        assert!(stderr(&o).contains("4 of 4 runs to do"), "{}", stderr(&o));
        let stem = format!("runs/set.samegame.shard-{i}-of-3");
        union.extend(results(&d.join(format!("{stem}.results.jsonl"))));
        files.push_str(&format!(" {stem}.txt"));
    }
    union.sort_unstable();
    // Together the shards ran every job exactly once, with the unsharded scores.
    assert_eq!(union, full);
    ok(
        &d,
        &format!("merge {files} --out merged.txt --testset set.txt"),
    );
    assert_eq!(
        std::fs::read(d.join("merged.txt")).unwrap(),
        std::fs::read(d.join("full.txt")).unwrap()
    );
    // More shards than jobs: an empty shard succeeds (a cluster array may ask for
    // it), says it has nothing to do and prints a plain zero mean.
    let o = ok(
        &d,
        "batch set.txt --positions 1 --runs 1 --iterations 40 --shard 2/2",
    );
    assert!(stderr(&o).contains("0 of 0 runs to do"), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains(" 0.0 ") && !out.contains("-0.0"), "{out}");
}

#[test]
fn results_do_not_depend_on_thread_count() {
    let d = tempdir("threads");
    testset(&d, 4, 8, 8, 3);
    let mut files = Vec::new();
    let mut runs = Vec::new();
    for t in 1..=2 {
        ok(
            &d,
            &format!("batch set.txt --iterations 40 --runs 5 --threads {t} --out t{t}.txt"),
        );
        files.push(std::fs::read(d.join(format!("t{t}.txt"))).unwrap());
        runs.push(results(&d.join(format!("t{t}.results.jsonl"))));
    }
    assert_eq!(files[0], files[1]);
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0].len(), 20);
    // The same for NRPA.
    let (mut files, mut runs) = (Vec::new(), Vec::new());
    for t in 1..=2 {
        ok(
            &d,
            &format!(
                "batch set.txt --algo nrpa --level 2 --nrpa-iterations 5 --iterations 40 \
                 --runs 5 --threads {t} --out n{t}.txt"
            ),
        );
        files.push(std::fs::read(d.join(format!("n{t}.txt"))).unwrap());
        runs.push(results(&d.join(format!("n{t}.results.jsonl"))));
    }
    assert_eq!(files[0], files[1]);
    assert_eq!(runs[0], runs[1]);
    assert_eq!(runs[0].len(), 20);
}

/// Runs a failing command and checks exit code 2, the message, and that the `keep`
/// files are byte-identical afterwards.
fn fails(d: &Path, args: &str, msg: &str, keep: &[PathBuf]) {
    let before: Vec<_> = keep.iter().map(|p| std::fs::read(p).ok()).collect();
    let o = run(d, args);
    assert_eq!(o.status.code(), Some(2), "{args}: {}", stderr(&o));
    assert!(
        stderr(&o).contains(msg),
        "{args}: want {msg:?}, got {}",
        stderr(&o)
    );
    let after: Vec<_> = keep.iter().map(|p| std::fs::read(p).ok()).collect();
    assert_eq!(before, after, "{args} touched a file");
}

#[test]
fn malformed_input_is_a_clear_error_and_touches_nothing() {
    let d = tempdir("bad");
    testset(&d, 2, 6, 6, 3);
    let base = "batch set.txt --iterations 20 --out s.txt";
    let cmd = format!("{base} --runs 2");
    ok(&d, &cmd);
    let (s, j) = (d.join("s.txt"), d.join("s.journal"));
    let keep = [s.clone(), j.clone(), d.join("s.results.jsonl")];

    // Parameters.
    for (extra, msg) in [
        ("--runs 0", "--runs must be at least 1"),
        ("--runs 2 --threads 0", "--threads must be at least 1"),
        ("--positions 0-1", "--positions '0-1'"),
        ("--positions 3", "position 3 does not exist"),
        ("--positions 2-1", "backwards"),
        ("--positions 1,,2", "empty item"),
        ("--shard 4/3", "--shard '4/3'"),
        ("--shard 1/0", "--shard '1/0'"),
        ("--shard 1", "--shard '1'"),
        ("--level 0", "--level"),
        ("--journal s.txt", "written by --out"),
        // Other spellings of a file it writes or reads are the same file.
        ("--results ./s.txt", "written by --out"),
        ("--results set.txt", "read as TESTSET"),
    ] {
        fails(&d, &format!("{base} {extra}"), msg, &keep);
    }
    fails(&d, "batch set.txt --time=-1 --out s.txt", "--time", &keep);
    fails(&d, "batch set.txt --time 0 --out s.txt", "--time", &keep);

    // Malformed test set: file and line.
    let text = std::fs::read_to_string(d.join("set.txt")).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    let first_row = lines
        .iter()
        .position(|l| l.starts_with(|c: char| c.is_ascii_digit()));
    let bad = first_row.unwrap() + 1; // 0-based index of the board's second row
    lines[bad].replace_range(2..3, "x");
    std::fs::write(d.join("set.txt"), lines.join("\n")).unwrap();
    let want = format!("set.txt:{}: bad tile 'x' in column 3", bad + 1);
    fails(&d, &cmd, &want, &keep);
    std::fs::write(d.join("set.txt"), &text).unwrap();

    // A solutions file that does not parse, or does not replay.
    let good = std::fs::read_to_string(&s).unwrap();
    for (broken, msg) in [
        (good.replacen("\n2 ", "\n2 x", 1), "s.txt:3: bad score"),
        (
            bump_score(&good, 1),
            "s.txt:2: position 1 does not replay: claimed score",
        ),
        (
            good.replacen("\n2 ", "\n7 ", 1),
            "s.txt:3: position 7 is not in the test set",
        ),
        (
            good.replace("samegame", "clickomania"),
            "s.txt:1: file is for variant clickomania",
        ),
    ] {
        std::fs::write(&s, broken).unwrap();
        fails(&d, &cmd, msg, &keep);
    }
    std::fs::write(&s, &good).unwrap();

    // A corrupt journal: a damaged record before the end, or not a journal at all.
    let journal = std::fs::read(&j).unwrap();
    let mut flipped = journal.clone();
    flipped[12 + 12 + 5] ^= 0x20;
    for (broken, msg) in [
        (
            &flipped[..],
            "s.journal: corrupt journal at byte 12 (checksum mismatch)",
        ),
        (&journal[..5], "s.journal: truncated journal"),
        (&b"garbage"[..], "s.journal: not a samegame journal"),
    ] {
        std::fs::write(&j, broken).unwrap();
        fails(&d, &cmd, msg, &keep);
    }
    std::fs::write(&j, &journal).unwrap();

    // Still fine afterwards: nothing to do, nothing changed.
    let o = ok(&d, &cmd);
    assert!(stderr(&o).contains("0 of 4 runs to do"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&s).unwrap(), good);

    // A torn last record (what a kill during an append leaves) is not an error: it is
    // dropped with a warning, its run is done again, and nothing else changes.
    std::fs::write(&j, &journal[..journal.len() - 5]).unwrap();
    let o = ok(&d, &cmd);
    assert!(
        stderr(&o).contains("warning: s.journal: the last") && stderr(&o).contains("cut short"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("1 of 4 runs to do"), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&s).unwrap(), good);
    let o = ok(&d, &cmd);
    assert!(stderr(&o).contains("0 of 4 runs to do"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("warning"), "{}", stderr(&o));
}

#[test]
fn show_draws_and_replays() {
    let d = tempdir("show");
    testset(&d, 2, 6, 6, 3);
    ok(&d, "batch set.txt --iterations 20 --runs 1 --out s.txt");
    let o = ok(&d, "show set.txt --position 2");
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("position 2") && !out.contains('\x1b'), "{out}");
    let o = ok(&d, "show set.txt --position 2 --solution s.txt");
    let out = String::from_utf8_lossy(&o.stdout);
    let score = scores(&d.join("s.txt"))[&2];
    assert!(out.contains("move 1/"), "{out}");
    let want = format!("final score {score} (the file claims {score})");
    assert!(out.contains(&want), "{out}");
    fails(&d, "show set.txt --position 3", "no position 3", &[]);

    // export replays every line first when given the test set.
    let o = ok(&d, "export s.txt --testset set.txt");
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(out.lines().count(), 2, "{out}");
    assert!(out.starts_with("1 ") && out.contains(';'), "{out}");
    let good = std::fs::read_to_string(d.join("s.txt")).unwrap();
    std::fs::write(d.join("bad.txt"), bump_score(&good, 2)).unwrap();
    fails(
        &d,
        "export bad.txt --testset set.txt",
        "bad.txt:3: position 2 does not replay",
        &[],
    );
}

/// 50,000 positions with a tiny budget, killed with SIGKILL three times and resumed:
/// every finished run and every game found survives (the journal is appended per run;
/// the solutions file, rewritten only now and then, is rebuilt from it), so the final
/// solutions and results equal those of a batch that was never interrupted.
#[cfg(unix)]
#[test]
fn killed_large_batch_loses_nothing() {
    let d = tempdir("kill-50k");
    let set = testset(&d, 50_000, 5, 5, 3);
    let cmd = "batch set.txt --iterations 1 --runs 1 --quiet";
    ok(&d, &format!("{cmd} --out full.txt"));
    let full_len = std::fs::metadata(d.join("full.journal")).unwrap().len();
    let journal = d.join("k.journal");
    for quarter in 1..=3 {
        let mut child = Command::new(BIN)
            .args(format!("{cmd} --out k.txt").split_whitespace())
            .current_dir(&d)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        wait_for(
            || {
                let len = std::fs::metadata(&journal).map_or(0, |m| m.len());
                len >= full_len * quarter / 4 || child.try_wait().unwrap().is_some()
            },
            "a quarter of the runs",
        );
        child.kill().unwrap();
        child.wait().unwrap();
        if d.join("k.txt").exists() {
            verify(&d, &set, &d.join("k.txt"));
        }
    }
    ok(&d, &format!("{cmd} --out k.txt"));
    let (full, killed) = (scores(&d.join("full.txt")), scores(&d.join("k.txt")));
    let differ: Vec<_> = full
        .iter()
        .filter(|(p, s)| killed.get(p) != Some(s))
        .collect();
    assert!(
        differ.is_empty() && killed.len() == full.len(),
        "{} of {} positions differ from the uninterrupted batch, e.g. {:?}",
        differ.len(),
        full.len(),
        &differ[..differ.len().min(5)]
    );
    assert!(std::fs::read(d.join("k.txt")).unwrap() == std::fs::read(d.join("full.txt")).unwrap());
    assert!(results(&d.join("k.results.jsonl")) == results(&d.join("full.results.jsonl")));
    let o = ok(&d, "batch set.txt --iterations 1 --runs 1 --out k.txt");
    assert!(
        stderr(&o).contains("0 of 50000 runs to do"),
        "{}",
        stderr(&o)
    );
}
