//! A quick static evaluation: [`Evaluate`].

use pyramid_core::{Evaluate, Game, Outcome, RuleSet, Seat};

use crate::state::AtaxxIce;

impl Evaluate for AtaxxIce {
    /// Material: the seat's pips on the board minus the best opponent's; a won game is
    /// worth 1000, a lost one -1000, a draw 0.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.outcome() {
            return match outcome {
                Outcome::Draw => 0.0,
                Outcome::Win(w) if w == seat => 1000.0,
                Outcome::Win(_) => -1000.0,
            };
        }
        let pips = |s: usize| -> f64 {
            (0..3)
                .map(|size| f64::from(self.pieces[s][size].count_ones()) * (size as f64 + 1.0))
                .sum()
        };
        let best_other = (0..self.rules.seats())
            .filter(|&s| s != seat.index())
            .map(pips)
            .fold(0.0, f64::max);
        pips(seat.index().min(3)) - best_other
    }
}
