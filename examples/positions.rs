//! Reading and writing positions: the one-line position string, the RON form, and the
//! typed errors for bad input (which leave nothing half-built).
//!
//!     cargo run --example positions

use pyramid_games::core::prelude::*;
use pyramid_games::core::{Game, PlayError};
use pyramid_games::martian_chess::MartianChess;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let rules = Default::default();
    let mut game =
        MartianChess::from_position("1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 0 0,0 - 0", &rules)?;
    game.play(game.parse_action("c2-d3")?)?;
    println!("after c2-d3: {}", game.position());

    // The RON form goes through an unvalidated setup and is checked on the way in.
    let ron_text = ron::to_string(&game)?;
    let back: MartianChess = ron::from_str(&ron_text)?;
    assert_eq!(back, game);
    println!("RON: {ron_text}");

    // Bad input gets a typed error that says what is wrong.
    for bad in [
        "1DQQ/1PDQ 0 0,0 - 0",
        "1DQQ/1PDQ/1PPD/4/4/DPP1/QDP1/QQD1 7 0,0 - 0",
        "nonsense",
    ] {
        match MartianChess::from_position(bad, &rules) {
            Ok(_) => println!("accepted?! {bad}"),
            Err(e) => println!("refused `{bad}`: {e}"),
        }
    }
    let before = game.clone();
    match game.parse_action("a1-a8") {
        Err(e @ PlayError::Illegal { .. }) => println!("refused: {e}"),
        other => println!("unexpected: {other:?}"),
    }
    assert_eq!(game, before, "a refused action leaves the state unchanged");
    Ok(())
}
