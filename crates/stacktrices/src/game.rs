//! The [`Game`] implementation.

use std::ops::ControlFlow;

use pyramid_core::rand::Rng;
use pyramid_core::{Game, Outcome, Seat};

use crate::action::Action;
use crate::rules::StacktricesRules;
use crate::setup::PositionError;
use crate::state::{Decision, Stacktrices};
use crate::view::{StacktricesView, draw};

impl Game for Stacktrices {
    type Action = Action;
    type Rules = StacktricesRules;
    type View = StacktricesView;
    type PositionError = PositionError;
    const NAME: &'static str = "stacktrices";

    fn new(rules: &StacktricesRules) -> Self {
        Stacktrices::start(rules)
    }

    fn from_position(text: &str, rules: &StacktricesRules) -> Result<Self, PositionError> {
        Stacktrices::read_position(text, rules)
    }

    fn position(&self) -> String {
        self.write_position()
    }

    fn rules(&self) -> &StacktricesRules {
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
        self.gen_actions(&mut f)
    }

    fn count_actions(&self) -> usize {
        if self.over.is_some() || self.limit_reached() {
            return 0;
        }
        match self.decision {
            Decision::Trade => self.count_trades(),
            Decision::Main => {
                let me = usize::from(self.turn);
                let own = self.occ[me];
                let mut n: u32 = crate::board::bits(own)
                    .map(|s| self.destinations(s).count_ones())
                    .sum();
                let empty_home = crate::board::home_row(self.turn) & !(self.occ[0] | self.occ[1]);
                n += (own & crate::board::home_row(self.turn ^ 1)).count_ones()
                    * empty_home.count_ones();
                n as usize
            }
            _ => {
                let mut n = 0;
                self.for_each_action(|_| n += 1);
                n
            }
        }
    }

    /// The block-ranking draw of [`Stacktrices::random_action`].
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        Stacktrices::random_action(self, rng)
    }

    fn is_legal(&self, action: Action) -> bool {
        if self.over.is_some() || self.limit_reached() {
            return false;
        }
        match (self.decision, action) {
            (Decision::Main, Action::Move { from, to }) => {
                let (f, t) = (crate::board::index(from), crate::board::index(to));
                self.occ[usize::from(self.turn)] >> f & 1 == 1 && self.destinations(f) >> t & 1 == 1
            }
            (Decision::Trade, Action::NoTrade) => true,
            (Decision::Trade, Action::Trade(t)) => self.is_legal_trade(&t),
            (Decision::Trade, _) => false,
            _ => self
                .try_for_each_action(|a| {
                    if a == action {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .is_break(),
        }
    }

    fn illegal_reason(&self, action: Action) -> Option<String> {
        self.explain(action)
    }
    fn play_unchecked(&mut self, action: Action) {
        self.apply(action);
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let mut score = [0.0f64; 2];
        for (_, st) in self.stacks() {
            let p = st.pieces();
            let value = 3.0 + f64::from(p.movement_pips()) + 1.5 * f64::from(p.skills());
            score[usize::from(st.owner)] += value;
        }
        let me = seat.index() & 1;
        score[me] - score[me ^ 1]
    }

    fn diagram(&self, viewer: Option<Seat>) -> String {
        match viewer {
            None => draw(self, None, 0),
            Some(seat) => self.view(seat).diagram(),
        }
    }

    fn view(&self, seat: Seat) -> StacktricesView {
        StacktricesView::new(self, seat)
    }

    fn write_view(view: &StacktricesView) -> String {
        view.to_view_string()
    }

    fn read_view(text: &str, rules: &StacktricesRules) -> Result<StacktricesView, PositionError> {
        StacktricesView::from_view_string(text, rules)
    }

    /// The other side's `hide=` actions (where a vulnerability hides) are shown as `hide=?`.
    fn action_view(&self, action: Action, observer: Seat) -> String {
        match action {
            Action::Hide(_) if self.to_act() != Some(observer) => "hide=?".to_owned(),
            _ => action.to_string(),
        }
    }

    fn sample_from_view<R: Rng + ?Sized>(view: &StacktricesView, rng: &mut R) -> Self {
        view.sample(rng)
    }
}
