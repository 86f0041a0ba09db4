//! The routes without a socket (`tower::ServiceExt::oneshot` on the router): the game's
//! words for people (issue 26), links, resigning, rematches, records and rules pages.

use std::sync::Arc;

use axum::body::Body;
use axum::http::{Request, header};
use pyramid_web::{App, ServerConfig};
use serde_json::{Value, json};
use tower::ServiceExt;

/// One request through a router over `app`: the status, the content type and the body.
async fn call(
    app: &Arc<App>,
    method: &str,
    path: &str,
    body: Option<Value>,
) -> (u16, String, String) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .expect("a request");
    let response = pyramid_web::router(Arc::clone(app))
        .oneshot(request)
        .await
        .expect("an answer");
    let status = response.status().as_u16();
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let bytes = axum::body::to_bytes(response.into_body(), 1 << 22)
        .await
        .expect("a body");
    (status, kind, String::from_utf8_lossy(&bytes).into_owned())
}

/// [`call`] with a JSON answer.
async fn json_call(app: &Arc<App>, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
    let (status, _, text) = call(app, method, path, body).await;
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Creates the game `request` describes, which must be accepted, and gives the answer.
async fn create_game(app: &Arc<App>, request: Value) -> Value {
    let (status, created) = json_call(app, "POST", "/api/games", Some(request)).await;
    assert_eq!(status, 200, "{created}");
    created
}

fn app() -> Arc<App> {
    Arc::new(App::new(ServerConfig::default()))
}

#[tokio::test]
async fn a_game_tells_each_viewer_its_seat_whose_turn_and_the_links() {
    let app = app();
    let (status, created) = json_call(
        &app,
        "POST",
        "/api/games",
        Some(json!({"game": "card-siege"})),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id");
    let t1 = created["seat_tokens"][1].as_str().expect("seat 1's token");
    assert_eq!(created["links"]["spectator"], format!("/#game={id}"));
    assert_eq!(
        created["links"]["seats"][1],
        format!("/#game={id}&seat=1&token={t1}")
    );
    let (_, view) = json_call(
        &app,
        "GET",
        &format!("/api/games/{id}?seat=1&token={t1}"),
        None,
    )
    .await;
    // Hearts has not opened the game yet: it waits for them.
    assert_eq!(view["waiting_for"], json!([0]));
    assert_eq!(view["status"], "Waiting for Hearts to join");
    let t0 = created["seat_tokens"][0].as_str().expect("seat 0's token");
    json_call(
        &app,
        "GET",
        &format!("/api/games/{id}?seat=0&token={t0}"),
        None,
    )
    .await;
    let (_, view) = json_call(
        &app,
        "GET",
        &format!("/api/games/{id}?seat=1&token={t1}"),
        None,
    )
    .await;
    assert_eq!(view["waiting_for"], json!([]));
    assert_eq!(view["seat_names"], json!(["Hearts", "Spades"]));
    assert_eq!(view["you"], 1);
    assert_eq!(view["rules_url"], "/rules/card-siege");
    assert_eq!(view["result"], Value::Null);
    assert_eq!(view["thinking"], json!([]));
    let to_act = view["to_act"].as_u64().expect("a seat to act");
    let expected = if to_act == 1 {
        "Your turn".to_owned()
    } else {
        "Hearts to act".to_owned()
    };
    assert_eq!(view["status"], expected);
    assert_eq!(view["to_act_name"], ["Hearts", "Spades"][to_act as usize]);
    // A seat token acts only for its seat.
    let (status, _) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(json!({"seat": 0, "token": t1})),
    )
    .await;
    assert_eq!(status, 403);
}

/// Issue 26: a card-siege game lost by a won siege with no evacuation square says why,
/// and not that a seat is still to act.
#[tokio::test]
async fn a_won_siege_without_an_evacuation_square_ends_in_words_with_nobody_to_act() {
    let app = app();
    // Spades slides c1-e1; the siege it wins leaves its King nowhere to go.
    let start = start_of_lost_siege();
    let (status, created) = json_call(
        &app,
        "POST",
        "/api/games",
        Some(json!({"game": "card-siege", "start": start})),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id");
    let token = created["token"].as_str().expect("a token");
    let (status, view) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(json!({"seat": 1, "action": "c1-e1", "token": token})),
    )
    .await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["to_act"], Value::Null);
    assert_eq!(view["to_act_name"], Value::Null);
    assert_eq!(view["result"]["winners"], json!([0]));
    assert_eq!(
        view["status"],
        "You lost: Spades won the siege but no square was free for its King to evacuate"
    );
    assert!(!view["status"].as_str().unwrap_or("").contains("to act"));
}

/// The position of card-siege's rules test of the same name: Spades to move, `c1-e1`
/// makes a siege the Spades King wins with no evacuation square (`.` an empty square,
/// ranks 3 to 1 of 15 files).
fn start_of_lost_siege() -> String {
    let mut cells = vec![".".to_owned(); 45];
    for (card, square) in [("7s", "c1"), ("4h", "e2"), ("Ks", "d2"), ("Kh", "o1")] {
        let file = usize::from(square.as_bytes()[0] - b'a');
        let rank = usize::from(square.as_bytes()[1] - b'1');
        cells[rank * 15 + file] = card.to_owned();
    }
    let field: Vec<String> = (0..3)
        .rev()
        .map(|r| cells[r * 15..r * 15 + 15].concat())
        .collect();
    format!("{} s 0,0 - - 0", field.join("/"))
}

#[tokio::test]
async fn resigning_ends_the_game_and_a_rematch_rotates_the_seats() {
    let app = app();
    let created = create_game(
        &app,
        json!({"game": "ataxx-ice", "seats": ["human", "human"]}),
    )
    .await;
    let id = created["id"].as_str().expect("an id");
    let t0 = created["seat_tokens"][0].as_str().expect("a token");
    let t1 = created["seat_tokens"][1].as_str().expect("a token");
    let resign = format!("/api/games/{id}/resign");
    let (status, view) =
        json_call(&app, "POST", &resign, Some(json!({"seat": 0, "token": t0}))).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["status"], "You lost: Red resigned");
    assert_eq!(view["result"]["winners"], json!([1]));
    let (status, _) = json_call(&app, "POST", &resign, Some(json!({"seat": 1, "token": t1}))).await;
    assert_eq!(status, 409);

    let (status, rematch) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/rematch"),
        Some(json!({"seat": 1, "token": t1})),
    )
    .await;
    assert_eq!(status, 200, "{rematch}");
    let new_id = rematch["id"].as_str().expect("an id");
    // Seat 1's sitter sits in seat 0 now; only its own token is given.
    let mine = rematch["seat_tokens"][0].as_str().expect("its token");
    assert_eq!(rematch["seat_tokens"][1], Value::Null);
    let (_, old) = json_call(
        &app,
        "GET",
        &format!("/api/games/{id}?seat=1&token={t1}"),
        None,
    )
    .await;
    assert_eq!(old["rematch"]["id"], new_id);
    assert_eq!(
        old["rematch"]["link"],
        format!("/#game={new_id}&seat=0&token={mine}")
    );
    let (_, old0) = json_call(
        &app,
        "GET",
        &format!("/api/games/{id}?seat=0&token={t0}"),
        None,
    )
    .await;
    let link0 = old0["rematch"]["link"].as_str().expect("a link");
    assert!(
        link0.starts_with(&format!("/#game={new_id}&seat=1&token=")),
        "{link0}"
    );
    let (_, seen) = json_call(
        &app,
        "GET",
        &format!("/api/games/{new_id}?seat=0&token={mine}"),
        None,
    )
    .await;
    assert_eq!(seen["you"], 0);
}

#[tokio::test]
async fn the_record_line_replays_and_the_rules_page_is_html() {
    let app = app();
    let created = create_game(
        &app,
        json!({"game": "martian-chess", "seats": ["human", "human"]}),
    )
    .await;
    let id = created["id"].as_str().expect("an id");
    let token = created["token"].as_str().expect("a token");
    for _ in 0..3 {
        let (_, view) = json_call(
            &app,
            "GET",
            &format!("/api/games/{id}?seat=0&token={token}"),
            None,
        )
        .await;
        let seat = view["to_act"].as_u64().expect("a seat");
        let (_, view) = json_call(
            &app,
            "GET",
            &format!("/api/games/{id}?seat={seat}&token={token}"),
            None,
        )
        .await;
        let action = view["legal"][0].clone();
        let (status, after) = json_call(
            &app,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(json!({"seat": seat, "action": action, "token": token})),
        )
        .await;
        assert_eq!(status, 200, "{after}");
        // The other seat's last turn, in words and squares.
        let other = 1 - seat;
        let (_, theirs) = json_call(
            &app,
            "GET",
            &format!("/api/games/{id}?seat={other}&token={token}"),
            None,
        )
        .await;
        assert_eq!(theirs["last_turn"][0]["action"], action);
        assert!(
            theirs["last_turn"][0]["words"]
                .as_str()
                .is_some_and(|w| w.contains(" moved "))
        );
        assert_eq!(
            theirs["last_turn"][0]["squares"].as_array().map(Vec::len),
            Some(2)
        );
        assert!(theirs["scores"].is_array());
    }
    let (status, kind, line) = call(&app, "GET", &format!("/api/games/{id}/record"), None).await;
    assert_eq!(status, 200, "{line}");
    assert!(kind.starts_with("text/plain"));
    let record = pyramid_bots::Record::from_json(line.trim()).expect("a record line");
    assert_eq!(record.actions.len(), 3);
    let (status, _, replayed) = call(
        &app,
        "POST",
        "/api/replay",
        Some(serde_json::from_str(&line).expect("JSON")),
    )
    .await;
    assert_eq!(status, 200, "{replayed}");

    // For people: the heading and the moves one a line, with AbstractPlay's notation.
    let (status, _, text) = call(
        &app,
        "GET",
        &format!("/api/games/{id}/record?format=text"),
        None,
    )
    .await;
    assert_eq!(status, 200, "{text}");
    assert!(text.starts_with("martian-chess\nrules: seats=2"), "{text}");
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with(['1', '2', '3']))
        .collect();
    assert_eq!(lines.len(), 3, "{text}");
    for (line, action) in lines.iter().zip(&record.actions) {
        assert!(
            line.contains(action.as_str()) && line.contains("(abstractplay: "),
            "{line}"
        );
    }
    let (status, body) = json_call(
        &app,
        "GET",
        &format!("/api/games/{id}/record?format=pgn"),
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");

    // Reviewing: the picture after each ply, and none past the last.
    let (status, _, start) = call(
        &app,
        "GET",
        &format!("/api/games/{id}/svg?seat=0&token={token}&ply=0"),
        None,
    )
    .await;
    assert_eq!(status, 200);
    let (_, _, now) = call(
        &app,
        "GET",
        &format!("/api/games/{id}/svg?seat=0&token={token}"),
        None,
    )
    .await;
    let (_, _, last) = call(
        &app,
        "GET",
        &format!("/api/games/{id}/svg?seat=0&token={token}&ply=3"),
        None,
    )
    .await;
    assert_eq!(now, last);
    assert_ne!(start, now);
    let (status, body) = json_call(
        &app,
        "GET",
        &format!("/api/games/{id}/svg?seat=0&token={token}&ply=4"),
        None,
    )
    .await;
    assert_eq!(status, 400, "{body}");

    let (status, kind, page) = call(&app, "GET", "/rules/martian-chess", None).await;
    assert_eq!(status, 200);
    assert!(kind.starts_with("text/html"));
    assert!(
        page.contains("<h1>") && page.contains("South"),
        "{}",
        &page[..200.min(page.len())]
    );
    let (status, body) = json_call(&app, "GET", "/rules/chess", None).await;
    assert_eq!(status, 404);
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("martian-chess"))
    );
}

#[tokio::test]
async fn unreadable_bodies_queries_and_paths_get_the_json_error() {
    let app = app();
    let (status, body) = json_call(&app, "POST", "/api/games", None).await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("malformed JSON body")),
        "{body}"
    );
    let (status, body) = json_call(&app, "GET", "/api/games/abc?seat=x", None).await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("malformed query")),
        "{body}"
    );
    let (status, body) = json_call(
        &app,
        "POST",
        "/api/games/abc/resign",
        Some(json!({"seat": 0, "token": "t", "extra": 1})),
    )
    .await;
    assert_eq!(status, 400, "{body}");
}

/// The next `event: game` of an event stream, as JSON.
async fn next_event(
    stream: &mut (impl futures_util::Stream<Item = Result<axum::body::Bytes, axum::Error>> + Unpin),
) -> Value {
    use futures_util::StreamExt;
    let mut text = String::new();
    loop {
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(10), stream.next())
            .await
            .expect("an event in time")
            .expect("the stream goes on")
            .expect("a chunk");
        text += &String::from_utf8_lossy(&chunk);
        if let Some(end) = text.find("\n\n") {
            let event = &text[..end];
            assert!(event.starts_with("event: game\n"), "{event}");
            let data = event
                .trim_start_matches("event: game\n")
                .trim_start_matches("data: ");
            return serde_json::from_str(data).expect("JSON data");
        }
    }
}

#[tokio::test]
async fn events_send_the_game_at_once_and_after_each_ply() {
    let app = app();
    let created = create_game(
        &app,
        json!({"game": "martian-chess", "seats": ["human", "human"]}),
    )
    .await;
    let id = created["id"].as_str().expect("an id");
    let token = created["token"].as_str().expect("a token");
    let request = Request::builder()
        .uri(format!("/api/games/{id}/events"))
        .body(Body::empty())
        .expect("a request");
    let response = pyramid_web::router(Arc::clone(&app))
        .oneshot(request)
        .await
        .expect("an answer");
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()[header::CONTENT_TYPE]
            .to_str()
            .is_ok_and(|t| t.starts_with("text/event-stream"))
    );
    let mut stream = response.into_body().into_data_stream();
    let first = next_event(&mut stream).await;
    assert_eq!(first["plies"], 0);
    assert_eq!(first["you"], Value::Null);
    let seat = first["to_act"].as_u64().expect("a seat");
    let (_, mine) = json_call(
        &app,
        "GET",
        &format!("/api/games/{id}?seat={seat}&token={token}"),
        None,
    )
    .await;
    let (status, _) = json_call(
        &app,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(json!({"seat": seat, "action": mine["legal"][0], "token": token})),
    )
    .await;
    assert_eq!(status, 200);
    let second = next_event(&mut stream).await;
    assert_eq!(second["plies"], 1);
    assert_eq!(second["last_turn"][0]["seat"], seat);
}

#[tokio::test]
async fn a_bot_choosing_its_move_is_shown_thinking() {
    let app = app();
    let created = create_game(
        &app,
        json!({"game": "card-siege", "seats": ["greedy", "human"], "delay_ms": 3000}),
    )
    .await;
    let id = created["id"].as_str().expect("an id");
    let t1 = created["seat_tokens"][1].as_str().expect("a token");
    assert_eq!(
        created["links"]["seats"][0],
        Value::Null,
        "no link for a bot seat"
    );
    let mut view = Value::Null;
    for _ in 0..100 {
        (_, view) = json_call(
            &app,
            "GET",
            &format!("/api/games/{id}?seat=1&token={t1}"),
            None,
        )
        .await;
        if view["thinking"] == json!([0]) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(view["thinking"], json!([0]), "{view}");
    assert_eq!(view["status"], "Hearts (bot) is thinking");
    assert_eq!(view["forced"], false);
}
