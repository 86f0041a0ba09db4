//! The conformance harness's bot check (`check_bot`) on every built-in bot and every
//! game, and on deliberately bad bots: one that returns an illegal action, one that is
//! not reproducible from its seed, and one that reads the other side's hidden thief
//! through a view that carries it. And `check_game`, the harness's entry point for a
//! game, on every game, with cheap settings (each game's own tests run its pieces at
//! length).

use std::ops::ControlFlow;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use ataxx_ice::AtaxxIce;
use card_siege::CardSiege;
use martian_chess::MartianChess;
use pyramid_bots::BotSpec;
use pyramid_core::nim::{Nim, NimRules, Take};
use pyramid_core::prelude::*;
use pyramid_core::rand::{Rng, SeedableRng};
use pyramid_core::{Bot, Game, RandomBot, Seat};
use pyramid_testkit::conformance::{check_bot, check_game};
use serde::{Deserialize, Serialize};
use stacktrices::{Stacktrices, Start};

/// Every built-in bot, with settings cheap enough for a test.
const SPECS: &[&str] = &[
    "random",
    "greedy",
    "mcts:iters=30",
    "ab:depth=1",
    "ismcts:iters=30",
];

/// Runs `check_bot` for every built-in bot on `start`.
fn every_bot_passes<G: FullGame>(start: &G, seeds: u64, max_plies: u32) {
    for text in SPECS {
        let spec: BotSpec = text.parse().expect("a valid spec");
        check_bot(
            |seed| spec.build::<G>(seed).expect("builds"),
            start.clone(),
            0..seeds,
            max_plies,
        );
    }
}

#[test]
fn every_bot_passes_check_bot_on_nim() {
    every_bot_passes(&Nim::new(&NimRules::default()), 3, 40);
}

#[test]
fn every_bot_passes_check_bot_on_martian_chess() {
    every_bot_passes(&MartianChess::new(&martian_chess::Rules::default()), 1, 12);
}

#[test]
fn every_bot_passes_check_bot_on_ataxx_ice() {
    every_bot_passes(&AtaxxIce::new(&ataxx_ice::Rules::default()), 1, 12);
}

#[test]
fn every_bot_passes_check_bot_on_card_siege() {
    every_bot_passes(&CardSiege::new(&card_siege::Rules::default()), 1, 12);
}

#[test]
fn every_bot_passes_check_bot_on_stacktrices() {
    let standard = stacktrices::Rules::default().with_start(Start::Standard);
    every_bot_passes(&Stacktrices::new(&standard), 1, 8);
    every_bot_passes(&Stacktrices::new(&stacktrices::Rules::default()), 1, 12);
}

#[test]
fn every_game_passes_check_game() {
    check_game::<Nim>(&NimRules::default(), 0..2, 40);
    check_game::<MartianChess>(&martian_chess::Rules::default(), 0..2, 40);
    let four = martian_chess::Rules::default()
        .with_seats(4)
        .expect("4 seats");
    check_game::<MartianChess>(&four, 0..1, 40);
    check_game::<AtaxxIce>(&ataxx_ice::Rules::default(), 0..2, 40);
    check_game::<CardSiege>(&card_siege::Rules::default(), 0..2, 40);
    let standard = stacktrices::Rules::default().with_start(Start::Standard);
    check_game::<Stacktrices>(&standard, 0..1, 20);
    check_game::<Stacktrices>(&stacktrices::Rules::default(), 0..1, 20);
}

/// The panic message of `f`, which must panic.
fn panic_message(f: impl FnOnce()) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("the check must fail");
    payload
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| payload.downcast_ref::<&str>().map(|s| (*s).to_owned()))
        .unwrap_or_default()
}

/// Always takes three counters from the first pile, legal or not.
struct Greedy3;

impl Bot<Nim> for Greedy3 {
    fn name(&self) -> String {
        "take-three".into()
    }

    fn choose(&mut self, _view: &Nim, _seat: Seat) -> Option<Take> {
        Some(Take { pile: 0, count: 3 })
    }
}

#[test]
fn check_bot_catches_an_illegal_action() {
    let message = panic_message(|| {
        check_bot(|_| Greedy3, Nim::new(&NimRules::default()), 0..1, 40);
    });
    assert!(
        message.contains("bot `take-three` chose the illegal `a-3` for seat 1 at `0,4,5 1 1`"),
        "{message}"
    );
}

/// Picks by a counter shared by every bot it makes: two bots made from one seed answer
/// differently.
struct Drifting(Arc<AtomicUsize>);

impl<G: FullGame> Bot<G> for Drifting {
    fn name(&self) -> String {
        "drifting".into()
    }

    fn choose(&mut self, view: &G::View, _seat: Seat) -> Option<G::Action> {
        let n = self.0.fetch_add(1, Ordering::Relaxed);
        let mut rng = pyramid_core::ChaCha8Rng::seed_from_u64(0);
        let state = G::sample_from_view(view, &mut rng);
        let actions = state.legal_actions();
        actions.get(n % actions.len().max(1)).copied()
    }
}

#[test]
fn check_bot_catches_a_bot_that_is_not_reproducible() {
    let counter = Arc::new(AtomicUsize::new(0));
    let start = AtaxxIce::new(&ataxx_ice::Rules::default());
    let message = panic_message(|| {
        check_bot(|_| Drifting(Arc::clone(&counter)), start, 0..1, 10);
    });
    assert!(
        message.contains("bot `drifting` is not reproducible"),
        "{message}"
    );
}

/// Stacktrices with a view that carries the whole state, thieves included, and masks
/// them only in its text and its samples: a game whose view type lets a bot read what the
/// seat may not see. (`information_set_playout` rejects such a view; here it shows that
/// `check_bot` tells a bot that reads the hidden part from one that does not.)
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
struct Leaky(Stacktrices);

/// The leaky view: the seat and the whole state.
#[derive(Clone, Debug, PartialEq, Eq)]
struct LeakyView {
    seat: Seat,
    full: Stacktrices,
}

impl Game for Leaky {
    type Action = stacktrices::Action;
    type Rules = stacktrices::Rules;

    fn new(rules: &stacktrices::Rules) -> Self {
        Leaky(Stacktrices::new(rules))
    }

    fn rules(&self) -> &stacktrices::Rules {
        self.0.rules()
    }

    fn to_act(&self) -> Option<Seat> {
        self.0.to_act()
    }

    fn outcome(&self) -> Option<pyramid_core::Outcome> {
        self.0.outcome()
    }

    fn plies(&self) -> u32 {
        self.0.plies()
    }

    fn try_for_each_action<B, F>(&self, f: F) -> ControlFlow<B>
    where
        F: FnMut(Self::Action) -> ControlFlow<B>,
    {
        self.0.try_for_each_action(f)
    }

    fn play_unchecked(&mut self, action: Self::Action) {
        self.0.play_unchecked(action);
    }
}

impl Notation for Leaky {
    type PositionError = stacktrices::PositionError;

    fn from_position(text: &str, rules: &stacktrices::Rules) -> Result<Self, Self::PositionError> {
        Stacktrices::from_position(text, rules).map(Leaky)
    }

    fn position(&self) -> String {
        self.0.position()
    }
}

impl Information for Leaky {
    type View = LeakyView;

    fn view(&self, seat: Seat) -> LeakyView {
        LeakyView {
            seat,
            full: self.0.clone(),
        }
    }

    fn write_view(view: &LeakyView) -> String {
        view.full.view_string(view.seat)
    }

    fn read_view(text: &str, rules: &stacktrices::Rules) -> Result<LeakyView, Self::PositionError> {
        let view = Stacktrices::read_view(text, rules)?;
        let full =
            Stacktrices::sample_from_view(&view, &mut pyramid_core::ChaCha8Rng::seed_from_u64(0));
        Ok(LeakyView {
            seat: view.seat(),
            full,
        })
    }

    fn sample_from_view<R: Rng + ?Sized>(view: &LeakyView, rng: &mut R) -> Self {
        Leaky(Stacktrices::sample_from_view(
            &view.full.view(view.seat),
            rng,
        ))
    }
}

impl Evaluate for Leaky {
    fn evaluate(&self, seat: Seat) -> f64 {
        self.0.evaluate(seat)
    }
}

impl Diagram for Leaky {
    fn diagram(&self, viewer: Option<Seat>) -> String {
        self.0.diagram(viewer)
    }
}

impl Svg for Leaky {}

impl Describe for Leaky {}

impl ActionIds for Leaky {
    fn action_space(rules: &stacktrices::Rules) -> u64 {
        Stacktrices::action_space(rules)
    }

    fn action_id(&self, action: Self::Action) -> u64 {
        self.0.action_id(action)
    }

    fn action_from_id(&self, id: u64) -> Option<Self::Action> {
        self.0.action_from_id(id)
    }
}

impl PolicySpace for Leaky {
    fn policy_size(rules: &stacktrices::Rules) -> u32 {
        Stacktrices::policy_size(rules)
    }

    fn max_steps(rules: &stacktrices::Rules) -> usize {
        Stacktrices::max_steps(rules)
    }

    fn write_steps(&self, action: Self::Action, out: &mut Vec<u32>) {
        self.0.write_steps(action, out);
    }

    fn step_text(&self, step: u32) -> Option<String> {
        self.0.step_text(step)
    }
}

impl Observation for Leaky {
    fn observation_shape(rules: &stacktrices::Rules) -> Vec<usize> {
        Stacktrices::observation_shape(rules)
    }

    fn write_observation(&self, seat: Seat, out: &mut [f32]) {
        self.0.write_observation(seat, out);
    }
}

impl Zobrist for Leaky {
    fn key(&self) -> u64 {
        self.0.key()
    }
}

/// Reads the other side's thief from the leaky view and picks by its square.
struct Peeking;

impl Bot<Leaky> for Peeking {
    fn name(&self) -> String {
        "peeking".into()
    }

    fn choose(&mut self, view: &LeakyView, seat: Seat) -> Option<stacktrices::Action> {
        let actions = view.full.legal_actions();
        let other = Seat(1 - seat.0);
        let hint = view
            .full
            .thief(other)
            .map_or(0, |sq| usize::from(sq.file()) + 8 * usize::from(sq.rank()));
        actions.get(hint % actions.len().max(1)).copied()
    }
}

fn leaky_start() -> Leaky {
    Leaky(Stacktrices::new(
        &stacktrices::Rules::default().with_start(Start::Standard),
    ))
}

#[test]
fn check_bot_passes_a_bot_that_reads_only_the_view_it_may_see() {
    // The random bot draws the hidden part from the masked view, so the leak is no use to
    // it: it passes on the leaky game.
    check_bot(RandomBot::new, leaky_start(), 0..3, 30);
}

#[test]
fn check_bot_catches_a_bot_that_reads_the_hidden_thief() {
    let message = panic_message(|| check_bot(|_| Peeking, leaky_start(), 0..3, 30));
    assert!(
        message.contains("bot `peeking` reads more than seat"),
        "{message}"
    );
}
