//! The pyramid-games HTTP server: a JSON API to play and watch the four games, bots
//! moving by themselves, and SVG boards; `pyrctl serve` runs it.
//!
//! Routes, limits and security are documented in `docs/web.md`. Game ids and tokens are
//! 128 random bits; acting for a seat needs its token; a seat's answers hold only what it
//! may see.
//!
//! ```no_run
//! # async fn run() -> std::io::Result<()> {
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! pyramid_web::serve(listener, pyramid_web::ServerConfig::default()).await
//! # }
//! ```
#![forbid(unsafe_code)]

mod api;
mod bots;
mod config;
mod error;
mod replay;
mod store;

use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use pyramid_core::runtime::Registry;

pub use config::ServerConfig;
pub use error::ApiError;

/// What every request shares: the games, the registry and the limits.
pub struct App {
    store: store::Store,
    registry: Registry,
    config: ServerConfig,
}

impl App {
    /// A server state with no game yet.
    pub fn new(config: ServerConfig) -> App {
        App {
            store: store::Store::default(),
            registry: pyramid_games::registry(),
            config,
        }
    }

    /// The number of live games.
    pub fn live_games(&self) -> usize {
        self.store.len()
    }
}

/// The largest record line `POST /api/replay` reads.
const REPLAY_BODY: usize = 4 * 1024 * 1024;

/// The routes over `app`.
pub fn router(app: Arc<App>) -> Router {
    let max_body = app.config.max_body;
    Router::new()
        .route("/", get(api::page))
        .route("/api/games", get(api::list_games).post(api::create_game))
        .route("/api/games/{id}", get(api::get_game))
        .route("/api/games/{id}/actions", post(api::post_action))
        .route("/api/games/{id}/svg", get(api::get_svg))
        .route("/api/render", post(replay::render))
        .route(
            "/api/replay",
            post(replay::replay).layer(DefaultBodyLimit::max(REPLAY_BODY)),
        )
        .fallback(api::no_route)
        .layer(DefaultBodyLimit::max(max_body))
        .with_state(app)
}

/// Serves the API on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, config: ServerConfig) -> std::io::Result<()> {
    axum::serve(listener, router(Arc::new(App::new(config)))).await
}
