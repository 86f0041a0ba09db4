"""The page in headless Chromium: a full game of each game played by clicking to its end, an illegal
click refused, a record replayed, a Stacktrices seat seeing only its view and composing a trade by
clicks, a selected piece kept visible, a move played by keyboard, and the layout on a laptop and a
phone."""

import json
import random
import subprocess

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from conftest import SCREENSHOTS
from pages import (
    compose_trade,
    SQUARE,
    click_at,
    click_square,
    create_game,
    is_board_move,
    is_over,
    legal_actions,
    move_count,
    my_turn_or_over,
    open_seat,
    play_by_steps,
    play_on_board,
    position,
    square,
    start_game,
    status,
    wait_for,
)

GAMES = ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]


# A safety net only: every game below ends by its own rules long before it.
PLY_LIMIT = 600


@pytest.mark.parametrize("game", GAMES)
def test_a_full_game_played_by_clicking(driver, server, game):
    """A whole game to its natural end against `greedy` (which ends games quickly), the
    human seat choosing seeded random legal actions and making each as a person does, never
    from the list in notation: each decision step by clicking what it marks on the board
    (pieces, squares, pieces of a tray), a step in words (growing, stopping, passing) by
    its button; single forced choices are played by the page."""
    choose = random.Random(game)
    start_game(driver, server, game, {"ply_limit": PLY_LIMIT}, seats=("human", "greedy"))
    board_moves = 0
    for _ in range(PLY_LIMIT):
        wait_for(driver, my_turn_or_over, timeout=30)
        if is_over(driver):
            break
        action = choose.choice(legal_actions(driver))
        steps = driver.execute_script("return session.view.steps")
        path = next(a["steps"] for a in steps["actions"] if a["action"] == action)
        board_moves += any(steps["steps"][s]["marks"] for s in path)
        play_by_steps(driver, action, steps)
    assert is_over(driver), status(driver)
    assert move_count(driver) < PLY_LIMIT, "the game ran into the safety ply limit"
    banner = driver.find_element(By.ID, "banner")
    assert banner.is_displayed() and "Game over" in banner.text
    assert board_moves > 0
    driver.save_screenshot(str(SCREENSHOTS / f"{game}.png"))


def test_an_illegal_click_is_refused(driver, server):
    open_seat(driver, server, create_game(server, "martian-chess", ["human", "random"], {"first": 0}), 0)
    wait_for(driver, my_turn_or_over)
    before = position(driver)
    # a4 is empty at the start: nothing can start there.
    click_square(driver, "a4")
    message = wait_for(driver, lambda d: d.find_element(By.ID, "message").get_attribute("data-error"))
    assert "no legal action starts on a4" in message
    assert position(driver) == before


def test_a_selected_piece_stays_visible(driver, server):
    """Clicking a piece outlines its square: nothing opaque is drawn over the piece."""
    open_seat(driver, server, create_game(server, "martian-chess", ["human", "random"], {"first": 0}), 0)
    wait_for(driver, my_turn_or_over)
    start = SQUARE.findall(next(a for a in legal_actions(driver) if len(SQUARE.findall(a)) == 2))[0]
    click_square(driver, start)
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board rect.selected"))
    covering = driver.execute_script(
        """
        const sq = arguments[0];
        const piece = document.querySelector(`#board polygon[data-square="${sq}"]`);
        const box = piece.getBoundingClientRect();
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        const all = [...piece.ownerSVGElement.querySelectorAll('*')];
        return all.slice(all.indexOf(piece) + 1).filter(e => {
            const r = e.getBoundingClientRect();
            if (!(r.left <= x && x <= r.right && r.top <= y && y <= r.bottom)) return false;
            if (e.tagName === 'text' || e.tagName === 'title') return false;
            const fill = getComputedStyle(e).fill;
            const alpha = fill.startsWith('rgba') ? Number(fill.split(',')[3].replace(')', '')) : 1;
            return fill !== 'none' && alpha * Number(getComputedStyle(e).fillOpacity) > 0.5;
        }).map(e => e.outerHTML);
        """,
        start,
    )
    assert covering == [], covering


def test_a_move_played_by_keyboard(driver, server):
    """Arrow keys walk the squares, Enter picks the piece and Enter again plays the move."""
    open_seat(driver, server, create_game(server, "martian-chess", ["human", "random"], {"first": 0}), 0)
    wait_for(driver, my_turn_or_over)
    action = next(a for a in legal_actions(driver) if is_board_move(a))
    start, target = SQUARE.findall(action)[:2]
    driver.execute_script("arguments[0].focus()", square(driver, "a1"))
    keys = ActionChains(driver)

    def walk(frm, to):
        files = ord(to[0]) - ord(frm[0])
        ranks = int(to[1:]) - int(frm[1:])
        for _ in range(abs(files)):
            keys.send_keys(Keys.ARROW_RIGHT if files > 0 else Keys.ARROW_LEFT)
        for _ in range(abs(ranks)):
            keys.send_keys(Keys.ARROW_UP if ranks > 0 else Keys.ARROW_DOWN)

    walk("a1", start)
    keys.send_keys(Keys.ENTER)
    walk(start, target)
    keys.send_keys(Keys.ENTER)
    keys.perform()
    focused = driver.execute_script("return document.activeElement.dataset.square")
    wait_for(driver, lambda d: move_count(d) >= 1)
    first = driver.find_elements(By.CSS_SELECTOR, "#moves li")[0].text
    assert first.endswith(action), (first, action, focused)


def test_a_stacktrices_seat_sees_only_its_view(driver, server):
    open_seat(driver, server, create_game(server, "stacktrices", ["human", "random"], {"start": "standard"}), 0)
    wait_for(driver, my_turn_or_over)
    thieves = position(driver).split(" ")[2]
    assert thieves.split(",")[1] == "?", position(driver)


def test_a_stacktrices_trade_composed_by_clicks(driver, server):
    """After a move, the trade D and d from b1 for the store's Q onto b1, composed by
    clicking the two pieces on b1, then the store's Q and b1; then the bot's whole turn
    is listed in words, outlined on the board and announced."""
    created = create_game(server, "stacktrices", ["human", "random"], {"start": "standard"})
    open_seat(driver, server, created, 0)
    wait_for(driver, my_turn_or_over)
    move = next(a for a in legal_actions(driver) if is_board_move(a) and "b1" not in a and "-" in a)
    play_on_board(driver, move)
    trade = "trade=D@b1,d@b1>Q@b1"
    wait_for(driver, lambda d: trade in legal_actions(d))
    assert compose_trade(driver, [("D", "b1"), ("d", "b1")], "Q", "b1") == trade
    wait_for(driver, lambda d: any(li.text.endswith(trade) for li in d.find_elements(By.CSS_SELECTOR, "#moves li")))
    # The bot's turn: its main action and its trade decision at least, each in the list.
    wait_for(driver, lambda d: my_turn_or_over(d) and len(d.find_elements(By.CSS_SELECTOR, "#last-plies li")) >= 2)
    assert driver.find_elements(By.CSS_SELECTOR, "#board rect.last")
    assert driver.find_element(By.ID, "announce").get_attribute("textContent")
    styles = driver.execute_script(
        "return ['rect.last', 'rect.outline[stroke-dasharray]'].map(s => document.querySelector('#board ' + s))"
        ".map(e => e && [getComputedStyle(e).stroke, getComputedStyle(e).strokeDasharray])"
    )
    assert styles[0] and styles[1] and styles[0][0] != styles[1][0] and styles[0][1] != styles[1][1], styles
    driver.save_screenshot(str(SCREENSHOTS / "stacktrices-trade.png"))


def board_box(driver):
    return driver.execute_script("const r = document.querySelector('#board svg').getBoundingClientRect(); return [r.left, r.right, r.top, r.bottom]")


def test_the_layout_on_a_laptop_and_a_phone(driver, server):
    """At 1280 px the side panel stands beside even the widest board (Card Siege, 15 files);
    on a 390 px phone (as a phone lays out: the viewport meta counts) the panel goes under
    the board and the whole board fits the screen's width."""
    created = create_game(server, "card-siege", ["human", "random"])
    open_seat(driver, server, created, 0)
    left, right, _, _ = board_box(driver)
    panel = driver.execute_script("return document.getElementById('panel').getBoundingClientRect().left")
    assert panel >= right, (panel, right)
    moves = driver.execute_script("return getComputedStyle(document.getElementById('moves')).overflowY")
    assert moves == "auto"
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    try:
        for game in ("card-siege", "stacktrices"):
            created = create_game(server, game, ["human", "random"], {"start": "standard"} if game == "stacktrices" else {})
            open_seat(driver, server, created, 0)
            left, right, _, bottom = board_box(driver)
            assert 0 <= left and right <= 390, (game, left, right)
            panel = driver.execute_script("return document.getElementById('panel').getBoundingClientRect().top")
            assert panel >= bottom - 1, (game, panel, bottom)
            assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
        # The other side's move in words next to the board, not below the fold.
        created = create_game(server, "martian-chess", ["random", "human"], {"first": 0})
        open_seat(driver, server, created, 1)
        line = wait_for(driver, lambda d: d.find_element(By.ID, "last-line").text and d.find_element(By.ID, "last-line"))
        assert line.is_displayed() and "South" in line.text, line.text
        _, _, top, _ = board_box(driver)
        above = driver.execute_script("return document.getElementById('last-line').getBoundingClientRect().bottom")
        assert above <= top + 1, (above, top)
        driver.save_screenshot(str(SCREENSHOTS / "phone.png"))
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_record_is_replayed(driver, server, pyrctl, tmp_path):
    record = tmp_path / "games.jsonl"
    subprocess.run(
        [pyrctl, "match", "martian-chess", "--games", "1", "--seed", "3", "--max-plies", "40", "--record", str(record)],
        check=True,
        capture_output=True,
    )
    line = json.loads(record.read_text().splitlines()[0])
    driver.get("about:blank")
    driver.get(server + "/")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game option")) == 4)
    driver.find_element(By.CSS_SELECTOR, "#replay-box summary").click()
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


def test_each_seat_sees_the_board_from_its_side_and_may_flip_it(driver, server):
    """Seat 1 of a two-seat game sees its own side at the bottom (the board turned round:
    rank 1 at the top); the flip button turns it to seat 0's side and back."""

    def rank_1_on_top():
        return square(driver, "a1").rect["y"] < square(driver, "a8").rect["y"]

    created = create_game(server, "martian-chess", ["human", "human"], {"first": 0})
    open_seat(driver, server, created, 1)
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#board rect.square[data-square="a8"]'))
    assert rank_1_on_top()
    driver.find_element(By.ID, "flip").click()
    wait_for(driver, lambda d: not rank_1_on_top())
    driver.find_element(By.ID, "flip").click()
    wait_for(driver, lambda d: rank_1_on_top())
    open_seat(driver, server, created, 0)
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#board rect.square[data-square="a8"]') and not rank_1_on_top())
