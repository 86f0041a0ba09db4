//! The Python exceptions and the mapping from runtime errors to them. They are created in
//! the module `pyramid_games` (where the package re-exports them), so a traceback reads
//! `pyramid_games.IllegalAction`, not the private `_native`.

use pyo3::PyErr;
use pyo3::create_exception;
use pyo3::exceptions::{
    PyFileExistsError, PyFileNotFoundError, PyOSError, PyRuntimeError, PyValueError,
};
use pyramid_core::dynamic::RuntimeError;
use pyramid_runtime::pyramid_learn::{ModelError, TrainError};

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
create_exception!(
    pyramid_games,
    InvalidModel,
    PyValueError,
    "A model file (or model bytes) that is damaged, not a pyramid-games model, too large, of another game, or trained for rules whose network does not fit."
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

/// The Python exception for a model that could not be read, checked or run: `OSError` when
/// its file cannot be read or written, `RuntimeError` when the network itself fails,
/// `InvalidModel` for everything wrong with the model.
pub fn model_to_py(error: ModelError) -> PyErr {
    let text = error.to_string();
    match error {
        ModelError::Io { .. } => PyOSError::new_err(text),
        ModelError::Network(_) => PyRuntimeError::new_err(text),
        _ => InvalidModel::new_err(text),
    }
}

/// The Python exception for a training run that cannot go on: `FileExistsError` for a
/// directory that already holds a run (without `resume`), `FileNotFoundError` for a
/// `resume` of a directory that holds none, `OSError` for the log, model errors as
/// [`model_to_py`].
pub fn train_to_py(error: TrainError) -> PyErr {
    let text = error.to_string();
    match error {
        TrainError::Model(e) => model_to_py(e),
        TrainError::NotEmpty(_) => PyFileExistsError::new_err(text),
        TrainError::NothingToResume(_) => PyFileNotFoundError::new_err(text),
        TrainError::Io { .. } => PyOSError::new_err(text),
    }
}

/// The Python exception for a runtime call's error: as [`to_py`], [`model_to_py`] and
/// [`train_to_py`] for the layers they cover, `InvalidRules` for rule options,
/// `InvalidModel` for self-play positions that do not fit, `ValueError` for the rest
/// (matches, records, bot specs).
pub fn runtime_to_py(error: pyramid_runtime::Error) -> PyErr {
    use pyramid_runtime::Error;
    match error {
        Error::Runtime(e) => to_py(e),
        Error::Options(e) => InvalidRules::new_err(e.to_string()),
        Error::Model(e) => model_to_py(e),
        Error::Train(e) => train_to_py(e),
        Error::Positions(text) => InvalidModel::new_err(text),
        other => PyValueError::new_err(other.to_string()),
    }
}
