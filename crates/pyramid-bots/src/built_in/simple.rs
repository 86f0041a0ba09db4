//! The two bots without options: `random` and `greedy`.

use std::fmt;

use pyramid_core::prelude::*;
use pyramid_core::{Bot, RandomBot};

use crate::caps::{BotCaps, CapError};
use crate::greedy::GreedyBot;
use crate::kinds::BotKind;
use crate::spec_error::SpecError;

/// `random`: a uniformly random legal action ([`RandomBot`]).
#[derive(Clone, Copy, Debug)]
pub struct RandomKind;

/// The settings of `random`: none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RandomSpec;

impl fmt::Display for RandomSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(RandomKind::NAME)
    }
}

impl BotKind for RandomKind {
    type Spec = RandomSpec;
    const NAME: &'static str = "random";
    const USAGE: &'static str = "random";
    const ABOUT: &'static str = "a uniformly random legal action";

    fn parse(options: &[(&str, &str)]) -> Result<RandomSpec, SpecError> {
        no_options(Self::NAME, options).map(|()| RandomSpec)
    }

    fn is_timed(_: &RandomSpec) -> bool {
        false
    }

    fn within_caps(_: &mut RandomSpec, _: &BotCaps) -> Result<(), CapError> {
        Ok(())
    }

    fn build<G: FullGame>(_: &RandomSpec, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        Ok(Box::new(RandomBot::new(seed)))
    }
}

/// `greedy`: the action the game's one-ply evaluation rates best ([`GreedyBot`]).
#[derive(Clone, Copy, Debug)]
pub struct GreedyKind;

/// The settings of `greedy`: none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct GreedySpec;

impl fmt::Display for GreedySpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(GreedyKind::NAME)
    }
}

impl BotKind for GreedyKind {
    type Spec = GreedySpec;
    const NAME: &'static str = "greedy";
    const USAGE: &'static str = "greedy";
    const ABOUT: &'static str =
        "one ply: the action after which the game's evaluation rates the position best";

    fn parse(options: &[(&str, &str)]) -> Result<GreedySpec, SpecError> {
        no_options(Self::NAME, options).map(|()| GreedySpec)
    }

    fn is_timed(_: &GreedySpec) -> bool {
        false
    }

    fn within_caps(_: &mut GreedySpec, _: &BotCaps) -> Result<(), CapError> {
        Ok(())
    }

    fn build<G: FullGame>(_: &GreedySpec, seed: u64) -> Result<Box<dyn Bot<G>>, SpecError> {
        Ok(Box::new(GreedyBot::new(seed)))
    }
}

/// Refuses any option of a bot that has none.
fn no_options(bot: &'static str, options: &[(&str, &str)]) -> Result<(), SpecError> {
    match options.first() {
        Some((key, _)) => Err(SpecError::UnknownOption {
            bot,
            key: pyramid_core::excerpt(key),
            known: "none",
        }),
        None => Ok(()),
    }
}
