//! [`FullGame`]: every opt-in trait at once, what tools written once for every game need.

use crate::{
    ActionIds, Describe, Diagram, Evaluate, Game, Information, Notation, Observation, PolicySpace,
    Svg, Zobrist,
};

/// A game with every opt-in trait: [`Game`] plus [`Notation`], [`Information`],
/// [`Evaluate`], [`Diagram`], [`ActionIds`], [`PolicySpace`], [`Observation`] and
/// [`Describe`]. Bots, matches, records and the runtime need all of them; every game of the project has them. Implemented automatically.
pub trait FullGame:
    Game
    + Notation
    + Information
    + Evaluate
    + Diagram
    + Svg
    + ActionIds
    + PolicySpace
    + Observation
    + Zobrist
    + Describe
{
}

impl<G> FullGame for G where
    G: Game
        + Notation
        + Information
        + Evaluate
        + Diagram
        + Svg
        + ActionIds
        + PolicySpace
        + Observation
        + Zobrist
        + Describe
{
}
