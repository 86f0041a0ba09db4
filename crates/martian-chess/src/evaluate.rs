//! A quick static evaluation: [`Evaluate`].

use pyramid_core::{Evaluate, Game, Seat};

use crate::MartianChess;

impl Evaluate for MartianChess {
    /// Once over: +1000 for the winner, -1000 for a loser, 0 for a draw (the called
    /// clock running out on equal scores). Before: the seat's score minus the best score
    /// among the other seats.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.outcome() {
            return match outcome.winner() {
                Some(winner) if winner == seat => 1000.0,
                Some(_) => -1000.0,
                None => 0.0,
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
