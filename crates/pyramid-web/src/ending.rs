//! How a game ended other than by its rules: [`Ending`], typed, as the finisher
//! (`round/finish.rs`) records it, the view words it and the database stores it.

use pyramid_core::Seat;
use serde::{Deserialize, Serialize};

/// Why a seat lost by forfeit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "detail")]
pub enum Forfeit {
    /// Its player resigned.
    Resigned,
    /// Its clock ran out.
    TimedOut,
    /// Its bot failed (an outside engine that crashed, hung or answered nonsense, or a
    /// bot that panicked): what it did.
    BotFailed(String),
}

impl Forfeit {
    /// The reason as the view's `forfeit.reason` and the record give it.
    pub fn reason(&self) -> String {
        match self {
            Forfeit::Resigned => "resigned".to_owned(),
            Forfeit::TimedOut => "ran out of time".to_owned(),
            Forfeit::BotFailed(what) => what.clone(),
        }
    }

    /// A reason stored as text by a server older than typed endings.
    pub fn from_reason(reason: &str) -> Forfeit {
        match reason {
            "resigned" => Forfeit::Resigned,
            "ran out of time" => Forfeit::TimedOut,
            other => Forfeit::BotFailed(other.to_owned()),
        }
    }
}

/// Why a game ended with no winner and no loser before it was played out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Abort {
    /// A rematch the other side declined.
    RematchDeclined,
    /// Its seats were not all taken in time ([`crate::ServerConfig::join_within`]).
    NobodyCame,
}

/// How a game ended otherwise than by its rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// A seat lost by forfeit.
    Forfeit {
        /// The seat that lost.
        seat: u8,
        /// Why.
        why: Forfeit,
    },
    /// Every seated person agreed to a draw.
    DrawAgreed,
    /// Ended before it was played, no winner and no loser.
    Aborted(Abort),
}

impl Ending {
    /// The seat that forfeited, and why.
    pub fn forfeit(&self) -> Option<(Seat, &Forfeit)> {
        match self {
            Ending::Forfeit { seat, why } => Some((Seat(*seat), why)),
            _ => None,
        }
    }

    /// The seats that won, out of `seats` (none for a draw or an abort).
    pub fn winners(&self, seats: usize) -> Vec<u8> {
        match self {
            Ending::Forfeit { seat, .. } => (0..seats as u8).filter(|s| s != seat).collect(),
            Ending::DrawAgreed | Ending::Aborted(_) => Vec::new(),
        }
    }

    /// The view's `outcome`: `seat 1 wins (seat 0 forfeits: resigned)`, `draw`,
    /// `aborted`.
    pub fn outcome(&self, seats: usize) -> String {
        match self {
            Ending::Forfeit { seat, why } => {
                let reason = why.reason();
                if seats == 2 {
                    let winner = 1 - seat.min(&1);
                    format!("seat {winner} wins (seat {seat} forfeits: {reason})")
                } else {
                    format!("seat {seat} forfeits: {reason}")
                }
            }
            Ending::DrawAgreed => "draw".to_owned(),
            Ending::Aborted(_) => "aborted".to_owned(),
        }
    }

    /// Why it ended, in words for players (`name` names a seat).
    pub fn words(&self, name: impl Fn(u8) -> String) -> String {
        match self {
            Ending::Forfeit { seat, why } => match why {
                Forfeit::Resigned => format!("{} resigned", name(*seat)),
                Forfeit::TimedOut => format!("{} ran out of time", name(*seat)),
                Forfeit::BotFailed(what) => format!("{} forfeits: {what}", name(*seat)),
            },
            Ending::DrawAgreed => "drawn by agreement".to_owned(),
            Ending::Aborted(Abort::RematchDeclined) => "rematch declined".to_owned(),
            Ending::Aborted(Abort::NobodyCame) => {
                "aborted: its seats were not all taken in time".to_owned()
            }
        }
    }

    /// The reason a record gives (`reason`).
    pub fn record_reason(&self) -> String {
        match self {
            Ending::Forfeit { why, .. } => why.reason(),
            other => other.words(|s| format!("seat {s}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_round_trip_through_json() {
        for ending in [
            Ending::Forfeit {
                seat: 1,
                why: Forfeit::Resigned,
            },
            Ending::Forfeit {
                seat: 0,
                why: Forfeit::BotFailed("it hung".to_owned()),
            },
            Ending::DrawAgreed,
            Ending::Aborted(Abort::RematchDeclined),
        ] {
            let text = serde_json::to_string(&ending).expect("json");
            let back: Ending = serde_json::from_str(&text).expect("read back");
            assert_eq!(back, ending);
        }
    }

    #[test]
    fn reasons_stored_as_text_read_as_typed() {
        assert_eq!(Forfeit::from_reason("resigned"), Forfeit::Resigned);
        assert_eq!(Forfeit::from_reason("ran out of time"), Forfeit::TimedOut);
        assert_eq!(
            Forfeit::from_reason("crashed"),
            Forfeit::BotFailed("crashed".to_owned())
        );
        assert_eq!(Forfeit::TimedOut.reason(), "ran out of time");
    }
}
