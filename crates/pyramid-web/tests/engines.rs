//! Outside engines on the server: only those it was started with may be seated, one
//! that fails loses its game by forfeit, shown in the game's view, and every engine is
//! stopped when its game ends or is dropped.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::common::{client, get, post, process_ended, start, wait_for};
use pyramid_bots::BotCaps;
use pyramid_bots::BotSpec;
use pyramid_web::ServerConfig;
use serde_json::{Value, json};

/// A server whose one outside engine (`false`) exits at once.
fn config() -> ServerConfig {
    ServerConfig {
        bots: BotCaps {
            engines: vec!["ext:false".to_owned()],
            ..BotCaps::default()
        },
        ..ServerConfig::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_servers_own_engines_may_be_seated() {
    let addr = start(config()).await;
    let c = client();
    let (status, body) = get(&c, addr, "/api/games").await;
    assert_eq!(status, 200);
    assert_eq!(body["engines"], json!(["ext:false"]));
    let (status, body) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "seats": ["human", "ext:rm -rf /tmp/x"]}),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    let error = body["error"].as_str().unwrap_or_default();
    assert!(
        error.contains("only the outside engines it was started with (ext:false)"),
        "{body}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_that_fails_forfeits_and_the_game_is_over() {
    let addr = start(config()).await;
    let c = client();
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "seats": ["ext:false", "human"]}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id");
    let token = created["token"].as_str().expect("a token");
    let view = wait_for(&c, addr, id, 1, token).await;
    assert_eq!(view["forfeit"]["seat"], 0, "{view}");
    let reason = view["forfeit"]["reason"].as_str().unwrap_or_default();
    assert!(reason.starts_with("engine "), "{view}");
    assert!(
        view["outcome"]
            .as_str()
            .is_some_and(|o| o.starts_with("seat 1 wins (seat 0 forfeits: engine ")),
        "{view}"
    );
    assert!(
        view["to_act"].is_null() && view["legal"].is_null(),
        "{view}"
    );
    let (status, body) = post(
        &c,
        addr,
        &format!("/api/games/{id}/actions"),
        &json!({"seat": 1, "token": token, "action": "pass"}),
    )
    .await;
    assert_eq!(status, 409, "{body}");
}

/// A server whose one outside engine (`tests/engines/fixed.sh`) plays the first legal
/// action of Ataxx-Ice 5x5's start and writes its process id to a file: the config, the
/// engine's seat spec and the file.
fn fixed_engine(name: &str) -> (ServerConfig, String, PathBuf) {
    let registry = pyramid_runtime::registry();
    let game = registry.get("ataxx-ice").expect("ataxx-ice");
    let start = game.new_state(&[("size", "5")]).expect("a start");
    let action = start.legal_actions().first().cloned().expect("an action");
    let dir = std::env::temp_dir().join(format!("pyramid-web-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let pid_file = dir.join(name);
    let _ = std::fs::remove_file(&pid_file);
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/engines/fixed.sh");
    let spec: BotSpec = format!(
        "ext:sh {} {action} {}",
        script.display(),
        pid_file.display()
    )
    .parse()
    .expect("an engine spec");
    let spec = spec.to_string();
    let config = ServerConfig {
        bots: BotCaps {
            engines: vec![spec.clone()],
            ..BotCaps::default()
        },
        ..ServerConfig::default()
    };
    (config, spec, pid_file)
}

/// The engine's process id, once it has written it.
async fn engine_pid(pid_file: &Path) -> u32 {
    for _ in 0..500 {
        if let Some(pid) = std::fs::read_to_string(pid_file)
            .ok()
            .and_then(|t| t.trim().parse().ok())
        {
            return pid;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the engine never started");
}

/// Whether process `pid` ends within `within`.
async fn ends(pid: u32, within: Duration) -> bool {
    let deadline = std::time::Instant::now() + within;
    while std::time::Instant::now() < deadline {
        if process_ended(pid) {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outside_engine_is_stopped_when_its_game_ends() {
    let (config, spec, pid_file) = fixed_engine("ends");
    let addr = start(config).await;
    let c = client();
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "rules": {"size": 5, "ply_limit": 2}, "seats": [spec, "human"]}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id");
    let token = created["token"].as_str().expect("a token");
    let view = wait_for(&c, addr, id, 1, token).await;
    assert_eq!(view["plies"], 1, "{view}");
    let pid = engine_pid(&pid_file).await;
    assert!(!process_ended(pid), "the engine ended before its game");
    let action = view["legal"][0].as_str().expect("a legal action");
    let (status, view) = post(
        &c,
        addr,
        &format!("/api/games/{id}/actions"),
        &json!({"seat": 1, "action": action, "token": token}),
    )
    .await;
    assert_eq!(status, 200, "{view}");
    assert!(view["outcome"].is_string(), "{view}");
    assert!(
        ends(pid, Duration::from_secs(10)).await,
        "engine {pid} still runs after its game ended"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_outside_engine_is_stopped_when_its_game_is_evicted() {
    let (config, spec, pid_file) = fixed_engine("evicted");
    // The engine's opponent thinks 4 s a move: the game is evicted meanwhile.
    let addr = start(ServerConfig {
        max_games: 1,
        bots: BotCaps {
            max_time: Duration::from_secs(4),
            ..config.bots
        },
        ..config
    })
    .await;
    let c = client();
    let (status, created) = post(
        &c,
        addr,
        "/api/games",
        &json!({"game": "ataxx-ice", "rules": {"size": 5}, "seats": [spec, "ismcts:ms=4000"]}),
    )
    .await;
    assert_eq!(status, 200, "{created}");
    let id = created["id"].as_str().expect("an id");
    let mut plies = Value::Null;
    for _ in 0..500 {
        plies = get(&c, addr, &format!("/api/games/{id}")).await.1["plies"].clone();
        if plies == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    assert_eq!(plies, 1, "the engine never moved");
    let pid = engine_pid(&pid_file).await;
    assert!(!process_ended(pid), "the engine ended before its game");
    let (status, _) = post(&c, addr, "/api/games", &json!({"game": "card-siege"})).await;
    assert_eq!(status, 200);
    let (status, _) = get(&c, addr, &format!("/api/games/{id}")).await;
    assert_eq!(status, 404);
    // At once, not once the other seat's bot has finished its move.
    assert!(
        ends(pid, Duration::from_secs(2)).await,
        "engine {pid} still runs after its game was dropped"
    );
}

/// Issue 47: a value net the operator names (`pyrctl serve --model mcv=FILE`) is listed
/// with the spec that seats it, and `ab:model=mcv,ms=100` plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_operators_value_net_is_seated_by_name_and_plays() {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../models/martian-chess.value.safetensors");
    let addr = crate::common::start(pyramid_web::ServerConfig {
        bots: BotCaps {
            learned_files: vec![("mcv".to_owned(), file)],
            ..BotCaps::default()
        },
        ..pyramid_web::ServerConfig::default()
    })
    .await;
    let c = crate::common::client();
    let (_, list) = crate::common::get(&c, addr, "/api/games").await;
    assert_eq!(
        list["models"],
        serde_json::json!([{"name": "mcv", "spec": "ab:model=mcv", "game": "martian-chess"}])
    );
    // The strongest learned bot is a level of Martian Chess (and of no other game), and
    // the server seats it as it lists it.
    let games = list["games"].as_array().expect("games");
    let levels_of = |name: &str| {
        let game = games.iter().find(|g| g["name"] == name).expect("a game");
        game["levels"].as_array().expect("levels").clone()
    };
    let learned = levels_of("martian-chess")
        .into_iter()
        .find(|l| l["name"] == "Learned")
        .expect("a learned level");
    assert_eq!(learned["spec"], "ab:model=mcv,ms=1000");
    assert!(
        levels_of("ataxx-ice")
            .iter()
            .all(|l| l["name"] != "Learned")
    );
    let seats = serde_json::json!({"game": "martian-chess", "seats": ["human", learned["spec"]]});
    let (status, created) = crate::common::post(&c, addr, "/api/games", &seats).await;
    assert_eq!(status, 200, "{created}");
    let body = serde_json::json!({"game": "martian-chess", "rules": {"first": "0"},
                                  "seats": ["human", "ab:model=mcv,ms=100"]});
    let (id, tokens) = crate::common::create_game(&c, addr, &body).await;
    let (status, view) = crate::common::play_first(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(status, 200, "{view}");
    let view = crate::common::wait_for(&c, addr, &id, 0, &tokens[0]).await;
    assert_eq!(view["plies"], 2, "the value net's bot answered: {view}");
    assert!(view["forfeit"].is_null(), "{view}");
    // Another game's file is refused when the game is made, naming the file.
    let body = serde_json::json!({"game": "ataxx-ice", "seats": ["human", "ab:model=mcv,ms=100"]});
    let (status, refused) = crate::common::post(&c, addr, "/api/games", &body).await;
    assert!(status == 400 || status == 422, "{status}: {refused}");
}
