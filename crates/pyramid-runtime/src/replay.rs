//! Record checks and the speed table, for a game chosen by name.

use std::time::Duration;

use pyramid_bots::{BenchRow, Record, verify};
use pyramid_core::FullGame;

use crate::Error;
use crate::games::{GameVisitor, visit};

/// Checks a record as a game of the type it names.
struct Verify<'a>(&'a Record);

impl GameVisitor for Verify<'_> {
    type Output = Result<(), Error>;

    fn visit<G: FullGame>(self) -> Self::Output {
        verify::<G>(self.0)?;
        Ok(())
    }
}

/// Re-plays a game record (a line of `pyrctl match --record`) as a game of the type its
/// `game` field names: every action must be legal and the stored result right.
///
/// ```
/// use pyramid_bots::Record;
/// let line = r#"{"game":"chess","rules":{"seats":2,"options":[]},"start":"","actions":[]}"#;
/// if let Ok(record) = Record::from_json(line) {
///     assert!(pyramid_runtime::verify_record(&record).is_err()); // no game `chess`
/// }
/// ```
pub fn verify_record(record: &Record) -> Result<(), Error> {
    visit(&record.game, Verify(record))?
}

/// Measures one game with its default rules.
struct Bench(Duration);

impl GameVisitor for Bench {
    type Output = BenchRow;

    fn visit<G: FullGame>(self) -> BenchRow {
        pyramid_bots::bench::<G>(&G::Rules::default(), self.0)
    }
}

/// The speed of game `name` on one thread, `budget` split between perft, random playouts
/// and MCTS: one row of `pyrctl bench` ([`pyramid_bots::bench`]).
pub fn bench(name: &str, budget: Duration) -> Result<BenchRow, Error> {
    Ok(visit(name, Bench(budget))?)
}
