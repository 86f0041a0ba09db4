//! Zobrist keys: one random number per (seat, size, square), the rest (seat to act, the
//! result, plies) mixed in; incremental over the bitboards.

use pyramid_core::{Zobrist, zobrist_bits, zobrist_mix, zobrist_table};

use crate::state::AtaxxIce;

/// One key per (seat, size, square), 64 squares a bitboard.
const PIECES: [u64; 4 * 3 * 64] = zobrist_table(0x4154_4158_5849_4345);

impl AtaxxIce {
    /// The key of everything but the pieces.
    fn scalar_key(&self) -> u64 {
        zobrist_mix(1, u64::from(self.to_move))
            ^ zobrist_mix(2, u64::from(self.result))
            ^ zobrist_mix(3, u64::from(self.plies))
    }
}

impl Zobrist for AtaxxIce {
    fn key(&self) -> u64 {
        let mut key = self.scalar_key();
        for (seat, sizes) in self.pieces.iter().enumerate() {
            for (size, &bits) in sizes.iter().enumerate() {
                key ^= zobrist_bits(&PIECES, (seat * 3 + size) * 64, bits);
            }
        }
        key
    }

    /// Only the squares whose bits changed, and the scalars.
    fn key_after(&self, key: u64, after: &Self) -> u64 {
        let mut key = key ^ self.scalar_key() ^ after.scalar_key();
        for seat in 0..4 {
            for size in 0..3 {
                let changed = self.pieces[seat][size] ^ after.pieces[seat][size];
                if changed != 0 {
                    key ^= zobrist_bits(&PIECES, (seat * 3 + size) * 64, changed);
                }
            }
        }
        key
    }
}
