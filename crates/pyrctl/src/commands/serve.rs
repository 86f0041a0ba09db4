//! `pyrctl serve`: the HTTP server of `pyramid-web` on one address.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result};
use pyramid_web::ServerConfig;

/// Serves on `addr` until interrupted.
pub fn run(addr: SocketAddr, max_games: usize, idle_seconds: u64) -> Result<()> {
    let config = ServerConfig {
        max_games,
        idle_expiry: Duration::from_secs(idle_seconds),
        ..ServerConfig::default()
    };
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("binding {addr}"))?;
        let bound = listener.local_addr().unwrap_or(addr);
        eprintln!("serving on http://{bound}/ (Ctrl-C stops)");
        pyramid_web::serve(listener, config)
            .await
            .context("serving")
    })
}
