//! Issue 46, for whoever runs the server: `GET /healthz` and `GET /metrics`, the client
//! behind a trusted reverse proxy (and `X-Forwarded-For` ignored from anyone else), and a
//! clean stop.

use std::time::Duration;

use pyramid_web::{ServerConfig, parse_trusted};
use serde_json::json;

use crate::common::postgres::Postgres;
use crate::common::{client, client_from, get, post, serve_db, start, start_app};

/// `GET`s `path` as text: the status and the body.
async fn text(c: &reqwest::Client, addr: std::net::SocketAddr, path: &str) -> (u16, String) {
    let answer = c
        .get(format!("http://{addr}{path}"))
        .send()
        .await
        .expect("an answer");
    let status = answer.status().as_u16();
    (status, answer.text().await.unwrap_or_default())
}

#[tokio::test]
async fn metrics_tell_games_requests_refusals_bots_streams_and_the_database() {
    let (addr, _app) = start_app(ServerConfig {
        creates_per_minute: 1,
        ..ServerConfig::default()
    })
    .await;
    let c = client_from([127, 0, 0, 130]);
    let (status, _) = post(&c, addr, "/api/games", &json!({"game": "ataxx-ice"})).await;
    assert_eq!(status, 200);
    let (status, _) = post(&c, addr, "/api/games", &json!({"game": "ataxx-ice"})).await;
    assert_eq!(status, 429);
    let (status, body) = text(&c, addr, "/metrics").await;
    assert_eq!(status, 200);
    for line in [
        "pyramid_games_in_memory 1",
        r#"pyramid_http_requests_total{route="/api/games",status="200"} 1"#,
        r#"pyramid_http_requests_total{route="/api/games",status="429"} 1"#,
        r#"pyramid_refusals_total{limit="creates"} 1"#,
        "pyramid_bot_searches_queued 0",
        "pyramid_event_streams 0",
    ] {
        assert!(
            body.lines().any(|l| l == line),
            "`{line}` missing from:\n{body}"
        );
    }
    for family in [
        "pyramid_bot_search_wait_seconds",
        "pyramid_db_latency_seconds",
    ] {
        assert!(
            body.contains(&format!("# TYPE {family} histogram")),
            "{body}"
        );
    }
    let (_, body) = text(&c, addr, "/no/such/route").await;
    assert!(body.contains("error"));
    let (_, body) = text(&c, addr, "/metrics").await;
    assert!(body.contains(r#"route="unmatched",status="404""#), "{body}");
}

#[tokio::test]
async fn healthz_answers_once_the_database_does() {
    let addr = start(ServerConfig::default()).await;
    let (status, body) = text(&client(), addr, "/healthz").await;
    assert_eq!((status, body.as_str()), (200, "ok\n"), "no database: ok");
    let Some(pg) = Postgres::start("healthz_answers_once_the_database_does") else {
        return;
    };
    let (addr, _app) = serve_db(&pg.url, ServerConfig::default()).await;
    let c = client();
    assert_eq!(text(&c, addr, "/healthz").await.0, 200);
    let (_, body) = text(&c, addr, "/metrics").await;
    assert!(
        body.contains("pyramid_db_latency_seconds_count 1"),
        "{body}"
    );
    pg.stop();
    let (status, body) = text(&c, addr, "/healthz").await;
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("the database does not answer"), "{body}");
}

/// Creates `n` games from `c` with `X-Forwarded-For: forwarded`: how many were refused.
async fn refused_creates(
    c: &reqwest::Client,
    addr: std::net::SocketAddr,
    forwarded: &str,
    n: usize,
) -> usize {
    let mut refused = 0;
    for _ in 0..n {
        let answer = c
            .post(format!("http://{addr}/api/games"))
            .header("x-forwarded-for", forwarded)
            .json(&json!({"game": "ataxx-ice"}))
            .send()
            .await
            .expect("an answer");
        refused += usize::from(answer.status().as_u16() == 429);
    }
    refused
}

#[tokio::test]
async fn x_forwarded_for_is_ignored_unless_from_a_trusted_proxy() {
    let config = ServerConfig {
        creates_per_minute: 2,
        ..ServerConfig::default()
    };
    // By default the header changes nothing: one address, one allowance.
    let addr = start(config.clone()).await;
    let c = client_from([127, 0, 0, 140]);
    assert_eq!(refused_creates(&c, addr, "203.0.113.1", 2).await, 0);
    assert_eq!(refused_creates(&c, addr, "203.0.113.2", 2).await, 2);
    // Behind a trusted proxy, each client forwarded has its own.
    let addr = start(ServerConfig {
        trusted_proxies: vec![parse_trusted("127.0.0.141").expect("an address")],
        ..config
    })
    .await;
    let proxy = client_from([127, 0, 0, 141]);
    assert_eq!(refused_creates(&proxy, addr, "203.0.113.1", 3).await, 1);
    assert_eq!(refused_creates(&proxy, addr, "203.0.113.2", 2).await, 0);
    // A client that forges the header past the proxy is still itself.
    assert_eq!(
        refused_creates(&proxy, addr, "203.0.113.2, 203.0.113.1", 1).await,
        1
    );
    // Another address sending the header is not trusted.
    let other = client_from([127, 0, 0, 142]);
    assert_eq!(refused_creates(&other, addr, "203.0.113.9", 3).await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_ends_the_streams_stops_the_bots_and_keeps_every_game() {
    let dir = crate::common::temp_dir("stop");
    let db = dir.join("games.db");
    let db = db.to_str().expect("a path").to_owned();
    let app = pyramid_web::App::open(ServerConfig {
        db: Some(db.clone()),
        ..ServerConfig::default()
    })
    .await
    .expect("the database opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("an address");
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = tokio::spawn(pyramid_web::serve_until(
        listener,
        std::sync::Arc::clone(&app),
        async move {
            let _ = stopped.await;
        },
    ));
    let c = client();
    let (_, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "martian-chess", "seats": ["random", "random"], "delay_ms": 200}),
    )
    .await;
    let id = created["id"].as_str().expect("an id").to_owned();
    let stream = c
        .get(format!("http://{addr}/api/games/{id}/events"))
        .send()
        .await
        .expect("a stream");
    assert_eq!(stream.status().as_u16(), 200);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(app.owners_running() >= 1);
    stop.send(()).expect("the server listens");
    // The stream ends, the server returns, every owner has stopped.
    let body = tokio::time::timeout(Duration::from_secs(10), stream.text())
        .await
        .expect("the stream ended");
    assert!(body.is_ok());
    tokio::time::timeout(Duration::from_secs(15), serving)
        .await
        .expect("the server stopped")
        .expect("its task")
        .expect("no error");
    assert_eq!(app.owners_running(), 0);
    assert_eq!(app.live_games(), 0);
    drop(app);
    // Started again on the same file: the game is there.
    let (addr, _app) = serve_db(&db, ServerConfig::default()).await;
    let (status, view) = get(&client(), addr, &format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{view}");
    let _ = std::fs::remove_dir_all(&dir);
}
