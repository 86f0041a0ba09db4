//! `ismcts`: information set MCTS ([`IsmctsBot`]), `ismcts:iters=N` or `ismcts:ms=T`,
//! with `c` and `playout`.

use std::fmt;

use pyramid_core::Bot;
use pyramid_core::prelude::*;

use super::mcts::parse_mcts;
use crate::caps::{BotCaps, CapError};
use crate::ismcts::{IsmctsBot, IsmctsConfig};
use crate::kinds::BotKind;
use crate::mcts::Budget;
use crate::spec_error::SpecError;

/// `ismcts`: one tree over the seat's information sets, for games with hidden pieces.
#[derive(Clone, Copy, Debug)]
pub struct IsmctsKind;

const ISMCTS_OPTIONS: &str = "iters, ms, c, playout";

impl BotKind for IsmctsKind {
    type Spec = IsmctsConfig;
    const NAME: &'static str = "ismcts";
    const USAGE: &'static str = "ismcts:iters=N|ms=T";
    const ABOUT: &'static str =
        "information set MCTS: one tree over what the seat knows, for games with hidden pieces";

    /// Takes MCTS's budget, exploration and playout options (with its own defaults).
    fn parse(pairs: &[(&str, &str)]) -> Result<IsmctsConfig, SpecError> {
        if let Some((key, _)) = pairs
            .iter()
            .find(|(k, _)| !matches!(*k, "iters" | "ms" | "c" | "playout"))
        {
            return Err(SpecError::UnknownOption {
                bot: Self::NAME,
                key: pyramid_core::excerpt(key),
                known: ISMCTS_OPTIONS,
            });
        }
        let default = IsmctsConfig::default();
        let mut with_defaults: Vec<(&str, String)> = Vec::new();
        if !pairs.iter().any(|(k, _)| matches!(*k, "iters" | "ms")) {
            if let Budget::Iterations(n) = default.budget {
                with_defaults.push(("iters", n.to_string()));
            }
        }
        if !pairs.iter().any(|(k, _)| *k == "c") {
            with_defaults.push(("c", default.exploration.to_string()));
        }
        if !pairs.iter().any(|(k, _)| *k == "playout") {
            with_defaults.push(("playout", default.playout_limit.to_string()));
        }
        let mut all: Vec<(&str, &str)> = pairs.to_vec();
        all.extend(with_defaults.iter().map(|(k, v)| (*k, v.as_str())));
        let mcts = parse_mcts(&all).map_err(|e| match e {
            SpecError::UnknownOption { key, .. } => SpecError::UnknownOption {
                bot: Self::NAME,
                key,
                known: ISMCTS_OPTIONS,
            },
            other => other,
        })?;
        Ok(IsmctsConfig {
            budget: mcts.budget,
            exploration: mcts.exploration,
            playout_limit: mcts.playout_limit,
        })
    }

    fn is_timed(spec: &IsmctsConfig) -> bool {
        matches!(spec.budget, Budget::Time(_))
    }

    fn within_caps(spec: &mut IsmctsConfig, caps: &BotCaps) -> Result<(), CapError> {
        caps.budget_within(&spec.budget)?;
        caps.playout_within(spec.playout_limit)
    }

    fn build<G: FullGame>(spec: &IsmctsConfig, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        Ok(Box::new(IsmctsBot::new(spec.clone(), seed)))
    }
}

/// The whole spec, `ismcts:` and the options that differ from the defaults.
impl fmt::Display for IsmctsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", IsmctsKind::NAME, self.budget)?;
        let default = IsmctsConfig::default();
        if self.exploration != default.exploration {
            write!(f, ",c={}", self.exploration)?;
        }
        if self.playout_limit != default.playout_limit {
            write!(f, ",playout={}", self.playout_limit)?;
        }
        Ok(())
    }
}
