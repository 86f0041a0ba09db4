//! Bounds that several parts of the crate share (the network's shape, the model file,
//! the search), in one place below them all.

/// The largest model file read (the shipped models are at most 10 MB).
pub const MAX_MODEL_BYTES: u64 = 256 << 20;

/// The most seats a network values.
pub const MAX_SEATS: usize = 4;
