//! The native module of the `pyramid_games` Python package (`pyramid_games._native`),
//! written over the runtime (`pyramid_runtime`: the registry, rule options, matches,
//! training) and the runtime interface of `pyramid-core` (states and bots), so every game
//! registered in `pyramid_runtime::registry()` is reachable from Python with nothing written
//! per game and no match or training set-up of its own.
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
mod vector;

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
    m.add_class::<vector::VectorEnv>()?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_info, m)?)?;
    m.add_function(wrap_pyfunction!(state::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::from_position, m)?)?;
    m.add_function(wrap_pyfunction!(state::deal, m)?)?;
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
    pyramid_runtime::registry().names()
}

/// One rule option of a game, as `game_info` describes it (a dict with these keys).
#[derive(IntoPyObject)]
struct OptionInfo {
    /// The key.
    key: &'static str,
    /// The values it takes, in words.
    takes: String,
    /// Its default value.
    default: String,
    /// What it does, in one line.
    doc: &'static str,
    /// Its name for players.
    label: &'static str,
    /// Every value where they are a short closed list, else empty.
    choices: Vec<&'static str>,
    /// Whether a seat's number is a value too, after `choices` (who moves first).
    seat: bool,
}

/// What `game_info` returns (a dict with these keys).
#[derive(IntoPyObject)]
struct GameInfo {
    /// The game's name.
    name: &'static str,
    /// The seat counts it is played by.
    seat_counts: Vec<usize>,
    /// Whether every seat sees the whole state.
    perfect_information: bool,
    /// The game in one line, for players.
    summary: &'static str,
    /// How to play, in a few sentences.
    how_to_play: &'static str,
    /// The bound on action ids under the default rules.
    action_space: u64,
    /// The rule options.
    rule_options: Vec<OptionInfo>,
    /// The rule options whose default leaves a draw to the tool running a match, each
    /// with the value a new game plays it as (what OpenSpiel, with no draw, fixes).
    drawn_options: std::collections::BTreeMap<&'static str, &'static str>,
}

/// What a game is: its seat counts, one line on it and how to play it, rule options
/// (key, values taken, default, one-line doc, name for players, closed list of values,
/// whether a seat is a value too),
/// whether it hides information, the bound on its action ids under the default rules, and the
/// options whose default is a draw, with the value a new game plays them as.
#[pyfunction]
fn game_info(name: &str) -> PyResult<GameInfo> {
    let game = pyramid_runtime::game(name).map_err(errors::to_py)?;
    Ok(GameInfo {
        name: game.name(),
        seat_counts: game.seat_counts().to_vec(),
        perfect_information: game.perfect_information(),
        summary: game.summary(),
        how_to_play: game.how_to_play(),
        action_space: game.action_space(&[]).map_err(errors::to_py)?,
        rule_options: game
            .rule_options()
            .into_iter()
            .map(|option| OptionInfo {
                key: option.key,
                takes: option.takes,
                default: option.default,
                doc: option.doc,
                label: option.label,
                choices: option.choices.to_vec(),
                seat: option.seat,
            })
            .collect(),
        drawn_options: game.drawn_options().iter().copied().collect(),
    })
}
