//! The rule options: seats (2 to 4), board size (5 to 8, default 8), ply limit.

use pyramid_core::{RuleSet, RulesError};
use serde::{Deserialize, Serialize};

use crate::geometry::{MAX_SIZE, MIN_SIZE};

/// The rule options of Ataxx-ice.
///
/// Always valid: the fields are private and every setter checks its value, and the serde
/// form goes through [`RulesSetup`], so RON cannot build a 7-seat game.
///
/// ```
/// use ataxx_ice::AtaxxIceRules;
/// use pyramid_core::RuleSet;
/// let mut rules = AtaxxIceRules::with_seats(4)?;
/// rules.set_option("size", "6")?;
/// assert_eq!((rules.seats(), rules.size()), (4, 6));
/// assert!(rules.set_seats(5).is_err());
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesSetup", into = "RulesSetup")]
pub struct AtaxxIceRules {
    seats: u8,
    size: u8,
    ply_limit: Option<u32>,
}

impl Default for AtaxxIceRules {
    /// Two seats on the 8x8 board, no ply limit.
    fn default() -> Self {
        AtaxxIceRules {
            seats: 2,
            size: MAX_SIZE,
            ply_limit: None,
        }
    }
}

impl AtaxxIceRules {
    /// The default rules with `seats` seats (2, 3 or 4).
    pub fn with_seats(seats: usize) -> Result<Self, RulesError> {
        let mut rules = AtaxxIceRules::default();
        rules.set_seats(seats)?;
        Ok(rules)
    }

    /// The board's number of files (and ranks): 5 to 8.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// Sets the board size (5 to 8).
    pub fn set_size(&mut self, size: u8) -> Result<(), RulesError> {
        if (MIN_SIZE..=MAX_SIZE).contains(&size) {
            self.size = size;
            Ok(())
        } else {
            Err(bad_size(&size.to_string()))
        }
    }
}

fn bad_size(value: &str) -> RulesError {
    RulesError::BadValue {
        key: "size".into(),
        value: value.into(),
        expected: "a board size from 5 to 8",
    }
}

fn bad_seats(seats: usize) -> RulesError {
    RulesError::Seats {
        game: crate::NAME,
        allowed: "2, 3 or 4",
        got: seats,
    }
}

impl RuleSet for AtaxxIceRules {
    fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    fn set_seats(&mut self, seats: usize) -> Result<(), RulesError> {
        if (2..=4).contains(&seats) {
            self.seats = seats as u8;
            Ok(())
        } else {
            Err(bad_seats(seats))
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
            "size" => {
                let size: u8 = value.parse().map_err(|_| bad_size(value))?;
                self.set_size(size)
            }
            _ => Err(RulesError::UnknownOption {
                game: crate::NAME,
                key: key.into(),
                known: "size",
            }),
        }
    }

    fn options(&self) -> Vec<(&'static str, String)> {
        vec![("size", self.size.to_string())]
    }
}

/// The unvalidated serde form of [`AtaxxIceRules`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RulesSetup {
    /// Number of seats (2 to 4).
    pub seats: u8,
    /// Board size (5 to 8); 8 when absent.
    #[serde(default = "default_size")]
    pub size: u8,
    /// Optional ply limit; reaching it is a draw.
    #[serde(default)]
    pub ply_limit: Option<u32>,
}

fn default_size() -> u8 {
    MAX_SIZE
}

impl TryFrom<RulesSetup> for AtaxxIceRules {
    type Error = RulesError;

    fn try_from(setup: RulesSetup) -> Result<Self, RulesError> {
        let mut rules = AtaxxIceRules::default();
        rules.set_seats(usize::from(setup.seats))?;
        rules.set_size(setup.size)?;
        rules.set_ply_limit(setup.ply_limit);
        Ok(rules)
    }
}

impl From<AtaxxIceRules> for RulesSetup {
    fn from(rules: AtaxxIceRules) -> Self {
        RulesSetup {
            seats: rules.seats,
            size: rules.size,
            ply_limit: rules.ply_limit,
        }
    }
}
