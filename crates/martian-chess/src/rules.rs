//! The rule options: seat count, starting seat, optional ply limit.

use pyramid_core::{RuleSet, RulesError};
use serde::{Deserialize, Serialize};

use crate::MartianChess;
use pyramid_core::Game;

/// The rule options of Martian Chess.
///
/// The default is two seats, seat 0 first, no ply limit. Fields are private so that a
/// value always holds a valid combination (2 or 4 seats, a starting seat below the seat
/// count); the serde form is checked the same way.
///
/// ```
/// use martian_chess::MartianRules;
/// use pyramid_core::RuleSet;
/// let mut rules = MartianRules::default();
/// rules.set_seats(4)?;
/// rules.set_option("first", "2")?;
/// rules.set_ply_limit(Some(200));
/// assert_eq!((rules.seats(), rules.first(), rules.ply_limit()), (4, 2, Some(200)));
/// assert!(rules.set_seats(3).is_err());
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesSetup", into = "RulesSetup")]
pub struct MartianRules {
    seats: u8,
    /// The starting seat; `None`: seat 0 in [`Game::new`], drawn at random by
    /// [`Game::deal`] (the seed's "who starts" draw, what matches use).
    first: Option<u8>,
    ply_limit: Option<u32>,
}

impl Default for MartianRules {
    fn default() -> Self {
        MartianRules {
            seats: 2,
            first: None,
            ply_limit: None,
        }
    }
}

impl MartianRules {
    /// Rules for `seats` seats (2 or 4), seat 0 first, no ply limit.
    pub fn new(seats: usize) -> Result<Self, RulesError> {
        let mut rules = MartianRules::default();
        rules.set_seats(seats)?;
        Ok(rules)
    }

    /// The seat that moves first in [`Game::new`] (the `first` option; seat 0 when it is
    /// `random`).
    pub fn first(&self) -> u8 {
        self.first.unwrap_or(0)
    }

    /// The starting seat the `first` option fixes, or `None` when it is `random` (the
    /// default): [`Game::deal`] then draws it.
    pub fn fixed_first(&self) -> Option<u8> {
        self.first
    }

    /// Sets the starting seat; it must be below the seat count.
    pub fn set_first(&mut self, seat: u8) -> Result<(), RulesError> {
        if seat >= self.seats {
            return Err(RulesError::BadValue {
                key: "first".into(),
                value: seat.to_string(),
                expected: "a seat number below the number of seats (set the seats first)",
            });
        }
        self.first = Some(seat);
        Ok(())
    }

    /// The seat count as a `u8`.
    pub(crate) fn seat_count(&self) -> u8 {
        self.seats
    }
}

impl RuleSet for MartianRules {
    fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    /// Sets 2 or 4 seats. A starting seat that no longer exists goes back to seat 0.
    fn set_seats(&mut self, seats: usize) -> Result<(), RulesError> {
        match seats {
            2 | 4 => {
                self.seats = seats as u8;
                if self.first.is_some_and(|f| f >= self.seats) {
                    self.first = None;
                }
                Ok(())
            }
            _ => Err(RulesError::Seats {
                game: MartianChess::NAME,
                allowed: "2 or 4",
                got: seats,
            }),
        }
    }

    fn ply_limit(&self) -> Option<u32> {
        self.ply_limit
    }

    fn set_ply_limit(&mut self, limit: Option<u32>) {
        self.ply_limit = limit;
    }

    fn set_option(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        match key {
            "first" if value == "random" => {
                self.first = None;
                Ok(())
            }
            "first" => {
                let seat: u8 = value.parse().map_err(|_| RulesError::BadValue {
                    key: key.into(),
                    value: value.into(),
                    expected: "`random` or a seat number below the number of seats",
                })?;
                self.set_first(seat).map_err(|_| RulesError::BadValue {
                    key: key.into(),
                    value: value.into(),
                    expected: "a seat number below the number of seats (set the seats first)",
                })
            }
            _ => Err(RulesError::UnknownOption {
                game: MartianChess::NAME,
                key: key.into(),
                known: "first",
            }),
        }
    }

    fn options(&self) -> Vec<(&'static str, String)> {
        let first = self.first.map_or("random".to_owned(), |f| f.to_string());
        vec![("first", first)]
    }
}

/// The unchecked serde form of [`MartianRules`].
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RulesSetup {
    seats: u8,
    #[serde(default)]
    first: Option<u8>,
    #[serde(default)]
    ply_limit: Option<u32>,
}

impl TryFrom<RulesSetup> for MartianRules {
    type Error = RulesError;
    fn try_from(setup: RulesSetup) -> Result<Self, RulesError> {
        let mut rules = MartianRules::new(usize::from(setup.seats))?;
        if let Some(first) = setup.first {
            rules.set_first(first)?;
        }
        rules.ply_limit = setup.ply_limit;
        Ok(rules)
    }
}

impl From<MartianRules> for RulesSetup {
    fn from(rules: MartianRules) -> Self {
        RulesSetup {
            seats: rules.seats,
            first: rules.first,
            ply_limit: rules.ply_limit,
        }
    }
}
