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

use pyramid_core::{DensePlanes, Game, Observation, PlaneWriter, Seat, SparseObservation};

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
        self.write_planes(seat, &mut DensePlanes::new(out, SQUARES));
    }

    fn write_sparse_observation(&self, seat: Seat, out: &mut SparseObservation) -> bool {
        out.clear();
        self.write_planes(seat, out);
        true
    }
}

impl CardSiege {
    /// The observation's planes (the table above) for `seat`, into `planes`.
    fn write_planes<W: PlaneWriter>(&self, seat: Seat, planes: &mut W) {
        let me = seat.index().min(1);
        let plane_of = |suit: usize, rank: u8| {
            let base = if suit == me { 0 } else { 13 };
            base + usize::from(rank).saturating_sub(1)
        };
        for (sq, &code) in self.board.iter().enumerate() {
            if code != 0 {
                planes.set(plane_of(code_suit(code), code_rank(code)), sq, 1.0);
            }
        }
        if self.siege != NO_SIEGE {
            let siege = usize::from(self.siege);
            let king = self.king_under_siege();
            planes.set(plane_of(king, 13), siege, 1.0);
            planes.set(26, siege, 1.0);
            if king == me {
                planes.set(27, siege, 1.0);
            }
        }
        match self.phase {
            Phase::Siege => planes.fill(28, 1.0),
            Phase::Evacuate => planes.fill(29, 1.0),
            Phase::Normal => {}
        }
        if self.to_act() == Some(seat) {
            planes.fill(30, 1.0);
        }
        let turns = f32::from(OPENING_TURNS);
        planes.fill(31, f32::from(self.opening[me]) / turns);
        planes.fill(32, f32::from(self.opening[1 - me]) / turns);
    }
}
