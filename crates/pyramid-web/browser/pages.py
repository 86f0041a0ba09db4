"""What the browser tests read from and do on the page (its test contract: docs/web.md)."""

import json
import re
import urllib.request
import xml.etree.ElementTree as ElementTree
from urllib.parse import parse_qs, urlsplit

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.common.exceptions import StaleElementReferenceException, TimeoutException
from selenium.webdriver.support.ui import Select, WebDriverWait

SQUARE = re.compile(r"[a-o](?:1[0-5]|[1-9])")


def wait_for(driver, condition, timeout=20):
    """Polls `condition` until it holds; an element the page redrew meanwhile (stale) is
    looked for again at the next poll."""
    return WebDriverWait(
        driver, timeout, poll_frequency=0.05, ignored_exceptions=[StaleElementReferenceException]
    ).until(lambda d: condition(d))


def attr(driver, element_id, name):
    return driver.find_element(By.ID, element_id).get_attribute(name) or ""


def status(driver) -> str:
    """`to_act=N` or `outcome=...` (`#status[data-status]`)."""
    return attr(driver, "status", "data-status")


def status_words(driver) -> str:
    return driver.find_element(By.ID, "status").text


def position(driver) -> str:
    return attr(driver, "position", "data-position")


def is_over(driver) -> bool:
    return status(driver).startswith("outcome=")


def legal_actions(driver) -> list:
    """Every legal action the page offers the seat, read in one round trip (the list in
    notation; empty while a single forced choice is being played for the player)."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#all-legal button[data-action]')].map(b => b.dataset.action)"
    )


def my_turn_or_over(driver, seat=0):
    if is_over(driver):
        return True
    return status(driver) == f"to_act={seat}" and legal_actions(driver)


def move_count(driver) -> int:
    return len(driver.find_elements(By.CSS_SELECTOR, "#moves li"))


def click_at(driver, element):
    """A real click at the element's centre: whatever is drawn on top there gets it."""
    ActionChains(driver).move_to_element(element).click().perform()


def press(driver, element):
    """Presses a control of the page's forms (a button, a radio): the element itself, not
    whatever stands at its place, since the front page's lists ("Your games", the open
    challenges) fill in as their answers arrive and move what is under them."""
    driver.execute_script("arguments[0].click()", element)


def square(driver, name):
    return driver.find_element(By.CSS_SELECTOR, f'#board rect.square[data-square="{name}"]')


def click_square(driver, name):
    click_at(driver, square(driver, name))


def choose_from_list(driver, action):
    """Clicks the action's button: the one shown, else the one in the notation list."""
    shown = [b for b in driver.find_elements(By.CSS_SELECTOR, f'#legal button[data-action="{action}"]') if b.is_displayed()]
    if not shown:
        details = driver.find_element(By.ID, "notation")
        if not details.get_attribute("open"):
            driver.find_element(By.ID, "notation-summary").click()
        shown = [driver.find_element(By.CSS_SELECTOR, f'#all-legal button[data-action="{action}"]')]
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", shown[0])
    shown[0].click()


def play_on_board(driver, action):
    """A move by clicking its piece, then its target (or the list, narrowed to the actions
    of that piece and target, when one click leaves several: then the target is clicked
    first, and the action chosen among the buttons it leaves)."""
    squares = SQUARE.findall(action)
    click_square(driver, squares[0])
    target = wait_for(
        driver,
        lambda d: d.find_elements(By.CSS_SELECTOR, f'#board rect.target[data-action="{action}"]')
        or d.find_elements(By.CSS_SELECTOR, f'#legal button[data-action="{action}"]')
        or d.find_elements(By.CSS_SELECTOR, f'#board rect.target[data-square="{squares[1]}"]:not([data-action])'),
    )
    shared = target[0].tag_name == "rect" and not target[0].get_attribute("data-action")
    click_at(driver, target[0])
    if shared:
        button = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#legal button[data-action="{action}"]'))
        button[0].click()


def chosen_steps(driver) -> list:
    """The texts of the steps chosen so far in the action under way (`#compose-chosen`)."""
    return attr(driver, "compose-chosen", "data-steps").split()


def click_mark(driver, mark):
    """A click on what a decision step's mark names, as a person clicks it: a piece of a
    tray under the board, the piece on its square, or the square (at its centre: a target
    drawn over it gets the click)."""
    if mark.get("tray"):
        element = driver.find_element(
            By.CSS_SELECTOR, f'#board [data-tray="{mark["tray"]}"][data-piece="{mark["piece"]}"]:not(text)'
        )
    elif mark.get("piece"):
        element = driver.find_element(
            By.CSS_SELECTOR, f'#board [data-square="{mark["square"]}"][data-piece="{mark["piece"]}"]:not(text)'
        )
    else:
        element = square(driver, mark["square"])
    click_at(driver, element)


def play_by_steps(driver, action, steps):
    """Plays `action` as a person does, from the decision steps the page shows (`steps`:
    the view's `steps`): for each of its steps in turn, its marks clicked on the board, or,
    for a step in words (or clicks that leave several steps), the step's button. Stops
    once the page sends the action (`#legal[data-sent]`: a target or button finished it);
    the move is then listed."""
    before = move_count(driver)
    path = next(a["steps"] for a in steps["actions"] if a["action"] == action)
    sent = lambda d: bool(attr(d, "legal", "data-sent")) or move_count(d) > before or is_over(d)
    for done, index in enumerate(path):
        if sent(driver):
            break
        step = steps["steps"][index]
        for mark in step["marks"]:
            click_mark(driver, mark)
        if not sent(driver) and len(chosen_steps(driver)) == done:
            button = f'#legal button[data-step="{step["text"]}"]'
            wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, button))[0].click()
        wait_for(driver, lambda d: sent(d) or len(chosen_steps(d)) > done)
        if not sent(driver):
            assert chosen_steps(driver)[done] == step["text"], (action, chosen_steps(driver), step["text"])
    wait_for(driver, lambda d: move_count(d) > before or is_over(d), timeout=30)
    played = driver.execute_script("return session.view.moves")[before]
    assert played["action"] == action, (played, action)


def is_board_move(action) -> bool:
    return len(SQUARE.findall(action)) >= 2 and "=" not in action and "[" not in action


def create_game(server, game, seats, rules=None, clock=None):
    """A game made through the API (with `clock`: the create body's time control): its
    `Created` answer."""
    body = {"game": game, "seats": list(seats), "rules": rules or {}}
    if clock:
        body["clock"] = clock
    body = json.dumps(body).encode()
    request = urllib.request.Request(server + "/api/games", body, {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def seat_link(created, seat) -> str:
    """The seat's link: the server's, or the fragment the page builds from the seat token."""
    links = created.get("links")
    if links:
        return links["seats"][seat]
    return f"/#game={created['id']}&seat={seat}&token={created['seat_tokens'][seat]}"


def open_seat(driver, server, created, seat):
    driver.get("about:blank")
    driver.get(server + seat_link(created, seat))
    wait_for(driver, lambda d: status(d) != "" and d.find_elements(By.CSS_SELECTOR, "#board rect.square"))


def set_option(driver, key, value):
    """Sets a rule option on the front page's form: a switch, a drop-down or a field."""
    field = driver.find_element(By.CSS_SELECTOR, f'#options [data-option="{key}"]')
    if field.tag_name == "select":
        Select(field).select_by_value(str(value))
    elif field.get_attribute("type") == "checkbox":
        if field.is_selected() != (str(value) in ("on", "true", "yes", "1")):
            press(driver, field)
    else:
        field.clear()
        field.send_keys(str(value))


def start_game(driver, server, game, rules=None, seats=("human", "random")):
    """A game made with the page's form (which then opens the first human seat's link):
    the game's card chosen, the rule options set, the seats typed under the advanced fold."""
    driver.get("about:blank")
    driver.get(server + "/")
    wait_for(driver, lambda d: len(d.find_elements(By.CSS_SELECTOR, "#game-cards .card")) == 4)
    press(driver, driver.find_element(By.CSS_SELECTOR, f'button[data-choose="{game}"]'))
    wait_for(driver, lambda d: d.find_element(By.ID, "new-game-name").text == game)
    for key, value in (rules or {}).items():
        set_option(driver, key, value)
    advanced = driver.find_element(By.ID, "advanced")
    if not advanced.get_attribute("open"):
        press(driver, advanced.find_element(By.TAG_NAME, "summary"))
    for seat, who in enumerate(seats):
        field = driver.find_element(By.CSS_SELECTOR, f'#seat-list input[data-seat="{seat}"]')
        field.clear()
        field.send_keys(who)
    press(driver, driver.find_element(By.ID, "start"))
    wait_for(driver, lambda d: status(d) != "" and "#game=" in d.current_url)


def call(url, body=None):
    """A JSON request (POST with `body`, else GET); its JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data, {"content-type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def seat_of(driver):
    """The game, seat and token of the page's fragment."""
    fragment = parse_qs(urlsplit(driver.current_url).fragment)
    return fragment["game"][0], fragment["seat"][0], fragment["token"][0]


def server_view(server, driver):
    """The game as the server shows it to the page's seat now."""
    game, seat, token = seat_of(driver)
    return call(f"{server}/api/games/{game}?seat={seat}&token={token}")


def server_pieces(server, driver):
    """Every piece of the seat's picture as the server draws it now: (square, outline)."""
    game, seat, token = seat_of(driver)
    with urllib.request.urlopen(f"{server}/api/games/{game}/svg?seat={seat}&token={token}", timeout=10) as answer:
        svg = ElementTree.fromstring(answer.read())
    return sorted(
        (e.get("data-square"), e.get("points"))
        for e in svg.iter("{http://www.w3.org/2000/svg}polygon")
        if e.get("data-square") and "piece" in (e.get("class") or "").split()
    )


def page_pieces(driver):
    """Every piece of the page's picture: (square, outline)."""
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


def check_board(server, driver, plies, who, timeout=10):
    """The page shows the game after `plies` plies: its move list, its position and its
    picture (the pieces drawn with `polygon.piece`) are the server's for its seat, and no
    selection is left on the board. The server is waited for first (a request the page
    sent may still be on its way)."""
    try:
        view = wait_for(driver, lambda d: (v := server_view(server, d))["plies"] == plies and v, timeout=timeout)
    except TimeoutException:
        raise AssertionError(f"{who}: the server's game has {server_view(server, driver)['plies']} plies, not {plies}") from None
    expected = server_pieces(server, driver)

    def current(d):
        return (
            move_count(d) == plies
            and position(d) == view["position"]
            and page_pieces(d) == expected
            and not leftover_marks(d)
        )

    try:
        wait_for(driver, current, timeout=timeout)
    except TimeoutException:
        shown = page_pieces(driver)
        raise AssertionError(
            f"{who}'s board is stale after ply {plies}: moves listed {move_count(driver)}, "
            f"position {position(driver)!r} (server {view['position']!r}), "
            f"marks left {leftover_marks(driver)}, pieces shown but not the server's "
            f"{sorted(set(shown) - set(expected))}, the server's not shown {sorted(set(expected) - set(shown))}"
        ) from None


def play_a_move(driver, choose, seat, timeout=15):
    """The seat plays a move chosen by `choose` among its board moves, by clicking; once
    the page lists it, the action."""
    wait_for(driver, lambda d: my_turn_or_over(d, seat), timeout=timeout)
    assert not is_over(driver)
    before = move_count(driver)
    action = choose.choice([a for a in legal_actions(driver) if is_board_move(a)])
    play_on_board(driver, action)
    wait_for(driver, lambda d: move_count(d) > before or is_over(d))
    return action


def compose_trade(driver, given, store_piece, onto):
    """A trade composed by clicks from the steps the server lists: each given piece on its
    square (`given`: (piece, square) pairs), "Done giving", the store's `store_piece` under
    the board and the stack `onto` it goes on, then "Done taking", which plays it."""
    for piece, at in given:
        click_at(driver, driver.find_element(By.CSS_SELECTOR, f'#board polygon[data-square="{at}"][data-piece="{piece}"]'))
        wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#board polygon.picked[data-square="{at}"][data-piece="{piece}"]'))
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#legal button[data-step="give=end"]'))[0].click()
    click_at(driver, driver.find_element(By.CSS_SELECTOR, f'#board polygon[data-tray="store"][data-piece="{store_piece}"]'))
    target = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f'#board rect.target[data-square="{onto}"]'))
    click_at(driver, target[0])
    done = wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, '#legal button[data-step="take=end"]'))
    action = done[0].get_attribute("data-action")
    done[0].click()
    return action
