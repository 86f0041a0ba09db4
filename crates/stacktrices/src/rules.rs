//! Rule options: the start (setup phase or standard arrangement), Variants 1 and 2, the
//! ply limit.

use pyramid_core::{RuleSet, RulesError, parse_switch};
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
/// `variant2=on|off` (both off by default).
///
/// ```
/// use pyramid_core::RuleSet;
/// use stacktrices::{StacktricesRules, Start};
/// let mut rules = StacktricesRules::default();
/// assert_eq!(rules.start, Start::Setup);
/// rules.set_option("start", "standard")?;
/// rules.set_option("variant1", "on")?;
/// assert!(rules.variant1 && !rules.variant2);
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StacktricesRules {
    /// How the game starts.
    pub start: Start,
    /// Variant 1: a thief that captures may also steal, exposing itself.
    pub variant1: bool,
    /// Variant 2: after setup, stacks may hold several movement pieces (pips add up).
    pub variant2: bool,
    /// Optional ply limit; reaching it is a draw.
    pub ply_limit: Option<u32>,
}

impl StacktricesRules {
    /// The default rules starting from the standard arrangement.
    pub fn standard() -> Self {
        StacktricesRules {
            start: Start::Standard,
            ..Self::default()
        }
    }
}

const NAME: &str = "stacktrices";

impl RuleSet for StacktricesRules {
    fn seats(&self) -> usize {
        2
    }

    fn set_seats(&mut self, seats: usize) -> Result<(), RulesError> {
        if seats == 2 {
            Ok(())
        } else {
            Err(RulesError::Seats {
                game: NAME,
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
            "start" => {
                self.start = match value {
                    "setup" => Start::Setup,
                    "standard" => Start::Standard,
                    _ => {
                        return Err(RulesError::BadValue {
                            key: key.into(),
                            value: value.into(),
                            expected: "setup or standard",
                        });
                    }
                };
            }
            "variant1" => self.variant1 = parse_switch(key, value)?,
            "variant2" => self.variant2 = parse_switch(key, value)?,
            _ => {
                return Err(RulesError::UnknownOption {
                    game: NAME,
                    key: key.into(),
                    known: "start, variant1, variant2",
                });
            }
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
