"""A rematch between two people: the page moves from the finished game to its rematch
through the URL fragment, and both boards stay live there: after every ply of each side,
each page's picture shows the position the server gives its seat, no selection is left
over, and the side to move plays its next move by clicking."""

import json
import random
import urllib.request
import xml.etree.ElementTree as ElementTree
from urllib.parse import parse_qs, urlsplit

import pytest
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

from pages import (
    attr,
    create_game,
    is_board_move,
    is_over,
    legal_actions,
    move_count,
    my_turn_or_over,
    open_seat,
    play_on_board,
    position,
    status,
    wait_for,
)

# Plies of the rematch played by clicking, each side's board checked after every one.
REMATCH_PLIES = 20


def get(url):
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.read().decode()


def seat_of(driver):
    """The game, seat and token of the page's fragment."""
    fragment = parse_qs(urlsplit(driver.current_url).fragment)
    return fragment["game"][0], fragment["seat"][0], fragment["token"][0]


def server_view(server, driver):
    game, seat, token = seat_of(driver)
    return json.loads(get(f"{server}/api/games/{game}?seat={seat}&token={token}"))


def server_pieces(server, driver):
    """Every piece of the seat's picture as the server draws it now: (square, outline)."""
    game, seat, token = seat_of(driver)
    svg = ElementTree.fromstring(get(f"{server}/api/games/{game}/svg?seat={seat}&token={token}"))
    return sorted(
        (e.get("data-square"), e.get("points"))
        for e in svg.iter("{http://www.w3.org/2000/svg}polygon")
        if e.get("data-square") and "piece" in (e.get("class") or "").split()
    )


def page_pieces(driver):
    return sorted(
        tuple(p)
        for p in driver.execute_script(
            "return [...document.querySelectorAll('#board svg polygon.piece[data-square]')]"
            ".map(p => [p.dataset.square, p.getAttribute('points')])"
        )
    )


def leftover_marks(driver):
    """The selection and targets drawn on the board (none once a move is played)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#board rect.selected, #board rect.target, #board rect.pick')]"
        ".map(r => r.getAttribute('class') + ' ' + r.dataset.square)"
    )


def check_board(server, driver, plies, who):
    """The page shows the game after `plies` plies: its move list, its position and its
    picture are the server's for its seat, and no selection is left on the board."""
    view = server_view(server, driver)
    assert view["plies"] == plies, (who, view["plies"], plies)
    expected = server_pieces(server, driver)

    def current(d):
        return (
            move_count(d) == plies
            and position(d) == view["position"]
            and page_pieces(d) == expected
            and not leftover_marks(d)
        )

    try:
        wait_for(driver, current, timeout=10)
    except TimeoutException:
        shown = page_pieces(driver)
        raise AssertionError(
            f"{who}'s board is stale after ply {plies}: moves listed {move_count(driver)}, "
            f"position {position(driver)!r} (server {view['position']!r}), "
            f"marks left {leftover_marks(driver)}, pieces shown but not the server's "
            f"{sorted(set(shown) - set(expected))}, the server's not shown {sorted(set(expected) - set(shown))}"
        ) from None


def play_a_move(driver, choose, seat):
    wait_for(driver, lambda d: my_turn_or_over(d, seat), timeout=15)
    assert not is_over(driver)
    before = move_count(driver)
    action = choose.choice([a for a in legal_actions(driver) if is_board_move(a)])
    play_on_board(driver, action)
    wait_for(driver, lambda d: move_count(d) > before or is_over(d))
    return action


# With a clock each view tells the running seat's time as of its answer: the answer to a
# move and the event for the same ply differ, and the page renders both.
@pytest.mark.parametrize("clock", [None, {"initial_seconds": 600, "increment_seconds": 5}], ids=["no-clock", "clock"])
def test_a_rematch_between_people_keeps_both_boards_live(driver, driver2, server, clock):
    """Two people play a few plies; one resigns and asks a rematch, the other accepts it
    from the offer in the finished game's page; in the rematch they play 20 plies by
    clicking, and after each ply both boards show the server's position for their seat,
    the mover's without the selection it played from."""
    created = create_game(server, "martian-chess", ["human", "human"], {"first": 0}, clock)
    people = [driver, driver2]
    for seat, d in enumerate(people):
        open_seat(d, server, created, seat)
    choose = random.Random(2024)
    for ply in range(2):
        play_a_move(people[ply % 2], choose, ply % 2)
        for seat, d in enumerate(people):
            check_board(server, d, ply + 1, f"seat {seat}")
    # Seat 1 resigns, then asks for a rematch; seat 0 accepts it from the offer.
    driver2.find_element(By.ID, "resign").click()
    driver2.find_element(By.ID, "resign-confirm").click()
    for d in people:
        wait_for(d, is_over)
    old = seat_of(driver)[0]
    wait_for(driver2, lambda d: d.find_element(By.ID, "rematch").is_displayed())
    driver2.find_element(By.ID, "rematch").click()
    wait_for(driver2, lambda d: seat_of(d)[0] != old and status(d).startswith("to_act="))
    game = seat_of(driver2)[0]
    wait_for(driver, lambda d: d.find_element(By.ID, "rematch-link").is_displayed())
    driver.find_element(By.ID, "rematch-link").click()
    wait_for(driver, lambda d: seat_of(d)[0] == game and status(d).startswith("to_act="))
    # Each sitter one seat on: seat 1's person is seat 0 now, and starts.
    by_seat = {}
    for d in people:
        wait_for(d, lambda d: attr(d, "you", "data-you") in ("0", "1"))
        by_seat[int(attr(d, "you", "data-you"))] = d
    assert by_seat == {0: driver2, 1: driver}
    for seat, d in by_seat.items():
        check_board(server, d, 0, f"rematch seat {seat}")
        # Nothing of the old game's requests reaches the new game's page.
        assert attr(d, "message", "data-error") == "", attr(d, "message", "data-error")
    for ply in range(REMATCH_PLIES):
        seat = ply % 2
        play_a_move(by_seat[seat], choose, seat)
        for s, d in by_seat.items():
            check_board(server, d, ply + 1, f"rematch seat {s} ({'mover' if s == seat else 'watcher'})")
        assert not is_over(by_seat[0])
