//! What players offer each other, each a change asked of the game's owner: a draw
//! (`POST /api/games/{id}/draw`), a takeback (`/takeback`), a rematch offered, accepted
//! or declined (`/rematch`).

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use pyramid_core::Seat;
use serde::Deserialize;

use crate::api::{Created, SeatRequest, seat_view};
use crate::ending::Abort;
use crate::extract::{Checked, Client};
use crate::round::{Answer, Change, change, check_decline, find};
use crate::store::Rematch;
use crate::view::GameView;
use crate::{ApiError, App};

/// `POST /api/games/{id}/rematch`: a seat and its token; `"decline": true` declines.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RematchRequest {
    /// The seat asking.
    pub seat: u8,
    /// The game's token or the seat's.
    pub token: String,
    /// Whether the seat declines the rematch another seat asked for.
    #[serde(default)]
    pub decline: bool,
}

/// `POST /api/games/{id}/draw`: the seat offers a draw, or accepts the standing offer of
/// another seat; once every seated person agrees, the game ends drawn by agreement. Bots
/// decline (409).
pub async fn draw(
    State(app): State<Arc<App>>,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Json(request)): Checked<Json<SeatRequest>>,
) -> Result<Json<GameView>, ApiError> {
    let draw = Change::Draw {
        seat: request.seat,
        token: request.token,
    };
    let (round, answer) = change(&app, &id, draw).await?;
    Ok(Json(seat_view(&round, &answer)))
}

/// `POST /api/games/{id}/takeback`: the seat asks to take back its last ply (and every
/// ply after it), or grants another seat's request; once every other seated person
/// granted it (bots at once), the plies are gone and the asker is to act again.
pub async fn takeback(
    State(app): State<Arc<App>>,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Json(request)): Checked<Json<SeatRequest>>,
) -> Result<Json<GameView>, ApiError> {
    let takeback = Change::Takeback {
        seat: request.seat,
        token: request.token,
    };
    let (round, answer) = change(&app, &id, takeback).await?;
    Ok(Json(seat_view(&round, &answer)))
}

/// `POST /api/games/{id}/rematch`: once the game is over, asks for the same game again
/// (its rules, its sitters, seats rotated by one so that another seat starts; its clock
/// waits until every player opened it), or accepts the rematch another seat asked for.
/// The answer holds only the asking seat's token and link (its sitter's new seat); every
/// viewer of the old game finds its own link under `rematch`. With `"decline": true`
/// the seat declines the rematch another seat asked for: it ends aborted ("rematch
/// declined"), and the answer is the old game's view.
pub async fn rematch(
    State(app): State<Arc<App>>,
    Client(client): Client,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Json(request)): Checked<Json<RematchRequest>>,
) -> Result<Response, ApiError> {
    if request.decline {
        return Ok(Json(decline(&app, &id, request).await?).into_response());
    }
    let ask = Change::Rematch {
        seat: request.seat,
        token: request.token,
        client,
    };
    match change(&app, &id, ask).await? {
        (_, Answer::Rematch(rematch)) => {
            Ok(Json(created_for(&rematch, Seat(request.seat))).into_response())
        }
        _ => Err(ApiError::internal("the rematch was not made")),
    }
}

/// Declines the rematch of game `id`: the rematch ends aborted (unless every player is
/// at its table already: 409), then the old game records it.
async fn decline(app: &Arc<App>, id: &str, request: RematchRequest) -> Result<GameView, ApiError> {
    let old = find(app, id).await?;
    let rematch = old.read(|live| check_decline(live, request.seat, &request.token))?;
    change(app, &rematch, Change::Abort(Abort::RematchDeclined)).await?;
    let declined = Change::RematchDeclined { seat: request.seat };
    let (round, answer) = change(app, id, declined).await?;
    Ok(seat_view(&round, &answer))
}

/// The rematch as `Created`, holding only the token of the seat `old`'s sitter moved to.
fn created_for(rematch: &Rematch, old: Seat) -> Created {
    let seats = rematch.seat_tokens.len().max(1);
    let new_seat = (old.index() + 1) % seats;
    let mine = rematch.seat_tokens.get(new_seat).cloned().flatten();
    let seat_tokens = (0..seats)
        .map(|s| if s == new_seat { mine.clone() } else { None })
        .collect();
    // Only the asker's own token: its seat's, never one for all.
    Created::new(rematch.id.clone(), None, seat_tokens)
}
