//! A tiny game (Nim) implementing [`Game`]: the smallest complete example of the traits,
//! used by this crate's own tests and documentation.
//!
//! Up to four piles of up to 15 counters; a move takes 1 to 3 counters from one pile;
//! whoever takes the last counter wins. Action text `b-2` (pile `b`, take 2); position
//! text `3,4,5 0 0` (piles, seat to move, plies played).

use std::fmt;
use std::ops::ControlFlow;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{
    ActionIds, ActionParseError, Diagram, Evaluate, Game, Notation, Observation, Outcome,
    PerfectInformation, PositionError, RuleSet, Seat, Svg,
};

crate::rule_options! {
    /// Nim's rule options: the starting piles (option `piles`), seats (always 2) and the
    /// ply limit.
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub struct NimRules {
        game: "nim",
        seats: [2],
        page: "",
        setup: NimRulesSetup,
    }
    options {
        /// the counters in each pile at the start
        piles: Piles = "3,4,5", tries ["3,4,5", "1,2", "7,7,7,7", "15"];
    }
}

impl NimRules {
    /// The starting pile sizes (one to four piles, each at most 15).
    pub fn piles(&self) -> &[u8] {
        &self.piles.0
    }
}

/// Nim's starting piles as a rule option: 1 to 4 sizes, each 0 to 15.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piles(Vec<u8>);

impl crate::RuleValue for Piles {
    const EXPECTED: &'static str = "1 to 4 comma-separated pile sizes, each 0 to 15";
    const TRIES: &'static [&'static str] = &["3,4,5"];

    fn read(text: &str) -> Option<Self> {
        let piles: Vec<u8> = text
            .split(',')
            .map(|p| p.parse().ok().filter(|&n| n <= 15))
            .collect::<Option<_>>()?;
        (1..=4).contains(&piles.len()).then_some(Piles(piles))
    }

    fn write(&self) -> String {
        let piles: Vec<String> = self.0.iter().map(u8::to_string).collect();
        piles.join(",")
    }
}

/// Reads pile sizes as the `piles` option and the position string spell them.
fn parse_piles(text: &str) -> Option<Vec<u8>> {
    <Piles as crate::RuleValue>::read(text).map(|piles| piles.0)
}

/// A Nim action: take `count` (1 to 3) counters from pile `pile` (0-based, written `a`..`d`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Take {
    /// The pile, 0-based.
    pub pile: u8,
    /// How many counters.
    pub count: u8,
}

impl fmt::Display for Take {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", (b'a' + self.pile) as char, self.count)
    }
}

impl FromStr for Take {
    type Err = ActionParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = |why: &str| ActionParseError::new(s, why);
        let (pile, count) = s
            .split_once('-')
            .ok_or_else(|| bad("expected PILE-COUNT, like `b-2`"))?;
        let pile = match pile.as_bytes() {
            [p @ b'a'..=b'd'] => p - b'a',
            _ => return Err(bad("the pile is a letter from a to d")),
        };
        let count = match count.as_bytes() {
            [c @ b'1'..=b'3'] => c - b'0',
            _ => return Err(bad("the count is 1, 2 or 3")),
        };
        Ok(Take { pile, count })
    }
}

/// The unvalidated form of a Nim state (what serde reads and writes).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct NimSetup {
    /// The rule options.
    pub rules: NimRules,
    /// Current pile sizes.
    pub piles: Vec<u8>,
    /// Seat to move (0 or 1).
    pub to_move: u8,
    /// Plies played.
    pub plies: u32,
}

/// A Nim state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "NimSetup", into = "NimSetup")]
pub struct Nim {
    rules: NimRules,
    piles: [u8; 4],
    pile_count: u8,
    to_move: Seat,
    plies: u32,
}

/// The piles field `text` is wrong.
fn bad_piles(text: &str) -> PositionError {
    PositionError::unreadable("piles", text, "1 to 4 comma-separated sizes of at most 15")
}

/// The seat field `text` is wrong.
fn bad_seat(text: &str) -> PositionError {
    PositionError::unreadable("seat", text, "0 or 1")
}

impl TryFrom<NimSetup> for Nim {
    type Error = PositionError;
    fn try_from(setup: NimSetup) -> Result<Self, Self::Error> {
        let text: Vec<String> = setup.piles.iter().map(u8::to_string).collect();
        if !(1..=4).contains(&setup.piles.len()) || setup.piles.iter().any(|&p| p > 15) {
            return Err(bad_piles(&text.join(",")));
        }
        if setup.to_move > 1 {
            return Err(bad_seat(&setup.to_move.to_string()));
        }
        let mut piles = [0; 4];
        piles[..setup.piles.len()].copy_from_slice(&setup.piles);
        Ok(Nim {
            rules: setup.rules,
            piles,
            pile_count: setup.piles.len() as u8,
            to_move: Seat(setup.to_move),
            plies: setup.plies,
        })
    }
}

impl From<Nim> for NimSetup {
    fn from(nim: Nim) -> Self {
        NimSetup {
            piles: nim.piles[..usize::from(nim.pile_count)].to_vec(),
            rules: nim.rules,
            to_move: nim.to_move.0,
            plies: nim.plies,
        }
    }
}

impl Nim {
    fn counters(&self) -> u32 {
        self.piles.iter().map(|&p| u32::from(p)).sum()
    }

    fn limit_reached(&self) -> bool {
        self.rules.common().limit_reached(self.plies)
    }
}

impl Game for Nim {
    type Action = Take;
    type Rules = NimRules;

    fn new(rules: &NimRules) -> Self {
        let setup = NimSetup {
            rules: rules.clone(),
            piles: rules.piles().to_vec(),
            to_move: 0,
            plies: 0,
        };
        // Rules always hold valid piles (every way to set them checks them).
        Nim::try_from(setup).unwrap_or_else(|_| Nim::new(&NimRules::default()))
    }

    fn rules(&self) -> &NimRules {
        &self.rules
    }

    fn to_act(&self) -> Option<Seat> {
        self.outcome().is_none().then_some(self.to_move)
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.counters() == 0 {
            // The seat that took the last counter is the one not to move.
            Some(Outcome::Win(self.to_move.next(2)))
        } else if self.limit_reached() {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn plies(&self) -> u32 {
        self.plies
    }

    fn try_for_each_action<B, F>(&self, mut f: F) -> ControlFlow<B>
    where
        F: FnMut(Take) -> ControlFlow<B>,
    {
        if self.is_over() {
            return ControlFlow::Continue(());
        }
        for pile in 0..self.pile_count {
            for count in 1..=self.piles[usize::from(pile)].min(3) {
                f(Take { pile, count })?;
            }
        }
        ControlFlow::Continue(())
    }

    fn play_unchecked(&mut self, action: Take) {
        let pile = &mut self.piles[usize::from(action.pile) % 4];
        *pile = pile.saturating_sub(action.count);
        self.to_move = self.to_move.next(2);
        self.plies += 1;
    }
}

impl Notation for Nim {
    type PositionError = PositionError;

    fn from_position(text: &str, rules: &NimRules) -> Result<Self, PositionError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [piles, seat, plies] = fields[..] else {
            return Err(PositionError::field_count(
                3,
                fields.len(),
                "piles, seat, plies",
            ));
        };
        let piles = parse_piles(piles).ok_or_else(|| bad_piles(piles))?;
        let to_move = seat.parse().map_err(|_| bad_seat(seat))?;
        let plies = plies
            .parse()
            .map_err(|_| PositionError::unreadable("plies", plies, "a ply count"))?;
        Nim::try_from(NimSetup {
            rules: rules.clone(),
            piles,
            to_move,
            plies,
        })
    }

    fn position(&self) -> String {
        let piles: Vec<String> = self.piles[..usize::from(self.pile_count)]
            .iter()
            .map(u8::to_string)
            .collect();
        format!("{} {} {}", piles.join(","), self.to_move, self.plies)
    }
}

impl PerfectInformation for Nim {}

/// Nim's words are the defaults: `Seat 0`, `Seat 1`, the outcome, the action's text.
impl crate::Describe for Nim {
    fn summary() -> &'static str {
        "Take counters from one pile at a time; whoever takes the last counter wins."
    }

    fn how_to_play() -> &'static str {
        "On your turn take one or more counters from a single pile. The player who takes \
         the last counter wins."
    }
}

impl crate::Zobrist for Nim {
    fn key(&self) -> u64 {
        let mut key = crate::zobrist_mix(1, u64::from(self.to_move.0))
            ^ crate::zobrist_mix(2, u64::from(self.plies));
        for (i, &pile) in self.piles.iter().enumerate() {
            key ^= crate::zobrist_mix(10 + i as u64, u64::from(pile));
        }
        key
    }
}

impl Evaluate for Nim {
    fn evaluate(&self, seat: Seat) -> f64 {
        // Nim-sum zero is lost for the seat to move.
        let nim_sum = self.piles.iter().fold(0, |acc, &p| acc ^ (p % 4));
        let good_for_mover = if nim_sum != 0 { 1.0 } else { -1.0 };
        if seat == self.to_move {
            good_for_mover
        } else {
            -good_for_mover
        }
    }
}

impl Diagram for Nim {
    fn diagram(&self, _viewer: Option<Seat>) -> String {
        let mut out = String::new();
        for (i, &p) in self.piles[..usize::from(self.pile_count)]
            .iter()
            .enumerate()
        {
            out.push_str(&format!(
                "{} {}\n",
                (b'a' + i as u8) as char,
                "|".repeat(usize::from(p))
            ));
        }
        out.push_str(&format!("seat {} to move\n", self.to_move));
        out
    }
}

/// Ids `3 * pile + count - 1`: dense, 12 of them (four piles, takes of 1 to 3).
/// The text diagram in a picture (the default drawing).
impl Svg for Nim {}

impl ActionIds for Nim {
    fn action_space(_rules: &NimRules) -> u64 {
        12
    }

    fn action_id(&self, action: Take) -> u64 {
        u64::from(action.pile) * 3 + u64::from(action.count.saturating_sub(1))
    }

    fn action_from_id(&self, id: u64) -> Option<Take> {
        (id < 12).then(|| Take {
            pile: (id / 3) as u8,
            count: (id % 3) as u8 + 1,
        })
    }
}

// One step per action, its id: the policy space is the id space (12 indices).
crate::one_step_policy!(Nim);

/// Four piles, each a one-hot row of 16 (its counter count, 0 to 15); a missing pile is all
/// zero. Shape `[4, 16]`; nothing is hidden, so every seat's tensor is the same.
impl Observation for Nim {
    fn observation_shape(_rules: &NimRules) -> Vec<usize> {
        vec![4, 16]
    }

    fn write_observation(&self, _seat: Seat, out: &mut [f32]) {
        out.fill(0.0);
        for (pile, &count) in self.piles[..usize::from(self.pile_count)]
            .iter()
            .enumerate()
        {
            if let Some(cell) = out.get_mut(pile * 16 + usize::from(count)) {
                *cell = 1.0;
            }
        }
    }
}
