//! End to end: `--eval learned` and `--eval-weights FILE` (lines verified on every
//! variant, the file's weights used, refusals and bad files exit 2 naming the file,
//! the line and the key), and `tune-eval` (it writes a weights file that
//! `--eval-weights` reads, and the same command resumes from its journal).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_samegame"))
}

fn testset() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("testsets/codingame-extra-5.txt")
}

fn tempdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("samegame-evalw-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn ok(out: Output, what: &str) -> (String, String) {
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{what}: {stderr}");
    (String::from_utf8(out.stdout).unwrap(), stderr)
}

fn fails(out: Output, what: &str) -> String {
    assert_eq!(out.status.code(), Some(2), "{what}");
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The weights file of `--eval potential` with `singles` set to `singles`.
fn weights_text(singles: f64) -> String {
    let mut s = String::from("# test weights\n");
    for (k, v) in [
        ("score", 1.0),
        ("groups", 1.0),
        ("target_groups", 1.0),
        ("colors", 0.0),
        ("target", 0.0),
        ("target_pieces", 0.0),
        ("singles", singles),
        ("lone_colors", 0.0),
        ("low_colors", 0.0),
        ("clear_bonus", 0.0),
    ] {
        s.push_str(&format!("# feature {k}\n{k} = {v:?}\n"));
    }
    s
}

fn solve(d: &Path, variant: &str, args: &[&str]) -> (String, String) {
    let out = bin()
        .current_dir(d)
        .arg("solve")
        .arg(testset())
        .args(["--variant", variant, "--algo", "beam", "--position", "2"])
        .args(["--iterations", "20000"])
        .args(args)
        .output()
        .unwrap();
    let (stdout, stderr) = ok(out, &format!("{variant} {args:?}"));
    std::fs::write(d.join("sol.txt"), &stdout).unwrap();
    let v = bin()
        .current_dir(d)
        .arg("verify")
        .arg(testset())
        .args(["sol.txt", "--variant", variant])
        .output()
        .unwrap();
    ok(v, &format!("verify {variant} {args:?}"));
    (stdout, stderr)
}

#[test]
fn learned_eval_verifies_on_every_variant_with_shipped_or_given_weights() {
    let d = tempdir("solve");
    std::fs::write(d.join("pot.toml"), weights_text(0.0)).unwrap();
    std::fs::write(d.join("other.toml"), weights_text(-30.0)).unwrap();
    for v in [
        "samegame",
        "samegame-nopenalty",
        "clickomania",
        "bubblebreaker",
    ] {
        let (_, err) = solve(&d, v, &["--eval", "learned"]);
        assert!(err.contains("--eval learned"), "{err}");
        // The file's weights are used: those of --eval potential give its line.
        let (pot, _) = solve(&d, v, &["--eval", "potential"]);
        let (same, err) = solve(&d, v, &["--eval", "learned", "--eval-weights", "pot.toml"]);
        assert_eq!(pot, same, "{v}");
        assert!(
            err.contains("beam --beam-width auto --eval learned --eval-weights pot.toml"),
            "{err}"
        );
        solve(
            &d,
            v,
            &[
                "--eval",
                "learned",
                "--eval-weights",
                "other.toml",
                "--threads",
                "2",
            ],
        );
    }
    // The tree searches take the flag too (progressive bias).
    let out = bin()
        .current_dir(&d)
        .arg("solve")
        .arg(testset())
        .args(["--position", "1", "--algo", "mcts", "--eval", "learned"])
        .args([
            "--eval-weights",
            "other.toml",
            "--pb",
            "0.5",
            "--iterations",
            "3000",
        ])
        .output()
        .unwrap();
    ok(out, "mcts --pb with learned weights");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn eval_weights_refusals_and_bad_files_exit_2_naming_the_cause() {
    let d = tempdir("bad");
    std::fs::write(d.join("w.toml"), weights_text(0.0)).unwrap();
    std::fs::write(
        d.join("typo.toml"),
        weights_text(0.0).replace("target = 0.0", "targett = 0.0"),
    )
    .unwrap();
    std::fs::write(
        d.join("nan.toml"),
        weights_text(0.0).replace("colors = 0.0", "colors = nan"),
    )
    .unwrap();
    std::fs::write(
        d.join("short.toml"),
        weights_text(0.0).replace("clear_bonus = 0.0\n", ""),
    )
    .unwrap();
    let run = |args: &[&str]| {
        bin()
            .current_dir(&d)
            .arg("solve")
            .arg(testset())
            .args(["--position", "1", "--iterations", "1000"])
            .args(args)
            .output()
            .unwrap()
    };
    for (args, says) in [
        (
            &["--algo", "nrpa", "--eval-weights", "w.toml"][..],
            "--eval-weights is not used by nrpa",
        ),
        (
            &["--algo", "nmcs", "--eval-weights", "w.toml"][..],
            "--eval-weights is not used by nmcs",
        ),
        (
            &["--algo", "beam", "--eval-weights", "w.toml"][..],
            "--eval-weights needs --eval learned",
        ),
        (
            &[
                "--algo",
                "beam",
                "--eval",
                "learned",
                "--eval-weights",
                "gone.toml",
            ][..],
            "gone.toml",
        ),
        (
            &[
                "--algo",
                "beam",
                "--eval",
                "learned",
                "--eval-weights",
                "typo.toml",
            ][..],
            "unknown key 'targett'",
        ),
        (
            &[
                "--algo",
                "beam",
                "--eval",
                "learned",
                "--eval-weights",
                "nan.toml",
            ][..],
            "key 'colors': must be a finite number",
        ),
        (
            &[
                "--algo",
                "beam",
                "--eval",
                "learned",
                "--eval-weights",
                "short.toml",
            ][..],
            "short.toml: missing key 'clear_bonus'",
        ),
    ] {
        let err = fails(run(args), &format!("{args:?}"));
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // The line of the bad key.
    let err = fails(
        run(&[
            "--algo",
            "beam",
            "--eval",
            "learned",
            "--eval-weights",
            "typo.toml",
        ]),
        "typo",
    );
    let line = weights_text(0.0)
        .lines()
        .position(|l| l.starts_with("target ="))
        .unwrap()
        + 1;
    assert!(err.contains(&format!("typo.toml:{line}: ")), "{err}");
    // compare takes the flag in a configuration, and names the file there too.
    let out = bin()
        .current_dir(&d)
        .arg("compare")
        .arg(testset())
        .args(["--positions", "1", "--iterations", "2000"])
        .args([
            "--config",
            "l: --algo beam --eval learned --eval-weights typo.toml",
        ])
        .output()
        .unwrap();
    let err = fails(out, "compare");
    assert!(err.contains("typo.toml"), "{err}");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn tune_eval_writes_weights_that_load_and_resumes_from_its_journal() {
    let d = tempdir("tune");
    let tune = |gens: &str, threads: &str| {
        bin()
            .current_dir(&d)
            .arg("tune-eval")
            .arg(testset())
            .args([
                "--positions",
                "1-2",
                "--beam-width",
                "2",
                "--population",
                "3",
            ])
            .args(["--elite", "1", "--generations", gens, "--seed", "4"])
            .args([
                "--threads",
                threads,
                "--journal",
                "t.journal",
                "--out",
                "w.toml",
            ])
            .output()
            .unwrap()
    };
    let (stdout, stderr) = ok(tune("2", "1"), "tune-eval");
    assert!(stdout.starts_with("best: generation "), "{stdout}");
    assert!(stdout.contains("6 games played now"), "{stdout}");
    assert_eq!(stderr.matches(" candidate ").count(), 6 + 2, "{stderr}");
    let first = std::fs::read_to_string(d.join("w.toml")).unwrap();
    assert!(first.contains("# Written by samegame tune-eval"), "{first}");
    assert!(first.contains("--generations 2 --seed 4"), "{first}");
    // The file it wrote is a weights file.
    let out = bin()
        .current_dir(&d)
        .arg("solve")
        .arg(testset())
        .args(["--position", "3", "--algo", "beam", "--eval", "learned"])
        .args(["--eval-weights", "w.toml", "--iterations", "5000"])
        .output()
        .unwrap();
    ok(out, "solve with tuned weights");
    // Again on another pool: everything from the journal, the same file.
    let (stdout, stderr) = ok(tune("2", "2"), "tune-eval again");
    assert!(stdout.contains("0 games played now"), "{stdout}");
    assert_eq!(stderr.matches("(journal)").count(), 6, "{stderr}");
    assert_eq!(std::fs::read_to_string(d.join("w.toml")).unwrap(), first);
    // Other settings on the same journal: refused, naming it.
    let out = bin()
        .current_dir(&d)
        .arg("tune-eval")
        .arg(testset())
        .args([
            "--positions",
            "1-3",
            "--beam-width",
            "2",
            "--population",
            "3",
        ])
        .args([
            "--elite",
            "1",
            "--generations",
            "2",
            "--journal",
            "t.journal",
        ])
        .args(["--out", "w.toml"])
        .output()
        .unwrap();
    let err = fails(out, "other settings");
    assert!(
        err.contains("t.journal:2: the journal was written for other settings"),
        "{err}"
    );
    // Bad numbers: exit 2 naming the flag.
    for (flag, value) in [
        ("--population", "1"),
        ("--elite", "16"),
        ("--generations", "0"),
    ] {
        let out = bin()
            .current_dir(&d)
            .arg("tune-eval")
            .arg(testset())
            .args(["--positions", "1"])
            .args([flag, value, "--journal", "x.journal", "--out", "x.toml"])
            .output()
            .unwrap();
        let err = fails(out, flag);
        assert!(err.contains(flag), "{flag}: {err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
