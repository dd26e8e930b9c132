//! Positions packed for storage in bulk: [`Packed`], the layout of one game's
//! positions as a fixed number of 16-bit words (its lanes, running score and move
//! count), about a tenth of a [`Board`] on a 15 × 15 board of 5 colours. The beam
//! search keeps its layers this way, so its width is not bound by the 1.5 KiB of a
//! `Board` per kept position.
//!
//! Owns: the packed form and its exact round trip (`unpack(pack(b)) == b` for every
//! position of the game the layout was made from). Must not: play moves, or hold
//! positions of another game (a layout knows one width, height, colour count and
//! variant: its template's).

use super::{Board, MAX_COLORS, MAX_WIDTH};

/// The packed layout of the positions of one game: every lane of columns
/// `0..width` and colours `0..colors` as one 16-bit word (two on boards taller than
/// 16 rows), then the running score (two words) and the move count (one word). What
/// a lane does not hold (occupancy, column count, tile counts) is recomputed on
/// unpacking; what is constant for the game comes from the template.
#[derive(Clone, Copy, Debug)]
pub struct Packed {
    /// The game's constants, with no tile, score or move.
    template: Board,
    /// Words per lane: 1 up to 16 rows, else 2.
    lane_words: usize,
}

impl Packed {
    /// The layout of the positions of `game`'s game (its size, colours and variant).
    pub fn of(game: &Board) -> Packed {
        Packed {
            template: Board::empty(game.width(), game.height(), game.colors(), game.variant()),
            lane_words: if game.height() <= 16 { 1 } else { 2 },
        }
    }

    /// Words per packed position.
    pub fn words(&self) -> usize {
        self.template.width() * self.template.colors() * self.lane_words + 3
    }

    /// Writes `b` (a position of this layout's game) into `out` (exactly
    /// [`Packed::words`] long).
    pub fn pack(&self, b: &Board, out: &mut [u16]) {
        debug_assert_eq!(out.len(), self.words());
        let (w, nc) = (self.template.width(), self.template.colors());
        let mut i = 0;
        for lanes in &b.lanes[..w] {
            for &lane in &lanes[..nc] {
                out[i] = lane as u16;
                if self.lane_words == 2 {
                    out[i + 1] = (lane >> 16) as u16;
                }
                i += self.lane_words;
            }
        }
        let score = b.score as u32;
        out[i] = score as u16;
        out[i + 1] = (score >> 16) as u16;
        out[i + 2] = b.moves;
    }

    /// The position `words` holds (written by [`Packed::pack`] of this layout).
    pub fn unpack(&self, words: &[u16]) -> Board {
        debug_assert_eq!(words.len(), self.words());
        let mut b = self.template;
        let (w, nc) = (b.width(), b.colors());
        let mut i = 0;
        for x in 0..w.min(MAX_WIDTH) {
            for c in 0..nc.min(MAX_COLORS) {
                let mut lane = u32::from(words[i]);
                if self.lane_words == 2 {
                    lane |= u32::from(words[i + 1]) << 16;
                }
                i += self.lane_words;
                b.lanes[x][c] = lane;
                b.occ[x] |= lane;
                let n = lane.count_ones() as u16;
                b.counts[c] += n;
                b.tiles += n;
            }
            // Columns are compact to the left: the occupied ones come first.
            if b.occ[x] != 0 {
                b.ncols += 1;
            }
        }
        b.score = (u32::from(words[i]) | u32::from(words[i + 1]) << 16) as i32;
        b.moves = words[i + 2];
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::testutil::random_board;
    use crate::board::GroupMask;
    use crate::rules::Variant;
    use rand::{Rng, SeedableRng};

    #[test]
    fn every_position_of_random_games_comes_back_the_same() {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(51);
        let variants = [
            Variant::SameGame,
            Variant::SameGameNoPenalty,
            Variant::Clickomania,
            Variant::BubbleBreaker,
        ];
        // Every lane width (up to 16 rows, and beyond), up to the largest board.
        for (w, h, nc) in [
            (1, 1, 1),
            (3, 5, 2),
            (15, 15, 5),
            (16, 16, 10),
            (7, 17, 3),
            (20, 30, 6),
            (32, 32, 10),
        ] {
            for &v in &variants {
                let mut b = random_board(w, h, nc, rng.gen(), v);
                let layout = Packed::of(&b);
                let mut words = vec![0u16; layout.words()];
                let mut mask = GroupMask::default();
                let mut positions = 0;
                loop {
                    layout.pack(&b, &mut words);
                    assert!(layout.unpack(&words) == b, "{w}x{h}, {nc} colours, {v}");
                    positions += 1;
                    let groups = b.groups();
                    if groups.is_empty() {
                        break;
                    }
                    let g = groups[rng.gen_range(0..groups.len())];
                    b.play_unchecked(g.cell, &mut mask);
                }
                assert!(positions >= 1);
            }
        }
    }

    #[test]
    fn a_15_by_15_board_of_5_colours_packs_into_a_tenth_of_a_board() {
        let b = random_board(15, 15, 5, 1, Variant::SameGame);
        let bytes = Packed::of(&b).words() * 2;
        assert_eq!(bytes, 15 * 5 * 2 + 6);
        assert!(bytes * 9 < std::mem::size_of::<Board>(), "{bytes} bytes");
    }

    #[test]
    fn negative_running_scores_come_back() {
        // Clickomania and the penalised variants never lower the running score, but
        // the field is signed: its two words keep the sign.
        let mut b = random_board(4, 4, 3, 2, Variant::SameGame);
        b.score = -123_456;
        let layout = Packed::of(&b);
        let mut words = vec![0u16; layout.words()];
        layout.pack(&b, &mut words);
        assert_eq!(layout.unpack(&words).score(), -123_456);
    }
}
