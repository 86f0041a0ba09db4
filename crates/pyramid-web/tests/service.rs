//! Issue 46: several servers on one Postgres as one service. A viewer on one server sees
//! a move played through another within moments (Postgres's `LISTEN`/`NOTIFY`); a server
//! killed in the middle of a bot game and a running clock leaves them to another (their
//! leases run out), nothing played twice; a real reverse proxy (Debian's nginx) in front
//! of two servers, trusted by both, plays a game with its events and keeps each client's
//! limits its own.

use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use pyramid_web::{ServerConfig, parse_trusted};
use serde_json::{Value, json};

use crate::common::postgres::Postgres;
use crate::common::{client, client_from, get, post, start_on_own_runtime, temp_dir};

fn on(pg: &Postgres) -> ServerConfig {
    ServerConfig {
        db: Some(pg.url.clone()),
        ..ServerConfig::default()
    }
}

/// Reads game events from `response` until one satisfies `done` or `within` passes.
async fn event_where(
    mut response: reqwest::Response,
    within: Duration,
    done: impl Fn(&Value) -> bool,
) -> Option<Value> {
    let mut text = String::new();
    let ends = tokio::time::Instant::now() + within;
    loop {
        let chunk = tokio::time::timeout_at(ends, response.chunk())
            .await
            .ok()?
            .ok()??;
        text.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = text.find("\n\n") {
            let event: String = text.drain(..end + 2).collect();
            for line in event.lines() {
                if let Some(data) = line.strip_prefix("data: ")
                    && let Ok(view) = serde_json::from_str::<Value>(data)
                    && done(&view)
                {
                    return Some(view);
                }
            }
        }
    }
}

#[test]
fn a_viewer_on_one_server_sees_a_move_played_through_another() {
    let Some(pg) = Postgres::start("a_viewer_on_one_server_sees_a_move_played_through_another")
    else {
        return;
    };
    let (a, _server_a) = start_on_own_runtime(on(&pg), 2);
    let (b, _server_b) = start_on_own_runtime(on(&pg), 2);
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    rt.block_on(async {
        let c = client();
        let (_, created) = post(
            &c,
            a,
            "/api/games",
            &json!({"game": "martian-chess", "rules": {"first": "0"}}),
        )
        .await;
        let id = created["id"].as_str().expect("an id").to_owned();
        let token = created["seat_tokens"][0]
            .as_str()
            .expect("a token")
            .to_owned();
        // A spectator on server B.
        let stream = c
            .get(format!("http://{b}/api/games/{id}/events"))
            .send()
            .await
            .expect("a stream");
        assert_eq!(stream.status().as_u16(), 200);
        let played = Instant::now();
        let (status, body) = crate::common::play_first(&c, a, &id, 0, &token).await;
        assert_eq!(status, 200, "{body}");
        let seen = event_where(stream, Duration::from_secs(5), |v| v["plies"] == 1).await;
        assert!(
            seen.is_some(),
            "server B's viewer saw the move played through A"
        );
        assert!(played.elapsed() < Duration::from_secs(5));
    });
}

#[test]
fn a_killed_servers_bot_game_and_clock_go_on_through_another() {
    let Some(pg) = Postgres::start("a_killed_servers_bot_game_and_clock_go_on_through_another")
    else {
        return;
    };
    let (a, server_a) = start_on_own_runtime(on(&pg), 2);
    let (b, _server_b) = start_on_own_runtime(on(&pg), 2);
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    rt.block_on(async {
        let c = client();
        let body = json!({"game": "martian-chess", "seats": ["random", "random"], "delay_ms": 100,
                          "rules": {"ply_limit": 400}});
        let (_, created) = post(&c, a, "/api/games", &body).await;
        let bots = created["id"].as_str().expect("an id").to_owned();
        let body = json!({"game": "martian-chess", "rules": {"first": "0"}, "clock": {"initial_seconds": 2}});
        let (_, created) = post(&c, a, "/api/games", &body).await;
        let clocked = created["id"].as_str().expect("an id").to_owned();
        for seat in 0..2 {
            let token = created["seat_tokens"][seat].as_str().expect("a token");
            get(&c, a, &format!("/api/games/{clocked}?seat={seat}&token={token}")).await;
        }
        // Server B holds both games too (a viewer there): it plays neither, A does.
        get(&c, b, &format!("/api/games/{bots}")).await;
        get(&c, b, &format!("/api/games/{clocked}")).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let (_, before) = get(&c, b, &format!("/api/games/{bots}")).await;
        let plies_at_kill = before["plies"].as_u64().expect("plies");
        assert!(plies_at_kill >= 1, "A played: {before}");
        drop(server_a);
        // Within the lease (5 s) and a sweep, B takes both over.
        let mut view = Value::Null;
        for _ in 0..150 {
            (_, view) = get(&c, b, &format!("/api/games/{bots}")).await;
            if view["plies"].as_u64().unwrap_or(0) >= plies_at_kill + 3 || view["outcome"].is_string() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(
            view["plies"].as_u64().unwrap_or(0) > plies_at_kill + 1,
            "the bot game goes on: {view}"
        );
        let (_, clock) = get(&c, b, &format!("/api/games/{clocked}")).await;
        assert_eq!(clock["forfeit"]["reason"], "ran out of time", "{clock}");
        // Nothing played twice: the record is one line of plies, each legal in turn.
        let record = c
            .get(format!("http://{b}/api/games/{bots}/record"))
            .send()
            .await
            .expect("a record")
            .text()
            .await
            .expect("text");
        let (status, replayed) = post(&c, b, "/api/replay", &serde_json::from_str::<Value>(&record).expect("JSON")).await;
        assert_eq!(status, 200, "the stored plies replay: {replayed}");
    });
}

/// nginx on a free loopback port in front of `upstreams`, its files in `dir`; stopped
/// when dropped.
struct Nginx {
    child: Child,
    port: u16,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Where nginx is: on the `PATH`, else Debian's `/usr/sbin/nginx`.
fn nginx_binary() -> Option<std::path::PathBuf> {
    let on_path = Command::new("sh")
        .args(["-c", "command -v nginx"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| std::path::PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    on_path.or_else(|| Some(std::path::PathBuf::from("/usr/sbin/nginx")).filter(|p| p.is_file()))
}

/// The configuration docs/web.md gives ("Running it for many people"), on `port`, in
/// front of `upstreams`.
fn nginx_conf(dir: &std::path::Path, port: u16, upstreams: &[SocketAddr]) -> String {
    let servers: String = upstreams
        .iter()
        .map(|a| format!("        server {a};\n"))
        .collect();
    let dir = dir.display();
    format!(
        "worker_processes 1;
daemon off;
pid {dir}/nginx.pid;
error_log {dir}/error.log;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    upstream pyramid {{
{servers}    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://pyramid;
            proxy_http_version 1.1;
            proxy_set_header Connection \"\";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            # Event streams: passed on as they come, and kept open.
            proxy_buffering off;
            proxy_read_timeout 1h;
        }}
    }}
}}
"
    )
}

fn start_nginx(upstreams: &[SocketAddr]) -> Option<Nginx> {
    let Some(binary) = nginx_binary() else {
        assert!(
            std::env::var("PYRAMID_REQUIRE_POSTGRES").as_deref() != Ok("1"),
            "no nginx (scripts/install-nginx.sh installs it)"
        );
        eprintln!("skipped: nginx is not installed (scripts/install-nginx.sh)");
        return None;
    };
    let dir = temp_dir("nginx");
    // Its workers may run as `nobody` (when root): they write in there.
    let _ = Command::new("chmod").arg("777").arg(&dir).status();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port();
    let conf = dir.join("nginx.conf");
    std::fs::write(&conf, nginx_conf(&dir, port, upstreams)).expect("the configuration");
    let child = Command::new(binary)
        .arg("-c")
        .arg(&conf)
        .arg("-p")
        .arg(&dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nginx starts");
    let nginx = Nginx { child, port };
    for _ in 0..200 {
        if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
            return Some(nginx);
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    panic!(
        "nginx did not listen: {}",
        std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
    );
}

#[test]
fn a_game_through_nginx_in_front_of_two_servers_on_one_postgres() {
    let Some(pg) = Postgres::start("a_game_through_nginx_in_front_of_two_servers_on_one_postgres")
    else {
        return;
    };
    let config = ServerConfig {
        trusted_proxies: vec![parse_trusted("127.0.0.1").expect("an address")],
        creates_per_minute: 3,
        ..on(&pg)
    };
    let (a, _server_a) = start_on_own_runtime(config.clone(), 2);
    let (b, _server_b) = start_on_own_runtime(config, 2);
    let Some(nginx) = start_nginx(&[a, b]) else {
        return;
    };
    let proxy = SocketAddr::from(([127, 0, 0, 1], nginx.port));
    let rt = tokio::runtime::Runtime::new().expect("a runtime");
    rt.block_on(async {
        let c = client_from([127, 0, 0, 150]);
        let body =
            json!({"game": "martian-chess", "rules": {"first": "0"}, "seats": ["human", "greedy"]});
        let (status, created) = post(&c, proxy, "/api/games", &body).await;
        assert_eq!(status, 200, "{created}");
        let id = created["id"].as_str().expect("an id").to_owned();
        let token = created["seat_tokens"][0]
            .as_str()
            .expect("a token")
            .to_owned();
        let stream = c
            .get(format!(
                "http://{proxy}/api/games/{id}/events?seat=0&token={token}"
            ))
            .send()
            .await
            .expect("a stream");
        assert_eq!(stream.status().as_u16(), 200);
        // Each request may reach either server; the stream hears every move.
        let (status, body) = crate::common::play_first(&c, proxy, &id, 0, &token).await;
        assert_eq!(status, 200, "{body}");
        let answered = event_where(stream, Duration::from_secs(10), |v| v["plies"] == 2).await;
        assert!(
            answered.is_some(),
            "the bot's answer reached the stream through nginx"
        );
        for _ in 0..4 {
            let view = crate::common::wait_for(&c, proxy, &id, 0, &token).await;
            if view["outcome"].is_string() {
                break;
            }
            let (status, body) = crate::common::play_first(&c, proxy, &id, 0, &token).await;
            assert_eq!(status, 200, "{body}");
        }
        // Behind the trusted proxy each client keeps its own allowance (3 a minute on each
        // server): this one runs out, another client is not held back by it.
        let mut made = 1;
        loop {
            let (status, _) = post(&c, proxy, "/api/games", &json!({"game": "ataxx-ice"})).await;
            if status == 429 {
                break;
            }
            assert_eq!(status, 200);
            made += 1;
            assert!(made <= 6, "two servers of 3 a minute each refuse a seventh");
        }
        let other = client_from([127, 0, 0, 151]);
        let (status, _) = post(&other, proxy, "/api/games", &json!({"game": "ataxx-ice"})).await;
        assert_eq!(
            status, 200,
            "another client behind the proxy has its own allowance"
        );
    });
    drop(nginx);
}
