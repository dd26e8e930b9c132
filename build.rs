//! Build script: records the git commit the binary is built from, for the
//! provenance `compare` writes into its reports (`SAMEGAME_COMMIT`: the commit's
//! first 12 hex digits, `-dirty` when the tracked files it is built from differ
//! from it; `unknown` outside a git checkout or without git).

use std::path::Path;
use std::process::Command;

/// The trimmed stdout of `git ARGS`, when git runs and succeeds.
fn git(args: &[&str]) -> Option<String> {
    let o = Command::new("git").args(args).output().ok()?;
    o.status
        .success()
        .then(|| String::from_utf8_lossy(&o.stdout).trim().to_string())
}

fn main() {
    // Sources and manifest: a change there may make the tree dirty.
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src");
    println!("cargo:rerun-if-changed=Cargo.toml");
    println!("cargo:rerun-if-changed=.cargo");
    let commit = match git(&["rev-parse", "--short=12", "HEAD"]) {
        Some(c) => {
            // A moved HEAD or branch: the files git keeps them in, where they exist.
            let mut watched = vec![git(&["rev-parse", "--git-path", "HEAD"])];
            if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]) {
                watched.push(git(&["rev-parse", "--git-path", &r]));
            }
            watched.push(git(&["rev-parse", "--git-path", "packed-refs"]));
            for p in watched.into_iter().flatten() {
                if Path::new(&p).exists() {
                    println!("cargo:rerun-if-changed={p}");
                }
            }
            // Only what the binary is built from: data files come and go.
            let built_from = ["src", "Cargo.toml", "build.rs", ".cargo"];
            let mut args = vec!["status", "--porcelain", "--untracked-files=no", "--"];
            args.extend(built_from);
            let dirty = git(&args).is_some_and(|s| !s.is_empty());
            if dirty {
                format!("{c}-dirty")
            } else {
                c
            }
        }
        None => "unknown".into(),
    };
    println!("cargo:rustc-env=SAMEGAME_COMMIT={commit}");
}
