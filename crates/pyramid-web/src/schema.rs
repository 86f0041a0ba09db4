//! The database's schema, versioned: the SQL files of `migrations/`, compiled in and
//! run by sqlx's migrator (its `_sqlx_migrations` table keeps which versions a database
//! has), and a clear refusal of a database made by a newer server.

use std::borrow::Cow;

use futures_util::future::BoxFuture;
use sqlx::AnyPool;
use sqlx::error::BoxDynError;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

/// Every version: (number, what it does, its SQL).
const MIGRATIONS: [(i64, &str, &str); 5] = [
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
    (3, "lobby", include_str!("../migrations/0003_lobby.sql")),
    (4, "clocks", include_str!("../migrations/0004_clocks.sql")),
    (
        5,
        "creators",
        include_str!("../migrations/0005_creators.sql"),
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

/// The database's schema version when it is newer than [`LATEST`] (made by a newer
/// server: to be refused, changing nothing).
pub async fn newer_than_known(pool: &AnyPool) -> Option<i64> {
    applied(pool).await.filter(|found| *found > LATEST)
}

/// Brings the schema of the database up to [`LATEST`] (after [`newer_than_known`]).
pub async fn migrate(pool: &AnyPool) -> Result<(), sqlx::migrate::MigrateError> {
    Migrator::new(Compiled).await?.run(pool).await
}
