//! Issue 46, limits that hold: a client's allowances are kept however its requests are
//! spread over connections, joins are limited, a client's listed challenges are capped
//! and the lobby is fair between clients, only a challenge's creator withdraws it, and
//! retention never deletes a game whose clock still runs.

use std::net::SocketAddr;
use std::time::Duration;

use pyramid_web::ServerConfig;
use serde_json::{Value, json};

use crate::common::{client_from, get, post, serve_db, start, temp_dir};

/// A client from `ip` that opens a new connection for every request (none kept alive).
fn one_connection_each(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .local_address(std::net::IpAddr::from(ip))
        .pool_max_idle_per_host(0)
        .build()
        .expect("a client")
}

/// A challenge for the lobby from `c`: a person in seat 0, seats 1 (and 2) open.
async fn challenge(c: &reqwest::Client, addr: SocketAddr, seats: usize) -> (u16, Value) {
    let mut sitters = vec!["human"];
    sitters.extend(std::iter::repeat_n("open", seats - 1));
    let body = json!({"game": "ataxx-ice", "players": seats, "seats": sitters, "lobby": true});
    post(c, addr, "/api/games", &body).await
}

async fn listed(c: &reqwest::Client, addr: SocketAddr) -> Vec<String> {
    let (_, lobby) = get(c, addr, "/api/lobby").await;
    lobby["games"]
        .as_array()
        .expect("games")
        .iter()
        .map(|g| g["id"].as_str().unwrap_or_default().to_owned())
        .collect()
}

#[tokio::test]
async fn the_create_limit_holds_across_connections() {
    let addr = start(ServerConfig {
        creates_per_minute: 10,
        ..ServerConfig::default()
    })
    .await;
    let c = one_connection_each([127, 0, 0, 31]);
    let mut refused = 0;
    for _ in 0..15 {
        let (status, body) = post(&c, addr, "/api/games", &json!({"game": "ataxx-ice"})).await;
        match status {
            200 => {}
            429 => {
                assert!(
                    body["error"]
                        .as_str()
                        .is_some_and(|e| e.contains("the next in")),
                    "{body}"
                );
                refused += 1;
            }
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!(refused, 5, "10 a minute, whatever the connections");
    // Another client is not held back.
    let other = one_connection_each([127, 0, 0, 32]);
    let (status, _) = post(&other, addr, "/api/games", &json!({"game": "ataxx-ice"})).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn joins_are_limited_per_client() {
    let addr = start(ServerConfig::default()).await;
    // Ten clients list three challenges each.
    let mut ids = Vec::new();
    for n in 0..10u8 {
        let c = client_from([127, 0, 0, 40 + n]);
        for _ in 0..3 {
            let (status, created) = challenge(&c, addr, 2).await;
            assert_eq!(status, 200, "{created}");
            ids.push(created["id"].as_str().expect("an id").to_owned());
        }
    }
    let joiner = client_from([127, 0, 0, 60]);
    let mut refused = 0;
    for id in &ids {
        let (status, body) =
            post(&joiner, addr, &format!("/api/games/{id}/join"), &json!({})).await;
        match status {
            200 => {}
            429 => refused += 1,
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!(refused, 20, "10 seats a minute a client");
    // Someone else still takes a seat.
    let other = client_from([127, 0, 0, 61]);
    let (status, body) = post(
        &other,
        addr,
        &format!("/api/games/{}/join", ids[29]),
        &json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

#[tokio::test]
async fn a_clients_challenges_are_capped_and_the_lobby_stays_fair() {
    let addr = start(ServerConfig::default()).await;
    let quiet = client_from([127, 0, 0, 70]);
    let (status, created) = challenge(&quiet, addr, 2).await;
    assert_eq!(status, 200, "{created}");
    let theirs = created["id"].as_str().expect("an id").to_owned();
    let flood = client_from([127, 0, 0, 71]);
    let mut refused = 0;
    for _ in 0..10 {
        match challenge(&flood, addr, 2).await {
            (200, _) => {}
            (429, body) => {
                assert!(
                    body["error"]
                        .as_str()
                        .is_some_and(|e| e.contains("challenges")),
                    "{body}"
                );
                refused += 1;
            }
            (other, body) => panic!("{other}: {body}"),
        }
    }
    assert_eq!(refused, 7, "three listed a client");
    let lobby = listed(&quiet, addr).await;
    assert_eq!(lobby.len(), 4);
    assert!(
        lobby.contains(&theirs),
        "the other client's challenge stays listed"
    );
    // A game not for the lobby is not a challenge: not capped.
    let (status, _) = post(&flood, addr, "/api/games", &json!({"game": "ataxx-ice"})).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn only_a_challenges_creator_withdraws_it() {
    let addr = start(ServerConfig::default()).await;
    let creator = client_from([127, 0, 0, 80]);
    let (status, created) = challenge(&creator, addr, 3).await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id").to_owned();
    let token = created["seat_tokens"][0]
        .as_str()
        .expect("the creator's token")
        .to_owned();
    let joiner = client_from([127, 0, 0, 81]);
    let (status, joined) = post(&joiner, addr, &format!("/api/games/{id}/join"), &json!({})).await;
    assert_eq!(status, 200, "{joined}");
    let path = format!("/api/games/{id}/withdraw");
    let mine = json!({"seat": joined["seat"], "token": joined["token"]});
    let (status, body) = post(&joiner, addr, &path, &mine).await;
    assert_eq!(status, 403, "{body}");
    assert!(listed(&joiner, addr).await.contains(&id), "still listed");
    let (status, body) = post(&creator, addr, &path, &json!({"seat": 0, "token": token})).await;
    assert_eq!(status, 200, "{body}");
    assert!(!listed(&joiner, addr).await.contains(&id));
}

#[tokio::test]
async fn retention_never_deletes_a_game_whose_clock_runs() {
    let dir = temp_dir("retention");
    let db = dir.join("games.db");
    let config = ServerConfig {
        keep_for: Some(Duration::from_secs(1)),
        ..ServerConfig::default()
    };
    let (addr, app) = serve_db(db.to_str().expect("a path"), config).await;
    let c = client_from([127, 0, 0, 90]);
    let body = json!({"game": "martian-chess", "rules": {"first": "0"},
                      "clock": {"days_per_move": 14}});
    let (_, created) = post(&c, addr, "/api/games", &body).await;
    let id = created["id"].as_str().expect("an id").to_owned();
    for seat in 0..2 {
        let token = created["seat_tokens"][seat].as_str().expect("a token");
        get(
            &c,
            addr,
            &format!("/api/games/{id}?seat={seat}&token={token}"),
        )
        .await;
    }
    let (_, done) = post(&c, addr, "/api/games", &json!({"game": "ataxx-ice"})).await;
    let token = done["seat_tokens"][0].as_str().expect("a token");
    let (status, _) = post(
        &c,
        addr,
        &format!("/api/games/{}/resign", done["id"].as_str().expect("an id")),
        &json!({"seat": 0, "token": token}),
    )
    .await;
    assert_eq!(status, 200);
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    assert_eq!(
        app.expire_stored_games().await.expect("expiry"),
        1,
        "the finished game"
    );
    let (status, view) = get(&c, addr, &format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "the correspondence game stays: {view}");
    assert_eq!(view["clock"]["running"], 0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Makes a game of a person (seat 0, moving first) against `bot` from `c`, opens the
/// person's seat and plays its first move: the game's id and the person's token.
async fn person_against(
    c: &reqwest::Client,
    addr: SocketAddr,
    bot: &str,
    clock: Value,
) -> (String, String) {
    let body = json!({"game": "martian-chess", "rules": {"first": "0"},
                      "seats": ["human", bot], "clock": clock});
    let (status, created) = post(c, addr, "/api/games", &body).await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id").to_owned();
    let token = created["seat_tokens"][0]
        .as_str()
        .expect("a token")
        .to_owned();
    let (status, body) = crate::common::play_first(c, addr, &id, 0, &token).await;
    assert_eq!(status, 200, "{body}");
    (id, token)
}

async fn plies(c: &reqwest::Client, addr: SocketAddr, id: &str) -> u64 {
    let (_, view) = get(c, addr, &format!("/api/games/{id}")).await;
    view["plies"].as_u64().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_clients_costly_bots_queue_behind_each_other_not_in_front_of_anothers() {
    let (addr, app) = crate::common::start_app(ServerConfig {
        bot_threads: 1,
        ..ServerConfig::default()
    })
    .await;
    let busy = client_from([127, 0, 0, 100]);
    let mut theirs = Vec::new();
    for _ in 0..6 {
        theirs.push(
            person_against(&busy, addr, "ab:ms=300", Value::Null)
                .await
                .0,
        );
    }
    // Another person's bot asks after the busy client's six searches.
    let person = client_from([127, 0, 0, 101]);
    let (mine, _) = person_against(&person, addr, "mcts:ms=20", Value::Null).await;
    for _ in 0..400 {
        if plies(&person, addr, &mine).await >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(
        plies(&person, addr, &mine).await,
        2,
        "the person's bot answered"
    );
    let mut answered = 0;
    for id in &theirs {
        answered += usize::from(plies(&busy, addr, id).await >= 2);
    }
    assert!(
        answered <= 2,
        "the person's bot waited only for the search running when it asked, not for the busy client's queue ({answered} of 6 answered before it)"
    );
    assert!(app.bot_search_waits().0 >= 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_on_a_clock_budgets_its_thinking_by_its_time_left() {
    let addr = start(ServerConfig::default()).await;
    let c = client_from([127, 0, 0, 110]);
    // A 2-second search on a 3-second clock would flag in two moves: the bot thinks a
    // share of its time left instead.
    let (id, token) = person_against(&c, addr, "mcts:ms=2000", json!({"initial_seconds": 3})).await;
    let view = crate::common::wait_for(&c, addr, &id, 0, &token).await;
    assert_eq!(view["plies"], 2, "{view}");
    let left = view["clock"]["remaining_ms"][1].as_i64().expect("ms");
    assert!(left > 2_000, "the bot spent {} ms of its 3 s", 3_000 - left);
}
