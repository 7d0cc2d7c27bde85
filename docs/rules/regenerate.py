"""The player-facing rules of every built-in game, generated from the rule files.

    python docs/rules/regenerate.py           # check: which pages no longer match their rule file
    python docs/rules/regenerate.py --write   # rewrite every page and the index

Each `docs/rules/<name>.md` is exactly `ruleplay explain <name> --format md` (the defaults, options listed
at the end); `README.md` lists them. Rule files cite these pages, not rule ids of texts outside the
repository. tests/test_rules_docs.py fails when a page is stale.
"""
from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def pages() -> dict[str, str]:
    """File name -> its text, for every built-in and the index."""
    from ruleplay.tools.listing import players_text
    from ruleplay.pipeline import load
    from ruleplay.resources import builtin_names
    from ruleplay.tools.explain.sheet import sheet_text
    from ruleplay.tools.explain.sheetformat import render

    out: dict[str, str] = {}
    index = ["# The built-in games", "",
             "Each page is generated from its rule file by `ruleplay explain NAME --format md` "
             "(`python docs/rules/regenerate.py --write`); do not edit them by hand.", ""]
    for name in builtin_names():
        rules = load(name)
        out[f"{name}.md"] = render(sheet_text(rules), "md")
        players = players_text(rules.doc.data.get("players", 2))
        index.append(f"- [{rules.title}]({name}.md) (`{name}`, {players} players)")
    out["README.md"] = "\n".join(index) + "\n"
    return out


def stale() -> list[str]:
    """Pages that differ from what the rule files give, are missing, or have no rule file."""
    want = pages()
    have = {p.name for p in HERE.glob("*.md")}
    bad = [n for n, text in want.items() if not (HERE / n).is_file() or (HERE / n).read_text(encoding="utf-8") != text]
    return sorted(bad + [n for n in have if n not in want])


def main(argv: list[str]) -> int:
    if "--write" in argv:
        want = pages()
        for p in HERE.glob("*.md"):
            if p.name not in want:
                p.unlink()
        for n, text in want.items():
            (HERE / n).write_text(text, encoding="utf-8")
        print(f"wrote {len(want)} pages to {HERE}")
        return 0
    bad = stale()
    for n in bad:
        print(f"stale: docs/rules/{n}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
