//! A quick static evaluation: [`Evaluate`].

use pyramid_core::{Evaluate, Game, Seat};

use crate::MartianChess;

impl Evaluate for MartianChess {
    /// Once over: +1000 for the winner, -1000 otherwise. Before: the seat's score minus
    /// the best score among the other seats.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.outcome() {
            return if outcome.winner() == Some(seat) {
                1000.0
            } else {
                -1000.0
            };
        }
        let own = f64::from(self.score(seat));
        let best_other = Seat::all(self.seats())
            .filter(|&s| s != seat)
            .map(|s| self.score(s))
            .max()
            .unwrap_or(0);
        own - f64::from(best_other)
    }
}
