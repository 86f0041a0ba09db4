//! The conformance harness's own tests (beside it: the harness file is its checks).

use super::*;
use pyramid_core::Game;
use pyramid_core::nim::{Nim, NimRules};

#[test]
fn nim_has_no_information_leak() {
    for seed in 0..5 {
        information_set_playout(Nim::new(&NimRules::default()), seed, 100, 3);
    }
}

#[test]
fn states_with_different_views_are_reported() {
    let a = Nim::new(&NimRules::default());
    let mut b = a.clone();
    let first = b.legal_actions()[0];
    b.play_unchecked(first);
    let leak = check_indistinguishable(&[a, b], Seat(0)).expect_err("views differ");
    assert!(leak.what.contains("different views"), "{leak}");
}

#[test]
fn nim_passes_the_harness() {
    for seed in 0..20 {
        let end = random_playout(Nim::new(&NimRules::default()), seed, 100, |_| {});
        assert!(end.is_over());
    }
}

/// Nim with a policy space broken on purpose: `shared` gives every action the steps
/// `[0]`; otherwise the steps are right but `legal_next_steps` offers index 11 too.
#[derive(Clone, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
struct BrokenSteps {
    nim: Nim,
    shared: bool,
}

impl Game for BrokenSteps {
    type Action = pyramid_core::nim::Take;
    type Rules = NimRules;
    fn new(rules: &NimRules) -> Self {
        BrokenSteps {
            nim: Nim::new(rules),
            shared: false,
        }
    }
    fn rules(&self) -> &NimRules {
        self.nim.rules()
    }
    fn to_act(&self) -> Option<Seat> {
        self.nim.to_act()
    }
    fn outcome(&self) -> Option<pyramid_core::Outcome> {
        self.nim.outcome()
    }
    fn plies(&self) -> u32 {
        self.nim.plies()
    }
    fn try_for_each_action<B, F>(&self, f: F) -> std::ops::ControlFlow<B>
    where
        F: FnMut(Self::Action) -> std::ops::ControlFlow<B>,
    {
        self.nim.try_for_each_action(f)
    }
    fn play_unchecked(&mut self, action: Self::Action) {
        self.nim.play_unchecked(action);
    }
}

impl Notation for BrokenSteps {
    type PositionError = <Nim as Notation>::PositionError;
    fn from_position(text: &str, rules: &NimRules) -> Result<Self, Self::PositionError> {
        Ok(BrokenSteps {
            nim: Nim::from_position(text, rules)?,
            shared: false,
        })
    }
    fn position(&self) -> String {
        self.nim.position()
    }
}

impl PolicySpace for BrokenSteps {
    fn policy_size(rules: &NimRules) -> u32 {
        Nim::policy_size(rules)
    }
    fn max_steps(_rules: &NimRules) -> usize {
        1
    }
    fn write_steps(&self, action: Self::Action, out: &mut Vec<u32>) {
        if self.shared {
            out.push(0);
        } else {
            self.nim.write_steps(action, out);
        }
    }
    fn step_text(&self, step: u32) -> Option<String> {
        self.nim.step_text(step)
    }
    fn legal_next_steps(&self, prefix: &[u32]) -> Vec<u32> {
        let mut next = self.nim.legal_next_steps(prefix);
        if prefix.is_empty() && !self.shared {
            next.push(11);
        }
        next
    }
}

#[test]
#[should_panic(expected = "is not the continuations of the legal actions")]
fn policy_check_catches_next_steps_no_action_takes() {
    let state = BrokenSteps::new(&NimRules::default());
    check_policy_steps(&state, &state.legal_actions());
}

#[test]
#[should_panic(expected = "do not name it back")]
fn policy_check_catches_actions_sharing_their_steps() {
    let mut state = BrokenSteps::new(&NimRules::default());
    state.shared = true;
    check_policy_steps(&state, &state.legal_actions());
}

#[test]
fn nim_passes_check_game_with_every_pile_setting() {
    use pyramid_core::RuleSet;
    for piles in ["3,4,5", "1", "15,15,15,15", "0,2"] {
        let rules = NimRules::default()
            .with_option("piles", piles)
            .expect("valid piles");
        check_game::<Nim>(&rules, 0..3, 80);
        check_game::<Nim>(&rules.with_ply_limit(Some(3)), 0..2, 80);
    }
}

/// A bot that answers from a shared counter, so two bots made from one seed differ.
struct Drifting(std::sync::Arc<std::sync::atomic::AtomicUsize>);

impl Bot<Nim> for Drifting {
    fn name(&self) -> String {
        "drifting".into()
    }

    fn choose(&mut self, view: &Nim, _seat: Seat) -> Option<pyramid_core::nim::Take> {
        let n = self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let actions = view.legal_actions();
        actions.get(n % actions.len().max(1)).copied()
    }
}

#[test]
fn check_bot_names_a_bot_that_is_not_reproducible() {
    let counter = std::sync::Arc::default();
    let caught = std::panic::catch_unwind(|| {
        check_bot(
            |_| Drifting(std::sync::Arc::clone(&counter)),
            Nim::new(&NimRules::default()),
            0..1,
            20,
        )
    });
    let message = caught
        .err()
        .and_then(|e| e.downcast_ref::<String>().cloned())
        .expect("the drifting bot is caught with a message");
    assert!(
        message.contains("bot `drifting` is not reproducible"),
        "{message}"
    );
}

#[test]
fn nim_step_texts_are_distinct() {
    check_step_texts(&Nim::new(&NimRules::default()));
}

#[test]
fn nim_refuses_bad_positions_by_field() {
    check_rejects_positions::<Nim>(
        &NimRules::default(),
        &[
            ("1,2 0", "3 space-separated"),
            ("1,99 0 0", "piles"),
            ("1 7 0", "seat"),
            ("1 0 x", "plies"),
        ],
    );
}
