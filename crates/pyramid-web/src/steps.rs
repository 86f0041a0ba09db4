//! [`StepsView`]: the legal actions of the viewer's decision as the game's decision steps,
//! each step in words with what of the board's picture the player clicks for it, so the
//! page composes every action by clicks with no code for one game.

use pyramid_core::StepMark;
use pyramid_core::dynamic::DynState;
use serde::Serialize;

/// One thing of the picture to click for a step: a square (`data-square`), a piece on it
/// (`data-piece`), or a piece of a tray under the board (`data-tray`, `data-piece`).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct MarkView {
    /// The square.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub square: Option<String>,
    /// The piece.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// The tray.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tray: Option<String>,
}

impl From<StepMark> for MarkView {
    fn from(mark: StepMark) -> MarkView {
        MarkView {
            square: mark.square,
            piece: mark.piece,
            tray: mark.tray,
        }
    }
}

/// One decision step that some legal action takes.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct StepView {
    /// Its index in the game's policy space.
    pub step: u32,
    /// Its text in the game's notation of steps.
    pub text: String,
    /// What it does, in words.
    pub words: String,
    /// What the player clicks for it, in order (none: a choice in words, a button).
    pub marks: Vec<MarkView>,
    /// A short word for its kind (`clone`, `capture`), written on its targets; empty: none.
    pub kind: String,
}

/// One legal action and its decision steps.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct ActionSteps {
    /// The action in the game's notation (what `POST /api/games/{id}/actions` takes).
    pub action: String,
    /// Its decision steps, in order, as positions in [`StepsView::steps`].
    pub steps: Vec<usize>,
}

/// The viewer's decision: every legal action as its steps, and every step they use.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct StepsView {
    /// Every legal action, in the order of `legal`.
    pub actions: Vec<ActionSteps>,
    /// Every step the actions take, each once.
    pub steps: Vec<StepView>,
}

impl StepsView {
    /// The legal actions of `state` (the viewer is to act) as decision steps. A step the
    /// game cannot describe is given its text alone.
    pub fn of(state: &dyn DynState) -> StepsView {
        let mut steps: Vec<StepView> = Vec::new();
        let mut index = std::collections::HashMap::new();
        let actions = state
            .legal_action_steps()
            .into_iter()
            .map(|(action, path)| {
                let steps = path
                    .into_iter()
                    .map(|step| {
                        *index.entry(step).or_insert_with(|| {
                            steps.push(step_view(state, step));
                            steps.len() - 1
                        })
                    })
                    .collect();
                ActionSteps { action, steps }
            })
            .collect();
        StepsView { actions, steps }
    }
}

/// One step in words, with its marks.
fn step_view(state: &dyn DynState, step: u32) -> StepView {
    let text = state.step_text(step).unwrap_or_default();
    let described = state.describe_step(step).unwrap_or_default();
    StepView {
        step,
        words: if described.words.is_empty() {
            text.clone()
        } else {
            described.words
        },
        text,
        marks: described.marks.into_iter().map(MarkView::from).collect(),
        kind: described.kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A Stacktrices trade at the trading post: White's a1 holds P and p, b1 D and d,
    /// d1 Q; the store holds the rest (the position of the game's policy tests).
    const TRADING: &str = "6,bqP/7/7/7/7/7/wdPp,wqDd,wd,wqQ,3 PPDDDQQpppdddqqq a1,- -,- trade 0 1";

    fn trading() -> Result<Box<dyn DynState>, Box<dyn std::error::Error>> {
        let registry = pyramid_runtime::registry();
        let game = registry.get("stacktrices")?;
        Ok(game.parse_position(TRADING, &[("start", "standard")])?)
    }

    #[test]
    fn every_legal_action_is_its_steps_and_the_steps_name_it_back()
    -> Result<(), Box<dyn std::error::Error>> {
        let state = trading()?;
        let view = StepsView::of(state.as_ref());
        assert_eq!(
            view.actions
                .iter()
                .map(|a| a.action.clone())
                .collect::<Vec<_>>(),
            state.legal_actions()
        );
        for action in &view.actions {
            let path: Vec<u32> = action.steps.iter().map(|&i| view.steps[i].step).collect();
            assert_eq!(
                state.steps_action(&path).as_deref(),
                Some(action.action.as_str())
            );
        }
        // Each step once.
        let mut seen: Vec<u32> = view.steps.iter().map(|s| s.step).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), view.steps.len());
        Ok(())
    }

    #[test]
    fn a_trade_takes_several_steps_each_naming_a_piece_or_a_store_piece_and_a_square()
    -> Result<(), Box<dyn std::error::Error>> {
        let state = trading()?;
        let view = StepsView::of(state.as_ref());
        let trade = view
            .actions
            .iter()
            .find(|a| a.action == "trade=D@b1,d@b1>Q@b1")
            .ok_or("the trade is legal")?;
        let steps: Vec<&StepView> = trade.steps.iter().map(|&i| &view.steps[i]).collect();
        assert_eq!(steps.len(), 5);
        // The drone given on b1: that piece on that square.
        assert_eq!(steps[0].words, "Give the drone on b1");
        assert_eq!(
            steps[0].marks,
            [MarkView {
                square: Some("b1".into()),
                piece: Some("D".into()),
                tray: None
            }]
        );
        // The end of the given pieces: words alone, a button.
        assert!(steps[2].marks.is_empty());
        // The queen taken: the store's Q, then b1.
        assert_eq!(
            steps[3].marks,
            [
                MarkView {
                    square: None,
                    piece: Some("Q".into()),
                    tray: Some("store".into())
                },
                MarkView {
                    square: Some("b1".into()),
                    piece: None,
                    tray: None
                }
            ]
        );
        assert!(steps[4].marks.is_empty());
        Ok(())
    }

    /// Whether the picture `svg` draws what `mark` names: the square, the piece on it
    /// (`data-piece` right after its `data-square`), or the tray's piece.
    fn drawn(svg: &str, mark: &MarkView) -> bool {
        match (&mark.square, &mark.piece, &mark.tray) {
            (_, Some(piece), Some(tray)) => {
                svg.contains(&format!(r#"data-tray="{tray}" data-piece="{piece}""#))
            }
            (Some(square), Some(piece), None) => {
                svg.contains(&format!(r#"data-square="{square}" data-piece="{piece}""#))
            }
            (Some(square), None, None) => svg.contains(&format!(r#"data-square="{square}""#)),
            _ => false,
        }
    }

    #[test]
    fn in_every_game_each_step_names_what_the_players_picture_draws()
    -> Result<(), Box<dyn std::error::Error>> {
        // Every game of the registry, none named: a page composing actions from the steps
        // finds each mark of each step in the picture the player to act is shown.
        let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = move |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let registry = pyramid_runtime::registry();
        let mut checked = 0;
        for game in registry.games() {
            let mut state = game.new_state(&[])?;
            for _ in 0..40 {
                let Some(seat) = state.to_act() else { break };
                let svg = state.svg(Some(seat))?;
                let view = StepsView::of(state.as_ref());
                for step in &view.steps {
                    assert!(
                        !step.words.is_empty(),
                        "{}: step {} has no words",
                        game.name(),
                        step.text
                    );
                    for mark in &step.marks {
                        assert!(
                            drawn(&svg, mark),
                            "{}: the mark {mark:?} of step {} is not in the picture",
                            game.name(),
                            step.text
                        );
                        checked += 1;
                    }
                }
                let legal = state.legal_actions();
                let action = legal[next(legal.len())].clone();
                state.play(&action)?;
            }
        }
        assert!(checked > 100, "{checked}");
        Ok(())
    }

    #[test]
    fn a_game_the_page_never_saw_gives_steps_in_words_the_page_offers_as_buttons()
    -> Result<(), Box<dyn std::error::Error>> {
        // Nim, hosted by a registry of its own: no word of it in the page or the server.
        // Its steps say their text and mark nothing, so each is a button in words.
        let mut registry = pyramid_core::dynamic::Registry::new();
        registry.add(pyramid_core::dynamic::GameEntry::<pyramid_core::nim::Nim>::boxed());
        let state = registry.get("nim")?.new_state(&[("piles", "1,2")])?;
        let view = StepsView::of(state.as_ref());
        assert_eq!(view.actions.len(), 3);
        for action in &view.actions {
            let [only] = action.steps[..] else {
                return Err("a Nim action is one step".into());
            };
            let step = &view.steps[only];
            assert_eq!(step.words, action.action);
            assert!(step.marks.is_empty());
        }
        Ok(())
    }
}
