//! Block tests: the AVX2 block against the portable one, operation by operation,
//! on random words (both lane widths).

use super::block::avx2::Block;
use super::block::portable;
use rand::Rng as _;

fn check<const L: u32>(a: [u64; 4], b: [u64; 4]) {
    let (x, y) = (Block::from_words(a), Block::from_words(b));
    let (p, q) = (
        portable::Block::from_words(a),
        portable::Block::from_words(b),
    );
    assert_eq!(x.and(y).words(), p.and(q).words());
    assert_eq!(x.or(y).words(), p.or(q).words());
    assert_eq!(x.xor(y).words(), p.xor(q).words());
    assert_eq!(x.and_not(y).words(), p.and_not(q).words());
    assert_eq!(x.is_zero(), p.is_zero());
    assert_eq!(x.disjoint(y), p.disjoint(q));
    assert_eq!(x.nonzero_words(), p.nonzero_words());
    assert_eq!(
        Block::from_words([a[0], 0, a[2], 0]).nonzero_words(),
        portable::Block::from_words([a[0], 0, a[2], 0]).nonzero_words()
    );
    assert_eq!(x.up::<L>().words(), p.up::<L>().words(), "up {L}");
    assert_eq!(x.down::<L>().words(), p.down::<L>().words(), "down {L}");
    assert_eq!(
        x.shift_left::<L>(y).words(),
        p.shift_left::<L>(q).words(),
        "shift_left {L}"
    );
    assert_eq!(
        x.shift_right::<L>(y).words(),
        p.shift_right::<L>(q).words(),
        "shift_right {L}"
    );
    assert_eq!(x.count(), p.count());
    let j = (a[1] % 4) as usize;
    assert_eq!(x.with_word(j, b[0]).words(), p.with_word(j, b[0]).words());
    // Up-edges: never at a lane's top bit.
    let top = (0..64 / L).fold(0u64, |t, k| t | 1 << (k * L + L - 1));
    let up: [u64; 4] = std::array::from_fn(|i| b[i] & !top);
    let filled: [u64; 4] = std::array::from_fn(|i| {
        let mut out = 0u64;
        for t in (0..64).filter(|&t| a[i] >> t & 1 != 0) {
            let mut y = t;
            out |= 1 << y;
            while up[i] >> y & 1 != 0 {
                y += 1;
                out |= 1 << y;
            }
        }
        out
    });
    let (ux, up_) = (Block::from_words(up), portable::Block::from_words(up));
    assert_eq!(x.fill_up::<L>(ux).words(), filled, "fill_up {L}");
    assert_eq!(p.fill_up::<L>(up_).words(), filled, "fill_up portable {L}");
    assert_eq!(
        Block::one_word(j, b[0]).words(),
        portable::Block::one_word(j, b[0]).words()
    );
    assert_eq!(x.zero_lanes::<L>(), p.zero_lanes::<L>());
    assert_eq!(
        x.up_from_lowest::<L>().words(),
        p.up_from_lowest::<L>().words(),
        "up_from_lowest {L}"
    );
    let (f, lo, hi) = (
        (a[2] % 40) as usize,
        (a[3] % 40) as usize,
        (b[1] % 40) as usize,
    );
    assert_eq!(
        Block::lanes_in::<L>(f, lo, hi).words(),
        portable::Block::lanes_in::<L>(f, lo, hi).words(),
        "lanes_in {L} {f} {lo} {hi}"
    );
    // Gravity needs compact lanes and removed ⊆ lanes.
    let lane = u64::MAX >> (64 - L);
    let compact: [u64; 4] = std::array::from_fn(|i| {
        (0..64 / L)
            .map(|j| {
                let h = (a[i] >> (j * L)) as u32 % (L + 1);
                (lane >> (L - h).min(63)) << (j * L)
            })
            .fold(0, |s, v| s | v)
    });
    let removed: [u64; 4] = std::array::from_fn(|i| b[i] & compact[i]);
    let (cx, cp) = (
        Block::from_words(compact),
        portable::Block::from_words(compact),
    );
    let (rx, rp) = (
        Block::from_words(removed),
        portable::Block::from_words(removed),
    );
    assert_eq!(
        cx.shift_lanes_by_count::<L>(rx).words(),
        cp.shift_lanes_by_count::<L>(rp).words(),
        "gravity {L} {compact:x?} {removed:x?}"
    );
}

#[test]
fn avx2_and_portable_blocks_agree() {
    let mut rng = crate::rng::rng_for(31, 0, 0);
    for i in 0..20_000 {
        let a: [u64; 4] = rng.gen();
        let mut b: [u64; 4] = rng.gen();
        if i % 7 == 0 {
            b = [0; 4];
        }
        check::<16>(a, b);
        check::<32>(a, b);
    }
}
