"""PPO on RLlib (its new API stack, PyTorch on CPU) learning a pyramid game by self-play.

    python crates/pyramid-py/examples/rllib_ppo.py [--game GAME] [--iterations N]
        [--address RAY_ADDRESS] [--opponent self] ...

The game's PettingZoo AEC environment (``pyramid_games.pettingzoo``) goes to RLlib through
RLlib's own ``PettingZooEnv`` wrapper. Every seat is played by one shared policy
(self-play), an ``ActionMaskingTorchRLModule`` of RLlib's action-masking example
(``ray.rllib.examples.rl_modules.classes.action_masking_rlm``): the observation is a dict
of ``observations`` and ``action_mask``, and the mask sets the logits of illegal steps to
the lowest float before the action distribution. The environment's own dict says
``observation`` and gives the mask as ``int8``; ``RLlibKeys`` below renames the one and
casts the other, nothing else.

One JSON line per training iteration on stdout: ``iteration``, ``episodes`` (finished in
this iteration), ``env_steps`` (decision steps sampled), ``episode_return_mean`` (RLlib's,
the sum over the seats: 0 in a zero-sum game but for draws), ``agent_return_mean`` (each
seat's mean return), ``episode_len_mean``, ``seconds``; every ``--eval-every`` iterations
(and after the last) ``vs_random``: the learned policy (greedy: the most likely legal
step) against ``pyramid_games.bot("random")`` over ``--eval-games`` games with seeds 0 to
N-1, the policy's seat rotating, as ``{"games", "wins", "draws", "losses", "win_rate"}``.

Ray: a local instance on loopback unless ``--address`` names a running cluster
(``ray start --head`` on one machine, ``ray start --address=HEAD:6379`` on the others,
then ``--address HEAD:6379``, or ``auto`` on a node of it); ``--env-runners`` sets how
many sampling actors run. docs/python.md, "RLlib".
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Optional

try:
    import numpy as np
except ImportError:  # said by check_installed
    np = None

POLICY = "shared"


def parse_args(argv: Optional[list[str]] = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="martian-chess")
    parser.add_argument("--players", type=int, default=None, help="seats (the game's first count by default)")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option (repeatable); ply_limit defaults to 1000")
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--address", default=None, help="a running Ray cluster (default: a local Ray on loopback)")
    parser.add_argument("--env-runners", type=int, default=1, help="sampling actors (0: sample in this process)")
    parser.add_argument("--batch-size", type=int, default=4000, help="decision steps sampled per iteration")
    parser.add_argument("--minibatch-size", type=int, default=500)
    parser.add_argument("--epochs", type=int, default=4, help="passes over each iteration's batch")
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--hidden", default="256,256", help="hidden layer sizes of the policy and value heads")
    parser.add_argument("--eval-every", type=int, default=5,
                        help="iterations between games against random (0: after the last only)")
    parser.add_argument("--eval-games", type=int, default=20, help="games against random (0: none)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.iterations < 1 or args.batch_size < 1 or args.minibatch_size < 1 or args.epochs < 1:
        parser.error("--iterations, --batch-size, --minibatch-size and --epochs are positive")
    if args.eval_games < 0 or args.eval_every < 0 or args.env_runners < 0:
        parser.error("--eval-games, --eval-every and --env-runners are not negative")
    try:
        args.rules = dict(r.split("=", 1) for r in args.rule)
        args.hidden_sizes = [int(h) for h in args.hidden.split(",")]
    except ValueError:
        parser.error("--rule is KEY=VALUE; --hidden is sizes separated by commas")
    return args


def make_env(config: dict):
    """The game's PettingZoo environment as RLlib takes it: ``PettingZooEnv`` around
    ``RLlibKeys`` around ``pyramid_games.pettingzoo.env``."""
    from pettingzoo.utils import BaseWrapper
    from gymnasium import spaces
    from ray.rllib.env.wrappers.pettingzoo_env import PettingZooEnv

    from pyramid_games import pettingzoo

    class RLlibKeys(BaseWrapper):
        """The observation dict under the keys of RLlib's action-masking module:
        ``observations`` (the row) and ``action_mask`` (as ``float32``)."""

        def __init__(self, env):
            super().__init__(env)
            self._spaces = {}
            for agent in env.possible_agents:
                inner = env.observation_space(agent)
                self._spaces[agent] = spaces.Dict({
                    "observations": inner["observation"],
                    "action_mask": spaces.Box(0.0, 1.0, inner["action_mask"].shape, np.float32),
                })

        def observation_space(self, agent):
            return self._spaces[agent]

        def observe(self, agent):
            obs = self.env.observe(agent)
            return {"observations": obs["observation"], "action_mask": obs["action_mask"].astype(np.float32)}

    env = pettingzoo.env(config["game"], players=config.get("players"), **config.get("rules", {}))
    return PettingZooEnv(RLlibKeys(env))


def ppo_config(args: argparse.Namespace):
    """PPO on the new API stack: one shared action-masking module for every seat."""
    from ray.rllib.algorithms.ppo import PPOConfig
    from ray.rllib.core.rl_module.multi_rl_module import MultiRLModuleSpec
    from ray.rllib.core.rl_module.rl_module import RLModuleSpec
    from ray.rllib.examples.rl_modules.classes.action_masking_rlm import ActionMaskingTorchRLModule
    from ray.tune.registry import register_env

    register_env("pyramid_games", make_env)
    return (
        PPOConfig()
        .api_stack(enable_rl_module_and_learner=True, enable_env_runner_and_connector_v2=True)
        .framework("torch")
        # RLlib's environment check steps with an action drawn from the whole action
        # space, which is illegal in almost every state: off (api_test and check_env cover
        # the environment, crates/pyramid-py/tests/test_rl.py).
        .environment(
            "pyramid_games",
            env_config={"game": args.game, "players": args.players, "rules": args.rules},
            disable_env_checking=True,
        )
        # A generous sample timeout: on a busy machine a sampler may take minutes.
        .env_runners(num_env_runners=args.env_runners, num_envs_per_env_runner=1,
                     num_cpus_per_env_runner=1, sample_timeout_s=600.0)
        .learners(num_learners=0, num_gpus_per_learner=0)
        .multi_agent(policies={POLICY}, policy_mapping_fn=lambda agent_id, episode, **kwargs: POLICY)
        .rl_module(
            rl_module_spec=MultiRLModuleSpec(rl_module_specs={
                POLICY: RLModuleSpec(
                    module_class=ActionMaskingTorchRLModule,
                    model_config={
                        "head_fcnet_hiddens": args.hidden_sizes,
                        "head_fcnet_activation": "relu",
                        "vf_share_layers": False,
                    },
                ),
            }),
        )
        .training(
            train_batch_size_per_learner=args.batch_size,
            minibatch_size=min(args.minibatch_size, args.batch_size),
            num_epochs=args.epochs,
            lr=args.lr,
            gamma=1.0,
        )
        .debugging(seed=args.seed)
    )


def greedy_step(module, obs: dict) -> int:
    """The learned policy's most likely legal step for one observation dict."""
    import torch
    from ray.rllib.core.columns import Columns

    batch = {Columns.OBS: {
        "observations": torch.from_numpy(obs["observation"][None, :]),
        "action_mask": torch.from_numpy(obs["action_mask"].astype(np.float32)[None, :]),
    }}
    with torch.no_grad():
        logits = module.forward_inference(batch)[Columns.ACTION_DIST_INPUTS][0].numpy()
    legal = np.flatnonzero(obs["action_mask"])
    return int(legal[np.argmax(logits[legal])])


def against_random(module, args: argparse.Namespace) -> dict:
    """The greedy policy against ``random`` over ``--eval-games`` seeded games, its seat
    rotating: wins, draws, losses and the win rate."""
    import pyramid_games as pg
    from pyramid_games import pettingzoo

    wins = draws = 0
    for game in range(args.eval_games):
        env = pettingzoo.raw_env(args.game, players=args.players, **args.rules)
        env.reset(seed=game)
        learner = env.possible_agents[game % len(env.possible_agents)]
        bot = pg.bot("random", seed=game)
        pending: list[int] = []  # the bot's remaining steps of its action under way
        for agent in env.agent_iter():
            obs, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if agent == learner:
                env.step(greedy_step(module, obs))
                continue
            if not pending:
                state = env.decisions.state
                pending = list(state.action_steps(bot.pick(state)))
            env.step(pending.pop(0))
        winner = info.get("winner")
        if winner is None:
            draws += 1
        elif env.possible_agents[winner] == learner:
            wins += 1
    games = args.eval_games
    return {"games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "win_rate": wins / games if games else None}


def init_ray(address: Optional[str]) -> None:
    import ray

    if address:
        ray.init(address=address, log_to_driver=False)
    else:
        ray.init(include_dashboard=False, log_to_driver=False, _node_ip_address="127.0.0.1")


def run(args: argparse.Namespace, out=sys.stdout) -> None:
    import ray
    import torch

    torch.set_num_threads(1)
    init_ray(args.address)
    algo = None
    try:
        algo = ppo_config(args).build_algo()
        for iteration in range(1, args.iterations + 1):
            start = time.perf_counter()
            result = algo.train()
            runners = result.get("env_runners", {})
            line = {
                "iteration": iteration,
                "episodes": int(_number(runners.get("num_episodes")) or 0),
                "env_steps": int(_number(runners.get("num_env_steps_sampled")) or 0),
                "episode_return_mean": _number(runners.get("episode_return_mean")),
                "agent_return_mean": {k: _number(v) for k, v in runners.get("agent_episode_returns_mean", {}).items()},
                "episode_len_mean": _number(runners.get("episode_len_mean")),
                "seconds": round(time.perf_counter() - start, 2),
            }
            due = iteration == args.iterations or (args.eval_every and iteration % args.eval_every == 0)
            if args.eval_games and due:
                line["vs_random"] = against_random(algo.get_module(POLICY), args)
            print(json.dumps(line), file=out, flush=True)
    finally:
        if algo is not None:
            algo.stop()
        ray.shutdown()


def _number(value) -> Optional[float]:
    """A metric as a float (None while RLlib has none: no episode ended yet)."""
    if value is None:
        return None
    value = float(value)
    return None if np.isnan(value) else round(value, 4)


def check_installed() -> None:
    """Exits with what to install when a package the example needs is missing."""
    missing = []
    for module, package in [("numpy", "numpy"), ("torch", "torch"), ("ray.rllib", "ray[rllib]"),
                            ("pettingzoo", "pettingzoo"), ("pyramid_games", "./crates/pyramid-py")]:
        try:
            __import__(module)
        except ImportError:
            missing.append(package)
    if missing:
        sys.exit(f"rllib_ppo.py needs: pip install {' '.join(repr(p) if '[' in p else p for p in missing)}"
                 " (PyTorch's CPU wheels: --index-url https://download.pytorch.org/whl/cpu)")


def main(argv: Optional[list[str]] = None) -> None:
    args = parse_args(argv)
    check_installed()
    run(args)


if __name__ == "__main__":
    main()
