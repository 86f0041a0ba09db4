//! `pyrctl serve`: the HTTP server of `pyramid-web` on one address.

use std::time::Duration;

use anyhow::{Context, Result, bail};
use pyramid_bots::{BotCaps, BotSpec};
use pyramid_web::ServerConfig;

use crate::cli::ServeArgs;

/// Serves on `--addr` until interrupted, games stored in `--db` (a SQLite file or a
/// `postgres://` URL); clients may seat the outside engines `--bot` and the trained
/// models `--model` by name.
pub fn command(args: &ServeArgs) -> Result<()> {
    let ServeArgs {
        addr,
        max_games,
        idle_seconds,
        engines,
        models,
        db,
        keep_days,
        join_hours,
        trusted_proxies,
    } = args;
    let (addr, max_games, idle_seconds) = (*addr, *max_games, *idle_seconds);
    for (name, file) in models {
        pyramid_runtime::pyramid_learn::learned_file(file)
            .with_context(|| format!("--model {name}"))?;
    }
    if let Some(other) = engines.iter().find(|b| !matches!(b, BotSpec::External(_))) {
        bail!(
            "`serve --bot` names outside engines (ext:COMMAND), not `{other}`: clients choose the built-in bots themselves"
        );
    }
    let config = ServerConfig {
        max_games,
        idle_expiry: Duration::from_secs(idle_seconds),
        bots: BotCaps {
            engines: engines.iter().map(ToString::to_string).collect(),
            learned_files: models.to_vec(),
            ..BotCaps::default()
        },
        db: Some(db.to_owned()),
        keep_for: (*keep_days > 0).then(|| Duration::from_secs(u64::from(*keep_days) * 86_400)),
        join_within: Duration::from_secs(u64::from(*join_hours) * 3_600),
        trusted_proxies: trusted_proxies.clone(),
        ..ServerConfig::default()
    };
    let runtime = tokio::runtime::Runtime::new().context("starting the async runtime")?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .with_context(|| format!("binding {addr}"))?;
        let bound = listener.local_addr().unwrap_or(addr);
        let app = pyramid_web::App::open(config)
            .await
            .with_context(|| format!("opening the games database `{}`", redacted(db)))?;
        eprintln!(
            "serving on http://{bound}/ (Ctrl-C or SIGTERM stops); games in {} (games whose bots are to act resume now, the others when asked for)",
            redacted(db),
        );
        pyramid_web::serve_until(listener, app, stop_asked())
            .await
            .context("serving")?;
        eprintln!("stopped: every answer given, every game stored");
        Ok(())
    })
}

/// Comes when the process is asked to stop: Ctrl-C, or SIGTERM (where there are
/// signals).
async fn stop_asked() {
    #[cfg(unix)]
    {
        let term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate());
        match term {
            Ok(mut term) => {
                tokio::select! {
                    _ = tokio::signal::ctrl_c() => {}
                    _ = term.recv() => {}
                }
            }
            Err(_) => {
                let _ = tokio::signal::ctrl_c().await;
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// `db` with a URL's password hidden.
fn redacted(db: &str) -> String {
    let Some((scheme, rest)) = db.split_once("://") else {
        return db.to_owned();
    };
    match rest.rsplit_once('@') {
        Some((user_pass, host)) if user_pass.contains(':') => {
            let user = user_pass.split(':').next().unwrap_or("");
            format!("{scheme}://{user}:***@{host}")
        }
        _ => db.to_owned(),
    }
}
