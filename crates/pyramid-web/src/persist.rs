//! What the database keeps of a live game: [`stored_of`] a new game (and [`saved_under`]
//! a change of one: its owner stores it before it is applied, `round/`), the API's
//! answer to a failed database call ([`db_error`]), and the database's upkeep
//! ([`expire_old_games`]).
//!
//! The database is the truth: a game's owner commits every change under the moves'
//! compare-and-set, and loads the game again when the database moved on (another
//! server played a ply first).

use std::sync::Weak;
use std::time::Duration;

use crate::db::{DbError, Saved, StoredGame};
use crate::store::{LiveGame, Terms};
use crate::{ApiError, App};

/// The API's answer to a failed database call.
pub fn db_error(e: DbError) -> ApiError {
    match e {
        DbError::Conflict(_) => ApiError::conflict(e.to_string()),
        DbError::Damaged { .. } => ApiError::internal(e.to_string()),
        _ => ApiError::unavailable(e.to_string()),
    }
}

/// What the database keeps of new game `id`: its row, whether a bot is to act, whether
/// it waits for its players ([`save_new`]).
pub fn new_row(id: &str, live: &LiveGame) -> (StoredGame, bool, bool) {
    let stored = stored_of(id, live, live.terms());
    (stored, live.bot_to_act(), !live.waiting_for().is_empty())
}

/// Stores a new game ([`new_row`]) before it is answered.
pub async fn save_new(app: &App, row: (StoredGame, bool, bool)) -> Result<(), ApiError> {
    let Some(db) = &app.db else { return Ok(()) };
    let (stored, bots_to_act, waiting) = row;
    db.create(&stored, bots_to_act, waiting)
        .await
        .map_err(db_error)
}

/// What the database keeps of game `id` under `terms` (its actions left out: they are
/// stored one by one as they are played).
pub fn stored_of(id: &str, live: &LiveGame, terms: &Terms) -> StoredGame {
    let setup = live.setup();
    StoredGame {
        id: id.to_owned(),
        game: setup.game.to_owned(),
        options: setup.options.clone(),
        start: setup.start.position(),
        sitters: live.sitter_specs(),
        token: setup.token.clone(),
        seat_tokens: setup.seat_tokens.clone(),
        delay_ms: u64::try_from(setup.bot_delay.as_millis()).unwrap_or(u64::MAX),
        ending: terms.ending.clone(),
        rematch: terms.rematch.clone(),
        offers: terms.offers.clone(),
        joined: terms.joined.clone(),
        actions: Vec::new(),
        open: terms.seating.open.clone(),
        lobby: terms.seating.lobby,
        seating: terms.seating.changes,
        created_at: terms.seating.since,
        clock: terms.clock.clone(),
        creator: setup.creator.clone(),
        creator_seats: terms.seating.creators.clone(),
    }
}

/// What a change that leaves game `id` under `terms` stores ([`Saved`]).
pub fn saved_under(id: &str, live: &LiveGame, terms: &Terms) -> Saved {
    let going_on = live.to_act_under(terms).is_some();
    Saved {
        extra: stored_of(id, live, terms).extra(),
        finished: !going_on,
        bots_to_act: live.bot_to_act_under(terms),
        flag_at: flag_at(terms, going_on),
        clock: terms.clock.clone(),
        waiting: !live.waiting_for_under(terms).is_empty(),
    }
}

/// The `flag_at` column of a game under `terms`: when its running seat's time runs out,
/// while it goes on (0: no clock runs).
pub fn flag_at(terms: &Terms, going_on: bool) -> i64 {
    terms
        .clock
        .as_ref()
        .and_then(crate::clock::Clock::flag_at)
        .filter(|_| going_on)
        .unwrap_or(0)
}

/// How often stored games past [`crate::ServerConfig::keep_for`] are deleted.
const EXPIRY_PERIOD: Duration = Duration::from_secs(3600);

/// Deletes the stored games that have not changed for [`crate::ServerConfig::keep_for`]
/// (finished and abandoned games) now and every [`EXPIRY_PERIOD`], until the server is
/// gone.
pub async fn expire_old_games(app: Weak<App>) {
    loop {
        {
            let Some(app) = app.upgrade() else { return };
            if let Err(e) = app.expire_stored_games().await {
                eprintln!("pyramid-web: old games not deleted: {e}");
            }
        }
        tokio::time::sleep(EXPIRY_PERIOD).await;
    }
}
