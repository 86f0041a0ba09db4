//! Pinned perft counts.

use pyramid_core::{Game, perft};
use stacktrices::{Stacktrices, StacktricesRules};

#[test]
fn standard_arrangement_checkpoints() {
    let start = Stacktrices::new(&StacktricesRules::standard());
    assert_eq!(perft(&start, 1), 21);
    assert_eq!(perft(&start, 2), 1743);
    assert_eq!(perft(&start, 3), 36603);
}

#[test]
fn setup_phase_checkpoints() {
    let start = Stacktrices::new(&StacktricesRules::default());
    assert_eq!(perft(&start, 1), 4);
    assert_eq!(perft(&start, 2), 16);
    assert_eq!(perft(&start, 3), 336);
}
