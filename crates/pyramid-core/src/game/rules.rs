//! [`RuleSet`]: the rule options of a game, with the options every game shares
//! ([`CommonRules`]: seats and ply limit) written once.

use std::fmt::Debug;
use std::hash::Hash;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::{OptionSpec, RulesError};

/// The rule options every game has: the number of seats and the optional ply limit
/// (reaching it ends the game as a draw). A game's rules hold one and expose it through
/// [`RuleSet::common`]; [`RuleSet`] checks every change against the game's seat counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CommonRules {
    seats: u8,
    ply_limit: Option<u32>,
}

impl CommonRules {
    /// `seats` seats, no ply limit. Games call it in their `Default` with their first seat
    /// count; [`RuleSet::set_seats`] checks later changes.
    pub const fn new(seats: u8) -> CommonRules {
        CommonRules {
            seats,
            ply_limit: None,
        }
    }

    /// The number of seats.
    pub const fn seats(&self) -> usize {
        self.seats as usize
    }

    /// The ply limit, if any.
    pub const fn ply_limit(&self) -> Option<u32> {
        self.ply_limit
    }

    /// The ply-limit end rule, written once for every game: whether a game `plies` plies
    /// long has reached the limit (never, without one).
    ///
    /// ```
    /// use pyramid_core::{RuleSet, nim::NimRules};
    /// let rules = NimRules::default().with_ply_limit(Some(3));
    /// assert!(!rules.common().limit_reached(2));
    /// assert!(rules.common().limit_reached(3));
    /// assert!(!NimRules::default().common().limit_reached(u32::MAX));
    /// ```
    #[inline(always)]
    pub const fn limit_reached(&self, plies: u32) -> bool {
        match self.ply_limit {
            Some(limit) => plies >= limit,
            None => false,
        }
    }
}

/// Reads a ply limit as every tool spells it: a number of plies, 1 or more, or `none` or
/// `off` for no limit. `0` is refused: a game that ends before its first move is no game
/// (tools that need a limit of their own, a server's or OpenSpiel's, read `none` and put
/// theirs).
///
/// ```
/// use pyramid_core::parse_ply_limit;
/// assert_eq!(parse_ply_limit("200"), Ok(Some(200)));
/// assert_eq!(parse_ply_limit("none"), Ok(None));
/// assert_eq!(parse_ply_limit("off"), Ok(None));
/// assert!(parse_ply_limit("0").is_err());
/// assert!(parse_ply_limit("soon").is_err());
/// ```
pub fn parse_ply_limit(text: &str) -> Result<Option<u32>, RulesError> {
    let bad = |expected: &'static str| RulesError::BadValue {
        key: "ply_limit".to_owned(),
        value: crate::excerpt(text),
        expected,
    };
    match text.trim() {
        "none" | "off" => Ok(None),
        "0" => Err(bad(
            "1 or more plies (0 would end the game before its first move), or `none`",
        )),
        n => n
            .parse()
            .map(Some)
            .map_err(|_| bad("a number of plies or `none`")),
    }
}

/// Says which seat counts a game allows, in words: `2`, `2 or 4`, `2, 3 or 4`.
pub(crate) fn seat_counts_in_words(counts: &[usize]) -> String {
    let words: Vec<String> = counts.iter().map(usize::to_string).collect();
    match words.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}

/// The rule options of a game: the seat count and ply limit every game has
/// ([`CommonRules`]), and options of the game's own, set by `key=value` so tools can offer
/// them without knowing the game.
///
/// Every game builds its rules one way: `Default`, then the `with_*` builders.
///
/// ```
/// use pyramid_core::{RuleSet, nim::NimRules};
/// let rules = NimRules::default().with_option("piles", "1,2")?.with_ply_limit(Some(50));
/// assert_eq!(rules.options(), [("piles", "1,2".to_owned())]);
/// assert_eq!(rules.ply_limit(), Some(50));
/// // Seats and ply limit are options too, for tools that only speak key=value.
/// let same = NimRules::from_options([("piles", "1,2"), ("ply_limit", "50"), ("seats", "2")])?;
/// assert_eq!(same, rules);
/// assert!(NimRules::default().with_seats(3).is_err());
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
pub trait RuleSet:
    Clone
    + Debug
    + Default
    + PartialEq
    + Eq
    + Hash
    + Serialize
    + DeserializeOwned
    + Send
    + Sync
    + 'static
{
    /// The game's name, as tools spell it (`martian-chess`).
    const GAME: &'static str;

    /// The game's rules page (Markdown): the rules in full in the crate's own words,
    /// every choice where they were silent, the notation and the options. Empty for a
    /// game that has none; tools serve it (`pyrctl serve` at `/rules/{game}`).
    const RULES_PAGE: &'static str = "";

    /// The seat counts the game is played by, ascending.
    const SEAT_COUNTS: &'static [usize];

    /// The game's own options (seats and ply limit excluded), each declared once: key,
    /// values in words, default, what it does, and the values generated tests and fuzzers
    /// try (the proptest strategies and `arbitrary` impls). Games build it with
    /// [`rule_options!`](crate::rule_options); [`options_table`](crate::options_table)
    /// writes it as the table of the game's rules page.
    const OPTIONS: &'static [OptionSpec];

    /// The seats and ply limit.
    fn common(&self) -> &CommonRules;

    /// The seats and ply limit, to change them (through [`RuleSet::set_seats`] and
    /// [`RuleSet::set_ply_limit`], which check them).
    fn common_mut(&mut self) -> &mut CommonRules;

    /// Sets one of the game's own options (a key of [`RuleSet::OPTIONS`]); on an error the
    /// rules are unchanged.
    fn set_own_option(&mut self, key: &str, value: &str) -> Result<(), RulesError>;

    /// The game's own options and their current values, in the order of
    /// [`RuleSet::OPTIONS`] and in the form [`RuleSet::set_option`] accepts.
    fn options(&self) -> Vec<(&'static str, String)>;

    /// Called after the seat count changed, so options that depend on it stay valid
    /// (Martian Chess: a fixed starting seat that no longer exists goes back to `random`).
    fn seats_changed(&mut self) {}

    /// Number of seats.
    fn seats(&self) -> usize {
        self.common().seats()
    }

    /// Sets the number of seats, or says which counts the game allows.
    fn set_seats(&mut self, seats: usize) -> Result<(), RulesError> {
        if !Self::SEAT_COUNTS.contains(&seats) {
            return Err(RulesError::Seats {
                game: Self::GAME,
                allowed: seat_counts_in_words(Self::SEAT_COUNTS),
                got: seats,
            });
        }
        // The seat counts of every game are small: the check above bounds them.
        self.common_mut().seats = u8::try_from(seats).unwrap_or(u8::MAX);
        self.seats_changed();
        Ok(())
    }

    /// The ply limit, if any (off by default in every game).
    fn ply_limit(&self) -> Option<u32> {
        self.common().ply_limit()
    }

    /// Sets or clears the ply limit.
    fn set_ply_limit(&mut self, limit: Option<u32>) {
        self.common_mut().ply_limit = limit;
    }

    /// Sets an option by name: `seats` (also `players`), `ply_limit` (a number or `none`),
    /// or one of the game's own ([`RuleSet::OPTIONS`]).
    fn set_option(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let bad = |expected: &'static str| RulesError::BadValue {
            key: key.to_owned(),
            value: crate::excerpt(value),
            expected,
        };
        match key {
            "seats" | "players" => {
                let seats: usize = value.parse().map_err(|_| bad("a number of seats"))?;
                self.set_seats(seats)
            }
            "ply_limit" => {
                self.set_ply_limit(parse_ply_limit(value)?);
                Ok(())
            }
            own if Self::OPTIONS.iter().any(|spec| spec.key == own) => {
                self.set_own_option(key, value)
            }
            _ => {
                let known: Vec<&str> = Self::OPTIONS.iter().map(|spec| spec.key).collect();
                let known = if known.is_empty() {
                    "seats, ply_limit".to_owned()
                } else {
                    format!("seats, ply_limit, {}", known.join(", "))
                };
                Err(RulesError::UnknownOption {
                    game: Self::GAME,
                    key: crate::excerpt(key),
                    known,
                })
            }
        }
    }

    /// Every option with its value: `seats`, `ply_limit` (`none` when off), then the
    /// game's own. [`RuleSet::from_options`] reads them back to equal rules.
    fn all_options(&self) -> Vec<(&'static str, String)> {
        let limit = self
            .ply_limit()
            .map_or("none".to_owned(), |l| l.to_string());
        let mut all = vec![("seats", self.seats().to_string()), ("ply_limit", limit)];
        all.extend(self.options());
        all
    }

    /// These rules with `seats` seats.
    fn with_seats(mut self, seats: usize) -> Result<Self, RulesError> {
        self.set_seats(seats)?;
        Ok(self)
    }

    /// These rules with the ply limit `limit`.
    #[must_use]
    fn with_ply_limit(mut self, limit: Option<u32>) -> Self {
        self.set_ply_limit(limit);
        self
    }

    /// These rules with the option `key` set to `value` (see [`RuleSet::set_option`]).
    fn with_option(mut self, key: &str, value: &str) -> Result<Self, RulesError> {
        self.set_option(key, value)?;
        Ok(self)
    }

    /// The default rules with the options `pairs` set in order (seats first, wherever
    /// they are given, since other options may depend on the seat count).
    fn from_options<'a, I>(pairs: I) -> Result<Self, RulesError>
    where
        I: IntoIterator<Item = (&'a str, &'a str)>,
    {
        let pairs: Vec<(&str, &str)> = pairs.into_iter().collect();
        let mut rules = Self::default();
        let is_seats = |k: &str| k == "seats" || k == "players";
        for (key, value) in pairs.iter().filter(|(k, _)| is_seats(k)) {
            rules.set_option(key, value)?;
        }
        for (key, value) in pairs.iter().filter(|(k, _)| !is_seats(k)) {
            rules.set_option(key, value)?;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::seat_counts_in_words;

    #[test]
    fn seat_counts_read_as_words() {
        assert_eq!(seat_counts_in_words(&[2]), "2");
        assert_eq!(seat_counts_in_words(&[2, 4]), "2 or 4");
        assert_eq!(seat_counts_in_words(&[2, 3, 4]), "2, 3 or 4");
    }
}
