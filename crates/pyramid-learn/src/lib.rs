#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod ab_model;
mod bot;
mod curve;
mod error;
mod evaluation;
mod evaluator;
mod inference;
mod kind;
mod layers;
mod learned;
mod learned_format;
mod learning;
mod limits;
mod model;
mod network;
mod network_bench;
mod opponent;
mod replay_buffer;
mod run_log;
mod safe_file;
mod search;
mod search_labels;
mod self_play;
mod shared;
mod teacher;
mod training;
mod value_net;
mod value_net_candle;
mod value_training;

pub use ab_model::{AbModelKind, AbModelSpec, NetValue, ValueNetValue};
pub use bot::{AzBot, AzBudget, AzConfig};
pub use curve::{curve_svg, write_curve};
pub use error::{ModelError, TensorMismatch};
pub use evaluation::Evaluation;
pub use evaluator::{CandleEvaluator, Evaluator, UniformEvaluator, check_evaluator};
pub use inference::Inference;
pub use kind::{AzKind, AzSpec};
pub use learned::{LearnedFile, LearnedKind, learned_file};
pub use limits::{MAX_MODEL_BYTES, MAX_SEATS};
pub use model::{FORMAT_VERSION, Model, ModelInfo, default_device};
pub use network::{
    MAX_ACTIVATIONS, MAX_BLOCKS, MAX_CHANNELS, MAX_ENTRIES, MAX_PARAMETERS, NetShape, Network,
    ShapeError, TensorSpec,
};
pub use network_bench::{
    NETWORK_BENCH_HEADER, NetworkBench, bench_network, flops_per_eval, peak_gflops,
};
pub use opponent::Opponent;
pub use replay_buffer::{Batch, ReplayBuffer};
pub use run_log::{GenerationLog, Score, read_log};
pub use safe_file::{append_file, check_target, write_file};
pub use search::{
    Leaf, RootNoise, Search, SearchConfig, StepTarget, evaluated_rewards, legal_steps, softmax_at,
};
pub use search_labels::ScoreScale;
pub use self_play::{Position, SelfPlayConfig, SelfPlayGame, play_games, play_games_until};
pub use shared::{shared_model, shared_value_net};
pub use teacher::{TeacherConfig, play_teacher_games, teacher_targets};
pub use training::{
    BUFFER_FILE, CURVE_FILE, EVALUATION_PLY_LIMIT, LOG_FILE, Learner, MODEL_FILE, Progress,
    TrainConfig, TrainError, Trainer, check_run_dir, run_files, train,
};
pub use value_net::{
    MAX_VALUE_UNITS, VALUE_NET_FORMAT, ValueNet, ValueNetInfo, ValueNetShape, ValueScratch,
    is_value_net_file,
};
pub use value_net_candle::value_net_candle;
pub use value_training::{
    ValueEpoch, ValueProgress, ValueTrainConfig, ValueTraining, train_value_net,
};
