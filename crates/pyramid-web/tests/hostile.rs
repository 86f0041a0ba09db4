//! Hostile clients: bot specs that would cost memory or minutes, games that never end,
//! games evicted with bots thinking, heavy replays, half-sent requests, refusals that are
//! not JSON, contradicting seat counts and idle games (issue 29).

use std::time::{Duration, Instant};

use crate::common::{
    client, cycling_record, get, post, raw, start, start_app, start_on_own_runtime,
};
use pyramid_web::ServerConfig;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// The seat specs of a new game, as the game's view shows them.
async fn seats_of(c: &reqwest::Client, addr: std::net::SocketAddr, created: &Value) -> Value {
    let id = created["id"].as_str().expect("an id");
    let (status, view) = get(c, addr, &format!("/api/games/{id}")).await;
    assert_eq!(status, 200, "{view}");
    view["seats"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_memory_is_capped_by_the_server() {
    let config = ServerConfig::default();
    let (bits, nodes) = (config.bots.max_table_bits, config.bots.max_tree_nodes);
    let addr = start(config).await;
    let c = client();
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "seats": ["human", "ab:depth=1,tt=22"]}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(
        seats_of(&c, addr, &created).await,
        json!(["human", format!("ab:depth=1,tt={bits}")])
    );
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "seats": ["mcts:iters=100,nodes=50000000", "human"]}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(
        seats_of(&c, addr, &created).await,
        json!([format!("mcts:iters=100,nodes={nodes}"), "human"])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_depth_iterations_and_playouts_beyond_the_caps_are_refused() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    for spec in [
        "ab:depth=4",
        "mcts:iters=50000",
        "ismcts:iters=50000",
        "mcts:iters=100,playout=0",
        "mcts:ms=2001",
    ] {
        let (status, body) = post(
            &c,
            addr,
            "/api/games",
            &json!({"game": "stacktrices", "seats": ["human", spec]}),
        )
        .await;
        assert_eq!(status, 400, "{spec}: {body}");
        assert!(
            body["error"]
                .as_str()
                .is_some_and(|e| e.contains("longer than")),
            "{spec}: {body}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_ends_at_the_servers_ply_limit() {
    let addr = start(ServerConfig {
        max_plies: 40,
        max_client_bot_games: 10,
        ..ServerConfig::default()
    })
    .await;
    let c = client();
    let (status, body) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "rules": {"ply_limit": 41}}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    // Bot games that can cycle forever (Ataxx-Ice 5x5, ab:depth=1 against itself) end at
    // the ply limit, and so do their answers' move lists.
    let mut ids = Vec::new();
    for _ in 0..10 {
        let (status, created) = post(
            &c,
            addr,
            "/api/games",
            &json!({"game": "ataxx-ice", "rules": {"size": 5, "ply_limit": "none"},
                    "seats": ["ab:depth=1", "ab:depth=1"]}),
        )
        .await;
        assert_eq!(status, 200, "{created}");
        ids.push(created["id"].as_str().expect("an id").to_owned());
    }
    for id in ids {
        let mut view = Value::Null;
        for _ in 0..500 {
            view = get(&c, addr, &format!("/api/games/{id}")).await.1;
            if view["outcome"].is_string() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert_eq!(view["rules"]["ply_limit"], "40", "{view}");
        assert!(view["outcome"].is_string(), "game {id} never ended: {view}");
        let plies = view["plies"].as_u64().expect("plies");
        assert!(plies <= 40, "{plies} plies");
        assert_eq!(view["moves"].as_array().map(Vec::len), Some(plies as usize));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_spelling_of_no_limit_escapes_the_servers_ply_limit() {
    let addr = start(ServerConfig {
        max_plies: 40,
        ..ServerConfig::default()
    })
    .await;
    let c = client();
    for no_limit in [json!("none"), json!("off"), json!(false)] {
        let (status, created) = post(
            &c,
            addr,
            "/api/games",
            &json!({"game": "martian-chess", "rules": {"ply_limit": no_limit}}),
        )
        .await;
        assert_eq!(status, 200, "{no_limit}: {created}");
        let id = created["id"].as_str().expect("an id");
        let view = get(&c, addr, &format!("/api/games/{id}")).await.1;
        assert_eq!(view["rules"]["ply_limit"], "40", "{no_limit}: {view}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn evicted_games_stop_their_bots_and_bot_threads_are_bounded() {
    let (addr, app) = start_app(ServerConfig {
        max_games: 3,
        max_bot_games: 2,
        bot_threads: 1,
        ..ServerConfig::default()
    })
    .await;
    let c = client();
    let mut ids = Vec::new();
    for _ in 0..8 {
        let (status, created) = post(
            &c,
            addr,
            "/api/games",
            &json!({"game": "martian-chess", "seats": ["mcts:ms=30", "mcts:ms=30"]}),
        )
        .await;
        assert_eq!(status, 200, "{created}");
        ids.push(created["id"].as_str().expect("an id").to_owned());
        assert!(app.bot_moves_running() <= 1, "{}", app.bot_moves_running());
    }
    // Each evicted game's task stops at its next move at the latest.
    let mut running = usize::MAX;
    for _ in 0..100 {
        running = app.bot_games_running();
        if running <= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(running <= 2, "{running} bot games still running");
    assert!(app.bot_moves_running() <= 1);
    assert_eq!(app.live_games(), 2);
    for (i, id) in ids.iter().enumerate() {
        let (status, _) = get(&c, addr, &format!("/api/games/{id}")).await;
        assert_eq!(status, if i < 6 { 404 } else { 200 }, "game {i}");
    }
    // A game without bots does not count against the bot games.
    let (status, _) = post(&c, addr, "/api/games", &json!({"game": "ataxx-ice"})).await;
    assert_eq!(status, 200);
    assert_eq!(app.live_games(), 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_is_computed_off_the_async_threads() {
    // One async thread and one replay thread: four 20,000-ply replays queue up.
    let (addr, _server) = start_on_own_runtime(
        ServerConfig {
            cpu_threads: 1,
            ..ServerConfig::default()
        },
        1,
    );
    let record = serde_json::to_vec(&cycling_record(20_000)).expect("a record");
    let c = client();
    // A try tells something only when the list was asked while the first replay was
    // still being worked out. With replays on the async thread, no such try can see the
    // list answered first; without, one can, though on a loaded 2-core machine the one
    // async thread may get no CPU before a replay ends: up to five tries, one is enough.
    let mut late = Vec::new();
    for _ in 0..5 {
        let mut replays = Vec::new();
        for _ in 0..4 {
            let (c, record) = (c.clone(), record.clone());
            replays.push(tokio::spawn(async move {
                let response = c
                    .post(format!("http://{addr}/api/replay"))
                    .header("content-type", "application/json")
                    .body(record)
                    .send()
                    .await
                    .expect("an answer");
                // When its head arrived: its work was done.
                let done = Instant::now();
                assert_eq!(response.status().as_u16(), 200);
                let body: Value = response.json().await.expect("JSON");
                assert_eq!(body["frames"].as_array().map(Vec::len), Some(20_001));
                done
            }));
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        let asked = Instant::now();
        let (status, _) = get(&c, addr, "/api/games").await;
        assert_eq!(status, 200);
        let answered = Instant::now();
        let mut first_replay = None::<Instant>;
        for replay in replays {
            let done = replay.await.expect("a replay");
            first_replay = Some(first_replay.map_or(done, |f| f.min(done)));
        }
        let Some(first_replay) = first_replay.filter(|first| *first > asked) else {
            continue;
        };
        // With a replay worked out on the server's one async thread, the list would wait
        // for it, and be answered after it.
        if answered < first_replay {
            return;
        }
        late.push(answered - first_replay);
    }
    assert!(
        late.is_empty(),
        "the game list was answered after a replay in every try that asked it in time ({late:?} late)"
    );
    panic!("in five tries, every first replay was done before the list was asked");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn half_sent_requests_are_closed_after_the_header_timeout() {
    let addr = start(ServerConfig {
        header_timeout: Duration::from_millis(300),
        max_connections: 8,
        ..ServerConfig::default()
    })
    .await;
    let mut sockets = Vec::new();
    for _ in 0..20 {
        let mut socket = tokio::net::TcpStream::connect(addr)
            .await
            .expect("a connection");
        socket
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
            .await
            .expect("half a request sent");
        sockets.push(socket);
    }
    for (i, socket) in sockets.iter_mut().enumerate() {
        let mut buffer = [0u8; 256];
        let read = tokio::time::timeout(Duration::from_secs(10), socket.read(&mut buffer)).await;
        // Closed: an end of file or a reset, with nothing or a refusal written.
        assert!(read.is_ok(), "connection {i} is still open");
    }
    // Meanwhile and afterwards, whole requests are answered.
    let (status, _) = get(&client(), addr, "/api/games").await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_refusal_is_a_json_error() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let long_path = format!("/api/games/{}", "a".repeat(9000));
    let cases: Vec<(u16, reqwest::RequestBuilder)> = vec![
        (405, c.delete(format!("http://{addr}/api/games"))),
        (405, c.put(format!("http://{addr}/api/games/x/actions"))),
        (414, c.get(format!("http://{addr}{long_path}"))),
        (
            431,
            c.get(format!("http://{addr}/api/games"))
                .header("x-big", "b".repeat(20_000)),
        ),
        (400, c.get(format!("http://{addr}/api/games/%FF%FE"))),
        (400, c.get(format!("http://{addr}/api/games/%FF%FE/svg"))),
        (
            400,
            c.post(format!("http://{addr}/api/games/%FF/actions"))
                .json(&json!({"seat": 0, "action": "x", "token": "t"})),
        ),
    ];
    for (expected, request) in cases {
        let response = request.send().await.expect("an answer");
        let status = response.status().as_u16();
        let text = response.text().await.expect("a body");
        assert_eq!(status, expected, "{text}");
        let body: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{status}: `{text}`"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heads_the_http_parser_refuses_get_json_errors_too() {
    let addr = start(ServerConfig::default()).await;
    // `Connection: close`: a head the parser reads after all (a large one read at once)
    // is refused by the routes' own limits, and the connection is not kept open.
    let long_path = format!(
        "GET /{} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        "a".repeat(70_000)
    );
    let mut many_headers =
        String::from("GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n");
    for i in 0..600 {
        many_headers.push_str(&format!("x-h{i}: v\r\n"));
    }
    many_headers.push_str("\r\n");
    let huge_header = format!(
        "GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\nx-big: {}\r\n\r\n",
        "b".repeat(500_000)
    );
    for (expected, request) in [
        (414, long_path.as_bytes()),
        (431, many_headers.as_bytes()),
        (431, huge_header.as_bytes()),
        (400, &b"NOT AN HTTP REQUEST\r\n\r\n"[..]),
    ] {
        let (status, body) = raw(addr, request).await;
        assert_eq!(status, expected, "{body}");
        let json: Value = serde_json::from_str(&body).unwrap_or(Value::Null);
        assert!(
            json["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{status}: `{body}`"
        );
    }
    // The connection goes on answering whole requests as before.
    let (status, body) = raw(
        addr,
        b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert_eq!(status, 200);
    assert!(body.contains("martian-chess"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn players_contradicting_the_rules_seats_is_refused() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (status, body) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "players": 2, "rules": {"seats": 3}}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("disagree")),
        "{body}"
    );
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "players": 3, "rules": {"seats": "3"}}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    assert_eq!(
        seats_of(&c, addr, &created).await,
        json!(["human", "human", "human"])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_games_expire_without_a_new_game_being_created() {
    let (addr, app) = start_app(ServerConfig {
        idle_expiry: Duration::from_millis(300),
        ..ServerConfig::default()
    })
    .await;
    let c = client();
    let mut ids = Vec::new();
    for _ in 0..2 {
        let (status, created) = post(&c, addr, "/api/games", &json!({"game": "card-siege"})).await;
        assert_eq!(status, 200, "{created}");
        ids.push(created["id"].as_str().expect("an id").to_owned());
    }
    // No request at all: the periodic sweep drops both.
    let mut live = usize::MAX;
    for _ in 0..100 {
        live = app.live_games();
        if live == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(live, 0);
    let (status, _) = get(&c, addr, &format!("/api/games/{}", ids[1])).await;
    assert_eq!(status, 404);
}

/// The request timeout and the body limits (tower-http's layers, `guard.rs`) answer as
/// the API documents: 408 and 413, as JSON errors.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_and_oversized_bodies_get_json_errors() {
    let addr = start(ServerConfig {
        request_timeout: Duration::from_millis(300),
        ..ServerConfig::default()
    })
    .await;
    let error_of = |body: &str| -> String {
        let json: Value = serde_json::from_str(body).unwrap_or(Value::Null);
        json["error"].as_str().unwrap_or_default().to_owned()
    };
    // A body announced and never sent: 408 once the request's time is up.
    let (status, body) = raw(
        addr,
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
          Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"game\"",
    )
    .await;
    assert_eq!(status, 408, "{body}");
    assert!(error_of(&body).contains("300 ms"), "{body}");
    // A body announced larger than the route reads: 413 before any of it is read.
    for (path, length) in [
        ("/api/games", 16 * 1024 + 1),
        ("/api/replay", 4 * 1024 * 1024 + 1),
    ] {
        let head = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n"
        );
        let (status, body) = raw(addr, head.as_bytes()).await;
        assert_eq!(status, 413, "{path}: {body}");
        assert!(error_of(&body).contains("too large"), "{path}: {body}");
    }
}
