"""`ruleplay serve` in a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`) driven by
Selenium. Two people's pages of one Hearts game, a slap in ERS with the space key, a placed error in the
editor. Skipped where the browser or Selenium is missing (.ci/run installs both)."""
from __future__ import annotations

import re
import shutil
import socket
import threading
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
webdriver = pytest.importorskip("selenium.webdriver")

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not (CHROMIUM and CHROMEDRIVER), reason="needs Debian's chromium and chromium-driver")]

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from ruleplay.web.app import create_app  # noqa: E402
from ruleplay.human import HumanSeat  # noqa: E402
from ruleplay.web.games import GameTable  # noqa: E402

CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")
WAIT = 20          # seconds a page may take on a busy machine (a bound on waiting, not a timed assertion)


@pytest.fixture(scope="module")
def server():
    import uvicorn
    table = GameTable()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(create_app(table), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + WAIT
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", table
    srv.should_exit = True
    thread.join(WAIT)


@pytest.fixture(scope="module")
def browser():
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    opts = Options()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1200,900"):
        opts.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    yield driver
    driver.quit()


def wait(driver, test):
    return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(lambda d: test(d))


def start_game(driver, url: str, ruleset: str, players: int, seats: list[str], seed: int,
               options: dict[str, str]) -> list[str]:
    driver.get(url + "/")
    wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, f"#ruleset option[value='{ruleset}']"))
    Select(driver.find_element(By.ID, "ruleset")).select_by_value(ruleset)
    box = driver.find_element(By.ID, "players")
    box.clear()
    box.send_keys(str(players))
    box.send_keys(Keys.TAB)
    for s, kind in enumerate(seats):
        Select(wait(driver, lambda d: d.find_element(By.ID, f"seat{s}"))).select_by_value(kind)
    for name, value in options.items():
        Select(driver.find_element(By.CSS_SELECTOR, f"[data-opt='{name}']")).select_by_value(value)
    driver.find_element(By.ID, "seed").send_keys(str(seed))
    driver.find_element(By.ID, "start").click()
    links = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a.seatlink"))
    return [a.get_attribute("href") for a in links]


def hand_of(game, seat: int) -> set[str]:
    """What `seat` holds now, on the server (from that seat's own view)."""
    with game.lock:
        v = HumanSeat(game.state, seat).view()
    return {c for z in v.seat_zones if z.seat == seat and z.name == "hand" for c in (z.cards or [])}


def own_hand(driver) -> set[str]:
    """The cards drawn in this seat's own box (read in one script: the page redraws as it polls)."""
    return set(driver.execute_script(
        "return [...document.querySelectorAll('.seat.you .card')].map(c => c.dataset.card)"))


def click_first_choice(driver) -> str | None:
    """Click the first card offered, if any; its name."""
    return driver.execute_script(
        "const b = document.querySelector('#choices button'); if (!b) return null; b.click(); return b.dataset.card;")


def test_two_people_play_hearts_in_two_pages_and_neither_sees_the_others_hand(server, browser):
    url, table = server
    links = start_game(browser, url, "hearts", 4, ["human", "human", "smart", "smart"], 11, {"passing": "none"})
    assert len(links) == 2
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    second = browser.current_window_handle
    windows = {0: first, 1: second}
    browser.switch_to.window(first)
    browser.get(links[0])
    browser.switch_to.window(second)
    browser.get(links[1])
    game = max((g for g in table.games.values() if g.rules.name == "hearts"), key=lambda g: g.touched)
    moves = 0
    while moves < 6:
        hands = {}
        for seat, w in windows.items():
            browser.switch_to.window(w)
            wait(browser, lambda d: len(own_hand(d)) > 0)
            hands[seat], source = own_hand(browser), browser.page_source
            # read after the page: a card only leaves a hand (no passing), so one the other seat holds now
            # it held when the page was read
            other = hand_of(game, 1 - seat)
            assert not set(CARD.findall(source)) & other, seat
            assert hands[seat] <= set(CARD.findall(source))
        with game.lock:
            mover, done = game.state.current_player(), len(game.state.history())
        assert mover in windows                  # bots answer inline: the game waits only for a person
        browser.switch_to.window(windows[mover])
        wait(browser, lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-version") == str(game.version))
        card = click_first_choice(browser)
        wait(browser, lambda d: len(game.state.history()) > done or d.find_element(By.ID, "refused").text)
        assert browser.find_element(By.ID, "refused").text == ""
        wait(browser, lambda d: card not in own_hand(d))
        moves += 1
    played = [e for e in game.state.events() if e["event"] == "play" and e["seat"] in (0, 1)]
    assert len(played) >= 6


def test_a_slap_with_the_space_key(server, browser):
    url, table = server
    links = start_game(browser, url, "ers", 2, ["human", "random"], 3, {"reaction": "none"})
    browser.get(links[0])
    wait(browser, lambda d: d.find_element(By.ID, "slap").is_displayed())
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.SPACE)
    game = next(g for g in table.games.values() if g.rules.name == "ers")
    slaps = wait(browser, lambda d: [e for e in game.state.events() if e["event"] == "slap"])
    assert slaps[0]["seat"] == 0 and 1 <= slaps[0]["time"] < 1000
    wait(browser, lambda d: "You slap" in d.find_element(By.ID, "said").text)


def test_the_editor_shows_a_placed_error(server, browser):
    url, _ = server
    browser.get(url + "/edit")
    wait(browser, lambda d: d.find_element(By.ID, "state").text.startswith("OK"))
    text = browser.find_element(By.ID, "text")
    text.send_keys(Keys.CONTROL, "a")
    text.send_keys("extends: hearts\nname: x\ndescription: y\nphases:\n  tricks:\n    follow: colour\n")
    err = wait(browser, lambda d: d.find_element(By.ID, "errors").text)
    assert err.startswith("house-rules.yaml:6:13: error [phases.tricks.follow]")
    assert browser.find_element(By.ID, "play").get_attribute("disabled")
