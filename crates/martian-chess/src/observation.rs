//! The observation tensor: [`Observation`].
//!
//! Shape `[9, height, width]` (`[9, 8, 4]` for two seats, `[9, 8, 8]` for four), cell
//! `rank * width + file` of each plane:
//! 0-2: a pawn, drone, queen stands there; 3: the observer's zone; 4: the zone of the seat
//! to act (all zero once the game is over); 5-6: the from and to squares of the last canal
//! crossing (the two-seat no-undo rule); 7: the observer's score / 72 everywhere; 8: the
//! best score among the other seats / 72 everywhere. Under the rule option `clock=on`
//! two more planes (shape `[11, height, width]`): 9: the plies without a capture, up to
//! 7, / 7 everywhere (1: the clock may be called, unless it runs); 10: the plies left on
//! the called clock / 7 everywhere (0 while it does not run). Nothing is hidden.

use pyramid_core::{DensePlanes, Game, Observation, PlaneWriter, RuleSet, Seat, SparseObservation};

use crate::rules::CLOCK_PLIES;
use crate::{MartianChess, Rules};

/// The number of planes.
const PLANES: usize = 9;
/// The planes added under `clock=on`.
const CLOCK_PLANES: usize = 2;
/// The most pips one seat's score can reach (four seats' pieces).
const MAX_SCORE: f32 = 72.0;

impl Observation for MartianChess {
    fn observation_shape(rules: &Rules) -> Vec<usize> {
        let width = if rules.seats() == 4 { 8 } else { 4 };
        let planes = if rules.clock() {
            PLANES + CLOCK_PLANES
        } else {
            PLANES
        };
        vec![planes, 8, width]
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let cells = self.cells();
        self.write_planes(seat, &mut DensePlanes::new(out, cells));
    }

    fn write_sparse_observation(&self, seat: Seat, out: &mut SparseObservation) -> bool {
        out.clear();
        self.write_planes(seat, out);
        true
    }
}

impl MartianChess {
    /// The cells of a plane: the board's squares.
    fn cells(&self) -> usize {
        let layout = self.layout();
        usize::from(layout.width) * usize::from(layout.height)
    }

    /// The observation's planes (the table above) for `seat`, into `planes`.
    fn write_planes<W: PlaneWriter>(&self, seat: Seat, planes: &mut W) {
        let layout = self.layout();
        let set = |planes: &mut W, plane: usize, mask: u64| {
            for sq in pyramid_core::Bitboard(mask) {
                planes.set(plane, sq as usize, 1.0);
            }
        };
        for (plane, &pieces) in self.pieces.iter().enumerate() {
            set(planes, plane, pieces);
        }
        let zone = |s: u8| layout.zones.get(usize::from(s)).copied().unwrap_or(0);
        set(planes, 3, zone(seat.0));
        if let Some(mover) = self.to_act() {
            set(planes, 4, zone(mover.0));
        }
        if let Some((from, to)) = self.crossing {
            set(planes, 5, 1u64 << from);
            set(planes, 6, 1u64 << to);
        }
        let own = self.score(seat) as f32 / MAX_SCORE;
        let best_other = Seat::all(self.seats())
            .filter(|&s| s != seat)
            .map(|s| self.score(s))
            .max()
            .unwrap_or(0) as f32
            / MAX_SCORE;
        planes.fill(7, own);
        planes.fill(8, best_other);
        if self.rules.clock() {
            let clock = f32::from(CLOCK_PLIES);
            planes.fill(9, f32::from(self.quiet.min(CLOCK_PLIES)) / clock);
            planes.fill(10, f32::from(self.countdown.unwrap_or(0)) / clock);
        }
    }
}
