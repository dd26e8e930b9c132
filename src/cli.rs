//! Command-line interface: parses arguments (clap derive) and runs one subcommand.
//!
//! Owns: the [`Cli`] definition, one module per subcommand under `cli/`, exit codes
//! (0 ok, 1 failed verification, 2 error, 130 stopped by Ctrl-C or SIGTERM after
//! saving what was found) and all printing. Must not: contain game or
//! search logic; nothing below this module sees clap types.

/// `eprintln!` for what a command says once a stop may have been asked: a failed
/// write is dropped instead of panicking. The stop ignores SIGPIPE from then on
/// ([`checkpoint_args::on_interrupt`]), so a write to a pipe whose reader the same
/// signal ended fails instead of ending the process before its runs are saved.
macro_rules! say_err {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($t)*);
    }};
}

/// [`say_err!`] for stdout.
macro_rules! say {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($t)*);
    }};
}

/// [`say!`] without the newline.
macro_rules! say_text {
    ($($t:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout(), $($t)*);
    }};
}

mod batch;
mod beam_memory;
mod bench;
mod bot;
mod checkpoint_args;
mod compare;
mod export;
mod generate;
mod inert;
mod merge;
mod perft;
mod replay_page;
mod search_args;
mod show;
mod solve;
mod tune_eval;
mod verify;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::error::Error;

/// Solver for the SameGame family (SameGame, Clickomania, Bubble Breaker).
#[derive(Parser, Debug)]
#[command(name = "samegame", version, about, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
#[allow(clippy::large_enum_variant)] // parsed once per run
enum Command {
    /// Solve positions of a test set with one search each; prints solution lines.
    Solve(solve::Args),
    /// Many seeded runs per position over a test set, keeping the best verified line
    /// per position in a solutions file; resumable.
    Batch(batch::Args),
    /// Merge solutions files: the best verified line per position.
    Merge(merge::Args),
    /// Draw a board in the terminal and step through a solution (or write an HTML
    /// replay page with `--html`).
    Show(show::Args),
    /// Replay every line of a solutions file and check moves, game end and score.
    Verify(verify::Args),
    /// Count legal move sequences of each length (move generator check).
    Perft(perft::Args),
    /// Measure single-thread random playouts per second on the standard 20 boards.
    Bench(bench::Args),
    /// Generate a random test set with a fixed seed (recorded in the file header).
    Generate(generate::Args),
    /// Export a solutions file to another format (CodinGame `x y;x y;…`), or
    /// solutions files to a CodinGame bot (Python).
    Export(export::Args),
    /// Compare search configurations on the same positions, seeds and budget
    /// (means with 95% CIs, paired differences and t-tests; table, CSV, JSON, SVG).
    Compare(compare::Args),
    /// Learn the weights of `--eval learned` from play: the cross-entropy method, the
    /// beam search playing every candidate on training positions; journaled.
    TuneEval(tune_eval::Args),
    /// Print a shell completion script (bash, zsh, fish, elvish or powershell), e.g.
    /// `samegame completions bash > ~/.local/share/bash-completion/completions/samegame`.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

/// Outcome of a subcommand that ran to completion.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything checked out.
    Ok,
    /// A verification found a mismatch (exit code 1).
    Failed,
    /// Stopped early by Ctrl-C after saving what was found (exit code 130).
    Interrupted,
}

/// Parses `args` and runs the subcommand; returns the process exit code.
/// Errors are printed to stderr as `error: …` with their causes.
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match parse(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return ExitCode::from(code);
        }
    };
    match run(cli) {
        Ok(Outcome::Ok) => ExitCode::SUCCESS,
        Ok(Outcome::Failed) => ExitCode::from(1),
        Ok(Outcome::Interrupted) => ExitCode::from(130),
        Err(e) => {
            eprint!("{}", error_text(&e));
            ExitCode::from(2)
        }
    }
}

/// Like [`main`], for tests that call the CLI in-process (the fuzz): the outcome, or
/// the text `main` prints for an error that exits 2 (a usage error or `error: …`
/// with its causes). `--help` and `--version` are `Ok(Outcome::Ok)`.
pub fn run_args(args: impl IntoIterator<Item = OsString>) -> Result<Outcome, String> {
    let cli = match parse(args) {
        Ok(c) => c,
        Err(e) if !e.use_stderr() => return Ok(Outcome::Ok),
        Err(e) => return Err(e.render().to_string()),
    };
    run(cli).map_err(|e| error_text(&e))
}

/// [`Cli::try_parse_from`], with every flag that takes a value taking a negative
/// number too: clap otherwise reads `--level -1` as `--level` without a value and an
/// unknown argument `-1`, refused with a message that names no flag (and a wrong tip);
/// now the value reaches the flag's own check, whose refusal names the flag. A list
/// that starts with a negative number (`--im-alpha -0.5,0`) is no number to clap, so
/// it is handed over joined to its flag (`--im-alpha=-0.5,0`).
fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Cli, clap::Error> {
    use clap::{CommandFactory as _, FromArgMatches as _};
    let mut joined: Vec<OsString> = Vec::new();
    for a in args {
        let negative_list = a.to_str().is_some_and(|v| {
            v.strip_prefix('-')
                .is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit() || c == '.'))
                && v.contains(',')
        });
        match joined.last_mut() {
            Some(flag)
                if negative_list
                    && flag
                        .to_str()
                        .is_some_and(|f| f.starts_with("--") && !f.contains('=')) =>
            {
                flag.push("=");
                flag.push(&a);
            }
            _ => joined.push(a),
        }
    }
    let args = joined;
    fn negative_numbers(cmd: clap::Command) -> clap::Command {
        cmd.mut_args(|a| match a.get_action().takes_values() {
            true => a.allow_negative_numbers(true),
            false => a,
        })
        .mut_subcommands(negative_numbers)
    }
    let mut m = negative_numbers(Cli::command()).try_get_matches_from(args)?;
    Cli::from_arg_matches_mut(&mut m).map_err(|e| e.format(&mut Cli::command()))
}

/// `error: …`: the message holds its cause (an I/O error's ends with it).
fn error_text(e: &Error) -> String {
    format!("error: {e}\n")
}

fn run(cli: Cli) -> Result<Outcome, Error> {
    match cli.command {
        Command::Solve(a) => solve::run(a),
        Command::Batch(a) => batch::run(a),
        Command::Merge(a) => merge::run(a),
        Command::Show(a) => show::run(a),
        Command::Verify(a) => verify::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Generate(a) => generate::run(a),
        Command::Export(a) => export::run(a),
        Command::Compare(a) => compare::run(a),
        Command::TuneEval(a) => tune_eval::run(a),
        Command::Completions { shell } => {
            use clap::CommandFactory as _;
            clap_complete::generate(
                shell,
                &mut Cli::command(),
                "samegame",
                &mut std::io::stdout(),
            );
            Ok(Outcome::Ok)
        }
    }
}
