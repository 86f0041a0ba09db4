"""Playing from the front page's cards: a first move right after the front page in every
game (Play, then the move's own clicks), North's side chosen on the card, a four-seat
Martian Chess game played by clicks, an open 3 + 2 challenge listed in players' words,
the cards on a 390 px phone, who moves first chosen among the seats by name, and a picked
card's whole attack pattern outlined."""

import json
import random
import urllib.request

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import SCREENSHOTS
from pages import (
    SQUARE,
    attr,
    click_at,
    click_square,
    create_game,
    is_over,
    move_count,
    my_turn_or_over,
    open_seat,
    play_a_move,
    press,
    wait_for,
)

GAMES = ["martian-chess", "ataxx-ice", "card-siege", "stacktrices"]


def home(driver, server):
    driver.get("about:blank")
    driver.get(server + "/")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game-cards .card")) == 4)


def card(driver, game):
    return driver.find_element(By.CSS_SELECTOR, f'#game-cards .card[data-game="{game}"]')


def one_step_move(driver):
    """A legal action of one decision step whose marks are squares only, and those squares
    in the order a player clicks them (read from the page's view: the server's steps)."""
    steps = driver.execute_script("return session.view.steps")
    for action in steps["actions"]:
        if len(action["steps"]) != 1:
            continue
        marks = steps["steps"][action["steps"][0]]["marks"]
        if marks and all(set(m) == {"square"} for m in marks):
            return action["action"], [m["square"] for m in marks]
    raise AssertionError("no action of one step on squares alone")


def play_by_marks(driver, action, squares):
    """Clicks the squares of a one-step action: its start, then the target that plays it
    (or the button the last click leaves, when several steps share its squares)."""
    before = move_count(driver)
    for sq in squares[:-1]:
        click_square(driver, sq)
    last = squares[-1]
    if len(squares) == 1:
        click_square(driver, last)
    else:
        target = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#board rect.target[data-square="{last}"]'))
        shared = not target[0].get_attribute("data-action")
        click_at(driver, target[0])
        if shared:
            wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#legal button[data-action="{action}"]'))[0].click()
    wait_for(driver, lambda d: move_count(d) > before)
    assert any(li.text.endswith(action) for li in driver.find_elements(By.CSS_SELECTOR, "#moves li")), action


@pytest.mark.parametrize("game", GAMES)
def test_from_the_front_page_a_first_move_after_one_click_on_play(driver, server, game):
    home(driver, server)
    # The card's defaults: the first seat, the computer at Medium.
    assert card(driver, game).find_element(By.CSS_SELECTOR, "select[data-level]").get_attribute("value") == "medium"
    press(driver, card(driver, game).find_element(By.CSS_SELECTOR, f'button[data-play="{game}"]'))
    wait_for(driver, lambda d: "#game=" in d.current_url and attr(d, "you", "data-you") == "0")
    wait_for(driver, lambda d: my_turn_or_over(d, 0), timeout=30)
    action, squares = one_step_move(driver)
    play_by_marks(driver, action, squares)
    view = driver.execute_script("return session.view")
    # Medium's bot (the server adds its caps to the spec it shows).
    assert view["seats"][0] == "human" and view["seats"][1].split(",")[0] == "mcts:ms=300", view["seats"]


def test_north_from_the_card(driver, server):
    home(driver, server)
    game = card(driver, "martian-chess")
    north = game.find_element(By.CSS_SELECTOR, '.sides input[data-side="1"]')
    assert north.find_element(By.XPATH, "..").text == "North"
    press(driver, north)
    Select(game.find_element(By.CSS_SELECTOR, "select[data-level]")).select_by_value("easy")
    press(driver, game.find_element(By.CSS_SELECTOR, 'button[data-play="martian-chess"]'))
    wait_for(driver, lambda d: attr(d, "you", "data-you") == "1")
    assert driver.find_element(By.ID, "you").text == "You are North"
    view = driver.execute_script("return session.view")
    assert view["seats"] == ["greedy", "human"]
    # The bot is named by its level: "Your games" lists the game against "South (Easy)".
    # North's side of the board at the bottom: rank 8 below rank 1.
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#board rect.square[data-square="a8"]'))
    y = lambda sq: float(driver.find_element(By.CSS_SELECTOR, f'#board rect.square[data-square="{sq}"]').get_attribute("y"))
    assert y("a8") > y("a1")
    wait_for(driver, lambda d: my_turn_or_over(d, 1), timeout=30)
    action, squares = one_step_move(driver)
    play_by_marks(driver, action, squares)
    game_id = driver.current_url.split("#game=")[1].split("&")[0]
    home(driver, server)
    row = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#my-games li[data-game="{game_id}"]'))[0]
    assert "you are North against South (Easy)" in row.text, row.text


def test_a_four_seat_martian_chess_game_by_clicks(driver, server):
    created = create_game(server, "martian-chess", ["human", "greedy", "greedy", "greedy"], {"first": 0, "seats": 4})
    open_seat(driver, server, created, 0)
    assert driver.execute_script("return session.view.seat_names.length") == 4
    choose = random.Random(4)
    for _ in range(3):
        wait_for(driver, lambda d: my_turn_or_over(d, 0), timeout=30)
        if is_over(driver):
            break
        play_a_move(driver, choose, 0)
    # Every seat's moves are listed, each in words naming the seat.
    words = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#moves li")]
    assert len(words) >= 4, words
    driver.save_screenshot(str(SCREENSHOTS / "martian-chess-four-seats.png"))


def test_the_lobby_row_of_a_3_plus_2_challenge(driver, server):
    body = {
        "game": "martian-chess", "seats": ["human", "open"], "lobby": True,
        "clock": {"initial_seconds": 180, "increment_seconds": 2},
    }
    request = urllib.request.Request(server + "/api/games", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        created = json.loads(answer.read())
    home(driver, server)
    row = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#lobby li[data-game="{created["id"]}"]'))[0]
    text = row.text
    assert text.startswith("3 + 2 \u00b7 Martian chess \u00b7 plays South"), text
    # Only rules that differ from the defaults: none here, so no option is named.
    assert "ply" not in text and "first" not in text and "=" not in text, text


def test_the_cards_on_a_phone(driver, server):
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True}
    )
    try:
        home(driver, server)
        wide = driver.execute_script("return document.documentElement.scrollWidth")
        assert wide <= 390, wide
        play = card(driver, "stacktrices").find_element(By.CSS_SELECTOR, 'button[data-play="stacktrices"]')
        box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.right]", play)
        assert 0 <= box[0] and box[1] <= 390, box
        driver.save_screenshot(str(SCREENSHOTS / "front-page-phone.png"))
        press(driver, play)
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board svg"))
        right = driver.execute_script("return document.querySelector('#board svg').getBoundingClientRect().right")
        assert right <= 390, right
        assert driver.execute_script("return document.documentElement.scrollWidth") <= 390
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


RELOCATING = "7S1/5S1S11/8/8/3S04/8/8/S0S0S04S0 0 055,255 - 0"


def test_ataxx_ice_grows_by_clicking_the_piece_and_relocates_by_clicks(driver, server):
    """Red's smalls on d4, a1, b1, c1, h1; the jump d4-f6 captures f7 and g7, and Red
    chooses which two of its smalls move onto them. All of it by clicks on the board and
    the buttons the steps give, in words: the jump's start and target (a target marked
    `jump`, apart from the clones'), then two pieces to move, then "Done choosing"."""
    body = {"game": "ataxx-ice", "seats": ["human", "random"], "start": RELOCATING}
    request = urllib.request.Request(server + "/api/games", json.dumps(body).encode(), {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        created = json.loads(answer.read())
    open_seat(driver, server, created, 0)
    wait_for(driver, lambda d: my_turn_or_over(d, 0))
    # A click on a piece: its grow and shrink as buttons in words, its clones and jumps
    # as targets, each kind its own.
    click_square(driver, "d4")
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board rect.target"))
    buttons = [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#legal button[data-step]")]
    assert any(t.startswith("Grow the piece on d4") for t in buttons), buttons
    assert any(t.startswith("Shrink the piece on d4") for t in buttons), buttons
    kinds = driver.execute_script("return [...document.querySelectorAll('#board text.kind-label')].map(t => t.textContent)")
    assert set(kinds) == {"clone", "jump"}, kinds
    styles = driver.execute_script(
        "return ['e5', 'f6'].map(s => getComputedStyle(document.querySelector(`#board rect.target[data-square='${s}']`)).strokeDasharray)"
    )
    assert styles[0] != styles[1], styles
    # The jump to f6, then the pieces moved onto the captured squares.
    click_at(driver, driver.find_element(By.CSS_SELECTOR, '#board rect.target[data-square="f6"]'))
    wait_for(driver, lambda d: d.find_element(By.ID, "compose-chosen").text.startswith("Jump d4 to f6"))
    before = move_count(driver)
    for sq in ("a1", "h1"):
        click_square(driver, sq)
        wait_for(driver, lambda d: sq in d.find_element(By.ID, "compose-chosen").text)
    done = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#legal button[data-step="end"]'))
    assert done[0].get_attribute("data-action") == "d4-f6[a1,h1]"
    done[0].click()
    wait_for(driver, lambda d: move_count(d) > before)
    first = driver.find_elements(By.CSS_SELECTOR, "#moves li")[0].text
    assert first.endswith("d4-f6[a1,h1]") and "moving pieces from a1 and h1" in first, first


def choice_texts(select):
    """The texts of a drop-down's choices (shown or folded away)."""
    return [o.get_attribute("textContent") for o in Select(select).options]


def test_who_moves_first_is_a_choice_of_the_seats_by_name(driver, server):
    """An option whose value is a seat (Martian Chess's `first`) is a drop-down of
    "random" and the seats by name, for the number of players chosen (rebuilt when it
    changes); North chosen on the card makes a game where North moves first."""
    home(driver, server)
    game = card(driver, "martian-chess")
    first = game.find_element(By.CSS_SELECTOR, '.variants select[data-option="first"]')
    assert choice_texts(first) == ["random", "South", "North"]
    assert first.get_attribute("value") == "random"
    # The form for more players: the seats of a four-seat game, and back.
    press(driver, game.find_element(By.CSS_SELECTOR, 'button[data-choose="martian-chess"]'))
    wait_for(driver, lambda d: d.find_element(By.ID, "new-game-name").text == "martian-chess")
    form_first = lambda: driver.find_element(By.CSS_SELECTOR, '#options select[data-option="first"]')
    assert choice_texts(form_first()) == ["random", "South", "North"]
    players = Select(driver.find_element(By.ID, "players"))
    players.select_by_value("4")
    assert choice_texts(form_first()) == ["random", "South-west", "North-west", "North-east", "South-east"]
    Select(form_first()).select_by_visible_text("North-east")
    players.select_by_value("2")
    assert choice_texts(form_first()) == ["random", "South", "North"]
    assert form_first().get_attribute("value") == "random", "seat 2 is gone with two players"
    # North moves first: the bot (North) opens the game against South.
    press(driver, game.find_element(By.CSS_SELECTOR, ".variants summary"))
    Select(first).select_by_visible_text("North")
    Select(game.find_element(By.CSS_SELECTOR, "select[data-level]")).select_by_value("easy")
    press(driver, game.find_element(By.CSS_SELECTOR, 'button[data-play="martian-chess"]'))
    wait_for(driver, lambda d: "#game=" in d.current_url and attr(d, "you", "data-you") == "0")
    view = wait_for(driver, lambda d: (v := d.execute_script("return session.view")) and v["moves"] and v)
    assert view["rules"]["first"] == "1", view["rules"]
    assert view["moves"][0]["seat"] == 1, view["moves"]


# Some cards of Hearts' home row at the start and the squares their ranks attack: the
# Ace and the 3 and 5 (soldiers: one square orthogonally), the 7 and 8 (pikemen: one rank
# up, one or two files sideways), the 9 (a flanker: one or two files sideways) and the
# Jack (an archer: diagonally, one or two squares).
START_PATTERNS = {
    "a1": {"b1", "a2"},
    "b1": {"a1", "c1", "b2"},
    "c1": {"b1", "d1", "c2"},
    "e1": {"c2", "d2", "f2", "g2"},
    "f1": {"d1", "e1", "g1", "h1"},
    "g1": {"f2", "h2", "e3", "i3"},
    "k1": {"i2", "j2", "l2", "m2"},
}


def test_a_picked_card_outlines_every_square_it_attacks(driver, server):
    """Picking a card outlines its whole attack pattern (the picture's `data-attacks`),
    squares of its own cards and empty squares included, besides the squares it may go
    to; the outline goes once the move is played."""
    home(driver, server)
    press(driver, card(driver, "card-siege").find_element(By.CSS_SELECTOR, 'button[data-play="card-siege"]'))
    wait_for(driver, lambda d: "#game=" in d.current_url and attr(d, "you", "data-you") == "0")
    wait_for(driver, lambda d: my_turn_or_over(d, 0), timeout=30)
    starts = {SQUARE.findall(a)[0] for a in driver.execute_script("return session.view.legal")}
    start = next(sq for sq in START_PATTERNS if sq in starts)
    click_square(driver, start)
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#board rect.target"))
    marked = lambda cls: driver.execute_script(
        f"return [...document.querySelectorAll('#board rect.{cls}')].map(r => r.dataset.square)"
    )
    outlined, targets = marked("attack"), marked("target")
    assert sorted(outlined) == sorted(START_PATTERNS[start]), (start, outlined)
    assert set(outlined) != set(targets), (outlined, targets)
    assert "attacks" in driver.find_element(By.ID, "legend").text
    driver.save_screenshot(str(SCREENSHOTS / "card-siege-attacks.png"))
    # Played, the pattern goes with the selection.
    before = move_count(driver)
    click_at(driver, driver.find_element(By.CSS_SELECTOR, "#board rect.target[data-action]"))
    wait_for(driver, lambda d: move_count(d) > before)
    assert not marked("attack")
