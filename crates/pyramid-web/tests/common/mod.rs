//! A server on a loopback port for each test, stopped when the test's runtime ends.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use pyramid_web::ServerConfig;
use serde_json::{Value, json};

/// Starts a server on `127.0.0.1:0` and returns its address.
pub async fn start(config: ServerConfig) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let addr = listener.local_addr().expect("its address");
    tokio::spawn(pyramid_web::serve(listener, config));
    addr
}

/// A client with a bound on every request.
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .expect("a client")
}

/// A client whose connections come from loopback address `ip` (`127.0.0.N`): the
/// server counts what each address holds, so a test's attackers and its person use
/// addresses of their own.
pub fn client_from(ip: [u8; 4]) -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .local_address(std::net::IpAddr::from(ip))
        .build()
        .expect("a client")
}

/// A TCP connection to `addr` from loopback address `ip`.
pub async fn connect_from(ip: [u8; 4], addr: SocketAddr) -> std::io::Result<tokio::net::TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((ip, 0)))?;
    socket.connect(addr).await
}

/// `GET`s `path` and returns the status and the JSON body.
pub async fn get(client: &reqwest::Client, addr: SocketAddr, path: &str) -> (u16, Value) {
    let response = client
        .get(format!("http://{addr}{path}"))
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Sends `request` on a connection of its own and reads the answer to the end: its
/// status and body. For a refusal before the body, send the head alone: a body the
/// server never reads can reset the connection before its answer is read.
pub async fn raw(addr: SocketAddr, request: &[u8]) -> (u16, String) {
    let mut socket = tokio::net::TcpStream::connect(addr)
        .await
        .expect("a connection");
    // The server may answer and close before it has read the whole request.
    let _ = tokio::io::AsyncWriteExt::write_all(&mut socket, request).await;
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(
        Duration::from_secs(10),
        tokio::io::AsyncReadExt::read_to_end(&mut socket, &mut answer),
    )
    .await;
    let text = String::from_utf8_lossy(&answer).into_owned();
    let status = text.get(9..12).and_then(|s| s.parse().ok()).unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map_or("", |(_, b)| b)
        .to_owned();
    (status, body)
}

/// `POST`s `body` as JSON to `path` and returns the status and the JSON body.
pub async fn post(
    client: &reqwest::Client,
    addr: SocketAddr,
    path: &str,
    body: &Value,
) -> (u16, Value) {
    let response = client
        .post(format!("http://{addr}{path}"))
        .json(body)
        .send()
        .await
        .expect("the server answers");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// Waits until `seat` is to act in game `id` or the game is over; returns the seat's view.
pub async fn wait_for(
    client: &reqwest::Client,
    addr: SocketAddr,
    id: &str,
    seat: u8,
    token: &str,
) -> Value {
    for _ in 0..2000 {
        let (status, view) = get(
            client,
            addr,
            &format!("/api/games/{id}?seat={seat}&token={token}"),
        )
        .await;
        assert_eq!(status, 200, "{view}");
        if view["outcome"].is_string() || view["to_act"] == seat {
            return view;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    panic!("seat {seat} never got to act in game {id}");
}

/// Starts a server on `127.0.0.1:0` on the test's runtime and returns its address and
/// its state (to look at its games and bot work).
pub async fn start_app(config: ServerConfig) -> (SocketAddr, std::sync::Arc<pyramid_web::App>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let addr = listener.local_addr().expect("its address");
    let app = std::sync::Arc::new(pyramid_web::App::new(config));
    tokio::spawn(pyramid_web::serve_app(
        listener,
        std::sync::Arc::clone(&app),
    ));
    (addr, app)
}

/// A server started by [`start_on_own_runtime`]: dropped, it stops (its runtime shut
/// down: bot games in progress stop, so no test's server outlives it and slows others).
pub struct OwnServer {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for OwnServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

/// Starts a server on a thread of its own, on a runtime of its own with `threads` threads
/// for everything async (one: work done there would hold up every other request), apart
/// from the test's clients; it lasts until the returned [`OwnServer`] is dropped.
pub fn start_on_own_runtime(config: ServerConfig, threads: usize) -> (SocketAddr, OwnServer) {
    let (sender, receiver) = std::sync::mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let runtime = if threads <= 1 {
            tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
        } else {
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(threads)
                .enable_all()
                .build()
        }
        .expect("a runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("a loopback port");
            sender
                .send(listener.local_addr().expect("its address"))
                .expect("the test waits");
            tokio::select! {
                _ = pyramid_web::serve(listener, config) => {}
                _ = stopped => {}
            }
        });
        runtime.shutdown_background();
    });
    let addr = receiver
        .recv_timeout(Duration::from_secs(10))
        .expect("the server started");
    (addr, OwnServer { stop: Some(stop) })
}

/// A record line of a game that never ends by itself: Ataxx-Ice on 5x5 between two
/// `ab:depth=1` bots, which fall into a cycle, played to `plies` plies (the first seed
/// whose game lasts that long).
pub fn cycling_record(plies: usize) -> Value {
    let registry = pyramid_runtime::registry();
    let game = registry.get("ataxx-ice").expect("ataxx-ice");
    let options = [("size", "5"), ("ply_limit", "none")];
    for seed in 0..200u64 {
        let mut state = game.deal(&options, seed).expect("a start");
        let start = state.position();
        let mut bots = [
            game.bot("ab:depth=1", seed).expect("a bot"),
            game.bot("ab:depth=1", seed + 1000).expect("a bot"),
        ];
        let mut actions = Vec::with_capacity(plies);
        while actions.len() < plies {
            let Some(seat) = state.to_act() else { break };
            let action = bots[seat.index()].pick(&*state).expect("an action");
            state.play(&action).expect("legal");
            actions.push(action);
        }
        if actions.len() == plies {
            return serde_json::json!({
                "game": "ataxx-ice",
                "rules": {"seats": 2, "ply_limit": null, "options": ["size=5"]},
                "start": start,
                "actions": actions,
                "result": {"kind": "unfinished"},
            });
        }
    }
    panic!("no cycling game among 200 seeds");
}

/// Whether process `pid` has ended (Linux: no `/proc/PID`, or a zombie).
pub fn process_ended(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat
            .rsplit_once(')')
            .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z')),
    }
}

pub mod postgres;

/// A new empty folder under the system's temporary folder, named for `what`, this
/// process and a counter.
pub fn temp_dir(what: &str) -> std::path::PathBuf {
    static COUNT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    let dir = std::env::temp_dir().join(format!("pyramid-web-{what}-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    dir
}

/// A runtime of its own for one server life: dropped, the server dies at once, as by
/// `kill -9`.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}

/// Opens the database (resuming its games) and serves on a loopback port. A server
/// "killed" by dropping its runtime may still hold its SQLite file for a moment (a bot
/// move finishing on a blocking thread): opening is tried again for a few seconds.
pub async fn serve_db(
    db: &str,
    config: ServerConfig,
) -> (SocketAddr, std::sync::Arc<pyramid_web::App>) {
    let config = ServerConfig {
        db: Some(db.to_owned()),
        ..config
    };
    let mut tries = 0;
    let app = loop {
        match pyramid_web::App::open(config.clone()).await {
            Ok(app) => break app,
            Err(pyramid_web::DbError::InUse(_)) if tries < 100 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("the database does not open: {e}"),
        }
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a loopback port");
    let addr = listener.local_addr().expect("its address");
    tokio::spawn(pyramid_web::serve_app(
        listener,
        std::sync::Arc::clone(&app),
    ));
    (addr, app)
}

/// Makes a game from `body`; returns its id and its seat tokens (`""` for none).
pub async fn create_game(
    c: &reqwest::Client,
    addr: SocketAddr,
    body: &Value,
) -> (String, Vec<String>) {
    let (status, created) = post(c, addr, "/api/games", body).await;
    assert_eq!(status, 200, "{created}");
    let tokens = created["seat_tokens"]
        .as_array()
        .expect("tokens")
        .iter()
        .map(|t| t.as_str().unwrap_or_default().to_owned())
        .collect();
    (created["id"].as_str().expect("an id").to_owned(), tokens)
}

/// Two people at Martian Chess, South (seat 0) first, with this `clock` (`null`: none).
pub fn two_people(clock: &Value) -> Value {
    json!({"game": "martian-chess", "rules": {"first": "0"}, "clock": clock})
}

/// Plays `seat`'s first legal action with `token`; returns the status and answer.
pub async fn play_first(
    c: &reqwest::Client,
    addr: SocketAddr,
    id: &str,
    seat: u8,
    token: &str,
) -> (u16, Value) {
    let (_, view) = get(
        c,
        addr,
        &format!("/api/games/{id}?seat={seat}&token={token}"),
    )
    .await;
    let action = view["legal"][0].clone();
    post(
        c,
        addr,
        &format!("/api/games/{id}/actions"),
        &json!({"seat": seat, "action": action, "token": token}),
    )
    .await
}
