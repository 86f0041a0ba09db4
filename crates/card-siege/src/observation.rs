//! The observation tensor: [`Observation`].
//!
//! Shape `[33, 3, 15]`, entry `[plane, rank, file]` (rank 0 is Hearts' home row). "Own"
//! is the observer's suit, "other" the other suit.
//!
//! | planes | meaning |
//! |---|---|
//! | `r - 1` (0-12) | an own card of rank `r` (A = 1 ... K = 13) stands there (top or under) |
//! | `12 + r` (13-25) | an other card of rank `r` stands there |
//! | 26 | the siege square |
//! | 27 | the siege square, when the King under siege is the observer's |
//! | 28 | all 1 in a siege (the seat to act must answer) |
//! | 29 | all 1 when a King is to evacuate |
//! | 30 | all 1 when the observer is to act |
//! | 31, 32 | own and other opening turns left / 3, everywhere |
//!
//! Nothing is hidden.

use pyramid_core::{Game, Observation, Seat};

use crate::card::{code_rank, code_suit};
use crate::geometry::SQUARES;
use crate::rules::{OPENING_TURNS, Rules};
use crate::state::{CardSiege, NO_SIEGE, Phase};

/// The number of planes.
const PLANES: usize = 33;

impl Observation for CardSiege {
    fn observation_shape(_rules: &Rules) -> Vec<usize> {
        vec![PLANES, 3, 15]
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let me = seat.index().min(1);
        let mut set = |plane: usize, sq: usize| {
            if let Some(cell) = out.get_mut(plane * SQUARES + sq) {
                *cell = 1.0;
            }
        };
        let plane_of = |suit: usize, rank: u8| {
            let base = if suit == me { 0 } else { 13 };
            base + usize::from(rank).saturating_sub(1)
        };
        for (sq, &code) in self.board.iter().enumerate() {
            if code != 0 {
                set(plane_of(code_suit(code), code_rank(code)), sq);
            }
        }
        if self.siege != NO_SIEGE {
            let siege = usize::from(self.siege);
            let king = self.king_under_siege();
            set(plane_of(king, 13), siege);
            set(26, siege);
            if king == me {
                set(27, siege);
            }
        }
        let mut fill = |plane: usize, value: f32| {
            if let Some(slice) = out.get_mut(plane * SQUARES..(plane + 1) * SQUARES) {
                slice.fill(value);
            }
        };
        match self.phase {
            Phase::Siege => fill(28, 1.0),
            Phase::Evacuate => fill(29, 1.0),
            Phase::Normal => {}
        }
        if self.to_act() == Some(seat) {
            fill(30, 1.0);
        }
        let turns = f32::from(OPENING_TURNS);
        fill(31, f32::from(self.opening[me]) / turns);
        fill(32, f32::from(self.opening[1 - me]) / turns);
    }
}
