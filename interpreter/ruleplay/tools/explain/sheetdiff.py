"""`ruleplay diff A B`: the rules that differ, said in the rule sheet's own words.

Both rulesets are written as rule sheets (options folded, `extends` resolved), each sheet is cut into
entries (a phase, an option, a defined word, the deal, a scoring rule), and entries are compared by their
label: a phase whose lead rule and flags both changed is one entry, its nested keys merged.
"""
from __future__ import annotations

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


MANY = ("Not allowed",)
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
    keys = list(ea) + [k for k in eb if k not in ea]
    n = 0
    for k in keys:
        va, vb = ea.get(k, ABSENT), eb.get(k, ABSENT)
        if va == vb:
            continue
        if n == 0:
            out.write(f"- {names[0]}\n+ {names[1]}\n")
        n += 1
        shown = k.split(": ", 1)[0] if k.startswith(MANY) else k      # 'Not allowed', its message below
        out.write(f"{shown}:\n")
        va, vb = _own(shown, va), _own(shown, vb)
        if ABSENT not in (va, vb) and len(va) + len(vb) > LONG:     # a long entry: only its changed sentences
            sa, sb = _sentences(va), _sentences(vb)
            va = " ".join(x for x in sa if x not in sb) or "(nothing more)"
            vb = " ".join(x for x in sb if x not in sa) or "(nothing more)"
        out.write(f"  - {va}\n  + {vb}\n")
    if n == 0:
        out.write("The rules are the same.\n")
    return n


def _rules_only(e: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in e.items() if k not in ABOUT}


def _sentences(text: str) -> list[str]:
    parts = re.split(r"(?<=[.;])\s+| / ", text)          # sentences, and the lines nested in the entry
    return [p for p in parts if p]


def _own(label: str, text: str) -> str:
    """An item's words without its name repeated ('Option: moon' and 'moon = minus-26 ...')."""
    name = label.split(": ", 1)[-1]
    for sep in (": ", " = "):
        if text.startswith(name + sep):
            return text[len(name) + len(sep):]
    return text
