//! Clocks (issue 38): a game made with `clock` keeps each seat's time on the server. Fischer
//! arithmetic through the API; a seat out of time loses with nobody asking (an event
//! stream sees it); the time spent while the server was down counts (SQLite, Postgres);
//! a move at the flag either stands or is refused, never both, and what was answered is
//! still there after a restart; invalid clocks are refused; a bot's thinking counts
//! against its clock; an open challenge's clock starts when its seat is taken. Short
//! clocks (1 to 3 seconds) keep it fast.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use pyramid_web::ServerConfig;
use serde_json::{Value, json};

use crate::common::postgres::Postgres;
use crate::common::{
    client, create_game, get, play_first, post, runtime, serve_db, start, temp_dir, two_people,
};

/// Makes a game from `body` and opens every seat whose token it gives (its people are at
/// the table: its clock starts); returns its id and its seat tokens (`""` for none).
async fn create(c: &reqwest::Client, addr: SocketAddr, body: &Value) -> (String, Vec<String>) {
    let (id, tokens) = create_game(c, addr, body).await;
    for (seat, token) in tokens.iter().enumerate().filter(|(_, t)| !t.is_empty()) {
        let (status, _) = get(
            c,
            addr,
            &format!("/api/games/{id}?seat={seat}&token={token}"),
        )
        .await;
        assert_eq!(status, 200);
    }
    (id, tokens)
}

/// Follows game `id`'s event stream (as a spectator: it asks nothing else of the server)
/// until a view has an outcome, within `within`; returns that view.
async fn stream_until_over(addr: SocketAddr, id: &str, within: Duration) -> Value {
    let c = client();
    let mut response = c
        .get(format!("http://{addr}/api/games/{id}/events"))
        .send()
        .await
        .expect("a stream");
    assert_eq!(response.status().as_u16(), 200);
    let deadline = tokio::time::Instant::now() + within;
    let mut text = String::new();
    loop {
        let chunk = tokio::time::timeout_at(deadline, response.chunk())
            .await
            .unwrap_or_else(|_| panic!("game {id} did not end within {within:?}: {text}"))
            .expect("the stream goes on")
            .unwrap_or_else(|| panic!("the stream of {id} ended: {text}"));
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            let data: String = event
                .lines()
                .filter_map(|l| l.strip_prefix("data:"))
                .map(str::trim_start)
                .collect();
            if let Ok(view) = serde_json::from_str::<Value>(&data)
                && view["outcome"].is_string()
            {
                return view;
            }
        }
    }
}

/// Checks that `view` ended with `seat` out of time.
fn assert_flagged(view: &Value, seat: u8) {
    assert_eq!(
        view["forfeit"],
        json!({"seat": seat, "reason": "ran out of time"}),
        "{view}"
    );
    let name = view["seat_names"][usize::from(seat)]
        .as_str()
        .expect("a name");
    assert_eq!(
        view["result"]["reason"],
        format!("{name} ran out of time"),
        "{view}"
    );
    assert!(view["to_act"].is_null(), "{view}");
    assert!(view["clock"]["running"].is_null(), "{view}");
    assert_eq!(
        view["clock"]["remaining_ms"][usize::from(seat)],
        0,
        "{view}"
    );
}

#[tokio::test]
async fn fischer_takes_the_time_spent_and_adds_the_increment() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    // Martian Chess's own rule option `clock` (a countdown of plies) beside a time control.
    let (id, tokens) = create(
        &c,
        addr,
        &json!({"game": "martian-chess", "rules": {"first": "0", "clock": "on"},
                "clock": {"initial_seconds": 2, "increment_seconds": 1}}),
    )
    .await;
    let (_, view) = get(
        &c,
        addr,
        &format!("/api/games/{id}?seat=0&token={}", tokens[0]),
    )
    .await;
    assert_eq!(view["rules"]["clock"], "on", "the game's rule is kept");
    let clock = &view["clock"];
    assert_eq!(clock["kind"], "fischer", "{view}");
    assert_eq!(clock["initial_seconds"], 2);
    assert_eq!(clock["increment_seconds"], 1);
    assert_eq!(clock["running"], 0);
    assert!(clock["as_of_ms"].as_i64().is_some_and(|t| t > 0), "{clock}");
    let left = clock["remaining_ms"][0].as_i64().expect("ms");
    assert!((1_800..=2_000).contains(&left), "{clock}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (status, after) = play_first(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(status, 200, "{after}");
    let clock = &after["clock"];
    assert_eq!(clock["running"], 1, "{clock}");
    // 2 s, less the 0.3 s or more spent, plus 1 s (without the increment: 1.7 s at most).
    let south = clock["remaining_ms"][0].as_i64().expect("ms");
    assert!((1_800..=2_700).contains(&south), "{clock}");
    let north = clock["remaining_ms"][1].as_i64().expect("ms");
    assert!((1_500..=2_000).contains(&north), "{clock}");
    // A game without a clock says so.
    let (plain, _) = create(&c, addr, &json!({"game": "ataxx-ice", "clock": null})).await;
    let (_, view) = get(&c, addr, &format!("/api/games/{plain}")).await;
    assert!(view["clock"].is_null(), "{view}");
    // The page's name of Martian Chess's rule option is not a time control's.
    let (_, list) = get(&c, addr, "/api/games").await;
    let martian = list["games"]
        .as_array()
        .and_then(|g| g.iter().find(|g| g["name"] == "martian-chess"))
        .expect("martian-chess")
        .clone();
    let option = martian["rule_options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["key"] == "clock"))
        .expect("its clock option")
        .clone();
    assert_eq!(option["label"], "calling the clock (capture countdown)");
}

#[tokio::test]
async fn a_seat_out_of_time_loses_with_nobody_asking() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let one_second = json!({"initial_seconds": 1});
    let began = Instant::now();
    let (two, tokens) = create(&c, addr, &two_people(&one_second)).await;
    let (_, view) = get(
        &c,
        addr,
        &format!("/api/games/{two}?seat=0&token={}", tokens[0]),
    )
    .await;
    let action = view["legal"][0].clone();
    let (four, _) = create(
        &c,
        addr,
        &json!({"game": "martian-chess", "players": 4, "rules": {"first": "2"},
                "clock": one_second}),
    )
    .await;
    let (ended_two, ended_four) = tokio::join!(
        stream_until_over(addr, &two, Duration::from_secs(4)),
        stream_until_over(addr, &four, Duration::from_secs(4)),
    );
    let took = began.elapsed();
    assert!(took >= Duration::from_millis(950), "{took:?}");
    assert_flagged(&ended_two, 0);
    assert_eq!(ended_two["result"]["winners"], json!([1]));
    assert!(
        ended_two["outcome"]
            .as_str()
            .is_some_and(|o| o.starts_with("seat 1 wins")),
        "{ended_two}"
    );
    assert_flagged(&ended_four, 2);
    assert_eq!(ended_four["result"]["winners"], json!([0, 1, 3]));
    // Too late: the seat's move is refused, saying why.
    let (status, body) = post(
        &c,
        addr,
        &format!("/api/games/{two}/actions"),
        &json!({"seat": 0, "action": action, "token": tokens[0]}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(body["error"], "South ran out of time: the game is over");
    let (_, view) = get(
        &c,
        addr,
        &format!("/api/games/{two}?seat=0&token={}", tokens[0]),
    )
    .await;
    assert!(
        view["status"]
            .as_str()
            .is_some_and(|s| s.starts_with("You lost") && s.contains("ran out of time")),
        "{view}"
    );
}

#[tokio::test]
async fn invalid_clocks_are_refused_with_their_reason() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    for (clock, words) in [
        (json!("5+2"), "must be an object"),
        (json!([300, 2]), "must be an object"),
        (json!({}), "needs initial_seconds"),
        (json!({"increment_seconds": 2}), "needs initial_seconds"),
        (
            json!({"initial_seconds": 60, "days_per_move": 1}),
            "give one kind",
        ),
        (json!({"initial": 60}), "no key `initial`"),
        (json!({"initial_seconds": 0}), "from 1 to 86400"),
        (json!({"initial_seconds": -1}), "from 1 to 86400"),
        (json!({"initial_seconds": 1.5}), "whole number"),
        (json!({"initial_seconds": "60"}), "whole number"),
        (
            json!({"initial_seconds": 60, "increment_seconds": 3601}),
            "from 0 to 3600",
        ),
        (json!({"days_per_move": 15}), "from 1 to 14"),
        (json!({"days_per_move": true}), "whole number"),
    ] {
        let (status, body) = post(&c, addr, "/api/games", &two_people(&clock)).await;
        assert_eq!(status, 400, "{clock}: {body}");
        let error = body["error"].as_str().expect("an error");
        assert!(error.contains(words), "{clock}: {error}");
    }
    let (_, created) = post(
        &c,
        addr,
        "/api/games",
        &two_people(&json!({"days_per_move": 3})),
    )
    .await;
    let id = created["id"].as_str().expect("an id");
    let (_, view) = get(&c, addr, &format!("/api/games/{id}")).await;
    assert_eq!(view["clock"]["kind"], "correspondence", "{view}");
    assert_eq!(view["clock"]["days_per_move"], 3);
    assert_eq!(view["clock"]["remaining_ms"][1], 3 * 86_400_000_i64);
}

#[tokio::test]
async fn a_bots_thinking_counts_against_its_clock() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    // A bot that waits 0.3 s before each move: its time runs meanwhile.
    let (id, tokens) = create(
        &c,
        addr,
        &json!({"game": "martian-chess", "rules": {"first": "0"}, "seats": ["human", "greedy"],
                "delay_ms": 300, "clock": {"initial_seconds": 5}}),
    )
    .await;
    // A bot that waits 1.5 s before it moves, on a clock of 1 s: flagged before it moves.
    let (slow, _) = create(
        &c,
        addr,
        &json!({"game": "martian-chess", "rules": {"first": "0"}, "delay_ms": 1500,
                "seats": ["greedy", "human"], "clock": {"initial_seconds": 1}}),
    )
    .await;
    let (status, body) = play_first(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(status, 200, "{body}");
    let view = crate::common::wait_for(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(view["plies"], 2, "{view}");
    let bot = view["clock"]["remaining_ms"][1].as_i64().expect("ms");
    assert!(bot <= 4_720, "the bot's wait was spent: {}", view["clock"]);
    let ended = stream_until_over(addr, &slow, Duration::from_secs(4)).await;
    assert_flagged(&ended, 0);
    assert_eq!(ended["plies"], 0, "{ended}");
}

#[tokio::test]
async fn an_open_challenges_clock_starts_when_its_seat_is_taken() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, tokens) = create(
        &c,
        addr,
        &json!({"game": "martian-chess", "rules": {"first": "0"}, "seats": ["human", "open"],
                "lobby": true, "clock": {"initial_seconds": 1, "increment_seconds": 0}}),
    )
    .await;
    let (_, lobby) = get(&c, addr, "/api/lobby").await;
    let listed = lobby["games"]
        .as_array()
        .and_then(|g| g.iter().find(|g| g["id"] == id.as_str()))
        .expect("listed")
        .clone();
    assert_eq!(
        listed["clock"],
        json!({"kind": "fischer", "initial_seconds": 1, "increment_seconds": 0})
    );
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let (_, view) = get(&c, addr, &format!("/api/games/{id}")).await;
    assert!(view["outcome"].is_null(), "nobody is out of time: {view}");
    assert!(view["clock"]["running"].is_null(), "{view}");
    assert_eq!(view["clock"]["remaining_ms"], json!([1000, 1000]));
    let (status, joined) = post(&c, addr, &format!("/api/games/{id}/join"), &json!({})).await;
    assert_eq!(status, 200, "{joined}");
    // Taken, not opened yet: the clock waits for its player.
    let (_, view) = get(&c, addr, &format!("/api/games/{id}")).await;
    assert!(view["clock"]["running"].is_null(), "{view}");
    assert_eq!(view["status"], "Waiting for North to join", "{view}");
    let token = joined["token"].as_str().expect("a token");
    get(&c, addr, &format!("/api/games/{id}?seat=1&token={token}")).await;
    let (_, view) = get(&c, addr, &format!("/api/games/{id}")).await;
    assert_eq!(view["clock"]["running"], 0, "{view}");
    let (status, body) = play_first(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["clock"]["running"], 1);
}

/// On `db`: a game whose clock runs when the server is killed, and one whose time runs out
/// while it is down. Started again, the first has lost the time the server was down and is
/// flagged when its time (so counted) runs out, or, where several servers may share the
/// database, once the dead server's lease of the game has run out too (within `lease`);
/// the second is over at once.
fn the_clock_runs_on_while_the_server_is_down(db: &str, lease: Duration) {
    let rt = runtime();
    let (running, flagged, moved) = rt.block_on(async {
        let (addr, _app) = serve_db(db, ServerConfig::default()).await;
        let c = client();
        let (running, tokens) = create(&c, addr, &two_people(&json!({"initial_seconds": 3}))).await;
        let (flagged, _) = create(&c, addr, &two_people(&json!({"initial_seconds": 1}))).await;
        let (status, body) = play_first(&c, addr, &running, 0, &tokens[0]).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["clock"]["running"], 1);
        (running, flagged, Instant::now())
    });
    rt.shutdown_background();
    std::thread::sleep(Duration::from_millis(1_200));
    let rt = runtime();
    rt.block_on(async {
        let (addr, _app) = serve_db(db, ServerConfig::default()).await;
        let c = client();
        let (_, view) = get(&c, addr, &format!("/api/games/{running}")).await;
        assert!(view["outcome"].is_null(), "{view}");
        assert_eq!(view["clock"]["running"], 1, "{view}");
        let north = view["clock"]["remaining_ms"][1].as_i64().expect("ms");
        assert!(
            (1..=3_000 - 1_200).contains(&north),
            "the time down is spent: {}",
            view["clock"]
        );
        let (_, view) = get(&c, addr, &format!("/api/games/{flagged}")).await;
        assert_flagged(&view, 0);
        let ended = stream_until_over(addr, &running, Duration::from_secs(3) + lease).await;
        assert_flagged(&ended, 1);
        let took = moved.elapsed();
        assert!(
            took >= Duration::from_millis(2_900) && took < Duration::from_millis(4_000) + lease,
            "flagged 3 s after its turn began, the time down included: {took:?}"
        );
        assert_eq!(ended["plies"], 1);
    });
    rt.shutdown_background();
}

#[test]
fn sqlite_the_clock_runs_on_while_the_server_is_down() {
    let dir = temp_dir("clocks");
    the_clock_runs_on_while_the_server_is_down(
        &dir.join("g.sqlite3").display().to_string(),
        Duration::ZERO,
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn postgres_the_clock_runs_on_while_the_server_is_down() {
    let Some(pg) = Postgres::start("postgres_the_clock_runs_on_while_the_server_is_down") else {
        return;
    };
    // The dead server's lease of the game runs out within 5 s (round/lease.rs).
    the_clock_runs_on_while_the_server_is_down(&pg.url, Duration::from_secs(5));
}

/// Moves sent about the moment their seat's time runs out (1 s after the start), some
/// before, some after: each is answered 200 and stands (the game goes on), or 409 and the
/// seat lost on time; never both, and what was answered is still so after a restart.
#[test]
fn a_move_at_the_flag_stands_or_is_refused_never_both() {
    let dir = temp_dir("clocks-race");
    let db = dir.join("g.sqlite3").display().to_string();
    let offsets: [i64; 8] = [-60, -30, -10, -3, 3, 10, 30, 60];
    let rt = runtime();
    let answers = rt.block_on(async {
        let (addr, _app) = serve_db(&db, ServerConfig::default()).await;
        let c = client();
        let tries = offsets.iter().map(|&offset| {
            let c = c.clone();
            async move {
                let (id, tokens) =
                    create(&c, addr, &two_people(&json!({"initial_seconds": 1}))).await;
                let began = Instant::now();
                let (_, view) = get(
                    &c,
                    addr,
                    &format!("/api/games/{id}?seat=0&token={}", tokens[0]),
                )
                .await;
                let action = view["legal"][0].clone();
                let at = Duration::from_millis(u64::try_from(1_000 + offset).unwrap_or(0));
                tokio::time::sleep(at.saturating_sub(began.elapsed())).await;
                let (status, body) = post(
                    &c,
                    addr,
                    &format!("/api/games/{id}/actions"),
                    &json!({"seat": 0, "action": action, "token": tokens[0]}),
                )
                .await;
                (id, status, body)
            }
        });
        let answers = futures_util::future::join_all(tries).await;
        for (id, status, body) in &answers {
            let (_, view) = get(&c, addr, &format!("/api/games/{id}")).await;
            match status {
                200 => {
                    assert_eq!(view["plies"], 1, "{view}");
                    assert_ne!(view["forfeit"]["seat"], 0, "{view}");
                }
                409 => {
                    assert!(
                        body["error"]
                            .as_str()
                            .is_some_and(|e| e.contains("ran out of time")),
                        "{body}"
                    );
                    assert_eq!(view["plies"], 0, "{view}");
                    assert_flagged(&view, 0);
                }
                _ => panic!("{status}: {body}"),
            }
        }
        answers
    });
    rt.shutdown_background();
    let rt = runtime();
    rt.block_on(async {
        let (addr, _app) = serve_db(&db, ServerConfig::default()).await;
        let c = client();
        for (id, status, _) in &answers {
            let (_, view) = get(&c, addr, &format!("/api/games/{id}")).await;
            if *status == 200 {
                assert_eq!(view["plies"], 1, "an answered move never vanishes: {view}");
                assert_ne!(view["forfeit"]["seat"], 0, "{view}");
            } else {
                assert_eq!(view["plies"], 0, "{view}");
                assert_flagged(&view, 0);
            }
        }
    });
    rt.shutdown_background();
    let _ = std::fs::remove_dir_all(&dir);
}
