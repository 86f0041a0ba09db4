//! `State`: a game state, with actions as text or integer ids.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyTuple};
use pyramid_core::Seat;
use pyramid_core::dynamic::DynState;

use numpy::{PyArray1, PyArrayMethods};

use crate::errors::{self, to_py};
use crate::options::options;

/// A game state. Actions are text in the game's notation or integer ids; an illegal or
/// malformed action raises `IllegalAction` and leaves the state unchanged.
#[pyclass(module = "pyramid_games._native", name = "State")]
pub struct State {
    pub(crate) inner: Box<dyn DynState>,
}

fn seat(index: usize, seats: usize) -> PyResult<Seat> {
    u8::try_from(index)
        .ok()
        .filter(|_| index < seats)
        .map(Seat)
        .ok_or_else(|| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "seat {index} is not a seat of this game (it has {seats})"
            ))
        })
}

/// Decision steps from Python ints: a negative or huge int names no index, so it is
/// refused with the index in the message.
fn step_list(steps: Option<Vec<i64>>) -> PyResult<Vec<u32>> {
    steps
        .unwrap_or_default()
        .into_iter()
        .map(|s| {
            u32::try_from(s).map_err(|_| {
                errors::IllegalAction::new_err(format!(
                    "{s} is not an index of the policy space (indices are not negative)"
                ))
            })
        })
        .collect()
}

#[pymethods]
impl State {
    /// The game's name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game()
    }

    /// The number of seats.
    fn num_seats(&self) -> usize {
        self.inner.seats()
    }

    /// The seat to act, or None once the game is over.
    fn to_act(&self) -> Option<usize> {
        self.inner.to_act().map(Seat::index)
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// The winning seat once the game is over (None for a draw or while it goes on).
    fn winner(&self) -> Option<usize> {
        self.inner
            .outcome()
            .and_then(|o| o.winner())
            .map(Seat::index)
    }

    /// Zero-sum returns, one per seat: +1 for the winner, -1/(seats-1) for each loser, 0 in
    /// a draw and while the game goes on.
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }

    /// Decision points played so far.
    fn plies(&self) -> u32 {
        self.inner.plies()
    }

    /// The rule options in force, as a dict of strings.
    fn rules<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        for (key, value) in self.inner.rule_options() {
            dict.set_item(key, value)?;
        }
        Ok(dict)
    }

    /// The legal actions as text, in generation order.
    fn legal_actions(&self) -> Vec<String> {
        self.inner.legal_actions()
    }

    /// The legal actions as integer ids, in the order of legal_actions().
    fn legal_action_ids(&self) -> Vec<u64> {
        self.inner.legal_action_ids()
    }

    /// Every action id is below this bound (under this state's rules).
    fn action_space(&self) -> u64 {
        self.inner.action_space()
    }

    /// The id of the legal action named by `action`.
    fn action_id(&self, action: &str) -> PyResult<u64> {
        self.inner.action_id(action).map_err(to_py)
    }

    /// The text of the action with id `id`.
    fn action_text(&self, id: u64) -> PyResult<String> {
        self.inner.action_text(id).map_err(to_py)
    }

    /// Why `action` is illegal here, in a player's words (None when it is legal).
    fn illegal_reason(&self, action: &str) -> Option<String> {
        self.inner.illegal_reason(action)
    }

    /// Plays `action` (text or integer id) for the seat to act and returns its text.
    fn play(&mut self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        if action.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(format!(
                "an action is a str (notation) or an int (action id), not a bool ({})",
                action.repr()?
            )));
        }
        if let Ok(id) = action.extract::<u64>() {
            return self.inner.play_id(id).map_err(to_py);
        }
        // Any other integer (negative, too large; Python's or numpy's) is an id no action
        // has.
        if action.is_instance_of::<PyInt>() || action.hasattr("__index__")? {
            return Err(errors::IllegalAction::new_err(format!(
                "action id {} is not an id of this game: ids run from 0 to {} \
                 (State.action_space())",
                action.str()?,
                self.inner.action_space().saturating_sub(1)
            )));
        }
        if let Ok(text) = action.extract::<String>() {
            return self.inner.play(&text).map_err(to_py);
        }
        Err(PyTypeError::new_err(format!(
            "an action is a str (notation) or an int (action id), not {}",
            action.get_type().name()?
        )))
    }

    /// The size of the policy space: every decision step is an index below it, with the
    /// same meaning in every state (see the game's page, "Policy space").
    fn policy_size(&self) -> u32 {
        self.inner.policy_size()
    }

    /// The most decision steps an action has under this state's rules.
    fn max_steps(&self) -> usize {
        self.inner.max_steps()
    }

    /// The indices that may follow the decision steps `prefix` (none chosen yet by
    /// default) toward a legal action, ascending; empty when the game is over, when
    /// `prefix` is a complete action, or when no legal action starts with it.
    #[pyo3(signature = (prefix=None))]
    fn legal_steps(&self, prefix: Option<Vec<i64>>) -> PyResult<Vec<u32>> {
        Ok(self.inner.legal_steps(&step_list(prefix)?))
    }

    /// `legal_steps(prefix)` as a numpy bool mask of `policy_size()` entries.
    #[pyo3(signature = (prefix=None))]
    fn legal_steps_mask<'py>(
        &self,
        py: Python<'py>,
        prefix: Option<Vec<i64>>,
    ) -> PyResult<Bound<'py, PyArray1<bool>>> {
        let mut mask = vec![false; self.inner.policy_size() as usize];
        for step in self.inner.legal_steps(&step_list(prefix)?) {
            if let Some(entry) = mask.get_mut(step as usize) {
                *entry = true;
            }
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// The decision steps of the legal action named by `action`.
    fn action_steps(&self, action: &str) -> PyResult<Vec<u32>> {
        self.inner.action_steps(action).map_err(to_py)
    }

    /// The text of the legal action whose decision steps are exactly `steps`, or None (an
    /// incomplete action, or steps no legal action has).
    fn steps_action(&self, steps: Vec<i64>) -> PyResult<Option<String>> {
        Ok(self.inner.steps_action(&step_list(Some(steps))?))
    }

    /// What index `step` of the policy space means, in words (the same in every state).
    fn step_text(&self, step: i64) -> PyResult<String> {
        let step = u32::try_from(step).map_err(|_| {
            pyo3::exceptions::PyValueError::new_err(format!(
                "{step} is not an index of the policy space (indices are 0 to {})",
                self.inner.policy_size().saturating_sub(1)
            ))
        })?;
        self.inner.step_text(step).map_err(to_py)
    }

    /// Plays the legal action whose decision steps are exactly `steps` and returns its
    /// text; raises `IllegalAction` (state unchanged) for an incomplete action or steps no
    /// legal action has.
    fn play_steps(&mut self, steps: Vec<i64>) -> PyResult<String> {
        let steps = step_list(Some(steps))?;
        self.inner.play_steps(&steps).map_err(to_py)
    }

    /// A copy of this state.
    fn clone(&self) -> State {
        State {
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// The one-line position string.
    fn position(&self) -> String {
        self.inner.position()
    }

    /// What `seat` may see, as one line (the position string in games that hide nothing).
    fn view(&self, seat: usize) -> PyResult<String> {
        let seat = self::seat(seat, self.inner.seats())?;
        self.inner.view_string(seat).map_err(to_py)
    }

    /// How `observer` sees the legal action `action` (hidden parts masked).
    fn action_view(&self, action: &str, observer: usize) -> PyResult<String> {
        let observer = self::seat(observer, self.inner.seats())?;
        self.inner.action_view(action, observer).map_err(to_py)
    }

    /// The board drawn as text; `seat` hides what that seat may not see.
    #[pyo3(signature = (seat=None))]
    fn diagram(&self, seat: Option<usize>) -> PyResult<String> {
        let viewer = match seat {
            Some(s) => Some(self::seat(s, self.inner.seats())?),
            None => None,
        };
        self.inner.diagram(viewer).map_err(to_py)
    }

    /// The board as an SVG picture (text); `seat` hides what that seat may not see and
    /// draws the board from its side.
    #[pyo3(signature = (seat=None))]
    fn svg(&self, seat: Option<usize>) -> PyResult<String> {
        let viewer = match seat {
            Some(s) => Some(self::seat(s, self.inner.seats())?),
            None => None,
        };
        self.inner.svg(viewer).map_err(to_py)
    }

    /// The name of each seat, as the game's board and rules page give them.
    fn seat_names(&self) -> Vec<String> {
        self.inner.seat_names()
    }

    /// How the game ended by its rules, in words (`None` while it goes on).
    fn end_words(&self) -> Option<String> {
        self.inner.end_words()
    }

    /// Each seat's score, where the game keeps one (Martian Chess), else `None`.
    fn scores(&self) -> Option<Vec<f64>> {
        self.inner.scores()
    }

    /// What the legal action `action` does when played here, in words, and the squares it
    /// touches: `(words, squares)`, as `seat` may know them (`None`: everything shown).
    #[pyo3(signature = (action, seat=None))]
    fn describe_action(
        &self,
        action: &str,
        seat: Option<usize>,
    ) -> PyResult<(String, Vec<String>)> {
        let viewer = match seat {
            Some(s) => Some(self::seat(s, self.inner.seats())?),
            None => None,
        };
        let described = self.inner.describe_action(action, viewer).map_err(to_py)?;
        Ok((described.words, described.squares))
    }

    /// The notations besides the game's own that `play_in_notation` reads (Martian
    /// Chess: `abstractplay`).
    fn notations(&self) -> Vec<&'static str> {
        self.inner.notations().to_vec()
    }

    /// The state reached by playing `moves`, written in `notation`, from this one.
    fn play_in_notation(&self, notation: &str, moves: &str) -> PyResult<State> {
        let inner = self
            .inner
            .play_in_notation(notation, moves)
            .map_err(to_py)?;
        Ok(State { inner })
    }

    /// The game's quick evaluation for `seat` (higher is better).
    fn evaluate(&self, seat: usize) -> PyResult<f64> {
        let seat = self::seat(seat, self.inner.seats())?;
        self.inner.evaluate(seat).map_err(to_py)
    }

    /// The shape of the observation tensors (see the game's page).
    fn observation_shape(&self) -> Vec<usize> {
        self.inner.observation_shape()
    }

    /// `seat`'s observation tensor: a float32 numpy array of `observation_shape()`,
    /// encoding only what `seat` may see.
    fn observation<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyAny>> {
        let seat = self::seat(seat, self.inner.seats())?;
        let flat = self.inner.observation(seat).map_err(to_py)?;
        let shape = self.inner.observation_shape();
        Ok(PyArray1::from_vec(py, flat).reshape(shape)?.into_any())
    }

    /// The state as RON text (what pickling stores).
    fn to_ron(&self) -> String {
        self.inner.to_ron(false)
    }

    /// Perft: the number of leaves `depth` plies deep (bulk counting), on `threads`
    /// threads, without holding the GIL. It counts from a copy of the state taken when
    /// it is called, so other threads may play on (or read) this state meanwhile.
    #[pyo3(signature = (depth, threads=1))]
    fn perft(slf: &Bound<'_, Self>, depth: u32, threads: usize) -> u64 {
        // A copy, so that no borrow of `slf` is held while the GIL is released (a
        // concurrent `play` would fail with "Already borrowed").
        let state = slf.borrow().inner.clone_box();
        slf.py().detach(move || state.perft(depth, threads.max(1)))
    }

    /// Perft split by first action: a dict from action text to its leaf count. Like
    /// `perft`, it counts from a copy of the state.
    #[pyo3(signature = (depth, threads=1))]
    fn divide(slf: &Bound<'_, Self>, depth: u32, threads: usize) -> Vec<(String, u64)> {
        let state = slf.borrow().inner.clone_box();
        slf.py().detach(move || state.divide(depth, threads.max(1)))
    }

    fn __str__(&self) -> String {
        self.inner.diagram(None).unwrap_or_default()
    }

    fn __repr__(&self) -> String {
        format!(
            "State({:?}, {:?})",
            self.inner.game(),
            self.inner.position()
        )
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .extract::<PyRef<'_, State>>()
            .is_ok_and(|o| self.inner.equals(o.inner.as_ref()))
    }

    /// Pickling: the game's name and the RON form.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let module = py.import("pyramid_games._native")?;
        let rebuild = module.getattr("from_ron")?;
        let args = PyTuple::new(py, [self.inner.game().to_owned(), self.inner.to_ron(false)])?;
        PyTuple::new(py, [rebuild, args.into_any()])
    }
}

/// The start position of game `name`, with `players` seats and `rules` options.
#[pyfunction]
#[pyo3(signature = (name, players=None, rules=None))]
pub fn new_game(
    name: &str,
    players: Option<usize>,
    rules: Option<&Bound<'_, PyDict>>,
) -> PyResult<State> {
    let game = pyramid_runtime::game(name).map_err(to_py)?;
    let options = options(players, rules)?;
    let inner = game.new_state(&options.pairs()).map_err(to_py)?;
    Ok(State { inner })
}

/// The start of one game of `name` with the random draws the rules leave to a match tool
/// (Martian Chess: who starts) made from `seed`: what a learning environment resets to.
#[pyfunction]
#[pyo3(signature = (name, seed=0, players=None, rules=None))]
pub fn deal(
    name: &str,
    seed: u64,
    players: Option<usize>,
    rules: Option<&Bound<'_, PyDict>>,
) -> PyResult<State> {
    let game = pyramid_runtime::game(name).map_err(to_py)?;
    let options = options(players, rules)?;
    let inner = game.deal(&options.pairs(), seed).map_err(to_py)?;
    Ok(State { inner })
}

/// The state a position string of game `name` describes; rule options the string does
/// not hold come from `players` and `rules`.
#[pyfunction]
#[pyo3(signature = (name, position, players=None, rules=None))]
pub fn from_position(
    name: &str,
    position: &str,
    players: Option<usize>,
    rules: Option<&Bound<'_, PyDict>>,
) -> PyResult<State> {
    let game = pyramid_runtime::game(name).map_err(to_py)?;
    let options = options(players, rules)?;
    let inner = game
        .parse_position(position, &options.pairs())
        .map_err(to_py)?;
    Ok(State { inner })
}

/// The state a RON text of game `name` describes (the form pickling stores).
#[pyfunction]
pub fn from_ron(name: &str, ron: &str) -> PyResult<State> {
    let game = pyramid_runtime::game(name).map_err(to_py)?;
    let inner = game
        .parse_ron(ron)
        .map_err(|e| errors::InvalidPosition::new_err(e.to_string()))?;
    Ok(State { inner })
}

/// A full state of game `name` consistent with a seat's view string, the hidden part drawn
/// from `seed` (rule options the view does not hold come from `rules`).
#[pyfunction]
#[pyo3(signature = (name, view, rules=None, seed=0))]
pub fn sample_from_view(
    name: &str,
    view: &str,
    rules: Option<&Bound<'_, PyDict>>,
    seed: u64,
) -> PyResult<State> {
    let game = pyramid_runtime::game(name).map_err(to_py)?;
    let options = options(None, rules)?;
    let inner = game
        .sample_from_view(view, &options.pairs(), seed)
        .map_err(to_py)?;
    Ok(State { inner })
}
