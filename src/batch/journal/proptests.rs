//! Property tests of the journal: what is appended reads back the same (runs and
//! games), and any bytes, at the start of a file or after a valid header, open to a
//! journal or to an error naming the file (and the byte: the format is binary, so it
//! has no lines); never a panic.

use proptest::prelude::*;

use super::*;

fn temp(name: &str, case: u64) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "sg-journal-prop-{}-{name}-{case}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("j.journal")
}

fn record() -> impl Strategy<Value = (RunRecord, Option<FoundLine>)> {
    (
        ("[ -~]{1,20}", "[ -~]{0,20}"),
        prop_oneof![
            (1u64..u64::MAX).prop_map(Budget::Iterations),
            (1e-3f64..1e6).prop_map(Budget::Time)
        ],
        prop::sample::select(Variant::ALL.to_vec()),
        (any::<u64>(), 1u64..1000, any::<u64>(), any::<i32>()),
        (any::<u64>(), any::<u64>(), any::<u64>(), 0.0f64..1e6),
        prop::option::of(prop::collection::vec((any::<u8>(), any::<u8>()), 0..30)),
    )
        .prop_map(
            |((config, params), budget, variant, (seed, position, run, score), stats, line)| {
                let (playouts, nodes_created, peak_nodes, seconds) = stats;
                let rec = RunRecord {
                    config: config.into(),
                    params: params.into(),
                    budget,
                    variant,
                    seed,
                    position,
                    run,
                    score,
                    playouts,
                    nodes_created,
                    peak_nodes,
                    seconds,
                };
                let line = line.map(|moves| FoundLine {
                    variant,
                    position: position as usize,
                    score,
                    moves: moves.into_iter().map(|(x, y)| Cell { x, y }).collect(),
                });
                (rec, line)
            },
        )
}

/// Checks that opening `bytes` as a journal gives a journal or an error naming it.
fn opens_or_names_the_file(bytes: &[u8], name: &str, case: u64) {
    let p = temp(name, case);
    std::fs::write(&p, bytes).unwrap();
    match Journal::open(&p) {
        Ok(j) => {
            let _ = (j.records().len(), j.torn());
        }
        Err(e) => {
            let m = e.to_string();
            assert!(m.starts_with(&*p.to_string_lossy()), "{m}");
            assert!(matches!(e, Error::Parse { .. }), "{m}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn appended_runs_and_games_read_back(
        runs in prop::collection::vec(record(), 1..8),
        case in any::<u64>(),
    ) {
        let p = temp("rt", case);
        let mut j = Journal::open(&p).unwrap();
        let mut want_lines = Vec::new();
        let mut want_runs: Vec<RunRecord> = Vec::new();
        for (rec, line) in &runs {
            if j.contains(&rec.key()) {
                continue;
            }
            j.add(rec.clone(), line.as_ref()).unwrap();
            want_runs.push(rec.clone());
            want_lines.extend(line.clone());
        }
        j.flush().unwrap();
        drop(j);
        let mut back = Journal::open(&p).unwrap();
        prop_assert_eq!(back.torn(), None);
        prop_assert_eq!(back.records(), &want_runs[..]);
        prop_assert_eq!(back.take_found(), want_lines);
    }

    #[test]
    fn any_bytes_open_or_name_the_file(
        bytes in prop::collection::vec(any::<u8>(), 0..300),
        after_header in any::<bool>(),
        case in any::<u64>(),
    ) {
        let mut b = if after_header { format::header() } else { Vec::new() };
        b.extend(bytes);
        opens_or_names_the_file(&b, "any", case);
    }

    #[test]
    fn mutated_journals_open_or_name_the_file(
        runs in prop::collection::vec(record(), 1..4),
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, any::<u8>()), 1..5),
        case in any::<u64>(),
    ) {
        let p = temp("src", case);
        let mut j = Journal::open(&p).unwrap();
        for (rec, line) in &runs {
            if !j.contains(&rec.key()) {
                j.add(rec.clone(), line.as_ref()).unwrap();
            }
        }
        j.flush().unwrap();
        drop(j);
        let mut b = std::fs::read(&p).unwrap();
        for (at, kind, byte) in edits {
            let i = at.index(b.len());
            match kind {
                0 => b[i] = byte,
                1 => {
                    b.remove(i);
                }
                _ => b.insert(i, byte),
            }
        }
        opens_or_names_the_file(&b, "mut", case);
    }
}
