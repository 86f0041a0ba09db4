"""Matches and round robins on a Ray cluster, identical to ``pyrctl match``.

    python -m pyramid_games.tournament GAME --bot SPEC --bot SPEC [--bot SPEC ...]
        --games N --seed S [--players N] [--max-plies P] [--swap-seats] [--rule K=V]
        [--record FILE] [--json FILE] [--address ADDR] [--workers W]
        [--shard-size K] [--jobs J] [--resume] [--force]

The games are cut into shards of ``--shard-size`` consecutive game numbers; each shard
is one Ray task, which plays its games through the Rust match runner (``Match.play``,
without the GIL). Every game depends on the seed and its number alone, so the records
and the summary are byte for byte those of ``pyrctl match`` with the same arguments,
whatever the shard size, the number of workers or the order shards finish in.

Records are written in game order as shards finish (later shards wait in memory for
earlier ones) and flushed game by game, so a killed run keeps every game it wrote.
``--resume`` checks the games already in the record file (each must be that game of
this match, and must replay), drops a half-written last line (only if it is the start of
the next game's record), and plays only the rest; it refuses, leaving the file as it
is, anything else (see ``resume_records``).

ADDR: none starts a local Ray instance (``--workers`` CPUs, loopback only) and stops it
at the end; ``auto`` joins the cluster this machine belongs to; ``ray://HOST:PORT`` joins
one through Ray Client. See docs/distributed.md.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Dict, List, Optional, Sequence, TextIO, Tuple

import pyramid_games as pg

DEFAULT_SHARD_SIZE = 10


def parse_args(argv: Optional[Sequence[str]] = None) -> argparse.Namespace:
    """The command line."""
    parser = argparse.ArgumentParser(
        prog="python -m pyramid_games.tournament",
        description="Bot matches and round robins on Ray, identical to `pyrctl match`.",
    )
    parser.add_argument("game", help="the game (see `pyrctl games`)")
    parser.add_argument(
        "--bot", dest="bots", action="append", default=[], metavar="SPEC",
        help="a bot: one per seat, one for every seat, or three or more for a round robin",
    )
    parser.add_argument("--games", type=int, default=100,
                        help="games (a pairing's, in a round robin); default 100")
    parser.add_argument("--seed", type=int, default=0, help="the match seed; default 0")
    parser.add_argument("--players", type=int, help="number of seats")
    parser.add_argument("--max-plies", type=int, help="ply limit per game (default 1000)")
    parser.add_argument("--swap-seats", action="store_true",
                        help="rotate the bots over the seats game by game")
    parser.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                        help="a rule option of the game (repeatable)")
    parser.add_argument("--record", metavar="FILE.jsonl",
                        help="write every game as one JSON line")
    parser.add_argument("--json", metavar="FILE.json", help="also write the summary as JSON")
    parser.add_argument("--address", default=None,
                        help="Ray: none starts a local instance; `auto` or `ray://host:port`")
    parser.add_argument("--workers", type=int, default=None,
                        help="CPUs of a local Ray instance (default: all)")
    parser.add_argument("--shard-size", type=int, default=DEFAULT_SHARD_SIZE,
                        help=f"games per Ray task (default {DEFAULT_SHARD_SIZE})")
    parser.add_argument("--jobs", type=int, default=1,
                        help="threads per Ray task (default 1)")
    parser.add_argument("--resume", action="store_true",
                        help="keep the checked games of --record FILE and play the rest")
    parser.add_argument("--force", action="store_true",
                        help="overwrite an existing --record file")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.shard_size < 1:
        parser.error("--shard-size must be at least 1")
    if args.max_plies is not None and args.max_plies < 1:
        parser.error("--max-plies must be at least 1")
    if args.resume and not args.record:
        parser.error("--resume needs --record FILE")
    for rule in args.rule:
        if "=" not in rule:
            parser.error(f"--rule `{rule}` is not KEY=VALUE")
    return args


def match_kwargs(args: argparse.Namespace) -> Dict[str, object]:
    """The arguments of ``pyramid_games.Match`` (plain values, sent to every Ray task)."""
    return {
        "name": args.game,
        "bots": list(args.bots),
        "games": args.games,
        "seed": args.seed,
        "players": args.players,
        "rules": dict(rule.split("=", 1) for rule in args.rule),
        "max_plies": args.max_plies,
        "swap_seats": args.swap_seats,
    }


def shards(first: int, total: int, size: int) -> List[range]:
    """Game numbers ``first..total`` cut into ranges of ``size``."""
    return [range(start, min(start + size, total)) for start in range(first, total, size)]


def play_shard(kwargs: Dict[str, object], first: int, count: int, jobs: int) -> List[str]:
    """A Ray task: the records of games ``first..first + count``."""
    return pg.Match(**kwargs).play(first, count, jobs)


class TournamentError(Exception):
    """A run that cannot go on: a record file that does not fit, a failed task."""


#: The longest line ``--resume`` reads (64 MiB): a longer one is not a record, and the
#: file is refused without being read any further.
MAX_RECORD_LINE = 64 * 1024 * 1024

_ACTIONS = b'"actions":['


def _ending_name(ending: bytes) -> str:
    return "\\r\\n" if ending == b"\r\n" else "\\n"


def resume_records(match: pg.Match, path: str) -> Tuple[List[str], bytes]:
    """The games already in ``path``, checked, and the file's line ending (``\\n``, or
    ``\\r\\n`` for a file whose lines all end so).

    The file is read line by line (split at ``\\n`` only), each line at most
    ``MAX_RECORD_LINE`` bytes. Every complete line must be the record of that game of
    this match (``Match.check``); all must end alike. A last line without its ``\\n``
    (a run killed while writing it) is cut off only if it is the start of the next
    game's record as this match writes it (the whole line when it is shorter than the
    part before the actions, which do not depend on the bots' timing). Anything else
    raises ``TournamentError`` and leaves the file as it was.
    """
    if not os.path.isfile(path):
        raise TournamentError(f"{path} is not a regular file: not a record file to resume")
    total = match.total_games
    records: List[str] = []
    ending: Optional[bytes] = None
    complete = 0
    partial = b""
    with open(path, "rb") as f:
        while True:
            raw = f.readline(MAX_RECORD_LINE + 1)
            if not raw:
                break
            number = len(records) + 1
            if not raw.endswith(b"\n"):
                if len(raw) > MAX_RECORD_LINE:
                    raise TournamentError(
                        f"{path}, line {number}: longer than {MAX_RECORD_LINE} bytes, "
                        "not a game record"
                    )
                partial = raw
                break
            this = b"\r\n" if raw.endswith(b"\r\n") else b"\n"
            if ending is None:
                ending = this
            elif this != ending:
                raise TournamentError(
                    f"{path}, line {number}: ends in {_ending_name(this)} but the lines "
                    f"before it in {_ending_name(ending)}"
                )
            if len(records) >= total:
                raise TournamentError(
                    f"{path} holds more than the {total} games of this match"
                )
            try:
                line = raw[: -len(this)].decode("utf-8")
            except UnicodeDecodeError as error:
                raise TournamentError(
                    f"{path}, line {number}: not UTF-8, not a game record"
                ) from error
            try:
                match.check(len(records), line)
            except ValueError as error:
                raise TournamentError(f"{path}, line {number}: {error}") from error
            records.append(line)
            complete += len(raw)
    if partial:
        _check_partial(match, path, len(records), partial)
        with open(path, "r+b") as f:
            f.truncate(complete)
    return records, ending or b"\n"


def _check_partial(match: pg.Match, path: str, index: int, partial: bytes) -> None:
    """Refuses a half-written last line unless it starts game ``index``'s record."""
    number = index + 1
    if index >= match.total_games:
        raise TournamentError(
            f"{path}, line {number}: a line after the last game of this match"
        )
    if partial.endswith(b"\r"):
        partial = partial[:-1]
    expected = match.play(index, 1, 1)[0].encode("utf-8")
    head = expected.find(_ACTIONS)
    head = len(expected) if head < 0 else head + len(_ACTIONS)
    agreed = 0
    for a, b in zip(partial, expected):
        if a != b:
            break
        agreed += 1
    if agreed < min(len(partial), head):
        raise TournamentError(
            f"{path}, line {number}: a last line without its newline that is not the start "
            f"of game {index}'s record; remove it by hand if the file is this match's"
        )


def start_ray(address: Optional[str], workers: Optional[int]) -> bool:
    """Connects to Ray; returns whether this call started (and must stop) it."""
    import ray

    if ray.is_initialized():
        return False
    if address in (None, "", "none"):
        ray.init(
            num_cpus=workers,
            include_dashboard=False,
            log_to_driver=False,
            _node_ip_address="127.0.0.1",
        )
    else:
        ray.init(address=address, log_to_driver=False)
    return True


def run(args: argparse.Namespace, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> None:
    """Plays the match on Ray and writes the summary (and records) as pyrctl does."""
    import ray

    kwargs = match_kwargs(args)
    match = pg.Match(**kwargs)
    total = match.total_games
    records: List[str] = []
    newline = b"\n"
    if args.record and os.path.exists(args.record):
        if args.resume:
            records, newline = resume_records(match, args.record)
            print(f"resuming: {len(records)} of {total} games already in {args.record}",
                  file=err)
        elif not args.force:
            raise TournamentError(
                f"`{args.record}` exists: give --resume to finish it, or --force to overwrite it"
            )
        else:
            open(args.record, "w").close()
    started = start_ray(args.address, args.workers)
    try:
        remote = ray.remote(max_retries=5, retry_exceptions=False)(play_shard)
        begun = time.monotonic()
        pending = {
            remote.remote(kwargs, r.start, len(r), args.jobs): r.start
            for r in shards(len(records), total, args.shard_size)
        }
        finished: Dict[int, List[str]] = {}
        writer = open(args.record, "ab") if args.record else None
        try:
            while pending:
                ready, _ = ray.wait(list(pending), num_returns=1)
                for ref in ready:
                    finished[pending.pop(ref)] = ray.get(ref)
                while len(records) in finished:
                    for line in finished.pop(len(records)):
                        records.append(line)
                        if writer:
                            writer.write(line.encode("utf-8") + newline)
                            writer.flush()
                print(f"{len(records)}/{total} games", file=err)
        finally:
            if writer:
                writer.close()
        elapsed = time.monotonic() - begun
    finally:
        if started:
            ray.shutdown()
    out.write(match.summary(records))
    if args.record:
        out.write(f"records: {args.record}\n")
    out.flush()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            f.write(match.summary_json(records) + "\n")
    print(f"time: {elapsed:.2f} s on Ray", file=err)


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The command: 0 on success, 1 on a refused run, 2 on a usage error."""
    args = parse_args(argv)
    try:
        run(args)
    except (TournamentError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
