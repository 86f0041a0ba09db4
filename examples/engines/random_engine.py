#!/usr/bin/env python3
"""A random engine in Python speaking the pyramid-games engine protocol (docs/protocol.md).

It knows the rules through the `pyramid_games` package (pip install ./crates/pyramid-py)
and answers `go` with a uniformly random legal action. Play it against our MCTS bot:

    pyrctl match ataxx-ice --bot "ext:python3 examples/engines/random_engine.py" \
        --bot mcts:iters=200 --games 10

Copy it and replace `choose` with your own search.
"""

import random
import sys

import pyramid_games as pg


def choose(state, rng):
    """The action to play in `state`: here, any legal one."""
    return rng.choice(state.legal_actions())


def key_values(words):
    """`players=2 seed=7 size=6` as a dict (words without `=` are skipped)."""
    return dict(word.split("=", 1) for word in words if "=" in word)


class Engine:
    """The engine's state between commands: the game, its rules, the position."""

    def __init__(self, game):
        self.game = game
        self.players = None
        self.rules = {}
        self.rng = random.Random(0)
        self.seed = 0
        self.state = None

    def newgame(self, args):
        self.game = args[0]
        options = key_values(args[1:])
        self.seed = int(options.pop("seed", "0"))
        self.rng = random.Random(self.seed)
        self.players = int(options.pop("players")) if "players" in options else None
        self.rules = options
        self.state = pg.new_game(self.game, players=self.players, rules=self.rules)

    def position(self, args):
        moves = args.index("moves") if "moves" in args else len(args)
        text = " ".join(args[:moves])
        if text in ("", "startpos"):
            state = pg.new_game(self.game, players=self.players, rules=self.rules)
        else:
            try:
                state = pg.from_position(self.game, text, self.players, self.rules)
            except pg.InvalidPosition:
                # A seat's view (the game hides something): any state consistent with it.
                state = pg.sample_from_view(self.game, text, self.rules, self.seed)
        for action in args[moves + 1:]:
            state.play(action)
        self.state = state

    def go(self):
        if self.state is None:
            self.state = pg.new_game(self.game, players=self.players, rules=self.rules)
        if self.state.is_over():
            return "none"
        return choose(self.state, self.rng)


def main():
    engine = Engine(sys.argv[1] if len(sys.argv) > 1 else "ataxx-ice")
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command, args = words[0], words[1:]
        try:
            if command == "pgi":
                print("id name random-python")
                print("id author the pyramid-games examples")
                print("pgiok")
            elif command == "isready":
                print("readyok")
            elif command == "newgame":
                engine.newgame(args)
            elif command == "position":
                engine.position(args)
            elif command == "go":
                print("bestaction " + engine.go())
            elif command == "quit":
                break
        except (ValueError, IndexError) as error:
            print(f"info string error: {error}")
            if command == "go":
                print("bestaction none")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
