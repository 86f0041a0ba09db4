//! The rule options: seat count, starting seat, optional ply limit, and the options of
//! AbstractPlay's rule sheet (`clock`, `target`, `undo`, `variant`).

use pyramid_core::{CommonRules, RuleSet, RulesError};
use serde::{Deserialize, Serialize};

#[cfg(doc)]
use pyramid_core::Game;

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesSetup", into = "RulesSetup")]
pub struct Rules {
    common: CommonRules,
    /// The starting seat; `None`: seat 0 in [`Game::new`], drawn at random by
    /// [`Game::deal`] (the seed's "who starts" draw, what matches use).
    first: Option<u8>,
    /// `clock=on`: a seat may call the clock after 7 plies in a row without a capture.
    clock: bool,
    /// `target=N`: the game ends as soon as a seat's score reaches N.
    target: Option<u8>,
    /// `undo=capture-allowed`: only a plain crossing sets the no-undo ban.
    capture_undo: bool,
    /// `variant=ofkk`: pawns move like chess kings, drones like chess knights.
    ofkk: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            common: CommonRules::new(2),
            first: None,
            clock: false,
            target: None,
            capture_undo: false,
            ofkk: false,
        }
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
        self.first.unwrap_or(0)
    }

    /// The starting seat the `first` option fixes, or `None` when it is `random` (the
    /// default): [`Game::deal`] then draws it.
    pub fn fixed_first(&self) -> Option<u8> {
        self.first
    }

    /// Sets the starting seat; it must be below the seat count.
    pub fn set_first(&mut self, seat: u8) -> Result<(), RulesError> {
        if usize::from(seat) >= self.seats() {
            return Err(RulesError::BadValue {
                key: "first".into(),
                value: seat.to_string(),
                expected: "a seat number below the number of seats (set the seats first)",
            });
        }
        self.first = Some(seat);
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
        self.target
    }

    /// Sets or clears the `target` score (1 to 72).
    pub fn set_target(&mut self, target: Option<u8>) -> Result<(), RulesError> {
        if target.is_some_and(|t| t == 0 || t > MAX_TARGET) {
            return Err(RulesError::BadValue {
                key: "target".into(),
                value: target.map_or_else(String::new, |t| t.to_string()),
                expected: "a score from 1 to 72, or 0 (`none`)",
            });
        }
        self.target = target;
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
        self.capture_undo
    }

    /// Sets the `undo` option (`true`: `capture-allowed`).
    pub fn set_capture_undo_allowed(&mut self, allowed: bool) {
        self.capture_undo = allowed;
    }

    /// These rules with the `undo` option set (`true`: `capture-allowed`).
    #[must_use]
    pub fn with_capture_undo_allowed(mut self, allowed: bool) -> Self {
        self.capture_undo = allowed;
        self
    }

    /// Whether `variant=ofkk` ("Of Knights and Kings"): pawns move like chess kings (one
    /// square in any of the eight directions), drones like chess knights (jumping);
    /// everything else, field promotion included, is unchanged.
    pub fn ofkk(&self) -> bool {
        self.ofkk
    }

    /// Sets the `variant` option (`true`: `ofkk`).
    pub fn set_ofkk(&mut self, on: bool) {
        self.ofkk = on;
    }

    /// These rules with the `variant` option set (`true`: `ofkk`).
    #[must_use]
    pub fn with_ofkk(mut self, on: bool) -> Self {
        self.ofkk = on;
        self
    }

    /// Whether the crate's fast paths (set-wise counting, the rejection sampler and the
    /// fused two-seat playout loop) play these rules: true exactly when `clock`,
    /// `target`, `undo` and `variant` have their default values. Otherwise counting and
    /// random play take the generic path (listing the moves). The one check of the
    /// crate for this.
    #[inline(always)]
    pub fn fast_paths_apply(&self) -> bool {
        !(self.clock || self.capture_undo || self.ofkk) && self.target.is_none()
    }

    /// The seat count as a `u8`.
    #[inline(always)]
    pub(crate) fn seat_count(&self) -> u8 {
        self.common.seats() as u8
    }
}

impl RuleSet for Rules {
    const GAME: &'static str = "martian-chess";
    const RULES_PAGE: &'static str = include_str!("../docs/rules.md");
    const SEAT_COUNTS: &'static [usize] = &[2, 4];
    const OPTIONS: &'static [(&'static str, &'static str)] = &[
        (
            "first",
            "the seat that moves first: `random` (drawn for each game of a match) or a seat number",
        ),
        (
            "clock",
            "`off` or `on`: after 7 plies in a row without a capture a seat may call the clock with its move (`b2-c3*`); 7 further plies without a capture end the game, equal scores drawing",
        ),
        (
            "target",
            "a score from 1 to 72 (the game ends as soon as a seat's score reaches it, and that seat wins), or 0 (also `none`): no target",
        ),
        (
            "undo",
            "`any-crossing` (no move straight back after any canal crossing) or `capture-allowed` (a capture sets no ban)",
        ),
        (
            "variant",
            "`standard` or `ofkk` (Of Knights and Kings: pawns move like chess kings, drones like chess knights)",
        ),
    ];
    const OPTION_VALUES: &'static [(&'static str, &'static [&'static str])] = &[
        ("first", &["0", "1", "random"]),
        ("clock", &["off", "on"]),
        ("target", &["none", "18", "6"]),
        ("undo", &["any-crossing", "capture-allowed"]),
        ("variant", &["standard", "ofkk"]),
    ];

    fn common(&self) -> &CommonRules {
        &self.common
    }

    fn common_mut(&mut self) -> &mut CommonRules {
        &mut self.common
    }

    /// A starting seat that no longer exists goes back to `random`.
    fn seats_changed(&mut self) {
        if self.first.is_some_and(|f| usize::from(f) >= self.seats()) {
            self.first = None;
        }
    }

    fn set_own_option(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let bad = |expected: &'static str| RulesError::BadValue {
            key: key.into(),
            value: pyramid_core::excerpt(value),
            expected,
        };
        match key {
            "clock" => {
                self.clock = match value {
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad("`on` or `off`")),
                };
                return Ok(());
            }
            "target" => {
                let target = match value {
                    "none" | "off" | "0" => None,
                    n => Some(
                        n.parse::<u8>()
                            .ok()
                            .filter(|t| (1..=MAX_TARGET).contains(t) && !n.starts_with('+'))
                            .ok_or_else(|| bad("a score from 1 to 72, or 0 (`none`)"))?,
                    ),
                };
                return self.set_target(target);
            }
            "undo" => {
                self.capture_undo = match value {
                    "capture-allowed" => true,
                    "any-crossing" => false,
                    _ => return Err(bad("`any-crossing` or `capture-allowed`")),
                };
                return Ok(());
            }
            "variant" => {
                self.ofkk = match value {
                    "ofkk" => true,
                    "standard" => false,
                    _ => return Err(bad("`standard` or `ofkk`")),
                };
                return Ok(());
            }
            _ => {}
        }
        if value == "random" {
            self.first = None;
            return Ok(());
        }
        let seat: u8 = value.parse().map_err(|_| RulesError::BadValue {
            key: key.into(),
            value: pyramid_core::excerpt(value),
            expected: "`random` or a seat number below the number of seats",
        })?;
        self.set_first(seat)
    }

    fn options(&self) -> Vec<(&'static str, String)> {
        let first = self.first.map_or("random".to_owned(), |f| f.to_string());
        vec![
            ("first", first),
            ("clock", if self.clock { "on" } else { "off" }.to_owned()),
            ("target", self.target.map_or(0, |t| t).to_string()),
            (
                "undo",
                if self.capture_undo {
                    "capture-allowed"
                } else {
                    "any-crossing"
                }
                .to_owned(),
            ),
            (
                "variant",
                if self.ofkk { "ofkk" } else { "standard" }.to_owned(),
            ),
        ]
    }
}

/// The unchecked serde form of [`Rules`].
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RulesSetup {
    seats: u8,
    #[serde(default)]
    first: Option<u8>,
    #[serde(default)]
    ply_limit: Option<u32>,
    /// The options below are written only when they differ from the default, so the
    /// default rules keep their RON form.
    #[serde(default, skip_serializing_if = "is_false")]
    clock: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    target: Option<u8>,
    #[serde(default, skip_serializing_if = "is_false")]
    undo_capture_allowed: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    ofkk: bool,
}

/// For `skip_serializing_if`.
fn is_false(value: &bool) -> bool {
    !*value
}

impl TryFrom<RulesSetup> for Rules {
    type Error = RulesError;
    fn try_from(setup: RulesSetup) -> Result<Self, RulesError> {
        let mut rules = Rules::default()
            .with_seats(usize::from(setup.seats))?
            .with_ply_limit(setup.ply_limit)
            .with_clock(setup.clock)
            .with_target(setup.target)?
            .with_capture_undo_allowed(setup.undo_capture_allowed)
            .with_ofkk(setup.ofkk);
        if let Some(first) = setup.first {
            rules.set_first(first)?;
        }
        Ok(rules)
    }
}

impl From<Rules> for RulesSetup {
    fn from(rules: Rules) -> Self {
        RulesSetup {
            seats: rules.seat_count(),
            first: rules.first,
            ply_limit: rules.ply_limit(),
            clock: rules.clock,
            target: rules.target,
            undo_capture_allowed: rules.capture_undo,
            ofkk: rules.ofkk,
        }
    }
}
