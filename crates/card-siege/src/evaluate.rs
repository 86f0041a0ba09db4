//! A quick static evaluation: [`Evaluate`].

use pyramid_core::{Evaluate, Game, Outcome, Seat};

use crate::card::code_suit;
use crate::state::{CardSiege, GONE, Phase};

/// Material value of a rank (index = rank value; the King is priceless and not counted).
const VALUE: [f64; 14] = [
    0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 3.0, 3.0, 3.0, 3.0, 4.0, 4.0, 0.0,
];

impl CardSiege {
    /// The material of `suit`'s cards still in play.
    fn material(&self, suit: usize) -> f64 {
        self.places[suit][..13]
            .iter()
            .enumerate()
            .filter(|&(_, &sq)| sq != GONE)
            .map(|(i, _)| VALUE[i + 1])
            .sum()
    }
}

impl Evaluate for CardSiege {
    /// Material (1 for A-6, 3 for 7-T, 4 for J and Q) minus the other seat's, ±5 for
    /// holding the top of a siege stack; ±1000 once won or lost, 0 for a draw.
    fn evaluate(&self, seat: Seat) -> f64 {
        let me = seat.index().min(1);
        match self.outcome() {
            Some(Outcome::Win(w)) => return if w.index() == me { 1000.0 } else { -1000.0 },
            Some(Outcome::Draw) => return 0.0,
            None => {}
        }
        let mut score = self.material(me) - self.material(1 - me);
        if self.phase == Phase::Siege {
            // Whoever holds the top of the stack is ahead in the siege.
            let top = code_suit(self.board[usize::from(self.siege)]);
            score += if top == me { 5.0 } else { -5.0 };
        }
        score
    }
}
