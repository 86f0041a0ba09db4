//! The kernel: [`Game`] for [`CardSiege`].

use std::ops::ControlFlow;

use pyramid_core::rand::Rng;
use pyramid_core::{Game, Outcome, Seat};

use crate::action::Action;
use crate::explain;
use crate::rules::Rules;
use crate::state::CardSiege;

impl Game for CardSiege {
    type Action = Action;
    type Rules = Rules;

    fn new(rules: &Rules) -> Self {
        CardSiege::start(rules)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn to_act(&self) -> Option<Seat> {
        self.outcome().is_none().then_some(Seat(self.to_move))
    }

    /// A draw once the ply limit is reached; otherwise a seat with no legal action at its
    /// decision point (checkmated, without an evacuation square, or simply stuck) loses.
    fn outcome(&self) -> Option<Outcome> {
        if self.limit_reached() {
            return Some(Outcome::Draw);
        }
        let stuck = CardSiege::try_for_each_action(self, |_| ControlFlow::Break(())).is_continue();
        stuck.then_some(Outcome::Win(Seat(1 - self.to_move)))
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    #[inline]
    fn try_for_each_action<B, F>(&self, f: F) -> ControlFlow<B>
    where
        F: FnMut(Action) -> ControlFlow<B>,
    {
        CardSiege::try_for_each_action(self, f)
    }

    #[inline]
    fn count_actions(&self) -> usize {
        CardSiege::count_actions(self)
    }

    /// Generation order; runs of actions that need no check are skipped as a whole.
    fn nth_action(&self, index: usize) -> Option<Action> {
        CardSiege::nth_action(self, index)
    }

    fn is_legal(&self, action: Action) -> bool {
        CardSiege::is_legal(self, action)
    }

    /// Counts each card's actions in bulk and lists only the chosen card's actions.
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        CardSiege::random_action(self, rng)
    }

    /// The playout loop with the playout draw: rejection over cheap proposals, the exact
    /// draw as fallback (`playout.rs`).
    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R, max_plies: Option<u32>) -> u32 {
        pyramid_core::play_random_by(self, rng, max_plies, Self::sample_action)
    }

    #[inline]
    fn play_unchecked(&mut self, action: Action) {
        CardSiege::play_unchecked(self, action);
    }

    fn illegal_reason(&self, action: Action) -> Option<String> {
        explain::illegal_reason(self, action)
    }
}
