//! A server on a loopback port for each test, stopped when the test's runtime ends.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use pyramid_web::ServerConfig;
use serde_json::Value;

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
