//! The `samegame` binary: a thin wrapper that runs the CLI and maps errors to exit codes.
use std::process::ExitCode;

fn main() -> ExitCode {
    samegame::cli::main(std::env::args_os())
}
