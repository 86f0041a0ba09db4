//! The JSON API: the routes of `docs/web.md`.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use pyramid_bots::{AbBudget, BotSpec, Budget, IsmctsConfig, MctsConfig};
use pyramid_core::Seat;
use pyramid_core::runtime::{DynGame, RuntimeError, borrowed_options};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::bots::drive_bots;
use crate::store::{LiveGame, Shared, Sitter, lock, random_token};
use crate::{ApiError, App};

/// The deepest fixed-depth alpha-beta search a bot seat may have (`ab:depth=N`).
const MAX_AB_DEPTH: u32 = 4;

/// `POST /api/games`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The game's name.
    pub game: String,
    /// The number of seats (the game's default when absent).
    #[serde(default)]
    pub players: Option<usize>,
    /// Rule options: strings, numbers or booleans.
    #[serde(default)]
    pub rules: HashMap<String, Value>,
    /// Who sits where: `"human"` or a bot spec, one per seat (all human when absent).
    #[serde(default)]
    pub seats: Option<Vec<String>>,
    /// How long each bot waits before it moves, in milliseconds (to watch bots play).
    #[serde(default)]
    pub delay_ms: u64,
}

/// `POST /api/games/{id}/actions`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ActionRequest {
    /// The seat acting.
    pub seat: u8,
    /// The action in the game's notation.
    pub action: String,
    /// The game's token or the seat's.
    pub token: String,
}

/// `?seat=N&token=T`.
#[derive(Debug, Deserialize)]
pub struct ViewQuery {
    /// The seat whose view is asked for.
    pub seat: Option<u8>,
    /// The token for that seat.
    pub token: Option<String>,
}

/// The answer to `POST /api/games`.
#[derive(Debug, Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The token for every human seat.
    pub token: String,
    /// A token per seat: a human seat's own, `null` for bot seats.
    pub seat_tokens: Vec<Option<String>>,
}

/// The longest wait a bot may be given before each move.
const MAX_DELAY_MS: u64 = 10_000;

fn runtime_error(e: RuntimeError) -> ApiError {
    match e {
        RuntimeError::Play(pyramid_core::PlayError::GameOver) => {
            ApiError::conflict("the game is over")
        }
        RuntimeError::Play(pyramid_core::PlayError::WrongSeat { expected, got }) => {
            ApiError::conflict(format!("seat {got} is not to act: seat {expected} is"))
        }
        RuntimeError::Play(e) => ApiError::unprocessable(e.to_string()),
        other => ApiError::bad_request(other.to_string()),
    }
}

fn json_error(e: JsonRejection) -> ApiError {
    ApiError::bad_request(format!("malformed JSON body: {}", e.body_text()))
}

fn query_error(e: QueryRejection) -> ApiError {
    ApiError::bad_request(format!("malformed query: {}", e.body_text()))
}

/// `GET /api/games`: every game with its seat counts and rule options.
pub async fn list_games(State(app): State<Arc<App>>) -> Json<Value> {
    let games: Vec<Value> = app
        .registry
        .games()
        .map(|g| {
            let options: Vec<Value> = g
                .rule_options()
                .into_iter()
                .map(|o| json!({ "key": o.key, "takes": o.takes, "default": o.default }))
                .collect();
            json!({
                "name": g.name(),
                "seat_counts": g.seat_counts(),
                "perfect_information": g.perfect_information(),
                "rule_options": options,
            })
        })
        .collect();
    Json(json!({ "games": games, "engines": app.config.engines }))
}

/// A rule option's value as text.
fn option_text(value: &Value) -> Result<String, ApiError> {
    match value {
        Value::String(s) => Ok(s.clone()),
        Value::Number(n) => Ok(n.to_string()),
        Value::Bool(b) => Ok(if *b { "on" } else { "off" }.to_owned()),
        other => Err(ApiError::bad_request(format!(
            "a rule option is a string, a number or a boolean, not {other}"
        ))),
    }
}

/// Checks a bot spec against the server's limits.
fn check_bot(spec: &str, app: &App) -> Result<(), ApiError> {
    let parsed = BotSpec::from_str(spec)
        .map_err(|e| ApiError::bad_request(format!("seat `{spec}`: {e} (or `human`)")))?;
    if matches!(parsed, BotSpec::External(_)) && !app.config.engines.contains(&parsed.to_string()) {
        return Err(ApiError::bad_request(format!(
            "seat `{spec}`: this server runs only the outside engines it was started with ({})",
            if app.config.engines.is_empty() {
                "none".to_owned()
            } else {
                app.config.engines.join(", ")
            }
        )));
    }
    let within = match &parsed {
        BotSpec::Mcts(MctsConfig { budget, .. }) | BotSpec::Ismcts(IsmctsConfig { budget, .. }) => {
            match *budget {
                Budget::Time(t) => t <= app.config.max_bot_time,
                Budget::Iterations(n) => n <= app.config.max_bot_iterations,
            }
        }
        // A fixed depth has no time bound: only shallow ones.
        BotSpec::AlphaBeta(config) => match config.budget {
            AbBudget::Time(t) => t <= app.config.max_bot_time,
            AbBudget::Depth(d) => d <= MAX_AB_DEPTH,
        },
        BotSpec::Random | BotSpec::Greedy | BotSpec::External(_) => true,
    };
    if !within {
        return Err(ApiError::bad_request(format!(
            "bot `{spec}` thinks longer than this server allows ({} ms, {} iterations or depth {MAX_AB_DEPTH} a move)",
            app.config.max_bot_time.as_millis(),
            app.config.max_bot_iterations
        )));
    }
    Ok(())
}

/// `POST /api/games`: starts a game; bot seats start moving at once.
pub async fn create_game(
    State(app): State<Arc<App>>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<Json<Created>, ApiError> {
    let Json(request) = body.map_err(json_error)?;
    let game: &dyn DynGame = app.registry.get(&request.game).map_err(runtime_error)?;
    let mut pairs: Vec<(String, String)> = Vec::new();
    if let Some(players) = request.players {
        pairs.push(("seats".to_owned(), players.to_string()));
    }
    for (key, value) in &request.rules {
        pairs.push((key.clone(), option_text(value)?));
    }
    // `deal`: who starts is drawn where the rules leave it to the tool (Martian Chess).
    let state = game
        .deal(&borrowed_options(&pairs), rand::random::<u64>())
        .map_err(runtime_error)?;
    let seats = state.seats();
    let specs = request
        .seats
        .unwrap_or_else(|| vec!["human".to_owned(); seats]);
    if specs.len() != seats {
        return Err(ApiError::bad_request(format!(
            "{} seats given for a game of {seats} seats",
            specs.len()
        )));
    }
    let mut sitters = Vec::with_capacity(seats);
    let mut seat_tokens = Vec::with_capacity(seats);
    for (seat, spec) in specs.iter().enumerate() {
        if spec == "human" {
            sitters.push(Sitter::Human);
            seat_tokens.push(Some(random_token()));
        } else {
            check_bot(spec, &app)?;
            let bot = game
                .bot(spec, rand::random::<u64>() ^ seat as u64)
                .map_err(runtime_error)?;
            sitters.push(Sitter::Bot(spec.clone(), Some(bot)));
            seat_tokens.push(None);
        }
    }
    if request.delay_ms > MAX_DELAY_MS {
        return Err(ApiError::bad_request(format!(
            "delay_ms is at most {MAX_DELAY_MS}"
        )));
    }
    let token = random_token();
    let start = state.clone_box();
    let live = LiveGame {
        start,
        bot_delay: std::time::Duration::from_millis(request.delay_ms),
        game: game.name(),
        hidden: !game.perfect_information(),
        state,
        sitters,
        token: token.clone(),
        seat_tokens: seat_tokens.clone(),
        moves: Vec::new(),
        last_used: Instant::now(),
        bots_running: false,
        forfeit: None,
    };
    let id = app.store.insert(live, &app.config);
    if let Some(shared) = app.store.get(&id) {
        drive_bots(shared);
    }
    Ok(Json(Created {
        id,
        token,
        seat_tokens,
    }))
}

fn find(app: &App, id: &str) -> Result<Shared, ApiError> {
    app.store.get(id).ok_or_else(|| {
        ApiError::not_found(format!("no game with id `{}`", pyramid_core::excerpt(id)))
    })
}

/// The game as `viewer` may see it (`None`: what every seat may see).
fn game_json(id: &str, live: &LiveGame, viewer: Option<Seat>) -> Value {
    let state = &live.state;
    let shown = |s: &dyn pyramid_core::runtime::DynState| match viewer {
        Some(seat) => s.view_string(seat).ok(),
        None if live.hidden => None,
        None => Some(s.position()),
    };
    let position = shown(state.as_ref());
    let start = shown(live.start.as_ref());
    let moves: Vec<Value> = live
        .moves
        .iter()
        .map(|m| {
            let text = match viewer {
                Some(seat) => m.seen_by.get(seat.index()).cloned().unwrap_or_default(),
                None => m.public.clone(),
            };
            json!({ "seat": m.seat.0, "action": text })
        })
        .collect();
    let legal = match (viewer, live.to_act()) {
        (Some(seat), Some(to_act)) if seat == to_act => Some(state.legal_actions()),
        _ => None,
    };
    let sitters: Vec<Value> = live
        .sitters
        .iter()
        .map(|s| match s {
            Sitter::Human => json!("human"),
            Sitter::Bot(spec, _) => json!(spec),
        })
        .collect();
    json!({
        "id": id,
        "game": live.game,
        "seat": viewer.map(|s| s.0),
        "seats": sitters,
        "rules": state.rule_options().into_iter().map(|(k, v)| (k.to_owned(), v)).collect::<HashMap<_, _>>(),
        "position": position,
        "start": start,
        "to_act": live.to_act().map(|s| s.0),
        "legal": legal,
        "moves": moves,
        "plies": state.plies(),
        "outcome": live.outcome(),
        "forfeit": live.forfeit.as_ref().map(|(seat, reason)| json!({ "seat": seat.0, "reason": reason })),
        "returns": state.is_over().then(|| state.returns()),
    })
}

/// The seat a request may see: the one asked for when the token allows it.
fn viewer(live: &LiveGame, query: &ViewQuery) -> Result<Option<Seat>, ApiError> {
    let Some(seat) = query.seat else {
        return Ok(None);
    };
    if usize::from(seat) >= live.state.seats() {
        return Err(ApiError::bad_request(format!(
            "seat {seat} does not exist: the game has seats 0 to {}",
            live.state.seats() - 1
        )));
    }
    Ok(live
        .allows(Seat(seat), query.token.as_deref())
        .then_some(Seat(seat)))
}

/// `GET /api/games/{id}?seat=N&token=T`.
pub async fn get_game(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<ViewQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query.map_err(query_error)?;
    let shared = find(&app, &id)?;
    let mut live = lock(&shared);
    live.last_used = Instant::now();
    let seat = viewer(&live, &query)?;
    Ok(Json(game_json(&id, &live, seat)))
}

/// `POST /api/games/{id}/actions`: a human seat acts; bot seats answer by themselves.
pub async fn post_action(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    body: Result<Json<ActionRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Json(request) = body.map_err(json_error)?;
    let shared = find(&app, &id)?;
    let answer = {
        let mut live = lock(&shared);
        let seat = Seat(request.seat);
        if request.seat as usize >= live.state.seats() {
            return Err(ApiError::bad_request(format!(
                "seat {} does not exist: the game has seats 0 to {}",
                request.seat,
                live.state.seats() - 1
            )));
        }
        if matches!(live.sitters.get(seat.index()), Some(Sitter::Bot(..))) {
            return Err(ApiError::forbidden(format!("seat {seat} is a bot's")));
        }
        if !live.allows(seat, Some(&request.token)) {
            return Err(ApiError::forbidden(format!(
                "the token does not allow acting for seat {seat}"
            )));
        }
        live.record_and_play(seat, &request.action)
            .map_err(runtime_error)?;
        game_json(&id, &live, Some(seat))
    };
    drive_bots(shared);
    Ok(Json(answer))
}

/// `GET /api/games/{id}/svg?seat=N&token=T`: the board as an SVG picture.
pub async fn get_svg(
    State(app): State<Arc<App>>,
    Path(id): Path<String>,
    query: Result<Query<ViewQuery>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Query(query) = query.map_err(query_error)?;
    let shared = find(&app, &id)?;
    let mut live = lock(&shared);
    live.last_used = Instant::now();
    let seat = viewer(&live, &query)?;
    if seat.is_none() && live.hidden {
        return Err(ApiError::forbidden(
            "this game hides information from each seat: give a seat and its token",
        ));
    }
    let svg = live.state.svg(seat).map_err(runtime_error)?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
}

/// `GET /`: the page.
pub async fn page() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        include_str!("../static/index.html"),
    )
}

/// Any other route.
pub async fn no_route() -> ApiError {
    ApiError::not_found("no such route (see docs/web.md)")
}
