//! 200 games at once through the API: bot against bot and human against bot, every game
//! played to its end with no error; prints the action route's latency percentiles.

use std::time::{Duration, Instant};

use crate::common::{client, get, post, start, wait_for};
use pyramid_web::ServerConfig;
use serde_json::json;

const GAMES: usize = 200;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_concurrent_games_end_without_error() {
    let addr = start(ServerConfig {
        max_bot_games: GAMES,
        // One client plays every game here: its share is the whole server's.
        max_client_bot_games: GAMES,
        max_client_connections: 256,
        creates_per_minute: 10_000,
        ..ServerConfig::default()
    })
    .await;
    let games = ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"];
    let mut tasks = Vec::new();
    for i in 0..GAMES {
        let game = games[i % games.len()];
        let mixed = i % 2 == 1;
        tasks.push(tokio::spawn(async move {
            let c = client();
            let seats = if mixed {
                json!(["human", "random"])
            } else {
                json!(["random", "greedy"])
            };
            let mut rules = json!({"ply_limit": 60});
            if game == "stacktrices" {
                rules["start"] = json!("standard");
            }
            let (status, created) = post(
                &c,
                addr,
                "/api/games",
                &json!({"game": game, "seats": seats, "rules": rules}),
            )
            .await;
            assert_eq!(status, 200, "{created}");
            let id = created["id"].as_str().expect("an id").to_owned();
            let token = created["token"].as_str().expect("a token").to_owned();
            let mut latencies = Vec::new();
            if mixed {
                let mut k = 0usize;
                loop {
                    let view = wait_for(&c, addr, &id, 0, &token).await;
                    if view["outcome"].is_string() {
                        break;
                    }
                    let legal = view["legal"].as_array().expect("legal actions");
                    let action = &legal[(k * 7 + i) % legal.len()];
                    let started = Instant::now();
                    let (status, body) = post(
                        &c,
                        addr,
                        &format!("/api/games/{id}/actions"),
                        &json!({"seat": 0, "action": action, "token": token}),
                    )
                    .await;
                    latencies.push(started.elapsed());
                    assert_eq!(status, 200, "{body}");
                    k += 1;
                }
            } else {
                loop {
                    let (status, view) = get(&c, addr, &format!("/api/games/{id}")).await;
                    assert_eq!(status, 200, "{view}");
                    if view["outcome"].is_string() {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(10)).await;
                }
            }
            latencies
        }));
    }
    let started = Instant::now();
    let mut latencies = Vec::new();
    for task in tasks {
        let done = tokio::time::timeout(Duration::from_secs(300), task)
            .await
            .expect("every game ends within the bound")
            .expect("no task panicked");
        latencies.extend(done);
    }
    latencies.sort();
    assert!(!latencies.is_empty());
    let at = |q: f64| latencies[((latencies.len() - 1) as f64 * q) as usize];
    println!(
        "{GAMES} games in {:.1} s; action route over {} actions: p50 {:.2} ms, p99 {:.2} ms",
        started.elapsed().as_secs_f64(),
        latencies.len(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3
    );
}
