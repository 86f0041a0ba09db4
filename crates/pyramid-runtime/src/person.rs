//! [`play_against`]: a game in which one seat is played by the caller (a person at a
//! terminal) and a bot plays every other seat, through the arena.

use pyramid_bots::{BotSpec, action_visible_to};
use pyramid_core::arena::{ArenaError, Forfeit, game_seed, play_game_observed};
use pyramid_core::dynamic::{DynState, RuntimeError, StateBox};
use pyramid_core::rand::SeedableRng;
use pyramid_core::{Bot, ChaCha8Rng, FullGame, Outcome, Seat};

use crate::Error;
use crate::games::{GameVisitor, visit};

/// How a game with a person ended.
pub enum PersonGame {
    /// The person stopped choosing (their `choose` returned `None`) before the end.
    Left,
    /// The game ended, or a bot forfeited.
    Ended {
        /// The last state.
        end: Box<dyn DynState>,
        /// The outcome, if the game is over.
        outcome: Option<Outcome>,
        /// The seat whose bot failed, if one did (the game stopped there).
        forfeit: Option<Forfeit>,
    },
}

/// The person's side of [`play_against`]: their seat, their choices, what they are shown.
pub struct Person<'a> {
    /// The person's seat.
    pub seat: Seat,
    /// The person's choice, as action text, in a state drawn from their view (the seat to
    /// act has the same legal actions in every such state); `None` stops the game.
    pub choose: &'a mut (dyn FnMut(&dyn DynState) -> Option<String> + Send),
    /// Called with each action just before it is played: the seat, the action, and
    /// whether the person may see it.
    pub observe: &'a mut dyn FnMut(Seat, &str, bool),
}

/// The person as one more bot of the arena.
struct PersonBot<'a> {
    choose: &'a mut (dyn FnMut(&dyn DynState) -> Option<String> + Send),
    rng: ChaCha8Rng,
}

impl<G: FullGame> Bot<G> for PersonBot<'_> {
    fn name(&self) -> String {
        "you".to_owned()
    }

    fn choose(&mut self, view: &G::View, _seat: Seat) -> Option<G::Action> {
        let state = G::sample_from_view(view, &mut self.rng);
        let text = (self.choose)(StateBox::boxed(state.clone()).as_ref())?;
        state.parse_action(&text).ok()
    }
}

/// The game from `start` for the game type the visit picks.
struct Play<'s, 'p> {
    start: &'s dyn DynState,
    spec: &'s BotSpec,
    seed: u64,
    person: Person<'p>,
}

impl GameVisitor for Play<'_, '_> {
    type Output = Result<PersonGame, Error>;

    fn visit<G: FullGame>(self) -> Self::Output {
        let start = self
            .start
            .as_any()
            .downcast_ref::<StateBox<G>>()
            .map(|s| s.state.clone())
            .ok_or(RuntimeError::WrongGame {
                expected: G::NAME,
                got: self.start.game(),
            })?;
        let Person {
            seat: human,
            choose,
            observe,
        } = self.person;
        // A bot that cannot play these rules (a learned file of others) is refused now,
        // not found out at its first move.
        self.spec.check_rules::<G>(start.rules())?;
        let mut others: Vec<Box<dyn Bot<G>>> = Seat::all(start.seats())
            .filter(|&s| s != human)
            .map(|s| {
                self.spec
                    .build::<G>(game_seed(self.seed, u64::from(s.0) + 1))
            })
            .collect::<Result<_, _>>()?;
        let mut person = PersonBot {
            choose,
            rng: ChaCha8Rng::seed_from_u64(game_seed(self.seed, u64::MAX)),
        };
        let mut others = others.iter_mut();
        let mut seats: Vec<&mut dyn Bot<G>> = Vec::new();
        let mut person_seat: Option<&mut dyn Bot<G>> = Some(&mut person);
        for s in Seat::all(start.seats()) {
            if s == human {
                seats.extend(person_seat.take());
            } else {
                seats.extend(others.next().map(|b| b.as_mut() as &mut dyn Bot<G>));
            }
        }
        let played = play_game_observed(start, &mut seats, None, |before, by, action| {
            observe(
                by,
                &action.to_string(),
                action_visible_to(before, action, human),
            );
        });
        match played {
            Ok(record) => Ok(PersonGame::Ended {
                outcome: record.outcome(),
                end: StateBox::boxed(record.end),
                forfeit: record.forfeit,
            }),
            Err(ArenaError::NoAction { seat, .. }) if seat == human => Ok(PersonGame::Left),
            Err(e) => Err(e.into()),
        }
    }
}

/// Plays from `start`: `person` plays their seat, the bot `spec` every other seat (seat
/// `s`'s bot seeded from `seed` and `s`). Refuses a seat the game does not have
/// ([`RuntimeError::NoSuchSeat`]) and a bot spec the game cannot build.
pub fn play_against(
    start: &dyn DynState,
    spec: &BotSpec,
    seed: u64,
    person: Person<'_>,
) -> Result<PersonGame, Error> {
    if person.seat.index() >= start.seats() {
        return Err(RuntimeError::NoSuchSeat {
            seat: person.seat.index(),
            seats: start.seats(),
        }
        .into());
    }
    visit(
        start.game(),
        Play {
            start,
            spec,
            seed,
            person,
        },
    )?
}
