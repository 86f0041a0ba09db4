//! The kernel: [`Game`] for [`AtaxxIce`].

use std::ops::ControlFlow;

use pyramid_core::rand::Rng;
use pyramid_core::{Game, Outcome, Seat};

use crate::action::Action;
use crate::explain;
use crate::rules::Rules;
use crate::state::{AtaxxIce, DRAW, ONGOING};

impl Game for AtaxxIce {
    type Action = Action;
    type Rules = Rules;

    fn new(rules: &Rules) -> Self {
        AtaxxIce::start(rules)
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then_some(Seat(self.to_move))
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.result {
            ONGOING if self.limit_reached() => Some(Outcome::Draw),
            ONGOING => None,
            DRAW => Some(Outcome::Draw),
            r => Some(Outcome::Win(Seat(r - 1))),
        }
    }

    /// Over once the board has decided the game or the ply limit is reached.
    #[inline]
    fn is_over(&self) -> bool {
        self.result != ONGOING || self.limit_reached()
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    fn try_for_each_action<B, F>(&self, f: F) -> ControlFlow<B>
    where
        F: FnMut(Action) -> ControlFlow<B>,
    {
        AtaxxIce::try_for_each_action(self, f)
    }

    fn count_actions(&self) -> usize {
        AtaxxIce::count_actions(self)
    }

    /// The legal action of index `index` in a fixed order of this engine (not the
    /// generation order), found by counting and skipping whole blocks of actions.
    fn nth_action(&self, index: usize) -> Option<Action> {
        self.select(u64::try_from(index).ok()?)
    }

    fn is_legal(&self, action: Action) -> bool {
        AtaxxIce::is_legal(self, action)
    }

    /// One count and one block-skipping selection, no generation.
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        AtaxxIce::random_action(self, rng)
    }

    /// Per ply one count and one selection, played with the context at hand: the
    /// same actions as repeated [`Game::random_action`] for the same generator.
    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R, max_plies: Option<u32>) -> u32 {
        AtaxxIce::play_random(self, rng, max_plies)
    }

    fn play_unchecked(&mut self, action: Action) {
        AtaxxIce::play_unchecked(self, action);
    }

    fn illegal_reason(&self, action: Action) -> Option<String> {
        explain::illegal_reason(self, action)
    }
}
