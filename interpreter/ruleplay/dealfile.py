"""Reading an explicit deal (--deal FILE, YAML or JSON)."""
from __future__ import annotations

from pathlib import Path

from .engine import Deal
from .errors import GameError, RuleplayError
from .yamlload import load_file


def read_deal(path: str) -> Deal:
    try:
        doc = load_file(Path(path))
    except RuleplayError as exc:
        raise GameError(f"--deal {path}: {exc.errors[0].format()}") from None
    data = doc.data
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list):
        raise GameError(f"--deal {path}: expected a mapping with 'hands' (a list of card lists), "
                        "optional 'rest' and 'dealer'")
    unknown = set(data) - {"hands", "rest", "dealer"}
    if unknown:
        raise GameError(f"--deal {path}: unknown key(s) {', '.join(sorted(unknown))}; use hands, rest, dealer")
    hands = data["hands"]
    if not all(isinstance(h, list) for h in hands):
        raise GameError(f"--deal {path}: every hand must be a list of cards")
    rest = data.get("rest") or []
    dealer = data.get("dealer")
    if dealer is not None and (isinstance(dealer, bool) or not isinstance(dealer, int)):
        raise GameError(f"--deal {path}: dealer must be a seat number")
    return Deal([[str(c) for c in h] for h in hands], [str(c) for c in rest], dealer)
