//! Bit tricks on one column lane: vertical flood fill and gravity (removing bit
//! positions, one PEXT instruction where BMI2 is available).
//!
//! Owns: [`vfill`], [`remove_bits`]. Must not: know about boards, colours or rules.

/// All runs of `lane` that contain a bit of `seeds` (vertical fill inside a column).
#[inline]
pub(super) fn vfill(lane: u32, seeds: u32) -> u32 {
    let mut s = seeds & lane;
    loop {
        let n = (s | (s << 1) | (s >> 1)) & lane;
        if n == s {
            return s;
        }
        s = n;
    }
}

/// Removes the bit positions `r` from `v`, moving the bits above each removed run down
/// (gravity inside one column). One PEXT instruction where BMI2 is available.
#[inline]
pub(super) fn remove_bits(v: u32, r: u32) -> u32 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the bmi2 target feature is enabled at compile time.
        unsafe { core::arch::x86_64::_pext_u32(v, !r) }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        remove_bits_portable(v, r)
    }
}

/// [`remove_bits`] without BMI2: one shift per removed run.
#[inline]
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
fn remove_bits_portable(v: u32, r: u32) -> u32 {
    let mut v = v;
    let mut r = r;
    while r != 0 {
        let top = 31 - r.leading_zeros();
        let run = (r << (31 - top)).leading_ones();
        let bottom = top + 1 - run;
        let low = (1u32 << bottom) - 1;
        v = (v & low) | (v.checked_shr(run).unwrap_or(0) & !low);
        r &= low;
    }
    v
}

#[cfg(test)]
#[test]
fn remove_bits_agrees_with_portable_version() {
    let mut rng = crate::rng::rng_for(5, 0, 0);
    for _ in 0..100_000 {
        let v: u32 = rand::Rng::gen(&mut rng);
        let r: u32 = rand::Rng::gen::<u32>(&mut rng) & rand::Rng::gen::<u32>(&mut rng);
        let expect = (0..32)
            .filter(|b| r >> b & 1 == 0)
            .enumerate()
            .fold(0u32, |acc, (i, b)| acc | ((v >> b & 1) << i));
        assert_eq!(remove_bits(v, r), expect);
        assert_eq!(remove_bits_portable(v, r), expect);
    }
}
