//! The journal's bytes: the header, the framed entries of format version 2 (append
//! only), and decoding the whole-file format version 1 that earlier builds wrote.
//!
//! Version 2: the 8 bytes `SGJOURN\n`, a little-endian `u32` version (2), then frames.
//! A frame is a little-endian `u32` payload length, the little-endian `u64` FNV-1a
//! hash of the payload, and the payload: the bincode (fixed-width integers, little
//! endian) encoding of one [`Entry`]. Version 1: the same header with version 1, then
//! the bincode encoding of a settings table and all runs at once.
//!
//! Owns: [`Entry`] and its stored types, [`frame`], [`parse`] (which tells a torn last
//! frame, what a kill during an append can leave, from corruption) and [`parse_v1`].
//! Must not: open or write files, or decide what a run is worth.

use bincode::Options;
use serde::{Deserialize, Serialize};

use crate::rng::fnv1a;
use crate::rules::Variant;
use crate::search::Budget;

/// The first 8 bytes of every journal.
pub const MAGIC: &[u8; 8] = b"SGJOURN\n";
/// The version this build writes.
pub const VERSION: u32 = 2;
/// The whole-file version earlier builds wrote (read, then converted).
pub const VERSION_1: u32 = 1;
/// Bytes of the header (magic and version).
pub const HEADER: usize = 12;
/// Bytes of a frame's length and hash.
const FRAME_HEAD: usize = 12;
/// The longest undecodable tail taken for a torn append rather than corruption. One
/// append is one settings entry and one run with its line: a few KiB at most.
pub const MAX_TORN: usize = 64 * 1024;

/// The settings shared by many runs, stored once per file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub config: String,
    pub params: String,
    pub budget: Budget,
    pub variant: Variant,
    pub seed: u64,
}

/// One run: an index into the settings (in order of appearance) and its own fields.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredRun {
    pub settings: u32,
    pub position: u64,
    pub run: u64,
    pub score: i32,
    pub playouts: u64,
    pub nodes_created: u64,
    pub peak_nodes: u64,
    pub seconds: f64,
}

/// A game that improved the solutions file: moves as `[x, y]`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredLine {
    pub variant: Variant,
    pub position: u64,
    pub score: i32,
    pub moves: Vec<[u8; 2]>,
}

/// One frame's content.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Entry {
    /// A settings table entry; its index is the number of settings entries before it.
    Settings(Settings),
    /// A finished run, with its game when that game improved the solutions file.
    Run(StoredRun, Option<StoredLine>),
    /// A game that improved the solutions file from a run cut short (not journaled).
    Line(StoredLine),
}

fn options() -> impl Options {
    bincode::DefaultOptions::new()
        .with_fixint_encoding()
        .with_little_endian()
        .reject_trailing_bytes()
}

/// The header of a version-2 file.
pub fn header() -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION.to_le_bytes());
    out
}

/// Appends the frame of `entry` to `out`.
pub fn frame(entry: &Entry, out: &mut Vec<u8>) {
    let payload = options()
        .serialize(entry)
        .expect("journal entries always serialize");
    let len = u32::try_from(payload.len()).expect("a journal entry is far below 4 GiB");
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&fnv1a(&payload).to_le_bytes());
    out.extend_from_slice(&payload);
}

/// Checks the header; returns the version.
pub fn version(bytes: &[u8]) -> Result<u32, String> {
    if bytes.len() < HEADER || &bytes[..MAGIC.len()] != MAGIC {
        return Err(
            if MAGIC.starts_with(&bytes[..bytes.len().min(MAGIC.len())]) {
                "truncated journal (the header is incomplete); delete it to start over".into()
            } else {
                "not a samegame journal (bad header); delete it or pass another --journal".into()
            },
        );
    }
    let v = u32::from_le_bytes(bytes[8..HEADER].try_into().expect("4 bytes"));
    if v != VERSION && v != VERSION_1 {
        return Err(format!(
            "journal format version {v}, but this program reads versions {VERSION_1} and \
             {VERSION}"
        ));
    }
    Ok(v)
}

/// The entries of a version-2 file, and the length of the part that decodes.
#[derive(Debug)]
pub struct Parsed {
    pub entries: Vec<Entry>,
    /// Bytes from the start up to the end of the last good frame; less than the
    /// file's length when its last append was torn (that tail is to be dropped).
    pub good_len: usize,
}

/// Decodes the frames of a version-2 file (header already checked). An incomplete or
/// mismatching last frame, at most [`MAX_TORN`] bytes, is a torn append: it ends the
/// entries. Anything else that does not decode is an error naming the byte offset.
pub fn parse(bytes: &[u8]) -> Result<Parsed, String> {
    let mut entries = Vec::new();
    let mut pos = HEADER;
    let corrupt = |at: usize, what: &str| {
        format!("corrupt journal at byte {at} ({what}); delete it to start over")
    };
    while pos < bytes.len() {
        let rest = bytes.len() - pos;
        let torn = rest <= MAX_TORN;
        if rest < FRAME_HEAD {
            return Ok(Parsed {
                entries,
                good_len: pos,
            });
        }
        let len = u32::from_le_bytes(bytes[pos..pos + 4].try_into().expect("4 bytes")) as usize;
        let sum = u64::from_le_bytes(bytes[pos + 4..pos + 12].try_into().expect("8 bytes"));
        let end = pos + FRAME_HEAD + len;
        if end > bytes.len() {
            if torn {
                return Ok(Parsed {
                    entries,
                    good_len: pos,
                });
            }
            return Err(corrupt(pos, "a record runs past the end of the file"));
        }
        let payload = &bytes[pos + FRAME_HEAD..end];
        if fnv1a(payload) != sum {
            if end == bytes.len() && torn {
                return Ok(Parsed {
                    entries,
                    good_len: pos,
                });
            }
            return Err(corrupt(pos, "checksum mismatch"));
        }
        let entry: Entry = options()
            .with_limit(len as u64)
            .deserialize(payload)
            .map_err(|e| corrupt(pos, &e.to_string()))?;
        entries.push(entry);
        pos = end;
    }
    Ok(Parsed {
        entries,
        good_len: pos,
    })
}

#[derive(Serialize, Deserialize)]
struct StoredV1 {
    settings: Vec<Settings>,
    /// Version 1 stored each run with the fields of [`StoredRun`], in its order.
    runs: Vec<StoredRun>,
}

/// Decodes a version-1 file (header already checked) as entries: the settings, then
/// the runs (without games: version 1 did not record them).
pub fn parse_v1(bytes: &[u8]) -> Result<Vec<Entry>, String> {
    let body = &bytes[HEADER..];
    let s: StoredV1 = options()
        .with_limit(body.len() as u64)
        .deserialize(body)
        .map_err(|e| format!("corrupt or truncated journal ({e}); delete it to start over"))?;
    let mut entries: Vec<Entry> = s.settings.into_iter().map(Entry::Settings).collect();
    entries.extend(s.runs.into_iter().map(|r| Entry::Run(r, None)));
    Ok(entries)
}

/// A version-1 file of `settings` and `runs` (for tests of the conversion).
#[cfg(test)]
pub fn encode_v1(settings: Vec<Settings>, runs: Vec<StoredRun>) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&VERSION_1.to_le_bytes());
    let body = options()
        .serialize(&StoredV1 { settings, runs })
        .expect("serializes");
    out.extend_from_slice(&body);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries() -> Vec<Entry> {
        let settings = Settings {
            config: "nmcs --level 2".into(),
            params: "{}".into(),
            budget: Budget::Iterations(5),
            variant: Variant::SameGame,
            seed: 1,
        };
        let run = StoredRun {
            settings: 0,
            position: 3,
            run: 1,
            score: 99,
            playouts: 5,
            nodes_created: 0,
            peak_nodes: 0,
            seconds: 0.25,
        };
        let line = StoredLine {
            variant: Variant::SameGame,
            position: 3,
            score: 99,
            moves: vec![[0, 1], [4, 2]],
        };
        vec![
            Entry::Settings(settings),
            Entry::Run(run.clone(), None),
            Entry::Run(run, Some(line.clone())),
            Entry::Line(line),
        ]
    }

    fn file(entries: &[Entry]) -> Vec<u8> {
        let mut out = header();
        for e in entries {
            frame(e, &mut out);
        }
        out
    }

    #[test]
    fn frames_round_trip() {
        let e = entries();
        let bytes = file(&e);
        assert_eq!(version(&bytes), Ok(VERSION));
        let p = parse(&bytes).unwrap();
        assert_eq!(p.entries, e);
        assert_eq!(p.good_len, bytes.len());
    }

    /// Every cut inside the last frame drops exactly that frame.
    #[test]
    fn a_torn_last_frame_is_dropped() {
        let e = entries();
        let whole = file(&e);
        let before = file(&e[..3]).len();
        for cut in before..whole.len() {
            let p = parse(&whole[..cut]).unwrap();
            assert_eq!(p.entries, e[..3], "cut at {cut}");
            assert_eq!(p.good_len, before);
        }
        // A last frame of the right length but wrong content (say zeros after a power
        // loss) is dropped too.
        let mut zeroed = whole.clone();
        let n = zeroed.len();
        zeroed[n - 2..].fill(0);
        assert_eq!(parse(&zeroed).unwrap().good_len, before);
    }

    #[test]
    fn corruption_before_the_end_is_an_error() {
        let e = entries();
        let mut bytes = file(&e);
        let second = file(&e[..1]).len();
        bytes[second + FRAME_HEAD + 2] ^= 0x40;
        let err = parse(&bytes).unwrap_err();
        assert!(
            err.contains(&format!("corrupt journal at byte {second} (checksum")),
            "{err}"
        );
        // A length running past the end with much more than one append after it.
        let mut big = file(&e);
        for _ in 0..(MAX_TORN / 40) {
            frame(&e[1], &mut big);
        }
        big[second..second + 4].copy_from_slice(&u32::MAX.to_le_bytes());
        let err = parse(&big).unwrap_err();
        assert!(err.contains("runs past the end"), "{err}");
    }

    #[test]
    fn headers() {
        let bytes = file(&entries());
        assert!(version(&bytes[..5])
            .unwrap_err()
            .contains("truncated journal"));
        assert!(version(b"hello world, not a journal")
            .unwrap_err()
            .contains("not a samegame journal"));
        let mut v = bytes.clone();
        v[8] = 9;
        assert!(version(&v).unwrap_err().contains("version 9"));
    }

    #[test]
    fn version_1_reads_as_entries() {
        let e = entries();
        let (Entry::Settings(s), Entry::Run(r, _)) = (&e[0], &e[1]) else {
            unreachable!()
        };
        let bytes = encode_v1(vec![s.clone()], vec![r.clone()]);
        assert_eq!(version(&bytes), Ok(VERSION_1));
        assert_eq!(parse_v1(&bytes).unwrap(), e[..2]);
        let err = parse_v1(&bytes[..bytes.len() - 3]).unwrap_err();
        assert!(err.contains("corrupt or truncated"), "{err}");
    }
}
