//! Games that last: [`Db`], every game and every action in SQLite (a file) or Postgres
//! (several servers behind one address), through sqlx's driver-neutral pool.
//!
//! Two tables: `games` (one row a game: what makes it again, and how far it got) and
//! `actions` (one row a ply, keyed by game and ply number). An action is committed in one
//! transaction that inserts its row and moves the game's ply count on from the one the
//! server saw: a second server that played the same ply meanwhile makes it fail (a
//! conflict), so a game's actions form one line whatever the number of servers.

use serde::{Deserialize, Serialize};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Row};

use crate::store::Rematch;

/// Where games are stored.
pub struct Db {
    pool: AnyPool,
    /// Whether several servers may share it (Postgres): then a game held in memory is
    /// checked against it on every request.
    pub shared: bool,
}

/// A failed database call.
#[derive(Debug, thiserror::Error)]
pub enum DbError {
    /// Another request or server played this ply first.
    #[error("the game moved on meanwhile (another request played ply {0} first): reload it")]
    Conflict(u32),
    /// The database refused or failed.
    #[error("the database failed: {0}")]
    Failed(#[from] sqlx::Error),
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
    /// The token for every human seat.
    pub token: String,
    /// A token per seat (`None` for bot seats).
    pub seat_tokens: Vec<Option<String>>,
    /// Each bot's wait before it moves, in milliseconds.
    pub delay_ms: u64,
    /// A seat that forfeited or resigned, and why.
    pub forfeit: Option<(u8, String)>,
    /// The rematch, once asked for.
    pub rematch: Option<Rematch>,
    /// The actions in order: (seat, action).
    pub actions: Vec<(u8, String)>,
}

/// The JSON columns of `games`.
#[derive(Serialize, Deserialize)]
struct Extra {
    options: Vec<(String, String)>,
    sitters: Vec<String>,
    seat_tokens: Vec<Option<String>>,
    forfeit: Option<(u8, String)>,
    rematch: Option<Rematch>,
}

const SCHEMA: [&str; 2] = [
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        start_position TEXT NOT NULL,
        token TEXT NOT NULL,
        delay_ms BIGINT NOT NULL,
        extra TEXT NOT NULL,
        plies BIGINT NOT NULL,
        finished BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL,
        ply BIGINT NOT NULL,
        seat BIGINT NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (game_id, ply)
    )",
];

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

fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

impl Db {
    /// Opens (and creates, for a SQLite file) the database `db` (a path or a URL, see
    /// [`url_of`]) and creates its tables when missing.
    pub async fn open(db: &str) -> Result<Db, DbError> {
        install_default_drivers();
        let url = url_of(db);
        let shared = !url.starts_with("sqlite:");
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
        for statement in SCHEMA {
            // Two servers starting at once on one Postgres may both try to create a
            // table; the one that loses sees it exist on the next statement.
            if let Err(e) = sqlx::query(statement).execute(&pool).await {
                if !shared {
                    return Err(e.into());
                }
            }
        }
        Ok(Db { pool, shared })
    }

    /// Stores a new game (no action yet).
    pub async fn create(&self, game: &StoredGame) -> Result<(), DbError> {
        let extra = Extra {
            options: game.options.clone(),
            sitters: game.sitters.clone(),
            seat_tokens: game.seat_tokens.clone(),
            forfeit: game.forfeit.clone(),
            rematch: game.rematch.clone(),
        };
        sqlx::query(
            "INSERT INTO games (id, game, start_position, token, delay_ms, extra, plies, finished)
             VALUES ($1, $2, $3, $4, $5, $6, 0, $7)",
        )
        .bind(&game.id)
        .bind(&game.game)
        .bind(&game.start)
        .bind(&game.token)
        .bind(i64::try_from(game.delay_ms).unwrap_or(i64::MAX))
        .bind(to_json(&extra))
        .bind(i64::from(game.forfeit.is_some()))
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Commits ply `ply` (counted from 0 in this game's actions) of game `id`: fails with
    /// [`DbError::Conflict`] when the stored game is not at that ply any more.
    pub async fn commit_action(
        &self,
        id: &str,
        ply: u32,
        seat: u8,
        action: &str,
        finished: bool,
    ) -> Result<(), DbError> {
        let mut tx = self.pool.begin().await?;
        let moved =
            sqlx::query("UPDATE games SET plies = $1, finished = $2 WHERE id = $3 AND plies = $4")
                .bind(i64::from(ply) + 1)
                .bind(i64::from(finished))
                .bind(id)
                .bind(i64::from(ply))
                .execute(&mut *tx)
                .await?;
        if moved.rows_affected() != 1 {
            return Err(DbError::Conflict(ply));
        }
        let inserted =
            sqlx::query("INSERT INTO actions (game_id, ply, seat, action) VALUES ($1, $2, $3, $4)")
                .bind(id)
                .bind(i64::from(ply))
                .bind(i64::from(seat))
                .bind(action)
                .execute(&mut *tx)
                .await;
        if inserted.is_err() {
            return Err(DbError::Conflict(ply));
        }
        tx.commit().await?;
        Ok(())
    }

    /// Stores a game's forfeit (a resignation, a failed bot) and rematch, and whether it
    /// is over.
    pub async fn update_end(
        &self,
        id: &str,
        forfeit: Option<&(u8, String)>,
        rematch: Option<&Rematch>,
        finished: bool,
    ) -> Result<(), DbError> {
        let Some(mut stored) = self.load(id).await? else {
            return Ok(());
        };
        stored.forfeit = forfeit.cloned();
        stored.rematch = rematch.cloned();
        let extra = Extra {
            options: stored.options,
            sitters: stored.sitters,
            seat_tokens: stored.seat_tokens,
            forfeit: stored.forfeit,
            rematch: stored.rematch,
        };
        sqlx::query("UPDATE games SET extra = $1, finished = $2 WHERE id = $3")
            .bind(to_json(&extra))
            .bind(i64::from(finished))
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
        Ok(row.map(|r| u32::try_from(r.get::<i64, _>(0)).unwrap_or(u32::MAX)))
    }

    /// Game `id` with its actions, if it exists.
    pub async fn load(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        let Some(row) = sqlx::query(
            "SELECT id, game, start_position, token, delay_ms, extra FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let extra: Extra = serde_json::from_str(&row.get::<String, _>(5))
            .map_err(|e| sqlx::Error::Decode(Box::new(e)))?;
        let actions =
            sqlx::query("SELECT seat, action FROM actions WHERE game_id = $1 ORDER BY ply")
                .bind(id)
                .fetch_all(&self.pool)
                .await?
                .iter()
                .map(|r| {
                    (
                        u8::try_from(r.get::<i64, _>(0)).unwrap_or(u8::MAX),
                        r.get::<String, _>(1),
                    )
                })
                .collect();
        Ok(Some(StoredGame {
            id: row.get(0),
            game: row.get(1),
            start: row.get(2),
            token: row.get(3),
            delay_ms: u64::try_from(row.get::<i64, _>(4)).unwrap_or(0),
            options: extra.options,
            sitters: extra.sitters,
            seat_tokens: extra.seat_tokens,
            forfeit: extra.forfeit,
            rematch: extra.rematch,
            actions,
        }))
    }

    /// The ids of every game not over, oldest first.
    pub async fn unfinished(&self) -> Result<Vec<String>, DbError> {
        let rows = sqlx::query("SELECT id FROM games WHERE finished = 0")
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.iter().map(|r| r.get::<String, _>(0)).collect())
    }
}
