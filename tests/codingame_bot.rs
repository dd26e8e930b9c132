//! The CodinGame bot (`export --format codingame-bot`) driven by a local referee loop
//! written here on top of the engine: one python3 process per game, the acatai/SameGame
//! protocol (15 lines top row first, -1 for empty; answer `x y`, y from the bottom).
//! Every move must be legal; on the shipped standard-20, recoloured-20 and extra-5
//! boards the final no-penalty score must equal the best line of the solutions files
//! re-scored in this test; on an unknown board the bot must play the greedy fallback
//! to the end, move for move as re-implemented here.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use samegame::board::EMPTY;
use samegame::io::solutions::SolutionsFile;
use samegame::io::testset::TestSet;
use samegame::{line, Board, Cell, Variant};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// (solutions file, its test set) pairs the bot is built from.
const PAIRS: [(&str, &str); 5] = [
    (
        "solutions/samegame-standard-20.samegame.txt",
        "testsets/samegame-standard-20.txt",
    ),
    (
        "solutions/samegame-standard-20.clickomania.txt",
        "testsets/samegame-standard-20.txt",
    ),
    (
        "solutions/samegame-standard-20.bubblebreaker.txt",
        "testsets/samegame-standard-20.txt",
    ),
    (
        "solutions/codingame-standard-20-recolored.samegame-nopenalty.txt",
        "testsets/codingame-standard-20-recolored.txt",
    ),
    (
        "solutions/codingame-extra-5.samegame-nopenalty.txt",
        "testsets/codingame-extra-5.txt",
    ),
];

/// Colour-name-free key, written independently of the exporter's.
fn key(rows: &[Vec<u8>]) -> Vec<u8> {
    let mut map: HashMap<u8, u8> = HashMap::new();
    rows.iter()
        .flatten()
        .map(|&c| {
            let n = map.len() as u8;
            *map.entry(c).or_insert(n)
        })
        .collect()
}

fn export_bot(dir: &Path) -> (PathBuf, String) {
    let bot = dir.join("bot.py");
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_samegame"));
    cmd.arg("export");
    for (s, _) in PAIRS {
        cmd.arg(root().join(s));
    }
    for (_, t) in PAIRS {
        cmd.arg("--testset").arg(root().join(t));
    }
    cmd.args(["--format", "codingame-bot", "--out"]).arg(&bot);
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (bot, String::from_utf8(out.stdout).unwrap())
}

struct Game {
    score: i32,
    moves: Vec<Cell>,
    /// Slowest answer after the first (the first includes starting python3).
    slowest: Duration,
    first: Duration,
}

/// Plays one game of `bot` on `start` (no-penalty rules) as the referee does.
fn referee(bot: &Path, start: &Board) -> Game {
    let mut child = Command::new("python3")
        .arg(bot)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut board = start.with_variant(Variant::SameGameNoPenalty);
    let (mut moves, mut slowest, mut first) = (Vec::new(), Duration::ZERO, Duration::ZERO);
    while !board.is_terminal() {
        let mut text = String::new();
        for row in board.to_rows() {
            let cells: Vec<String> = row
                .iter()
                .map(|&c| {
                    if c == EMPTY {
                        "-1".into()
                    } else {
                        c.to_string()
                    }
                })
                .collect();
            text.push_str(&cells.join(" "));
            text.push('\n');
        }
        let t = Instant::now();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.flush().unwrap();
        let mut answer = String::new();
        stdout.read_line(&mut answer).unwrap();
        if moves.is_empty() {
            first = t.elapsed();
        } else {
            slowest = slowest.max(t.elapsed());
        }
        let v: Vec<u8> = answer
            .split_whitespace()
            .map(|s| s.parse().unwrap())
            .collect();
        let cell = Cell { x: v[0], y: v[1] };
        board
            .try_play(cell)
            .unwrap_or_else(|e| panic!("move {} at {cell} is illegal: {e}", moves.len() + 1));
        moves.push(cell);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    Game {
        score: board.final_score(),
        moves,
        slowest,
        first,
    }
}

#[test]
fn bot_plays_the_best_verified_line_on_every_shipped_board() {
    let dir = std::env::temp_dir().join(format!("samegame-bot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (bot, summary) = export_bot(&dir);
    // Best no-penalty score per board key over all files, re-scored here.
    let mut best: HashMap<Vec<u8>, i32> = HashMap::new();
    let mut boards = Vec::new();
    for (s, t) in PAIRS {
        let sols = SolutionsFile::read(&root().join(s)).unwrap();
        let set = TestSet::read(&root().join(t)).unwrap();
        for l in sols.lines.values() {
            let p = &set.positions[l.position - 1];
            let r = line::replay(&p.board(Variant::SameGameNoPenalty), &l.moves).unwrap();
            assert!(r.terminal);
            let e = best.entry(key(&p.rows)).or_insert(r.score);
            *e = (*e).max(r.score);
        }
        if !boards.iter().any(|(n, _): &(&str, _)| *n == t) {
            boards.push((t, set));
        }
    }
    let (mut slowest, mut first) = (Duration::ZERO, Duration::ZERO);
    let mut totals = HashMap::new();
    for (name, set) in &boards {
        let mut total = 0i64;
        for p in &set.positions {
            let want = best[&key(&p.rows)];
            let g = referee(&bot, &p.board(Variant::SameGameNoPenalty));
            assert_eq!(g.score, want, "{name} position {}", p.index);
            total += i64::from(g.score);
            slowest = slowest.max(g.slowest);
            first = first.max(g.first);
        }
        // The exporter's summary line for this set states the same total.
        let line = format!(
            "{}: {} of {} boards have a line, samegame-nopenalty total {total}",
            root().join(name).display(),
            set.positions.len(),
            set.positions.len()
        );
        assert!(summary.contains(&line), "{line} not in\n{summary}");
        totals.insert(*name, total);
    }
    // docs/usage.md states the validator total that scripts/update-readme.sh computed.
    let validators = totals["testsets/samegame-standard-20.txt"]
        + totals["testsets/codingame-standard-20-recolored.txt"];
    let usage = std::fs::read_to_string(root().join("docs/usage.md")).unwrap();
    assert!(
        usage.contains(&format!("no-penalty scores): **{validators}**")),
        "the bot total in docs/usage.md is stale: run scripts/update-readme.sh"
    );
    // The recoloured validators are the standard boards: same keys, same total.
    let std20 = &boards[0].1;
    let rec20 = &boards[1].1;
    for (a, b) in std20.positions.iter().zip(&rec20.positions) {
        assert_eq!(key(&a.rows), key(&b.rows), "position {}", a.index);
    }
    eprintln!("stored lines: slowest first answer {first:?}, slowest later answer {slowest:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The fallback as documented: largest group whose colour is not the most frequent
/// (ties: lowest colour index), any colour when only that one can move; ties between
/// groups go to the leftmost, then lowest, canonical tile.
fn greedy(board: &Board) -> Cell {
    let counts = board.counts();
    let tabu = (0..counts.len())
        .filter(|&c| counts[c] > 0)
        .max_by_key(|&c| (counts[c], std::cmp::Reverse(c)))
        .unwrap() as u8;
    board
        .groups()
        .into_iter()
        .max_by_key(|g| {
            (
                g.color != tabu,
                g.size,
                std::cmp::Reverse(g.cell.x),
                std::cmp::Reverse(g.cell.y),
            )
        })
        .unwrap()
        .cell
}

#[test]
fn unknown_board_is_played_to_the_end_by_the_fallback() {
    let dir = std::env::temp_dir().join(format!("samegame-bot-fb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (bot, _) = export_bot(&dir);
    let set = TestSet::read(&root().join("testsets/random-15x15x5-100.txt")).unwrap();
    let start = set.positions[0].board(Variant::SameGameNoPenalty);
    let g = referee(&bot, &start);
    // Same moves and score as the fallback re-implemented on the engine.
    let mut b = start;
    let mut want = Vec::new();
    while !b.is_terminal() {
        let m = greedy(&b);
        b.play(m);
        want.push(m);
    }
    assert_eq!(g.moves, want);
    assert_eq!(g.score, b.final_score());
    assert!(g.moves.len() > 10);
    // CodinGame allows 50 ms per turn (more for the first); the bound is the
    // referee-side round trip on a possibly busy machine.
    assert!(g.slowest < Duration::from_millis(50), "{:?}", g.slowest);
    eprintln!(
        "fallback: {} moves, score {}, first answer {:?}, slowest later answer {:?}",
        g.moves.len(),
        g.score,
        g.first,
        g.slowest
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn export_refuses_bad_combinations() {
    let run = |args: &[&str]| {
        let o = Command::new(env!("CARGO_BIN_EXE_samegame"))
            .current_dir(root())
            .args(args)
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )
    };
    let a = "solutions/samegame-standard-20.samegame.txt";
    let b = "solutions/samegame-standard-20.clickomania.txt";
    let (code, err) = run(&["export", a, "--format", "codingame-bot"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("needs --out"), "{err}");
    let (code, err) = run(&["export", a, b, "--format", "codingame"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("one solutions file"), "{err}");
    // A line that does not replay on the test set given for it is refused.
    let (code, err) = run(&[
        "export",
        a,
        "--testset",
        "testsets/codingame-extra-5.txt",
        "--format",
        "codingame-bot",
        "--out",
        "/dev/null",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains(a), "{err}");
}
