//! Rule options from Python: `players=` and a dict of option values.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};

/// The rule options as `key=value` pairs: `seats` from `players`, then the dict's entries
/// (values are turned into text: `True`/`False` as `on`/`off`, numbers as digits).
pub fn pairs(
    players: Option<usize>,
    rules: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<(String, String)>> {
    let mut pairs = Vec::new();
    if let Some(players) = players {
        pairs.push(("seats".to_owned(), players.to_string()));
    }
    if let Some(rules) = rules {
        for (key, value) in rules.iter() {
            let key: String = key.str()?.extract()?;
            let value = if let Ok(flag) = value.cast::<PyBool>() {
                if flag.is_true() { "on" } else { "off" }.to_owned()
            } else {
                value.str()?.extract()?
            };
            pairs.push((key, value));
        }
    }
    Ok(pairs)
}
