"""A rematch between two people: the page moves from the finished game to its rematch
through the URL fragment, and both boards stay live there: after every ply of each side,
each page's picture shows the position the server gives its seat, no selection is left
over, and the side to move plays its next move by clicking."""

import random

import pytest
from selenium.webdriver.common.by import By

from pages import attr, check_board, create_game, is_over, open_seat, play_a_move, seat_of, status, wait_for

# Plies of the rematch played by clicking, each side's board checked after every one.
REMATCH_PLIES = 20


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
