//! Cards: suits, ranks, capture patterns and the one-byte card code the board stores.

use std::fmt;
use std::str::FromStr;

use pyramid_core::Seat;
use serde::{Deserialize, Serialize};

/// A suit, which is also a seat: Hearts is seat 0 (moves first, home row 1), Spades is
/// seat 1 (home row 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Suit {
    /// Seat 0; home row is rank 1; forward is up.
    Hearts,
    /// Seat 1; home row is rank 3; forward is down.
    Spades,
}

impl Suit {
    /// Both suits, Hearts first.
    pub const ALL: [Suit; 2] = [Suit::Hearts, Suit::Spades];

    /// 0 for Hearts, 1 for Spades.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The suit of index 0 (Hearts) or 1 (Spades); any other index reads as Spades.
    pub const fn from_index(index: usize) -> Suit {
        if index == 0 {
            Suit::Hearts
        } else {
            Suit::Spades
        }
    }

    /// The other suit.
    pub const fn other(self) -> Suit {
        match self {
            Suit::Hearts => Suit::Spades,
            Suit::Spades => Suit::Hearts,
        }
    }

    /// The seat playing this suit.
    pub const fn seat(self) -> Seat {
        Seat(self as u8)
    }

    /// The suit a seat plays (seat 0 Hearts, any other Spades).
    pub const fn of_seat(seat: Seat) -> Suit {
        Suit::from_index(seat.index())
    }

    /// The 0-based rank of this suit's home row (0 for Hearts, 2 for Spades).
    pub const fn home_rank(self) -> u8 {
        match self {
            Suit::Hearts => 0,
            Suit::Spades => 2,
        }
    }

    /// The letter used in card names: `h` or `s`.
    pub const fn letter(self) -> char {
        match self {
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    /// The suit of a letter `h` or `s`.
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'h' => Some(Suit::Hearts),
            's' => Some(Suit::Spades),
            _ => None,
        }
    }

    /// The suit's name in lower case (`hearts`), as error messages print it.
    pub const fn name(self) -> &'static str {
        match self {
            Suit::Hearts => "hearts",
            Suit::Spades => "spades",
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a card captures (and so which squares it attacks).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pattern {
    /// A and 2 to 6: one square orthogonally.
    Soldier,
    /// 7 and 8: one rank forward and one or two files sideways.
    Pikeman,
    /// 9 and 10: same rank, one or two files sideways.
    Flanker,
    /// J and Q: diagonally, one or two squares, forward or backward.
    Archer,
    /// K: one square orthogonally.
    King,
}

/// A card's rank, Ace (1) to King (13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The Ace.
    pub const ACE: Rank = Rank(1);
    /// The Jack.
    pub const JACK: Rank = Rank(11);
    /// The Queen.
    pub const QUEEN: Rank = Rank(12);
    /// The King.
    pub const KING: Rank = Rank(13);

    /// The rank of value 1 (Ace) to 13 (King).
    pub const fn new(value: u8) -> Option<Rank> {
        if value >= 1 && value <= 13 {
            Some(Rank(value))
        } else {
            None
        }
    }

    /// The value, 1 (Ace) to 13 (King).
    pub const fn value(self) -> u8 {
        self.0
    }

    /// All thirteen ranks, Ace first.
    pub fn all() -> impl Iterator<Item = Rank> {
        (1..=13).map(Rank)
    }

    /// How far the card slides: A 1, 2 to 6 their rank, 7 to Q 4, K 1.
    pub const fn slide_limit(self) -> u8 {
        match self.0 {
            1 | 13 => 1,
            2..=6 => self.0,
            _ => 4,
        }
    }

    /// The capture pattern of this rank: the rulings' table, the one place that says it
    /// (the engine's capture tables are generated from it, see `geometry`).
    pub const fn pattern(self) -> Pattern {
        match self.0 {
            7 | 8 => Pattern::Pikeman,
            9 | 10 => Pattern::Flanker,
            11 | 12 => Pattern::Archer,
            13 => Pattern::King,
            _ => Pattern::Soldier,
        }
    }

    /// The rank's character: `A 2 3 4 5 6 7 8 9 T J Q K` (`T` is the 10).
    pub const fn letter(self) -> char {
        match self.0 {
            1 => 'A',
            10 => 'T',
            11 => 'J',
            12 => 'Q',
            13 => 'K',
            v => (b'0' + v) as char,
        }
    }

    /// The rank of a character `A 2 .. 9 T J Q K`.
    pub const fn from_letter(c: char) -> Option<Rank> {
        match c {
            'A' => Some(Rank(1)),
            '2'..='9' => Some(Rank(c as u8 - b'0')),
            'T' => Some(Rank(10)),
            'J' => Some(Rank(11)),
            'Q' => Some(Rank(12)),
            'K' => Some(Rank(13)),
            _ => None,
        }
    }
}

/// One card: a suit and a rank. Each of the 26 cards exists once.
///
/// Its text form is the rank character then the suit letter: `Ah`, `Ts` (ten of
/// Spades), `Kh`.
///
/// ```
/// use card_siege::{Card, Rank, Suit};
/// let card: Card = "Ts".parse()?;
/// assert_eq!(card, Card::new(Suit::Spades, Rank::new(10).expect("a rank")));
/// assert_eq!(card.to_string(), "Ts");
/// # Ok::<(), card_siege::CardParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Card {
    /// The suit (which seat owns the card).
    pub suit: Suit,
    /// The rank.
    pub rank: Rank,
}

impl Card {
    /// The card of `suit` and `rank`.
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card { suit, rank }
    }

    /// Whether this card is a King.
    pub const fn is_king(self) -> bool {
        self.rank.0 == 13
    }

    /// The one-byte code the board stores: `suit << 4 | rank` (never 0).
    pub(crate) const fn code(self) -> u8 {
        ((self.suit as u8) << 4) | self.rank.0
    }

    /// The card of a non-zero board code.
    pub(crate) const fn from_code(code: u8) -> Card {
        Card {
            suit: Suit::from_index((code >> 4) as usize),
            rank: Rank(code & 15),
        }
    }
}

impl Card {
    /// The card's name for people, as the board shows it: its rank (`10`, not `T`) and
    /// its suit's symbol (`10♠`, `A♥`).
    pub fn face_name(self) -> String {
        let symbol = match self.suit {
            Suit::Hearts => '\u{2665}',
            Suit::Spades => '\u{2660}',
        };
        match self.rank.letter() {
            'T' => format!("10{symbol}"),
            letter => format!("{letter}{symbol}"),
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.letter(), self.suit.letter())
    }
}

/// Card text that is not a rank character followed by `h` or `s`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a card (a rank A 2-9 T J Q K then a suit h or s, like `Th`)")]
pub struct CardParseError(pub String);

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        let (Some(r), Some(u), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(CardParseError(s.to_owned()));
        };
        match (Rank::from_letter(r), Suit::from_letter(u)) {
            (Some(rank), Some(suit)) => Ok(Card { suit, rank }),
            _ => Err(CardParseError(s.to_owned())),
        }
    }
}

impl TryFrom<String> for Card {
    type Error = CardParseError;
    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl From<Card> for String {
    fn from(card: Card) -> String {
        card.to_string()
    }
}

// Raw code helpers used by the hot paths.

/// Suit index of a non-zero code.
#[inline(always)]
pub(crate) const fn code_suit(code: u8) -> usize {
    (code >> 4) as usize
}

/// Rank value (1..=13) of a non-zero code.
#[inline(always)]
pub(crate) const fn code_rank(code: u8) -> u8 {
    code & 15
}

/// The King's rank value.
pub(crate) const KING: u8 = 13;

/// Slide limit by rank value (index 0 unused), from [`Rank::slide_limit`].
pub(crate) const SLIDE_LIMIT: [u8; 14] = {
    let mut table = [0u8; 14];
    let mut value = 1;
    while value < 14 {
        table[value] = Rank(value as u8).slide_limit();
        value += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_text_and_code() {
        for suit in Suit::ALL {
            for rank in Rank::all() {
                let card = Card::new(suit, rank);
                assert_eq!(card.to_string().parse::<Card>(), Ok(card));
                assert_eq!(Card::from_code(card.code()), card);
                assert_eq!(SLIDE_LIMIT[usize::from(rank.value())], rank.slide_limit());
            }
        }
        for bad in ["", "A", "Ahh", "1h", "10h", "Ax", "ah"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
    }
}
