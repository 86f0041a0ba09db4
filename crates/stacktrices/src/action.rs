//! Actions (one per decision point) and their notation.

use std::fmt;
use std::str::FromStr;

use pyramid_core::{ActionParseError, Square};

use crate::geometry::{GRID, index};
use crate::piece::Piece;

/// A piece kind on a square: a piece given from, or placed on, the stack there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceAt {
    /// The piece kind.
    pub piece: Piece,
    /// The stack's square.
    pub square: Square,
}

impl PieceAt {
    /// `piece` at `square`.
    pub const fn new(piece: Piece, square: Square) -> PieceAt {
        PieceAt { piece, square }
    }

    /// Notation order: ascending square index, then `P D Q p d q`.
    fn key(self) -> (u8, u8) {
        (index(self.square), self.piece as u8)
    }
}

impl fmt::Display for PieceAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", self.piece, self.square)
    }
}

const FILLER: PieceAt = PieceAt {
    piece: Piece::Pawn,
    square: Square::new(0, 0),
};

/// A trade at the trading post: 1 to 3 pieces given (kind and giving stack) and 1 to 3
/// pieces taken from the store (kind and receiving stack). Both lists are multisets, kept
/// sorted in notation order, so two trades with the same pieces compare equal.
///
/// ```
/// use stacktrices::{Piece, PieceAt, Trade};
/// use pyramid_core::Square;
/// let b1: Square = "b1".parse()?;
/// let c1: Square = "c1".parse()?;
/// let t = Trade::new(&[PieceAt::new(Piece::ClearDrone, b1), PieceAt::new(Piece::Drone, b1)],
///                    &[PieceAt::new(Piece::Queen, c1)]).expect("1 to 3 each");
/// assert_eq!(t.to_string(), "D@b1,d@b1>Q@c1");
/// # Ok::<(), pyramid_core::SquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trade {
    given: [PieceAt; 3],
    taken: [PieceAt; 3],
    given_len: u8,
    taken_len: u8,
}

impl Trade {
    /// A trade giving `given` and taking `taken` (each 1 to 3 pieces, any order); `None` if
    /// a list is empty or longer than 3, or names a square off the board.
    pub fn new(given: &[PieceAt], taken: &[PieceAt]) -> Option<Trade> {
        let ok =
            |l: &[PieceAt]| (1..=3).contains(&l.len()) && l.iter().all(|p| GRID.contains(p.square));
        if !ok(given) || !ok(taken) {
            return None;
        }
        let mut t = Trade {
            given: [FILLER; 3],
            taken: [FILLER; 3],
            given_len: 0,
            taken_len: 0,
        };
        t.given[..given.len()].copy_from_slice(given);
        t.taken[..taken.len()].copy_from_slice(taken);
        t.given[..given.len()].sort_by_key(|p| p.key());
        t.taken[..taken.len()].sort_by_key(|p| p.key());
        t.given_len = given.len() as u8;
        t.taken_len = taken.len() as u8;
        Some(t)
    }

    /// The pieces given, in notation order.
    pub fn given(&self) -> &[PieceAt] {
        &self.given[..usize::from(self.given_len)]
    }

    /// The pieces taken from the store, in notation order.
    pub fn taken(&self) -> &[PieceAt] {
        &self.taken[..usize::from(self.taken_len)]
    }
}

impl fmt::Display for Trade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.given().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        f.write_str(">")?;
        for (i, p) in self.taken().iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// One Stacktrices decision.
///
/// | action | text |
/// |---|---|
/// | move / capture | `d1-d4` |
/// | warp | `c7~b1` |
/// | hide the vulnerability (setup, victim, re-hide) | `hide=c1` |
/// | setup placement | `place=D@b1` |
/// | steal from a captured stack | `steal=p@f6` |
/// | decline the optional Variant 1 steal | `steal=none` |
/// | raid an opponent stack | `raid=d@b7>c1` |
/// | raid the store | `raid=Q>e1` |
/// | raid by upgrading | `raid=+P@a1` |
/// | no raid | `raid=none` |
/// | trade | `trade=D@b1,d@b1>Q@c1` |
/// | no trade | `trade=none` |
///
/// ```
/// use stacktrices::Action;
/// let a: Action = "raid=d@b7>c1".parse()?;
/// assert_eq!(a.to_string(), "raid=d@b7>c1");
/// # Ok::<(), pyramid_core::ActionParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Move (or capture) a stack from one square to another.
    Move {
        /// Starting square.
        from: Square,
        /// Destination.
        to: Square,
    },
    /// Warp a stack from the opponent's home row to an empty square of its own.
    Warp {
        /// Square on the opponent's home row.
        from: Square,
        /// Empty square of the own home row.
        to: Square,
    },
    /// Hide the vulnerability under the drone-base stack on this square.
    Hide(Square),
    /// Setup phase: place a received piece on a stack.
    Place(PieceAt),
    /// Steal a piece of the captured stack onto one's own stack.
    Steal(PieceAt),
    /// Decline the optional steal of Variant 1.
    NoSteal,
    /// Raid: take an unprotected piece of an opponent stack onto one's own stack.
    RaidTake {
        /// The piece taken.
        piece: Piece,
        /// The opponent stack.
        from: Square,
        /// The receiving own stack.
        to: Square,
    },
    /// Raid: take a piece from the store onto one's own stack.
    RaidStore(PieceAt),
    /// Raid: upgrade this piece of one's own stack by one pip from the store.
    RaidUpgrade(PieceAt),
    /// Decline the raid.
    NoRaid,
    /// Trade at the trading post.
    Trade(Trade),
    /// Decline the trade.
    NoTrade,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Move { from, to } => write!(f, "{from}-{to}"),
            Action::Warp { from, to } => write!(f, "{from}~{to}"),
            Action::Hide(sq) => write!(f, "hide={sq}"),
            Action::Place(p) => write!(f, "place={p}"),
            Action::Steal(p) => write!(f, "steal={p}"),
            Action::NoSteal => f.write_str("steal=none"),
            Action::RaidTake { piece, from, to } => write!(f, "raid={piece}@{from}>{to}"),
            Action::RaidStore(p) => write!(f, "raid={}>{}", p.piece, p.square),
            Action::RaidUpgrade(p) => write!(f, "raid=+{p}"),
            Action::NoRaid => f.write_str("raid=none"),
            Action::Trade(t) => write!(f, "trade={t}"),
            Action::NoTrade => f.write_str("trade=none"),
        }
    }
}

fn parse_square(text: &str, whole: &str) -> Result<Square, ActionParseError> {
    GRID.parse_square(text)
        .map_err(|e| ActionParseError::new(whole, e.to_string()))
}

fn parse_piece(text: &str, whole: &str) -> Result<Piece, ActionParseError> {
    let mut chars = text.chars();
    match (chars.next().and_then(Piece::from_letter), chars.next()) {
        (Some(p), None) => Ok(p),
        _ => Err(ActionParseError::new(
            whole,
            format!("`{text}` is not a piece (P D Q p d q)"),
        )),
    }
}

fn parse_piece_at(text: &str, whole: &str) -> Result<PieceAt, ActionParseError> {
    let (piece, sq) = text
        .split_once('@')
        .ok_or_else(|| ActionParseError::new(whole, format!("`{text}` is not PIECE@SQUARE")))?;
    Ok(PieceAt::new(
        parse_piece(piece, whole)?,
        parse_square(sq, whole)?,
    ))
}

fn parse_list(text: &str, whole: &str) -> Result<Vec<PieceAt>, ActionParseError> {
    let list: Vec<PieceAt> = text
        .split(',')
        .map(|p| parse_piece_at(p, whole))
        .collect::<Result<_, _>>()?;
    if list.len() > 3 {
        return Err(ActionParseError::new(
            whole,
            "a trade gives and takes at most 3 pieces each",
        ));
    }
    Ok(list)
}

impl FromStr for Action {
    type Err = ActionParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: &str| ActionParseError::new(s, why);
        if let Some((key, value)) = s.split_once('=') {
            return match key {
                "hide" => Ok(Action::Hide(parse_square(value, s)?)),
                "place" => Ok(Action::Place(parse_piece_at(value, s)?)),
                "steal" if value == "none" => Ok(Action::NoSteal),
                "steal" => Ok(Action::Steal(parse_piece_at(value, s)?)),
                "raid" if value == "none" => Ok(Action::NoRaid),
                "raid" => {
                    if let Some(up) = value.strip_prefix('+') {
                        return Ok(Action::RaidUpgrade(parse_piece_at(up, s)?));
                    }
                    let (src, to) = value
                        .split_once('>')
                        .ok_or_else(|| bad("a raid is K@FROM>TO, K>TO or +K@SQ"))?;
                    let to = parse_square(to, s)?;
                    match src.split_once('@') {
                        Some((piece, from)) => Ok(Action::RaidTake {
                            piece: parse_piece(piece, s)?,
                            from: parse_square(from, s)?,
                            to,
                        }),
                        None => Ok(Action::RaidStore(PieceAt::new(parse_piece(src, s)?, to))),
                    }
                }
                "trade" if value == "none" => Ok(Action::NoTrade),
                "trade" => {
                    let (given, taken) = value
                        .split_once('>')
                        .ok_or_else(|| bad("a trade is GIVEN>TAKEN"))?;
                    let given = parse_list(given, s)?;
                    let taken = parse_list(taken, s)?;
                    Trade::new(&given, &taken)
                        .map(Action::Trade)
                        .ok_or_else(|| bad("a trade gives and takes 1 to 3 pieces"))
                }
                _ => Err(bad(
                    "unknown action (hide, place, steal, raid, trade, or a move FROM-TO / warp FROM~TO)",
                )),
            };
        }
        if let Some((from, to)) = s.split_once('-') {
            return Ok(Action::Move {
                from: parse_square(from, s)?,
                to: parse_square(to, s)?,
            });
        }
        if let Some((from, to)) = s.split_once('~') {
            return Ok(Action::Warp {
                from: parse_square(from, s)?,
                to: parse_square(to, s)?,
            });
        }
        Err(bad(
            "expected a move (d1-d4), a warp (c7~b1) or KEY=VALUE (hide=c1, trade=none, ...)",
        ))
    }
}
