//! A server under hostile load (expensive bot specs at the caps, bot games that cycle,
//! 20,000-ply replays, half-sent requests, heads trickled a byte at a time, 300 event
//! streams and games read over and over, all at once, each attacker from an address of
//! its own) still answers a person, from another address, promptly; prints the person's
//! latency figures (docs/web.md, "Hostile load").

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::common::{client_from, connect_from, cycling_record, post, start_on_own_runtime};
use pyramid_web::ServerConfig;
use serde_json::{Value, json};
use tokio::io::AsyncWriteExt;

/// How long the hostile load lasts.
const LOAD: Duration = Duration::from_secs(6);

/// The game specs the attackers create over and over: the costliest bots the caps allow,
/// and Ataxx-Ice 5x5 `ab:depth=1` against itself, which can cycle until the ply limit.
fn hostile_games() -> Vec<Value> {
    vec![
        json!({"game": "stacktrices", "seats": ["ismcts:iters=2000,playout=100", "mcts:iters=2000,playout=100"]}),
        json!({"game": "martian-chess", "players": 4, "seats": ["ab:depth=3", "ab:depth=3", "ab:depth=3", "ab:ms=2000"]}),
        json!({"game": "card-siege", "seats": ["mcts:ms=2000", "ismcts:ms=2000"]}),
        json!({"game": "ataxx-ice", "rules": {"size": 5}, "seats": ["ab:depth=1", "ab:depth=1"]}),
        json!({"game": "ataxx-ice", "rules": {"size": 5}, "seats": ["ab:depth=1", "ab:depth=1"]}),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_is_answered_promptly_under_hostile_load() {
    let (addr, _server) = start_on_own_runtime(ServerConfig::default(), 2);
    let record = Arc::new(serde_json::to_vec(&cycling_record(20_000)).expect("a record"));
    let stop = Arc::new(AtomicBool::new(false));
    let hostile = Arc::new(AtomicUsize::new(0));
    let game_ids = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
    let mut tasks = Vec::new();

    // Half-sent requests, never finished (reopened when the server closes them).
    tasks.push(tokio::spawn({
        let stop = Arc::clone(&stop);
        async move {
            let mut open = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                while open.len() < 100 {
                    let Ok(mut socket) = connect_from([127, 0, 0, 10], addr).await else {
                        break;
                    };
                    let _ = socket
                        .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\n")
                        .await;
                    open.push(socket);
                }
                tokio::time::sleep(Duration::from_millis(200)).await;
                open.clear();
            }
        }
    }));
    // Heads trickled a byte every 100 ms by 300 connections (reopened when closed).
    tasks.push(tokio::spawn({
        let stop = Arc::clone(&stop);
        async move {
            let head = b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n";
            let mut open: Vec<(tokio::net::TcpStream, usize)> = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                while open.len() < 300 {
                    let Ok(socket) = connect_from([127, 0, 0, 11], addr).await else {
                        break;
                    };
                    open.push((socket, 0));
                }
                let mut kept = Vec::with_capacity(open.len());
                for (mut socket, sent) in open {
                    let byte = head[sent % head.len()..][..1].to_vec();
                    if socket.write_all(&byte).await.is_ok() {
                        kept.push((socket, sent + 1));
                    }
                }
                open = kept;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }));
    // 300 event streams of one client on the bot games (reopened when refused or ended).
    tasks.push(tokio::spawn({
        let (stop, ids) = (Arc::clone(&stop), Arc::clone(&game_ids));
        async move {
            let mut open = Vec::new();
            let mut k = 0usize;
            while !stop.load(Ordering::Relaxed) {
                let id = {
                    let ids = ids.lock().expect("ids");
                    (!ids.is_empty()).then(|| ids[k % ids.len()].clone())
                };
                k += 1;
                let Some(id) = id else {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                if let Ok(mut socket) = connect_from([127, 0, 0, 12], addr).await {
                    let request = format!("GET /api/games/{id}/events HTTP/1.1\r\nHost: x\r\n\r\n");
                    if socket.write_all(request.as_bytes()).await.is_ok() {
                        open.push(socket);
                    }
                }
                if open.len() >= 300 {
                    open.remove(0);
                }
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    }));
    // Bot games created over and over from one address: expensive specs and cycling
    // games (the server refuses more than its share: 429).
    for k in 0..2 {
        let (stop, hostile, ids) = (
            Arc::clone(&stop),
            Arc::clone(&hostile),
            Arc::clone(&game_ids),
        );
        tasks.push(tokio::spawn(async move {
            let c = client_from([127, 0, 0, 13]);
            let games = hostile_games();
            let mut i = k;
            while !stop.load(Ordering::Relaxed) {
                let (status, created) = post(&c, addr, "/api/games", &games[i % games.len()]).await;
                assert!(status == 200 || status == 429, "{status}: {created}");
                if let Some(id) = created["id"].as_str() {
                    ids.lock().expect("ids").push(id.to_owned());
                }
                hostile.fetch_add(1, Ordering::Relaxed);
                i += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }));
    }
    // 20,000-ply replays, four at a time.
    for _ in 0..4 {
        let (stop, hostile, record) =
            (Arc::clone(&stop), Arc::clone(&hostile), Arc::clone(&record));
        tasks.push(tokio::spawn(async move {
            let c = client_from([127, 0, 0, 14]);
            while !stop.load(Ordering::Relaxed) {
                let answer = c
                    .post(format!("http://{addr}/api/replay"))
                    .header("content-type", "application/json")
                    .body(record.as_ref().clone())
                    .send()
                    .await
                    .expect("an answer");
                assert_eq!(answer.status().as_u16(), 200);
                let _ = answer.bytes().await;
                hostile.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    // The bot games read over and over.
    for _ in 0..4 {
        let (stop, hostile, ids) = (
            Arc::clone(&stop),
            Arc::clone(&hostile),
            Arc::clone(&game_ids),
        );
        tasks.push(tokio::spawn(async move {
            let c = client_from([127, 0, 0, 15]);
            let mut k = 0usize;
            while !stop.load(Ordering::Relaxed) {
                let id = {
                    let ids = ids.lock().expect("ids");
                    (!ids.is_empty()).then(|| ids[k % ids.len()].clone())
                };
                k += 7;
                match id {
                    Some(id) => {
                        let answer = c
                            .get(format!("http://{addr}/api/games/{id}"))
                            .send()
                            .await
                            .expect("an answer");
                        let _ = answer.bytes().await;
                        hostile.fetch_add(1, Ordering::Relaxed);
                    }
                    None => tokio::time::sleep(Duration::from_millis(10)).await,
                }
            }
        }));
    }

    // The person: a game against `random`, read and played every 50 ms.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let c = client_from([127, 0, 0, 2]);
    let mut latencies = Vec::new();
    let started = Instant::now();
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "martian-chess", "seats": ["human", "random"], "rules": {"first": 0}}),
    )
    .await;
    latencies.push(started.elapsed());
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id").to_owned();
    let token = created["token"].as_str().expect("a token").to_owned();
    while started.elapsed() < LOAD {
        let asked = Instant::now();
        let view: Value = c
            .get(format!("http://{addr}/api/games/{id}?seat=0&token={token}"))
            .send()
            .await
            .expect("an answer")
            .json()
            .await
            .expect("JSON");
        latencies.push(asked.elapsed());
        if view["outcome"].is_string() {
            break;
        }
        if let Some(action) = view["legal"].as_array().and_then(|l| l.first()) {
            let asked = Instant::now();
            let (status, body) = post(
                &c,
                addr,
                &format!("/api/games/{id}/actions"),
                &json!({"seat": 0, "action": action, "token": token}),
            )
            .await;
            latencies.push(asked.elapsed());
            assert_eq!(status, 200, "{body}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop.store(true, Ordering::Relaxed);
    for task in tasks {
        tokio::time::timeout(Duration::from_secs(30), task)
            .await
            .expect("the attackers stop")
            .expect("no attacker failed");
    }
    let first = latencies.first().map_or(0.0, |d| d.as_secs_f64() * 1e3);
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3;
    println!(
        "hostile load: {} hostile requests answered in {:.1} s; the human's {} requests: median {:.1} ms, p90 {:.1} ms, max {:.1} ms (creating the game {first:.1} ms)",
        hostile.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64(),
        latencies.len(),
        at(0.5),
        at(0.9),
        at(1.0)
    );
    assert!(
        latencies.len() >= 10,
        "the human made {} requests",
        latencies.len()
    );
    assert!(
        at(0.9) < 1000.0,
        "the human's p90 answer took {:.1} ms",
        at(0.9)
    );
    assert!(
        at(0.5) < 100.0,
        "the human's median answer took {:.1} ms",
        at(0.5)
    );
}
