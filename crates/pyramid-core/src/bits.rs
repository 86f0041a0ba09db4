//! Bit helpers every engine shares: the set bits of a mask as indices ([`bits`]), binomial
//! coefficients ([`choose`]), per-byte bit counts ([`byte_counts`]) and the broadword
//! select behind [`Bitboard::nth`](crate::Bitboard::nth) ([`select`]).
//!
//! ```
//! use pyramid_core::bits::{bits, byte_counts, choose, select};
//! assert_eq!(bits(0b1010_0100).collect::<Vec<u8>>(), [2, 5, 7]);
//! assert_eq!(choose(15, 7), 6435);
//! assert_eq!(byte_counts(0x0300_FF01), 0x0200_0801);
//! assert_eq!(select(0b1010_0100, 1), Ok(5));
//! assert_eq!(select(0b1010_0100, 3), Err(3));
//! ```

use crate::Bitboard;

/// The set bits of `mask` as indices (0 to 63), lowest first: the squares of a bitboard
/// in ascending order.
#[inline]
pub fn bits(mask: u64) -> impl Iterator<Item = u8> {
    Bitboard(mask).iter().map(|i| i as u8)
}

/// `n` choose `k` (0 when `k > n`): a table look-up below 16, the product formula above
/// (exact while the result fits a `u64` at every step). A `const fn`, so tables built at
/// compile time use it too.
#[inline]
pub const fn choose(n: u32, k: u32) -> u64 {
    if n < 16 && k < 16 {
        return BINOMIALS[n as usize][k as usize] as u64;
    }
    choose_by_product(n, k)
}

/// `n` choose `k` by the product formula.
const fn choose_by_product(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let mut r: u64 = 1;
    let mut i = 0;
    while i < k as u64 {
        r = r * (n as u64 - i) / (i + 1);
        i += 1;
    }
    r
}

/// `BINOMIALS[n][k]` is `n` choose `k` (0 when `k > n`).
const BINOMIALS: [[u16; 16]; 16] = {
    let mut table = [[0u16; 16]; 16];
    let mut n = 0;
    while n < 16 {
        let mut k = 0;
        while k < 16 {
            table[n][k] = choose_by_product(n as u32, k as u32) as u16;
            k += 1;
        }
        n += 1;
    }
    table
};

/// The number of set bits of each byte of `x`, in that byte (the first three steps of
/// the usual SWAR bit count): multiplying the result by `0x0101_0101_0101_0101` sums the
/// counts of bytes 0 to `i` into byte `i`.
#[inline(always)]
pub const fn byte_counts(x: u64) -> u64 {
    let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    (x + (x >> 4)) & 0x0F0F_0F0F_0F0F_0F0F
}

/// The index of the set bit of rank `k` (from 0, lowest first) of `b`, or `Err(count)`
/// with the number of set bits when there are no more than `k`. A broadword select,
/// without a loop: the bits counted per byte ([`byte_counts`]), the counts summed up to
/// each byte, the byte holding the bit found by one comparison of all eight sums, then a
/// table for the bit within the byte.
#[inline]
pub const fn select(b: u64, k: u64) -> Result<u32, u32> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // Byte i of `sums`: the set bits in bytes 0 to i (at most 64, so no carries).
    let sums = byte_counts(b).wrapping_mul(ONES);
    let count = sums >> 56;
    if k >= count {
        return Err(count as u32);
    }
    // High bit of byte i set where sums[i] <= k: the bytes wholly before the bit.
    let before = ((k * ONES) | HIGH).wrapping_sub(sums) & HIGH;
    let shift = (!before & HIGH).trailing_zeros() & !7;
    let skipped = (sums << 8) >> shift & 0xFF;
    let byte = (b >> shift) & 0xFF;
    Ok(shift + SELECT_IN_BYTE[byte as usize][((k - skipped) & 7) as usize] as u32)
}

/// `SELECT_IN_BYTE[v][r]`: the position of the set bit of rank `r` of the byte `v`
/// (lowest first; 0 when there is none).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut v = 0;
    while v < 256 {
        let (mut r, mut bit) = (0, 0);
        while bit < 8 {
            if v & (1 << bit) != 0 {
                table[v][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        v += 1;
    }
    table
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The select finds what walking the bits finds, and says the count past the last.
    #[test]
    fn select_finds_what_walking_the_bits_finds() {
        let boards = [
            0u64,
            1,
            0x8000_0000_0000_0000,
            u64::MAX,
            0x0123_4567_89AB_CDEF,
            0xFF00_0000_0000_00F1,
            0x0000_8100_0000_0300,
        ];
        for b in boards {
            let walked: Vec<u8> = bits(b).collect();
            for k in 0..=66u64 {
                let expected = walked
                    .get(k as usize)
                    .map(|&i| u32::from(i))
                    .ok_or(b.count_ones());
                assert_eq!(select(b, k), expected, "bit {k} of {b:#x}");
            }
        }
        assert_eq!(select(1, u64::MAX), Err(1));
    }

    /// The byte counts are each byte's `count_ones`.
    #[test]
    fn byte_counts_count_each_byte() {
        for x in [0u64, u64::MAX, 0x0123_4567_89AB_CDEF, 0x8001_7F80_0000_00FF] {
            let counts = byte_counts(x).to_le_bytes();
            for (i, byte) in x.to_le_bytes().into_iter().enumerate() {
                assert_eq!(
                    u32::from(counts[i]),
                    byte.count_ones(),
                    "byte {i} of {x:#x}"
                );
            }
        }
    }

    /// The table and the product formula agree with Pascal's rule, past the table too.
    #[test]
    fn choose_follows_pascals_rule() {
        for n in 1..40u32 {
            assert_eq!(choose(n, 0), 1);
            assert_eq!(choose(n, n + 1), 0);
            for k in 1..=n {
                assert_eq!(
                    choose(n, k),
                    choose(n - 1, k - 1) + choose(n - 1, k),
                    "{n} {k}"
                );
            }
        }
        assert_eq!(choose(0, 0), 1);
        assert_eq!(choose(20, 3), 1140);
    }
}
