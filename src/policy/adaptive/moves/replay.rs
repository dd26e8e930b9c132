//! The trace of a given game: [`Playout::replay`] walks a line move by move and
//! records, at each step, the candidates the playout's rule gives there and which of
//! them the line played, as [`Playout::run`] records its own games.
//!
//! A search that does not sample its whole games from the policy (a tree search,
//! whose lines are a tree path, then a rollout from a leaf) adapts the policy toward
//! its best line through this trace (Playout Policy Adaptation, Cazenave 2015).
//!
//! Owns: [`Playout::replay`]. Must not: sample moves or adapt policies.

use super::super::softmax::Policy;
use super::super::trace::Trace;
use super::list::Ctx;
use super::Playout;
use crate::board::planes::{planes_for, Planes, MAX_PLANES};
use crate::board::{Board, Cell};

impl Playout {
    /// Records in `trace` (cleared first) the game `moves` played from `root` under
    /// this playout's candidate rule: at each step the candidates the rule gives
    /// (codes and biases, as [`Playout::run`] records them) and the move played. A
    /// move the rule leaves out (a tree move of the tabu colour) is added to its
    /// step's candidates (a segment of that step alone), so that every move of the
    /// line is learnt. Returns the game's final score and the number of moves the
    /// rule left out.
    ///
    /// # Panics
    /// When a move is not legal (`moves` must be a legal line from `root`).
    pub fn replay(&mut self, root: &Board, moves: &[Cell], trace: &mut Trace) -> (i32, usize) {
        trace.clear();
        by_layout!(root, self.replay_in(root, moves, trace))
    }

    /// [`Playout::replay`] on planes of `B` blocks, `L`-bit lanes, `P` colour planes.
    fn replay_in<const B: usize, const L: u32, const P: usize>(
        &mut self,
        root: &Board,
        moves: &[Cell],
        trace: &mut Trace,
    ) -> (i32, usize) {
        let pol = Policy::default();
        // Any bias (a replay is not where the time goes): `Ctx<false>`.
        let cx = Ctx::<false>::new(&pol, self.bias, self.selective);
        let mut p = Planes::<B, L, P>::from_board(root);
        let list = &mut self.list;
        list.reset::<B, L, P, true, false>(root, &p, &cx, trace);
        let variant = root.variant();
        let (mut gained, mut outside) = (0, 0);
        for &mv in moves {
            let (x, y) = (usize::from(mv.x), usize::from(mv.y));
            let k = (x < p.ncols() && y < L as usize)
                .then(|| list.group_at::<B>(x * L as usize + y))
                .flatten()
                .unwrap_or_else(|| panic!("replay: {mv} is not a legal move"));
            let (e, _) = list.full::<B, L, false>(k, &cx);
            if e.cand {
                trace.push_step(e.seg, list.ncand);
            } else {
                outside += 1;
                let seg = trace.open(e.code, self.bias.of(&e.g));
                trace.push_step(seg, list.ncand + 1);
                trace.close(seg);
            }
            gained += variant.group_score(u32::from(e.g.size));
            list.play::<B, L, P, true, false>(&mut p, k, &cx, trace);
        }
        let mut board = *root;
        p.write_to(&mut board, gained, moves.len() as u16);
        (board.final_score(), outside)
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::softmax::Policy;
    use super::super::Selective;
    use super::*;
    use crate::board::testutil::random_board;
    use crate::Variant;

    /// A game the playout sampled replays to exactly the trace it recorded.
    #[test]
    fn a_sampled_game_replays_to_its_own_trace() {
        for v in Variant::ALL {
            for (sel, bias) in [
                (Selective::ALL, 0.0),
                (
                    Selective {
                        tabu: Some(1),
                        late_tiles: 20,
                        late_size: 3,
                    },
                    0.4,
                ),
            ] {
                let b = random_board(9, 8, 4, 6, v);
                let mut p = Playout::new(sel, bias);
                let mut rng = crate::rng_for(2, 0, 0);
                let (mut moves, mut trace, mut again) =
                    (Vec::new(), Trace::default(), Trace::default());
                for _ in 0..20 {
                    let s = p.run(&b, &Policy::default(), &mut rng, &mut moves, &mut trace);
                    assert_eq!(p.replay(&b, &moves, &mut again), (s, 0));
                    assert_eq!(again, trace);
                }
            }
        }
    }

    /// A move of the tabu colour (which the rule leaves out while other colours have
    /// groups) joins its step's candidates and is the one chosen there.
    #[test]
    fn a_move_outside_the_rule_is_added_and_chosen() {
        // Colour 0 is tabu; the first move plays its group, the only other group
        // (colour 1) is the rule's single candidate.
        let b: Board = "000\n000\n110".parse().unwrap();
        let mut p = Playout::new(
            Selective {
                tabu: Some(0),
                ..Selective::ALL
            },
            0.0,
        );
        let mut trace = Trace::default();
        let first = b.groups().into_iter().find(|g| g.color == 0).unwrap().cell;
        let mut after = b;
        after.play(first);
        let rest: Vec<Cell> = after.groups().iter().map(|g| g.cell).collect();
        let line: Vec<Cell> = std::iter::once(first)
            .chain(rest.into_iter().take(1))
            .collect();
        assert_eq!(p.replay(&b, &line, &mut trace).1, 1);
        assert_eq!(trace.steps(), 1, "the second step has one group");
        let (cands, chosen) = trace.choice(0);
        assert_eq!(cands.len(), 2, "the rule's candidate and the move played");
        assert_eq!(chosen, 1);
        // Adapting toward it makes the tabu move likelier than the rule's candidate.
        let mut pol = Policy::default();
        pol.adapt(&trace, 1.0, &mut Default::default());
        let mut probs = Vec::new();
        pol.softmax(&cands, &mut probs);
        assert!(probs[1] > probs[0], "{probs:?}");
    }
}
