//! The registry: built once, every game in it.

use pyramid_core::dynamic::RuntimeError;

#[test]
fn the_registry_is_built_once_and_shared() {
    let first = pyramid_runtime::registry();
    let second = pyramid_runtime::registry();
    assert!(std::ptr::eq(first, second));
    assert_eq!(
        first.names(),
        ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]
    );
}

#[test]
fn a_wrong_game_name_is_a_typed_error_with_a_suggestion() {
    match pyramid_runtime::game("ataxx-ic") {
        Err(RuntimeError::UnknownGame { suggestion, .. }) => {
            assert_eq!(suggestion.as_deref(), Some("ataxx-ice"));
        }
        other => panic!(
            "expected an unknown game, got {:?}",
            other.map(|g| g.name())
        ),
    }
}

#[test]
fn bench_refuses_an_unknown_game() {
    let budget = std::time::Duration::from_millis(1);
    assert!(matches!(
        pyramid_runtime::bench("chess", budget),
        Err(pyramid_runtime::Error::Runtime(
            RuntimeError::UnknownGame { .. }
        ))
    ));
}
