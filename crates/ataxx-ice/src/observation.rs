//! The observation tensor: [`Observation`].
//!
//! Shape `[28, size, size]` (`size` the board's side, 5 to 8), entry
//! `[plane, rank, file]`. Seats are numbered from the observer: offset `k` is seat
//! `(observer + k) mod seats`.
//!
//! - planes `3 * k + s` (0-11): a piece of size `s` (small 0, medium 1, large 2) of the
//!   seat at offset `k` stands on the square;
//! - planes `12 + k` (12-15): all 1 when the seat at offset `k` is to act;
//! - planes `16 + 3 * k + s` (16-27): the stash of size `s` of the seat at offset `k`,
//!   divided by 5, on every square.
//!
//! Offsets at or past the seat count are all 0. Nothing is hidden.

use pyramid_core::{
    Bitboard, DensePlanes, Game, Observation, PlaneWriter, RuleSet, Seat, SparseObservation,
};

use crate::rules::Rules;
use crate::state::{AtaxxIce, PIECES_PER_SIZE};

/// The number of planes.
const PLANES: usize = 28;

impl Observation for AtaxxIce {
    fn observation_shape(rules: &Rules) -> Vec<usize> {
        let n = usize::from(rules.size());
        vec![PLANES, n, n]
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        let n = usize::from(self.rules.size());
        self.write_planes(seat, &mut DensePlanes::new(out, n * n));
    }

    fn write_sparse_observation(&self, seat: Seat, out: &mut SparseObservation) -> bool {
        out.clear();
        self.write_planes(seat, out);
        true
    }
}

impl AtaxxIce {
    /// The observation's planes (the table above) for `seat`, into `planes`.
    fn write_planes<W: PlaneWriter>(&self, seat: Seat, planes: &mut W) {
        let n = usize::from(self.rules.size());
        let seats = self.rules.seats();
        let to_act = self.to_act();
        for k in 0..seats {
            let s = (seat.index() + k) % seats;
            if to_act == Some(Seat(s as u8)) {
                planes.fill(12 + k, 1.0);
            }
            for size in 0..3 {
                let stash = self.stash_of(s, size) as f32 / f32::from(PIECES_PER_SIZE);
                planes.fill(16 + 3 * k + size, stash);
            }
        }
        for k in 0..seats {
            let s = (seat.index() + k) % seats;
            for size in 0..3 {
                for bit in Bitboard(self.pieces[s][size]) {
                    let (file, rank) = ((bit % 8) as usize, (bit / 8) as usize);
                    planes.set(3 * k + size, rank * n + file, 1.0);
                }
            }
        }
    }
}
