//! The kernel: [`Game`] for [`MartianChess`].

use std::ops::ControlFlow;

use pyramid_core::rand::Rng;
use pyramid_core::{Game, Outcome, Seat, play_random_by, random_action_by_walk};

use crate::play::zone_emptied;
use crate::{Action, MartianChess, Rules, explain, movegen};

impl Game for MartianChess {
    type Action = Action;
    type Rules = Rules;

    fn new(rules: &Rules) -> Self {
        MartianChess::start(rules)
    }

    /// The start position with the starting seat drawn uniformly at random (the seed's
    /// "who starts" draw), unless the `first` option fixes it.
    fn deal<R: Rng + ?Sized>(rules: &Rules, rng: &mut R) -> Self {
        let mut state = MartianChess::start(rules);
        if rules.fixed_first().is_none() {
            state.to_move = rng.random_range(0..rules.seat_count());
        }
        state
    }

    fn rules(&self) -> &Rules {
        &self.rules
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.is_over()).then_some(Seat(self.to_move))
    }

    /// The highest score wins; if two or more seats share it, the seat that made the
    /// final move wins, even with a lower score, except when the called clock ended the
    /// game (rule option `clock=on`): then a shared highest score is a draw. (A seat that
    /// reaches the `target` score always has the highest score: only the mover's score
    /// grows, and the game ends as soon as one reaches it.)
    fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let scores = self.scores();
        let best = scores.iter().copied().max().unwrap_or(0);
        let mut leaders = scores.iter().enumerate().filter(|&(_, &s)| s == best);
        match (leaders.next(), leaders.next()) {
            (Some((seat, _)), None) => Some(Outcome::Win(Seat(seat as u8))),
            _ if self.countdown == Some(0) => Some(Outcome::Draw),
            _ => Some(Outcome::Win(self.final_mover())),
        }
    }

    /// Over when a zone is empty, every seat passed in a row, the ply limit is reached,
    /// the called clock has run out, or a seat reached the target.
    #[inline]
    fn is_over(&self) -> bool {
        let occ = self.occupied();
        let zones = &self.layout().zones;
        let seats = usize::from(self.rules.seat_count());
        zones[..seats].iter().any(|&z| zone_emptied(occ, z))
            || self.passes >= self.rules.seat_count()
            || self.limit_reached()
            || self.countdown == Some(0)
            || self.target_reached()
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    #[inline]
    fn try_for_each_action<B, F>(&self, f: F) -> ControlFlow<B>
    where
        F: FnMut(Action) -> ControlFlow<B>,
    {
        movegen::try_for_each_action(self, f)
    }

    #[inline]
    fn count_actions(&self) -> usize {
        movegen::count_actions(self)
    }

    fn is_legal(&self, action: Action) -> bool {
        !self.is_over() && self.move_is_legal(action)
    }

    /// A rejection-sampled uniform draw that never lists the moves; under the rule
    /// options `clock`, `target`, `undo` and `variant` the generic walk
    /// ([`Rules::fast_paths_apply`]).
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        if self.rules.fast_paths_apply() {
            self.sampled_action(rng)
        } else {
            random_action_by_walk(self, rng)
        }
    }

    /// A fused draw-and-play loop with the distribution of [`Game::random_action`]; under
    /// the rule options `clock`, `target`, `undo` and `variant` the generic loop.
    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R, max_plies: Option<u32>) -> u32 {
        if self.rules.fast_paths_apply() {
            self.play_random_fused(rng, max_plies)
        } else {
            play_random_by(self, rng, max_plies, random_action_by_walk)
        }
    }

    #[inline]
    fn play_unchecked(&mut self, action: Action) {
        self.play_impl(action);
    }

    fn illegal_reason(&self, action: Action) -> Option<String> {
        explain::illegal_reason(self, action)
    }
}
