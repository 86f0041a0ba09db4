//! [`BotCaps`]: what a server lets a client's bot cost, which every kind of bot checks its
//! settings against ([`BotKind::within_caps`](crate::BotKind::within_caps)), and
//! [`CapError`], why a bot is beyond them.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::mcts::Budget;

/// The most a bot seated by a client may cost: its time per move and its memory, the
/// outside engines and the learned files the operator offers.
///
/// A bot's time beyond the caps is refused; its memory (a table, a tree) is lowered to
/// them.
///
/// ```
/// use pyramid_bots::{BotCaps, BotSpec};
/// let caps = BotCaps::default();
/// let mut spec: BotSpec = "ab:depth=2,tt=28".parse()?;
/// spec.within_caps(&caps)?;
/// assert_eq!(spec.to_string(), format!("ab:depth=2,tt={}", caps.max_table_bits));
/// let mut slow: BotSpec = "mcts:ms=60000".parse()?;
/// assert!(slow.within_caps(&caps).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotCaps {
    /// The most time a bot may think per move (`ms`).
    pub max_time: Duration,
    /// The most iterations a bot may search per move (`iters`).
    pub max_iterations: u64,
    /// The deepest fixed-depth alpha-beta search (`depth`): a depth has no time bound.
    pub max_depth: u32,
    /// The longest random playout (`playout`, 1 to this; 0, to the end, is refused).
    pub max_playout: u32,
    /// The largest transposition table (`tt`, bits).
    pub max_table_bits: u8,
    /// The largest search tree (`nodes`).
    pub max_tree_nodes: usize,
    /// The outside engines clients may seat, as their specs are written
    /// (`ext:COMMAND ARGS;movetime=MS`).
    pub engines: Vec<String>,
    /// The learned files clients may seat, by the name they give (`model=NAME`) and
    /// the file it stands for.
    pub learned_files: Vec<(String, PathBuf)>,
    /// The most search threads a learned bot may use.
    pub max_threads: usize,
}

impl Default for BotCaps {
    /// 2 seconds or 2,000 iterations a move, depth 3, playouts of at most 100 plies,
    /// tables of 2^14 entries, trees of 10,000 nodes, one thread, no outside engine and
    /// no learned file.
    fn default() -> Self {
        BotCaps {
            max_time: Duration::from_secs(2),
            max_iterations: 2_000,
            max_depth: 3,
            max_playout: 100,
            max_table_bits: 14,
            max_tree_nodes: 10_000,
            engines: Vec::new(),
            learned_files: Vec::new(),
            max_threads: 1,
        }
    }
}

impl BotCaps {
    /// Whether an MCTS-like budget (time or iterations) is within the caps.
    pub fn budget_within(&self, budget: &Budget) -> Result<(), CapError> {
        let within = match *budget {
            Budget::Time(time) => time <= self.max_time,
            Budget::Iterations(n) => n <= self.max_iterations,
        };
        self.refuse_unless(within)
    }

    /// Whether a playout length is within the caps (0, to the end, is not).
    pub fn playout_within(&self, plies: u32) -> Result<(), CapError> {
        self.refuse_unless((1..=self.max_playout).contains(&plies))
    }

    /// [`CapError::TooLong`] unless `within`.
    pub fn refuse_unless(&self, within: bool) -> Result<(), CapError> {
        if within {
            Ok(())
        } else {
            Err(CapError::TooLong {
                limits: format!(
                    "ms at most {}, iters at most {}, ab depth at most {}, playout 1 to {}",
                    self.max_time.as_millis(),
                    self.max_iterations,
                    self.max_depth,
                    self.max_playout
                ),
            })
        }
    }

    /// The file of the learned file a spec names: `named` is one of the operator's names
    /// (`model=NAME`) or the file itself as the server shows it back; any other is
    /// refused ([`CapError::FileNotOffered`]), so a client never names a file.
    pub fn learned_file(&self, named: &Path) -> Result<PathBuf, CapError> {
        let name = named.to_string_lossy();
        self.learned_files
            .iter()
            .find(|(given, file)| *given == name || file == named)
            .map(|(_, file)| file.clone())
            .ok_or_else(|| CapError::FileNotOffered {
                offered: listed(self.learned_files.iter().map(|(name, _)| name.as_str())),
            })
    }

    /// Whether the outside engine written `spec` is one the operator offers.
    pub fn engine_offered(&self, spec: &str) -> Result<(), CapError> {
        if self.engines.iter().any(|engine| engine == spec) {
            Ok(())
        } else {
            Err(CapError::EngineNotOffered {
                offered: listed(self.engines.iter().map(String::as_str)),
            })
        }
    }
}

/// `names` joined by commas, or `none`.
fn listed<'a>(names: impl Iterator<Item = &'a str>) -> String {
    let names: Vec<&str> = names.collect();
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

/// Why a bot is beyond a server's [`BotCaps`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CapError {
    /// It would think longer per move than the caps allow.
    #[error("the bot thinks longer than this server allows ({limits})")]
    TooLong {
        /// The caps, in words.
        limits: String,
    },
    /// An outside engine the operator did not offer.
    #[error("this server runs only the outside engines it was started with ({offered})")]
    EngineNotOffered {
        /// The engines offered, or `none`.
        offered: String,
    },
    /// A learned file the operator did not offer.
    #[error("this server plays only the models it was started with ({offered})")]
    FileNotOffered {
        /// The names offered, or `none`.
        offered: String,
    },
    /// A kind of bot the server does not seat at all.
    #[error("this server does not seat `{bot}` bots")]
    NotSeated {
        /// The kind's name.
        bot: &'static str,
    },
}
