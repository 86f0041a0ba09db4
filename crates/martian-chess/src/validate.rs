//! A [`Setup`](crate::Setup) checked and made a state: the named checks that keep every
//! state valid (pips, crossing), the board rows read, and a state written back as a
//! setup; next to the state, so that the setup stays pure data.

use crate::rules::CLOCK_PLIES;
use crate::state::PIPS_PER_SEAT;
use crate::{Action, MartianChess, Rules};
use pyramid_core::notation::{NotationError, read_rows};
use pyramid_core::{Grid, RuleSet, Size};

use crate::setup::{PositionError, Setup, bad_clock, bad_scores, bad_seat};

/// The number of squares one board row covers, if it is well formed.
fn row_width(row: &str) -> usize {
    let mut width = 0usize;
    let mut run = 0usize;
    for c in row.chars() {
        match c.to_digit(10) {
            Some(d) => run = run.saturating_mul(10).saturating_add(d as usize),
            None => {
                width = width.saturating_add(run).saturating_add(1);
                run = 0;
            }
        }
    }
    width.saturating_add(run)
}

/// Reads the board field: its seat count (from its width) and the three bitboards.
pub(crate) fn read_board(text: &str) -> Result<(u8, [u64; 3]), PositionError> {
    let top = text.split('/').next().unwrap_or("");
    let (seats, grid) = if row_width(top) == 8 {
        (4, Grid::new(8, 8))
    } else {
        (2, Grid::new(4, 8))
    };
    let squares = read_rows(text, grid, Size::from_letter)?;
    let mut pieces = [0u64; 3];
    for (sq, size) in squares.iter().enumerate() {
        if let Some(size) = size {
            pieces[size.index()] |= 1 << sq;
        }
    }
    Ok((seats, pieces))
}

impl MartianChess {
    /// Builds a state from parsed fields, running the checks that need the whole state.
    pub(crate) fn assemble(
        rules: Rules,
        pieces: [u64; 3],
        to_move: u8,
        scores: &[u16],
        crossing: Option<&str>,
        plies: u32,
        (quiet, countdown): (u8, Option<u8>),
    ) -> Result<Self, PositionError> {
        let seats = rules.seats();
        let mut state = MartianChess {
            rules,
            pieces,
            scores: [0; 4],
            to_move,
            passes: 0,
            crossing: None,
            plies,
            quiet,
            countdown,
        };
        state.scores[..seats].copy_from_slice(scores);
        state.check_pips()?;
        state.check_clock()?;
        if let Some(text) = crossing {
            state.crossing = Some(state.check_crossing(text)?);
        }
        Ok(state)
    }

    /// Checks that the board and the scores hold no more pips than the game's pieces.
    fn check_pips(&self) -> Result<(), PositionError> {
        let seats = self.rules.seats();
        let board = self.board_pips();
        let scored: u32 = self.scores().iter().map(|&s| u32::from(s)).sum();
        let max = PIPS_PER_SEAT * seats as u32;
        if board + scored > max {
            return Err(PositionError::count(
                "board",
                format!(
                    "pips on the board ({board}) plus scored ({scored}, field `scores`) in a {seats}-seat game"
                ),
                (board + scored) as usize,
                0..=max as usize,
            ));
        }
        Ok(())
    }

    /// Checks the clock (rule option `clock=on`; with it off there is none): no more
    /// plies without a capture than plies played, at most 7 plies left on a called clock,
    /// and a call that could have happened (after 7 plies in a row without a capture, or
    /// with a capture: the plies without a capture plus the plies left are at least 7).
    fn check_clock(&self) -> Result<(), PositionError> {
        let bad = |rule| bad_clock(&self.clock_field(), rule);
        if !self.rules.clock() {
            if self.quiet != 0 || self.countdown.is_some() {
                return Err(PositionError::against_rules(
                    "clock",
                    format!("the clock `{}` is set", self.clock_field()),
                    "the option clock off",
                ));
            }
            return Ok(());
        }
        if u32::from(self.quiet) > self.plies {
            return Err(bad("counts more plies without a capture than plies played"));
        }
        if let Some(left) = self.countdown {
            if left > CLOCK_PLIES {
                return Err(PositionError::out_of_range(
                    "clock",
                    format!(
                        "the plies left on the called clock `{}`",
                        self.clock_field()
                    ),
                    u64::from(left),
                    0..=u64::from(CLOCK_PLIES),
                ));
            }
            if u32::from(self.quiet) + u32::from(left) < u32::from(CLOCK_PLIES) {
                return Err(bad(
                    "is a clock that cannot have been called: the plies without a capture plus the plies left must be at least 7",
                ));
            }
        }
        Ok(())
    }

    /// Checks a last-crossing field `from-to`: two seats, at least one ply played, the
    /// piece on `to` stands in the zone of the seat to move, `from` is an empty square of
    /// the other zone, and the piece could have made that move on this board.
    fn check_crossing(&self, text: &str) -> Result<(u8, u8), PositionError> {
        let shown = format!("`{}`", pyramid_core::excerpt(text));
        let bad = |rule: &'static str| PositionError::invariant("crossing", shown.clone(), rule);
        if self.rules.seat_count() != 2 {
            return Err(PositionError::against_rules(
                "crossing",
                format!("the last crossing {shown} is set"),
                "four seats (no-undo is a two-seat rule: the field is `-`)",
            ));
        }
        let Ok(Action::Move {
            from,
            to,
            call: false,
        }) = text.parse::<Action>()
        else {
            return Err(PositionError::unreadable(
                "crossing",
                text,
                "`-` or a move `from-to`",
            ));
        };
        if text.contains('x') {
            return Err(PositionError::unreadable(
                "crossing",
                text,
                "a move written `from-to` (the crossing field does not use `x`)",
            ));
        }
        let (Some(f), Some(t)) = (self.index_of(from), self.index_of(to)) else {
            let off = if self.index_of(from).is_none() {
                from
            } else {
                to
            };
            return Err(PositionError::off_board("crossing", off, 4, 8));
        };
        if self.plies == 0 {
            return Err(bad("cannot be set before any ply was played"));
        }
        let layout = self.layout();
        let zone = layout.zones[usize::from(self.to_move)];
        let occ = self.occupied();
        let Some(size) = self.size_at(t) else {
            return Err(bad("does not end on a piece"));
        };
        if zone & (1 << t) == 0 {
            return Err(bad("does not end in the zone of the seat to move"));
        }
        if zone & (1 << f) != 0 {
            return Err(bad("does not start in the other zone"));
        }
        if occ & (1 << f) != 0 {
            return Err(bad("starts on a square that is not empty"));
        }
        let ofkk = self.rules.ofkk();
        let reach = match size {
            Size::Pawn if ofkk => layout.king[t],
            Size::Pawn => layout.pawn[t],
            Size::Drone if ofkk => layout.knight[t],
            Size::Drone => layout.drone_attacks(t, occ),
            Size::Queen => layout.queen_attacks(t, occ),
        };
        if reach & (1 << f) == 0 {
            return Err(bad(
                "is not a move the piece on its destination could have made",
            ));
        }
        Ok((f as u8, t as u8))
    }
}

impl TryFrom<Setup> for MartianChess {
    type Error = PositionError;

    fn try_from(setup: Setup) -> Result<Self, PositionError> {
        if let Some(row) = setup.board.iter().find(|row| row.contains('/')) {
            return Err(NotationError::field(
                "board",
                row,
                "one rank (the RON form lists ranks separately)",
            )
            .into());
        }
        let (seats, pieces) = read_board(&setup.board.join("/"))?;
        if setup.rules.seats() != usize::from(seats) {
            return Err(PositionError::against_rules(
                "rules",
                format!(
                    "the board is {} files wide ({seats} seats)",
                    if seats == 4 { 8 } else { 4 },
                ),
                format!("{} seats", setup.rules.seats()),
            ));
        }
        let seat_count = usize::from(seats);
        if setup.to_move >= seats {
            return Err(bad_seat(&setup.to_move.to_string(), seat_count));
        }
        if setup.scores.len() != seat_count {
            let text: Vec<String> = setup.scores.iter().map(u16::to_string).collect();
            return Err(bad_scores(&text.join(","), seat_count));
        }
        MartianChess::assemble(
            setup.rules,
            pieces,
            setup.to_move,
            &setup.scores,
            setup.last_crossing.as_deref(),
            setup.plies,
            (setup.quiet_plies, setup.countdown),
        )
    }
}

impl From<MartianChess> for Setup {
    fn from(state: MartianChess) -> Self {
        Setup {
            board: state.board_rows(),
            scores: state.scores().to_vec(),
            last_crossing: state
                .last_crossing()
                .map(|(from, to)| format!("{from}-{to}")),
            to_move: state.to_move,
            plies: state.plies,
            rules: state.rules,
            quiet_plies: state.quiet,
            countdown: state.countdown,
        }
    }
}
