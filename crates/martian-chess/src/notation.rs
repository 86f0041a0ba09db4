//! The one-line position string and [`Notation`].
//!
//! Position string: `BOARD SEAT SCORES CROSSING PLIES`, e.g. the two-seat start
//! `1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0`.

use pyramid_core::notation::{parse_number, split_fields, write_rows};
use pyramid_core::{ActionParseError, Game, Notation, PlayError, RuleSet, Size};

use crate::action::is_capture_spelling;
use crate::setup::read_board;
use crate::{MartianAction, MartianChess, MartianRules, PositionError};

/// The fields of the position string, in order.
const FIELDS: [&str; 5] = ["board", "seat", "scores", "crossing", "plies"];

impl Notation for MartianChess {
    type PositionError = PositionError;

    /// Reads the position string (see the module docs).
    fn from_position(text: &str, rules: &MartianRules) -> Result<Self, PositionError> {
        let [board, seat, scores, crossing, plies] = split_fields(text, &FIELDS)
            .map_err(|_| PositionError::FieldCount(text.split_whitespace().count()))?;
        let (seats, pieces) = read_board(board)?;
        let mut rules = *rules;
        rules
            .set_seats(usize::from(seats))
            .map_err(|e| PositionError::Rules(e.to_string()))?;
        let seat_count = usize::from(seats);
        let to_move = seat
            .parse::<u8>()
            .ok()
            .filter(|s| !seat.starts_with('+') && *s < seats)
            .ok_or_else(|| PositionError::Seat {
                text: seat.to_owned(),
                seats: seat_count,
            })?;
        let bad_scores = || PositionError::Scores {
            text: scores.to_owned(),
            seats: seat_count,
        };
        let list: Vec<u16> = scores
            .split(',')
            .map(|s| parse_number::<u16>("scores", s).ok())
            .collect::<Option<_>>()
            .ok_or_else(bad_scores)?;
        if list.len() != seat_count {
            return Err(bad_scores());
        }
        let crossing = (crossing != "-").then(|| crossing.to_owned());
        let plies: u32 = parse_number("plies", plies)?;
        MartianChess::assemble(rules, pieces, to_move, &list, crossing.as_deref(), plies)
    }

    fn position(&self) -> String {
        let board = self.board_rows().join("/");
        let scores: Vec<String> = self.scores().iter().map(u16::to_string).collect();
        let crossing = match self.last_crossing() {
            Some((from, to)) => format!("{from}-{to}"),
            None => "-".to_owned(),
        };
        format!(
            "{board} {} {} {crossing} {}",
            self.to_move,
            scores.join(","),
            self.plies
        )
    }

    /// Reads `b2-c3`, `b2xc3` or `pass`. The capture spelling is accepted only for a move
    /// that captures.
    fn parse_action(&self, text: &str) -> Result<MartianAction, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let text = text.trim();
        let action: MartianAction = text.parse()?;
        if !self.is_legal(action) {
            return Err(PlayError::Illegal {
                action: pyramid_core::excerpt(text),
                reason: self.illegal_reason(action),
            });
        }
        if is_capture_spelling(text) && !self.is_capture(action) {
            return Err(PlayError::Malformed(ActionParseError::new(
                text,
                "`x` marks a capture, but this move captures nothing; write it with `-`",
            )));
        }
        Ok(action)
    }
}

impl MartianChess {
    /// The board ranks from the top down, in position-string form.
    pub(crate) fn board_rows(&self) -> Vec<String> {
        let grid = self.grid();
        let text = write_rows(grid, |sq| self.piece_at(sq).map(Size::letter));
        text.split('/').map(str::to_owned).collect()
    }
}
