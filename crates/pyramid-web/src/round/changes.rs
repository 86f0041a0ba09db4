//! What each [`Change`] does to a game, done by its owner alone: checked against the
//! game, committed to the database (under the moves' compare-and-set, or the seating's),
//! then applied and told to its viewers. A change the database refuses because it moved
//! on ([`Step::Stale`]) is asked again of a copy loaded again ([`reload`]).

use std::sync::Arc;

use pyramid_core::Seat;
use pyramid_runtime::RuleOptions;

use super::finish::finish;
use super::{Answer, Change, Shared, open_new};
use crate::assemble::{new_game, rebuild, rematch_request};
use crate::db::{DbError, Ply, clock_columns, now_ms};
use crate::ending::{Abort, Ending, Forfeit};
use crate::persist::{db_error, saved_under, stored_of};
use crate::store::{DrawStep, LiveGame, Table, TakebackStep, Terms, drop_bots};
use crate::{ApiError, App};

/// Why a change did not happen.
#[derive(Debug)]
pub enum Step {
    /// The database moved on from this copy (another server changed the game): load it
    /// again and ask again.
    Stale,
    /// Refused for good: the answer says why.
    Refused(ApiError),
}

impl From<ApiError> for Step {
    fn from(e: ApiError) -> Step {
        Step::Refused(e)
    }
}

/// Does `change` to game `round`.
pub async fn apply(app: &Arc<App>, round: &Shared, change: &Change) -> Result<Answer, Step> {
    match change {
        Change::Act { seat, token, text } => act(app, round, *seat, token, text).await,
        Change::Resign { seat, token } => {
            let seat = playing(app, round, *seat, token).await?;
            let why = Forfeit::Resigned;
            finish(app, round, Ending::Forfeit { seat: seat.0, why }).await?;
            Ok(Answer::Acted(seat))
        }
        Change::Draw { seat, token } => draw(app, round, *seat, token).await,
        Change::Takeback { seat, token } => takeback(app, round, *seat, token).await,
        Change::Rematch {
            seat,
            token,
            client,
        } => rematch(app, round, *seat, token, *client).await,
        Change::RematchDeclined { seat } => rematch_declined(app, round, *seat).await,
        Change::Abort(why) => abort(app, round, *why).await,
        Change::TakeSeat { seat } => take_seat(app, round, *seat).await,
        Change::Withdraw { seat, token } => withdraw(app, round, *seat, token).await,
        Change::Join(seats) => join(app, round, seats).await.map(|()| Answer::Done),
        Change::Tick => tick(app, round).await.map(|()| Answer::Done),
        Change::Refresh => refresh(app, round).await.map(|()| Answer::Done),
        Change::Reload => reload(app, round)
            .await
            .map(|()| Answer::Done)
            .map_err(Step::Refused),
    }
}

/// Checks that `seat` exists, is a person's and that `token` allows it.
pub fn check_seat(live: &LiveGame, seat: u8, token: &str) -> Result<Seat, ApiError> {
    if usize::from(seat) >= live.state().seats() {
        return Err(ApiError::bad_request(format!(
            "seat {seat} does not exist: the game has seats 0 to {}",
            live.state().seats() - 1
        )));
    }
    let seat = Seat(seat);
    if live.is_bot(seat) {
        return Err(ApiError::forbidden(format!("seat {seat} is a bot's")));
    }
    if !live.allows(seat, Some(token)) {
        return Err(ApiError::forbidden(format!(
            "the token does not allow acting for seat {seat}"
        )));
    }
    Ok(seat)
}

/// The seat of a person who asks something of a game going on: checked, anything due by
/// now done first (a seat whose time ran out loses on time), 409 once the game is over.
async fn playing(app: &Arc<App>, round: &Shared, seat: u8, token: &str) -> Result<Seat, Step> {
    let seat = round.read(|live| check_seat(live, seat, token))?;
    tick(app, round).await?;
    if round.read(LiveGame::is_over) {
        return Err(ApiError::conflict("the game is over").into());
    }
    Ok(seat)
}

/// Stores game `round` under `after` (its plies as they are), unless the database moved
/// on from it ([`Step::Stale`]).
pub async fn store(app: &Arc<App>, round: &Shared, after: &Terms) -> Result<(), Step> {
    let Some(db) = &app.db else { return Ok(()) };
    let (saved, plies, was_over) = round.read(|live| {
        let saved = saved_under(&round.id, live, after);
        (saved, live.moves().len(), live.is_over())
    });
    let asked = std::time::Instant::now();
    let saved = db.save(&round.id, &saved, plies, was_over).await;
    app.metrics
        .db_latency
        .observe(asked.elapsed().as_secs_f64());
    match saved {
        Ok(true) => {
            told(app, round);
            Ok(())
        }
        Ok(false) => Err(Step::Stale),
        Err(e) => Err(db_error(e).into()),
    }
}

/// Tells the other servers sharing the database that game `round` changed (they load
/// it again, and tell their viewers), off the owner's way.
fn told(app: &Arc<App>, round: &Shared) {
    if !app.db.as_ref().is_some_and(|db| db.shared) {
        return;
    }
    let (app, id) = (Arc::clone(app), round.id.clone());
    tokio::spawn(async move {
        if let Some(db) = &app.db
            && let Err(e) = db.notify(&app.server_id, &id).await
        {
            eprintln!("pyramid-web: game {id}: the other servers not told: {e}");
        }
    });
}

/// Stores `after`, then sets it and tells the game's viewers.
async fn commit_terms(app: &Arc<App>, round: &Shared, after: Terms) -> Result<(), Step> {
    store(app, round, &after).await?;
    drop_bots(round.write(|live| live.set_terms(after)));
    round.notify();
    Ok(())
}

/// The people of `seats` opened the game: at the table from now on; the clock starts
/// once every seat's sitter is.
async fn join(app: &Arc<App>, round: &Shared, seats: &[Seat]) -> Result<(), Step> {
    let now = now_ms();
    let after = round.read(|live| {
        let mut terms = live.terms().clone();
        terms
            .join(seats)
            .then(|| live.clock_started_under(terms, now))
    });
    match after {
        Some(after) => commit_terms(app, round, after).await,
        None => Ok(()),
    }
}

/// A person plays `text` for `seat` (at the table from now on, if not yet).
async fn act(
    app: &Arc<App>,
    round: &Shared,
    seat: u8,
    token: &str,
    text: &str,
) -> Result<Answer, Step> {
    let seat = round.read(|live| check_seat(live, seat, token))?;
    join(app, round, &[seat]).await?;
    play(app, round, seat, text, None).await?;
    Ok(Answer::Acted(seat))
}

/// The name of the seat to act when its time has run out at `now` (or ran out: the
/// game ended so).
fn out_of_time(live: &LiveGame, now: i64) -> Option<String> {
    let seat = match live.ending() {
        Some(Ending::Forfeit {
            seat,
            why: Forfeit::TimedOut,
        }) => Some(*seat),
        Some(_) => None,
        None => live.to_act().and(live.clock()).and_then(|c| c.flagged(now)),
    }?;
    Some(
        live.state()
            .seat_names()
            .get(usize::from(seat))
            .cloned()
            .unwrap_or_default(),
    )
}

/// Plays `text` for `seat`: checked, committed with the clock and terms after it, then
/// applied and told. With `at`, only when the game has that many plies (a bot's move,
/// computed on a state that must still be current). A ply at or after the moment the
/// seat to act's time ran out (by this server's clock) is refused (409) and the seat
/// flagged instead.
pub async fn play(
    app: &Arc<App>,
    round: &Shared,
    seat: Seat,
    text: &str,
    at: Option<usize>,
) -> Result<(), Step> {
    let now = now_ms();
    if let Some(name) = round.read(|live| out_of_time(live, now)) {
        tick(app, round).await?;
        return Err(ApiError::conflict(format!("{name} ran out of time: the game is over")).into());
    }
    let (prepared, ply, terms, extra, waiting, bots_to_act) = round.read(|live| {
        let ply = live.moves().len();
        if at.is_some_and(|at| at != ply) {
            return Err(ApiError::conflict("the game moved on meanwhile"));
        }
        let prepared = live.prepare(seat, text).map_err(ApiError::from)?;
        let next = prepared.state.to_act();
        let mut terms = live.terms().clone();
        terms.offers.withdraw_by(seat.0);
        terms.clock = terms.clock.map(|c| {
            c.after_ply(seat.0, next.map(|s| s.0), now)
                .unwrap_or_else(|_| c.clone())
        });
        let bots_to_act = next.is_some_and(|s| live.is_bot(s));
        let waiting = !live.waiting_for_under(&terms).is_empty();
        let extra = stored_of(&round.id, live, &terms).extra();
        Ok((prepared, ply, terms, extra, waiting, bots_to_act))
    })?;
    if let Some(db) = &app.db {
        let (clock, flag_at) = clock_columns(terms.clock.as_ref());
        let over = prepared.state.is_over();
        let committed = Ply {
            ply: u32::try_from(ply).unwrap_or(u32::MAX),
            seat: seat.0,
            action: &prepared.text,
            finished: over,
            bots_to_act,
            clock: &clock,
            flag_at: if over { 0 } else { flag_at },
            waiting,
            extra: &extra,
        };
        let asked = std::time::Instant::now();
        let committed = db.commit_action(&round.id, committed).await;
        app.metrics
            .db_latency
            .observe(asked.elapsed().as_secs_f64());
        match committed {
            Ok(()) => told(app, round),
            Err(DbError::Conflict(_)) => return Err(Step::Stale),
            Err(e) => return Err(db_error(e).into()),
        }
    }
    let stopped = round.write(|live| {
        let mut stopped = live.set_terms(terms);
        stopped.extend(live.apply(prepared));
        stopped
    });
    drop_bots(stopped);
    round.notify();
    Ok(())
}

/// Does what is due by now: a game whose players did not all come within
/// [`crate::ServerConfig::join_within`] ends aborted; a seat to act whose time ran out
/// loses on time.
pub async fn tick(app: &Arc<App>, round: &Shared) -> Result<(), Step> {
    let now = now_ms();
    let ending = round.read(|live| {
        let due = live.due_under(live.terms(), app.config.join_within)?;
        if due > now {
            return None;
        }
        if !live.waiting_for().is_empty() {
            return Some(Ending::Aborted(Abort::NobodyCame));
        }
        let seat = live.clock()?.flagged(now)?;
        Some(Ending::Forfeit {
            seat,
            why: Forfeit::TimedOut,
        })
    });
    match ending {
        Some(ending) => finish(app, round, ending).await,
        None => Ok(()),
    }
}

/// The terms of `live` after an offer (`offer`, given the game's offers and its table),
/// and where the offer leaves the game; 409 naming why an offer is refused.
fn offered<S>(
    live: &LiveGame,
    offer: impl FnOnce(&mut crate::store::Offers, &Table<'_>) -> Result<S, String>,
) -> Result<(S, Terms), ApiError> {
    let mut terms = live.terms().clone();
    let plies: Vec<u8> = live.moves().iter().map(|m| m.seat.0).collect();
    let persons = live.persons();
    let table = Table {
        persons: &persons,
        plies: &plies,
    };
    let step = offer(&mut terms.offers, &table).map_err(ApiError::conflict)?;
    Ok((step, terms))
}

/// `seat` offers a draw, or accepts the standing offer (bots decline: 409).
async fn draw(app: &Arc<App>, round: &Shared, seat: u8, token: &str) -> Result<Answer, Step> {
    let seat = playing(app, round, seat, token).await?;
    let (step, after) =
        round.read(|live| offered(live, |offers, table| offers.offer_draw(seat.0, table)))?;
    match step {
        DrawStep::Agreed => finish(app, round, Ending::DrawAgreed).await?,
        DrawStep::Standing => commit_terms(app, round, after).await?,
    }
    Ok(Answer::Acted(seat))
}

/// `seat` asks to take back its last ply, or grants another seat's request (bots grant
/// at once); once everyone agreed, the plies are taken back.
async fn takeback(app: &Arc<App>, round: &Shared, seat: u8, token: &str) -> Result<Answer, Step> {
    let seat = playing(app, round, seat, token).await?;
    let (step, after) =
        round.read(|live| offered(live, |offers, table| offers.ask_takeback(seat.0, table)))?;
    match step {
        TakebackStep::Standing => commit_terms(app, round, after).await?,
        TakebackStep::Granted(to) => take_back(app, round, to as usize, after).await?,
    }
    Ok(Answer::Acted(seat))
}

/// Takes game `round` back to its first `to` plies under `terms` (no offer left; a
/// running clock runs from now for the seat to act then): the plies deleted from the
/// database, then from the game, and its viewers told.
async fn take_back(app: &Arc<App>, round: &Shared, to: usize, terms: Terms) -> Result<(), Step> {
    let now = now_ms();
    let (state, plies, terms, saved) = round.read(|live| {
        let state = live
            .replayed(to)
            .map_err(|e| ApiError::internal(format!("the game could not be played again: {e}")))?;
        let next = state.to_act();
        let mut terms = terms;
        terms.offers = Default::default();
        if let Some(clock) = terms.clock.as_ref().filter(|c| c.is_running()) {
            terms.clock = Some(clock.stopped(now).started(next.map(|s| s.0), now));
        }
        let mut saved = saved_under(&round.id, live, &terms);
        saved.finished = false;
        saved.bots_to_act = next.is_some_and(|s| live.is_bot(s));
        Ok::<_, ApiError>((state, live.moves().len(), terms, saved))
    })?;
    if let Some(db) = &app.db {
        let asked = std::time::Instant::now();
        let taken = db.take_back(&round.id, &saved, plies, to).await;
        app.metrics
            .db_latency
            .observe(asked.elapsed().as_secs_f64());
        match taken {
            Ok(true) => told(app, round),
            Ok(false) => return Err(Step::Stale),
            Err(e) => return Err(db_error(e).into()),
        }
    }
    round.write(|live| live.take_back(to, state, terms));
    round.notify();
    Ok(())
}

/// `seat` asks for a rematch of the game over (the same game, each sitter one seat on,
/// made now, its clock waiting for every player), or accepts the one asked for.
async fn rematch(
    app: &Arc<App>,
    round: &Shared,
    seat: u8,
    token: &str,
    client: Option<std::net::IpAddr>,
) -> Result<Answer, Step> {
    let (seat, terms, request, options) = round.read(|live| {
        let seat = check_seat(live, seat, token)?;
        if !live.is_over() {
            return Err(ApiError::conflict(
                "the game is not over: a rematch is asked for once it is (resign first)",
            ));
        }
        let texts: Vec<String> = live
            .setup()
            .options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let options = RuleOptions::from_pairs(texts.iter().map(String::as_str))
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        Ok((seat, live.terms().clone(), rematch_request(live), options))
    })?;
    let mut terms = terms;
    let rematch = match terms.rematch.take() {
        Some(rematch) if rematch.declined => {
            return Err(ApiError::conflict("the rematch was declined").into());
        }
        Some(mut rematch) => {
            if rematch.offered_by.contains(&seat.0) {
                return Ok(Answer::Rematch(rematch));
            }
            rematch.offered_by.push(seat.0);
            rematch
        }
        None => {
            let (live, seat_tokens) = app
                .blocking(crate::Work::Light, move |app| {
                    new_game(app, request, &options, client)
                })
                .await??;
            let id = open_new(app, live, client).await?;
            crate::store::Rematch {
                id,
                seat_tokens,
                offered_by: vec![seat.0],
                declined: false,
            }
        }
    };
    terms.rematch = Some(rematch.clone());
    commit_terms(app, round, terms).await?;
    Ok(Answer::Rematch(rematch))
}

/// Checks that `seat` may decline the rematch of the game over: its id.
pub fn check_decline(live: &LiveGame, seat: u8, token: &str) -> Result<String, ApiError> {
    let seat = check_seat(live, seat, token)?;
    let rematch = live
        .rematch()
        .ok_or_else(|| ApiError::conflict("no rematch was asked for"))?;
    if rematch.declined {
        return Err(ApiError::conflict("the rematch was declined already"));
    }
    if rematch.offered_by.contains(&seat.0) {
        return Err(ApiError::conflict(
            "you asked for this rematch (or accepted it): the others may decline it",
        ));
    }
    Ok(rematch.id.clone())
}

/// Records that `seat` declined the rematch (which ended aborted).
async fn rematch_declined(app: &Arc<App>, round: &Shared, seat: u8) -> Result<Answer, Step> {
    let after = round.read(|live| {
        let mut terms = live.terms().clone();
        let rematch = terms.rematch.as_mut()?;
        rematch.declined = true;
        Some(terms)
    });
    let Some(after) = after else {
        return Err(ApiError::conflict("no rematch was asked for").into());
    };
    commit_terms(app, round, after).await?;
    Ok(Answer::Acted(Seat(seat)))
}

/// Ends the game aborted, while some seat's sitter is not at the table yet.
async fn abort(app: &Arc<App>, round: &Shared, why: Abort) -> Result<Answer, Step> {
    round.read(|live| {
        if live.is_over() {
            return Err(ApiError::conflict("the game is over already"));
        }
        if live.waiting_for().is_empty() {
            return Err(ApiError::conflict(
                "the game has begun: every player is at the table",
            ));
        }
        Ok(())
    })?;
    finish(app, round, Ending::Aborted(why)).await?;
    Ok(Answer::Done)
}

/// Someone takes a seat that waits for a player: stored only if no one changed the
/// seating since (so a seat is given once, even by two servers sharing the database).
async fn take_seat(app: &Arc<App>, round: &Shared, asked: Option<u8>) -> Result<Answer, Step> {
    let (seat, token, after) = round.read(|live| {
        if let Some(seat) = asked
            && usize::from(seat) >= live.state().seats()
        {
            return Err(ApiError::bad_request(format!(
                "seat {seat} does not exist: the game has seats 0 to {}",
                live.state().seats() - 1
            )));
        }
        let (seat, after) = live
            .take_open_seat(asked.map(Seat))
            .map_err(ApiError::conflict)?;
        let token = live
            .setup()
            .seat_tokens
            .get(seat.index())
            .cloned()
            .flatten()
            .ok_or_else(|| ApiError::conflict(format!("seat {} is a bot's", seat.0)))?;
        let mut terms = live.terms().clone();
        terms.seating = after;
        Ok((seat, token, terms))
    })?;
    reseat(app, round, after).await?;
    Ok(Answer::Seated(seat, token))
}

/// `seat`'s player takes the game out of the lobby (its open seats stay open to whoever
/// has its id).
async fn withdraw(app: &Arc<App>, round: &Shared, seat: u8, token: &str) -> Result<Answer, Step> {
    let after = round.read(|live| {
        let seat = check_seat(live, seat, token)?;
        let creators = &live.seating().creators;
        if !creators.is_empty() && !creators.contains(&seat.0) {
            return Err(ApiError::forbidden(
                "only the challenge's creator withdraws it from the lobby",
            ));
        }
        if !live.seating().lobby {
            return Err(ApiError::conflict("the game is not in the lobby"));
        }
        let mut terms = live.terms().clone();
        terms.seating.lobby = false;
        terms.seating.changes += 1;
        Ok(terms)
    })?;
    let open = after.seating.open_seats().iter().map(|s| s.0).collect();
    reseat(app, round, after).await?;
    Ok(Answer::Open(open))
}

/// Stores a new seating (`after.seating`) if the stored one is still the copy's, then
/// sets it and tells the viewers.
async fn reseat(app: &Arc<App>, round: &Shared, after: Terms) -> Result<(), Step> {
    if let Some(db) = &app.db {
        let seen = round.read(|live| live.seating().changes);
        let seating = &after.seating;
        match db
            .update_seating(&round.id, seen, &seating.open, seating.lobby, None)
            .await
        {
            Ok(true) => told(app, round),
            Ok(false) => return Err(Step::Stale),
            Err(e) => return Err(db_error(e).into()),
        }
    }
    drop_bots(round.write(|live| live.set_terms(after)));
    round.notify();
    Ok(())
}

/// Several servers share the database: the game loaded again when another moved it on.
async fn refresh(app: &Arc<App>, round: &Shared) -> Result<(), Step> {
    let Some(db) = &app.db else { return Ok(()) };
    let stored = db.plies(&round.id).await.map_err(db_error)?;
    let held = round.read(|live| live.moves().len());
    if stored.is_some_and(|p| p as usize != held) {
        reload(app, round).await?;
    }
    Ok(())
}

/// Loads game `round` again from the database, replacing the copy held (its bots
/// stopped; the copy's bots go on from the fresh one).
pub async fn reload(app: &Arc<App>, round: &Shared) -> Result<(), ApiError> {
    let Some(db) = &app.db else { return Ok(()) };
    let stored = db
        .load(&round.id)
        .await
        .map_err(db_error)?
        .ok_or_else(|| ApiError::not_found(format!("game {} is no longer stored", round.id)))?;
    let fresh = app
        .blocking(crate::Work::Heavy, move |app| rebuild(app, &stored))
        .await??;
    let mut old = round.write(|live| std::mem::replace(live, fresh));
    drop_bots(old.close());
    round.notify();
    Ok(())
}
