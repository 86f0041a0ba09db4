//! Zobrist keys: one random number per (square, card) on the board; the rest (the
//! suits' layouts with the cards under a siege, the loop rule's history, the siege, the
//! phase, the seat to act, the opening turns, plies) hashed in as one feature. From
//! scratch: a move changes the history as well as the board, so an update saves little.

use pyramid_core::{Zobrist, zobrist_of, zobrist_table};

use crate::geometry::SQUARES;
use crate::state::CardSiege;

/// One key per (square, card code); codes are below 32.
const CARDS: [u64; SQUARES * 32] = zobrist_table(0x4341_5244_5349_4547);

impl Zobrist for CardSiege {
    fn key(&self) -> u64 {
        let mut key = zobrist_of(
            1,
            &(
                self.places,
                self.hist1,
                self.hist2,
                self.siege,
                self.phase,
                self.to_move,
                self.opening,
                self.plies,
            ),
        );
        for (square, &code) in self.board.iter().enumerate() {
            if code != 0 {
                key ^= CARDS[square * 32 + usize::from(code & 31)];
            }
        }
        key
    }
}
