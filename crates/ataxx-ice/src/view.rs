//! What each seat sees: everything (Ataxx-ice hides nothing).

use pyramid_core::PerfectInformation;

use crate::state::AtaxxIce;

/// Every seat sees the whole position: the view is the state and its string is the
/// position string.
impl PerfectInformation for AtaxxIce {}
