//! The observation tensor: [`Observation`], computed from the seat's view only.
//!
//! Shape `[40, 7, 7]`, entry `[plane, rank, file]`. "Own" is the observer's side.
//!
//! | planes | meaning |
//! |---|---|
//! | 0, 1 | an own, an other stack on the square |
//! | 2, 3 | the stack's base is a drone, a queen |
//! | 4-9 | the stack's count of `P D Q p d q`, each divided by that kind's total (4 4 3 4 4 3) |
//! | 10 | the observer's thief |
//! | 11 | the squares where the other side's thief may be (one square once it is known) |
//! | 12, 13 | all 1 when the own, the other thief is exposed (Variant 1) |
//! | 14, 15 | the own, the other side's last raider |
//! | 16-21 | the store's count of each kind / its total, everywhere |
//! | 22-31 | the pending decision, one-hot (setup hide, place, main, steal, optional steal, victim's hide, raid, re-hide, trade, over), everywhere |
//! | 32 | all 1 when the observer is to act |
//! | 33 | the stack that moved there this turn (a pending raid or optional steal) |
//! | 34-39 | the pieces held for a steal, per kind / its total, everywhere |

use pyramid_core::bits::bits;
use pyramid_core::{Game, Information, Observation, Seat};

use crate::geometry::{Base, SQUARES};
use crate::piece::Piece;
use crate::rules::Rules;
use crate::state::{Decision, Stacktrices};

/// The number of planes.
const PLANES: usize = 40;

/// The plane of each decision, from 22.
fn decision_plane(decision: Decision) -> usize {
    22 + match decision {
        Decision::SetupHide => 0,
        Decision::Place => 1,
        Decision::Main => 2,
        Decision::Steal => 3,
        Decision::OptionalSteal => 4,
        Decision::VictimHide => 5,
        Decision::Raid => 6,
        Decision::Rehide => 7,
        Decision::Trade => 8,
        Decision::Over => 9,
    }
}

impl Observation for Stacktrices {
    fn observation_shape(_rules: &Rules) -> Vec<usize> {
        vec![PLANES, 7, 7]
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        let view = self.view(seat);
        let state = &view.state;
        let me = usize::from(view.seat);
        let mut put = |plane: usize, sq: u8, value: f32| {
            if let Some(cell) = out.get_mut(plane * SQUARES + usize::from(sq)) {
                *cell = value;
            }
        };
        for (sq, stack) in state.board.iter().enumerate() {
            let Some(stack) = stack else { continue };
            let sq = sq as u8;
            put(usize::from(usize::from(stack.owner) != me), sq, 1.0);
            put(if stack.base == Base::Drone { 2 } else { 3 }, sq, 1.0);
            for piece in Piece::ALL {
                let total = f32::from(Piece::TOTALS[piece.index()]);
                let count = f32::from(stack.pieces.count(piece));
                put(4 + piece.index(), sq, count / total);
            }
        }
        if let Some(thief) = state.thief[me] {
            put(10, thief, 1.0);
        }
        for sq in bits(view.candidates) {
            put(11, sq, 1.0);
        }
        for (plane, side) in [(14, me), (15, me ^ 1)] {
            if let Some(raider) = state.bar[side] {
                put(plane, raider, 1.0);
            }
        }
        if let Some(lander) = state.lander {
            put(33, lander, 1.0);
        }
        let mut fill = |plane: usize, value: f32| {
            if let Some(slice) = out.get_mut(plane * SQUARES..(plane + 1) * SQUARES) {
                slice.fill(value);
            }
        };
        for (plane, side) in [(12, me), (13, me ^ 1)] {
            if state.exposed[side] {
                fill(plane, 1.0);
            }
        }
        for piece in Piece::ALL {
            let total = f32::from(Piece::TOTALS[piece.index()]);
            fill(
                16 + piece.index(),
                f32::from(state.store.count(piece)) / total,
            );
            fill(
                34 + piece.index(),
                f32::from(state.held.count(piece)) / total,
            );
        }
        fill(decision_plane(state.decision), 1.0);
        if self.to_act() == Some(seat) {
            fill(32, 1.0);
        }
    }
}
