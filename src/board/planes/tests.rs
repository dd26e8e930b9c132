//! Planes tests: every operation against the column-lane [`Board`] on random games
//! in each of the four layouts, and the layout boundaries (16/17 rows and columns).

use rand::Rng as _;

use super::*;
use crate::board::GroupMask;
use crate::rng::rng_for;
use crate::rules::Variant;

fn random_board(rng: &mut crate::rng::Rng, w: usize, h: usize, c: usize, v: Variant) -> Board {
    let rows: Vec<Vec<u8>> = (0..h)
        .map(|_| (0..w).map(|_| rng.gen_range(0..c) as u8).collect())
        .collect();
    Board::from_rows(&rows, c, v).unwrap()
}

/// Column `x` of a planes mask as a lane.
fn lane<const B: usize, const L: u32>(m: &Plane<B>, x: usize) -> u32 {
    Planes::<B, L, MAX_PLANES>::lane(m, x)
}

/// Plays a random game on `start` with both engines, checking after every move that
/// the planes convert back to the board, and that pair masks, colours, colour
/// planes and floods agree with the board's own.
fn check_game<const B: usize, const L: u32, const P: usize>(
    start: Board,
    rng: &mut crate::rng::Rng,
) {
    assert!(Planes::<B, L, P>::fits(&start));
    let mut b = start;
    let mut p = Planes::<B, L, P>::from_board(&b);
    let mut mask = GroupMask::default();
    loop {
        let mut back = start;
        p.write_to(
            &mut back,
            b.score() - start.score(),
            b.moves_played() as u16,
        );
        assert_eq!(back, b, "write_to\n{b:?}");
        let gained = b.score() - start.score();
        assert_eq!(p.final_score(&start, gained), b.final_score());
        assert_eq!(Planes::<B, L, P>::from_board(&b), p);
        let edges = p.edges();
        let pairs = Planes::<B, L, P>::pairs(&edges);
        let mut cols = [0u32; crate::board::MAX_WIDTH];
        let total = b.pair_masks(&mut cols, None);
        assert_eq!(count(&pairs), total);
        for x in 0..b.ncols() {
            assert_eq!(lane::<B, L>(&pairs, x), cols[x], "pairs column {x}\n{b:?}");
            for c in 0..b.colors() {
                assert_eq!(lane::<B, L>(&p.color_plane(c as u8), x), b.lane(x, c));
            }
        }
        if total == 0 {
            assert!(b.is_terminal());
            break;
        }
        let (i, seed) = select_seed(&pairs, rng.gen_range(0..total));
        assert_eq!(count(&seed), 1);
        assert_eq!(select(&seed, 0), i);
        let cell = Cell::new(i / L as usize, i % L as usize);
        let color = p.color_at_bit(i);
        assert_eq!(b.color_at(cell), Some(color));
        let (g, size) = Planes::<B, L, P>::flood(&edges, &seed);
        assert_eq!(b.flood(cell, &mut mask), size);
        for x in 0..b.ncols() {
            assert_eq!(lane::<B, L>(&g, x), mask.column(x), "flood column {x}");
        }
        assert_eq!(Planes::<B, L, P>::first_cell(&g), mask.group().cell);
        b.play_mask(&mask);
        p.remove(&g);
    }
}

#[test]
fn planes_agree_with_the_board_on_random_games() {
    let mut rng = rng_for(21, 0, 0);
    for v in Variant::ALL {
        for _ in 0..20 {
            let (w, h) = (rng.gen_range(1..=16), rng.gen_range(1..=16));
            let c = rng.gen_range(1..=MAX_COLORS);
            check_game::<1, 16, MAX_PLANES>(random_board(&mut rng, w, h, c, v), &mut rng);
            let w = rng.gen_range(1..=32);
            check_game::<2, 16, MAX_PLANES>(random_board(&mut rng, w, h, c, v), &mut rng);
            let (w, h) = (rng.gen_range(1..=16), rng.gen_range(1..=32));
            check_game::<2, 32, MAX_PLANES>(random_board(&mut rng, w, h, c, v), &mut rng);
            let w = rng.gen_range(1..=32);
            check_game::<4, 32, MAX_PLANES>(random_board(&mut rng, w, h, c, v), &mut rng);
        }
    }
}

#[test]
fn planes_fill_every_layout_to_its_limits() {
    let mut rng = rng_for(22, 0, 0);
    for c in [1, 2, 3, 5, 8, 9, 10] {
        check_game::<1, 16, MAX_PLANES>(
            random_board(&mut rng, 16, 16, c, Variant::SameGame),
            &mut rng,
        );
        check_game::<2, 16, MAX_PLANES>(
            random_board(&mut rng, 32, 16, c, Variant::SameGame),
            &mut rng,
        );
        check_game::<2, 32, MAX_PLANES>(
            random_board(&mut rng, 16, 32, c, Variant::SameGame),
            &mut rng,
        );
        check_game::<4, 32, MAX_PLANES>(
            random_board(&mut rng, 32, 32, c, Variant::SameGame),
            &mut rng,
        );
    }
    let b = random_board(&mut rng, 17, 16, 3, Variant::SameGame);
    assert!(!Planes::<1, 16, MAX_PLANES>::fits(&b) && Planes::<2, 16, MAX_PLANES>::fits(&b));
    let b = random_board(&mut rng, 16, 17, 3, Variant::SameGame);
    assert!(!Planes::<1, 16, MAX_PLANES>::fits(&b) && Planes::<2, 32, MAX_PLANES>::fits(&b));
}

/// The worked example of the module docs, word by word.
#[test]
fn module_doc_layout_picture() {
    let b: Board = ".1.\n21.\n200".parse().unwrap();
    assert_eq!(planes_for(b.colors()), 2);
    let p = Planes::<1, 16, 2>::from_board(&b);
    assert_eq!(p.occ[0].words()[0], 0x0000_0001_0007_0003);
    assert_eq!(p.bits[0][0].words()[0], 0x0000_0000_0006_0000);
    assert_eq!(p.bits[1][0].words()[0], 0x0000_0000_0000_0003);
    assert_eq!(p.color_at_bit(18), 1);
    let e = p.edges();
    // up: bits 0 = (0,0) and 17 = (1,1); right: bit 16 = (1,0).
    assert_eq!(e.up[0].words(), [0x0002_0001, 0, 0, 0]);
    assert_eq!(e.right[0].words(), [0x0001_0000, 0, 0, 0]);
    let pairs = Planes::<1, 16, 2>::pairs(&e);
    assert_eq!(pairs[0].words(), p.occ[0].words());
    assert_eq!(count(&pairs), 6);
}

/// The word step of [`select_seed`]: `pdep64(1 << r, m)` keeps the r-th set bit of
/// `m` (0-based, lowest first), the bit left after clearing the r lowest ones.
#[test]
fn pdep_of_one_bit_selects_the_rth_set_bit() {
    let mut rng = rng_for(11, 0, 0);
    for _ in 0..10_000 {
        let m: u64 = rng.gen::<u64>() & rng.gen::<u64>();
        for r in 0..m.count_ones() {
            let mut v = m;
            for _ in 0..r {
                v &= v - 1;
            }
            assert_eq!(
                pdep64(1 << r, m).trailing_zeros(),
                v.trailing_zeros(),
                "{m:#x} {r}"
            );
        }
    }
}

#[test]
fn portable_bit_operations_agree_with_definitions() {
    let mut rng = rng_for(23, 0, 0);
    for _ in 0..20_000 {
        let v: u64 = rng.gen();
        let m: u64 = rng.gen::<u64>() & rng.gen::<u64>();
        let ext = (0..64)
            .filter(|b| m >> b & 1 != 0)
            .enumerate()
            .fold(0u64, |a, (i, b)| a | ((v >> b & 1) << i));
        assert_eq!(pext64(v, m), ext);
        assert_eq!(pext64_portable(v, m), ext);
        let dep = (0..64)
            .filter(|b| m >> b & 1 != 0)
            .enumerate()
            .fold(0u64, |a, (i, b)| a | ((v >> i & 1) << b));
        assert_eq!(pdep64(v, m), dep);
        assert_eq!(pdep64_portable(v, m), dep);
    }
}
