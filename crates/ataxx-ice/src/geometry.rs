//! Board geometry on 64-bit bitboards.
//!
//! Bit `rank * 8 + file` stands for a square, whatever the board size (5 to 8): a
//! smaller board simply uses the lower-left corner of the 8x8 layout, and
//! [`board_mask`] says which bits are on it. This order is the rulings' "ascending
//! square order" on every board size (rank first, then file), so iterating bits from
//! the lowest up visits squares in that order.

use pyramid_core::Square;

/// The smallest and largest board sizes offered.
pub const MIN_SIZE: u8 = 5;
/// The largest board size (the default).
pub const MAX_SIZE: u8 = 8;

const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The bits of the squares on a `size` x `size` board.
pub const fn board_mask(size: u8) -> u64 {
    let mut mask = 0u64;
    let mut rank = 0;
    while rank < size && rank < 8 {
        let mut file = 0;
        while file < size && file < 8 {
            mask |= 1u64 << (rank * 8 + file);
            file += 1;
        }
        rank += 1;
    }
    mask
}

/// [`board_mask`] of every size from 0 to 8.
pub(crate) static BOARD_MASKS: [u64; 9] = {
    let mut masks = [0u64; 9];
    let mut n = 0;
    while n < 9 {
        masks[n] = board_mask(n as u8);
        n += 1;
    }
    masks
};

const fn ring_table(distance: i32) -> [u64; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut other: i32 = 0;
        while other < 64 {
            let (g, s) = (other % 8, other / 8);
            let df = if f > g { f - g } else { g - f };
            let dr = if r > s { r - s } else { s - r };
            let d = if df > dr { df } else { dr };
            if d == distance {
                table[sq] |= 1u64 << other;
            }
            other += 1;
        }
        sq += 1;
    }
    table
}

/// The (up to) 8 neighbours of each square on the 8x8 layout.
pub(crate) static ADJ: [u64; 64] = ring_table(1);
/// The (up to) 16 squares at distance exactly 2 of each square on the 8x8 layout.
pub(crate) static RING: [u64; 64] = ring_table(2);

/// Every square adjacent to a square of `b` or in `b` (not clipped to a board).
#[inline]
pub(crate) fn dilate(b: u64) -> u64 {
    let row = b | ((b >> 1) & NOT_H) | ((b << 1) & NOT_A);
    row | (row << 8) | (row >> 8)
}

/// The squares with at least `t` neighbours in `e` (not clipped to a board; for `t`
/// of 1 the squares of `e` themselves may be included).
#[cfg(test)]
pub(crate) fn at_least_neighbours(e: u64, t: u32) -> u64 {
    match t {
        0 => u64::MAX,
        1 => dilate(e),
        _ if e.count_ones() < t => 0,
        _ => at_least(&neighbour_counts(e), t),
    }
}

/// For every square, how many of its neighbours are in `e`, as four bit planes (bit `i`
/// of the count in plane `i`), summed from the 8 shifted copies of `e` by a tree of
/// full adders.
#[inline]
pub(crate) fn neighbour_counts(e: u64) -> [u64; 4] {
    let w = (e >> 1) & NOT_H;
    let east = (e << 1) & NOT_A;
    let (s1, c1) = full_add(e << 8, e >> 8, w);
    let (s2, c2) = full_add(east, w << 8, w >> 8);
    let (s3, c3) = full_add(s1, s2, east << 8);
    let d = east >> 8;
    // Ones: s3 + d; twos: c1 + c2 + c3 + (s3 & d); fours: their carries.
    let (b1, k1) = full_add(c1, c2, c3);
    let c4 = s3 & d;
    let (b1, k2) = (b1 ^ c4, b1 & c4);
    [s3 ^ d, b1, k1 ^ k2, k1 & k2]
}

/// One bit-parallel full adder: the sum and carry bits of `a + b + c`.
#[inline]
fn full_add(a: u64, b: u64, c: u64) -> (u64, u64) {
    let t = a ^ b;
    (t ^ c, (a & b) | (t & c))
}

/// The squares whose count in `planes` (from [`neighbour_counts`]) is at least `t`.
#[inline]
pub(crate) fn at_least(planes: &[u64; 4], t: u32) -> u64 {
    let [b0, b1, b2, b3] = *planes;
    match t {
        0 => u64::MAX,
        1 => b0 | b1 | b2 | b3,
        2 => b1 | b2 | b3,
        3 => (b0 & b1) | b2 | b3,
        4 => b2 | b3,
        5 => (b2 & (b0 | b1)) | b3,
        6 => (b2 & b1) | b3,
        7 => (b2 & b1 & b0) | b3,
        8 => b3,
        _ => 0,
    }
}

/// The bit of a square, if it is on the 8x8 layout.
pub(crate) fn bit_of(sq: Square) -> Option<u8> {
    (sq.file() < 8 && sq.rank() < 8).then(|| sq.rank() * 8 + sq.file())
}

/// The square of a bit index (0 to 63).
#[inline]
pub(crate) fn square_of(bit: u8) -> Square {
    Square::new(bit % 8, bit / 8)
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)]
mod tests {
    use super::*;

    #[test]
    fn rings_have_the_expected_sizes() {
        assert_eq!(ADJ[27].count_ones(), 8);
        assert_eq!(RING[27].count_ones(), 16);
        assert_eq!(ADJ[0].count_ones(), 3);
        assert_eq!(RING[0].count_ones(), 5);
        assert_eq!(dilate(1 << 27) & !(1 << 27), ADJ[27]);
        assert_eq!(dilate(1 << 7) & !(1 << 7), ADJ[7]);
        assert_eq!(dilate(1 << 56) & !(1 << 56), ADJ[56]);
        assert_eq!(board_mask(8), u64::MAX);
        assert_eq!(board_mask(5).count_ones(), 25);
        for e in [
            0u64,
            1 << 27,
            0x0000_1C14_1C00_0000,
            u64::MAX,
            0x8100_0000_0000_0081,
            0x55AA_55AA_55AA_55AA,
        ] {
            let planes = neighbour_counts(e);
            for sq in 0..64 {
                let count = (0..4).map(|i| ((planes[i] >> sq) & 1) << i).sum::<u64>();
                assert_eq!(
                    count,
                    u64::from((ADJ[sq] & e).count_ones()),
                    "square {sq} of {e:#x}"
                );
            }
        }
        // d4 has neighbours c3, e5, d5 in this set; e4 has d5, e5 (and d4 is not in it).
        let e = (1u64 << 18) | (1 << 36) | (1 << 35);
        for t in 0..=4 {
            for sq in 0..64 {
                let n = (ADJ[sq] & e).count_ones();
                let expected = n >= t || (t <= 1 && e & (1 << sq) != 0 && t == 1 && n >= 1);
                let got = at_least_neighbours(e, t) & (1 << sq) != 0;
                if t != 1 {
                    assert_eq!(got, expected, "square {sq}, t {t}");
                }
            }
        }
    }
}
