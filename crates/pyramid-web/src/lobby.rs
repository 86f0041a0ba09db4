//! Open challenges: a game made with an `"open"` seat waits for whoever takes it
//! (`POST /api/games/{id}/join`, the first caller gets the seat's token, a later one 409);
//! made with `"lobby": true` it is listed in `GET /api/lobby` until no seat waits or its
//! creator withdraws it (`POST /api/games/{id}/withdraw`).

use std::collections::BTreeMap;
use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use serde::{Deserialize, Serialize};

use crate::api::SeatRequest;
use crate::clock::TimeControl;
use crate::extract::{Checked, Client};
use crate::persist::db_error;
use crate::round::{Answer, Change, change};
use crate::view::{seat_link, spectator_link};
use crate::{ApiError, App};

/// The most games `GET /api/lobby` lists.
pub const LOBBY_SIZE: usize = 100;

/// `POST /api/games/{id}/join`: the seat to take (the first that waits when absent).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct JoinRequest {
    /// The seat asked for.
    #[serde(default)]
    pub seat: Option<u8>,
}

/// The answer to a join: the seat taken, its token and its page link.
#[derive(Debug, Serialize)]
pub struct Joined {
    /// The seat now the caller's.
    pub seat: u8,
    /// Its token (only this answer holds it).
    pub token: String,
    /// `/#game=ID&seat=N&token=T`.
    pub link: String,
}

/// `GET /api/lobby`.
#[derive(Debug, Serialize)]
pub struct Lobby {
    /// The games listed, the newest first.
    pub games: Vec<LobbyGame>,
}

/// A game waiting in the lobby.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct LobbyGame {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: String,
    /// Its rule options.
    pub rules: BTreeMap<String, String>,
    /// Who sits where: `human` (someone waits there), `open`, or a bot's spec.
    pub seats: Vec<String>,
    /// The seats that wait for a player.
    pub open_seats: Vec<u8>,
    /// When the game was made (seconds since 1970).
    pub since: i64,
    /// The page's link to watch it.
    pub link: String,
    /// Its time control (`null`: no clock); the clock starts when the game does.
    pub clock: Option<TimeControl>,
}

impl LobbyGame {
    fn new(
        id: String,
        game: String,
        rules: &[(String, String)],
        seats: Vec<String>,
        since: i64,
        clock: Option<TimeControl>,
    ) -> Self {
        LobbyGame {
            clock,
            link: spectator_link(&id),
            open_seats: (0..seats.len())
                .filter(|&s| seats[s] == "open")
                .map(|s| s as u8)
                .collect(),
            id,
            game,
            rules: rules.iter().cloned().collect(),
            seats,
            since,
        }
    }
}

/// `GET /api/lobby`: the games with an open seat listed by their creators, fair between
/// clients (each client's newest first, one of each client in turn, so that no client's
/// challenges push another's out), then the newest first (from the database when there
/// is one, so every server lists the same games).
pub async fn lobby(State(app): State<Arc<App>>) -> Result<Json<Lobby>, ApiError> {
    let mut games: Vec<(String, LobbyGame)> = match &app.db {
        Some(db) => db
            .lobby(LOBBY_SIZE * LOBBY_READ)
            .await
            .map_err(db_error)?
            .into_iter()
            .map(|row| {
                let clock = row.clock.map(|c| c.control);
                let game = LobbyGame::new(
                    row.id,
                    row.game,
                    &row.options,
                    row.sitters,
                    row.created_at,
                    clock,
                );
                (row.creator, game)
            })
            .collect(),
        None => app
            .store
            .held()
            .iter()
            .filter_map(|round| {
                round.read(|live| {
                    let listed = live.seating().lobby && live.to_act().is_some();
                    listed.then(|| {
                        let game = LobbyGame::new(
                            round.id.clone(),
                            live.setup().game.to_owned(),
                            &live.setup().options,
                            live.sitters_shown(),
                            live.seating().since,
                            live.clock().map(|c| c.control),
                        );
                        (live.setup().creator.clone(), game)
                    })
                })
            })
            .collect(),
    };
    games.retain(|(_, g)| !g.open_seats.is_empty());
    Ok(Json(Lobby {
        games: fair(games, LOBBY_SIZE),
    }))
}

/// How many times [`LOBBY_SIZE`] games are read from the database to list them fairly.
const LOBBY_READ: usize = 4;

/// At most `size` of `games` (each with its creator), fair between creators: each
/// creator's newest first, then one of each creator in turn, the newest creators' first;
/// the games kept are listed the newest first.
fn fair(mut games: Vec<(String, LobbyGame)>, size: usize) -> Vec<LobbyGame> {
    let newest = |a: &LobbyGame, b: &LobbyGame| b.since.cmp(&a.since).then_with(|| a.id.cmp(&b.id));
    games.sort_by(|a, b| newest(&a.1, &b.1));
    // The rank of each game among its creator's: 0 for the newest.
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    let mut ranked: Vec<(usize, usize, LobbyGame)> = games
        .into_iter()
        .enumerate()
        .map(|(order, (creator, game))| {
            let rank = seen.entry(creator).or_default();
            *rank += 1;
            (*rank, order, game)
        })
        .collect();
    ranked.sort_by_key(|(rank, order, _)| (*rank, *order));
    let mut kept: Vec<LobbyGame> = ranked.into_iter().take(size).map(|(_, _, g)| g).collect();
    kept.sort_by(newest);
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str, since: i64) -> LobbyGame {
        LobbyGame::new(
            id.to_owned(),
            "nim".to_owned(),
            &[],
            vec!["human".to_owned(), "open".to_owned()],
            since,
            None,
        )
    }

    #[test]
    fn the_lobby_is_fair_between_creators() {
        let mut games: Vec<(String, LobbyGame)> = (0..10)
            .map(|i| ("flood".to_owned(), game(&format!("f{i}"), 100 + i)))
            .collect();
        games.push(("quiet".to_owned(), game("q", 1)));
        let listed = fair(games, 4);
        let ids: Vec<&str> = listed.iter().map(|g| g.id.as_str()).collect();
        assert_eq!(
            ids,
            ["f9", "f8", "f7", "q"],
            "the quiet client's challenge stays"
        );
    }
}

/// `POST /api/games/{id}/join`: takes a seat that waits for a player (the one asked for,
/// or the first): the answer holds its token, given to this caller alone; 409 when no
/// seat waits any more (someone else took it) or the game is over.
pub async fn join(
    State(app): State<Arc<App>>,
    Client(client): Client,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Json(request)): Checked<Json<JoinRequest>>,
) -> Result<Json<Joined>, ApiError> {
    app.clients.join(client, &app.config).map_err(|e| {
        app.metrics.refused(crate::metrics::Limit::Joins);
        ApiError::too_many(e)
    })?;
    let take = Change::TakeSeat { seat: request.seat };
    let joined = match change(&app, &id, take).await? {
        (_, Answer::Seated(seat, token)) => (seat, token),
        _ => return Err(ApiError::internal("no seat was taken")),
    };
    let (seat, token) = joined;
    Ok(Json(Joined {
        seat: seat.0,
        link: seat_link(&id, seat.index(), &token),
        token,
    }))
}

/// The answer to a withdrawal.
#[derive(Debug, Serialize)]
pub struct Withdrawn {
    /// Whether the game is listed in the lobby now (`false`).
    pub lobby: bool,
    /// The seats still open (whoever holds the game's id may still take them).
    pub open_seats: Vec<u8>,
}

/// `POST /api/games/{id}/withdraw`: a seated player (the creator) takes the game out of
/// the lobby. Its open seats stay open to whoever has its id (an invitation by link).
pub async fn withdraw(
    State(app): State<Arc<App>>,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Json(request)): Checked<Json<SeatRequest>>,
) -> Result<Json<Withdrawn>, ApiError> {
    let withdraw = Change::Withdraw {
        seat: request.seat,
        token: request.token,
    };
    let open = match change(&app, &id, withdraw).await? {
        (_, Answer::Open(open)) => open,
        _ => return Err(ApiError::internal("the game was not withdrawn")),
    };
    Ok(Json(Withdrawn {
        lobby: false,
        open_seats: open,
    }))
}
