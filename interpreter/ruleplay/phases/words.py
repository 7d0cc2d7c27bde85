"""How rule sheets quote what they cannot yet say in words: a formula, on one line, in backticks."""
from __future__ import annotations


def formula(v) -> str:
    return "`" + " ".join(str(v).split()) + "`"
