//! The `samegame` binary: a thin wrapper that runs the CLI and maps errors to exit codes.
//! Must not: hold any logic beyond the SIGPIPE disposition; everything is in `cli`.
use std::process::ExitCode;

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so a closed stdout (`samegame verify … | head`) made
    // every `println!` panic. Like other Unix filters, end quietly instead: what
    // `batch` found is already in its journal, which a rerun resumes from. (A stop
    // by Ctrl-C or SIGTERM ignores SIGPIPE again, so that its runs save first:
    // `cli::checkpoint_args::on_interrupt`.)
    #[cfg(unix)]
    // SAFETY: sets the disposition of one signal before any thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    samegame::cli::main(std::env::args_os())
}
