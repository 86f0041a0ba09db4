"""AlphaZero-style training on Ray: self-play workers anywhere, one learner here.

    python -m pyramid_games.learn GAME --out DIR [--hours H] [--generations N]
        [--workers W] [--threads T] [--address ADDR] [--resume] [--games N] [--iters N]
        [--steps N] [--max-plies P] [--channels C] [--blocks B] [--seed S]
        [--rule KEY=VALUE] [--opponent SPEC] [--eval-every N] [--eval-games N]

The learner (``Trainer``: the model, the replay buffer, the optimiser and the run's
directory) stays in this process, the driver. Each generation it sends the model (the
bytes of its file, put once in Ray's object store) to ``--workers`` Ray tasks; each task
plays its share of the generation's ``--games`` self-play games (``self_play``, without
the GIL, on ``--threads`` threads) and sends back its positions as the bytes of a replay
buffer. The learner adds them in worker order, takes ``--steps`` training steps, and
ends the generation: checkpoint, ``log.jsonl`` line, ``curve.svg``, and every
``--eval-every`` generations games against the ``--opponent`` bots, as ``pyrctl train``
does. The directory is the same as ``pyrctl train``'s, so either one can ``--resume`` a
run the other began.

Worker ``i`` of a generation plays from the seed ``worker_seed(trainer.next_seed, i)``,
so the same seed, settings and worker count give the same model wherever the workers
run. ADDR: none starts a local Ray instance (``--workers`` times ``--threads`` CPUs,
loopback only) and stops it at the end; ``auto`` joins the cluster this machine belongs
to; ``HOST:PORT`` or ``ray://HOST:PORT`` joins that one (as ``pyramid_games.tournament``).
See docs/learning.md.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Callable, List, Mapping, Optional, Sequence, Tuple

from ._native import InvalidModel, Trainer, self_play
from .tournament import start_ray

__all__ = ["InvalidModel", "Trainer", "self_play", "split_games", "train", "worker_seed"]

#: The opponent of ``pyrctl train`` when none is named.
DEFAULT_OPPONENT = "mcts:iters=200"

_MASK = (1 << 64) - 1


def worker_seed(seed: int, index: int) -> int:
    """The seed of worker ``index``'s games in a generation whose seed is ``seed``: a
    SplitMix64 step of ``seed`` and the index, so every worker plays different games."""
    z = (seed + (index + 1) * 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def split_games(games: int, workers: int) -> List[int]:
    """``games`` split over ``workers`` as evenly as can be, the first ones one more."""
    base, extra = divmod(games, workers)
    return [base + (1 if i < extra else 0) for i in range(workers)]


def self_play_task(game: str, options: Mapping[str, object], model: bytes, games: int,
                   seed: int, iterations: int, max_plies: int, threads: int,
                   seconds: Optional[float] = None) -> Tuple[bytes, int, int, int]:
    """A Ray task: ``games`` self-play games with ``model``, stopping after ``seconds``
    (the run's time left) with the games finished by then; ``self_play``'s answer."""
    return self_play(game, dict(options), model, games, seed, iterations, max_plies, threads,
                     seconds)


def train(
    game: str,
    out: str,
    *,
    hours: Optional[float] = None,
    generations: Optional[int] = None,
    workers: int = 2,
    games_per_generation: int = 32,
    iterations: int = 100,
    steps: int = 100,
    seed: int = 1,
    resume: bool = False,
    address: Optional[str] = None,
    options: Optional[Mapping[str, object]] = None,
    channels: int = 32,
    blocks: int = 2,
    max_plies: int = 200,
    threads: int = 1,
    opponents: Optional[Sequence[str]] = None,
    evaluate_every: int = 5,
    evaluation_games: int = 20,
    progress: Optional[Callable[[str], None]] = None,
) -> List[dict]:
    """Trains a model of ``game`` in directory ``out`` until ``hours`` (this run's time)
    or ``generations`` (in all, those before a resume included), self-play on ``workers``
    Ray tasks a generation, learning here. ``resume`` goes on from the run in ``out``.
    ``options`` are rule options (``{"seats": 3}``, ``{"size": 6}``); ``opponents`` bot
    specs the model is measured against every ``evaluate_every`` generations (0: never)
    and after the last (default ``mcts:iters=200``). ``progress`` is called with each
    generation's log line (JSON) as it is written. Returns the log lines of this run's
    generations, as dicts.

    Refused at once, before Ray starts: an unknown game (``UnknownGame``), bad rule
    options (``InvalidRules``), a bad opponent or setting (``ValueError``), a directory
    that already holds a run without ``resume`` (``FileExistsError``), a ``resume`` of
    one that holds none (``FileNotFoundError``), a model there of another game or rules
    (``InvalidModel``)."""
    if hours is None and generations is None:
        raise ValueError("train needs hours= or generations=")
    for name, value in [("workers", workers), ("threads", threads),
                        ("games_per_generation", games_per_generation),
                        ("iterations", iterations), ("max_plies", max_plies)]:
        if value < 1:
            raise ValueError(f"{name}={value}: at least 1")
    options = dict(options or {})
    trainer = Trainer(
        game, str(out), options=options, resume=resume, generations=generations,
        hours=hours, steps=steps, channels=channels, blocks=blocks, seed=seed,
        threads=threads,
        opponents=[DEFAULT_OPPONENT] if opponents is None else list(opponents),
        evaluate_every=evaluate_every, evaluation_games=evaluation_games,
        evaluation_iterations=iterations,
    )
    if trainer.finished():
        return []  # a resumed run already at its generation limit: no Ray needed
    import ray

    started = start_ray(address, workers * threads)
    try:
        remote = ray.remote(max_retries=5, retry_exceptions=False)(self_play_task)
        lines: List[dict] = []
        while not trainer.finished():
            begun = time.monotonic()
            model = ray.put(trainer.model_bytes())
            generation_seed = trainer.next_seed
            # The run's time limit reaches the workers: their games stop with it.
            seconds = trainer.seconds_left()
            refs = [
                remote.options(num_cpus=threads).remote(
                    game, options, model, count, worker_seed(generation_seed, i),
                    iterations, max_plies, threads, seconds)
                for i, count in enumerate(split_games(games_per_generation, workers))
                if count
            ]
            positions = plies = 0
            # In worker order, whatever order they finish in: the same buffer each time.
            for data, games, count, game_plies in ray.get(refs):
                trainer.add_positions(data, games)
                positions += count
                plies += game_plies
            trainer.self_played(positions, plies, time.monotonic() - begun)
            del model
            trainer.learn()
            line = trainer.end_generation()
            lines.append(json.loads(line))
            if progress is not None:
                progress(line)
    finally:
        if started:
            ray.shutdown()
    return lines


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="python -m pyramid_games.learn",
        description="AlphaZero-style training: self-play workers on Ray, one learner here "
                    "(the run's directory is pyrctl train's).",
    )
    parser.add_argument("game", help="the game (see `pyrctl games`)")
    parser.add_argument("--out", required=True, metavar="DIR",
                        help="the run's directory: model.safetensors, buffer.safetensors, "
                             "log.jsonl, curve.svg")
    parser.add_argument("--hours", type=float, help="stop after this many hours")
    parser.add_argument("--generations", type=int,
                        help="stop after this many generations in all")
    parser.add_argument("--resume", action="store_true",
                        help="go on from the model, buffer and generation in --out")
    parser.add_argument("--address", default=None,
                        help="Ray: none starts a local instance; `auto`, HOST:PORT or "
                             "`ray://host:port` joins a cluster")
    parser.add_argument("--workers", type=int, default=2,
                        help="self-play Ray tasks a generation (default 2)")
    parser.add_argument("--threads", type=int, default=1,
                        help="threads (and Ray CPUs) per worker task (default 1)")
    parser.add_argument("--games", type=int, default=32,
                        help="self-play games a generation, split over the workers (default 32)")
    parser.add_argument("--iters", type=int, default=100,
                        help="search iterations a self-play decision (default 100)")
    parser.add_argument("--steps", type=int, default=100,
                        help="training steps (batches of 64) a generation (default 100)")
    parser.add_argument("--max-plies", type=int, default=200,
                        help="plies after which a self-play game is cut off (default 200)")
    parser.add_argument("--channels", type=int, default=32,
                        help="channels of a new network (default 32)")
    parser.add_argument("--blocks", type=int, default=2,
                        help="residual blocks of a new network (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option of the game (repeatable)")
    parser.add_argument("--opponent", dest="opponents", action="append", metavar="SPEC",
                        help=f"a bot the model is measured against (repeatable; default "
                             f"{DEFAULT_OPPONENT})")
    parser.add_argument("--eval-every", type=int, default=5,
                        help="measure against the opponents every N generations (0: never)")
    parser.add_argument("--eval-games", type=int, default=20,
                        help="games against each opponent (default 20)")
    args = parser.parse_args(argv)
    if args.hours is None and args.generations is None:
        parser.error("--hours or --generations is needed")
    if args.hours is not None and not 0 < args.hours < 10_000:
        parser.error(f"--hours {args.hours}: a number of hours above 0")
    if args.generations is not None and args.generations < 1:
        parser.error("--generations must be at least 1")
    for name in ["workers", "threads", "games", "iters", "max_plies", "channels"]:
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    for name in ["steps", "blocks", "eval_every", "eval_games"]:
        if getattr(args, name) < 0:
            parser.error(f"--{name.replace('_', '-')} must not be negative")
    for rule in args.rule:
        if "=" not in rule:
            parser.error(f"--rule `{rule}` is not KEY=VALUE")
    return args


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command: 0 on success, 1 on a refused or failed run, 2 on a usage error."""
    args = parse_args(argv)
    try:
        lines = train(
            args.game, args.out, hours=args.hours, generations=args.generations,
            workers=args.workers, games_per_generation=args.games, iterations=args.iters,
            steps=args.steps, seed=args.seed, resume=args.resume, address=args.address,
            options=dict(rule.split("=", 1) for rule in args.rule),
            channels=args.channels, blocks=args.blocks, max_plies=args.max_plies,
            threads=args.threads, opponents=args.opponents, evaluate_every=args.eval_every,
            evaluation_games=args.eval_games, progress=print,
        )
    except (ValueError, OSError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    if lines:
        last = lines[-1]
        print(f"{args.game}: generation {last['generation']}, {last['games']} games, "
              f"{last['steps']} steps; model in {args.out}/model.safetensors")
    else:
        print(f"{args.game}: nothing to do, the run in {args.out} is finished")
    return 0


if __name__ == "__main__":
    sys.exit(main())
