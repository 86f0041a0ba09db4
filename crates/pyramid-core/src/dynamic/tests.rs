//! The runtime interface on Nim: every call, and every refusal leaving the state unchanged.

use super::*;
use crate::nim::Nim;
use crate::{PlayError, Seat};

fn registry() -> Registry {
    let mut registry = Registry::new();
    registry.add(GameEntry::<Nim>::boxed());
    registry
}

#[test]
fn states_play_by_text_and_by_id() -> Result<(), RuntimeError> {
    let registry = registry();
    let nim = registry.get("nim")?;
    assert!(nim.perfect_information());
    assert_eq!(nim.seat_counts(), [2]);
    let mut state = nim.new_state(&[("piles", "2,1")])?;
    assert_eq!(state.legal_actions(), ["a-1", "a-2", "b-1"]);
    assert_eq!(state.legal_action_ids(), [0, 1, 3]);
    assert_eq!(state.action_text(3)?, "b-1");
    assert_eq!(state.action_id("a-2")?, 1);
    assert_eq!(state.play_id(1)?, "a-2");
    assert_eq!(state.to_act(), Some(Seat(1)));
    assert_eq!(state.position(), "0,1 1 1");
    assert_eq!(state.view_string(Seat(0))?, "0,1 1 1");
    let copy = state.clone();
    assert!(copy.equals(state.as_ref()));
    state.play_as(Seat(1), "b-1")?;
    assert!(state.is_over());
    assert_eq!(state.returns(), [-1.0, 1.0]);
    assert!(!copy.equals(state.as_ref()));
    let back = nim.parse_ron(&copy.to_ron(false))?;
    assert!(back.equals(copy.as_ref()));
    let sampled = nim.sample_from_view(&copy.view_string(Seat(0))?, &[("piles", "2,1")], 3)?;
    assert!(sampled.equals(copy.as_ref()));
    let reread = nim.parse_position(&copy.position(), &[("piles", "2,1")])?;
    assert!(reread.equals(copy.as_ref()));
    assert_eq!(nim.new_state(&[])?.perft(2, 2), 9 * 8 - 1);
    Ok(())
}

#[test]
fn refusals_name_the_problem_and_leave_the_state_unchanged() -> Result<(), RuntimeError> {
    let registry = registry();
    let nim = registry.get("nim")?;
    let mut state = nim.new_state(&[])?;
    let before = state.clone();
    assert!(matches!(state.play("z-9"), Err(RuntimeError::Play(_))));
    assert!(matches!(
        state.play_id(99),
        Err(RuntimeError::UnknownActionId { id: 99, bound: 12 })
    ));
    assert!(matches!(
        state.play_as(Seat(1), "a-1"),
        Err(RuntimeError::Play(_))
    ));
    assert!(matches!(
        state.view_string(Seat(5)),
        Err(RuntimeError::NoSuchSeat { seat: 5, seats: 2 })
    ));
    assert!(state.equals(before.as_ref()));
    assert!(matches!(
        nim.new_state(&[("colour", "red")]),
        Err(RuntimeError::Rules(_))
    ));
    assert!(matches!(
        nim.new_state(&[("seats", "3")]),
        Err(RuntimeError::Rules(_))
    ));
    assert!(matches!(
        nim.parse_position("1,2", &[]),
        Err(RuntimeError::Position(_))
    ));
    assert!(matches!(
        nim.parse_ron("(piles"),
        Err(RuntimeError::Position(_))
    ));
    assert!(matches!(nim.bot("mcts", 1), Err(RuntimeError::Bot { .. })));
    Ok(())
}

#[test]
fn bots_pick_legal_actions_from_their_seat_view() -> Result<(), RuntimeError> {
    let registry = registry();
    let nim = registry.get("nim")?;
    let mut bot = nim.bot("random", 7)?;
    let mut state = nim.new_state(&[])?;
    while !state.is_over() {
        let action = bot.pick(state.as_ref())?;
        state.play(&action)?;
    }
    assert!(matches!(
        bot.pick(state.as_ref()),
        Err(RuntimeError::Play(_))
    ));
    Ok(())
}

#[test]
fn rule_options_list_seats_ply_limit_and_the_games_own() -> Result<(), RuntimeError> {
    let registry = registry();
    let keys: Vec<&str> = registry
        .get("nim")?
        .rule_options()
        .iter()
        .map(|o| o.key)
        .collect();
    assert_eq!(keys, ["seats", "ply_limit", "piles"]);
    Ok(())
}

#[test]
fn states_play_by_decision_steps() -> Result<(), RuntimeError> {
    let registry = registry();
    let nim = registry.get("nim")?;
    assert_eq!(nim.policy_size(&[])?, 12);
    let mut state = nim.new_state(&[("piles", "2,1")])?;
    assert_eq!(state.policy_size(), 12);
    assert_eq!(state.max_steps(), 1);
    // Nim's one step is the action's id: a-1 0, a-2 1, b-1 3.
    assert_eq!(state.legal_steps(&[]), [0, 1, 3]);
    assert!(state.legal_steps(&[1]).is_empty(), "a-2 is complete");
    assert_eq!(state.action_steps("b-1")?, [3]);
    assert_eq!(state.steps_action(&[3]).as_deref(), Some("b-1"));
    assert_eq!(state.steps_action(&[2]), None, "a-3 is not legal here");
    assert_eq!(state.step_text(2)?, "a-3");
    let before = state.clone();
    assert!(matches!(
        state.play_steps(&[2]),
        Err(RuntimeError::Play(PlayError::Illegal { .. }))
    ));
    assert!(matches!(
        state.play_steps(&[]),
        Err(RuntimeError::Play(PlayError::Illegal { .. }))
    ));
    assert!(matches!(
        state.step_text(12),
        Err(RuntimeError::UnknownStep {
            step: 12,
            policy_size: 12
        })
    ));
    assert!(state.equals(before.as_ref()));
    assert_eq!(state.play_steps(&[1])?, "a-2");
    assert_eq!(state.play_steps(&[3])?, "b-1");
    assert!(state.legal_steps(&[]).is_empty());
    assert!(matches!(
        state.play_steps(&[0]),
        Err(RuntimeError::Play(PlayError::GameOver))
    ));
    Ok(())
}

#[test]
fn legal_steps_after_a_play_are_the_new_states() -> Result<(), RuntimeError> {
    let registry = registry();
    let mut state = registry.get("nim")?.new_state(&[("piles", "2,1")])?;
    // A prefix asks through the kept steps; after a play they are the new state's.
    assert!(state.legal_steps(&[0]).is_empty());
    let copy = state.clone();
    state.play("a-2")?;
    assert_eq!(state.legal_steps(&[]), [3]);
    assert!(state.legal_steps(&[3]).is_empty());
    assert_eq!(copy.legal_steps(&[]), [0, 1, 3]);
    Ok(())
}

#[test]
fn every_call_that_takes_a_seat_refuses_one_the_game_lacks() -> Result<(), RuntimeError> {
    let registry = registry();
    let state = registry.get("nim")?.new_state(&[])?;
    let action = state.legal_actions()[0].clone();
    let refused = |result: Result<(), RuntimeError>| {
        matches!(result, Err(RuntimeError::NoSuchSeat { seat: 2, seats: 2 }))
    };
    let bad = Seat(2);
    assert!(refused(state.diagram(Some(bad)).map(drop)));
    assert!(refused(state.evaluate(bad).map(drop)));
    assert!(refused(state.view_string(bad).map(drop)));
    assert!(refused(state.svg(Some(bad)).map(drop)));
    assert!(refused(state.observation(bad).map(drop)));
    assert!(refused(state.action_view(&action, bad).map(drop)));
    assert!(refused(state.clone_box().play_as(bad, &action).map(drop)));
    assert!(state.diagram(Some(Seat(1))).is_ok() && state.evaluate(Seat(1)).is_ok());
    Ok(())
}

#[test]
fn a_state_describes_itself_through_the_runtime_interface() -> Result<(), RuntimeError> {
    let registry = registry();
    let nim = registry.get("nim")?;
    assert!(nim.notations().is_empty());
    assert!(nim.drawn_options().is_empty());
    let mut state = nim.new_state(&[("piles", "1")])?;
    assert_eq!(state.seat_names(), ["Seat 0", "Seat 1"]);
    assert_eq!(state.end_words(), None);
    assert_eq!(state.scores(), None);
    let words = state.describe_action("a-1", Some(Seat(1)))?;
    assert_eq!(words.words, "Seat 0 played a-1");
    assert!(words.squares.is_empty());
    assert!(matches!(
        state.describe_action("a-1", Some(Seat(7))),
        Err(RuntimeError::NoSuchSeat { seat: 7, seats: 2 })
    ));
    assert!(matches!(
        state.describe_action("b-1", None),
        Err(RuntimeError::Play(_))
    ));
    let refused = state.play_in_notation("abstractplay", "a-1");
    assert!(matches!(refused, Err(RuntimeError::Notation(_))));
    assert!(
        refused
            .err()
            .is_some_and(|e| e.to_string().contains("nim has no notation `abstractplay`"))
    );
    state.play("a-1")?;
    assert_eq!(state.end_words().as_deref(), Some("seat 0 wins"));
    Ok(())
}

#[test]
fn every_legal_action_comes_with_its_steps_and_each_step_with_words() -> Result<(), RuntimeError> {
    let registry = registry();
    let state = registry.get("nim")?.new_state(&[("piles", "2,1")])?;
    let listed = state.legal_action_steps();
    let texts: Vec<&str> = listed.iter().map(|(text, _)| text.as_str()).collect();
    assert_eq!(texts, state.legal_actions());
    for (text, steps) in &listed {
        assert_eq!(state.steps_action(steps).as_deref(), Some(text.as_str()));
        for &step in steps {
            // Nim says no more than the default: the step's text, nothing to click.
            let words = state.describe_step(step)?;
            assert_eq!(words.words, state.step_text(step)?);
            assert!(words.marks.is_empty());
        }
    }
    let past = state.policy_size();
    assert!(matches!(
        state.describe_step(past),
        Err(RuntimeError::UnknownStep { .. })
    ));
    Ok(())
}
