"""`ruleplay diff A B`: the rules that differ, said in the rule sheet's own words.

Both rulesets are written as rule sheets (options folded, `extends` resolved), each sheet is cut into
entries (a phase, an option, a defined word, the deal, a scoring rule), and entries are compared by their
label: a phase whose lead rule and flags both changed is one entry, its nested keys merged.
"""
from __future__ import annotations

import json
import re
from typing import TextIO

from ruleplay.compiler.model import Rules
from ruleplay.tools.explain.sheet import sheet_text

ABSENT = "(not in these rules)"
LONG = 240                # characters: a longer entry is shown by its changed sentences only
ABOUT = ("Title", "Description", "Source", "Based on")     # about the file, not its rules


def entries(sheet: str) -> dict[str, str]:
    """A text sheet as {label: words}. Labels: the section and the item's own name ('Play: tricks (trick)',
    'Options: moon'); lines nested deeper belong to the item above them."""
    lines = sheet.splitlines()
    out: dict[str, str] = {}
    if len(lines) >= 3 and lines[1] and set(lines[1]) == {"="}:     # the title, its rule, the description
        out["Title"], out["Description"] = lines[0], lines[2]
        lines = lines[3:]
    section, item = "", ""
    for line in lines:
        body = line.lstrip(" ")
        if not body:
            continue
        depth = (len(line) - len(body)) // 2
        if depth == 0:
            label = _top_label(body) or body
            if body.endswith(":"):                     # a heading: its items follow
                section, item = _SHORT.get(body[:-1].split(" (")[0], body[:-1]), ""
                continue
            if label in out or label in MANY:        # a label used for several lines: each line its own entry
                label = body
            out[label] = body[len(label) + 2:] if body.startswith(label + ": ") else body
            section, item = _SHORT.get(label, label), ""
        elif depth == 1 or not item:
            name = _item_name(body)
            item = f"{section}: {name}" if section else name
            while item in out:
                item += " (again)"
            out[item] = body
        else:
            out[item] += " / " + body
    return out


MANY = ("Refused",)
_SHORT = {"Words used in these rules": "Word", "Options": "Option", "Scoring after each hand": "Scoring"}


def _top_label(line: str) -> str:
    head = line.split(": ", 1)[0]
    return head if ": " in line and len(head) <= 40 else ""


def _item_name(body: str) -> str:
    """What an item is called: the words before its first ': ' or ' = '."""
    cut = min((i for i in (body.find(": "), body.find(" = ")) if i > 0), default=-1)
    return body[:cut] if 0 < cut <= 80 else body


def write_diff(a: Rules, b: Rules, out: TextIO, names: tuple[str, str] = ("A", "B")) -> int:
    """The differing entries of two rule sheets, `-` for A and `+` for B; returns how many differ."""
    ea, eb = (_rules_only(entries(sheet_text(r))) for r in (a, b))
    for name, (fa, fb) in _changed_words(a, b).items():     # a sheet says a word by its description alone
        key = f"Word: {name}"
        if key in ea and ea.get(key) == eb.get(key):
            ea[key] += f" (the formula `{fa}`)"
            eb[key] += f" (the formula `{fb}`)"
    keys = list(ea) + [k for k in eb if k not in ea]
    n = 0
    for k in keys:
        va, vb = ea.get(k, ABSENT), eb.get(k, ABSENT)
        if va == vb:
            continue
        if n == 0:
            out.write(f"- {names[0]}\n+ {names[1]}\n")
        n += 1
        shown = k.split(": ", 1)[0] if k.startswith(MANY) else k      # "Refused", its rule below
        out.write(f"{shown}:\n")
        va, vb = _own(shown, va), _own(shown, vb)
        if ABSENT not in (va, vb) and len(va) + len(vb) > LONG:     # a long entry: only its changed sentences,
            sa, sb = _sentences(va), _sentences(vb)                  # each on a line of its own
            out.write("".join([f"  - {x}\n" for x in sa if x not in sb] or ["  - (nothing more)\n"]))
            out.write("".join([f"  + {x}\n" for x in sb if x not in sa] or ["  + (nothing more)\n"]))
            continue
        out.write(f"  - {va}\n  + {vb}\n")
    if n == 0:
        out.write("The rules are the same.\n")
    return n


def _changed_words(a: Rules, b: Rules) -> dict[str, tuple[str, str]]:
    """The defined words both files have whose definitions differ, as written: {name: (A's, B's)}."""
    da, db = ((r.doc.data.get("define") or {}) for r in (a, b))
    out = {}
    for name in da.keys() & db.keys():
        fa, fb = (_written(d[name]) for d in (da, db))
        if fa != fb:
            out[name] = (fa, fb)
    return out


def _written(raw) -> str:
    """A definition's own text: its expression (with its parameters), or its table by number of players."""
    if isinstance(raw, dict):
        head = f"({', '.join(map(str, raw['params']))}) " if raw.get("params") else ""
        body = raw.get("expr", raw.get("by-players", ""))
        return head + (body if isinstance(body, str) else json.dumps(body, sort_keys=True, default=str))
    return str(raw)


def _rules_only(e: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in e.items() if k not in ABOUT}


def _sentences(text: str) -> list[str]:
    """The entry's whole sentences, and the lines nested in it (' / '): cut only outside brackets, so a move's
    effects in parentheses stay with the move that does them (a ';' inside a sentence is no cut either)."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif depth == 0 and (ch == "." and text[i + 1:i + 2] in (" ", "") or text.startswith(" / ", i)):
            out.append(text[start:i + (ch == ".")].strip())
            start = i + (1 if ch == "." else 3)
    out.append(text[start:].strip())
    return [p for p in out if p]


def _own(label: str, text: str) -> str:
    """An item's words without its name repeated ('Option: moon' and 'moon = minus-26 ...')."""
    name = label.split(": ", 1)[-1]
    for sep in (": ", " = "):
        if text.startswith(name + sep):
            return text[len(name) + len(sep):]
    return text
