//! Property tests of the text formats: test sets and solutions files round-trip
//! (format then parse gives the same value), and any bytes at all parse to a value or
//! to an error naming the file and, unless the problem is the file as a whole, the
//! line; never a panic.

use std::path::Path;

use proptest::prelude::*;

use super::solutions::{SolutionLine, SolutionsFile};
use super::testset::{format_testset, TestSet};
use crate::board::Cell;
use crate::error::Error;
use crate::rules::Variant;

/// Checks that `e` is a parse error of `path` at a line of `text` (or 0, the file as
/// a whole).
fn names_file_and_line(e: &Error, path: &Path, text: &str) {
    match e {
        Error::Parse { path: p, line, msg } => {
            assert_eq!(p, path);
            assert!(*line <= text.lines().count(), "line {line}: {msg}");
            assert!(!msg.is_empty());
            assert!(e.to_string().starts_with(&*path.to_string_lossy()));
        }
        other => panic!("not a parse error naming the file: {other}"),
    }
}

fn boards() -> impl Strategy<Value = Vec<Vec<Vec<u8>>>> {
    (1usize..=8, 1usize..=8, 1u8..=10).prop_flat_map(|(w, h, c)| {
        prop::collection::vec(
            prop::collection::vec(prop::collection::vec(0..c, w), h),
            1..4,
        )
    })
}

fn variant() -> impl Strategy<Value = Variant> {
    prop::sample::select(Variant::ALL.to_vec())
}

fn solutions() -> impl Strategy<Value = SolutionsFile> {
    (
        prop::option::of(variant()),
        prop::collection::vec("[ -~]{0,30}", 0..3),
        prop::collection::btree_map(
            1usize..500,
            (
                any::<i32>(),
                prop::collection::vec((any::<u8>(), any::<u8>()), 0..20),
            ),
            0..6,
        ),
    )
        .prop_map(|(variant, comments, lines)| SolutionsFile {
            variant,
            // A comment is kept trimmed, and one that reads as a variant line is one.
            comments: comments
                .into_iter()
                .map(|c| c.trim().to_string())
                .filter(|c| !c.to_ascii_lowercase().starts_with("variant"))
                .collect(),
            lines: lines
                .into_iter()
                .map(|(position, (score, moves))| {
                    let moves = moves.into_iter().map(|(x, y)| Cell { x, y }).collect();
                    let l = SolutionLine {
                        position,
                        score,
                        moves,
                        line: 0,
                    };
                    (position, l)
                })
                .collect(),
        })
}

/// `text` with a few bytes replaced, deleted or inserted (a mutation of a valid file).
fn mutated(text: String) -> impl Strategy<Value = String> {
    let n = text.len().max(1);
    prop::collection::vec((0..n, 0u8..3, any::<u8>()), 1..6).prop_map(move |edits| {
        let mut b = text.clone().into_bytes();
        for (at, kind, byte) in edits {
            let at = at.min(b.len());
            match kind {
                0 if at < b.len() => b[at] = byte,
                1 if at < b.len() => {
                    b.remove(at);
                }
                _ => b.insert(at, byte),
            }
        }
        String::from_utf8_lossy(&b).into_owned()
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn test_sets_round_trip(
        header in prop::collection::vec("[ -~]{0,30}", 0..3),
        boards in boards(),
    ) {
        let header: Vec<String> = header
            .into_iter()
            .map(|h| h.trim().to_string())
            .filter(|h| !h.starts_with("position"))
            .collect();
        let text = format_testset(&header, &boards);
        let set = TestSet::parse(&text, Path::new("t.txt")).unwrap();
        let rows: Vec<_> = set.positions.iter().map(|p| p.rows.clone()).collect();
        prop_assert_eq!(rows, boards);
        prop_assert_eq!(set.header, header);
    }

    #[test]
    fn solutions_files_round_trip(f in solutions()) {
        let text = f.format();
        let mut back = SolutionsFile::parse(&text, Path::new("s.txt")).unwrap();
        for l in back.lines.values_mut() {
            l.line = 0;
        }
        prop_assert_eq!(back.format(), text);
        prop_assert_eq!(back.variant, f.variant);
        prop_assert_eq!(back.comments, f.comments);
        prop_assert_eq!(back.lines, f.lines);
    }

    #[test]
    fn any_bytes_parse_or_name_the_line(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let p = Path::new("any.txt");
        if let Err(e) = TestSet::parse(&text, p) {
            names_file_and_line(&e, p, &text);
        }
        if let Err(e) = SolutionsFile::parse(&text, p) {
            names_file_and_line(&e, p, &text);
        }
    }

    #[test]
    fn mutated_files_parse_or_name_the_line(
        text in boards().prop_flat_map(|b| mutated(format_testset(&["h".into()], &b))),
        sols in solutions().prop_flat_map(|f| mutated(f.format())),
    ) {
        let p = Path::new("m.txt");
        match TestSet::parse(&text, p) {
            Ok(set) => {
                // Every board it accepts can be played.
                for pos in &set.positions {
                    let _ = pos.board(Variant::SameGame).final_score();
                }
            }
            Err(e) => names_file_and_line(&e, p, &text),
        }
        if let Err(e) = SolutionsFile::parse(&sols, p) {
            names_file_and_line(&e, p, &sols);
        }
    }
}

#[test]
fn invalid_utf8_names_line_and_column() {
    let e = super::utf8_text(b"# ok\n01\n0\xff1\n", Path::new("x.txt")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "x.txt:3: not UTF-8 text: an invalid byte sequence at column 2"
    );
}

#[test]
fn a_leading_byte_order_mark_is_dropped_from_edited_files_alone() {
    let p = Path::new("x.txt");
    assert_eq!(
        super::edited_text(b"\xef\xbb\xbf# a\n01\n", p).unwrap(),
        "# a\n01\n"
    );
    assert_eq!(super::edited_text(b"# a\n", p).unwrap(), "# a\n");
    // Only a first one: elsewhere it is text like any other.
    assert_eq!(
        super::edited_text(b"a\xef\xbb\xbf", p).unwrap(),
        "a\u{feff}"
    );
    // A journal is read byte for byte (it may be cut at an offset of the text).
    assert_eq!(super::utf8_text(b"\xef\xbb\xbfa", p).unwrap(), "\u{feff}a");
}
