"""Calls that release the GIL (perft, divide, Bot.pick) work on a copy of the state, so
another thread may play the same state meanwhile (issue 29: it raised
`RuntimeError: Already borrowed`)."""

import threading

import pyramid_games as pg

# Deep enough that the count is still running when the other thread plays.
DEPTH = 6


def run_while_playing(state, call):
    """Runs ``call()`` on a thread and plays ``state`` on this one until it returns;
    returns the call's result and the number of actions played meanwhile."""
    started = threading.Event()
    result = {}

    def work():
        started.set()
        try:
            result["value"] = call()
        except Exception as error:  # noqa: BLE001 - reported by the caller
            result["error"] = error

    worker = threading.Thread(target=work)
    worker.start()
    started.wait()
    played = 0
    try:
        while worker.is_alive() and not state.is_over():
            state.play(state.legal_actions()[0])
            played += 1
    finally:
        worker.join()
    assert "error" not in result, result.get("error")
    return result["value"], played


def test_play_while_perft_and_divide_count_on_another_thread():
    state = pg.new_game("martian-chess")
    start = state.clone()
    expected = start.perft(DEPTH)
    count, played = run_while_playing(state, lambda: state.perft(DEPTH))
    assert played >= 1
    assert count == expected  # the state as it was when perft was called
    state = start.clone()
    split, played = run_while_playing(state, lambda: state.divide(DEPTH))
    assert played >= 1
    assert sum(n for _, n in split) == expected


def test_play_while_a_bot_searches_on_another_thread():
    state = pg.new_game("ataxx-ice", rules={"size": "6"})
    start = state.clone()
    bot = pg.bot("mcts:iters=20000", seed=1)
    action, played = run_while_playing(state, lambda: bot.pick(state))
    assert played >= 1
    assert action in start.legal_actions()
