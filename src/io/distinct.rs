//! Outputs that would destroy an input: before a command writes anything, every file
//! it will write is checked against every file it reads and every other file it
//! writes, whatever the spelling (`./x` and `x`, a symlink and its target, a hard
//! link), so that `--results` naming the solutions file, or `--html` naming the test
//! set, is refused instead of replacing that file.
//!
//! Owns: [`same_file`] and [`check_distinct`]. Must not: read or write the files.

use std::path::{Path, PathBuf};

use super::safe_write::{is_write_through, resolve};
use crate::error::Error;

/// The file `path` names for comparing paths: symlinks followed, then made
/// canonical (a file not there yet: its folder made canonical, joined with its name).
fn identity(path: &Path) -> PathBuf {
    let p = resolve(path).unwrap_or_else(|_| path.to_path_buf());
    if let Ok(c) = p.canonicalize() {
        return c;
    }
    let dir = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match (dir.canonicalize(), p.file_name()) {
        (Ok(d), Some(n)) => d.join(n),
        _ => p,
    }
}

/// Whether `a` and `b` name the same file (the same device and inode when both
/// exist: hard links too).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
            return (x.dev(), x.ino()) == (y.dev(), y.ino());
        }
    }
    identity(a) == identity(b)
}

/// Refuses an output (flag, path) that names an input or another output: writing
/// it would replace a file the command reads, or one output would overwrite
/// another. Outputs written through (`/dev/stdout`, …) are exempt. The error names
/// both flags and both paths, and says that nothing was written. An output named
/// `-` is refused too: `-` is standard input where a test set is read, but an output
/// of that name would be a file called `-`.
pub fn check_distinct(outputs: &[(&str, &Path)], inputs: &[(&str, &Path)]) -> Result<(), Error> {
    if let Some((flag, _)) = outputs.iter().find(|(_, p)| *p == Path::new("-")) {
        return Err(Error::Config(format!(
            "{flag} -: an output is a file, and `-` would make one named `-`; give a file \
             name, or /dev/stdout to write it through to standard output (nothing was written)"
        )));
    }
    let outputs: Vec<_> = outputs
        .iter()
        .filter(|(_, p)| !is_write_through(p))
        .collect();
    for (i, (flag, path)) in outputs.iter().enumerate() {
        let earlier = outputs[..i].iter().map(|(f, p)| (f, p, "written by"));
        let read = inputs.iter().map(|(f, p)| (f, p, "read as"));
        for (other, p, role) in read.chain(earlier) {
            if same_file(path, p) {
                return Err(Error::Config(format!(
                    "{flag} {} is the file {role} {other} {}: writing it would replace that \
                     file; give another path (nothing was written)",
                    path.display(),
                    p.display()
                )));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("sg-distinct-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn spellings_links_and_new_files_are_the_same_file() {
        let d = dir("same");
        let f = d.join("a.txt");
        std::fs::write(&f, "x").unwrap();
        assert!(same_file(&f, &d.join(".").join("a.txt")));
        std::os::unix::fs::symlink(&f, d.join("link")).unwrap();
        assert!(same_file(&f, &d.join("link")));
        std::fs::hard_link(&f, d.join("hard")).unwrap();
        assert!(same_file(&f, &d.join("hard")));
        // Not there yet: compared by folder and name.
        assert!(same_file(&d.join("new.txt"), &d.join(".").join("new.txt")));
        assert!(!same_file(&d.join("new.txt"), &f));
        assert!(!same_file(&d.join("b.txt"), &d.join("c.txt")));
    }

    #[test]
    fn an_output_named_dash_is_refused() {
        let e = check_distinct(
            &[("--out", Path::new("o.txt")), ("--csv", Path::new("-"))],
            &[],
        )
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("--csv -: an output is a file"), "{e}");
        assert!(check_distinct(&[("--csv", Path::new("/dev/stdout"))], &[]).is_ok());
    }

    #[test]
    fn an_output_over_an_input_or_another_output_is_refused() {
        let d = dir("check");
        let set = d.join("set.txt");
        std::fs::write(&set, "x").unwrap();
        let (out, res) = (d.join("s.txt"), d.join("./s.txt"));
        let e = check_distinct(&[("--out", &out), ("--results", &res)], &[]).unwrap_err();
        let m = e.to_string();
        assert!(
            m.contains("--results") && m.contains("written by --out"),
            "{m}"
        );
        let e = check_distinct(&[("--html", &set)], &[("TESTSET", &set)]).unwrap_err();
        assert!(e.to_string().contains("read as TESTSET"), "{e}");
        assert!(check_distinct(&[("--out", &out)], &[("TESTSET", &set)]).is_ok());
        // Inputs may repeat; outputs written through are not files to protect.
        assert!(check_distinct(&[], &[("A", &set), ("B", &set)]).is_ok());
        let stdout = Path::new("/dev/stdout");
        assert!(check_distinct(&[("--csv", stdout), ("--json", stdout)], &[]).is_ok());
    }
}
