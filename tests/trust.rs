//! End-to-end tests of what the README's "Reliability" section promises, one per
//! problem found by trying the tool as a new user would (issue 30): hostile file names
//! stay inert in the bot and the replay page, an output that is not a regular file is
//! never replaced, absurd numbers are refused before any work, a signal ends every
//! command keeping what was found, two batches on one solutions file lose nothing, and
//! a refused write leaves the old file whole.

#![cfg(unix)]

mod common;
use common::{scores, tempdir, testset};

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_samegame");

fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// Runs the binary in `dir`; a run that has not ended after a minute (a hang, such
/// as reading a FIFO) is killed and fails the test.
fn run(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Drain the pipes while waiting, so a chatty command cannot block on them.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).map(|_| v)
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).map(|_| v)
    });
    let status = ended(&mut child, &format!("{args:?}"));
    Output {
        status,
        stdout: out.join().unwrap().unwrap(),
        stderr: err.join().unwrap().unwrap(),
    }
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Copies the standard test set and its SameGame solutions into `dir` under the given
/// names.
fn standard_files(dir: &Path, set_name: &str, sols_name: &str) -> (PathBuf, PathBuf) {
    let set = dir.join(set_name);
    let sols = dir.join(sols_name);
    std::fs::copy(root("testsets/samegame-standard-20.txt"), &set).unwrap();
    std::fs::copy(root("solutions/samegame-standard-20.samegame.txt"), &sols).unwrap();
    (set, sols)
}

fn mkfifo(p: &Path) {
    let st = Command::new("mkfifo").arg(p).status().unwrap();
    assert!(st.success());
}

fn is_link(p: &Path) -> bool {
    std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink())
}

fn is_fifo(p: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(p).unwrap().file_type().is_fifo()
}

#[test]
fn a_file_name_does_not_become_code_in_the_bot() {
    let d = tempdir("bot-name");
    let hostile = "x\"\nimport os; os.system('touch PWNED')\n#'''\".samegame.txt";
    let (set, sols) = standard_files(&d, "set.txt", hostile);
    let o = run(
        &d,
        &[
            "export",
            sols.to_str().unwrap(),
            "--format",
            "codingame-bot",
            "--testset",
            set.to_str().unwrap(),
            "--out",
            "bot.py",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let bot = std::fs::read_to_string(d.join("bot.py")).unwrap();
    assert!(bot.is_ascii());
    assert!(
        !bot.lines().any(|l| l.trim_start().starts_with("import os")),
        "a file name became a statement"
    );
    assert!(bot.contains("\\x0aimport os; os.system('touch PWNED')\\x0a"));
    // When python3 is here: the bot starts, reads no board and ends, and runs nothing.
    if let Ok(st) = Command::new("python3")
        .arg("bot.py")
        .current_dir(&d)
        .stdin(Stdio::null())
        .status()
    {
        assert!(st.success());
        assert!(
            !d.join("PWNED").exists(),
            "the bot ran code from a file name"
        );
    }
}

#[test]
fn a_file_name_does_not_become_markup_in_the_replay_page() {
    let d = tempdir("html-name");
    // A path can hold `</script>` when a folder's name ends in `<`.
    std::fs::create_dir(d.join("x<")).unwrap();
    let (set, sols) = standard_files(
        &d,
        "__DATA__<img src=x onerror=alert(1)>'\".txt",
        "x</script><script>alert(2)<!--__TITLE__.txt",
    );
    let o = run(
        &d,
        &[
            "show",
            set.to_str().unwrap(),
            "--position",
            "3",
            "--solution",
            sols.to_str().unwrap(),
            "--html",
            "page.html",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    let page = std::fs::read_to_string(d.join("page.html")).unwrap();
    for bad in ["<img", "onerror=alert(1)>", "<script>alert", "<!--"] {
        assert!(!page.contains(bad), "the page has {bad}");
    }
    // The page has its one data block and its one script, and the title as text.
    assert_eq!(page.matches("</script>").count(), 2);
    assert!(page.contains("&lt;img src=x onerror=alert(1)&gt;&#39;&quot;"));
    // The data block reads back with the names as they are.
    let start = r#"<script id="data" type="application/json">"#;
    let json = page
        .split(start)
        .nth(1)
        .unwrap()
        .split("</script>")
        .next()
        .unwrap();
    let data: serde_json::Value = serde_json::from_str(json).unwrap();
    let title = data["title"].as_str().unwrap();
    assert!(
        title.contains("__DATA__<img src=x onerror=alert(1)>'\""),
        "{title}"
    );
    assert!(
        title.contains("x</script><script>alert(2)<!--__TITLE__.txt"),
        "{title}"
    );
}

#[test]
fn an_output_that_is_not_a_regular_file_is_never_replaced() {
    let d = tempdir("special-out");
    let fifo = d.join("fifo");
    mkfifo(&fifo);
    std::os::unix::fs::symlink(&fifo, d.join("link-to-fifo")).unwrap();
    std::fs::create_dir(d.join("folder")).unwrap();
    for out in ["fifo", "link-to-fifo", "folder"] {
        let o = run(&d, &["generate", "--count", "2", "--out", out]);
        assert_eq!(o.status.code(), Some(2), "{out}");
        let e = text(&o.stderr);
        assert!(e.contains("refusing to replace it"), "{out}: {e}");
        assert!(e.contains("fifo") || e.contains("folder"), "{out}: {e}");
    }
    assert!(is_fifo(&fifo) && d.join("folder").is_dir());
    // Every writer refuses it the same way: show --html, export, compare reports,
    // merge, batch's solutions file.
    let (set, sols) = standard_files(&d, "set.txt", "s.txt");
    let (set, sols) = (set.to_str().unwrap(), sols.to_str().unwrap());
    for args in [
        vec![
            "show",
            set,
            "--position",
            "1",
            "--solution",
            sols,
            "--html",
            "fifo",
        ],
        vec![
            "export",
            sols,
            "--format",
            "codingame-bot",
            "--testset",
            set,
            "--out",
            "fifo",
        ],
        vec!["merge", sols, "--testset", set, "--out", "fifo"],
        vec![
            "compare",
            set,
            "--positions",
            "1",
            "--config",
            "--algo nmcs --level 1",
            "--iterations",
            "5",
            "--csv",
            "fifo",
        ],
    ] {
        let o = run(&d, &args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        assert!(text(&o.stderr).contains("refusing"), "{args:?}");
    }
    let o = run(
        &d,
        &[
            "batch",
            set,
            "--positions",
            "1",
            "--runs",
            "1",
            "--iterations",
            "5",
            "--out",
            "fifo",
        ],
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(is_fifo(&fifo));
}

#[test]
fn stdout_is_written_through_and_symlinks_are_kept() {
    let d = tempdir("write-through");
    let gen = |out: &str| {
        let mut args = vec!["generate", "--count", "1", "--width", "3", "--height", "2"];
        if !out.is_empty() {
            args.extend(["--out", out]);
        }
        let o = run(&d, &args);
        assert!(o.status.success(), "{out}: {}", text(&o.stderr));
        text(&o.stdout)
    };
    let printed = gen("");
    // /dev/fd/1 first: a writer that renamed over it would fail on /proc, harmlessly.
    assert_eq!(gen("/dev/fd/1"), printed);
    assert_eq!(gen("/proc/self/fd/1"), printed);
    // /dev/stdout is a symlink in the real /dev: a writer that replaced it (as the
    // temporary-file writer once did) would break it for the whole machine, so the
    // test puts it back before failing.
    let was_link = is_link(Path::new("/dev/stdout"));
    let through = gen("/dev/stdout");
    if was_link && !is_link(Path::new("/dev/stdout")) {
        let _ = std::fs::remove_file("/dev/stdout");
        let _ = std::os::unix::fs::symlink("/proc/self/fd/1", "/dev/stdout");
        panic!("--out /dev/stdout replaced /dev/stdout (put back)");
    }
    assert_eq!(through, printed);
    std::fs::write(d.join("real.txt"), "old").unwrap();
    std::os::unix::fs::symlink("real.txt", d.join("link.txt")).unwrap();
    let o = run(
        &d,
        &[
            "generate", "--count", "1", "--width", "3", "--height", "2", "--out", "link.txt",
        ],
    );
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(std::fs::symlink_metadata(d.join("link.txt"))
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(
        std::fs::read_to_string(d.join("real.txt")).unwrap(),
        printed
    );
}

#[test]
fn absurd_numbers_are_refused_before_any_work() {
    let d = tempdir("absurd");
    let set = testset(&d, 2, 5, 5, 3);
    let set = set.to_str().unwrap();
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec!["perft", set, "--depth", "99999999999"], "--depth"),
        (vec!["perft", set, "--depth", "513"], "--depth"),
        (
            vec!["batch", set, "--threads", "100000", "--out", "s.txt"],
            "--threads",
        ),
        (
            vec!["batch", set, "--runs", "1000001", "--out", "s.txt"],
            "--runs",
        ),
        (
            vec![
                "batch",
                set,
                "--iterations",
                "1000000000001",
                "--out",
                "s.txt",
            ],
            "--iterations",
        ),
        (vec!["solve", set, "--time", "604801"], "--time"),
        (vec!["solve", set, "--time", "nan"], "--time"),
        (vec!["solve", set, "--threads", "100000"], "--threads"),
        (
            vec!["solve", set, "--algo", "mcts", "--search-threads", "100000"],
            "--search-threads",
        ),
        (
            vec!["solve", set, "--algo", "mcts", "--restarts", "1000001"],
            "--restarts",
        ),
        (
            vec!["solve", set, "--algo", "nmcts", "--level", "9"],
            "--level",
        ),
        (
            vec![
                "solve", set, "--algo", "bmcts", "--beam-w", "1000001", "--beam-l", "5",
            ],
            "--beam-w",
        ),
        (
            vec![
                "solve",
                set,
                "--algo",
                "bmcts",
                "--beam-w",
                "5",
                "--beam-l",
                "1000000000001",
            ],
            "--beam-l",
        ),
        (
            vec!["solve", set, "--algo", "exact", "--tt-mb", "4097"],
            "--tt-mb",
        ),
        (
            vec!["solve", set, "--nrpa-iterations", "4294967296"],
            "--nrpa-iterations",
        ),
        (
            vec![
                "compare",
                set,
                "--config",
                "--algo nmcs",
                "--iterations",
                "5,0",
            ],
            "--iterations",
        ),
        (
            vec!["compare", set, "--config", "--algo nmcs", "--time", "1e9"],
            "--time",
        ),
        (
            vec![
                "compare",
                set,
                "--config",
                "--algo nmcs",
                "--iterations",
                "5",
                "--runs",
                "1000001",
            ],
            "--runs",
        ),
        (
            vec![
                "compare",
                set,
                "--config",
                "--algo nmcs",
                "--iterations",
                "5",
                "--threads",
                "100000",
            ],
            "--threads",
        ),
        (
            vec![
                "solve", set, "--algo", "bmcts", "--level", "2", "--beam-l", "50", "--beam-w", "4",
            ],
            "--level",
        ),
        (
            vec![
                "compare",
                set,
                "--config",
                "--algo nmcs",
                "--iterations",
                "1,2,3,4,5,6",
                "--runs",
                "1000000",
            ],
            "--runs × positions",
        ),
        (vec!["solve", set, "--nrpa-alpha", "0"], "--nrpa-alpha"),
        (
            vec!["solve", set, "--algo", "beam", "--beam-width", "2097153"],
            "--beam-width",
        ),
        (
            vec!["solve", set, "--nrpa-late-size", "1"],
            "--nrpa-late-size",
        ),
        (vec!["solve", set, "--nrpa-stable", "0"], "--nrpa-stable"),
        (
            vec!["solve", set, "--nrpa-stable", "4294967296"],
            "--nrpa-stable",
        ),
        (vec!["solve", set, "--nrpa-beam", "17"], "--nrpa-beam"),
        (
            vec!["solve", set, "--nrpa-repeats", "4294967296"],
            "--nrpa-repeats",
        ),
        (vec!["solve", set, "--algo", "mcts", "--c", "-1"], "--c"),
        (
            vec!["solve", set, "--algo", "exact", "--endgame", "1025"],
            "--endgame",
        ),
        (vec!["generate", "--count", "100001"], "--count"),
        (vec!["generate", "--width", "33"], "wide"),
        (vec!["generate", "--colors", "11"], "--colors"),
        (vec!["bench", "--seconds", "3601"], "--seconds"),
        (vec!["bench", "--playouts", "0"], "--playouts"),
        (vec!["show", set, "--position", "99999999999"], "position"),
    ];
    let tune = |flag: &'static str, v: &'static str| {
        let args = vec![
            "tune-eval",
            set,
            "--positions",
            "1",
            "--journal",
            "t.journal",
            "--out",
            "w.toml",
            flag,
            v,
        ];
        (args, flag)
    };
    let mut cases = cases;
    cases.extend([
        tune("--population", "10001"),
        tune("--generations", "10001"),
        tune("--beam-width", "2097153"),
        tune("--iterations", "1000000000001"),
        tune("--threads", "100000"),
    ]);
    for (args, flag) in cases {
        let start = Instant::now();
        let o = run(&d, &args);
        let e = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
        assert!(e.contains(flag), "{args:?}: the message names {flag}: {e}");
        assert!(
            !e.contains("panicked") && !e.contains("memory allocation"),
            "{e}"
        );
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{args:?} took long"
        );
    }
    assert!(!d.join("s.txt").exists());
    assert!(!d.join("t.journal").exists() && !d.join("w.toml").exists());
}

/// Waits for `child` to end (at most a minute: a generous bound against hangs, not
/// a speed claim).
fn ended(child: &mut Child, what: &str) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(st) = child.try_wait().unwrap() {
            return st;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{what} did not end after the signal");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn signal(child: &Child, sig: &str) {
    let st = Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
}

fn spawn(dir: &Path, args: &[&str]) -> Child {
    Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn wait_for(mut cond: impl FnMut() -> bool, what: &str) {
    let start = Instant::now();
    while !cond() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn sigterm_ends_a_batch_keeping_what_was_found() {
    let d = tempdir("sigterm-batch");
    let set = testset(&d, 3, 10, 10, 4);
    let set = set.to_str().unwrap();
    let mut child = spawn(
        &d,
        &[
            "batch",
            set,
            "--iterations",
            "300",
            "--runs",
            "100000",
            "--threads",
            "8",
            "--out",
            "s.txt",
        ],
    );
    wait_for(|| d.join("s.txt").exists(), "the first solutions file");
    signal(&child, "-TERM");
    let st = ended(&mut child, "batch");
    assert_eq!(st.code(), Some(130));
    let o = run(&d, &["verify", set, "s.txt"]);
    assert!(o.status.success(), "{}", text(&o.stdout));
    assert!(!scores(&d.join("s.txt")).is_empty());
}

#[test]
fn a_signal_while_threads_start_ends_the_command() {
    let d = tempdir("signal-start");
    let set = testset(&d, 3, 10, 10, 4);
    let set = set.to_str().unwrap();
    for sig in ["-TERM", "-INT"] {
        let mut child = spawn(
            &d,
            &[
                "batch",
                set,
                "--iterations",
                "100000000",
                "--runs",
                "1000",
                "--threads",
                "8",
                "--out",
                "t.txt",
            ],
        );
        std::thread::sleep(Duration::from_millis(30));
        signal(&child, sig);
        // Killed by the signal before its handler was set, or ended by it (130).
        let st = ended(&mut child, "batch while starting");
        assert!(st.code().is_none_or(|c| c == 130), "{st:?}");
        if d.join("t.txt").exists() {
            let o = run(&d, &["verify", set, "t.txt"]);
            assert!(o.status.success(), "{}", text(&o.stdout));
        }
    }
}

#[test]
fn signals_end_every_long_command() {
    let d = tempdir("signal-all");
    let set = testset(&d, 2, 15, 15, 3);
    let set = set.to_str().unwrap();
    let commands: Vec<Vec<&str>> = vec![
        vec![
            "solve", set, "--algo", "nmcs", "--level", "3", "--time", "600",
        ],
        vec!["perft", set, "--depth", "60"],
        vec![
            "compare",
            set,
            "--config",
            "--algo nmcs --level 3",
            "--time",
            "600",
            "--journal",
            "c.journal",
        ],
        vec!["bench", "--seconds", "600"],
    ];
    for (i, args) in commands.iter().enumerate() {
        let sig = if i % 2 == 0 { "-INT" } else { "-TERM" };
        let mut child = spawn(&d, args);
        std::thread::sleep(Duration::from_millis(300));
        signal(&child, sig);
        let st = ended(&mut child, args[0]);
        assert!(!st.success(), "{args:?}: {st:?}");
    }
}

/// The best score per position of a results file.
fn best_runs(path: &Path) -> BTreeMap<usize, i32> {
    let mut best = BTreeMap::new();
    for l in std::fs::read_to_string(path).unwrap().lines() {
        let j: serde_json::Value = serde_json::from_str(l).unwrap();
        let p = j["position"].as_u64().unwrap() as usize;
        let s = j["score"].as_i64().unwrap() as i32;
        let b = best.entry(p).or_insert(s);
        *b = (*b).max(s);
    }
    best
}

#[test]
fn two_batches_on_one_solutions_file_lose_nothing() {
    let d = tempdir("concurrent");
    let set = testset(&d, 5, 8, 8, 4);
    let set = set.to_str().unwrap();
    let batch = |positions: &str, seed: &str, name: &str| {
        Command::new(BIN)
            .args([
                "batch",
                set,
                "--positions",
                positions,
                "--seed",
                seed,
                "--runs",
                "6",
                "--threads",
                "1",
                "--algo",
                "nmcs",
                "--level",
                "1",
                "--iterations",
                "300",
                "--out",
                "s.txt",
                "--quiet",
            ])
            .arg("--journal")
            .arg(format!("{name}.journal"))
            .arg("--results")
            .arg(format!("{name}.jsonl"))
            .current_dir(&d)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (batch("1-4", "1", "a"), batch("2-5", "2", "b"));
    for c in [a, b] {
        let o = c.wait_with_output().unwrap();
        assert!(o.status.success(), "{}", text(&o.stderr));
    }
    let mut want = best_runs(&d.join("a.jsonl"));
    for (p, s) in best_runs(&d.join("b.jsonl")) {
        let w = want.entry(p).or_insert(s);
        *w = (*w).max(s);
    }
    assert_eq!(want.len(), 5);
    assert_eq!(scores(&d.join("s.txt")), want);
    let o = run(&d, &["verify", set, "s.txt"]);
    assert!(o.status.success(), "{}", text(&o.stdout));
}

#[test]
fn a_refused_write_keeps_the_old_file() {
    let d = tempdir("denied");
    let locked = d.join("locked");
    std::fs::create_dir(&locked).unwrap();
    let out = locked.join("set.txt");
    std::fs::write(&out, "old contents\n").unwrap();
    let args = ["generate", "--count", "1", "--out", out.to_str().unwrap()];
    // As root, permissions do not stop a write: run as nobody (setpriv) in a folder
    // only root may write; otherwise make the folder read-only.
    let is_root = Command::new("id")
        .arg("-u")
        .output()
        .map(|o| text(&o.stdout).trim() == "0");
    let o = if is_root.unwrap_or(false) {
        let perms = |p: &Path| {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(p, std::fs::Permissions::from_mode(0o755)).unwrap();
        };
        perms(&d);
        perms(&locked);
        match Command::new("setpriv")
            .args(["--reuid=65534", "--regid=65534", "--clear-groups", BIN])
            .args(args)
            .output()
        {
            Ok(o) => o,
            Err(e) => {
                eprintln!("skipped: running as root without setpriv ({e})");
                return;
            }
        }
    } else {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o555)).unwrap();
        let o = Command::new(BIN).args(args).output().unwrap();
        std::fs::set_permissions(&locked, std::fs::Permissions::from_mode(0o755)).unwrap();
        o
    };
    let e = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{e}");
    assert!(
        e.contains("set.txt") && e.contains("ermission denied"),
        "{e}"
    );
    assert!(e.contains("the old file is unchanged"), "{e}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "old contents\n");
    assert_eq!(std::fs::read_dir(&locked).unwrap().count(), 1);
}
