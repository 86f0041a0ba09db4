//! The JSON API on a loopback server: games, play by humans and bots, refusals as 4xx
//! JSON, tokens, and what a seat of a hidden-information game may see.

use crate::common::{client, get, post, raw, start, wait_for};
use pyramid_web::ServerConfig;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_listed_with_seats_and_options() {
    let addr = start(ServerConfig::default()).await;
    let (status, body) = get(&client(), addr, "/api/games").await;
    assert_eq!(status, 200);
    let names: Vec<&str> = body["games"]
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|g| g["name"].as_str())
        .collect();
    assert_eq!(
        names,
        ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]
    );
    assert_eq!(body["games"][1]["seat_counts"], json!([2, 3, 4]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_option_whose_value_is_a_seat_is_listed_as_a_choice_of_seats_by_name() {
    let addr = start(ServerConfig::default()).await;
    let (status, body) = get(&client(), addr, "/api/games").await;
    assert_eq!(status, 200);
    let games = body["games"].as_array().expect("a list");
    let martian = games
        .iter()
        .find(|g| g["name"] == "martian-chess")
        .expect("martian-chess");
    let first = martian["rule_options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["key"] == "first"))
        .expect("its option `first`");
    // `random`, then the seats: the page offers them by name, for the seat count chosen.
    assert_eq!(first["seat"], true, "{first}");
    assert_eq!(first["choices"], json!(["random"]), "{first}");
    assert_eq!(martian["seat_counts"], json!([2, 4]));
    assert_eq!(
        martian["seat_names_by_count"],
        json!([
            ["South", "North"],
            ["South-west", "North-west", "North-east", "South-east"]
        ])
    );
    // No other option of any game takes a seat.
    let seat_options: Vec<String> = games
        .iter()
        .flat_map(|g| g["rule_options"].as_array().cloned().unwrap_or_default())
        .filter(|o| o["seat"] != false)
        .map(|o| o["key"].to_string())
        .collect();
    assert_eq!(seat_options, [r#""first""#]);
    // Every game names the seats of each of its seat counts.
    for game in games {
        let names = game["seat_names_by_count"].as_array().expect("a list");
        let counts = game["seat_counts"].as_array().expect("a list");
        assert_eq!(names.len(), counts.len(), "{}", game["name"]);
        for (names, count) in names.iter().zip(counts) {
            assert_eq!(
                json!(names.as_array().map(Vec::len)),
                *count,
                "{}",
                game["name"]
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_a_4xx_json_error_naming_the_problem() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let unreadable = c
        .post(format!("http://{addr}/api/games"))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("an answer");
    assert_eq!(unreadable.status().as_u16(), 400);
    let body: Value = unreadable.json().await.expect("JSON");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("malformed JSON"))
    );

    let (status, body) = post(&c, addr, "/api/games", &json!({"game": "martian-chez"})).await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("martian-chess")),
        "{body}"
    );

    let (status, body) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "players": 7}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let (status, _) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "card-siege", "seats": ["human"]}),
    )
    .await;
    assert_eq!(status, 400);
    let (status, body) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "card-siege", "seats": ["human", "mcts:ms=60000"]}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("longer than")),
        "{body}"
    );
    let (status, _) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "card-siege", "rules": {"opening": [1]}}),
    )
    .await;
    assert_eq!(status, 400);

    let (status, body) = get(&c, addr, "/api/games/0123456789abcdef0123456789abcdef").await;
    assert_eq!(status, 404);
    assert!(body["error"].is_string());
    let (status, _) = get(&c, addr, "/no/such/route").await;
    assert_eq!(status, 404);
    let (status, _) = raw(
        addr,
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
          Content-Type: application/json\r\nContent-Length: 65536\r\n\r\n",
    )
    .await;
    assert_eq!(status, 413);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_human_plays_a_bot_through_the_api() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "martian-chess", "seats": ["human", "random"], "rules": {"ply_limit": 40}}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id").to_owned();
    let token = created["token"].as_str().expect("a token").to_owned();
    assert_eq!(id.len(), 32);
    assert_eq!(token.len(), 32);
    assert!(created["seat_tokens"][1].is_null());
    let seat_token = created["seat_tokens"][0]
        .as_str()
        .expect("seat 0's token")
        .to_owned();

    let view = wait_for(&c, addr, &id, 0, &token).await;
    let legal: Vec<String> = serde_json::from_value(view["legal"].clone()).expect("legal actions");
    assert!(!legal.is_empty());
    let action_path = format!("/api/games/{id}/actions");

    let (status, body) = post(
        &c,
        addr,
        &action_path,
        &json!({"seat": 0, "action": "a1-h8", "token": token}),
    )
    .await;
    assert_eq!(status, 422, "{body}");
    let (status, _) = post(
        &c,
        addr,
        &action_path,
        &json!({"seat": 0, "action": legal[0], "token": "0".repeat(32)}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = post(
        &c,
        addr,
        &action_path,
        &json!({"seat": 1, "action": legal[0], "token": token}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = post(
        &c,
        addr,
        &action_path,
        &json!({"seat": 0, "action": legal[0]}),
    )
    .await;
    assert_eq!(status, 400);

    // The seat's own token works as well as the game's.
    let (status, body) = post(
        &c,
        addr,
        &action_path,
        &json!({"seat": 0, "action": legal[0], "token": seat_token}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = post(
        &c,
        addr,
        &action_path,
        &json!({"seat": 0, "action": legal[0], "token": token}),
    )
    .await;
    assert!(status == 409 || status == 422, "{status} {body}");

    // Play to the end (ply limit 40): the bot answers every time.
    loop {
        let view = wait_for(&c, addr, &id, 0, &token).await;
        if view["outcome"].is_string() {
            assert!(view["returns"].is_array());
            let (status, body) = post(
                &c,
                addr,
                &action_path,
                &json!({"seat": 0, "action": "pass", "token": token}),
            )
            .await;
            assert_eq!(status, 409, "{body}");
            break;
        }
        let action = view["legal"][0]
            .as_str()
            .expect("a legal action")
            .to_owned();
        let (status, body) = post(
            &c,
            addr,
            &action_path,
            &json!({"seat": 0, "action": action, "token": token}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
    }
    let svg = c
        .get(format!("http://{addr}/api/games/{id}/svg"))
        .send()
        .await
        .expect("an answer");
    assert_eq!(svg.status().as_u16(), 200);
    assert!(
        svg.text()
            .await
            .expect("text")
            .contains(r#"data-square="a1""#)
    );
}

/// The thieves field of a view string (`a1,?`), split.
fn thieves(position: &Value) -> Vec<String> {
    let text = position.as_str().expect("a view string");
    text.split(' ')
        .nth(2)
        .expect("a thieves field")
        .split(',')
        .map(str::to_owned)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_answer_to_a_stacktrices_seat_reveals_the_other_thief() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "stacktrices", "rules": {"start": "standard", "ply_limit": 150}}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id").to_owned();
    let tokens: Vec<String> = (0..2)
        .map(|s| {
            created["seat_tokens"][s]
                .as_str()
                .expect("a seat token")
                .to_owned()
        })
        .collect();
    // Without a token nothing hidden is shown: no position, no picture.
    let (status, public) = get(&c, addr, &format!("/api/games/{id}")).await;
    assert_eq!(status, 200);
    assert!(public["position"].is_null());
    let svg = c
        .get(format!("http://{addr}/api/games/{id}/svg"))
        .send()
        .await
        .expect("an answer");
    assert_eq!(svg.status().as_u16(), 403);
    // A seat's token does not open the other seat's view.
    let (_, other) = get(
        &c,
        addr,
        &format!("/api/games/{id}?seat=1&token={}", tokens[0]),
    )
    .await;
    assert!(other["position"].is_null() && other["seat"].is_null());

    let mut plies = 0;
    loop {
        let views: Vec<Value> = {
            let mut v = Vec::new();
            for s in 0..2u8 {
                let (status, view) = get(
                    &c,
                    addr,
                    &format!("/api/games/{id}?seat={s}&token={}", tokens[usize::from(s)]),
                )
                .await;
                assert_eq!(status, 200);
                v.push(view);
            }
            v
        };
        // While the game goes on: once it is over, nothing is hidden any more (the
        // views show both thieves and every hide).
        let going_on = !views[0]["outcome"].is_string();
        for me in (0..2usize).filter(|_| going_on) {
            let other = 1 - me;
            let mine = thieves(&views[me]["position"]);
            let theirs = thieves(&views[other]["position"]);
            // What a seat shows of the other side's thief is `?`, `-`, or what the other
            // side's own view shows (a thief the rules expose).
            let shown = &mine[other];
            assert!(
                shown == "?" || shown == "-" || shown == &theirs[other],
                "seat {me} sees `{shown}` of seat {other}'s thief `{}`",
                theirs[other]
            );
            for m in views[me]["moves"].as_array().expect("moves") {
                let text = m["action"].as_str().unwrap_or_default();
                if m["seat"] == other && text.starts_with("hide=") {
                    assert_eq!(text, "hide=?", "seat {me} saw seat {other}'s hide");
                }
            }
            let svg = c
                .get(format!(
                    "http://{addr}/api/games/{id}/svg?seat={me}&token={}",
                    tokens[me]
                ))
                .send()
                .await
                .expect("an answer")
                .text()
                .await
                .expect("an SVG");
            assert!(
                svg.matches(r##" stroke="#c0392b""##).count() <= 1,
                "seat {me}'s picture marks two thieves"
            );
        }
        let to_act = &views[0]["to_act"];
        if views[0]["outcome"].is_string() || plies > 150 {
            break;
        }
        let seat = to_act.as_u64().expect("a seat to act") as usize;
        let legal = views[seat]["legal"]
            .as_array()
            .expect("the actor's legal actions");
        let action = &legal[plies % legal.len()];
        let (status, body) = post(
            &c,
            addr,
            &format!("/api/games/{id}/actions"),
            &json!({"seat": seat, "action": action, "token": tokens[seat]}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        plies += 1;
    }
}
