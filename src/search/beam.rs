//! Beam search over positions (`--algo beam`): the method of the SameGame record
//! holders, depth by depth.
//!
//! A *pass* of width W starts from the root as the only position of layer 0. Every
//! position of a layer is expanded (every legal move), each child is evaluated once
//! (`--eval`: [`Evaluator::score`], the running score plus the evaluation's estimate of
//! what is still to come; `--eval none` ranks by the running score alone), children
//! that reach the same tiles by different move orders are merged by
//! [`Board::fingerprint`] (kept once, with the best running score: the future of a
//! position depends on its tiles only), and the best W form the next layer, ranked
//! by value and then by fingerprint, never by arrival order. A child with no move
//! left is a complete game: it is offered to [`Best`] and takes no place in the
//! beam. A pass ends when its layer is empty.
//!
//! **Memory** grows with the width, not with the depth: the positions of the layer
//! being expanded and of the one being built, packed ([`Packed`]: 156 bytes on a
//! 15 × 15 board of 5 colours, against 1.5 KiB for a [`Board`]), the children's
//! small records (value, score, fingerprint, parent, move) of one layer, and per
//! layer only what a line needs to be rebuilt (a parent index and a move per kept
//! position, 8 bytes, dropped once no position of the newest layer descends from
//! it: [`compact`]). Children's boards are not kept: the W chosen ones are
//! replayed from their parents. Nor are all of a layer's children: once more than
//! [`compact_at`] have gathered, duplicates are merged and only the best W kept, which
//! keeps the same W in the end as one selection over the whole layer (see
//! [`keep_best`]).
//!
//! **Anytime**: passes of width [`BeamPlan::start`], twice that, … up to
//! [`BeamPlan::cap`] (`--beam-width`), until the budget ends. A pass at the cap ends
//! the search, as does a pass in which no layer lost a position to the width: it
//! expanded every reachable position, so its best game is proven optimal. The
//! budget counts evaluated positions (one playout of the [`Meter`] per child), cut
//! exactly: when a block of parents would pass the budget, its children are counted
//! first and only the first ones in order are evaluated. The best complete game
//! found so far is always returned; when the first pass is cut before it completes
//! a game, its best-ranked position is finished greedily (a pass of width 1), past
//! the budget.
//!
//! **Playouts**: [`playout`] is one pass, of the width of NMCS's `--playout-beam W`
//! (`search::nmcs`), from any position of its game: the same pass and budget cut,
//! but its greedy completion is not counted, so NMCS spends exactly its budget.
//!
//! **Threads**: a block of parents is expanded on the caller's rayon pool, children
//! are gathered in parent order, and every sort is by a total order, so with an
//! iteration budget the result never depends on the pool's thread count.
//!
//! **Checkpoints** ([`checkpoint`], `batch --checkpoint`): a search saves its state at
//! the start of a layer and, when stopped, goes back to its layer's start, so a
//! continued search ends as the one never stopped.
//!
//! Owns: the passes, the anytime schedule and the line rebuild. Must not: print,
//! create thread pools, or read the configuration (it gets a resolved [`BeamPlan`]).

use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use super::best::Best;
use super::budget::{Limit, Meter};
use super::eval::{ByColumn, Evaluator, GroupSums};
use super::plan::BeamPlan;
use crate::board::{Board, Cell, GroupMask, Packed};

pub(crate) mod checkpoint;
pub use checkpoint::BeamState;
use checkpoint::Saves;

/// Parents expanded between two looks at the budget (clock, stop flag, playouts);
/// 8 in tests, so that small beams span several blocks (with an iteration budget the
/// result does not depend on it: the cut is by the children's order).
const BLOCK: usize = if cfg!(test) { 8 } else { 1024 };

/// An evaluated child: its rank and how to rebuild it.
#[derive(Clone, Copy, Debug)]
struct Child {
    /// The evaluation ([`Evaluator::score`]); the final score when terminal.
    value: i32,
    /// Running score (final score when terminal): duplicates keep the best.
    score: i32,
    fp: (u64, u32),
    /// Index of the parent in its layer.
    parent: u32,
    mv: Cell,
    terminal: bool,
}

/// How a kept position was reached: its parent in the layer above and the move.
#[derive(Clone, Copy, Debug, Serialize, Deserialize)]
struct Step {
    parent: u32,
    mv: Cell,
}

/// How a pass ended.
enum Pass {
    /// The budget ended; the best-ranked position of the layer being expanded, with
    /// its line from the search's root.
    Cut { top: Box<Board>, line: Vec<Cell> },
    /// Every layer was expanded; `lost` when some layer had more positions than the
    /// width.
    Done { lost: bool },
}

/// The beam search from `root` (not terminal) within `limit`: offers every complete
/// game it finds to `best`. Returns true when the best game is proven optimal (a
/// pass lost no position). With `saves`, it continues from their state, if any,
/// and saves its own as it goes; a stop ends it as the budget would, once saved.
pub(crate) fn beam(
    plan: BeamPlan,
    root: &Board,
    meter: &mut Meter,
    limit: Limit,
    best: &mut Best,
    mut saves: Option<&mut Saves>,
) -> bool {
    let mut width = plan.start.clamp(1, plan.cap.max(1));
    if let Some(w) = saves.as_deref_mut().and_then(|s| s.begin(meter, best)) {
        width = w;
    }
    loop {
        let saving = saves.as_deref_mut();
        match pass(
            plan.eval,
            width,
            root,
            &[],
            meter,
            Some(&limit),
            best,
            saving,
        ) {
            Pass::Cut { top, line } => {
                // Past the budget, counted.
                complete(plan.eval, &top, &line, meter, best);
                return false;
            }
            Pass::Done { lost: false } => return true,
            Pass::Done { .. } if width >= plan.cap => return false,
            Pass::Done { .. } => width = width.saturating_mul(2).min(plan.cap),
        }
    }
}

/// A level-0 playout of NMCS (`--playout-beam`, `search::nmcs`): one pass of width
/// `width` from `start` (not terminal), reached from the search's root by `prefix`,
/// within `limit`, offering every complete game it finds to `best` (its line
/// `prefix` first). When the budget ends inside the pass while `best` holds no game
/// yet, the pass's best-ranked position is finished greedily past the budget,
/// uncounted, so `best` always ends with a game and the meter never passes the
/// limit.
pub(crate) fn playout(
    eval: Evaluator,
    width: usize,
    start: &Board,
    prefix: &[Cell],
    meter: &mut Meter,
    limit: &Limit,
    best: &mut Best,
) {
    if let Pass::Cut { top, line } =
        pass(eval, width, start, prefix, meter, Some(limit), best, None)
    {
        let spent = meter.playouts;
        complete(eval, &top, &line, meter, best);
        meter.playouts = spent;
    }
}

/// After a pass cut by the budget: when `best` holds no game yet, finishes `top`
/// (the pass's best-ranked position, reached by `line`) greedily, a pass of width 1
/// without a limit.
fn complete(eval: Evaluator, top: &Board, line: &[Cell], meter: &mut Meter, best: &mut Best) {
    if best.moves.is_empty() && best.score == i32::MIN {
        pass(eval, 1, top, line, meter, None, best, None);
    }
}

/// One pass of width `width` from `start`, reached from the search's root by
/// `prefix`. Without a limit it runs to the end (the greedy completion). With
/// `saves`, it starts from their continued trace, if any, notes each layer's start
/// (saving it when due) and ends as when cut once a stop is asked, saved.
#[allow(clippy::too_many_arguments)]
fn pass(
    eval: Evaluator,
    width: usize,
    start: &Board,
    prefix: &[Cell],
    meter: &mut Meter,
    limit: Option<&Limit>,
    best: &mut Best,
    mut saves: Option<&mut Saves>,
) -> Pass {
    let layout = Packed::of(start);
    let words = layout.words();
    let (mut trace, mut lost) = match saves.as_deref_mut().and_then(Saves::continued) {
        Some(go_on) => go_on,
        None => {
            meter.created(1);
            (Vec::new(), false)
        }
    };
    let mut layer = layer_of(&layout, start, &trace);
    let mut block = Vec::with_capacity(BLOCK);
    loop {
        let len = layer.len() / words;
        let parent = |i: usize| layout.unpack(&layer[i * words..(i + 1) * words]);
        if let Some(s) = saves.as_deref_mut() {
            s.layer_starts(width, &trace, lost, meter, best);
        }
        let mut children = Vec::new();
        for (b, packed) in layer.chunks(BLOCK * words).enumerate() {
            block.clear();
            block.par_extend(packed.par_chunks(words).map(|w| layout.unpack(w)));
            let block = &block[..];
            // Read first: the budget's look at the stop flag may be the one that sees it.
            let exhausted = limit.is_some_and(|l| meter.exhausted(l));
            let stopped = saves
                .as_deref_mut()
                .is_some_and(|s| s.stop(meter, width, &trace));
            let left = match limit {
                Some(_) if exhausted || stopped => 0,
                Some(l) => l.playouts.saturating_sub(meter.playouts),
                None => u64::MAX,
            };
            let allowed = if left == 0 {
                None
            } else {
                allowance(block, left)
            };
            let Some(allowed) = allowed.filter(|a| a.iter().any(|&n| n > 0)) else {
                let line = line_to(&trace, prefix, 0, None);
                meter.freed(len);
                return Pass::Cut {
                    top: Box::new(parent(0)),
                    line,
                };
            };
            let cut = allowed.iter().any(|&n| n != usize::MAX);
            let base = b * BLOCK;
            let got: Vec<Vec<Child>> = block
                .par_iter()
                .zip(&allowed)
                .enumerate()
                .map_init(Vec::new, |groups, (i, (p, &n))| {
                    expand(p, eval, (base + i) as u32, n, groups)
                })
                .collect();
            meter.playouts += got.iter().map(|v| v.len() as u64).sum::<u64>();
            let mut top: Option<Child> = None;
            for c in got.into_iter().flatten() {
                if !c.terminal {
                    children.push(c);
                } else if top.is_none_or(|t| c.score > t.score) {
                    top = Some(c);
                }
            }
            if let Some(t) = top.filter(|t| t.score > best.score) {
                best.offer(t.score, &line_to(&trace, prefix, t.parent, Some(t.mv)));
            }
            if cut {
                let line = line_to(&trace, prefix, 0, None);
                meter.freed(len);
                return Pass::Cut {
                    top: Box::new(parent(0)),
                    line,
                };
            }
            if children.len() > compact_at(width) && eval.rises_with_score() {
                lost |= keep_best(&mut children, width);
            }
        }
        if children.is_empty() {
            meter.freed(len);
            return Pass::Done { lost };
        }
        lost |= keep_best(&mut children, width);
        let steps: Vec<Step> = children
            .iter()
            .map(|c| Step {
                parent: c.parent,
                mv: c.mv,
            })
            .collect();
        layer = next_layer(&layout, &layer, &steps);
        trace.push(steps);
        compact(&mut trace);
        meter.created(children.len());
        meter.freed(len);
    }
}

/// The packed positions `steps` reach from the packed positions of `layer`.
fn next_layer(layout: &Packed, layer: &[u16], steps: &[Step]) -> Vec<u16> {
    let words = layout.words();
    let mut next = vec![0u16; steps.len() * words];
    next.par_chunks_mut(words)
        .zip(steps)
        .for_each_init(GroupMask::default, |mask, (out, s)| {
            let at = s.parent as usize * words;
            let mut b = layout.unpack(&layer[at..at + words]);
            b.play_unchecked(s.mv, mask);
            layout.pack(&b, out);
        });
    next
}

/// The packed positions of the newest layer of `trace`, replayed from `start` (its
/// only position when `trace` is empty): each layer from the one above, as the pass
/// built them.
fn layer_of(layout: &Packed, start: &Board, trace: &[Vec<Step>]) -> Vec<u16> {
    let mut layer = vec![0u16; layout.words()];
    layout.pack(start, &mut layer);
    for steps in trace {
        layer = next_layer(layout, &layer, steps);
    }
    layer
}

/// How many children each parent of `block` may evaluate within `left` more
/// evaluations: `usize::MAX` (all) for every parent when the block surely fits
/// (each move removes at least two tiles), else the exact counts, in order, until
/// the budget is used up.
fn allowance(block: &[Board], left: u64) -> Option<Vec<usize>> {
    let bound: u64 = block.iter().map(|p| p.tiles() as u64 / 2).sum();
    if bound <= left {
        return Some(vec![usize::MAX; block.len()]);
    }
    let counts: Vec<usize> = block.par_iter().map(moves).collect();
    let mut left = usize::try_from(left).unwrap_or(usize::MAX);
    if counts.iter().sum::<usize>() <= left {
        return Some(vec![usize::MAX; block.len()]);
    }
    Some(
        counts
            .into_iter()
            .map(|n| {
                let a = n.min(left);
                left -= a;
                a
            })
            .collect(),
    )
}

/// The number of legal moves of `b`.
fn moves(b: &Board) -> usize {
    let mut n = 0;
    b.for_each_group(|_| n += 1);
    n
}

/// The first `most` children of `parent` (in the board's group order), evaluated.
/// The parent's groups are flooded once, into `groups` (a buffer kept between
/// calls). An evaluation that sums groups gets each child's sums from the parent's
/// ([`GroupSums::after`] of its [`ByColumn`]): the same values, a fraction of the
/// flood fills; each child's fingerprint continues the parent's hash from the
/// move's column ([`Board::fingerprint_after`]), the same value too.
fn expand(
    parent: &Board,
    eval: Evaluator,
    index: u32,
    most: usize,
    groups: &mut Vec<GroupMask>,
) -> Vec<Child> {
    let mut out = Vec::new();
    if parent.ncols() == 0 || most == 0 {
        return out;
    }
    groups.clear();
    let mut mask = GroupMask::default();
    parent.flood_groups_in(0, parent.ncols() - 1, &mut mask, |m| groups.push(m.clone()));
    let by = eval
        .needs_groups()
        .then(|| ByColumn::from_groups(parent, groups.iter().map(GroupMask::group)));
    let prefix = parent.fingerprint_prefix();
    out.reserve_exact(groups.len().min(most));
    let mut c = *parent;
    for m in groups.iter().take(most) {
        let change = c.play_mask(m);
        let terminal = c.is_terminal();
        let value = match &by {
            Some(by) if !terminal => {
                eval.score_with(&c, &GroupSums::after(by, &c, change, &mut mask))
            }
            _ => eval.score(&c),
        };
        out.push(Child {
            value,
            score: if terminal { c.final_score() } else { c.score() },
            fp: c.fingerprint_after(&prefix, change),
            parent: index,
            mv: m.group().cell,
            terminal,
        });
        c.restore(parent, change);
    }
    out
}

/// How many children of a layer may gather before [`keep_best`] runs on them
/// mid-layer: three times the width (at least 2^16), so a layer holds at most about
/// 3W + one block's children at a time instead of all of its children (some 25W on
/// a 15 × 15 board). Only with an evaluation that rises with the running score
/// ([`Evaluator::rises_with_score`]: every one but learned weights that penalise
/// the score), which the argument at [`keep_best`] needs.
fn compact_at(width: usize) -> usize {
    // Small in tests, so that their beams select mid-layer.
    width
        .saturating_mul(3)
        .max(if cfg!(test) { 16 } else { 1 << 16 })
}

/// Merges duplicates of `children` (same fingerprint: the best running score is
/// kept, ties by parent and move) and keeps the best `width` by value, ties by
/// fingerprint, sorted best first. Returns true when some position was dropped
/// for the width.
///
/// Running it on part of a layer's children, then on what it kept and the rest, and
/// so on, keeps the same W as one run on all of them: for a fingerprint in the
/// final W, its best child outranks, at every run, every kept child of the
/// fingerprints that rank below it (a kept child's value is at most that of its
/// fingerprint's best: children of one fingerprint have the same tiles and differ
/// only in their running score, and the value rises with it), so it is never
/// dropped, and the merge keeps it over its duplicates by the same total order
/// each time. A position is dropped at some run only when more than W fingerprints
/// were seen, so the returned flags agree too.
fn keep_best(children: &mut Vec<Child>, width: usize) -> bool {
    children.par_sort_unstable_by(|a, b| {
        a.fp.cmp(&b.fp)
            .then(b.score.cmp(&a.score))
            .then((a.parent, a.mv).cmp(&(b.parent, b.mv)))
    });
    children.dedup_by_key(|c| c.fp);
    let rank = |a: &Child, b: &Child| b.value.cmp(&a.value).then(a.fp.cmp(&b.fp));
    let lost = children.len() > width;
    if lost {
        children.select_nth_unstable_by(width - 1, rank);
        children.truncate(width);
    }
    children.par_sort_unstable_by(rank);
    lost
}

/// Drops from `trace` the steps that no position of its newest layer descends from,
/// renumbering the parents of the layer above each shortened one, so that
/// [`line_to`] gives the same line to every position of the newest layer. Walks down
/// from the newest layer and stops at the first layer that loses nothing (the layers
/// below were compacted before, and the positions above still need all of them).
/// A beam's positions share their ancestors a few layers back, so the trace holds
/// about W steps for the recent layers and few for the others, instead of W per
/// layer (8 bytes each: most of a wide pass's memory late in the game).
fn compact(trace: &mut [Vec<Step>]) {
    for l in (1..trace.len()).rev() {
        let (below, above) = trace.split_at_mut(l);
        let (lower, upper) = (&mut below[l - 1], &above[0]);
        let mut used = vec![false; lower.len()];
        for s in upper.iter() {
            used[s.parent as usize] = true;
        }
        if used.iter().all(|&u| u) {
            return;
        }
        let mut index = vec![u32::MAX; lower.len()];
        let mut kept = Vec::with_capacity(used.iter().filter(|&&u| u).count());
        for (i, s) in lower.iter().enumerate() {
            if used[i] {
                index[i] = kept.len() as u32;
                kept.push(*s);
            }
        }
        *lower = kept;
        for s in above[0].iter_mut() {
            s.parent = index[s.parent as usize];
        }
    }
}

/// The line from the search's root to position `i` of the newest layer of `trace`
/// (`prefix` first), then `mv` when given.
fn line_to(trace: &[Vec<Step>], prefix: &[Cell], mut i: u32, mv: Option<Cell>) -> Vec<Cell> {
    let mut back: Vec<Cell> = mv.into_iter().collect();
    for layer in trace.iter().rev() {
        let s = layer[i as usize];
        back.push(s.mv);
        i = s.parent;
    }
    let mut line = prefix.to_vec();
    line.extend(back.iter().rev());
    line
}

#[cfg(test)]
#[path = "beam_tests.rs"]
mod tests;
