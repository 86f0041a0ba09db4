//! The rule options: the opening restriction and the optional ply limit.

use pyramid_core::{RuleSet, RulesError, parse_switch};
use serde::{Deserialize, Serialize};

/// Card-siege's rule options.
///
/// ```
/// use card_siege::CardSiegeRules;
/// use pyramid_core::RuleSet;
/// let mut rules = CardSiegeRules::default();
/// assert!(rules.opening);
/// rules.set_option("opening", "off")?;
/// assert!(!rules.opening);
/// assert_eq!(rules.options(), vec![("opening", "off".to_owned())]);
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardSiegeRules {
    /// The opening restriction (on by default): each seat's first three turns may only
    /// be slides within its own home row.
    pub opening: bool,
    /// Optional ply limit (off by default); reaching it ends the game as a draw.
    pub ply_limit: Option<u32>,
}

impl Default for CardSiegeRules {
    fn default() -> Self {
        CardSiegeRules {
            opening: true,
            ply_limit: None,
        }
    }
}

/// The number of opening turns each seat has when the opening option is on.
pub const OPENING_TURNS: u8 = 3;

impl CardSiegeRules {
    /// The default rules with the opening option off (the full game from move one).
    pub fn without_opening() -> Self {
        CardSiegeRules {
            opening: false,
            ply_limit: None,
        }
    }

    /// The opening turns each seat starts with under these rules.
    pub fn opening_turns(&self) -> u8 {
        if self.opening { OPENING_TURNS } else { 0 }
    }
}

impl RuleSet for CardSiegeRules {
    fn seats(&self) -> usize {
        2
    }

    fn set_seats(&mut self, seats: usize) -> Result<(), RulesError> {
        if seats == 2 {
            Ok(())
        } else {
            Err(RulesError::Seats {
                game: "card-siege",
                allowed: "2",
                got: seats,
            })
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
            "opening" => {
                self.opening = parse_switch(key, value)?;
                Ok(())
            }
            _ => Err(RulesError::UnknownOption {
                game: "card-siege",
                key: key.to_owned(),
                known: "opening",
            }),
        }
    }

    fn options(&self) -> Vec<(&'static str, String)> {
        let value = if self.opening { "on" } else { "off" };
        vec![("opening", value.to_owned())]
    }
}
