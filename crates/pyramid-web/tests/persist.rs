//! Games that last (issue 26): a server killed mid-game (its runtime dropped) and started
//! again on the same database has lost nothing, its bot seats move again; idle games
//! leave memory and come back from the database; several servers share one Postgres.
//! Every test runs on SQLite (a file in a temporary folder) and on a throwaway Postgres
//! cluster (skipped, saying so, where Postgres is not installed, unless
//! `PYRAMID_REQUIRE_POSTGRES=1`).

use std::net::SocketAddr;
use std::time::Duration;

use pyramid_web::ServerConfig;
use serde_json::{Value, json};

use crate::common::postgres::Postgres;
use crate::common::{client, get, post, runtime, serve_db as serve, temp_dir, wait_for};

/// Waits until game `id` has more than `plies` plies (as a spectator sees it).
async fn wait_past(c: &reqwest::Client, addr: SocketAddr, id: &str, plies: u64) -> Value {
    for _ in 0..1000 {
        let (status, view) = get(c, addr, &format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{view}");
        if view["plies"].as_u64().is_some_and(|p| p > plies) || view["result"].is_object() {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("game {id} never got past ply {plies}");
}

/// Plays seat 0's first legal action in game `id` and waits for its next turn.
async fn play_and_wait(c: &reqwest::Client, addr: SocketAddr, id: &str, token: &str) -> Value {
    let view = wait_for(c, addr, id, 0, token).await;
    let action = view["legal"][0].clone();
    let (status, body) = post(
        c,
        addr,
        &format!("/api/games/{id}/actions"),
        &json!({"seat": 0, "action": action, "token": token}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    wait_for(c, addr, id, 0, token).await
}

/// The first life: a human against a bot, a move each; two bots playing, killed
/// mid-game. Returns (human game id, its token, its moves, bot game id, its plies).
fn first_life(db: &str) -> (String, String, Value, String, u64) {
    let rt = runtime();
    let out = rt.block_on(async {
        let (addr, _app) = serve(db, ServerConfig::default()).await;
        let c = client();
        let (status, created) = post(
            &c,
            addr,
            "/api/games",
            &json!({"game": "martian-chess", "seats": ["human", "greedy"], "rules": {"ply_limit": 200}}),
        )
        .await;
        assert_eq!(status, 200, "{created}");
        let id = created["id"].as_str().expect("an id").to_owned();
        let token = created["seat_tokens"][0].as_str().expect("a token").to_owned();
        let view = play_and_wait(&c, addr, &id, &token).await;
        let (_, bots) = post(
            &c,
            addr,
            "/api/games",
            &json!({"game": "ataxx-ice", "seats": ["greedy", "greedy"], "delay_ms": 20}),
        )
        .await;
        let bots_id = bots["id"].as_str().expect("an id").to_owned();
        let seen = wait_past(&c, addr, &bots_id, 2).await;
        (id, token, view["moves"].clone(), bots_id, seen["plies"].as_u64().unwrap_or(0))
    });
    // Killed mid-game: the bots' game is still being played.
    rt.shutdown_background();
    out
}

/// A server killed mid-game and started again on `db` has every game, every move, and
/// its bot seats moving again.
fn nothing_is_lost_when_the_server_is_killed(db: &str) {
    let (id, token, moves, bots_id, bot_plies) = first_life(db);
    assert!(moves.as_array().is_some_and(|m| m.len() >= 2), "{moves}");
    let rt = runtime();
    rt.block_on(async {
        let (addr, app) = serve(db, ServerConfig::default()).await;
        // The game of two bots resumes by itself (in the background); the game waiting
        // for its person is loaded when asked for.
        for _ in 0..500 {
            if app.live_games() >= 1 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(
            app.live_games(),
            1,
            "the bot game is resumed at start, the person's game only when asked for"
        );
        let c = client();
        let view = wait_for(&c, addr, &id, 0, &token).await;
        assert_eq!(view["moves"], moves, "every move is still there");
        // The bot seat answers the next move.
        let after = play_and_wait(&c, addr, &id, &token).await;
        let n = after["moves"].as_array().map_or(0, Vec::len);
        assert!(n >= moves.as_array().map_or(0, Vec::len) + 2, "{after}");
        // The game of two bots goes on by itself from where it was.
        let seen = wait_past(&c, addr, &bots_id, bot_plies + 2).await;
        assert!(seen["plies"].as_u64().unwrap_or(0) > bot_plies || seen["result"].is_object());
    });
    rt.shutdown_background();
}

#[test]
fn sqlite_nothing_is_lost_when_the_server_is_killed() {
    let dir = temp_dir("sqlite");
    let db = dir.join("games.sqlite3");
    nothing_is_lost_when_the_server_is_killed(&db.display().to_string());
    assert!(db.is_file(), "the file is created on first start");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn postgres_nothing_is_lost_when_the_server_is_killed() {
    let Some(pg) = Postgres::start("postgres_nothing_is_lost_when_the_server_is_killed") else {
        return;
    };
    nothing_is_lost_when_the_server_is_killed(&pg.url);
}

/// Idle games leave memory and come back from `db` when asked for; with two servers on
/// one database, an action through one is seen through the other.
fn idle_games_come_back_and_servers_share(db: &str, servers: usize) {
    let rt = runtime();
    rt.block_on(async {
        let config = ServerConfig {
            idle_expiry: Duration::from_millis(200),
            ..ServerConfig::default()
        };
        let (a, app) = serve(db, config.clone()).await;
        let c = client();
        let (_, created) = post(&c, a, "/api/games", &json!({"game": "card-siege"})).await;
        let id = created["id"].as_str().expect("an id");
        let token = created["token"].as_str().expect("a token");
        let (_, view) = get(&c, a, &format!("/api/games/{id}")).await;
        let seat = view["to_act"].clone();
        let (_, mine) = get(&c, a, &format!("/api/games/{id}?seat={seat}&token={token}")).await;
        let action = mine["legal"][0].clone();
        let b = if servers > 1 {
            serve(db, config).await.0
        } else {
            a
        };
        let (status, body) = post(
            &c,
            b,
            &format!("/api/games/{id}/actions"),
            &json!({"seat": seat, "action": action, "token": token}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (_, seen) = get(&c, a, &format!("/api/games/{id}")).await;
        assert_eq!(
            seen["plies"], body["plies"],
            "the first server sees the action"
        );
        tokio::time::sleep(Duration::from_millis(600)).await;
        assert_eq!(app.live_games(), 0, "idle games leave memory");
        let (status, back) = get(&c, a, &format!("/api/games/{id}")).await;
        assert_eq!(status, 200, "{back}");
        assert_eq!(back["moves"], seen["moves"]);
    });
    rt.shutdown_background();
}

#[test]
fn sqlite_idle_games_come_back_from_the_database() {
    let dir = temp_dir("sqlite");
    idle_games_come_back_and_servers_share(&dir.join("g.sqlite3").display().to_string(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn postgres_two_servers_share_games_and_idle_games_come_back() {
    let Some(pg) = Postgres::start("postgres_two_servers_share_games_and_idle_games_come_back")
    else {
        return;
    };
    idle_games_come_back_and_servers_share(&pg.url, 2);
}
