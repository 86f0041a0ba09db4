//! The [`Game`] implementation.

use std::ops::ControlFlow;

use pyramid_core::rand::Rng;
use pyramid_core::{ActionParseError, Game, Outcome, PlayError, Seat};

use crate::action::is_capture_spelling;
use crate::{MartianAction, MartianChess, MartianRules, PositionError};

impl Game for MartianChess {
    type Action = MartianAction;
    type Rules = MartianRules;
    type View = MartianChess;
    type PositionError = PositionError;
    const NAME: &'static str = "martian-chess";

    fn new(rules: &MartianRules) -> Self {
        MartianChess::start(rules)
    }

    /// The start position with the starting seat drawn uniformly at random (the seed's
    /// "who starts" draw), unless the `first` option fixes it.
    fn deal<R: Rng + ?Sized>(rules: &MartianRules, rng: &mut R) -> Self {
        let mut state = MartianChess::start(rules);
        if rules.fixed_first().is_none() {
            state.to_move = rng.random_range(0..rules.seat_count());
        }
        state
    }

    fn from_position(text: &str, rules: &MartianRules) -> Result<Self, PositionError> {
        MartianChess::parse_position(text, rules)
    }

    fn position(&self) -> String {
        self.write_position()
    }

    fn rules(&self) -> &MartianRules {
        &self.rules
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.finished()).then_some(Seat(self.to_move))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    fn is_over(&self) -> bool {
        self.finished()
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    #[inline]
    fn try_for_each_action<B, F>(&self, f: F) -> ControlFlow<B>
    where
        F: FnMut(MartianAction) -> ControlFlow<B>,
    {
        self.try_for_each_action_impl(f)
    }

    #[inline]
    fn count_actions(&self) -> usize {
        self.count_actions_impl()
    }

    fn is_legal(&self, action: MartianAction) -> bool {
        !self.finished() && self.move_is_legal(action)
    }

    /// The rejection-sampled uniform draw of [`MartianChess::random_action`].
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<MartianAction> {
        MartianChess::random_action(self, rng)
    }

    /// The fused draw-and-play loop of [`MartianChess::play_random`].
    fn play_random<R: Rng + ?Sized>(&mut self, rng: &mut R, max_plies: Option<u32>) -> u32 {
        MartianChess::play_random(self, rng, max_plies)
    }

    fn illegal_reason(&self, action: MartianAction) -> Option<String> {
        self.explain(action)
    }

    #[inline]
    fn play_unchecked(&mut self, action: MartianAction) {
        self.play_impl(action);
    }

    /// Reads `b2-c3`, `b2xc3` or `pass`. The capture spelling is accepted only for a move
    /// that captures.
    fn parse_action(&self, text: &str) -> Result<MartianAction, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let text = text.trim();
        let action: MartianAction = text.parse()?;
        if !self.is_legal(action) {
            return Err(PlayError::Illegal {
                action: text.to_owned(),
                reason: self.illegal_reason(action),
            });
        }
        if is_capture_spelling(text) && !self.is_capture(action) {
            return Err(PlayError::Malformed(ActionParseError::new(
                text,
                "`x` marks a capture, but this move captures nothing; write it with `-`",
            )));
        }
        Ok(action)
    }

    /// Once over: +1000 for the winner, -1000 otherwise. Before: the seat's score minus
    /// the best score among the other seats.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.result() {
            return if outcome.winner() == Some(seat) {
                1000.0
            } else {
                -1000.0
            };
        }
        let own = f64::from(self.score(seat));
        let best_other = Seat::all(self.seats())
            .filter(|&s| s != seat)
            .map(|s| self.score(s))
            .max()
            .unwrap_or(0);
        own - f64::from(best_other)
    }

    fn diagram(&self, _viewer: Option<Seat>) -> String {
        self.draw()
    }

    fn view(&self, _seat: Seat) -> MartianChess {
        self.clone()
    }

    fn write_view(view: &MartianChess) -> String {
        view.position()
    }

    fn read_view(text: &str, rules: &Self::Rules) -> Result<MartianChess, Self::PositionError> {
        Self::from_position(text, rules)
    }

    fn sample_from_view<R: Rng + ?Sized>(view: &MartianChess, _rng: &mut R) -> Self {
        view.clone()
    }
}
