//! What whoever runs the server watches: [`Metrics`], in Prometheus's text format at
//! `GET /metrics` (through the `prometheus-client` crate): the games in memory, the
//! requests by route and status, the refusals by limit, the bot searches queued and
//! their waits, the event streams open and the database's latency. `GET /healthz`
//! answers 200 once the database answers (503 otherwise).

use std::sync::Arc;
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

use crate::{ApiError, App};

/// The labels of a request counted.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    /// The route as the router names it (`/api/games/{id}`), `unmatched` for none.
    route: String,
    /// The answer's status.
    status: u16,
}

/// The labels of a refusal counted.
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct LimitLabels {
    limit: &'static str,
}

/// A per-client limit that refused something (`docs/web.md`, "Limits").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// New games a minute.
    Creates,
    /// Seats taken a minute.
    Joins,
    /// Challenges listed at once.
    Challenges,
    /// Games of bots alone playing at once.
    BotGames,
    /// Event streams open at once.
    Streams,
    /// Connections open at once.
    Connections,
}

impl Limit {
    fn name(self) -> &'static str {
        match self {
            Limit::Creates => "creates",
            Limit::Joins => "joins",
            Limit::Challenges => "challenges",
            Limit::BotGames => "bot_games",
            Limit::Streams => "streams",
            Limit::Connections => "connections",
        }
    }
}

/// The server's metrics.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    refusals: Family<LimitLabels, Counter>,
    games: Gauge,
    streams: Gauge,
    bot_searches_queued: Gauge,
    bot_moves_running: Gauge,
    /// How long bot searches waited for a thread (seconds).
    pub bot_search_wait: Histogram,
    /// How long the database took to answer a commit or a probe (seconds).
    pub db_latency: Histogram,
}

/// Buckets from 1 ms to about 16 s.
fn seconds_buckets() -> impl Iterator<Item = f64> {
    prometheus_client::metrics::histogram::exponential_buckets(0.001, 2.0, 15)
}

impl Default for Metrics {
    fn default() -> Self {
        let mut registry = Registry::with_prefix("pyramid");
        let metrics = Metrics {
            requests: Family::default(),
            refusals: Family::default(),
            games: Gauge::default(),
            streams: Gauge::default(),
            bot_searches_queued: Gauge::default(),
            bot_moves_running: Gauge::default(),
            bot_search_wait: Histogram::new(seconds_buckets()),
            db_latency: Histogram::new(seconds_buckets()),
            registry: Registry::default(),
        };
        registry.register(
            "http_requests",
            "Requests answered, by route and status",
            metrics.requests.clone(),
        );
        registry.register(
            "refusals",
            "Requests refused by a per-client limit, by limit",
            metrics.refusals.clone(),
        );
        registry.register(
            "games_in_memory",
            "Live games held in memory",
            metrics.games.clone(),
        );
        registry.register(
            "event_streams",
            "Event streams open",
            metrics.streams.clone(),
        );
        registry.register(
            "bot_searches_queued",
            "Bot searches waiting for a thread",
            metrics.bot_searches_queued.clone(),
        );
        registry.register(
            "bot_moves_running",
            "Bot moves being computed",
            metrics.bot_moves_running.clone(),
        );
        registry.register(
            "bot_search_wait_seconds",
            "How long bot searches waited for a thread",
            metrics.bot_search_wait.clone(),
        );
        registry.register(
            "db_latency_seconds",
            "How long the database took to answer a commit or a probe",
            metrics.db_latency.clone(),
        );
        Metrics {
            registry,
            ..metrics
        }
    }
}

impl Metrics {
    /// One more refusal by `limit`.
    pub fn refused(&self, limit: Limit) {
        self.refusals
            .get_or_create(&LimitLabels {
                limit: limit.name(),
            })
            .inc();
    }

    /// The metrics in Prometheus's text format, the gauges read from `app` now.
    fn text(&self, app: &App) -> String {
        let gauge = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        self.games.set(gauge(app.live_games()));
        self.streams.set(gauge(app.streams_open()));
        self.bot_searches_queued
            .set(gauge(app.bot_searches_queued()));
        self.bot_moves_running.set(gauge(app.bot_moves_running()));
        let mut text = String::new();
        // Writing into a String does not fail.
        let _ = prometheus_client::encoding::text::encode(&mut text, &self.registry);
        text
    }
}

/// The route a request matched, put in its answer for [`count_requests`].
#[derive(Clone, Debug)]
struct Route(String);

/// Notes the route a request matched in its answer (a route layer: it runs after the
/// router matched).
pub async fn note_route(request: Request, next: Next) -> Response {
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map(|p| p.as_str().to_owned());
    let mut response = next.run(request).await;
    if let Some(route) = route {
        response.extensions_mut().insert(Route(route));
    }
    response
}

/// Counts every request answered, by route and status (the outermost layer).
pub async fn count_requests(State(app): State<Arc<App>>, request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<Route>()
        .map_or_else(|| "unmatched".to_owned(), |r| r.0.clone());
    app.metrics
        .requests
        .get_or_create(&RequestLabels {
            route,
            status: response.status().as_u16(),
        })
        .inc();
    response
}

/// `GET /metrics`: the metrics in Prometheus's text format.
pub async fn metrics(State(app): State<Arc<App>>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        app.metrics.text(&app),
    )
}

/// How long `GET /healthz` waits for the database.
const HEALTH_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// `GET /healthz`: 200 `ok` once the database answers (a server without one: at once),
/// 503 naming the problem otherwise.
pub async fn healthz(State(app): State<Arc<App>>) -> Result<impl IntoResponse, ApiError> {
    if let Some(db) = &app.db {
        let asked = Instant::now();
        let unavailable = |why: String| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the database does not answer: {why}"),
            )
        };
        tokio::time::timeout(HEALTH_WAIT, db.ping())
            .await
            .map_err(|_| unavailable(format!("no answer within {} s", HEALTH_WAIT.as_secs())))?
            .map_err(|e| unavailable(e.to_string()))?;
        app.metrics
            .db_latency
            .observe(asked.elapsed().as_secs_f64());
    }
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        "ok\n",
    ))
}
