//! The JSON API: the routes of `docs/web.md`.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use pyramid_core::Seat;
use pyramid_runtime::{OptionValue, RuleOptions};
use serde::{Deserialize, Serialize};

use crate::assemble::{MAX_SEATS, NewGame, new_game};
use crate::extract::{Checked, Client};
use crate::levels::{Level, levels};
use crate::metrics::Limit;
use crate::round::{Answer, Change, Gone, Shared, change, find, open_new};
use crate::store::LiveGame;
use crate::view::{GameView, Snapshot, seat_link, spectator_link};
use crate::{ApiError, App};
use pyramid_runtime::pyramid_learn::{LearnedFile, learned_file};

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

/// `POST /api/games/{id}/resign`, `/draw`, `/takeback`, `/withdraw`: a seat and its
/// token.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatRequest {
    /// The seat asking.
    pub seat: u8,
    /// The game's token or the seat's.
    pub token: String,
}

/// `?seat=N&token=T`.
#[derive(Debug, Default, Deserialize)]
pub struct ViewQuery {
    /// The seat whose view is asked for.
    pub seat: Option<u8>,
    /// The token for that seat.
    pub token: Option<String>,
}

/// `GET /api/games/{id}/svg?seat=N&token=T&side=S`: a view, drawn from seat `S`'s side
/// of the board (the viewer's own by default; a spectator's: seat 0's).
#[derive(Debug, Default, Deserialize)]
pub struct PictureQuery {
    /// The seat whose view is asked for.
    pub seat: Option<u8>,
    /// The token for that seat.
    pub token: Option<String>,
    /// The seat whose side of the board is at the bottom.
    pub side: Option<u8>,
    /// The position after this many plies instead of the current one (reviewing the
    /// game: 0 is the start).
    pub ply: Option<u32>,
}

/// The answer to `POST /api/games`.
#[derive(Debug, Serialize)]
pub struct Created {
    /// The game's id.
    pub id: String,
    /// The token for every human seat; in a game that hides something from each seat
    /// and was not asked for as hot seat, the first human seat's own token (no token
    /// acts for two seats of such a game).
    pub token: String,
    /// A token per seat: a human seat's own, `null` for bot seats.
    pub seat_tokens: Vec<Option<String>>,
    /// The page's links: one per seat (`null` for a bot seat) and one to watch.
    pub links: Links,
}

/// The page's links into a game (relative: the page prefixes its origin); the seat
/// token is in the fragment, which a browser never sends.
#[derive(Debug, Serialize)]
pub struct Links {
    /// One per seat: `/#game=ID&seat=N&token=T`, `null` for a bot seat (or a seat whose
    /// token the asker does not hold).
    pub seats: Vec<Option<String>>,
    /// `/#game=ID`.
    pub spectator: String,
    /// `/#game=ID&seat=all&token=T`: every human seat on one screen, when the game has
    /// a token for all of them and two human seats or more (absent otherwise). In a game
    /// that hides something from each seat, it shows every seat's secret.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hot_seat: Option<String>,
}

impl Created {
    /// The answer for game `id` with these tokens: `game_token` acts for every human
    /// seat (none: each seat has only its own).
    pub fn new(
        id: String,
        game_token: Option<String>,
        seat_tokens: Vec<Option<String>>,
    ) -> Created {
        let humans = seat_tokens.iter().flatten().count();
        let links = Links {
            seats: seat_tokens
                .iter()
                .enumerate()
                .map(|(seat, t)| t.as_ref().map(|t| seat_link(&id, seat, t)))
                .collect(),
            spectator: spectator_link(&id),
            hot_seat: game_token
                .as_ref()
                .filter(|_| humans >= 2)
                .map(|t| crate::view::hot_seat_link(&id, t)),
        };
        let token = game_token
            .or_else(|| seat_tokens.iter().flatten().next().cloned())
            .unwrap_or_default();
        Created {
            id,
            token,
            seat_tokens,
            links,
        }
    }
}

/// `GET /api/games`.
#[derive(Debug, Serialize)]
pub struct GameList {
    /// Every game.
    pub games: Vec<GameInfo>,
    /// The outside engines clients may seat.
    pub engines: Vec<String>,
    /// The operator's models.
    pub models: Vec<ModelInfo>,
}

/// One game of [`GameList`].
#[derive(Debug, Serialize)]
pub struct GameInfo {
    /// Its name.
    pub name: &'static str,
    /// The seat counts it is played with.
    pub seat_counts: &'static [usize],
    /// Each seat's name under the default rules (`South`, `North`): what a page offers
    /// as sides.
    pub seat_names: Vec<String>,
    /// Each seat count's seat names, in the order of `seat_counts` (a game may name its
    /// seats differently by their number): what a page offers for an option whose value
    /// is a seat ([`OptionInfo::seat`]).
    pub seat_names_by_count: Vec<Vec<String>>,
    /// Whether every seat sees everything.
    pub perfect_information: bool,
    /// The game in one line, for players.
    pub summary: &'static str,
    /// How to play, in a few sentences.
    pub how_to_play: &'static str,
    /// Where its picture is: the start position as SVG (`GET /api/pictures/{game}`).
    pub picture: String,
    /// Where its rules page for players is (`GET /rules/{game}`).
    pub rules: String,
    /// Its rule options.
    pub rule_options: Vec<OptionInfo>,
    /// The levels of computer opponent offered for it, weakest first ([`Level`]).
    pub levels: Vec<Level>,
}

/// One rule option of [`GameInfo`].
#[derive(Debug, Serialize)]
pub struct OptionInfo {
    /// The key.
    pub key: &'static str,
    /// The values it takes, in words.
    pub takes: String,
    /// Its default.
    pub default: String,
    /// What it does, in one line.
    pub doc: &'static str,
    /// Its name for players.
    pub label: &'static str,
    /// Every value where they are a short closed list (a drop-down or a switch), else
    /// empty (a number or other open value).
    pub choices: &'static [&'static str],
    /// Each of `choices` in players' words, in the same order (empty: the values are
    /// their own words).
    pub choice_words: &'static [&'static str],
    /// Whether a seat is a value too, as its number (below the seat count), after
    /// `choices`: a page offers the seats by their names
    /// ([`GameInfo::seat_names_by_count`]).
    pub seat: bool,
}

/// One model of [`GameList`].
#[derive(Debug, Serialize)]
pub struct ModelInfo {
    /// The name clients seat it by.
    pub name: String,
    /// The spec that seats it (`az:model=NAME` for a model, `ab:model=NAME` for a value
    /// net), to which a client adds a budget (`,ms=500`).
    pub spec: String,
    /// The game it plays.
    pub game: String,
}

/// The longest wait a bot may be given before each move.
const MAX_DELAY_MS: u64 = 10_000;

/// `GET /api/games`: every game with its seat counts and rule options.
pub async fn list_games(State(app): State<Arc<App>>) -> Json<GameList> {
    // The operator's learned files, each read once (one it cannot read is left out:
    // `pyrctl serve` refuses those at start): listed under `models`, and the strongest of
    // a game's among its levels.
    let learned: Vec<(String, LearnedFile)> = app
        .config
        .bots
        .learned_files
        .iter()
        .filter_map(|(name, file)| Some((name.clone(), learned_file(file).ok()?)))
        .collect();
    let games = app
        .registry
        .games()
        .map(|g| GameInfo {
            name: g.name(),
            seat_counts: g.seat_counts(),
            seat_names: g
                .new_state(&[])
                .map(|state| state.seat_names())
                .unwrap_or_default(),
            seat_names_by_count: g
                .seat_counts()
                .iter()
                .map(|n| {
                    let seats = n.to_string();
                    g.new_state(&[("seats", seats.as_str())])
                        .map(|state| state.seat_names())
                        .unwrap_or_default()
                })
                .collect(),
            perfect_information: g.perfect_information(),
            summary: g.summary(),
            how_to_play: g.how_to_play(),
            picture: format!("/api/pictures/{}", g.name()),
            rules: format!("/rules/{}", g.name()),
            rule_options: g
                .rule_options()
                .into_iter()
                .map(|o| OptionInfo {
                    key: o.key,
                    takes: o.takes,
                    default: o.default,
                    doc: o.doc,
                    label: o.label,
                    choices: o.choices,
                    choice_words: o.choice_words,
                    seat: o.seat,
                })
                .collect(),
            levels: levels(g.name(), &learned),
        })
        .collect();
    let models = learned
        .into_iter()
        .map(|(name, file)| ModelInfo {
            spec: file.spec(&name, ""),
            game: file.game,
            name,
        })
        .collect();
    Json(GameList {
        games,
        engines: app.config.bots.engines.clone(),
        models,
    })
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
    // Read as every tool reads it (`none`/`off`: no limit, here the server's; `0`
    // refused); a limit beyond the server's is refused too.
    let limit = match options.remove("ply_limit") {
        None => None,
        Some(text) => pyramid_core::parse_ply_limit(&text)
            .map_err(|e| ApiError::bad_request(e.to_string()))?,
    };
    let limit = match limit {
        None => max_plies,
        Some(n) if n > max_plies => {
            return Err(ApiError::bad_request(format!(
                "ply_limit {n} is beyond this server's ply limit of {max_plies}"
            )));
        }
        Some(n) => n,
    };
    let limit = limit.to_string();
    options
        .set("ply_limit", OptionValue::Text(limit))
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    Ok(options)
}

/// `POST /api/games`: starts a game, stored before it is answered; bot seats start
/// moving at once.
pub async fn create_game(
    State(app): State<Arc<App>>,
    Client(client): Client,
    Checked(Json(request)): Checked<Json<NewGame>>,
) -> Result<Json<Created>, ApiError> {
    app.clients.create(client, &app.config).map_err(|e| {
        app.metrics.refused(Limit::Creates);
        ApiError::too_many(e)
    })?;
    if request.delay_ms > MAX_DELAY_MS {
        return Err(ApiError::bad_request(format!(
            "delay_ms is at most {MAX_DELAY_MS}"
        )));
    }
    let pairs = rule_pairs(&request, app.config.max_plies)?;
    if let Some(specs) = &request.seats
        && specs.len() > MAX_SEATS
    {
        return Err(ApiError::bad_request(format!(
            "{} seats given: a game has at most {MAX_SEATS}",
            specs.len()
        )));
    }
    if request.lobby {
        check_challenges(&app, client).await?;
    }
    // Dealing and building bots (tables, trees) is work for a blocking thread.
    let (live, seat_tokens) = app
        .blocking(crate::Work::Light, move |app| {
            new_game(app, request, &pairs, client)
        })
        .await??;
    let token = (!live.setup().token.is_empty()).then(|| live.setup().token.clone());
    let id = open_new(&app, live, client).await?;
    Ok(Json(Created::new(id, token, seat_tokens)))
}

/// Refuses (429) a new challenge for the lobby from a client that has
/// [`crate::ServerConfig::max_client_challenges`] listed already.
async fn check_challenges(app: &App, client: Option<std::net::IpAddr>) -> Result<(), ApiError> {
    let Some(ip) = client else { return Ok(()) };
    let creator = ip.to_string();
    let listed = match &app.db {
        Some(db) => db
            .challenges_of(&creator)
            .await
            .map_err(crate::persist::db_error)?,
        None => app
            .store
            .held()
            .iter()
            .filter(|round| {
                round.read(|live| {
                    live.setup().creator == creator && live.seating().lobby && !live.is_over()
                })
            })
            .count(),
    };
    let most = app.config.max_client_challenges;
    if listed >= most {
        app.metrics.refused(Limit::Challenges);
        return Err(ApiError::too_many(format!(
            "this address has {listed} challenges in the lobby, as many as a client may list: withdraw one or wait for it to be taken"
        )));
    }
    Ok(())
}

/// The seat a request may see: the one asked for when the token allows it.
pub fn viewer(live: &LiveGame, query: &ViewQuery) -> Result<Option<Seat>, ApiError> {
    let Some(seat) = query.seat else {
        return Ok(None);
    };
    if usize::from(seat) >= live.state().seats() {
        return Err(ApiError::bad_request(format!(
            "seat {seat} does not exist: the game has seats 0 to {}",
            live.state().seats() - 1
        )));
    }
    Ok(live
        .allows(Seat(seat), query.token.as_deref())
        .then_some(Seat(seat)))
}

/// The game `id` as the viewer of `query` sees it: found (loaded if need be), the
/// viewer's seat checked, and a person who opens their seat for the first time now at
/// the table (the game's clock starts once everyone is).
pub async fn open_for(
    app: &Arc<App>,
    id: &str,
    query: &ViewQuery,
) -> Result<(Shared, Option<Seat>), ApiError> {
    let round = find(app, id).await?;
    round.touch();
    let (seat, arriving) = round.read(|live| {
        let seat = viewer(live, query)?;
        let arriving = match (seat, query.token.as_deref()) {
            (Some(seat), Some(token)) => live.arriving(seat, token),
            _ => Vec::new(),
        };
        Ok::<_, ApiError>((seat, arriving))
    })?;
    if !arriving.is_empty() {
        // Told to the owner just found; found again only if it ended meanwhile.
        let join = Change::Join(arriving);
        match round.tell(join.clone()).await {
            Ok(answer) => {
                answer?;
            }
            Err(Gone) => {
                change(app, id, join).await?;
            }
        }
    }
    Ok((round, seat))
}

/// `GET /api/games/{id}?seat=N&token=T`.
pub async fn get_game(
    State(app): State<Arc<App>>,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Query(query)): Checked<Query<ViewQuery>>,
) -> Result<Json<GameView>, ApiError> {
    let (round, seat) = open_for(&app, &id, &query).await?;
    let snapshot = round.read(|live| Snapshot::of(&id, live, seat));
    Ok(Json(snapshot.view()))
}

/// `POST /api/games/{id}/actions`: a human seat acts (committed before the answer); bot
/// seats answer by themselves.
pub async fn post_action(
    State(app): State<Arc<App>>,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Json(request)): Checked<Json<ActionRequest>>,
) -> Result<Json<GameView>, ApiError> {
    let act = Change::Act {
        seat: request.seat,
        token: request.token,
        text: request.action,
    };
    let (round, answer) = change(&app, &id, act).await?;
    Ok(Json(seat_view(&round, &answer)))
}

/// The game as the seat that changed it sees it now.
pub fn seat_view(round: &Shared, answer: &Answer) -> GameView {
    round.touch();
    let seat = match answer {
        Answer::Acted(seat) => Some(*seat),
        _ => None,
    };
    round
        .read(|live| Snapshot::of(&round.id, live, seat))
        .view()
}

/// `GET /api/games/{id}/svg?seat=N&token=T`: the board as an SVG picture.
pub async fn get_svg(
    State(app): State<Arc<App>>,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Query(picture)): Checked<Query<PictureQuery>>,
) -> Result<impl IntoResponse, ApiError> {
    let round = find(&app, &id).await?;
    round.touch();
    let query = ViewQuery {
        seat: picture.seat,
        token: picture.token,
    };
    let (state, replayed, seat, over) = round.read(|live| {
        let seat = viewer(live, &query)?;
        // Once the game is over (by its rules or otherwise) nothing is hidden any more:
        // the picture shows everything (Stacktrices: both thieves), from the seat's side,
        // to anyone.
        let over = live.is_over();
        if seat.is_none() && live.setup().hidden && !over {
            return Err(ApiError::forbidden(
                "this game hides information from each seat: give a seat and its token",
            ));
        }
        // Reviewing: the start and the moves up to that ply, replayed off the lock.
        let (state, replayed) = match picture.ply {
            None => (live.state().clone_box(), Vec::new()),
            Some(ply) => {
                let moves = live.moves();
                if ply as usize > moves.len() {
                    return Err(ApiError::bad_request(format!(
                        "ply={ply}: the game has {} plies",
                        moves.len()
                    )));
                }
                let texts = moves[..ply as usize].iter().map(|m| m.text.clone());
                (live.setup().start.clone_box(), texts.collect())
            }
        };
        Ok::<_, ApiError>((state, replayed, seat, over))
    })?;
    let svg = app
        .blocking(crate::Work::Light, move |_| {
            let mut state = state;
            for text in &replayed {
                state
                    .play(text)
                    .map_err(|e| ApiError::internal(e.to_string()))?;
            }
            let side = picture.side.map(Seat).or(seat);
            let shown_to = if over { None } else { seat };
            state.svg_from(shown_to, side).map_err(ApiError::from)
        })
        .await??;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], svg))
}

/// `GET /api/pictures/{game}`: the game's start position under its default rules, as
/// SVG (what the front page shows beside each game); cached for an hour.
pub async fn get_picture(
    State(app): State<Arc<App>>,
    Checked(Path(game)): Checked<Path<String>>,
) -> Result<impl IntoResponse, ApiError> {
    let svg = app
        .blocking(crate::Work::Light, move |app| {
            let entry = app
                .registry
                .get(&game)
                .map_err(|e| ApiError::not_found(e.to_string()))?;
            let start = entry
                .new_state(&[])
                .map_err(|e| ApiError::unprocessable(e.to_string()))?;
            start.svg(None).map_err(ApiError::from)
        })
        .await??;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        svg,
    ))
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
