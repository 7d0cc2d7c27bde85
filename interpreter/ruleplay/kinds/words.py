"""How rule sheets say a rule file's values: in words where there are words, else a marked formula."""
from __future__ import annotations

from ruleplay.lang.expr.say import say as formula

__all__ = ["formula"]
