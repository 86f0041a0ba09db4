//! Pyramid sizes: pawn (1 pip), drone (2 pips), queen (3 pips).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The size of a Looney pyramid: small (pawn), medium (drone) or large (queen).
///
/// Sizes are ordered by their pips, so `Size::Pawn < Size::Queen`.
///
/// ```
/// use pyramid_core::Size;
/// assert_eq!(Size::Drone.pips(), 2);
/// assert_eq!(Size::from_pips(3), Some(Size::Queen));
/// assert_eq!("Q".parse::<Size>(), Ok(Size::Queen));
/// assert_eq!(Size::Pawn.larger(), Some(Size::Drone));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Size {
    /// The small pyramid, 1 pip.
    Pawn = 1,
    /// The medium pyramid, 2 pips.
    Drone = 2,
    /// The large pyramid, 3 pips.
    Queen = 3,
}

impl Size {
    /// All sizes, smallest first.
    pub const ALL: [Size; 3] = [Size::Pawn, Size::Drone, Size::Queen];

    /// The number of pips (1, 2 or 3).
    pub const fn pips(self) -> u8 {
        self as u8
    }

    /// A 0-based index (pawn 0, drone 1, queen 2), handy for arrays indexed by size.
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The size with `pips` pips, if there is one.
    pub const fn from_pips(pips: u8) -> Option<Size> {
        match pips {
            1 => Some(Size::Pawn),
            2 => Some(Size::Drone),
            3 => Some(Size::Queen),
            _ => None,
        }
    }

    /// The size at a 0-based index (see [`Size::index`]).
    pub const fn from_index(index: usize) -> Option<Size> {
        match index {
            0 => Some(Size::Pawn),
            1 => Some(Size::Drone),
            2 => Some(Size::Queen),
            _ => None,
        }
    }

    /// One size larger, or `None` for a queen.
    pub const fn larger(self) -> Option<Size> {
        Size::from_pips(self as u8 + 1)
    }

    /// One size smaller, or `None` for a pawn.
    pub const fn smaller(self) -> Option<Size> {
        Size::from_pips(self as u8 - 1)
    }

    /// The size's name in words, for describing actions: `pawn`, `drone` or `queen`.
    ///
    /// ```
    /// assert_eq!(pyramid_core::Size::Drone.word(), "drone");
    /// ```
    pub const fn word(self) -> &'static str {
        match self {
            Size::Pawn => "pawn",
            Size::Drone => "drone",
            Size::Queen => "queen",
        }
    }

    /// The upper-case letter used in notation: `P`, `D` or `Q`.
    pub const fn letter(self) -> char {
        match self {
            Size::Pawn => 'P',
            Size::Drone => 'D',
            Size::Queen => 'Q',
        }
    }

    /// The size named by a letter, either case (`p`/`P`, `d`/`D`, `q`/`Q`).
    pub const fn from_letter(letter: char) -> Option<Size> {
        match letter {
            'P' | 'p' => Some(Size::Pawn),
            'D' | 'd' => Some(Size::Drone),
            'Q' | 'q' => Some(Size::Queen),
            _ => None,
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The text was not one of the size letters `P`, `D`, `Q`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a pyramid size (expected P, D or Q)")]
pub struct SizeParseError(pub String);

impl FromStr for Size {
    type Err = SizeParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next(), chars.next()) {
            (Some(c), None) => Size::from_letter(c).ok_or_else(|| SizeParseError(s.to_owned())),
            _ => Err(SizeParseError(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_trip_through_pips_index_and_letters() {
        for size in Size::ALL {
            assert_eq!(Size::from_pips(size.pips()), Some(size));
            assert_eq!(Size::from_index(size.index()), Some(size));
            assert_eq!(size.to_string().parse::<Size>(), Ok(size));
        }
        assert_eq!(Size::Queen.larger(), None);
        assert_eq!(Size::Pawn.smaller(), None);
        assert!("X".parse::<Size>().is_err());
        assert!("PP".parse::<Size>().is_err());
        assert!("".parse::<Size>().is_err());
    }
}
