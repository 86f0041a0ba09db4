//! The one place a live game is assembled from its seats: a new game from its request
//! ([`new_game`], also the rematch's and the lobby's), a stored one from its row
//! ([`rebuild`]), both through [`seat_sitters`] and [`assemble`].

use std::collections::HashMap;
use std::time::Duration;

use pyramid_core::Seat;
use pyramid_core::dynamic::{DynGame, DynState, borrowed_options};
use pyramid_runtime::RuleOptions;
use serde::Deserialize;
use serde_json::Value;

use crate::clock::{Clock, TimeControl};
use crate::db::StoredGame;
use crate::limits::bot_within_limits;
use crate::store::{LiveGame, Seating, Setup, Sitter, Terms, drop_bots, random_token};
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
    /// Who sits where: `"human"`, `"open"` (a seat that waits for whoever takes it:
    /// `POST /api/games/{id}/join`) or a bot spec, one per seat (all human when absent).
    #[serde(default)]
    pub seats: Option<Vec<String>>,
    /// Whether the game is listed in the lobby (`GET /api/lobby`) while a seat is open.
    #[serde(default)]
    pub lobby: bool,
    /// How long each bot waits before it moves, in milliseconds (to watch bots play).
    #[serde(default)]
    pub delay_ms: u64,
    /// A position string to start from (the rules' start, dealt, when absent).
    #[serde(default)]
    pub start: Option<String>,
    /// Whether every human seat is played on one screen: the game's `token` then acts
    /// for every human seat, and `links.hot_seat` opens them all. In a game that hides
    /// something from each seat it reveals every seat's secret to whoever holds it, so
    /// such a game has a token per seat only unless this is asked for.
    #[serde(default)]
    pub hot_seat: bool,
    /// The time control: `{"initial_seconds": N, "increment_seconds": M}` (Fischer) or
    /// `{"days_per_move": D}` (none when absent or `null`), read by
    /// [`TimeControl::from_json`].
    #[serde(default)]
    pub clock: Option<Value>,
}

/// The most seats a game has.
pub const MAX_SEATS: usize = 8;

/// The sitters of seats `specs` (`human`, `open` or a bot's spec) of `game`: each bot
/// built within this server's limits (checked again for a stored game: this server's caps
/// and outside engines may not be those of the server that stored it).
pub fn seat_sitters(
    app: &App,
    game: &dyn DynGame,
    specs: &[String],
) -> Result<Vec<Sitter>, ApiError> {
    let mut sitters = Vec::with_capacity(specs.len());
    for (seat, spec) in specs.iter().enumerate() {
        sitters.push(if spec == "human" || spec == "open" {
            Sitter::Human
        } else {
            let spec = bot_within_limits(spec, &app.config)?;
            let bot = game
                .bot(&spec, rand::random::<u64>() ^ seat as u64)
                .map_err(ApiError::from)?;
            Sitter::Bot(spec, Some(bot))
        });
    }
    Ok(sitters)
}

/// What makes a game, fixed for its life: its start, its options, who sits where and
/// their tokens.
pub struct Blueprint<'a> {
    /// The game.
    pub game: &'a dyn DynGame,
    /// Its start position.
    pub start: Box<dyn DynState>,
    /// Its rule options, `key=value`.
    pub options: Vec<(String, String)>,
    /// `human`, `open` or a bot spec, by seat.
    pub specs: &'a [String],
    /// The token for every human seat (empty: none).
    pub token: String,
    /// A token per human seat.
    pub seat_tokens: Vec<Option<String>>,
    /// Each bot's wait before it moves.
    pub bot_delay: Duration,
    /// The client that made it (empty: not known).
    pub creator: String,
}

/// A live game at its start, from its blueprint, under `terms`.
pub fn assemble(app: &App, blueprint: Blueprint<'_>, terms: Terms) -> Result<LiveGame, ApiError> {
    let game = blueprint.game;
    let sitters = seat_sitters(app, game, blueprint.specs)?;
    let setup = Setup {
        game: game.name(),
        hidden: !game.perfect_information(),
        start: blueprint.start,
        options: blueprint.options,
        token: blueprint.token,
        seat_tokens: blueprint.seat_tokens,
        bot_delay: blueprint.bot_delay,
        creator: blueprint.creator,
    };
    let mut live = LiveGame::new(setup, sitters);
    let mut terms = terms;
    if terms.joined.is_empty() {
        terms.joined = live.terms().joined.clone();
    }
    drop_bots(live.set_terms(terms));
    Ok(live)
}

/// A new game from its request, made by client `creator`, and a token per seat (`None`
/// for bot seats, and for the seats that wait for whoever takes them).
pub fn new_game(
    app: &App,
    request: NewGame,
    options: &RuleOptions,
    creator: Option<std::net::IpAddr>,
) -> Result<(LiveGame, Vec<Option<String>>), ApiError> {
    let game: &dyn DynGame = app.registry.get(&request.game).map_err(ApiError::from)?;
    let control = time_control(request.clock.as_ref())?;
    let options = options.pairs();
    let state = match &request.start {
        Some(start) => game
            .parse_position(start, &options)
            .map_err(|e| ApiError::unprocessable(format!("start: {e}")))?,
        // `deal`: who starts is drawn where the rules leave it to the tool (Martian Chess).
        None => game
            .deal(&options, rand::random::<u64>())
            .map_err(ApiError::from)?,
    };
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
    let open: Vec<bool> = specs.iter().map(|spec| spec == "open").collect();
    check_open_seats(request.lobby, request.hot_seat, &open)?;
    let seat_tokens: Vec<Option<String>> = specs
        .iter()
        .map(|spec| (spec == "human" || spec == "open").then(random_token))
        .collect();
    // A token for every human seat only where it reveals nothing a seat hides, or
    // where the creator asked for one screen for all; never where a stranger may take a
    // seat (the creator would act for it).
    let token = if open.contains(&true) {
        String::new()
    } else if game.perfect_information() || request.hot_seat {
        random_token()
    } else {
        String::new()
    };
    let any_open = open.contains(&true);
    let terms = Terms {
        seating: Seating {
            lobby: request.lobby,
            open: if any_open { open.clone() } else { Vec::new() },
            changes: 0,
            since: crate::db::now_seconds(),
            creators: if any_open {
                (0..seats)
                    .filter(|&s| seat_tokens[s].is_some() && !open[s])
                    .map(|s| s as u8)
                    .collect()
            } else {
                Vec::new()
            },
        },
        clock: control.map(|c| Clock::new(c, seats)),
        ..Terms::default()
    };
    let blueprint = Blueprint {
        game,
        start: state,
        options: options
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
        specs: &specs,
        token,
        seat_tokens: seat_tokens.clone(),
        bot_delay: Duration::from_millis(request.delay_ms),
        creator: creator.map(|ip| ip.to_string()).unwrap_or_default(),
    };
    let live = assemble(app, blueprint, terms)?;
    // The creator is not told the tokens of the seats that wait: whoever takes one is.
    let given = seat_tokens
        .into_iter()
        .zip(&open)
        .map(|(token, open)| token.filter(|_| !open))
        .collect();
    Ok((live, given))
}

/// The time control of a create body's `clock` (none when absent or `null`); 400 naming
/// the problem.
fn time_control(clock: Option<&Value>) -> Result<Option<TimeControl>, ApiError> {
    match clock {
        None | Some(Value::Null) => Ok(None),
        Some(clock) => TimeControl::from_json(clock)
            .map(Some)
            .map_err(|e| ApiError::bad_request(e.to_string())),
    }
}

/// Refuses open seats that cannot work: a game in the lobby needs one, a hot-seat game
/// (one screen for every human seat) cannot have one, and someone must sit somewhere.
fn check_open_seats(lobby: bool, hot_seat: bool, open: &[bool]) -> Result<(), ApiError> {
    let any_open = open.contains(&true);
    if lobby && !any_open {
        return Err(ApiError::bad_request(
            "a game in the lobby needs an open seat: \"seats\": [\"human\", \"open\"]",
        ));
    }
    if any_open && hot_seat {
        return Err(ApiError::bad_request(
            "a hot-seat game has no open seat: every seat plays on one screen",
        ));
    }
    if any_open && open.iter().all(|&o| o) {
        return Err(ApiError::bad_request(
            "every seat is open: sit in one (\"human\") or seat a bot",
        ));
    }
    Ok(())
}

/// The new game of a rematch of `live`: the same game and rules, each sitter one seat
/// on, its clock's time control.
pub fn rematch_request(live: &LiveGame) -> NewGame {
    let seats = live.sitters().len();
    let mut specs = vec![String::new(); seats];
    for (seat, spec) in live.sitter_specs().into_iter().enumerate() {
        specs[(seat + 1) % seats] = spec;
    }
    NewGame {
        game: live.setup().game.to_owned(),
        players: None,
        rules: HashMap::default(),
        seats: Some(specs),
        lobby: false,
        delay_ms: u64::try_from(live.setup().bot_delay.as_millis()).unwrap_or(0),
        start: None,
        hot_seat: live.setup().hidden && !live.setup().token.is_empty(),
        clock: live.clock().map(|c| c.control.as_request()),
    }
}

/// A stored game played again from its start: its actions, its terms (ending, rematch,
/// seating, offers, who is at the table, clock), its bots. An error names the game and
/// the ply, never the action (which may hold what a seat hides).
pub fn rebuild(app: &App, stored: &StoredGame) -> Result<LiveGame, ApiError> {
    let broken = |what: String| ApiError::internal(format!("stored game {}: {what}", stored.id));
    let game = app
        .registry
        .get(&stored.game)
        .map_err(|e| broken(e.to_string()))?;
    let start = game
        .parse_position(&stored.start, &borrowed_options(&stored.options))
        .map_err(|e| broken(format!("its start position: {e}")))?;
    let blueprint = Blueprint {
        game,
        start,
        options: stored.options.clone(),
        specs: &stored.sitters,
        token: stored.token.clone(),
        seat_tokens: stored.seat_tokens.clone(),
        bot_delay: Duration::from_millis(stored.delay_ms),
        creator: stored.creator.clone(),
    };
    let mut live = assemble(app, blueprint, Terms::default()).map_err(|e| broken(e.message))?;
    for (ply, (seat, action)) in stored.actions.iter().enumerate() {
        let stopped = live.record_and_play(Seat(*seat), action).map_err(|_| {
            broken(format!(
                "the action of seat {seat} at ply {ply} is refused by the rules"
            ))
        })?;
        drop_bots(stopped);
    }
    // As stored: its time kept running while nobody held it (a time run out is found by
    // its owner as soon as it is held).
    let terms = Terms {
        ending: stored.ending.clone(),
        rematch: stored.rematch.clone(),
        seating: Seating {
            open: stored.open.clone(),
            lobby: stored.lobby,
            changes: stored.seating,
            since: stored.created_at,
            creators: stored.creator_seats.clone(),
        },
        joined: stored.joined.clone(),
        offers: stored.offers.clone(),
        clock: stored.clock.clone(),
    };
    drop_bots(live.set_terms(terms));
    Ok(live)
}
