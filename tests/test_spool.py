"""The spooled event list: past `keep` events in memory, older ones live in a temporary file."""
import json

from ruleplay.agents import play
from ruleplay.pipeline import load
from ruleplay.tools.logs.spool import EventSpool


def test_spilled_events_come_back_in_order_and_equal():
    events = [{"event": "play", "seat": i % 3, "card": f"{i}C", "n": [i, None, True]} for i in range(25)]
    sp = EventSpool(keep=4)
    sp.extend(events[:10])
    sp.append(events[10])
    sp.extend(events[11:])
    assert len(sp) == 25 and sp.spilled > 0 and len(sp.recent) <= 4
    assert list(sp) == events and list(sp) == events       # iterated twice: read again from the start
    sp.close()


def test_a_game_spooled_gives_the_same_events_as_a_list():
    rules = load("oh-hell", {}, 4)
    as_list = play(rules, 3, log=True).events
    spooled = play(rules, 3, log=lambda: EventSpool(keep=16)).events
    assert isinstance(spooled, EventSpool) and spooled.spilled > 0
    assert list(spooled) == json.loads(json.dumps(as_list))
