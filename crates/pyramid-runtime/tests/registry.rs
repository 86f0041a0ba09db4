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

#[test]
fn az_is_a_bot_kind_exactly_when_learning_is_built_in() {
    let spec = "az:model=/no/such/model.safetensors,iters=5";
    let parsed = pyramid_runtime::parse_bot(spec);
    let game = pyramid_runtime::game("martian-chess").expect("a game");
    let error = game.bot(spec, 1).err().expect("no such model").to_string();
    if cfg!(feature = "learn") {
        assert_eq!(parsed.map(|s| s.to_string()), Ok(spec.to_owned()));
        assert!(error.contains("az:"), "{error}");
    } else {
        assert!(
            matches!(parsed, Err(pyramid_bots::SpecError::UnknownBot { .. })),
            "{parsed:?}"
        );
        assert!(error.contains("unknown bot `az`"), "{error}");
    }
    // The other bots are there either way.
    assert!(game.bot("mcts:iters=5", 1).is_ok());
}
