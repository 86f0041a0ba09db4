//! PGI, the pyramid-games engine protocol (docs/protocol.md): a line-based text protocol
//! on standard input and output, like UCI for chess and UAI for Ataxx.
//!
//! - [`run_engine`]: our bots as an engine (`pyrctl engine GAME --bot SPEC`);
//! - [`ExternalBot`]: an outside engine as a [`Bot`](pyramid_core::Bot) (`--bot "ext:COMMAND"`).

mod engine;
mod external;
mod lines;
mod log;

pub use engine::{QUIT_WAIT, run_engine};
pub use external::{
    DEFAULT_MOVE_TIMEOUT, ExternalBot, ExternalSpec, HANDSHAKE_TIMEOUT, MAX_LINES_PER_ANSWER,
    MOVETIME_MARGIN, QUIT_GRACE,
};
pub use lines::MAX_ENGINE_LINE;
pub use log::{MAX_ENGINE_LOG, default_log_dir};

/// The protocol's version, announced by `id protocol`.
pub const PROTOCOL_VERSION: u32 = 1;
