//! Tests of NRPA's checkpoints: suspending changes nothing, and a search continued
//! from any checkpoint (taken periodically or at a stop) ends with the line, score
//! and playout count of the search never interrupted.

use super::*;
use crate::policy::RolloutPolicy;
use crate::search::testutil::*;
use crate::search::{checkpointable, search, Budget, NrpaRestart, Setting, Spec, Valid};
use crate::Variant;

fn nrpa(level: u32, n: u64) -> SearchConfig {
    let mut c = SearchConfig::new(Algo::Nrpa, level);
    c.nrpa_mut().unwrap().iterations = Setting::Set(n);
    c
}

/// The configurations checked: plain levels 2 and 3, the selective policy with a
/// bias, Stabilized NRPA, limited repetitions, improve restarts, seeded NRPA.
fn configs() -> Vec<(&'static str, Valid)> {
    let mut out = vec![("level 3", nrpa(3, 6)), ("level 2", nrpa(2, 30))];
    let mut c = nrpa(3, 5);
    c.policy = RolloutPolicy::Tabu;
    c.nrpa_mut().unwrap().bias = 0.5;
    out.push(("tabu, bias", c));
    let mut c = nrpa(3, 5);
    c.nrpa_mut().unwrap().stable = 3;
    out.push(("stable 3", c));
    let mut c = nrpa(3, 8);
    c.nrpa_mut().unwrap().repeats = 2;
    out.push(("repeats 2", c));
    let mut c = nrpa(2, 20);
    if let Spec::Nrpa(n) = &mut c.spec {
        n.restart = NrpaRestart::Best;
    }
    out.push(("restart best", c));
    let mut c = nrpa(2, 20);
    c.nrpa_mut().unwrap().seed = 4;
    out.push(("seed 4", c));
    // Beam NRPA: beam frames at every level.
    for (level, n, b) in [(3, 5, 2), (2, 12, 3)] {
        let mut c = nrpa(level, n);
        c.nrpa_mut().unwrap().beam = b;
        out.push((if b == 2 { "beam 2" } else { "level 2, beam 3" }, c));
    }
    // Parallel NRPA: checkpoints at the start of its top level's rounds.
    for (width, restart) in [(2, false), (3, true)] {
        let mut c = nrpa(3, 7);
        c.nrpa_mut().unwrap().width = width;
        if let (true, Spec::Nrpa(n)) = (restart, &mut c.spec) {
            n.restart = NrpaRestart::Best;
        }
        out.push((
            if restart {
                "width 3, restart best"
            } else {
                "width 2"
            },
            c,
        ));
    }
    out.into_iter()
        .map(|(name, c)| (name, c.valid().unwrap()))
        .collect()
}

#[test]
fn checkpoints_change_nothing_and_every_one_resumes_to_the_same_line() {
    for (v, (name, c)) in Variant::ALL.into_iter().cycle().zip(configs()) {
        let b = random_board(8, 7, 3, 5, v);
        let k = 5_000;
        let plain = search(&c, &b, Budget::Iterations(k), &mut crate::rng_for(7, 1, 2));
        crate::line::verify(&b, &plain.moves, plain.score).unwrap();
        let (with, saved) = checkpointed(&c, &b, k, 7, None, None);
        same(
            &plain,
            &with,
            &format!("{name}: checkpointed, never stopped"),
        );
        assert!(saved.len() >= 3, "{name}: {} checkpoints", saved.len());
        for (i, bytes) in saved.iter().enumerate() {
            let (resumed, _) = checkpointed(&c, &b, k, 7, Some(bytes), None);
            same(
                &plain,
                &resumed,
                &format!("{name}: resumed from checkpoint {i}"),
            );
        }
    }
}

#[test]
fn a_stopped_search_saves_where_it_stopped_and_returns_its_best_line() {
    for (name, c) in configs() {
        let b = random_board(8, 7, 3, 9, Variant::SameGame);
        let k = 4_000;
        let plain = search(&c, &b, Budget::Iterations(k), &mut crate::rng_for(3, 1, 2));
        for stop in [1, 777, 2_500] {
            let (cut, saved) = checkpointed(&c, &b, k, 3, None, Some(stop));
            // Stopped at the first level-1 check at or after `stop` playouts, with
            // a complete game (seeded NRPA's beam pass counts evaluated positions).
            assert!(cut.stats.playouts < k, "{name}: stopped at {stop}");
            crate::line::verify(&b, &cut.moves, cut.score).unwrap();
            let last = saved.last().expect("a checkpoint at the stop");
            let state = NrpaState::from_bytes(last).unwrap();
            assert_eq!(state.playouts(), cut.stats.playouts, "{name}");
            assert!(state.fits(&c), "{name}");
            assert!(state.wall() <= std::time::Duration::from_secs_f64(cut.stats.seconds));
            // Sequential: the state holds the stop's line; wide: the state at the
            // start of the last round, whose lines the stop still returned.
            match c.nrpa().unwrap().width {
                1 => assert_eq!(state.best_score(), Some(cut.score), "{name}"),
                _ => assert!(
                    state.best_score().unwrap_or(i32::MIN) <= cut.score,
                    "{name}"
                ),
            }
            let (resumed, _) = checkpointed(&c, &b, k, 3, Some(last), None);
            same(
                &plain,
                &resumed,
                &format!("{name}: resumed after a stop at {stop}"),
            );
        }
    }
}

#[test]
fn unreadable_states_and_uncheckpointable_searches_are_refused() {
    assert!(NrpaState::from_bytes(b"not a state").is_err());
    let c = nrpa(2, 10).valid().unwrap();
    let b = random_board(6, 6, 3, 2, Variant::SameGame);
    let (_, saved) = checkpointed(&c, &b, 500, 1, None, Some(100));
    // A level-2 state does not continue a level-3 search, or one of width 2.
    let state = NrpaState::from_bytes(saved.last().unwrap()).unwrap();
    let mut wide2 = nrpa(2, 10);
    wide2.nrpa_mut().unwrap().width = 2;
    assert!(state.fits(&c) && !state.fits(&nrpa(3, 10)) && !state.fits(&wide2));
    let mut bytes = saved.last().unwrap().clone();
    bytes[0] ^= 0xff;
    let e = NrpaState::from_bytes(&bytes).err().unwrap();
    assert!(e.contains("format"), "{e}");
    // A state of format 1 (the move codes of earlier builds) is refused, and told.
    let mut old = saved.last().unwrap().clone();
    old[..4].copy_from_slice(&1u32.to_le_bytes());
    let e = NrpaState::from_bytes(&old).err().unwrap();
    assert!(
        e.starts_with("format 1 (this build reads format 4)") && e.contains("move codes"),
        "{e}"
    );
    assert!(checkpointable(&nrpa(3, 10)).is_ok());
    let mut wide = nrpa(3, 10);
    wide.nrpa_mut().unwrap().width = 2;
    assert!(checkpointable(&wide).is_ok());
    // A plain state does not continue a Beam NRPA search, nor a beam state a plain one.
    let mut beam = nrpa(2, 10);
    beam.nrpa_mut().unwrap().beam = 2;
    assert!(checkpointable(&beam).is_ok() && !state.fits(&beam));
    let beam = beam.valid().unwrap();
    let (_, saved) = checkpointed(&beam, &b, 500, 1, None, Some(100));
    let beam_state = NrpaState::from_bytes(saved.last().unwrap()).unwrap();
    assert!(beam_state.fits(&beam) && !beam_state.fits(&c));
    let mut bytes = saved.last().unwrap().clone();
    bytes.push(0);
    let e = NrpaState::from_bytes(&bytes).err().unwrap();
    assert!(e.contains("unreadable"), "{e}");
    let mut independent = nrpa(3, 10);
    independent.trees = 2;
    for (c, word) in [
        (SearchConfig::new(Algo::Nmcs, 2), "only nrpa"),
        (independent, "independent"),
    ] {
        let e = checkpointable(&c).unwrap_err().to_string();
        assert!(e.contains("--checkpoint") && e.contains(word), "{e}");
    }
}
