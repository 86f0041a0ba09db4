"""Offers between people in two browsers: a draw offered, withdrawn by a move, offered
again and agreed; a takeback asked and granted (and against a bot, granted at once); a
rematch declined, in the game or from the front page's Your games, and accepted from
there; clocks that wait until every player has opened the game."""

import random
import time

import pytest
from selenium.webdriver.common.by import By

from pages import (
    attr,
    call,
    check_board,
    create_game,
    is_over,
    move_count,
    open_seat,
    play_a_move,
    press,
    seat_of,
    server_view,
    status,
    status_words,
    wait_for,
)


def shown(driver, element_id) -> bool:
    elements = driver.find_elements(By.ID, element_id)
    return bool(elements) and elements[0].is_displayed()


def text(driver, element_id) -> str:
    return driver.find_element(By.ID, element_id).text


def button_says(driver, element_id, words) -> bool:
    return shown(driver, element_id) and text(driver, element_id) == words


def people_game(driver, driver2, server, clock=None):
    """A game between two people, seat 0 in `driver`, seat 1 in `driver2`."""
    created = create_game(server, "martian-chess", ["human", "human"], {"first": 0}, clock)
    for seat, d in enumerate((driver, driver2)):
        open_seat(d, server, created, seat)
        wait_for(d, lambda d: attr(d, "you", "data-you") == str(seat))
    return created


def test_a_draw_offered_withdrawn_by_a_move_then_agreed(driver, driver2, server):
    people_game(driver, driver2, server)
    names = server_view(server, driver)["seat_names"]
    choose = random.Random(11)
    play_a_move(driver, choose, 0)
    play_a_move(driver2, choose, 1)
    # South offers a draw on its turn: North is told and may accept.
    wait_for(driver, lambda d: button_says(d, "draw", "Offer draw"))
    press(driver, driver.find_element(By.ID, "draw"))
    wait_for(driver, lambda d: not shown(d, "draw") and "You offer a draw" in text(d, "offers"))
    wait_for(driver2, lambda d: button_says(d, "draw", "Accept draw") and f"{names[0]} offers a draw" in text(d, "offers"))
    assert server_view(server, driver)["offers"]["draw"] == [0]
    # South moves instead: its offer is withdrawn, in both pages.
    play_a_move(driver, choose, 0)
    for d in (driver, driver2):
        wait_for(d, lambda d: move_count(d) == 3 and not shown(d, "offers") and button_says(d, "draw", "Offer draw"))
    assert server_view(server, driver)["offers"]["draw"] == []
    # North offers; South accepts: the game ends drawn by agreement.
    press(driver2, driver2.find_element(By.ID, "draw"))
    wait_for(driver, lambda d: button_says(d, "draw", "Accept draw") and f"{names[1]} offers a draw" in text(d, "offers"))
    press(driver, driver.find_element(By.ID, "draw"))
    for d in (driver, driver2):
        wait_for(d, is_over)
        assert status(d) == "outcome=draw"
        assert "drawn by agreement" in text(d, "banner"), text(d, "banner")
        assert not shown(d, "draw") and not shown(d, "takeback") and not shown(d, "offers")
    view = server_view(server, driver)
    assert view["outcome"] == "draw" and view["result"] == {"winners": [], "reason": "drawn by agreement"}


def test_a_takeback_asked_and_granted(driver, driver2, server):
    people_game(driver, driver2, server)
    names = server_view(server, driver)["seat_names"]
    choose = random.Random(12)
    play_a_move(driver, choose, 0)
    # North has played nothing yet: nothing of its own to take back.
    wait_for(driver2, lambda d: move_count(d) == 1)
    assert not shown(driver2, "takeback")
    play_a_move(driver2, choose, 1)
    play_a_move(driver, choose, 0)
    wait_for(driver2, lambda d: move_count(d) == 3)
    # South asks to take back its last move; North is asked.
    wait_for(driver, lambda d: button_says(d, "takeback", "Take back"))
    press(driver, driver.find_element(By.ID, "takeback"))
    wait_for(driver, lambda d: not shown(d, "takeback") and "You ask to take back" in text(d, "offers"))
    wait_for(driver2, lambda d: button_says(d, "takeback", "Grant takeback") and f"{names[0]} asks to take back" in text(d, "offers"))
    asked = server_view(server, driver)["offers"]["takeback"]
    assert asked["seat"] == 0 and asked["to_ply"] == 2 and asked["agreed"] == [0], asked
    assert move_count(driver) == 3 and move_count(driver2) == 3
    # North grants it: the move is gone from both pages, South is to play again.
    press(driver2, driver2.find_element(By.ID, "takeback"))
    for seat, d in enumerate((driver, driver2)):
        check_board(server, d, 2, f"seat {seat} after the takeback")
        wait_for(d, lambda d: status(d) == "to_act=0" and not shown(d, "offers"))
    assert server_view(server, driver)["offers"]["takeback"] is None
    # The game goes on from there, by clicks.
    play_a_move(driver, choose, 0)
    for seat, d in enumerate((driver, driver2)):
        check_board(server, d, 3, f"seat {seat} after the next move")


def test_against_a_bot_a_takeback_is_granted_at_once_and_a_draw_refused(driver, server):
    created = create_game(server, "martian-chess", ["human", "greedy"], {"first": 0})
    open_seat(driver, server, created, 0)
    choose = random.Random(13)
    play_a_move(driver, choose, 0)
    wait_for(driver, lambda d: move_count(d) == 2 and status(d) == "to_act=0")
    # A draw offer to a bot is refused, and the page says why.
    press(driver, driver.find_element(By.ID, "draw"))
    wait_for(driver, lambda d: attr(d, "message", "data-error") != "")
    assert not is_over(driver)
    press(driver, driver.find_element(By.ID, "takeback"))
    check_board(server, driver, 0, "seat 0 after the takeback")
    wait_for(driver, lambda d: status(d) == "to_act=0" and not shown(d, "takeback"))
    play_a_move(driver, choose, 0)
    wait_for(driver, lambda d: move_count(d) == 2)


def finished_with_a_rematch_asked(driver, driver2, server):
    """Seat 0 (`driver`) resigns a short game and asks a rematch, which it moves to; the
    old game's id."""
    people_game(driver, driver2, server)
    play_a_move(driver, random.Random(14), 0)
    press(driver, driver.find_element(By.ID, "resign"))
    press(driver, driver.find_element(By.ID, "resign-confirm"))
    for d in (driver, driver2):
        wait_for(d, is_over)
    old = seat_of(driver)[0]
    press(driver, driver.find_element(By.ID, "rematch"))
    wait_for(driver, lambda d: seat_of(d)[0] != old and attr(d, "you", "data-you") == "1")
    return old


@pytest.mark.parametrize("where", ["game", "your-games"])
def test_a_rematch_declined(driver, driver2, server, where):
    """The other person declines the rematch, in the finished game's page or from the
    front page: the rematch ends ("rematch declined"), which the asker's page in it says."""
    old = finished_with_a_rematch_asked(driver, driver2, server)
    names = server_view(server, driver2)["seat_names"]
    if where == "game":
        wait_for(driver2, lambda d: shown(d, "rematch-offer") and attr(d, "rematch-offer", "data-rematch") == "offered")
        assert f"{names[0]} offers a rematch" in text(driver2, "rematch-words")
        press(driver2, driver2.find_element(By.ID, "rematch-decline"))
        wait_for(driver2, lambda d: "declined" in attr(d, "note", "data-note"))
        wait_for(driver2, lambda d: attr(d, "rematch-offer", "data-rematch") == "declined")
    else:
        driver2.get("about:blank")
        driver2.get(server + "/")
        offer = f'#my-games li[data-game="{old}"][data-rematch="offered"]'
        wait_for(driver2, lambda d: d.find_elements(By.CSS_SELECTOR, offer))
        assert "Rematch offered" in driver2.find_element(By.CSS_SELECTOR, offer).text
        press(driver2, driver2.find_element(By.CSS_SELECTOR, f'button[data-rematch-decline="{old}"]'))
        wait_for(driver2, lambda d: not d.find_elements(By.CSS_SELECTOR, offer) and d.find_elements(By.CSS_SELECTOR, f'#my-games li[data-game="{old}"]'))
    rematch = call(f"{server}/api/games/{old}")["rematch"]
    assert rematch["declined"] is True and rematch["offered_by"] == [0], rematch
    wait_for(driver, is_over)
    assert status(driver) == "outcome=aborted"
    assert "rematch declined" in text(driver, "banner"), text(driver, "banner")


def test_a_rematch_offer_reaches_your_games_and_is_accepted_there(driver, driver2, server):
    old = finished_with_a_rematch_asked(driver, driver2, server)
    game = seat_of(driver)[0]
    driver2.get("about:blank")
    driver2.get(server + "/")
    offer = f'#my-games li[data-game="{old}"][data-rematch="offered"]'
    wait_for(driver2, lambda d: d.find_elements(By.CSS_SELECTOR, offer))
    press(driver2, driver2.find_element(By.CSS_SELECTOR, f'button[data-rematch-accept="{old}"]'))
    # North's person sits in seat 0 of the rematch, and starts.
    wait_for(driver2, lambda d: "#game=" in d.current_url and seat_of(d)[0] == game and status(d) == "to_act=0")
    assert attr(driver2, "you", "data-you") == "0"
    assert sorted(call(f"{server}/api/games/{old}")["rematch"]["offered_by"]) == [0, 1]
    choose = random.Random(15)
    play_a_move(driver2, choose, 0)
    check_board(server, driver, 1, "the asker in the rematch")


def clock_running(driver, seat) -> bool:
    clocks = driver.find_elements(By.CSS_SELECTOR, f'#clocks .clock[data-clock-seat="{seat}"]')
    return bool(clocks) and "running" in (clocks[0].get_attribute("class") or "").split()


def test_clocks_wait_until_every_player_has_opened_the_game(driver, driver2, server):
    created = create_game(server, "martian-chess", ["human", "human"], {"first": 0},
                          {"initial_seconds": 60, "increment_seconds": 0})
    open_seat(driver, server, created, 0)
    names = server_view(server, driver)["seat_names"]
    wait_for(driver, lambda d: attr(d, "status", "data-waiting") == "1" and f"Waiting for {names[1]}" in status_words(d))
    assert not clock_running(driver, 0) and not clock_running(driver, 1)
    assert server_view(server, driver)["waiting_for"] == [1]
    # Time passes, and nobody's clock runs.
    time.sleep(1)
    assert call(f"{server}/api/games/{created['id']}")["clock"]["remaining_ms"][0] == 60000
    open_seat(driver2, server, created, 1)
    for d in (driver, driver2):
        wait_for(d, lambda d: attr(d, "status", "data-waiting") == "" and clock_running(d, 0))
    assert "Waiting" not in status_words(driver)
