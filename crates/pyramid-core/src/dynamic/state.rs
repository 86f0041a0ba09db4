//! [`DynState`]: a game state chosen at run time, with actions as text, as integer ids and
//! as decision steps of the policy space.

use std::any::Any;
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::{
    ActionWords, FullGame, Outcome, PlayError, Seat, StepWords, divide_parallel, perft_parallel,
};

use super::RuntimeError;

/// A state of some game, behind a pointer: everything a tool that chooses the game at run
/// time needs (Python, a browser server, a text protocol), in text and numbers.
///
/// Made by a [`DynGame`](super::DynGame) of a [`Registry`](super::Registry). Refused input
/// (an illegal action, a bad id, a wrong seat) returns a [`RuntimeError`] and leaves the
/// state unchanged.
///
/// ```
/// use pyramid_core::dynamic::{GameEntry, Registry};
/// use pyramid_core::nim::Nim;
/// let mut registry = Registry::new();
/// registry.add(GameEntry::<Nim>::boxed());
/// let mut state = registry.get("nim")?.new_state(&[("piles", "1,2")])?;
/// assert_eq!(state.legal_actions(), ["a-1", "b-1", "b-2"]);
/// state.play("b-2")?;
/// let id = state.legal_action_ids()[0];
/// assert_eq!(state.play_id(id)?, "a-1");
/// assert!(state.is_over());
/// assert_eq!(state.returns(), [-1.0, 1.0]); // seat 1 took the last counter
/// # Ok::<(), pyramid_core::dynamic::RuntimeError>(())
/// ```
pub trait DynState: Send + Sync + fmt::Debug {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// A copy of this state.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// Whether `other` is the same game and an equal state.
    fn equals(&self, other: &dyn DynState) -> bool;
    /// The typed state behind the pointer ([`StateBox`]), for code that knows the game.
    fn as_any(&self) -> &dyn Any;

    /// The number of seats.
    fn seats(&self) -> usize;
    /// The seat to act, or `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;
    /// The outcome, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }
    /// Per-seat zero-sum returns ([`Outcome::zero_sum_returns`]: +1 for the winner,
    /// `-1/(seats-1)` for each loser, 0 in a draw), all zero while the game goes on.
    fn returns(&self) -> Vec<f64> {
        match self.outcome() {
            Some(outcome) => outcome.zero_sum_returns(self.seats()),
            None => vec![0.0; self.seats()],
        }
    }
    /// Decision points played so far.
    fn plies(&self) -> u32;
    /// The rule options in force, `key=value` pairs (seats and ply limit first).
    fn rule_options(&self) -> Vec<(&'static str, String)>;

    /// The legal actions as text, in generation order.
    fn legal_actions(&self) -> Vec<String>;
    /// The legal actions as integer ids ([`ActionIds`](crate::ActionIds)), in the same
    /// order as [`DynState::legal_actions`].
    fn legal_action_ids(&self) -> Vec<u64>;
    /// The bound on this game's action ids under its rules.
    fn action_space(&self) -> u64;
    /// The id of the legal action `text` names.
    fn action_id(&self, text: &str) -> Result<u64, RuntimeError>;
    /// The text of the action with id `id` (legal or not).
    fn action_text(&self, id: u64) -> Result<String, RuntimeError>;
    /// How `observer` sees the legal action `text` (hidden parts masked).
    fn action_view(&self, text: &str, observer: Seat) -> Result<String, RuntimeError>;
    /// Why `text` is not legal here, in a player's words (`None` when it is legal).
    fn illegal_reason(&self, text: &str) -> Option<String>;

    /// The size of the policy space ([`PolicySpace`](crate::PolicySpace)) under this
    /// state's rules: every decision step is below it.
    fn policy_size(&self) -> u32;
    /// The most decision steps an action has under this state's rules.
    fn max_steps(&self) -> usize;
    /// The indices that may follow the decision steps `prefix` toward a legal action,
    /// ascending: empty once the game is over, when `prefix` is a complete action, or when
    /// no legal action starts with it.
    fn legal_steps(&self, prefix: &[u32]) -> Vec<u32>;
    /// The decision steps of the legal action `text` names.
    fn action_steps(&self, text: &str) -> Result<Vec<u32>, RuntimeError>;
    /// The text of the legal action whose decision steps are exactly `steps`, or `None`
    /// (an incomplete prefix, or steps no legal action has).
    fn steps_action(&self, steps: &[u32]) -> Option<String>;
    /// What index `step` of the policy space means, in words (the same in every state).
    fn step_text(&self, step: u32) -> Result<String, RuntimeError>;
    /// Every legal action as text with its decision steps, in generation order: what a
    /// page composes actions from, step by step.
    fn legal_action_steps(&self) -> Vec<(String, Vec<u32>)>;
    /// The decision step `step` for the player about to make it: its words and what of
    /// the board's picture the player clicks for it
    /// ([`Describe::describe_step`](crate::Describe::describe_step)); a step not below
    /// the policy size is refused.
    fn describe_step(&self, step: u32) -> Result<StepWords, RuntimeError>;
    /// Plays the legal action whose decision steps are exactly `steps`; returns its text.
    fn play_steps(&mut self, steps: &[u32]) -> Result<String, RuntimeError>;

    /// Plays the action `text` names, for the seat to act; returns its canonical text.
    fn play(&mut self, text: &str) -> Result<String, RuntimeError>;
    /// Plays the action `text` names for `seat`, refusing it when another seat is to act.
    fn play_as(&mut self, seat: Seat, text: &str) -> Result<String, RuntimeError>;
    /// Plays the action with id `id`; returns its text.
    fn play_id(&mut self, id: u64) -> Result<String, RuntimeError>;

    /// The one-line position string.
    fn position(&self) -> String;
    /// What `seat` may see, as one line (the position string for games that hide nothing).
    fn view_string(&self, seat: Seat) -> Result<String, RuntimeError>;
    /// The RON form of the state, on one line or `pretty` (indented, several lines).
    fn to_ron(&self, pretty: bool) -> String;
    /// The board drawn as text; `viewer` hides what that seat may not see (a seat the
    /// game does not have is refused).
    fn diagram(&self, viewer: Option<Seat>) -> Result<String, RuntimeError>;
    /// The board as an SVG picture for `viewer` ([`crate::Svg`]), from its own side.
    fn svg(&self, viewer: Option<Seat>) -> Result<String, RuntimeError> {
        self.svg_from(viewer, viewer)
    }
    /// The board as an SVG picture for `viewer`, drawn from `side`'s side of the board
    /// ([`crate::Svg::svg_from`]; a seat the game does not have is refused).
    fn svg_from(&self, viewer: Option<Seat>, side: Option<Seat>) -> Result<String, RuntimeError>;
    /// The game's quick evaluation for `seat` (higher is better; a seat the game does
    /// not have is refused).
    fn evaluate(&self, seat: Seat) -> Result<f64, RuntimeError>;
    /// The shape of the observation tensors ([`Observation`](crate::Observation)).
    fn observation_shape(&self) -> Vec<usize>;
    /// `seat`'s observation tensor, flat (row-major in [`DynState::observation_shape`]).
    fn observation(&self, seat: Seat) -> Result<Vec<f32>, RuntimeError>;

    /// Each seat's name, as the game's board and page give it
    /// ([`Describe::seat_name`](crate::Describe::seat_name)).
    fn seat_names(&self) -> Vec<String>;
    /// How the game ended by its rules, in words (`None` while it goes on).
    fn end_words(&self) -> Option<String>;
    /// Each seat's score, where the game keeps one.
    fn scores(&self) -> Option<Vec<f64>>;
    /// What the legal action `text` does when played here, in words, and the squares it
    /// touches, as `viewer` may know them (`None`: everything shown;
    /// [`Describe::describe_action`](crate::Describe::describe_action)). A seat the game
    /// does not have is refused.
    fn describe_action(
        &self,
        text: &str,
        viewer: Option<Seat>,
    ) -> Result<ActionWords, RuntimeError>;
    /// The notations besides the game's own that [`DynState::play_in_notation`] reads.
    fn notations(&self) -> &'static [&'static str];
    /// The state reached by playing `moves`, written in the notation `notation`, from
    /// this one ([`Describe::play_in_notation`](crate::Describe::play_in_notation)); a
    /// notation the game does not have is [`RuntimeError::Notation`].
    fn play_in_notation(
        &self,
        notation: &str,
        moves: &str,
    ) -> Result<Box<dyn DynState>, RuntimeError>;
    /// The legal action `text` written in the notation `notation`
    /// ([`Describe::write_in_notation`](crate::Describe::write_in_notation)).
    fn write_in_notation(&self, notation: &str, text: &str) -> Result<String, RuntimeError>;

    /// Perft: the leaves of the game tree `depth` plies deep, on `threads` threads.
    fn perft(&self, depth: u32, threads: usize) -> u64;
    /// Perft split by first action: each legal action's text and its leaf count.
    fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)>;
}

impl Clone for Box<dyn DynState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// The typed state behind a [`DynState`]: `state` is the game's own value.
#[derive(Clone, Debug)]
pub struct StateBox<G: FullGame> {
    /// The state.
    pub state: G,
    /// The legal actions' decision steps, sorted, made on the first
    /// [`DynState::legal_steps`] call with a prefix (a search expanding a multi-step
    /// action asks once per step, and each answer would walk the legal actions); shared
    /// by clones, replaced after every play.
    step_lists: Arc<OnceLock<Vec<Vec<u32>>>>,
}

impl<G: FullGame> PartialEq for StateBox<G> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

impl<G: FullGame> Eq for StateBox<G> {}

impl<G: FullGame> StateBox<G> {
    /// `state` behind the runtime interface.
    pub fn boxed(state: G) -> Box<dyn DynState> {
        Box::new(StateBox {
            state,
            step_lists: Arc::default(),
        })
    }

    /// The sorted decision steps of every legal action (made once per state).
    fn step_lists(&self) -> &[Vec<u32>] {
        self.step_lists.get_or_init(|| {
            let mut all = Vec::new();
            self.state
                .for_each_action(|a| all.push(self.state.steps(a)));
            all.sort_unstable();
            all
        })
    }

    /// Plays `action` (checked) and forgets the old state's steps.
    fn play_checked(&mut self, action: G::Action) -> Result<(), RuntimeError> {
        self.state.play(action)?;
        self.step_lists = Arc::default();
        Ok(())
    }

    fn parse(&self, text: &str) -> Result<G::Action, RuntimeError> {
        Ok(self.state.parse_action(text)?)
    }

    fn check_seat(&self, seat: Seat) -> Result<Seat, RuntimeError> {
        if seat.index() < self.state.seats() {
            Ok(seat)
        } else {
            Err(RuntimeError::NoSuchSeat {
                seat: seat.index(),
                seats: self.state.seats(),
            })
        }
    }
}

impl<G: FullGame> DynState for StateBox<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }

    fn equals(&self, other: &dyn DynState) -> bool {
        other
            .as_any()
            .downcast_ref::<StateBox<G>>()
            .is_some_and(|o| o == self)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn seats(&self) -> usize {
        self.state.seats()
    }

    fn to_act(&self) -> Option<Seat> {
        self.state.to_act()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    fn plies(&self) -> u32 {
        self.state.plies()
    }

    fn rule_options(&self) -> Vec<(&'static str, String)> {
        crate::RuleSet::all_options(self.state.rules())
    }

    fn legal_actions(&self) -> Vec<String> {
        let mut out = Vec::new();
        self.state.for_each_action(|a| out.push(a.to_string()));
        out
    }

    fn legal_action_ids(&self) -> Vec<u64> {
        let mut out = Vec::new();
        self.state
            .for_each_action(|a| out.push(self.state.action_id(a)));
        out
    }

    fn action_space(&self) -> u64 {
        G::action_space(self.state.rules())
    }

    fn action_id(&self, text: &str) -> Result<u64, RuntimeError> {
        Ok(self.state.action_id(self.parse(text)?))
    }

    fn action_text(&self, id: u64) -> Result<String, RuntimeError> {
        self.state
            .action_from_id(id)
            .map(|a| a.to_string())
            .ok_or(RuntimeError::UnknownActionId {
                id,
                bound: self.action_space(),
            })
    }

    fn action_view(&self, text: &str, observer: Seat) -> Result<String, RuntimeError> {
        let observer = self.check_seat(observer)?;
        Ok(self.state.action_view(self.parse(text)?, observer))
    }

    fn illegal_reason(&self, text: &str) -> Option<String> {
        match self.state.parse_action(text) {
            Ok(_) => None,
            Err(PlayError::Illegal { reason, .. }) => {
                Some(reason.unwrap_or_else(|| "not a legal action here".to_owned()))
            }
            Err(e) => Some(e.to_string()),
        }
    }

    fn policy_size(&self) -> u32 {
        G::policy_size(self.state.rules())
    }

    fn max_steps(&self) -> usize {
        G::max_steps(self.state.rules())
    }

    fn legal_steps(&self, prefix: &[u32]) -> Vec<u32> {
        if prefix.is_empty() && self.step_lists.get().is_none() {
            // Most actions are one step: one walk, nothing kept.
            return self.state.legal_next_steps(prefix);
        }
        crate::game::next_steps_in_sorted(self.step_lists(), prefix)
    }

    fn action_steps(&self, text: &str) -> Result<Vec<u32>, RuntimeError> {
        Ok(self.state.steps(self.parse(text)?))
    }

    fn steps_action(&self, steps: &[u32]) -> Option<String> {
        self.state.action_from_steps(steps).map(|a| a.to_string())
    }

    fn step_text(&self, step: u32) -> Result<String, RuntimeError> {
        self.state.step_text(step).ok_or(RuntimeError::UnknownStep {
            step,
            policy_size: self.policy_size(),
        })
    }

    fn legal_action_steps(&self) -> Vec<(String, Vec<u32>)> {
        let mut out = Vec::new();
        self.state
            .for_each_action(|a| out.push((a.to_string(), self.state.steps(a))));
        out
    }

    fn describe_step(&self, step: u32) -> Result<StepWords, RuntimeError> {
        if step >= self.policy_size() {
            return Err(RuntimeError::UnknownStep {
                step,
                policy_size: self.policy_size(),
            });
        }
        Ok(self.state.describe_step(step))
    }

    fn play_steps(&mut self, steps: &[u32]) -> Result<String, RuntimeError> {
        if self.state.is_over() {
            return Err(PlayError::GameOver.into());
        }
        let action = self
            .state
            .action_from_steps(steps)
            .ok_or_else(|| PlayError::Illegal {
                action: format!("steps {steps:?}"),
                reason: Some(
                    "they are not the decision steps of a legal action here (an incomplete \
                     action, or steps no legal action has)"
                        .to_owned(),
                ),
            })?;
        self.play_checked(action)?;
        Ok(action.to_string())
    }

    fn play(&mut self, text: &str) -> Result<String, RuntimeError> {
        let action = self.parse(text)?;
        self.play_checked(action)?;
        Ok(action.to_string())
    }

    fn play_as(&mut self, seat: Seat, text: &str) -> Result<String, RuntimeError> {
        let seat = self.check_seat(seat)?;
        match self.state.to_act() {
            None => Err(PlayError::GameOver.into()),
            Some(expected) if expected != seat => Err(PlayError::WrongSeat {
                expected,
                got: seat,
            }
            .into()),
            Some(_) => self.play(text),
        }
    }

    fn play_id(&mut self, id: u64) -> Result<String, RuntimeError> {
        if self.state.is_over() {
            return Err(PlayError::GameOver.into());
        }
        let action = self
            .state
            .action_from_id(id)
            .ok_or(RuntimeError::UnknownActionId {
                id,
                bound: self.action_space(),
            })?;
        self.play_checked(action)?;
        Ok(action.to_string())
    }

    fn position(&self) -> String {
        self.state.position()
    }

    fn view_string(&self, seat: Seat) -> Result<String, RuntimeError> {
        Ok(self.state.view_string(self.check_seat(seat)?))
    }

    fn to_ron(&self, pretty: bool) -> String {
        // States serialise through their setup types, which RON always writes.
        if pretty {
            ron::ser::to_string_pretty(&self.state, ron::ser::PrettyConfig::default())
                .unwrap_or_default()
        } else {
            ron::to_string(&self.state).unwrap_or_default()
        }
    }

    fn diagram(&self, viewer: Option<Seat>) -> Result<String, RuntimeError> {
        if let Some(seat) = viewer {
            self.check_seat(seat)?;
        }
        Ok(self.state.diagram(viewer))
    }

    fn svg_from(&self, viewer: Option<Seat>, side: Option<Seat>) -> Result<String, RuntimeError> {
        for seat in viewer.into_iter().chain(side) {
            self.check_seat(seat)?;
        }
        Ok(self.state.svg_from(viewer, side))
    }

    fn evaluate(&self, seat: Seat) -> Result<f64, RuntimeError> {
        Ok(self.state.evaluate(self.check_seat(seat)?))
    }

    fn observation_shape(&self) -> Vec<usize> {
        G::observation_shape(self.state.rules())
    }

    fn observation(&self, seat: Seat) -> Result<Vec<f32>, RuntimeError> {
        let seat = self.check_seat(seat)?;
        let mut tensor = vec![0.0; self.observation_shape().iter().product()];
        self.state.write_observation(seat, &mut tensor);
        Ok(tensor)
    }

    fn seat_names(&self) -> Vec<String> {
        (0..self.state.seats())
            .map(|s| self.state.seat_name(Seat(s as u8)))
            .collect()
    }

    fn end_words(&self) -> Option<String> {
        self.state.end_words()
    }

    fn scores(&self) -> Option<Vec<f64>> {
        crate::Describe::scores(&self.state)
    }

    fn describe_action(
        &self,
        text: &str,
        viewer: Option<Seat>,
    ) -> Result<ActionWords, RuntimeError> {
        if let Some(seat) = viewer {
            self.check_seat(seat)?;
        }
        Ok(self.state.describe_action(self.parse(text)?, viewer))
    }

    fn notations(&self) -> &'static [&'static str] {
        <G as crate::Describe>::notations()
    }

    fn play_in_notation(
        &self,
        notation: &str,
        moves: &str,
    ) -> Result<Box<dyn DynState>, RuntimeError> {
        Ok(StateBox::boxed(
            self.state.play_in_notation(notation, moves)?,
        ))
    }

    fn write_in_notation(&self, notation: &str, text: &str) -> Result<String, RuntimeError> {
        let action = self.parse(text)?;
        Ok(self.state.write_in_notation(notation, action)?)
    }

    fn perft(&self, depth: u32, threads: usize) -> u64 {
        perft_parallel(&self.state, depth, threads)
    }

    fn divide(&self, depth: u32, threads: usize) -> Vec<(String, u64)> {
        divide_parallel(&self.state, depth, threads)
            .into_iter()
            .map(|(a, n)| (a.to_string(), n))
            .collect()
    }
}
