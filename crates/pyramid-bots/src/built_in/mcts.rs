//! `mcts`: UCT Monte Carlo tree search ([`MctsBot`]), `mcts:iters=N` or `mcts:ms=T`, with
//! `c`, `playout`, `reuse`, `tactics` and `nodes`.

use std::fmt;
use std::time::Duration;

use pyramid_core::Bot;
use pyramid_core::prelude::*;

use crate::caps::{BotCaps, CapError};
use crate::kinds::{BotKind, known_option, number_in};
use crate::mcts::{Budget, MctsBot, MctsConfig};
use crate::spec_error::SpecError;

/// `mcts`: Monte Carlo tree search with random playouts scored by the game's evaluation.
#[derive(Clone, Copy, Debug)]
pub struct MctsKind;

const MCTS_OPTIONS: &str = "iters, ms, c, playout, reuse, tactics, nodes";

impl BotKind for MctsKind {
    type Spec = MctsConfig;
    const NAME: &'static str = "mcts";
    const USAGE: &'static str = "mcts:iters=N|ms=T";
    const ABOUT: &'static str =
        "Monte Carlo tree search: random playouts, cut short and scored by the game's evaluation";

    fn parse(options: &[(&str, &str)]) -> Result<MctsConfig, SpecError> {
        parse_mcts(options)
    }

    fn is_timed(spec: &MctsConfig) -> bool {
        matches!(spec.budget, Budget::Time(_))
    }

    fn within_caps(spec: &mut MctsConfig, caps: &BotCaps) -> Result<(), CapError> {
        caps.budget_within(&spec.budget)?;
        caps.playout_within(spec.playout_limit)?;
        spec.max_nodes = spec.max_nodes.min(caps.max_tree_nodes);
        Ok(())
    }

    fn build<G: FullGame>(spec: &MctsConfig, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        Ok(Box::new(MctsBot::<G>::new(spec.clone(), seed)))
    }
}

/// The whole spec, `mcts:` and the options that differ from the defaults.
impl fmt::Display for MctsConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", MctsKind::NAME, self.budget)?;
        let default = MctsConfig::default();
        if self.exploration != default.exploration {
            write!(f, ",c={}", self.exploration)?;
        }
        if self.playout_limit != default.playout_limit {
            write!(f, ",playout={}", self.playout_limit)?;
        }
        if self.reuse_tree != default.reuse_tree {
            write!(f, ",reuse={}", if self.reuse_tree { "on" } else { "off" })?;
        }
        if self.tactics != default.tactics {
            write!(f, ",tactics={}", if self.tactics { "on" } else { "off" })?;
        }
        if self.max_nodes != default.max_nodes {
            write!(f, ",nodes={}", self.max_nodes)?;
        }
        Ok(())
    }
}

/// A search budget as its option is written: `iters=N` or `ms=T`.
impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Iterations(n) => write!(f, "iters={n}"),
            Budget::Time(d) => write!(f, "ms={}", d.as_millis()),
        }
    }
}

/// Reads `mcts`'s options (also what `ismcts` shares with it).
pub(super) fn parse_mcts(pairs: &[(&str, &str)]) -> Result<MctsConfig, SpecError> {
    let mut config = MctsConfig::default();
    let mut seen_budget = false;
    let mut seen: Vec<&str> = Vec::new();
    for &(key, value) in pairs {
        let key = known_option(
            MctsKind::NAME,
            key,
            &["iters", "ms", "c", "playout", "reuse", "tactics", "nodes"],
            MCTS_OPTIONS,
            &mut seen,
        )?;
        match key {
            "iters" | "ms" => {
                if seen_budget {
                    return Err(SpecError::TwoBudgets);
                }
                seen_budget = true;
                let n = number_in(key, value, 1, u64::MAX, "a whole number above 0")?;
                config.budget = if key == "iters" {
                    Budget::Iterations(n)
                } else {
                    Budget::Time(Duration::from_millis(n))
                };
            }
            "c" => {
                config.exploration = value
                    .parse::<f64>()
                    .ok()
                    .filter(|c| c.is_finite() && *c >= 0.0)
                    .ok_or_else(|| SpecError::BadValue {
                        key: "c",
                        value: pyramid_core::excerpt(value),
                        expected: "a number of at least 0 (the UCT exploration constant)",
                    })?;
            }
            "playout" => {
                config.playout_limit = value.parse().map_err(|_| SpecError::BadValue {
                    key: "playout",
                    value: pyramid_core::excerpt(value),
                    expected: "a ply count (0: play out to the end)",
                })?;
            }
            "nodes" => {
                let most = usize::MAX as u64;
                let expected = "a whole number above 0 (the most nodes the tree may hold)";
                config.max_nodes = number_in("nodes", value, 1, most, expected)? as usize;
            }
            "reuse" => config.reuse_tree = switch("reuse", value)?,
            // "tactics", the last known key.
            _ => config.tactics = switch("tactics", value)?,
        }
    }
    Ok(config)
}

/// `value` read as a switch (`on`/`off` and the other spellings
/// [`pyramid_core::parse_switch`] takes) for option `key`.
fn switch(key: &'static str, value: &str) -> Result<bool, SpecError> {
    pyramid_core::parse_switch(key, value).map_err(|_| SpecError::BadValue {
        key,
        value: pyramid_core::excerpt(value),
        expected: "on or off",
    })
}
