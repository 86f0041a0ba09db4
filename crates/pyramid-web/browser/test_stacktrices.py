"""Stacktrices on the page: the store and the pieces still to place drawn under the board,
the set-up played by clicking a piece in hand and then a square, a trade composed by
clicks from the server's steps, and both thieves shown once the game is over."""

import json
import urllib.request

from selenium.webdriver.common.by import By

from conftest import SCREENSHOTS
from pages import (
    click_at,
    click_square,
    create_game,
    is_board_move,
    legal_actions,
    move_count,
    my_turn_or_over,
    open_seat,
    play_on_board,
    wait_for,
)


def test_the_setup_is_played_by_clicking_a_piece_in_hand_then_a_square(driver, server):
    created = create_game(server, "stacktrices", ["human", "random"])
    open_seat(driver, server, created, 0)
    wait_for(driver, my_turn_or_over)
    # Both hands and the store are drawn under the board.
    for tray in ("hand-0", "hand-1", "store"):
        assert driver.find_elements(By.CSS_SELECTOR, f'#board [data-tray="{tray}"]'), tray
    assert len(driver.find_elements(By.CSS_SELECTOR, '#board polygon[data-tray="hand-0"]')) == 10
    # First the hide: one click on a drone-base stack.
    hide = next(a for a in legal_actions(driver) if a.startswith("hide="))
    click_square(driver, hide.split("=")[1])
    for _ in range(3):
        wait_for(driver, lambda d: my_turn_or_over(d) and any(a.startswith("place=") for a in legal_actions(d)))
        place = next(a for a in legal_actions(driver) if a.startswith("place="))
        piece, square = place.split("=")[1].split("@")
        before = move_count(driver)
        in_hand = len(driver.find_elements(By.CSS_SELECTOR, f'#board polygon[data-tray="hand-0"][data-piece="{piece}"]'))
        click_at(driver, driver.find_element(By.CSS_SELECTOR, f'#board polygon[data-tray="hand-0"][data-piece="{piece}"]'))
        target = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#board rect.target[data-action="{place}"]'))
        click_at(driver, target[0])
        wait_for(driver, lambda d: move_count(d) > before)
        assert any(li.text.endswith(place) for li in driver.find_elements(By.CSS_SELECTOR, "#moves li"))
        wait_for(driver, lambda d: len(d.find_elements(
            By.CSS_SELECTOR, f'#board polygon[data-tray="hand-0"][data-piece="{piece}"]')) == in_hand - 1)
    driver.save_screenshot(str(SCREENSHOTS / "stacktrices-setup.png"))


THIEF = '#board rect.outline[stroke="#c0392b"]'


def test_a_trade_is_composed_by_clicks_from_the_steps_and_the_thieves_shown_at_the_end(driver, server):
    """The trade's steps, clicked: the two pieces given on their stack (each marked once
    chosen), "Done giving", the store's queen under the board then the stack it goes on,
    "Done taking" plays it. The page knows nothing of trades: every click is a step the
    server listed, in its words."""
    created = create_game(server, "stacktrices", ["human", "random"], {"start": "standard"})
    open_seat(driver, server, created, 0)
    wait_for(driver, my_turn_or_over)
    assert len(driver.find_elements(By.CSS_SELECTOR, THIEF)) == 1
    move = next(a for a in legal_actions(driver) if is_board_move(a) and "b1" not in a and "-" in a)
    play_on_board(driver, move)
    trade = "trade=D@b1,d@b1>Q@b1"
    wait_for(driver, lambda d: trade in legal_actions(d))
    for piece in ("D", "d"):
        click_at(driver, driver.find_element(By.CSS_SELECTOR, f'#board polygon[data-square="b1"][data-piece="{piece}"]'))
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#board polygon.picked[data-square="b1"][data-piece="{piece}"]'))
    assert driver.find_element(By.ID, "compose-chosen").text == "Give the drone on b1; Give the clear drone on b1"
    done = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#legal button[data-step="give=end"]'))
    assert done[0].text.startswith("Done giving")
    done[0].click()
    # The store's queen, clicked where it is drawn, then the stack it goes on.
    click_at(driver, driver.find_element(By.CSS_SELECTOR, '#board polygon[data-tray="store"][data-piece="Q"]'))
    target = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#board rect.target[data-square="b1"]'))
    click_at(driver, target[0])
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#legal button[data-action="{trade}"]'))[0].click()
    wait_for(driver, lambda d: any(li.text.endswith(trade) for li in d.find_elements(By.CSS_SELECTOR, "#moves li")))
    wait_for(driver, my_turn_or_over)
    body = json.dumps({"seat": 0, "token": created["seat_tokens"][0]}).encode()
    request = urllib.request.Request(f"{server}/api/games/{created['id']}/resign", body, {"content-type": "application/json"})
    urllib.request.urlopen(request, timeout=10).read()
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, THIEF)) == 2)
    driver.save_screenshot(str(SCREENSHOTS / "stacktrices-thieves-shown.png"))
