//! The kernel: [`Game`] for [`Stacktrices`].

use std::ops::ControlFlow;

use pyramid_core::rand::Rng;
use pyramid_core::{Game, Outcome, Seat};

use crate::action::Action;
use crate::explain;
use crate::rules::Rules;
use crate::state::Stacktrices;

impl Game for Stacktrices {
    type Action = Action;
    type Rules = Rules;

    fn new(rules: &Rules) -> Self {
        Stacktrices::start(rules)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn to_act(&self) -> Option<Seat> {
        if self.outcome().is_some() {
            None
        } else {
            Some(Seat(self.actor()))
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.over
            .or_else(|| self.limit_reached().then_some(Outcome::Draw))
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    fn try_for_each_action<B, F>(&self, mut f: F) -> ControlFlow<B>
    where
        F: FnMut(Action) -> ControlFlow<B>,
    {
        Stacktrices::try_for_each_action(self, &mut f)
    }

    fn count_actions(&self) -> usize {
        Stacktrices::count_actions(self)
    }

    /// Generation order; trades are found by rank, without walking the ones before.
    fn nth_action(&self, index: usize) -> Option<Action> {
        Stacktrices::nth_action(self, index)
    }

    fn is_legal(&self, action: Action) -> bool {
        Stacktrices::is_legal(self, action)
    }

    /// Main actions from per-stack destination masks, trades by rank.
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        Stacktrices::random_action(self, rng)
    }

    fn play_unchecked(&mut self, action: Action) {
        Stacktrices::play_unchecked(self, action);
    }

    fn illegal_reason(&self, action: Action) -> Option<String> {
        explain::illegal_reason(self, action)
    }
}
