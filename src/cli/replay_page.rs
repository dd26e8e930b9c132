//! `samegame show … --solution FILE --html OUT.html`: a self-contained replay page
//! (canvas and JavaScript inline, no network access) that steps through a solution.
//!
//! Every step (the board before each move, the group that move removes, the running
//! score) is computed here with the engine and embedded as JSON, so the score the page
//! shows is the engine's, not a re-implementation's.
//!
//! Owns: the step data and the HTML text. Must not: print or read files.

use serde::Serialize;

use crate::board::{Board, Cell, GroupMask, EMPTY};

/// The page template; `__DATA__` is replaced by the JSON of [`Replay`].
const TEMPLATE: &str = include_str!("replay_page.html");

/// One step: the board after `index` moves and the move about to be played.
#[derive(Serialize, Debug)]
pub struct Step {
    /// Rows, top row first, colour index or -1 for an empty cell.
    pub rows: Vec<Vec<i8>>,
    /// Running score after `index` moves.
    pub score: i32,
    /// The next move (`[x, y]`, y from the bottom), if any.
    #[serde(rename = "move")]
    pub next: Option<[u8; 2]>,
    /// Cells (`[x, y]`) of the group the next move removes.
    pub group: Vec<[u8; 2]>,
    /// Score of the next move.
    pub gain: i32,
}

/// Everything the page shows.
#[derive(Serialize, Debug)]
pub struct Replay {
    /// Heading of the page.
    pub title: String,
    /// Board width.
    pub width: usize,
    /// Board height.
    pub height: usize,
    /// Boards before move 1, …, after the last move (moves + 1 steps).
    pub steps: Vec<Step>,
    /// Number of moves.
    pub moves: usize,
    /// Whether the game is over after the last move.
    pub terminal: bool,
    /// Tiles left at the end.
    pub tiles_left: usize,
    /// End-of-game adjustment (bonus or penalty).
    pub adjustment: i32,
    /// Final score: running score plus adjustment.
    pub final_score: i32,
}

/// Replays `moves` from `start`; the error names the (1-based) illegal move.
pub fn replay(title: String, start: &Board, moves: &[Cell]) -> Result<Replay, String> {
    let mut board = *start;
    let mut mask = GroupMask::default();
    let mut steps = Vec::with_capacity(moves.len() + 1);
    for (i, &m) in moves.iter().enumerate() {
        let size = board.flood(m, &mut mask);
        if size < 2 {
            return Err(format!(
                "move {} at {m} is illegal ({})",
                i + 1,
                why_illegal(&board, m, size)
            ));
        }
        let mut group = Vec::with_capacity(size as usize);
        for x in 0..board.width() {
            for y in 0..board.height() {
                if mask.column(x) >> y & 1 == 1 {
                    group.push([x as u8, y as u8]);
                }
            }
        }
        let before = board.score();
        let rows = rows_of(&board);
        board.play_mask(&mask);
        steps.push(Step {
            rows,
            score: before,
            next: Some([m.x, m.y]),
            group,
            gain: board.score() - before,
        });
    }
    steps.push(Step {
        rows: rows_of(&board),
        score: board.score(),
        next: None,
        group: Vec::new(),
        gain: 0,
    });
    Ok(Replay {
        title,
        width: board.width(),
        height: board.height(),
        steps,
        moves: moves.len(),
        terminal: board.is_terminal(),
        tiles_left: board.tiles(),
        adjustment: board.final_score() - board.score(),
        final_score: board.final_score(),
    })
}

/// Why the move at `m`, whose group on `board` has `size` tiles (0 or 1), is illegal:
/// said the same way by the replay page and `show`.
pub fn why_illegal(board: &Board, m: Cell, size: u32) -> String {
    match board.check_on_board(m) {
        Err(crate::board::BoardError::Outside { width, height, .. }) => {
            format!("outside the {width} × {height} board")
        }
        _ if size == 0 => "empty cell".into(),
        _ => "a single tile".into(),
    }
}

fn rows_of(board: &Board) -> Vec<Vec<i8>> {
    board
        .to_rows()
        .into_iter()
        .map(|r| {
            r.into_iter()
                .map(|c| if c == EMPTY { -1 } else { c as i8 })
                .collect()
        })
        .collect()
}

/// The HTML page of a replay: the title escaped as HTML text, the data as JSON with
/// every `<`, `>` and `&` escaped (see [`super::inert`]), filled in one pass.
pub fn page(r: &Replay) -> String {
    let json = serde_json::to_string(r).expect("replay data serialises");
    let json = super::inert::json_for_script(&json);
    let title = super::inert::html_text(&r.title);
    super::inert::fill(TEMPLATE, &[("__TITLE__", &title), ("__DATA__", &json)])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn steps_scores_and_groups() {
        // Thesis Fig. 3.1 and its hand-worked game (tests/cli.rs): 109 points.
        let b = Board::from_rows(
            &[
                vec![1, 2, 1, 1, 2],
                vec![2, 2, 2, 2, 1],
                vec![0, 0, 1, 2, 2],
                vec![1, 1, 1, 0, 1],
                vec![1, 1, 2, 2, 2],
            ],
            3,
            Variant::SameGame,
        )
        .unwrap();
        let moves = [
            Cell::new(0, 2),
            Cell::new(0, 2),
            Cell::new(0, 0),
            Cell::new(2, 1),
        ];
        let r = replay("t".into(), &b, &moves).unwrap();
        assert_eq!(r.steps.len(), 5);
        assert_eq!(r.final_score, 109);
        assert_eq!(r.steps[4].score + r.adjustment, 109);
        let gains: i32 = r.steps.iter().map(|s| s.gain).sum();
        assert_eq!(gains, r.steps[4].score);
        assert!(r.steps[0].group.contains(&[0, 2]));
        let p = page(&r);
        assert!(p.contains("\"final_score\":109") && !p.contains("__DATA__"));
        assert!(replay("t".into(), &b, &[Cell::new(4, 4)]).is_err());
    }
}
