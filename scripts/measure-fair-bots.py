#!/usr/bin/env python3
"""A person's bot beside two costly clients (docs/web.md, Limits, "bot moves at once").

Start a server first (`pyrctl serve --addr 127.0.0.1:18666 --db /tmp/fair.sqlite3`), then
run this script (Python 3, no packages): one client (127.0.0.21) plays 30 games against
`ab:ms=2000`, moving as soon as it may; another (127.0.0.22) asks for 15 four-seat games of
an open seat and three `ab:ms=2000` (games of bots alone until the seat is taken: most are
refused); a person (127.0.0.23) plays three moves against `mcts:ms=200`. It prints how long
the person's bot took to answer each move, and their median.
"""

import http.client
import json
import random
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request

BASE = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:18666"


def opener(ip):
    class FromIp(http.client.HTTPConnection):
        def __init__(self, *args, **kwargs):
            kwargs["source_address"] = (ip, 0)
            super().__init__(*args, **kwargs)

    class Handler(urllib.request.HTTPHandler):
        def http_open(self, req):
            return self.do_open(FromIp, req)

    return urllib.request.build_opener(Handler)


def call(op, method, path, body=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        BASE + path, data=data, method=method, headers={"content-type": "application/json"}
    )
    try:
        with op.open(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read() or b"null")


BUSY, OPEN, PERSON = opener("127.0.0.21"), opener("127.0.0.22"), opener("127.0.0.23")
stopping = threading.Event()


def keep_moving(op, game, token):
    while not stopping.is_set():
        status, view = call(op, "GET", f"/api/games/{game}?seat=0&token={token}")
        if status != 200 or view.get("outcome"):
            return
        if view.get("to_act") == 0 and view.get("legal"):
            action = random.choice(view["legal"])
            call(op, "POST", f"/api/games/{game}/actions", {"seat": 0, "token": token, "action": action})
        time.sleep(0.2)


for _ in range(30):
    body = {"game": "martian-chess", "rules": {"first": "0"}, "seats": ["human", "ab:ms=2000"]}
    status, created = call(BUSY, "POST", "/api/games", body)
    if status == 200:
        args = (BUSY, created["id"], created["seat_tokens"][0])
        threading.Thread(target=keep_moving, args=args, daemon=True).start()
refused = 0
for _ in range(15):
    seats = ["open", "ab:ms=2000", "ab:ms=2000", "ab:ms=2000"]
    status, _ = call(OPEN, "POST", "/api/games", {"game": "martian-chess", "players": 4, "seats": seats})
    refused += status != 200
print(f"four-seat games refused: {refused} of 15")
time.sleep(3)
body = {"game": "martian-chess", "rules": {"first": "0"}, "seats": ["human", "mcts:ms=200"]}
status, created = call(PERSON, "POST", "/api/games", body)
game, token = created["id"], created["seat_tokens"][0]
replies = []
for _ in range(3):
    _, view = call(PERSON, "GET", f"/api/games/{game}?seat=0&token={token}")
    plies, asked = view["plies"], time.time()
    call(PERSON, "POST", f"/api/games/{game}/actions", {"seat": 0, "token": token, "action": view["legal"][0]})
    while True:
        _, view = call(PERSON, "GET", f"/api/games/{game}?seat=0&token={token}")
        if view["plies"] >= plies + 2 or view.get("outcome"):
            break
        time.sleep(0.02)
    replies.append(time.time() - asked)
stopping.set()
print("the person's bot answered in", [round(r, 2) for r in replies], "s; median", round(statistics.median(replies), 2), "s")
