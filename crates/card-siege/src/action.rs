//! Actions and their notation: `from-to` for slides, ascents and evacuations, `fromxto`
//! for captures (siege answers included).

use std::fmt;
use std::str::FromStr;

use pyramid_core::{ActionParseError, Square};

use crate::geometry::{GRID, index_of, square_of};

/// One decision: a card moves from one square to another, either as a step (slide,
/// ascent or evacuation, written `c1-e1`) or as a capture (written `j1xi2`).
///
/// Which kind of step it is follows from the squares and the phase of the game: a move
/// within a rank is a slide (or, while a won siege is being left, the King's
/// evacuation); a move from a home row into the neutral row is an ascent.
///
/// ```
/// use card_siege::Action;
/// let slide: Action = "c1-e1".parse()?;
/// assert!(!slide.is_capture());
/// assert_eq!(slide.to_string(), "c1-e1");
/// let capture: Action = "g1xi3".parse()?;
/// assert!(capture.is_capture());
/// assert_eq!(capture.to().to_string(), "i3");
/// # Ok::<(), pyramid_core::ActionParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    from: u8,
    to: u8,
    capture: bool,
}

impl Action {
    /// A step (slide, ascent or evacuation) from `from` to `to`. Both squares must be on
    /// the 15x3 board; `None` otherwise.
    pub fn step(from: Square, to: Square) -> Option<Action> {
        Self::make(from, to, false)
    }

    /// A capture from `from` onto `to`; `None` if a square is off the board.
    pub fn capture(from: Square, to: Square) -> Option<Action> {
        Self::make(from, to, true)
    }

    fn make(from: Square, to: Square, capture: bool) -> Option<Action> {
        (GRID.contains(from) && GRID.contains(to)).then(|| Action {
            from: index_of(from) as u8,
            to: index_of(to) as u8,
            capture,
        })
    }

    #[inline(always)]
    pub(crate) const fn raw(from: usize, to: usize, capture: bool) -> Action {
        Action {
            from: from as u8,
            to: to as u8,
            capture,
        }
    }

    /// The square the card leaves.
    pub const fn from(self) -> Square {
        square_of(self.from as usize)
    }

    /// The square the card goes to.
    pub const fn to(self) -> Square {
        square_of(self.to as usize)
    }

    /// Whether this is a capture (`x`), including a siege answer.
    pub const fn is_capture(self) -> bool {
        self.capture
    }

    #[inline(always)]
    pub(crate) const fn source_index(self) -> usize {
        self.from as usize
    }

    #[inline(always)]
    pub(crate) const fn to_index(self) -> usize {
        self.to as usize
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { 'x' } else { '-' };
        write!(f, "{}{}{}", self.from(), sep, self.to())
    }
}

impl FromStr for Action {
    type Err = ActionParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (from, to, capture) = if let Some((a, b)) = s.split_once('-') {
            (a, b, false)
        } else if let Some((a, b)) = s.split_once('x') {
            (a, b, true)
        } else {
            return Err(ActionParseError::new(
                s,
                "expected FROM-TO (slide, ascent, evacuation) or FROMxTO (capture), like `c1-e1` or `j1xi2`",
            ));
        };
        let square = |text: &str| {
            GRID.parse_square(text)
                .map_err(|e| ActionParseError::new(s, e.to_string()))
        };
        let (from, to) = (square(from)?, square(to)?);
        if from == to {
            return Err(ActionParseError::new(s, "the two squares are the same"));
        }
        Ok(Action {
            from: index_of(from) as u8,
            to: index_of(to) as u8,
            capture,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn actions_round_trip_and_bad_text_is_refused() {
        for text in ["a1-b1", "o3xn2", "h2-g2", "c1-c2"] {
            let a: Action = text.parse().expect("valid action");
            assert_eq!(a.to_string(), text);
        }
        for bad in [
            "", "a1", "a1-", "a1-p1", "a1-a4", "a1xa1", "a1+b1", "A1-b1", "a1 - b1",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
    }
}
