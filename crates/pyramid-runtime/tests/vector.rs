//! `VectorEnv`: determinism, masks against the runtime interface's legal steps, refused
//! steps, autoreset at the ply limit, and threads.

use pyramid_runtime::{Buffers, RuleOptions, VectorEnv, VectorError, registry};

fn env(game: &str, options: &RuleOptions, n: usize, seed: u64) -> (VectorEnv, Buffers) {
    let mut env = VectorEnv::new(game, options, n, seed).expect("a vector environment");
    let mut buffers = env.buffers();
    env.reset(Some(seed), buffers.outputs()).expect("reset");
    (env, buffers)
}

/// Random legal play for `steps` steps; the buffers after each step, concatenated.
fn play(env: &mut VectorEnv, buffers: &mut Buffers, steps: usize) -> Vec<f32> {
    let mut actions = vec![0; env.num_envs()];
    let mut trace = Vec::new();
    for _ in 0..steps {
        env.sample_legal(&mut actions).expect("sample");
        env.step(&actions, buffers.outputs()).expect("legal steps");
        trace.extend_from_slice(&buffers.observations);
        trace.extend_from_slice(&buffers.rewards);
        trace.extend(buffers.to_play.iter().map(|&s| s as f32));
    }
    trace
}

#[test]
fn masks_are_the_legal_steps_and_observations_the_seats() {
    for game in registry().names() {
        let (mut env, mut buffers) = env(game, &RuleOptions::new(), 3, 5);
        let (policy, row, tensor) = (env.policy_size(), env.observation_len(), env.tensor_len());
        for _ in 0..40 {
            for i in 0..env.num_envs() {
                let (state, prefix) = env.state(i).expect("a game");
                let mask = &buffers.masks[i * policy..(i + 1) * policy];
                let marked: Vec<u32> = (0..policy as u32).filter(|&s| mask[s as usize]).collect();
                assert_eq!(marked, state.legal_steps(&prefix), "{game}");
                let seat = state.to_act().expect("a seat to act");
                assert_eq!(buffers.to_play[i], seat.index() as i64);
                let observation = state.observation(seat).expect("observation");
                assert_eq!(
                    &buffers.observations[i * row..i * row + tensor],
                    &observation[..]
                );
            }
            play(&mut env, &mut buffers, 1);
        }
    }
}

#[test]
fn a_seed_gives_the_same_games_and_threads_change_nothing() {
    for game in ["martian-chess", "ataxx-ice"] {
        let options = RuleOptions::new();
        let (mut a, mut ba) = env(game, &options, 5, 11);
        let (b, mut bb) = env(game, &options, 5, 11);
        let mut b = b.with_threads(2);
        assert_eq!(
            play(&mut a, &mut ba, 60),
            play(&mut b, &mut bb, 60),
            "{game}"
        );
        a.reset(Some(11), ba.outputs()).expect("reset");
        let (_, fresh) = env(game, &options, 5, 11);
        assert_eq!(ba.observations, fresh.observations);
    }
}

#[test]
fn refused_steps_change_nothing() {
    let (mut env, mut buffers) = env("martian-chess", &RuleOptions::new(), 2, 3);
    let before = (
        env.state(0).expect("game").0.position(),
        buffers.observations.clone(),
    );
    let policy = env.policy_size() as i64;
    let illegal = (0..policy)
        .find(|&s| !buffers.masks[s as usize])
        .expect("an illegal step");
    let legal = (0..policy)
        .find(|&s| buffers.masks[(policy + s) as usize])
        .expect("a legal step");
    for (actions, want) in [
        (vec![illegal, legal], "Illegal"),
        (vec![-1, legal], "OutOfRange"),
        (vec![policy, legal], "OutOfRange"),
        (vec![legal], "WrongLength"),
    ] {
        let error = env.step(&actions, buffers.outputs()).expect_err("refused");
        assert!(format!("{error:?}").starts_with(want), "{error:?}");
        assert_eq!(env.state(0).expect("game").0.position(), before.0);
        assert_eq!(buffers.observations, before.1);
    }
    let mut short = env.buffers();
    short.rewards.pop();
    assert!(matches!(
        env.step(&[0, 0], short.outputs()),
        Err(VectorError::BufferSize {
            name: "rewards",
            ..
        })
    ));
    assert!(matches!(
        VectorEnv::new("martian-chess", &RuleOptions::new(), 0, 1),
        Err(VectorError::NoGames)
    ));
}

#[test]
fn games_start_again_in_the_same_step() {
    let mut options = RuleOptions::new();
    options.set_pair("ply_limit=6").expect("option");
    let (mut env, mut buffers) = env("card-siege", &options, 2, 9);
    let mut actions = vec![0; 2];
    let mut ends = 0;
    for step in 1..=20 {
        env.sample_legal(&mut actions).expect("sample");
        env.step(&actions, buffers.outputs()).expect("step");
        for i in 0..2 {
            let (state, _) = env.state(i).expect("game");
            if buffers.terminations[i] || buffers.truncations[i] {
                ends += 1;
                assert_eq!(state.plies(), 0, "the next game's start is written");
                if buffers.truncations[i] {
                    assert_eq!(buffers.rewards[i], 0.0);
                    assert!(buffers.returns[i * 2..i * 2 + 2].iter().all(|&r| r == 0.0));
                }
            } else {
                assert!(state.plies() > 0 && state.plies() < 6, "step {step}");
            }
        }
    }
    assert!(ends >= 4, "{ends} games ended");
}
