//! The [`Game`] implementation.

use std::ops::ControlFlow;

use pyramid_core::{Game, Outcome, PlayError, RuleSet, Seat};

use crate::action::{Action, ActionKind};
use crate::error::PositionError;
use crate::movegen::Ctx;
use crate::rules::AtaxxIceRules;
use crate::state::{AtaxxIce, ONGOING};

impl AtaxxIce {
    /// The legal action of index `k` (`0 <= k < count_actions()`) in a fixed order of
    /// this engine (not the generation order), found by counting and skipping whole
    /// blocks of actions: a uniformly random action costs about two counts instead of a
    /// generation. `None` when `k` is out of range.
    ///
    /// ```
    /// use ataxx_ice::{AtaxxIce, AtaxxIceRules};
    /// use pyramid_core::Game;
    /// let game = AtaxxIce::new(&AtaxxIceRules::default());
    /// let mut all: Vec<_> = (0..game.count_actions()).filter_map(|k| game.nth_action(k)).collect();
    /// assert_eq!(all.len(), 10);
    /// assert!(all.iter().all(|&a| game.is_legal(a)));
    /// assert_eq!(game.nth_action(10), None);
    /// ```
    pub fn nth_action(&self, k: usize) -> Option<Action> {
        self.select(k as u64).ok()
    }

    /// The start bits of each seat's small, in seat order, on a board of `size`.
    fn corners(seats: usize, size: u8) -> Vec<u8> {
        let top = (size - 1) * 8;
        let (a1, an, nn, n1) = (0, top, top + size - 1, size - 1);
        match seats {
            2 => vec![a1, nn],
            3 => vec![a1, an, nn],
            _ => vec![a1, an, nn, n1],
        }
    }

    /// The canonical form of a parsed action: a clone from any parent becomes the clone
    /// from the lowest-index parent that places the same size.
    fn canonical(&self, a: Action) -> Action {
        if a.kind != ActionKind::Clone || self.over() {
            return a;
        }
        let c = Ctx::new(self, usize::from(self.to_move));
        match self.canonical_parent(&c, a.from, a.to) {
            Some(from) => Action { from, ..a },
            None => a,
        }
    }
}

impl Game for AtaxxIce {
    type Action = Action;
    type Rules = AtaxxIceRules;
    type View = AtaxxIce;
    type PositionError = PositionError;
    const NAME: &'static str = crate::NAME;

    fn new(rules: &AtaxxIceRules) -> Self {
        let mut pieces = [[0u64; 3]; 4];
        for (seat, bit) in Self::corners(rules.seats(), rules.size())
            .into_iter()
            .enumerate()
        {
            pieces[seat][0] = 1 << bit;
        }
        AtaxxIce {
            rules: rules.clone(),
            pieces,
            to_move: 0,
            result: ONGOING,
            plies: 0,
        }
    }

    fn from_position(text: &str, rules: &AtaxxIceRules) -> Result<Self, PositionError> {
        AtaxxIce::read_position(text, rules)
    }

    fn position(&self) -> String {
        self.write_position()
    }

    fn rules(&self) -> &AtaxxIceRules {
        &self.rules
    }

    fn to_act(&self) -> Option<Seat> {
        (!self.over()).then_some(Seat(self.to_move))
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome_now()
    }

    fn is_over(&self) -> bool {
        self.over()
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    fn try_for_each_action<B, F>(&self, f: F) -> ControlFlow<B>
    where
        F: FnMut(Action) -> ControlFlow<B>,
    {
        self.generate(f)
    }

    fn count_actions(&self) -> usize {
        self.count_legal()
    }

    fn is_legal(&self, action: Action) -> bool {
        self.legal(action)
    }

    /// A uniformly random legal action through [`AtaxxIce::nth_action`]'s block
    /// skipping: one count and one selection, no generation.
    fn random_action<R: pyramid_core::rand::Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        self.pick_random(|n| rng.random_range(0..n))
    }

    fn illegal_reason(&self, action: Action) -> Option<String> {
        self.explain(action)
    }
    fn play_unchecked(&mut self, action: Action) {
        self.apply(action);
    }

    /// Reads action text in context. A clone may be written from any of its parents; the
    /// canonical action (lowest-index parent) is returned. Relocation brackets may be
    /// left out when exactly one legal action matches what was written.
    fn parse_action(&self, text: &str) -> Result<Action, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let text = text.trim();
        let action = self.canonical(text.parse()?);
        if self.legal(action) {
            return Ok(action);
        }
        if action.relocs == 0 && !text.contains('[') {
            let mut found = None;
            let mut many = false;
            self.for_each_action(|a| {
                if a.with_relocs(0) == action {
                    many |= found.is_some();
                    found = Some(a);
                }
            });
            if let (Some(a), false) = (found, many) {
                return Ok(a);
            }
        }
        Err(PlayError::Illegal {
            action: text.to_owned(),
            reason: self.illegal_reason(action),
        })
    }

    /// Material: the mover's pips on the board minus the best opponent's; a won game is
    /// worth 1000, a lost one -1000, a draw 0.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(outcome) = self.outcome_now() {
            return match outcome {
                Outcome::Draw => 0.0,
                Outcome::Win(w) if w == seat => 1000.0,
                Outcome::Win(_) => -1000.0,
            };
        }
        let pips = |s: usize| -> f64 {
            (0..3)
                .map(|size| f64::from(self.pieces[s][size].count_ones()) * (size as f64 + 1.0))
                .sum()
        };
        let best_other = (0..self.rules.seats())
            .filter(|&s| s != seat.index())
            .map(pips)
            .fold(0.0, f64::max);
        pips(seat.index().min(3)) - best_other
    }

    fn diagram(&self, _viewer: Option<Seat>) -> String {
        self.draw()
    }

    fn view(&self, _seat: Seat) -> AtaxxIce {
        self.clone()
    }

    fn write_view(view: &AtaxxIce) -> String {
        view.position()
    }

    fn read_view(text: &str, rules: &Self::Rules) -> Result<AtaxxIce, Self::PositionError> {
        Self::from_position(text, rules)
    }

    fn sample_from_view<R: pyramid_core::rand::Rng + ?Sized>(
        view: &AtaxxIce,
        _rng: &mut R,
    ) -> Self {
        view.clone()
    }
}
