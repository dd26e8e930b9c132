//! Tests of beam checkpoints: checkpointing changes nothing, a search continued from
//! any checkpoint (taken at a layer's start or at a stop) ends with the line, score
//! and evaluation count of the search never interrupted, and states that do not
//! hold together are refused.

use super::*;
use crate::board::Board;
use crate::rules::Variant;
use crate::search::testutil::{board15, checkpointed, random_board, same, tiny_board};
use crate::search::{checkpointable, search, Algo, Budget, Eval, SearchState, Valid};

/// A beam of `eval` with widest pass `width` (`None`: the default).
fn beam(eval: Eval, width: Option<u64>) -> Valid {
    let mut c = SearchConfig::new(Algo::Beam, 1);
    c.eval_mut().unwrap().eval = eval;
    if let Spec::Beam(b) = &mut c.spec {
        b.width = width;
    }
    c.valid().unwrap()
}

/// The searches checked: the budget ends inside a pass; every pass ends and the
/// widest one ends the search; a tiny board proven optimal.
fn configs() -> Vec<(&'static str, Valid, Board, u64)> {
    vec![
        (
            "potential, cut by the budget",
            beam(Eval::Potential, None),
            board15(3, Variant::SameGame),
            40_000,
        ),
        (
            "learned, Clickomania, widest pass 64",
            beam(Eval::Learned, Some(64)),
            random_board(10, 10, 4, 5, Variant::Clickomania),
            1_000_000,
        ),
        (
            "none, Bubble Breaker, widest pass 32",
            beam(Eval::None, Some(32)),
            random_board(9, 8, 3, 6, Variant::BubbleBreaker),
            1_000_000,
        ),
        (
            "colors, proven on a tiny board",
            beam(Eval::Colors, None),
            tiny_board(5, Variant::SameGame),
            1_000_000,
        ),
    ]
}

fn state(bytes: &[u8]) -> BeamState {
    match SearchState::from_bytes(bytes).unwrap() {
        SearchState::Beam(s) => s,
        _ => panic!("not a beam state"),
    }
}

#[test]
fn checkpoints_change_nothing_and_each_one_resumes_to_the_same_line() {
    for (name, c, b, k) in configs() {
        assert!(checkpointable(&c).is_ok(), "{name}");
        let plain = search(&c, &b, Budget::Iterations(k), &mut crate::rng_for(5, 1, 2));
        crate::line::verify(&b, &plain.moves, plain.score).unwrap();
        let (with, saved) = checkpointed(&c, &b, k, 5, None, None);
        same(
            &plain,
            &with,
            &format!("{name}: checkpointed, never stopped"),
        );
        assert_eq!(with.stats.proven, plain.stats.proven, "{name}");
        assert!(saved.len() >= 5, "{name}: {} checkpoints", saved.len());
        // Passes of every width saved, and each state continues to the same end.
        let widths: std::collections::BTreeSet<usize> =
            saved.iter().map(|s| state(s).width).collect();
        assert!(
            name.starts_with("potential") || widths.len() > 2,
            "{name}: {widths:?}"
        );
        let step = (saved.len() / 6).max(1);
        let picked = (0..saved.len()).step_by(step).chain([saved.len() - 1]);
        for i in picked {
            let (resumed, _) = checkpointed(&c, &b, k, 5, Some(&saved[i]), None);
            same(
                &plain,
                &resumed,
                &format!("{name}: resumed from checkpoint {i}"),
            );
            assert_eq!(resumed.stats.proven, plain.stats.proven, "{name}: {i}");
        }
    }
}

#[test]
fn a_stopped_search_saves_its_layers_start_and_returns_its_best_line() {
    for (name, c, b, k) in configs() {
        let plain = search(&c, &b, Budget::Iterations(k), &mut crate::rng_for(5, 1, 2));
        let spent = plain.stats.playouts;
        for stop in [1, spent / 3, spent * 4 / 5] {
            let (cut, saved) = checkpointed(&c, &b, k, 5, None, Some(stop));
            crate::line::verify(&b, &cut.moves, cut.score).unwrap();
            let last = saved.last().expect("a checkpoint at the stop");
            let s = SearchState::from_bytes(last).unwrap();
            assert!(s.fits(&c), "{name}");
            // The layer's start: no later than the stop, with no better game.
            assert!(s.playouts() <= cut.stats.playouts.min(spent), "{name}");
            assert!(s.best_score().is_none_or(|v| v <= cut.score), "{name}");
            assert!(s.wall() <= std::time::Duration::from_secs_f64(cut.stats.seconds));
            // Stopped again on the way, then to the end.
            let (again, more) = checkpointed(&c, &b, k, 5, Some(last), Some(spent / 5 + 1));
            assert!(again.score <= plain.score, "{name}");
            let (resumed, _) = checkpointed(&c, &b, k, 5, Some(more.last().unwrap()), None);
            same(
                &plain,
                &resumed,
                &format!(
                    "{name}: resumed after stops at {stop} and {}",
                    spent / 5 + 1
                ),
            );
        }
    }
}

#[test]
fn states_that_do_not_hold_together_or_fit_are_refused() {
    let (_, c, b, k) = configs().swap_remove(1);
    let (_, saved) = checkpointed(&c, &b, k, 5, None, Some(3_000));
    let bytes = saved.last().unwrap().clone();
    let s = state(&bytes);
    assert!(s.fits(&c) && s.trace.len() > 1);
    // Another widest pass, another algorithm: no.
    assert!(!s.fits(&beam(Eval::Learned, Some(128))));
    assert!(!s.fits(&SearchConfig::new(Algo::Nrpa, 2)));
    // A beam state is read as nothing else, and no other state continues a beam.
    let (_, nrpa) = checkpointed(
        &SearchConfig::new(Algo::Nrpa, 1).valid().unwrap(),
        &b,
        500,
        5,
        None,
        Some(100),
    );
    assert!(!SearchState::from_bytes(&nrpa[0]).unwrap().fits(&c));
    let mut short = bytes.clone();
    short.truncate(bytes.len() - 3);
    let e = SearchState::from_bytes(&short).err().unwrap();
    assert!(e.contains("unreadable"), "{e}");
    // A step naming a parent its layer above does not have.
    let mut broken = s;
    broken.trace[1][0].parent = broken.trace[0].len() as u32;
    let again = StateRef {
        format: FORMAT,
        cap: broken.cap,
        width: broken.width,
        trace: &broken.trace,
        lost: broken.lost,
        meter: &broken.meter,
        wall: broken.wall,
        best: &broken.best,
    };
    let e = BeamState::from_bytes(&bincode::serialize(&again).unwrap())
        .err()
        .unwrap();
    assert!(e.contains("layer 2 of its trace names parent"), "{e}");
    // The refusal of the algorithms that cannot be checkpointed names the beam now.
    let e = checkpointable(&SearchConfig::new(Algo::Nmcs, 2))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("and the beam can be checkpointed, not nmcs"),
        "{e}"
    );
}
