//! Rule options from Python: `players=` and a dict of option values, read into the
//! runtime's one options type.

use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};
use pyramid_runtime::{OptionValue, RuleOptions};

use crate::errors::InvalidRules;

/// The rule options: `players` seats, then the dict's entries (`True`/`False` as the
/// switches `on`/`off`, any other value as its text: numbers as digits). Seat counts
/// that disagree raise `InvalidRules`.
pub fn options(players: Option<usize>, rules: Option<&Bound<'_, PyDict>>) -> PyResult<RuleOptions> {
    let mut options = RuleOptions::new().with_players(players);
    if let Some(rules) = rules {
        for (key, value) in rules.iter() {
            let key: String = key.str()?.extract()?;
            let value = match value.cast::<PyBool>() {
                Ok(flag) => OptionValue::Bool(flag.is_true()),
                Err(_) => OptionValue::Text(value.str()?.extract()?),
            };
            options
                .set(&key, value)
                .map_err(|e| InvalidRules::new_err(e.to_string()))?;
        }
    }
    Ok(options)
}
