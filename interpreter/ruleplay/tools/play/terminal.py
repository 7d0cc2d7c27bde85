"""`ruleplay play`: one person against bots in a terminal, through the same engine and rules.

The game is a State stepped by `drive`: the bots' seats are answered by
their policies, the person's seat through a `HumanSeat` (tools/play/seat.py) whose
user interface is the `Terminal` here: rich for colour and layout, or plain lines (`--plain`) for
screen readers and logs. Slaps are real time when the terminal gives raw
keys (space slaps, Enter deals the next card at once); elsewhere, or with
`--turn-based`, a prompt after each card asks. Every game is logged (by
default under $XDG_DATA_HOME/ruleplay/games/) so that `ruleplay replay`
plays it back and `ruleplay play --resume LOG` continues an unfinished one.
"""
from __future__ import annotations

import json
import os
import secrets
import sys
import time
from datetime import datetime
from pathlib import Path

from ruleplay.agents import parse_bots
from ruleplay.agents import make_bots
from ruleplay.engine.run import DEFAULT_MAX_ACTIONS
from ruleplay.errors import GameError, printable
from ruleplay.tools.play.seat import (HumanQuit, HumanSeat, Narrator, Option, facts, is_red, match_input,
                                      options_for)
from ruleplay.engine.state import Game, State
from ruleplay.kinds.contract import kind_of
from ruleplay.pipeline import load

HELP = ("Type the number of a choice or a card name (qh, 10h, th); for a bid, the number itself. "
        "'?' shows the table again, 'q' saves the game and quits (resume with --resume LOG).")


def default_log_dir() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ruleplay" / "games"


def _raw_keys_possible(stream) -> bool:
    try:
        import termios  # noqa: F401
        import tty  # noqa: F401
    except ImportError:
        return False
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Terminal:
    """The human seat's screen and keyboard."""

    def __init__(self, plain: bool, realtime: bool, speed: float, slap_time: int, out=None, inp=None):
        self.out = out or sys.stdout
        self.inp = inp or sys.stdin
        self.plain = plain
        self.realtime = realtime
        self.speed = speed
        self.slap_time = slap_time
        self.console = None
        if not plain:
            from rich.console import Console
            self.console = Console(file=self.out, highlight=False, soft_wrap=True)
        self.seen = 0
        self.narrator: Narrator | None = None
        self.chose_cards = False             # the person has chosen cards (so a card not asked for was forced)
        self.queued: list[int] = []          # cards chosen ahead for the next decisions (a pass of several)

    # ------------------------------------------------------------ output
    def line(self, *segs) -> None:
        """One line of (text, style) segments; text from a rule file is escaped as everywhere (`printable`)."""
        parts = [(printable(s, "\n\t"), "") if isinstance(s, str) else (printable(s[0], "\n\t"), s[1]) for s in segs]
        if self.console is not None:
            from rich.text import Text
            self.console.print(Text.assemble(*parts))
        else:
            self.out.write("".join(text for text, _ in parts) + "\n")
            self.out.flush()

    def card(self, name: str, style: str = "") -> tuple[str, str]:
        return name, " ".join(x for x in (style, "red" if is_red(name) else "") if x)

    def cards(self, names: list[str], style: str = "") -> list:
        out: list = []
        for i, n in enumerate(names):
            if i:
                out.append(" ")
            out.append(self.card(n, style))
        return out

    def catch_up(self, bot: HumanSeat) -> bool:
        """Tell the events since the last look; True when something worth a pause happened (a take, a slap)."""
        if self.narrator is None:
            self.narrator = bot.narrator()
        events = bot.state.events()
        notable = False
        for i in range(self.seen, len(events)):
            ev = events[i]
            lines = self.narrator.tell(ev)
            if self.chose_cards and ev["event"] == "play" and ev.get("seat") == bot.seat and lines and not (
                    i and events[i - 1]["event"] == "decision" and events[i - 1]["seat"] == bot.seat):
                lines[-1] = lines[-1].rstrip(".") + " (your only legal card)."
                self.pause(0.8)                          # a forced play does not flash past
            for text in lines:
                style = "bold" if ev["event"] in ("take", "trick", "win", "end", "out", "score") else ""
                self.line((text, style))
            notable |= ev["event"] in ("take", "slap", "burn", "out", "tie")
        self.seen = len(events)
        return notable

    def pause(self, seconds: float) -> None:
        if self.realtime:
            time.sleep(min(1.5, seconds / self.speed))

    def scores(self, bot: HumanSeat, title: str) -> None:
        """The totals so far (after a quit or at the end), when the game keeps scores."""
        v = bot.view()
        if v.scores is not None:
            self.line((f"{title}: ", "bold"),
                      ", ".join(f"{'You' if s == v.me else f'Seat {s}'} {v.scores[s]}" for s in range(v.players)),
                      f" (hand {v.hand_number})")

    def resumed(self, bot: HumanSeat) -> None:
        self.seen = len(bot.state.events())
        self.narrator = bot.narrator()
        self.line((f"Resumed after {bot.view().cards_played} cards played.", "bold"))

    def show_table(self, bot: HumanSeat, options: list[Option] | None = None, view=None) -> None:
        v = bot.view()
        me = v.me
        per_seat, table = facts(v, bot.state.game.rules.seat_valued)
        head = [v.title, f"hand {v.hand_number}", *(f"{k} {_word(val)}" for k, val in table.items())]
        self.line((f"== {' - '.join(head)} - you are Seat {me} ==", "bold cyan"))
        legal = {o.card: i for i, o in enumerate(options or []) if o.card is not None}
        for s in range(v.players):
            segs: list = [(f"Seat {s}{' (you)' if s == me else ''}{' [dealer]' if s == v.dealer else ''}",
                           "bold" if s == me else "")]
            if v.out[s]:
                segs.append((" out", "dim"))
            for z in v.seat_zones:
                if z.seat != s:
                    continue
                if s == me and z.cards is not None and any(c in legal for c in z.ids or []):
                    continue                     # the zone the choice is made from: shown below, numbered
                if z.cards is None or not z.cards:
                    segs.append(f"  {z.name} {z.size}")
                else:                            # your own cards all; another's face-up pile: its last 13
                    shown = z.cards if s == me or z.size <= 13 else z.cards[-13:]
                    segs.append(f"  {z.name} {z.size}: " + (f"({z.size - len(shown)} more) " if len(shown) < z.size
                                                            else ""))
                    segs.extend(self.cards(shown))
            if v.scores is not None:
                segs.append(f"  score {v.scores[s]}")
            segs.extend(f"  {k} {_word(val[s])}" for k, val in per_seat.items())
            self.line(*segs)
        plays = view.plays if kind_of(view) == "trick" else None
        empty = []
        for z in v.table_zones:
            if z.cards is None:
                self.line(f"{z.name}: {z.size} cards, face down")
            elif plays and z.size == len(plays):
                segs = [f"{z.name}: "]
                for i, (s, c) in enumerate(plays):
                    segs += [("  " if i else ""), self.card(bot.state.game.rules.deck.names[c]), f" (Seat {s})"]
                self.line(*segs)
            elif z.cards:
                self.line(*self.pile(z, 8))
            else:
                empty.append(z.name)
        if empty:                                # one line, a family's piles in a row said as one: runs1-12
            self.line(f"empty: {folded_names(empty)}")
        if options:
            self._show_options(bot, v, options, legal)

    def _show_options(self, bot, v, options: list[Option], legal: dict, chosen: tuple = ()) -> None:
        if not legal:
            word = "Bid" if any(isinstance(o.value, int) for o in options) else "Choose"
            self.line(f"{word}: ", *[x for i, o in enumerate(options) for x in ((" " if i else ""), (o.label, "bold"))])
            return
        deck = bot.state.game.rules.deck
        for z in v.seat_zones:
            if z.seat != v.me or z.ids is None or not any(c in legal for c in z.ids):
                continue
            segs: list = [(f"Your {z.name}: ", "bold")]
            for k, c in enumerate(sorted(z.ids, key=deck.canonical_key)):
                if k:
                    segs.append("  ")
                name = deck.names[c]
                if c in chosen:
                    segs.append((f"{legal[c] + 1}:[{name}]", "bold yellow"))
                elif c in legal:
                    segs.append((f"{legal[c] + 1}:", "bold green"))
                    segs.append(self.card(name, "bold reverse" if not self.plain else ""))
                else:
                    segs.append(self.card(f"({name})", "dim"))
            self.line(*segs)

    # ------------------------------------------------------------ input
    def ask(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        text = self.inp.readline()
        if text == "":
            raise HumanQuit()
        return text

    def choose(self, bot: HumanSeat, options: list[Option], view) -> int:
        cards = any(o.card is not None for o in options)
        self.chose_cards |= cards
        if self.queued:                                  # the rest of a pass chosen together
            c = self.queued.pop(0)
            return next(i for i, o in enumerate(options) if o.card == c)
        self.catch_up(bot)
        kind = kind_of(view)
        passing = kind == "pass"
        if passing and view.count - len(view.picked) > 1:
            return self._choose_pass(bot, options, view)
        self.show_table(bot, options, view)
        if passing:
            what = f"pass a card to Seat {view.to}" if view.to is not None else "pass a card"
        else:
            dummy = view.dummy if kind == "trick" else None     # playing a dummy's card for it
            what = (f"play a card from the {dummy}" if dummy else "play a card") if cards \
                else "bid" if kind == "bid" else "choose"
        sep = ", " if any(" " in o.label for o in options) else " "     # named values: 'pass, order-up D'
        rng = f"1-{len(options)} or a card name" if cards else "one of " + sep.join(o.label for o in options)
        while True:
            i = self._answer(self.ask(f"Your turn (Seat {bot.seat}): {what} [{rng}, ? help, q quit] > "), options)
            if i is None:
                self.show_table(bot, options, view)
            elif i >= 0:
                return i

    def _answer(self, text: str, options: list[Option], extra: str = "") -> int | None:
        """The option typed (its index); -1 after a message; None for help (the caller shows the table)."""
        text = text.strip()
        if text.lower() in ("q", "quit", "exit"):
            raise HumanQuit()
        if text in ("?", "h", "help"):
            self.line(HELP + extra)
            return None
        i, msg = match_input(text, options)
        if i is None:
            self.line((msg, "yellow"))
            return -1
        return i

    def _choose_pass(self, bot: HumanSeat, options: list[Option], view) -> int:
        """Every card of a pass at once: the numbers stay as they are, 'u' takes the last pick back, and
        the pass goes when the person confirms it. The later picks answer the next decisions."""
        need = view.count - len(view.picked)
        to = f" to Seat {view.to}" if view.to is not None else ""
        legal = {o.card: i for i, o in enumerate(options)}
        chosen: list[int] = []
        self.show_table(bot, options, view)
        shown = False
        while True:
            if shown:
                v = bot.view()
                self._show_options(bot, v, options, legal, tuple(chosen))
                shown = False
            names = " ".join(bot.state.game.rules.deck.names[c] for c in chosen)
            if len(chosen) == need:
                text = self.ask(f"Pass {names}{to}? [Enter = yes, u = undo, q quit] > ").strip().lower()
                if text in ("", "y", "yes"):
                    self.queued = chosen[1:]
                    return legal[chosen[0]]
            else:
                text = self.ask(f"Your turn (Seat {bot.seat}): pass {need} cards{to}; chosen: {names or 'none'} "
                                f"[1-{len(options)} or a card name, u undo, ? help, q quit] > ").strip()
            if text.lower() in ("u", "undo"):
                if chosen:
                    chosen.pop()
                shown = True
                continue
            i = self._answer(text, options, " 'u' takes the last card chosen back.")
            if i is None:
                shown = True
            elif i >= 0:
                c = options[i].card
                if c in chosen:
                    self.line((f"{options[i].label} is chosen already ('u' takes the last card back)", "yellow"))
                elif len(chosen) == need:
                    self.line((f"{need} cards are chosen: Enter passes them, 'u' takes the last back", "yellow"))
                else:
                    chosen.append(c)
                    shown = True

    def pile(self, z, k: int) -> list:
        """A pile top first (the top card marked), its first `k` cards, and how many more lie under."""
        shown = z.cards[::-1][:k]
        segs: list = [f"{z.name} {z.size}, top first: ", self.card(shown[0], "bold reverse" if not self.plain else "")]
        for c in shown[1:]:
            segs += [" ", self.card(c)]
        if z.size > len(shown):
            segs.append(f" ... {z.size - len(shown)} more under")
        return segs

    def pile_line(self, bot: HumanSeat) -> None:
        v = bot.view()
        segs: list = []
        for z in v.table_zones:
            if z.cards:
                segs += [*self.pile(z, 6), "   "]
        counts = "  ".join(f"{'You' if z.seat == v.me else 'Seat ' + str(z.seat)} {z.size}"
                           for z in v.seat_zones if z.seat is not None and not v.out[z.seat])
        self.line(*segs, counts)

    def react(self, bot: HumanSeat, deadline: int, pace: int, eligible: bool) -> tuple[int, int] | None:
        if self.catch_up(bot) and self.realtime:
            time.sleep(min(1.5, 0.8 / self.speed))      # a moment to read who took what
        if not eligible:
            if self.realtime and not bot.view().out[bot.seat]:
                time.sleep(pace / 1000 / self.speed)
            return None
        if self.realtime:
            return self.key_window(bot, deadline)
        self.pile_line(bot)
        while True:
            text = self.ask("Slap? [s = slap, Enter = next card, q = quit] > ").strip().lower()
            if text in ("q", "quit"):
                raise HumanQuit()
            if text in ("", "n", "no"):
                return None
            if text in ("s", "slap", "y", "yes", " "):
                return self.slap_time, 1
            self.line(("type s to slap, or just Enter", "yellow"))

    def key_window(self, bot: HumanSeat, deadline: int) -> tuple[int, int] | None:
        """The card is shown; wait for a key until the window closes (or another seat slaps first)."""
        import select
        import termios
        import tty
        fd = self.inp.fileno()
        old = termios.tcgetattr(fd)
        try:
            tty.setcbreak(fd)
            termios.tcflush(fd, termios.TCIFLUSH)        # keys pressed before the card showed do not count
            self.pile_line(bot)
            self.out.write("  [SPACE slap, Enter next card, q quit]\n")
            self.out.flush()
            start = time.monotonic()
            limit = deadline / 1000 / self.speed
            while True:
                left = limit - (time.monotonic() - start)
                if left <= 0:
                    return None
                ready, _, _ = select.select([fd], [], [], left)
                if not ready:
                    return None
                ch = os.read(fd, 1)
                if ch == b" ":
                    ms = (time.monotonic() - start) * 1000 * self.speed
                    self.line(("You slap!", "bold magenta"))
                    return max(1, round(ms)), 1
                if ch in (b"q", b"Q"):
                    raise HumanQuit()
                if ch in (b"\r", b"\n"):
                    return None
        finally:
            termios.tcsetattr(fd, termios.TCSADRAIN, old)


def _word(value) -> str:
    """A fact's value on the screen: '-' for one not known yet."""
    return "-" if value is None else str(value)


# ---------------------------------------------------------------------------- the driver
def drive(state: State, me: int, ui, bots: list, feed=None) -> None:
    """Step the game to its end: the person's seat asks `ui`, the others their bots; a resumed game's
    decisions come from `feed` first (the bots are asked too, so their random streams go on as if the
    game had never stopped, and must agree with the log)."""
    space = state.game.space
    human = HumanSeat(state, me)
    live = feed is None
    window: tuple[int | None, dict] = (None, {})     # the open slap window: the bots' hidden choices in it
    while not state.is_terminal():
        d = state.decision()
        logged = feed.answer(d) if feed is not None else None
        if d.window is not None and d.window != window[0]:
            window = (d.window, _bots_in_window(state, d, bots, space))
            if me not in d.view.seats and kind_of(d.view) != "out-of-turn" and live:
                ui.react(human, d.view.pace, d.view.pace, False)      # the display keeps the window's pace
        if d.seat != me:
            a = window[1][d.seat] if d.window is not None and d.seat in window[1] else bots[d.seat].act(d, space)
            if logged is not None and logged != a:
                raise GameError(f"the log does not fit this game: seat {d.seat}'s bot now chooses "
                                f"{state.action_to_string(a)}, the log {state.action_to_string(logged)}")
        elif logged is not None:
            a = logged
        else:
            if not live:
                live = True
                _check_prefix(feed.log, state)
                ui.resumed(human)
            a = _ask_person(ui, human, d, space, window[1])
        state.apply_action(a)


def _bots_in_window(state: State, d, bots: list, space) -> dict[int, int]:
    """Every bot's choice in a slap window, asked when the window opens (each from its own view and
    random stream, so asking early changes nothing): the person's slap races against them."""
    from dataclasses import replace
    v = d.view
    if kind_of(v) != "slap":
        return {}
    out = {}
    for s in v.seats:
        if bots[s] is not None:
            out[s] = bots[s].act(replace(d, seat=s, view=replace(v, seat=s, profile=v.profiles[s])), space)
    return out


def _ask_person(ui, human: HumanSeat, d, space, others: dict[int, int]) -> int:
    v = d.view
    if kind_of(v) == "out-of-turn":
        return space.NO                         # a person plays out of turn only by mistake: never here
    if kind_of(v) == "slap":
        times = [space.slap_of(a)[0] for a in others.values() if a != space.NO_SLAP]
        got = ui.react(human, min(times, default=v.pace), v.pace, True)
        return space.NO_SLAP if got is None else space.slap(min(max(got[0], 1), v.pace - 1), got[1])
    options = options_for(d, space)
    return options[ui.choose(human, options, v)].action


def _check_prefix(logged: list[dict], state: State) -> None:
    """A resumed game must have replayed the log exactly, up to where it stopped."""
    from ruleplay.tools.logs.replay import compare
    now = state.saved_events()
    report = compare(list(logged), now[:len(logged)])
    if not report.same:
        raise GameError(f"the log does not replay: it differs at event {report.index + 1} "
                        f"(logged {json.dumps(report.logged)}, now {json.dumps(report.replayed)})")


# ---------------------------------------------------------------------------- the command
def _bots_for(spec: str | None, players: int, seat: int) -> tuple[list, list]:
    items = (spec or "random").split(",")
    if len(items) == 1:
        items = items * players
    elif len(items) == players - 1:
        items.insert(seat, "random")
    elif len(items) != players:
        raise GameError(f"--bots lists {len(items)} bots; give one kind, one per other seat "
                        f"({players - 1}) or one per seat ({players})")
    items[seat] = "random"
    kinds, profiles = parse_bots(",".join(items), players)
    profiles[seat] = None
    return list(kinds), profiles


def _open_log(path: Path):
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return open(path, "w", encoding="utf-8")
    except OSError as exc:
        raise GameError(f"--log {path}: cannot write: {exc.strerror}") from None


def run_play(args, sets: dict) -> int:
    feed = None
    if args.resume:
        from ruleplay.tools.logs.replay import Feed, log_format, read_log, setup
        logged = read_log(args.resume)
        if any(ev["event"] == "end" for ev in logged):
            raise GameError(f"{args.resume}: this game is finished; `ruleplay replay {args.resume}` plays it back")
        kinds = list(logged[0].get("bots") or [])
        if "human" not in kinds:
            raise GameError(f"{args.resume}: no human seat in this log (it is a bots' game: use ruleplay replay)")
        seat = kinds.index("human")
        if log_format(logged) < 2:
            raise GameError(f"{args.resume}: written by an older ruleplay (format 1), before decisions were "
                            "logged: this version cannot resume it")
        game = setup(logged, args.ruleset, tuple(args.include))
        rules, seed, deal, profiles, max_actions = game.rules, game.seed, game.deal, game.profiles, game.max_actions
        feed = Feed(logged, Game(rules).space, complete=False)
        log_path = Path(args.log or args.resume)
    else:
        if not args.ruleset:
            raise GameError("name a ruleset to play (ruleplay list shows the built-in ones), or --resume LOG")
        rules = load(args.ruleset, sets, args.players, tuple(args.include))
        seat = args.seat
        if not 0 <= seat < rules.players:
            raise GameError(f"--seat {seat}: the game has seats 0 to {rules.players - 1}")
        kinds, profiles = _bots_for(args.bots, rules.players, seat)
        seed = args.seed if args.seed is not None else secrets.randbits(64)
        deal = None
        if args.deal:
            from ruleplay.tools.logs.dealfile import read_deal
            deal = read_deal(args.deal, rules)
            if not deal.slaps:
                deal.slaps = None        # no scripted slaps: the bots slap by their profiles, in the race
        max_actions = args.max_actions
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        # a drawn seed stays out of the file's name (the person could read it there); a tag keeps names apart
        named = f"-seed{seed}" if args.seed is not None else f"-{secrets.token_hex(3)}"
        log_path = Path(args.log) if args.log else default_log_dir() / f"{rules.name}-{stamp}{named}.jsonl"
    if args.speed <= 0:
        raise GameError("--speed must be more than 0 (1 is the ruleset's pace, 2 twice as fast)")
    realtime = not args.turn_based and _raw_keys_possible(sys.stdin)
    ui = Terminal(args.plain, realtime, args.speed, args.slap_time)
    kinds[seat] = "human"
    bots = make_bots([None if i == seat else k for i, k in enumerate(kinds)], seed)
    state = Game(rules).new_initial_state(seed, deal, profiles=profiles, seat_kinds=kinds, max_actions=max_actions)
    fh = _open_log(log_path)
    told = f", seed {seed}" if args.seed is not None and not args.resume else ""    # the person chose it
    ui.line((f"{rules.title}", "bold"), f" - {rules.players} players{told}. You are Seat {seat}; "
            f"the others are bots ({', '.join(k for i, k in enumerate(kinds) if i != seat)}).")
    if rules.description and not args.resume:
        ui.line((" ".join(rules.description.split()), "dim"))
    if any(getattr(ph, "reactions", None) for ph in rules.phases):
        ui.line("Slaps: " + ("press SPACE while a card shows (Enter deals the next card at once)." if realtime
                             else f"answer s after a card to slap (your slap lands at {args.slap_time} ms)."))
        for ph in rules.phases:
            for p in getattr(getattr(ph, "reactions", None), "patterns", ()):
                ui.line(f"  slap on {p.name}: {' '.join(p.description.split())}"
                        f"{'' if p.effect == 'take' else f' (the slapper {p.effect}s the game)'}")
    finished = False
    try:
        drive(state, seat, ui, bots, feed)
        finished = True
    except (HumanQuit, KeyboardInterrupt):
        pass
    finally:
        with fh:
            for ev in state.saved_events():
                fh.write(json.dumps(ev) + "\n")
    human = HumanSeat(state, seat)
    if finished:
        ui.catch_up(human)
        ui.scores(human, "Final scores")
        ui.line(f"Seed: {seed}")
        ui.line(f"Log: {log_path}  (ruleplay replay {log_path} plays it back)")
        return 0
    ui.scores(human, "\nScores so far")
    ui.line(("\nGame saved.", "bold"), f" Resume it with: ruleplay play --resume {log_path}")
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("play", help="play a game yourself, against bots, in the terminal")
    p.add_argument("ruleset", nargs="?", help="a built-in name or a path to a .yaml file")
    p.add_argument("--seat", type=int, default=0, help="your seat (0 = the dealer's left; default 0)")
    p.add_argument("--players", type=int, help="number of players (within the ruleset's range)")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="set a house-rule option")
    p.add_argument("--include", action="append", default=[], metavar="DIR",
                   help="a directory whose rule files `extends` may also read (repeatable)")
    p.add_argument("--bots", default="random",
                   help="the other seats: one kind for all, or a comma list (one per other seat); KIND[:PROFILE]")
    p.add_argument("--seed", type=int, help="the shuffle and the bots' draws (default: a secret random seed, "
                   "told when the game is over)")
    p.add_argument("--deal", metavar="FILE", help="play this explicit deal (YAML or JSON)")
    p.add_argument("--speed", type=float, default=1.0,
                   help="pace of a slap game: 1 is the ruleset's pace, 2 twice as fast, 0.5 half (bots too)")
    p.add_argument("--turn-based", action="store_true",
                   help="ask after each card whether to slap (no raw keys needed)")
    p.add_argument("--slap-time", type=int, default=300, metavar="MS",
                   help="with --turn-based: the time your slap lands, in ms after the card (default 300)")
    p.add_argument("--plain", action="store_true", help="plain text, no colour or layout (screen readers, logs)")
    p.add_argument("--log", metavar="FILE", help="where to write the game log (default: under the user's data dir)")
    p.add_argument("--resume", metavar="LOG", help="continue an unfinished game from its log (with RULESET: "
                   "those rules, instead of the one the log names)")
    p.add_argument("--max-actions", type=int, default=DEFAULT_MAX_ACTIONS)


def folded_names(names: list[str]) -> str:
    """Zone names, piles of a family numbered in a row said as one (`sets1-24, runs1-12, hold`): a game with
    36 empty meld piles shows one line, not 36."""
    out: list[str] = []
    run: tuple[str, int, int] | None = None          # (family, first number, last number)
    for name in names + [""]:
        stem = name.rstrip("0123456789")
        n = int(name[len(stem):]) if stem != name else None
        if run is not None and n is not None and stem == run[0] and n == run[2] + 1:
            run = (run[0], run[1], n)
            continue
        if run is not None:
            out.append(f"{run[0]}{run[1]}" + (f"-{run[2]}" if run[2] != run[1] else ""))
            run = None
        if n is not None:
            run = (stem, n, n)
        elif name:
            out.append(name)
    return ", ".join(out)
