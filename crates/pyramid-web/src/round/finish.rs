//! The finisher: every way a game ends otherwise than by a ply (a resignation, a clock's
//! flag, a failed bot, a draw by agreement, an abort) goes through [`finish`]: the
//! ending recorded, the clock stopped, every offer gone, stored under the moves'
//! compare-and-set (a move and an end never both stand), the bots stopped, and every
//! viewer told, each of whom then sees everything the game hid (the views of a game over
//! hide nothing, `view.rs`). An end by a ply is the same end, stored with its ply
//! (`changes.rs`).

use std::sync::Arc;

use super::Shared;
use super::changes::{Step, store};
use crate::App;
use crate::db::now_ms;
use crate::ending::Ending;
use crate::store::{Offers, Terms, drop_bots};

/// The terms of a game ended by `ending` at `now`: its clock stopped, no offer left.
pub fn ended(terms: &Terms, ending: Ending, now: i64) -> Terms {
    Terms {
        ending: Some(ending),
        offers: Offers::default(),
        clock: terms.clock.as_ref().map(|c| c.stopped(now)),
        ..terms.clone()
    }
}

/// Ends game `round` by `ending`: stored, then applied and told. A game over already is
/// left as it ended.
pub async fn finish(app: &Arc<App>, round: &Shared, ending: Ending) -> Result<(), Step> {
    let after = round.read(|live| (!live.is_over()).then(|| ended(live.terms(), ending, now_ms())));
    let Some(after) = after else {
        return Ok(());
    };
    store(app, round, &after).await?;
    drop_bots(round.write(|live| live.set_terms(after)));
    round.notify();
    Ok(())
}
