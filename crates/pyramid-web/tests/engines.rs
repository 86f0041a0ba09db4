//! Outside engines on the server: only those it was started with may be seated, and one
//! that fails loses its game by forfeit, shown in the game's view.

mod common;

use common::{client, get, post, start, wait_for};
use pyramid_web::ServerConfig;
use serde_json::json;

/// A server whose one outside engine (`false`) exits at once.
fn config() -> ServerConfig {
    ServerConfig {
        engines: vec!["ext:false".to_owned()],
        ..ServerConfig::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_servers_own_engines_may_be_seated() {
    let addr = start(config()).await;
    let c = client();
    let (status, body) = get(&c, addr, "/api/games").await;
    assert_eq!(status, 200);
    assert_eq!(body["engines"], json!(["ext:false"]));
    let (status, body) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "seats": ["human", "ext:rm -rf /tmp/x"]}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let error = body["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("only the outside engines it was started with (ext:false)"),
        "{body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_fails_forfeits_and_the_game_is_over() {
    let addr = start(config()).await;
    let c = client();
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "seats": ["ext:false", "human"]}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id");
    let token = created["token"].as_str().expect("a token");
    let view = wait_for(&c, addr, id, 1, token).await;
    assert_eq!(view["forfeit"]["seat"], 0, "{view}");
    let reason = view["forfeit"]["reason"].as_str().unwrap_or_default();
    assert!(reason.starts_with("engine "), "{view}");
    assert!(
        view["outcome"]
            .as_str()
            .is_some_and(|o| o.starts_with("seat 1 wins (seat 0 forfeits: engine ")),
        "{view}"
    );
    assert!(
        view["to_act"].is_null() && view["legal"].is_null(),
        "{view}"
    );
    let (status, body) = post(
        &c,
        addr,
        &format!("/api/games/{id}/actions"),
        &json!({"seat": 1, "token": token, "action": "pass"}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
}
