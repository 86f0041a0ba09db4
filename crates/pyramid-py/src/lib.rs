//! The native module of the `pyramid_games` Python package (`pyramid_games._native`),
//! written over the runtime interface of `pyramid-core`, so every game registered in
//! `pyramid_games::registry()` is reachable from Python with nothing written per game.
//! The Python side (`python/pyramid_games/`) re-exports it with docstrings, type stubs,
//! numpy observations and the OpenSpiel bindings.
#![forbid(unsafe_code)]

mod bot;
mod errors;
mod learn;
mod matches;
mod options;
mod shards;
mod state;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("IllegalAction", py.get_type::<errors::IllegalAction>())?;
    m.add("InvalidPosition", py.get_type::<errors::InvalidPosition>())?;
    m.add("InvalidRules", py.get_type::<errors::InvalidRules>())?;
    m.add("UnknownGame", py.get_type::<errors::UnknownGame>())?;
    m.add("InvalidModel", py.get_type::<errors::InvalidModel>())?;
    m.add_class::<state::State>()?;
    m.add_class::<bot::Bot>()?;
    m.add_class::<shards::Match>()?;
    m.add_class::<learn::PyTrainer>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_info, m)?)?;
    m.add_function(wrap_pyfunction!(state::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::from_position, m)?)?;
    m.add_function(wrap_pyfunction!(state::from_ron, m)?)?;
    m.add_function(wrap_pyfunction!(state::sample_from_view, m)?)?;
    m.add_function(wrap_pyfunction!(bot::bot, m)?)?;
    m.add_function(wrap_pyfunction!(matches::play_match, m)?)?;
    m.add_function(wrap_pyfunction!(learn::self_play, m)?)?;
    Ok(())
}

/// The names of the games, in registry order.
#[pyfunction]
fn games() -> Vec<&'static str> {
    pyramid_games::registry().names()
}

/// What a game is: its seat counts, rule options (key, values taken, default), whether
/// it hides information, and the bound on its action ids under the default rules.
#[pyfunction]
fn game_info(py: Python<'_>, name: &str) -> PyResult<Py<PyAny>> {
    let registry = pyramid_games::registry();
    let game = registry.get(name).map_err(errors::to_py)?;
    let info = pyo3::types::PyDict::new(py);
    info.set_item("name", game.name())?;
    info.set_item("seat_counts", game.seat_counts().to_vec())?;
    info.set_item("perfect_information", game.perfect_information())?;
    info.set_item(
        "action_space",
        game.action_space(&[]).map_err(errors::to_py)?,
    )?;
    let options = pyo3::types::PyList::empty(py);
    for option in game.rule_options() {
        let entry = pyo3::types::PyDict::new(py);
        entry.set_item("key", option.key)?;
        entry.set_item("takes", option.takes)?;
        entry.set_item("default", option.default)?;
        options.append(entry)?;
    }
    info.set_item("rule_options", options)?;
    Ok(info.into_any().unbind())
}
