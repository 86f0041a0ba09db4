//! What each seat sees: everything (Martian Chess hides nothing).

use pyramid_core::PerfectInformation;

use crate::MartianChess;

/// Every seat sees the whole position: the view is the state and its string is the
/// position string.
impl PerfectInformation for MartianChess {}
