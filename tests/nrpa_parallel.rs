//! End to end: parallel NRPA. `solve --threads N` with NRPA is one search of width
//! N whose lines depend on the width, never on the thread count; they replay
//! (`verify`) on every variant and spend the iteration budget exactly;
//! `--nrpa-independent` keeps N independent searches; bad combinations exit 2
//! naming the flag.

mod common;

fn testset() -> std::path::PathBuf {
    common::shipped("codingame-extra-5.txt")
}

/// Stdout of a successful `solve` on position 2, checked with `verify`; the
/// configuration and statistics lines.
fn verified(variant: &str, args: &[&str], name: &str) -> (String, String) {
    let fixed = [
        "--position",
        "2",
        "--seed",
        "3",
        "--level",
        "2",
        "--iterations",
        "3001",
    ];
    let all = [&fixed[..], args].concat();
    let (stdout, stderr) = common::solve_verified(&testset(), variant, &all, name);
    let stats = stderr
        .lines()
        .find(|l| l.starts_with("position 2: score "))
        .unwrap_or_else(|| panic!("no statistics line: {stderr}"))
        .to_string();
    (
        stdout,
        stderr.lines().next().unwrap_or("").to_string() + "\n" + &stats,
    )
}

#[test]
fn threads_run_one_search_whose_lines_depend_on_the_width_only() {
    for v in [
        "samegame",
        "samegame-nopenalty",
        "clickomania",
        "bubblebreaker",
    ] {
        let (two, info) = verified(v, &["--threads", "2"], &format!("{v}-t2"));
        assert!(info.contains("--nrpa-width 2"), "{info}");
        assert!(info.contains(" playouts 3001 "), "{info}");
        assert!(info.contains(" threads 2"), "{info}");
        for (args, name) in [
            (&["--threads", "1", "--nrpa-width", "2"][..], "t1w2"),
            (&["--nrpa-width", "2"][..], "w2"),
            (&["--search-threads", "2"][..], "st2"),
            (&["--threads", "3", "--nrpa-width", "2"][..], "t3w2"),
        ] {
            let (out, info) = verified(v, args, &format!("{v}-{name}"));
            assert_eq!(out, two, "{v} {args:?}");
            assert!(info.contains(" playouts 3001 "), "{info}");
        }
    }
}

#[test]
fn independent_searches_stay_available() {
    let (_, info) = verified(
        "samegame",
        &["--threads", "2", "--nrpa-independent"],
        "indep",
    );
    assert!(
        info.contains("--search-threads 2 --nrpa-independent"),
        "{info}"
    );
    assert!(!info.contains("--nrpa-width"), "{info}");
    assert!(info.contains(" playouts 3001 "), "{info}");
    assert!(info.contains(" threads 2"), "{info}");
}

#[test]
fn bad_combinations_are_refused() {
    common::solve_refuses(
        testset().to_str().unwrap(),
        &[
            (
                "--algo nmcs --nrpa-width 2",
                "--nrpa-width is only used by nrpa",
            ),
            (
                "--algo mcts --nrpa-independent",
                "--nrpa-independent is only used by nrpa",
            ),
            (
                "--threads 2 --nrpa-width 2 --nrpa-independent",
                "--nrpa-width and --nrpa-independent exclude each other",
            ),
            ("--nrpa-width 0", "--nrpa-width must be between 1 and"),
            (
                "--nrpa-width 1025",
                "--nrpa-width must be between 1 and 1024",
            ),
        ],
    );
}
