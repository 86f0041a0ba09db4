//! Records in the browser: `POST /api/replay` turns a match record (one line of
//! `pyrctl match --record`) into its positions, `POST /api/render` draws a position.

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use pyramid_bots::RecordRules;
use pyramid_core::dynamic::borrowed_options;
use pyramid_runtime::RuleOptions;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::extract::Checked;
use crate::{ApiError, App};

/// The most actions a replayed record may hold.
const MAX_ACTIONS: usize = 20_000;

/// The parts of a record line a replay needs (a [`pyramid_bots::Record`] without the
/// match's bookkeeping: its seats' bots, seeds and index may be left out).
#[derive(Debug, Deserialize)]
pub struct RecordLine {
    /// The game's name.
    pub game: String,
    /// Seats, ply limit and the game's own options.
    pub rules: RecordRules,
    /// The start position string.
    pub start: String,
    /// The actions in order.
    pub actions: Vec<String>,
    /// How the game ended, as recorded.
    #[serde(default)]
    pub result: Value,
}

/// `POST /api/render`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RenderRequest {
    /// The game's name.
    pub game: String,
    /// A position string.
    pub position: String,
    /// Rule options for what the position does not hold (as `POST /api/games` takes).
    #[serde(default)]
    pub rules: std::collections::HashMap<String, Value>,
}

/// One position of a replay.
#[derive(Debug, Serialize)]
pub struct Frame {
    /// Plies from the start.
    pub ply: usize,
    /// The seat that played the action leading here.
    pub seat: Option<u8>,
    /// That action.
    pub action: Option<String>,
    /// The position string.
    pub position: String,
}

/// The answer to `POST /api/replay`.
#[derive(Debug, Serialize)]
pub struct ReplayAnswer {
    /// The game's name.
    pub game: &'static str,
    /// The rule options in force.
    pub rules: BTreeMap<String, String>,
    /// Every position, the start first.
    pub frames: Vec<Frame>,
    /// How the game ended, as recorded.
    pub result: Value,
    /// How it ends when played again.
    pub outcome: Option<String>,
}

/// `POST /api/replay`: every position of a recorded game, the start first. Reading the
/// record, playing it and writing the answer are done on a blocking thread.
pub async fn replay(
    State(app): State<Arc<App>>,
    body: Result<Bytes, BytesRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let body = body.map_err(|e| match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::too_large(format!("the body is too large: {}", e.body_text()))
        }
        _ => ApiError::bad_request(format!("unreadable request body: {}", e.body_text())),
    })?;
    let answer = app
        .blocking(crate::Work::Heavy, move |app| replay_answer(app, &body))
        .await??;
    Ok(([(header::CONTENT_TYPE, "application/json")], answer))
}

/// The answer to a replay, as JSON bytes.
fn replay_answer(app: &App, body: &[u8]) -> Result<Vec<u8>, ApiError> {
    let record: RecordLine = serde_json::from_slice(body)
        .map_err(|e| ApiError::bad_request(format!("malformed JSON body: {e}")))?;
    if record.actions.len() > MAX_ACTIONS {
        return Err(ApiError::bad_request(format!(
            "a replayed record holds at most {MAX_ACTIONS} actions"
        )));
    }
    let game = app
        .registry
        .get(&record.game)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let mut pairs = vec![("seats".to_owned(), record.rules.seats.to_string())];
    if let Some(limit) = record.rules.ply_limit {
        pairs.push(("ply_limit".to_owned(), limit.to_string()));
    }
    for option in &record.rules.options {
        let (key, value) = option.split_once('=').ok_or_else(|| {
            ApiError::bad_request(format!("rule option `{option}` is not KEY=VALUE"))
        })?;
        pairs.push((key.to_owned(), value.to_owned()));
    }
    let mut state = game
        .parse_position(&record.start, &borrowed_options(&pairs))
        .map_err(|e| ApiError::unprocessable(format!("start: {e}")))?;
    let mut frames = vec![Frame {
        ply: 0,
        seat: None,
        action: None,
        position: state.position(),
    }];
    for (i, action) in record.actions.iter().enumerate() {
        let seat = state.to_act().map(|s| s.0);
        state
            .play(action)
            .map_err(|e| ApiError::unprocessable(format!("action {} `{action}`: {e}", i + 1)))?;
        frames.push(Frame {
            ply: i + 1,
            seat,
            action: Some(action.clone()),
            position: state.position(),
        });
    }
    let answer = ReplayAnswer {
        game: game.name(),
        rules: state
            .rule_options()
            .into_iter()
            .map(|(k, v)| (k.to_owned(), v))
            .collect(),
        frames,
        result: record.result,
        outcome: state.outcome().map(|o| o.to_string()),
    };
    serde_json::to_vec(&answer).map_err(|e| ApiError::internal(format!("writing the answer: {e}")))
}

/// `POST /api/render`: the SVG picture of a position string (everything it holds shown),
/// drawn on a blocking thread.
pub async fn render(
    State(app): State<Arc<App>>,
    Checked(Json(request)): Checked<Json<RenderRequest>>,
) -> Result<impl IntoResponse, ApiError> {
    let svg = app
        .blocking(crate::Work::Light, move |app| render_svg(app, &request))
        .await??;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
}

/// The picture `POST /api/render` answers.
fn render_svg(app: &App, request: &RenderRequest) -> Result<String, ApiError> {
    let game = app
        .registry
        .get(&request.game)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    let mut options = RuleOptions::new();
    for (key, value) in &request.rules {
        options
            .set_json(key, value)
            .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    }
    let state = game
        .parse_position(&request.position, &options.pairs())
        .map_err(|e| ApiError::unprocessable(e.to_string()))?;
    state
        .svg(None)
        .map_err(|e| ApiError::bad_request(e.to_string()))
}
