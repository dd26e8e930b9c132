//! The valid range of every numeric flag, in one place: the constants the command
//! line checks before any work starts (exit 2, the message names the flag), and the
//! table docs/reliability.md shows under "Promises" ([`markdown`]; a test checks that
//! the page has exactly that table).
//!
//! Owns: the bounds, [`max_threads`], [`check_threads`] and [`check_search_threads`],
//! the beam's memory per board ([`max_beam_width`], [`check_beam_widths`]: the
//! boards are known later than the flags, so the commands call it once they have
//! read them), and the table.
//! Must not: parse command lines or know about searches beyond their bounds.

use crate::board::{Board, Packed};
use crate::error::Error;

/// Most playouts of one budget (`--iterations`, a `compare` budget list, a beam's
/// `--beam-l`): about a week of single-thread search.
pub const MAX_ITERATIONS: u64 = 1_000_000_000_000;
/// Longest `--time` (seconds): a week.
pub const MAX_SECONDS: f64 = 604_800.0;
/// Most runs per position (`batch --runs`, `compare --runs`).
pub const MAX_RUNS: u64 = 1_000_000;
/// Most `--restarts`.
pub const MAX_RESTARTS: u64 = 1_000_000;
/// Widest beam (`--beam-w`).
pub const MAX_BEAM_W: u32 = 1_000_000;
/// Widest layer of `--algo beam` (`--beam-width`) on any board: 2^24 positions, and
/// the bound of the other beams (`--beam-start`, `--playout-beam`, `--nrpa-seed`),
/// checked when the flag is read. On a given board the widest is
/// [`max_beam_width`], by memory: 2^24 on the standard 15 × 15 boards of 5 colours,
/// less on larger ones. Reached only if the budget lasts.
pub const MAX_BEAM_SEARCH_WIDTH: u64 = 1 << 24;
/// The memory one beam search may take ([`max_beam_width`]): 12 GiB, half of the
/// 24 GiB machine the project runs on. It bounds one search: `batch` and `compare`
/// run one search per worker thread (`--threads`) at a time.
pub const MAX_BEAM_BYTES: u64 = 12 << 30;
/// Bytes per unit of width per packed word of a position (`board::Packed::words`),
/// and [`BEAM_BYTES_BASE`] beside them: the estimate of [`beam_bytes_per_width`].
/// A kept position costs its packed board twice (the layer expanded and the one
/// built), its share of at most 4W children's records (the mid-layer selection's
/// buffer) and of the line trace. Measured: the peak RSS of one whole pass
/// (`/usr/bin/time -f "%M KB" samegame solve … --algo beam --beam-start W
/// --beam-width W --iterations 4000000000 --threads 1`), less that of the same
/// command with W = 1 (5.5 MB), per unit of W: standard board 16 (15 × 15 × 5, 78
/// words) 615, 569, 798, 456, 452 and 448 bytes at W = 2^15 … 2^20; Clickomania
/// 20 × 20 × 10 position 1 (403 words) 2,240, 1,884 and 1,834 at W = 2^15 … 2^17.
/// Layers under glibc's 32 MiB mmap threshold come from the heap and fragment it
/// (the 15 × 15 widths up to 2^17, 20 × 20's 2^15); the widths this bound decides
/// (2^22 and up) are far above it, so the fit is to the others: 4.39 × words +
/// 113, rounded up to 5 × words + 120 (510 bytes on 15 × 15, 2,135 on 20 × 20,
/// 3,335 on 32 × 32). docs/search.md ("Beam search") has the commands.
pub const BEAM_BYTES_PER_WORD: u64 = 5;
/// Bytes per unit of width whatever the board: see [`BEAM_BYTES_PER_WORD`].
pub const BEAM_BYTES_BASE: u64 = 120;
/// Widest parallel NRPA (`--nrpa-width`): lower-level searches side by side, each
/// with buffers of a few hundred KB at most, whatever the thread count.
pub const MAX_NRPA_WIDTH: u32 = 1024;
/// Widest Beam NRPA (`--nrpa-beam`): every level keeps this many sequences, each
/// with a policy, and weighs B² candidates per iteration (copies of their lines), so
/// a level-L search holds about L · B² lines.
pub const MAX_NRPA_BEAM: u32 = 16;
/// Largest exact-solver table (`--tt-mb`, per search thread): 4 GiB.
pub const MAX_TT_MB: u64 = 4096;
/// Deepest `perft --depth`: more than any board has moves (at most half its tiles).
pub const MAX_PERFT_DEPTH: usize = crate::board::MAX_WIDTH * crate::board::MAX_HEIGHT / 2;
/// Most boards one `generate` writes.
pub const MAX_GENERATE_COUNT: usize = 100_000;
/// Longest `bench --seconds`.
pub const MAX_BENCH_SECONDS: f64 = 3600.0;
/// Most jobs (runs of one search) one `batch` or `compare` plans: their list is
/// kept in memory (runs × positions, × configurations × budgets in `compare`).
pub const MAX_JOBS: u64 = 10_000_000;
/// Most candidates per generation of `tune-eval` (`--population`).
pub const MAX_TUNE_POPULATION: usize = 10_000;
/// Most generations of `tune-eval` (`--generations`).
pub const MAX_TUNE_GENERATIONS: u32 = 10_000;
/// Most independent searches (root-parallel trees) of root parallelisation, and most
/// threads of one search (`--threads`, `--search-threads`), whatever the cores.
pub const MAX_TREES: u32 = 256;
/// Threads per core at most (`--threads`, `--search-threads`).
pub const THREADS_PER_CORE: usize = 4;

/// Most threads a `--threads` flag may ask for: [`THREADS_PER_CORE`] per core of
/// this machine (more only slow the work down and use memory).
pub fn max_threads() -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    cores * THREADS_PER_CORE
}

/// Checks a thread count given as `flag` (0 only where `zero_is_auto`).
pub fn check_threads(flag: &str, n: usize, zero_is_auto: bool) -> Result<(), Error> {
    let max = max_threads();
    if n == 0 && !zero_is_auto {
        return Err(Error::Config(format!(
            "{flag} must be at least 1 (leave {flag} out for all cores)"
        )));
    }
    if n > max {
        return Err(Error::Config(format!(
            "{flag} must be at most {max} ({THREADS_PER_CORE} per core on this machine), got {n}"
        )));
    }
    Ok(())
}

/// Checks the searches or threads of one search (`solve --threads`,
/// `--search-threads`; 0 is `auto`), whatever they are used for (root-parallel
/// searches, or parallel NRPA's threads): at most [`MAX_TREES`], and at most
/// [`max_threads`] (more only slow the search down).
pub fn check_search_threads(n: u32) -> Result<(), Error> {
    if n > MAX_TREES {
        return Err(Error::Config(format!(
            "--threads (--search-threads) must be between 1 and {MAX_TREES}, got {n}"
        )));
    }
    let max = max_threads();
    if n as usize > max {
        return Err(Error::Config(format!(
            "--threads (--search-threads) must be at most {max} ({THREADS_PER_CORE} per core on this \
             machine), got {n}",
        )));
    }
    Ok(())
}

/// Checks a number of seconds given as `flag` (`--time`, `--cpu-time`,
/// `--checkpoint-every`, `--progress`): positive, finite, at most [`MAX_SECONDS`].
pub fn check_seconds(flag: &str, t: f64) -> Result<f64, Error> {
    if !(t > 0.0 && t.is_finite()) {
        Err(Error::Config(format!(
            "{flag} must be a positive number of seconds, not {t}"
        )))
    } else if t > MAX_SECONDS {
        Err(Error::Config(format!(
            "{flag} must be at most {MAX_SECONDS} seconds (a week), not {t}"
        )))
    } else {
        Ok(t)
    }
}

/// Estimated bytes per unit of a beam's width on `board` (`--beam-width`, and the
/// widths of `--playout-beam` and `--nrpa-seed`): [`BEAM_BYTES_PER_WORD`] per packed
/// word of a position plus [`BEAM_BYTES_BASE`].
pub fn beam_bytes_per_width(board: &Board) -> u64 {
    BEAM_BYTES_PER_WORD * Packed::of(board).words() as u64 + BEAM_BYTES_BASE
}

/// The widest beam allowed on `board`: the largest power of two whose estimate
/// ([`beam_bytes_per_width`]) fits in [`MAX_BEAM_BYTES`], at most
/// [`MAX_BEAM_SEARCH_WIDTH`].
pub fn max_beam_width(board: &Board) -> u64 {
    let per = beam_bytes_per_width(board);
    let mut w = MAX_BEAM_SEARCH_WIDTH;
    while w > 1 && w * per > MAX_BEAM_BYTES {
        w /= 2;
    }
    w
}

/// A board of `width` × `height` and `colors` colours (its tiles all of colour 0:
/// what a beam's memory depends on is the board's size): for the table and tests.
fn blank(width: usize, height: usize, colors: usize) -> Board {
    let rows = vec![vec![0; width]; height];
    Board::from_rows(&rows, colors, crate::rules::Variant::SameGame)
        .expect("the size is within the supported board sizes")
}

/// Checks the beam widths `widths` (flag, value) on `board`, which `place` names
/// (`position 3 of FILE, line 41`): each at most [`max_beam_width`] there, else
/// the error names the flag, the value, the board and the estimated memory.
pub fn check_beam_widths(widths: &[(&str, u64)], board: &Board, place: &str) -> Result<(), Error> {
    let max = max_beam_width(board);
    match widths.iter().find(|&&(_, w)| w > max) {
        None => Ok(()),
        Some(&(flag, w)) => Err(Error::Config(format!(
            "{flag} {w} needs about {:.1} GiB on {place} ({} × {}, {} colours); at most {max} \
             there (limits::MAX_BEAM_BYTES {} GiB)",
            w.saturating_mul(beam_bytes_per_width(board)) as f64 / f64::from(1 << 30),
            board.width(),
            board.height(),
            board.colors(),
            MAX_BEAM_BYTES >> 30
        ))),
    }
}

/// Checks the number of jobs a command plans (`what` says how it was counted).
pub fn check_jobs(jobs: u64, what: &str) -> Result<(), Error> {
    if jobs > MAX_JOBS {
        return Err(Error::Config(format!(
            "{what} make {jobs} runs, more than the {MAX_JOBS} one command may plan; \
             lower --runs or split the work (--positions, --shard)"
        )));
    }
    Ok(())
}

/// One row of the table: flag, commands, valid values.
pub struct Row {
    /// The flag.
    pub flag: &'static str,
    /// The subcommands that take it.
    pub commands: &'static str,
    /// Valid values.
    pub range: String,
}

/// `v` with its thousands grouped by commas (`100,000`), as help texts and limits say it.
pub(crate) fn n(v: u64) -> String {
    let s = v.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Every numeric flag and its valid values.
pub fn table() -> Vec<Row> {
    use crate::board::{MAX_COLORS, MAX_HEIGHT, MAX_WIDTH};
    let row = |flag, commands, range: String| Row {
        flag,
        commands,
        range,
    };
    vec![
        row(
            "--iterations",
            "solve, batch, compare (each of the list), tune-eval",
            format!("1 – {}", n(MAX_ITERATIONS)),
        ),
        row(
            "--time, --cpu-time",
            "solve, batch, compare (each of the list)",
            format!("> 0 – {} seconds (a week)", n(MAX_SECONDS as u64)),
        ),
        row("--runs", "batch, compare", format!("1 – {}", n(MAX_RUNS))),
        row(
            "--checkpoint-every, --progress",
            "batch (with --checkpoint); solve",
            format!("> 0 – {} seconds (a week)", n(MAX_SECONDS as u64)),
        ),
        row(
            "--runs × positions (× configurations × budgets)",
            "batch, compare",
            format!("at most {} runs in one command", n(MAX_JOBS)),
        ),
        row(
            "--threads",
            "batch, compare, tune-eval (0 = all cores)",
            format!("1 – {THREADS_PER_CORE} × cores"),
        ),
        row(
            "--threads, --search-threads",
            "solve, batch, compare configurations",
            format!(
                "auto or 1 – {THREADS_PER_CORE} × cores (and at most {})",
                MAX_TREES
            ),
        ),
        row(
            "--level",
            "solve, batch, compare",
            "1 – 8 (1 for the level-1 searches)".into(),
        ),
        row(
            "--restarts",
            "solve, batch, compare",
            format!("1 – {}", n(MAX_RESTARTS)),
        ),
        row(
            "--beam-l",
            "solve, batch, compare (each level)",
            format!("1 – {}, auto or none", n(MAX_ITERATIONS)),
        ),
        row(
            "--beam-w",
            "solve, batch, compare (each level)",
            format!("1 – {}, auto or none", n(u64::from(MAX_BEAM_W))),
        ),
        row(
            "--beam-width",
            "solve, batch, compare (--algo beam), tune-eval",
            format!(
                "1 – {} or auto; on each board at most the widest whose estimated memory \
                 fits {} GiB ({})",
                n(MAX_BEAM_SEARCH_WIDTH),
                MAX_BEAM_BYTES >> 30,
                [(15, 15, 5), (20, 20, 10), (32, 32, 10)]
                    .map(|(w, h, c)| format!(
                        "{} on {w} × {h} × {c}",
                        n(max_beam_width(&blank(w, h, c)))
                    ))
                    .join(", ")
            ),
        ),
        row(
            "--tt-mb",
            "solve, batch, compare",
            format!("1 – {} (per search thread)", n(MAX_TT_MB)),
        ),
        row(
            "--endgame",
            "solve, batch, compare",
            "0 – 1,024 tiles".into(),
        ),
        row(
            "--nrpa-iterations",
            "solve, batch, compare",
            format!("auto or 1 – {}", n(u64::from(u32::MAX))),
        ),
        row(
            "--nrpa-width",
            "solve, batch, compare",
            format!("1 – {}", n(u64::from(MAX_NRPA_WIDTH))),
        ),
        row(
            "--nrpa-late-tiles",
            "solve, batch, compare",
            "0 – 65,535".into(),
        ),
        row(
            "--nrpa-late-size",
            "solve, batch, compare",
            "2 – 65,535".into(),
        ),
        row(
            "--nrpa-alpha",
            "solve, batch, compare",
            "a finite number > 0".into(),
        ),
        row(
            "--nrpa-bias",
            "solve, batch, compare",
            "a finite number".into(),
        ),
        row(
            "--nrpa-stable",
            "solve, batch, compare",
            format!("1 – {}", n(u64::from(u32::MAX))),
        ),
        row(
            "--nrpa-beam",
            "solve, batch, compare",
            format!("1 – {MAX_NRPA_BEAM}"),
        ),
        row(
            "--nrpa-repeats",
            "solve, batch, compare",
            format!("0 – {}", n(u64::from(u32::MAX))),
        ),
        row(
            "--nrpa-seed",
            "solve, batch, compare",
            format!(
                "0 – {}; on each board at most what --beam-width allows there",
                n(MAX_BEAM_SEARCH_WIDTH)
            ),
        ),
        row(
            "--playout-beam",
            "solve, batch, compare (--algo nmcs)",
            format!(
                "0 – {}; on each board at most what --beam-width allows there",
                n(MAX_BEAM_SEARCH_WIDTH)
            ),
        ),
        row(
            "--inner-level",
            "solve, batch, compare (--inner-algo nmcs or nrpa, the warm tree of nmcts, nbmcts)",
            "1 – 8".into(),
        ),
        row(
            "--adapt-alpha",
            "solve, batch, compare (--policy adapt, the warm tree of nmcts, nbmcts)",
            "a finite number > 0, or auto".into(),
        ),
        row(
            "--adapt-every",
            "solve, batch, compare (--policy adapt, the warm tree of nmcts, nbmcts)",
            format!("0 (once per improvement) – {}, or auto", n(MAX_ITERATIONS)),
        ),
        row(
            "--bandit-c, --c, --pb",
            "solve, batch, compare",
            "finite numbers ≥ 0 (--c, --pb: each level)".into(),
        ),
        row(
            "--z",
            "solve, batch, compare (each level)",
            "0 – 4,294,967,295 or auto".into(),
        ),
        row(
            "--inner",
            "solve, batch, compare (each level)",
            "at least 1 playout (the budget bounds the total)".into(),
        ),
        row("--im-alpha", "solve, batch, compare", "0 – 1".into()),
        row(
            "--position, --positions",
            "all that take them",
            "1 – the number of boards in the test set".into(),
        ),
        row(
            "--depth",
            "perft",
            format!("1 – {MAX_PERFT_DEPTH} (half the tiles of the largest board)"),
        ),
        row("--width", "generate", format!("1 – {MAX_WIDTH}")),
        row("--height", "generate", format!("1 – {MAX_HEIGHT}")),
        row("--colors", "generate", format!("1 – {MAX_COLORS}")),
        row(
            "--count",
            "generate",
            format!("1 – {}", n(MAX_GENERATE_COUNT as u64)),
        ),
        row(
            "--seconds",
            "bench",
            format!("> 0 – {} seconds", n(MAX_BENCH_SECONDS as u64)),
        ),
        row("--playouts", "bench", format!("1 – {}", n(MAX_ITERATIONS))),
        row(
            "--seed",
            "all that take it",
            "any whole number 0 – 2⁶⁴−1".into(),
        ),
        row("--shard i/n", "batch", "1 ≤ i ≤ n".into()),
        row(
            "--population",
            "tune-eval",
            format!("2 – {}", n(MAX_TUNE_POPULATION as u64)),
        ),
        row("--elite", "tune-eval", "1 – population − 1".into()),
        row(
            "--generations",
            "tune-eval",
            format!("1 – {}", n(u64::from(MAX_TUNE_GENERATIONS))),
        ),
    ]
}

/// The table as Markdown (as docs/reliability.md shows it).
pub fn markdown() -> String {
    let mut s = String::from("| flag | commands | valid values |\n| --- | --- | --- |\n");
    for r in table() {
        s.push_str(&format!(
            "| `{}` | {} | {} |\n",
            r.flag, r.commands, r.range
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thread_limits() {
        assert!(max_threads() >= THREADS_PER_CORE);
        assert!(check_threads("--threads", 1, false).is_ok());
        assert!(check_threads("--threads", 0, true).is_ok());
        let e = check_threads("--threads", 0, false)
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "--threads must be at least 1 (leave --threads out for all cores)"
        );
        let e = check_threads("--threads", 100_000, false)
            .unwrap_err()
            .to_string();
        assert!(e.contains("got 100000"), "{e}");
    }

    #[test]
    fn beam_widths_are_bounded_by_memory_per_board() {
        let standard = blank(15, 15, 5);
        assert_eq!(Packed::of(&standard).words(), 78);
        assert_eq!(beam_bytes_per_width(&standard), 510);
        assert_eq!(max_beam_width(&standard), 1 << 24);
        assert_eq!(max_beam_width(&blank(20, 20, 10)), 1 << 22);
        // The largest board accepted: 2^21, the bound before the per-board one, fits.
        let largest = blank(crate::board::MAX_WIDTH, crate::board::MAX_HEIGHT, 10);
        assert_eq!(Packed::of(&largest).words(), 643);
        assert!((1 << 21) * beam_bytes_per_width(&largest) <= MAX_BEAM_BYTES);
        assert_eq!(max_beam_width(&largest), 1 << 21);
        // On every size: a power of two whose estimate fits and whose double does not
        // (or the bound), and never wider on a board of more words.
        let mut sizes = Vec::new();
        for (w, h, c) in (1..=32)
            .flat_map(|w| [1, 16, 17, 32].map(|h| (w, h)))
            .flat_map(|(w, h)| (1..=10).map(move |c| (w, h, c)))
        {
            let b = blank(w, h, c);
            let (per, max) = (beam_bytes_per_width(&b), max_beam_width(&b));
            assert!(max.is_power_of_two() && max <= MAX_BEAM_SEARCH_WIDTH);
            assert!(max * per <= MAX_BEAM_BYTES);
            assert!(max == MAX_BEAM_SEARCH_WIDTH || 2 * max * per > MAX_BEAM_BYTES);
            assert!(max >= 1 << 21, "{w} × {h} × {c}");
            sizes.push((Packed::of(&b).words(), max));
        }
        sizes.sort();
        assert!(
            sizes.windows(2).all(|p| p[1].1 <= p[0].1),
            "monotone in words"
        );
    }

    #[test]
    fn a_beam_too_wide_for_a_board_names_the_flag_the_board_and_the_memory() {
        let b = blank(20, 20, 10);
        let ok = [("--beam-width", 1 << 22), ("--beam-start", 1)];
        assert!(check_beam_widths(&ok, &b, "position 3 of f.txt, line 50").is_ok());
        let wide = [("--beam-start", 1), ("--beam-width", 1 << 24)];
        let e = check_beam_widths(&wide, &b, "position 3 of f.txt, line 50")
            .unwrap_err()
            .to_string();
        assert_eq!(
            e,
            "--beam-width 16777216 needs about 33.4 GiB on position 3 of f.txt, line 50 \
             (20 × 20, 10 colours); at most 4194304 there (limits::MAX_BEAM_BYTES 12 GiB)"
        );
    }

    #[test]
    fn numbers_are_grouped() {
        assert_eq!(n(1), "1");
        assert_eq!(n(1000), "1,000");
        assert_eq!(n(604_800), "604,800");
        assert_eq!(n(1_000_000_000_000), "1,000,000,000,000");
    }
}
