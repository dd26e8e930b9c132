//! Playout tests: uniformity, legality, tabu, and the planes kernel against the
//! column-lane reference on every size class.

use rand::Rng as _;

use super::reference::reference_playout;
use super::*;
use crate::board::classic::{classic_playout, ClassicBoard};
use crate::board::naive::NaiveBoard;
use crate::rng_for;
use crate::rules::Variant;

fn board(s: &str) -> Board {
    s.parse().unwrap()
}

#[test]
fn first_move_is_uniform_over_groups() {
    // Groups of very different sizes: 8, 2, 3, 2, 2, 4 ... tiles.
    let b = board("00001122\n00033122\n44031552\n44335511");
    let groups = b.groups();
    let k = groups.len();
    assert!(k >= 5, "{k}");
    let n = 60_000;
    let mut hits = vec![0u32; k];
    let mut rng = rng_for(7, 0, 0);
    let mut moves = Vec::new();
    for _ in 0..n {
        let mut bb = b;
        moves.clear();
        // One move only: stop after the first by playing on a copy and reading moves[0].
        playout(&mut bb, None, &mut rng, &mut moves);
        let first = moves[0];
        let i = groups.iter().position(|g| g.cell == first).unwrap();
        hits[i] += 1;
    }
    // Chi-square against uniform, k-1 degrees of freedom; 99.9% quantile for
    // up to 12 dof is below 33.
    let e = f64::from(n) / k as f64;
    let chi2: f64 = hits.iter().map(|&h| (f64::from(h) - e).powi(2) / e).sum();
    assert!(chi2 < 33.0, "chi2 {chi2} hits {hits:?}");
}

#[test]
fn playout_ends_terminal_with_replayable_score() {
    for v in Variant::ALL {
        let mut rng = rng_for(1, 2, 3);
        let start = board("012340\n123401\n234012\n340123\n401234\n012341").with_variant(v);
        for _ in 0..50 {
            let mut b = start;
            let mut moves = Vec::new();
            let s = playout(&mut b, None, &mut rng, &mut moves);
            assert!(b.is_terminal());
            let mut n = NaiveBoard::from_rows(&start.to_rows(), start.colors(), v);
            for m in &moves {
                n.play(m.x.into(), m.y.into());
            }
            assert!(n.groups().is_empty());
            assert_eq!(n.final_score(), s);
        }
    }
}

#[test]
fn auto_policy_resolves_per_variant() {
    let r = |v| RolloutPolicy::Auto.resolve(v);
    assert_eq!(r(Variant::SameGame), RolloutPolicy::Tabu);
    assert_eq!(r(Variant::SameGameNoPenalty), RolloutPolicy::Tabu);
    assert_eq!(r(Variant::Clickomania), RolloutPolicy::Random);
    assert_eq!(r(Variant::BubbleBreaker), RolloutPolicy::Random);
    assert_eq!(
        RolloutPolicy::TabuBandit.resolve(Variant::Clickomania),
        RolloutPolicy::TabuBandit
    );
    assert_eq!("auto".parse::<RolloutPolicy>(), Ok(RolloutPolicy::Auto));
}

#[test]
fn tabu_colour_is_avoided_while_others_exist() {
    // Colour 0 has most tiles; colour 1 has one group.
    let start = board("000\n000\n110");
    assert_eq!(tabu_color(&start), Some(0));
    let mut rng = rng_for(3, 0, 0);
    for _ in 0..20 {
        let mut b = start;
        let mut moves = Vec::new();
        playout(&mut b, Some(0), &mut rng, &mut moves);
        assert_eq!(moves[0], Cell::new(0, 0), "the 1-group goes first");
    }
}

fn random_rows(rng: &mut Rng, w: usize, h: usize, c: usize) -> Vec<Vec<u8>> {
    (0..h)
        .map(|_| (0..w).map(|_| rng.gen_range(0..c) as u8).collect())
        .collect()
}

/// The planes kernel plays exactly the games of the column-lane reference: same
/// random numbers, same moves, same final board and score, for random and tabu
/// playouts on every size class (each of the four plane layouts, 1×N, N×1, 1 to 10
/// colours, every variant). Together with the reference's own tests this pins the
/// bench signature.
#[test]
fn fast_playout_draws_the_reference_moves() {
    let sizes: [(usize, usize, usize); 14] = [
        (15, 15, 5),
        (5, 5, 3),
        (16, 16, 10),
        (20, 20, 10),
        (32, 32, 6),
        (17, 16, 4),
        (16, 17, 4),
        (32, 32, 1),
        (1, 32, 2),
        (32, 1, 2),
        (1, 1, 1),
        (2, 9, 2),
        (9, 2, 3),
        (12, 30, 9),
    ];
    for v in Variant::ALL {
        for (si, &(w, h, c)) in sizes.iter().enumerate() {
            for game in 0..6u64 {
                let mut rng = rng_for(si as u64, game, v as u64);
                let rows = random_rows(&mut rng, w, h, c);
                let start = Board::from_rows(&rows, c, v).unwrap();
                let tabu = if game % 2 == 1 {
                    tabu_color(&start)
                } else {
                    None
                };
                let (mut b1, mut b2) = (start, start);
                let (mut m1, mut m2) = (Vec::new(), Vec::new());
                let (mut r1, mut r2) = (rng.clone(), rng);
                let s1 = playout(&mut b1, tabu, &mut r1, &mut m1);
                let s2 = reference_playout(&mut b2, tabu, &mut r2, &mut m2);
                assert_eq!(m1, m2, "{w}x{h}x{c} {v} game {game}");
                assert_eq!((s1, b1), (s2, b2), "{w}x{h}x{c} {v} game {game}");
                assert_eq!(r1, r2, "{w}x{h}x{c}: same random numbers drawn");
            }
        }
    }
}

/// Same playout semantics as the fast engine (uniform over groups): the mean
/// score of 4,000 seeded playouts on a 15×15×5 board agrees within 4 standard
/// errors of the difference.
#[test]
fn classic_and_fast_playouts_have_the_same_mean_score() {
    let mut rng = rng_for(9, 0, 0);
    let rows: Vec<Vec<u8>> = (0..15)
        .map(|_| (0..15).map(|_| rng.gen_range(0..5) as u8).collect())
        .collect();
    let start = Board::from_rows(&rows, 5, Variant::Clickomania).unwrap();
    let n = 4000;
    let mut moves = Vec::new();
    let mut stats = |f: &mut dyn FnMut(&mut Vec<Cell>) -> i32| {
        let (mut s1, mut s2) = (0f64, 0f64);
        for _ in 0..n {
            moves.clear();
            let s = f64::from(f(&mut moves));
            s1 += s;
            s2 += s * s;
        }
        let mean = s1 / f64::from(n);
        (mean, (s2 / f64::from(n) - mean * mean) / f64::from(n))
    };
    let (m1, v1) = stats(&mut |mv| {
        let mut b = ClassicBoard::from_board(&start);
        classic_playout(&mut b, &mut rng, mv)
    });
    let mut rng2 = rng_for(9, 1, 0);
    let (m2, v2) = stats(&mut |mv| {
        let mut b = start;
        crate::policy::playout(&mut b, None, &mut rng2, mv)
    });
    let z = (m1 - m2).abs() / (v1 + v2).sqrt();
    assert!(z < 4.0, "classic {m1:.2} fast {m2:.2} z {z:.2}");
}
