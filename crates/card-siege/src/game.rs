//! The [`Game`] implementation, the evaluation for greedy bots and the text diagram.

use std::fmt::Write;
use std::ops::ControlFlow;

use pyramid_core::rand::Rng;
use pyramid_core::{Game, Outcome, Seat};

use crate::action::Action;
use crate::card::{Card, Suit, code_suit};
use crate::geometry::WIDTH;
use crate::rules::CardSiegeRules;
use crate::setup::PositionError;
use crate::state::{CardSiege, GONE, Phase};

/// Material value of a rank for [`Game::evaluate`] (index = rank value; the King is
/// priceless and not counted).
const VALUE: [f64; 14] = [
    0.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 3.0, 3.0, 3.0, 3.0, 4.0, 4.0, 0.0,
];

impl CardSiege {
    fn material(&self, suit: usize) -> f64 {
        self.places[suit][..13]
            .iter()
            .enumerate()
            .filter(|&(_, &sq)| sq != GONE)
            .map(|(i, _)| VALUE[i + 1])
            .sum()
    }
}

impl CardSiege {
    /// The `index`-th legal action in generation order (the order of
    /// [`Game::try_for_each_action`]), or `None` past the end. Faster than listing: runs
    /// of actions that need no check are skipped as a whole.
    ///
    /// ```
    /// use card_siege::CardSiege;
    /// use pyramid_core::Game;
    /// let start = CardSiege::new(&Default::default());
    /// let all = start.legal_actions();
    /// assert_eq!(start.nth_action(10), Some(all[10]));
    /// assert_eq!(start.nth_action(all.len()), None);
    /// ```
    pub fn nth_action(&self, index: usize) -> Option<Action> {
        self.select(index)
    }

    /// A uniformly random legal action, or `None` when the game is over: the fast path
    /// for random playouts. It counts each card's actions in bulk, draws one index from
    /// `rng` and lists only the chosen card's actions; it picks the same action as
    /// the trait's default draw ([`pyramid_core::random_action_by_walk`]) would for the
    /// same draw.
    pub fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        self.pick_action(|n| rng.random_range(0..n))
    }
}

impl Game for CardSiege {
    type Action = Action;
    type Rules = CardSiegeRules;
    type View = CardSiege;
    type PositionError = PositionError;
    const NAME: &'static str = "card-siege";

    fn new(rules: &CardSiegeRules) -> Self {
        CardSiege::start(rules)
    }

    fn from_position(text: &str, rules: &CardSiegeRules) -> Result<Self, PositionError> {
        CardSiege::read_position(text, rules)
    }

    fn position(&self) -> String {
        self.write_position()
    }

    fn rules(&self) -> &CardSiegeRules {
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
        let stuck = self.each_action(|_| ControlFlow::Break(())).is_continue();
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
        self.each_action(f)
    }

    #[inline]
    fn count_actions(&self) -> usize {
        self.count()
    }

    fn is_legal(&self, action: Action) -> bool {
        self.legal(action)
    }

    /// The bulk-counting draw of [`CardSiege::random_action`].
    fn random_action<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<Action> {
        CardSiege::random_action(self, rng)
    }

    fn illegal_reason(&self, action: Action) -> Option<String> {
        self.explain(action)
    }

    #[inline]
    fn play_unchecked(&mut self, action: Action) {
        self.apply(action);
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        let me = seat.index().min(1);
        match self.outcome() {
            Some(Outcome::Win(w)) => return if w.index() == me { 1000.0 } else { -1000.0 },
            Some(Outcome::Draw) => return 0.0,
            None => {}
        }
        let mut score = self.material(me) - self.material(1 - me);
        if self.phase == Phase::Siege {
            // Whoever holds the top of the stack is ahead in the siege.
            let top = code_suit(self.board[usize::from(self.siege)]);
            score += if top == me { 5.0 } else { -5.0 };
        }
        score
    }

    fn diagram(&self, _viewer: Option<Seat>) -> String {
        let mut out = String::new();
        let files: String = (0..WIDTH)
            .map(|f| format!(" {:<3}", (b'a' + f as u8) as char))
            .collect();
        let _ = writeln!(out, "  {}", files.trim_end());
        for rank in (0..3).rev() {
            let mut line = format!("{} ", rank + 1);
            for file in 0..WIDTH {
                let i = rank * WIDTH + file;
                let code = self.board[i];
                let cell = if code == 0 {
                    " .".to_owned()
                } else if i == usize::from(self.siege) {
                    format!("*{}", Card::from_code(code))
                } else {
                    format!(" {}", Card::from_code(code))
                };
                let _ = write!(line, "{cell:<4}");
            }
            let label = match rank {
                0 => "  Hearts' home row",
                1 => "  neutral row",
                _ => "  Spades' home row",
            };
            let _ = writeln!(out, "{}{label}", line.trim_end());
        }
        if let Some(sq) = self.siege() {
            let king = Suit::from_index(self.king_under_siege());
            let top = Card::from_code(self.board[usize::from(self.siege)]);
            let _ = writeln!(out, "siege on {sq}: the King of {king} under {top}");
        }
        let mover = Suit::from_index(usize::from(self.to_move));
        let status = match self.outcome() {
            Some(Outcome::Win(w)) => format!("game over: {} wins", Suit::of_seat(w)),
            Some(Outcome::Draw) => "game over: draw (ply limit)".to_owned(),
            None => match self.phase {
                Phase::Normal => format!("{mover} (seat {}) to move", self.to_move),
                Phase::Siege => format!("{mover} (seat {}) must answer the siege", self.to_move),
                Phase::Evacuate => format!(
                    "{mover} (seat {}) has won the stack: its King evacuates",
                    self.to_move
                ),
            },
        };
        let _ = writeln!(out, "{status}; ply {}", self.plies);
        let _ = writeln!(
            out,
            "cards: hearts {}, spades {}; opening turns left: hearts {}, spades {}",
            self.places[0][..13].iter().filter(|&&s| s != GONE).count(),
            self.places[1][..13].iter().filter(|&&s| s != GONE).count(),
            self.opening[0],
            self.opening[1]
        );
        let _ = writeln!(
            out,
            "legend: rank A 2-9 T(10) J Q K, suit h(earts)/s(pades); (Kh9s) a siege stack: \
             the King underneath, the card on top"
        );
        let _ = writeln!(out, "position: {}", self.position());
        out
    }

    fn view(&self, _seat: Seat) -> CardSiege {
        self.clone()
    }

    fn write_view(view: &CardSiege) -> String {
        view.position()
    }

    fn read_view(text: &str, rules: &Self::Rules) -> Result<CardSiege, Self::PositionError> {
        Self::from_position(text, rules)
    }

    fn sample_from_view<R: Rng + ?Sized>(view: &CardSiege, _rng: &mut R) -> Self {
        view.clone()
    }
}
