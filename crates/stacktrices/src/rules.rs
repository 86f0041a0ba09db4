//! Rule options: the start (setup phase or standard arrangement), Variants 1 and 2, the
//! ply limit.

use serde::{Deserialize, Serialize};

pyramid_core::option_enum! {
    /// How a game starts (the `start` option).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum Start {
        /// The setup phase: hides, then alternating placements (the default start of a
        /// full game).
        #[default]
        Setup = "setup" as "hide your thief and place your pieces first",
        /// The standard arrangement, White to move (perft and quick matches start here).
        Standard = "standard" as "the standard arrangement",
    }
}

pyramid_core::rule_options! {
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
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub struct Rules {
        game: "stacktrices",
        seats: [2],
        page: include_str!("../docs/rules.md"),
        setup: RulesSetup,
    }
    options {
        /// `setup`: hides and placements first; `standard`: the standard arrangement, White to move
        start: Start = "setup", label "start";
        /// Variant 1: a capturing thief may also steal, exposing itself
        variant1: bool = "off", label "variant 1: thief steals on capture";
        /// Variant 2: after setup, stacks may hold several movement pieces (pips add up)
        variant2: bool = "off", label "variant 2: several movement pieces";
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
