//! `Bot`: a bot by spec, for any game.

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyramid_bots::BotSpec;
use pyramid_core::dynamic::DynBot;

use crate::errors::to_py;
use crate::state::State;

/// A bot (`random`, `greedy`, `mcts:iters=2000`, `mcts:ms=50`, ... as `pyrctl` takes
/// them), its choices following from its seed. One bot may play any game: it keeps one
/// player per game it has seen.
#[pyclass(module = "pyramid_games._native", name = "Bot")]
pub struct Bot {
    spec: String,
    seed: u64,
    players: Mutex<HashMap<&'static str, Box<dyn DynBot>>>,
}

#[pymethods]
impl Bot {
    /// The spec, in canonical form.
    #[getter]
    fn spec(&self) -> &str {
        &self.spec
    }

    /// The seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The action (text) the bot picks for the seat to act in `state`; the bot sees only
    /// that seat's view. Searching bots run without holding the GIL, on a copy of the
    /// state taken when it is called, so other threads may play on `state` meanwhile.
    fn pick(&self, py: Python<'_>, state: &Bound<'_, State>) -> PyResult<String> {
        // A copy, so that no borrow of `state` is held while the GIL is released.
        let inner = state.borrow().inner.clone_box();
        let game = inner.game();
        let (spec, seed, players) = (&self.spec, self.seed, &self.players);
        py.detach(|| {
            let mut players = players
                .lock()
                .map_err(|_| PyValueError::new_err("the bot failed in an earlier pick"))?;
            if !players.contains_key(game) {
                let made = pyramid_runtime::game(game)
                    .and_then(|g| g.bot(spec, seed))
                    .map_err(to_py)?;
                players.insert(game, made);
            }
            match players.get_mut(game) {
                Some(player) => player.pick(inner.as_ref()).map_err(to_py),
                None => Err(PyValueError::new_err("no player for this game")),
            }
        })
    }

    fn __repr__(&self) -> String {
        format!("Bot({:?}, seed={})", self.spec, self.seed)
    }
}

/// The bot `spec` names (refused at once when the spec is malformed).
#[pyfunction]
#[pyo3(signature = (spec, seed=0))]
pub fn bot(spec: &str, seed: u64) -> PyResult<Bot> {
    let parsed: BotSpec =
        pyramid_runtime::parse_bot(spec).map_err(|e| PyValueError::new_err(e.to_string()))?;
    Ok(Bot {
        spec: parsed.to_string(),
        seed,
        players: Mutex::new(HashMap::new()),
    })
}
