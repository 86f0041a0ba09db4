//! Serving an [`App`] on a listener: [`serve_until`] accepts connections (bounded in all
//! and per client; the client behind a trusted proxy taken from `X-Forwarded-For`,
//! `forwarded.rs`), runs the background work (idle games dropped, games due flagged,
//! old games deleted), and stops cleanly when asked: no new connection, the event streams
//! ended, every game left memory (its owner finishing the change in hand, its bots
//! stopped), the requests in flight answered.

use std::future::Future;
use std::sync::{Arc, Weak};
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use tokio::sync::Semaphore;

use crate::{
    App, PARSED_HEADERS, extract, forwarded, metrics, persist, round, router, store, wire,
};

/// How long a stopping server waits for its games' owners to finish the change in hand.
const OWNERS_STOP: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` until the process ends ([`serve_until`] a future that
/// never comes).
pub async fn serve_app(listener: tokio::net::TcpListener, app: Arc<App>) -> std::io::Result<()> {
    serve_until(listener, app, std::future::pending()).await
}

/// Serves `app` on `listener` until `stop` comes (`pyrctl serve`: SIGTERM or Ctrl-C): at
/// most [`crate::ServerConfig::max_connections`] connections at once and
/// [`crate::ServerConfig::max_client_connections`] from one address (one more is closed
/// at once; a trusted proxy carries everyone's and is not held to it), each closed when
/// a request head takes longer than [`crate::ServerConfig::header_timeout`] to arrive;
/// idle games are dropped every few seconds, stored games whose clock ran out are
/// flagged every second, and stored games past [`crate::ServerConfig::keep_for`] are
/// deleted every hour. Once `stop` comes it takes no more connections, ends the event
/// streams, lets every game leave memory (each owner finishes its change in hand and
/// stops its bots) and answers the requests in flight (for at most the request
/// time-out), then returns.
pub async fn serve_until(
    listener: tokio::net::TcpListener,
    app: Arc<App>,
    stop: impl Future<Output = ()>,
) -> std::io::Result<()> {
    tokio::spawn(sweep_idle_games(Arc::downgrade(&app)));
    tokio::spawn(persist::expire_old_games(Arc::downgrade(&app)));
    tokio::spawn(round::sweep_overdue(Arc::downgrade(&app)));
    let connections = Arc::new(Semaphore::new(app.config.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let routes = router(Arc::clone(&app));
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            () = &mut stop => break,
            accepted = accept(&listener, &connections) => accepted,
        };
        let Some((permit, stream, peer)) = accepted else {
            continue;
        };
        let ip = peer.ip();
        let trusted = app.config.trusted_proxies.clone();
        // A client holding its share of connections gets no more: closed at once.
        let slot = if forwarded::is_trusted(ip, &trusted) {
            Some(app.clients.connect_trusted())
        } else {
            app.clients.connect(ip, &app.config)
        };
        let Some(slot) = slot else {
            app.metrics.refused(metrics::Limit::Connections);
            drop(stream);
            continue;
        };
        // Answers are written whole: no waiting to fill a segment.
        let _ = stream.set_nodelay(true);
        let routes = routes.clone();
        let service = hyper::service::service_fn(
            move |mut request: axum::extract::Request<hyper::body::Incoming>| {
                let client = forwarded::client_of(ip, request.headers(), &trusted);
                request.extensions_mut().insert(extract::ClientIp(client));
                tower::ServiceExt::oneshot(routes.clone(), request)
            },
        );
        let connection = hyper::server::conn::http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(app.config.header_timeout)
            .max_headers(PARSED_HEADERS)
            .serve_connection(TokioIo::new(wire::JsonRefusals::new(stream)), service);
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _permit = permit;
            let _slot = slot;
            let _ = connection.await;
        });
    }
    drop(listener);
    app.stop();
    let _ = tokio::time::timeout(app.config.request_timeout, graceful.shutdown()).await;
    let _ = tokio::time::timeout(OWNERS_STOP, app.owners_stopped()).await;
    Ok(())
}

/// The next connection, once one of `connections` is free; `None` when accepting failed.
async fn accept(
    listener: &tokio::net::TcpListener,
    connections: &Arc<Semaphore>,
) -> Option<(
    tokio::sync::OwnedSemaphorePermit,
    tokio::net::TcpStream,
    std::net::SocketAddr,
)> {
    let permit = Arc::clone(connections).acquire_owned().await.ok()?;
    match listener.accept().await {
        Ok((stream, peer)) => Some((permit, stream, peer)),
        Err(_) => {
            // Out of descriptors or a connection reset before it was accepted: wait a
            // little rather than spin.
            tokio::time::sleep(Duration::from_millis(50)).await;
            None
        }
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
