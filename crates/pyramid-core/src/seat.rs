//! Seats (players) and game outcomes.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A seat at the table, numbered from 0. Seat 0 moves first unless a game says otherwise.
///
/// ```
/// use pyramid_core::Seat;
/// let s: Seat = "1".parse().unwrap();
/// assert_eq!(s.index(), 1);
/// assert_eq!(s.next(2), Seat(0));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat number as an index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order among `seats` seats.
    pub const fn next(self, seats: usize) -> Seat {
        Seat(((self.0 as usize + 1) % seats) as u8)
    }

    /// All seats of a game of `seats` seats, in order.
    pub fn all(seats: usize) -> impl Iterator<Item = Seat> {
        (0..seats).map(|i| Seat(i as u8))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for Seat {
    type Err = std::num::ParseIntError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Seat)
    }
}

/// How a finished game ended.
///
/// Every game of this workspace ends with one winner or a draw. Per-seat returns, as
/// OpenSpiel reports them, come from [`Outcome::reward`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// One seat won; every other seat lost.
    Win(Seat),
    /// Nobody won.
    Draw,
}

impl Outcome {
    /// The winning seat, if any.
    pub const fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Win(seat) => Some(seat),
            Outcome::Draw => None,
        }
    }

    /// The return for `seat` in `[0, 1]`: 1 for the winner, 0 for a loser, 0.5 for a draw.
    ///
    /// ```
    /// use pyramid_core::{Outcome, Seat};
    /// assert_eq!(Outcome::Win(Seat(1)).reward(Seat(1)), 1.0);
    /// assert_eq!(Outcome::Win(Seat(1)).reward(Seat(0)), 0.0);
    /// assert_eq!(Outcome::Draw.reward(Seat(0)), 0.5);
    /// ```
    pub fn reward(self, seat: Seat) -> f64 {
        match self {
            Outcome::Win(w) if w == seat => 1.0,
            Outcome::Win(_) => 0.0,
            Outcome::Draw => 0.5,
        }
    }

    /// The returns of all `seats` seats, indexed by seat.
    pub fn rewards(self, seats: usize) -> Vec<f64> {
        Seat::all(seats).map(|s| self.reward(s)).collect()
    }

    /// Zero-sum returns of all `seats` seats, as OpenSpiel expects them: +1 for the winner,
    /// `-1 / (seats - 1)` for each loser, 0 for everyone in a draw.
    ///
    /// ```
    /// use pyramid_core::{Outcome, Seat};
    /// assert_eq!(Outcome::Win(Seat(1)).zero_sum_returns(2), [-1.0, 1.0]);
    /// assert_eq!(Outcome::Win(Seat(0)).zero_sum_returns(3), [1.0, -0.5, -0.5]);
    /// assert_eq!(Outcome::Draw.zero_sum_returns(2), [0.0, 0.0]);
    /// ```
    pub fn zero_sum_returns(self, seats: usize) -> Vec<f64> {
        let loss = -1.0 / seats.saturating_sub(1).max(1) as f64;
        Seat::all(seats)
            .map(|s| match self {
                Outcome::Win(w) if w == s => 1.0,
                Outcome::Win(_) => loss,
                Outcome::Draw => 0.0,
            })
            .collect()
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win(seat) => write!(f, "seat {seat} wins"),
            Outcome::Draw => write!(f, "draw"),
        }
    }
}
