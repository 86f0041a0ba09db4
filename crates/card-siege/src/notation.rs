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
//!   suit's cards), or `-`. A card of that seat that stood in a siege stack is written
//!   in the stack's parentheses with `-` for the other seat's card: `(Kh-)` (the King of
//!   Hearts underneath), `(-9h)` (the nine of Hearts on top). The loop rule tells a card
//!   in a stack from the same card alone on that square.
//!
//! In every board a stack is written King underneath first, then the card on top, which
//! may be the other King (`(KhKs)`: the King of Spades captured the King of Hearts).
//! - `plies`: decision points played.
//!
//! The start: `As3s5s.7s9sJsKsQsTs8s.6s4s2s/.............../Ah3h5h.7h9hJhKhQhTh8h.6h4h2h h 3,3 - - 0`.

use pyramid_core::notation::{NotationError, parse_number, split_fields};
use pyramid_core::{Notation, Square};

use crate::card::{Card, Suit};
use crate::geometry::{SQUARES, WIDTH};
use crate::rules::Rules;
use crate::setup::{Placement, PositionError, Setup, StackPlace};
use crate::state::{CardSiege, Layout, NO_LAYOUT, Phase};
use crate::validate::TEXT_FIELDS;

const FIELDS: [&str; 6] = ["board", "turn", "opening", "prev1", "prev2", "plies"];

/// Reads the inside of a stack's parentheses: the King underneath, then the card on top
/// (`Kh9s`, `KhKs`); with `half_stacks`, one of them may be `-` (not in this layout). A
/// refusal is what a stack is, in words.
fn read_stack(
    inner: &str,
    half_stacks: bool,
) -> Result<(Option<Card>, Option<Card>), &'static str> {
    let shape = if half_stacks {
        "a stack: a King underneath and a card on top, like `(Kh9s)`, or one of them and `-`, like `(Kh-)` or `(-9s)`"
    } else {
        "a stack: a King underneath and a card on top, like `(Kh9s)`"
    };
    let split = if inner.starts_with('-') { 1 } else { 2 };
    let (Some(a), Some(b)) = (inner.get(..split), inner.get(split..)) else {
        return Err(shape);
    };
    let card = |t: &str| -> Result<Option<Card>, &'static str> {
        if t == "-" && half_stacks {
            return Ok(None);
        }
        t.parse().map(Some).map_err(|_| shape)
    };
    let (under, top) = (card(a)?, card(b)?);
    if (under.is_none() && top.is_none()) || under.is_some_and(|c| !c.is_king()) {
        return Err(shape);
    }
    Ok((under, top))
}

/// Reads a board field: the placements and the square written as a stack, if any.
/// `half_stacks`: a layout of one seat's cards, where a stack may show only one card.
fn read_board(
    field: &'static str,
    text: &str,
    half_stacks: bool,
) -> Result<(Vec<Placement>, Option<Square>), PositionError> {
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != 3 {
        return Err(PositionError::rank_count(field, 3..=3, rows.len()));
    }
    let mut cards = Vec::new();
    let mut stack = None;
    for (i, row) in rows.iter().enumerate() {
        let rank = 2 - i;
        let bad = |text: &str, expected: &str| {
            PositionError::unknown_piece(field, rank + 1, text, expected)
        };
        let mut file = 0usize;
        let mut rest = *row;
        while let Some(c) = rest.chars().next() {
            if file >= WIDTH {
                return Err(PositionError::rank_width(field, rank + 1, WIDTH, None));
            }
            let square = Square::new(file as u8, rank as u8);
            if c == '.' {
                rest = &rest[1..];
            } else if c == '(' {
                let Some(end) = rest.find(')') else {
                    return Err(bad(rest, "a stack closed by `)`"));
                };
                let inner = &rest[1..end];
                let (under, top) = read_stack(inner, half_stacks)
                    .map_err(|shape| bad(&format!("({inner})"), shape))?;
                if stack.is_some() {
                    return Err(PositionError::count(
                        field,
                        "siege stacks (only one siege stands at a time)",
                        2,
                        0..=1,
                    ));
                }
                stack = Some(square);
                for (card, place) in [(under, StackPlace::Under), (top, StackPlace::OnTop)] {
                    if let Some(card) = card {
                        cards.push(Placement {
                            card,
                            square,
                            place,
                        });
                    }
                }
                rest = &rest[end + 1..];
            } else {
                let token = rest.get(..2).unwrap_or(rest);
                let card: Card = token
                    .parse()
                    .map_err(|_| bad(token, "a card, `.` or a stack `(Kh9s)`"))?;
                cards.push(Placement::alone(card, square));
                rest = &rest[2..];
            }
            file += 1;
        }
        if file != WIDTH {
            return Err(PositionError::rank_width(
                field,
                rank + 1,
                WIDTH,
                Some(file),
            ));
        }
    }
    Ok((cards, stack))
}

fn read_layout(field: &'static str, text: &str) -> Result<Option<Vec<Placement>>, PositionError> {
    if text == "-" {
        return Ok(None);
    }
    read_board(field, text, field == "prev2").map(|(cards, _)| Some(cards))
}

/// Writes a board from marked layouts (several suits' cards): a siege stack in
/// parentheses, the King underneath first, then the card on top, and `-` for a card of the
/// stack that the layouts do not hold.
fn write_board(layouts: &[(Suit, &Layout)]) -> String {
    #[derive(Clone, Copy)]
    enum On {
        Empty,
        Alone(Card),
        Stack(Option<Card>, Option<Card>),
    }
    let mut on = [On::Empty; SQUARES];
    for &(suit, layout) in layouts {
        for (card, square, place) in CardSiege::layout_places(suit, layout) {
            let slot = &mut on[crate::geometry::index_of(square)];
            let (under, top) = match *slot {
                On::Stack(u, t) => (u, t),
                _ => (None, None),
            };
            *slot = match place {
                StackPlace::Alone => On::Alone(card),
                StackPlace::Under => On::Stack(Some(card), top),
                StackPlace::OnTop => On::Stack(under, Some(card)),
            };
        }
    }
    let name = |c: Option<Card>| c.map_or("-".to_owned(), |c| c.to_string());
    let mut out = String::new();
    for rank in (0..3).rev() {
        for file in 0..WIDTH {
            match on[rank * WIDTH + file] {
                On::Empty => out.push('.'),
                On::Alone(c) => out.push_str(&c.to_string()),
                On::Stack(under, top) => {
                    out.push_str(&format!("({}{})", name(under), name(top)));
                }
            }
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

impl Notation for CardSiege {
    type PositionError = PositionError;

    /// Writes the position string (see the module docs).
    fn position(&self) -> String {
        let marked = self.marked_places();
        let board = write_board(&[(Suit::Hearts, &marked[0]), (Suit::Spades, &marked[1])]);
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

    /// Reads a position string (see the module docs) under `rules`.
    fn from_position(text: &str, rules: &Rules) -> Result<CardSiege, PositionError> {
        let [board, turn, opening, prev1, prev2, plies] = split_fields(text, &FIELDS)?;
        let (cards, siege) = read_board("board", board, false)?;
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
        let setup = Setup {
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
