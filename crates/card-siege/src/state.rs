//! The game state: a fixed array of 45 one-byte card codes, each card's square, the siege
//! (if any), the two earlier layouts the loop rule compares with, and the counters.

use pyramid_core::Square;
use serde::{Deserialize, Serialize};

use crate::card::{Card, KING, Suit, code_rank, code_suit};
use crate::geometry::{ATTACKERS, SQUARES, WIDTH, index_of, square_of, targets};
use crate::rules::Rules;
use crate::setup::{Setup, StackPlace};

/// Where each card of one suit stands: entry `rank - 1` is the card's square index, or
/// [`GONE`] once it has left the game. Entries 13 to 15 are always [`GONE`], so a layout
/// compares as one 16-byte value.
pub(crate) type Layout = [u8; 16];

/// A card that has left the game (in a [`Layout`]), or no siege.
pub(crate) const GONE: u8 = 0xFF;
/// A history slot with no position in it (nothing is compared).
pub(crate) const NO_LAYOUT: Layout = [0xFE; 16];
/// No siege square.
pub(crate) const NO_SIEGE: u8 = 0xFF;
/// In an earlier layout (the loop rule's history): the card stood underneath a siege
/// stack (only a King can), as a flag on its square index.
pub(crate) const UNDER: u8 = 0x40;
/// In an earlier layout: the card stood on top of a siege stack.
pub(crate) const ON_TOP: u8 = 0x80;

/// The square index of a layout entry, without the [`UNDER`] / [`ON_TOP`] flags
/// ([`GONE`] and [`NO_LAYOUT`] entries are returned as they are).
#[inline]
pub(crate) fn entry_square(entry: u8) -> u8 {
    if entry >= 0xFE { entry } else { entry & 0x3F }
}

/// Marks the entries of `layout` (the cards of `suit`) that stand on the siege square
/// `siege` with their place in the stack: the King of `king_suit` underneath, any other
/// card on top. The loop rule compares places exactly, so a card in a stack and the same
/// card alone on that square differ.
#[inline]
pub(crate) fn mark_siege(layout: &mut Layout, siege: u8, suit: usize, king_suit: usize) {
    if siege == NO_SIEGE {
        return;
    }
    for (i, entry) in layout.iter_mut().enumerate().take(13) {
        if *entry == siege {
            *entry |= if i == 12 && suit == king_suit {
                UNDER
            } else {
                ON_TOP
            };
        }
    }
}

/// What kind of decision the seat to act faces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// A normal turn: slides, ascents and captures.
    Normal,
    /// A siege stands: the seat to act must answer by capturing the card on top.
    Siege,
    /// The King's seat has won the stack and chooses where its King evacuates.
    Evacuate,
}

/// A card-siege state: the full position with everything the rules need.
///
/// Cheap to copy (about 170 bytes, no heap): the board is 45 card codes, each suit's
/// cards are also indexed by rank, and the loop rule's history is two layouts.
///
/// ```
/// use card_siege::CardSiege;
/// use pyramid_core::perft;
/// use pyramid_core::prelude::*;
/// let start = CardSiege::new(&Default::default());
/// assert_eq!(perft(&start, 1), 75);
/// let mut game = start.clone();
/// game.play(game.parse_action("c1-e1")?)?;
/// assert_eq!(game.to_act(), Some(pyramid_core::Seat(1)));
/// # Ok::<(), pyramid_core::PlayError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Setup", into = "Setup")]
pub struct CardSiege {
    /// Card code per square (0 empty); on a siege square, the card on top.
    pub(crate) board: [u8; SQUARES],
    /// Each suit's cards by rank.
    pub(crate) places: [Layout; 2],
    /// Both suits' layouts in the previous decision's position (one ply back).
    pub(crate) hist1: [Layout; 2],
    /// The seat to act's layout two plies back.
    pub(crate) hist2: Layout,
    /// The siege square, or [`NO_SIEGE`].
    pub(crate) siege: u8,
    pub(crate) phase: Phase,
    /// Suit index of the seat to act (also after the game ended: the seat that would act).
    pub(crate) to_move: u8,
    /// Opening turns left, Hearts then Spades.
    pub(crate) opening: [u8; 2],
    pub(crate) plies: u32,
    pub(crate) rules: Rules,
}

/// Whether a card of suit `by` on `board` attacks square `sq`: some card of that suit on
/// one of the squares it could attack `sq` from ([`ATTACKERS`]) has `sq` among its
/// [`targets`].
#[inline]
pub(crate) fn attacked_on(b: &[u8; SQUARES], sq: usize, by: usize) -> bool {
    for s in pyramid_core::Bitboard(ATTACKERS[by & 1][sq]) {
        let (s, c) = (s as usize, b[s as usize]);
        if c != 0 && code_suit(c) == by && targets(by, code_rank(c), s) >> sq & 1 != 0 {
            return true;
        }
    }
    false
}

/// The start layout of both home rows, files a to o (0 = empty): `A 3 5 _ 7 9 J K Q 10 8 _ 6 4 2`.
pub(crate) const HOME_ROW: [u8; WIDTH] = [1, 3, 5, 0, 7, 9, 11, 13, 12, 10, 8, 0, 6, 4, 2];

impl CardSiege {
    /// The start position under `rules`.
    pub(crate) fn start(rules: &Rules) -> CardSiege {
        let mut board = [0u8; SQUARES];
        for (file, &rank) in HOME_ROW.iter().enumerate() {
            if rank != 0 {
                board[file] = rank;
                board[2 * WIDTH + file] = (1 << 4) | rank;
            }
        }
        let turns = rules.opening_turns();
        let mut state = CardSiege {
            board,
            places: [[GONE; 16]; 2],
            hist1: [NO_LAYOUT; 2],
            hist2: NO_LAYOUT,
            siege: NO_SIEGE,
            phase: Phase::Normal,
            to_move: 0,
            opening: [turns, turns],
            plies: 0,
            rules: rules.clone(),
        };
        state.rebuild_places();
        state
    }

    /// Recomputes `places` from the board (and the King under a siege).
    pub(crate) fn rebuild_places(&mut self) {
        self.places = [[GONE; 16]; 2];
        for (sq, &code) in self.board.iter().enumerate() {
            if code != 0 {
                self.places[code_suit(code)][usize::from(code_rank(code)) - 1] = sq as u8;
            }
        }
    }

    /// The suit index whose King stands under the siege (only meaningful in a siege).
    #[inline]
    pub(crate) fn king_under_siege(&self) -> usize {
        // A King on top (it captured the King underneath) is the other suit's; otherwise
        // the only King on the square is underneath. (The card on top is of the King's own
        // suit while that seat, having won the stack, evacuates.)
        let top = self.board[usize::from(self.siege) % SQUARES];
        if code_rank(top) == KING {
            1 - code_suit(top)
        } else if self.places[0][12] == self.siege {
            0
        } else {
            1
        }
    }

    /// Both suits' layouts with the places in a siege stack marked ([`mark_siege`]): what
    /// the loop rule keeps as history.
    #[inline]
    pub(crate) fn marked_places(&self) -> [Layout; 2] {
        let mut places = self.places;
        if self.siege != NO_SIEGE {
            let king = self.king_under_siege();
            for (suit, layout) in places.iter_mut().enumerate() {
                mark_siege(layout, self.siege, suit, king);
            }
        }
        places
    }

    /// Whether a card of suit `by` attacks square `sq` (could capture onto it by its
    /// pattern, whatever stands there). Only the top card of a siege stack attacks.
    #[cfg(test)]
    pub(crate) fn attacked(&self, sq: usize, by: usize) -> bool {
        attacked_on(&self.board, sq, by)
    }

    /// The card on a square as the board shows it (the top card of a siege stack).
    pub fn card_at(&self, sq: Square) -> Option<Card> {
        if !crate::geometry::GRID.contains(sq) {
            return None;
        }
        let code = self.board[index_of(sq)];
        (code != 0).then(|| Card::from_code(code))
    }

    /// The square of `card`, or `None` if it has left the game.
    pub fn square_of(&self, card: Card) -> Option<Square> {
        let sq = self.places[card.suit.index()][usize::from(card.rank.value()) - 1];
        (sq != GONE).then(|| square_of(usize::from(sq)))
    }

    /// The siege square, while a siege stands (the King underneath, another card on top).
    pub fn siege(&self) -> Option<Square> {
        (self.siege != NO_SIEGE).then(|| square_of(usize::from(self.siege)))
    }

    /// The phase of the decision at hand.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The suit of the seat to act (or that would act, once the game is over).
    pub fn suit_to_move(&self) -> Suit {
        Suit::from_index(usize::from(self.to_move))
    }

    /// Opening turns left for `suit` (0 once its opening is over, or with the option off).
    pub fn opening_turns_left(&self, suit: Suit) -> u8 {
        self.opening[suit.index()]
    }

    /// The cards of `suit` still in the game, with their squares, Ace first.
    pub fn cards(&self, suit: Suit) -> Vec<(Card, Square)> {
        Self::layout_cards(suit, &self.places[suit.index()])
    }

    pub(crate) fn layout_cards(suit: Suit, layout: &Layout) -> Vec<(Card, Square)> {
        Self::layout_places(suit, layout)
            .into_iter()
            .map(|(card, square, _)| (card, square))
            .collect()
    }

    /// The cards of a layout with their squares and their places in a siege stack (set
    /// only in the loop rule's history, see [`mark_siege`]).
    pub(crate) fn layout_places(suit: Suit, layout: &Layout) -> Vec<(Card, Square, StackPlace)> {
        crate::card::Rank::all()
            .zip(layout.iter())
            .filter(|&(_, &entry)| usize::from(entry_square(entry)) < SQUARES)
            .map(|(rank, &entry)| {
                let place = if entry & UNDER != 0 {
                    StackPlace::Under
                } else if entry & ON_TOP != 0 {
                    StackPlace::OnTop
                } else {
                    StackPlace::Alone
                };
                (
                    Card::new(suit, rank),
                    square_of(usize::from(entry_square(entry))),
                    place,
                )
            })
            .collect()
    }
}
