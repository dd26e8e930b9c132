//! The crate's error type: every failure a user can cause, with enough context
//! (file, line, position, move) to fix it.
//!
//! Owns: [`Error`] and its messages. Must not: print or decide exit codes (the CLI does).

use std::fmt;
use std::path::{Path, PathBuf};

/// An error with the context needed to act on it.
#[derive(Debug)]
pub enum Error {
    /// A file could not be read or written.
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A file's content is malformed at a line (1-based; 0 = whole file).
    Parse {
        /// The file.
        path: PathBuf,
        /// Line number from 1, or 0 when the problem is the file as a whole.
        line: usize,
        /// What is wrong.
        msg: String,
    },
    /// A parameter or option makes no sense.
    Config(String),
    /// Anything else, already phrased for the user.
    Other(String),
    /// A run stopped (Ctrl-C, SIGTERM) before every part of it ended; what ended is
    /// kept, and the caller says what to do next.
    Stopped(String),
}

impl Error {
    /// A parse error at `path:line`.
    pub fn parse(path: &Path, line: usize, msg: impl Into<String>) -> Self {
        Error::Parse {
            path: path.to_path_buf(),
            line,
            msg: msg.into(),
        }
    }
    /// An I/O error on `path`.
    pub fn io(path: &Path, source: std::io::Error) -> Self {
        Error::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io { path, source } => write!(f, "{}: {source}", path.display()),
            Error::Parse { path, line: 0, msg } => write!(f, "{}: {msg}", path.display()),
            Error::Parse { path, line, msg } => write!(f, "{}:{line}: {msg}", path.display()),
            Error::Config(m) | Error::Other(m) | Error::Stopped(m) => f.write_str(m),
        }
    }
}

/// No [`std::error::Error::source`]: an I/O error's message already ends with its
/// cause, and a printer walking the chain would say it twice.
impl std::error::Error for Error {}
