//! End-to-end tests of the promises in docs/reliability.md ("Promises"), one per
//! problem found by trying the tool as a new user would (issue 30): hostile file names
//! stay inert in the bot and the replay page, an output that is not a regular file is
//! never replaced, two batches on one solutions file lose nothing, and a refused write
//! leaves the old file whole. Absurd numbers: `trust_numbers.rs`; signals:
//! `trust_signals.rs`.

#![cfg(unix)]

mod common;
use common::process::{run, standard_files, text, BIN};
use common::{scores, tempdir, testset};

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};

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

/// Runs `args` in `d`, checks that they are refused (exit 2) with every one of
/// `needles` in the message, and returns the message.
fn refused(d: &Path, args: &[&str], needles: &[&str]) -> String {
    let o = run(d, args);
    let e = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {e}");
    for n in needles {
        assert!(e.contains(n), "{args:?}: no '{n}' in: {e}");
    }
    e
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
        let hint = "refusing to replace it (give a file path, or /dev/stdout to print)";
        let e = refused(&d, &["generate", "--count", "2", "--out", out], &[hint]);
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
        // /dev/stdout is offered only where it is taken (not by merge's kept file).
        let hint = match args[0] {
            "merge" => "refusing to replace it (give a file path)",
            _ => "refusing to replace it (give a file path, or /dev/stdout to print)",
        };
        refused(&d, &args, &[hint]);
    }
    let batch = [
        "batch",
        set,
        "--positions",
        "1",
        "--runs",
        "1",
        "--iterations",
        "5",
    ];
    let hint = "refusing to replace it (give a file path)";
    refused(&d, &[&batch[..], &["--out", "fifo"]].concat(), &[hint]);
    assert!(is_fifo(&fifo));
    // batch's results file, written at the end, is refused before any run.
    let args = [&batch[..], &["--out", "b.txt", "--results", "folder"]].concat();
    refused(&d, &args, &["folder is a directory"]);
    assert!(!d.join("b.journal").exists());
    // tune-eval's weights, written after each generation, are refused before the first.
    let args = [
        "tune-eval",
        set,
        "--positions",
        "1",
        "--journal",
        "t.journal",
        "--out",
        "folder",
    ];
    let hint = "(give a file path, or /dev/stdout to print)";
    refused(&d, &args, &["folder is a directory", hint]);
    assert!(!d.join("t.journal").exists());
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
