//! Tests of the journal: appends, torn appends, version 1, corruption.

use super::*;

fn rec(position: u64, run: u64) -> RunRecord {
    RunRecord {
        config: "nmcts --level 2".into(),
        params: "{}".into(),
        budget: Budget::Iterations(100),
        variant: Variant::SameGame,
        seed: 1,
        position,
        run,
        score: 42,
        playouts: 100,
        nodes_created: 7,
        peak_nodes: 5,
        seconds: 0.5,
    }
}

fn line(position: usize, score: i32) -> FoundLine {
    FoundLine {
        variant: Variant::SameGame,
        position,
        score,
        moves: vec![Cell::new(1, 0), Cell::new(0, 3)],
    }
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sg-journal-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("j.journal")
}

#[test]
fn round_trip_keys_and_games() {
    let p = temp("rt");
    let mut j = Journal::open(&p).unwrap();
    assert!(j.records().is_empty() && !p.exists());
    j.add(rec(1, 0), Some(&line(1, 42))).unwrap();
    j.add(rec(2, 3), None).unwrap();
    j.add(rec(2, 3), None).unwrap();
    let mut other = rec(3, 0);
    other.seed = 2;
    j.add(other.clone(), None).unwrap();
    j.add_line(&line(3, 7)).unwrap();
    // Appended at once: readable before any flush.
    let mut k = Journal::open(&p).unwrap();
    assert_eq!(k.records(), &[rec(1, 0), rec(2, 3), other]);
    assert_eq!(k.take_found(), vec![line(1, 42), line(3, 7)]);
    assert!(k.take_found().is_empty());
    assert!(k.contains(&rec(2, 3).key()));
    let time = RunKey::new(
        "nmcts --level 2",
        Budget::Time(1.0),
        Variant::SameGame,
        1,
        2,
        3,
    );
    assert!(!k.contains(&time));
    assert_eq!(k.torn(), None);
    // Two settings entries: one per distinct seed.
    let bytes = std::fs::read(&p).unwrap();
    let settings = format::parse(&bytes)
        .unwrap()
        .entries
        .iter()
        .filter(|e| matches!(e, Entry::Settings(_)))
        .count();
    assert_eq!(settings, 2);
}

#[test]
fn runs_of_another_journal_are_added_once_with_their_games() {
    let a = temp("merge-a");
    let b = temp("merge-b");
    let mut ja = Journal::open(&a).unwrap();
    ja.add(rec(1, 0), Some(&line(1, 42))).unwrap();
    let mut jb = Journal::open(&b).unwrap();
    // Run (1, 0) is in both: the one already in `a` stays.
    let mut dup = rec(1, 0);
    dup.seconds = 9.0;
    jb.add(dup, Some(&line(1, 42))).unwrap();
    jb.add(rec(2, 0), Some(&line(2, 42))).unwrap();
    // Another seed and score, and no game of that score: added without a game.
    let mut seeded = rec(2, 0);
    seeded.seed = 2;
    seeded.score = 40;
    jb.add(seeded.clone(), None).unwrap();
    let b_bytes = std::fs::read(&b).unwrap();
    let mut ja = Journal::open(&a).unwrap();
    let mut jb = Journal::open(&b).unwrap();
    assert_eq!(ja.add_runs_from(&mut jb).unwrap(), 2);
    assert_eq!(ja.take_found(), vec![line(1, 42), line(2, 42)]);
    assert_eq!(
        std::fs::read(&b).unwrap(),
        b_bytes,
        "the other journal is only read"
    );
    let mut k = Journal::open(&a).unwrap();
    assert_eq!(k.records(), &[rec(1, 0), rec(2, 0), seeded]);
    assert_eq!(k.take_found(), vec![line(1, 42), line(2, 42)]);
    // Adding the same journal again adds nothing.
    let mut jb = Journal::open(&b).unwrap();
    assert_eq!(k.add_runs_from(&mut jb).unwrap(), 0);
    assert_eq!(Journal::open(&a).unwrap().records().len(), 3);
}

#[test]
fn a_torn_append_is_dropped_and_cut_off() {
    let p = temp("torn");
    let mut j = Journal::open(&p).unwrap();
    j.add(rec(1, 0), None).unwrap();
    j.add(rec(1, 1), Some(&line(1, 50))).unwrap();
    let whole = std::fs::read(&p).unwrap();
    std::fs::write(&p, &whole[..whole.len() - 3]).unwrap();
    let mut j = Journal::open(&p).unwrap();
    assert_eq!(j.records(), &[rec(1, 0)]);
    let (kept, dropped) = j.torn().unwrap();
    assert_eq!(kept + dropped, whole.len() as u64 - 3);
    // Opening wrote nothing; the next append cuts the torn part off first.
    assert_eq!(std::fs::metadata(&p).unwrap().len(), whole.len() as u64 - 3);
    j.add(rec(1, 1), Some(&line(1, 50))).unwrap();
    assert_eq!(std::fs::read(&p).unwrap(), whole);
    let mut j = Journal::open(&p).unwrap();
    assert_eq!(j.records(), &[rec(1, 0), rec(1, 1)]);
    assert_eq!(j.take_found(), vec![line(1, 50)]);
}

#[test]
fn version_1_is_read_and_converted_on_append() {
    let p = temp("v1");
    let r = rec(4, 2);
    let s = settings_of(&r);
    let run = StoredRun {
        settings: 0,
        position: 4,
        run: 2,
        score: 42,
        playouts: 100,
        nodes_created: 7,
        peak_nodes: 5,
        seconds: 0.5,
    };
    let v1 = format::encode_v1(vec![s], vec![run]);
    std::fs::write(&p, &v1).unwrap();
    let mut j = Journal::open(&p).unwrap();
    assert!(j.is_version_1());
    assert_eq!(j.records(), std::slice::from_ref(&r));
    assert_eq!(std::fs::read(&p).unwrap(), v1);
    j.add(rec(5, 0), None).unwrap();
    let bytes = std::fs::read(&p).unwrap();
    assert_eq!(format::version(&bytes), Ok(format::VERSION));
    let j = Journal::open(&p).unwrap();
    assert!(!j.is_version_1());
    assert_eq!(j.records(), &[r, rec(5, 0)]);
}

#[test]
fn corrupt_files_are_errors() {
    let p = temp("bad");
    let mut j = Journal::open(&p).unwrap();
    j.add(rec(1, 0), None).unwrap();
    j.add(rec(1, 1), None).unwrap();
    let good = std::fs::read(&p).unwrap();
    let mut flipped = good.clone();
    flipped[format::HEADER + 20] ^= 1;
    for (bytes, want) in [
        (good[..5].to_vec(), "truncated journal"),
        (
            b"hello world, not a journal".to_vec(),
            "not a samegame journal",
        ),
        (flipped, "corrupt journal at byte 12 (checksum mismatch)"),
    ] {
        std::fs::write(&p, &bytes).unwrap();
        let e = Journal::open(&p).unwrap_err().to_string();
        assert!(e.starts_with(&p.display().to_string()), "{e}");
        assert!(e.contains(want), "{e}");
    }
    let mut v = good.clone();
    v[8] = 9;
    std::fs::write(&p, &v).unwrap();
    let e = Journal::open(&p).unwrap_err().to_string();
    assert!(e.contains("version 9"), "{e}");
}
