"""`ruleplay serve` in a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`) driven by
Selenium. Two people play a whole Hearts hand in two pages (neither page ever holds the other's hand),
two people in two separate browsers play ERS triples against a bot and each wins a slap, a slap with the
space key, a placed error in the editor. Skipped where the browser or Selenium is missing (.ci/run installs both)."""
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

from ruleplay.tools.web.app import create_app  # noqa: E402
from ruleplay.tools.play.seat import HumanSeat  # noqa: E402
from ruleplay.tools.web.games import GameTable  # noqa: E402

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


def open_browser():
    """A headless Chromium of its own (its own process and profile: another person's device)."""
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    opts = Options()
    opts.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=1200,900",
                "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"):
        opts.add_argument(arg)
    return webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)


@pytest.fixture(scope="module")
def browser():
    driver = open_browser()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def second_browser():
    driver = open_browser()
    yield driver
    driver.quit()


def wait(driver, test):
    return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(lambda d: test(d))


def start_game(driver, server, ruleset: str, players: int, seats: list[str], seed: int,
               options: dict[str, str]) -> list[str]:
    """Start a game from the form; the server's table deals it from `seed` (a live server draws a secret one)."""
    url, table = server
    table.seeds = lambda: seed
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
    driver.find_element(By.ID, "start").click()
    links = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a.seatlink"))
    return [a.get_attribute("href") for a in links]


def hand_of(game, seat: int) -> set[str]:
    """What `seat` holds now, on the server (from that seat's own view)."""
    with game.lock:
        v = HumanSeat(game.state, seat).view()
    return {c for z in v.seat_zones if z.seat == seat and z.name == "hand" for c in (z.cards or [])}


def hand_of_at(game, seat: int, step: int) -> set[str]:
    """What `seat` held after the game's first `step` decisions (the game replayed on the server's side)."""
    state = game.fresh_state()
    for a in game.state.history()[:step]:
        state.apply_action(a)
    v = HumanSeat(state, seat).view()
    return {c for z in v.seat_zones if z.seat == seat and z.name == "hand" for c in (z.cards or [])}


def own_hand(driver) -> set[str]:
    """The cards drawn in this seat's own hand (read in one script: the page redraws as it polls)."""
    return set(driver.execute_script(
        "return [...document.querySelectorAll('.seat.you [data-zone=hand] .card')].map(c => c.dataset.card)"))


def click_first_choice(driver) -> str | None:
    """Click the first card offered (a raised card of the hand, or a choice), if any; its name."""
    return driver.execute_script(
        "const b = document.querySelector('#seats button[data-action], #choices button[data-action]');"
        "if (!b) return null; b.click(); return b.dataset.card || b.textContent;")


def test_two_people_play_a_whole_hearts_hand_in_two_pages_and_neither_sees_the_others_hand(server, browser):
    url, table = server
    links = start_game(browser, server, "hearts", 4, ["human", "human", "smart", "smart"], 11,
                       {"passing": "none", "hands": "single"})
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
    clicked = {0: [], 1: []}
    while not game.finished():
        for seat, w in windows.items():
            browser.switch_to.window(w)
            held = hand_of(game, seat)
            wait(browser, lambda d: own_hand(d) == held or game.version != version_shown(d))
            source = browser.page_source
            # read after the page: a card only leaves a hand (no passing), so one the other seat holds now
            # it held when the page was read
            other = hand_of(game, 1 - seat)
            assert not set(CARD.findall(source)) & other, seat
        with game.lock:
            mover, done = game.state.current_player(), len(game.state.history())
        assert mover in windows                  # bots answer inline: the game waits only for a person
        browser.switch_to.window(windows[mover])
        wait(browser, lambda d: version_shown(d) == game.version)
        card = click_first_choice(browser)
        assert card is not None
        wait(browser, lambda d: len(game.state.history()) > done or d.find_element(By.ID, "refused").text)
        assert browser.find_element(By.ID, "refused").text == ""
        clicked[mover].append(card)
    # the whole hand was played: each person's 13 cards are their clicks, in order, with the plays the rules
    # make by themselves (a seat's only legal card is not asked) between them; both pages say how it ended
    played = [e for e in game.state.events() if e["event"] == "play"]
    assert len(played) == 52
    for seat in windows:
        theirs = [e["card"] for e in played if e["seat"] == seat]
        assert len(theirs) == 13 and len(clicked[seat]) >= 7
        rest = iter(theirs)
        assert all(card in rest for card in clicked[seat]), (theirs, clicked[seat])
    scores = game.state.result().scores
    assert sum(scores) in (26, 78)               # 26 points taken, or a moon shot scoring 26 to each other seat
    for w in windows.values():
        browser.switch_to.window(w)
        result = wait(browser, lambda d: d.find_element(By.ID, "result").text)
        assert "Scores: " + ", ".join(str(x) for x in scores) in result
        assert browser.find_element(By.ID, "log").get_attribute("href").endswith("/log")
        assert browser.find_element(By.ID, "seed").text.startswith(f"Seed {game.seed} ")    # told at the end
    # and the game replays step by step in the page, as that seat saw it: the deal, then decision by decision
    browser.switch_to.window(windows[0])
    browser.find_element(By.ID, "replay").click()
    wait(browser, lambda d: "the deal" in d.find_element(By.ID, "where").text)
    assert len(own_hand(browser)) == 13 and not set(CARD.findall(browser.page_source)) & hand_of_at(game, 1, 0)
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    wait(browser, lambda d: d.find_element(By.ID, "where").text.startswith("after decision 1 of"))
    body.send_keys(Keys.END)
    wait(browser, lambda d: "Scores: " + ", ".join(str(x) for x in scores) in d.find_element(By.ID, "result").text)


def version_shown(driver) -> int:
    return int(driver.find_element(By.TAG_NAME, "body").get_attribute("data-version") or -1)


def test_a_slap_with_the_space_key(server, browser):
    url, table = server
    links = start_game(browser, server, "ers", 2, ["human", "random"], 3, {"reaction": "none"})
    browser.get(links[0])
    wait(browser, lambda d: d.find_element(By.ID, "slap").is_displayed())
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.SPACE)
    game = next(g for g in table.games.values() if g.rules.name == "ers")
    slaps = wait(browser, lambda d: [e for e in game.state.events() if e["event"] == "slap"])
    assert slaps[0]["seat"] == 0 and 1 <= slaps[0]["time"] < 1000
    wait(browser, lambda d: "You slap" in d.find_element(By.ID, "said").text)


PILE_AND_WINDOW = """
const b = document.getElementById('slap');
const top = [...document.querySelectorAll('#table [data-zone=pile] .topcard')];
top.sort((x, y) => Number(x.dataset.top) - Number(y.dataset.top));
return {open: !!b && !b.hidden, pile: top.map(c => c.dataset.card),
        size: (document.querySelector('#table [data-zone=pile] .zname') || {}).textContent || ''};
"""


def slappable(top_first: list[str]) -> bool:
    """What a person at the table sees: a pair on top, or a sandwich (both patterns of ers-triples)."""
    ranks = [c[:-1] for c in top_first[:3]]
    return len(ranks) >= 2 and (ranks[0] == ranks[1] or (len(ranks) == 3 and ranks[0] == ranks[2]))


def test_two_people_play_ers_triples_against_a_bot_from_two_browsers(server, browser, second_browser):
    """Two people, each in a browser of their own, and a bot: the cards come on the server's clock, and
    each person's space-bar slap on a pattern they see is judged and wins the pile (they take turns to
    slap, so each wins one; the bot is sloppy so a person's prompt slap beats it)."""
    url, table = server
    links = start_game(browser, server, "ers-triples", 3, ["human", "human", "random"], 5, {"reaction": "sloppy"})
    assert len(links) == 2
    pages = {0: browser, 1: second_browser}
    for seat, page in pages.items():
        page.get(links[seat])
    game = max((g for g in table.games.values() if g.rules.name == "ers-triples"), key=lambda g: g.touched)
    won = {0: 0, 1: 0}
    tried, turn = set(), 0
    while not all(won.values()) and not game.finished():
        with game.lock:
            events = list(game.state.events())
        assert sum(e["event"] == "play" for e in events) < 400, "no person won a slap in 400 cards"
        for e in events:
            if e["event"] == "slap" and e["seat"] in pages:
                assert e["valid"], e              # a person slaps only on a pattern they see
        won = {s: sum(e["event"] == "slap" and e["seat"] == s and e.get("won", False) for e in events) for s in pages}
        page = pages[turn]
        seen = page.execute_script(PILE_AND_WINDOW)
        key = (seen["size"], tuple(seen["pile"][:3]))
        if seen["open"] and slappable(seen["pile"]) and key not in tried:
            tried.add(key)
            page.find_element(By.TAG_NAME, "body").send_keys(Keys.SPACE)
            turn = 1 - turn
        time.sleep(0.02)
    assert won[0] >= 1 and won[1] >= 1
    assert any(e["event"] == "play" and e["seat"] == 2 for e in game.state.events())    # the bot plays along
    for seat, page in pages.items():
        wait(page, lambda d: "You slap" in d.find_element(By.ID, "said").text)
        assert "you are seat %d" % seat in page.find_element(By.ID, "whoami").text


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
