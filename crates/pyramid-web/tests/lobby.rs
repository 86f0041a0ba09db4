//! Open challenges (issue 38): a game with an `"open"` seat listed in `GET /api/lobby`,
//! taken once through `POST /api/games/{id}/join` (a second caller gets 409), withdrawn
//! from the lobby by its creator; the same on SQLite across a restart and on Postgres
//! with two servers racing for one seat.

use std::net::SocketAddr;

use pyramid_web::ServerConfig;
use serde_json::json;

use crate::common::postgres::Postgres;
use crate::common::{client, get, play_first, post, serve_db, start, temp_dir};

/// Makes a Martian Chess game with seat 1 open, listed in the lobby; returns its id and
/// the creator's (seat 0's) token.
async fn challenge(c: &reqwest::Client, addr: SocketAddr) -> (String, String) {
    let (status, created) = post(
        c,
        addr,
        "/api/games",
        &json!({"game": "martian-chess", "seats": ["human", "open"], "lobby": true,
                "rules": {"first": "0"}}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    assert!(
        created["seat_tokens"][1].is_null(),
        "the open seat's token is withheld: {created}"
    );
    assert!(created["links"]["seats"][1].is_null(), "{created}");
    let token = created["seat_tokens"][0]
        .as_str()
        .expect("the creator's token");
    assert_eq!(
        created["token"], token,
        "no token acts for the open seat: {created}"
    );
    (
        created["id"].as_str().expect("an id").to_owned(),
        token.to_owned(),
    )
}

/// The ids the lobby lists.
async fn listed(c: &reqwest::Client, addr: SocketAddr) -> Vec<String> {
    let (status, lobby) = get(c, addr, "/api/lobby").await;
    assert_eq!(status, 200, "{lobby}");
    lobby["games"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|g| g["id"].as_str().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn an_open_seat_is_listed_taken_once_and_played_by_whoever_took_it() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, creator) = challenge(&c, addr).await;
    let (_, lobby) = get(&c, addr, "/api/lobby").await;
    let listed_game = lobby["games"]
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == id.as_str()))
        .expect("listed")
        .clone();
    assert_eq!(listed_game["game"], "martian-chess");
    assert_eq!(listed_game["seats"], json!(["human", "open"]));
    assert_eq!(listed_game["open_seats"], json!([1]));
    assert_eq!(listed_game["rules"]["first"], "0");
    assert!(
        listed_game["since"].as_i64().is_some_and(|s| s > 0),
        "{listed_game}"
    );
    // Seat 0 moves first; the creator's token does not act for the open seat.
    let (status, _) = play_first(&c, addr, &id, 0, &creator).await;
    assert_eq!(status, 200);
    let (status, body) = post(
        &c,
        addr,
        &format!("/api/games/{id}/actions"),
        &json!({"seat": 1, "action": "b6-a5", "token": creator}),
    )
    .await;
    assert_eq!(status, 403, "{body}");
    // The first caller takes the seat, the second is refused.
    let (status, joined) = post(&c, addr, &format!("/api/games/{id}/join"), &json!({})).await;
    assert_eq!(status, 200, "{joined}");
    assert_eq!(joined["seat"], 1);
    let token = joined["token"]
        .as_str()
        .expect("the seat's token")
        .to_owned();
    assert!(
        joined["link"].as_str().is_some_and(|l| l.contains(&token)),
        "{joined}"
    );
    let (status, body) = post(&c, addr, &format!("/api/games/{id}/join"), &json!({})).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        !listed(&c, addr).await.contains(&id),
        "a game with no open seat leaves the lobby"
    );
    let (status, body) = play_first(&c, addr, &id, 1, &token).await;
    assert_eq!(status, 200, "{body}");
    let (_, view) = get(&c, addr, &format!("/api/games/{id}")).await;
    assert_eq!(view["seats"], json!(["human", "human"]));
}

#[tokio::test]
async fn the_creator_withdraws_a_game_from_the_lobby_and_its_link_still_invites() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, creator) = challenge(&c, addr).await;
    assert!(listed(&c, addr).await.contains(&id));
    let path = format!("/api/games/{id}/withdraw");
    let (status, body) = post(&c, addr, &path, &json!({"seat": 0, "token": "wrong"})).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = post(&c, addr, &path, &json!({"seat": 0, "token": creator})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["open_seats"], json!([1]));
    assert!(!listed(&c, addr).await.contains(&id));
    let (status, _) = post(&c, addr, &path, &json!({"seat": 0, "token": creator})).await;
    assert_eq!(status, 409, "withdrawn once");
    let (status, joined) = post(
        &c,
        addr,
        &format!("/api/games/{id}/join"),
        &json!({"seat": 1}),
    )
    .await;
    assert_eq!(status, 200, "{joined}");
}

#[tokio::test]
async fn open_seats_that_cannot_work_are_refused() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    for (body, why) in [
        (json!({"game": "ataxx-ice", "lobby": true}), "no open seat"),
        (
            json!({"game": "ataxx-ice", "seats": ["open", "open"]}),
            "nobody sits",
        ),
        (
            json!({"game": "stacktrices", "seats": ["human", "open"], "hot_seat": true}),
            "hot seat",
        ),
    ] {
        let (status, answer) = post(&c, addr, "/api/games", &body).await;
        assert_eq!(status, 400, "{why}: {answer}");
    }
    let (_, created) = post(&c, addr, "/api/games", &json!({"game": "ataxx-ice"})).await;
    let id = created["id"].as_str().expect("an id");
    let (status, body) = post(&c, addr, &format!("/api/games/{id}/join"), &json!({})).await;
    assert_eq!(status, 409, "no seat waits: {body}");
    let (status, body) = post(
        &c,
        addr,
        &format!("/api/games/{id}/join"),
        &json!({"seat": 9}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
}

/// On `db`: a challenge made by one server life is listed and joined once by the next
/// (`servers` 2: by two servers at once, racing for the seat).
fn a_stored_challenge_is_joined_once(db: &str, servers: usize) {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let id = runtime.block_on(async {
        let (addr, _app) = serve_db(db, ServerConfig::default()).await;
        challenge(&client(), addr).await.0
    });
    runtime.shutdown_background();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let c = client();
        let mut addrs = Vec::new();
        let mut apps = Vec::new();
        for _ in 0..servers {
            let (addr, app) = serve_db(db, ServerConfig::default()).await;
            addrs.push(addr);
            apps.push(app);
        }
        assert!(
            listed(&c, addrs[0]).await.contains(&id),
            "listed after a restart"
        );
        let path = format!("/api/games/{id}/join");
        let tries = addrs.iter().cycle().take(4).map(|&addr| {
            let c = c.clone();
            let path = path.clone();
            async move { post(&c, addr, &path, &json!({})).await }
        });
        let answers = futures_util::future::join_all(tries).await;
        let taken = answers.iter().filter(|(status, _)| *status == 200).count();
        assert_eq!(taken, 1, "the seat is given once: {answers:?}");
        assert!(
            answers
                .iter()
                .all(|(status, _)| *status == 200 || *status == 409),
            "{answers:?}"
        );
        for addr in &addrs {
            assert!(!listed(&c, *addr).await.contains(&id));
        }
    });
    runtime.shutdown_background();
}

#[test]
fn sqlite_a_challenge_survives_a_restart_and_is_joined_once() {
    let dir = temp_dir("lobby");
    a_stored_challenge_is_joined_once(&dir.join("g.sqlite3").display().to_string(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn postgres_two_servers_race_for_one_open_seat_and_one_wins() {
    let Some(pg) = Postgres::start("postgres_two_servers_race_for_one_open_seat_and_one_wins")
    else {
        return;
    };
    a_stored_challenge_is_joined_once(&pg.url, 2);
}
