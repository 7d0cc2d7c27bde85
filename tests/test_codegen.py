"""Code generation (ruleplay/codegen/): the generated game against the interpreter, the reference.

Every shipped ruleset with an emitter is played both ways, with random options, seeds and bots, and
must give identical events and results; rulesets without one must fall back. Hostile names and
strings in a rule file must change only the constants a generated module receives, never its code.
"""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from lark import Tree

import dataclasses

from ruleplay import codegen
from ruleplay.codegen import runtime
from ruleplay.codegen import trick
from ruleplay.codegen.game import Module
from ruleplay.kinds.passing import Pass
from ruleplay.kinds.trick import Trick
from ruleplay.tools.cli import main
from ruleplay.codegen.audit import audit
from ruleplay.codegen.expr import Consts, Emitter, Unsupported
from ruleplay.agents import play
from ruleplay.errors import RuleplayError
from ruleplay.pipeline import load
from ruleplay.resources import builtin_names

RULESETS = Path(__file__).resolve().parent.parent / "rulesets"
BMN = (RULESETS / "beggar-my-neighbour.yaml").read_text(encoding="utf-8")


# Seeds of one option combination stop once their reference games have played this many actions
# (after at least MIN_SEEDS): a Black Maria match to a target of thousands is about 10,000 actions, a
# Hearts match to 100 about 500, so a long match plays fewer seeds and a short one all of them.
ACTIONS_PER_COMBINATION = 20_000
MIN_SEEDS = 3


def both_ways(rules, seeds, bots=None, max_actions=1_000_000, budget: int | None = None) -> int:
    """The generated game and the interpreter agree, event for event and in every result field.

    With a `budget`, stop after the first seeds (at least MIN_SEEDS) whose reference games played that
    many actions; return how many seeds were played."""
    assert codegen.program(rules).source is not None, codegen.program(rules).reason
    played = actions = 0
    for seed in seeds:
        if budget is not None and played >= MIN_SEEDS and actions >= budget:
            break
        ref = play(rules, seed, max_actions=max_actions, bots=bots)
        played, actions = played + 1, actions + ref.actions
        got = codegen.play(rules, seed, max_actions=max_actions, bots=bots)
        assert got.events == ref.events, (rules.name, seed)
        assert got.to_json() == ref.to_json(), (rules.name, seed)
        quiet = codegen.play(rules, seed, max_actions=max_actions, bots=bots, log=False)
        assert quiet.events is None and quiet.to_json() == ref.to_json()
    return played


def _random_sets(rules, rng: random.Random) -> dict[str, str]:
    out = {}
    for name, spec in rules.option_specs.items():
        if rng.random() < 0.5:
            continue
        kind = spec.get("type")
        if kind == "bool":
            out[name] = rng.choice(["true", "false"])
        elif kind == "int":
            lo = spec.get("min", 0)
            out[name] = str(rng.randint(lo, spec.get("max", lo + 10)))
        elif "choices" in spec:
            out[name] = str(rng.choice(spec["choices"]))
    return out


GENERATED = [n for n in builtin_names() if codegen.program(load(n)).source is not None]


def test_the_flip_and_plain_trick_rulesets_are_generated_and_the_others_are_not():
    assert {"beggar-my-neighbour", "beggar-my-neighbour-ers", "hearts", "hearts-seed", "black-maria"} <= set(GENERATED)
    for name in ("ers", "war", "one-card", "spades"):
        prog = codegen.program(load(name))
        assert prog.source is None and prog.reason


@pytest.mark.parametrize("name", GENERATED)
def test_every_generated_ruleset_plays_as_the_interpreter(name):
    rng = random.Random(name)
    base = load(name)
    for _ in range(4):
        try:
            rules = load(name, _random_sets(base, rng))
        except RuleplayError:
            continue                              # a combination its constraints refuse
        bots = [rng.choice(["random", "lowest", "smart"]) for _ in range(rules.players)]
        both_ways(rules, [rng.randrange(10**6) for _ in range(20)], bots, budget=ACTIONS_PER_COMBINATION)


@pytest.mark.parametrize("name", [n for n in builtin_names() if n not in GENERATED][:6])
def test_rulesets_without_an_emitter_fall_back_to_the_interpreter(name):
    rules = load(name)
    assert codegen.play(rules, 3, max_actions=3000).events == play(rules, 3, max_actions=3000).events


def test_a_long_game_leaves_cycle_recording_to_the_interpreter():
    rules = load("beggar-my-neighbour")
    long = next(s for s in range(3000) if play(rules, s, log=False).rounds >= 200)
    both_ways(rules, [long])
    why = []
    codegen.play(rules, long, log=False, why=why)
    assert why == ["the game reached round 200, where the interpreter records tables to find cycles; "
                   "played again from the start"]
    short, why = next(s for s in range(100) if play(rules, s, log=False).rounds < 200), []
    codegen.play(rules, short, log=False, why=why)
    assert why == []                                     # generated to the end: nothing to say


def test_max_actions_stops_both_the_same_way():
    rules = load("beggar-my-neighbour")
    both_ways(rules, range(20), max_actions=90)
    assert codegen.play(rules, 0, max_actions=90).outcome == "limit"


def _flip_variant(rng: random.Random) -> str:
    """A flip game with every key of the kind drawn at random (the shipped files use few of them)."""
    players = rng.randint(2, 5)
    count = rng.choice(["all", str(rng.randint(3, 52 // players))])
    rest = rng.random() < 0.5 or count != "all"
    deal = f"deal: {{to: hand, count: {count}" + (", rest: extra, remainder: rest}" if rest else "}")
    when = rng.choice(["count(s.hand.size > 0 for s in seats) == 1 and pile.empty",
                       "count(not s.out for s in seats) == 1", "any(s.hand.size >= 40 for s in seats)"])
    payer = rng.choice(["challenger-takes", "next-pays"])
    return f"""
name: flip-variant
description: a generated flip game
players: {players}
deck:
  ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]
  suits: [C, D, H, S]
  attributes:
    chances: {{J: 1, Q: 2, K: 3, A: {rng.randint(0, 4)}}}
zones:
  hand: {{owner: seat, visibility: hidden}}
  won: {{owner: seat, visibility: hidden}}
  pile: {{owner: table, visibility: public}}
  extra: {{owner: table, visibility: hidden}}
table:
  dealer: {rng.choice(["last-seat", "random", str(rng.randrange(players))])}
  direction: {rng.choice(["clockwise", "counterclockwise"])}
{deal}
phases:
  play:
    kind: flip
    from: hand
    to: pile
    challenge: {{chances: card.chances, answer: {rng.choice(["true", "false"])}, empty-payer: {payer}}}
    take: {{to: {rng.choice(["hand", "won"])}, where: {rng.choice(["top", "bottom"])},
            leads: {rng.choice(["taker", "next"])}}}
    empty-hand: {rng.choice(["out", "skip"])}
    last-standing: {rng.choice(["takes-pile", "none"])}
end:
  - when: "{when}"
    winners: {{{rng.choice(["where: 's.hand.size > 0'", "highest: 's.hand.size + s.won.size'"])}}}
"""


def test_flip_games_with_every_key_agree(tmp_path):
    rng = random.Random(18)
    outcomes = set()
    for i in range(40):
        f = tmp_path / f"v{i}.yaml"
        f.write_text(_flip_variant(rng), encoding="utf-8")
        rules = load(str(f))
        both_ways(rules, range(25), max_actions=3000)
        outcomes |= {codegen.play(rules, s, max_actions=3000, log=False).outcome for s in range(25)}
    assert {"finished", "stuck", "cycle"} <= outcomes


# ------------------------------------------------------------------ the expression emitter
END_RULES = [   # each fires in some games and decides them: winners by every mode
    ("count(c.chances > 0 for c in actor.stock) >= 9", "where", "s.stock.size > 0"),
    ("actor.stock.top.rank == 'A' and actor.stock[2].suit != 'H' and actor.stock.size > 30",
     "highest", "s.stock.size"),
    ("max(s.stock.size for s in seats) - min(s.stock.size for s in seats) >= 40", "lowest", "s.stock.size"),
    ("sum(c.chances for c in actor.stock) > 30 or any(s.stock.bottom.rank in ['K', 'Q'] and s.index == 1 "
     "for s in seats) and actor.stock.size > 35", "highest", "count(c.suit == 'S' for c in s.stock)"),
    ("(actor.stock.size if actor.index == 0 else 0) * 2 // 3 > 22 and not pile.empty == false",
     "where", "abs(s.stock.size - 26) > 0 and s.stock.top.rank not in ['2', '3']"),
    ("all(c.color == 'red' or c.chances > 0 for c in pile) and dealer.stock.size > 31", "where",
     "max(s.stock.size, 3, players) > 20"),
]


def _yaml(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"          # YAML single quotes: nothing but '' is special


def _bmn_with(when: str, mode: str, value: str) -> str:
    extra = f"  - when: {_yaml(when)}\n    winners: {{{mode}: {_yaml(value)}}}\n    description: decided\n"
    return BMN.replace("\nend:\n", "\nend:\n" + extra)


@pytest.mark.parametrize("when,mode,value", END_RULES)
def test_end_rules_over_many_node_types_agree(tmp_path, when, mode, value):
    f = tmp_path / "bmn.yaml"
    f.write_text(_bmn_with(when, mode, value), encoding="utf-8")
    rules = load(str(f))
    both_ways(rules, range(120))
    reasons = {play(rules, s, log=False).reason for s in range(120)}
    assert "decided" in reasons, "the rule under test never fired"


def test_definitions_are_expanded_where_used(tmp_path):
    defines = ("define:\n  big: {expr: 's.stock.size >= limit', description: a big stock}\n"
               "  limit: {by-players: {2: 36, 3: 20}}\n  heavy: 'count(big for s in seats) > 0'\n"
               "  per-hand: {cycle: [1, 2]}\n")
    f = tmp_path / "bmn.yaml"
    f.write_text(_bmn_with("heavy and actor.stock.size > 30", "where", "big").replace("\nzones:", defines + "zones:"),
                 encoding="utf-8")
    rules = load(str(f))
    both_ways(rules, range(120))
    assert "decided" in {play(rules, s, log=False).reason for s in range(120)}
    g = tmp_path / "cycle.yaml"
    g.write_text(_bmn_with("per-hand > 1", "where", "big").replace("\nzones:", defines + "zones:"), encoding="utf-8")
    cycled = load(str(g))                                # a value per hand: read at hand_number
    assert "(hand_number - 1) % 2" in codegen.program(cycled).source
    both_ways(cycled, range(20))


def test_a_name_the_emitter_does_not_know_falls_back(tmp_path):
    f = tmp_path / "bmn.yaml"
    f.write_text(_bmn_with("round-plays > 1", "where", "s.stock.size > 0"), encoding="utf-8")
    prog = codegen.program(load(str(f)))
    assert prog.source is None and "round-plays" in prog.reason


def test_a_zone_named_as_a_built_in_seat_field_is_the_field(tmp_path):
    f = tmp_path / "bmn.yaml"
    text = BMN.replace("stock", "points").replace("count(s.points.size > 0", "count(s.cards > 0")
    f.write_text(text.replace('where: "s.points.size > 0"', 'where: "s.cards > 0 and s.points == 0"'),
                 encoding="utf-8")
    rules = load(str(f))
    src = codegen.program(rules).source                   # `s.points` is the hand's points, not the zone
    assert "hand_points[_w]" in src
    both_ways(rules, range(20))


def test_a_node_type_the_emitter_does_not_know_is_unsupported():
    em = Emitter(load("beggar-my-neighbour"), Consts(), {})
    with pytest.raises(Unsupported):
        em.node(Tree("some_new_vocabulary", []), {})


# ------------------------------------------------------------------ trick and pass
ASKING = [n for n in GENERATED if codegen.program(load(n)).asks]
PLAIN_BOTS = ["random", "lowest", "highest"]


@pytest.fixture
def generated_only(monkeypatch):
    """codegen.play may not hand any game to the interpreter (engine.play still gives the reference)."""
    def refuse(*args, **kwargs):
        raise AssertionError("the game was interpreted")
    monkeypatch.setattr(runtime, "interpret", refuse)


def test_the_trick_rulesets_ask_bots():
    assert {"hearts", "hearts-seed", "black-maria"} <= set(ASKING)


@pytest.mark.parametrize("name", ASKING)
def test_every_generated_trick_ruleset_plays_as_the_interpreter(name, generated_only):
    rng = random.Random("trick " + name)
    base = load(name)
    for _ in range(5):
        try:
            rules = load(name, _random_sets(base, rng))
        except RuleplayError:
            continue
        assert codegen.program(rules).source is not None, codegen.program(rules).reason
        bots = [rng.choice(PLAIN_BOTS) for _ in range(rules.players)]
        both_ways(rules, [rng.randrange(10**6) for _ in range(12)], bots, budget=ACTIONS_PER_COMBINATION)


def test_a_single_hand_of_hearts_with_every_option_agrees(generated_only):
    rng = random.Random(18)
    base = load("hearts")
    for _ in range(30):
        sets = {**_random_sets(base, rng), "hands": "single"}
        rules = load("hearts", sets)
        bots = [rng.choice(PLAIN_BOTS) for _ in range(4)]
        both_ways(rules, [rng.randrange(10**6) for _ in range(5)], bots)


def test_black_maria_with_every_combination_of_its_choices_agrees(generated_only):
    """Every passing direction with every setting of both house rules (the random draws above miss
    some, e.g. passing left), each a short match of a few hands."""
    rng = random.Random("black-maria grid")
    played = []
    for passing in ("right", "left", "none"):
        for high in ("true", "false"):
            for breaking in ("true", "false"):
                rules = load("black-maria", {"passing": passing, "high-spades": high,
                                             "must-break-hearts": breaking, "target": "40"})
                bots = [rng.choice(PLAIN_BOTS) for _ in range(3)]
                played.append(both_ways(rules, [rng.randrange(10**6) for _ in range(3)], bots))
    assert played == [3] * 12


def test_a_budget_plays_fewer_seeds_of_a_long_match_but_at_least_the_minimum(generated_only):
    long = load("black-maria", {"target": "2000"})               # about 7,000 actions a match
    assert both_ways(long, range(10), ["lowest"] * 3, budget=5_000) == MIN_SEEDS
    assert both_ways(long, range(10), ["lowest"] * 3, budget=25_000) == 4
    short = load("hearts", {"hands": "single"})                 # 52 or so actions a game
    assert both_ways(short, range(10), ["lowest"] * 4, budget=5_000) == 10


def test_max_actions_stops_a_trick_game_both_the_same_way(generated_only):
    rules = load("hearts")
    for limit in (1, 2, 4, 5, 17, 60, 200):      # inside the pass, the first trick, a later hand
        both_ways(rules, range(3), ["random", "lowest", "highest", "random"], max_actions=limit)
    assert codegen.play(rules, 0, max_actions=60).outcome == "limit"


def test_bots_that_want_a_view_are_interpreted(monkeypatch):
    rules = load("hearts", {"hands": "single"})
    calls = []
    monkeypatch.setattr(runtime, "interpret", lambda *a, **k: calls.append(a) or play(*a, **k))
    for bots in (["smart", "lowest", "lowest", "lowest"], ["ismcts:2", "lowest", "lowest", "lowest"]):
        assert codegen.play(rules, 4, bots=bots).events == play(rules, 4, bots=bots).events
    assert len(calls) == 2


def _hearts_with(tmp_path, extra: str, name: str = "variant.yaml"):
    f = tmp_path / name
    f.write_text("extends: hearts\nname: variant\nphases:\n" + extra, encoding="utf-8")
    return load(str(f))


@pytest.mark.parametrize("extra", [
    "  tricks:\n    high: \"card.name == 'AS'\"\n",
    "  tricks:\n    suit: \"'S' if card.name == 'QH' else card.suit\"\n",
    "  tricks:\n    follow-allowed: \"card.rank != 'A'\"\n",
    "  tricks:\n    trump: \"'S' if hand-number > 1 else 'none'\"\n",
    "  tricks:\n    order: \"0 - card.order\"\n",
    "  tricks:\n    choices: {reversed: {when: \"trick-number > 3\"}}\n",
    "  pass:\n    choose: lowest\n",
    "  pass:\n    when: \"hand-number > 1\"\n",
    "  pass:\n    offset: null\n    receiver: \"r == s\"\n",
])
def test_trick_and_pass_features_without_an_emitter_fall_back(tmp_path, extra):
    try:
        rules = _hearts_with(tmp_path, extra)
    except RuleplayError:
        pytest.skip("a variant the validator refuses")
    prog = codegen.program(rules)
    assert prog.source is None and prog.reason
    bots = ["lowest", "random", "highest", "random"]
    assert codegen.play(rules, 2, bots=bots).events == play(rules, 2, bots=bots).events


def test_a_key_added_to_the_trick_or_pass_kind_later_falls_back():
    rules = load("hearts")
    tricks = next(ph for ph in rules.phases if type(ph) is Trick)
    passing = next(ph for ph in rules.phases if type(ph) is Pass)
    for emit, ph in ((trick.emit_trick, tricks), (trick.emit_pass, passing)):
        emit(ph, Module(rules))                          # as shipped: written
        with pytest.raises(Unsupported):
            emit(dataclasses.replace(ph, spec={**ph.spec, "sit-out": "s.score > 90"}), Module(rules))


@pytest.mark.parametrize("extra", [
    "  tricks:\n    trump: S\n",
    "  tricks:\n    leader: dealer\n    trump: H\n",
    "  tricks:\n    follow: any\n    leader: left-of-dealer\n",
    "  tricks:\n    flags:\n      spades-seen: \"card.suit == 'S' and trick-number > 2\"\n"
    "    lead-allowed: \"spades-seen or card.suit != 'S'\"\n",
])
def test_trick_keys_the_emitter_writes_agree(tmp_path, extra, generated_only):
    rules = _hearts_with(tmp_path, extra)
    rng = random.Random(extra)
    for seed in range(8):
        both_ways(rules, [seed], [rng.choice(PLAIN_BOTS) for _ in range(4)])


def test_a_runaway_score_gives_the_interpreters_placed_error(tmp_path):
    f = tmp_path / "runaway.yaml"
    f.write_text('extends: hearts\nname: runaway\nscoring:\n  points: "s.score * s.score + 2"\nmatch:\n  end: "false"\n',
                 encoding="utf-8")
    rules = load(str(f))
    assert "setting(" in codegen.program(rules).source
    with pytest.raises(RuleplayError) as ref:
        play(rules, 1, bots=["lowest"] * 4)
    why = []
    with pytest.raises(RuleplayError) as got:
        codegen.play(rules, 1, bots=["lowest"] * 4, why=why)
    assert why == ["a value beyond the limit, whose error is the interpreter's; played again from the start"]
    assert str(got.value) == str(ref.value) and "beyond the limit" in str(got.value)


def test_trick_zone_and_flag_names_change_no_code(tmp_path):
    text = (RULESETS / "hearts-seed.yaml").read_text(encoding="utf-8")
    hostile = text.replace("taken", "events").replace("  trick:", "  k:").replace("to: trick", "to: k")
    f = tmp_path / "hostile.yaml"
    f.write_text(hostile.replace("name: hearts-seed", "name: hostile"), encoding="utf-8")
    plain, renamed = load("hearts-seed"), load(str(f))
    assert codegen.program(renamed).source == codegen.program(plain).source
    both_ways(renamed, range(6), ["random", "lowest", "highest", "random"])
    assert audit(codegen.program(load("hearts")).source) is None


# ------------------------------------------------------------------ hostile names and strings
HOSTILE_TEXT = "x' \"\n__import__('os').system('echo pwned') # \u00e9\u2603\U0001F0CF"


def _hostile(tmp_path) -> tuple:
    plain = BMN.replace("    description: one player holds every card", "    description: plain")
    hostile = BMN.replace("stock", "k").replace("pile", "events").replace("  play:\n", "  game:\n")
    hostile = hostile.replace("    description: one player holds every card",
                              "    description: " + '"' + HOSTILE_TEXT.encode("unicode_escape").decode()
                              .replace('"', '\\"') + '"')
    a, b = tmp_path / "plain.yaml", tmp_path / "hostile.yaml"
    a.write_text(plain, encoding="utf-8")
    b.write_text(hostile, encoding="utf-8")
    return load(str(a)), load(str(b))


def test_hostile_names_and_strings_change_no_code(tmp_path):
    plain, hostile = _hostile(tmp_path)
    assert hostile.end[0].text == HOSTILE_TEXT
    src_plain, src_hostile = codegen.program(plain).source, codegen.program(hostile).source
    assert src_hostile == src_plain                      # identical code: only K[...] differs
    assert "__import__" not in src_hostile and "events =" in src_hostile
    both_ways(hostile, range(40))
    reasons = {codegen.play(hostile, s, log=False).reason for s in range(40)}
    assert HOSTILE_TEXT in reasons


def test_a_hostile_string_inside_an_expression_is_a_constant(tmp_path):
    hostile = "pile.top.name == '\" + __import__(\"os\").getcwd() + \"\u2603 \\' or pile.top.name == 'AS'"
    plain = "pile.top.name == 'QS' or pile.top.name == 'AS'"
    fa, fb = tmp_path / "a.yaml", tmp_path / "b.yaml"
    fa.write_text(_bmn_with(hostile, "where", "s.stock.size > 0"), encoding="utf-8")
    fb.write_text(_bmn_with(plain, "where", "s.stock.size > 0"), encoding="utf-8")
    a, b = load(str(fa)), load(str(fb))
    assert codegen.program(a).source == codegen.program(b).source
    assert "getcwd" not in codegen.program(a).source
    both_ways(a, range(20))


def test_generated_identifiers_come_from_the_generator(tmp_path):
    _, hostile = _hostile(tmp_path)
    names = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", codegen.program(hostile).source))
    allowed = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", codegen.program(load("beggar-my-neighbour")).source))
    assert names == allowed


def test_the_audit_passes_generated_code_and_refuses_pasted_text(tmp_path):
    _, hostile = _hostile(tmp_path)
    for rules in [hostile] + [load(n) for n in GENERATED]:
        assert audit(codegen.program(rules).source) is None
    src = codegen.program(hostile).source
    assert "string" in audit(src.replace('"payment complete"', repr(HOSTILE_TEXT)))
    assert "name" in audit(src.replace("heap.clear()", "exec(K[0])"))
    assert "name" in audit(src.replace("heap.clear()", "os.system(K[0])"))
    assert "float" in audit(src.replace("K[0]", "1.5"))


# ------------------------------------------------------------------ fuzzed rule files, both ways
FUZZ_EXAMPLES = 60        # about 3 s; RULEPLAY_FUZZ_EXAMPLES=N (test_fuzz.py) makes it a campaign
FUZZ_MAX_ACTIONS = 3000   # as test_fuzz.py's games


def _fuzzed_generated_file():
    """A generated ruleset's file with a few of its expressions and numbers damaged by test_fuzz.py's
    tokens (a token into a text with a space or a dot, an int nudged): these mostly still validate, and
    reach the emitters with names, operators and values the shipped files never combine."""
    import yaml
    from hypothesis import strategies as st
    from test_fuzz import EXPR_PUNCT, EXPR_WORDS, _get, _paths
    from ruleplay.resources import builtin_path

    @st.composite
    def case(draw):
        name = draw(st.sampled_from(GENERATED))
        data = yaml.safe_load(builtin_path(name).read_text(encoding="utf-8"))
        leaves = [p for p in _paths(data)[1:] if p[0] not in ("name", "players", "extends")
                  and (type(_get(data, p)) is int or isinstance(_get(data, p), str) and re.search(r"[ .(]", _get(data, p)))]
        for _ in range(draw(st.integers(1, 3))):
            path = draw(st.sampled_from(leaves))
            parent, last = _get(data, path[:-1]), path[-1]
            old = parent[last]
            if type(old) is int:
                parent[last] = old + draw(st.sampled_from([-2, -1, 1, 2, 10, 100]))
            else:
                j = draw(st.integers(0, len(old)))
                parent[last] = old[:j] + draw(st.sampled_from(EXPR_WORDS + EXPR_PUNCT + [
                    " + 1", " * 2", " and true", " or false", "[2]", " - 1", " and not true"])) + old[j:]
        return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    return case()


@pytest.mark.fuzz
def test_fuzzed_rule_files_play_both_ways():
    """Whatever validates and is still generated gives the interpreter's events and result (or its
    error); whatever is not generated falls back, says why, and gives the interpreter's events."""
    import sys
    import tempfile
    from hypothesis import given, strategies as st
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from test_fuzz import _settings

    seen = {"refused": 0, "generated": 0, "fallback": 0}

    @_settings(FUZZ_EXAMPLES)
    @given(_fuzzed_generated_file(), st.integers(0, 2**16))
    def differential(text, seed):
        with tempfile.TemporaryDirectory() as tmp:
            Path(tmp, "main.yaml").write_text(text, encoding="utf-8")
            try:
                rules = load(str(Path(tmp, "main.yaml")))
            except RuleplayError:
                seen["refused"] += 1
                return
        bots = [random.Random(seed + s).choice(PLAIN_BOTS) for s in range(rules.players)]
        prog = codegen.program(rules)
        if prog.source is None:
            seen["fallback"] += 1
            why = []
            got = codegen.play(rules, seed, max_actions=FUZZ_MAX_ACTIONS, bots=bots, why=why)
            assert prog.reason and why == [prog.reason]
            assert got.events == play(rules, seed, max_actions=FUZZ_MAX_ACTIONS, bots=bots).events
            return
        seen["generated"] += 1
        try:
            ref = play(rules, seed, max_actions=FUZZ_MAX_ACTIONS, bots=bots)
        except RuleplayError as err:               # a rule's runtime error: the generated game gives the same
            with pytest.raises(RuleplayError) as got:
                codegen.play(rules, seed, max_actions=FUZZ_MAX_ACTIONS, bots=bots)
            assert str(got.value) == str(err)
            return
        assert ref.outcome in ("finished", "cycle", "limit")
        both_ways(rules, [seed], bots, max_actions=FUZZ_MAX_ACTIONS)

    differential()
    assert seen["generated"] >= FUZZ_EXAMPLES // 3, seen      # the property was exercised, not skipped


# ------------------------------------------------------------------ the command line
def test_compile_prints_the_source_or_says_why_not(capsys):
    assert main(["compile", "beggar-my-neighbour"]) == 0
    out = capsys.readouterr().out
    assert "def game(g, seed):" in out and "K[0] = 'one player holds every card'" in out
    assert main(["compile", "war"]) == 0
    assert "runs on the interpreter" in capsys.readouterr().out


def test_run_and_sim_give_the_same_with_interpret(capsys):
    for flag in ([], ["--interpret"]):
        assert main(["run", "beggar-my-neighbour", "--seed", "5", "--json"] + flag) == 0
    a, b = capsys.readouterr().out.splitlines()
    assert a == b
    for flag in ([], ["--interpret"]):
        assert main(["sim", "beggar-my-neighbour", "-n", "300", "--jobs", "1", "--json", "-q"] + flag) == 0
    a, b = capsys.readouterr().out.strip().splitlines()
    assert re.sub(r'"(seconds|elapsed|rate)[^,}]*', "", a) == re.sub(r'"(seconds|elapsed|rate)[^,}]*', "", b)


# ------------------------------------------------------------------ start-up: the schema check of built-ins
def _fresh(code: str, cache: Path) -> str:
    import os
    import subprocess
    import sys
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": os.pathsep.join(sys.path)}
    return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          check=True).stdout.strip()


def test_a_built_in_checked_once_does_not_import_jsonschema_again(tmp_path):
    code = "import sys; from ruleplay.pipeline import load; load('beggar-my-neighbour'); " \
           "print('jsonschema' in sys.modules)"
    assert _fresh(code, tmp_path) == "True"           # first time: checked, and remembered
    assert list((tmp_path / "ruleplay").glob("valid-*"))
    assert _fresh(code, tmp_path) == "False"          # then: not imported at all


def test_a_user_file_is_checked_every_time(tmp_path):
    f = tmp_path / "mine.yaml"
    f.write_text(BMN, encoding="utf-8")
    code = f"import sys; from ruleplay.pipeline import load; load({str(f)!r}); print('jsonschema' in sys.modules)"
    assert _fresh(code, tmp_path) == "True"
    assert _fresh(code, tmp_path) == "True"
    assert not list((tmp_path / "ruleplay").glob("valid-*"))


def test_no_marker_in_a_cache_folder_others_may_write(tmp_path):
    (tmp_path / "ruleplay").mkdir(mode=0o777)
    (tmp_path / "ruleplay").chmod(0o777)
    code = "import sys; from ruleplay.pipeline import load; load('beggar-my-neighbour'); " \
           "print('jsonschema' in sys.modules)"
    assert _fresh(code, tmp_path) == "True"
    assert _fresh(code, tmp_path) == "True"
    assert not list((tmp_path / "ruleplay").glob("valid-*"))


def test_a_match_with_knock_outs_falls_back(tmp_path):
    """The generator knows no knock-outs (seats out of the match skip deals and turns): interpreted."""
    f = tmp_path / "knock.yaml"
    f.write_text("extends: hearts\nname: knock\nmatch:\n  knock-out: \"s.score > 30\"\n", encoding="utf-8")
    rules = load(str(f))
    prog = codegen.program(rules)
    assert prog.source is None and "knocked out" in prog.reason
    bots = ["lowest", "random", "highest", "random"]
    assert codegen.play(rules, 3, bots=bots).events == play(rules, 3, bots=bots).events
