//! Squares, rectangular grids and directions.
//!
//! Every game names squares the same way: a file letter (`a` is the left file) and a
//! rank number (`1` is the bottom rank). A square's *index* on a grid of width `w` is
//! `(rank - 1) * w + file`, so `a1` is 0, `b1` is 1, and "ascending square order" means
//! ascending index.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A square, as a 0-based file and 0-based rank. Its text form is `a1`-style.
///
/// A `Square` is independent of any board; a [`Grid`] says whether it is on the board
/// and what its index is.
///
/// ```
/// use pyramid_core::Square;
/// let sq: Square = "c2".parse()?;
/// assert_eq!((sq.file(), sq.rank()), (2, 1));
/// assert_eq!(sq.to_string(), "c2");
/// # Ok::<(), pyramid_core::SquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Square {
    file: u8,
    rank: u8,
}

impl Square {
    /// The largest number of files a square name can express (`a` to `z`).
    pub const MAX_FILES: u8 = 26;
    /// The largest number of ranks a square can have.
    pub const MAX_RANKS: u8 = 99;

    /// The square on 0-based `file` and `rank`. Panics in const contexts only if out of
    /// the nameable range; use [`Square::try_new`] for untrusted input.
    pub const fn new(file: u8, rank: u8) -> Square {
        assert!(file < Self::MAX_FILES && rank < Self::MAX_RANKS);
        Square { file, rank }
    }

    /// The square on 0-based `file` and `rank`, if it can be named.
    pub const fn try_new(file: u8, rank: u8) -> Option<Square> {
        if file < Self::MAX_FILES && rank < Self::MAX_RANKS {
            Some(Square { file, rank })
        } else {
            None
        }
    }

    /// The 0-based file (0 is `a`).
    pub const fn file(self) -> u8 {
        self.file
    }

    /// The 0-based rank (0 is rank `1`).
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The file letter, `a` for file 0.
    pub const fn file_letter(self) -> char {
        (b'a' + self.file) as char
    }

    /// The square `dx` files and `dy` ranks away, if it is still nameable (it may still be
    /// off a particular [`Grid`]).
    pub fn offset(self, dx: i8, dy: i8) -> Option<Square> {
        let file = i16::from(self.file) + i16::from(dx);
        let rank = i16::from(self.rank) + i16::from(dy);
        let file = u8::try_from(file).ok()?;
        let rank = u8::try_from(rank).ok()?;
        Square::try_new(file, rank)
    }

    /// King-move (Chebyshev) distance to `other`.
    pub fn distance(self, other: Square) -> u8 {
        self.file
            .abs_diff(other.file)
            .max(self.rank.abs_diff(other.rank))
    }
}

impl fmt::Display for Square {
    /// The square's name (`b3`); a square beyond file `z`, which has no name (it can only
    /// come from RON), is written with its coordinates as RON gives them:
    /// `(file 70, rank 0)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.file < 26 {
            write!(f, "{}{}", self.file_letter(), u16::from(self.rank) + 1)
        } else {
            write!(f, "(file {}, rank {})", self.file, self.rank)
        }
    }
}

/// Why a square name or index was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// The text is not a file letter followed by a rank number.
    #[error("`{0}` is not a square name (expected a file letter and a rank number, like `b3`)")]
    Malformed(String),
    /// The square is well formed but not on this board.
    #[error("square `{square}` is off the {width}x{height} board")]
    OffBoard {
        /// The square as written.
        square: String,
        /// The board's number of files.
        width: u8,
        /// The board's number of ranks.
        height: u8,
    },
}

impl FromStr for Square {
    type Err = SquareError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let malformed = || SquareError::Malformed(s.to_owned());
        let mut chars = s.chars();
        let letter = chars.next().ok_or_else(malformed)?;
        if !letter.is_ascii_lowercase() {
            return Err(malformed());
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.len() > 2
            || digits.starts_with('0')
            || !digits.bytes().all(|b| b.is_ascii_digit())
        {
            return Err(malformed());
        }
        let rank: u8 = digits.parse().map_err(|_| malformed())?;
        Square::try_new(letter as u8 - b'a', rank - 1).ok_or_else(malformed)
    }
}

/// A rectangular board: its width (files) and height (ranks).
///
/// ```
/// use pyramid_core::{Grid, Square};
/// let grid = Grid::new(4, 8);
/// let sq = grid.parse_square("d8")?;
/// assert_eq!(grid.index(sq), 31);
/// assert_eq!(grid.square(31), Some(sq));
/// assert!(grid.parse_square("e1").is_err());
/// # Ok::<(), pyramid_core::SquareError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Grid {
    width: u8,
    height: u8,
}

impl Grid {
    /// A grid of `width` files and `height` ranks (at most 26 x 99).
    pub const fn new(width: u8, height: u8) -> Grid {
        assert!(width >= 1 && width <= Square::MAX_FILES && height >= 1);
        assert!(height <= Square::MAX_RANKS);
        Grid { width, height }
    }

    /// Number of files.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Number of ranks.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// Number of squares.
    pub const fn len(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Always false: a grid has at least one square.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Whether `sq` is on this board.
    pub const fn contains(self, sq: Square) -> bool {
        sq.file < self.width && sq.rank < self.height
    }

    /// The index of `sq`: `rank * width + file` (0-based). Meaningful only for squares on
    /// the board.
    pub const fn index(self, sq: Square) -> usize {
        sq.rank as usize * self.width as usize + sq.file as usize
    }

    /// The square with index `index`, if it is on the board.
    pub const fn square(self, index: usize) -> Option<Square> {
        if index < self.len() {
            let w = self.width as usize;
            Some(Square {
                file: (index % w) as u8,
                rank: (index / w) as u8,
            })
        } else {
            None
        }
    }

    /// All squares in ascending index order.
    pub fn squares(self) -> impl Iterator<Item = Square> {
        (0..self.len()).filter_map(move |i| self.square(i))
    }

    /// Parses a square name and checks that it is on this board.
    pub fn parse_square(self, text: &str) -> Result<Square, SquareError> {
        let sq: Square = text.parse()?;
        if self.contains(sq) {
            Ok(sq)
        } else {
            Err(SquareError::OffBoard {
                square: text.to_owned(),
                width: self.width,
                height: self.height,
            })
        }
    }

    /// The neighbour of `sq` one step in `dir`, if it is on the board.
    pub fn step(self, sq: Square, dir: Direction) -> Option<Square> {
        sq.offset(dir.dx, dir.dy).filter(|&s| self.contains(s))
    }

    /// The square `n` steps from `sq` in `dir`, if it is on the board.
    pub fn steps(self, sq: Square, dir: Direction, n: u8) -> Option<Square> {
        let n = i8::try_from(n).ok()?;
        sq.offset(dir.dx.checked_mul(n)?, dir.dy.checked_mul(n)?)
            .filter(|&s| self.contains(s))
    }
}

/// A step direction on the board: a file delta and a rank delta, each -1, 0 or 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Direction {
    /// Change of file per step (+1 is toward the `h` side).
    pub dx: i8,
    /// Change of rank per step (+1 is up the board).
    pub dy: i8,
}

impl Direction {
    /// Up the board (+1 rank).
    pub const N: Direction = Direction { dx: 0, dy: 1 };
    /// Up and right.
    pub const NE: Direction = Direction { dx: 1, dy: 1 };
    /// Right (+1 file).
    pub const E: Direction = Direction { dx: 1, dy: 0 };
    /// Down and right.
    pub const SE: Direction = Direction { dx: 1, dy: -1 };
    /// Down the board (-1 rank).
    pub const S: Direction = Direction { dx: 0, dy: -1 };
    /// Down and left.
    pub const SW: Direction = Direction { dx: -1, dy: -1 };
    /// Left (-1 file).
    pub const W: Direction = Direction { dx: -1, dy: 0 };
    /// Up and left.
    pub const NW: Direction = Direction { dx: -1, dy: 1 };

    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Direction; 4] = [Self::N, Self::E, Self::S, Self::W];
    /// The four diagonal directions.
    pub const DIAGONAL: [Direction; 4] = [Self::NE, Self::SE, Self::SW, Self::NW];
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Self::N,
        Self::NE,
        Self::E,
        Self::SE,
        Self::S,
        Self::SW,
        Self::W,
        Self::NW,
    ];

    /// The opposite direction.
    pub const fn reverse(self) -> Direction {
        Direction {
            dx: -self.dx,
            dy: -self.dy,
        }
    }

    /// Whether this direction is diagonal.
    pub const fn is_diagonal(self) -> bool {
        self.dx != 0 && self.dy != 0
    }

    /// This direction turned 45 degrees counter-clockwise (left).
    pub fn turn_left(self) -> Direction {
        let i = self.clockwise_index();
        Self::ALL[(i + 7) % 8]
    }

    /// This direction turned 45 degrees clockwise (right).
    pub fn turn_right(self) -> Direction {
        let i = self.clockwise_index();
        Self::ALL[(i + 1) % 8]
    }

    /// Position of this direction in [`Direction::ALL`] (0 for a zero direction).
    pub fn clockwise_index(self) -> usize {
        Self::ALL.iter().position(|&d| d == self).unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for file in 0..15 {
            for rank in 0..8 {
                let sq = Square::new(file, rank);
                assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            }
        }
        assert_eq!("o3".parse::<Square>(), Ok(Square::new(14, 2)));
    }

    #[test]
    fn malformed_square_names_are_refused() {
        for bad in ["", "a", "1", "a0", "A1", "a01", "a-1", "aa1", "a100", "é1"] {
            assert!(
                matches!(bad.parse::<Square>(), Err(SquareError::Malformed(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn index_is_rank_times_width_plus_file() {
        let grid = Grid::new(15, 3);
        assert_eq!(grid.index(Square::new(0, 0)), 0);
        assert_eq!(grid.index(Square::new(1, 0)), 1);
        assert_eq!(grid.index(Square::new(0, 1)), 15);
        assert_eq!(grid.squares().count(), 45);
        for (i, sq) in grid.squares().enumerate() {
            assert_eq!(grid.index(sq), i);
        }
        assert!(matches!(
            grid.parse_square("a4"),
            Err(SquareError::OffBoard { .. })
        ));
    }

    #[test]
    fn steps_stay_on_the_board() {
        let grid = Grid::new(4, 8);
        let a1 = Square::new(0, 0);
        assert_eq!(grid.step(a1, Direction::SW), None);
        assert_eq!(grid.step(a1, Direction::NE), Some(Square::new(1, 1)));
        assert_eq!(grid.steps(a1, Direction::E, 3), Some(Square::new(3, 0)));
        assert_eq!(grid.steps(a1, Direction::E, 4), None);
        assert_eq!(Direction::N.turn_left(), Direction::NW);
        assert_eq!(Direction::NW.turn_right(), Direction::N);
        assert_eq!(Direction::NE.reverse(), Direction::SW);
    }
}
