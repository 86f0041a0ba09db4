//! A quick static evaluation: [`Evaluate`].

use pyramid_core::{Evaluate, Seat};

use crate::state::Stacktrices;

impl Evaluate for Stacktrices {
    /// Material: each stack is worth 3, plus its movement pips, plus 1.5 per skill piece;
    /// the seat's total minus the other side's.
    fn evaluate(&self, seat: Seat) -> f64 {
        let mut score = [0.0f64; 2];
        for (_, st) in self.stacks() {
            let p = st.pieces();
            let value = 3.0 + f64::from(p.movement_pips()) + 1.5 * f64::from(p.skills());
            score[usize::from(st.owner)] += value;
        }
        let me = seat.index() & 1;
        score[me] - score[me ^ 1]
    }
}
