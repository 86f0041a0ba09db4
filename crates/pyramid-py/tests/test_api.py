"""The pyramid_games package: every call of the API, refusals, pickling, matches."""

import copy
import os
import pickle
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import pyramid_games as pg

ROOT = Path(__file__).resolve().parents[3]


def test_games_are_listed_in_registry_order():
    assert pg.games() == ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]


def test_game_info_describes_seats_and_options():
    info = pg.game_info("ataxx-ice")
    assert info["seat_counts"] == [2, 3, 4]
    keys = [o["key"] for o in info["rule_options"]]
    assert keys[:2] == ["seats", "ply_limit"] and "size" in keys
    assert info["perfect_information"] is True
    assert pg.game_info("stacktrices")["perfect_information"] is False
    # Words for players, from the game crate: what it is, how to play, each option's name.
    assert "pyramids" in info["summary"] and len(info["how_to_play"]) > 200
    size = next(o for o in info["rule_options"] if o["key"] == "size")
    assert size["label"] == "board size" and size["choices"] == [] and size["doc"]
    undo = next(o for o in pg.game_info("martian-chess")["rule_options"] if o["key"] == "undo")
    assert undo["choices"] == ["any-crossing", "capture-allowed"]


def test_a_game_plays_by_text_and_by_id_to_the_end():
    state = pg.new_game("martian-chess")
    assert state.to_act() == 0 and len(state.legal_actions()) == 10
    assert state.play("b3-a4") == "b3-a4"
    ids = state.legal_action_ids()
    assert len(ids) == len(state.legal_actions())
    assert state.action_text(ids[0]) == state.legal_actions()[0]
    state.play(ids[0])
    assert state.plies() == 2
    rng = np.random.default_rng(3)
    while not state.is_over():
        state.play(int(rng.choice(state.legal_action_ids())))
    assert state.to_act() is None
    returns = state.returns()
    assert len(returns) == 2 and abs(sum(returns)) < 1e-9


def test_illegal_and_malformed_actions_raise_and_change_nothing():
    state = pg.new_game("card-siege", rules={"opening": "off"})
    before = state.position()
    for bad in ["z9-z10", "pass", "", 999_999]:
        with pytest.raises(pg.IllegalAction):
            state.play(bad)
    with pytest.raises(TypeError):
        state.play(1.5)
    assert issubclass(pg.IllegalAction, ValueError)
    assert state.position() == before


def test_play_negative_or_huge_id_raises_illegal_action_naming_the_id():
    state = pg.new_game("martian-chess")
    before = state.position()
    for bad in [-1, 2**64, np.int64(-3)]:
        with pytest.raises(pg.IllegalAction, match=r"action id -?\d+ is not an id"):
            state.play(bad)
    with pytest.raises(TypeError, match="not a bool"):
        state.play(True)
    with pytest.raises(TypeError, match="not float"):
        state.play(1.5)
    assert state.position() == before


def test_exceptions_are_named_by_the_package_not_native():
    for error in [pg.IllegalAction, pg.InvalidPosition, pg.InvalidRules, pg.UnknownGame,
                  pg.InvalidModel]:
        assert error.__module__ == "pyramid_games"
        assert repr(error) == f"<class 'pyramid_games.{error.__name__}'>"


def test_version_is_the_crate_version():
    import importlib.metadata

    assert isinstance(pg.__version__, str) and pg.__version__.count(".") == 2
    assert pg.__version__ == importlib.metadata.version("pyramid_games")


def test_rules_players_and_positions():
    state = pg.new_game("ataxx-ice", players=3, rules={"size": 6})
    assert state.num_seats() == 3 and state.rules()["size"] == "6"
    with pytest.raises(pg.InvalidRules):
        pg.new_game("ataxx-ice", players=7)
    with pytest.raises(pg.InvalidRules):
        pg.new_game("card-siege", rules={"colour": "red"})
    with pytest.raises(pg.UnknownGame, match="did you mean `stacktrices`"):
        pg.new_game("stacktrice")
    copy_of = pg.from_position("ataxx-ice", state.position(), players=3, rules={"size": 6})
    assert copy_of == state
    with pytest.raises(pg.InvalidPosition):
        pg.from_position("martian-chess", "not a position")


def test_clone_copy_equality_and_pickling():
    state = pg.new_game("stacktrices", rules={"start": "standard"})
    twin = state.clone()
    assert twin == state and twin is not state
    twin.play(twin.legal_actions()[0])
    assert twin != state
    for other in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert other == state


def test_views_hide_the_other_thief():
    state = pg.new_game("stacktrices", rules={"start": "standard"})
    assert state.view(0) != state.position()
    assert state.view(0) != state.view(1)
    with pytest.raises(ValueError):
        state.view(2)


def test_words_come_from_the_game_and_hide_what_a_seat_may_not_see():
    state = pg.new_game("martian-chess")
    assert state.seat_names() == ["South", "North"]
    assert state.scores() == [0.0, 0.0]
    assert state.end_words() is None
    words, squares = state.describe_action("b3-a4")
    assert words == "South moved b3 to a4" and squares == ["b3", "a4"]
    assert state.notations() == ["abstractplay"]
    moved = state.play_in_notation("abstractplay", "1. c3-b4 b6-a5")
    assert moved.plies() == 2 and state.plies() == 0
    with pytest.raises(ValueError):
        pg.new_game("ataxx-ice").play_in_notation("abstractplay", "c3-b4")
    secret = pg.new_game("stacktrices")
    hide = next(a for a in secret.legal_actions() if a.startswith("hide="))
    actor = secret.to_act()
    _, own = secret.describe_action(hide, actor)
    assert len(own) == 1
    for viewer in (1 - actor,):
        seen_words, seen = secret.describe_action(hide, viewer)
        assert seen == [] and own[0] not in seen_words


def test_observations_have_the_documented_shape():
    for name in pg.games():
        state = pg.new_game(name)
        tensor = state.observation(0)
        assert tensor.dtype == np.float32
        assert list(tensor.shape) == state.observation_shape()
        assert np.isfinite(tensor).all()


def test_perft_matches_the_pinned_counts():
    assert pg.new_game("martian-chess").perft(3) == 1328
    assert pg.new_game("martian-chess").perft(3, threads=2) == 1328


def test_bots_pick_legal_actions_in_any_game():
    bot = pg.bot("mcts:iters=50", seed=5)
    for name in pg.games():
        state = pg.new_game(name)
        assert bot.pick(state) in state.legal_actions()
    with pytest.raises(ValueError):
        pg.bot("mcts:iters=lots", 1)


def test_play_match_equals_pyrctl_match(tmp_path):
    played = pg.play_match("ataxx-ice", ["greedy", "random"], games=4, seed=9, swap_seats=True)
    record = tmp_path / "games.jsonl"
    # The pyrctl that ./test.sh built (cargo test's), as the other suites use it; `cargo
    # run` would build it again for its own feature set.
    pyrctl = os.environ.get("PYRCTL", str(ROOT / "target" / "debug" / "pyrctl"))
    subprocess.run(
        [pyrctl, "match", "ataxx-ice",
         "--bot", "greedy", "--bot", "random", "--games", "4", "--seed", "9", "--swap-seats",
         "--jobs", "1", "--record", str(record)],
        cwd=ROOT, check=True, capture_output=True, text=True,
    )
    assert record.read_text().splitlines() == played["records"]
    assert played["summary"].splitlines()[0].startswith("ataxx-ice with 2 seats: 4 games, seed 9")
    assert sum(played["seat_wins"]) + played["draws"] <= 4


def test_help_reads_well():
    text = pg.__doc__
    assert "new_game" in text and "IllegalAction" in text
    assert pg.State.play.__doc__


#: Ataxx-ice, seat 0 to move: its five smalls on d4, a1, b1, c1, h1; seat 1's smalls on f7,
#: g7 and h8. The jump d4-f6 captures two smalls and must relocate two of seat 0's.
RELOCATING = "7S1/5S1S11/8/8/3S04/8/8/S0S0S04S0 0 055,255 - 0"


def test_policy_steps_name_each_legal_action_once():
    state = pg.from_position("ataxx-ice", RELOCATING)
    assert state.policy_size() == 8386 and state.max_steps() == 17
    steps = {a: tuple(state.action_steps(a)) for a in state.legal_actions()}
    assert len(set(steps.values())) == len(steps)
    assert sorted({s[0] for s in steps.values()}) == state.legal_steps()
    mask = state.legal_steps_mask()
    assert mask.dtype == np.bool_ and mask.shape == (8386,)
    assert list(np.flatnonzero(mask)) == state.legal_steps()
    # d4-f6 is base 4096 + 27 * 64 + 45; a1 is source 8321, h1 8328; 8385 ends the sources.
    base = 4096 + 27 * 64 + 45
    assert steps["d4-f6[a1,h1]"] == (base, 8321, 8328, 8385)
    assert state.legal_steps([base, 8321]) == [8322, 8323, 8328]
    assert state.step_text(8328) == "reloc=h1"
    assert state.steps_action([base, 8321]) is None
    before = state.position()
    for bad in ([base, 8321], [], [base, 8328, 8321, 8385]):
        with pytest.raises(pg.IllegalAction):
            state.play_steps(bad)
    with pytest.raises(pg.IllegalAction):
        state.legal_steps([-1])
    assert state.position() == before
    assert state.play_steps([base, 8321, 8328, 8385]) == "d4-f6[a1,h1]"
    assert state.to_act() == 1


def test_one_step_games_step_by_their_action_ids():
    state = pg.new_game("card-siege")
    assert state.policy_size() == state.action_space() == 4050
    assert state.legal_steps() == sorted(state.legal_action_ids())
    action = state.legal_actions()[0]
    assert state.action_steps(action) == [state.action_id(action)]
