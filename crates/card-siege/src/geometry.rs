//! Board geometry: 15 files by 3 ranks, square indices, and the capture-pattern tables
//! (as 64-bit square sets) computed at compile time.

use pyramid_core::{Grid, Square};

/// Files per rank.
pub(crate) const WIDTH: usize = 15;
/// Squares on the board.
pub(crate) const SQUARES: usize = 45;
/// The neutral row's 0-based rank.
pub(crate) const NEUTRAL: usize = 1;
/// The board as a [`Grid`].
pub const GRID: Grid = Grid::new(15, 3);

/// The square of index `i` (0..45).
pub(crate) const fn square_of(i: usize) -> Square {
    Square::new((i % WIDTH) as u8, (i / WIDTH) as u8)
}

/// The index of a square on the board.
pub(crate) const fn index_of(sq: Square) -> usize {
    sq.rank() as usize * WIDTH + sq.file() as usize
}

const fn on(file: i32, rank: i32) -> u64 {
    if file >= 0 && file < WIDTH as i32 && rank >= 0 && rank < 3 {
        1u64 << (rank as usize * WIDTH + file as usize)
    } else {
        0
    }
}

/// The pattern table of `kind` (0 orthogonal, 1 pikeman with rank step `forward`, 2
/// flanker, 3 archer): each square's target squares as a set.
pub(crate) const fn table(kind: u8, forward: i32) -> [u64; SQUARES] {
    let mut out = [0u64; SQUARES];
    let mut i = 0;
    while i < SQUARES {
        let f = (i % WIDTH) as i32;
        let r = (i / WIDTH) as i32;
        out[i] = match kind {
            // Orthogonal step (soldiers and Kings).
            0 => on(f - 1, r) | on(f + 1, r) | on(f, r - 1) | on(f, r + 1),
            // Pikeman: one rank forward, one or two files sideways.
            1 => {
                on(f - 2, r + forward)
                    | on(f - 1, r + forward)
                    | on(f + 1, r + forward)
                    | on(f + 2, r + forward)
            }
            // Flanker: same rank, one or two files sideways.
            2 => on(f - 2, r) | on(f - 1, r) | on(f + 1, r) | on(f + 2, r),
            // Archer: diagonals at distance one or two.
            _ => {
                on(f - 1, r - 1)
                    | on(f + 1, r - 1)
                    | on(f - 1, r + 1)
                    | on(f + 1, r + 1)
                    | on(f - 2, r - 2)
                    | on(f + 2, r - 2)
                    | on(f - 2, r + 2)
                    | on(f + 2, r + 2)
            }
        };
        i += 1;
    }
    out
}

/// Orthogonal neighbours (soldier and King captures; symmetric).
pub(crate) static ORTH: [u64; SQUARES] = table(0, 0);
/// Flanker targets (symmetric).
pub(crate) static FLANK: [u64; SQUARES] = table(2, 0);
/// Archer targets (symmetric).
pub(crate) static ARCHER: [u64; SQUARES] = table(3, 0);
/// Pikeman targets by suit (Hearts forward is up, Spades down).
pub(crate) static PIKE_TO: [[u64; SQUARES]; 2] = [table(1, 1), table(1, -1)];
/// Squares from which a pikeman of the suit attacks the square (the reverse pattern).
pub(crate) static PIKE_FROM: [[u64; SQUARES]; 2] = [table(1, -1), table(1, 1)];

/// The squares a card of suit `suit` and rank value `rank` on `from` captures onto.
#[inline(always)]
pub(crate) fn targets(suit: usize, rank: u8, from: usize) -> u64 {
    match rank {
        7 | 8 => PIKE_TO[suit][from],
        9 | 10 => FLANK[from],
        11 | 12 => ARCHER[from],
        _ => ORTH[from],
    }
}

/// Files strictly after `from` up to `to` included, in either direction, as a 15-bit
/// file mask (the "passed" files of a slide).
#[inline(always)]
pub(crate) fn passed_files(from: usize, to: usize) -> u16 {
    let (lo, hi) = if to > from {
        (from + 1, to)
    } else {
        (to, from - 1)
    };
    (((1u32 << (hi + 1)) - (1u32 << lo)) & 0x7fff) as u16
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[allow(clippy::needless_range_loop)]
    fn pattern_tables_match_hand_counts() {
        // a1: orthogonal b1, a2.
        assert_eq!(ORTH[0], (1 << 1) | (1 << 15));
        // Hearts pikeman on c1 hits a2, b2, d2, e2; Spades' from c3 hits the same.
        assert_eq!(PIKE_TO[0][2], (1 << 15) | (1 << 16) | (1 << 18) | (1 << 19));
        assert_eq!(PIKE_TO[1][32], PIKE_TO[0][2]);
        assert_eq!(PIKE_TO[0][32], 0);
        // Archer on g1 (6): f2, h2, e3, i3.
        assert_eq!(ARCHER[6], (1 << 20) | (1 << 22) | (1 << 34) | (1 << 38));
        assert_eq!(FLANK[7].count_ones(), 4);
        assert_eq!(passed_files(2, 5), 0b111000);
        assert_eq!(passed_files(5, 2), 0b11100);
        for sq in 0..SQUARES {
            assert_eq!(index_of(square_of(sq)), sq);
            for t in 0..SQUARES {
                let a = PIKE_TO[0][sq] >> t & 1;
                let b = PIKE_FROM[0][t] >> sq & 1;
                assert_eq!(a, b);
            }
        }
    }
}
