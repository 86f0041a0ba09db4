//! Issue 45: one owner per live game. Clocks wait for the players (an invitation, an
//! open challenge, a rematch), a rematch offered, accepted or declined, draw offers and
//! takebacks (between people, against bots, with three seats, across a restart), the
//! hidden pieces shown to every viewer however a game ends, and bad input refused with
//! nothing changed.

use std::net::SocketAddr;
use std::time::Duration;

use pyramid_web::ServerConfig;
use serde_json::{Value, json};

use crate::common::{
    client, create_game as create, get, play_first, post, runtime, serve_db, start, temp_dir,
    two_people, wait_for,
};

/// Seat `seat`'s view of game `id` (opening it: its person is at the table).
async fn open(c: &reqwest::Client, addr: SocketAddr, id: &str, seat: usize, token: &str) -> Value {
    let (status, view) = get(
        c,
        addr,
        &format!("/api/games/{id}?seat={seat}&token={token}"),
    )
    .await;
    assert_eq!(status, 200, "{view}");
    view
}

/// Posts `{"seat", "token"}` (and `extra`) to `/api/games/{id}/{route}`.
async fn ask(
    c: &reqwest::Client,
    addr: SocketAddr,
    id: &str,
    route: &str,
    seat: usize,
    token: &str,
) -> (u16, Value) {
    let body = json!({"seat": seat, "token": token});
    post(c, addr, &format!("/api/games/{id}/{route}"), &body).await
}

#[tokio::test]
async fn an_invitations_clock_waits_for_the_invited_player() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, tokens) = create(&c, addr, &two_people(&json!({"initial_seconds": 1}))).await;
    let view = open(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(view["waiting_for"], json!([1]));
    assert_eq!(view["status"], "Waiting for North to join");
    assert!(view["legal"].is_array(), "South may move meanwhile");
    tokio::time::sleep(Duration::from_millis(1_300)).await;
    let view = open(&c, addr, &id, 0, &tokens[0]).await;
    assert!(view["outcome"].is_null(), "nobody's time ran: {view}");
    assert!(view["clock"]["running"].is_null(), "{view}");
    let view = open(&c, addr, &id, 1, &tokens[1]).await;
    assert_eq!(view["waiting_for"], json!([]));
    assert_eq!(
        view["clock"]["running"], 0,
        "both at the table: South's time runs"
    );
}

#[tokio::test]
async fn a_game_whose_players_never_come_ends_aborted() {
    let addr = start(ServerConfig {
        join_within: Duration::from_millis(600),
        ..ServerConfig::default()
    })
    .await;
    let c = client();
    let (id, tokens) = create(&c, addr, &two_people(&json!({"initial_seconds": 60}))).await;
    open(&c, addr, &id, 0, &tokens[0]).await;
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    let view = open(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(view["outcome"], "aborted", "{view}");
    assert_eq!(view["result"]["winners"], json!([]));
    assert!(view["forfeit"].is_null());
    assert!(
        view["status"]
            .as_str()
            .is_some_and(|s| s.starts_with("Aborted")),
        "{view}"
    );
}

/// Two people play one move each, then South resigns and asks for a rematch: the
/// rematch's id, and its seat tokens (South's and, through North's accepting, North's).
async fn resign_and_rematch(
    c: &reqwest::Client,
    addr: SocketAddr,
    clock: &Value,
) -> (String, String, Vec<String>, Vec<String>) {
    let (id, tokens) = create(c, addr, &two_people(clock)).await;
    open(c, addr, &id, 0, &tokens[0]).await;
    open(c, addr, &id, 1, &tokens[1]).await;
    let (status, view) = ask(c, addr, &id, "resign", 0, &tokens[0]).await;
    assert_eq!(status, 200, "{view}");
    let (status, asked) = ask(c, addr, &id, "rematch", 0, &tokens[0]).await;
    assert_eq!(status, 200, "{asked}");
    let rematch = asked["id"].as_str().expect("the rematch").to_owned();
    // South moved to seat 1 of the rematch.
    let mut rematch_tokens = vec![String::new(); 2];
    rematch_tokens[1] = asked["seat_tokens"][1]
        .as_str()
        .expect("South's token")
        .to_owned();
    (id, rematch, tokens, rematch_tokens)
}

#[tokio::test]
async fn a_rematchs_clock_waits_whoever_moves_first() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let clock = json!({"initial_seconds": 1});
    let (id, rematch, tokens, mut mine) = resign_and_rematch(&c, addr, &clock).await;
    // The asker (seat 1 of the rematch) opens it; the other player has not seen it yet.
    let view = open(&c, addr, &rematch, 1, &mine[1]).await;
    assert_eq!(view["waiting_for"], json!([0]));
    // The old game's views tell the other player of the offer.
    let old = open(&c, addr, &id, 1, &tokens[1]).await;
    assert_eq!(old["rematch"]["offered_by"], json!([0]));
    assert_eq!(old["rematch"]["declined"], false);
    tokio::time::sleep(Duration::from_millis(1_300)).await;
    let view = open(&c, addr, &rematch, 1, &mine[1]).await;
    assert!(view["outcome"].is_null(), "nobody's time ran: {view}");
    // North accepts and opens it: now its time runs; it moves first (seat 0, `first=0`).
    let (status, accepted) = ask(&c, addr, &id, "rematch", 1, &tokens[1]).await;
    assert_eq!(status, 200, "{accepted}");
    assert_eq!(accepted["id"], rematch.as_str());
    mine[0] = accepted["seat_tokens"][0]
        .as_str()
        .expect("North's token")
        .to_owned();
    let view = open(&c, addr, &rematch, 0, &mine[0]).await;
    assert_eq!(view["clock"]["running"], 0, "{view}");
    let old = open(&c, addr, &id, 1, &tokens[1]).await;
    assert_eq!(old["rematch"]["offered_by"], json!([0, 1]));

    // The asker moves first when it is to act: its move does not start the clock.
    let (_, rematch2, _, mine2) =
        resign_and_rematch(&c, addr, &json!({"initial_seconds": 1})).await;
    let view = open(&c, addr, &rematch2, 1, &mine2[1]).await;
    assert_eq!(view["to_act"], 0, "North (the other player) moves first");
    tokio::time::sleep(Duration::from_millis(1_300)).await;
    let view = open(&c, addr, &rematch2, 1, &mine2[1]).await;
    assert!(view["outcome"].is_null(), "North has not come: {view}");
}

#[tokio::test]
async fn a_declined_rematch_ends_declined() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let clock = json!({"initial_seconds": 60});
    let (id, rematch, tokens, mine) = resign_and_rematch(&c, addr, &clock).await;
    // The asker may not decline its own offer; a stranger's token may not either.
    let decline = |seat: usize, token: &str| json!({"seat": seat, "token": token, "decline": true});
    let path = format!("/api/games/{id}/rematch");
    let (status, body) = post(&c, addr, &path, &decline(0, &tokens[0])).await;
    assert_eq!(status, 409, "{body}");
    let (status, body) = post(&c, addr, &path, &decline(1, &tokens[0])).await;
    assert_eq!(status, 403, "{body}");
    let (status, view) = post(&c, addr, &path, &decline(1, &tokens[1])).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["rematch"]["declined"], true, "{view}");
    let ended = open(&c, addr, &rematch, 1, &mine[1]).await;
    assert_eq!(ended["outcome"], "aborted", "{ended}");
    assert_eq!(ended["result"]["reason"], "rematch declined");
    assert_eq!(ended["result"]["winners"], json!([]));
    // Declined once: no accepting it afterwards, no declining it again.
    let (status, _) = ask(&c, addr, &id, "rematch", 1, &tokens[1]).await;
    assert_eq!(status, 409);
    let (status, _) = post(&c, addr, &path, &decline(1, &tokens[1])).await;
    assert_eq!(status, 409);
}

#[tokio::test]
async fn a_draw_by_agreement() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, tokens) = create(&c, addr, &two_people(&Value::Null)).await;
    let (status, view) = ask(&c, addr, &id, "draw", 0, &tokens[0]).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["offers"]["draw"], json!([0]));
    assert!(view["outcome"].is_null());
    // An offer to oneself: refused, nothing changed.
    let (status, body) = ask(&c, addr, &id, "draw", 0, &tokens[0]).await;
    assert_eq!(status, 409, "{body}");
    let view = open(&c, addr, &id, 1, &tokens[1]).await;
    assert_eq!(
        view["offers"]["draw"],
        json!([0]),
        "North sees South's offer"
    );
    let (status, view) = ask(&c, addr, &id, "draw", 1, &tokens[1]).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["outcome"], "draw", "{view}");
    assert_eq!(view["result"]["reason"], "drawn by agreement");
    assert_eq!(view["result"]["winners"], json!([]));
    assert_eq!(view["offers"]["draw"], json!([]));
    // Over: no more offers.
    let (status, body) = ask(&c, addr, &id, "draw", 0, &tokens[0]).await;
    assert_eq!(status, 409, "{body}");
    let record = c
        .get(format!("http://{addr}/api/games/{id}/record"))
        .send()
        .await
        .expect("an answer")
        .text()
        .await
        .expect("a record");
    assert!(
        record.contains("\"draw\"") || record.contains("Draw"),
        "{record}"
    );
}

#[tokio::test]
async fn a_move_withdraws_its_movers_offers() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, tokens) = create(&c, addr, &two_people(&Value::Null)).await;
    let (status, _) = ask(&c, addr, &id, "draw", 0, &tokens[0]).await;
    assert_eq!(status, 200);
    let (status, view) = play_first(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(
        view["offers"]["draw"],
        json!([]),
        "withdrawn by South's move"
    );
}

#[tokio::test]
async fn bots_decline_draws_and_grant_takebacks_at_once() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, tokens) = create(
        &c,
        addr,
        &json!({"game": "martian-chess", "rules": {"first": "0"}, "seats": ["human", "greedy"]}),
    )
    .await;
    let (status, body) = ask(&c, addr, &id, "draw", 0, &tokens[0]).await;
    assert_eq!(status, 409, "{body}");
    assert!(
        body["error"]
            .as_str()
            .is_some_and(|e| e.contains("declines")),
        "{body}"
    );
    let view = open(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(view["offers"]["draw"], json!([]), "nothing changed");
    let (status, body) = ask(&c, addr, &id, "takeback", 0, &tokens[0]).await;
    assert_eq!(status, 409, "nothing to take back yet: {body}");
    let (status, _) = play_first(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(status, 200);
    let view = wait_for(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(view["plies"], 2, "the bot answered: {view}");
    let (status, view) = ask(&c, addr, &id, "takeback", 0, &tokens[0]).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(
        view["plies"], 0,
        "South's move and the bot's answer are gone: {view}"
    );
    assert_eq!(view["to_act"], 0);
    assert_eq!(view["moves"], json!([]));
    assert!(view["offers"]["takeback"].is_null());
}

#[tokio::test]
async fn a_takeback_between_people_once_granted() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, tokens) = create(&c, addr, &two_people(&Value::Null)).await;
    let start_view = open(&c, addr, &id, 0, &tokens[0]).await;
    play_first(&c, addr, &id, 0, &tokens[0]).await;
    play_first(&c, addr, &id, 1, &tokens[1]).await;
    let (status, view) = ask(&c, addr, &id, "takeback", 0, &tokens[0]).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["plies"], 2, "asked, not granted yet");
    assert_eq!(
        view["offers"]["takeback"],
        json!({"seat": 0, "to_ply": 0, "agreed": [0]})
    );
    let (status, body) = ask(&c, addr, &id, "takeback", 0, &tokens[0]).await;
    assert_eq!(status, 409, "asked already: {body}");
    let (status, view) = ask(&c, addr, &id, "takeback", 1, &tokens[1]).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["plies"], 0);
    assert_eq!(view["position"], start_view["position"]);
    let view = open(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(view["to_act"], 0, "the asker is to act again");
    assert!(view["legal"].is_array());
}

#[tokio::test]
async fn with_three_seats_every_seated_person_agrees() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, tokens) = create(&c, addr, &json!({"game": "ataxx-ice", "players": 3})).await;
    for (seat, token) in tokens.iter().enumerate().take(2) {
        let (status, view) = ask(&c, addr, &id, "draw", seat, token).await;
        assert_eq!(status, 200, "{view}");
        assert!(view["outcome"].is_null(), "{view}");
    }
    let (status, view) = ask(&c, addr, &id, "draw", 2, &tokens[2]).await;
    assert_eq!(status, 200, "{view}");
    assert_eq!(view["outcome"], "draw", "{view}");
}

#[tokio::test]
async fn bad_offers_are_refused_naming_the_problem() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, tokens) = create(&c, addr, &two_people(&Value::Null)).await;
    let (status, body) = ask(
        &c,
        addr,
        "0123456789abcdef0123456789abcdef",
        "draw",
        0,
        &tokens[0],
    )
    .await;
    assert_eq!(status, 404, "{body}");
    let (status, body) = ask(&c, addr, &id, "takeback", 0, &tokens[1]).await;
    assert_eq!(status, 403, "{body}");
    let (status, body) = ask(&c, addr, &id, "draw", 5, &tokens[0]).await;
    assert_eq!(status, 400, "{body}");
    let (status, body) = post(
        &c,
        addr,
        &format!("/api/games/{id}/draw"),
        &json!({"seat": 0}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let view = open(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(
        view["offers"],
        json!({"draw": [], "takeback": null}),
        "nothing changed"
    );
    assert_eq!(view["plies"], 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_thieves_are_shown_to_both_seats_after_a_resignation() {
    let addr = start(ServerConfig::default()).await;
    let c = client();
    let (id, tokens) = create(
        &c,
        addr,
        &json!({"game": "stacktrices", "rules": {"start": "standard"}}),
    )
    .await;
    // Play until each seat has hidden its thief, then seat 0 resigns.
    for _ in 0..2 {
        let view = open(&c, addr, &id, 0, &tokens[0]).await;
        let seat = view["to_act"].as_u64().expect("a seat to act") as usize;
        let (status, body) = play_first(&c, addr, &id, seat as u8, &tokens[seat]).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, _) = ask(&c, addr, &id, "resign", 0, &tokens[0]).await;
    assert_eq!(status, 200);
    let views = [
        open(&c, addr, &id, 0, &tokens[0]).await,
        open(&c, addr, &id, 1, &tokens[1]).await,
    ];
    for view in &views {
        let position = view["position"].as_str().expect("a position");
        assert!(!position.contains('?'), "a thief still hidden: {position}");
        assert_eq!(view["position"], views[0]["position"], "both see the same");
        for m in view["moves"].as_array().expect("moves") {
            assert_ne!(m["action"], "hide=?", "{view}");
        }
    }
}

#[test]
fn a_takeback_and_an_offer_survive_a_restart() {
    let db = temp_dir("offers").join("games.db");
    let db = db.to_str().expect("a path").to_owned();
    let rt = runtime();
    let (id, tokens, start_position) = rt.block_on(async {
        let (addr, _app) = serve_db(&db, ServerConfig::default()).await;
        let c = client();
        let (id, tokens) = create(&c, addr, &two_people(&Value::Null)).await;
        let start_view = open(&c, addr, &id, 0, &tokens[0]).await;
        for seat in [0u8, 1, 0] {
            let (status, body) = play_first(&c, addr, &id, seat, &tokens[usize::from(seat)]).await;
            assert_eq!(status, 200, "{body}");
        }
        let (status, _) = ask(&c, addr, &id, "takeback", 0, &tokens[0]).await;
        assert_eq!(status, 200);
        let (status, view) = ask(&c, addr, &id, "takeback", 1, &tokens[1]).await;
        assert_eq!(status, 200, "{view}");
        assert_eq!(view["plies"], 2);
        let (status, _) = ask(&c, addr, &id, "draw", 1, &tokens[1]).await;
        assert_eq!(status, 200);
        (id, tokens, start_view["position"].clone())
    });
    rt.shutdown_background();
    let rt = runtime();
    rt.block_on(async {
        let (addr, _app) = serve_db(&db, ServerConfig::default()).await;
        let c = client();
        let view = open(&c, addr, &id, 0, &tokens[0]).await;
        assert_eq!(view["plies"], 2, "the takeback stands: {view}");
        assert_eq!(view["to_act"], 0);
        assert_eq!(
            view["offers"]["draw"],
            json!([1]),
            "the offer stands: {view}"
        );
        assert_ne!(view["position"], start_position);
        // And the taken-back ply is gone from the record too.
        let record: Value = c
            .get(format!("http://{addr}/api/games/{id}/record"))
            .send()
            .await
            .expect("an answer")
            .text()
            .await
            .ok()
            .and_then(|t| serde_json::from_str(&t).ok())
            .expect("a record");
        assert_eq!(
            record["actions"].as_array().map(Vec::len),
            Some(2),
            "{record}"
        );
    });
    rt.shutdown_background();
}
