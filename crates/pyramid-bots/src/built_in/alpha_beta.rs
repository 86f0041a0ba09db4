//! `ab`: alpha-beta search ([`AlphaBetaBot`]), `ab:depth=N` or `ab:ms=T`, with `tt`.

use std::fmt;
use std::time::Duration;

use pyramid_core::Bot;
use pyramid_core::prelude::*;

use crate::alphabeta::{AbBudget, AlphaBetaBot, AlphaBetaConfig};
use crate::caps::{BotCaps, CapError};
use crate::kinds::{BotKind, known_option, number_in};
use crate::spec_error::SpecError;

/// `ab`: alpha-beta search with iterative deepening, valued by the game's evaluation.
#[derive(Clone, Copy, Debug)]
pub struct AbKind;

const AB_OPTIONS: &str = "depth, ms, tt";

impl BotKind for AbKind {
    type Spec = AlphaBetaConfig;
    const NAME: &'static str = "ab";
    const USAGE: &'static str = "ab:depth=N|ms=T";
    const ABOUT: &'static str = "alpha-beta search with iterative deepening and a transposition table, valued by the game's evaluation";

    fn parse(options: &[(&str, &str)]) -> Result<AlphaBetaConfig, SpecError> {
        AlphaBetaConfig::from_spec_options(options)
    }

    fn is_timed(spec: &AlphaBetaConfig) -> bool {
        matches!(spec.budget, AbBudget::Time(_))
    }

    fn within_caps(spec: &mut AlphaBetaConfig, caps: &BotCaps) -> Result<(), CapError> {
        spec.within_caps(caps)
    }

    fn build<G: FullGame>(spec: &AlphaBetaConfig, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        Ok(Box::new(AlphaBetaBot::<G>::new(spec.clone(), seed)))
    }
}

/// The whole spec: `ab:` and its options.
impl fmt::Display for AlphaBetaConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", AbKind::NAME, self.spec_options())
    }
}

impl AlphaBetaConfig {
    /// Reads the options of an `ab:` spec (`depth=N` or `ms=N`, and `tt=BITS`), as a kind
    /// that adds options to `ab` reads the ones it shares (`ab:model=FILE,depth=3`).
    ///
    /// ```
    /// use pyramid_bots::{AbBudget, AlphaBetaConfig};
    /// let config = AlphaBetaConfig::from_spec_options(&[("depth", "4"), ("tt", "16")])?;
    /// assert_eq!((config.budget, config.table_bits), (AbBudget::Depth(4), 16));
    /// assert!(AlphaBetaConfig::from_spec_options(&[("depth", "2"), ("ms", "5")]).is_err());
    /// # Ok::<(), pyramid_bots::SpecError>(())
    /// ```
    pub fn from_spec_options(pairs: &[(&str, &str)]) -> Result<AlphaBetaConfig, SpecError> {
        let mut config = AlphaBetaConfig::default();
        let mut seen: Vec<&str> = Vec::new();
        let mut seen_budget = false;
        for &(key, value) in pairs {
            let key = known_option(
                AbKind::NAME,
                key,
                &["depth", "ms", "tt"],
                AB_OPTIONS,
                &mut seen,
            )?;
            let number = |low, high, expected| number_in(key, value, low, high, expected);
            match key {
                "depth" | "ms" => {
                    if seen_budget {
                        return Err(SpecError::TwoBudgets);
                    }
                    seen_budget = true;
                    config.budget = if key == "depth" {
                        AbBudget::Depth(number(1, 64, "a depth from 1 to 64")? as u32)
                    } else {
                        AbBudget::Time(Duration::from_millis(number(
                            1,
                            u64::MAX,
                            "a whole number above 0",
                        )?))
                    };
                }
                _ => config.table_bits = number(4, 28, "table bits from 4 to 28")? as u8,
            }
        }
        Ok(config)
    }

    /// The options of its spec, after `ab:` (`depth=3`, `ms=100,tt=16`): what
    /// [`AlphaBetaConfig::from_spec_options`] reads back.
    pub fn spec_options(&self) -> String {
        let budget = match self.budget {
            AbBudget::Depth(depth) => format!("depth={depth}"),
            AbBudget::Time(time) => format!("ms={}", time.as_millis()),
        };
        if self.table_bits == AlphaBetaConfig::default().table_bits {
            budget
        } else {
            format!("{budget},tt={}", self.table_bits)
        }
    }

    /// Keeps the search within a server's caps: a time or a fixed depth (which has no
    /// time bound) beyond them refused, the table lowered to them. Every kind built on
    /// alpha-beta (`ab:model`) keeps them the same way.
    pub fn within_caps(&mut self, caps: &BotCaps) -> Result<(), CapError> {
        caps.refuse_unless(match self.budget {
            AbBudget::Time(time) => time <= caps.max_time,
            AbBudget::Depth(depth) => depth <= caps.max_depth,
        })?;
        self.table_bits = self.table_bits.min(caps.max_table_bits);
        Ok(())
    }
}
