//! A random engine in Rust speaking the pyramid-games engine protocol
//! (docs/protocol.md), written as an outside program would be: it reads commands on
//! standard input and answers on standard output, knowing the rules through the runtime
//! interface. Play it against our MCTS bot:
//!
//! ```text
//! cargo build --release --example random_engine
//! pyrctl match martian-chess --bot "ext:target/release/examples/random_engine" \
//!     --bot mcts:iters=200 --games 10
//! ```
//!
//! Copy it and replace `choose` with your own search.

use std::io::{self, BufRead, Write};

use pyramid_core::ChaCha8Rng;
use pyramid_core::dynamic::{DynState, Registry, borrowed_options};
use pyramid_core::rand::SeedableRng;
use pyramid_core::rand::seq::IndexedRandom;

/// The action to play in `state`: here, any legal one.
fn choose(state: &dyn DynState, rng: &mut ChaCha8Rng) -> Option<String> {
    state.legal_actions().choose(rng).cloned()
}

/// The engine's state between commands.
struct Engine {
    registry: &'static Registry,
    game: String,
    options: Vec<(String, String)>,
    seed: u64,
    rng: ChaCha8Rng,
    state: Option<Box<dyn DynState>>,
}

impl Engine {
    /// `newgame GAME [players=N] [seed=S] [key=value ...]`.
    fn new_game(&mut self, args: &[&str]) -> Result<(), String> {
        let (game, rest) = args.split_first().ok_or("newgame needs a game")?;
        self.game = (*game).to_owned();
        self.options.clear();
        self.seed = 0;
        for (key, value) in rest.iter().filter_map(|w| w.split_once('=')) {
            match key {
                "seed" => self.seed = value.parse().map_err(|_| "seed is not a number")?,
                "players" => self.options.push(("seats".into(), value.into())),
                _ => self.options.push((key.into(), value.into())),
            }
        }
        self.rng = ChaCha8Rng::seed_from_u64(self.seed);
        self.state = Some(self.start()?);
        Ok(())
    }

    /// The start position of the current game.
    fn start(&self) -> Result<Box<dyn DynState>, String> {
        let game = self.registry.get(&self.game).map_err(|e| e.to_string())?;
        game.new_state(&borrowed_options(&self.options))
            .map_err(|e| e.to_string())
    }

    /// `position startpos|POSITION|VIEW [moves A B ...]`.
    fn position(&mut self, args: &[&str]) -> Result<(), String> {
        let split = args
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(args.len());
        let text = args[..split].join(" ");
        let game = self.registry.get(&self.game).map_err(|e| e.to_string())?;
        let options = borrowed_options(&self.options);
        let mut state = if text.is_empty() || text == "startpos" {
            self.start()?
        } else {
            // A position string, or else a seat's view (the game hides something).
            game.parse_position(&text, &options)
                .or_else(|_| game.sample_from_view(&text, &options, self.seed))
                .map_err(|e| e.to_string())?
        };
        for action in args.iter().skip(split + 1) {
            state.play(action).map_err(|e| e.to_string())?;
        }
        self.state = Some(state);
        Ok(())
    }
}

fn main() -> io::Result<()> {
    let mut engine = Engine {
        registry: pyramid_games::registry(),
        game: std::env::args()
            .nth(1)
            .unwrap_or_else(|| "ataxx-ice".into()),
        options: Vec::new(),
        seed: 0,
        rng: ChaCha8Rng::seed_from_u64(0),
        state: None,
    };
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((command, args)) = words.split_first() else {
            continue;
        };
        let result = match *command {
            "pgi" => writeln!(
                out,
                "id name random-rust\nid author the pyramid-games examples\npgiok"
            )
            .map_err(|e| e.to_string()),
            "isready" => writeln!(out, "readyok").map_err(|e| e.to_string()),
            "newgame" => engine.new_game(args),
            "position" => engine.position(args),
            "go" => {
                if engine.state.is_none() {
                    engine.state = engine.start().ok();
                }
                let action = engine
                    .state
                    .as_deref()
                    .and_then(|s| choose(s, &mut engine.rng))
                    .unwrap_or_else(|| "none".into());
                writeln!(out, "bestaction {action}").map_err(|e| e.to_string())
            }
            "quit" => break,
            _ => Ok(()),
        };
        if let Err(error) = result {
            writeln!(out, "info string error: {error}")?;
        }
        out.flush()?;
    }
    Ok(())
}
