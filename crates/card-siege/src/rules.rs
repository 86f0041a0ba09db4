//! The rule options: the opening restriction and the optional ply limit.

use pyramid_core::{CommonRules, RuleSet, RulesError, parse_switch};
use serde::{Deserialize, Serialize};

/// Card-siege's rule options.
///
/// ```
/// use card_siege::Rules;
/// use pyramid_core::RuleSet;
/// let rules = Rules::default();
/// assert!(rules.opening());
/// let rules = rules.with_option("opening", "off")?;
/// assert!(!rules.opening());
/// assert_eq!(rules, Rules::default().with_opening(false));
/// assert_eq!(rules.options(), vec![("opening", "off".to_owned())]);
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "RulesSetup", into = "RulesSetup")]
pub struct Rules {
    common: CommonRules,
    /// The opening restriction (on by default): each seat's first three turns may only
    /// be slides within its own home row.
    opening: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            common: CommonRules::new(2),
            opening: true,
        }
    }
}

/// The number of opening turns each seat has when the opening option is on.
pub const OPENING_TURNS: u8 = 3;

impl Rules {
    /// Whether the opening restriction is on.
    pub fn opening(&self) -> bool {
        self.opening
    }

    /// These rules with the opening restriction on or off.
    #[must_use]
    pub fn with_opening(mut self, opening: bool) -> Self {
        self.opening = opening;
        self
    }

    /// The opening turns each seat starts with under these rules.
    pub fn opening_turns(&self) -> u8 {
        if self.opening { OPENING_TURNS } else { 0 }
    }
}

impl RuleSet for Rules {
    const GAME: &'static str = "card-siege";
    const RULES_PAGE: &'static str = include_str!("../docs/rules.md");
    const SEAT_COUNTS: &'static [usize] = &[2];
    const OPTIONS: &'static [(&'static str, &'static str)] = &[(
        "opening",
        "`on` (default) or `off`: each seat's first three turns are slides within its home row",
    )];
    const OPTION_VALUES: &'static [(&'static str, &'static [&'static str])] =
        &[("opening", &["on", "off"])];

    fn common(&self) -> &CommonRules {
        &self.common
    }

    fn common_mut(&mut self) -> &mut CommonRules {
        &mut self.common
    }

    fn set_own_option(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        self.opening = parse_switch(key, value)?;
        Ok(())
    }

    fn options(&self) -> Vec<(&'static str, String)> {
        let value = if self.opening { "on" } else { "off" };
        vec![("opening", value.to_owned())]
    }
}

/// The serde form of [`Rules`] (the field names of earlier versions).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RulesSetup {
    opening: bool,
    #[serde(default)]
    ply_limit: Option<u32>,
}

impl From<RulesSetup> for Rules {
    fn from(setup: RulesSetup) -> Self {
        Rules::default()
            .with_opening(setup.opening)
            .with_ply_limit(setup.ply_limit)
    }
}

impl From<Rules> for RulesSetup {
    fn from(rules: Rules) -> Self {
        RulesSetup {
            opening: rules.opening,
            ply_limit: rules.ply_limit(),
        }
    }
}
