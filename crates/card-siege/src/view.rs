//! What each seat sees: everything (card-siege hides nothing).

use pyramid_core::PerfectInformation;

use crate::state::CardSiege;

/// Every seat sees the whole position: the view is the state and its string is the
/// position string.
impl PerfectInformation for CardSiege {}
