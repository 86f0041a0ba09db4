//! The conformance harness: checks that a game honours the
//! contract of the traits, and that a bot plays by the rules, on seeded random games.
//! Every game of this project runs it in its tests; run it on your own game (a new one,
//! or a re-implementation of one of ours) and on your own bot the same way.
//!
//! # Running it on your own game
//!
//! Take this crate as a dev-dependency of your crate:
//!
//! ```toml
//! [dev-dependencies]
//! pyramid-testkit = "0.1"
//! ```
//!
//! then write one `#[test]` per check. [`check_game`] runs the whole battery; the other
//! functions are its pieces, for tests that want one of them on their own positions.
//!
//! ```
//! use pyramid_testkit::conformance::{check_bot, check_game, check_rejects_positions};
//! use pyramid_core::nim::{Nim, NimRules};
//! use pyramid_core::{Game, RandomBot};
//!
//! let rules = NimRules::default();
//! // Every check, on 4 seeded random games of at most 60 plies each.
//! check_game::<Nim>(&rules, 0..4, 60);
//! // A bot: legal, reproducible from its seed, reading only its seat's view.
//! check_bot(RandomBot::new, Nim::new(&rules), 0..4, 60);
//! // Malformed position strings are refused, each with an error naming its field.
//! check_rejects_positions::<Nim>(&rules, &[("1,2 0", "3 space-separated"), ("1 7 0", "seat")]);
//! ```
//!
//! Every check panics with a message naming the state (its position string) and the
//! broken property ([`check_indistinguishable`] and [`check_information_set`] return it
//! as an [`InformationLeak`] instead), which is what `#[test]` and proptest expect; a failure prints the
//! position, so [`Notation::from_position`] rebuilds it for
//! a test of its own.
//!
//! # What each check verifies
//!
//! | check | what it verifies |
//! |---|---|
//! | [`check_game`] | the rules' options and RON form round-trip, every policy index has a text ([`check_step_texts`]); then, on one game dealt ([`Game::deal`]) per seed, [`random_playout`] and [`information_set_playout`]; [`check_uniform_random_play`] on the first seeds |
//! | [`random_playout`] | [`check_state`] and [`check_random_step`] on every state of a seeded random game, `play` and `play_unchecked` agree, and your own invariants (its `extra` closure) |
//! | [`check_state`] | one state: actions (no duplicates, text round-trip, `is_legal`, `count_actions`), refusals (illegal, wrong seat, finished game) leave the state unchanged, position string and RON round-trip, view strings, observation tensors, Zobrist keys, and the three below |
//! | [`check_fast_paths`] | `nth_action` and `random_action` agree with generation |
//! | [`check_uniform_random_play`] | `random_action` and one ply of `play_random` choose uniformly among the legal actions (chi-square, fixed seeds) on states of random games with few and with many actions; [`check_uniform_choice`] on one state |
//! | [`check_action_ids`] | action ids are below the bound, distinct, and decode back |
//! | [`check_policy_steps`] | decision steps form a prefix code that names every legal action, and `legal_next_steps` agrees with it |
//! | [`check_step_texts`] | every policy index has a distinct one-word text |
//! | [`information_set_playout`] | for every seat, states drawn from its view ([`Information::sample_from_view`](pyramid_core::Information::sample_from_view)) cannot be told apart by it (see below) |
//! | [`check_rejects_positions`] | malformed position strings are refused with an error naming the field |
//! | [`illegal_reason_for`] | the reason an illegal action text is refused with |
//! | [`check_bot`] | a bot never returns an illegal action, answers the same from the same seed, and reads only its seat's view |
//!
//! A game with hidden information implements [`Information`](pyramid_core::Information) with a
//! view that holds only what the seat may see; [`information_set_playout`] is the check
//! that catches a view (or the shape of the game) that gives more away. A game without
//! hidden information implements [`PerfectInformation`](pyramid_core::PerfectInformation) and passes it trivially.
//!
//! # The information-set property
//!
//! For a seat S and states S cannot tell apart (equal views, such as states drawn from S's
//! view by [`Information::sample_from_view`](pyramid_core::Information::sample_from_view)):
//! 1. the seat to act is the same in all, and so are S's observation tensor and picture;
//! 2. when S acts, S's legal actions are the same in all, with the same decision steps;
//! 3. when another seat acts, each of its actions as S sees it
//!    ([`Information::action_view`](pyramid_core::Information::action_view)) leads, in every state
//!    where it is legal, to states S cannot tell apart either.
//!
//! [`check_indistinguishable`] checks it on given states, [`check_information_set`] on a
//! state and states drawn from a seat's view of it, [`information_set_playout`] on every
//! state of a random game.
//!
//! Game-specific invariants (pieces conserved, scores bounded) go in the `extra` closure
//! of [`random_playout`]; known positions and their legal actions go in ordinary tests
//! (and perft suites, see [`perft_suite`](crate::perft_suite)).
//!
//! The crate `examples/tiny-game` of the repository is a complete game written as a user
//! would, whose tests run [`check_game`] and [`check_bot`]; copy it to start a new game.

use std::collections::{HashMap, HashSet};

use pyramid_core::ChaCha8Rng;
use pyramid_core::rand::SeedableRng;

use pyramid_core::{
    Bot, FullGame, Game, Notation, PlayError, PolicySpace, RandomBot, RuleSet, Seat,
};

mod information_sets;
mod rule_options;
mod uniformity;

pub use information_sets::{
    InformationLeak, check_indistinguishable, check_indistinguishable_with, check_information_set,
};
pub use rule_options::{OPTIONS_TABLE_END, OPTIONS_TABLE_START, check_rule_options};
pub use uniformity::{
    UNIFORM_DRAWS_PER_ACTION, UNIFORM_MAX_ACTIONS, UNIFORM_MAX_DRAWS, UNIFORM_MIN_DRAWS_PER_ACTION,
    check_uniform_choice, check_uniform_counts, check_uniform_random_play, chi_square,
    chi_square_bound,
};

/// How many actions seen earlier in a playout are kept to probe `is_legal` with.
const FOREIGN_POOL: usize = 96;

/// Checks one state:
/// - a finished game has no seat to act, no actions, and refuses play with
///   [`PlayError::GameOver`];
/// - otherwise: no duplicate actions and no two actions with the same text; the count
///   agrees with the list; every action is legal, round-trips through its text, is read
///   back by [`Notation::parse_action`], and plays without error;
/// - every action in `foreign` (actions seen elsewhere) is legal exactly when generated,
///   and an illegal one is refused with the state left unchanged;
/// - an action for the wrong seat is refused with [`PlayError::WrongSeat`];
/// - the position string and the RON form round-trip to an equal state;
/// - every seat's view string is one line and reads back to an equal view;
/// - every seat's observation tensor is fully written with finite numbers;
/// - the fast paths, ids and decision steps agree with generation ([`check_fast_paths`],
///   [`check_action_ids`], [`check_policy_steps`]);
/// - Zobrist keys: the incremental key of every child equals its key from scratch, equal
///   states (read back from the position string) have equal keys, and distinct children
///   have distinct keys.
pub fn check_state<G: FullGame>(state: &G, foreign: &[G::Action]) {
    let actions = state.legal_actions();
    check_action_count(state, &actions);
    if state.is_over() {
        check_finished_game(state, &actions, foreign);
    } else {
        check_seat_to_act(state);
        check_generated_actions(state, &actions);
        check_foreign_actions(state, &actions, foreign);
        check_wrong_seat_refused(state, &actions);
    }
    check_position_round_trip(state);
    check_ron_round_trip(state);
    check_fast_paths(state, &actions);
    check_observations(state);
    check_action_ids(state, &actions);
    check_policy_steps(state, &actions);
    check_view_strings(state);
}

/// `count_actions` agrees with the generated list.
fn check_action_count<G: FullGame>(state: &G, actions: &[G::Action]) {
    assert_eq!(
        state.count_actions(),
        actions.len(),
        "count_actions disagrees with generation at `{}`",
        state.position()
    );
}

/// A finished game has an outcome, no seat to act and no actions, and refuses every
/// action in `foreign` with [`PlayError::GameOver`], unchanged.
fn check_finished_game<G: FullGame>(state: &G, actions: &[G::Action], foreign: &[G::Action]) {
    let pos = state.position();
    assert!(state.outcome().is_some());
    assert_eq!(
        state.to_act(),
        None,
        "a finished game has a seat to act at `{pos}`"
    );
    assert!(actions.is_empty(), "a finished game has actions at `{pos}`");
    for &a in foreign.iter().take(8) {
        let mut copy = state.clone();
        assert_eq!(
            copy.play(a),
            Err(PlayError::GameOver),
            "finished game at `{pos}` took `{a}`"
        );
        assert_eq!(&copy, state, "a refused play changed the state at `{pos}`");
    }
}

/// An unfinished game has a seat to act, and it is one of the game's seats.
fn check_seat_to_act<G: FullGame>(state: &G) -> Seat {
    let pos = state.position();
    let seat = state
        .to_act()
        .unwrap_or_else(|| panic!("an unfinished game has no seat to act at `{pos}`"));
    assert!(
        seat.index() < state.seats(),
        "seat to act {seat} out of range at `{pos}`"
    );
    seat
}

/// The generated actions: no duplicates, no two with the same text, each text one word
/// that round-trips and that [`Notation::parse_action`] reads back, each legal by
/// `is_legal` and played without error; the incremental Zobrist key of every child
/// equals its key from scratch, and distinct children have distinct keys.
fn check_generated_actions<G: FullGame>(state: &G, actions: &[G::Action]) {
    let pos = state.position();
    let set: HashSet<G::Action> = actions.iter().copied().collect();
    assert_eq!(
        set.len(),
        actions.len(),
        "duplicate actions at `{pos}`: {actions:?}"
    );
    let mut texts = HashSet::new();
    let mut keys: HashMap<u64, G> = HashMap::new();
    for &a in actions {
        let text = a.to_string();
        assert!(
            !text.contains(char::is_whitespace),
            "action text `{text}` holds a space"
        );
        assert!(
            texts.insert(text.clone()),
            "two actions print as `{text}` at `{pos}`"
        );
        assert_eq!(
            text.parse::<G::Action>(),
            Ok(a),
            "`{text}` does not round-trip at `{pos}`"
        );
        assert!(
            state.is_legal(a),
            "generated `{text}` is not legal by is_legal at `{pos}`"
        );
        assert_eq!(
            state.parse_action(&text),
            Ok(a),
            "parse_action(`{text}`) at `{pos}`"
        );
        let child = check_child_key(state, a);
        match keys.get(&child.key()) {
            Some(seen) => assert_eq!(
                seen, &child,
                "two different children of `{pos}` have the same Zobrist key"
            ),
            None => {
                keys.insert(child.key(), child);
            }
        }
    }
}

/// Plays the legal `action` and checks the child's incremental Zobrist key against its
/// key from scratch; returns the child.
fn check_child_key<G: FullGame>(state: &G, action: G::Action) -> G {
    let pos = state.position();
    let mut child = state.clone();
    assert_eq!(
        child.play(action),
        Ok(()),
        "play(`{action}`) refused at `{pos}`"
    );
    assert_eq!(
        state.key_after(state.key(), &child),
        child.key(),
        "the incremental Zobrist key after `{action}` differs from the key from scratch at `{pos}`"
    );
    child
}

/// Every action in `foreign` (seen elsewhere) is legal by `is_legal` exactly when
/// generated, and an illegal one is refused as illegal with the state unchanged.
fn check_foreign_actions<G: FullGame>(state: &G, actions: &[G::Action], foreign: &[G::Action]) {
    let pos = state.position();
    let set: HashSet<G::Action> = actions.iter().copied().collect();
    for &a in foreign {
        let legal = set.contains(&a);
        assert_eq!(
            state.is_legal(a),
            legal,
            "is_legal(`{a}`) disagrees with generation at `{pos}`"
        );
        if !legal {
            let mut copy = state.clone();
            assert!(
                matches!(copy.play(a), Err(PlayError::Illegal { .. })),
                "illegal `{a}` was not refused as illegal at `{pos}`"
            );
            assert_eq!(&copy, state, "a refused play changed the state at `{pos}`");
        }
    }
}

/// With several seats, a legal action played for a seat not to act is refused with
/// [`PlayError::WrongSeat`], the state unchanged.
fn check_wrong_seat_refused<G: FullGame>(state: &G, actions: &[G::Action]) {
    let (Some(seat), Some(&a)) = (state.to_act(), actions.first()) else {
        return;
    };
    if state.seats() < 2 {
        return;
    }
    let pos = state.position();
    let other = Seat(((seat.index() + 1) % state.seats()) as u8);
    let mut copy = state.clone();
    assert_eq!(
        copy.play_as(other, a),
        Err(PlayError::WrongSeat {
            expected: seat,
            got: other
        }),
        "wrong seat not refused at `{pos}`"
    );
    assert_eq!(&copy, state, "a refused play changed the state at `{pos}`");
}

/// The position string reads back to an equal state, with the same string and the same
/// Zobrist key.
fn check_position_round_trip<G: FullGame>(state: &G) {
    let pos = state.position();
    let reread = G::from_position(&pos, state.rules())
        .unwrap_or_else(|e| panic!("position string `{pos}` does not read back: {e}"));
    assert_eq!(
        &reread, state,
        "position string `{pos}` reads back to another state"
    );
    assert_eq!(reread.position(), pos);
    assert_eq!(
        reread.key(),
        state.key(),
        "equal states have different Zobrist keys at `{pos}`"
    );
}

/// The RON form reads back to an equal state.
fn check_ron_round_trip<G: FullGame>(state: &G) {
    let pos = state.position();
    let ron_text =
        ron::to_string(state).unwrap_or_else(|e| panic!("RON write failed at `{pos}`: {e}"));
    let from_ron: G = ron::from_str(&ron_text)
        .unwrap_or_else(|e| panic!("RON `{ron_text}` does not read back: {e}"));
    assert_eq!(
        &from_ron, state,
        "RON form of `{pos}` reads back to another state"
    );
}

/// Every seat's observation tensor is fully written with finite numbers.
fn check_observations<G: FullGame>(state: &G) {
    let len: usize = G::observation_shape(state.rules()).iter().product();
    for seat in Seat::all(state.seats()) {
        let mut tensor = vec![f32::NAN; len];
        state.write_observation(seat, &mut tensor);
        assert!(
            tensor.iter().all(|x| x.is_finite()),
            "seat {seat}'s observation leaves entries unwritten or not finite at `{}`",
            state.position()
        );
        check_sparse_observation(state, seat, &tensor);
    }
}

/// Where the game writes a sparse observation
/// ([`write_sparse_observation`](pyramid_core::Observation::write_sparse_observation)),
/// it is `dense`, the dense tensor: no entry twice, none on a constant plane, and the
/// same tensor once written out.
fn check_sparse_observation<G: FullGame>(state: &G, seat: Seat, dense: &[f32]) {
    let shape = G::observation_shape(state.rules());
    let cells: usize = shape.iter().skip(1).product();
    let mut sparse = pyramid_core::SparseObservation::new(cells);
    if !state.write_sparse_observation(seat, &mut sparse) {
        return;
    }
    let pos = state.position();
    let mut seen = std::collections::HashSet::new();
    for &(index, _) in sparse.entries() {
        assert!(
            seen.insert(index),
            "seat {seat}'s sparse observation writes entry {index} twice at `{pos}`"
        );
        assert!(
            (index as usize) < dense.len(),
            "seat {seat}'s sparse observation writes entry {index} beyond the tensor at `{pos}`"
        );
        let plane = index as usize / cells.max(1);
        assert!(
            sparse
                .constant_planes()
                .iter()
                .all(|&(p, _)| p as usize != plane),
            "seat {seat}'s sparse observation writes entry {index} on a constant plane at `{pos}`"
        );
    }
    let mut written = vec![f32::NAN; dense.len()];
    sparse.write_dense(&mut written);
    assert_eq!(
        written, dense,
        "seat {seat}'s sparse observation is not its dense one at `{pos}`"
    );
}

/// Every seat's view string is one line and reads back to an equal view.
fn check_view_strings<G: FullGame>(state: &G) {
    let pos = state.position();
    for seat in Seat::all(state.seats()) {
        let view = state.view(seat);
        let text = state.view_string(seat);
        assert!(
            !text.contains('\n'),
            "seat {seat}'s view string at `{pos}` is not one line"
        );
        let reread = G::read_view(&text, state.rules()).unwrap_or_else(|e| {
            panic!("view string `{text}` (seat {seat}) does not read back: {e}")
        });
        assert_eq!(
            reread, view,
            "view string `{text}` (seat {seat}) reads back to another view"
        );
    }
}

/// Checks the fast paths a game may override against generation (`actions` is the
/// generated list): [`Game::nth_action`] names every legal action exactly once over
/// `0..count_actions()` and nothing past the end, and [`Game::random_action`] draws one of
/// them (or none once the game is over). [`check_random_step`] checks
/// [`Game::play_random`].
///
/// [`Game::nth_action`]: pyramid_core::Game::nth_action
/// [`Game::random_action`]: pyramid_core::Game::random_action
pub fn check_fast_paths<G: FullGame>(state: &G, actions: &[G::Action]) {
    let pos = state.position();
    let by_index: Vec<G::Action> = (0..actions.len())
        .map(|i| {
            state
                .nth_action(i)
                .unwrap_or_else(|| panic!("nth_action({i}) is None below the count at `{pos}`"))
        })
        .collect();
    let listed: HashSet<G::Action> = actions.iter().copied().collect();
    let indexed: HashSet<G::Action> = by_index.iter().copied().collect();
    assert_eq!(
        indexed, listed,
        "nth_action over 0..count does not name the legal actions once each at `{pos}`"
    );
    assert_eq!(
        indexed.len(),
        by_index.len(),
        "nth_action repeats an action at `{pos}`"
    );
    assert_eq!(
        state.nth_action(actions.len()),
        None,
        "nth_action past the end at `{pos}`"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(actions.len() as u64);
    match state.random_action(&mut rng) {
        None => assert!(actions.is_empty(), "random_action found nothing at `{pos}`"),
        Some(a) => assert!(
            listed.contains(&a),
            "random_action drew the illegal `{a}` at `{pos}`"
        ),
    }
}

/// Checks the integer ids ([`ActionIds`](pyramid_core::ActionIds)): every legal action's id is
/// below the bound, distinct from the others' and decodes back to it.
pub fn check_action_ids<G: FullGame>(state: &G, actions: &[G::Action]) {
    let pos = state.position();
    let bound = G::action_space(state.rules());
    let mut ids = HashSet::new();
    for &a in actions {
        let id = state.action_id(a);
        assert!(
            id < bound,
            "id {id} of `{a}` is not below {bound} at `{pos}`"
        );
        assert!(ids.insert(id), "two actions have the id {id} at `{pos}`");
        assert_eq!(
            state.action_from_id(id),
            Some(a),
            "id {id} of `{a}` does not decode back at `{pos}`"
        );
    }
}

/// How many prefixes [`check_policy_steps`] asks
/// [`PolicySpace::legal_next_steps`] about per state
/// besides the empty one (each answer walks the legal actions, and trade decisions have
/// thousands): prefixes of the steps of actions spread evenly over the list, besides the
/// longest steps less their last.
const PREFIX_PROBES: usize = 2;

/// The indices that may follow `prefix` among `sorted`, the decision steps of every legal
/// action in ascending order: the continuing step lists are one run of `sorted`. The
/// harness's own reference for [`PolicySpace::legal_next_steps`].
fn next_steps_in_sorted(sorted: &[Vec<u32>], prefix: &[u32]) -> Vec<u32> {
    let from = sorted.partition_point(|s| s.as_slice() < prefix);
    let mut next: Vec<u32> = sorted[from..]
        .iter()
        .take_while(|s| s.starts_with(prefix))
        .filter_map(|s| s.get(prefix.len()).copied())
        .collect();
    next.dedup();
    next
}

/// Checks the policy space ([`PolicySpace`]) against generation
/// (`actions` is the generated list):
/// - every legal action has 1 to `max_steps` steps, each below the policy size, and
///   [`PolicySpace::action_from_steps`] names it
///   back from them;
/// - the steps form a prefix code: no two legal actions share their steps and none is a
///   proper prefix of another's;
/// - after the empty prefix and a few others (a spread, and the longest steps less
///   their last),
///   [`PolicySpace::legal_next_steps`] is exactly the
///   set of next steps of the legal actions that continue the prefix, and such a prefix
///   names no action; nothing follows a complete action's steps (and nothing the empty
///   prefix when there is no legal action);
/// - a few indices have a text ([`PolicySpace::step_text`])
///   and the bound has none ([`check_step_texts`] checks every index once).
pub fn check_policy_steps<G: Notation + PolicySpace>(state: &G, actions: &[G::Action]) {
    let pos = state.position();
    let size = G::policy_size(state.rules());
    let max = G::max_steps(state.rules());
    let mut all: Vec<Vec<u32>> = Vec::with_capacity(actions.len());
    for &a in actions {
        let steps = state.steps(a);
        assert!(
            !steps.is_empty() && steps.len() <= max,
            "`{a}` has {} steps (1 to {max} expected) at `{pos}`",
            steps.len()
        );
        assert!(
            steps.iter().all(|&s| s < size),
            "a step of `{a}` ({steps:?}) is not below the policy size {size} at `{pos}`"
        );
        assert_eq!(
            state.action_from_steps(&steps),
            Some(a),
            "the steps {steps:?} of `{a}` do not name it back at `{pos}`"
        );
        all.push(steps);
    }
    all.sort_unstable();
    for pair in all.windows(2) {
        assert!(
            !pair[1].starts_with(&pair[0]),
            "the steps {:?} are a prefix of (or equal to) the steps {:?} at `{pos}`",
            pair[0],
            pair[1]
        );
    }
    // Sorted, the step lists continuing a prefix are one run of `all`.
    let continuations = |prefix: &[u32]| next_steps_in_sorted(&all, prefix);
    let stride = all.len().div_ceil(PREFIX_PROBES).max(1);
    // Prefixes of every length, the complete steps included (nothing may follow them),
    // and the longest steps less their last.
    let spread = all
        .iter()
        .enumerate()
        .step_by(stride)
        .map(|(i, s)| &s[..i / stride % (s.len() + 1)]);
    let longest = all
        .iter()
        .max_by_key(|s| s.len())
        .filter(|s| s.len() > 1)
        .map(|s| &s[..s.len() - 1]);
    for prefix in std::iter::once(&[][..]).chain(spread).chain(longest) {
        assert_eq!(
            state.legal_next_steps(prefix),
            continuations(prefix),
            "legal_next_steps({prefix:?}) is not the continuations of the legal actions at `{pos}`"
        );
        if !prefix.is_empty() && all.binary_search_by(|s| s.as_slice().cmp(prefix)).is_err() {
            assert_eq!(
                state.action_from_steps(prefix),
                None,
                "the incomplete steps {prefix:?} name an action at `{pos}`"
            );
        }
    }
    for s in [0, size / 2, size - 1] {
        assert!(
            state.step_text(s).is_some_and(|t| !t.is_empty()),
            "index {s} has no text at `{pos}`"
        );
    }
    assert_eq!(
        state.step_text(size),
        None,
        "the policy size {size} has a text at `{pos}`"
    );
}

/// Checks every index of the policy space once (states need not repeat it): each index
/// below [`PolicySpace::policy_size`] has a non-empty one-word text
/// ([`PolicySpace::step_text`]), distinct from every other index's.
pub fn check_step_texts<G: FullGame>(state: &G) {
    let size = G::policy_size(state.rules());
    let mut seen = HashMap::new();
    for step in 0..size {
        let text = state
            .step_text(step)
            .unwrap_or_else(|| panic!("index {step} below the policy size {size} has no text"));
        assert!(
            !text.is_empty() && !text.contains(char::is_whitespace),
            "index {step} has the text `{text}` (one word expected)"
        );
        if let Some(other) = seen.insert(text.clone(), step) {
            panic!("indices {other} and {step} both read `{text}`");
        }
    }
}

/// Plays one seeded random game from `start`, at most `max_plies` plies, running
/// [`check_state`] on every state (with actions seen earlier in the game as the foreign
/// probes) and `extra` for the game's own invariants. Returns the last state.
pub fn random_playout<G: FullGame>(
    start: G,
    seed: u64,
    max_plies: u32,
    mut extra: impl FnMut(&G),
) -> G {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut probe_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x05EE_D0F9_E0BE);
    let mut state = start;
    let mut seen: Vec<G::Action> = Vec::new();
    for _ in 0..=max_plies {
        check_state(&state, &seen);
        check_random_step(&state, &mut probe_rng);
        extra(&state);
        let Some(action) = RandomBot::pick(&state, &mut rng) else {
            break;
        };
        if !seen.contains(&action) {
            if seen.len() == FOREIGN_POOL {
                seen.remove(0);
            }
            seen.push(action);
        }
        let before = state.clone();
        state
            .play(action)
            .unwrap_or_else(|e| panic!("`{action}` refused at `{}`: {e}", before.position()));
        let mut unchecked = before.clone();
        unchecked.play_unchecked(action);
        assert_eq!(
            unchecked,
            state,
            "play and play_unchecked disagree on `{action}` at `{}`",
            before.position()
        );
    }
    state
}

/// Plays one seeded random game from `start`, at most `max_plies` plies, and checks the
/// information-set property ([`check_information_set`]) for every seat on every state,
/// with `samples` states drawn from that seat's view. Panics with the first leak.
pub fn information_set_playout<G: FullGame>(start: G, seed: u64, max_plies: u32, samples: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sample_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x1AF0_5E75);
    let mut state = start;
    for _ in 0..=max_plies {
        for s in 0..state.seats() {
            if let Err(leak) =
                check_information_set(&state, Seat(s as u8), samples, &mut sample_rng)
            {
                panic!("{leak}");
            }
        }
        let Some(action) = RandomBot::pick(&state, &mut rng) else {
            break;
        };
        state.play_unchecked(action);
    }
}

/// The states the legal actions of `state` lead to, in generation order (one per
/// action, so two actions that leave equal states give two equal entries).
pub fn successors<G: Game>(state: &G) -> Vec<G> {
    state
        .legal_actions()
        .into_iter()
        .map(|action| {
            let mut next = state.clone();
            next.play_unchecked(action);
            next
        })
        .collect()
}

/// Checks one step of the random-play fast paths: [`Game::random_action`] returns a
/// legal action (none once the game is over), and [`Game::play_random`] limited to one
/// ply plays exactly one legal action (nothing once the game is over).
pub fn check_random_step<G: FullGame>(state: &G, rng: &mut ChaCha8Rng) {
    let pos = state.position();
    let mut stepped = state.clone();
    let played = stepped.play_random(rng, Some(1));
    match state.random_action(rng) {
        None => {
            assert!(
                state.is_over(),
                "random_action found nothing in the unfinished `{pos}`"
            );
            assert_eq!(played, 0, "play_random played in the finished `{pos}`");
            assert_eq!(&stepped, state, "play_random changed the finished `{pos}`");
        }
        Some(action) => {
            assert!(
                state.is_legal(action),
                "random_action drew the illegal `{action}` at `{pos}`"
            );
            assert_eq!(
                played, 1,
                "play_random(Some(1)) played {played} plies at `{pos}`"
            );
            let mut reached = false;
            state.for_each_action(|a| {
                let mut child = state.clone();
                child.play_unchecked(a);
                reached |= child == stepped;
            });
            assert!(
                reached,
                "play_random reached a state no legal action leads to from `{pos}`"
            );
        }
    }
}

/// The reason [`Notation::parse_action`] gives for refusing `text` as illegal here; panics
/// (naming the text and the answer) when the text is legal, malformed, or refused
/// without a reason. For the tests of each game's [`Game::illegal_reason`].
pub fn illegal_reason_for<G: FullGame>(state: &G, text: &str) -> String {
    match state.parse_action(text) {
        Err(PlayError::Illegal {
            reason: Some(reason),
            ..
        }) => reason,
        other => panic!("`{text}` at `{}`: {other:?}", state.position()),
    }
}

/// Checks that every malformed text in `inputs` is refused by [`Notation::from_position`]
/// with an error whose message contains the matching needle (the field it names).
pub fn check_rejects_positions<G: FullGame>(rules: &G::Rules, inputs: &[(&str, &str)]) {
    for (text, needle) in inputs {
        match G::from_position(text, rules) {
            Ok(state) => panic!("`{text}` was accepted as `{}`", state.position()),
            Err(e) => {
                let msg = e.to_string();
                assert!(
                    msg.contains(needle),
                    "error for `{text}` is `{msg}`, which does not name `{needle}`"
                );
            }
        }
    }
}

/// How many states [`check_game`] draws from each seat's view of every state
/// ([`information_set_playout`]).
pub const INFORMATION_SAMPLES: usize = 3;

/// Runs the whole battery on game `G` under `rules`; panics with the first broken
/// property, naming the state.
///
/// - the rule options as declared ([`check_rule_options`]): defaults, tried values, and
///   the options table of the rules page;
/// - the rules' options ([`RuleSet::all_options`]) read back to equal rules
///   ([`RuleSet::from_options`]), and so does their RON form;
/// - [`Game::new`] keeps the rules, and every policy index has a text
///   ([`check_step_texts`]);
/// - for every seed: the game dealt from it ([`Game::deal`] with a [`ChaCha8Rng`] seeded
///   by it) is walked by [`random_playout`] (every state through [`check_state`]) and by
///   [`information_set_playout`] ([`INFORMATION_SAMPLES`] states per seat and state), each
///   at most `max_plies` plies;
/// - for the first [`UNIFORM_SEEDS`] seeds, [`check_uniform_random_play`]: random choices
///   are uniform over the legal actions.
///
/// Game-specific invariants need [`random_playout`] with its `extra` closure.
///
/// ```
/// use pyramid_testkit::conformance::check_game;
/// use pyramid_core::RuleSet;
/// use pyramid_core::nim::{Nim, NimRules};
/// check_game::<Nim>(&NimRules::default(), 0..3, 50);
/// check_game::<Nim>(&NimRules::default().with_option("piles", "1,15")?, 0..3, 50);
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
pub fn check_game<G: FullGame>(
    rules: &G::Rules,
    seeds: impl IntoIterator<Item = u64>,
    max_plies: u32,
) {
    let name = G::NAME;
    check_rule_options::<G::Rules>();
    assert!(
        !G::summary().is_empty() && !G::how_to_play().is_empty(),
        "{name}: a game tells players what it is and how to play it (Describe::summary, \
         Describe::how_to_play)"
    );
    let options = rules.all_options();
    let reread = G::Rules::from_options(options.iter().map(|(k, v)| (*k, v.as_str())))
        .unwrap_or_else(|e| panic!("{name}: the rules' options {options:?} do not read back: {e}"));
    assert_eq!(
        &reread, rules,
        "{name}: the rules' options {options:?} read back to other rules"
    );
    let ron_text = ron::to_string(rules)
        .unwrap_or_else(|e| panic!("{name}: RON write of the rules {options:?} failed: {e}"));
    let from_ron: G::Rules = ron::from_str(&ron_text)
        .unwrap_or_else(|e| panic!("{name}: the rules' RON `{ron_text}` does not read back: {e}"));
    assert_eq!(
        &from_ron, rules,
        "{name}: the rules' RON `{ron_text}` reads back to other rules"
    );
    let start = G::new(rules);
    assert_eq!(
        start.rules(),
        rules,
        "{name}: Game::new does not keep the rules {options:?}"
    );
    check_step_texts(&start);
    let seeds: Vec<u64> = seeds.into_iter().collect();
    for &seed in &seeds {
        let dealt = G::deal(rules, &mut ChaCha8Rng::seed_from_u64(seed));
        random_playout(dealt.clone(), seed, max_plies, |_| {});
        information_set_playout(dealt, seed, max_plies, INFORMATION_SAMPLES);
    }
    check_uniform_random_play::<G>(rules, seeds.into_iter().take(UNIFORM_SEEDS), max_plies);
}

/// How many of its seeds [`check_game`] also runs [`check_uniform_random_play`] on.
pub const UNIFORM_SEEDS: usize = 2;

/// How many states [`check_bot`] draws from the acting seat's view at every decision.
pub const BOT_VIEW_SAMPLES: usize = 3;

/// Checks a bot on seeded games from `start`: one game per seed, at most `max_plies`
/// plies, each seat played by its own bot made by `make_bot` (from a seed derived from
/// the game's seed and the seat), so the bot plays the game as it would in a match.
/// Panics naming the bot, the state and the broken property. At every decision:
///
/// 1. **legal**: the bot returns an action, and one that is legal here ([`Bot::choose`]
///    may return `None` only when the game is over; the message quotes
///    [`Bot::failure`]);
/// 2. **reproducible**: a second bot made from the same seed, given the same views in
///    the same order, returns the same action, and so do two fresh bots made from one
///    seed given this view;
/// 3. **reads only its seat's view**: [`BOT_VIEW_SAMPLES`] states are drawn from the
///    acting seat's view ([`Information::sample_from_view`](pyramid_core::Information::sample_from_view),
///    as [`information_set_playout`] does); a fresh bot given the view of each returns
///    the same action as on the real one. Where the view holds only what the seat may see,
///    those views equal the real one and (2) covers it; where a view carries more than
///    that (a view type that stores the hidden part and masks only its text), a bot that
///    reads it answers differently and is caught. [`information_set_playout`] checks the
///    view itself.
///
/// The game is driven by the bots' own choices, so it ends where they take it; the
/// states drawn in (3) come from a generator seeded by the game's seed. A bot with a
/// wall-clock budget (`mcts:ms=50`) is not reproducible and is likely to fail (2); check
/// it with an iteration or depth budget. Every decision asks four bots (the seat's, its
/// twin and two fresh ones; more where the drawn views differ), so keep budgets small.
///
/// ```
/// use pyramid_testkit::conformance::check_bot;
/// use pyramid_core::nim::Nim;
/// use pyramid_core::{Bot, Game, Information, RandomBot, Seat};
///
/// check_bot(RandomBot::new, Nim::new(&Default::default()), 0..5, 40);
///
/// /// Always takes one counter from the first pile: illegal once that pile is empty.
/// struct FirstPile;
/// impl Bot<Nim> for FirstPile {
///     fn name(&self) -> String {
///         "first-pile".into()
///     }
///     fn choose(&mut self, _view: &Nim, _seat: Seat) -> Option<pyramid_core::nim::Take> {
///         Some(pyramid_core::nim::Take { pile: 0, count: 1 })
///     }
/// }
/// let caught = std::panic::catch_unwind(|| check_bot(|_| FirstPile, Nim::new(&Default::default()), 0..1, 40));
/// assert!(caught.is_err());
/// ```
pub fn check_bot<G: FullGame, B: Bot<G>>(
    make_bot: impl Fn(u64) -> B,
    start: G,
    seeds: impl IntoIterator<Item = u64>,
    max_plies: u32,
) {
    for seed in seeds {
        let seat_seed = |s: Seat| pyramid_core::zobrist_mix(seed, u64::from(s.0));
        let seats: Vec<Seat> = Seat::all(start.seats()).collect();
        let mut bots: Vec<B> = seats.iter().map(|&s| make_bot(seat_seed(s))).collect();
        let mut twins: Vec<B> = seats.iter().map(|&s| make_bot(seat_seed(s))).collect();
        let mut sample_rng = ChaCha8Rng::seed_from_u64(seed ^ 0xB075_A3F1_E5EE);
        let mut state = start.clone();
        for _ in 0..max_plies {
            let Some(seat) = state.to_act() else {
                break;
            };
            let pos = state.position();
            let view = state.view(seat);
            let index = seat.index();
            let (Some(bot), Some(twin)) = (bots.get_mut(index), twins.get_mut(index)) else {
                panic!("seat {seat} to act at `{pos}` is out of range");
            };
            let name = bot.name();
            let chosen = bot.choose(&view, seat);
            let failure = chosen.is_none().then(|| bot.failure()).flatten();
            let action = checked_choice(&state, seat, chosen, failure, &name);
            let again = twin.choose(&view, seat);
            assert_eq!(
                again,
                Some(action),
                "bot `{name}` is not reproducible: two bots made from seed {} and shown the same \
                 game chose `{action}` and {again:?} for seat {seat} at `{pos}`",
                seat_seed(seat)
            );

            let fresh_seed = pyramid_core::zobrist_mix(seat_seed(seat), u64::from(state.plies()));
            let ask = |view: &G::View| {
                let mut fresh = make_bot(fresh_seed);
                let chosen = fresh.choose(view, seat);
                let failure = chosen.is_none().then(|| fresh.failure()).flatten();
                (chosen, failure)
            };
            let (first, failure) = ask(&view);
            let reference = checked_choice(&state, seat, first, failure, &name);
            let (second, _) = ask(&view);
            assert_eq!(
                second,
                Some(reference),
                "bot `{name}` is not reproducible: two fresh bots made from seed {fresh_seed} \
                 chose `{reference}` and {second:?} for seat {seat} at `{pos}`"
            );
            let mut asked = vec![view.clone()];
            for _ in 0..BOT_VIEW_SAMPLES {
                let sample = G::sample_from_view(&view, &mut sample_rng);
                let seen = sample.view(seat);
                if asked.contains(&seen) {
                    continue;
                }
                let (answer, _) = ask(&seen);
                assert_eq!(
                    answer,
                    Some(reference),
                    "bot `{name}` reads more than seat {seat}'s view: a fresh bot made from \
                     seed {fresh_seed} chose `{reference}` at `{pos}` but {answer:?} at `{}`, \
                     which seat {seat} cannot tell from it (drawn from its view)",
                    sample.position()
                );
                asked.push(seen);
            }

            state
                .play(action)
                .unwrap_or_else(|e| panic!("`{action}` by bot `{name}` refused at `{pos}`: {e}"));
        }
    }
}

/// The bot's choice for `seat` at `state`, or a panic naming the bot and the state when it
/// chose nothing (quoting its `failure`) or an illegal action.
fn checked_choice<G: FullGame>(
    state: &G,
    seat: Seat,
    chosen: Option<G::Action>,
    failure: Option<String>,
    name: &str,
) -> G::Action {
    let pos = state.position();
    match chosen {
        None => panic!(
            "bot `{name}` chose nothing for seat {seat} at `{pos}`, which has {} legal actions{}",
            state.count_actions(),
            failure.map_or(String::new(), |f| format!(" (its failure: {f})"))
        ),
        Some(action) => {
            assert!(
                state.is_legal(action),
                "bot `{name}` chose the illegal `{action}` for seat {seat} at `{pos}`"
            );
            action
        }
    }
}

#[cfg(test)]
mod tests;
