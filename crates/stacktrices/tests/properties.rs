//! Property tests over random playouts: the conformance harness plus the game's own
//! invariants (every piece of the game is in exactly one stack or the store, always).

use proptest::prelude::*;
use pyramid_core::prelude::*;
use pyramid_core::{Game, Seat};
use pyramid_testkit::conformance::random_playout;
use stacktrices::{Base, Decision, Piece, Rules, Stack, Stacktrices};

fn invariants(state: &Stacktrices) {
    let pos = state.position();
    assert_eq!(
        state.piece_census().0,
        Piece::TOTALS,
        "piece census broken at `{pos}`"
    );
    let several = state.rules().variant2()
        && !matches!(state.decision(), Decision::SetupHide | Decision::Place);
    let mut per_side = [[0u8; 2]; 2];
    for (sq, st) in state.stacks() {
        let p = st.pieces();
        assert!(
            p.movement() > 0 || p.skills() == 0,
            "stranded skill piece on {sq} at `{pos}`"
        );
        assert!(
            several || p.movement() <= 1,
            "two movement pieces on {sq} at `{pos}`"
        );
        per_side[st.owner().index()][usize::from(st.base() == Base::Queen)] += 1;
    }
    for (side, bases) in per_side.iter().enumerate() {
        assert!(bases[0] <= 4 && bases[1] <= 3, "too many bases at `{pos}`");
        if let Some(t) = state.thief(Seat(side as u8)) {
            let st: Stack = state.stack(t).expect("thief on a stack");
            assert_eq!(st.base(), Base::Drone, "thief not under a drone at `{pos}`");
            assert_eq!(st.owner(), Seat(side as u8));
        }
    }
    // A view never holds the other side's thief, and samples are consistent with it.
    for seat in [Seat(0), Seat(1)] {
        let view = state.view(seat);
        assert_eq!(view.thief(), state.thief(seat));
        if let Some(t) = state.thief(Seat(1 - seat.0)) {
            assert!(
                view.candidates().contains(&t),
                "the true thief is not a candidate at `{pos}`"
            );
        }
    }
}

fn rules(start: &str, v1: bool, v2: bool) -> Rules {
    let mut r = Rules::default();
    pyramid_core::RuleSet::set_option(&mut r, "start", start).expect("start");
    r = r.with_variant1(v1);
    r = r.with_variant2(v2);
    r
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn standard_playouts_keep_every_piece(seed in any::<u64>()) {
        random_playout(Stacktrices::new(&rules("standard", false, false)), seed, 300, invariants);
    }

    #[test]
    fn setup_playouts_keep_every_piece(seed in any::<u64>()) {
        random_playout(Stacktrices::new(&rules("setup", false, false)), seed, 200, invariants);
    }

    #[test]
    fn variant_playouts_keep_every_piece(seed in any::<u64>(), v1 in any::<bool>(), v2 in any::<bool>()) {
        random_playout(Stacktrices::new(&rules("standard", v1, v2)), seed, 300, invariants);
    }
}
