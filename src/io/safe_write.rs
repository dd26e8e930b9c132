//! The one way this program writes a file: [`write_atomic`] / [`write_atomic_with`]
//! for whole files, [`open_append`] for append-only files (journals, results, locks).
//!
//! The rules, whatever the path names:
//! - a symlink is followed (its target is written; the link stays a link);
//! - `/dev/stdout`, `/dev/stderr`, `/dev/fd/N` and `/proc/self/fd/N` are written
//!   through, as a user who names them means;
//! - any other existing path that is not a regular file (a device such as
//!   `/dev/null`, a FIFO, a directory, a socket) is refused with an error naming it,
//!   and left as it is;
//! - a regular file is replaced by a temporary file in the same folder, written,
//!   synced and renamed over it (keeping its permissions), so a crash, a full disk or
//!   a refused write leaves the old file whole; the temporary file is removed on error.
//!
//! Files a command reads again and keeps (journals, solutions files, results files)
//! are never written through: [`check_kept`] refuses them as streams up front.
//!
//! Owns: those rules. Must not: decide what to write, or parse anything.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::Error;

/// Writes `contents` to `path` by the rules of this module.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<(), Error> {
    write_atomic_with(path, |w| w.write_all(contents))
}

/// Like [`write_atomic`], for an output the user may also print (`show --html`,
/// `generate --out`, a report): a path that is not a regular file is refused with a
/// hint to give a file path or `/dev/stdout`, which the other writes do not take
/// (files kept and read again are refused as streams by [`check_kept`]).
pub fn write_output(path: &Path, contents: &[u8]) -> Result<(), Error> {
    write(path, Hint::FileOrStdout, |w| w.write_all(contents))
}

/// Like [`write_atomic`], with the contents written by `fill` through a buffer (for
/// files too large to build in memory first).
pub fn write_atomic_with(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
    write(path, Hint::File, fill)
}

/// What a refusal of a path that is not a regular file tells the user to give.
#[derive(Clone, Copy)]
enum Hint {
    /// A file path (the output is kept, or never printed).
    File,
    /// A file path, or `/dev/stdout` to print the output.
    FileOrStdout,
}

fn write(
    path: &Path,
    hint: Hint,
    fill: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), Error> {
    if is_write_through(path) {
        let f = OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| Error::io(path, e))?;
        let mut w = std::io::BufWriter::new(f);
        return fill(&mut w)
            .and_then(|()| w.flush())
            .map_err(|e| Error::io(path, e));
    }
    let target = resolve(path)?;
    let old = match std::fs::metadata(&target) {
        Ok(m) => Some(m),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
        Err(e) => return Err(Error::io(&target, e)),
    };
    if let Some(m) = &old {
        refuse_unless_regular(path, &target, m, hint)?;
    }
    let dir = target
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    let (tmp, f) = create_temp(dir, &target)?;
    let written = (|| {
        if let Some(m) = &old {
            f.set_permissions(m.permissions())?;
        }
        let mut w = std::io::BufWriter::with_capacity(1 << 16, f);
        fill(&mut w)?;
        let f = w.into_inner().map_err(|e| e.into_error())?;
        f.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(unchanged(&target, e, old.is_some()));
    }
    if let Err(e) = std::fs::rename(&tmp, &target) {
        let _ = std::fs::remove_file(&tmp);
        return Err(unchanged(&target, e, old.is_some()));
    }
    Ok(())
}

/// Opens `path` for appending (created with its folder when missing), by the rules of
/// this module: a symlink is followed, a non-regular file refused.
pub fn open_append(path: &Path) -> Result<File, Error> {
    let target = checked_target(path)?;
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
    }
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(&target)
        .map_err(|e| Error::io(path, e))
}

/// The file `path` stands for (symlinks followed), checked to be a regular file when
/// it exists: for callers that open it themselves (a journal's first write, a lock).
pub fn checked_target(path: &Path) -> Result<PathBuf, Error> {
    checked(path, Hint::File)
}

/// Checks, before the work that produces it, that [`write_output`] will take `path`:
/// `/dev/stdout` and the like, or a regular file or none yet (a folder is refused
/// now, not after an hour of work).
pub fn check_output(path: &Path) -> Result<(), Error> {
    if !is_write_through(path) {
        checked(path, Hint::FileOrStdout)?;
    }
    Ok(())
}

fn checked(path: &Path, hint: Hint) -> Result<PathBuf, Error> {
    let target = resolve(path)?;
    match std::fs::metadata(&target) {
        Ok(m) => refuse_unless_regular(path, &target, &m, hint)?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(Error::io(&target, e)),
    }
    Ok(target)
}

/// Whether `path` names this process's standard output or error, or one of its open
/// descriptors: written through, never replaced.
pub fn is_write_through(path: &Path) -> bool {
    let s = path.to_string_lossy();
    s == "/dev/stdout"
        || s == "/dev/stderr"
        || ["/dev/fd/", "/proc/self/fd/"].iter().any(|p| {
            s.strip_prefix(p)
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
}

/// Refuses a file a command reads again and keeps (a journal, a solutions file it
/// merges into, a results file rebuilt from the journal; `kept`: (flag, path)) named
/// as a stream written through ([`is_write_through`]) or as `-`: reading it back
/// would wait on the command's own output, and it could not be kept. Checked before
/// anything is read or written.
pub fn check_kept(kept: &[(&str, &Path)]) -> Result<(), Error> {
    match kept
        .iter()
        .find(|(_, p)| is_write_through(p) || *p == Path::new("-"))
    {
        Some((flag, p)) => Err(Error::Config(format!(
            "{flag} {}: a journal, solutions or results file is kept and read or rewritten \
             as the runs go, so it cannot be standard output or an open descriptor; give a \
             file's path (nothing was written)",
            p.display()
        ))),
        None => Ok(()),
    }
}

/// Follows symlinks (at most 40, like the system) to the path they end at, which may
/// not exist yet.
pub(super) fn resolve(path: &Path) -> Result<PathBuf, Error> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p).map_err(|e| Error::io(&p, e))?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(Error::Other(format!(
        "{}: too many levels of symbolic links; nothing written",
        path.display()
    )))
}

fn refuse_unless_regular(
    path: &Path,
    target: &Path,
    m: &std::fs::Metadata,
    hint: Hint,
) -> Result<(), Error> {
    if m.is_file() {
        return Ok(());
    }
    let give = match hint {
        Hint::File => "give a file path",
        Hint::FileOrStdout => "give a file path, or /dev/stdout to print",
    };
    let kind = kind(m);
    let via = if target == path {
        String::new()
    } else {
        format!(" (the link {} points to it)", path.display())
    };
    Err(Error::Other(format!(
        "{} is {kind}, not a regular file{via}; refusing to replace it ({give})",
        target.display()
    )))
}

fn kind(m: &std::fs::Metadata) -> &'static str {
    let t = m.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "a special file"
}

/// A new temporary file beside `target`, never one that exists already.
fn create_temp(dir: &Path, target: &Path) -> Result<(PathBuf, File), Error> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let tmp = dir.join(format!(".{name}.tmp{}-{n}", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(f) => return Ok((tmp, f)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(unchanged(target, e, target.exists())),
        }
    }
}

/// A write error on `target`, saying that the old file (if any) is unchanged.
fn unchanged(target: &Path, e: std::io::Error, existed: bool) -> Error {
    let old = if existed {
        "; the old file is unchanged"
    } else {
        "; nothing was written"
    };
    Error::Other(format!("cannot write {}: {e}{old}", target.display()))
}

#[cfg(test)]
mod tests;
