"""Clocks (issue 38): two people find each other through the lobby and play a game with a
short clock until one runs out of time; both pages show each seat's time, the running
one counted down in the page, and the loser's page says it ran out of time."""

import json
import random
import time
import urllib.request

from selenium.webdriver.common.by import By

from conftest import SCREENSHOTS
from pages import (
    attr,
    is_board_move,
    is_over,
    legal_actions,
    move_count,
    my_turn_or_over,
    open_seat,
    play_on_board,
    wait_for,
)


def call(url, body=None):
    """A JSON request (POST with `body`, else GET); its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def clock(driver, seat):
    return driver.find_element(By.CSS_SELECTOR, f'#clocks .clock[data-clock-seat="{seat}"]')


def left_ms(driver, seat) -> int:
    return int(clock(driver, seat).get_attribute("data-remaining-ms") or "-1")


def running(driver, seat) -> bool:
    return "running" in (clock(driver, seat).get_attribute("class") or "")


def play_a_move(driver, choose, seat):
    wait_for(driver, lambda d: my_turn_or_over(d, seat), timeout=15)
    before = move_count(driver)
    action = choose.choice([a for a in legal_actions(driver) if is_board_move(a)])
    play_on_board(driver, action)
    wait_for(driver, lambda d: move_count(d) > before or is_over(d))


def test_two_people_from_the_lobby_play_until_one_runs_out_of_time(driver, driver2, server):
    created = call(
        server + "/api/games",
        {"game": "martian-chess", "seats": ["human", "open"], "lobby": True, "rules": {"first": 0},
         "clock": {"initial_seconds": 5, "increment_seconds": 0}},
    )
    game = created["id"]
    open_seat(driver, server, created, 0)
    # Both clocks shown, none running: the clock starts when someone takes the open seat.
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#clocks .clock")) == 2)
    assert not running(driver, 0) and left_ms(driver, 0) == 5000
    # The second person finds the game in the lobby and takes its seat.
    listed = [g for g in call(server + "/api/lobby")["games"] if g["id"] == game]
    assert listed and listed[0]["open_seats"] == [1] and listed[0]["clock"]["initial_seconds"] == 5
    joined = call(server + f"/api/games/{game}/join", {})
    driver2.get("about:blank")
    driver2.get(server + joined["link"])
    wait_for(driver2, lambda d: attr(d, "you", "data-you") == "1")
    for d in (driver, driver2):
        wait_for(d, lambda d: running(d, 0))
    choose = random.Random(38)
    play_a_move(driver, choose, 0)
    wait_for(driver2, lambda d: move_count(d) == 1 and running(d, 1))
    play_a_move(driver2, choose, 1)
    wait_for(driver, lambda d: move_count(d) == 2 and running(d, 0))
    # South's time runs down in both pages, counted there between the server's events.
    first = left_ms(driver2, 0)
    time.sleep(0.5)
    assert left_ms(driver2, 0) <= first - 300, (first, left_ms(driver2, 0))
    assert 0 < left_ms(driver, 0) < 5000
    # South plays no more: its time runs out, with nobody asking the server.
    for d in (driver, driver2):
        wait_for(d, is_over, timeout=10)
    banner = driver.find_element(By.ID, "banner")
    assert banner.is_displayed()
    assert "You lost" in banner.text and "South ran out of time" in banner.text, banner.text
    assert "lost" in (banner.get_attribute("class") or "")
    assert left_ms(driver, 0) == 0 and "flagged" in clock(driver, 0).get_attribute("class")
    other = driver2.find_element(By.ID, "banner").text
    assert "You won" in other and "South ran out of time" in other, other
    driver.save_screenshot(str(SCREENSHOTS / "out-of-time.png"))
