//! [`RuleOptions`]: the rule options a tool was given, read once for every tool: `key=value`
//! text (the command line, record files), JSON values (the web API) and Python keyword
//! values all become the same owned list, the number of seats settled once.

use pyramid_core::RuleSet;
use pyramid_core::dynamic::RuntimeError;

/// Why rule options could not be read (before any game looks at them).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionsError {
    /// Text that is not `KEY=VALUE`.
    #[error("`{0}` is not of the form KEY=VALUE")]
    NotKeyValue(String),
    /// Two numbers of seats that differ (`players` and `seats`, or `seats` twice).
    #[error("`{first}` ({a}) and `{second}` ({b}) disagree on the number of seats")]
    SeatsDisagree {
        /// Where the first count was given (`players`, `rules.seats`).
        first: String,
        /// The first count.
        a: String,
        /// Where the second count was given.
        second: String,
        /// The second count.
        b: String,
    },
    /// A JSON value that is not a string, a number or a boolean.
    #[error("a rule option is a string, a number or a boolean, not {0}")]
    BadValue(String),
}

/// One option value as a tool receives it: text, or a boolean (a JSON or Python boolean),
/// which is written `on`/`off` like every switch of every game (whose options also read
/// the text `true`/`false` as `on`/`off`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue {
    /// Text (numbers are given as their digits).
    Text(String),
    /// A switch.
    Bool(bool),
}

impl OptionValue {
    /// The value as the rules read it.
    fn into_text(self) -> String {
        match self {
            OptionValue::Text(text) => text.trim().to_owned(),
            OptionValue::Bool(on) => pyramid_core::RuleValue::write(&on),
        }
    }

    /// A JSON value: a string, a number (its digits) or a boolean.
    pub fn from_json(value: &serde_json::Value) -> Result<OptionValue, OptionsError> {
        match value {
            serde_json::Value::String(s) => Ok(OptionValue::Text(s.clone())),
            serde_json::Value::Number(n) => Ok(OptionValue::Text(n.to_string())),
            serde_json::Value::Bool(b) => Ok(OptionValue::Bool(*b)),
            other => Err(OptionsError::BadValue(other.to_string())),
        }
    }
}

impl From<&str> for OptionValue {
    fn from(text: &str) -> OptionValue {
        OptionValue::Text(text.to_owned())
    }
}

impl From<String> for OptionValue {
    fn from(text: String) -> OptionValue {
        OptionValue::Text(text)
    }
}

impl From<bool> for OptionValue {
    fn from(on: bool) -> OptionValue {
        OptionValue::Bool(on)
    }
}

/// The rule options a tool was given, owned: the number of seats (from `players` or the
/// `seats`/`players` option, which must agree) and the other options in the order given.
/// [`RuleOptions::pairs`] lists them for the runtime interface, seats first (so an option
/// that depends on the seats, such as Martian Chess's `first`, is read after them).
///
/// ```
/// use pyramid_runtime::{OptionValue, RuleOptions};
/// let mut options = RuleOptions::new().with_players(Some(3));
/// options.set_pair("size=6")?;
/// options.set("opening", OptionValue::Bool(false))?;
/// assert_eq!(options.pairs(), [("seats", "3"), ("size", "6"), ("opening", "off")]);
/// assert!(options.set("seats", "4".into()).is_err()); // `players` said 3
/// # Ok::<(), pyramid_runtime::OptionsError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RuleOptions {
    /// The number of seats, with where it was first given.
    seats: Option<(String, String)>,
    /// The other options, in the order given.
    pairs: Vec<(String, String)>,
}

impl RuleOptions {
    /// No option: the game's default rules.
    pub fn new() -> RuleOptions {
        RuleOptions::default()
    }

    /// These options with `players` seats, when given (a tool's `players`/`--players`).
    pub fn with_players(mut self, players: Option<usize>) -> RuleOptions {
        if let Some(n) = players {
            self.seats = Some(("players".to_owned(), n.to_string()));
        }
        self
    }

    /// Options from `key=value` texts (record files, `--rule`).
    pub fn from_pairs<'a>(
        texts: impl IntoIterator<Item = &'a str>,
    ) -> Result<RuleOptions, OptionsError> {
        let mut options = RuleOptions::new();
        for text in texts {
            options.set_pair(text)?;
        }
        Ok(options)
    }

    /// Sets the option `key` (`seats` and `players` name the number of seats; a later
    /// value of another key replaces an earlier one). A number of seats that differs from
    /// one given before is refused.
    pub fn set(&mut self, key: &str, value: OptionValue) -> Result<(), OptionsError> {
        let key = key.trim();
        let value = value.into_text();
        if matches!(key, "seats" | "players") {
            let source = format!("rules.{key}");
            return match &self.seats {
                Some((first, a)) if *a != value => Err(OptionsError::SeatsDisagree {
                    first: first.clone(),
                    a: a.clone(),
                    second: source,
                    b: value,
                }),
                Some(_) => Ok(()),
                None => {
                    self.seats = Some((source, value));
                    Ok(())
                }
            };
        }
        self.pairs.retain(|(k, _)| k != key);
        self.pairs.push((key.to_owned(), value));
        Ok(())
    }

    /// Sets an option from `key=value` text.
    pub fn set_pair(&mut self, text: &str) -> Result<(), OptionsError> {
        let (key, value) = text
            .split_once('=')
            .ok_or_else(|| OptionsError::NotKeyValue(pyramid_core::excerpt(text)))?;
        self.set(key, OptionValue::Text(value.to_owned()))
    }

    /// Sets an option from a JSON value (a string, a number or a boolean).
    pub fn set_json(&mut self, key: &str, value: &serde_json::Value) -> Result<(), OptionsError> {
        self.set(key, OptionValue::from_json(value)?)
    }

    /// The value given for `key` (`seats` for the number of seats, however it was given).
    pub fn get(&self, key: &str) -> Option<&str> {
        if key == "seats" || key == "players" {
            return self.seats.as_ref().map(|(_, v)| v.as_str());
        }
        self.pairs
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Takes the option `key` out (a tool that reads one itself, such as a server's ply
    /// limit), returning its value.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        if key == "seats" || key == "players" {
            return self.seats.take().map(|(_, v)| v);
        }
        let at = self.pairs.iter().position(|(k, _)| k == key)?;
        Some(self.pairs.remove(at).1)
    }

    /// Every option as `key=value` pairs, as the runtime interface takes them: `seats`
    /// first, then the others in the order given.
    pub fn pairs(&self) -> Vec<(&str, &str)> {
        let seats = self.seats.as_ref().map(|(_, v)| ("seats", v.as_str()));
        seats
            .into_iter()
            .chain(self.pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())))
            .collect()
    }

    /// The typed rules of a game these options name.
    pub fn rules<R: RuleSet>(&self) -> Result<R, RuntimeError> {
        Ok(R::from_options(self.pairs())?)
    }
}
