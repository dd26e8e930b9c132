//! A property test of `solve` over arbitrary combinations of search flags (issue 50):
//! each case runs the binary as a user would, `solve SET --position 1 --iterations K
//! --algo A`, on a 5×5 or 6×6 board, with a random `--variant`, `--threads`
//! (none, 1 or 2) and a random subset (0 to 6) of the table of search flags
//! (`samegame::search::FLAGS`, so a new flag is covered without editing this file),
//! each with a value valid for it (numbers in range, `auto`, `none`, per-level lists,
//! on/off, the names clap lists) or an edge value (0, 1, negative, huge, NaN, empty,
//! a list too long, garbage, a missing or malformed file), given as `--flag VALUE`
//! or `--flag=VALUE`.
//!
//! The property: no panic, no hang (a generous minute per case, not a speed claim),
//! and either the search ran (exit 0, one solution line on stdout that replays to
//! its score on the board, and the `position 1: score S playouts P …` line on stderr
//! with the same S and P at most K, plus the overshoots the searches document) or it
//! was refused before any search (exit 2, nothing on stdout, an `error: …` of at
//! most 300 characters naming one of the case's flags, or the file it could not read
//! as the value given). A failure prints the command line to reproduce it.
//!
//! Must not: say which combinations are valid (the configuration layer decides; this
//! test only holds each answer to the property). A fixed seed and
//! `SAMEGAME_FLAG_CASES` cases (default 500, about 2 s in `cargo test --release`);
//! `SAMEGAME_FLAG_SHOW=1` prints every case and its answer; a longer run:
//! `SAMEGAME_FLAG_CASES=20000 SAMEGAME_FLAG_SEED=7 cargo test --release --test
//! flag_combinations -- --nocapture` (docs/reliability.md).

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Output;

use clap::CommandFactory as _;
use rand::seq::SliceRandom;
use rand::{Rng as _, SeedableRng};
use rand_pcg::Pcg64Mcg;

use samegame::io::solutions::SolutionLine;
use samegame::io::testset::TestSet;
use samegame::search::{Algo, FLAGS};
use samegame::Variant;

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Values a flag may take in every case, whatever the flag.
const EDGE: &[&str] = &[
    "0",
    "1",
    "-1",
    "-0.5",
    "65535",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "99999999999999999999",
    "NaN",
    "inf",
    "",
    "auto",
    "none",
    "on",
    "garbage",
    "1,2,3,4,5",
    ",",
    "1e3",
];

/// The files `--eval-weights` may name: (valid, edge).
struct Files {
    weights: String,
    missing: String,
    garbage: String,
}

/// Values valid for `flag` and edge values of its own (just past a limit); a flag
/// not listed here (a new one) gets the names clap lists for it and [`EDGE`].
fn values(flag: &str, listed: &[String], files: &Files) -> (Vec<String>, Vec<String>) {
    let v = |s: &[&str]| s.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let (valid, edge) = match flag {
        "--level" => (v(&["1", "2", "3"]), v(&["4", "5"])),
        "--search-threads" => (v(&["auto", "1", "2"]), v(&["257", "100000"])),
        "--endgame" => (v(&["0", "8", "15", "30"]), v(&[])),
        "--tt-mb" => (v(&["1", "4", "64"]), v(&["4097"])),
        "--bandit-c" => (v(&["0", "0.001", "1"]), v(&[])),
        "--c" => (v(&["auto", "0.001", "0.5,0", "auto,0", "0,0,0"]), v(&[])),
        "--z" => (v(&["auto", "0", "3", "2,0", "auto,auto", "none"]), v(&[])),
        "--advance" => (v(&["visits", "best"]), v(&[])),
        "--beam-l" => (
            v(&[
                "auto",
                "none",
                "10",
                "10,none",
                "auto,5",
                "none,none",
                "20,10,5",
            ]),
            v(&["1000000000001"]),
        ),
        "--beam-w" => (
            v(&["auto", "none", "2", "4,none", "auto,2", "1"]),
            v(&["1000001"]),
        ),
        "--beam-width" => (v(&["auto", "1", "8", "100"]), v(&["16777217"])),
        "--beam-start" => (v(&["1", "8", "64"]), v(&["0", "1048577"])),
        "--inner" => (v(&["auto", "5", "10,5", "1"]), v(&[])),
        "--restarts" => (v(&["1", "2", "3"]), v(&["1000001"])),
        "--solver" | "--bounds" | "--reuse" => (v(&["on", "off"]), v(&[])),
        "--eval" => (v(&["none", "potential", "colors", "learned"]), v(&[])),
        "--eval-weights" => (
            vec![files.weights.clone()],
            vec![files.missing.clone(), files.garbage.clone()],
        ),
        "--im-alpha" | "--pb" => (v(&["0", "0.3", "0.5,0", "1", "0,0.2"]), v(&["2"])),
        "--im-source" => (v(&["eval", "best"]), v(&[])),
        "--nrpa-iterations" => (v(&["auto", "2", "5", "20"]), v(&[])),
        "--nrpa-alpha" => (v(&["0.5", "1", "2"]), v(&[])),
        "--nrpa-bias" => (v(&["0", "0.5", "-0.5"]), v(&[])),
        "--nrpa-late-tiles" => (v(&["0", "10", "30"]), v(&["65536"])),
        "--nrpa-late-size" => (v(&["1", "2", "4"]), v(&["65536"])),
        "--nrpa-width" => (v(&["1", "2", "4"]), v(&["1025"])),
        "--nrpa-stable" => (v(&["1", "2", "5"]), v(&[])),
        "--nrpa-beam" => (v(&["1", "2", "4"]), v(&["17"])),
        "--nrpa-repeats" => (v(&["0", "1", "3"]), v(&[])),
        "--nrpa-seed" | "--playout-beam" => (v(&["0", "1", "4"]), v(&[])),
        "--adapt-alpha" => (v(&["auto", "0.1", "1"]), v(&[])),
        "--adapt-every" => (v(&["auto", "0", "1", "10"]), v(&[])),
        "--adapt-scope" => (v(&["search", "level", "auto"]), v(&[])),
        "--adapt-tabu" => (v(&["auto", "most", "bandit", "none"]), v(&[])),
        "--inner-algo" => (v(&["auto", "mcts", "nmcs", "nrpa"]), v(&[])),
        "--inner-level" => (v(&["1", "2"]), v(&[])),
        "--policy" => (
            v(&["random", "tabu", "tabu-bandit", "adapt", "auto"]),
            v(&[]),
        ),
        "--reward-norm" => (v(&["thesis", "range"]), v(&[])),
        "--nrpa-prior" => (v(&["size", "tabu"]), v(&[])),
        "--nrpa-restart" => (v(&["fresh", "best"]), v(&[])),
        _ if listed.is_empty() => (v(&["auto", "1"]), v(&[])),
        _ => (v(&[]), v(&[])),
    };
    let mut valid = valid;
    valid.extend(listed.iter().cloned());
    let mut edge = edge;
    edge.extend(EDGE.iter().map(|s| s.to_string()));
    (valid, edge)
}

/// A search flag as clap knows it for `solve`: the names it lists as values (enums)
/// and whether it takes a value at all.
struct Known {
    listed: Vec<String>,
    takes_value: bool,
}

fn known_flags() -> BTreeMap<&'static str, Known> {
    let cmd = samegame::cli::Cli::command();
    let solve = cmd.find_subcommand("solve").expect("solve");
    FLAGS
        .iter()
        .map(|f| {
            let long = f.name.trim_start_matches("--");
            let arg = solve
                .get_arguments()
                .find(|a| a.get_long() == Some(long))
                .unwrap_or_else(|| panic!("{} is not a flag of solve", f.name));
            let listed = arg
                .get_possible_values()
                .iter()
                .map(|p| p.get_name().to_string())
                .collect();
            let known = Known {
                listed,
                takes_value: arg.get_action().takes_values(),
            };
            (f.name, known)
        })
        .collect()
}

/// One case: the arguments after `samegame`, and what the check needs to know.
struct Case {
    args: Vec<String>,
    algo: Algo,
    set: usize,
    variant: Variant,
    iterations: u64,
    /// Only the fixed flags, and no `--threads 2` (exact refuses it): must search.
    plain: bool,
}

fn case(
    rng: &mut Pcg64Mcg,
    sets: &[PathBuf],
    known: &BTreeMap<&str, Known>,
    files: &Files,
) -> Case {
    let set = rng.gen_range(0..sets.len());
    let variant = *Variant::ALL.choose(rng).unwrap();
    let iterations = *[20u64, 50, 100, 200].choose(rng).unwrap();
    let algo = *Algo::ALL.choose(rng).unwrap();
    let mut args: Vec<String> = vec![
        "solve".into(),
        sets[set].to_string_lossy().into_owned(),
        "--position".into(),
        "1".into(),
        "--iterations".into(),
        iterations.to_string(),
        "--algo".into(),
        algo.name().into(),
        "--variant".into(),
        variant.name().into(),
    ];
    let threads = rng.gen_range(0..3);
    if threads > 0 {
        args.extend(["--threads".into(), threads.to_string()]);
    }
    // Most cases draw only flags the algorithm takes, so that combinations of
    // them, not just the first refusal, are tried.
    let own = rng.gen_bool(0.7);
    let mut pool: Vec<_> = FLAGS
        .iter()
        // The case's budget is its own: a second one (`--time`, `--cpu-time`) would
        // only be refused as a conflict, or make the case depend on the clock.
        .filter(|f| !["--algo", "--iterations", "--time", "--cpu-time"].contains(&f.name))
        .filter(|f| !own || f.check(algo).is_ok())
        .collect();
    pool.shuffle(rng);
    let n = rng.gen_range(0..=6usize).min(pool.len());
    for f in &pool[..n] {
        let k = &known[f.name];
        if !k.takes_value {
            args.push(f.name.into());
            continue;
        }
        let (valid, edge) = values(f.name, &k.listed, files);
        let value = if rng.gen_bool(0.8) { &valid } else { &edge }
            .choose(rng)
            .unwrap()
            .clone();
        if rng.gen_bool(0.5) {
            args.push(format!("{}={value}", f.name));
        } else {
            args.extend([f.name.to_string(), value]);
        }
    }
    Case {
        args,
        algo,
        set,
        variant,
        iterations,
        plain: n == 0 && threads < 2,
    }
}

/// The command line as a shell would take it back.
fn shown(args: &[String]) -> String {
    let quote = |a: &String| {
        if !a.is_empty()
            && a.chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_=.,/".contains(c))
        {
            a.clone()
        } else {
            format!("'{a}'")
        }
    };
    std::iter::once("samegame".to_string())
        .chain(args.iter().map(quote))
        .collect::<Vec<_>>()
        .join(" ")
}

/// What a case ended with, when it holds to the property.
#[derive(Debug, PartialEq)]
enum Answer {
    Searched,
    Refused,
}

/// The property for one case's output.
fn check(c: &Case, out: &Output, sets: &[TestSet]) -> Result<Answer, String> {
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if stderr.contains("panicked") {
        return Err(format!("panic: {stderr}"));
    }
    match out.status.code() {
        Some(0) => {
            let lines: Vec<&str> = stdout.lines().collect();
            let [line] = lines[..] else {
                return Err(format!("want one solution line, got {lines:?}"));
            };
            let sol =
                SolutionLine::parse(line, Path::new("stdout"), 1).map_err(|e| e.to_string())?;
            let board = sets[c.set].position(1).unwrap().board(c.variant);
            samegame::line::verify(&board, &sol.moves, sol.score)
                .map_err(|e| format!("the line does not replay: {e}"))?;
            let head = format!("position 1: score {} playouts ", sol.score);
            let stats = stderr
                .lines()
                .find_map(|l| l.strip_prefix(&head))
                .ok_or(format!("no `{head}P` line on stderr: {stderr}"))?;
            let number_after = |word: &str| {
                let mut it = stats.split(' ').skip_while(|w| *w != word).skip(1);
                it.next().and_then(|n| n.parse::<u64>().ok())
            };
            let playouts = stats.split(' ').next().and_then(|n| n.parse::<u64>().ok());
            let playouts = playouts.ok_or(format!("no playouts in `{stats}`"))?;
            // Spent past the budget, as documented: an endgame solve asks its budget
            // every 1,024 positions (`search::exact`); the beam finishes a pass cut
            // before its first game greedily, counted (`search::beam`): at most one
            // child per group (tiles / 2) at each of at most tiles / 2 moves. A
            // search that ignores its budget spends far more.
            let tiles = board.tiles() as u64;
            let slack = 1024 * number_after("endgames").unwrap_or(0) + tiles * tiles / 4;
            if playouts > c.iterations + slack {
                return Err(format!(
                    "{playouts} playouts of a budget of {}",
                    c.iterations
                ));
            }
            Ok(Answer::Searched)
        }
        Some(2) => {
            if !stdout.is_empty() {
                return Err(format!("refused after printing {stdout}"));
            }
            if !stderr.starts_with("error: ") {
                return Err(format!("a refusal without `error: `: {stderr}"));
            }
            // A sentence a person reads (`--pb` once printed f64::MAX in full).
            if stderr.lines().next().map_or(0, |l| l.chars().count()) > 300 {
                return Err(format!("a refusal of more than 300 characters: {stderr}"));
            }
            // Clap's errors name the flag as `'--flag <VALUE>'`, ours as `--flag`;
            // a file that cannot be read is named as the value given (`error: F: …`,
            // `error: F:LINE: …`).
            let names = c.args.iter().any(|a| {
                let (flag, value) = a.split_once('=').unwrap_or((a, a));
                (flag.starts_with("--") && stderr.contains(flag))
                    || (!value.is_empty() && stderr.starts_with(&format!("error: {value}:")))
            });
            match names {
                true => Ok(Answer::Refused),
                false => Err(format!(
                    "the refusal names none of the case's flags: {stderr}"
                )),
            }
        }
        code => Err(format!("exit {code:?}: {stderr}")),
    }
}

#[test]
fn every_flag_combination_searches_or_is_refused_naming_a_flag() {
    let cases = env_or("SAMEGAME_FLAG_CASES", 500);
    let seed = env_or("SAMEGAME_FLAG_SEED", 1);
    let show = std::env::var_os("SAMEGAME_FLAG_SHOW").is_some();
    let d = common::tempdir(&format!("flags-{seed}"));
    let mut paths = vec![];
    for (name, w, h, c) in [("a", 5, 5, 3), ("b", 6, 6, 4)] {
        let sub = d.join(name);
        std::fs::create_dir_all(&sub).unwrap();
        paths.push(common::testset(&sub, 1, w, h, c));
    }
    let sets: Vec<TestSet> = paths.iter().map(|p| TestSet::read(p).unwrap()).collect();
    let garbage = d.join("garbage.toml");
    std::fs::write(&garbage, "score = [oops\n").unwrap();
    let files = Files {
        weights: common::process::root("weights/beam-eval.toml")
            .to_string_lossy()
            .into_owned(),
        missing: d.join("missing.toml").to_string_lossy().into_owned(),
        garbage: garbage.to_string_lossy().into_owned(),
    };
    let known = known_flags();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut tally: BTreeMap<(String, &str), u64> = BTreeMap::new();
    for i in 0..cases {
        let c = case(&mut rng, &paths, &known, &files);
        let line = shown(&c.args);
        // A case that has not ended after a minute is killed and fails the test.
        let args: Vec<&str> = c.args.iter().map(String::as_str).collect();
        let out = common::process::run(&d, &args);
        let answer = check(&c, &out, &sets).unwrap_or_else(|e| panic!("case {i}: {e}\n{line}"));
        assert!(
            !c.plain || answer == Answer::Searched,
            "case {i}: a default configuration is refused: {}\n{line}",
            String::from_utf8_lossy(&out.stderr)
        );
        if show {
            let err = String::from_utf8_lossy(&out.stderr);
            eprintln!(
                "case {i}: {line}\n  {answer:?}: {}",
                err.lines().next().unwrap_or("")
            );
        }
        let algo = c.algo.name().to_string();
        let kind = match answer {
            Answer::Searched => "searched",
            Answer::Refused => "refused",
        };
        *tally.entry((algo, kind)).or_default() += 1;
    }
    eprintln!("flag combinations: {cases} cases (seed {seed}): {tally:?}");
    if cases >= 200 {
        for algo in Algo::ALL {
            for kind in ["searched", "refused"] {
                let n = tally
                    .get(&(algo.name().to_string(), kind))
                    .copied()
                    .unwrap_or(0);
                assert!(n > 0, "no case of {} was {kind}", algo.name());
            }
        }
    }
    let _ = std::fs::remove_dir_all(&d);
}
