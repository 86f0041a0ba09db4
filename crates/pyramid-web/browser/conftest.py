"""Fixtures for the browser tests: a `pyrctl serve` on a free loopback port and headless
Chromiums driven by Selenium (Debian's `chromium` and `chromium-driver`): one for the whole
session, a second one for the tests where two people play each other."""

import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parents[3]
SCREENSHOTS = ROOT / "target" / "screenshots"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def pyrctl() -> str:
    return os.environ.get("PYRCTL", str(ROOT / "target" / "debug" / "pyrctl"))


class Server:
    """A `pyrctl serve` on a loopback port, stopped and started again on the same port
    (and the same `--db` file, when given) by `restart`."""

    def __init__(self, pyrctl: str, db=None):
        self.pyrctl = pyrctl
        self.db = db
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = None

    def start(self):
        command = [self.pyrctl, "serve", "--addr", f"127.0.0.1:{self.port}"]
        if self.db is not None:
            command += ["--db", str(self.db)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(400):
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None:
                    break
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("pyrctl serve did not start")

    def stop(self):
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def restart(self):
        self.stop()
        self.start()


def serves_db(pyrctl: str) -> bool:
    """Whether this `pyrctl serve` keeps its games in a database (`--db`)."""
    help_text = subprocess.run([pyrctl, "serve", "--help"], capture_output=True, text=True, timeout=30).stdout
    return "--db" in help_text


@pytest.fixture(scope="session")
def server(pyrctl, tmp_path_factory):
    """The server's base URL; the server is stopped after the session."""
    db = tmp_path_factory.mktemp("db") / "games.sqlite3" if serves_db(pyrctl) else None
    s = Server(pyrctl, db)
    s.start()
    try:
        yield s.url
    finally:
        s.stop()


def chrome():
    """A headless Chromium with a laptop-sized window (1280 px wide)."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=1280,1000",
    ):
        options.add_argument(flag)
    service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    d = webdriver.Chrome(options=options, service=service)
    d.set_page_load_timeout(30)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return d


@pytest.fixture(scope="session")
def driver():
    d = chrome()
    try:
        yield d
    finally:
        d.quit()


@pytest.fixture(scope="module")
def driver2():
    """A second browser: the other person at the table."""
    d = chrome()
    try:
        yield d
    finally:
        d.quit()
