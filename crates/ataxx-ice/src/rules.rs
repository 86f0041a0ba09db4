//! The rule options: seats (2 to 4), board size (5 to 8, default 8), ply limit.

use pyramid_core::{RuleValue, RulesError};

use crate::geometry::{MAX_SIZE, MIN_SIZE};

pyramid_core::rule_options! {
    /// The rule options of Ataxx-ice.
    ///
    /// Always valid: the fields are private and every setter checks its value, and the
    /// serde form goes through [`RulesSetup`], so RON cannot build a 7-seat game.
    ///
    /// ```
    /// use ataxx_ice::Rules;
    /// use pyramid_core::RuleSet;
    /// let rules = Rules::default().with_seats(4)?.with_option("size", "6")?;
    /// assert_eq!((rules.seats(), rules.size()), (4, 6));
    /// assert!(rules.with_seats(5).is_err());
    /// # Ok::<(), pyramid_core::RulesError>(())
    /// ```
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub struct Rules {
        game: "ataxx-ice",
        seats: [2, 3, 4],
        page: include_str!("../docs/rules.md"),
        setup: RulesSetup,
    }
    options {
        /// the board's number of files and ranks
        size: BoardSize = "8", tries ["8", "5", "6", "7"], label "board size";
    }
}

/// The `size` option: the board's side, 5 to 8.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardSize(u8);

impl RuleValue for BoardSize {
    const EXPECTED: &'static str = "a board size from 5 to 8";
    const TRIES: &'static [&'static str] = &["8", "5"];

    fn read(text: &str) -> Option<Self> {
        text.parse::<u8>()
            .ok()
            .filter(|size| !text.starts_with('+') && (MIN_SIZE..=MAX_SIZE).contains(size))
            .map(BoardSize)
    }

    fn write(&self) -> String {
        self.0.to_string()
    }
}

impl Rules {
    /// The board's number of files (and ranks): 5 to 8.
    pub fn size(&self) -> u8 {
        self.size.0
    }

    /// Sets the board size (5 to 8).
    pub fn set_size(&mut self, size: u8) -> Result<(), RulesError> {
        self.size = pyramid_core::read_option("size", &size.to_string())?;
        Ok(())
    }

    /// These rules on a board of `size` (5 to 8).
    pub fn with_size(mut self, size: u8) -> Result<Self, RulesError> {
        self.set_size(size)?;
        Ok(self)
    }
}
