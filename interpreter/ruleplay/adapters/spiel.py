"""Every ruleset as an OpenSpiel game: `import ruleplay.adapters.spiel`, then `pyspiel.load_game("ruleplay", {...})`.

Parameters: `ruleset` (a built-in name or a path), `players` (0: the ruleset's default), `options`
("k=v,k=v" as `--set` takes them, or the game string's own form "k:v;k:v", a list as "[5;6]"),
`returns` ("points", the default, or "normalized") and `max_actions` (the action limit of a game).
Needs `pip install 'ruleplay[openspiel]'`. `str(game)` is a game string `pyspiel.load_game` reads back,
options included.

Chance (`chance="cards"`, the default): every shuffle is drawn card by card, a deal's and one mid-hand (a
reshuffled stock, a shuffled hand), each chance node uniform over the cards not drawn yet (a chance action is
the card's deck index, `action_to_string` its name; ruleplay's `Table.draw_order`), and every other random
event is one chance node over its few outcomes, labelled (a random first dealer, a tie drawn by lot, a card
put at a random place: `Table.lot`). `chance="seed"` keeps one node instead, the
seed of the whole game (one of SEEDS, uniform): ruleplay's seeded games, for reproducible runs
(`SeedSampler` draws it for `rl_environment` without weighing SEEDS probabilities). The decisions are ruleplay's steppable state
(`ruleplay.engine.state`) with the same labels; the actions are numbered 0..k-1 over those the ruleset's phases
may ever offer (`adapters/actions.py`: a 52-card trick game's 52, not ruleplay's fixed 1,057), and `game.actions` translates
(`ruleplay(a)` is ruleplay's id, the one its logs record).

Returns (`returns="points"`): a game scored by totals whose match is won by the lowest (highest) total
pays each seat its final total, negated (as it is): totals [4, 16, 0, 6] won low pay [-4, -16, 0, -6]; the
game type is GENERAL_SUM and the bounds are the engine's caps (a hand scores within -10^9..10^9, a match
lasts at most `max-hands`). Any other game is won or lost: the winners share +1 and the losers -1
(two seats: +1 and -1; nobody wins, or a cycle or the action limit stops the game: 0 each), ZERO_SUM
within [-1, 1]. `returns="normalized"` gives ruleplay's own [0, 1] returns (`engine.results.returns_of`),
GENERAL_SUM.

Observations: `observation_string` (what the seat may see now), `information_state_string` (every event
of the game as the seat may know it: perfect recall), and the tensors of `adapters/tensors.py`
(generated from the rules; the layout is in that module and in docs/agents.md).
`resample_from_infostate` deals the cards the seat has not seen as ruleplay's `ismcts` bot does (a copy of
the game dealt again where the phase can be copied, else a deal from `agents/determinize` proven by
replaying the hand), so OpenSpiel's `ISMCTSBot` runs; it refuses (SpielError) where no deal can be
proven: a slap window, a shed game's reshuffled stock.
States pickle, deep-copy and serialize (rebuilt from the game's parameters and the action history).
`make_bot(game, player, "smart")` seats a ruleplay bot at an OpenSpiel table.
"""
from __future__ import annotations

import json
import random
from functools import lru_cache

import numpy as np
import pyspiel

from ruleplay.agents import bot_action, make_bots
from ruleplay.agents.determinize import determinize, knowledge, learn_slots, Unseen
from ruleplay.agents.ismcts import Script, prove
from ruleplay.adapters.actions import Actions
from ruleplay.adapters.returns import MAX_HAND_POINTS, points_returns, scored as _scored
from ruleplay.adapters.tensors import Layout, Memory
from ruleplay.engine.run import DEFAULT_MAX_ACTIONS, Deal, chance_bound
from ruleplay.engine.state import TERMINAL, Game, State
from ruleplay.pipeline import load_game

SEEDS = 1 << 16
TRIES = 100            # sampled deals a resample proves before it copies the game or gives up
RETURNS = ("points", "normalized")
CHANCE = ("cards", "seed")
DEFAULTS = {"ruleset": "oh-hell", "players": 0, "options": "", "returns": "points",
            "max_actions": DEFAULT_MAX_ACTIONS, "chance": "cards"}

_U = pyspiel.GameType.Utility


def _game_type(utility) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name="ruleplay",
        long_name="ruleplay: a card game from a YAML ruleset",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=64,
        min_num_players=1,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(DEFAULTS))


_TYPE = _game_type(_U.GENERAL_SUM)


def parse_options(text: str) -> dict[str, str]:
    """"k=v,k=v" (or the game string's "k:v;k:v") -> {k: v}; a list keeps its commas (or semicolons) inside
    brackets ("hand-sizes=[5,6]", "hand-sizes:[5;6]" -> "[5,6]")."""
    out: dict[str, str] = {}
    depth, part, parts = 0, "", []
    for ch in text:
        depth += ch == "["
        depth -= ch == "]"
        if ch in ",;" and depth == 0:
            parts.append(part)
            part = ""
        else:
            part += ";" if ch == "," else ch
    parts.append(part)
    for p in parts:
        if p.strip():
            i = min((j for j in (p.find("="), p.find(":")) if j >= 0), default=-1)
            if i < 0:
                raise ValueError(f"options: expected k=v, got {p!r}")
            out[p[:i].strip()] = p[i + 1:].strip().replace(";", ",")
    return out


def format_options(options: dict[str, str]) -> str:
    """The options in the game string's form ("k:v;k:v", a list "[5;6]"), which OpenSpiel's game-string
    parser keeps whole: `parse_options` reads it back."""
    return ";".join(f"{k}:{str(v).replace(',', ';')}" for k, v in sorted(options.items()))


@lru_cache(maxsize=64)
def _ruleplay_game(ruleset: str, players: int, options: str) -> Game:
    """The compiled game of a parameter set (cached: a pickled state rebuilds without compiling again)."""
    return load_game(ruleset, players or None, parse_options(options))


class RuleplayGame(pyspiel.Game):
    """A ruleset as an OpenSpiel game (see the module docstring for the parameters)."""

    def __init__(self, params=None):
        given = {**DEFAULTS, **dict(params or {})}
        options = format_options(parse_options(str(given["options"])))
        self.params = {"ruleset": str(given["ruleset"]), "players": int(given["players"]), "options": options,
                       "returns": str(given["returns"]), "max_actions": int(given["max_actions"]),
                       "chance": str(given["chance"])}
        if self.params["returns"] not in RETURNS:
            raise ValueError(f"returns: one of {', '.join(RETURNS)}, got {self.params['returns']!r}")
        if self.params["chance"] not in CHANCE:
            raise ValueError(f"chance: one of {', '.join(CHANCE)}, got {self.params['chance']!r}")
        self.ruleplay = _ruleplay_game(self.params["ruleset"], self.params["players"], options)
        rules = self.ruleplay.rules
        n = self.ruleplay.num_players()
        if self.params["returns"] == "normalized":
            utility, lo, hi, total = _U.GENERAL_SUM, 0.0, 1.0, None
        elif _scored(rules):
            bound = float(MAX_HAND_POINTS * rules.match.max_hands)
            utility, lo, hi, total = _U.GENERAL_SUM, -bound, bound, None
        else:
            utility, lo, hi, total = _U.ZERO_SUM, -1.0, 1.0, 0.0
        self.actions = Actions.of(self.ruleplay)        # the learner's numbering (adapters/actions.py)
        by_cards = self.params["chance"] == "cards"
        # chance decisions are not actions of the action limit: every deal's draws, and as many mid-hand as the
        # action limit, past which the game stops as a limit (run.chance_bound)
        draws = chance_bound(rules, self.params["max_actions"]) if by_cards else 1
        info = pyspiel.GameInfo(num_distinct_actions=len(self.actions),
                                max_chance_outcomes=max(len(rules.deck), n) if by_cards else SEEDS,
                                num_players=n, min_utility=lo, max_utility=hi, utility_sum=total,
                                max_game_length=self.params["max_actions"] + draws)
        self.layouts = {False: Layout(self.ruleplay, False), True: Layout(self.ruleplay, True)}
        self._observers: dict[bool, _Observer] = {}     # the tensors' observers, made at the first call
        super().__init__(_game_type(utility), info, dict(self.params))

    def new_initial_state(self):
        return RuleplayState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observation (default) or, with perfect recall, the information state of one seat: its own
        private cards and the public ones. Any other kind (public facts only, every seat's cards) is
        refused rather than served with the seat's own cards in it."""
        if iig_obs_type is not None and (not iig_obs_type.public_info
                                         or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER):
            raise ValueError(f"ruleplay observes one seat's private and public information, not {iig_obs_type}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self.layouts[recall], recall)


class _Inner:
    """The ruleplay state behind an OpenSpiel state: deep-copied by `clone` (State.clone) and pickled as the
    game's parameters, its seed, its deal (a resampled state's) and its actions, since the compiled rules
    hold closures."""

    __slots__ = ("state", "params", "memory", "hints")

    def __init__(self, state: State, params: tuple):
        self.state, self.params = state, params
        self.memory: dict[int, Memory] = {}     # per seat, what its tensors have read of the log (tensors.py)
        self.hints: dict[tuple, dict[int, set]] = {}   # per (seat, hand, deal): the sampler's hints (resample)

    def __deepcopy__(self, memo) -> "_Inner":
        if self.state.seed is None and self.state.is_terminal():
            return _Inner(self.state, self.params)      # a finished copy of a search: nothing changes it
        return _Inner(self.state.clone(), self.params)

    def __reduce__(self):
        s = self.state
        if s.seed is None:
            raise TypeError("a forked ruleplay state (a search's copy) is not pickled: it has no history")
        return _rebuild, (self.params, s.seed, s.deal, s.history())


def _rebuild(params: tuple, seed: int, deal: Deal | None, history: list[int]) -> _Inner:
    ruleset, players, options, max_actions, chance = params
    state = _ruleplay_game(ruleset, players, options).new_initial_state(seed, deal, max_actions=max_actions,
                                                                        chance=chance)
    for a in history:
        state.apply_action(a)
    return _Inner(state, params)


_CHANCE, _TERMINAL = pyspiel.PlayerId.CHANCE, pyspiel.PlayerId.TERMINAL


class RuleplayState(pyspiel.State):
    """One game: ruleplay's decisions, its deals drawn card by card at chance nodes (or one seed node first)."""

    def __init__(self, game: RuleplayGame):
        super().__init__(game)
        self._players = game.num_players()
        self._held: _Inner | None = None     # the ruleplay state (with chance="seed": once the seed is drawn)
        self._lazy = game.params["chance"] == "cards"     # started at its first chance node when first read
        self._prefix: list[dict] | None = None   # a resampled state: the events before its own (see resample)
        self._copy: tuple[int, dict[int, str]] | None = None   # a resampled copy: (log length, string per seat)

    @property
    def _inner(self) -> _Inner | None:
        """The ruleplay state behind this one; in the card-by-card form started when first read, since OpenSpiel
        makes a fresh state for every copy it takes (a game started for each would be thrown away)."""
        if self._held is None and self._lazy:
            self._start(0, chance=True)
        return self._held

    @_inner.setter
    def _inner(self, box: _Inner | None) -> None:
        self._held = box

    @property
    def ruleplay_state(self) -> State | None:
        """The ruleplay `State` behind this one (None at the chance node)."""
        return None if self._inner is None else self._inner.state

    def current_player(self):                   # asked several times an action by OpenSpiel: the held state
        box = self._held if self._held is not None else self._inner     # read directly once started
        if box is None:
            return _CHANCE
        p = box.state.current_player()
        return _TERMINAL if p == TERMINAL else p

    def _start(self, seed: int, chance: bool) -> None:
        p = self.get_game().params
        state = self.get_game().ruleplay.new_initial_state(seed=seed, max_actions=p["max_actions"], chance=chance)
        self._inner = _Inner(state, (p["ruleset"], p["players"], p["options"], p["max_actions"], chance))

    def _legal_actions(self, player):
        inner = (self._held if self._held is not None else self._inner).state
        if inner.is_chance_node():
            return [a for a, _ in inner.chance_outcomes()]
        return self.get_game().actions.compact_all(inner.legal_actions())

    def chance_outcomes(self):
        if self._inner is None:
            return _chance_outcomes()
        return self._inner.state.chance_outcomes()

    def _apply_action(self, action):
        box = self._held if self._held is not None else self._inner
        if box is None:
            self._start(int(action), chance=False)
        elif box.state.is_chance_node():
            box.state.apply_action(int(action))     # a card drawn (its deck index) or a seat
        else:
            box.state.apply_action(self.get_game().actions.ruleplay(int(action), box.state))

    def _action_to_string(self, player, action):
        if player == pyspiel.PlayerId.CHANCE:
            if self._inner is None:
                return f"seed {action}"
            inner = self._inner.state
            d = inner.decision()
            if d is not None and d.labels and action in d.labels:
                return d.labels[action]
            return f"deal {inner.game.space.label(action)}"
        if self._inner is None:
            return f"action {action}"
        actions = self.get_game().actions
        return actions.label(action) or self._inner.state.action_to_string(actions.ruleplay(action))

    def is_terminal(self):
        box = self._held if self._held is not None else self._inner
        return box is not None and box.state.is_terminal()

    def returns(self):
        if self._inner is None or not self._inner.state.is_terminal():
            return [0.0] * self._players
        g = self.get_game()
        if g.params["returns"] == "normalized":
            return self._inner.state.returns()
        return points_returns(g.ruleplay, self._inner.state)

    def information_state_string(self, player=None):
        """Perfect recall: every event of the game as `player` may know it (its own sealed choices last)."""
        if player is None:
            player = self.current_player()
        if self._copy is not None:                 # a resampled copy: its strings then, and the events since
            start, base = self._copy
            events, _ = self._inner.state.seat_events_since(player, start)
            return "\n".join([base[player], *(json.dumps(ev, sort_keys=True, separators=(",", ":"))
                                             for ev in events + self._inner.state.sealed_choices(player))])
        lines = [f"seat {player}"]
        if self._inner is not None:
            events = self._inner.state.seat_events(player)
            if self._prefix is not None:
                events = self._prefix + events[1:]
            lines.extend(json.dumps(ev, sort_keys=True, separators=(",", ":")) for ev in events)
        return "\n".join(lines)

    def information_state_tensor(self, player=None) -> list[float]:
        return self._tensor(True, player)

    def observation_tensor(self, player=None) -> list[float]:
        return self._tensor(False, player)

    def _tensor(self, recall: bool, player) -> list[float]:
        """The seat's tensor as a list, as OpenSpiel's call gives it, from the game's own observer (the values
        OpenSpiel's generic path reads from `make_py_observer`: a test compares both). Answered here because
        that path builds a fresh state to learn the tensor's size and copies through the observer at every
        call, about 40 us a call, more than the tensor costs to write."""
        if player is None:
            player = self.current_player()
        if not 0 <= player < self._players:
            raise pyspiel.SpielError(f"a tensor is of a player 0..{self._players - 1}, not {player}")
        game = self.get_game()
        observer = game._observers.get(recall)
        if observer is None:
            observer = game._observers[recall] = _Observer(game.layouts[recall], recall)
        return observer.values(self, player)

    def observation_string(self, player=None):
        if player is None:
            player = self.current_player()
        return "" if self._inner is None else self._inner.state.observation_string(player)

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state `player_id` (the player to move) cannot tell from this one, drawn as ruleplay's `ismcts` bot
        draws its deals. Where the phase can be copied as it stands (a trick's card, a climb's turn) and the
        seat knows of no card it cannot place: a copy of the game with the cards the seat has not seen dealt
        again where they lie (`Unseen`: voids shown and passed cards kept), ending with the hand. Elsewhere
        a deal from ruleplay's sampler (`determinize`: voids, passes, draws and the cards the seat saw kept,
        steered by the hints earlier refusals left) with the hand so far replayed on it and proven to show
        the seat the same events and legal actions (up to TRIES deals, the second half with the other seats'
        unseen choices drawn at random; then the copy, where the phase can be copied). Else (a slap window, a shed game's stock reshuffled) a SpielError: no resample."""
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        inner = self.ruleplay_state
        if inner is None or inner.is_terminal():
            return self.clone()
        if player_id != inner.current_player():
            raise pyspiel.SpielError("ruleplay resamples for the player to move only")
        g = self.get_game()
        rules = g.ruleplay.rules
        events = inner.seat_events(player_id)
        deals = [i for i, ev in enumerate(events) if ev["event"] == "deal"]
        if not deals:
            raise pyspiel.SpielError("no deal yet: nothing to resample")
        k = knowledge(rules, player_id, events)
        prefix = (self._prefix + events[1:deals[-1]]) if self._prefix is not None else events[:deals[-1]]
        hints = self._inner.hints.setdefault((player_id, k.hand, len(deals)), {})
        d = inner.decision()
        sampled, copied = None, False
        if inner.forkable and not k.loose:
            sampled = self._fork(inner, Unseen(rules, k), rng)
            copied = sampled is not None
        if sampled is None and not k.blind and d is not None and d.window is None:
            slots = learn_slots(rules, k, rng) if k.loose else {}
            actions = sorted(inner.legal_actions())
            for i in range(TRIES):
                lenient = i >= TRIES // 2        # its refusals leave no hints: they may be the other seats' choices
                h = {} if lenient else hints
                s = determinize(rules, k, rng, slots, h)
                sampled = _prove(rules, k, s, actions, rng, h, lenient) if s is not None else None
                if sampled is not None:
                    break
        if sampled is None and inner.forkable:
            sampled = self._fork(inner, Unseen(rules, k), rng)
            copied = sampled is not None
        if sampled is None:
            raise pyspiel.SpielError("no deal consistent with what the seat saw was found")
        out = RuleplayState(g)
        out._inner = _Inner(sampled, self._inner.params)
        if copied:
            # The copy keeps this game's log, in which another seat's deal is its true one: each other seat's
            # string is the resampling seat's, then that seat's view of the copy (its hand as dealt again).
            mine = self.information_state_string(player_id)
            start = sampled.seat_events_since(player_id, 0)[1]
            out._copy = (start, {q: mine if q == player_id else f"{mine}\nresampled for seat {player_id}; seat {q}:\n"
                                 + sampled.observation_string(q) for q in range(rules.players)})
        else:
            out._prefix = prefix
        return out

    @staticmethod
    def _fork(inner: State, unseen: Unseen, rng: random.Random) -> State | None:
        """A copy of the game as it stands, the cards the seat has not seen dealt again where they lie, ending
        with the hand (a copy can be copied again only within the phase: a trick's cards, a climb)."""
        return inner.fork(answer=[None] * inner.game.num_players(), log=True, hand_only=True,
                          redeal=lambda zones, shared: unseen.deal(zones, shared, rng))

    def __str__(self):
        return "" if self._inner is None else str(self._inner.state)


class _Lenient(Script):
    """A replay that answers at random another seat's decision the seat's log shows no move for (a choice
    the seat never saw made: Euchre's dealer discarding); the proof still compares the seat's whole log."""

    def action(self, d) -> int:
        if d.window is None and d.seat != self.me and not d.sealed:
            self._catch_up()
            if not self.moves.get(d.seat):
                return d.actions[self.rng.randrange(len(d.actions))]
        return super().action(d)


def _prove(rules, k, sample, actions: list[int], rng: random.Random, hints: dict[int, set],
           lenient: bool = False) -> State | None:
    """`ismcts.prove` that keeps the refusals' hints (`Script.hint`) for the next sampled deals; `lenient`:
    other seats' unseen choices are drawn at random (`_Lenient`) instead of refusing the deal."""
    return prove(rules, k, sample, actions, rng, hints=hints, script_class=_Lenient if lenient else Script)


@lru_cache(maxsize=1)
def _chance_outcomes() -> list[tuple[int, float]]:
    p = 1.0 / SEEDS
    return [(i, p) for i in range(SEEDS)]


class SeedSampler:
    """A chance-event sampler for `rl_environment.Environment(game, chance_event_sampler=SeedSampler(seed))`: the
    seed node's outcomes are uniform, so it draws one at once instead of weighing SEEDS probabilities
    (OpenSpiel's default sampler spends about 30 ms a reset on them)."""

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def __call__(self, state) -> int:
        outcomes = state.chance_outcomes()
        if len(outcomes) == SEEDS:                   # ruleplay's seed node: uniform
            return outcomes[self.rng.randrange(SEEDS)][0]
        actions, probs = zip(*outcomes)
        return self.rng.choices(actions, probs)[0]


class _Observer:
    """The tensors of adapters/tensors.py (`tensor`, with a view per segment in `dict`) and the strings."""

    def __init__(self, layout: Layout, perfect_recall: bool):
        self.layout, self.perfect_recall = layout, perfect_recall
        self.tensor = np.zeros(layout.size, dtype=np.float32)
        self.dict = {sg.name: self.tensor[sg.start:sg.start + sg.size] for sg in layout.segments}
        self._done: tuple | None = None      # (ruleplay state, player, actions): what `tensor` holds now

    def set_from(self, state, player):
        box = state._held               # a state not started yet shows nothing (OpenSpiel makes a fresh one to
        if box is None:                 # learn the tensor's shape at every call: starting it would cost a game)
            self.tensor[:] = 0
            self._done = None
            return
        inner = box.state
        key = (inner, player, len(inner.history()))
        done = self._done
        if done is not None and done[0] is inner and done[1:] == key[1:]:
            return                           # OpenSpiel asks twice for one tensor: written already
        self.layout.encode(inner, player, self.tensor, self._memory(box, player))
        self._done = key

    def values(self, state, player) -> list[float]:
        """The tensor `set_from` writes, as a list (RuleplayState's own tensor calls)."""
        box = state._held
        if box is None:
            return [0.0] * self.layout.size
        return self.layout.encode_list(box.state, player, self._memory(box, player))

    def _memory(self, box: _Inner, player: int) -> Memory:
        memory = box.memory.get(player)
        if memory is None:
            memory = box.memory[player] = Memory(self.layout, player)
        return memory

    def string_from(self, state, player):
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


class RuleplayBot(pyspiel.Bot):
    """A ruleplay bot (`random`, `lowest`, `highest`, `smart`, `ismcts[:N]`) as an OpenSpiel bot: it answers
    from the decision's view and the seat's own events, as at a ruleplay table."""

    def __init__(self, game: RuleplayGame, player: int, kind: str, seed: int = 0):
        pyspiel.Bot.__init__(self)
        self.player, self.kind = player, kind
        self._actions = game.actions
        self._bot = make_bots([kind], seed)[0]

    def step(self, state) -> int:
        inner = state.ruleplay_state
        return self._actions.compact(bot_action(inner, self._bot))

    def restart_at(self, state) -> None:
        pass

    def inform_action(self, state, player_id, action) -> None:
        pass

    def provides_policy(self) -> bool:
        return False


def make_bot(game: RuleplayGame, player: int, kind: str = "smart", seed: int = 0) -> RuleplayBot:
    """A `pyspiel.Bot` playing `player`'s seat with ruleplay's bot `kind` ("random", "lowest", "highest",
    "smart", "ismcts" or "ismcts:N"), seeded with `seed`."""
    from ruleplay.agents import is_kind
    if not is_kind(kind):
        raise ValueError(f"not a ruleplay bot: {kind!r}")
    return RuleplayBot(game, player, kind, seed)


pyspiel.register_game(_TYPE, RuleplayGame)
