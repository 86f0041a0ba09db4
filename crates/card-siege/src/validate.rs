//! A [`Setup`](crate::Setup) checked and made a state (no impossible state is built
//! from text or RON; each refusal names its field), a state written back as a setup, and
//! the field names of both forms: next to the state, so that the setup stays pure data.

use crate::card::{Card, Suit};
use crate::geometry::{GRID, SQUARES, WIDTH, index_of};
use crate::rules::OPENING_TURNS;
use crate::state::{
    CardSiege, GONE, Layout, NO_LAYOUT, NO_SIEGE, ON_TOP, Phase, UNDER, entry_square,
};
use pyramid_core::{Seat, Square};

use crate::setup::{Placement, PositionError, Setup, StackPlace};

/// `square` (in `field`) is off the board.
fn off_board(field: &'static str, square: Square) -> PositionError {
    PositionError::off_board(field, square, WIDTH as u8, 3)
}

/// The siege stack on `square` (in `field`) has no King underneath.
fn siege_without_king(field: &'static str, square: Square) -> PositionError {
    bad_siege(field, square, "has no King underneath")
}

/// The siege stack on `square` (in `field`) breaks `rule` (completing `the siege on d2`).
fn bad_siege(field: &'static str, square: Square, rule: &'static str) -> PositionError {
    PositionError::invariant(field, format!("the siege on {square}"), rule)
}

/// The field names used in error messages: the position string's or the RON form's.
#[derive(Clone, Copy)]
pub(crate) struct FieldNames {
    pub cards: &'static str,
    pub siege: &'static str,
    pub turn: &'static str,
    pub opening: &'static str,
    pub previous: &'static str,
    pub before_previous: &'static str,
}

pub(crate) const RON_FIELDS: FieldNames = FieldNames {
    cards: "cards",
    siege: "siege",
    turn: "to_move",
    opening: "opening_turns_left",
    previous: "previous",
    before_previous: "before_previous",
};

pub(crate) const TEXT_FIELDS: FieldNames = FieldNames {
    cards: "board",
    siege: "board",
    turn: "turn",
    opening: "opening",
    previous: "prev1",
    before_previous: "prev2",
};

/// Reads placements into both suits' layouts, with the places in a siege stack marked
/// ([`UNDER`], [`ON_TOP`]), checking squares, duplicates and crowding. On the current
/// board `siege` is the one square allowed two cards; in an earlier layout (`earlier`)
/// any square may hold a King and one other card; `one_suit`: a layout of one seat's
/// cards only, where a card of a stack stands without the other card.
fn layouts(
    field: &'static str,
    cards: &[Placement],
    siege: Option<Square>,
    earlier: bool,
    one_suit: bool,
) -> Result<[Layout; 2], PositionError> {
    let (mut places, count) = place_cards(field, cards)?;
    let mut stack_square: Option<Square> = None;
    for p in cards {
        let n = count[index_of(p.square)];
        let stack_allowed = earlier || siege == Some(p.square);
        if n > 2 || (n == 2 && !stack_allowed) {
            return Err(PositionError::count(
                field,
                format!(
                    "cards on square {} (only a siege square holds two)",
                    p.square
                ),
                n,
                0..=if stack_allowed { 2 } else { 1 },
            ));
        }
        let place = if n == 2 {
            stacked_place(field, p, cards)?
        } else if p.place != StackPlace::Alone && !(earlier && one_suit) {
            return Err(PositionError::invariant(
                field,
                format!("card {} on {}", p.card, p.square),
                "is marked as part of a siege stack but stands alone (only a layout of one seat's cards may hold half a stack)",
            ));
        } else {
            p.place
        };
        if place == StackPlace::Under && !p.card.is_king() {
            return Err(siege_without_king(field, p.square));
        }
        if place != StackPlace::Alone {
            // Only one siege can stand at a time, in earlier layouts too.
            match stack_square {
                Some(other) if other != p.square => {
                    return Err(PositionError::count(
                        field,
                        format!(
                            "siege stacks (on {other} and {}; only one siege stands at a time)",
                            p.square
                        ),
                        2,
                        0..=1,
                    ));
                }
                _ => stack_square = Some(p.square),
            }
            let slot = &mut places[p.card.suit.index()][usize::from(p.card.rank.value()) - 1];
            *slot |= if place == StackPlace::Under {
                UNDER
            } else {
                ON_TOP
            };
        }
    }
    Ok(places)
}

/// Each card's square in its suit's layout, and how many cards stand on each square:
/// squares on the board, no card twice.
fn place_cards(
    field: &'static str,
    cards: &[Placement],
) -> Result<([Layout; 2], [usize; SQUARES]), PositionError> {
    let mut places = [[GONE; 16]; 2];
    let mut count = [0usize; SQUARES];
    for p in cards {
        if !GRID.contains(p.square) {
            return Err(off_board(field, p.square));
        }
        let slot = &mut places[p.card.suit.index()][usize::from(p.card.rank.value()) - 1];
        if *slot != GONE {
            return Err(if p.card.is_king() {
                PositionError::duplicate(
                    field,
                    format!("the King of {} (card {})", p.card.suit, p.card),
                )
            } else {
                PositionError::duplicate(field, format!("card {}", p.card))
            });
        }
        *slot = index_of(p.square) as u8;
        count[index_of(p.square)] += 1;
    }
    Ok((places, count))
}

/// The place of `p` in the two-card stack on its square: marked places must be one under
/// and one on top; unmarked, the one King is underneath.
fn stacked_place(
    field: &'static str,
    p: &Placement,
    cards: &[Placement],
) -> Result<StackPlace, PositionError> {
    let bad = |detail: &'static str| bad_siege(field, p.square, detail);
    let here: Vec<&Placement> = cards.iter().filter(|q| q.square == p.square).collect();
    let other = if std::ptr::eq(here[0], p) {
        here[1]
    } else {
        here[0]
    };
    let kings = here.iter().filter(|q| q.card.is_king()).count();
    match (p.place, other.place) {
        (StackPlace::Alone, StackPlace::Alone) => match kings {
            0 => Err(siege_without_king(field, p.square)),
            1 if p.card.is_king() => Ok(StackPlace::Under),
            1 => Ok(StackPlace::OnTop),
            _ => Err(bad(
                "holds two Kings: mark which one is underneath (place: Under) and which is on top (place: OnTop)",
            )),
        },
        (StackPlace::Under, StackPlace::OnTop) | (StackPlace::OnTop, StackPlace::Under) => {
            Ok(p.place)
        }
        _ => Err(bad("is not one card underneath and one on top")),
    }
}

fn check_history(
    field: &'static str,
    earlier: &Layout,
    now: &Layout,
    suit: Suit,
) -> Result<(), PositionError> {
    for (i, (&then, &sq)) in earlier.iter().zip(now.iter()).enumerate().take(13) {
        if sq != GONE && then == GONE {
            let rank = crate::card::Rank::new(i as u8 + 1).expect("13 ranks");
            return Err(PositionError::invariant(
                field,
                format!("card {}", Card::new(suit, rank)),
                "is in the game now but not in this earlier layout (cards never return)",
            ));
        }
    }
    Ok(())
}

impl Setup {
    /// Checks the setup and builds the state; errors name the field with `names`.
    pub(crate) fn build(self, names: FieldNames) -> Result<CardSiege, PositionError> {
        self.check_opening(names)?;
        let marked = layouts(
            names.cards,
            &self.cards,
            self.siege_square(names)?,
            false,
            false,
        )?;
        let places = marked.map(|layout| layout.map(entry_square));
        for suit in Suit::ALL {
            if places[suit.index()][12] == GONE {
                return Err(PositionError::invariant(
                    names.cards,
                    suit.to_string(),
                    "has no King (a King never leaves the game)",
                ));
            }
        }
        let (board, king_suit) = board_of(&marked);
        let siege = self.check_siege(names)?;
        let phase = self.phase(names, king_suit, &board, siege)?;
        let (hist1, hist2) = self.history(names, &places)?;
        let (oh, os) = self.opening_turns_left;
        let mut state = CardSiege {
            board,
            places,
            hist1,
            hist2,
            siege,
            phase,
            to_move: self.to_move.index() as u8,
            opening: [oh, os],
            plies: self.plies,
            rules: self.rules,
        };
        // A besieging seat to move that cannot answer is not a decision point: the King's
        // seat has won the stack. Its layout two plies back is not known here.
        state.settle(&[NO_LAYOUT; 2]);
        Ok(state)
    }

    /// Opening turns left: 0 to 3 per seat, and none when the opening option is off.
    fn check_opening(&self, names: FieldNames) -> Result<(), PositionError> {
        let (oh, os) = self.opening_turns_left;
        for (suit, left) in Suit::ALL.into_iter().zip([oh, os]) {
            if left > OPENING_TURNS {
                return Err(PositionError::out_of_range(
                    names.opening,
                    format!("the opening turns left of {suit}"),
                    u64::from(left),
                    0..=u64::from(OPENING_TURNS),
                ));
            }
        }
        if !self.rules.opening() && (oh, os) != (0, 0) {
            return Err(PositionError::against_rules(
                names.opening,
                format!("opening turns are left ({oh},{os})"),
                "the option opening off",
            ));
        }
        Ok(())
    }

    /// The siege square, if any, on the board.
    fn siege_square(&self, names: FieldNames) -> Result<Option<Square>, PositionError> {
        match self.siege {
            Some(sq) if !GRID.contains(sq) => Err(off_board(names.siege, sq)),
            other => Ok(other),
        }
    }

    /// The siege, if any: a King with a card on top of it.
    fn check_siege(&self, names: FieldNames) -> Result<u8, PositionError> {
        let Some(sq) = self.siege else {
            return Ok(NO_SIEGE);
        };
        let here = self.cards.iter().filter(|p| p.square == sq).count();
        if !self
            .cards
            .iter()
            .any(|p| p.square == sq && p.card.is_king())
        {
            return Err(siege_without_king(names.siege, sq));
        }
        if here != 2 {
            return Err(bad_siege(names.siege, sq, "has no card on top of the King"));
        }
        Ok(index_of(sq) as u8)
    }

    /// The phase the turn field and the siege give: an evacuation only by the King under
    /// a siege, and no seat answering a siege of its own King under its own card.
    fn phase(
        &self,
        names: FieldNames,
        king_suit: Option<Suit>,
        board: &[u8; SQUARES],
        siege: u8,
    ) -> Result<Phase, PositionError> {
        let to_move = self.to_move;
        let seat = Some(Seat(to_move.index() as u8));
        let turn_error = |reason: String| PositionError::seat_to_act(names.turn, seat, reason);
        match (king_suit, self.evacuating) {
            (None, false) => Ok(Phase::Normal),
            (None, true) => Err(PositionError::rule(
                names.turn,
                "a King can only evacuate from a siege, and no siege stands",
            )),
            (Some(k), true) if k != to_move => Err(turn_error(format!(
                "{to_move} cannot evacuate: the King under the siege is of {k}"
            ))),
            (Some(_), true) => Ok(Phase::Evacuate),
            (Some(k), false) => {
                let top = Card::from_code(board[usize::from(siege)]);
                if k == to_move && top.suit == to_move {
                    return Err(turn_error(format!(
                        "{to_move} cannot be to answer the siege of its own King while its own {top} is on top"
                    )));
                }
                Ok(Phase::Siege)
            }
        }
    }

    /// The loop rule's history: both suits one ply back, the seat to act's cards two plies
    /// back; cards never return, so every card in play now was in play then.
    fn history(
        &self,
        names: FieldNames,
        places: &[Layout; 2],
    ) -> Result<([Layout; 2], Layout), PositionError> {
        let to_move = self.to_move;
        let mut hist1 = [NO_LAYOUT; 2];
        if let Some(prev) = &self.previous {
            hist1 = layouts(names.previous, prev, None, true, false)?;
            for suit in Suit::ALL {
                check_history(
                    names.previous,
                    &hist1[suit.index()],
                    &places[suit.index()],
                    suit,
                )?;
            }
        }
        let Some(prev) = &self.before_previous else {
            return Ok((hist1, NO_LAYOUT));
        };
        if let Some(p) = prev.iter().find(|p| p.card.suit != to_move) {
            return Err(PositionError::invariant(
                names.before_previous,
                format!("card {} (the seat to act is {to_move})", p.card),
                "is not of the seat to act, and this layout holds only its cards",
            ));
        }
        let hist2 = layouts(names.before_previous, prev, None, true, true)?[to_move.index()];
        check_history(
            names.before_previous,
            &hist2,
            &places[to_move.index()],
            to_move,
        )?;
        if self.previous.is_some() {
            check_history(
                names.before_previous,
                &hist2,
                &hist1[to_move.index()],
                to_move,
            )?;
        }
        Ok((hist1, hist2))
    }
}

/// The board the layouts give (the card on top on a stack's square) and the suit of the
/// King under a siege, if any.
fn board_of(marked: &[Layout; 2]) -> ([u8; SQUARES], Option<Suit>) {
    let mut board = [0u8; SQUARES];
    let mut king_suit = None;
    for (suit, layout) in Suit::ALL.into_iter().zip(marked) {
        for (card, square, place) in CardSiege::layout_places(suit, layout) {
            let i = index_of(square);
            // On a stack's square the board shows the card on top.
            if place != StackPlace::Under || board[i] == 0 {
                board[i] = card.code();
            }
            if place == StackPlace::Under {
                king_suit = Some(suit);
            }
        }
    }
    (board, king_suit)
}

impl TryFrom<Setup> for CardSiege {
    type Error = PositionError;
    fn try_from(setup: Setup) -> Result<Self, Self::Error> {
        setup.build(RON_FIELDS)
    }
}

fn placements(layouts: &[Layout], suits: &[Suit]) -> Vec<Placement> {
    suits
        .iter()
        .zip(layouts)
        .flat_map(|(&suit, layout)| CardSiege::layout_places(suit, layout))
        .map(|(card, square, place)| Placement {
            card,
            square,
            place,
        })
        .collect()
}

impl From<CardSiege> for Setup {
    fn from(state: CardSiege) -> Self {
        let mover = Suit::from_index(usize::from(state.to_move));
        Setup {
            cards: placements(&state.marked_places(), &Suit::ALL),
            siege: state.siege(),
            to_move: mover,
            evacuating: state.phase == Phase::Evacuate,
            opening_turns_left: (state.opening[0], state.opening[1]),
            previous: (state.hist1 != [NO_LAYOUT; 2]).then(|| placements(&state.hist1, &Suit::ALL)),
            before_previous: (state.hist2 != NO_LAYOUT)
                .then(|| placements(&[state.hist2], &[mover])),
            plies: state.plies,
            rules: state.rules,
        }
    }
}
