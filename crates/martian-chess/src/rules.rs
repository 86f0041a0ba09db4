//! The rule options: seat count, starting seat, optional ply limit, and the options of
//! AbstractPlay's rule sheet (`clock`, `target`, `undo`, `variant`).

use pyramid_core::{RuleSet, RuleValue, RulesError};

#[cfg(doc)]
use pyramid_core::Game;

pyramid_core::rule_options! {
    /// The rule options of Martian Chess.
    ///
    /// The default is two seats, seat 0 first, no ply limit, and the seed text's rules: no
    /// clock, no target score, no undo after any canal crossing, standard movement. Fields
    /// are private so that a value always holds a valid combination (2 or 4 seats, a starting
    /// seat below the seat count, a target from 1 to 72); the serde form is checked the same
    /// way.
    ///
    /// The options of AbstractPlay's rule sheet (see `crates/martian-chess/docs/rules.md`):
    /// `clock=on` (calling the clock), `target=N` (the game ends when a seat's score reaches
    /// N), `undo=capture-allowed` (a capture sets no no-undo ban) and `variant=ofkk` (pawns
    /// move like chess kings, drones like chess knights). AbstractPlay plays
    /// `clock=on target=18 undo=capture-allowed`, with `variant=ofkk` in its variant.
    ///
    /// ```
    /// use martian_chess::Rules;
    /// use pyramid_core::RuleSet;
    /// let rules = Rules::default()
    ///     .with_seats(4)?
    ///     .with_option("first", "2")?
    ///     .with_ply_limit(Some(200));
    /// assert_eq!((rules.seats(), rules.first(), rules.ply_limit()), (4, 2, Some(200)));
    /// assert!(rules.with_seats(3).is_err());
    /// let abstractplay = Rules::from_options([
    ///     ("clock", "on"),
    ///     ("target", "18"),
    ///     ("undo", "capture-allowed"),
    /// ])?;
    /// assert!(abstractplay.clock() && abstractplay.target() == Some(18));
    /// assert!(!abstractplay.fast_paths_apply());
    /// # Ok::<(), pyramid_core::RulesError>(())
    /// ```
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub struct Rules {
        game: "martian-chess",
        seats: [2, 4],
        page: include_str!("../docs/rules.md"),
        setup: RulesSetup,
        check: check_first_seat,
        seats_changed: first_seat_back_to_random,
    }
    options {
        /// the seat that moves first (`random`: seat 0 in a new game, drawn for each game of a match)
        first: FirstSeat = "random", tries ["random", "0", "1"], label "who moves first";
        /// after 7 plies in a row without a capture a seat may call the clock with its move (`b2-c3*`); 7 further plies without a capture end the game, the higher score winning, equal scores drawing
        clock: bool = "off", label "calling the clock (capture countdown)";
        /// the game ends as soon as a seat's score reaches the target, and that seat wins
        target: Target = "0", tries ["0", "18", "6"], label "target score";
        /// `any-crossing`: no move straight back after any canal crossing; `capture-allowed`: a capture sets no ban
        undo: Undo = "any-crossing", label "no-undo ban";
        /// `ofkk` (Of Knights and Kings): pawns move like chess kings, drones like chess knights
        variant: Variant = "standard";
    }
}

/// Who moves first (the `first` option): drawn at random, or a fixed seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FirstSeat {
    /// Seat 0 in [`Game::new`]; drawn at random by [`Game::deal`] (the seed's "who
    /// starts" draw, what matches use).
    Random,
    /// This seat (below the seat count).
    Seat(u8),
}

impl RuleValue for FirstSeat {
    const EXPECTED: &'static str = "`random` or a seat number below the number of seats";
    const TRIES: &'static [&'static str] = &["random", "0", "1"];
    const CHOICES: &'static [&'static str] = &["random"];
    const SEAT: bool = true;

    fn read(text: &str) -> Option<Self> {
        match text {
            "random" => Some(FirstSeat::Random),
            seat if !seat.starts_with('+') => seat.parse().ok().map(FirstSeat::Seat),
            _ => None,
        }
    }

    fn write(&self) -> String {
        match self {
            FirstSeat::Random => "random".to_owned(),
            FirstSeat::Seat(seat) => seat.to_string(),
        }
    }
}

/// The `target` score: none, or 1 to 72 (read with [`RuleValue::read`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target(Option<u8>);

impl Target {
    /// The score, if any.
    pub fn score(&self) -> Option<u8> {
        self.0
    }
}

impl RuleValue for Target {
    const EXPECTED: &'static str = "a score from 1 to 72, or 0 (also `none` or `off`): no target";
    const TRIES: &'static [&'static str] = &["0", "18"];

    fn read(text: &str) -> Option<Self> {
        match text {
            "none" | "off" | "0" => Some(Target(None)),
            n if !n.starts_with('+') => n
                .parse::<u8>()
                .ok()
                .filter(|t| (1..=MAX_TARGET).contains(t))
                .map(|t| Target(Some(t))),
            _ => None,
        }
    }

    fn write(&self) -> String {
        self.0.map_or(0, |t| t).to_string()
    }
}

pyramid_core::option_enum! {
    /// The `undo` option: which canal crossings ban the way straight back.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Undo {
        /// Every crossing, a capture included, sets the no-undo ban (the seed's rule).
        AnyCrossing = "any-crossing" as "after every canal crossing",
        /// Only a plain crossing sets the ban; a capture does not (AbstractPlay's).
        CaptureAllowed = "capture-allowed" as "not after a capture",
    }
}

pyramid_core::option_enum! {
    /// The `variant` option: how pawns and drones move.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
    pub enum Variant {
        /// The seed's movement.
        Standard = "standard" as "the standard moves",
        /// Of Knights and Kings: pawns move like chess kings, drones like chess knights.
        Ofkk = "ofkk" as "Of Knights and Kings (pawns as kings, drones as knights)",
    }
}

/// The `first` check: a fixed starting seat exists.
fn check_first_seat(rules: &Rules) -> Result<(), RulesError> {
    match rules.first {
        FirstSeat::Seat(seat) if usize::from(seat) >= rules.seats() => Err(RulesError::BadValue {
            key: "first".into(),
            value: seat.to_string(),
            expected: "a seat number below the number of seats (set the seats first)",
        }),
        _ => Ok(()),
    }
}

/// A starting seat that no longer exists goes back to `random`.
fn first_seat_back_to_random(rules: &mut Rules) {
    if check_first_seat(rules).is_err() {
        rules.first = FirstSeat::Random;
    }
}

/// Plies in a row without a capture after which the clock may be called, and plies
/// without a capture after the call that end the game (the `clock` option).
pub const CLOCK_PLIES: u8 = 7;

/// The highest `target` accepted: every pip of a four-seat game.
const MAX_TARGET: u8 = 72;

impl Rules {
    /// The seat that moves first in [`Game::new`] (the `first` option; seat 0 when it is
    /// `random`).
    pub fn first(&self) -> u8 {
        match self.first {
            FirstSeat::Seat(seat) => seat,
            FirstSeat::Random => 0,
        }
    }

    /// The starting seat the `first` option fixes, or `None` when it is `random` (the
    /// default): [`Game::deal`] then draws it.
    pub fn fixed_first(&self) -> Option<u8> {
        match self.first {
            FirstSeat::Seat(seat) => Some(seat),
            FirstSeat::Random => None,
        }
    }

    /// Sets the starting seat; it must be below the seat count.
    pub fn set_first(&mut self, seat: u8) -> Result<(), RulesError> {
        let changed = Rules {
            first: FirstSeat::Seat(seat),
            ..*self
        };
        check_first_seat(&changed)?;
        *self = changed;
        Ok(())
    }

    /// These rules with `seat` moving first (it must be below the seat count).
    pub fn with_first(mut self, seat: u8) -> Result<Self, RulesError> {
        self.set_first(seat)?;
        Ok(self)
    }

    /// Whether the `clock` option is on: after [`CLOCK_PLIES`] plies in a row without a
    /// capture a seat may call the clock with its move (`b2-c3*`); the game then ends
    /// after [`CLOCK_PLIES`] further plies without a capture (a capture cancels the
    /// countdown), the higher score winning and equal scores drawing.
    pub fn clock(&self) -> bool {
        self.clock
    }

    /// Turns the `clock` option on or off.
    pub fn set_clock(&mut self, on: bool) {
        self.clock = on;
    }

    /// These rules with the `clock` option on or off.
    #[must_use]
    pub fn with_clock(mut self, on: bool) -> Self {
        self.clock = on;
        self
    }

    /// The `target` score, if any: the game ends as soon as a seat's score reaches it,
    /// and that seat wins.
    pub fn target(&self) -> Option<u8> {
        self.target.0
    }

    /// Sets or clears the `target` score (1 to 72).
    pub fn set_target(&mut self, target: Option<u8>) -> Result<(), RulesError> {
        if target.is_some_and(|t| t == 0 || t > MAX_TARGET) {
            return Err(RulesError::BadValue {
                key: "target".into(),
                value: target.map_or_else(String::new, |t| t.to_string()),
                expected: Target::EXPECTED,
            });
        }
        self.target = Target(target);
        Ok(())
    }

    /// These rules with the `target` score `target` (1 to 72, or `None`).
    pub fn with_target(mut self, target: Option<u8>) -> Result<Self, RulesError> {
        self.set_target(target)?;
        Ok(self)
    }

    /// Whether `undo=capture-allowed`: only a plain canal crossing bans the way straight
    /// back; a capture (which also crosses the canal) sets no ban. Off by default (every
    /// crossing sets the ban). With four seats there is no no-undo rule either way.
    pub fn capture_undo_allowed(&self) -> bool {
        self.undo == Undo::CaptureAllowed
    }

    /// Sets the `undo` option (`true`: `capture-allowed`).
    pub fn set_capture_undo_allowed(&mut self, allowed: bool) {
        self.undo = if allowed {
            Undo::CaptureAllowed
        } else {
            Undo::AnyCrossing
        };
    }

    /// These rules with the `undo` option set (`true`: `capture-allowed`).
    #[must_use]
    pub fn with_capture_undo_allowed(mut self, allowed: bool) -> Self {
        self.set_capture_undo_allowed(allowed);
        self
    }

    /// Whether `variant=ofkk` ("Of Knights and Kings"): pawns move like chess kings (one
    /// square in any of the eight directions), drones like chess knights (jumping);
    /// everything else, field promotion included, is unchanged.
    pub fn ofkk(&self) -> bool {
        self.variant == Variant::Ofkk
    }

    /// Sets the `variant` option (`true`: `ofkk`).
    pub fn set_ofkk(&mut self, on: bool) {
        self.variant = if on { Variant::Ofkk } else { Variant::Standard };
    }

    /// These rules with the `variant` option set (`true`: `ofkk`).
    #[must_use]
    pub fn with_ofkk(mut self, on: bool) -> Self {
        self.set_ofkk(on);
        self
    }

    /// Whether the crate's fast paths (set-wise counting, the rejection sampler and the
    /// fused two-seat playout loop) play these rules: true exactly when `clock`,
    /// `target`, `undo` and `variant` have their default values. Otherwise counting and
    /// random play take the generic path (listing the moves). The one check of the
    /// crate for this.
    #[inline(always)]
    pub fn fast_paths_apply(&self) -> bool {
        !self.clock
            && self.target.0.is_none()
            && self.undo == Undo::AnyCrossing
            && self.variant == Variant::Standard
    }

    /// The seat count as a `u8`.
    #[inline(always)]
    pub(crate) fn seat_count(&self) -> u8 {
        self.common.seats() as u8
    }
}
