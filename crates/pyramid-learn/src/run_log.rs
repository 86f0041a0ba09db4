//! The training log (`log.jsonl`): one JSON line per generation ([`GenerationLog`]),
//! appended by training and read by the learning curve and by resumed runs.

use std::io::Write;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::safe_file::append_file;

/// The score against one opponent.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Score {
    /// The opponent.
    pub opponent: String,
    /// The model's mean reward (1 win, 0.5 draw, 0 loss).
    pub score: f64,
    /// Games played.
    pub games: usize,
}

/// What one generation did: a line of `log.jsonl`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GenerationLog {
    /// Generations done, this one included.
    pub generation: u64,
    /// Seconds since this run (not the first run) started.
    pub elapsed_s: f64,
    /// Self-play games played in all.
    pub games: u64,
    /// Training steps taken in all.
    pub steps: u64,
    /// Positions in the replay buffer.
    pub buffer: usize,
    /// Self-play positions per second in this generation.
    pub positions_per_s: f64,
    /// Mean plies of this generation's games.
    pub mean_plies: f64,
    /// Training steps per second in this generation.
    pub steps_per_s: f64,
    /// Mean policy loss (cross-entropy) of this generation's steps.
    pub policy_loss: f64,
    /// Mean value loss (squared error summed over seats).
    pub value_loss: f64,
    /// Scores against the opponents, when they were played.
    pub evaluations: Vec<Score>,
}

/// Appends one generation's line to the log at `path` ([`append_file`]: never through a
/// symbolic link, never to anything but a regular file).
pub(crate) fn append_log(path: &Path, log: &GenerationLog) -> std::io::Result<()> {
    let line = serde_json::to_string(log).map_err(std::io::Error::other)?;
    let mut file = append_file(path)?;
    writeln!(file, "{line}")
}

/// The lines of a training log; a line that does not parse (a crash in mid-write) is
/// skipped.
pub fn read_log(path: &Path) -> std::io::Result<Vec<GenerationLog>> {
    let text = std::fs::read_to_string(path)?;
    Ok(text
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect())
}
