//! SameGame move codes and the NRPA level-0 playout.
//!
//! A move's code identifies the group it removes — its colour and the exact set of
//! cells it covers on the board as it stands — as the SameGame NRPA papers do: a
//! 64-bit hash of the colour and of the words of the group's mask in its board's
//! plane layout, from the word of its first column to that of its last
//! ([`code_words`]: one 128-bit product per word). The same group at the same
//! place gets the same code in every position where it occurs, so what the policy
//! learns carries over between playouts that reach it by different move orders.
//! Only which codes are equal matters to a search, so results are the same under
//! any such hash: until issue 28 the key mixed the column index in; until issue
//! 51's sixteenth pass it was the XOR over the group's columns of one SplitMix64
//! key per (colour, column) rotated by the column (a group moved left had its code
//! rotated); now one product per 64-bit word, about a third of the instructions.
//! Codes are kept in NRPA checkpoints, so the checkpoint format changed with them.
//!
//! The playout samples each move from the softmax of (policy weight + GNRPA bias)
//! over the candidate moves. With the selective policy (Cazenave 2016) groups of the
//! tabu colour — the colour with most tiles at the start, as TabuColorRandom — are
//! not candidates while groups of other colours exist, except, with the late-game
//! exception ([`Selective::late_tiles`], [`Selective::late_size`]), small tabu
//! groups once few tiles are left. It records its [`Trace`] as segments: a group's
//! segment opens when it becomes a candidate and closes when it leaves the list.
//!
//! The game is played on bit-sliced planes ([`crate::board::planes`]) and its legal
//! groups kept as plane masks with their codes and weights (`list.rs`): a move
//! rebuilds only the groups whose tiles it changed. Since issue 51; the list on
//! column lanes it replaced is kept as the tests' oracle (`reference.rs`): the two
//! play the same games from the same random numbers and policies, and record
//! traces with the same candidates at every step (`equivalence_tests.rs`). The
//! list keeps a group's segment while it stays listed where the oracle cut it, so
//! an adaptation sums the same terms in another order and the weights agree up to
//! their last bits (the golden search test and the search fingerprint give the
//! same lines).
//!
//! [`Playout::replay`] (`replay.rs`) records the [`Trace`] of a given game under
//! the same candidate rule, so that a policy can be adapted toward a game that no
//! playout of this policy played (a tree search's best line).
//! [`Playout::run_untraced`] plays the same game as [`Playout::run`] from the same
//! random numbers without recording it (no segment work: the learned rollouts,
//! whose traces are never read); its replay records the trace `run` would have.
//!
//! Owns: [`code`], [`Selective`] and [`Playout`]. Must not: adapt policies or count
//! budgets.

use self::list::{Ctx, List};
use super::prior::{Bias, Prior};
use super::softmax::Policy;
use super::trace::Trace;
use crate::board::planes::{lane_bits, planes_for, Planes, MAX_PLANES};
use crate::board::{Board, Cell, Group, GroupMask};
use crate::rng::GOLDEN_GAMMA;
use crate::Rng;

/// The odd multiplier of [`code_words`] (SplitMix64's first).
const CODE_MUL: u64 = 0xBF58_476D_1CE4_E5B9;

/// The code of a group of colour `color` whose cells, as the words of its board's
/// planes (column x's lane at bit x·L), are `w`: the words from that of its first
/// column (index `first`) to that of its last. A seed from the colour and `first`,
/// then per word a 64 × 64 → 128-bit product folded to 64 bits: a function of the
/// colour and the cells, told apart by a 64-bit hash (as the per-column code
/// before issue 51's sixteenth pass, without a mix per column).
#[inline(always)]
pub fn code_words(color: u8, first: usize, w: &[u64]) -> u64 {
    w.iter()
        .fold(code_seed(color, first), |h, &x| code_step(h, x))
}

/// The seed of [`code_words`].
#[inline(always)]
pub fn code_seed(color: u8, first: usize) -> u64 {
    (u64::from(color) << 8 | first as u64).wrapping_mul(GOLDEN_GAMMA)
}

/// One word `x` into the code so far `h` ([`code_words`]).
#[inline(always)]
pub fn code_step(h: u64, x: u64) -> u64 {
    let r = u128::from(h ^ x) * u128::from(CODE_MUL);
    (r as u64) ^ ((r >> 64) as u64)
}

/// The code of the group flooded into `mask` (`g` its summary) on a board
/// `height` rows high: colour and cells ([`code_words`], the words built from
/// the mask's columns).
pub fn code(g: &Group, mask: &GroupMask, height: usize) -> u64 {
    let l = lane_bits(height) as usize;
    let per = 64 / l;
    let (first, last) = (usize::from(g.xmin) / per, usize::from(g.xmax) / per);
    let mut w = [0u64; crate::board::MAX_WIDTH * 32 / 64];
    for x in usize::from(g.xmin)..=usize::from(g.xmax) {
        w[x / per] |= u64::from(mask.column(x)) << (x % per * l);
    }
    code_words(g.color, first, &w[first..=last])
}

/// The level-0 search of NRPA: one game from the root sampled from a policy.
///
/// The legal groups are kept with their masks, codes and weights (policy weight +
/// bias) from one step to the next; a move rebuilds only the groups whose tiles it
/// changed (`list.rs`). A step's softmax needs no exponential (each group's is
/// taken once, when it joins the list) and no allocation (the buffers are kept
/// between playouts).
pub struct Playout {
    /// Which groups are candidates.
    pub selective: Selective,
    /// GNRPA bias: a candidate's weight gets β · h(group) added ([`Bias`]).
    pub bias: Bias,
    list: List,
}

/// Which groups a playout samples from: all of them, or (the selective policy of
/// Cazenave 2016) none of the tabu colour while groups of other colours exist, except
/// tabu groups of at most `late_size` tiles once at most `late_tiles` tiles are left
/// (`late_tiles == 0`: no exception). NRPA fills it from `--policy`,
/// `--nrpa-late-tiles` and `--nrpa-late-size`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Selective {
    /// Tabu colour (`None`: every group is a candidate).
    pub tabu: Option<u8>,
    /// Largest number of tiles on the board at which the late-game exception applies.
    pub late_tiles: u16,
    /// Largest tabu-colour group the late-game exception lets in.
    pub late_size: u16,
}

impl Selective {
    /// Every group is a candidate.
    pub const ALL: Selective = Selective {
        tabu: None,
        late_tiles: 0,
        late_size: 0,
    };
}

/// Calls `$recv.$method::<B, L, P>(args)` with the plane layout that fits `$board`:
/// [`lane_bits`] per column lane (16 up to 16 rows, 32 above); one, two or four
/// 256-bit blocks; as many colour planes as needed (as the random playout's kernel).
/// `$recv.$method::<X>(args)` puts the const arguments `X` first.
macro_rules! by_layout {
    ($board:expr, $recv:ident . $method:ident $(::<$($pre:literal),+>)? ( $($arg:expr),* $(,)? )) => {{
        let b: &Board = $board;
        if $crate::board::planes::lane_bits(b.height()) == 16 {
            if b.width() <= 16 {
                match planes_for(b.colors()) {
                    0..=2 => $recv.$method::<$($($pre,)+)? 1, 16, 2>($($arg),*),
                    3 => $recv.$method::<$($($pre,)+)? 1, 16, 3>($($arg),*),
                    _ => $recv.$method::<$($($pre,)+)? 1, 16, MAX_PLANES>($($arg),*),
                }
            } else {
                $recv.$method::<$($($pre,)+)? 2, 16, MAX_PLANES>($($arg),*)
            }
        } else if b.width() <= 16 {
            $recv.$method::<$($($pre,)+)? 2, 32, MAX_PLANES>($($arg),*)
        } else {
            $recv.$method::<$($($pre,)+)? 4, 32, MAX_PLANES>($($arg),*)
        }
    }};
}

impl Playout {
    /// A playout sampling from the candidates `selective` allows, with GNRPA bias
    /// `bias` (β · (group size − 2) added to every weight; 0 = plain NRPA).
    pub fn new(selective: Selective, bias: f64) -> Self {
        Playout {
            selective,
            bias: Bias::size(bias),
            list: List::default(),
        }
    }

    /// The same playout with the GNRPA bias `bias` (β, prior and tabu colour).
    pub fn with_bias(mut self, bias: Bias) -> Self {
        self.bias = bias;
        self
    }

    /// The same playout with GNRPA prior `prior` for its β (`tabu`: the colour
    /// [`Prior::Tabu`] penalises).
    pub fn with_prior(mut self, prior: Prior, tabu: Option<u8>) -> Self {
        self.bias.prior = prior;
        self.bias.tabu = tabu;
        self
    }

    /// True when the bias adds +0 to every weight (β = 0 with the size prior):
    /// every segment of this playout's traces (and of its replays) has bias +0,
    /// so a policy may adapt toward them with [`Policy::adapt_flat`].
    pub fn is_flat(&self) -> bool {
        list::flat(&self.bias)
    }

    /// Plays `root` to its end under `pol`; the moves go to `moves` and what was
    /// sampled at each step to `trace` (both cleared first). Returns the final
    /// score.
    pub fn run(
        &mut self,
        root: &Board,
        pol: &Policy,
        rng: &mut Rng,
        moves: &mut Vec<Cell>,
        trace: &mut Trace,
    ) -> i32 {
        moves.clear();
        trace.clear();
        by_layout!(root, self.run_in::<true>(root, pol, rng, moves, trace))
    }

    /// [`Playout::run`] without the trace: the same game from the same random
    /// numbers, with no segment work. For a caller that needs the trace of few of
    /// its games: [`Playout::replay`] of the moves records the trace `run` would
    /// have (the trace depends only on the root, the rule, the bias and the moves).
    pub fn run_untraced(
        &mut self,
        root: &Board,
        pol: &Policy,
        rng: &mut Rng,
        moves: &mut Vec<Cell>,
    ) -> i32 {
        moves.clear();
        let mut none = Trace::default();
        by_layout!(root, self.run_in::<false>(root, pol, rng, moves, &mut none))
    }

    /// [`Playout::run`] on planes of `B` blocks, `L`-bit lanes, `P` colour planes,
    /// recording the trace when `R` (else leaving `trace` alone): the playout of a
    /// flat bias ([`Playout::is_flat`]) or of any other.
    #[inline(always)]
    fn run_in<const R: bool, const B: usize, const L: u32, const P: usize>(
        &mut self,
        root: &Board,
        pol: &Policy,
        rng: &mut Rng,
        moves: &mut Vec<Cell>,
        trace: &mut Trace,
    ) -> i32 {
        if self.is_flat() {
            self.run_ctx::<R, B, L, P, true>(root, pol, rng, moves, trace)
        } else {
            self.run_ctx::<R, B, L, P, false>(root, pol, rng, moves, trace)
        }
    }

    /// [`Playout::run_in`] under a context [`Ctx`]`<F>`.
    #[inline(never)]
    fn run_ctx<const R: bool, const B: usize, const L: u32, const P: usize, const F: bool>(
        &mut self,
        root: &Board,
        pol: &Policy,
        rng: &mut Rng,
        moves: &mut Vec<Cell>,
        trace: &mut Trace,
    ) -> i32 {
        let cx = Ctx::<F>::new(pol, self.bias, self.selective).sparse();
        let mut p = Planes::<B, L, P>::from_board(root);
        let list = &mut self.list;
        list.reset::<B, L, P, R, F>(root, &p, &cx, trace);
        let variant = root.variant();
        let mut gained = 0;
        while list.len > 0 {
            let k = list.pick(rng, &cx);
            let e = list.at(k);
            if R {
                trace.push_step(e.seg, list.ncand);
            }
            moves.push(e.g.cell);
            gained += variant.group_score(u32::from(e.g.size));
            list.play::<B, L, P, R, F>(&mut p, k, &cx, trace);
        }
        p.final_score(root, gained)
    }
}

#[cfg(test)]
mod equivalence_tests;
mod list;
#[cfg(test)]
mod reference;
mod replay;

#[cfg(test)]
mod tests;
