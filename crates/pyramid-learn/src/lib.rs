//! AlphaZero-style learning for every game of pyramid-games.
//!
//! - [`Model`]: a small residual network ([`Network`], built with
//!   [candle](https://github.com/huggingface/candle), CPU by default, CUDA with the `cuda`
//!   feature) over a game's observation tensor, with a policy head over the game's fixed
//!   policy space and one value per seat; saved as safetensors with the game, its rules
//!   and the network's shape in the file.
//! - [`Search`]: PUCT tree search, one decision step at a time, leaves evaluated in
//!   batches; over states sampled from the seat's view where information is hidden.
//! - [`AzBot`]: the bot that plays with a model; [`AzKind`] adds it to the bot specs of
//!   `pyramid-bots` (`az:model=FILE,iters=N`, [`AzSpec`]).
//! - [`play_games`]: self-play, many games at once sharing network passes.
//! - [`train`]: the learning loop, with checkpoints, resume, a log and a learning curve.
//!
//! ```
//! use std::sync::Arc;
//! use martian_chess::MartianChess;
//! use pyramid_core::{Bot, Seat, prelude::*};
//! use pyramid_learn::{AzBot, AzConfig, Model};
//! let rules = Default::default();
//! let dir = std::env::temp_dir().join(format!("pyramid-learn-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir).expect("temp dir");
//! let path = dir.join("tiny.safetensors");
//! Model::new::<MartianChess>(&rules, 4, 1, 3)?.save(&path)?;
//! let model = Arc::new(Model::load::<MartianChess>(&path, &rules)?);
//! let mut bot = AzBot::<MartianChess>::new(model, AzConfig::default(), 1);
//! let state = MartianChess::new(&rules);
//! assert!(state.is_legal(bot.choose(&state.view(Seat(0)), Seat(0)).expect("not over")));
//! # std::fs::remove_dir_all(&dir).ok();
//! # Ok::<(), pyramid_learn::ModelError>(())
//! ```
#![forbid(unsafe_code)]

mod bot;
mod curve;
mod kind;
mod model;
mod network;
mod replay_buffer;
mod search;
mod self_play;
mod training;

pub use bot::{AzBot, AzBudget, AzConfig};
pub use curve::{curve_svg, write_curve};
pub use kind::{AzKind, AzSpec, shared_model};
pub use model::{
    Evaluation, FORMAT_VERSION, MAX_MODEL_BYTES, Model, ModelError, ModelInfo, TensorMismatch,
    default_device,
};
pub use network::{
    MAX_ACTIVATIONS, MAX_BLOCKS, MAX_CHANNELS, MAX_ENTRIES, MAX_PARAMETERS, NetShape, Network,
    ShapeError, TensorSpec,
};
pub use replay_buffer::{Batch, ReplayBuffer};
pub use search::{
    Leaf, MAX_SEATS, RootNoise, Search, SearchConfig, StepTarget, evaluated_rewards, legal_steps,
    softmax_at,
};
pub use self_play::{Position, SelfPlayConfig, SelfPlayGame, play_games};
pub use training::{
    BUFFER_FILE, CURVE_FILE, GenerationLog, LOG_FILE, Learner, MODEL_FILE, Opponent, Progress,
    Score, TrainConfig, TrainError, Trainer, read_log, run_files, train,
};
