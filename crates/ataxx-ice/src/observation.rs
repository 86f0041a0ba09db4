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

use pyramid_core::{Bitboard, Game, Observation, RuleSet, Seat};

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
        out.fill(0.0);
        let n = usize::from(self.rules.size());
        let cells = n * n;
        let seats = self.rules.seats();
        let mut fill = |plane: usize, value: f32| {
            if let Some(slice) = out.get_mut(plane * cells..(plane + 1) * cells) {
                slice.fill(value);
            }
        };
        let to_act = self.to_act();
        for k in 0..seats {
            let s = (seat.index() + k) % seats;
            if to_act == Some(Seat(s as u8)) {
                fill(12 + k, 1.0);
            }
            for size in 0..3 {
                let stash = self.stash_of(s, size) as f32 / f32::from(PIECES_PER_SIZE);
                fill(16 + 3 * k + size, stash);
            }
        }
        for k in 0..seats {
            let s = (seat.index() + k) % seats;
            for size in 0..3 {
                for bit in Bitboard(self.pieces[s][size]) {
                    let (file, rank) = ((bit % 8) as usize, (bit / 8) as usize);
                    let index = (3 * k + size) * cells + rank * n + file;
                    if let Some(cell) = out.get_mut(index) {
                        *cell = 1.0;
                    }
                }
            }
        }
    }
}
