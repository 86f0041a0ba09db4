//! Writing your own bot: a one-ply greedy bot for any game, played against a random
//! bot with `arena::play_game`. The bot only sees its own seat's view.
//!
//!     cargo run --release --example custom_bot

use pyramid_games::core::arena::play_game;
use pyramid_games::core::prelude::*;
use pyramid_games::core::rand::SeedableRng;
use pyramid_games::core::{Bot, ChaCha8Rng, Outcome, RandomBot, Seat};
use pyramid_games::martian_chess::MartianChess;

/// Picks the action whose resulting state evaluates best for its own seat.
struct Greedy {
    rng: ChaCha8Rng,
}

impl<G: Information + Evaluate> Bot<G> for Greedy {
    fn name(&self) -> String {
        "greedy".into()
    }

    fn choose(&mut self, view: &G::View, seat: Seat) -> Option<G::Action> {
        // For perfect-information games the sample is the state itself.
        let state = G::sample_from_view(view, &mut self.rng);
        let mut best: Option<(f64, G::Action)> = None;
        state.for_each_action(|action| {
            let mut child = state.clone();
            child.play_unchecked(action);
            let score = match child.outcome() {
                Some(outcome) => 1e6 * (outcome.reward(seat) - 0.5),
                None => child.evaluate(seat),
            };
            if best.is_none_or(|(b, _)| score > b) {
                best = Some((score, action));
            }
        });
        best.map(|(_, action)| action)
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut greedy_wins = 0;
    let games = 200;
    for i in 0..games {
        let mut greedy = Greedy {
            rng: ChaCha8Rng::seed_from_u64(i),
        };
        let mut random = RandomBot::new(i);
        let start = MartianChess::new(&Default::default());
        // Alternate seats so neither bot always moves first.
        let greedy_seat = Seat((i % 2) as u8);
        let record = if greedy_seat == Seat(0) {
            play_game(start, &mut [&mut greedy, &mut random], Some(400))?
        } else {
            play_game(start, &mut [&mut random, &mut greedy], Some(400))?
        };
        if record.outcome() == Some(Outcome::Win(greedy_seat)) {
            greedy_wins += 1;
        }
    }
    println!("greedy won {greedy_wins} of {games} games against random");
    Ok(())
}
