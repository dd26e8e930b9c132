//! The golden search test: every search configuration of
//! `tests/golden/search-configs.txt` (the list `scripts/search-fingerprint.sh` reads
//! too) runs `samegame solve` on the same boards, made the same way, and its output
//! (solution lines, scores, playouts, solved nodes, proofs; node counts and timings
//! stripped as the script strips them) must equal `tests/golden/search.txt` byte for
//! byte. The golden file is what the build at 368032b printed (issue 50), extended by
//! the configurations added since.
//!
//! **A change of results is allowed only as a named bug fix, in a commit of its own
//! that says so.** Refactoring, renaming and moving code keep the file as it is. To
//! accept such a fix, regenerate the file and commit it with the fix:
//!
//! ```text
//! UPDATE_GOLDEN=1 cargo test --release --test golden_search
//! ```
//!
//! The configurations run in parallel (one `samegame` process per core), so the test
//! takes about half the script's time. Without optimisations it would take many
//! minutes, so a debug `cargo test` skips it: the project's test command is
//! `cargo test --release`.
//!
//! Owns: reading the configuration list, running it, comparing with the golden file.
//! Must not: hold a configuration of its own (they live in the list).

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const BIN: &str = env!("CARGO_BIN_EXE_samegame");

fn repo(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// One `run` line of the list: its name, its board's name and the arguments of
/// `samegame solve` after the board file.
struct Run {
    name: String,
    board: String,
    args: Vec<String>,
}

/// Makes the boards of the list's `board` lines in `dir` and returns them with its
/// `run` lines.
fn read_list(text: &str, dir: &Path) -> (Vec<(String, PathBuf)>, Vec<Run>) {
    let mut boards = Vec::new();
    let mut runs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = || format!("search-configs.txt line {}", i + 1);
        match words.as_slice() {
            [] => {}
            [w, ..] if w.starts_with('#') => {}
            ["board", name, "positions", set, n] => {
                let n: usize = n.parse().unwrap_or_else(|_| panic!("{}: N", at()));
                let file = dir.join(format!("{name}.txt"));
                std::fs::write(&file, first_positions(&repo(set), n)).unwrap();
                boards.push((name.to_string(), file));
            }
            ["board", name, "generate", args @ ..] => {
                let file = dir.join(format!("{name}.txt"));
                let out = Command::new(BIN)
                    .arg("generate")
                    .args(args)
                    .arg("--out")
                    .arg(&file)
                    .stdin(Stdio::null())
                    .output()
                    .unwrap();
                assert!(out.status.success(), "{}: generate failed", at());
                boards.push((name.to_string(), file));
            }
            ["run", name, board, args @ ..] => runs.push(Run {
                name: name.to_string(),
                board: board.to_string(),
                args: args.iter().map(|a| a.to_string()).collect(),
            }),
            _ => panic!("{}: not a board or run line: {line}", at()),
        }
    }
    (boards, runs)
}

/// The lines of the test set `set` before its position `n + 1` (the script's awk).
fn first_positions(set: &Path, n: usize) -> String {
    let stop = format!("# position {}", n + 1);
    let text = std::fs::read_to_string(set).unwrap();
    let mut out = String::new();
    for line in text.lines().take_while(|l| *l != stop) {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// `line` with its first ` nodes N peak N T s` replaced by one space (the script's
/// `sed -E 's/ nodes [0-9]+ peak [0-9]+ [0-9.]+ s/ /'`).
fn strip_timing(line: &str) -> String {
    fn digits(s: &str, dot: bool) -> usize {
        s.bytes()
            .take_while(|b| b.is_ascii_digit() || (dot && *b == b'.'))
            .count()
    }
    // The length of the match at the start of `s`, if any.
    let at = |s: &str| -> Option<usize> {
        let mut i = " nodes ".len();
        let n = digits(s.get(i..)?, false);
        (n > 0).then_some(())?;
        i += n;
        s.get(i..)?.starts_with(" peak ").then_some(())?;
        i += " peak ".len();
        let n = digits(s.get(i..)?, false);
        (n > 0).then_some(())?;
        i += n;
        s.get(i..)?.starts_with(' ').then_some(())?;
        i += 1;
        let n = digits(s.get(i..)?, true);
        (n > 0).then_some(())?;
        i += n;
        s.get(i..)?.starts_with(" s").then_some(i + 2)
    };
    for start in (0..line.len()).filter(|&i| line[i..].starts_with(" nodes ")) {
        if let Some(len) = at(&line[start..]) {
            return format!("{} {}", &line[..start], &line[start + len..]);
        }
    }
    line.to_string()
}

/// The output of one run as the script prints it: its heading, `solve`'s standard
/// output, then its standard error without timings.
fn run_one(run: &Run, board: &Path) -> String {
    let out = Command::new(BIN)
        .arg("solve")
        .arg(board)
        .args(&run.args)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let mut text = format!("## {}\n", run.name);
    text.push_str(&String::from_utf8_lossy(&out.stdout));
    // `runs:` describes the resolved search; the results are what is compared (the
    // script's `sed -E '/^runs: /d'`), so builds that word it otherwise compare.
    let stderr = String::from_utf8_lossy(&out.stderr);
    for line in stderr.lines().filter(|l| !l.starts_with("runs: ")) {
        text.push_str(&strip_timing(line));
        text.push('\n');
    }
    text
}

/// Runs every configuration, one process per available core, and returns their
/// outputs in the list's order.
fn run_all(runs: &[Run], boards: &[(String, PathBuf)]) -> String {
    let next = AtomicUsize::new(0);
    let outputs: Vec<Mutex<String>> = runs.iter().map(|_| Mutex::default()).collect();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    std::thread::scope(|s| {
        for _ in 0..workers.min(runs.len()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(run) = runs.get(i) else { break };
                let board = boards
                    .iter()
                    .find(|(n, _)| *n == run.board)
                    .unwrap_or_else(|| panic!("run {}: no board {}", run.name, run.board));
                *outputs[i].lock().unwrap() = run_one(run, &board.1);
            });
        }
    });
    outputs
        .into_iter()
        .map(|m| m.into_inner().unwrap())
        .collect()
}

/// The sections of an output (`## name` and the lines under it), in order.
fn sections(text: &str) -> Vec<(&str, Vec<&str>)> {
    let mut out: Vec<(&str, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        match line.strip_prefix("## ") {
            Some(name) => out.push((name, Vec::new())),
            None => match out.last_mut() {
                Some((_, lines)) => lines.push(line),
                None => out.push(("(before the first run)", vec![line])),
            },
        }
    }
    out
}

/// A readable account of how `actual` differs from `expected`: for each differing
/// configuration (at most `limit`), its first differing line in both.
fn describe(expected: &str, actual: &str, limit: usize) -> String {
    let exp = sections(expected);
    let act = sections(actual);
    let mut report = Vec::new();
    let mut differing = 0;
    let names: Vec<&str> = act.iter().map(|(n, _)| *n).collect();
    for (name, lines) in &act {
        let Some((_, want)) = exp.iter().find(|(n, _)| n == name) else {
            differing += 1;
            report.push(format!("## {name}: not in the golden file"));
            continue;
        };
        let first = (0..lines.len().max(want.len())).find(|&i| lines.get(i) != want.get(i));
        if let Some(i) = first {
            differing += 1;
            let show = |l: Option<&&str>| l.map_or("(no line)".to_string(), |l| l.to_string());
            report.push(format!(
                "## {name}, line {} of its output:\n  expected: {}\n  actual:   {}",
                i + 1,
                show(want.get(i)),
                show(lines.get(i)),
            ));
        }
    }
    for (name, _) in &exp {
        if !names.contains(name) {
            differing += 1;
            report.push(format!(
                "## {name}: in the golden file, not in the configurations"
            ));
        }
    }
    if differing == 0 {
        report.push("the configurations agree; the files differ in order or layout".into());
    }
    let shown = report.len().min(limit);
    format!(
        "{differing} of {} configurations differ from tests/golden/search.txt \
         (first {shown} shown):\n{}",
        act.len(),
        report[..shown].join("\n")
    )
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes without optimisations: cargo test --release --test golden_search"
)]
fn searches_print_the_golden_results() {
    let list = std::fs::read_to_string(repo("tests/golden/search-configs.txt")).unwrap();
    let dir = common::tempdir("golden-search");
    let (boards, runs) = read_list(&list, &dir);
    let actual = run_all(&runs, &boards);
    let _ = std::fs::remove_dir_all(&dir);
    let golden = repo("tests/golden/search.txt");
    if std::env::var_os("UPDATE_GOLDEN").is_some_and(|v| v == "1") {
        std::fs::write(&golden, &actual).unwrap();
        eprintln!("wrote {}", golden.display());
        return;
    }
    let expected = std::fs::read_to_string(&golden).unwrap_or_default();
    assert!(
        actual == expected,
        "{}\n\nA change of results is allowed only as a named bug fix, in a commit of its \
         own; then: UPDATE_GOLDEN=1 cargo test --release --test golden_search",
        describe(&expected, &actual, 8)
    );
}

#[test]
fn timings_are_stripped_as_the_script_strips_them() {
    assert_eq!(
        strip_timing("position 1: score 2673 playouts 30000 nodes 20002 peak 9 1.20 s threads 2"),
        "position 1: score 2673 playouts 30000  threads 2"
    );
    assert_eq!(
        strip_timing("position 2: score 3 playouts 5 nodes 9 peak 9 0.00 s"),
        "position 2: score 3 playouts 5 "
    );
    assert_eq!(strip_timing("total 7557"), "total 7557");
    assert_eq!(strip_timing("a nodes x nodes 1 peak 2 3 s"), "a nodes x ");
    assert_eq!(strip_timing("a nodes nodes 1 peak 2 3 s!"), "a nodes !");
}

#[test]
fn a_difference_names_the_configuration_and_its_first_differing_line() {
    let expected = "## a\n1 10 0,0\nposition 1: score 10\n## b\nx\n";
    let actual = "## a\n1 12 0,1\nposition 1: score 12\n## b\nx\n## c\ny\n";
    let text = describe(expected, actual, 8);
    assert!(text.starts_with("2 of 3 configurations differ"), "{text}");
    assert!(
        text.contains("## a, line 1 of its output:\n  expected: 1 10 0,0\n  actual:   1 12 0,1"),
        "{text}"
    );
    assert!(text.contains("## c: not in the golden file"), "{text}");
}
