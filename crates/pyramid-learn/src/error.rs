//! Why a model could not be made, loaded, saved or run ([`ModelError`]), and how a model
//! file's tensors differ from its declared network ([`TensorMismatch`]).

use crate::limits::MAX_MODEL_BYTES;
use crate::network::ShapeError;

/// Why a model could not be made, loaded, saved or run.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    /// The file could not be read or written.
    #[error("model file {path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is larger than [`MAX_MODEL_BYTES`].
    #[error("model file {path} is {bytes} bytes, more than the {MAX_MODEL_BYTES} a model may have")]
    TooLarge {
        /// The file.
        path: String,
        /// Its size.
        bytes: u64,
    },
    /// The file is not a whole safetensors file (truncated, damaged or something else).
    #[error("model file {path} is damaged or not a safetensors file: {reason}")]
    Damaged {
        /// The file.
        path: String,
        /// What is wrong.
        reason: String,
    },
    /// A safetensors file, but not a model of this project, or of another format version.
    #[error("model file {path} is not a pyramid-games model: {reason}")]
    NotAModel {
        /// The file.
        path: String,
        /// What is missing.
        reason: String,
    },
    /// A model of another game.
    #[error("model file {path} is a model of {found}, not of {expected}")]
    WrongGame {
        /// The file.
        path: String,
        /// The game asked for.
        expected: String,
        /// The game of the file.
        found: String,
    },
    /// A model of this game whose network does not fit these rules (another seat count,
    /// board size or option that changes the observation or the policy space).
    #[error("model file {path} was trained for other rules of {game}: {reason}")]
    WrongRules {
        /// The file.
        path: String,
        /// The game.
        game: String,
        /// What differs.
        reason: String,
    },
    /// The network's shape (declared by a file, or asked of
    /// [`Model::new`](crate::Model::new)) is not one this program builds: a field out of
    /// range, a size that overflows, or more than [`MAX_PARAMETERS`](crate::MAX_PARAMETERS)
    /// weights. Checked before anything of the network's size is allocated.
    #[error("model {path}: network shape refused: {problem}")]
    BadShape {
        /// The file (`new model` for one made here).
        path: String,
        /// What is wrong with the shape.
        problem: ShapeError,
    },
    /// The file's tensors are not those of the network its header declares (too few
    /// bytes for it, a tensor missing, one too many, or one of another shape or type).
    /// Checked before anything of the network's size is allocated.
    #[error("model file {path} does not hold the network it declares: {problem}")]
    Mismatch {
        /// The file.
        path: String,
        /// How its tensors differ (boxed: it names tensors and their dimensions).
        problem: Box<TensorMismatch>,
    },
    /// A file or a model holds a value that is not finite (NaN or infinite): a replay
    /// buffer refused when read (a resumed run never trains on it), weights refused when
    /// saved (a model that diverged is never written over a good one).
    #[error("{path}: {what} hold a value that is not finite (NaN or infinite): refused")]
    NotFinite {
        /// The file (or the model, when saved).
        path: String,
        /// Which values (`observations of position 3`, ``weights `first.weight` ``).
        what: String,
    },
    /// Training was given no positions to learn from: why (a teacher that forfeits every
    /// game, games cut off before any decision).
    #[error("no positions to learn from: {0}")]
    NoPositions(String),
    /// The network itself failed (a shape the library refused, out of memory).
    #[error("network: {0}")]
    Network(#[from] candle_core::Error),
}

/// How a model file's tensor table differs from the tensors of the network its header
/// declares ([`NetShape::tensors`](crate::NetShape::tensors)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TensorMismatch {
    /// The declared network needs more bytes than the whole file has.
    #[error(
        "the network has {parameters} weights ({needed} bytes of f32), but the file is only {bytes} bytes"
    )]
    TooSmall {
        /// The declared network's weights.
        parameters: u64,
        /// The bytes they take.
        needed: u64,
        /// The file's size.
        bytes: u64,
    },
    /// A tensor of the network is not in the file.
    #[error("tensor `{name}` {dims:?} is missing")]
    Missing {
        /// The tensor.
        name: String,
        /// Its dimensions in the network.
        dims: Vec<usize>,
    },
    /// The file holds a tensor the network does not have.
    #[error("tensor `{name}` {dims:?} is not part of the network")]
    Extra {
        /// The tensor.
        name: String,
        /// Its dimensions in the file.
        dims: Vec<usize>,
    },
    /// A tensor of another type or shape in the file than in the network.
    #[error("tensor `{name}` is {dtype} {found:?} in the file, not F32 {expected:?}")]
    Wrong {
        /// The tensor.
        name: String,
        /// Its dimensions in the network.
        expected: Vec<usize>,
        /// Its type in the file.
        dtype: String,
        /// Its dimensions in the file.
        found: Vec<usize>,
    },
}
