//! End-to-end tests of the engine-level subcommands: verify, perft, generate, export,
//! bench. They run the real binary and check outputs and exit codes.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_samegame"))
}

fn run(args: &[&str]) -> Output {
    bin().args(args).output().expect("binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("samegame-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn root(p: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join(p)
        .to_string_lossy()
        .into_owned()
}

/// The Figure 3.1 board of the thesis and a hand-worked complete game on it.
const FIG31: &str = "# position 1\n12112\n22221\n00122\n11101\n11222\n";
const FIG31_SOLUTION: &str = "# variant samegame\n1 109 0,2 0,2 0,0 2,1\n";

#[test]
fn verify_accepts_a_correct_solution_and_prints_a_total() {
    let d = tmpdir("verify-ok");
    std::fs::write(d.join("t.txt"), FIG31).unwrap();
    std::fs::write(d.join("s.txt"), FIG31_SOLUTION).unwrap();
    let o = run(&[
        "verify",
        d.join("t.txt").to_str().unwrap(),
        d.join("s.txt").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("position 1: ok 109 (4 moves)"), "{out}");
    assert!(out.contains("total 109 over 1 positions"), "{out}");
}

#[test]
fn verify_fails_with_exit_1_naming_the_line() {
    let d = tmpdir("verify-bad");
    std::fs::write(d.join("t.txt"), FIG31).unwrap();
    let t = d.join("t.txt");
    let cases = [
        (
            "1 110 0,2 0,2 0,0 2,1\n",
            "claimed score 110 but the moves score 109",
        ),
        ("1 106 0,2 0,2 0,0\n", "the game is not over"),
        (
            "1 0 4,4\n",
            "move 1 (illegal move 4,4: the tile has no neighbour",
        ),
        (
            "\n\n1 0 9,0\n",
            "s.txt:4: move 1 (illegal move 9,0: outside the 5 × 5 board (x from 0 to 4, y \
             from 0 to 4))",
        ),
    ];
    for (line, want) in cases {
        std::fs::write(d.join("s.txt"), format!("# variant samegame\n{line}")).unwrap();
        let o = run(&[
            "verify",
            t.to_str().unwrap(),
            d.join("s.txt").to_str().unwrap(),
        ]);
        assert_eq!(o.status.code(), Some(1), "{line}");
        assert!(stdout(&o).contains(want), "{line}: {}", stdout(&o));
    }
}

/// A move outside the board, in `show` and on the replay page as in `verify` above,
/// says so with the board's size; a negative coordinate is a parse error saying
/// coordinates are numbers from 0.
#[test]
fn moves_outside_the_board_say_so() {
    let d = tmpdir("outside");
    std::fs::write(d.join("t.txt"), FIG31).unwrap();
    std::fs::write(d.join("s.txt"), "# variant samegame\n1 0 0,2 7,1\n").unwrap();
    let (t, s) = (d.join("t.txt"), d.join("s.txt"));
    let (t, s) = (t.to_str().unwrap(), s.to_str().unwrap());
    let o = run(&["show", t, "--position", "1", "--solution", s, "--no-color"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("move 2/2 at 7,1 is illegal (outside the 5 × 5 board)"),
        "{}",
        stdout(&o)
    );
    let html = d.join("r.html");
    let o = run(&[
        "show",
        t,
        "--position",
        "1",
        "--solution",
        s,
        "--html",
        html.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("move 2 at 7,1 is illegal (outside the 5 × 5 board)"),
        "{}",
        stdout(&o)
    );
    std::fs::write(d.join("s.txt"), "# variant samegame\n1 0 -1,2\n").unwrap();
    for cmd in ["verify", "show"] {
        let o = match cmd {
            "verify" => run(&["verify", t, s]),
            _ => run(&["show", t, "--position", "1", "--solution", s]),
        };
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert!(
            stderr(&o).contains("s.txt:2: move 1: '-1,2': coordinates are numbers from 0"),
            "{cmd}: {}",
            stderr(&o)
        );
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_input_exits_2_with_file_and_line() {
    let d = tmpdir("bad-input");
    std::fs::write(d.join("t.txt"), "# x\n012\n01\n").unwrap();
    std::fs::write(d.join("s.txt"), "# variant samegame\n1 0\n").unwrap();
    let o = run(&[
        "verify",
        d.join("t.txt").to_str().unwrap(),
        d.join("s.txt").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("t.txt:3: ragged board"),
        "{}",
        stderr(&o)
    );
    let o = run(&["perft", d.join("missing.txt").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("missing.txt"), "{}", stderr(&o));
    let o = run(&[
        "perft",
        &root("testsets/samegame-standard-20.txt"),
        "--position",
        "21",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no position 21"), "{}", stderr(&o));
}

#[test]
fn perft_prints_depth_lines() {
    let o = run(&[
        "perft",
        &root("testsets/samegame-standard-20.txt"),
        "--position",
        "1",
        "--depth",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0));
    // Depth 1 and 2 of position 1 are cross-checked against the naive oracle in
    // src/perft.rs (perft_table); here the output format is what is under test.
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].starts_with("depth 1: ") && lines[1].starts_with("depth 2: "),
        "{out}"
    );
}

#[test]
fn generated_sets_reproduce() {
    for (file, args) in [
        (
            "testsets/clickomania-20x20x10-100.txt",
            ["20", "20", "10", "2015"],
        ),
        ("testsets/random-15x15x5-100.txt", ["15", "15", "5", "2008"]),
    ] {
        let o = run(&[
            "generate", "--width", args[0], "--height", args[1], "--colors", args[2], "--count",
            "100", "--seed", args[3],
        ]);
        assert_eq!(o.status.code(), Some(0));
        let shipped = std::fs::read_to_string(root(file)).unwrap();
        assert!(
            stdout(&o) == shipped,
            "{file} is not what its header command generates"
        );
    }
}

#[test]
fn generate_names_the_flag_out_of_range() {
    for (args, want) in [
        (["--width", "0"], "--width must be 1-32, got 0"),
        (["--height", "33"], "--height must be 1-32, got 33"),
        (["--colors", "11"], "--colors must be 1-10, got 11"),
    ] {
        let o = run(&["generate", args[0], args[1], "--count", "1"]);
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
}

#[test]
fn export_codingame_format() {
    let d = tmpdir("export");
    std::fs::write(d.join("t.txt"), FIG31).unwrap();
    std::fs::write(d.join("s.txt"), FIG31_SOLUTION).unwrap();
    let (s, t) = (d.join("s.txt"), d.join("t.txt"));
    let (s, t) = (s.to_str().unwrap(), t.to_str().unwrap());
    let o = run(&["export", s, "--format", "codingame", "--testset", t]);
    assert_eq!(stdout(&o), "1 0 2;0 2;0 0;2 1\n", "{}", stderr(&o));
    let o = run(&["export", s, "--position", "1", "--testset", t]);
    assert_eq!(stdout(&o), "0 2;0 2;0 0;2 1\n");
    // Without --testset the test set is found as for the bot
    // (`solutions/<set>.<variant>.txt` -> `testsets/<set>.txt`), or asked for: no
    // line leaves unreplayed.
    let o = run(&["export", s]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert!(
        stderr(&o).contains("no test set testsets/s.txt found; give --testset"),
        "{}",
        stderr(&o)
    );
    for sub in ["solutions", "testsets"] {
        std::fs::create_dir_all(d.join(sub)).unwrap();
    }
    std::fs::write(d.join("testsets/fig.txt"), FIG31).unwrap();
    let found = d.join("solutions/fig.samegame.txt");
    std::fs::write(&found, FIG31_SOLUTION).unwrap();
    let o = run(&["export", found.to_str().unwrap()]);
    assert_eq!(stdout(&o), "1 0 2;0 2;0 0;2 1\n", "{}", stderr(&o));
    // A line that does not replay there is an error, and nothing is printed.
    std::fs::write(&found, "# variant samegame\n1 109 0,2 0,2 0,0 9,1\n").unwrap();
    let o = run(&["export", found.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(stdout(&o), "");
    assert!(stderr(&o).contains("fig.samegame.txt:2"), "{}", stderr(&o));
}

#[test]
fn verify_reads_stdin_and_refuses_an_empty_file() {
    let d = tmpdir("verify-stdin");
    std::fs::write(d.join("t.txt"), FIG31).unwrap();
    let t = d.join("t.txt");
    let t = t.to_str().unwrap();
    let piped = |args: &[&str], input: &str| {
        use std::io::Write;
        let mut c = bin()
            .args(args)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        c.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        c.wait_with_output().unwrap()
    };
    let o = piped(&["verify", t, "-"], FIG31_SOLUTION);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("total 109 over 1 positions"));
    let o = piped(
        &["verify", t, "-"],
        "# variant samegame\n1 110 0,2 0,2 0,0 2,1\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("FAILED at <stdin>:2"), "{}", stdout(&o));
    let o = piped(&["verify", "-", "-"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("only one of TESTSET and SOLUTIONS can be -"));
    // A file with no line (empty, or comments only) does not pass.
    for text in ["", "# variant samegame\n"] {
        std::fs::write(d.join("e.txt"), text).unwrap();
        let o = run(&["verify", t, d.join("e.txt").to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{text:?}");
        assert!(stderr(&o).contains("e.txt: no solution lines to verify"));
    }
}

#[test]
fn verify_names_the_variant_a_line_was_scored_for() {
    // Clickomania scores 1 a tile: the four moves remove 24.
    let d = tmpdir("verify-variant");
    std::fs::write(d.join("t.txt"), FIG31).unwrap();
    let t = d.join("t.txt");
    let line = "1 24 0,2 0,2 0,0 2,1\n";
    std::fs::write(d.join("s.txt"), line).unwrap();
    let s = d.join("s.txt");
    let (t, s) = (t.to_str().unwrap(), s.to_str().unwrap());
    let o = run(&["verify", t, s]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("as clickomania it verifies: give --variant clickomania"),
        "{}",
        stdout(&o)
    );
    let o = run(&["verify", t, s, "--variant", "clickomania"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // A variant given (here by the file) is not second-guessed.
    std::fs::write(d.join("s.txt"), format!("# variant samegame\n{line}")).unwrap();
    let o = run(&["verify", t, s]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!stdout(&o).contains("give --variant"), "{}", stdout(&o));
}

#[test]
fn verify_markdown_keeps_failures_out_of_the_table() {
    let d = tmpdir("verify-md");
    std::fs::write(d.join("t.txt"), FIG31).unwrap();
    std::fs::write(
        d.join("s.txt"),
        "# variant samegame\n1 110 0,2 0,2 0,0 2,1\n",
    )
    .unwrap();
    let o = run(&[
        "verify",
        d.join("t.txt").to_str().unwrap(),
        d.join("s.txt").to_str().unwrap(),
        "--markdown",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    let table: Vec<&str> = out.lines().take_while(|l| !l.is_empty()).collect();
    assert_eq!(table.len(), 4, "{out}");
    assert!(table.iter().all(|l| l.starts_with('|')), "{out}");
    assert_eq!(table[2], "| 1 | FAILED | 4 |");
    assert!(
        out.ends_with(
            "\n\ntotal 0 over 0 positions (samegame; 0 ok, 1 failed; 1 in the test set)\n"
        ),
        "{out}"
    );
    assert!(
        stderr(&o).contains("position 1: FAILED at"),
        "{}",
        stderr(&o)
    );
}

/// The value of the `key <value>` line of `bench` output.
fn bench_value(out: &str, key: &str) -> f64 {
    let line = out
        .lines()
        .find(|l| l.split_whitespace().next() == Some(key))
        .unwrap_or_else(|| panic!("no {key} line in {out}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

#[test]
fn bench_prints_playouts_per_second() {
    let o = run(&["bench", "--playouts", "200"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let line = out
        .lines()
        .find(|l| l.starts_with("playouts_per_s "))
        .expect("playouts_per_s line");
    let n: f64 = line["playouts_per_s ".len()..].parse().unwrap();
    assert!(n > 0.0);
    // Even a pass of a few playouts has finite rates: the thread CPU clock has
    // nanosecond resolution (the old /proc schedstat one read 0 s and printed `inf`).
    let o = run(&["bench", "--playouts", "3", "--classic"]);
    let out = stdout(&o);
    for l in out
        .lines()
        .filter(|l| l.contains("per_s") || l.contains("speedup"))
    {
        let v: f64 = l.split_whitespace().nth(1).unwrap().parse().unwrap();
        assert!(v.is_finite() && v > 0.0, "{l}\n{out}");
    }
    // A count is whole passes over the 20 boards, and says so; a time beside it
    // would be ignored, so it is refused.
    assert!(stdout(&run(&["bench", "--playouts", "30"])).contains("playouts 40\n"));
    let o = run(&["bench", "--playouts", "30", "--seconds", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot be used with"), "{}", stderr(&o));
}

/// The bench signature (sum of the scores of `--playouts N` seeded playouts) pinned
/// to its value: it guards the moves a seeded random or tabu playout draws (the
/// policy's distribution and its use of random numbers), and with them every
/// search's results. These are the values src/policy/playout.rs documents (issue 12
/// changed them from 205736 and 1188430). A change that alters them on purpose
/// updates them here and there, and says so in its commit message.
#[test]
fn bench_signature_is_pinned() {
    for (policy, want) in [("random", 204048.0), ("tabu", 1178308.0)] {
        let o = run(&["bench", "--playouts", "2000", "--policy", policy]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        assert_eq!(bench_value(&stdout(&o), "signature"), want, "{policy}");
    }
}

#[test]
fn bench_classic_runs_the_yardstick_in_the_same_process() {
    let plain = stdout(&run(&["bench", "--playouts", "400"]));
    let o = run(&["bench", "--playouts", "400", "--classic"]);
    assert_eq!(o.status.code(), Some(0));
    let out = stdout(&o);
    let value = |key: &str| bench_value(&out, key);
    // Our playouts are not affected by running the classic engine after them.
    assert_eq!(value("signature"), bench_value(&plain, "signature"));
    assert!(value("classic_playouts_per_s") > 0.0);
    assert!(value("speedup_vs_classic") > 0.0);
    // The bench plays the library's playouts: the same seeded playouts (seed 1,
    // stream 0, the 20 boards in order, pass after pass) sum to its signature, and
    // its mean is their mean.
    let set =
        samegame::io::testset::TestSet::read(Path::new(&root("testsets/samegame-standard-20.txt")))
            .unwrap();
    let boards: Vec<_> = set
        .positions
        .iter()
        .map(|p| p.board(samegame::Variant::SameGame))
        .collect();
    let mut rng = samegame::rng_for(1, 0, 0);
    let mut moves = Vec::new();
    let scores: Vec<f64> = (0..400 / boards.len())
        .flat_map(|_| boards.iter())
        .map(|b| {
            moves.clear();
            let mut board = *b;
            f64::from(samegame::policy::playout(
                &mut board, None, &mut rng, &mut moves,
            ))
        })
        .collect();
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    assert_eq!(value("playouts"), n);
    assert_eq!(value("signature"), scores.iter().sum::<f64>());
    assert!((value("mean_score") - mean).abs() <= 0.05, "{mean}");
    // The classic engine plays the same policy (uniform over groups) on the same
    // boards, from its own random numbers: its mean estimates the same expectation.
    // It must lie within 4 standard errors of the difference of two such means. Both
    // play every board equally often, so the variance of a mean is the stratified
    // one, (1/k²) Σ s_b²/n_b over the k boards, s_b² estimated from our scores of
    // board b (no test of equality on fewer playouts; the library tests that on more).
    let k = boards.len();
    let var_of_mean: f64 = (0..k)
        .map(|b| {
            let of_b: Vec<f64> = scores.iter().skip(b).step_by(k).copied().collect();
            let nb = of_b.len() as f64;
            let mb = of_b.iter().sum::<f64>() / nb;
            let s2 = of_b.iter().map(|s| (s - mb) * (s - mb)).sum::<f64>() / (nb - 1.0);
            s2 / nb
        })
        .sum::<f64>()
        / (k * k) as f64;
    let tolerance = 4.0 * (2.0 * var_of_mean).sqrt();
    let classic = value("classic_mean_score");
    assert!(
        (classic - mean).abs() <= tolerance,
        "classic {classic} ours {mean} tolerance {tolerance:.1}"
    );
    // --testset plays another set's boards.
    let d = tmpdir("bench-testset");
    let set = d.join("t.txt");
    let g = run(&[
        "generate",
        "--width",
        "7",
        "--height",
        "5",
        "--colors",
        "3",
        "--count",
        "2",
        "--out",
        set.to_str().unwrap(),
    ]);
    assert_eq!(g.status.code(), Some(0));
    let o = run(&[
        "bench",
        "--playouts",
        "4",
        "--testset",
        set.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&o.stderr).contains("2 boards 7x5x3"));
}

#[test]
fn help_is_available_everywhere() {
    for sub in ["verify", "perft", "bench", "generate", "export", "solve"] {
        let o = run(&[sub, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{sub}");
        assert!(stdout(&o).contains("Usage"), "{sub}");
    }
}

/// A reader that went away (`samegame verify … | head`): the process ends quietly,
/// by SIGPIPE like other Unix filters, without a panic message.
#[cfg(unix)]
#[test]
fn a_closed_stdout_ends_quietly() {
    use std::os::unix::process::ExitStatusExt;
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let o = bin()
        .args([
            "verify",
            &root("testsets/samegame-standard-20.txt"),
            &root("solutions/samegame-standard-20.samegame.txt"),
        ])
        .stdout(writer)
        .output()
        .unwrap();
    assert_eq!(o.status.signal(), Some(libc::SIGPIPE), "{:?}", o.status);
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
}
