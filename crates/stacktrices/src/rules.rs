//! Rule options: the start (setup phase or standard arrangement), Variants 1 and 2, the
//! ply limit.

use pyramid_core::{CommonRules, RuleSet, RulesError, parse_switch};
use serde::{Deserialize, Serialize};

/// How a game starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Start {
    /// The setup phase: hides, then alternating placements (the default start of a full game).
    #[default]
    Setup,
    /// The standard arrangement, White to move (perft and quick matches start here).
    Standard,
}

/// Stacktrices rule options. Two seats always.
///
/// Options (`key=value`): `start=setup|standard` (default `setup`), `variant1=on|off`,
/// `variant2=on|off` (both off by default), and the common `ply_limit`.
///
/// ```
/// use pyramid_core::RuleSet;
/// use stacktrices::{Rules, Start};
/// let rules = Rules::default();
/// assert_eq!(rules.start(), Start::Setup);
/// let rules = rules.with_option("start", "standard")?.with_option("variant1", "on")?;
/// assert!(rules.variant1() && !rules.variant2());
/// assert_eq!(rules, Rules::default().with_start(Start::Standard).with_variant1(true));
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "RulesSetup", into = "RulesSetup")]
pub struct Rules {
    common: CommonRules,
    start: Start,
    variant1: bool,
    variant2: bool,
}

impl Default for Rules {
    /// The setup phase, no variant, no ply limit.
    fn default() -> Self {
        Rules {
            common: CommonRules::new(2),
            start: Start::Setup,
            variant1: false,
            variant2: false,
        }
    }
}

impl Rules {
    /// How the game starts.
    pub fn start(&self) -> Start {
        self.start
    }

    /// Variant 1: a thief that captures may also steal, exposing itself.
    pub fn variant1(&self) -> bool {
        self.variant1
    }

    /// Variant 2: after setup, stacks may hold several movement pieces (pips add up).
    pub fn variant2(&self) -> bool {
        self.variant2
    }

    /// These rules with the game starting as `start` says.
    #[must_use]
    pub fn with_start(mut self, start: Start) -> Self {
        self.start = start;
        self
    }

    /// These rules with Variant 1 on or off.
    #[must_use]
    pub fn with_variant1(mut self, on: bool) -> Self {
        self.variant1 = on;
        self
    }

    /// These rules with Variant 2 on or off.
    #[must_use]
    pub fn with_variant2(mut self, on: bool) -> Self {
        self.variant2 = on;
        self
    }
}

impl RuleSet for Rules {
    const GAME: &'static str = "stacktrices";
    const RULES_PAGE: &'static str = include_str!("../docs/rules.md");
    const SEAT_COUNTS: &'static [usize] = &[2];
    const OPTIONS: &'static [(&'static str, &'static str)] = &[
        (
            "start",
            "`setup` (default: hides and placements first) or `standard` (the standard arrangement)",
        ),
        (
            "variant1",
            "`on` or `off` (default): a capturing thief may also steal, exposing itself",
        ),
        (
            "variant2",
            "`on` or `off` (default): stacks may hold several movement pieces",
        ),
    ];
    const OPTION_VALUES: &'static [(&'static str, &'static [&'static str])] = &[
        ("start", &["setup", "standard"]),
        ("variant1", &["off", "on"]),
        ("variant2", &["off", "on"]),
    ];

    fn common(&self) -> &CommonRules {
        &self.common
    }

    fn common_mut(&mut self) -> &mut CommonRules {
        &mut self.common
    }

    fn set_own_option(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        match key {
            "start" => {
                self.start = match value {
                    "setup" => Start::Setup,
                    "standard" => Start::Standard,
                    _ => {
                        return Err(RulesError::BadValue {
                            key: key.into(),
                            value: pyramid_core::excerpt(value),
                            expected: "setup or standard",
                        });
                    }
                };
            }
            "variant1" => self.variant1 = parse_switch(key, value)?,
            _ => self.variant2 = parse_switch(key, value)?,
        }
        Ok(())
    }

    fn options(&self) -> Vec<(&'static str, String)> {
        let switch = |b: bool| if b { "on" } else { "off" }.to_owned();
        let start = match self.start {
            Start::Setup => "setup",
            Start::Standard => "standard",
        };
        vec![
            ("start", start.to_owned()),
            ("variant1", switch(self.variant1)),
            ("variant2", switch(self.variant2)),
        ]
    }
}

/// The serde form of [`Rules`] (the field names of earlier versions).
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RulesSetup {
    #[serde(default)]
    start: Start,
    #[serde(default)]
    variant1: bool,
    #[serde(default)]
    variant2: bool,
    #[serde(default)]
    ply_limit: Option<u32>,
}

impl From<RulesSetup> for Rules {
    fn from(setup: RulesSetup) -> Self {
        Rules::default()
            .with_start(setup.start)
            .with_variant1(setup.variant1)
            .with_variant2(setup.variant2)
            .with_ply_limit(setup.ply_limit)
    }
}

impl From<Rules> for RulesSetup {
    fn from(rules: Rules) -> Self {
        RulesSetup {
            start: rules.start,
            variant1: rules.variant1,
            variant2: rules.variant2,
            ply_limit: rules.ply_limit(),
        }
    }
}
