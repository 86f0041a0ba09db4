//! Time controls and a game's clock, the arithmetic alone: [`TimeControl`] (read from
//! the `clock` of `POST /api/games`: Fischer or days per move) and [`Clock`] (each
//! seat's time left, the seat whose time runs and when its turn began, in wall-clock
//! milliseconds since 1970). Pure: every function is given the time now, so a clock
//! stored and loaded again after a restart counts the time the server was down as spent.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// The longest initial time of a Fischer clock (a day).
pub const MAX_INITIAL_SECONDS: u64 = 86_400;
/// The largest Fischer increment (an hour).
pub const MAX_INCREMENT_SECONDS: u64 = 3_600;
/// The most days per move (below the 30 days after which an unchanged stored game
/// expires).
pub const MAX_DAYS_PER_MOVE: u64 = 14;
/// A day in milliseconds.
const DAY_MS: i64 = 86_400_000;

/// How much time each seat has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// Fischer: `initial_seconds` each at the start, `increment_seconds` added to a seat's
    /// time each time its turn ends.
    Fischer {
        /// Each seat's time at the start.
        initial_seconds: u64,
        /// Added each time the seat's turn ends.
        increment_seconds: u64,
    },
    /// Correspondence: `days_per_move` days for each turn, whatever was left of the last.
    Correspondence {
        /// The days each turn may take.
        days_per_move: u64,
    },
}

/// Why a `clock` of a new game is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ClockError {
    /// Not a JSON object.
    #[error(
        "clock must be an object: {{\"initial_seconds\": N, \"increment_seconds\": M}} (Fischer) or {{\"days_per_move\": D}} (correspondence), not {0}"
    )]
    NotAnObject(String),
    /// A key the clock does not take.
    #[error(
        "clock has no key `{0}`: it takes initial_seconds and increment_seconds (Fischer) or days_per_move (correspondence)"
    )]
    UnknownKey(String),
    /// Both kinds at once.
    #[error(
        "clock gives both a Fischer time (initial_seconds, increment_seconds) and days_per_move: give one kind"
    )]
    BothKinds,
    /// Neither kind (an empty object, or an increment with no initial time).
    #[error(
        "clock needs initial_seconds (Fischer, with increment_seconds, 0 when absent) or days_per_move (correspondence)"
    )]
    NoKind,
    /// A value that is not a whole number within its bounds.
    #[error("clock.{key} must be a whole number from {min} to {max}, not {found}")]
    OutOfRange {
        /// The key.
        key: &'static str,
        /// The least value.
        min: u64,
        /// The largest value.
        max: u64,
        /// What was given, as JSON.
        found: String,
    },
}

/// Reads `key` of `object` as a whole number from `min` to `max` (`None`: absent).
fn bounded(
    object: &serde_json::Map<String, Value>,
    key: &'static str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, ClockError> {
    let Some(value) = object.get(key) else {
        return Ok(None);
    };
    match value.as_u64() {
        Some(n) if (min..=max).contains(&n) => Ok(Some(n)),
        _ => Err(ClockError::OutOfRange {
            key,
            min,
            max,
            found: pyramid_core::excerpt(&value.to_string()),
        }),
    }
}

impl TimeControl {
    /// The time control of a create body's `clock` (`null` is no clock, handled by the
    /// caller): exactly one kind, known keys only, whole numbers within the bounds.
    pub fn from_json(value: &Value) -> Result<TimeControl, ClockError> {
        let Some(object) = value.as_object() else {
            return Err(ClockError::NotAnObject(pyramid_core::excerpt(
                &value.to_string(),
            )));
        };
        if let Some(key) = object.keys().find(|k| {
            !["initial_seconds", "increment_seconds", "days_per_move"].contains(&k.as_str())
        }) {
            return Err(ClockError::UnknownKey(pyramid_core::excerpt(key)));
        }
        let fischer =
            object.contains_key("initial_seconds") || object.contains_key("increment_seconds");
        let days = object.contains_key("days_per_move");
        if fischer && days {
            return Err(ClockError::BothKinds);
        }
        if days {
            let days_per_move =
                bounded(object, "days_per_move", 1, MAX_DAYS_PER_MOVE)?.unwrap_or(1);
            return Ok(TimeControl::Correspondence { days_per_move });
        }
        let initial = bounded(object, "initial_seconds", 1, MAX_INITIAL_SECONDS)?;
        let increment = bounded(object, "increment_seconds", 0, MAX_INCREMENT_SECONDS)?;
        match initial {
            Some(initial_seconds) => Ok(TimeControl::Fischer {
                initial_seconds,
                increment_seconds: increment.unwrap_or(0),
            }),
            None => Err(ClockError::NoKind),
        }
    }

    /// The control as a create body's `clock` (what a rematch is made with).
    pub fn as_request(&self) -> Value {
        match *self {
            TimeControl::Fischer {
                initial_seconds,
                increment_seconds,
            } => {
                json!({"initial_seconds": initial_seconds, "increment_seconds": increment_seconds})
            }
            TimeControl::Correspondence { days_per_move } => {
                json!({"days_per_move": days_per_move})
            }
        }
    }

    /// Each seat's time at the start, in milliseconds.
    fn initial_ms(&self) -> i64 {
        match *self {
            TimeControl::Fischer {
                initial_seconds, ..
            } => seconds_ms(initial_seconds),
            TimeControl::Correspondence { days_per_move } => days_ms(days_per_move),
        }
    }
}

fn seconds_ms(seconds: u64) -> i64 {
    i64::try_from(seconds)
        .unwrap_or(i64::MAX / 1000)
        .saturating_mul(1000)
}

fn days_ms(days: u64) -> i64 {
    i64::try_from(days)
        .unwrap_or(i64::MAX / DAY_MS)
        .saturating_mul(DAY_MS)
}

/// The moves a bot on a clock expects still to play ([`Clock::think_budget`]).
pub const MOVES_TO_GO: i64 = 20;

/// A ply played at or after the moment its seat's time ran out: the seat that flagged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flagged(pub u8);

/// A game's clock.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Each seat's time left when its turn began (or now, for the other seats), in ms.
    pub remaining_ms: Vec<i64>,
    /// The seat whose time runs (`None`: not started, or stopped).
    pub running: Option<u8>,
    /// When the running seat's turn began (ms since 1970, wall clock).
    pub turn_began_ms: i64,
}

/// A clock as a viewer is told it (the `clock` of the game's view).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// `kind` and the control's numbers.
    #[serde(flatten)]
    pub control: TimeControl,
    /// Each seat's time left at `as_of_ms` (never below 0).
    pub remaining_ms: Vec<i64>,
    /// The seat whose time runs, `null` before the clock starts and once it stopped.
    pub running: Option<u8>,
    /// The server's time when this was written (ms since 1970).
    pub as_of_ms: i64,
}

impl Clock {
    /// A clock for `seats` seats, each with the control's initial time, not started.
    pub fn new(control: TimeControl, seats: usize) -> Clock {
        Clock {
            control,
            remaining_ms: vec![control.initial_ms(); seats],
            running: None,
            turn_began_ms: 0,
        }
    }

    /// The clock with `seat`'s time running from `now` (`None`: stopped as it is).
    #[must_use]
    pub fn started(&self, seat: Option<u8>, now: i64) -> Clock {
        Clock {
            running: seat,
            turn_began_ms: now,
            ..self.clone()
        }
    }

    /// Whether it has started and not stopped.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// `seat`'s time left at `now` (never below 0).
    pub fn left(&self, seat: u8, now: i64) -> i64 {
        let stored = self
            .remaining_ms
            .get(usize::from(seat))
            .copied()
            .unwrap_or(0);
        let spent = if self.running == Some(seat) {
            now.saturating_sub(self.turn_began_ms).max(0)
        } else {
            0
        };
        stored.saturating_sub(spent).max(0)
    }

    /// When the running seat's time runs out (ms since 1970), if one runs.
    pub fn flag_at(&self) -> Option<i64> {
        let seat = self.running?;
        let left = self.remaining_ms.get(usize::from(seat)).copied()?;
        Some(self.turn_began_ms.saturating_add(left))
    }

    /// The running seat, when its time has run out at `now`.
    pub fn flagged(&self, now: i64) -> Option<u8> {
        self.flag_at().filter(|&at| now >= at).and(self.running)
    }

    /// The clock after `seat` played a ply at `now`, `next` to act after it (`None`: the
    /// game is over). The seat's time spent on it is taken off; when its turn ends (another
    /// seat to act, or the end) it gets the increment (Fischer) or the whole allowance
    /// again (days per move); `next`'s time then runs. A clock not started is left as it
    /// is. [`Flagged`] when the seat's time had run out at `now`.
    pub fn after_ply(&self, seat: u8, next: Option<u8>, now: i64) -> Result<Clock, Flagged> {
        if !self.is_running() {
            return Ok(self.clone());
        }
        if self.flagged(now) == Some(seat) {
            return Err(Flagged(seat));
        }
        let mut after = self.clone();
        if let Some(left) = after.remaining_ms.get_mut(usize::from(seat)) {
            if self.running == Some(seat) {
                *left = left.saturating_sub(now.saturating_sub(self.turn_began_ms).max(0));
            }
            if next != Some(seat) {
                *left = match self.control {
                    TimeControl::Fischer {
                        increment_seconds, ..
                    } => left.saturating_add(seconds_ms(increment_seconds)),
                    TimeControl::Correspondence { days_per_move } => days_ms(days_per_move),
                };
            }
        }
        after.running = next;
        after.turn_began_ms = now;
        Ok(after)
    }

    /// The clock stopped at `now` (the game ended otherwise than by a ply: a resignation,
    /// a forfeit, a time-out): the running seat's time spent taken off, never below 0.
    #[must_use]
    pub fn stopped(&self, now: i64) -> Clock {
        let mut after = self.clone();
        if let Some(seat) = self.running {
            let left = self.left(seat, now);
            if let Some(slot) = after.remaining_ms.get_mut(usize::from(seat)) {
                *slot = left;
            }
        }
        after.running = None;
        after.turn_began_ms = now;
        after
    }

    /// How long `seat`'s bot may think at `now`, when its time runs: a share of its time
    /// left ([`MOVES_TO_GO`]) plus most of the increment, as chess engines budget, never
    /// more than half its time left; `None` when its time does not run.
    pub fn think_budget(&self, seat: u8, now: i64) -> Option<i64> {
        if self.running != Some(seat) {
            return None;
        }
        let left = self.left(seat, now);
        let increment = match self.control {
            TimeControl::Fischer {
                increment_seconds, ..
            } => seconds_ms(increment_seconds),
            TimeControl::Correspondence { .. } => 0,
        };
        Some((left / MOVES_TO_GO + increment * 3 / 4).min(left / 2))
    }

    /// The clock as a viewer is told it at `now`.
    pub fn view(&self, now: i64) -> ClockView {
        ClockView {
            control: self.control,
            remaining_ms: (0..self.remaining_ms.len())
                .map(|s| self.left(s as u8, now))
                .collect(),
            running: self.running,
            as_of_ms: now,
        }
    }
}

#[cfg(test)]
mod tests;
