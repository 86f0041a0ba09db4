//! The rule options: seats (2 to 4), board size (5 to 8, default 8), ply limit.

use pyramid_core::{CommonRules, RuleSet, RulesError};
use serde::{Deserialize, Serialize};

use crate::geometry::{MAX_SIZE, MIN_SIZE};

/// The rule options of Ataxx-ice.
///
/// Always valid: the fields are private and every setter checks its value, and the serde
/// form goes through [`RulesSetup`], so RON cannot build a 7-seat game.
///
/// ```
/// use ataxx_ice::Rules;
/// use pyramid_core::RuleSet;
/// let rules = Rules::default().with_seats(4)?.with_option("size", "6")?;
/// assert_eq!((rules.seats(), rules.size()), (4, 6));
/// assert!(rules.with_seats(5).is_err());
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesSetup", into = "RulesSetup")]
pub struct Rules {
    common: CommonRules,
    size: u8,
}

impl Default for Rules {
    /// Two seats on the 8x8 board, no ply limit.
    fn default() -> Self {
        Rules {
            common: CommonRules::new(2),
            size: MAX_SIZE,
        }
    }
}

impl Rules {
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

    /// These rules on a board of `size` (5 to 8).
    pub fn with_size(mut self, size: u8) -> Result<Self, RulesError> {
        self.set_size(size)?;
        Ok(self)
    }
}

fn bad_size(value: &str) -> RulesError {
    RulesError::BadValue {
        key: "size".into(),
        value: pyramid_core::excerpt(value),
        expected: "a board size from 5 to 8",
    }
}

impl RuleSet for Rules {
    const GAME: &'static str = "ataxx-ice";
    const RULES_PAGE: &'static str = include_str!("../docs/rules.md");
    const SEAT_COUNTS: &'static [usize] = &[2, 3, 4];
    const OPTIONS: &'static [(&'static str, &'static str)] =
        &[("size", "the board's side, 5 to 8 (default 8)")];
    const OPTION_VALUES: &'static [(&'static str, &'static [&'static str])] =
        &[("size", &["8", "5", "6", "7"])];

    fn common(&self) -> &CommonRules {
        &self.common
    }

    fn common_mut(&mut self) -> &mut CommonRules {
        &mut self.common
    }

    fn set_own_option(&mut self, _key: &str, value: &str) -> Result<(), RulesError> {
        let size: u8 = value.parse().map_err(|_| bad_size(value))?;
        self.set_size(size)
    }

    fn options(&self) -> Vec<(&'static str, String)> {
        vec![("size", self.size.to_string())]
    }
}

/// The unvalidated serde form of [`Rules`].
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

impl TryFrom<RulesSetup> for Rules {
    type Error = RulesError;

    fn try_from(setup: RulesSetup) -> Result<Self, RulesError> {
        Rules::default()
            .with_seats(usize::from(setup.seats))?
            .with_size(setup.size)
            .map(|rules| rules.with_ply_limit(setup.ply_limit))
    }
}

impl From<Rules> for RulesSetup {
    fn from(rules: Rules) -> Self {
        RulesSetup {
            seats: rules.seats() as u8,
            size: rules.size,
            ply_limit: rules.ply_limit(),
        }
    }
}
