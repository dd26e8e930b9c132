//! The ground floor of randomness and hashing: the generator every module uses
//! ([`Rng`], seeded streams by [`rng_for`]), the one 64-bit mixing function
//! ([`splitmix64`]) behind seeds, NRPA move codes and board fingerprints, and the
//! one hash of bytes ([`fnv1a`]) behind journal checksums and keys, checkpoint
//! names and tuning fingerprints.
//!
//! Owns: [`Rng`], [`rng_for`], [`splitmix64`], [`fnv1a`]. Must not: import anything
//! from the crate (every other module may import it, `board` included).

/// The random number generator used everywhere (deterministic and portable).
pub type Rng = rand_pcg::Pcg64Mcg;

/// The SplitMix64 increment (2^64 / φ).
pub const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;

/// The SplitMix64 output function (Steele, Lea & Flood 2014) on the state `z`:
/// a well-mixed 64-bit key from any 64-bit value (a bijection).
#[inline]
pub fn splitmix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// 64-bit FNV-1a of `bytes`: a hash that does not change between builds (journal
/// checksums and keys, file names).
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// A generator seeded from a base seed and two stream indices (e.g. position and run),
/// mixed with SplitMix64 so that neighbouring indices give unrelated streams.
pub fn rng_for(seed: u64, a: u64, b: u64) -> Rng {
    let mut z = seed;
    let mut mix = |v: u64| {
        z = z.wrapping_add(v).wrapping_add(GOLDEN_GAMMA);
        splitmix64(z)
    };
    let hi = mix(a);
    let lo = mix(b);
    Rng::new((u128::from(hi) << 64) | u128::from(lo))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn splitmix64_is_the_reference_function_and_streams_differ() {
        // The reference SplitMix64 generator seeded with 0 first outputs
        // 0xE220A8397B1DCDAF (its state after one step is GOLDEN_GAMMA).
        assert_eq!(splitmix64(GOLDEN_GAMMA), 0xE220_A839_7B1D_CDAF);
        let a: u64 = rng_for(1, 0, 0).gen();
        let b: u64 = rng_for(1, 0, 1).gen();
        assert_ne!(a, b);
    }
}
