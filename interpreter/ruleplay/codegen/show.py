"""`ruleplay compile RULESET`: the generated source a person can read, with the constants it receives."""
from __future__ import annotations

from ruleplay.codegen.build import program


def show(rules) -> str:
    prog = program(rules)
    if prog.source is None:
        return f"# {rules.name}: no generated code ({prog.reason}); it runs on the interpreter.\n"
    head = [f"# {rules.name}: generated game (the variant with a log; without one, the blocks that append",
            "# to `events` are left out). The constants it receives:"]
    head += [f"#   K[{i}] = {_short(v)}" for i, v in enumerate(prog.consts)]
    return "\n".join(head) + "\n\n" + prog.source


def _short(v) -> str:
    text = repr(sorted(v, key=repr) if isinstance(v, frozenset) else v)
    text = text.encode("unicode_escape").decode("ascii")     # a newline in a file's string stays on one line
    return text if len(text) <= 100 else text[:97] + "..."
