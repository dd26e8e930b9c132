//! End to end: the surface a user meets first (issue 50 item 5): shell completions,
//! a test set on standard input (`-`), `--help` in sections, `--search-threads` as a
//! hidden alias of `solve --threads`, a test set from a pipe given as a path or with
//! space-separated rows, input files saved with a byte-order mark, and a folder or an
//! empty file given for an input.

mod common;

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_samegame");

/// Runs the binary with `args`, `input` on its standard input.
fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn completions_cover_every_subcommand_and_search_flag() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let o = common::run_samegame(&["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", text(&o.stderr));
        let script = text(&o.stdout);
        for word in [
            "solve",
            "batch",
            "compare",
            "verify",
            "cpu-time",
            "nrpa-restart",
        ] {
            assert!(script.contains(word), "{shell} completion lacks {word}");
        }
    }
    common::refuses(&["completions", "tcsh"], "tcsh");
}

#[test]
fn a_test_set_can_come_from_standard_input() {
    let set = common::shipped("codingame-extra-5.txt");
    let bytes = std::fs::read(&set).unwrap();
    let args = ["--position", "2", "--iterations", "500", "--seed", "3"];
    let from_file = common::run_samegame(&[&["solve", set.to_str().unwrap()][..], &args].concat());
    let from_stdin = run_with_input(&[&["solve", "-"][..], &args].concat(), &bytes);
    assert!(from_stdin.status.success(), "{}", text(&from_stdin.stderr));
    assert_eq!(
        from_stdin.stdout, from_file.stdout,
        "the same set, the same line"
    );

    // verify and batch read it too; batch names its files after `stdin`.
    let d = common::tempdir("stdin-set");
    let sols = d.join("sols.txt");
    std::fs::write(&sols, &from_file.stdout).unwrap();
    let o = run_with_input(&["verify", "-", sols.to_str().unwrap()], &bytes);
    assert!(
        text(&o.stdout).contains("1 ok, 0 failed"),
        "{}",
        text(&o.stdout)
    );
    let o = Command::new(BIN)
        .args([
            "batch",
            "-",
            "--positions",
            "1",
            "--iterations",
            "50",
            "--runs",
            "1",
        ])
        .current_dir(&d)
        .stdin(std::fs::File::open(&set).unwrap())
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains(
            "the test set is standard input: solutions go to solutions/stdin.samegame.txt, \
             the journal to runs/stdin.samegame.journal"
        ),
        "{}",
        text(&o.stderr)
    );
    let saved = std::fs::read(d.join("solutions/stdin.samegame.txt")).unwrap();
    // Another test set piped in meets the first one's file: refused, the file kept,
    // and the error says to give --out.
    let o = Command::new(BIN)
        .args(["batch", "-", "--positions", "1", "--iterations", "50"])
        .current_dir(&d)
        .stdin(std::fs::File::open(common::shipped("samegame-standard-20.txt")).unwrap())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(
        err.contains("solutions/stdin.samegame.txt:2: position 1 does not replay")
            && err.contains(
                "another test set read from standard input (it is kept): give --out FILE"
            ),
        "{err}"
    );
    assert_eq!(
        std::fs::read(d.join("solutions/stdin.samegame.txt")).unwrap(),
        saved
    );

    // Bad input names `<stdin>` and the line.
    let o = run_with_input(&["solve", "-"], b"12\n1x\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("<stdin>:2:"),
        "{}",
        text(&o.stderr)
    );
    let o = run_with_input(&["solve", "-"], b"");
    assert!(
        text(&o.stderr).contains("<stdin>: empty input"),
        "{}",
        text(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A test set from a pipe given as a path (`samegame solve <(zcat set.txt.gz)`, a
/// FIFO) reads as the file; a folder is refused with an error saying so.
#[cfg(unix)]
#[test]
fn a_test_set_can_come_from_a_pipe_given_as_a_path() {
    let set = common::shipped("codingame-extra-5.txt");
    let args = ["--position", "3", "--iterations", "300", "--seed", "5"];
    let want = common::run_samegame(&[&["solve", set.to_str().unwrap()][..], &args].concat());
    assert!(want.status.success(), "{}", text(&want.stderr));
    // The shell hands the binary a /dev/fd path to a pipe, as `<(…)` does.
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "cat '{}' | \"$0\" solve /dev/fd/0 \"$@\"",
            set.display()
        ))
        .arg(BIN)
        .args(args)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert_eq!(o.stdout, want.stdout, "the same set, the same line");

    let d = common::tempdir("pipe-set");
    let o = common::run_samegame(&["solve", d.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("a folder, not a test-set file"),
        "{}",
        text(&o.stderr)
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A folder given for a solutions file, a plan or a pooled CSV is named and said
/// to be a folder, as a test set's is; an empty CSV is said to be empty.
#[test]
fn a_folder_or_an_empty_file_for_an_input_says_so() {
    let d = common::tempdir("folder-inputs");
    let dir = d.to_str().unwrap();
    let set = common::shipped("codingame-extra-5.txt");
    let set = set.to_str().unwrap();
    common::refuses(
        &["verify", set, dir],
        &format!("{dir}: a folder, not a solutions file"),
    );
    common::refuses(
        &["show", set, "--position", "1", "--solution", dir],
        &format!("{dir}: a folder, not a solutions file"),
    );
    common::refuses(
        &["compare", "--plan", dir],
        &format!("{dir}: a folder, not a plan file"),
    );
    common::refuses(
        &["compare", "--pool", dir],
        &format!("{dir}: a folder, not a CSV file"),
    );
    let empty = d.join("empty.csv");
    std::fs::write(&empty, "").unwrap();
    common::refuses(
        &["compare", "--pool", empty.to_str().unwrap()],
        "empty.csv: empty file (expected a per-job CSV of `compare --csv`)",
    );
    let _ = std::fs::remove_dir_all(&d);
}

/// A board pasted from CodinGame's input (rows of space-separated digits) is a test
/// set: the same line as the shipped file's board.
#[test]
fn a_board_with_spaced_rows_solves_as_the_file() {
    let set = common::shipped("codingame-extra-5.txt");
    let file = std::fs::read_to_string(&set).unwrap();
    let spaced: String = file
        .lines()
        .map(|l| match l.starts_with('#') {
            true => format!("{l}\n"),
            false => format!(
                "{}\n",
                l.chars().map(String::from).collect::<Vec<_>>().join(" ")
            ),
        })
        .collect();
    let args = ["--position", "2", "--iterations", "300", "--seed", "6"];
    let want = common::run_samegame(&[&["solve", set.to_str().unwrap()][..], &args].concat());
    let got = run_with_input(&[&["solve", "-"][..], &args].concat(), spaced.as_bytes());
    assert!(got.status.success(), "{}", text(&got.stderr));
    assert_eq!(got.stdout, want.stdout, "the same board, the same line");
}

/// Files saved as "UTF-8 with BOM" (Windows Notepad) start with a byte-order mark: a
/// test set and a solutions file with one read as the same files without it, from a
/// path and from standard input.
#[test]
fn a_byte_order_mark_is_not_part_of_a_file() {
    const BOM: &[u8] = b"\xef\xbb\xbf";
    let set = common::shipped("codingame-extra-5.txt");
    let plain = std::fs::read(&set).unwrap();
    let d = common::tempdir("bom");
    let marked = d.join("set.txt");
    std::fs::write(&marked, [BOM, &plain[..]].concat()).unwrap();
    let args = ["--position", "1", "--iterations", "300", "--seed", "2"];
    let want = common::run_samegame(&[&["solve", set.to_str().unwrap()][..], &args].concat());
    assert!(want.status.success(), "{}", text(&want.stderr));
    let got = common::run_samegame(&[&["solve", marked.to_str().unwrap()][..], &args].concat());
    assert!(got.status.success(), "{}", text(&got.stderr));
    assert_eq!(got.stdout, want.stdout, "the same set, the same line");
    let piped = run_with_input(
        &[&["solve", "-"][..], &args].concat(),
        &[BOM, &plain[..]].concat(),
    );
    assert_eq!(piped.stdout, want.stdout, "{}", text(&piped.stderr));

    let sols = d.join("sols.txt");
    std::fs::write(&sols, [BOM, &want.stdout[..]].concat()).unwrap();
    let o = common::run_samegame(&["verify", marked.to_str().unwrap(), sols.to_str().unwrap()]);
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(
        text(&o.stdout).contains("1 ok, 0 failed"),
        "{}",
        text(&o.stdout)
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn help_shows_the_common_flags_first_then_one_section_per_algorithm() {
    let o = common::run_samegame(&["solve", "--help"]);
    let help = text(&o.stdout);
    let at = |s: &str| {
        help.find(s)
            .unwrap_or_else(|| panic!("{s} missing:\n{help}"))
    };
    let order = [
        "--position",
        "\nSearch:",
        "--cpu-time",
        "\nTree searches (mcts, bmcts, nmcts, nbmcts):",
        "\nNRPA (nrpa",
        "--nrpa-restart",
        "\nBeam search (beam):",
        "\nRollout policies",
    ];
    for w in order.windows(2) {
        assert!(at(w[0]) < at(w[1]), "{} before {}", w[0], w[1]);
    }
    // solve documents --threads; --search-threads, which said the same, is hidden.
    assert!(!help.contains("      --search-threads"), "{help}");
    let batch = text(&common::run_samegame(&["batch", "--help"]).stdout);
    assert!(batch.contains("      --search-threads"), "{batch}");
}

#[test]
fn the_hidden_alias_still_works() {
    let set = common::shipped("codingame-extra-5.txt");
    let set = set.to_str().unwrap();
    let args = ["--position", "1", "--algo", "mcts", "--iterations", "400"];
    let a = common::run_samegame(&[&["solve", set, "--threads", "2"][..], &args].concat());
    let b = common::run_samegame(&[&["solve", set, "--search-threads", "2"][..], &args].concat());
    assert!(
        a.status.success() && b.status.success(),
        "{}",
        text(&b.stderr)
    );
    assert_eq!(a.stdout, b.stdout);
}

/// `solve --help` says the budget and threads used when none is given, and that
/// the thread count is part of solve's search; a thread count of 0 (`all cores` in
/// compare and tune-eval) is refused by solve and batch with what to give instead.
#[test]
fn solve_help_says_its_defaults_and_threads_0_says_what_to_give() {
    let help = text(&common::run_samegame(&["solve", "--help"]).stdout);
    for want in [
        "without --iterations, --time or --cpu-time: 100,000 playouts",
        "Default `auto`: one search, but 2 trees for mcts",
        "another N gives other lines",
        "batch and compare give the same results whatever their --threads",
    ] {
        assert!(help.contains(want), "{want:?} missing:\n{help}");
    }
    let batch = text(&common::run_samegame(&["batch", "--help"]).stdout);
    assert!(batch.contains("The results do not depend on it"), "{batch}");

    let set = common::shipped("codingame-extra-5.txt");
    let set = set.to_str().unwrap();
    common::refuses(
        &["solve", set, "--threads", "0"],
        "must be at least 1, or auto (the default)",
    );
    common::refuses(
        &["batch", set, "--threads", "0"],
        "--threads must be at least 1 (leave --threads out for all cores)",
    );
}
