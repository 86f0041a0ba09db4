//! The JSON API: the routes of `docs/web.md`.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use pyramid_core::Seat;
use pyramid_core::runtime::{DynGame, RuntimeError};
use pyramid_games::runtime::{OptionValue, RuleOptions};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::bots::drive_bots;
use crate::limits::bot_within_limits;
use crate::store::{LiveGame, Shared, Sitter, lock, random_token};
use crate::{ApiError, App};

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
    // The operator's models, by name, with the game each one plays (one it cannot read is
    // left out: `pyrctl serve` refuses those at start).
    let models: Vec<Value> = app
        .config
        .models
        .iter()
        .filter_map(|(name, file)| {
            let model = pyramid_bots::shared_model(file).ok()?;
            Some(json!({ "name": name, "game": model.info().game }))
        })
        .collect();
    Json(json!({ "games": games, "engines": app.config.engines, "models": models }))
}

/// The rule options of a new game: `players` and the seats in `rules` must agree, and the
/// ply limit is the server's when none is given (a larger one is refused).
fn rule_pairs(request: &NewGame, max_plies: u32) -> Result<RuleOptions, ApiError> {
    let mut options = RuleOptions::new().with_players(request.players);
    for (key, value) in &request.rules {
        options
            .set_json(key, value)
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
    }
    let ply_limit = options.remove("ply_limit");
    let limit = match ply_limit.as_deref().map(str::trim) {
        None | Some("none") => max_plies.to_string(),
        Some(text) => match text.parse::<u64>() {
            Ok(n) if n > u64::from(max_plies) => {
                return Err(ApiError::bad_request(format!(
                    "ply_limit {n} is beyond this server's ply limit of {max_plies}"
                )));
            }
            // Anything else is the rules' to accept or refuse.
            _ => text.to_owned(),
        },
    };
    options
        .set("ply_limit", OptionValue::Text(limit))
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(options)
}

/// `POST /api/games`: starts a game; bot seats start moving at once.
pub async fn create_game(
    State(app): State<Arc<App>>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<Json<Created>, ApiError> {
    let Json(request) = body.map_err(json_error)?;
    if request.delay_ms > MAX_DELAY_MS {
        return Err(ApiError::bad_request(format!(
            "delay_ms is at most {MAX_DELAY_MS}"
        )));
    }
    let pairs = rule_pairs(&request, app.config.max_plies)?;
    if let Some(specs) = &request.seats {
        if specs.len() > MAX_SEATS {
            return Err(ApiError::bad_request(format!(
                "{} seats given: a game has at most {MAX_SEATS}",
                specs.len()
            )));
        }
    }
    // Dealing and building bots (tables, trees) is work for a blocking thread.
    let (live, seat_tokens) = app
        .blocking(crate::Work::Light, move |app| {
            new_game(app, request, &pairs)
        })
        .await??;
    let token = live.token.clone();
    let (id, shared) = app.store.insert(live, &app.config);
    drive_bots(&app, shared);
    Ok(Json(Created {
        id,
        token,
        seat_tokens,
    }))
}

/// The most seats a game has.
const MAX_SEATS: usize = 8;

/// A new game from its request, and a token per seat (`None` for bot seats).
fn new_game(
    app: &App,
    request: NewGame,
    options: &RuleOptions,
) -> Result<(LiveGame, Vec<Option<String>>), ApiError> {
    let game: &dyn DynGame = app.registry.get(&request.game).map_err(runtime_error)?;
    // `deal`: who starts is drawn where the rules leave it to the tool (Martian Chess).
    let state = game
        .deal(&options.pairs(), rand::random::<u64>())
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
            let spec = bot_within_limits(spec, &app.config)?;
            let bot = game
                .bot(&spec, rand::random::<u64>() ^ seat as u64)
                .map_err(runtime_error)?;
            sitters.push(Sitter::Bot(spec, Some(bot)));
            seat_tokens.push(None);
        }
    }
    let bots_live = sitters.iter().any(|s| matches!(s, Sitter::Bot(..))) && !state.is_over();
    let live = LiveGame {
        start: state.clone_box(),
        bot_delay: std::time::Duration::from_millis(request.delay_ms),
        game: game.name(),
        hidden: !game.perfect_information(),
        state,
        sitters,
        token: random_token(),
        seat_tokens: seat_tokens.clone(),
        moves: Vec::new(),
        last_used: Instant::now(),
        bots_running: false,
        bots_live,
        closed: false,
        forfeit: None,
    };
    Ok((live, seat_tokens))
}

fn find(app: &App, id: &str) -> Result<Shared, ApiError> {
    app.store.get(id, &app.config).ok_or_else(|| {
        ApiError::not_found(format!("no game with id `{}`", pyramid_core::excerpt(id)))
    })
}

fn path_error(e: PathRejection) -> ApiError {
    ApiError::bad_request(format!("malformed path: {}", e.body_text()))
}

/// What an answer about a game needs, copied out of the game so that the answer is
/// written without the game locked.
struct Snapshot {
    game: &'static str,
    viewer: Option<Seat>,
    hidden: bool,
    state: Box<dyn pyramid_core::runtime::DynState>,
    start: Box<dyn pyramid_core::runtime::DynState>,
    seats: Vec<String>,
    moves: Vec<(u8, String)>,
    to_act: Option<Seat>,
    outcome: Option<String>,
    forfeit: Option<(Seat, String)>,
}

impl Snapshot {
    /// The game as `viewer` may see it (`None`: what every seat may see).
    fn of(live: &LiveGame, viewer: Option<Seat>) -> Snapshot {
        Snapshot {
            game: live.game,
            viewer,
            hidden: live.hidden,
            state: live.state.clone_box(),
            start: live.start.clone_box(),
            seats: live
                .sitters
                .iter()
                .map(|s| match s {
                    Sitter::Human => "human".to_owned(),
                    Sitter::Bot(spec, _) => spec.clone(),
                })
                .collect(),
            moves: live
                .moves
                .iter()
                .map(|m| {
                    let text = match viewer {
                        Some(seat) => m.seen_by.get(seat.index()).cloned().unwrap_or_default(),
                        None => m.public.clone(),
                    };
                    (m.seat.0, text)
                })
                .collect(),
            to_act: live.to_act(),
            outcome: live.outcome(),
            forfeit: live.forfeit.clone(),
        }
    }

    /// The answer.
    fn json(&self, id: &str) -> Value {
        let shown = |s: &dyn pyramid_core::runtime::DynState| match self.viewer {
            Some(seat) => s.view_string(seat).ok(),
            None if self.hidden => None,
            None => Some(s.position()),
        };
        let state = self.state.as_ref();
        let moves: Vec<Value> = self
            .moves
            .iter()
            .map(|(seat, action)| json!({ "seat": seat, "action": action }))
            .collect();
        let legal = match (self.viewer, self.to_act) {
            (Some(seat), Some(to_act)) if seat == to_act => Some(state.legal_actions()),
            _ => None,
        };
        json!({
            "id": id,
            "game": self.game,
            "seat": self.viewer.map(|s| s.0),
            "seats": self.seats,
            "rules": state.rule_options().into_iter().map(|(k, v)| (k.to_owned(), v)).collect::<HashMap<_, _>>(),
            "position": shown(state),
            "start": shown(self.start.as_ref()),
            "to_act": self.to_act.map(|s| s.0),
            "legal": legal,
            "moves": moves,
            "plies": state.plies(),
            "outcome": self.outcome,
            "forfeit": self.forfeit.as_ref().map(|(seat, reason)| json!({ "seat": seat.0, "reason": reason })),
            "returns": state.is_over().then(|| state.returns()),
        })
    }
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
    id: Result<Path<String>, PathRejection>,
    query: Result<Query<ViewQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Path(id) = id.map_err(path_error)?;
    let Query(query) = query.map_err(query_error)?;
    let shared = find(&app, &id)?;
    let snapshot = {
        let mut live = lock(&shared);
        live.last_used = Instant::now();
        let seat = viewer(&live, &query)?;
        Snapshot::of(&live, seat)
    };
    Ok(Json(snapshot.json(&id)))
}

/// `POST /api/games/{id}/actions`: a human seat acts; bot seats answer by themselves.
pub async fn post_action(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    body: Result<Json<ActionRequest>, JsonRejection>,
) -> Result<Json<Value>, ApiError> {
    let Path(id) = id.map_err(path_error)?;
    let Json(request) = body.map_err(json_error)?;
    let shared = find(&app, &id)?;
    let snapshot = {
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
        live.last_used = Instant::now();
        Snapshot::of(&live, Some(seat))
    };
    drive_bots(&app, shared);
    Ok(Json(snapshot.json(&id)))
}

/// `GET /api/games/{id}/svg?seat=N&token=T`: the board as an SVG picture.
pub async fn get_svg(
    State(app): State<Arc<App>>,
    id: Result<Path<String>, PathRejection>,
    query: Result<Query<ViewQuery>, QueryRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let Path(id) = id.map_err(path_error)?;
    let Query(query) = query.map_err(query_error)?;
    let shared = find(&app, &id)?;
    let (state, seat) = {
        let mut live = lock(&shared);
        live.last_used = Instant::now();
        let seat = viewer(&live, &query)?;
        if seat.is_none() && live.hidden {
            return Err(ApiError::forbidden(
                "this game hides information from each seat: give a seat and its token",
            ));
        }
        (live.state.clone_box(), seat)
    };
    let svg = app
        .blocking(crate::Work::Light, move |_| {
            state.svg(seat).map_err(runtime_error)
        })
        .await??;
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

/// A route asked with a method it does not take.
pub async fn wrong_method() -> ApiError {
    ApiError::method_not_allowed("this route does not take this method (see docs/web.md)")
}
