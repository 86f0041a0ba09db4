"""The front page for players: every game with a picture and how to play, the computer at
three levels, your games kept across reloads (your turn first, ended ones until
dismissed), open challenges two browsers find each other through, and the tab's title
nudging a player whose turn it is while the tab is hidden."""

import json
import urllib.request

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from conftest import SCREENSHOTS
from pages import click_at, create_game, open_seat, press, seat_link, status, wait_for


def api(server, path, body=None):
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server + path, data, {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def home(driver, server):
    driver.get("about:blank")
    driver.get(server + "/")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game-cards .card")) == 4)


def test_every_game_has_a_picture_a_line_and_how_to_play(driver, server):
    home(driver, server)
    wait_for(driver, lambda d: d.execute_script(
        "return [...document.querySelectorAll('#game-cards img')].every(i => i.complete && i.naturalWidth > 0)"))
    driver.save_screenshot(str(SCREENSHOTS / "front-page.png"))
    for card in driver.find_elements(By.CSS_SELECTOR, "#game-cards .card"):
        game = card.get_attribute("data-game")
        image = card.find_element(By.TAG_NAME, "img")
        wait_for(driver, lambda d: d.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", image))
        assert len(card.find_element(By.CSS_SELECTOR, "p").text) > 40, game
        press(driver, card.find_element(By.CSS_SELECTOR, "details summary"))
        how = card.find_element(By.CSS_SELECTOR, "details p").text
        assert len(how) > 200, game
        assert card.find_element(By.CSS_SELECTOR, "details a").get_attribute("href").endswith(f"/rules/{game}")
    # Options are switches and drop-downs with their one line; Martian Chess's own
    # "clock" rule is not named like a time control.
    press(driver, driver.find_element(By.CSS_SELECTOR, 'button[data-choose="martian-chess"]'))
    undo = driver.find_element(By.CSS_SELECTOR, '#options [data-option="undo"]')
    assert undo.tag_name == "select"
    clock = driver.find_element(By.CSS_SELECTOR, '#options [data-option="clock"]')
    assert clock.get_attribute("type") == "checkbox"
    label = clock.find_element(By.XPATH, "..").text
    assert "Calling the clock" in label and "7 plies" in label
    # Bot specs stay under the advanced fold.
    assert not driver.find_element(By.CSS_SELECTOR, '#seat-list input[data-seat="1"]').is_displayed()
    driver.save_screenshot(str(SCREENSHOTS / "front-page-options.png"))


def test_the_computer_levels_seat_the_bots_docs_web_names(driver, server):
    home(driver, server)
    press(driver, driver.find_element(By.CSS_SELECTOR, 'button[data-choose="ataxx-ice"]'))
    Select(driver.find_element(By.ID, "level")).select_by_value("hard")
    press(driver, driver.find_element(By.ID, "start"))
    wait_for(driver, lambda d: "#game=" in d.current_url and status(d) != "")
    game_id = driver.current_url.split("#game=")[1].split("&")[0]
    view = api(server, f"/api/games/{game_id}")
    # The server writes the bot's spec with its own caps (the transposition table's size).
    assert view["seats"][0] == "human" and view["seats"][1].startswith("ab:ms=1000")


def test_your_games_survive_a_reload_your_turn_first_and_ended_ones_until_dismissed(driver, server):
    home(driver, server)
    driver.execute_script("localStorage.clear()")
    waiting = create_game(server, "martian-chess", ["human", "human"], {"first": 1})
    mine = create_game(server, "card-siege", ["human", "human"])
    over = create_game(server, "ataxx-ice", ["human", "random"])
    for created in (waiting, mine, over):
        open_seat(driver, server, created, 0)
    api(server, f"/api/games/{over['id']}/resign", {"seat": 0, "token": over["seat_tokens"][0]})
    home(driver, server)
    driver.refresh()
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#my-games li")) >= 3)
    wait_for(driver, lambda d: "your turn" in d.find_elements(By.CSS_SELECTOR, "#my-games li")[0].text)
    rows = driver.find_elements(By.CSS_SELECTOR, "#my-games li")
    assert [r.get_attribute("data-game") for r in rows] == [mine["id"], waiting["id"], over["id"]]
    assert "Card siege" in rows[0].text and "your turn" in rows[0].text
    # Waiting on North, who has not opened the game yet (the server says so since its
    # clocks wait for the players; before: "North to act").
    assert "Waiting for North to join" in rows[1].text or "North to act" in rows[1].text, rows[1].text
    assert "ended" in rows[2].get_attribute("class") and "resign" in rows[2].text, rows[2].text
    press(driver, driver.find_element(By.CSS_SELECTOR, f'button[data-dismiss="{over["id"]}"]'))
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#my-games li")) == 2)
    # A row opens its seat again.
    press(driver, driver.find_element(By.CSS_SELECTOR, f'#my-games li[data-game="{mine["id"]}"] a'))
    wait_for(driver, lambda d: status(d) == "to_act=0" and f"#game={mine['id']}" in d.current_url)


def test_two_browsers_find_each_other_through_the_open_challenges(driver, driver2, server):
    home(driver, server)
    press(driver, driver.find_element(By.CSS_SELECTOR, 'button[data-choose="martian-chess"]'))
    press(driver, driver.find_element(By.CSS_SELECTOR, '#opponent input[value="open"]'))
    press(driver, driver.find_element(By.ID, "start"))
    wait_for(driver, lambda d: "#game=" in d.current_url and status(d) != "")
    game_id = driver.current_url.split("#game=")[1].split("&")[0]
    home(driver2, server)
    join = wait_for(driver2, lambda d: d.find_elements(By.CSS_SELECTOR, f'button[data-join="{game_id}"]'))
    press(driver2, join[0])
    wait_for(driver2, lambda d: f"#game={game_id}" in d.current_url and "seat=1" in d.current_url and status(d) != "")
    # Both seats are people now, and the challenge has left the lobby.
    assert api(server, f"/api/games/{game_id}")["seats"] == ["human", "human"]
    assert game_id not in [g["id"] for g in api(server, "/api/lobby")["games"]]
    driver2.save_screenshot(str(SCREENSHOTS / "joined-from-the-lobby.png"))


def test_a_hidden_tab_says_your_turn_in_its_title(driver, server):
    created = create_game(server, "martian-chess", ["human", "human"], {"first": 1})
    open_seat(driver, server, created, 0)
    wait_for(driver, lambda d: status(d) == "to_act=1")
    assert "Your turn" not in driver.title
    # The player switches to another tab.
    driver.execute_script(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => true});"
        "document.dispatchEvent(new Event('visibilitychange'));"
    )
    view = api(server, f"/api/games/{created['id']}?seat=1&token={created['seat_tokens'][1]}")
    api(server, f"/api/games/{created['id']}/actions",
        {"seat": 1, "token": created["seat_tokens"][1], "action": view["legal"][0]})
    wait_for(driver, lambda d: "Your turn" in d.title)
    # Back on the tab: the title is the game's again.
    driver.execute_script(
        "Object.defineProperty(document, 'hidden', {configurable: true, get: () => false});"
        "document.dispatchEvent(new Event('visibilitychange'));"
    )
    wait_for(driver, lambda d: "Your turn" not in d.title)
    assert seat_link(created, 0)


def test_the_move_list_steps_back_through_the_game(driver, server):
    created = create_game(server, "martian-chess", ["human", "human"], {"first": 0})
    token = created["seat_tokens"]
    for seat in (0, 1, 0):
        view = api(server, f"/api/games/{created['id']}?seat={seat}&token={token[seat]}")
        api(server, f"/api/games/{created['id']}/actions", {"seat": seat, "token": token[seat], "action": view["legal"][0]})
    open_seat(driver, server, created, 1)
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#moves li")) == 3)
    board = lambda d: d.find_element(By.ID, "board").get_attribute("innerHTML")
    live = board(driver)
    click_at(driver, driver.find_element(By.CSS_SELECTOR, '#moves li[data-ply="1"]'))
    wait_for(driver, lambda d: d.find_element(By.ID, "frame").get_attribute("data-ply") == "1" and board(d) != live)
    assert "reviewing" in driver.find_element(By.TAG_NAME, "body").get_attribute("class")
    assert not driver.find_element(By.ID, "legal").is_displayed()
    driver.find_element(By.ID, "replay-first").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "frame").get_attribute("data-ply") == "0")
    driver.find_element(By.ID, "replay-next").click()
    wait_for(driver, lambda d: d.find_element(By.ID, "frame").get_attribute("data-ply") == "1")
    driver.find_element(By.ID, "review-back").click()
    wait_for(driver, lambda d: "reviewing" not in (d.find_element(By.TAG_NAME, "body").get_attribute("class") or ""))
    wait_for(driver, lambda d: d.find_element(By.ID, "legal").is_displayed())


def test_the_arrow_keys_step_through_the_moves_sounds_start_off_and_news_start_afresh(driver, server):
    """Left steps back from the game into review, Home to the start, Right on, End back
    to the game; the Sounds button is off until pressed; a new game's live region holds
    none of the last game's news."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    created = create_game(server, "martian-chess", ["human", "human"], {"first": 0})
    token = created["seat_tokens"]
    for seat in (0, 1):
        view = api(server, f"/api/games/{created['id']}?seat={seat}&token={token[seat]}")
        api(server, f"/api/games/{created['id']}/actions", {"seat": seat, "token": token[seat], "action": view["legal"][0]})
    open_seat(driver, server, created, 0)
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#moves li")) == 2)
    wait_for(driver, lambda d: d.find_element(By.ID, "announce").get_attribute("textContent"))
    assert driver.find_element(By.ID, "sound").text == "Sounds: off"
    assert driver.find_element(By.ID, "sound").get_attribute("aria-pressed") == "false"
    ply = lambda d: d.find_element(By.ID, "frame").get_attribute("data-ply")
    reviewing = lambda d: "reviewing" in (d.find_element(By.TAG_NAME, "body").get_attribute("class") or "")
    driver.execute_script("document.activeElement && document.activeElement.blur()")
    ActionChains(driver).send_keys(Keys.ARROW_LEFT).perform()
    wait_for(driver, lambda d: reviewing(d) and ply(d) == "1")
    ActionChains(driver).send_keys(Keys.HOME).perform()
    wait_for(driver, lambda d: ply(d) == "0")
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    wait_for(driver, lambda d: ply(d) == "1")
    ActionChains(driver).send_keys(Keys.END).perform()
    wait_for(driver, lambda d: not reviewing(d))
    # Another game: the live region starts empty (North's move above is not said again).
    other = create_game(server, "card-siege", ["human", "random"])
    driver.get(server + f"/#game={other['id']}&seat=0&token={other['seat_tokens'][0]}")
    wait_for(driver, lambda d: status(d) != "" and d.find_element(By.ID, "you").text == "You are Hearts")
    assert "North" not in driver.find_element(By.ID, "announce").get_attribute("textContent")


def test_a_capture_is_told_in_words_and_marked_in_the_move_list(driver, server):
    # South's pawn on a4 takes North's pawn on b5, across the canal.
    body = {"game": "martian-chess", "seats": ["human", "human"], "start": "4/4/4/1P2/P3/4/4/Q3 0 0,0 - 0"}
    created = api(server, "/api/games", body)
    open_seat(driver, server, created, 1)
    token = created["seat_tokens"][0]
    api(server, f"/api/games/{created['id']}/actions", {"seat": 0, "token": token, "action": "a4-b5"})
    row = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#moves li.capture"))[0]
    assert "captured the pawn on b5 from a4 (1 point)" in row.text, row.text
    words = driver.find_element(By.ID, "last-plies").text
    assert "captured the pawn on b5" in words, words
