//! The game as one viewer sees it: [`GameView`], the JSON of `GET /api/games/{id}`, of
//! every answer to an action and of every server-sent event.

use std::collections::BTreeMap;

use pyramid_core::dynamic::DynState;
use pyramid_core::{ActionWords, Seat};
use serde::Serialize;

use crate::clock::{Clock, ClockView};
use crate::ending::Ending;
use crate::steps::StepsView;
use crate::store::{LiveGame, Offers, Rematch, Sitter};

/// One action of the game's move list.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// The seat that acted.
    pub seat: u8,
    /// The action as the viewer sees it.
    pub action: String,
    /// What it did, in words, as the viewer may know it (the game's own words).
    pub words: String,
    /// The squares it touched that the viewer may see.
    pub squares: Vec<String>,
    /// Whether it captured something (the move list marks it).
    pub capture: bool,
}

/// A seat that lost by forfeit (a failed bot, or a resignation), and why.
#[derive(Clone, Debug, Serialize)]
pub struct ForfeitView {
    /// The seat.
    pub seat: u8,
    /// Why (`resigned`, or what the bot did wrong).
    pub reason: String,
}

/// How the game ended.
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    /// The seats that won (none for a draw).
    pub winners: Vec<u8>,
    /// Why it ended, in words.
    pub reason: String,
}

/// One ply of the last turn of another seat.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// The seat that acted.
    pub seat: u8,
    /// The action as the viewer sees it.
    pub action: String,
    /// What it did, in a sentence.
    pub words: String,
    /// The squares it names (for the page to outline).
    pub squares: Vec<String>,
}

/// The rematch of a game, for one viewer.
#[derive(Clone, Debug, Serialize)]
pub struct RematchView {
    /// The rematch's id.
    pub id: String,
    /// The viewer's link into it: its seat link (the seat it moved to, with its token),
    /// or the spectator link.
    pub link: String,
    /// The seats of this game whose players asked for it or accepted it.
    pub offered_by: Vec<u8>,
    /// Whether a player declined it (it then ended aborted).
    pub declined: bool,
}

/// The game as one viewer sees it.
#[derive(Clone, Debug, Serialize)]
pub struct GameView {
    /// The game's id.
    pub id: String,
    /// The game's name.
    pub game: &'static str,
    /// The seat this view is for (`None`: a spectator).
    pub seat: Option<u8>,
    /// `human`, `open` (a seat that waits for whoever takes it) or the bot spec, by seat.
    pub seats: Vec<String>,
    /// The rule options in force.
    pub rules: BTreeMap<String, String>,
    /// The position (or the seat's view string); `None` for a spectator of a game that
    /// hides something.
    pub position: Option<String>,
    /// The start position, shown as `position` is.
    pub start: Option<String>,
    /// The seat to act, `None` once over.
    pub to_act: Option<u8>,
    /// The viewer's legal actions when it is to act.
    pub legal: Option<Vec<String>>,
    /// The viewer's legal actions as the game's decision steps, each step in words with
    /// what of the board's picture to click for it, when it is to act (the page composes
    /// every action from them).
    pub steps: Option<StepsView>,
    /// Every action, as the viewer sees it.
    pub moves: Vec<MoveView>,
    /// Plies played.
    pub plies: u32,
    /// `seat 1 wins`, `draw`, or the forfeit, once over.
    pub outcome: Option<String>,
    /// The seat that forfeited or resigned.
    pub forfeit: Option<ForfeitView>,
    /// Each seat's return, once over.
    pub returns: Option<Vec<f64>>,
    /// Each seat's name, as the board and the docs give it.
    pub seat_names: Vec<String>,
    /// The seat this view is for (`None`: a spectator); the same as `seat`.
    pub you: Option<u8>,
    /// The name of the seat to act, `None` once over.
    pub to_act_name: Option<String>,
    /// One sentence for this viewer: `Your turn`, `North to act`, `You lost: ...`.
    pub status: String,
    /// How it ended, once over.
    pub result: Option<ResultView>,
    /// Every ply of the most recent turn of a seat other than the viewer.
    pub last_turn: Vec<PlyView>,
    /// The seats whose bot is choosing a move now.
    pub thinking: Vec<u8>,
    /// Each seat's score, where the game keeps one.
    pub scores: Option<Vec<f64>>,
    /// The game's rules page.
    pub rules_url: String,
    /// The rematch, once someone asked for one.
    pub rematch: Option<RematchView>,
    /// Whether the viewer is to act and has exactly one legal action.
    pub forced: bool,
    /// Each seat's time, for a game played with a clock (`null` without one).
    pub clock: Option<ClockView>,
    /// The offers standing: `{"draw": [seats standing by a draw offer], "takeback":
    /// null or {"seat", "to_ply", "agreed"}}`.
    pub offers: Offers,
    /// The seats the game waits for (a seat open to whoever takes it, or a person who has
    /// not opened the game yet): no clock runs until none is left.
    pub waiting_for: Vec<u8>,
}

/// What a view needs, copied out of the game so that the view is written without the
/// game locked.
pub struct Snapshot {
    id: String,
    game: &'static str,
    viewer: Option<Seat>,
    hidden: bool,
    state: Box<dyn DynState>,
    start: Box<dyn DynState>,
    seats: Vec<String>,
    bots: Vec<bool>,
    moves: Vec<(u8, String)>,
    /// Each ply in words for the viewer (the game's own, described when it was played).
    words: Vec<ActionWords>,
    to_act: Option<Seat>,
    outcome: Option<String>,
    ending: Option<Ending>,
    thinking: Vec<u8>,
    rematch: Option<Rematch>,
    offers: Offers,
    waiting_for: Vec<u8>,
    /// The clock as of when the snapshot was taken.
    clock: Option<ClockView>,
}

impl Snapshot {
    /// Game `id` as `viewer` may see it (`None`: what every seat may see); once the
    /// game is over (by its rules or otherwise: a resignation, a time-out), nothing is
    /// hidden from anyone: every viewer sees the whole position and every action.
    pub fn of(id: &str, live: &LiveGame, viewer: Option<Seat>) -> Snapshot {
        let over = live.is_over();
        Snapshot {
            id: id.to_owned(),
            game: live.setup().game,
            viewer,
            hidden: live.setup().hidden,
            state: live.state().clone_box(),
            start: live.setup().start.clone_box(),
            seats: live.sitters_shown(),
            bots: live
                .sitters()
                .iter()
                .map(|s| matches!(s, Sitter::Bot(..)))
                .collect(),
            moves: live
                .moves()
                .iter()
                .map(|m| {
                    let text = match viewer {
                        _ if over => m.text.clone(),
                        Some(seat) => m.seen_by.get(seat.index()).cloned().unwrap_or_default(),
                        None => m.public.clone(),
                    };
                    (m.seat.0, text)
                })
                .collect(),
            words: live
                .moves()
                .iter()
                .map(|m| m.words.for_viewer(viewer))
                .collect(),
            to_act: live.to_act(),
            outcome: live.outcome(),
            ending: live.ending().cloned(),
            thinking: live.thinking(),
            rematch: live.rematch().cloned(),
            offers: live.offers().clone(),
            waiting_for: live.waiting_for().iter().map(|s| s.0).collect(),
            clock: live.clock().map(|c| clock_view(c, live.to_act().is_some())),
        }
    }

    /// The view.
    pub fn view(&self) -> GameView {
        let over = self.to_act.is_none();
        let shown = |s: &dyn DynState| match self.viewer {
            // Over: nothing is hidden any more (Stacktrices: both thieves).
            _ if over => Some(s.position()),
            Some(seat) => s.view_string(seat).ok(),
            None if self.hidden => None,
            None => Some(s.position()),
        };
        let state = self.state.as_ref();
        let legal = match (self.viewer, self.to_act) {
            (Some(seat), Some(to_act)) if seat == to_act => Some(state.legal_actions()),
            _ => None,
        };
        let names = state.seat_names();
        let name = |s: u8| names.get(usize::from(s)).cloned().unwrap_or_default();
        let result = self.result(&names);
        GameView {
            id: self.id.clone(),
            game: self.game,
            seat: self.viewer.map(|s| s.0),
            seats: self.seats.clone(),
            rules: state
                .rule_options()
                .into_iter()
                .map(|(k, v)| (k.to_owned(), v))
                .collect(),
            position: shown(state),
            start: shown(self.start.as_ref()),
            to_act: self.to_act.map(|s| s.0),
            forced: legal.as_ref().is_some_and(|l| l.len() == 1),
            steps: legal.as_ref().map(|_| StepsView::of(state)),
            legal,
            moves: self
                .moves
                .iter()
                .zip(&self.words)
                .map(|((seat, action), described)| MoveView {
                    seat: *seat,
                    action: action.clone(),
                    words: described.words.clone(),
                    squares: described.squares.clone(),
                    capture: described.capture,
                })
                .collect(),
            plies: state.plies(),
            outcome: self.outcome.clone(),
            forfeit: self
                .ending
                .as_ref()
                .and_then(Ending::forfeit)
                .map(|(seat, why)| ForfeitView {
                    seat: seat.0,
                    reason: why.reason(),
                }),
            returns: state.is_over().then(|| state.returns()),
            status: self.status(&names, result.as_ref()),
            seat_names: names.clone(),
            you: self.viewer.map(|s| s.0),
            to_act_name: self.to_act.map(|s| name(s.0)),
            result,
            last_turn: self.last_turn(),
            thinking: self.thinking.clone(),
            scores: state.scores(),
            rules_url: format!("/rules/{}", self.game),
            rematch: self.rematch.as_ref().map(|r| self.rematch_view(r)),
            clock: self.clock.clone(),
            offers: self.offers.clone(),
            waiting_for: self.waiting_for.clone(),
        }
    }

    /// How it ended: by an [`Ending`] (a resignation, a failed bot, a time-out, a draw
    /// by agreement, an abort), or by the rules.
    fn result(&self, names: &[String]) -> Option<ResultView> {
        let seats = self.state.seats();
        if let Some(ending) = &self.ending {
            let name = |s: u8| names.get(usize::from(s)).cloned().unwrap_or_default();
            return Some(ResultView {
                winners: ending.winners(seats),
                reason: ending.words(name),
            });
        }
        let outcome = self.state.outcome()?;
        Some(ResultView {
            winners: outcome.winner().map(|w| w.0).into_iter().collect(),
            reason: self.state.end_words().unwrap_or_default(),
        })
    }

    /// One sentence for the viewer.
    fn status(&self, names: &[String], result: Option<&ResultView>) -> String {
        let name = |s: u8| names.get(usize::from(s)).cloned().unwrap_or_default();
        if let Some(result) = result {
            let reason = &result.reason;
            return match (self.viewer, result.winners.as_slice()) {
                (_, []) if matches!(self.ending, Some(Ending::Aborted(_))) => {
                    format!("Aborted: {reason}")
                }
                (_, []) => format!("Draw: {reason}"),
                (Some(you), winners) if winners.contains(&you.0) => format!("You won: {reason}"),
                (Some(_), _) => format!("You lost: {reason}"),
                (None, winners) => {
                    let who: Vec<String> = winners.iter().map(|&w| name(w)).collect();
                    format!("{} won: {reason}", who.join(" and "))
                }
            };
        }
        if !self.waiting_for.is_empty() {
            let who: Vec<String> = self.waiting_for.iter().map(|&s| name(s)).collect();
            return format!("Waiting for {} to join", who.join(" and "));
        }
        match self.to_act {
            Some(seat) if Some(seat) == self.viewer => "Your turn".to_owned(),
            Some(seat) if self.bots.get(seat.index()).copied().unwrap_or(false) => {
                format!("{} (bot) is thinking", name(seat.0))
            }
            Some(seat) => format!("{} to act", name(seat.0)),
            None => "Game over".to_owned(),
        }
    }

    /// Every ply of the most recent turn of a seat other than the viewer, in order.
    fn last_turn(&self) -> Vec<PlyView> {
        let viewer = self.viewer.map(|s| s.0);
        let Some(last) = self
            .moves
            .iter()
            .rposition(|(seat, _)| Some(*seat) != viewer)
        else {
            return Vec::new();
        };
        let seat = self.moves[last].0;
        let first = self.moves[..last]
            .iter()
            .rposition(|(s, _)| *s != seat)
            .map_or(0, |i| i + 1);
        self.moves[first..=last]
            .iter()
            .zip(&self.words[first..=last])
            .map(|((seat, action), described)| PlyView {
                seat: *seat,
                action: action.clone(),
                words: described.words.clone(),
                squares: described.squares.clone(),
            })
            .collect()
    }

    /// The viewer's link into the rematch: the seat its sitter moved to (seats rotate
    /// by one), when it is a human seat; else the spectator link.
    fn rematch_view(&self, rematch: &Rematch) -> RematchView {
        let seats = rematch.seat_tokens.len().max(1);
        let link = self
            .viewer
            .and_then(|seat| {
                let new_seat = (seat.index() + 1) % seats;
                let token = rematch.seat_tokens.get(new_seat)?.as_ref()?;
                Some(seat_link(&rematch.id, new_seat, token))
            })
            .unwrap_or_else(|| spectator_link(&rematch.id));
        RematchView {
            id: rematch.id.clone(),
            link,
            offered_by: rematch.offered_by.clone(),
            declined: rematch.declined,
        }
    }
}

/// A game's clock as a viewer is told it now: no seat's time runs once the game is over.
fn clock_view(clock: &Clock, playing: bool) -> ClockView {
    let now = crate::db::now_ms();
    let mut view = clock.view(now);
    if !playing {
        view.running = None;
    }
    view
}

/// The page's link that plays `seat` of game `id` (the token in the fragment, never sent
/// to the server by a page load).
pub fn seat_link(id: &str, seat: usize, token: &str) -> String {
    format!("/#game={id}&seat={seat}&token={token}")
}

/// The page's link that plays every human seat of game `id` on one screen (hot seat),
/// with the game's token `token`.
pub fn hot_seat_link(id: &str, token: &str) -> String {
    format!("/#game={id}&seat=all&token={token}")
}

/// The page's link that watches game `id`.
pub fn spectator_link(id: &str) -> String {
    format!("/#game={id}")
}
