"""Steps per second of random legal play: ``VectorEnv`` (Rust, one call per batch step,
actions from ``sample_legal``) against the PettingZoo AEC environment in a Python loop
(actions drawn from the mask with numpy), same machine, same run. Every step writes the
observation of the seat to act and its mask. The loops alternate, ``--rounds`` times per
game, and the table gives each one's median and the median of the rounds' ratios (one
thread against the loop), which holds better than single runs while other work loads the
machine. Results: docs/performance.md.

    python crates/pyramid-py/benches/vector_env.py [--seconds 2] [--rounds 3] [--games martian-chess,...]
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from statistics import median

import numpy as np

import pyramid_games as pg


def bench_vector(game: str, num_envs: int, threads: int, seconds: float, rules: dict) -> float:
    env = pg.VectorEnv(game, num_envs=num_envs, seed=1, threads=threads, **rules)
    env.reset()
    for _ in range(20):  # warm the buffers
        env.step(env.sample_legal())
    steps, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for _ in range(50):
            env.step(env.sample_legal())
        steps += 50 * num_envs
    return steps / elapsed


def bench_pettingzoo(game: str, seconds: float, rules: dict) -> float:
    from pyramid_games import pettingzoo

    env = pettingzoo.env(game, **rules)
    rng = np.random.default_rng(1)
    env.reset(seed=1)
    steps, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            if steps % 256 == 0 and time.perf_counter() - start >= seconds:
                break
        else:
            env.reset()
            continue
        break
    return steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--games", default=",".join(pg.games()))
    parser.add_argument("--num-envs", type=int, default=256)
    parser.add_argument("--rounds", type=int, default=3, help="alternations of the loops per game")
    args = parser.parse_args()
    rules = {"stacktrices": {"start": "standard"}}
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{args.rounds} rounds of {args.seconds} s, load average {os.getloadavg()[0]:.1f} at the start")
    print("| game | PettingZoo loop (steps/s) | VectorEnv 1 thread | VectorEnv 2 threads | speed-up (1 thread) |")
    print("|---|---:|---:|---:|---:|")
    for game in args.games.split(","):
        extra = rules.get(game, {})
        zoo, one, two = [], [], []
        for _ in range(max(1, args.rounds)):
            zoo.append(bench_pettingzoo(game, args.seconds, extra))
            one.append(bench_vector(game, args.num_envs, 1, args.seconds, extra))
            two.append(bench_vector(game, args.num_envs, 2, args.seconds, extra))
        ratio = median([o / z for o, z in zip(one, zoo)])
        print(f"| {game} | {median(zoo):,.0f} | {median(one):,.0f} | {median(two):,.0f} | {ratio:,.0f}x |", flush=True)


if __name__ == "__main__":
    main()
