//! The one-line position string and [`Notation`].
//!
//! Position string: `BOARD SEAT SCORES CROSSING PLIES`, e.g. the two-seat start
//! `1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0`; under the rule option `clock=on` a
//! sixth field `CLOCK`: the plies without a capture, then `:` and the plies left once
//! the clock is called (`9`, `9:5`).

use pyramid_core::notation::{parse_number, write_rows};
use pyramid_core::{ActionParseError, Game, Notation, PlayError, RuleSet, Size};

use crate::action::is_capture_spelling;
use crate::setup::{bad_scores, bad_seat};
use crate::validate::read_board;
use crate::{Action, MartianChess, PositionError, Rules};

/// Splits a position string into its five fields and, under `clock=on`, the clock field.
fn split_position<'a>(
    text: &'a str,
    rules: &Rules,
) -> Result<([&'a str; 5], Option<&'a str>), PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    match (rules.clock(), fields.as_slice()) {
        (false, &[a, b, c, d, e]) => Ok(([a, b, c, d, e], None)),
        (true, &[a, b, c, d, e, clock]) => Ok(([a, b, c, d, e], Some(clock))),
        (false, _) => Err(PositionError::field_count(
            5,
            fields.len(),
            "board, seat, scores, crossing, plies",
        )),
        (true, _) => Err(PositionError::field_count(
            6,
            fields.len(),
            "board, seat, scores, crossing, plies, clock: the rule option clock=on adds it",
        )),
    }
}

/// Reads the clock field: `Q` (plies without a capture) or `Q:C` (and plies left on the
/// called clock).
fn read_clock(text: &str) -> Result<(u8, Option<u8>), PositionError> {
    let (quiet, countdown) = match text.split_once(':') {
        Some((q, c)) => (q, Some(c)),
        None => (text, None),
    };
    let number = |t: &str| {
        t.parse::<u8>()
            .ok()
            .filter(|_| !t.starts_with('+'))
            .ok_or_else(|| {
                PositionError::unreadable(
                    "clock",
                    text,
                    "`Q` or `Q:C` (plies without a capture up to 255, plies left on the called clock)",
                )
            })
    };
    let quiet = number(quiet)?;
    let countdown = countdown.map(number).transpose()?;
    Ok((quiet, countdown))
}

impl Notation for MartianChess {
    type PositionError = PositionError;

    /// Reads the position string (see the module docs).
    fn from_position(text: &str, rules: &Rules) -> Result<Self, PositionError> {
        let ([board, seat, scores, crossing, plies], clock) = split_position(text, rules)?;
        let (seats, pieces) = read_board(board)?;
        let mut rules = *rules;
        rules
            .set_seats(usize::from(seats))
            .map_err(PositionError::from)?;
        let seat_count = usize::from(seats);
        let to_move = seat
            .parse::<u8>()
            .ok()
            .filter(|s| !seat.starts_with('+') && *s < seats)
            .ok_or_else(|| bad_seat(seat, seat_count))?;
        let refused_scores = || bad_scores(scores, seat_count);
        let list: Vec<u16> = scores
            .split(',')
            .map(|s| parse_number::<u16>("scores", s).ok())
            .collect::<Option<_>>()
            .ok_or_else(refused_scores)?;
        if list.len() != seat_count {
            return Err(refused_scores());
        }
        let crossing = (crossing != "-").then(|| crossing.to_owned());
        let plies: u32 = parse_number("plies", plies)?;
        let clock = clock.map(read_clock).transpose()?.unwrap_or((0, None));
        MartianChess::assemble(
            rules,
            pieces,
            to_move,
            &list,
            crossing.as_deref(),
            plies,
            clock,
        )
    }

    fn position(&self) -> String {
        let board = self.board_rows().join("/");
        let scores: Vec<String> = self.scores().iter().map(u16::to_string).collect();
        let crossing = match self.last_crossing() {
            Some((from, to)) => format!("{from}-{to}"),
            None => "-".to_owned(),
        };
        let mut text = format!(
            "{board} {} {} {crossing} {}",
            self.to_move,
            scores.join(","),
            self.plies
        );
        if self.rules.clock() {
            text.push(' ');
            text.push_str(&self.clock_field());
        }
        text
    }

    /// Reads `b2-c3`, `b2xc3`, either with `*` to call the clock, or `pass`. The capture
    /// spelling is accepted only for a move that captures.
    fn parse_action(&self, text: &str) -> Result<Action, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let text = text.trim();
        let action: Action = text.parse()?;
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
    /// The clock field of the position string (`clock=on`): `Q` or `Q:C`.
    pub(crate) fn clock_field(&self) -> String {
        match self.countdown {
            Some(left) => format!("{}:{left}", self.quiet),
            None => self.quiet.to_string(),
        }
    }

    /// The board ranks from the top down, in position-string form.
    pub(crate) fn board_rows(&self) -> Vec<String> {
        let grid = self.grid();
        let text = write_rows(grid, |sq| self.piece_at(sq).map(Size::letter));
        text.split('/').map(str::to_owned).collect()
    }
}
