//! A mutation fuzz of every subcommand: valid test sets, solutions files and
//! journals are mutated (bytes replaced, inserted or deleted; lines dropped, doubled
//! or swapped; numbers made huge, negative or empty) and every subcommand is run on
//! them in-process (`samegame::cli::run_args`) with small iteration budgets.
//!
//! The bar: no panic, no hang (each case must end within a minute), and every error
//! names what is wrong: the file it read (and, for text files, the line), or the flag.
//! `compare --pool` and `compare --plan` get mutated CSVs and plan files too.
//!
//! A fixed seed and `SAMEGAME_FUZZ_CASES` cases (default 500, a few seconds); `SAMEGAME_FUZZ_SHOW=1`
//! prints every error;
//! a longer run: `SAMEGAME_FUZZ_CASES=20000 SAMEGAME_FUZZ_SEED=7 cargo test --release
//! --test fuzz -- --nocapture` (docs/reliability.md).

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{Rng as _, SeedableRng};
use rand_pcg::Pcg64Mcg;

use samegame::cli::{run_args, Outcome};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The valid files every case mutates, made once by the binary's own commands.
struct Seeds {
    set: Vec<u8>,
    solutions: Vec<u8>,
    journal: Vec<u8>,
    /// A `compare --csv` file, for `compare --pool`.
    pool: Vec<u8>,
    /// A `compare --plan` file; `CASE` stands for the case's folder.
    plan: Vec<u8>,
}

fn ok(args: &[&str]) {
    let args: Vec<OsString> = std::iter::once("samegame")
        .chain(args.iter().copied())
        .map(OsString::from)
        .collect();
    assert_eq!(run_args(args), Ok(Outcome::Ok));
}

fn seeds(dir: &Path) -> Seeds {
    let set = dir.join("seed-set.txt");
    let sols = dir.join("seed-sols.txt");
    let journal = dir.join("seed.journal");
    ok(&[
        "generate",
        "--width",
        "6",
        "--height",
        "5",
        "--colors",
        "3",
        "--count",
        "3",
        "--seed",
        "5",
        "--out",
        set.to_str().unwrap(),
    ]);
    ok(&[
        "batch",
        set.to_str().unwrap(),
        "--runs",
        "2",
        "--threads",
        "1",
        "--algo",
        "nmcs",
        "--level",
        "1",
        "--iterations",
        "40",
        "--quiet",
        "--out",
        sols.to_str().unwrap(),
        "--journal",
        journal.to_str().unwrap(),
        "--results",
        dir.join("seed.jsonl").to_str().unwrap(),
    ]);
    let csv = dir.join("seed.csv");
    ok(&[
        "compare",
        set.to_str().unwrap(),
        "--config",
        "a: --algo nmcs --level 1",
        "--config",
        "b: --algo nrpa --level 1",
        "--iterations",
        "20",
        "--runs",
        "2",
        "--threads",
        "1",
        "--csv",
        csv.to_str().unwrap(),
    ]);
    let plan = "question = \"fuzz\"\ntestset = \"CASE/set.txt\"\npositions = \"1-2\"\n\
                iterations = [20, 40]\nruns = 1\nseed = 1\nthreads = 1\nbaseline = \"a\"\n\
                out = \"CASE/out\"\nconfigs = [\n  \"a: --algo nmcs --level 1\",\n  \
                \"b: --algo nrpa --level 1\",\n]\n";
    Seeds {
        set: std::fs::read(&set).unwrap(),
        solutions: std::fs::read(&sols).unwrap(),
        journal: std::fs::read(&journal).unwrap(),
        pool: std::fs::read(&csv).unwrap(),
        plan: plan.as_bytes().to_vec(),
    }
}

/// One mutation of `bytes`: text-aware ones for text files, byte ones for all.
fn mutate(rng: &mut Pcg64Mcg, bytes: &[u8], text: bool) -> Vec<u8> {
    let mut b = bytes.to_vec();
    for _ in 0..rng.gen_range(1..=4) {
        let kind = rng.gen_range(0..if text { 9 } else { 4 });
        let at = if b.is_empty() {
            0
        } else {
            rng.gen_range(0..b.len())
        };
        match kind {
            0 if !b.is_empty() => b[at] = rng.gen(),
            1 if !b.is_empty() => {
                let end = (at + rng.gen_range(1..16)).min(b.len());
                b.drain(at..end);
            }
            2 => b.insert(at, rng.gen()),
            3 => b.truncate(at),
            _ => {
                let s = String::from_utf8_lossy(&b).into_owned();
                let mut lines: Vec<String> = s.lines().map(str::to_string).collect();
                if lines.is_empty() {
                    continue;
                }
                let i = rng.gen_range(0..lines.len());
                match kind {
                    4 => {
                        lines.remove(i);
                    }
                    5 => lines.insert(i, lines[i].clone()),
                    6 => {
                        let j = rng.gen_range(0..lines.len());
                        lines.swap(i, j);
                    }
                    7 => {
                        // A number made huge, negative, empty or odd.
                        let words: Vec<&str> = lines[i].split(' ').collect();
                        let k = rng.gen_range(0..words.len());
                        let odd = [
                            "99999999999999999999",
                            "-1",
                            "",
                            "0",
                            "4294967296",
                            "1e3",
                            "0,0,0",
                            "+5",
                        ]
                        .choose(rng)
                        .unwrap();
                        let mut w: Vec<String> = words.iter().map(|s| s.to_string()).collect();
                        w[k] = odd.to_string();
                        lines[i] = w.join(" ");
                    }
                    _ => {
                        // A row made longer or a digit out of range.
                        lines[i].push(char::from(b'0' + rng.gen_range(0..10)));
                    }
                }
                b = lines.join("\n").into_bytes();
                b.push(b'\n');
            }
        }
    }
    b
}

/// What one case runs: the arguments, and the files an error may name.
fn case_args(rng: &mut Pcg64Mcg, dir: &Path) -> Vec<String> {
    let p = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let (set, sols, journal) = (p("set.txt"), p("sols.txt"), p("c.journal"));
    let algo = ["nmcs", "nrpa", "mcts", "nmcts --level 2", "bmcts"]
        .choose(rng)
        .unwrap();
    let search: Vec<String> = format!("--algo {algo} --iterations 30")
        .split(' ')
        .map(str::to_string)
        .collect();
    let mut v: Vec<String> = match rng.gen_range(0..15) {
        0 => vec!["solve".into(), set.clone()],
        1 => vec![
            "batch".into(),
            set.clone(),
            "--runs".into(),
            "2".into(),
            "--threads".into(),
            "1".into(),
            "--quiet".into(),
            "--out".into(),
            sols.clone(),
            "--journal".into(),
            journal.clone(),
            "--results".into(),
            p("r.jsonl"),
        ],
        2 => vec!["verify".into(), set.clone(), sols.clone()],
        3 => vec![
            "merge".into(),
            sols.clone(),
            "--testset".into(),
            set.clone(),
            "--out".into(),
            p("merged.txt"),
        ],
        4 => vec![
            "show".into(),
            set.clone(),
            "--position".into(),
            "2".into(),
            "--solution".into(),
            sols.clone(),
            "--no-color".into(),
        ],
        5 => vec![
            "show".into(),
            set.clone(),
            "--position".into(),
            "1".into(),
            "--solution".into(),
            sols.clone(),
            "--html".into(),
            p("page.html"),
        ],
        6 => vec![
            "perft".into(),
            set.clone(),
            "--position".into(),
            "3".into(),
            "--depth".into(),
            "3".into(),
        ],
        7 => vec![
            "export".into(),
            sols.clone(),
            "--testset".into(),
            set.clone(),
        ],
        8 => vec![
            "export".into(),
            sols.clone(),
            "--testset".into(),
            set.clone(),
            "--format".into(),
            "codingame-bot".into(),
            "--out".into(),
            p("bot.py"),
        ],
        9 => vec![
            "compare".into(),
            set.clone(),
            "--config".into(),
            "--algo nmcs --level 1".into(),
            "--config".into(),
            "--algo nrpa --level 1".into(),
            "--iterations".into(),
            "20,40".into(),
            "--runs".into(),
            "2".into(),
            "--threads".into(),
            "1".into(),
            "--journal".into(),
            journal.clone(),
            "--csv".into(),
            p("c.csv"),
            "--json".into(),
            p("c.json"),
            "--svg".into(),
            p("c.svg"),
        ],
        10 => vec![
            "bench".into(),
            "--testset".into(),
            set.clone(),
            "--playouts".into(),
            "200".into(),
        ],
        12 => vec![
            "compare".into(),
            "--pool".into(),
            p("pool.csv"),
            p("pool.csv"),
        ],
        13 => vec!["compare".into(), "--plan".into(), p("plan.toml")],
        11 => vec![
            "compare".into(),
            set.clone(),
            "--config".into(),
            "--algo nmcs".into(),
            "--iterations".into(),
            "20".into(),
            "--keep-best".into(),
            sols.clone(),
        ],
        _ => vec![
            "batch".into(),
            set.clone(),
            "--positions".into(),
            "1-2".into(),
            "--runs".into(),
            "1".into(),
            "--threads".into(),
            "2".into(),
            "--quiet".into(),
            "--out".into(),
            sols.clone(),
            "--journal".into(),
            journal.clone(),
            "--results".into(),
            p("r2.jsonl"),
        ],
    };
    if matches!(v[0].as_str(), "solve" | "batch") {
        v.extend(search);
    }
    v
}

enum Ended {
    Ok(Result<Outcome, String>),
    Panicked(String),
}

/// Runs one case on its own thread; `None` when it has not ended after a minute.
fn run_case(args: Vec<String>) -> Option<Ended> {
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        let argv = std::iter::once("samegame".to_string())
            .chain(args)
            .map(OsString::from)
            .collect::<Vec<_>>();
        let r = std::panic::catch_unwind(|| run_args(argv));
        let _ = tx.send(match r {
            Ok(r) => Ended::Ok(r),
            Err(p) => Ended::Panicked(
                p.downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default(),
            ),
        });
    });
    rx.recv_timeout(Duration::from_secs(60)).ok()
}

/// Whether an error message names what is wrong: one of the files (by its name), a
/// flag, or a position or move of a file it names.
fn names_what_is_wrong(msg: &str, files: &[&str]) -> bool {
    files.iter().any(|f| msg.contains(f)) || msg.contains("--")
}

#[test]
fn mutated_inputs_never_panic_hang_or_err_without_naming_the_cause() {
    let cases = env_or("SAMEGAME_FUZZ_CASES", 500);
    let seed = env_or("SAMEGAME_FUZZ_SEED", 1);
    let show = std::env::var_os("SAMEGAME_FUZZ_SHOW").is_some();
    let root: PathBuf = std::env::temp_dir().join(format!("sg-fuzz-{}-{seed}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).unwrap();
    let seeds = seeds(&root);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let (mut errors, mut oks, mut failed) = (0, 0, 0);
    for case in 0..cases {
        let dir = root.join(format!("case-{case}"));
        std::fs::create_dir_all(&dir).unwrap();
        // Each file is either left valid or mutated (at least one is mutated).
        let which = rng.gen_range(1..32u8);
        let plan = String::from_utf8(seeds.plan.clone())
            .unwrap()
            .replace("CASE", &dir.to_string_lossy())
            .into_bytes();
        for (bit, name, bytes, text) in [
            (1, "set.txt", &seeds.set, true),
            (2, "sols.txt", &seeds.solutions, true),
            (4, "c.journal", &seeds.journal, false),
            (8, "pool.csv", &seeds.pool, true),
            (16, "plan.toml", &plan, true),
        ] {
            let b = if which & bit != 0 {
                mutate(&mut rng, bytes, text)
            } else {
                bytes.clone()
            };
            std::fs::write(dir.join(name), b).unwrap();
        }
        let args = case_args(&mut rng, &dir);
        let shown = args.join(" ");
        match run_case(args) {
            None => panic!("case {case} hangs: samegame {shown}"),
            Some(Ended::Panicked(m)) => panic!("case {case} panicked ({m}): samegame {shown}"),
            Some(Ended::Ok(Ok(Outcome::Failed))) => failed += 1,
            Some(Ended::Ok(Ok(_))) => oks += 1,
            Some(Ended::Ok(Err(msg))) => {
                errors += 1;
                if show {
                    eprintln!("case {case}: samegame {shown}\n{msg}");
                }
                assert!(
                    names_what_is_wrong(
                        &msg,
                        &["set.txt", "sols.txt", "c.journal", "pool.csv", "plan.toml"]
                    ),
                    "case {case}: the error does not name the file or flag: {msg}\nsamegame {shown}"
                );
            }
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
    eprintln!("fuzz: {cases} cases (seed {seed}): {oks} ok, {failed} failed verification, {errors} errors, 0 panics, 0 hangs");
    assert!(errors > 0 && oks > 0, "the mutations should give both");
    let _ = std::fs::remove_dir_all(&root);
}
