//! Games that last: [`Db`], every game and every action in SQLite (a file) or Postgres
//! (several servers behind one address), through sqlx's driver-neutral pool.
//!
//! Two tables: `games` (one row a game: what makes it again, how far it got, when it
//! last changed) and `actions` (one row a ply, keyed by game and ply number), made and
//! moved on by the versioned migrations of `migrations/` ([`schema`]). An action is
//! committed in one transaction that inserts its row and moves the game's ply count on
//! from the one the server saw: a second server that played the same ply meanwhile makes
//! it fail (a conflict), so a game's actions form one line whatever the number of
//! servers. A SQLite file is held by one server at a time (an exclusive lock on its
//! `.lock` file beside it).

use std::fs::File;
use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, AnyRow, install_default_drivers};
use sqlx::{AnyPool, Row};

use crate::clock::Clock;
use crate::ending::{Ending, Forfeit};
use crate::schema;
use crate::store::{Offers, Rematch, sitters_shown};

/// Where games are stored.
pub struct Db {
    pool: AnyPool,
    /// Whether several servers may share it (Postgres): then a game held in memory is
    /// checked against it on every request.
    pub shared: bool,
    /// The URL it was opened with (a listener of Postgres's notifications connects to
    /// it).
    url: String,
    /// The SQLite file, locked for as long as this server holds it (none for Postgres
    /// and in-memory SQLite).
    _file_lock: Option<File>,
}

/// The Postgres channel on which servers tell each other which game changed.
pub const CHANGES_CHANNEL: &str = "pyramid_games";

/// A failed database call.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// Another request or server played this ply first.
    #[error("the game moved on meanwhile (another request played ply {0} first): reload it")]
    Conflict(u32),
    /// The database refused or failed.
    #[error("the database failed: {0}")]
    Failed(#[from] sqlx::Error),
    /// Another server holds this SQLite file.
    #[error(
        "the games database `{0}` is in use by another server (a SQLite file is served by one server at a time; give each its own --db, or share a Postgres database)"
    )]
    InUse(String),
    /// The database was made by a newer server.
    #[error(
        "the games database has schema version {found}, newer than this server's {supported}: run a newer server (nothing was changed)"
    )]
    NewerSchema {
        /// The database's version.
        found: i64,
        /// The newest version this server knows.
        supported: i64,
    },
    /// The schema could not be brought up to date.
    #[error("the games database's schema could not be updated: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// A stored game's row cannot be read.
    #[error("stored game {id} is damaged: {problem}")]
    Damaged {
        /// The game's id.
        id: String,
        /// What is wrong with it.
        problem: String,
    },
}

/// What makes a game again: the row of `games`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The rule options, `key=value`.
    pub options: Vec<(String, String)>,
    /// The start position string (everything the rules hold, hidden parts included).
    pub start: String,
    /// `human` or a bot spec, by seat.
    pub sitters: Vec<String>,
    /// The token for every human seat (empty: none, each seat has only its own).
    pub token: String,
    /// A token per seat (`None` for bot seats).
    pub seat_tokens: Vec<Option<String>>,
    /// Each bot's wait before it moves, in milliseconds.
    pub delay_ms: u64,
    /// How it ended otherwise than by its rules (a forfeit, a draw, an abort).
    pub ending: Option<Ending>,
    /// The rematch, once asked for.
    pub rematch: Option<Rematch>,
    /// The offers standing (a draw, a takeback).
    pub offers: Offers,
    /// By seat, whether its sitter is at the table (empty: every one is).
    pub joined: Vec<bool>,
    /// The actions in order: (seat, action).
    pub actions: Vec<(u8, String)>,
    /// Which seats wait for someone to take them (open challenges; empty: none).
    pub open: Vec<bool>,
    /// Whether the game is listed in the lobby.
    pub lobby: bool,
    /// How many times a seat was taken or the listing withdrawn (see
    /// [`Db::update_seating`]).
    pub seating: i64,
    /// When it was made (seconds since 1970; 0 for a game stored before the lobby).
    pub created_at: i64,
    /// Its clock (none: a game without one).
    pub clock: Option<Clock>,
    /// The client that made it (its IP address as text; empty: not known).
    pub creator: String,
    /// The seats its creator sat in (empty: not known).
    pub creator_seats: Vec<u8>,
}

/// A game listed in the lobby ([`Db::lobby`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyRow {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// The rule options, `key=value`.
    pub options: Vec<(String, String)>,
    /// `human`, `open` or a bot spec, by seat.
    pub sitters: Vec<String>,
    /// When it was made (seconds since 1970).
    pub created_at: i64,
    /// Its clock (none: a game without one).
    pub clock: Option<Clock>,
    /// The client that made it (empty: not known).
    pub creator: String,
}

/// The `clock` and `flag_at` columns of a clock: its JSON (empty: none) and when its
/// running seat's time runs out (ms since 1970; 0: none runs).
pub fn clock_columns(clock: Option<&Clock>) -> (String, i64) {
    match clock {
        Some(clock) => (to_json(clock), clock.flag_at().unwrap_or(0)),
        None => (String::new(), 0),
    }
}

/// Reads the `clock` column of game `id` (empty: no clock).
fn read_clock(text: &str, id: &str) -> Result<Option<Clock>, DbError> {
    if text.is_empty() {
        return Ok(None);
    }
    serde_json::from_str(text)
        .map(Some)
        .map_err(|e| DbError::Damaged {
            id: id.to_owned(),
            problem: format!("its clock (JSON) cannot be read: {e}"),
        })
}

/// What a committed ply changes in its game's row.
#[derive(Clone, Copy, Debug)]
pub struct Ply<'a> {
    /// The ply's number, counted from 0 in the game's actions.
    pub ply: u32,
    /// The seat that acted.
    pub seat: u8,
    /// The action as played.
    pub action: &'a str,
    /// Whether the game is over after it.
    pub finished: bool,
    /// Whether a bot is to act after it (a restarted server resumes such games).
    pub bots_to_act: bool,
    /// The game's clock after it ([`clock_columns`]).
    pub clock: &'a str,
    /// When the running seat's time runs out after it (0: no clock runs).
    pub flag_at: i64,
    /// Whether the game waits for its players after it.
    pub waiting: bool,
    /// The game's `extra` column after it ([`Saved::extra`]: the mover's offers gone).
    pub extra: &'a str,
}

/// What a change of a game (an end, an offer, a person at the table, a rematch) stores
/// of it: everything but its plies and seating, whose changes have calls of their own.
#[derive(Clone, Debug)]
pub struct Saved {
    /// The `extra` column (JSON): options, sitters, tokens, ending, rematch, offers, who
    /// is at the table ([`StoredGame::extra`]).
    pub extra: String,
    /// Whether it is over.
    pub finished: bool,
    /// Whether a bot is to act.
    pub bots_to_act: bool,
    /// Its clock (none: a game without one).
    pub clock: Option<Clock>,
    /// When the running seat's time runs out (ms since 1970, 0: no clock runs).
    pub flag_at: i64,
    /// Whether it waits for its players (a seat open, or a person who has not opened it).
    pub waiting: bool,
}

/// The JSON columns of `games`. `forfeit`: a forfeit stored as text by servers older
/// than typed endings (read, never written).
#[derive(Serialize, Deserialize)]
struct Extra {
    options: Vec<(String, String)>,
    sitters: Vec<String>,
    seat_tokens: Vec<Option<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    forfeit: Option<(u8, String)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ending: Option<Ending>,
    rematch: Option<Rematch>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    open: Vec<bool>,
    #[serde(default, skip_serializing_if = "Offers::is_empty")]
    offers: Offers,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    joined: Vec<bool>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    creator_seats: Vec<u8>,
}

impl Extra {
    /// The JSON columns of `game`.
    fn of(game: &StoredGame) -> Extra {
        Extra {
            options: game.options.clone(),
            sitters: game.sitters.clone(),
            seat_tokens: game.seat_tokens.clone(),
            forfeit: None,
            ending: game.ending.clone(),
            rematch: game.rematch.clone(),
            open: game.open.clone(),
            offers: game.offers.clone(),
            joined: game.joined.clone(),
            creator_seats: game.creator_seats.clone(),
        }
    }

    /// How the game ended: its typed ending, else a forfeit stored as text.
    fn ending(&self) -> Option<Ending> {
        self.ending.clone().or_else(|| {
            self.forfeit.as_ref().map(|(seat, reason)| Ending::Forfeit {
                seat: *seat,
                why: Forfeit::from_reason(reason),
            })
        })
    }
}

impl StoredGame {
    /// Its `extra` column.
    pub fn extra(&self) -> String {
        to_json(&Extra::of(self))
    }
}

/// The sqlx URL of `--db`: a `postgres://` or `sqlite:` URL as it is, anything else a
/// SQLite file (created when missing).
pub fn url_of(db: &str) -> String {
    if db.starts_with("postgres://") || db.starts_with("postgresql://") || db.starts_with("sqlite:")
    {
        db.to_owned()
    } else {
        format!("sqlite://{db}?mode=rwc")
    }
}

/// The file of a SQLite URL (none for an in-memory database).
fn sqlite_file(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next().unwrap_or_default();
    (!path.is_empty() && path != ":memory:" && !url.contains("mode=memory"))
        .then(|| path.to_owned())
}

/// Locks SQLite file `path` for this server alone, through its lock file `PATH.lock`
/// (created when missing; never one of SQLite's own files, whose POSIX locks a second
/// descriptor in the same process would release): another server that holds it makes
/// this fail.
fn lock_file(path: &str) -> Result<File, DbError> {
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(format!("{path}.lock"))
        .map_err(|e| DbError::Failed(sqlx::Error::Io(e)))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(DbError::InUse(path.to_owned())),
        Err(std::fs::TryLockError::Error(e)) => Err(DbError::Failed(sqlx::Error::Io(e))),
    }
}

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// Milliseconds since 1970, now (the wall clock: what a game's clock is kept in).
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// Seconds since 1970, now.
pub fn now_seconds() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

/// The game ids of `rows` (their first column).
fn ids(rows: &[AnyRow]) -> Vec<String> {
    rows.iter()
        .filter_map(|r| r.try_get::<String, _>(0).ok())
        .collect()
}

/// Column `index` of `row` of game `id`, or why it cannot be read.
fn column<'r, T>(row: &'r AnyRow, index: usize, id: &str) -> Result<T, DbError>
where
    T: sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>,
{
    row.try_get(index).map_err(|e| DbError::Damaged {
        id: id.to_owned(),
        problem: format!("column {index}: {e}"),
    })
}

impl Db {
    /// Opens (and creates, for a SQLite file) the database `db` (a path or a URL, see
    /// [`url_of`]), locks a SQLite file for this server alone, and brings the schema up
    /// to date (refusing a database made by a newer server).
    pub async fn open(db: &str) -> Result<Db, DbError> {
        install_default_drivers();
        let url = url_of(db);
        let shared = !url.starts_with("sqlite:");
        // Locked before SQLite opens it: a second server never touches the file.
        let file_lock = match sqlite_file(&url) {
            Some(path) => Some(lock_file(&path)?),
            None => None,
        };
        let pool = AnyPoolOptions::new()
            .max_connections(if shared { 8 } else { 4 })
            .connect(&url)
            .await?;
        if !shared {
            // Readers do not wait for the writer; the file survives a killed process.
            sqlx::query("PRAGMA journal_mode=WAL")
                .execute(&pool)
                .await?;
        }
        if let Some(found) = schema::newer_than_known(&pool).await {
            return Err(DbError::NewerSchema {
                found,
                supported: schema::LATEST,
            });
        }
        schema::migrate(&pool).await?;
        // Rows from before version 2 are stamped now (their age is unknown).
        sqlx::query("UPDATE games SET updated_at = $1 WHERE updated_at = 0")
            .bind(now_seconds())
            .execute(&pool)
            .await?;
        Ok(Db {
            pool,
            shared,
            url,
            _file_lock: file_lock,
        })
    }

    /// The URL it was opened with.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Tells every server listening (Postgres's `NOTIFY` on [`CHANGES_CHANNEL`]) that
    /// game `id` changed, from server `from`. Nothing for a database not shared.
    pub async fn notify(&self, from: &str, id: &str) -> Result<(), DbError> {
        if !self.shared {
            return Ok(());
        }
        sqlx::query("SELECT pg_notify($1, $2)")
            .bind(CHANGES_CHANNEL)
            .bind(format!("{from} {id}"))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Takes or renews the lease of game `id` for server `holder` until `until` (ms
    /// since 1970), unless another server holds it past `now`: `None` when `holder` holds
    /// it now, else until when the other holds it.
    pub async fn take_lease(
        &self,
        id: &str,
        holder: &str,
        now: i64,
        until: i64,
    ) -> Result<Option<i64>, DbError> {
        let taken = sqlx::query(
            "INSERT INTO leases (game_id, holder, until) VALUES ($1, $2, $3)
             ON CONFLICT (game_id) DO UPDATE SET holder = $2, until = $3
             WHERE leases.holder = $2 OR leases.until < $4",
        )
        .bind(id)
        .bind(holder)
        .bind(until)
        .bind(now)
        .execute(&self.pool)
        .await?;
        if taken.rows_affected() == 1 {
            return Ok(None);
        }
        let row = sqlx::query("SELECT until FROM leases WHERE game_id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        Ok(Some(match row {
            Some(row) => column(&row, 0, id)?,
            None => now,
        }))
    }

    /// Gives back server `holder`'s lease of game `id` (the game left its memory, or is
    /// over): another server may take it at once.
    pub async fn release_lease(&self, id: &str, holder: &str) -> Result<(), DbError> {
        sqlx::query("DELETE FROM leases WHERE game_id = $1 AND holder = $2")
            .bind(id)
            .bind(holder)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The ids of at most `limit` unfinished games whose bot is to act and whose lease
    /// nobody holds past `now` (its server died, or none ever held it): the bot games
    /// a server of several takes over.
    pub async fn orphans(&self, now: i64, limit: usize) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE finished = 0 AND bots_to_act = 1
             AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.game_id = games.id AND l.until >= $1)
             ORDER BY updated_at DESC LIMIT $2",
        )
        .bind(now)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        Ok(ids(&rows))
    }

    /// Asks the database something trivial: whether it answers.
    pub async fn ping(&self) -> Result<(), DbError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Stores a new game (no action yet): whether a bot is to act, whether it waits for
    /// its players.
    pub async fn create(
        &self,
        game: &StoredGame,
        bots_to_act: bool,
        waiting: bool,
    ) -> Result<(), DbError> {
        let extra = Extra::of(game);
        let (clock, flag_at) = clock_columns(game.clock.as_ref());
        sqlx::query(
            "INSERT INTO games (id, game, start_position, token, delay_ms, extra, plies, finished, updated_at, bots_to_act, lobby, created_at, clock, flag_at, creator, waiting)
             VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8, $9, $10, $11, $12, $13, $14, $15)",
        )
        .bind(&game.id)
        .bind(&game.game)
        .bind(&game.start)
        .bind(&game.token)
        .bind(i64::try_from(game.delay_ms).unwrap_or(i64::MAX))
        .bind(to_json(&extra))
        .bind(i64::from(game.ending.is_some()))
        .bind(now_seconds())
        .bind(i64::from(bots_to_act))
        .bind(i64::from(game.lobby))
        .bind(game.created_at)
        .bind(clock)
        .bind(flag_at)
        .bind(&game.creator)
        .bind(i64::from(waiting))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Commits a ply of game `id` and its clock after it: fails with [`DbError::Conflict`]
    /// when the stored game is not at that ply any more (another request or server played
    /// it first) or is over (a resignation, a time-out stored meanwhile).
    pub async fn commit_action(&self, id: &str, ply: Ply<'_>) -> Result<(), DbError> {
        let mut tx = self.pool.begin().await?;
        let moved = sqlx::query(
            "UPDATE games SET plies = $1, finished = $2, updated_at = $3, bots_to_act = $4,
             clock = $5, flag_at = $6, extra = $9, waiting = $10
             WHERE id = $7 AND plies = $8 AND finished = 0",
        )
        .bind(i64::from(ply.ply) + 1)
        .bind(i64::from(ply.finished))
        .bind(now_seconds())
        .bind(i64::from(ply.bots_to_act))
        .bind(ply.clock)
        .bind(ply.flag_at)
        .bind(id)
        .bind(i64::from(ply.ply))
        .bind(ply.extra)
        .bind(i64::from(ply.waiting && !ply.finished))
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            return Err(DbError::Conflict(ply.ply));
        }
        let inserted =
            sqlx::query("INSERT INTO actions (game_id, ply, seat, action) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(i64::from(ply.ply))
                .bind(i64::from(ply.seat))
                .bind(ply.action)
                .execute(&mut *tx)
                .await;
        match inserted {
            Ok(_) => {}
            // The ply's row already there: another server's (only a real conflict).
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(DbError::Conflict(ply.ply));
            }
            Err(e) => return Err(e.into()),
        }
        tx.commit().await?;
        Ok(())
    }

    /// Stores a change of game `id` ([`Saved`]) if the stored game is still at `plies`
    /// plies and over or not as `was_finished` says (the compare-and-set of the moves: a
    /// move and an end never both stand): `false` when another request or server moved
    /// it on first (the copy is then old: load it again).
    pub async fn save(
        &self,
        id: &str,
        saved: &Saved,
        plies: usize,
        was_finished: bool,
    ) -> Result<bool, DbError> {
        let (clock, _) = clock_columns(saved.clock.as_ref());
        let moved = sqlx::query(
            "UPDATE games SET extra = $1, finished = $2, bots_to_act = $3, updated_at = $4,
             clock = $5, flag_at = $6, waiting = $10
             WHERE id = $7 AND plies = $8 AND finished = $9",
        )
        .bind(&saved.extra)
        .bind(i64::from(saved.finished))
        .bind(i64::from(saved.bots_to_act && !saved.finished))
        .bind(now_seconds())
        .bind(clock)
        .bind(if saved.finished { 0 } else { saved.flag_at })
        .bind(id)
        .bind(i64::try_from(plies).unwrap_or(i64::MAX))
        .bind(i64::from(was_finished))
        .bind(i64::from(saved.waiting && !saved.finished))
        .execute(&self.pool)
        .await?;
        Ok(moved.rows_affected() == 1)
    }

    /// Takes back the plies of game `id` from ply `to` on (a takeback granted), with the
    /// game's change ([`Saved`]), if the stored game is still unfinished at `plies`
    /// plies: `false` when another request or server moved it on first. The plies are
    /// gone from the database when this returns.
    pub async fn take_back(
        &self,
        id: &str,
        saved: &Saved,
        plies: usize,
        to: usize,
    ) -> Result<bool, DbError> {
        let (clock, _) = clock_columns(saved.clock.as_ref());
        let mut tx = self.pool.begin().await?;
        let moved = sqlx::query(
            "UPDATE games SET plies = $1, extra = $2, finished = 0, bots_to_act = $3,
             updated_at = $4, clock = $5, flag_at = $6, waiting = $9
             WHERE id = $7 AND plies = $8 AND finished = 0",
        )
        .bind(i64::try_from(to).unwrap_or(i64::MAX))
        .bind(&saved.extra)
        .bind(i64::from(saved.bots_to_act))
        .bind(now_seconds())
        .bind(clock)
        .bind(saved.flag_at)
        .bind(id)
        .bind(i64::try_from(plies).unwrap_or(i64::MAX))
        .bind(i64::from(saved.waiting))
        .execute(&mut *tx)
        .await?;
        if moved.rows_affected() != 1 {
            return Ok(false);
        }
        sqlx::query("DELETE FROM actions WHERE game_id = $1 AND ply >= $2")
            .bind(id)
            .bind(i64::try_from(to).unwrap_or(i64::MAX))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Records that no bot of game `id` is to act (a game resumed and found waiting for
    /// a person).
    pub async fn bots_wait(&self, id: &str) -> Result<(), DbError> {
        sqlx::query("UPDATE games SET bots_to_act = 0 WHERE id = $1")
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The number of plies stored for game `id`, if it exists.
    pub async fn plies(&self, id: &str) -> Result<Option<u32>, DbError> {
        let row = sqlx::query("SELECT plies FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        match row {
            Some(row) => {
                let plies: i64 = column(&row, 0, id)?;
                Ok(Some(u32::try_from(plies).unwrap_or(u32::MAX)))
            }
            None => Ok(None),
        }
    }

    /// Game `id` with its actions, if it exists; [`DbError::Damaged`] naming the game
    /// when its row cannot be read.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        let Some(row) = sqlx::query(
            "SELECT id, game, start_position, token, delay_ms, extra, lobby, seating, created_at, clock, creator
             FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let extra: String = column(&row, 5, id)?;
        let extra: Extra = serde_json::from_str(&extra).map_err(|e| DbError::Damaged {
            id: id.to_owned(),
            problem: format!("its options, sitters and tokens (JSON) cannot be read: {e}"),
        })?;
        let mut actions = Vec::new();
        let rows = sqlx::query("SELECT seat, action FROM actions WHERE game_id = $1 ORDER BY ply")
            .bind(id)
            .fetch_all(&self.pool)
            .await?;
        for r in &rows {
            let seat: i64 = column(r, 0, id)?;
            let seat = u8::try_from(seat).map_err(|_| DbError::Damaged {
                id: id.to_owned(),
                problem: format!("an action's seat {seat} is no seat"),
            })?;
            actions.push((seat, column(r, 1, id)?));
        }
        let delay_ms: i64 = column(&row, 4, id)?;
        let lobby: i64 = column(&row, 6, id)?;
        let clock: String = column(&row, 9, id)?;
        let ending = extra.ending();
        Ok(Some(StoredGame {
            clock: read_clock(&clock, id)?,
            id: column(&row, 0, id)?,
            game: column(&row, 1, id)?,
            start: column(&row, 2, id)?,
            token: column(&row, 3, id)?,
            delay_ms: u64::try_from(delay_ms).unwrap_or(0),
            options: extra.options,
            sitters: extra.sitters,
            seat_tokens: extra.seat_tokens,
            ending,
            rematch: extra.rematch,
            open: extra.open,
            offers: extra.offers,
            joined: extra.joined,
            creator_seats: extra.creator_seats,
            creator: column(&row, 10, id)?,
            lobby: lobby != 0,
            seating: column(&row, 7, id)?,
            created_at: column(&row, 8, id)?,
            actions,
        }))
    }

    /// Stores who may still take which seat of game `id` (`open`) and whether it is
    /// listed (`lobby`), if its seating is still at `seen` (the count the caller's copy
    /// holds): `false` when another request or server changed the seating first (the
    /// copy is then old: load it again). Two requests never take one seat. With `clock`,
    /// the game's clock is stored too (started: the last open seat was taken).
    pub async fn update_seating(
        &self,
        id: &str,
        seen: i64,
        open: &[bool],
        lobby: bool,
        clock: Option<&Clock>,
    ) -> Result<bool, DbError> {
        let Some(mut stored) = self.load(id).await? else {
            return Ok(false);
        };
        if stored.seating != seen {
            return Ok(false);
        }
        stored.open = open.to_vec();
        let (clock, flag_at) = match clock {
            Some(clock) => clock_columns(Some(clock)),
            None => clock_columns(stored.clock.as_ref()),
        };
        let moved = sqlx::query(
            "UPDATE games SET extra = $1, lobby = $2, seating = seating + 1, updated_at = $3,
             clock = $4, flag_at = $5
             WHERE id = $6 AND seating = $7",
        )
        .bind(to_json(&Extra::of(&stored)))
        .bind(i64::from(lobby))
        .bind(now_seconds())
        .bind(clock)
        .bind(flag_at)
        .bind(id)
        .bind(seen)
        .execute(&self.pool)
        .await?;
        Ok(moved.rows_affected() == 1)
    }

    /// At most `limit` unfinished games listed in the lobby, the newest first. A row that
    /// cannot be read is left out (and named on stderr).
    pub async fn lobby(&self, limit: usize) -> Result<Vec<LobbyRow>, DbError> {
        let rows = sqlx::query(
            "SELECT id, game, extra, created_at, clock, creator FROM games WHERE lobby = 1 AND finished = 0
             ORDER BY created_at DESC LIMIT $1",
        )
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        let mut listed = Vec::with_capacity(rows.len());
        for row in &rows {
            let read = || -> Result<LobbyRow, DbError> {
                let id: String = column(row, 0, "(lobby)")?;
                let extra: String = column(row, 2, &id)?;
                let clock: String = column(row, 4, &id)?;
                let extra: Extra = serde_json::from_str(&extra).map_err(|e| DbError::Damaged {
                    id: id.clone(),
                    problem: format!("its sitters (JSON) cannot be read: {e}"),
                })?;
                Ok(LobbyRow {
                    game: column(row, 1, &id)?,
                    sitters: sitters_shown(extra.sitters, &extra.open),
                    options: extra.options,
                    created_at: column(row, 3, &id)?,
                    clock: read_clock(&clock, &id)?,
                    creator: column(row, 5, &id)?,
                    id,
                })
            };
            match read() {
                Ok(game) => listed.push(game),
                Err(e) => eprintln!("pyramid-web: a lobby game left out: {e}"),
            }
        }
        Ok(listed)
    }

    /// How many unfinished games client `creator` has listed in the lobby.
    pub async fn challenges_of(&self, creator: &str) -> Result<usize, DbError> {
        let row = sqlx::query(
            "SELECT COUNT(*) FROM games WHERE creator = $1 AND lobby = 1 AND finished = 0",
        )
        .bind(creator)
        .fetch_one(&self.pool)
        .await?;
        let n: i64 = column(&row, 0, "(challenges)")?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// The ids of at most `limit` unfinished games whose owner was to act by itself by
    /// `now` (ms since 1970): a running seat's time ran out, or the game, made before
    /// `made_before` (seconds since 1970), still waits for its players; not those whose
    /// lease another server than `holder` holds (it acts on them).
    pub async fn overdue(
        &self,
        now: i64,
        made_before: i64,
        holder: &str,
        limit: usize,
    ) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE finished = 0
             AND ((flag_at > 0 AND flag_at <= $1) OR (waiting = 1 AND created_at <= $3))
             AND NOT EXISTS (SELECT 1 FROM leases l WHERE l.game_id = games.id AND l.until >= $1 AND l.holder <> $4)
             ORDER BY flag_at LIMIT $2",
        )
        .bind(now)
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .bind(made_before)
        .bind(holder)
        .fetch_all(&self.pool)
        .await?;
        Ok(ids(&rows))
    }

    /// The ids of at most `limit` unfinished games with a bot to act, the most recently
    /// changed first: the games a restarted server resumes by itself.
    pub async fn bot_games(&self, limit: usize) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query(
            "SELECT id FROM games WHERE finished = 0 AND bots_to_act = 1
             ORDER BY updated_at DESC LIMIT $1",
        )
        .bind(i64::try_from(limit).unwrap_or(i64::MAX))
        .fetch_all(&self.pool)
        .await?;
        Ok(ids(&rows))
    }

    /// Deletes every game (and its actions) that has not changed since `before`
    /// (seconds since 1970): finished games and games nobody plays any more, never a game
    /// whose clock still runs. Returns the number of games deleted.
    pub async fn expire(&self, before: i64) -> Result<u64, DbError> {
        // Never a game going on whose owner has something due later (a clock still
        // running, players still awaited): a correspondence game's player may take days.
        let old = "updated_at < $1 AND NOT (finished = 0 AND flag_at > $2)";
        let now = now_ms();
        let mut tx = self.pool.begin().await?;
        sqlx::query(&format!(
            "DELETE FROM actions WHERE game_id IN (SELECT id FROM games WHERE {old})"
        ))
        .bind(before)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        let gone = sqlx::query(&format!("DELETE FROM games WHERE {old}"))
            .bind(before)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        // Leases run out by themselves; their rows go once they have.
        sqlx::query("DELETE FROM leases WHERE until < $1")
            .bind(now)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(gone.rows_affected())
    }

    /// The number of games stored.
    pub async fn count(&self) -> Result<u64, DbError> {
        let row = sqlx::query("SELECT COUNT(*) FROM games")
            .fetch_one(&self.pool)
            .await?;
        let n: i64 = column(&row, 0, "(count)")?;
        Ok(u64::try_from(n).unwrap_or(0))
    }
}
