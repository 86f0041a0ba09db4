//! Re-playing game records: every action legal, the stored result the real one.

use pyramid_core::arena::Forfeit;
use pyramid_core::prelude::*;
use pyramid_core::{PlayError, RuleSet, RulesError, Seat};

use crate::record::{Record, RecordResult};

/// Why a record does not replay. Ply numbers count from 1 (the first action).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The line is not a record.
    #[error("not a game record: {0}")]
    Json(String),
    /// The record is of another game than the one asked for.
    #[error("the record is of game `{found}`, not `{expected}`")]
    WrongGame {
        /// The game asked for.
        expected: &'static str,
        /// The game the record names.
        found: String,
    },
    /// The rule options do not fit the game.
    #[error("rules: {0}")]
    Rules(#[from] RulesError),
    /// The record's rules say something else than its start position holds.
    #[error("the record's rules ({rules}) contradict its start position, which is for {start}")]
    RulesContradictStart {
        /// The rules as the record gives them.
        rules: String,
        /// What the start position holds.
        start: String,
    },
    /// The start position is refused.
    #[error("start position `{position}`: {why}")]
    Start {
        /// The stored position string.
        position: String,
        /// Why the game refuses it.
        why: String,
    },
    /// An action is malformed or illegal where it stands.
    #[error("ply {ply}, action `{action}`: {why}")]
    Action {
        /// The action's ply, from 1.
        ply: usize,
        /// The stored action text.
        action: String,
        /// Why it cannot be played.
        why: PlayError,
    },
    /// The stored ply count is not the number of actions.
    #[error("the record says {stored} plies but holds {actions} actions")]
    Plies {
        /// The stored ply count.
        stored: u32,
        /// The number of actions.
        actions: usize,
    },
    /// The stored result is not how the replayed game ends.
    #[error("the record says `{stored}` but the replayed game is `{replayed}`")]
    Result {
        /// The stored result.
        stored: RecordResult,
        /// The result after re-playing every action.
        replayed: RecordResult,
    },
}

/// Re-plays `record` as a game of `G`: rebuilds the rules and the start position, reads
/// every action in context ([`Notation::parse_action`](pyramid_core::Notation::parse_action)) and plays it ([`Game::play`]), then
/// compares the stored result (and ply count) with the replayed game's. Returns the final
/// state.
///
/// ```
/// use pyramid_bots::{Record, ReplayError, verify};
/// use pyramid_core::nim::Nim;
/// let line = r#"{"game":"nim","rules":{"seats":2,"ply_limit":null,"options":["piles=2"]},"start":"2 0 0","bots":["random","random"],"match_seed":0,"index":0,"seed":0,"actions":["a-1","a-1"],"result":{"kind":"win","seat":1},"plies":2}"#;
/// let mut record = Record::from_json(line).expect("a record");
/// assert!(verify::<Nim>(&record).is_ok());
/// record.actions[1] = "a-2".into();
/// assert!(matches!(verify::<Nim>(&record), Err(ReplayError::Action { ply: 2, .. })));
/// ```
pub fn verify<G: FullGame>(record: &Record) -> Result<G, ReplayError> {
    if record.game != G::NAME {
        return Err(ReplayError::WrongGame {
            expected: G::NAME,
            found: record.game.clone(),
        });
    }
    let rules = record.rules.to_rules::<G::Rules>()?;
    let mut state = G::from_position(&record.start, &rules).map_err(|e| ReplayError::Start {
        position: record.start.clone(),
        why: e.to_string(),
    })?;
    let describe = |r: &G::Rules| {
        let mut parts = vec![format!("{} seats", r.seats())];
        parts.extend(r.options().into_iter().map(|(k, v)| format!("{k}={v}")));
        parts.join(", ")
    };
    if state.rules().seats() != rules.seats() || state.rules().options() != rules.options() {
        return Err(ReplayError::RulesContradictStart {
            rules: describe(&rules),
            start: describe(state.rules()),
        });
    }
    for (i, text) in record.actions.iter().enumerate() {
        let fail = |why| ReplayError::Action {
            ply: i + 1,
            action: text.clone(),
            why,
        };
        let action = state.parse_action(text).map_err(fail)?;
        state.play(action).map_err(fail)?;
    }
    if record.plies as usize != record.actions.len() {
        return Err(ReplayError::Plies {
            stored: record.plies,
            actions: record.actions.len(),
        });
    }
    let replayed = match record.result {
        // A forfeit stops a running game: it holds when the forfeiting seat was to act.
        RecordResult::Forfeit { seat, .. } if state.to_act() == Some(Seat(seat)) => {
            RecordResult::from_forfeit(
                &Forfeit {
                    seat: Seat(seat),
                    reason: String::new(),
                },
                rules.seats(),
            )
        }
        _ => RecordResult::from_outcome(state.outcome()),
    };
    if replayed != record.result {
        return Err(ReplayError::Result {
            stored: record.result,
            replayed,
        });
    }
    Ok(state)
}

/// Reads one line of a record file and re-plays it as a game of `G` ([`verify`]).
pub fn verify_line<G: FullGame>(line: &str) -> Result<G, ReplayError> {
    let record = Record::from_json(line).map_err(|e| ReplayError::Json(e.to_string()))?;
    verify::<G>(&record)
}
