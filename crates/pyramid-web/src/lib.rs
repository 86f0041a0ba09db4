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
mod guard;
mod limits;
mod lobby;
mod offer_routes;
mod persist;
mod replay;
mod round;
mod schema;
mod session;
mod store;
mod view;
mod wire;
mod words;

use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::Duration;

use axum::Router;
use axum::routing::{get, post};
use hyper_util::rt::{TokioIo, TokioTimer};
use pyramid_core::dynamic::Registry;
use tokio::sync::Semaphore;
use tower_http::limit::RequestBodyLimitLayer;

pub use config::ServerConfig;
pub use db::DbError;
pub use error::ApiError;

/// What every request shares: the games, the registry, the limits and the pools of
/// blocking threads.
pub struct App {
    store: store::Store,
    registry: &'static Registry,
    config: ServerConfig,
    /// Permits to compute a bot move of a game with a person
    /// ([`ServerConfig::bot_threads`]).
    bot_pool: Arc<Semaphore>,
    /// Permits to compute a bot move of a game of bots alone
    /// ([`ServerConfig::background_bot_threads`]).
    background_bot_pool: Arc<Semaphore>,
    /// What each client holds: connections, event streams, games of bots alone.
    clients: Arc<clients::Clients>,
    /// Permits to replay a record ([`ServerConfig::cpu_threads`]).
    cpu_pool: Arc<Semaphore>,
    /// Permits to do a request's light work: a new game, a picture.
    light_pool: Arc<Semaphore>,
    bot_work: round::BotWork,
    /// Where games are stored ([`ServerConfig::db`]); none: in memory only.
    db: Option<db::Db>,
}

impl App {
    /// A server state with no game yet, keeping games in memory only (whatever
    /// [`ServerConfig::db`] says: [`App::open`] opens it).
    pub fn new(config: ServerConfig) -> App {
        App {
            db: None,
            store: store::Store::default(),
            registry: pyramid_runtime::registry(),
            bot_pool: Arc::new(Semaphore::new(config.bot_threads.max(1))),
            background_bot_pool: Arc::new(Semaphore::new(config.background_bot_threads.max(1))),
            clients: Arc::default(),
            cpu_pool: Arc::new(Semaphore::new(config.cpu_threads.max(1))),
            light_pool: Arc::new(Semaphore::new(LIGHT_THREADS)),
            bot_work: round::BotWork::default(),
            config,
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
        // Every route above reads at most `max_body` bytes; a replay reads more.
        .layer(RequestBodyLimitLayer::new(max_body))
        .route(
            "/api/replay",
            post(replay::replay).layer(RequestBodyLimitLayer::new(REPLAY_BODY)),
        )
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

/// Serves `app` on `listener` until the process ends: at most
/// [`ServerConfig::max_connections`] connections at once and
/// [`ServerConfig::max_client_connections`] from one address (one more is closed at
/// once), each closed when a request head takes longer than
/// [`ServerConfig::header_timeout`] to arrive; idle games are dropped every few seconds,
/// stored games whose clock ran out are flagged every second, and stored games past
/// [`ServerConfig::keep_for`] are deleted every hour.
pub async fn serve_app(listener: tokio::net::TcpListener, app: Arc<App>) -> std::io::Result<()> {
    tokio::spawn(sweep_idle_games(Arc::downgrade(&app)));
    tokio::spawn(persist::expire_old_games(Arc::downgrade(&app)));
    tokio::spawn(round::sweep_overdue(Arc::downgrade(&app)));
    let connections = Arc::new(Semaphore::new(app.config.max_connections.max(1)));
    let header_timeout = app.config.header_timeout;
    let routes = router(Arc::clone(&app));
    loop {
        let Ok(permit) = Arc::clone(&connections).acquire_owned().await else {
            return Ok(());
        };
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(_) => {
                // Out of descriptors or a connection reset before it was accepted: wait
                // a little rather than spin.
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let ip = peer.ip();
        // A client holding its share of connections gets no more: closed at once.
        let Some(slot) = app.clients.connect(ip, &app.config) else {
            drop(stream);
            continue;
        };
        // Answers are written whole: no waiting to fill a segment.
        let _ = stream.set_nodelay(true);
        let routes = routes.clone();
        let service = hyper::service::service_fn(
            move |mut request: axum::extract::Request<hyper::body::Incoming>| {
                request.extensions_mut().insert(extract::ClientIp(ip));
                tower::ServiceExt::oneshot(routes.clone(), request)
            },
        );
        tokio::spawn(async move {
            let _permit = permit;
            let _slot = slot;
            let _ = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .max_headers(PARSED_HEADERS)
                .serve_connection(TokioIo::new(wire::JsonRefusals::new(stream)), service)
                .await;
        });
    }
}

/// Drops idle games every [`store::sweep_period`] until the server is gone.
async fn sweep_idle_games(app: Weak<App>) {
    let Some(period) = app.upgrade().map(|a| store::sweep_period(&a.config)) else {
        return;
    };
    loop {
        tokio::time::sleep(period).await;
        let Some(app) = app.upgrade() else { return };
        app.store.sweep(&app.config);
        app.clients.sweep();
    }
}
