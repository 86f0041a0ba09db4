//! The rule options: seat count, starting seat, optional ply limit.

use pyramid_core::{CommonRules, RuleSet, RulesError};
use serde::{Deserialize, Serialize};

#[cfg(doc)]
use pyramid_core::Game;

/// The rule options of Martian Chess.
///
/// The default is two seats, seat 0 first, no ply limit. Fields are private so that a
/// value always holds a valid combination (2 or 4 seats, a starting seat below the seat
/// count); the serde form is checked the same way.
///
/// ```
/// use martian_chess::MartianRules;
/// use pyramid_core::RuleSet;
/// let rules = MartianRules::default()
///     .with_seats(4)?
///     .with_option("first", "2")?
///     .with_ply_limit(Some(200));
/// assert_eq!((rules.seats(), rules.first(), rules.ply_limit()), (4, 2, Some(200)));
/// assert!(rules.with_seats(3).is_err());
/// # Ok::<(), pyramid_core::RulesError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RulesSetup", into = "RulesSetup")]
pub struct MartianRules {
    common: CommonRules,
    /// The starting seat; `None`: seat 0 in [`Game::new`], drawn at random by
    /// [`Game::deal`] (the seed's "who starts" draw, what matches use).
    first: Option<u8>,
}

impl Default for MartianRules {
    fn default() -> Self {
        MartianRules {
            common: CommonRules::new(2),
            first: None,
        }
    }
}

impl MartianRules {
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

    /// The seat count as a `u8`.
    #[inline(always)]
    pub(crate) fn seat_count(&self) -> u8 {
        self.common.seats() as u8
    }
}

impl RuleSet for MartianRules {
    const GAME: &'static str = "martian-chess";
    const SEAT_COUNTS: &'static [usize] = &[2, 4];
    const OPTIONS: &'static [(&'static str, &'static str)] = &[(
        "first",
        "the seat that moves first: `random` (drawn for each game of a match) or a seat number",
    )];

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
        vec![("first", first)]
    }
}

/// The unchecked serde form of [`MartianRules`].
#[derive(Clone, Debug, Serialize, Deserialize)]
struct RulesSetup {
    seats: u8,
    #[serde(default)]
    first: Option<u8>,
    #[serde(default)]
    ply_limit: Option<u32>,
}

impl TryFrom<RulesSetup> for MartianRules {
    type Error = RulesError;
    fn try_from(setup: RulesSetup) -> Result<Self, RulesError> {
        let mut rules = MartianRules::default()
            .with_seats(usize::from(setup.seats))?
            .with_ply_limit(setup.ply_limit);
        if let Some(first) = setup.first {
            rules.set_first(first)?;
        }
        Ok(rules)
    }
}

impl From<MartianRules> for RulesSetup {
    fn from(rules: MartianRules) -> Self {
        RulesSetup {
            seats: rules.seat_count(),
            first: rules.first,
            ply_limit: rules.ply_limit(),
        }
    }
}
