//! Board geometry: 15 files by 3 ranks, square indices, and the capture-pattern tables
//! (as 64-bit square sets) computed at compile time from [`Rank::pattern`] (which pattern
//! a card has) and [`pattern_targets`] (where each pattern reaches).

use pyramid_core::{Bitboard, Grid, Square};

use crate::card::{Card, Pattern, Rank};

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

/// The squares a card of `pattern` whose suit moves `forward` (+1 up, -1 down) captures
/// onto from the square of file `f` and rank `r`: the rulings' capture patterns.
const fn pattern_targets(pattern: Pattern, forward: i32, f: i32, r: i32) -> u64 {
    match pattern {
        // One square orthogonally.
        Pattern::Soldier | Pattern::King => {
            on(f - 1, r) | on(f + 1, r) | on(f, r - 1) | on(f, r + 1)
        }
        // One rank forward, one or two files sideways.
        Pattern::Pikeman => {
            on(f - 2, r + forward)
                | on(f - 1, r + forward)
                | on(f + 1, r + forward)
                | on(f + 2, r + forward)
        }
        // Same rank, one or two files sideways.
        Pattern::Flanker => on(f - 2, r) | on(f - 1, r) | on(f + 1, r) | on(f + 2, r),
        // Diagonally, one or two squares, forward or backward.
        Pattern::Archer => {
            on(f - 1, r - 1)
                | on(f + 1, r - 1)
                | on(f - 1, r + 1)
                | on(f + 1, r + 1)
                | on(f - 2, r - 2)
                | on(f + 2, r - 2)
                | on(f - 2, r + 2)
                | on(f + 2, r + 2)
        }
    }
}

/// The number of capture kinds: the patterns told apart by where they reach (soldiers
/// and Kings reach alike; a pikeman's reach depends on its suit's forward).
pub(crate) const KINDS: usize = 5;

/// The capture kind of a pattern for a card of suit index `suit`: 0 orthogonal (soldiers
/// and Kings), 1 Hearts' pikemen, 2 Spades' pikemen, 3 flankers, 4 archers.
const fn kind_of(pattern: Pattern, suit: usize) -> usize {
    match pattern {
        Pattern::Soldier | Pattern::King => 0,
        Pattern::Pikeman => 1 + suit,
        Pattern::Flanker => 3,
        Pattern::Archer => 4,
    }
}

/// A kind's suit forward (Spades' pikemen capture downwards; the other kinds are
/// symmetric).
const fn forward_of(kind: usize) -> i32 {
    if kind == 2 { -1 } else { 1 }
}

/// The pattern of each kind (the first rank with that kind).
const fn pattern_of_kind(kind: usize) -> Pattern {
    match kind {
        0 => Pattern::Soldier,
        1 | 2 => Pattern::Pikeman,
        3 => Pattern::Flanker,
        _ => Pattern::Archer,
    }
}

/// `KIND[suit][rank]`: the capture kind of the card of suit index `suit` and rank value
/// `rank` (1 to 13; the other entries are unused), from [`Rank::pattern`].
pub(crate) const KIND: [[u8; 16]; 2] = {
    let mut table = [[0u8; 16]; 2];
    let mut suit = 0;
    while suit < 2 {
        let mut value = 1;
        while value <= 13 {
            if let Some(rank) = Rank::new(value) {
                table[suit][value as usize] = kind_of(rank.pattern(), suit) as u8;
            }
            value += 1;
        }
        suit += 1;
    }
    table
};

/// `target_table()[kind][sq]`: the squares a card of capture kind `kind` on `sq` captures
/// onto (see [`KIND`]), from [`pattern_targets`].
pub(crate) const fn target_table() -> [[u64; SQUARES]; KINDS] {
    let mut out = [[0u64; SQUARES]; KINDS];
    let mut kind = 0;
    while kind < KINDS {
        let mut i = 0;
        while i < SQUARES {
            let (f, r) = ((i % WIDTH) as i32, (i / WIDTH) as i32);
            out[kind][i] = pattern_targets(pattern_of_kind(kind), forward_of(kind), f, r);
            i += 1;
        }
        kind += 1;
    }
    out
}

/// [`target_table`], for look-ups at run time.
pub(crate) static TARGETS: [[u64; SQUARES]; KINDS] = target_table();

/// `ATTACKERS[suit][sq]`: the squares from which some card of suit index `suit` could
/// capture onto `sq` (the union of the reversed [`TARGETS`] of the suit's kinds).
pub(crate) static ATTACKERS: [[u64; SQUARES]; 2] = {
    let targets = target_table();
    let mut out = [[0u64; SQUARES]; 2];
    let mut suit = 0;
    while suit < 2 {
        let mut kind = 0;
        while kind < KINDS {
            // Kind 1 is Hearts' pikemen only, kind 2 Spades'.
            if !(kind == 1 && suit == 1) && !(kind == 2 && suit == 0) {
                let mut from = 0;
                while from < SQUARES {
                    let mut to = 0;
                    while to < SQUARES {
                        if targets[kind][from] >> to & 1 == 1 {
                            out[suit][to] |= 1 << from;
                        }
                        to += 1;
                    }
                    from += 1;
                }
            }
            kind += 1;
        }
        suit += 1;
    }
    out
};

/// The squares a card of suit index `suit` and rank value `rank` on `from` captures onto.
#[inline(always)]
pub(crate) fn targets(suit: usize, rank: u8, from: usize) -> u64 {
    TARGETS[usize::from(KIND[suit & 1][usize::from(rank & 15)])][from]
}

/// The squares `card` on `from` attacks, whatever stands on them: its rank's capture
/// pattern, from [`targets`] (what move generation captures with).
pub(crate) fn attacked_squares(card: Card, from: Square) -> impl Iterator<Item = Square> {
    Bitboard(targets(
        card.suit.index(),
        card.rank.value(),
        index_of(from),
    ))
    .into_iter()
    .map(|i| square_of(i as usize))
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
        let [orth, pike_hearts, pike_spades, flank, archer] = &TARGETS;
        // a1: orthogonal b1, a2.
        assert_eq!(orth[0], (1 << 1) | (1 << 15));
        // Hearts pikeman on c1 hits a2, b2, d2, e2; Spades' from c3 hits the same.
        assert_eq!(
            pike_hearts[2],
            (1 << 15) | (1 << 16) | (1 << 18) | (1 << 19)
        );
        assert_eq!(pike_spades[32], pike_hearts[2]);
        assert_eq!(pike_hearts[32], 0);
        // Archer on g1 (6): f2, h2, e3, i3.
        assert_eq!(archer[6], (1 << 20) | (1 << 22) | (1 << 34) | (1 << 38));
        assert_eq!(flank[7].count_ones(), 4);
        assert_eq!(targets(0, 7, 2), pike_hearts[2]);
        assert_eq!(targets(1, 8, 32), pike_spades[32]);
        assert_eq!(targets(1, 13, 0), orth[0]);
        assert_eq!(targets(0, 1, 0), orth[0]);
        assert_eq!(targets(0, 10, 7), flank[7]);
        assert_eq!(targets(1, 12, 6), archer[6]);
        assert_eq!(passed_files(2, 5), 0b111000);
        assert_eq!(passed_files(5, 2), 0b11100);
        for sq in 0..SQUARES {
            assert_eq!(index_of(square_of(sq)), sq);
            for suit in 0..2 {
                // Some card of the suit attacks `sq` from exactly the attacker squares.
                let from_any: u64 = (0..SQUARES)
                    .filter(|&from| (1..=13).any(|rank| targets(suit, rank, from) >> sq & 1 == 1))
                    .map(|from| 1u64 << from)
                    .sum();
                assert_eq!(ATTACKERS[suit][sq], from_any, "square {sq}, suit {suit}");
            }
        }
    }
}
