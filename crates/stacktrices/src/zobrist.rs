//! Zobrist keys: one feature per occupied square (the stack on it: owner, base, pieces),
//! the rest (stores, thieves, bars, the decision pending, plies, ...) hashed in as one
//! feature. From scratch: a turn's several decisions touch many fields.

use pyramid_core::{Zobrist, zobrist_of};

use crate::state::Stacktrices;

impl Zobrist for Stacktrices {
    fn key(&self) -> u64 {
        let mut key = zobrist_of(
            1,
            &(
                self.store,
                self.held,
                self.thief,
                self.bar,
                self.exposed,
                self.decision,
                self.raid_due,
                self.lander,
                self.turn,
                self.plies,
                self.over,
            ),
        );
        for (square, stack) in self.board.iter().enumerate() {
            if let Some(stack) = stack {
                key ^= zobrist_of(100 + square as u64, stack);
            }
        }
        key
    }
}
