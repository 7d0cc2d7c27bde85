"""Structural check of a resolved document against schema/ruleset.schema.json.

jsonschema is imported only when a document is checked: a built-in ruleset that passed once is
remembered by the hash of the schema and of the document (`check_cached`), so a run of a built-in
game does not import it.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ruleplay.errors import RuleError, did_you_mean, one_of
from ruleplay.resources import data_dir, labelled_builtin
from ruleplay.lang.yamlload import Doc

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads((data_dir("schema") / "ruleset.schema.json").read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def _validator():
    import jsonschema
    cls = jsonschema.validators.validator_for(schema())
    return cls(schema())


def _allowed_keys(err: ValidationError) -> list[str]:
    props = err.schema.get("properties") or {}
    return list(props)


def _describe(err: ValidationError, doc: Doc) -> list[RuleError]:
    path = tuple(err.absolute_path)
    if err.validator in ("oneOf", "anyOf", "allOf") and err.context:
        # A branch whose type does not fit the value says nothing useful
        # ("expected object" for `players: 0`): prefer the branches that fit.
        here = [e for e in err.context if tuple(e.absolute_path) == path]
        mismatched = {e.schema_path[0] for e in here if e.validator == "type" or
                      (e.validator == "enum" and not any(_same_kind(c, err.instance) for c in e.validator_value))}
        fitting = [e for e in err.context if e.schema_path[0] not in mismatched]
        if not fitting:
            wants = []
            for e in here:
                w = e.validator_value
                if e.validator == "enum":
                    w = "one of " + ", ".join(map(str, w))
                elif e.validator != "type":
                    continue
                for t in (w if isinstance(w, list) else [w]):
                    if t not in wants:
                        wants.append(t)
            return [RuleError(f"expected {' or '.join(wants)}, got {type(err.instance).__name__} "
                              f"{err.instance!r}"[:200], doc.value_mark(path), path,
                              _yaml_1_1_hint(err.instance, wants))]
        if isinstance(err.instance, dict) and err.validator in ("oneOf", "anyOf"):
            meant = _meant_branches(err)
            if meant is None:
                return _no_branch(err, doc, path)
            fitting = [e for e in fitting if e.schema_path[0] in meant] or fitting
        from jsonschema.exceptions import best_match
        deeper = best_match(fitting)
        if deeper is not None:
            return _describe(deeper, doc)
    if err.validator == "additionalProperties":
        out = []
        allowed = _allowed_keys(err)
        for key in err.instance:
            if key not in allowed and isinstance(err.instance, dict):
                sub = path + (key,)
                out.append(RuleError(f"unknown key '{key}'", doc.mark(sub), sub,
                                     did_you_mean(key, allowed) or f"allowed here: {one_of(allowed)}"))
        return out
    if err.validator == "required":
        missing = err.message.split("'")[1] if "'" in err.message else err.message
        return [RuleError(f"missing required key '{missing}'", doc.mark(path), path,
                          _required_hint(err, doc, path))]
    if err.validator == "enum":
        choices = [str(c) for c in err.validator_value]
        return [RuleError(f"{err.instance!r} is not allowed here; expected one of: {one_of(choices)}",
                          doc.value_mark(path), path, did_you_mean(str(err.instance), choices))]
    if err.validator == "const" and path and path[-1] == "kind":
        return [RuleError(f"unknown phase kind {err.instance!r}", doc.value_mark(path), path)]
    if err.validator == "type":
        want = err.validator_value
        want = " or ".join(want) if isinstance(want, list) else want
        hint = _yaml_1_1_hint(err.instance, [want]) or (
            "a list: each item on a line of its own, starting with '- '" if want == "array" else
            "write true or false" if want == "boolean" else None)
        return [RuleError(f"expected {want}, got {type(err.instance).__name__} {err.instance!r}"[:200],
                          doc.value_mark(path), path, hint)]
    if err.validator == "pattern" and path and path[-1] == "name":
        return [RuleError(f"{err.instance!r} is not a kebab-case name", doc.value_mark(path), path,
                          "use lowercase letters, digits and hyphens, e.g. my-house-rules")]
    if err.validator == "propertyNames" or "propertyNames" in err.schema_path:
        sub = path + (err.instance,)        # the key itself: where the user wrote it, not the base's mapping
        return [RuleError(f"{err.instance!r}: names are kebab-case (lowercase letters, digits, hyphens)"[:200],
                          doc.mark(sub) or doc.mark(path), sub)]
    if err.validator in _SIZES:
        return [_size_error(err, doc, path)]
    return [RuleError(err.message[:300], doc.value_mark(path), path)]


_SIZES = {"minProperties": ("at least", "entry", "entries"), "maxProperties": ("at most", "entry", "entries"),
          "minItems": ("at least", "item", "items"), "maxItems": ("at most", "item", "items")}


def _size_error(err: ValidationError, doc, path: tuple) -> RuleError:
    """A mapping or list with too few or too many entries, in words, with the schema's example as the hint."""
    bound, one, many = _SIZES[err.validator]
    n = err.validator_value
    name = path[-1] if path and isinstance(path[-1], str) else None
    key = f"'{name}'" if name else "this"
    empty = not err.instance and bound == "at least"
    said = f"{key} is empty: it needs {bound} {n} {one if n == 1 else many}" if empty else \
        f"{key} has {len(err.instance)} {one if len(err.instance) == 1 else many}; it takes {bound} {n}"
    examples = err.schema.get("examples") if isinstance(err.schema, dict) else None
    hint = f"e.g. {name + ': ' if name else ''}{json.dumps(examples[0])}" if examples else \
        ("leave the key out instead" if empty else None)
    return RuleError(said, doc.value_mark(path), path, hint)


_YAML_1_1 = [   # plain values YAML 1.1 read as numbers or yes/no, text in the YAML 1.2 way ruleplay reads
    (re.compile(r"[-+]?\d+(:[0-5]?\d)+"), ("integer", "number"),
     "{v!r} is text, not a base-60 number as in YAML 1.1 (1:00 = 60); write the number in decimal digits"),
    (re.compile(r"[-+]?(0x[0-9a-fA-F_]+|0o?[0-7_]+|0b[01_]+|\d[\d_]*_\d*)"), ("integer", "number"),
     "{v!r} is text: numbers are written in decimal digits, without prefix or underscores"),
    (re.compile(r"(?i)yes|no|on|off|y|n"), ("boolean",), "{v!r} is text, not a yes/no as in YAML 1.1; write true or false"),
]


def _keyed(branch: object) -> dict:
    return branch.get("properties", {}) if isinstance(branch, dict) else {}


def _meant_branches(err: ValidationError) -> set[int] | None:
    """Of alternatives that are mappings (an effect: `move:`, `set:`, `if:`...), the ones the keys written name:
    those that allow every key written, else those that allow some. None: no alternative knows any of them."""
    keys = set(err.instance)
    branches = err.validator_value
    if not keys:                         # an empty mapping names no alternative: every one may be meant
        return set(range(len(branches)))
    every = {i for i, b in enumerate(branches) if keys and keys <= set(_keyed(b))}
    some = {i for i, b in enumerate(branches) if keys & set(_keyed(b))}
    if every or some:
        return every or some
    return None if any(_keyed(b) for b in branches) else set(range(len(branches)))


def _no_branch(err: ValidationError, doc: Doc, path: tuple) -> list[RuleError]:
    """A mapping whose keys (at least one) no alternative knows: each unknown key, with the keys the
    alternatives allow and, for a word written as a key (`again: true`), how to write the word."""
    known = list(dict.fromkeys(k for b in err.validator_value for k in _keyed(b)))
    words = [str(w) for b in err.validator_value if isinstance(b, dict)    # a word branch: its enum, or the
             for w in b.get("enum", b.get("examples", []) if b.get("type") == "string" else [])]   # words it names
    out = []
    for key in err.instance:
        sub = path + (key,)
        if key in words:
            out.append(RuleError(f"'{key}' is a word written alone, not a key", doc.mark(sub), sub,
                                 f"write `- {key}` (no colon, no value)"))
            continue
        hint = did_you_mean(str(key), known + words) or f"allowed here: {one_of(known)}" + \
            (f", or one of the words {one_of(words)} alone" if words else "")
        out.append(RuleError(f"unknown key '{key}'", doc.mark(sub), sub, hint))
    return out


def _yaml_1_1_hint(value: object, wants: list) -> str | None:
    """A hint for text that older YAML (1.1) read as a number or a yes/no, or a bare null read as no value."""
    if value is None and any("string" in str(w) for w in wants):
        return "null (or ~, or nothing) is YAML's empty value; as a word, quote it: 'null'"
    if not isinstance(value, str):
        return None
    for pattern, kinds, hint in _YAML_1_1:
        if pattern.fullmatch(value) and any(k in str(w) for w in wants for k in kinds):
            return hint.format(v=value)
    return None


def _same_kind(a: object, b: object) -> bool:
    num = (int, float)
    if isinstance(a, bool) or isinstance(b, bool):
        return isinstance(a, bool) and isinstance(b, bool)
    return type(a) is type(b) or (isinstance(a, num) and isinstance(b, num))


def _required_hint(err: ValidationError, doc: Doc, path: tuple) -> str | None:
    desc = (err.schema.get("properties") or {})
    missing = err.message.split("'")[1] if "'" in err.message else ""
    sub = desc.get(missing) or {}
    if missing == "kind" and len(path) == 2 and path[0] == "phases":
        return _phase_kind_hint(str(path[1]), doc, sub.get("enum") or [])
    return sub.get("description")


def _phase_kind_hint(name: str, doc: Doc, kinds: list) -> str:
    """A phase with no kind is a new phase, or (in a variant, mostly) a base's phase misnamed: say which."""
    phases = [n for n, p in (doc.data.get("phases") or {}).items() if isinstance(p, dict) and "kind" in p]
    near = did_you_mean(name, phases)
    known = f"this game's phases are {one_of(phases)}; " if phases else ""
    return (f"{near} " if near else "") + f"{known}a new phase needs kind: {one_of(kinds)}"


def _canon(x: Any) -> str:
    """The document as text with every type kept (json.dumps would make the key 1 and '1' one key)."""
    if isinstance(x, dict):
        return "{" + ",".join(sorted(_canon(k) + ":" + _canon(v) for k, v in x.items())) + "}"
    if isinstance(x, list):
        return "[" + ",".join(_canon(v) for v in x) + "]"
    return type(x).__name__ + repr(x)


def _valid_marker(doc: Doc, files: list[str]) -> str | None:
    """The file that records that this built-in document passed (None: not a built-in, or no safe cache).

    The folder is the one lark's grammar cache uses (expr.parser_cache_file: owned by this user, 0700,
    writable by no one else); the name is a hash of the schema's bytes and of the whole document."""
    from ruleplay.lang.expr import parser_cache_file
    if not files or not all(labelled_builtin(f) is not None for f in files):   # (resolve.display_name)
        return None
    cache = parser_cache_file()
    if not cache:
        return None
    h = hashlib.sha256((data_dir("schema") / "ruleset.schema.json").read_bytes())
    h.update(_canon(doc.data).encode("utf-8", "surrogatepass"))
    return os.path.join(os.path.dirname(cache), "valid-" + h.hexdigest())


def check_cached(doc: Doc, files: list[str]) -> list[RuleError]:
    """`check`, skipped for a built-in document that passed it before (see the module docstring)."""
    marker = _valid_marker(doc, files)
    if marker is not None and os.path.isfile(marker):
        return []
    errors = check(doc)
    if marker is not None and not errors:
        try:
            with open(marker, "x", encoding="utf-8"):
                pass
        except OSError:
            pass                     # another process wrote it, or the folder is read-only: check next time
    return errors


def check(doc: Doc) -> list[RuleError]:
    errors: list[RuleError] = []
    seen = set()
    def where(err: ValidationError) -> tuple:
        """In file order (line 1005 before line 10004); errors at one place keep the validator's order."""
        m = doc.mark(tuple(err.absolute_path))
        return (m.line, m.column) if m is not None else (0, 0)
    for err in sorted(_validator().iter_errors(doc.data), key=where):
        for rule_error in _describe(err, doc):
            key = (rule_error.message, rule_error.path)
            if key not in seen:
                seen.add(key)
                errors.append(rule_error)
    return errors
