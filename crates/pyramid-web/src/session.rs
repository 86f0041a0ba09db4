//! A game between people: its events as they happen (server-sent events), resigning,
//! the game as a record line, and the games' rules pages (offers between players:
//! `offer_routes.rs`).

use std::convert::Infallible;
use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use pyramid_bots::{Record, RecordResult, RecordRules};

use crate::api::{SeatRequest, ViewQuery, open_for, seat_view};
use crate::ending::Ending;
use crate::extract::{Checked, Client};
use crate::round::{Change, change, find};
use crate::store::LiveGame;
use crate::view::{GameView, Snapshot};
use crate::{ApiError, App};

/// `GET /api/games/{id}/events?seat=N&token=T`: an `event: game` with the game as the
/// viewer sees it at once and after every change (a ply, a resignation, the end, a
/// rematch), with keep-alive comments; the stream ends when the server drops the game
/// from memory or after [`crate::ServerConfig::stream_lifetime`] (a browser's
/// `EventSource` then connects again and gets it, reloaded if need be). Streams are
/// bounded per game, per client and in all: one more is answered 429.
pub async fn events(
    State(app): State<Arc<App>>,
    Client(client): Client,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Query(query)): Checked<Query<ViewQuery>>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let (shared, seat) = open_for(&app, &id, &query).await?;
    let slot = app
        .clients
        .open_stream(client, &shared.streams, &app.config)
        .map_err(|e| {
            app.metrics.refused(crate::metrics::Limit::Streams);
            ApiError::too_many(e)
        })?;
    let changes = shared.changed.subscribe();
    let stopping = app.stopping.subscribe();
    let ends = tokio::time::Instant::now() + app.config.stream_lifetime;
    let stream = futures_util::stream::unfold(
        (shared, changes, stopping, true, slot),
        move |(shared, mut changes, mut stopping, first, slot)| async move {
            // A new subscriber has seen the current version: the first event is sent at
            // once, the others after each change, until the stream's lifetime is over or
            // the server stops.
            if !first {
                tokio::select! {
                    changed = tokio::time::timeout_at(ends, changes.changed()) => match changed {
                        Ok(Ok(())) => {}
                        Ok(Err(_)) | Err(_) => return None,
                    },
                    _ = stopping.wait_for(|stopping| *stopping) => return None,
                }
            }
            let snapshot = shared
                .read(|live| (!live.is_closed()).then(|| Snapshot::of(&shared.id, live, seat)))?;
            let event = Event::default()
                .event("game")
                .json_data(snapshot.view())
                .unwrap_or_else(|_| Event::default().comment("unwritable"));
            Some((Ok(event), (shared, changes, stopping, false, slot)))
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// `POST /api/games/{id}/resign`: the seat resigns (it loses, the game is over). A seat
/// to act whose time has run out by then loses on time instead.
pub async fn resign(
    State(app): State<Arc<App>>,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Json(request)): Checked<Json<SeatRequest>>,
) -> Result<Json<GameView>, ApiError> {
    let resign = Change::Resign {
        seat: request.seat,
        token: request.token,
    };
    let (round, answer) = change(&app, &id, resign).await?;
    Ok(Json(seat_view(&round, &answer)))
}

/// The query of `GET /api/games/{id}/record` (the page also sends its seat and token,
/// which a record does not need).
#[derive(Debug, serde::Deserialize)]
pub struct RecordQuery {
    /// `json` (the default: one record line) or `text` (for people).
    pub format: Option<String>,
}

/// `GET /api/games/{id}/record?seat=N&token=T`: the game as one record line (what
/// `pyrctl replay` reads), `text/plain`; with `format=text` the record for people: the
/// game, its rules, who played and the result, then the moves one a line in the game's
/// notation and in its other notations (AbstractPlay's for Martian Chess). A game that
/// hides something from a seat gives its record only once it is over (a record holds
/// everything).
pub async fn record(
    State(app): State<Arc<App>>,
    Checked(Path(id)): Checked<Path<String>>,
    Checked(Query(query)): Checked<Query<RecordQuery>>,
) -> Result<impl IntoResponse, ApiError> {
    let readable = match query.format.as_deref() {
        None | Some("json") => false,
        Some("text") => true,
        Some(other) => {
            return Err(ApiError::bad_request(format!(
                "format={}: `json` or `text`",
                pyramid_core::excerpt(other)
            )));
        }
    };
    let round = find(&app, &id).await?;
    let (record, start, names) = round.read(|live| {
        if live.setup().hidden && live.to_act().is_some() {
            return Err(ApiError::forbidden(
                "this game hides information from each seat: its record is given once it is over",
            ));
        }
        let names = live.state().seat_names();
        Ok((record_of(live), live.setup().start.clone_box(), names))
    })?;
    let text = if readable {
        app.blocking(crate::Work::Light, move |_| {
            Ok::<_, ApiError>(readable_record(&record, start, &names))
        })
        .await??
    } else {
        record.to_json() + "\n"
    };
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], text))
}

/// A record for people: a heading (game, rules, seats, result), then one move a line,
/// numbered, with the seat's name, the game's notation and its other notations.
fn readable_record(
    record: &Record,
    mut state: Box<dyn pyramid_core::dynamic::DynState>,
    names: &[String],
) -> String {
    let mut out = format!("{}\n", record.game);
    let mut rules = vec![format!("seats={}", record.rules.seats)];
    if let Some(limit) = record.rules.ply_limit {
        rules.push(format!("ply_limit={limit}"));
    }
    rules.extend(record.rules.options.iter().cloned());
    out.push_str(&format!("rules: {}\n", rules.join(" ")));
    for (i, who) in record.bots.iter().enumerate() {
        let name = names.get(i).map_or("a seat", String::as_str);
        out.push_str(&format!("{name} (seat {i}): {who}\n"));
    }
    let result = match (&record.reason, state_result_words(record)) {
        (Some(reason), words) => format!("{words} ({reason})"),
        (None, words) => words,
    };
    out.push_str(&format!("result: {result}\nstart: {}\n\n", record.start));
    let notations = state.notations();
    for (i, action) in record.actions.iter().enumerate() {
        let seat = state.to_act().map_or(0, |s| s.index());
        let name = names.get(seat).map_or("a seat", String::as_str);
        let mut line = format!("{}. {name}: {action}", i + 1);
        for notation in notations {
            if let Ok(written) = state.write_in_notation(notation, action) {
                line.push_str(&format!("  ({notation}: {written})"));
            }
        }
        out.push_str(&line);
        out.push('\n');
        if state.play(action).is_err() {
            break;
        }
    }
    out
}

/// The record's result in words.
fn state_result_words(record: &Record) -> String {
    match &record.result {
        RecordResult::Win { seat } => format!("seat {seat} wins"),
        RecordResult::Draw => "draw".to_owned(),
        RecordResult::Unfinished => "not over yet".to_owned(),
        RecordResult::Forfeit { seat, winner } => match winner {
            Some(w) => format!("seat {w} wins, seat {seat} forfeits"),
            None => format!("seat {seat} forfeits"),
        },
    }
}

/// A game as a record.
fn record_of(live: &LiveGame) -> Record {
    let mut rules = RecordRules {
        seats: live.state().seats(),
        ply_limit: None,
        options: Vec::new(),
    };
    for (key, value) in live.setup().start.rule_options() {
        match key {
            "seats" => {}
            "ply_limit" => rules.ply_limit = value.parse().ok(),
            _ => rules.options.push(format!("{key}={value}")),
        }
    }
    let result = match live.ending() {
        Some(Ending::Forfeit { seat, .. }) => RecordResult::Forfeit {
            seat: *seat,
            winner: (rules.seats == 2).then(|| 1 - seat.min(&1)),
        },
        Some(Ending::DrawAgreed) => RecordResult::Draw,
        Some(Ending::Aborted(_)) => RecordResult::Unfinished,
        None => RecordResult::from_outcome(live.state().outcome()),
    };
    Record {
        game: live.setup().game.to_owned(),
        rules,
        start: live.setup().start.position(),
        bots: live.sitter_specs(),
        match_seed: 0,
        index: 0,
        seed: 0,
        actions: live.moves().iter().map(|m| m.text.clone()).collect(),
        result,
        plies: u32::try_from(live.moves().len()).unwrap_or(u32::MAX),
        reason: live.ending().map(Ending::record_reason),
    }
}

/// `GET /rules/{game}`: the game's rules page (its crate's `docs/rules.md`, compiled
/// into the game's rules) as HTML.
pub async fn rules_page(
    State(app): State<Arc<App>>,
    Checked(Path(game)): Checked<Path<String>>,
) -> Result<impl IntoResponse, ApiError> {
    let entry = app
        .registry
        .games()
        .find(|g| g.name() == game && !g.rules_page().is_empty())
        .ok_or_else(|| {
            ApiError::not_found(format!(
                "no rules page for `{}`: the games are {}",
                pyramid_core::excerpt(&game),
                app.registry.names().join(", ")
            ))
        })?;
    let (name, text) = (entry.name(), entry.rules_page());
    let mut body = String::with_capacity(text.len() * 2);
    let options = pulldown_cmark::Options::ENABLE_TABLES;
    pulldown_cmark::html::push_html(&mut body, pulldown_cmark::Parser::new_ext(text, options));
    let page = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{name}: rules</title>\
         <style>body{{font-family:sans-serif;max-width:50em;margin:auto;padding:1em;line-height:1.4}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:2px 6px}}\
         code,pre{{background:#f4f4f4}}img{{max-width:100%}}</style></head>\
         <body><p><a href=\"/\">Play</a></p>\n{body}</body></html>\n"
    );
    Ok(([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page))
}
