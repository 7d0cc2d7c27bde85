"""Building blocks of the rule-file schema, shared by `schema/make_schema.py` and each phase kind's
own fragment (a kind's module holds its keys, so a new kind needs no edit elsewhere)."""
from __future__ import annotations

EXPR = {"$ref": "#/$defs/expr"}
# Patterns end in (?![\s\S]), "no character follows", not $: Python's re.search (jsonschema's) lets $
# match before a final newline, so "abc\n" passed as a name and reached a download header.
END = "(?![\\s\\S])"
NAME_PATTERN = "^[a-z][a-z0-9]*(-[a-z0-9]+)*" + END
CARD_BOOL = "Bool over `card` (and the table); when no card in hand passes, the restriction lifts."


def obj(props: dict, required=(), desc: str | None = None, title: str | None = None, **kw) -> dict:
    """A closed JSON Schema object: unknown keys are errors (with did-you-mean, schemacheck.py)."""
    o = {"type": "object", "additionalProperties": False, "properties": props}
    if required:
        o["required"] = list(required)
    if desc:
        o["description"] = desc
    if title:
        o["title"] = title
    o.update(kw)
    return o


def text(desc: str, **kw) -> dict:
    return {"type": "string", "description": desc, **kw}


def phase_schema(kind: str, props: dict, required: list[str]) -> dict:
    """A kind's keys, with the ones every phase has (kind, before, description) first."""
    return {"if": {"required": ["kind"], "properties": {"kind": {"const": kind}}},
            "then": obj({"kind": {"const": kind},
                         "before": text("Run this phase before the named one (a variant uses it to insert a phase "
                                        "ahead of inherited ones)."),
                         "description": text("What happens in this phase."),
                         "when": {"description": "Bool evaluated when the phase would start: the phase runs this "
                                                 "hand only when it holds (e.g. a second round of choosing when "
                                                 "nobody chose in the first).",
                                  "examples": ["order-up == 'none'", "hand-number > 1"], **EXPR},
                         **props}, ["kind", *required])}
