//! Finding a live game's owner: [`find`] the game (held in memory, else loaded from the
//! database once, by whoever asks first, and its owner started), [`change`] it (the one
//! place a change goes to its owner, found again when the game left memory meanwhile),
//! [`open_new`] a game, and the work that starts owners by itself: the bot games resumed
//! after a start ([`resume_bot_games`]) and the games whose owner was due to act while
//! no server held them ([`sweep_overdue`]).

use std::collections::HashSet;
use std::sync::{Arc, Weak};
use std::time::Duration;

use super::{Answer, Change, Gone, Round, Shared, owner};
use crate::assemble::rebuild;
use crate::db::now_ms;
use crate::persist::{db_error, new_row, save_new};
use crate::store::{LiveGame, random_token};
use crate::{ApiError, App};

/// How many times a change is sent again when the game's owner had ended (the game
/// left memory meanwhile) before the request gives up.
const RETRIES: usize = 4;

fn not_found(id: &str) -> ApiError {
    ApiError::not_found(format!("no game with id `{}`", pyramid_core::excerpt(id)))
}

/// The game `id`: the copy held in memory (brought up to date first when several
/// servers share the database), else the stored one, loaded once (by whoever asks first,
/// under the id's lock), its owner started and anything due by now done (a time run out
/// while nobody held it is flagged before anyone sees the game).
pub async fn find(app: &Arc<App>, id: &str) -> Result<Shared, ApiError> {
    for _ in 0..RETRIES {
        if let Some(round) = held(app, id).await? {
            return Ok(round);
        }
        let Some(db) = &app.db else {
            return Err(not_found(id));
        };
        // Hex ids only: anything else cannot be stored.
        if id.len() != 32 || !id.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(not_found(id));
        }
        let id_lock = app.store.id_lock(id);
        let loading = id_lock.lock().await;
        // Whoever asked first may have loaded it meanwhile.
        if let Some(round) = app.store.get(id, &app.config) {
            return Ok(round);
        }
        let stored = db
            .load(id)
            .await
            .map_err(db_error)?
            .ok_or_else(|| not_found(id))?;
        let live = app
            .blocking(crate::Work::Heavy, move |app| rebuild(app, &stored))
            .await??;
        // Whatever was due while nobody held it (a flag) is done before anyone sees it.
        let round = start(app, id.to_owned(), live);
        match round.tell(Change::Tick).await {
            Ok(_) => {
                app.store.insert(&round, &app.config);
                drop(loading);
                return Ok(round);
            }
            Err(Gone) => continue,
        }
    }
    Err(busy())
}

/// The copy of game `id` held in memory, brought up to date when several servers share
/// the database; `None` when none is held (or its owner has ended).
async fn held(app: &Arc<App>, id: &str) -> Result<Option<Shared>, ApiError> {
    let Some(round) = app.store.get(id, &app.config) else {
        return Ok(None);
    };
    if app.db.as_ref().is_some_and(|db| db.shared) {
        match round.tell(Change::Refresh).await {
            Ok(Ok(_)) => {}
            Ok(Err(e)) => return Err(e),
            Err(Gone) => {
                app.store.forget(&round);
                return Ok(None);
            }
        }
    }
    Ok(Some(round))
}

/// Starts the owner of `live`, game `id` (not held in the store yet).
fn start(app: &Arc<App>, id: String, live: LiveGame) -> Shared {
    let (round, letters) = Round::new(id, live);
    let round = Arc::new(round);
    owner::start(app, Arc::clone(&round), letters);
    round
}

fn busy() -> ApiError {
    ApiError::unavailable("the game left memory under this request again and again: try again")
}

/// Asks game `id`'s owner for `change` (the game found, or loaded, first) and gives its
/// answer, and the game; an owner that ended meanwhile (the game left memory) is found
/// again.
pub async fn change(
    app: &Arc<App>,
    id: &str,
    change: Change,
) -> Result<(Shared, Answer), ApiError> {
    for _ in 0..RETRIES {
        let round = find(app, id).await?;
        match round.tell(change.clone()).await {
            Ok(answer) => return answer.map(|a| (round, a)),
            Err(Gone) => app.store.forget(&round),
        }
    }
    Err(busy())
}

/// Stores a new game, holds it and starts its owner (its bots move at once): its id. A
/// game of bots alone counts against its creator's
/// [`crate::ServerConfig::max_client_bot_games`] while its bots play.
pub async fn open_new(
    app: &Arc<App>,
    mut live: LiveGame,
    client: Option<std::net::IpAddr>,
) -> Result<String, ApiError> {
    if live.bots_live() && !live.with_person() {
        let slot = app
            .clients
            .start_bot_game(client, &app.config)
            .map_err(|e| {
                app.metrics.refused(crate::metrics::Limit::BotGames);
                ApiError::too_many(e)
            })?;
        live.set_owner(slot);
    }
    let id = random_token();
    let row = new_row(&id, &live);
    save_new(app, row).await?;
    let round = start(app, id.clone(), live);
    app.store.insert(&round, &app.config);
    Ok(id)
}

/// Games resumed at once after a start, between pauses of [`RESUME_PAUSE`].
const RESUME_BATCH: usize = 16;

/// The pause between two batches of resumed games.
const RESUME_PAUSE: Duration = Duration::from_millis(100);

/// After a start, resumes the stored games whose bots are to act (at most
/// [`crate::ServerConfig::max_bot_games`], the most recently played first), in batches
/// of [`RESUME_BATCH`], until done or the server is gone. Every other game is loaded when
/// someone asks for it, so a start does not grow with the games stored. A game that
/// cannot be made again is skipped and named on stderr.
pub async fn resume_bot_games(app: Weak<App>) {
    let ids = {
        let Some(app) = app.upgrade() else { return };
        let Some(db) = &app.db else { return };
        match db.bot_games(app.config.max_bot_games).await {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("pyramid-web: bot games not resumed: {e}");
                return;
            }
        }
    };
    for batch in ids.chunks(RESUME_BATCH) {
        let Some(app) = app.upgrade() else { return };
        for id in batch {
            match find(&app, id).await {
                Ok(round) => {
                    let waiting = !round.read(LiveGame::bot_to_act);
                    if let (true, Some(db)) = (waiting, &app.db) {
                        let _ = db.bots_wait(id).await;
                    }
                }
                Err(e) => eprintln!("pyramid-web: game {id} not resumed: {}", e.message),
            }
        }
        drop(app);
        tokio::time::sleep(RESUME_PAUSE).await;
    }
}

/// How often the database is asked for games whose owner was due to act.
const SWEEP_PERIOD: Duration = Duration::from_secs(1);

/// The most overdue games one sweep looks at.
const SWEEP_BATCH: usize = 100;

/// Every [`SWEEP_PERIOD`] (the first at once: a server started again flags the games
/// whose time ran out while it was down), tells the owner of every stored unfinished
/// game due by now (its time run out, its players never came) to do what is due, the
/// game loaded when no server holds it, until the server is gone. A game that cannot be
/// made again is named on stderr once and left alone.
pub async fn sweep_overdue(app: Weak<App>) {
    let mut broken: HashSet<String> = HashSet::new();
    loop {
        {
            let Some(app) = app.upgrade() else { return };
            let Some(db) = &app.db else { return };
            let waited = i64::try_from(app.config.join_within.as_secs()).unwrap_or(i64::MAX);
            let made_before = crate::db::now_seconds().saturating_sub(waited);
            match db
                .overdue(now_ms(), made_before, SWEEP_BATCH + broken.len())
                .await
            {
                Ok(ids) => {
                    for id in &ids {
                        if broken.contains(id) {
                            continue;
                        }
                        if let Err(e) = change(&app, id, Change::Tick).await {
                            eprintln!("pyramid-web: game {id} not flagged: {}", e.message);
                            broken.insert(id.clone());
                        }
                    }
                }
                Err(e) => eprintln!("pyramid-web: games out of time not looked for: {e}"),
            }
        }
        tokio::time::sleep(SWEEP_PERIOD).await;
    }
}
