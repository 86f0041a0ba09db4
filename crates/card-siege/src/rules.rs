//! The rule options: the opening restriction and the optional ply limit.

pyramid_core::rule_options! {
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
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub struct Rules {
        game: "card-siege",
        seats: [2],
        page: include_str!("../docs/rules.md"),
        setup: RulesSetup,
    }
    options {
        /// each seat's first three turns may only be slides within its own home row
        opening: bool = "on", tries ["on", "off"], label "slides-only opening";
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
