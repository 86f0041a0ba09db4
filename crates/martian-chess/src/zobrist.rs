//! Zobrist keys: one random number per piece size on each square, the rest (seat to act,
//! scores, passes, the crossing rule, plies, and under `clock=on` the clock) mixed in;
//! incremental over the bitboards.

use pyramid_core::{Zobrist, zobrist_bits, zobrist_mix, zobrist_table};

use crate::state::MartianChess;

/// One key per (size, square), 64 squares a size.
const PIECES: [u64; 3 * 64] = zobrist_table(0x4D41_5254_4941_4E31);

impl MartianChess {
    /// The key of everything but the pieces.
    fn scalar_key(&self) -> u64 {
        let crossing = self
            .crossing
            .map_or(0, |(from, to)| 1 + (u64::from(from) << 8) + u64::from(to));
        let mut key = zobrist_mix(1, u64::from(self.to_move))
            ^ zobrist_mix(2, u64::from(self.passes))
            ^ zobrist_mix(3, crossing)
            ^ zobrist_mix(4, u64::from(self.plies));
        for (seat, &score) in self.scores.iter().enumerate() {
            key ^= zobrist_mix(10 + seat as u64, u64::from(score));
        }
        if self.rules.clock() {
            // Only under `clock=on`, so that the default rules keep their keys.
            key ^= zobrist_mix(5, u64::from(self.quiet))
                ^ zobrist_mix(6, self.countdown.map_or(0, |left| 1 + u64::from(left)));
        }
        key
    }
}

impl Zobrist for MartianChess {
    fn key(&self) -> u64 {
        let mut key = self.scalar_key();
        for (size, &bits) in self.pieces.iter().enumerate() {
            key ^= zobrist_bits(&PIECES, size * 64, bits);
        }
        key
    }

    /// Only the squares whose bits changed, and the scalars.
    fn key_after(&self, key: u64, after: &Self) -> u64 {
        let mut key = key ^ self.scalar_key() ^ after.scalar_key();
        for size in 0..3 {
            key ^= zobrist_bits(&PIECES, size * 64, self.pieces[size] ^ after.pieces[size]);
        }
        key
    }
}
