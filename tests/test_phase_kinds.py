"""Phase kinds as plug-ins (kinds/__init__.py), and the worked example of docs/phase-kinds.md: `discard`."""
import ast
import io
import re
from pathlib import Path

import pytest

import ruleplay
from ruleplay import kinds as phases
from ruleplay.tools.account import write_account
from ruleplay.tools.cli import main
from ruleplay.engine.run import Deal
from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.kinds import KINDS
from ruleplay.kinds.contract import Kind, member
from ruleplay.engine.events import EventSpec
from ruleplay.tools.account import LINES
from ruleplay.pipeline import load
from ruleplay.tools.logs.replay import ENGINE_EVENTS, EVENT_KINDS
from ruleplay.tools.explain.sheet import write_sheet

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "interpreter" / "ruleplay"
DOC = (ROOT / "docs" / "phase-kinds.md").read_text(encoding="utf-8")
CRIB = re.findall(r"```yaml\n(.*?)```", DOC, re.S)[0]
EMIT = re.compile(r'\bemit\("([a-z-]+)"')


# ---------------------------------------------------------------------------- the plug-in contract
@pytest.mark.parametrize("name", list(KINDS))
def test_each_kind_brings_everything_in_its_module(name):
    mod = KINDS[name]
    for attr in ("SUMMARY", "SCHEMA", "EXAMPLES", "EVENTS", "compile", "describe"):
        assert hasattr(mod, attr), f"{name} lacks {attr}"
    assert mod.SCHEMA["if"]["properties"]["kind"]["const"] == name
    here = Path(mod.__file__)          # a kind is a module, or a package whose files are all its own
    files = sorted(here.parent.glob("*.py")) if here.name == "__init__.py" else [here]
    emitted = set(EMIT.findall("".join(f.read_text(encoding="utf-8") for f in files)))
    assert emitted and emitted <= set(mod.EVENTS), f"{name} logs {emitted - set(mod.EVENTS)} not in its EVENTS"
    for table in ("NARRATION", "ACCOUNT"):
        assert set(getattr(mod, table, {})) <= set(mod.EVENTS)


def test_replay_knows_every_event_the_engine_logs():
    core = set()
    for f in PKG.glob("*.py"):
        core |= set(EMIT.findall(f.read_text(encoding="utf-8")))
    assert core <= set(ENGINE_EVENTS)
    assert set(EVENT_KINDS) == set(ENGINE_EVENTS) | {e for k in KINDS.values() for e in k.EVENTS}
    assert phases.__doc__ and "docs/phase-kinds.md" in phases.__doc__


@pytest.mark.parametrize("name", list(KINDS))
def test_each_kind_keeps_the_written_contract(name):
    """kinds/contract.py: the required members (a runtime-checked Protocol), the optional ones of the right shape."""
    mod = KINDS[name]
    assert isinstance(mod, Kind), f"{name} lacks a member of kinds/contract.py's Kind"
    assert all(isinstance(spec, EventSpec) for spec in mod.EVENTS.values())
    for table in ("NARRATION", "ACCOUNT"):
        assert all(callable(fn) for fn in member(mod, table).values())
    assert member(mod, "declare") is None or callable(mod.declare)
    fields = member(mod, "FIELDS")
    assert all(isinstance(f, str) and f.isidentifier() and callable(make) for f, make in fields.items())
    assert member(mod, "public") is None or callable(mod.public)


@pytest.mark.parametrize("ruleset", ["oh-hell", "euchre", "president", "sevens", "ers", "ninety-eight", "five-hundred"])
def test_the_kinds_public_facts_are_plain_values_the_tables_lay_out(ruleset):
    """kinds/contract.py `public`: through a game, what the kinds show a seat (`SeatView.public`) is, per fact, one
    plain value for the table or a list of plain values with one per seat, under a name the tables print."""
    import random

    from ruleplay.engine.state import Game
    rules = load(ruleset)
    state, rng, shown = Game(rules).new_initial_state(2), random.Random(2), set()
    for _ in range(400):
        if state.is_terminal():
            break
        for name, value in state.seat_view(0).public.items():
            assert isinstance(name, str) and name, name
            values = value if isinstance(value, list) else [value]
            assert not isinstance(value, list) or len(value) == rules.players, (name, value)
            assert all(isinstance(v, (str, int, type(None))) for v in values), (name, value)
            shown.add(name)
        acts = state.legal_actions()
        state.apply_action(acts[rng.randrange(len(acts))])
    assert shown, f"{ruleset} shows no fact"


def test_no_two_kinds_keep_the_same_table_field_and_every_table_has_them_all():
    """A kind's FIELDS are its own (two kinds writing one field would read each other's state), and a table of
    any game has every kind's, fresh for its seats (a game without tricks still has `tricks_won`)."""
    owner: dict[str, str] = {}
    for name, mod in KINDS.items():
        for f in member(mod, "FIELDS"):
            assert f not in owner, f"{f} is kept by both {owner[f]} and {name}"
            owner[f] = name
    assert {"tricks_won", "bids", "named", "chosen", "round_cards", "places"} <= set(owner)
    from ruleplay.engine.table import Table
    from ruleplay.pipeline import load
    t = Table(load("war"), 0, 100, False, False)
    assert all(hasattr(t, f) for f in owner)
    assert t.tricks_won == [0, 0] and t.tricks_won is not Table(load("war"), 0, 100, False, False).tricks_won


def _kind_files(mod) -> list[Path]:
    """A kind is a module with the helper modules named after it (kinds/trick.py, kinds/trickled.py), or a
    package whose files are all its own."""
    here = Path(mod.__file__)
    if here.name == "__init__.py":
        return sorted(here.parent.glob("*.py"))
    return [here, *sorted(p for p in here.parent.glob(f"{here.stem}?*.py") if p.stem not in KINDS)]


def _owns(mod, cls: type) -> bool:
    """Is `cls` defined in the kind's module, one of its helpers or its package?"""
    helpers = {f"{mod.__name__.rpartition('.')[0]}.{p.stem}" for p in _kind_files(mod)}
    return cls.__module__ in helpers or cls.__module__ == mod.__name__ or \
        cls.__module__.startswith(mod.__name__ + ".")


@pytest.mark.parametrize("name", list(KINDS))
def test_each_kinds_smart_heuristics_answer_view_classes_it_makes(name):
    """kinds/contract.py `SMART`: view class -> a callable; each class is the kind's own and the kind makes it
    (its files construct it), so `smart` finds a decision's heuristic by the view's class alone."""
    mod = KINDS[name]
    source = "".join(f.read_text(encoding="utf-8") for f in _kind_files(mod))
    for cls, fn in member(mod, "SMART").items():
        assert isinstance(cls, type) and callable(fn), (name, cls, fn)
        assert _owns(mod, cls), f"{name} lists {cls.__qualname__} of {cls.__module__}, not its own"
        assert re.search(rf"\b{cls.__name__}\(", source), f"{name} never makes a {cls.__name__}"


def test_every_view_class_a_kind_defines_has_one_heuristic():
    """Every view class a kind defines (a class named ...View in its files) is listed by exactly one kind's
    `SMART`, so no built-in decision falls to `lowest` by an oversight (the slap windows' views,
    kinds/reactions.py, are answered by the reaction profiles, not a kind)."""
    listed: dict[type, str] = {}
    for name, mod in KINDS.items():
        for cls in member(mod, "SMART"):
            assert cls not in listed, f"{cls.__qualname__} is listed by both {listed[cls]} and {name}"
            listed[cls] = name
    defined = _view_classes()
    assert len(defined) >= 10 and defined <= set(listed), defined - set(listed)


def _view_classes() -> set[type]:
    """Every view class the kinds define: a class named ...View in a kind's files."""
    import importlib
    defined = set()
    for mod in KINDS.values():
        for f in _kind_files(mod):
            package = mod.__name__ if Path(mod.__file__).name == "__init__.py" else mod.__name__.rpartition(".")[0]
            sub = mod if f.name == "__init__.py" or f == Path(mod.__file__) else \
                importlib.import_module(f"{package}.{f.stem}")
            defined |= {c for c in vars(sub).values()
                        if isinstance(c, type) and c.__name__.endswith("View") and c.__module__ == sub.__name__}
    return defined


def test_every_view_names_its_kind_of_decision_and_the_tables_read_no_flags():
    """kinds/contract.py `View`: each view class names its kind of decision, one name per class, which the
    terminal and web tables and the bots dispatch on; none of them guesses a view's meaning from a flag it
    happens to carry (`getattr(view, "bidding", False)`)."""
    from ruleplay.kinds.reactions import OutOfTurnView, SlapView       # the slap windows' views
    names = {cls: getattr(cls, "kind", None) for cls in _view_classes() | {SlapView, OutOfTurnView}}
    assert all(isinstance(n, str) and n for n in names.values()), names
    assert len(set(names.values())) == len(names), names
    assert {"bid", "pass", "trick", "slap", "out-of-turn"} <= set(names.values())
    flag = re.compile(r'getattr\([^,()]*view[^,()]*|getattr\(v\b')
    for folder in ("tools", "agents"):
        for f in (PKG / folder).rglob("*.py"):
            assert not flag.search(f.read_text(encoding="utf-8")), f"{f} reads a view by getattr"


def test_a_kind_brings_its_own_card_sense_without_editing_the_bots(monkeypatch):
    """A kind written outside the package, registered like any other, whose `SMART` says what a sensible player
    does at its decision: the `smart` bot answers with it (and keeps the plan it leaves for the seat),
    with no edit to agents/bots.py; before it is registered, its view is answered as `lowest` answers."""
    import random
    import types

    from ruleplay.agents.bots import Bot
    from ruleplay.engine.decision import ActionSpace, Decision
    from ruleplay.kinds.contract import OPTIONAL

    class HighView:                       # the tiny kind's view: the cards it may play, and each one's rank
        def __init__(self, ranks: list[int]):
            self.ranks = ranks

    def play_high(d, mind) -> int:        # its card sense: the highest rank, remembered as the seat's plan
        i = max(range(len(d.actions)), key=d.view.ranks.__getitem__)
        mind.plan[d.seat] = f"rank {d.view.ranks[i]}"
        return i

    assert OPTIONAL["SMART"] == {}
    space = ActionSpace(load("war"))
    d = Decision(1, [5, 9, 2], HighView([4, 12, 7]))
    assert Bot("smart", random.Random(0)).act(d, space) == Bot("lowest", None).act(d, space)

    class HighView2(HighView):            # a class `smart` has not met (it remembers per class)
        pass

    tiny = types.ModuleType("tiny")
    tiny.SMART = {HighView2: play_high}
    monkeypatch.setitem(KINDS, "tiny", tiny)
    bot = Bot("smart", random.Random(0))
    assert bot.act(Decision(1, [5, 9, 2], HighView2([4, 12, 7])), space) == 9
    assert bot.plan == {1: "rank 12"}


def test_a_kind_shows_its_facts_on_the_terminal_and_web_tables_without_editing_them(monkeypatch, tmp_path):
    """A kind written outside the package (the discard kind with a `public` member, registered in its place)
    says what its state shows: the terminal table and the web page show its facts, a table fact in the header
    and a fact per seat on each seat's line, with no edit to them or to the engine."""
    import types

    from ruleplay.engine.state import Game
    from ruleplay.kinds import discard
    from ruleplay.kinds.contract import OPTIONAL, kind_of
    from ruleplay.tools.play.seat import HumanSeat
    from ruleplay.tools.play.terminal import Terminal

    def public(t, seat):                  # the crib's size, and the cards each seat has left
        hands = t.seat_zones[t.rules.zones["hand"].index]
        return {"crib cards": len(t.shared[t.rules.zones["crib"].index]), "in hand": [len(h) for h in hands]}

    assert OPTIONAL["public"] is None and not hasattr(discard, "public")
    crib = types.ModuleType("crib")
    vars(crib).update({k: v for k, v in vars(discard).items() if not k.startswith("__")}, public=public)
    monkeypatch.setitem(KINDS, "discard", crib)
    (tmp_path / "crib.yaml").write_text(CRIB, encoding="utf-8")
    state = Game(load(str(tmp_path / "crib.yaml"))).new_initial_state(1)
    while (d := state.decision()).seat != 0 or kind_of(d.view) != "trick":    # the discards, to seat 0's first card
        state.apply_action(d.actions[0])
    out = io.StringIO()
    Terminal(True, False, 1, 300, out=out).show_table(HumanSeat(state, 0))
    lines = out.getvalue().splitlines()
    held = [z.size for z in state.seat_view(0).seat_zones if z.name == "hand"]
    assert lines[0].startswith("== crib-demo - hand 1 - crib cards 3 - trick 1 - trump none - you are Seat 0"), lines
    assert [line.split("in hand ")[1].split()[0] for line in lines[1:4]] == [str(n) for n in held], lines

    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    from starlette.testclient import TestClient
    from ruleplay.tools.web.app import create_app
    from ruleplay.tools.web.gametable import GameTable

    client = TestClient(create_app(GameTable(max_games=1, clock=lambda: 1000.0, seeds=lambda: 1, per_client=1)))
    game = client.post("/api/games", json={"upload": {"name": "crib.yaml", "text": CRIB},
                                           "seats": ["human", "random", "random"]}).json()
    page = client.get("/api/seat/" + game["seats"][0]["link"].rsplit("/", 1)[1]).json()
    assert page["prompt"] and page["others"] == {"crib cards": 0}            # seat 0 has not discarded yet
    assert [s["public"] for s in page["seats"]] == [{"in hand": 8}] * 3


def _account_words() -> set[str]:
    """Event kinds the account puts in words: the kinds' ACCOUNT lines and the `kind == ...` branches."""
    tree = ast.parse((PKG / "tools" / "account.py").read_text(encoding="utf-8"))
    said = set(LINES)
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Name) and node.left.id == "kind":
            said |= {c.value for n in node.comparators for c in ast.walk(n) if isinstance(c, ast.Constant)}
    return said


def test_every_event_kind_is_covered_by_the_seat_filter_and_the_account():
    """Each event a kind logs has a declaration the seat filter reads, and a line in the account (the
    `decision` event is the log's record of a choice: the kind's own event tells it in words)."""
    declared = set(phases.EVENT_SPECS)
    logged = {e for k in KINDS.values() for e in k.EVENTS} | set(ENGINE_EVENTS)
    assert logged <= declared
    assert declared - {"decision"} <= _account_words(), sorted(declared - {"decision"} - _account_words())


# ---------------------------------------------------------------------------- the discard kind
@pytest.fixture
def crib(tmp_path):
    p = tmp_path / "crib.yaml"
    p.write_text(CRIB, encoding="utf-8")
    return p


def _variant(tmp_path, body: str) -> Path:
    p = tmp_path / "v.yaml"
    p.write_text("name: v\ndescription: a variant\nextends: ./crib.yaml\n" + body, encoding="utf-8")
    return p


# Hands written so the lowest card of each, in the canonical order (suits C < D < H < S, then
# rank), is plain to see: seat 0's lowest is 9C, seat 1's 10C, seat 2's JC.
HANDS = [["9C", "AS", "KS", "QS", "JS", "10S", "9S", "AH"],
         ["10C", "KH", "QH", "JH", "10H", "9H", "AD", "KD"],
         ["JC", "QD", "JD", "10D", "9D", "QC", "KC", "AC"]]


def test_the_docs_example_validates_and_explains(crib, capsys):
    assert main(["validate", str(crib)]) == 0
    assert "OK (crib-demo, 3 players, 24 cards)" in capsys.readouterr().out
    out = io.StringIO()
    write_sheet(load(str(crib)), out)
    sheet = out.getvalue()
    assert ("crib (discard): every player chooses, all at once, 1 card(s) from their hand and puts them into "
            "the crib.") in sheet


def test_each_seat_discards_its_lowest_card_and_the_last_trick_takes_the_crib(crib):
    rules = load(str(crib))
    res = play(rules, 0, Deal([list(h) for h in HANDS], [], 2), bots=["lowest"] * 3, check=True)
    ev = res.events
    discards = [e for e in ev if e["event"] == "discard"]
    assert [(e["seat"], e["cards"], e["zone"]) for e in discards] == [(0, ["9C"], "crib"), (1, ["10C"], "crib"),
                                                                     (2, ["JC"], "crib")]
    first_play = next(i for i, e in enumerate(ev) if e["event"] == "play")
    assert all(ev.index(d) < first_play for d in discards)       # the crib is made before the first lead
    kitty = [e for e in ev if e["event"] == "kitty"]
    last = [e for e in ev if e["event"] == "trick"][-1]
    assert len(kitty) == 1 and kitty[0]["seat"] == last["winner"]
    assert sorted(kitty[0]["cards"]) == ["10C", "9C", "JC"]
    # a point per card taken: the 21 played and the 3 of the crib
    assert sum(res.scores) == 24
    out = io.StringIO()
    write_account(ev, out)
    assert "Seat 1 puts 10C into the crib." in out.getvalue()


def test_discards_are_sealed_and_the_crib_stays_hidden(crib):
    g = ruleplay.load_game(str(crib))
    s = g.new_initial_state(seed=0, deal=Deal([list(h) for h in HANDS], [], 2))
    assert s.current_player() == 0 and sorted(s.action_to_string(a) for a in s.legal_actions()) == sorted(HANDS[0])
    s.apply_action(next(a for a in s.legal_actions() if s.action_to_string(a) == "AS"))
    assert s.current_player() == 1
    assert not [e for e in s.events() if e["event"] == "decision"]      # seat 0's pick is not out yet
    assert "AS" not in s.observation_string(1)
    picked = []
    for _ in range(2):
        picked.append(s.action_to_string(s.legal_actions()[0]))
        s.apply_action(s.legal_actions()[0])
    # the cards have moved: the crib is face down, so seat 1 sees its size and not seat 0's card
    assert [e["seat"] for e in s.events() if e["event"] == "decision"] == [0, 1, 2]
    view = s.observation_string(1)
    assert "AS" not in view and "crib" in view
    mine = s._run.t.seat_log(1)
    shown = {e["seat"]: e["cards"] for e in mine if e["event"] == "discard"}
    assert shown[1] == picked[:1]                                        # its own discard it knows
    assert shown[0] == [None] and shown[2] == [None]                    # the others' it does not


def test_only_the_named_seat_discards(crib, tmp_path):
    v = _variant(tmp_path, "deck: {jokers: 2}\ndeal: {rest: crib}\nphases:\n  crib: {count: 2, seat: dealer}\n")
    rules = load(str(v))
    res = play(rules, 5, None, bots=["highest"] * 3, check=True)
    deal = next(e for e in res.events if e["event"] == "deal")
    (d,) = [e for e in res.events if e["event"] == "discard"]
    assert d["seat"] == deal["dealer"] and len(d["cards"]) == 2
    assert set(d["cards"]) <= set(deal["hands"][deal["dealer"]])


@pytest.mark.parametrize("body, where, message", [
    ("phases:\n  crib: {to: hand}\n", "v.yaml:5:14: error [phases.crib.to]",
     "zone 'hand' is owned by the seat, but a table zone is needed here"),
    ("phases:\n  crib: {count: 0}\n", "v.yaml:5:17: error [phases.crib.count]", "0 is less than the minimum of 1"),
    ("phases:\n  crib: {seat: \"'north'\"}\n", "v.yaml:5:17: error [phases.crib.seat]",
     "this expression gives str, but seat or int is expected here"),
])
def test_bad_discards_get_placed_errors(crib, tmp_path, capsys, body, where, message):
    v = _variant(tmp_path, body)
    assert main(["validate", str(v)]) == 1
    err = capsys.readouterr().err
    assert where in err and message in err, err
    with pytest.raises(RuleplayError):
        load(str(v))
