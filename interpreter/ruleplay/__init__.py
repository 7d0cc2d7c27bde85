"""ruleplay: card games and their house rules as data, run on a generic table engine."""

__version__ = "0.1.0"
