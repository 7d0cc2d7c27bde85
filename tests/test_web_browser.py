"""`ruleplay serve` in a real browser: headless Chromium (Debian's `chromium` and `chromium-driver`) driven by
Selenium. Two people play a whole Hearts hand in two pages (neither page ever holds the other's hand),
two people in two separate browsers play ERS triples against a bot and each wins a slap, a slap with the
space key, a placed error in the editor. Skipped where the browser or Selenium is missing (.ci/run installs both)."""
from __future__ import annotations

import json
import re
import shutil
import signal
import socket
import threading
import time
from pathlib import Path
from urllib.request import urlopen

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
from ruleplay.tools.web.gametable import GameTable  # noqa: E402

try:
    import segno  # noqa: F401 - the web extra's QR codes
    QR = True
except ImportError:
    QR = False
CARD = re.compile(r"(?<![0-9A-Za-z])(?:10|[2-9JQKA])[CDHS](?![0-9A-Za-z])")
WAIT = 20          # seconds a page may take on a busy machine (a bound on waiting, not a timed assertion)


@pytest.fixture(scope="module")
def server():
    import uvicorn
    table = GameTable(per_client=64)          # every game of this module is started from 127.0.0.1
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
               options: dict[str, str | bool], auto_deal: bool = True) -> list[str]:
    """Start a game from the form; the server's table deals it from `seed` (a live server draws a secret one).
    `auto_deal`: people's cards in flip games are turned for them (the form's checkbox)."""
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
    auto = driver.find_element(By.ID, "auto-deal")
    if auto.is_selected() != auto_deal:
        auto.click()
    for name, value in options.items():
        box = driver.find_element(By.CSS_SELECTOR, f"[data-opt='{name}']")
        if isinstance(value, bool):
            if box.is_selected() != value:
                box.click()
        else:
            Select(box).select_by_value(value)
    driver.find_element(By.ID, "start").click()
    links = wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "a.seatlink"))
    if QR:                                  # each link as a QR code too, drawn (a width) for a phone's camera
        qrs = driver.find_elements(By.CSS_SELECTOR, "img.qr")
        assert len(qrs) == len(links) and all(q.get_attribute("naturalWidth") not in (None, "0") for q in qrs)
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
    look_at_both_sizes(browser, "hearts-replay")


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
    news = wait(browser, lambda d: d.find_element(By.ID, "slap-news").text)          # shown on the pile, in words
    assert f"You slapped at {slaps[0]['time']} ms on " in news, news
    look_at_both_sizes(browser, "ers-slap")


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


# ------------------------------------------------------------------------------ the table as a person sees it
ARTIFACTS = Path(__file__).resolve().parent / "artifacts" / "web"      # screenshots (git-ignored)
SIZES = ((1200, 900), (375, 800))
SUITS = set("♠♥♦♣")
PAGE_TEXT = "return document.body.innerText"
OVERFLOW = "return document.documentElement.scrollWidth - window.innerWidth"


def look_at_both_sizes(driver, name: str) -> None:
    """At desktop and phone size: a screenshot as a test artefact, no horizontal overflow, no "null" or
    "undefined" anywhere in the page's text."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for w, h in SIZES:
        driver.set_window_size(w, h)
        wait(driver, lambda d: d.execute_script("return window.innerWidth") <= w)
        driver.save_screenshot(str(ARTIFACTS / f"{name}-{w}x{h}.png"))
        text = driver.execute_script(PAGE_TEXT)
        assert not re.search(r"\b(null|undefined|NaN)\b", text), (name, w, text)
        assert driver.execute_script(OVERFLOW) <= 0, (name, w, "overflows sideways")
    driver.set_window_size(*SIZES[0])


def newest(table, name: str):
    return max((g for g in table.games.values() if g.rules.name == name), key=lambda g: g.created)


def test_the_new_game_form_offers_one_person_and_bots_and_every_option_in_words(server, browser):
    url, _ = server
    browser.get(url + "/")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#ruleset option[value='ers']"))
    Select(browser.find_element(By.ID, "ruleset")).select_by_value("ers")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "[data-option='burn']"))
    kinds = [Select(s).first_selected_option.get_attribute("value")
             for s in browser.find_elements(By.CSS_SELECTOR, "#seats select")]
    assert kinds[0] == "human" and all(k != "human" for k in kinds[1:]) and len(kinds) >= 2
    catalogue = next(c for c in json.load(urlopen(url + "/api/rulesets")) if c["name"] == "ers")
    for name, spec in catalogue["options"].items():
        box = browser.find_element(By.CSS_SELECTOR, f"[data-option='{name}']")
        assert box.find_element(By.CSS_SELECTOR, ".optdesc").text == " ".join(spec["description"].split())
        control = box.find_element(By.CSS_SELECTOR, "[data-opt]")
        want = {"bool": ("input", "checkbox"), "choice": ("select", None), "int": ("input", "number")}.get(spec["type"])
        if want:
            assert control.tag_name == want[0] and (want[1] is None or control.get_attribute("type") == want[1])
        if spec["type"] == "int" and "max" in spec:
            assert control.get_attribute("max") == str(spec["max"])
    look_at_both_sizes(browser, "new-game")
    for page in ("/edit", "/compare"):
        browser.get(url + page)
        wait(browser, lambda d: d.find_element(By.TAG_NAME, "main"))
        look_at_both_sizes(browser, page.strip("/"))


def test_a_variant_is_analyzed_against_its_base_from_the_compare_page(server, browser):
    """The compare page's analysis: the base follows the file's `extends:` line, a progress bar shows while
    it runs, and the report (tables and inline SVG pictures) appears in a frame."""
    url, _ = server
    browser.get(url + "/compare")
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#base option[value='ers']"))
    box = browser.find_element(By.ID, "variant")
    box.clear()
    box.send_keys("extends: ers\nname: ers-burn\noptions:\n  burn: {default: 2}\n")
    assert Select(browser.find_element(By.ID, "base")).first_selected_option.get_attribute("value") == "ers"
    games = browser.find_element(By.ID, "agames")
    games.clear()
    games.send_keys("4")
    browser.find_element(By.ID, "analyze").click()
    frame = wait(browser, lambda d: (f := d.find_element(By.ID, "report")).is_displayed() and f)
    assert browser.find_element(By.ID, "busy").get_attribute("hidden") is not None     # the bar is gone again
    browser.switch_to.frame(frame)
    try:
        wait(browser, lambda d: d.find_elements(By.TAG_NAME, "svg"))
        assert "ers-burn" in browser.find_element(By.TAG_NAME, "h1").text or "variant.yaml" in browser.page_source
        assert browser.find_elements(By.TAG_NAME, "table")
    finally:
        browser.switch_to.default_content()
    look_at_both_sizes(browser, "analysis")


def test_a_person_turns_their_own_cards_by_button_and_by_enter(server, browser):
    """Beggar My Neighbour with "deal automatically" left off: the page asks the person to turn each card;
    the button and the Enter key each turn one."""
    url, table = server
    links = start_game(browser, server, "beggar-my-neighbour", 2, ["human", "random"], 4, {}, auto_deal=False)
    browser.get(links[0])
    game = newest(table, "beggar-my-neighbour")
    played = lambda: sum(1 for e in game.state.events() if e["event"] == "play" and e["seat"] == 0)  # noqa: E731
    turn = "return [...document.querySelectorAll('#choices button')].filter(b => b.textContent == 'turn a card')"
    wait(browser, lambda d: d.execute_script(turn + ".length") == 1)
    assert "turn your top card" in browser.find_element(By.ID, "prompt").text
    look_at_both_sizes(browser, "turn-a-card")
    before = played()
    wait(browser, lambda d: d.execute_script(turn + ".length") == 1)
    browser.execute_script(turn + "[0].click()")
    wait(browser, lambda d: played() == before + 1 and version_shown(d) == game.version)
    if not game.finished():
        wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#choices button"))
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ENTER)
        wait(browser, lambda d: played() == before + 2 or game.finished())


PROMPT = "return [document.getElementById('prompt').textContent, (document.getElementById('counter') || {}).textContent]"
HAND_BUTTONS = "return [...document.querySelectorAll('#seats button.playable')].map(b => b.dataset.card)"


def test_a_person_passes_with_take_back_plays_a_hearts_hand_and_sees_the_score_table(server, browser):
    """One person and three bots, a match of Hearts: the pass prompt says how many cards go to whom, a chosen
    card is taken back before confirming, the cards have suit symbols, cards that may not be played are dimmed
    with the reason, and the hand's end shows a labelled score table that waits for "next hand"."""
    url, table = server
    links = start_game(browser, server, "hearts", 4, ["human", "smart", "smart", "smart"], 21,
                       {"passing": "rotate", "hands": "match"})
    browser.get(links[0])
    game = newest(table, "hearts")
    wait(browser, lambda d: d.execute_script(PROMPT)[1] == "0 / 3")
    prompt, _ = browser.execute_script(PROMPT)
    assert "Pass 3 cards to Seat 1 (left)" in prompt
    assert SUITS & set(browser.execute_script(PAGE_TEXT))                   # suit symbols, not "10H"
    assert browser.execute_script("return document.body.dataset.channel") == "push"
    look_at_both_sizes(browser, "hearts-pass")
    cards = browser.execute_script(HAND_BUTTONS)
    names = browser.execute_script("return [...document.querySelectorAll('#seats .card')].map(c => c.getAttribute('aria-label'))")
    assert len(names) == 13 and all(re.fullmatch(r"(Ace|King|Queen|Jack|10|[2-9]) of (spades|hearts|diamonds|clubs)", n)
                                    for n in names), names                  # cards named in words
    live = browser.find_element(By.ID, "live")
    assert live.get_attribute("aria-live") == "polite" and live.get_attribute("textContent")
    click = lambda name: browser.find_element(By.CSS_SELECTOR, f"#seats button[data-card='{name}']").click()  # noqa: E731
    click(cards[0])
    click(cards[1])
    browser.find_element(By.CSS_SELECTOR, f"#seats button[data-card='{cards[2]}']").send_keys(Keys.ENTER)   # by keyboard
    wait(browser, lambda d: d.execute_script(PROMPT)[1] == "3 / 3")
    click(cards[0])                                                          # taken back before confirming
    wait(browser, lambda d: d.execute_script(PROMPT)[1] == "2 / 3")
    assert not browser.find_element(By.ID, "confirm").is_enabled()
    click(cards[3])
    wait(browser, lambda d: d.find_element(By.ID, "confirm").is_enabled())
    browser.find_element(By.ID, "confirm").click()
    wait(browser, lambda d: any(e["event"] == "pass" for e in game.state.events()))
    passed = [e for e in game.state.events() if e["event"] == "decision" and e["seat"] == 0]
    assert [e["label"] for e in passed][:3] == cards[1:4]                   # the chosen three, not the taken-back one
    dimmed = set()
    while not game.held:
        with game.lock:
            done = len(game.state.history())
            mine = game.state.current_player() == 0 and not game.finished() and not game.held
        if not mine:
            wait(browser, lambda d: game.held or game.state.current_player() == 0)
            continue
        wait(browser, lambda d: version_shown(d) == game.version)
        dimmed |= set(browser.execute_script(
            "return [...document.querySelectorAll('#seats .card.dim')].map(c => c.dataset.why)"))
        if len(dimmed) == 1 and browser.find_elements(By.CSS_SELECTOR, "#seats .card.dim"):
            look_at_both_sizes(browser, "hearts-trick")
        assert click_first_choice(browser)
        wait(browser, lambda d: len(game.state.history()) > done or d.find_element(By.ID, "refused").text)
    assert any(w.startswith("you must follow suit") for w in dimmed), dimmed
    wait(browser, lambda d: d.find_elements(By.CSS_SELECTOR, "#score-table th") and d.find_elements(By.ID, "next"))
    heads = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "#score-table thead th")]
    assert heads == ["Player", "Tricks taken", "This hand", "Total"]
    assert "Hand 1" in browser.find_element(By.CSS_SELECTOR, "#score-table caption").text
    look_at_both_sizes(browser, "hearts-scores")
    with game.lock:
        waited = len(game.state.history())
    assert game.held and waited == len(game.state.history())                # the bots wait for the person
    browser.find_element(By.ID, "next").click()
    wait(browser, lambda d: not d.find_element(By.ID, "scores").is_displayed())
    assert not game.held
    wait(browser, lambda d: "Pass 3 cards to Seat 3 (right)" in d.execute_script(PROMPT)[0])    # hand 2 passes right


TOPS = "return [...document.querySelectorAll('#table [data-zone=pile] .topcard')].map(c => [c.dataset.card, c.dataset.top])"


def test_the_ers_pile_shows_in_play_order_the_top_cards_slaps_are_judged_on(server, browser):
    """With four in a row on, the slap patterns read the top four cards: the page spreads out exactly those, in
    play order (the top card last, marked 1), on the pile; the depth is read from the rules, not the game's name."""
    from ruleplay.tools.web.tablemeta import slap_piles
    url, table = server
    links = start_game(browser, server, "ers", 3, ["human", "smart", "smart"], 8,
                       {"reaction": "none", "slap-four-in-a-row": True})
    browser.get(links[0])
    game = newest(table, "ers")
    depth = slap_piles(game.rules)["pile"].depth
    assert depth == 4

    def pile_now(d):
        with game.lock:
            version = game.version
            pile = next(z for z in game.state.seat_view(0).table_zones if z.name == "pile").cards
        if version_shown(d) != version or len(pile) < depth:
            return None
        tops = d.execute_script(TOPS)
        return (tops, pile) if game.version == version else None
    tops, pile = wait(browser, pile_now)
    assert [c for c, _ in tops] == pile[-depth:]                            # play order, top card last
    assert [int(k) for _, k in tops] == list(range(depth, 0, -1))
    look_at_both_sizes(browser, "ers-pile")


@pytest.mark.parametrize("ruleset, seats, options", [
    ("war", ["human", "smart"], {}),
    ("euchre", ["human", "smart", "smart", "smart"], {}),
    ("crazy-eights", ["human", "smart", "smart", "smart"], {}),
    ("ers", ["human"] + ["smart"] * 7, {}),                 # eight seats around the table, on a phone too
])
def test_other_games_at_the_table(server, browser, ruleset, seats, options):
    """War (no decision for the person, no score) says in words how it ended; Euchre marks the partner and the
    dealer; Crazy Eights shows its pile and stock; ERS seats eight; every page fits a phone and says nothing is
    "null"."""
    url, table = server
    links = start_game(browser, server, ruleset, len(seats), seats, 13, options)
    browser.get(links[0])
    game = newest(table, ruleset)
    if ruleset == "war":                          # the person has no decision: it plays out by itself
        wait(browser, lambda d: game.finished())
    wait(browser, lambda d: version_shown(d) == game.version and d.find_elements(By.CSS_SELECTOR, "#table .spot"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#table .spot")) == len(seats) - 1      # the others around
    assert browser.find_elements(By.CSS_SELECTOR, ".badge.dealer")
    if ruleset == "war":
        outcome = wait(browser, lambda d: d.find_element(By.ID, "outcome").text)
        assert re.fullmatch(r"(You won|Seat 1 \(across\) won)\.|The game ended in a cycle.*", outcome), outcome
    if ruleset == "euchre":
        partner = browser.find_element(By.CSS_SELECTOR, "#table .spot[data-seat='2'] .badge.team")
        assert partner.text == "partner"
        up = browser.find_element(By.CSS_SELECTOR, "#turned-up .card").get_attribute("aria-label")
        assert re.fullmatch(r"(Ace|King|Queen|Jack|10|9) of \w+, turned up", up), up
    if ruleset == "crazy-eights":
        assert SUITS & set(browser.execute_script(PAGE_TEXT))
        assert browser.find_elements(By.CSS_SELECTOR, "#table [data-zone=stock] .fan .count")   # the stock: a counted fan
    look_at_both_sizes(browser, f"{ruleset}-{len(seats)}")


def test_a_page_goes_on_with_the_same_game_after_the_server_is_killed(browser, tmp_path):
    """A real `ruleplay serve --data DIR` killed with SIGKILL mid-hand and started again on the same port: the
    open page reconnects by itself and shows the same hand, and the person plays on from it."""
    from test_web_durable import call, free_port, serve
    port = free_port()
    proc = serve(port, tmp_path)
    try:
        g = call(port, "/api/games", {"ruleset": "hearts", "options": {"passing": "none"},
                                      "seats": ["human", "smart", "smart", "smart"]})
        browser.get(f"http://127.0.0.1:{port}{g['seats'][0]['link']}")
        for _ in range(3):
            before = wait(browser, lambda d: own_hand(d))
            assert click_first_choice(browser)
            wait(browser, lambda d: own_hand(d) and len(own_hand(d)) < len(before))
        hand = own_hand(browser)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT)
    proc = serve(port, tmp_path)
    try:
        wait(browser, lambda d: d.find_element(By.ID, "refused").text == "" and own_hand(d) == hand and
             d.find_elements(By.CSS_SELECTOR, "#seats button[data-action]"))
        assert click_first_choice(browser)                               # and the game goes on
        wait(browser, lambda d: len(own_hand(d)) < len(hand))           # (a forced card may follow by itself)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(WAIT)
