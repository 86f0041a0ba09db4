"""People at the table: two browsers playing each other through their seat links to the end, a
reload resuming the seat, and a restarted server resuming the game in the open page."""

import random
import subprocess
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from conftest import SCREENSHOTS, Server, serves_db
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
    start_game,
    status,
    status_words,
    wait_for,
)


def play_a_move(driver, choose, seat):
    """The seat to act plays a random move by clicking; returns the action."""
    wait_for(driver, lambda d: my_turn_or_over(d, seat), timeout=30)
    before = move_count(driver)
    action = choose.choice([a for a in legal_actions(driver) if is_board_move(a)])
    play_on_board(driver, action)
    wait_for(driver, lambda d: move_count(d) > before or is_over(d))
    return action


def test_two_people_play_through_their_seat_links(driver, driver2, server, pyrctl, tmp_path):
    """The form makes a game for two people; the page opens seat 0's link and shows a link
    per seat and for spectators. The second browser opens seat 1's link; each sees the
    other's moves arrive (server-sent events) and plays by clicking, to the end of a short
    game (ply limit 6), which both pages announce with its reason. The record the page
    offers replays with `pyrctl replay`; a rematch brings both people to a new game, in
    each other's seats."""
    start_game(driver, server, "martian-chess", {"ply_limit": 6, "first": 0}, seats=("human", "human"))
    link = driver.find_element(By.CSS_SELECTOR, '#invite input[data-link="seat-1"]').get_attribute("value")
    assert driver.find_element(By.CSS_SELECTOR, '#invite input[data-link="spectator"]').get_attribute("value")
    assert driver.find_elements(By.CSS_SELECTOR, '#invite button[data-copy="seat-1"]')
    driver2.get("about:blank")
    driver2.get(link)
    people = [driver, driver2]
    for seat, d in enumerate(people):
        wait_for(d, lambda d: attr(d, "you", "data-you") == str(seat))
        # Named by the game's name for the seat, never by its number.
        assert d.find_element(By.ID, "you").text == f"You are {['South', 'North'][seat]}"
    choose = random.Random(6)
    for ply in range(6):
        mover, watcher = people[ply % 2], people[1 - ply % 2]
        assert status_words(mover) == "Your turn" or is_over(mover)
        action = play_a_move(mover, choose, ply % 2)
        # The other browser sees the move arrive, in its list and as the other side's turn.
        wait_for(watcher, lambda d: move_count(d) == ply + 1)
        assert action in [li.get_attribute("data-action") for li in watcher.find_elements(By.CSS_SELECTOR, "#last-plies li")]
        assert attr(watcher, "connection", "data-mode") == "sse"
    for d in people:
        wait_for(d, is_over)
        banner = d.find_element(By.ID, "banner")
        assert banner.is_displayed() and "Game over" in banner.text
    driver2.save_screenshot(str(SCREENSHOTS / "two-people.png"))
    record = tmp_path / "game.jsonl"
    with urllib.request.urlopen(driver.find_element(By.ID, "record").get_attribute("href"), timeout=10) as answer:
        record.write_bytes(answer.read())
    subprocess.run([pyrctl, "replay", str(record)], check=True, capture_output=True, timeout=30)
    first = driver.current_url
    driver.find_element(By.ID, "rematch").click()
    wait_for(driver, lambda d: d.current_url != first and status(d).startswith("to_act="))
    wait_for(driver2, lambda d: d.find_element(By.ID, "rematch-link").is_displayed())
    driver2.find_element(By.ID, "rematch-link").click()
    game = driver.current_url.split("game=")[1].split("&")[0]
    wait_for(driver2, lambda d: f"game={game}&" in d.current_url and attr(d, "you", "data-you") != "")
    assert {attr(driver, "you", "data-you"), attr(driver2, "you", "data-you")} == {"0", "1"}
    assert attr(driver, "you", "data-you") == "1"


def test_a_reload_resumes_the_seat_and_resigning_ends_the_game(driver, server):
    created = create_game(server, "martian-chess", ["human", "random"], {"first": 0})
    open_seat(driver, server, created, 0)
    play_a_move(driver, random.Random(1), 0)
    wait_for(driver, lambda d: my_turn_or_over(d, 0))
    moves = move_count(driver)
    driver.refresh()
    wait_for(driver, lambda d: move_count(d) == moves and my_turn_or_over(d, 0))
    assert attr(driver, "you", "data-you") == "0"
    play_a_move(driver, random.Random(2), 0)
    wait_for(driver, lambda d: my_turn_or_over(d, 0))
    driver.find_element(By.ID, "resign").click()
    driver.find_element(By.ID, "resign-confirm").click()
    wait_for(driver, is_over)
    assert "Game over" in driver.find_element(By.ID, "banner").text


def test_a_server_restart_resumes_the_open_page(driver, pyrctl, tmp_path):
    """The server stops mid-game: the open page says so and disables the board; the server
    starts again on the same database: the page reconnects by itself and the game goes on."""
    if not serves_db(pyrctl):
        pytest.skip("this pyrctl keeps no games across restarts (no --db)")
    own = Server(pyrctl, tmp_path / "games.sqlite3")
    own.start()
    try:
        created = create_game(own.url, "martian-chess", ["human", "random"], {"first": 0})
        open_seat(driver, own.url, created, 0)
        play_a_move(driver, random.Random(3), 0)
        wait_for(driver, lambda d: my_turn_or_over(d, 0))
        moves = move_count(driver)
        own.stop()
        wait_for(driver, lambda d: attr(d, "connection", "data-state") == "dead")
        assert driver.execute_script("return document.getElementById('layout').inert")
        assert driver.find_element(By.ID, "message").text
        own.start()
        wait_for(driver, lambda d: attr(d, "connection", "data-state") == "live", timeout=30)
        assert move_count(driver) == moves and status(driver) == "to_act=0"
        play_a_move(driver, random.Random(4), 0)
    finally:
        own.stop()


def test_an_unknown_game_is_said_and_its_board_disabled(driver, server):
    driver.get("about:blank")
    driver.get(server + "/#game=00000000000000000000000000000000&seat=0&token=00")
    wait_for(driver, lambda d: attr(d, "connection", "data-state") == "dead")
    assert "no game" in driver.find_element(By.ID, "message").text.lower()
    assert driver.execute_script("return document.getElementById('layout').inert")
