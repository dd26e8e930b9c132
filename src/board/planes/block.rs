//! 256-bit blocks of column lanes: the SIMD layer under [`super::Planes`].
//!
//! Owns: [`Block`], 256 bits holding `256 / L` column lanes of `L` bits (L = 16 or
//! 32; bit `x·L + y` of the block is column x, row y), and the operations the
//! planes need: bitwise logic, one-row shifts inside every lane, one-column shifts
//! (with the neighbouring block's edge lane carried in), every lane shifted by its
//! own count of removed bits (gravity), every lane filled up from its lowest bit,
//! lanes within a range of columns, empty-lane masks, and word access. With AVX2
//! and BMI2 (the default x86-64-v3 build) a block is one `__m256i` register and every
//! operation one or two instructions; elsewhere it is four `u64` words with the same
//! results (`block_tests::avx2_and_portable_blocks_agree` compares them where both
//! exist).
//! Must not: know about colours or moves.

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    target_feature = "bmi2"
))]
pub use avx2::Block;
#[cfg(not(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    target_feature = "bmi2"
)))]
pub use portable::Block;

/// Bit 0 of every `l`-bit lane of a word.
const fn low_bits(l: u32) -> u64 {
    let mut v = 0u64;
    let mut off = 0;
    while off < 64 {
        v |= 1 << off;
        off += l;
    }
    v
}

/// Four `u64` words: the layout every target shares, and the fallback block.
#[cfg_attr(
    all(
        target_arch = "x86_64",
        target_feature = "avx2",
        target_feature = "bmi2"
    ),
    allow(dead_code)
)]
pub mod portable {
    use super::low_bits;

    /// 256 bits of `L`-bit column lanes as four words (see the module docs).
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Block([u64; 4]);

    impl Block {
        /// All zero.
        #[inline(always)]
        pub fn zero() -> Block {
            Block([0; 4])
        }
        /// From four words, lowest bits first.
        #[inline(always)]
        pub fn from_words(w: [u64; 4]) -> Block {
            Block(w)
        }
        /// The four words, lowest bits first.
        #[inline(always)]
        pub fn words(self) -> [u64; 4] {
            self.0
        }
        #[inline(always)]
        fn map2(self, o: Block, f: impl Fn(u64, u64) -> u64) -> Block {
            Block([
                f(self.0[0], o.0[0]),
                f(self.0[1], o.0[1]),
                f(self.0[2], o.0[2]),
                f(self.0[3], o.0[3]),
            ])
        }
        /// `self & o`.
        #[inline(always)]
        pub fn and(self, o: Block) -> Block {
            self.map2(o, |a, b| a & b)
        }
        /// `self | o`.
        #[inline(always)]
        pub fn or(self, o: Block) -> Block {
            self.map2(o, |a, b| a | b)
        }
        /// `self ^ o`.
        #[inline(always)]
        pub fn xor(self, o: Block) -> Block {
            self.map2(o, |a, b| a ^ b)
        }
        /// `self & !o`.
        #[inline(always)]
        pub fn and_not(self, o: Block) -> Block {
            self.map2(o, |a, b| a & !b)
        }
        /// True when no bit is set.
        #[inline(always)]
        pub fn is_zero(self) -> bool {
            self.0 == [0; 4]
        }
        /// True when `self & o` has no bit set.
        #[inline(always)]
        pub fn disjoint(self, o: Block) -> bool {
            self.and(o).is_zero()
        }
        /// Bit j set when word j is not zero.
        #[inline(always)]
        pub fn nonzero_words(self) -> u32 {
            (0..4).fold(0, |a, j| a | u32::from(self.0[j] != 0) << j)
        }
        /// Every lane one row up (bit y to y + 1; the top row drops out).
        #[inline(always)]
        pub fn up<const L: u32>(self) -> Block {
            let low = low_bits(L);
            self.map2(self, |a, _| (a << 1) & !low)
        }
        /// Every lane one row down (bit y to y − 1; row 0 drops out).
        #[inline(always)]
        pub fn down<const L: u32>(self) -> Block {
            let top = low_bits(L) << (L - 1);
            self.map2(self, |a, _| (a >> 1) & !top)
        }
        /// Lanes one column left (column x receives x + 1); the top lane receives
        /// the lowest lane of `next`, the block above this one.
        #[inline(always)]
        pub fn shift_left<const L: u32>(self, next: Block) -> Block {
            let w = self.0;
            let nx = [w[1], w[2], w[3], next.0[0]];
            Block(std::array::from_fn(|i| w[i] >> L | nx[i] << (64 - L)))
        }
        /// Lanes one column right (column x receives x − 1); the lowest lane
        /// receives the top lane of `prev`, the block below this one.
        #[inline(always)]
        pub fn shift_right<const L: u32>(self, prev: Block) -> Block {
            let w = self.0;
            let pv = [prev.0[3], w[0], w[1], w[2]];
            Block(std::array::from_fn(|i| w[i] << L | pv[i] >> (64 - L)))
        }
        /// Number of set bits.
        #[inline(always)]
        pub fn count(self) -> u32 {
            self.0.iter().map(|w| w.count_ones()).sum()
        }
        /// Every word `v`.
        #[inline(always)]
        pub fn splat(v: u64) -> Block {
            Block([v; 4])
        }
        /// Word `j` (< 4) is `v`, the others zero.
        #[inline(always)]
        pub fn one_word(j: usize, v: u64) -> Block {
            let mut w = [0; 4];
            w[j] = v;
            Block(w)
        }
        /// `self` with word `j` (< 4) replaced by `v`.
        #[inline(always)]
        pub fn with_word(self, j: usize, v: u64) -> Block {
            let mut w = self.0;
            w[j] = v;
            Block(w)
        }
        /// Gravity on compact lanes: every lane of `self` shifted down by the number
        /// of bits set in the same lane of `removed`.
        #[inline(always)]
        pub fn shift_lanes_by_count<const L: u32>(self, removed: Block) -> Block {
            let lane = u64::MAX >> (64 - L);
            Block(std::array::from_fn(|i| {
                let (o, r) = (self.0[i], removed.0[i]);
                (0..64 / L)
                    .map(|j| {
                        ((o >> (j * L) & lane) >> (r >> (j * L) & lane).count_ones()) << (j * L)
                    })
                    .fold(0, |a, b| a | b)
            }))
        }
        /// Bit j set when lane j (of `256 / L`) is zero.
        #[inline(always)]
        pub fn zero_lanes<const L: u32>(self) -> u32 {
            let lane = u64::MAX >> (64 - L);
            let per = 64 / L;
            let mut out = 0;
            for (i, &w) in self.0.iter().enumerate() {
                for j in 0..per {
                    if w >> (j * L) & lane == 0 {
                        out |= 1 << (i as u32 * per + j);
                    }
                }
            }
            out
        }
        /// Lanes `first + j` (j the lane's index in the block) within `lo..=hi`
        /// all ones, the others zero.
        #[inline(always)]
        pub fn lanes_in<const L: u32>(first: usize, lo: usize, hi: usize) -> Block {
            let lane = u64::MAX >> (64 - L);
            let per = (64 / L) as usize;
            Block(std::array::from_fn(|i| {
                (0..per)
                    .filter(|&j| (lo..=hi).contains(&(first + i * per + j)))
                    .fold(0, |a, j| a | lane << (j as u32 * L))
            }))
        }
        /// Every lane from its lowest set bit up (`v | -v` per lane; an empty lane
        /// stays empty).
        #[inline(always)]
        pub fn up_from_lowest<const L: u32>(self) -> Block {
            let lane = u64::MAX >> (64 - L);
            Block(std::array::from_fn(|i| {
                (0..64 / L)
                    .map(|j| {
                        let v = self.0[i] >> (j * L) & lane;
                        ((v | v.wrapping_neg()) & lane) << (j * L)
                    })
                    .fold(0, |a, b| a | b)
            }))
        }
        /// `self` and, in every lane, each run of `up` bits (bit y: the tile above
        /// is joined to tile y) from a tile of `self` up to the run's top tile: one
        /// add per lane, the carry running through the run (see the AVX2 block).
        #[inline(always)]
        pub fn fill_up<const L: u32>(self, up: Block) -> Block {
            let high = low_bits(L) << (L - 1);
            self.map2(up, |s, u| {
                let t = s & u;
                // Lane-wise u + t (no carry across lanes).
                let sum = ((u & !high) + (t & !high)) ^ ((u ^ t) & high);
                s | (sum ^ u)
            })
        }
    }
}

/// One AVX2 register per block.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "avx2",
    target_feature = "bmi2"
))]
pub mod avx2 {
    use core::arch::x86_64::*;

    /// Calls AVX/AVX2 intrinsics.
    // SAFETY: this module is only compiled with the avx2 target feature enabled
    // (`cfg` above), so the CPU running the binary has the instructions; the
    // intrinsics used take and return values only (no pointers).
    macro_rules! avx {
        ($e:expr) => {
            unsafe { $e }
        };
    }

    /// 256 bits of `L`-bit column lanes in one `__m256i` (see the module docs).
    #[derive(Clone, Copy, Debug)]
    pub struct Block(__m256i);

    impl PartialEq for Block {
        fn eq(&self, o: &Block) -> bool {
            self.words() == o.words()
        }
    }
    impl Eq for Block {}

    impl Block {
        /// All zero.
        #[inline(always)]
        pub fn zero() -> Block {
            Block(avx!(_mm256_setzero_si256()))
        }
        /// From four words, lowest bits first (built in registers: a vector load
        /// of four separate scalar stores would stall on store forwarding).
        #[inline(always)]
        pub fn from_words(w: [u64; 4]) -> Block {
            Block(avx!(_mm256_set_epi64x(
                w[3] as i64,
                w[2] as i64,
                w[1] as i64,
                w[0] as i64
            )))
        }
        /// Word `j` (< 4) is `v`, the others zero, built in registers.
        #[inline(always)]
        pub fn one_word(j: usize, v: u64) -> Block {
            avx!({
                let lanes = _mm256_setr_epi64x(0, 1, 2, 3);
                let pick = _mm256_cmpeq_epi64(lanes, _mm256_set1_epi64x(j as i64));
                Block(_mm256_and_si256(pick, _mm256_set1_epi64x(v as i64)))
            })
        }
        /// `self` with word `j` (< 4) replaced by `v`, in registers.
        #[inline(always)]
        pub fn with_word(self, j: usize, v: u64) -> Block {
            avx!({
                let lanes = _mm256_setr_epi64x(0, 1, 2, 3);
                let pick = _mm256_cmpeq_epi64(lanes, _mm256_set1_epi64x(j as i64));
                Block(_mm256_blendv_epi8(
                    self.0,
                    _mm256_set1_epi64x(v as i64),
                    pick,
                ))
            })
        }
        /// The four words, lowest bits first.
        #[inline(always)]
        pub fn words(self) -> [u64; 4] {
            // SAFETY: __m256i and [u64; 4] have the same size and every bit pattern is
            // valid for both.
            unsafe { core::mem::transmute::<__m256i, [u64; 4]>(self.0) }
        }
        /// `self & o`.
        #[inline(always)]
        pub fn and(self, o: Block) -> Block {
            Block(avx!(_mm256_and_si256(self.0, o.0)))
        }
        /// `self | o`.
        #[inline(always)]
        pub fn or(self, o: Block) -> Block {
            Block(avx!(_mm256_or_si256(self.0, o.0)))
        }
        /// `self ^ o`.
        #[inline(always)]
        pub fn xor(self, o: Block) -> Block {
            Block(avx!(_mm256_xor_si256(self.0, o.0)))
        }
        /// `self & !o`.
        #[inline(always)]
        pub fn and_not(self, o: Block) -> Block {
            Block(avx!(_mm256_andnot_si256(o.0, self.0)))
        }
        /// True when no bit is set.
        #[inline(always)]
        pub fn is_zero(self) -> bool {
            avx!(_mm256_testz_si256(self.0, self.0)) != 0
        }
        /// True when `self & o` has no bit set.
        #[inline(always)]
        pub fn disjoint(self, o: Block) -> bool {
            avx!(_mm256_testz_si256(self.0, o.0)) != 0
        }
        /// Bit j set when word j is not zero.
        #[inline(always)]
        pub fn nonzero_words(self) -> u32 {
            avx!({
                let z = _mm256_cmpeq_epi64(self.0, _mm256_setzero_si256());
                !(_mm256_movemask_pd(_mm256_castsi256_pd(z)) as u32) & 0xf
            })
        }
        /// Every lane one row up (bit y to y + 1; the top row drops out).
        #[inline(always)]
        pub fn up<const L: u32>(self) -> Block {
            Block(if L == 16 {
                avx!(_mm256_slli_epi16::<1>(self.0))
            } else {
                avx!(_mm256_slli_epi32::<1>(self.0))
            })
        }
        /// Every lane one row down (bit y to y − 1; row 0 drops out).
        #[inline(always)]
        pub fn down<const L: u32>(self) -> Block {
            Block(if L == 16 {
                avx!(_mm256_srli_epi16::<1>(self.0))
            } else {
                avx!(_mm256_srli_epi32::<1>(self.0))
            })
        }
        /// Lanes one column left (column x receives x + 1); the top lane receives
        /// the lowest lane of `next`, the block above this one.
        #[inline(always)]
        pub fn shift_left<const L: u32>(self, next: Block) -> Block {
            // hi = [self.hi128, next.lo128]; each 128-bit half of (hi:self) moves down
            // by one lane (L/8 bytes).
            let hi = avx!(_mm256_permute2x128_si256::<0x21>(self.0, next.0));
            Block(if L == 16 {
                avx!(_mm256_alignr_epi8::<2>(hi, self.0))
            } else {
                avx!(_mm256_alignr_epi8::<4>(hi, self.0))
            })
        }
        /// Lanes one column right (column x receives x − 1); the lowest lane
        /// receives the top lane of `prev`, the block below this one.
        #[inline(always)]
        pub fn shift_right<const L: u32>(self, prev: Block) -> Block {
            // lo = [prev.hi128, self.lo128]; each 128-bit half of (self:lo) moves up
            // by one lane.
            let lo = avx!(_mm256_permute2x128_si256::<0x03>(self.0, prev.0));
            Block(if L == 16 {
                avx!(_mm256_alignr_epi8::<14>(self.0, lo))
            } else {
                avx!(_mm256_alignr_epi8::<12>(self.0, lo))
            })
        }
        /// Number of set bits.
        #[inline(always)]
        pub fn count(self) -> u32 {
            let w = self.words();
            w[0].count_ones() + w[1].count_ones() + w[2].count_ones() + w[3].count_ones()
        }
        /// Every word `v`.
        #[inline(always)]
        pub fn splat(v: u64) -> Block {
            Block(avx!(_mm256_set1_epi64x(v as i64)))
        }
        /// Gravity on compact lanes: every lane of `self` shifted down by the number
        /// of bits set in the same lane of `removed`. Byte popcounts by nibble table
        /// lookup, summed per lane; 16-bit lanes are shifted as the even and odd
        /// halves of 32-bit lanes (AVX2 has variable shifts of 32-bit lanes only).
        #[inline(always)]
        pub fn shift_lanes_by_count<const L: u32>(self, removed: Block) -> Block {
            avx!({
                let nib = _mm256_set1_epi8(0x0f);
                let lut = _mm256_setr_epi8(
                    0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2,
                    2, 3, 2, 3, 3, 4,
                );
                let r = removed.0;
                let lo = _mm256_and_si256(r, nib);
                let hi = _mm256_and_si256(_mm256_srli_epi16::<4>(r), nib);
                let c8 =
                    _mm256_add_epi8(_mm256_shuffle_epi8(lut, lo), _mm256_shuffle_epi8(lut, hi));
                let low16 = _mm256_set1_epi32(0xffff);
                let c16 = _mm256_add_epi16(
                    _mm256_and_si256(c8, _mm256_set1_epi16(0xff)),
                    _mm256_srli_epi16::<8>(c8),
                );
                if L == 16 {
                    let even = _mm256_srlv_epi32(
                        _mm256_and_si256(self.0, low16),
                        _mm256_and_si256(c16, low16),
                    );
                    let odd = _mm256_srlv_epi32(
                        _mm256_srli_epi32::<16>(self.0),
                        _mm256_srli_epi32::<16>(c16),
                    );
                    Block(_mm256_or_si256(even, _mm256_slli_epi32::<16>(odd)))
                } else {
                    let c32 = _mm256_add_epi32(
                        _mm256_and_si256(c16, low16),
                        _mm256_srli_epi32::<16>(c16),
                    );
                    Block(_mm256_srlv_epi32(self.0, c32))
                }
            })
        }
        /// Bit j set when lane j (of `256 / L`) is zero.
        #[inline(always)]
        pub fn zero_lanes<const L: u32>(self) -> u32 {
            avx!({
                let z = _mm256_setzero_si256();
                if L == 16 {
                    let m = _mm256_movemask_epi8(_mm256_cmpeq_epi16(self.0, z)) as u32;
                    core::arch::x86_64::_pext_u32(m, 0x5555_5555)
                } else {
                    let m = _mm256_movemask_epi8(_mm256_cmpeq_epi32(self.0, z)) as u32;
                    core::arch::x86_64::_pext_u32(m, 0x1111_1111)
                }
            })
        }
        /// Lanes `first + j` (j the lane's index in the block) within `lo..=hi`
        /// all ones, the others zero: one compare per bound on lane indices.
        #[inline(always)]
        pub fn lanes_in<const L: u32>(first: usize, lo: usize, hi: usize) -> Block {
            avx!({
                if L == 16 {
                    let idx =
                        _mm256_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
                    let idx = _mm256_add_epi16(idx, _mm256_set1_epi16(first as i16));
                    let below = _mm256_cmpgt_epi16(_mm256_set1_epi16(lo as i16), idx);
                    let above = _mm256_cmpgt_epi16(idx, _mm256_set1_epi16(hi as i16));
                    Block(_mm256_andnot_si256(
                        _mm256_or_si256(below, above),
                        _mm256_set1_epi8(-1),
                    ))
                } else {
                    let idx = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
                    let idx = _mm256_add_epi32(idx, _mm256_set1_epi32(first as i32));
                    let below = _mm256_cmpgt_epi32(_mm256_set1_epi32(lo as i32), idx);
                    let above = _mm256_cmpgt_epi32(idx, _mm256_set1_epi32(hi as i32));
                    Block(_mm256_andnot_si256(
                        _mm256_or_si256(below, above),
                        _mm256_set1_epi8(-1),
                    ))
                }
            })
        }
        /// Every lane from its lowest set bit up (`v | -v` per lane; an empty lane
        /// stays empty).
        #[inline(always)]
        pub fn up_from_lowest<const L: u32>(self) -> Block {
            avx!({
                let z = _mm256_setzero_si256();
                Block(_mm256_or_si256(
                    self.0,
                    if L == 16 {
                        _mm256_sub_epi16(z, self.0)
                    } else {
                        _mm256_sub_epi32(z, self.0)
                    },
                ))
            })
        }
        /// `self` and, in every lane, each run of `up` bits (bit y: the tile above
        /// is joined to tile y) from a tile of `self` up to the run's top tile, in
        /// one add per lane: `up + (self & up)` carries from the lowest tile of
        /// `self` in a run to the bit above the run's top (a lane's top bit has no
        /// up-edge, so the carry stays in its lane), so `(sum ^ up)` holds that
        /// tile through the run's top, less the other tiles of `self` in the run
        /// (set in both), which `self |` restores.
        #[inline(always)]
        pub fn fill_up<const L: u32>(self, up: Block) -> Block {
            avx!({
                let t = _mm256_and_si256(self.0, up.0);
                let sum = if L == 16 {
                    _mm256_add_epi16(up.0, t)
                } else {
                    _mm256_add_epi32(up.0, t)
                };
                Block(_mm256_or_si256(self.0, _mm256_xor_si256(sum, up.0)))
            })
        }
    }
}
