#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod api;
mod assemble;
mod clients;
mod clock;
mod config;
mod db;
mod ending;
mod error;
mod extract;
mod fair_pool;
mod forwarded;
mod guard;
mod levels;
mod limits;
mod lobby;
mod metrics;
mod offer_routes;
mod persist;
mod replay;
mod round;
mod schema;
mod serve;
mod session;
mod steps;
mod store;
mod view;
mod wire;
mod words;

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use axum::Router;
use axum::routing::{get, post};
use pyramid_core::dynamic::Registry;
use tokio::sync::Semaphore;
use tower_http::limit::RequestBodyLimitLayer;

pub use config::ServerConfig;
pub use db::DbError;
pub use error::ApiError;
pub use forwarded::{TrustedProxy, parse_trusted};
pub use levels::{Level, levels};
pub use serve::{serve_app, serve_until};

/// What every request shares: the games, the registry, the limits and the pools of
/// blocking threads.
pub struct App {
    store: store::Store,
    registry: &'static Registry,
    config: ServerConfig,
    /// Threads to compute a bot move of a game with a person seated
    /// ([`ServerConfig::bot_threads`]), shared fairly between clients.
    bot_pool: Arc<fair_pool::FairPool>,
    /// Threads to compute a bot move of a game of bots alone (an open seat counts as
    /// nobody until taken; [`ServerConfig::background_bot_threads`]), shared fairly
    /// between clients.
    background_bot_pool: Arc<fair_pool::FairPool>,
    /// What each client holds: connections, event streams, games of bots alone.
    clients: Arc<clients::Clients>,
    /// Permits to replay a record ([`ServerConfig::cpu_threads`]).
    cpu_pool: Arc<Semaphore>,
    /// Permits to do a request's light work: a new game, a picture.
    light_pool: Arc<Semaphore>,
    bot_work: round::BotWork,
    /// Where games are stored ([`ServerConfig::db`]); none: in memory only.
    db: Option<db::Db>,
    /// What `GET /metrics` tells.
    metrics: metrics::Metrics,
    /// Set once the server stops ([`App::stop`]): event streams end.
    stopping: tokio::sync::watch::Sender<bool>,
    /// Games' owners running now (each a task).
    owners: std::sync::atomic::AtomicUsize,
    /// This server's random id: whose lease a game's is, whose notification a change's.
    server_id: String,
}

impl App {
    /// A server state with no game yet, keeping games in memory only (whatever
    /// [`ServerConfig::db`] says: [`App::open`] opens it).
    pub fn new(config: ServerConfig) -> App {
        let metrics = metrics::Metrics::default();
        let wait = metrics.bot_search_wait.clone();
        App {
            db: None,
            store: store::Store::default(),
            registry: pyramid_runtime::registry(),
            bot_pool: fair_pool::FairPool::new(config.bot_threads, wait.clone()),
            background_bot_pool: fair_pool::FairPool::new(config.background_bot_threads, wait),
            clients: Arc::default(),
            cpu_pool: Arc::new(Semaphore::new(config.cpu_threads.max(1))),
            light_pool: Arc::new(Semaphore::new(LIGHT_THREADS)),
            bot_work: round::BotWork::default(),
            config,
            metrics,
            stopping: tokio::sync::watch::Sender::new(false),
            owners: std::sync::atomic::AtomicUsize::new(0),
            server_id: store::random_token(),
        }
    }

    /// A server state on the database [`ServerConfig::db`] (opened, and created when it
    /// is a SQLite file that does not exist; a SQLite file another server holds is
    /// refused, naming it), in memory only when `db` is `None`. Needs a tokio runtime.
    ///
    /// It returns at once, whatever the number of games stored: the unfinished games
    /// whose bots are to act resume in the background, in small batches, and every
    /// other game is loaded when someone asks for it.
    pub async fn open(config: ServerConfig) -> Result<Arc<App>, DbError> {
        let db = match &config.db {
            Some(url) => Some(db::Db::open(url).await?),
            None => None,
        };
        let app = Arc::new(App {
            db,
            ..App::new(config)
        });
        tokio::spawn(round::resume_bot_games(Arc::downgrade(&app)));
        if app.db.as_ref().is_some_and(|db| db.shared) {
            tokio::spawn(round::listen(Arc::downgrade(&app)));
        }
        Ok(app)
    }

    /// The number of games stored in the database (none without one).
    pub async fn stored_games(&self) -> Result<u64, DbError> {
        match &self.db {
            Some(db) => db.count().await,
            None => Ok(0),
        }
    }

    /// Deletes the stored games that have not changed for [`ServerConfig::keep_for`]
    /// (what the server does every hour); returns how many.
    pub async fn expire_stored_games(&self) -> Result<u64, DbError> {
        let (Some(db), Some(keep)) = (&self.db, self.config.keep_for) else {
            return Ok(0);
        };
        let keep = i64::try_from(keep.as_secs()).unwrap_or(i64::MAX);
        db.expire(db::now_seconds().saturating_sub(keep)).await
    }

    /// The event streams open now.
    pub fn streams_open(&self) -> usize {
        self.clients.streams()
    }

    /// The number of live games.
    pub fn live_games(&self) -> usize {
        self.store.len()
    }

    /// The number of games whose bot is choosing a move now (each by a task).
    pub fn bot_games_running(&self) -> usize {
        self.bot_work.games.load(Ordering::SeqCst)
    }

    /// The number of bot moves being computed now (each on a blocking thread; at most
    /// [`ServerConfig::bot_threads`]).
    pub fn bot_moves_running(&self) -> usize {
        self.bot_work.moves.load(Ordering::SeqCst)
    }

    /// Stops the server's games: the event streams end, and every game leaves memory
    /// (its owner finishes the change in hand and stops its bots). What a stopping
    /// server does ([`serve_until`]).
    pub fn stop(&self) {
        self.stopping.send_replace(true);
        self.store.close_all();
    }

    /// Waits until no game's owner runs any more (after [`App::stop`]).
    pub async fn owners_stopped(&self) {
        while self.owners.load(Ordering::SeqCst) > 0 {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    /// The games' owners running now.
    pub fn owners_running(&self) -> usize {
        self.owners.load(Ordering::SeqCst)
    }

    /// Bot searches waiting for a thread now (both pools).
    pub fn bot_searches_queued(&self) -> usize {
        self.bot_pool.queued() + self.background_bot_pool.queued()
    }

    /// How many bot searches had to wait for a thread, and their waits in all (ms).
    pub fn bot_search_waits(&self) -> (u64, u64) {
        let (a, a_ms) = self.bot_pool.waits();
        let (b, b_ms) = self.background_bot_pool.waits();
        (a + b, a_ms + b_ms)
    }

    /// Runs `work` on a blocking thread, kept off the async threads that answer
    /// everyone, once one of its pool is free: one of the [`ServerConfig::cpu_threads`]
    /// for [`Work::Heavy`], one of [`LIGHT_THREADS`] for [`Work::Light`] (which so never
    /// waits behind replays).
    async fn blocking<R: Send + 'static>(
        self: &Arc<Self>,
        kind: Work,
        work: impl FnOnce(&App) -> R + Send + 'static,
    ) -> Result<R, ApiError> {
        let pool = match kind {
            Work::Heavy => &self.cpu_pool,
            Work::Light => &self.light_pool,
        };
        let permit = Arc::clone(pool)
            .acquire_owned()
            .await
            .map_err(|_| ApiError::unavailable("the server is stopping"))?;
        let app = Arc::clone(self);
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work(&app)
        })
        .await
        .map_err(|_| ApiError::internal("the request's work failed"))
    }
}

/// The kind of work a request does on a blocking thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Work {
    /// Up to a second or so: a replay of a long record.
    Heavy,
    /// About a millisecond at most: dealing a game and building its bots, drawing a
    /// picture.
    Light,
}

/// Light work ([`Work::Light`]) done at once, at most.
const LIGHT_THREADS: usize = 8;

/// The largest record line `POST /api/replay` reads.
const REPLAY_BODY: usize = 4 * 1024 * 1024;

/// Request heads hyper parses at most (headers); `guard` refuses far fewer with its own
/// message, and `wire` turns hyper's refusal beyond into JSON too.
const PARSED_HEADERS: usize = 512;

/// The routes over `app`, with the guards every request passes (JSON refusals, head
/// limits, the request timeout, idle expiry: `guard.rs`) and a limit on each body
/// ([`ServerConfig::max_body`], 4 MiB for `/api/replay`; 413 beyond).
pub fn router(app: Arc<App>) -> Router {
    let max_body = app.config.max_body;
    let routes = Router::new()
        .route("/", get(api::page))
        .route("/api/games", get(api::list_games).post(api::create_game))
        .route("/api/games/{id}", get(api::get_game))
        .route("/api/games/{id}/actions", post(api::post_action))
        .route("/api/games/{id}/svg", get(api::get_svg))
        .route("/api/pictures/{game}", get(api::get_picture))
        .route("/api/games/{id}/events", get(session::events))
        .route("/api/games/{id}/resign", post(session::resign))
        .route("/api/games/{id}/rematch", post(offer_routes::rematch))
        .route("/api/games/{id}/draw", post(offer_routes::draw))
        .route("/api/games/{id}/takeback", post(offer_routes::takeback))
        .route("/api/games/{id}/join", post(lobby::join))
        .route("/api/games/{id}/withdraw", post(lobby::withdraw))
        .route("/api/lobby", get(lobby::lobby))
        .route("/api/games/{id}/record", get(session::record))
        .route("/rules/{game}", get(session::rules_page))
        .route("/api/render", post(replay::render))
        .route("/healthz", get(metrics::healthz))
        .route("/metrics", get(metrics::metrics))
        // Every route above reads at most `max_body` bytes; a replay reads more.
        .layer(RequestBodyLimitLayer::new(max_body))
        .route(
            "/api/replay",
            post(replay::replay).layer(RequestBodyLimitLayer::new(REPLAY_BODY)),
        )
        // Every route above notes its name in its answer, for the requests counted.
        .route_layer(axum::middleware::from_fn(metrics::note_route))
        .fallback(api::no_route)
        .method_not_allowed_fallback(api::wrong_method);
    guard::around(routes, &app).with_state(app)
}

/// Serves the API on `listener` until the process ends, its games stored in
/// [`ServerConfig::db`] (every unfinished one resumed first).
pub async fn serve(listener: tokio::net::TcpListener, config: ServerConfig) -> std::io::Result<()> {
    let app = App::open(config).await.map_err(std::io::Error::other)?;
    serve_app(listener, app).await
}
