//! [`Bitboard`]: a set of up to 64 squares as one `u64`, bit `i` for square index `i`
//! (`rank * width + file` on the game's grid, or the game's own bit layout).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of up to 64 square indices, one bit each: the board layout every game engine of
/// the project builds on. Iterating yields the indices in ascending order.
///
/// ```
/// use pyramid_core::Bitboard;
/// let set = Bitboard::from_index(3) | Bitboard::from_index(40);
/// assert_eq!(set.count(), 2);
/// assert!(set.contains(40));
/// assert_eq!(set.iter().collect::<Vec<_>>(), [3, 40]);
/// assert_eq!(set.nth(1), Some(40));
/// assert_eq!((set & !Bitboard::from_index(3)).first(), Some(40));
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// The set holding the single index `index` (below 64).
    #[inline]
    pub const fn from_index(index: u32) -> Bitboard {
        Bitboard(1 << index)
    }

    /// Whether `index` is in the set (indices of 64 and more never are).
    #[inline]
    pub const fn contains(self, index: u32) -> bool {
        index < 64 && self.0 >> index & 1 == 1
    }

    /// The number of indices in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest index, if any.
    #[inline]
    pub const fn first(self) -> Option<u32> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros())
        }
    }

    /// Removes and returns the lowest index, if any.
    #[inline]
    pub fn pop_first(&mut self) -> Option<u32> {
        let first = self.first()?;
        self.0 &= self.0 - 1;
        Some(first)
    }

    /// The `n`-th lowest index (from 0), if the set holds more than `n`: a uniformly random
    /// member is `nth(rng.random_range(0..count))`. A broadword select
    /// ([`bits::select`](crate::bits::select)), without a loop.
    #[inline]
    pub const fn nth(self, n: u32) -> Option<u32> {
        match crate::bits::select(self.0, n as u64) {
            Ok(index) => Some(index),
            Err(_) => None,
        }
    }

    /// The set with `index` added.
    #[inline]
    #[must_use]
    pub const fn with(self, index: u32) -> Bitboard {
        Bitboard(self.0 | 1 << index)
    }

    /// The set with `index` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, index: u32) -> Bitboard {
        Bitboard(self.0 & !(1 << index))
    }

    /// The indices in ascending order.
    #[inline]
    pub const fn iter(self) -> Squares {
        Squares(self)
    }
}

/// The indices of a [`Bitboard`], lowest first.
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = u32;

    #[inline]
    fn next(&mut self) -> Option<u32> {
        self.0.pop_first()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

impl IntoIterator for Bitboard {
    type Item = u32;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

impl From<u64> for Bitboard {
    #[inline]
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl From<Bitboard> for u64 {
    #[inline]
    fn from(set: Bitboard) -> u64 {
        set.0
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

macro_rules! bit_op {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, $sym:tt) => {
        impl $op for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $method(self, other: Bitboard) -> Bitboard {
                Bitboard(self.0 $sym other.0)
            }
        }
        impl $assign for Bitboard {
            #[inline]
            fn $assign_method(&mut self, other: Bitboard) {
                self.0 = self.0 $sym other.0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::Bitboard;

    #[test]
    fn iteration_is_ascending_and_exact() {
        let set = Bitboard(0b1010_0110) | Bitboard::from_index(63);
        let all: Vec<u32> = set.iter().collect();
        assert_eq!(all, [1, 2, 5, 7, 63]);
        assert_eq!(set.iter().len(), 5);
        assert_eq!(set.nth(4), Some(63));
        assert_eq!(set.nth(5), None);
        assert!(!set.contains(64));
        assert_eq!(set.without(63).with(0).first(), Some(0));
        assert_eq!(format!("{set:?}"), "{1, 2, 5, 7, 63}");
    }
}
