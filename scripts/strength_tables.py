#!/usr/bin/env python3
"""Reproduces a strength table of docs/bots.md and writes its JSON beside it.

    scripts/strength_tables.py TABLE [--games N] [--jobs N] [--pyrctl PATH] [--loaded-ok]
    scripts/strength_tables.py --list

Each table is a list of `pyrctl match` commands (printed as they run). The JSON,
docs/strength/TABLE.json (or --out DIR; TABLE.GAME.json with --game GAME), records every
command and its summary, the
commit, the machine (CPUs, model), its load average before and after, and the time
taken; the script prints the table in Markdown, with Wilson's 95% interval on each score
(a draw half a win).

Tables whose bots think by the clock (`ms=`) depend on the machine and its load: the
script refuses to start one while the machine is busy (a 1-minute load average above
0.5) unless --loaded-ok, and the JSON says how loaded it was. Tables of fixed budgets
(iterations, depth) reproduce anywhere from their seed.

pyrctl: --pyrctl, else $PYRCTL, else target/release/pyrctl (build it with
`cargo build --release -p pyrctl`).
"""

import argparse
import datetime
import json
import math
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GAMES = ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]


def value_net(game):
    return f"models/{game}.value.safetensors"


def model(game):
    return f"models/{game}.safetensors"


def match(game, bots, games, seed, max_plies=None, swap=True, players=None):
    """One `pyrctl match`: its arguments after `pyrctl match`."""
    args = [game]
    for bot in bots:
        args += ["--bot", bot]
    args += ["--games", str(games), "--seed", str(seed)]
    if max_plies is not None:
        args += ["--max-plies", str(max_plies)]
    if swap:
        args.append("--swap-seats")
    if players is not None:
        args += ["--players", str(players)]
    return args


def strength_rows(games):
    """The iteration-budget table ("Measured strength"): seed 1, ply limit 1000."""
    n = games or 100
    small = games or 50
    pairs = [
        ("martian-chess", ["greedy", "random"], n),
        ("martian-chess", ["mcts:iters=200", "random"], n),
        ("martian-chess", ["mcts:iters=200", "greedy"], n),
        ("martian-chess", ["mcts:iters=1000", "greedy"], n),
        ("martian-chess", ["mcts:iters=1000", "mcts:iters=200"], n),
        ("ataxx-ice", ["greedy", "random"], n),
        ("ataxx-ice", ["mcts:iters=200", "random"], small),
        ("ataxx-ice", ["mcts:iters=200", "greedy"], small),
        ("ataxx-ice", ["mcts:iters=1000", "greedy"], small),
        ("ataxx-ice", ["mcts:iters=1000", "mcts:iters=200"], small),
        ("card-siege", ["greedy", "random"], n),
        ("card-siege", ["mcts:iters=200", "random"], small),
        ("card-siege", ["mcts:iters=200", "greedy"], small),
        ("card-siege", ["mcts:iters=1000", "greedy"], small),
        ("card-siege", ["mcts:iters=1000", "mcts:iters=200"], small),
        ("stacktrices", ["greedy", "random"], n),
        ("stacktrices", ["mcts:iters=30,playout=10", "random"], games or 20),
        ("stacktrices", ["mcts:iters=30,playout=10", "greedy"], games or 20),
        ("stacktrices", ["mcts:iters=100,playout=10", "greedy"], games or 20),
        ("stacktrices", ["mcts:iters=100,playout=10", "mcts:iters=30,playout=10"], games or 20),
    ]
    rows = [match(g, bots, count, seed=1, max_plies=1000) for g, bots, count in pairs]
    more_seats = [
        ("martian-chess", 4, ["mcts:iters=200", "greedy", "random", "random"], games or 40),
        ("ataxx-ice", 3, ["mcts:iters=200", "random", "random"], games or 30),
        ("ataxx-ice", 4, ["mcts:iters=1000", "greedy", "random", "random"], games or 40),
    ]
    rows += [match(g, bots, count, seed=1, max_plies=1000, players=seats)
             for g, seats, bots, count in more_seats]
    return rows


def ladder_rows(games):
    """The Elo ladder at 10 ms a move: a round robin per game, seed 2026."""
    rows = []
    for game in GAMES:
        bots = ["random", "greedy", "mcts:ms=10"]
        if game == "stacktrices":
            bots.append("ismcts:ms=10")
        bots.append("ab:ms=10")
        rows.append(match(game, bots, games or 200, seed=2026, swap=False))
    return rows


def learned_depth_rows(games):
    """`ab:model` (each game's value net) against `ab` at the same fixed depth: the
    same tree, its leaves valued by the net or by the hand-written evaluation; seed
    2026, games cut off at 300 plies. Reproduces on any machine."""
    return [
        match(game, [f"ab:model={value_net(game)},depth=3", "ab:depth=3"], games or 200,
              seed=2026, max_plies=300)
        for game in GAMES
    ]


def learned_mcts_rows(games):
    """`ab:model` at 20 ms a move against `mcts:ms=20`, seed 2026."""
    return [
        match(game, [f"ab:model={value_net(game)},ms=20", "mcts:ms=20"], games or 200,
              seed=2026)
        for game in GAMES
    ]


def learned_ab_rows(games):
    """`ab:model` against `ab`, both at 100 ms a move, seed 2026, cut off at 300 plies."""
    return [
        match(game, [f"ab:model={value_net(game)},ms=100", "ab:ms=100"], games or 200,
              seed=2026, max_plies=300)
        for game in GAMES
    ]


def az_rows(games):
    """`az` at 20 ms against `mcts:ms=20`, and at 100 ms against `ab:ms=100`."""
    rows = [
        match(game, [f"az:model={model(game)},ms=20", "mcts:ms=20"], games or 200, seed=2026)
        for game in GAMES
    ]
    rows += [
        match(game, [f"az:model={model(game)},ms=100", "ab:ms=100"], games or 200,
              seed=2026, max_plies=300)
        for game in ["martian-chess", "card-siege"]
    ]
    return rows


TABLES = {
    "strength": (strength_rows, "iteration budgets against each other (Measured strength)"),
    "ladder": (ladder_rows, "the Elo ladder at 10 ms a move"),
    "learned-depth": (learned_depth_rows, "ab:model against ab at depth 3 (fixed budget)"),
    "learned-mcts": (learned_mcts_rows, "ab:model against mcts, 20 ms a move"),
    "learned-ab": (learned_ab_rows, "ab:model against ab, 100 ms a move"),
    "az": (az_rows, "az against mcts (20 ms) and ab (100 ms)"),
}


def is_timed(rows):
    return any("ms=" in arg for row in rows for arg in row)


def wilson(score, n, z=1.96):
    """Wilson's 95% interval on a score (a proportion of n games)."""
    if n == 0:
        return (0.0, 1.0)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def machine():
    model_name = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    model_name = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return {"cpus": os.cpu_count(), "model": model_name, "system": platform.platform()}


def commit():
    def git(*args):
        return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    head = git("rev-parse", "HEAD")
    dirty = bool(git("status", "--porcelain", "--untracked-files=no"))
    return head + ("-dirty" if dirty else "")


def markdown(results):
    lines = [
        "| game | bots | games | W-D-L of the first | score | 95% | mean plies |",
        "|---|---|---|---|---|---|---|",
    ]
    for result in results:
        summary = result["summary"]
        bots = summary["bots"]
        first = bots[0]
        n = first["games"]
        low, high = wilson(first["score"], n)
        names = " vs ".join(f"`{b['bot']}`" for b in bots)
        game = summary["game"] if summary["seats"] == 2 else f"{summary['game']} ({summary['seats']} seats)"
        if len(bots) > 2 and not summary.get("round_robin"):
            lines.append(
                f"| {game} | {names} | {n} | {first['wins']}-{first['draws']}-{first['losses']} "
                f"| " + " / ".join(f"{100 * b['score']:.1f}%" for b in bots)
                + f" | {100 * low:.0f}% to {100 * high:.0f}% (first) | {summary['average_plies']:.1f} |"
            )
            continue
        if len(bots) > 2:
            lines.append(
                f"| {game} | {names} (round robin) | {summary['games']} | see JSON | "
                + " / ".join(f"{100 * b['score']:.1f}%" for b in bots)
                + f" | - | {summary['average_plies']:.1f} |"
            )
            continue
        lines.append(
            f"| {game} | {names} | {n} | {first['wins']}-{first['draws']}-{first['losses']} "
            f"| {100 * first['score']:.1f}% | {100 * low:.0f}% to {100 * high:.0f}% "
            f"| {summary['average_plies']:.1f} |"
        )
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("table", nargs="?", choices=sorted(TABLES))
    parser.add_argument("--list", action="store_true", help="list the tables and stop")
    parser.add_argument("--games", type=int, help="games a row (default: the table's)")
    parser.add_argument("--jobs", type=int, default=2, help="match threads (default 2)")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="only this game's rows (repeatable; default: every game)")
    parser.add_argument("--pyrctl", help="the pyrctl binary")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "strength"))
    parser.add_argument("--loaded-ok", action="store_true",
                        help="run a timed table on a busy machine (the JSON records the load)")
    args = parser.parse_args()
    if args.list or not args.table:
        for name, (rows, about) in TABLES.items():
            kind = "timed" if is_timed(rows(None)) else "fixed budgets"
            print(f"{name:14} {about} ({kind})")
        return 0
    if args.games is not None and args.games < 1:
        parser.error("--games must be at least 1")
    pyrctl = args.pyrctl or os.environ.get("PYRCTL") or os.path.join(ROOT, "target", "release", "pyrctl")
    if not os.access(pyrctl, os.X_OK):
        parser.error(f"no pyrctl at {pyrctl}: build it (cargo build --release -p pyrctl) or give --pyrctl")
    rows, about = TABLES[args.table]
    rows = [row for row in rows(args.games) if not args.game or row[0] in args.game]
    timed = is_timed(rows)
    load_before = os.getloadavg()
    if timed and load_before[0] > 0.5 and not args.loaded_ok:
        print(f"the machine is busy (load average {load_before[0]:.2f}): a timed table needs an "
              "idle machine (or --loaded-ok, recorded in the JSON)", file=sys.stderr)
        return 1
    started = time.time()
    at_commit = commit()
    results = []
    with tempfile.TemporaryDirectory() as scratch:
        for i, row in enumerate(rows):
            summary_file = os.path.join(scratch, f"{i}.json")
            command = [pyrctl, "match", *row, "--jobs", str(args.jobs), "--json", summary_file]
            shown = "pyrctl match " + " ".join(shlex.quote(a) for a in row) + f" --jobs {args.jobs}"
            print(f"[{i + 1}/{len(rows)}] {shown}", file=sys.stderr, flush=True)
            row_start = time.time()
            subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
            with open(summary_file) as f:
                summary = json.load(f)
            results.append({"command": shown, "seconds": round(time.time() - row_start, 1),
                            "summary": summary})
    record = {
        "table": args.table,
        "about": about,
        "timed": timed,
        "commit": at_commit,
        "machine": machine(),
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "started": datetime.datetime.fromtimestamp(started, datetime.timezone.utc).isoformat(timespec="seconds"),
        "seconds": round(time.time() - started, 1),
        "jobs": args.jobs,
        "command": "scripts/strength_tables.py " + args.table
        + (f" --games {args.games}" if args.games else "")
        + "".join(f" --game {game}" for game in args.game or [])
        + f" --jobs {args.jobs}",
        "results": results,
    }
    os.makedirs(args.out, exist_ok=True)
    # Some games' rows only: a file of their own, beside the whole table's.
    games = "".join(f".{game}" for game in args.game or [])
    out = os.path.join(args.out, f"{args.table}{games}.json")
    with open(out, "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    print(markdown(results))
    print(f"\n{record['command']}: commit {record['commit']}, {record['machine']['cpus']} CPUs "
          f"({record['machine']['model']}), load {record['load_average_before'][0]:.2f} before and "
          f"{record['load_average_after'][0]:.2f} after, {record['seconds']:.0f} s; JSON in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
