//! Board geometry: the 7x7 board, square indices, neighbour tables, stacks.

use pyramid_core::{Grid, Seat, Square};
use serde::{Deserialize, Serialize};

use crate::piece::{Piece, Pieces};

/// The board: 7 files (a-g) by 7 ranks.
pub const GRID: Grid = Grid::new(7, 7);
/// Number of squares.
pub(crate) const SQUARES: usize = 49;
/// "No square" in the neighbour table.
pub(crate) const OFF: u8 = 255;

/// Direction deltas, clockwise from north: N NE E SE S SW W NW.
const DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// `NEIGHBOUR[sq][dir]`: the square one step from `sq` in direction `dir`, or [`OFF`].
pub(crate) const NEIGHBOUR: [[u8; 8]; SQUARES] = {
    let mut table = [[OFF; 8]; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let file = (sq % 7) as i8;
        let rank = (sq / 7) as i8;
        let mut d = 0;
        while d < 8 {
            let f = file + DELTAS[d].0;
            let r = rank + DELTAS[d].1;
            if f >= 0 && f < 7 && r >= 0 && r < 7 {
                table[sq][d] = (r * 7 + f) as u8;
            }
            d += 1;
        }
        sq += 1;
    }
    table
};

/// Bit mask of the diagonal directions (NE SE SW NW).
pub(crate) const DIAGONALS: u8 = 0b1010_1010;
/// Bit mask of the orthogonal directions (N E S W).
pub(crate) const ORTHOGONALS: u8 = 0b0101_0101;

/// The forward diagonals of `seat` as a direction mask (White: NE NW; Black: SE SW).
pub(crate) const fn forward_diagonals(seat: u8) -> u8 {
    if seat == 0 {
        (1 << 1) | (1 << 7)
    } else {
        (1 << 3) | (1 << 5)
    }
}

/// The rank (0-based) of `seat`'s home row.
pub(crate) const fn home_rank(seat: u8) -> u8 {
    if seat == 0 { 0 } else { 6 }
}

/// Bit mask of `seat`'s home row.
pub(crate) const fn home_row(seat: u8) -> u64 {
    0x7f << (7 * home_rank(seat) as u64)
}

/// The [`Square`] of an index.
pub(crate) fn square(i: u8) -> Square {
    Square::new(i % 7, i / 7)
}

/// The index of a square on the board (its file and rank must be below 7).
pub(crate) fn index(sq: Square) -> u8 {
    sq.rank() * 7 + sq.file()
}

/// The opaque base a stack stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Base {
    /// A drone base: can hide the vulnerability (be the thief).
    Drone,
    /// A queen base.
    Queen,
}

/// One stack: its owner, its base and the pieces on it (movement pieces below, skill pieces
/// above; skill pieces are an unordered collection).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Stack {
    pub(crate) owner: u8,
    pub(crate) base: Base,
    pub(crate) pieces: Pieces,
}

/// What kind of stack: pupil, adult or skilled.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StackKind {
    /// Base only (no movement piece): captures an adjacent enemy only.
    Pupil,
    /// A movement piece and no skill piece: forward diagonals.
    Adult,
    /// A movement piece and at least one skill piece.
    Skilled,
}

impl Stack {
    /// A stack of `owner` on `base` holding `pieces`.
    pub fn new(owner: Seat, base: Base, pieces: Pieces) -> Stack {
        Stack {
            owner: owner.0,
            base,
            pieces,
        }
    }

    /// The owner.
    pub fn owner(&self) -> Seat {
        Seat(self.owner)
    }

    /// The base.
    pub fn base(&self) -> Base {
        self.base
    }

    /// The pieces on the base.
    pub fn pieces(&self) -> Pieces {
        self.pieces
    }

    /// Pupil, adult or skilled.
    pub fn kind(&self) -> StackKind {
        if self.pieces.movement() == 0 {
            StackKind::Pupil
        } else if self.pieces.skills() == 0 {
            StackKind::Adult
        } else {
            StackKind::Skilled
        }
    }

    /// Whether a piece of `kind` may be added to this stack (`several_movement`: Variant 2).
    pub(crate) fn can_take(&self, kind: Piece, several_movement: bool) -> bool {
        Stack::can_hold_more(self.pieces, kind, several_movement)
    }

    /// Whether a piece of `kind` may be added to a stack holding `pieces`: a movement piece
    /// where there is none (any number with `several_movement`, Variant 2), a skill piece
    /// only where a movement piece stands.
    #[inline]
    pub(crate) fn can_hold_more(pieces: Pieces, kind: Piece, several_movement: bool) -> bool {
        if kind.is_movement() {
            several_movement || pieces.movement() == 0
        } else {
            pieces.movement() > 0
        }
    }

    /// Whether the pieces obey the stacking rules (no stranded skill piece; at most one
    /// movement piece unless `several_movement`).
    pub(crate) fn is_legal(pieces: Pieces, several_movement: bool) -> bool {
        let m = pieces.movement();
        (several_movement || m <= 1) && (m > 0 || pieces.skills() == 0)
    }

    /// The directions this stack may slide in, as a mask (bit `d` = direction `d` clockwise
    /// from north). Pupils have none (they only capture adjacent enemies).
    pub(crate) fn directions(&self) -> u8 {
        let p = self.pieces;
        if p.movement() == 0 {
            return 0;
        }
        let mut mask = forward_diagonals(self.owner);
        if p.count(Piece::ClearPawn) > 0 {
            mask |= DIAGONALS;
        }
        if p.count(Piece::ClearDrone) > 0 {
            mask |= ORTHOGONALS;
        }
        if p.count(Piece::ClearQueen) > 0 {
            mask = 0xff;
        }
        mask
    }

    /// Text form: owner (`w`/`b`), base (`d`/`q`), then the pieces bottom to top.
    pub(crate) fn token(&self) -> String {
        let mut s = String::with_capacity(8);
        s.push(if self.owner == 0 { 'w' } else { 'b' });
        s.push(if self.base == Base::Drone { 'd' } else { 'q' });
        s.push_str(&self.pieces.letters());
        s
    }
}
