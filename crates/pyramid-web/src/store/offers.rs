//! What the players of a game have offered each other: a draw, a takeback
//! ([`Offers`]), and the rules of agreeing to them, written once: a game ends drawn when
//! every seated person stands by a draw offer (bots decline draws); a takeback goes back
//! to the asker's last ply once every other seated person grants it (bots grant at once);
//! a move withdraws its mover's offers.

use serde::{Deserialize, Serialize};

/// A request to take back plies: the asker, the ply the game goes back to, and the seats
/// that agreed (the asker and the bots included).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Takeback {
    /// The seat that asked.
    pub seat: u8,
    /// The number of plies the game keeps: the asker's last ply and every ply after it
    /// are taken back.
    pub to_ply: u32,
    /// The seats that agreed, the asker included.
    pub agreed: Vec<u8>,
}

/// The offers standing in a game (the view's `offers`, stored with the game).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offers {
    /// The seats standing by a draw offer.
    #[serde(default)]
    pub draw: Vec<u8>,
    /// A takeback asked for and not granted yet.
    #[serde(default)]
    pub takeback: Option<Takeback>,
}

/// Where a draw offer leaves the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawStep {
    /// Offered (or accepted): some seated person has not agreed yet.
    Standing,
    /// Every seated person agreed: the game ends drawn.
    Agreed,
}

/// Where a takeback request leaves the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakebackStep {
    /// Asked (or granted by one more seat): some seated person has not agreed yet.
    Standing,
    /// Everyone agreed: the game goes back to this many plies.
    Granted(u32),
}

/// The seats of a game as the offers need them: whether each is a person's.
pub struct Table<'a> {
    /// By seat: whether a person sits there (else a bot).
    pub persons: &'a [bool],
    /// The seat of every ply played, in order.
    pub plies: &'a [u8],
}

impl Table<'_> {
    fn everyone_agrees(&self, agreed: &[u8]) -> bool {
        self.persons
            .iter()
            .enumerate()
            .all(|(seat, &person)| !person || agreed.contains(&(seat as u8)))
    }
}

impl Offers {
    /// Whether nothing is offered.
    pub fn is_empty(&self) -> bool {
        self.draw.is_empty() && self.takeback.is_none()
    }

    /// `seat` offers a draw or accepts the standing offer: refused (why) when a bot sits
    /// at the table (bots decline draws) or the seat stands by its offer already.
    pub fn offer_draw(&mut self, seat: u8, table: &Table<'_>) -> Result<DrawStep, String> {
        if let Some(bot) = table.persons.iter().position(|&p| !p) {
            return Err(format!("the bot in seat {bot} declines the draw"));
        }
        if self.draw.contains(&seat) {
            return Err("you offered a draw already: the others are to accept it".to_owned());
        }
        self.draw.push(seat);
        self.draw.sort_unstable();
        Ok(if table.everyone_agrees(&self.draw) {
            DrawStep::Agreed
        } else {
            DrawStep::Standing
        })
    }

    /// `seat` asks to take back its last ply (and every ply after it), or grants the
    /// standing request of another seat: refused (why) when the seat asked already or has
    /// played no ply.
    pub fn ask_takeback(&mut self, seat: u8, table: &Table<'_>) -> Result<TakebackStep, String> {
        let request = match self.takeback.take() {
            Some(mut standing) if standing.seat != seat => {
                if standing.agreed.contains(&seat) {
                    self.takeback = Some(standing);
                    return Err("you granted this takeback already".to_owned());
                }
                standing.agreed.push(seat);
                standing
            }
            Some(standing) => {
                self.takeback = Some(standing);
                return Err(
                    "you asked for a takeback already: the others are to grant it".to_owned(),
                );
            }
            None => {
                let last = table
                    .plies
                    .iter()
                    .rposition(|&s| s == seat)
                    .ok_or("nothing to take back: you have not played yet")?;
                let mut agreed = vec![seat];
                agreed.extend(
                    (0..table.persons.len() as u8).filter(|&s| !table.persons[usize::from(s)]),
                );
                Takeback {
                    seat,
                    to_ply: u32::try_from(last).unwrap_or(u32::MAX),
                    agreed,
                }
            }
        };
        if table.everyone_agrees(&request.agreed) {
            return Ok(TakebackStep::Granted(request.to_ply));
        }
        self.takeback = Some(request);
        Ok(TakebackStep::Standing)
    }

    /// A move of `seat` withdraws its standing offers (its draw offer, its takeback
    /// request); whether anything was withdrawn.
    pub fn withdraw_by(&mut self, seat: u8) -> bool {
        let before = self.clone();
        self.draw.retain(|&s| s != seat);
        if self.takeback.as_ref().is_some_and(|t| t.seat == seat) {
            self.takeback = None;
        }
        *self != before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PEOPLE: [bool; 2] = [true, true];

    #[test]
    fn a_draw_needs_every_seated_person() {
        let mut offers = Offers::default();
        let three = [true, true, true];
        let table = Table {
            persons: &three,
            plies: &[],
        };
        assert_eq!(offers.offer_draw(0, &table), Ok(DrawStep::Standing));
        assert!(offers.offer_draw(0, &table).is_err(), "an offer to oneself");
        assert_eq!(offers.offer_draw(2, &table), Ok(DrawStep::Standing));
        assert_eq!(offers.offer_draw(1, &table), Ok(DrawStep::Agreed));
    }

    #[test]
    fn bots_decline_draws() {
        let mut offers = Offers::default();
        let table = Table {
            persons: &[true, false],
            plies: &[],
        };
        let refused = offers.offer_draw(0, &table).expect_err("declined");
        assert!(refused.contains("seat 1"), "{refused}");
        assert!(offers.is_empty(), "nothing changed");
    }

    #[test]
    fn a_takeback_goes_to_the_askers_last_ply_once_granted() {
        let mut offers = Offers::default();
        let table = Table {
            persons: &PEOPLE,
            plies: &[0, 1, 0, 1],
        };
        assert_eq!(offers.ask_takeback(0, &table), Ok(TakebackStep::Standing));
        assert_eq!(offers.takeback.as_ref().map(|t| t.to_ply), Some(2));
        assert!(offers.ask_takeback(0, &table).is_err(), "asked already");
        assert_eq!(offers.ask_takeback(1, &table), Ok(TakebackStep::Granted(2)));
    }

    #[test]
    fn bots_grant_takebacks_at_once() {
        let mut offers = Offers::default();
        let table = Table {
            persons: &[false, true],
            plies: &[0, 1, 0],
        };
        assert_eq!(offers.ask_takeback(1, &table), Ok(TakebackStep::Granted(1)));
    }

    #[test]
    fn nothing_to_take_back_before_ones_first_ply() {
        let mut offers = Offers::default();
        let table = Table {
            persons: &PEOPLE,
            plies: &[0],
        };
        assert!(offers.ask_takeback(1, &table).is_err());
        assert!(offers.is_empty());
    }

    #[test]
    fn a_move_withdraws_its_movers_offers() {
        let mut offers = Offers::default();
        let table = Table {
            persons: &PEOPLE,
            plies: &[0, 1],
        };
        offers.offer_draw(0, &table).expect("offered");
        offers.ask_takeback(1, &table).expect("asked");
        assert!(offers.withdraw_by(0));
        assert!(offers.draw.is_empty());
        assert!(offers.takeback.is_some(), "the other seat's request stands");
        assert!(offers.withdraw_by(1));
        assert!(offers.is_empty());
        assert!(!offers.withdraw_by(1));
    }
}
