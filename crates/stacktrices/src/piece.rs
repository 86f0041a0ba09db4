//! The six kinds of non-base piece and counts of them.

use std::fmt;

use pyramid_core::Size;
use serde::{Deserialize, Serialize};

/// A non-base piece: a coloured movement piece (`P D Q`) or a clear skill piece (`p d q`).
///
/// ```
/// use stacktrices::Piece;
/// assert_eq!(Piece::from_letter('d'), Some(Piece::ClearDrone));
/// assert!(Piece::Queen.is_movement());
/// assert_eq!(Piece::ClearPawn.pips(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Piece {
    /// Coloured pawn `P`: movement piece, 1 step.
    Pawn = 0,
    /// Coloured drone `D`: movement piece, 2 steps.
    Drone = 1,
    /// Coloured queen `Q`: movement piece, 3 steps.
    Queen = 2,
    /// Clear pawn `p`: skill piece, all four diagonals.
    ClearPawn = 3,
    /// Clear drone `d`: skill piece, the four orthogonals.
    ClearDrone = 4,
    /// Clear queen `q`: skill piece, all eight directions and routes through friends.
    ClearQueen = 5,
}

impl Piece {
    /// All kinds in notation order: `P D Q p d q`.
    pub const ALL: [Piece; 6] = [
        Piece::Pawn,
        Piece::Drone,
        Piece::Queen,
        Piece::ClearPawn,
        Piece::ClearDrone,
        Piece::ClearQueen,
    ];

    /// How many pieces of each kind the game has, indexed by [`Piece::index`]:
    /// coloured 4 P, 4 D, 3 Q; clear 4 p, 4 d, 3 q.
    pub const TOTALS: [u8; 6] = [4, 4, 3, 4, 4, 3];

    /// The 0-based index in notation order (`P` 0 ... `q` 5).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind at a 0-based index.
    pub const fn from_index(i: usize) -> Option<Piece> {
        match i {
            0 => Some(Piece::Pawn),
            1 => Some(Piece::Drone),
            2 => Some(Piece::Queen),
            3 => Some(Piece::ClearPawn),
            4 => Some(Piece::ClearDrone),
            5 => Some(Piece::ClearQueen),
            _ => None,
        }
    }

    /// Whether this is a coloured movement piece.
    pub const fn is_movement(self) -> bool {
        (self as u8) < 3
    }

    /// Whether this is a clear skill piece.
    pub const fn is_skill(self) -> bool {
        !self.is_movement()
    }

    /// The pyramid size.
    pub const fn size(self) -> Size {
        match self as u8 % 3 {
            0 => Size::Pawn,
            1 => Size::Drone,
            _ => Size::Queen,
        }
    }

    /// Pips: 1, 2 or 3.
    pub const fn pips(self) -> u8 {
        self as u8 % 3 + 1
    }

    /// The same colour class one pip larger (`P` to `D`, `d` to `q`), if any.
    pub const fn larger(self) -> Option<Piece> {
        if self as u8 % 3 == 2 {
            None
        } else {
            Piece::from_index(self as usize + 1)
        }
    }

    /// The notation letter.
    pub const fn letter(self) -> char {
        match self {
            Piece::Pawn => 'P',
            Piece::Drone => 'D',
            Piece::Queen => 'Q',
            Piece::ClearPawn => 'p',
            Piece::ClearDrone => 'd',
            Piece::ClearQueen => 'q',
        }
    }

    /// The kind named by a notation letter (case matters: upper case is coloured).
    pub const fn from_letter(c: char) -> Option<Piece> {
        match c {
            'P' => Some(Piece::Pawn),
            'D' => Some(Piece::Drone),
            'Q' => Some(Piece::Queen),
            'p' => Some(Piece::ClearPawn),
            'd' => Some(Piece::ClearDrone),
            'q' => Some(Piece::ClearQueen),
            _ => None,
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A multiset of pieces: how many of each kind, indexed by [`Piece::index`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pieces(pub [u8; 6]);

impl Pieces {
    /// No pieces.
    pub const EMPTY: Pieces = Pieces([0; 6]);

    /// How many of `kind`.
    pub const fn count(self, kind: Piece) -> u8 {
        self.0[kind as usize]
    }

    /// Adds one `kind`.
    pub fn add(&mut self, kind: Piece) {
        self.0[kind.index()] += 1;
    }

    /// Removes one `kind` (saturating at zero).
    pub fn remove(&mut self, kind: Piece) {
        self.0[kind.index()] = self.0[kind.index()].saturating_sub(1);
    }

    /// Adds every piece of `other`.
    pub fn add_all(&mut self, other: Pieces) {
        for i in 0..6 {
            self.0[i] += other.0[i];
        }
    }

    /// Total number of pieces.
    pub fn len(self) -> usize {
        self.0.iter().map(|&c| usize::from(c)).sum()
    }

    /// Whether there are no pieces.
    pub fn is_empty(self) -> bool {
        self.0 == [0; 6]
    }

    /// Number of movement pieces.
    pub const fn movement(self) -> u8 {
        self.0[0] + self.0[1] + self.0[2]
    }

    /// Number of skill pieces.
    pub const fn skills(self) -> u8 {
        self.0[3] + self.0[4] + self.0[5]
    }

    /// Sum of the movement pieces' pips (the step limit).
    pub const fn movement_pips(self) -> u8 {
        self.0[0] + 2 * self.0[1] + 3 * self.0[2]
    }

    /// The kinds present, in notation order.
    pub fn kinds(self) -> impl Iterator<Item = Piece> {
        Piece::ALL.into_iter().filter(move |k| self.count(*k) > 0)
    }

    /// Every piece, in notation order, duplicates repeated (`PDpp`).
    pub fn letters(self) -> String {
        let mut s = String::new();
        for k in Piece::ALL {
            for _ in 0..self.count(k) {
                s.push(k.letter());
            }
        }
        s
    }

    /// Reads letters (`Qq`, any order) into a multiset; `None` on a non-piece letter.
    pub fn from_letters(text: &str) -> Option<Pieces> {
        let mut p = Pieces::EMPTY;
        for c in text.chars() {
            let k = Piece::from_letter(c)?;
            if p.0[k.index()] == u8::MAX {
                return None;
            }
            p.add(k);
        }
        Some(p)
    }
}
