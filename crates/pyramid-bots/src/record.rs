//! Game records: one JSON object per game, one game per line (JSON Lines).

use std::fmt;

use pyramid_core::arena::Forfeit;
use pyramid_core::prelude::*;
use pyramid_core::{Outcome, RuleSet, Seat};
use serde::{Deserialize, Serialize};

/// How a recorded game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum RecordResult {
    /// One seat won.
    Win {
        /// The winning seat.
        seat: u8,
    },
    /// Nobody won (by the rules, or by the ply limit where the rules make it a draw).
    Draw,
    /// The game was stopped before it ended.
    Unfinished,
    /// A seat's bot failed (an outside engine that crashed, hung or answered nonsense),
    /// so that seat lost; the reason is in [`Record::reason`].
    Forfeit {
        /// The seat that forfeited.
        seat: u8,
        /// The winner: the other seat with two seats, none with more (the others draw).
        winner: Option<u8>,
    },
}

impl RecordResult {
    /// The result of a game whose outcome is `outcome` (`None`: still running).
    pub fn from_outcome(outcome: Option<Outcome>) -> Self {
        match outcome {
            Some(Outcome::Win(seat)) => RecordResult::Win { seat: seat.0 },
            Some(Outcome::Draw) => RecordResult::Draw,
            None => RecordResult::Unfinished,
        }
    }

    /// The result of a game that `forfeit` ended, with `seats` seats.
    pub fn from_forfeit(forfeit: &Forfeit, seats: usize) -> Self {
        RecordResult::Forfeit {
            seat: forfeit.seat.0,
            winner: forfeit.winner(seats).map(|s| s.0),
        }
    }

    /// The outcome, `None` if unfinished or forfeited without a winner.
    pub fn outcome(self) -> Option<Outcome> {
        match self {
            RecordResult::Win { seat } => Some(Outcome::Win(Seat(seat))),
            RecordResult::Draw => Some(Outcome::Draw),
            RecordResult::Unfinished => None,
            RecordResult::Forfeit { winner, .. } => winner.map(|w| Outcome::Win(Seat(w))),
        }
    }
}

impl fmt::Display for RecordResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordResult::Win { seat } => write!(f, "seat {seat} wins"),
            RecordResult::Draw => f.write_str("draw"),
            RecordResult::Unfinished => f.write_str("unfinished"),
            RecordResult::Forfeit {
                seat,
                winner: Some(w),
            } => write!(f, "seat {seat} forfeits, seat {w} wins"),
            RecordResult::Forfeit { seat, winner: None } => write!(f, "seat {seat} forfeits"),
        }
    }
}

/// The rule options of a recorded game: enough to rebuild its `Rules`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordRules {
    /// Number of seats.
    pub seats: usize,
    /// The ply limit in force, if any.
    pub ply_limit: Option<u32>,
    /// The game's own options as `key=value`, in the order [`RuleSet::options`] gives.
    pub options: Vec<String>,
}

impl RecordRules {
    /// The record form of `rules`.
    pub fn from_rules<R: RuleSet>(rules: &R) -> Self {
        RecordRules {
            seats: rules.seats(),
            ply_limit: rules.ply_limit(),
            options: rules
                .options()
                .into_iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect(),
        }
    }

    /// Rebuilds the rules from their defaults: seats, ply limit, then every option.
    pub fn to_rules<R: RuleSet>(&self) -> Result<R, pyramid_core::RulesError> {
        let mut rules = R::default();
        rules.set_seats(self.seats)?;
        rules.set_ply_limit(self.ply_limit);
        for option in &self.options {
            let (key, value) = option.split_once('=').unwrap_or((option.as_str(), ""));
            rules.set_option(key, value)?;
        }
        Ok(rules)
    }
}

/// One recorded game, as written on one line of a `.jsonl` file.
///
/// ```
/// use pyramid_bots::{Record, RecordResult};
/// let line = r#"{"game":"nim","rules":{"seats":2,"ply_limit":null,"options":["piles=1"]},
///   "start":"1 0 0","bots":["random","greedy"],"match_seed":7,"index":0,"seed":99,
///   "actions":["a-1"],"result":{"kind":"win","seat":0},"plies":1}"#;
/// let record = Record::from_json(&line.replace('\n', ""))?;
/// assert_eq!(record.result, RecordResult::Win { seat: 0 });
/// assert_eq!(Record::from_json(&record.to_json())?, record);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The game's name (`martian-chess`).
    pub game: String,
    /// The rule options, seats and ply limit included.
    pub rules: RecordRules,
    /// The start position string.
    pub start: String,
    /// The bot specification of each seat, by seat.
    pub bots: Vec<String>,
    /// The seed of the whole match.
    pub match_seed: u64,
    /// The game's number in its match, from 0.
    pub index: u64,
    /// The game's own seed (derived from the match seed and the index); the deal and
    /// every bot's seed derive from it.
    pub seed: u64,
    /// Every action, in notation.
    pub actions: Vec<String>,
    /// How it ended.
    pub result: RecordResult,
    /// Plies played.
    pub plies: u32,
    /// Why the game was forfeited (with [`RecordResult::Forfeit`]); absent otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Record {
    /// Reads one line.
    pub fn from_json(line: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(line)
    }

    /// The one-line JSON text (no newline).
    pub fn to_json(&self) -> String {
        // Serialising plain strings, numbers and vectors cannot fail.
        serde_json::to_string(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// The record of a game of `G` played from `start` with `actions`, ending in `end`.
    pub fn of_game<G: FullGame>(
        start: &G,
        actions: &[G::Action],
        end: &G,
        bots: Vec<String>,
        match_seed: u64,
        index: u64,
        seed: u64,
    ) -> Self {
        Record {
            game: G::NAME.to_owned(),
            rules: RecordRules::from_rules(start.rules()),
            start: start.position(),
            bots,
            match_seed,
            index,
            seed,
            actions: actions.iter().map(ToString::to_string).collect(),
            result: RecordResult::from_outcome(end.outcome()),
            plies: end.plies().saturating_sub(start.plies()),
            reason: None,
        }
    }

    /// The record of a game the arena played ([`Record::of_game`]), with the result and
    /// reason of its forfeit if a bot failed.
    pub fn of_played<G: FullGame>(
        record: pyramid_core::arena::GameRecord<G>,
        bots: Vec<String>,
        match_seed: u64,
        index: u64,
        seed: u64,
    ) -> Self {
        let mut out = Record::of_game(
            &record.start,
            &record.actions,
            &record.end,
            bots,
            match_seed,
            index,
            seed,
        );
        if let Some(forfeit) = &record.forfeit {
            out.result = RecordResult::from_forfeit(forfeit, record.start.seats());
            out.reason = Some(forfeit.reason.clone());
        }
        out
    }
}
