"""Steps per second of random legal play: ``VectorEnv`` (Rust, one call per batch step,
actions from ``sample_legal``) against the PettingZoo AEC environment in a Python loop
(actions drawn from the mask with numpy), same machine, same run. Every step writes the
observation of the seat to act and its mask. Results: docs/performance.md.

    python crates/pyramid-py/benches/vector_env.py [--seconds 2] [--games martian-chess,...]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

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
    args = parser.parse_args()
    rules = {"stacktrices": {"start": "standard"}}
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print("| game | PettingZoo loop (steps/s) | VectorEnv 1 thread | VectorEnv 2 threads | speed-up (1 thread) |")
    print("|---|---:|---:|---:|---:|")
    for game in args.games.split(","):
        extra = rules.get(game, {})
        zoo = bench_pettingzoo(game, args.seconds, extra)
        one = bench_vector(game, args.num_envs, 1, args.seconds, extra)
        two = bench_vector(game, args.num_envs, 2, args.seconds, extra)
        print(f"| {game} | {zoo:,.0f} | {one:,.0f} | {two:,.0f} | {one / zoo:,.0f}x |", flush=True)


if __name__ == "__main__":
    main()
