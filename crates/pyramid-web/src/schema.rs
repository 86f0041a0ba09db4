//! The database's schema, versioned: the SQL files of `migrations/`, compiled in and
//! run by sqlx's migrator (its `_sqlx_migrations` table keeps which versions a database
//! has), and a clear refusal of a database made by a newer server.

use std::borrow::Cow;

use futures_util::future::BoxFuture;
use sqlx::AnyPool;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

use crate::db::DbError;

/// Every version: (number, what it does, its SQL).
const MIGRATIONS: [(i64, &str, &str); 2] = [
    (
        1,
        "games and actions",
        include_str!("../migrations/0001_games_and_actions.sql"),
    ),
    (
        2,
        "retention",
        include_str!("../migrations/0002_retention.sql"),
    ),
];

/// The newest schema version this server knows.
pub const LATEST: i64 = MIGRATIONS[MIGRATIONS.len() - 1].0;

/// The migrations compiled into the server, as sqlx's migrator reads them (what
/// `sqlx::migrate!` builds, written out: the macro would compile both database drivers
/// once more, into the build of a procedural macro).
#[derive(Debug)]
struct Compiled;

impl MigrationSource<'static> for Compiled {
    fn resolve(self) -> BoxFuture<'static, Result<Vec<Migration>, BoxDynError>> {
        Box::pin(async {
            Ok(MIGRATIONS
                .iter()
                .map(|(version, what, sql)| {
                    Migration::new(
                        *version,
                        Cow::Borrowed(*what),
                        MigrationType::Simple,
                        Cow::Borrowed(*sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// The newest version applied to the database, if it keeps versions.
async fn applied(pool: &AnyPool) -> Option<i64> {
    let row = sqlx::query("SELECT MAX(version) FROM _sqlx_migrations")
        .fetch_one(pool)
        .await
        .ok()?;
    sqlx::Row::try_get::<Option<i64>, _>(&row, 0).ok().flatten()
}

/// Brings the schema of the database up to [`LATEST`], refusing (and changing nothing
/// in) a database whose version is newer.
pub async fn migrate(pool: &AnyPool) -> Result<(), DbError> {
    if let Some(found) = applied(pool).await
        && found > LATEST
    {
        return Err(DbError::NewerSchema {
            found,
            supported: LATEST,
        });
    }
    Migrator::new(Compiled).await?.run(pool).await?;
    Ok(())
}
