//! The one-line position string.
//!
//! Six space-separated fields: `board turn opening prev1 prev2 plies`.
//!
//! - `board`: rank 3, rank 2, rank 1, separated by `/`; each rank is exactly 15 squares,
//!   each written `.` (empty), a card (`Ah`, `Ts`, `Kh`: rank `A 2-9 T J Q K`, suit `h`
//!   or `s`), or a siege stack in parentheses, King first (`(Kh9s)`: the King of Hearts
//!   under the nine of Spades).
//! - `turn`: `h` or `s`, the seat to act; `h!` or `s!` when that seat has won a siege and
//!   its King is to evacuate.
//! - `opening`: opening turns left, Hearts then Spades (`3,3` at the start).
//! - `prev1`: both suits' cards one ply back (a board in the same form), or `-`.
//! - `prev2`: the cards of the seat to act two plies back (a board holding only that
//!   suit's cards), or `-`.
//! - `plies`: decision points played.
//!
//! The start: `As3s5s.7s9sJsKsQsTs8s.6s4s2s/.............../Ah3h5h.7h9hJhKhQhTh8h.6h4h2h h 3,3 - - 0`.

use pyramid_core::Square;
use pyramid_core::notation::{NotationError, parse_number, split_fields};

use crate::card::{Card, Suit};
use crate::geometry::{SQUARES, WIDTH};
use crate::rules::CardSiegeRules;
use crate::setup::{CardSiegeSetup, Placement, PositionError, TEXT_FIELDS};
use crate::state::{CardSiege, Layout, NO_LAYOUT, Phase};

const FIELDS: [&str; 6] = ["board", "turn", "opening", "prev1", "prev2", "plies"];

/// Reads a board field: the placements and the square written as a stack, if any.
fn read_board(
    field: &'static str,
    text: &str,
) -> Result<(Vec<Placement>, Option<Square>), PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 3 {
        return Err(PositionError::Ranks {
            field,
            found: rows.len(),
        });
    }
    let mut cards = Vec::new();
    let mut stack = None;
    for (i, row) in rows.iter().enumerate() {
        let rank = 2 - i;
        let bad = |detail: String| PositionError::Row {
            field,
            rank: rank + 1,
            detail,
        };
        let mut file = 0usize;
        let mut rest = *row;
        while let Some(c) = rest.chars().next() {
            if file >= WIDTH {
                return Err(bad(format!("more than {WIDTH} squares")));
            }
            let square = Square::new(file as u8, rank as u8);
            if c == '.' {
                rest = &rest[1..];
            } else if c == '(' {
                let Some(end) = rest.find(')') else {
                    return Err(bad("a stack `(` is not closed by `)`".into()));
                };
                let inner = &rest[1..end];
                let (Some(a), Some(b)) = (inner.get(..2), inner.get(2..)) else {
                    return Err(bad(format!(
                        "`({inner})` is not a King and a card, like `(Kh9s)`"
                    )));
                };
                let under: Card = a
                    .parse()
                    .map_err(|_| bad(format!("`{a}` in `({inner})` is not a card")))?;
                let top: Card = b
                    .parse()
                    .map_err(|_| bad(format!("`{b}` in `({inner})` is not a card")))?;
                if !under.is_king() || top.is_king() {
                    return Err(bad(format!(
                        "`({inner})` is not a King under a card that is not a King, like `(Kh9s)`"
                    )));
                }
                if stack.is_some() {
                    return Err(bad("more than one siege stack".into()));
                }
                stack = Some(square);
                cards.push(Placement {
                    card: under,
                    square,
                });
                cards.push(Placement { card: top, square });
                rest = &rest[end + 1..];
            } else {
                let token = rest.get(..2).unwrap_or(rest);
                let card: Card = token.parse().map_err(|_| {
                    bad(format!("`{token}` is not a card, `.` or a stack `(Kh9s)`"))
                })?;
                cards.push(Placement { card, square });
                rest = &rest[2..];
            }
            file += 1;
        }
        if file != WIDTH {
            return Err(bad(format!("expected {WIDTH} squares, found {file}")));
        }
    }
    Ok((cards, stack))
}

fn read_layout(field: &'static str, text: &str) -> Result<Option<Vec<Placement>>, PositionError> {
    if text == "-" {
        return Ok(None);
    }
    read_board(field, text).map(|(cards, _)| Some(cards))
}

/// Writes a board from layouts (several suits' cards; two cards on one square are
/// written as a stack, King first).
fn write_board(layouts: &[(Suit, &Layout)]) -> String {
    let mut on: [[Option<Card>; 2]; SQUARES] = [[None; 2]; SQUARES];
    for &(suit, layout) in layouts {
        for (card, square) in CardSiege::layout_cards(suit, layout) {
            let slot = &mut on[crate::geometry::index_of(square)];
            if slot[0].is_none() {
                slot[0] = Some(card);
            } else {
                slot[1] = Some(card);
            }
        }
    }
    let mut out = String::new();
    for rank in (0..3).rev() {
        for file in 0..WIDTH {
            let i = rank * WIDTH + file;
            match on[i] {
                [None, _] => out.push('.'),
                [Some(c), None] => out.push_str(&c.to_string()),
                [Some(a), Some(b)] => {
                    let (king, other) = if a.is_king() { (a, b) } else { (b, a) };
                    out.push_str(&format!("({king}{other})"));
                }
            }
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

impl CardSiege {
    /// Writes the position string.
    pub(crate) fn write_position(&self) -> String {
        let board = write_board(&[
            (Suit::Hearts, &self.places[0]),
            (Suit::Spades, &self.places[1]),
        ]);
        let mover = Suit::from_index(usize::from(self.to_move));
        let turn = format!(
            "{}{}",
            mover.letter(),
            if self.phase == Phase::Evacuate {
                "!"
            } else {
                ""
            }
        );
        let prev1 = if self.hist1 == [NO_LAYOUT; 2] {
            "-".to_owned()
        } else {
            write_board(&[
                (Suit::Hearts, &self.hist1[0]),
                (Suit::Spades, &self.hist1[1]),
            ])
        };
        let prev2 = if self.hist2 == NO_LAYOUT {
            "-".to_owned()
        } else {
            write_board(&[(mover, &self.hist2)])
        };
        format!(
            "{board} {turn} {},{} {prev1} {prev2} {}",
            self.opening[0], self.opening[1], self.plies
        )
    }

    /// Reads a position string.
    pub(crate) fn read_position(
        text: &str,
        rules: &CardSiegeRules,
    ) -> Result<CardSiege, PositionError> {
        let [board, turn, opening, prev1, prev2, plies] = split_fields(text, &FIELDS)?;
        let (cards, siege) = read_board("board", board)?;
        let (to_move, evacuating) = match turn {
            "h" => (Suit::Hearts, false),
            "s" => (Suit::Spades, false),
            "h!" => (Suit::Hearts, true),
            "s!" => (Suit::Spades, true),
            _ => {
                return Err(NotationError::field(
                    "turn",
                    turn,
                    "`h` or `s` (the seat to act), with `!` when its King is to evacuate",
                )
                .into());
            }
        };
        let opening_turns_left = match opening.split_once(',') {
            Some((h, s)) => (parse_number("opening", h)?, parse_number("opening", s)?),
            None => {
                return Err(NotationError::field(
                    "opening",
                    opening,
                    "two counts of opening turns left, Hearts then Spades, like `3,3`",
                )
                .into());
            }
        };
        let setup = CardSiegeSetup {
            rules: rules.clone(),
            cards,
            siege,
            to_move,
            evacuating,
            opening_turns_left,
            previous: read_layout("prev1", prev1)?,
            before_previous: read_layout("prev2", prev2)?,
            plies: parse_number("plies", plies)?,
        };
        setup.build(TEXT_FIELDS)
    }
}
