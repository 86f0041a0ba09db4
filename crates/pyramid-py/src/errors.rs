//! The Python exceptions and the mapping from runtime errors to them. They are created in
//! the module `pyramid_games` (where the package re-exports them), so a traceback reads
//! `pyramid_games.IllegalAction`, not the private `_native`.

use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyramid_core::runtime::RuntimeError;

create_exception!(
    pyramid_games,
    IllegalAction,
    PyValueError,
    "An action that is illegal here, malformed, for the wrong seat, or played after the game ended. The state is unchanged."
);
create_exception!(
    pyramid_games,
    InvalidPosition,
    PyValueError,
    "A position string, view string or pickled state that does not describe a valid state."
);
create_exception!(
    pyramid_games,
    InvalidRules,
    PyValueError,
    "A rule option the game does not have, or a value it does not take."
);
create_exception!(
    pyramid_games,
    UnknownGame,
    PyValueError,
    "No game of that name (the message lists the games and suggests the closest)."
);

/// The Python exception for a runtime error.
pub fn to_py(error: RuntimeError) -> PyErr {
    let text = error.to_string();
    match error {
        RuntimeError::Play(_) | RuntimeError::UnknownActionId { .. } => {
            IllegalAction::new_err(text)
        }
        RuntimeError::Position(_) => InvalidPosition::new_err(text),
        RuntimeError::Rules(_) => InvalidRules::new_err(text),
        RuntimeError::UnknownGame { .. } => UnknownGame::new_err(text),
        _ => PyValueError::new_err(text),
    }
}
