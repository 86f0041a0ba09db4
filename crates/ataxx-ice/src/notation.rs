//! The one-line position string:
//! `<board> <to-move> <stashes> <eliminated> <plies>`, for example the 2-seat start
//! `7S1/8/8/8/8/8/8/S07 0 455,455 - 0`.
//!
//! - `board`: ranks from the top, separated by `/`; a piece is its size letter (`S`
//!   small, `M` medium, `L` large) followed by its seat digit; a digit not after a size
//!   letter counts empty squares. The number of ranks is the board size (5 to 8).
//! - `to-move`: the seat to move, or `-` once the board has decided the game.
//! - `stashes`: per seat, three digits (small, medium, large counts), comma separated;
//!   their number is the number of seats.
//! - `eliminated`: `-`, or the eliminated seats, comma separated.
//! - `plies`: decision points played so far.
//!
//! Seats and board size come from the string; the ply limit from the rules given.

use pyramid_core::notation::{parse_number, split_fields};
use pyramid_core::{Game, Notation, PlayError, RuleSet, Size};

use crate::action::{Action, ActionKind};
use crate::geometry::{MAX_SIZE, MIN_SIZE, square_of};
use crate::movegen::Ctx;
use crate::rules::Rules;
use crate::setup::PositionError;
use crate::setup::{PlacedPiece, Setup};
use crate::state::{AtaxxIce, NOBODY, size_letter};

const FIELDS: [&str; 5] = ["board", "to-move", "stashes", "eliminated", "plies"];

impl Notation for AtaxxIce {
    type PositionError = PositionError;

    fn position(&self) -> String {
        let n = self.board_size();
        let mut board = String::new();
        for rank in (0..n).rev() {
            let mut empty = 0;
            for file in 0..n {
                match self.piece_on_bit(rank * 8 + file) {
                    Some((seat, size)) => {
                        if empty > 0 {
                            board.push_str(&empty.to_string());
                            empty = 0;
                        }
                        board.push(size_letter(size));
                        board.push_str(&seat.to_string());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                board.push_str(&empty.to_string());
            }
            if rank > 0 {
                board.push('/');
            }
        }
        let to_move = if self.to_move == NOBODY {
            "-".to_owned()
        } else {
            self.to_move.to_string()
        };
        let seats = self.rules.seats();
        let stashes: Vec<String> = (0..seats)
            .map(|seat| (0..3).map(|s| self.stash_of(seat, s).to_string()).collect())
            .collect();
        let out: Vec<String> = (0..seats)
            .filter(|&s| self.pieces[s].iter().all(|&b| b == 0))
            .map(|s| s.to_string())
            .collect();
        let eliminated = if out.is_empty() {
            "-".to_owned()
        } else {
            out.join(",")
        };
        format!(
            "{board} {to_move} {} {eliminated} {}",
            stashes.join(","),
            self.plies
        )
    }

    /// Reads the position string (see the module docs). Seats and board size come from
    /// the string, the ply limit from `rules`.
    fn from_position(text: &str, rules: &Rules) -> Result<AtaxxIce, PositionError> {
        let [board, to_move, stashes, eliminated, plies] = split_fields(text, &FIELDS)?;
        let (size, pieces) = read_board(board)?;
        let stashes = read_stashes(stashes)?;
        let to_move = match to_move {
            "-" => None,
            t => Some(
                parse_number::<u8>("to-move", t)
                    .map_err(|_| PositionError::unreadable("to-move", t, "a seat number or `-`"))?,
            ),
        };
        let eliminated = match eliminated {
            "-" => Vec::new(),
            t => t
                .split(',')
                .map(|s| parse_number::<u8>("eliminated", s))
                .collect::<Result<_, _>>()
                .map_err(|_| {
                    PositionError::unreadable(
                        "eliminated",
                        t,
                        "`-` or a comma-separated list of seats",
                    )
                })?,
        };
        let plies = parse_number::<u32>("plies", plies)
            .map_err(|_| PositionError::unreadable("plies", plies, "a ply count"))?;
        let mut rules = rules.clone();
        rules.set_seats(stashes.len()).map_err(|_| {
            PositionError::count(
                "stashes",
                "stashes (one per seat; the game has 2, 3 or 4 seats)",
                stashes.len(),
                2..=4,
            )
        })?;
        rules.set_size(size)?;
        AtaxxIce::try_from(Setup {
            rules,
            pieces,
            stashes: Some(stashes),
            eliminated: Some(eliminated),
            to_move,
            plies,
        })
    }

    /// Reads action text in context. A clone may be written from any of its parents; the
    /// canonical action (lowest-index parent) is returned. Relocation brackets may be
    /// left out when exactly one legal action matches what was written.
    fn parse_action(&self, text: &str) -> Result<Action, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let text = text.trim();
        let action = self.canonical(text.parse()?);
        if self.is_legal(action) {
            return Ok(action);
        }
        if action.relocs == 0 && !text.contains('[') {
            let mut found = None;
            let mut many = false;
            self.for_each_action(|a| {
                if a.with_relocs(0) == action {
                    many |= found.is_some();
                    found = Some(a);
                }
            });
            if let (Some(a), false) = (found, many) {
                return Ok(a);
            }
        }
        Err(PlayError::Illegal {
            action: pyramid_core::excerpt(text),
            reason: self.illegal_reason(action),
        })
    }
}

impl AtaxxIce {
    /// The canonical form of a parsed action: a clone from any parent becomes the clone
    /// from the lowest-index parent that places the same size.
    fn canonical(&self, a: Action) -> Action {
        if a.kind != ActionKind::Clone || self.is_over() {
            return a;
        }
        let c = Ctx::new(self, usize::from(self.to_move));
        match self.canonical_parent(&c, a.from, a.to) {
            Some(from) => Action { from, ..a },
            None => a,
        }
    }
}

fn read_board(text: &str) -> Result<(u8, Vec<PlacedPiece>), PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    let n = rows.len();
    if !(usize::from(MIN_SIZE)..=usize::from(MAX_SIZE)).contains(&n) {
        return Err(PositionError::rank_count(
            "board",
            usize::from(MIN_SIZE)..=usize::from(MAX_SIZE),
            n,
        ));
    }
    let mut pieces = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = n - 1 - i;
        let mut file = 0usize;
        let mut chars = row.chars();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
                continue;
            }
            let size = match c {
                'S' => Size::Pawn,
                'M' => Size::Drone,
                'L' => Size::Queen,
                _ => {
                    return Err(PositionError::unknown_piece(
                        "board",
                        rank + 1,
                        &c.to_string(),
                        "a piece (a size letter S, M or L and a seat digit) or a count of empty squares",
                    ));
                }
            };
            let next = chars.next();
            let seat = next
                .and_then(|d| d.to_digit(10))
                .filter(|&d| d < 4)
                .ok_or_else(|| {
                    let token: String = [Some(c), next].into_iter().flatten().collect();
                    PositionError::unknown_piece(
                        "board",
                        rank + 1,
                        &token,
                        "a piece: its size letter followed by a seat digit 0 to 3",
                    )
                })?;
            if file < n {
                pieces.push(PlacedPiece {
                    square: square_of((rank * 8 + file) as u8),
                    seat: seat as u8,
                    size,
                });
            }
            file += 1;
        }
        if file != n {
            return Err(PositionError::rank_width("board", rank + 1, n, Some(file)));
        }
    }
    Ok((n as u8, pieces))
}

fn read_stashes(text: &str) -> Result<Vec<[u8; 3]>, PositionError> {
    text.split(',')
        .map(|part| {
            let digits: Vec<u8> = part
                .bytes()
                .filter(|b| (b'0'..=b'5').contains(b))
                .map(|b| b - b'0')
                .collect();
            match digits[..] {
                [s, m, l] if part.len() == 3 => Ok([s, m, l]),
                _ => Err(PositionError::unreadable(
                    "stashes",
                    part,
                    "three digits 0 to 5 (small, medium and large pieces in the stash)",
                )),
            }
        })
        .collect()
}
