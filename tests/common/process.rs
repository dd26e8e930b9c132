//! Running the binary as a user would, for the end-to-end trust tests: in a folder,
//! with its pipes drained, under a one-minute bound against hangs (not a speed
//! claim), and sending it signals. Must not: assert what a command should print.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::time::{Duration, Instant};

pub const BIN: &str = env!("CARGO_BIN_EXE_samegame");

pub fn root(p: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(p)
}

/// Runs the binary in `dir`; a run that has not ended after a minute (a hang, such
/// as reading a FIFO) is killed and fails the test.
pub fn run(dir: &Path, args: &[&str]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Drain the pipes while waiting, so a chatty command cannot block on them.
    let mut out = child.stdout.take().unwrap();
    let mut err = child.stderr.take().unwrap();
    let out = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut out, &mut v).map(|_| v)
    });
    let err = std::thread::spawn(move || {
        let mut v = Vec::new();
        std::io::Read::read_to_end(&mut err, &mut v).map(|_| v)
    });
    let status = ended(&mut child, &format!("{args:?}"));
    Output {
        status,
        stdout: out.join().unwrap().unwrap(),
        stderr: err.join().unwrap().unwrap(),
    }
}

pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Copies the standard test set and its SameGame solutions into `dir` under the given
/// names.
pub fn standard_files(dir: &Path, set_name: &str, sols_name: &str) -> (PathBuf, PathBuf) {
    let set = dir.join(set_name);
    let sols = dir.join(sols_name);
    std::fs::copy(root("testsets/samegame-standard-20.txt"), &set).unwrap();
    std::fs::copy(root("solutions/samegame-standard-20.samegame.txt"), &sols).unwrap();
    (set, sols)
}

/// Waits for `child` to end (at most a minute: a generous bound against hangs, not
/// a speed claim).
pub fn ended(child: &mut Child, what: &str) -> ExitStatus {
    let start = Instant::now();
    // Polls from 1 ms up to 20 ms: a command that ends at once is not held back by
    // the polling (the flag-combination test runs hundreds of short ones).
    let mut pause = Duration::from_millis(1);
    loop {
        if let Some(st) = child.try_wait().unwrap() {
            return st;
        }
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("{what} did not end within a minute");
        }
        std::thread::sleep(pause);
        pause = (pause * 2).min(Duration::from_millis(20));
    }
}

pub fn signal(child: &Child, sig: &str) {
    let st = Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
}

pub fn spawn(dir: &Path, args: &[&str]) -> Child {
    spawn_to(dir, args, Stdio::null)
}

/// [`spawn`] with stdout and stderr piped to the test (which may close them).
pub fn spawn_piped(dir: &Path, args: &[&str]) -> Child {
    spawn_to(dir, args, Stdio::piped)
}

fn spawn_to(dir: &Path, args: &[&str], out: fn() -> Stdio) -> Child {
    use std::os::unix::process::CommandExt;
    let mut command = Command::new(BIN);
    // A shell that starts a job in the background without job control (`cmd &` in a
    // script) ignores SIGINT for it, and an ignored signal stays ignored across exec:
    // the binary gets the dispositions it would get from a terminal, so the signal
    // tests hold however the test run was started.
    // SAFETY: only `signal`, async-signal-safe, runs between fork and exec.
    unsafe {
        command.pre_exec(|| {
            libc::signal(libc::SIGINT, libc::SIG_DFL);
            libc::signal(libc::SIGTERM, libc::SIG_DFL);
            Ok(())
        });
    }
    command
        .args(args)
        .current_dir(dir)
        .stdout(out())
        .stderr(out())
        .spawn()
        .unwrap()
}

pub fn wait_for(mut cond: impl FnMut() -> bool, what: &str) {
    let start = Instant::now();
    while !cond() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}
