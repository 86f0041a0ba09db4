//! Plays one game of Martian Chess between two seeded random bots and prints every
//! action, the final board and the result.
//!
//!     cargo run --release --example random_game -- 42

use pyramid_games::core::arena::play_game;
use pyramid_games::core::prelude::*;
use pyramid_games::core::{Game, RandomBot};
use pyramid_games::martian_chess::MartianChess;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let seed: u64 = match std::env::args().nth(1) {
        Some(text) => text.parse()?,
        None => 42,
    };
    let start = MartianChess::new(&Default::default());
    let mut south = RandomBot::new(seed);
    let mut north = RandomBot::new(seed.wrapping_add(1));
    let record = play_game(start, &mut [&mut south, &mut north], Some(500))?;

    let moves: Vec<String> = record.actions.iter().map(ToString::to_string).collect();
    println!("{} plies: {}", moves.len(), moves.join(" "));
    print!("{}", record.end.diagram(None));
    match record.outcome() {
        Some(outcome) => println!("result: {outcome}"),
        None => println!("cut off after 500 plies"),
    }
    Ok(())
}
