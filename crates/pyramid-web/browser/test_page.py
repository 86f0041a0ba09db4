"""The page in headless Chromium: a full game of each game played by clicking to its end, an illegal
click refused, a record replayed, and a Stacktrices seat seeing only its view."""

import json
import random
import re
import subprocess
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

from conftest import SCREENSHOTS

GAMES = ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]


def status(driver) -> str:
    return driver.find_element(By.ID, "status").get_attribute("data-status") or ""


def position(driver) -> str:
    return driver.find_element(By.ID, "position").get_attribute("data-position") or ""


def wait_for(driver, condition, timeout=20):
    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: condition(d))


def start_game(driver, server, game, rules=None, seats=("human", "random")):
    driver.get(server + "/")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game option")) == 4)
    Select(driver.find_element(By.ID, "game")).select_by_value(game)
    for key, value in (rules or {}).items():
        field = driver.find_element(By.CSS_SELECTOR, f'#options input[data-option="{key}"]')
        field.clear()
        field.send_keys(str(value))
    for seat, who in enumerate(seats):
        field = driver.find_element(By.CSS_SELECTOR, f'#seat-list input[data-seat="{seat}"]')
        field.clear()
        field.send_keys(who)
    driver.find_element(By.ID, "start").click()
    wait_for(driver, lambda d: status(d) != "")


def my_turn_or_over(driver):
    s = status(driver)
    if s.startswith("outcome="):
        return True
    return s == "to_act=0" and driver.find_elements(By.CSS_SELECTOR, "#legal button[data-action]")


def click_at(driver, element):
    """A real click at the element's centre: whatever is drawn on top there gets it."""
    ActionChains(driver).move_to_element(element).click().perform()


def click_square(driver, square):
    click_at(driver, driver.find_element(By.CSS_SELECTOR, f'#board rect.square[data-square="{square}"]'))


def legal_actions(driver) -> list:
    """Every legal action the page offers the human seat, read in one round trip."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#legal button[data-action]')].map(b => b.dataset.action)"
    )


def move_count(driver) -> int:
    return len(driver.find_elements(By.CSS_SELECTOR, "#moves li"))


# A safety net only: every game below ends by its own rules long before it.
PLY_LIMIT = 600


@pytest.mark.parametrize("game", GAMES)
def test_a_full_game_played_by_clicking(driver, server, game):
    """A whole game to its natural end against `greedy` (which ends games quickly), the
    human seat choosing seeded random legal actions: moves by clicking the piece and then
    its target on the board, decisions (relocations, steals, raids, trades, placements)
    from the list."""
    choose = random.Random(game)
    start_game(driver, server, game, {"ply_limit": PLY_LIMIT}, seats=("human", "greedy"))
    board_moves = list_choices = 0
    for _ in range(PLY_LIMIT):
        wait_for(driver, my_turn_or_over, timeout=30)
        if status(driver).startswith("outcome="):
            break
        before = position(driver)
        action = choose.choice(legal_actions(driver))
        squares = re.findall(r"[a-o](?:1[0-5]|[1-9])", action)
        if len(squares) >= 2 and "=" not in action and "[" not in action:
            # On the board: the piece, then its target (or the list, narrowed to the
            # actions of that piece and target, when one click leaves several).
            click_square(driver, squares[0])
            target = wait_for(
                driver,
                lambda d: d.find_elements(By.CSS_SELECTOR, f'#board rect.target[data-action="{action}"]')
                or d.find_elements(By.CSS_SELECTOR, f'#legal button[data-action="{action}"]'),
            )
            click_at(driver, target[0])
            board_moves += 1
        else:
            driver.find_element(By.CSS_SELECTOR, f'#legal button[data-action="{action}"]').click()
            list_choices += 1
        wait_for(driver, lambda d: position(d) != before or status(d).startswith("outcome="), timeout=30)
    assert status(driver).startswith("outcome="), status(driver)
    assert move_count(driver) < PLY_LIMIT, "the game ran into the safety ply limit"
    banner = driver.find_element(By.ID, "banner")
    assert banner.is_displayed() and "Game over" in banner.text
    assert board_moves > 0
    driver.save_screenshot(str(SCREENSHOTS / f"{game}.png"))


def test_an_illegal_click_is_refused(driver, server):
    start_game(driver, server, "martian-chess", {"first": 0})
    wait_for(driver, my_turn_or_over)
    before = position(driver)
    # a4 is empty at the start: nothing can start there.
    click_square(driver, "a4")
    message = wait_for(driver, lambda d: d.find_element(By.ID, "message").get_attribute("data-error"))
    assert "no legal action starts on a4" in message
    time.sleep(0.5)
    assert position(driver) == before


def test_a_stacktrices_seat_sees_only_its_view(driver, server):
    start_game(driver, server, "stacktrices", {"start": "standard"})
    wait_for(driver, my_turn_or_over)
    thieves = position(driver).split(" ")[2]
    assert thieves.split(",")[1] == "?", position(driver)


def test_a_record_is_replayed(driver, server, pyrctl, tmp_path):
    record = tmp_path / "games.jsonl"
    subprocess.run(
        [pyrctl, "match", "martian-chess", "--games", "1", "--seed", "3", "--max-plies", "40", "--record", str(record)],
        check=True,
        capture_output=True,
    )
    line = json.loads(record.read_text().splitlines()[0])
    driver.get(server + "/")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game option")) == 4)
    driver.find_element(By.ID, "record-file").send_keys(str(record))
    wait_for(driver, lambda d: d.find_element(By.ID, "frame").text.startswith("ply 0 of"))
    assert position(driver) == line["start"]
    driver.find_element(By.ID, "replay-next").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "frame").text.startswith("ply 1 of"))
    assert position(driver) != line["start"]
    driver.find_element(By.ID, "replay-last").click()
    plies = len(line["actions"])
    wait_for(driver, lambda d: d.find_element(By.ID, "frame").text == f"ply {plies} of {plies}")
    moves = driver.find_elements(By.CSS_SELECTOR, "#moves li")
    assert len(moves) == plies
    assert moves[-1].text.endswith(line["actions"][-1])
    driver.save_screenshot(str(SCREENSHOTS / "replay.png"))
