"""Safe YAML loading that keeps line marks and refuses pathological input.

We compose the node graph ourselves (never `yaml.load`), so we can count
aliases and depth before anything walks the data, reject duplicate keys and
object-constructing tags, and remember where every value came from.

Plain scalars are resolved the YAML 1.2 way (core schema), not PyYAML's 1.1:
`1:00` is the string "1:00", not 60; `010` is ten; `0x10`, `0o10`, `1_000`,
`yes`, `no`, `on`, `off` and dates are strings. Integers lie within
+-MAX_INT, and strings hold no control characters or lone
surrogates, so nothing read here can reach a terminal raw or overflow later.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from ruleplay.errors import Mark, RuleError, RuleplayError
from ruleplay.lang.files import RULE_FILE_BYTES, read_bytes

MAX_BYTES = RULE_FILE_BYTES
MAX_DEPTH = 40
MAX_ALIASES = 100
MAX_NODES = 20_000       # 30 times the largest shipped ruleset (ers.yaml: 645 nodes)
MAX_INT = 10**9             # the bound of every int: in a file, an option, an expression's value

_STR, _INT, _FLOAT, _BOOL, _NULL = (f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null"))


class _Loader(yaml.SafeLoader):
    """SafeLoader with the YAML 1.2 core schema's implicit types instead of YAML 1.1's."""

    yaml_implicit_resolvers: dict = {}


class _FastLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # type: ignore[misc]
    """The same resolvers over libyaml's parser, when PyYAML has it: 10x faster on a large file.
    Only a file it accepts is read with it; any error is reported by the pure-Python parser,
    whose messages the error catalogue shows."""

    yaml_implicit_resolvers: dict = {}


for _tag, _regex, _first in (
        (_BOOL, r"^(?:true|True|TRUE|false|False|FALSE)$", "tTfF"),
        (_INT, r"^[-+]?[0-9]+$", "-+0123456789"),
        (_FLOAT, r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)"
                 r"|\.(?:nan|NaN|NAN))$", "-+.0123456789"),
        (_NULL, r"^(?:~|null|Null|NULL|)$", ["~", "n", "N", ""]),
        ("tag:yaml.org,2002:merge", r"^<<$", "<")):        # resolved only to be refused with a hint
    _Loader.add_implicit_resolver(_tag, re.compile(_regex), list(_first))
    _FastLoader.add_implicit_resolver(_tag, re.compile(_regex), list(_first))

# C0 and C1 control characters (but tab and newline) and lone surrogates: never in a rule file's text.
_BAD_CHAR = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")

_PLAIN_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null",
}


@dataclass
class Doc:
    """Plain data plus where each part of it was written."""

    data: object
    marks: dict[tuple, Mark] = field(default_factory=dict)      # path -> mark of the value
    key_marks: dict[tuple, Mark] = field(default_factory=dict)  # path -> mark of its key

    def mark(self, path: tuple) -> Mark | None:
        """The closest known mark: the key of `path`, else its value, else an ancestor's."""
        path = tuple(path)
        while True:
            if path in self.key_marks:
                return self.key_marks[path]
            if path in self.marks:
                return self.marks[path]
            if not path:
                return None
            path = path[:-1]

    def value_mark(self, path: tuple) -> Mark | None:
        path = tuple(path)
        return self.marks.get(path) or self.mark(path)


class _Builder:
    def __init__(self, name: str):
        self.name = name
        self.marks: dict[tuple, Mark] = {}
        self.key_marks: dict[tuple, Mark] = {}
        self.nodes = 0

    def at(self, node) -> Mark:
        return Mark(self.name, node.start_mark.line + 1, node.start_mark.column + 1)

    def build(self, node, path: tuple, depth: int):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise RuleplayError(RuleError(f"document too large (more than {MAX_NODES} nodes)", self.at(node)))
        if depth > MAX_DEPTH:
            raise RuleplayError(RuleError(f"nesting deeper than {MAX_DEPTH} levels", self.at(node), path))
        self.marks[path] = self.at(node)
        if isinstance(node, ScalarNode):
            if node.tag not in _PLAIN_TAGS:
                raise RuleplayError(RuleError(
                    f"unsupported YAML tag {node.tag!r}", self.at(node), path,
                    "rule files use plain strings, numbers, booleans, lists and mappings; quote the value"))
            return self.scalar(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != "tag:yaml.org,2002:seq":
                raise RuleplayError(RuleError(f"unsupported YAML tag {node.tag!r}", self.at(node), path))
            return [self.build(item, path + (i,), depth + 1) for i, item in enumerate(node.value)]
        if isinstance(node, MappingNode):
            if node.tag != "tag:yaml.org,2002:map":
                raise RuleplayError(RuleError(f"unsupported YAML tag {node.tag!r}", self.at(node), path))
            out: dict = {}
            for key_node, value_node in node.value:
                if isinstance(key_node, ScalarNode) and key_node.tag == "tag:yaml.org,2002:null":
                    raise RuleplayError(RuleError(f"a key written {key_node.value or '(nothing)'} is YAML's null, "
                                                  "not a name", self.at(key_node), path,
                                                  f"quote it ('{key_node.value or 'null'}') to mean the word"))
                if not isinstance(key_node, ScalarNode):
                    raise RuleplayError(RuleError("mapping keys must be plain names", self.at(key_node), path))
                if key_node.tag == "tag:yaml.org,2002:merge":
                    raise RuleplayError(RuleError("YAML merge keys (<<) are not supported; use 'extends'",
                                                  self.at(key_node), path))
                key = self.scalar(key_node, path)
                key = key if isinstance(key, str) else str(key).lower() if isinstance(key, bool) else str(key)
                if key in out:
                    first = self.key_marks[path + (key,)]
                    raise RuleplayError(RuleError(
                        f"duplicate key '{key}' (first given at line {first.line})", self.at(key_node),
                        path + (key,), "remove one of them; YAML would silently keep only the last"))
                self.key_marks[path + (key,)] = self.at(key_node)
                out[key] = self.build(value_node, path + (key,), depth + 1)
            return out
        raise RuleplayError(RuleError("unsupported YAML node", self.at(node), path))


    def scalar(self, node: ScalarNode, path: tuple):
        """The value of a plain scalar under the YAML 1.2 core schema; refuse what nothing should hold."""
        text = node.value
        if node.tag == _STR:
            bad = _BAD_CHAR.search(text)
            if bad:
                raise RuleplayError(RuleError(
                    f"a string holds the control character or lone surrogate U+{ord(bad.group()):04X}",
                    self.at(node), path, "rule files hold printable text; remove the escape sequence"))
            return text
        if node.tag == _INT:
            if not re.fullmatch(r"[-+]?[0-9]+", text):
                raise RuleplayError(RuleError(f"{text!r} is not a decimal integer", self.at(node), path,
                                              "write integers in decimal digits, e.g. 16"))
            digits = text.lstrip("+-").lstrip("0")
            if len(digits) > 10 or int(digits or 0) > MAX_INT:        # never convert thousands of digits
                raise RuleplayError(RuleError(
                    f"number too large (the limit is {MAX_INT:,})", self.at(node), path,
                    "integers in rule files lie between -1,000,000,000 and 1,000,000,000"))
            return int(text)
        if node.tag == _FLOAT:
            low = text.lower()
            if low.endswith(".nan"):
                raise RuleplayError(RuleError("NaN is not a value", self.at(node), path))
            try:
                return float(low.replace(".inf", "inf"))
            except ValueError:
                raise RuleplayError(RuleError(f"{text!r} is not a number", self.at(node), path)) from None
        if node.tag == _BOOL:
            if text.lower() not in ("true", "false"):
                raise RuleplayError(RuleError(f"{text!r} is not true or false", self.at(node), path))
            return text.lower() == "true"
        return None                                   # null: `~`, `null` or nothing


def _count_aliases(text: str, name: str, loader=_FastLoader) -> None:
    """Refuse alias bombs and deep nesting before composing.

    Aliases are cheap to parse, explosive to walk: besides counting them we add
    up how many nodes each anchor stands for, so a handful of aliases that
    expand to millions of nodes is refused here, at the alias. PyYAML's event
    parser keeps its own stack (the composer recurses), so depth is counted
    here too, before anything can hit Python's recursion limit.
    """
    aliases = 0
    depth = 0
    sizes: dict[str, int] = {}          # anchor -> nodes it expands to
    open_: list[list] = [[0, None]]     # per open collection: [nodes inside, anchor]
    total = 0

    def at(event) -> Mark:
        m = event.start_mark
        return Mark(name, m.line + 1, m.column + 1)

    try:
        for event in yaml.parse(text, Loader=loader):
            if isinstance(event, yaml.AliasEvent):
                aliases += 1
                if aliases > MAX_ALIASES:
                    raise RuleplayError(RuleError(
                        f"too many YAML aliases (more than {MAX_ALIASES}); refusing a possible alias bomb",
                        at(event)))
                n = sizes.get(event.anchor, 1)
                open_[-1][0] += n
                total += n
                if total > MAX_NODES:
                    raise RuleplayError(RuleError(
                        f"YAML aliases expand to more than {MAX_NODES} nodes; refusing an alias bomb",
                        at(event), hint="write the repeated part out, or use 'extends' and options"))
            elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    raise RuleplayError(RuleError(f"nesting deeper than {MAX_DEPTH} levels", at(event)))
                open_.append([1, event.anchor])
                total += 1
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
                n, anchor = open_.pop()
                if anchor is not None:
                    sizes[anchor] = n
                open_[-1][0] += n
            elif isinstance(event, yaml.ScalarEvent):
                open_[-1][0] += 1
                total += 1
                if event.anchor is not None:
                    sizes[event.anchor] = 1
            if total > MAX_NODES:            # a long list: refused here, before the (slower) composer runs
                raise RuleplayError(RuleError(f"document too large (more than {MAX_NODES} nodes)", at(event)))
    except yaml.YAMLError as exc:
        raise RuleplayError(_yaml_error(exc, name, text)) from None


def _yaml_error(exc: yaml.YAMLError, name: str, text: str = "") -> RuleError:
    """The place and words of a YAML syntax error: an unclosed quote at its opening, a tab with a hint."""
    if isinstance(exc, yaml.reader.ReaderError):    # a character YAML does not allow: no mark, a position
        before = text[: exc.position]
        where = Mark(name, before.count("\n") + 1, exc.position - (before.rfind("\n") + 1) + 1)
        char = exc.character if isinstance(exc.character, str) else chr(exc.character)
        return RuleError(f"YAML syntax: unacceptable character #x{ord(char):04x}: {exc.reason}", where,
                         hint="remove the control character, or quote and escape it")
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    context = getattr(exc, "context", None)
    opened = getattr(exc, "context_mark", None)
    if context == "while scanning a quoted scalar" and opened is not None and "unexpected" in problem:
        quote = text[opened.index] if opened.index < len(text) else "'"      # the file ended inside the string
        return RuleError(f"YAML syntax: a quoted string is not closed: this {quote} has no closing {quote}",
                         Mark(name, opened.line + 1, opened.column + 1), hint=f"end the string with {quote}")
    runaway = _runaway_quote(text, mark.index if mark else len(text))
    if runaway is not None:
        quote, start, end = runaway
        return RuleError(f"YAML syntax: a quoted string is not closed on its line: this {quote} runs on to line "
                         f"{end.line + 1}", Mark(name, start.line + 1, start.column + 1),
                         hint=f"end the string with {quote}; a quoted string goes on over lines until the next {quote}")
    where = Mark(name, mark.line + 1, mark.column + 1) if mark else Mark(name, 1, 1)
    hint = None
    if "'\\t'" in problem:
        hint = "YAML indentation uses spaces, not tabs: use spaces"
    return RuleError(f"YAML syntax: {problem}" + (f" ({context})" if context else ""), where, hint=hint)


def _runaway_quote(text: str, before: int):
    """(quote, start, end) of the first quoted string before `before` that swallowed a `key:` line.

    A string left open runs on to the next quote of its kind, usually in a later line, and YAML then
    stumbles there; the place to fix is where the string opened.
    """
    try:
        for tok in yaml.scan(text, Loader=_Loader):
            if tok.start_mark.index >= before:
                break
            if isinstance(tok, yaml.ScalarToken) and tok.style in ("'", '"') and \
                    tok.end_mark.line > tok.start_mark.line and \
                    re.search(r"\n[ \t]*[\w-]+:[ \n]", text[tok.start_mark.index:tok.end_mark.index]):
                return text[tok.start_mark.index], tok.start_mark, tok.end_mark
    except yaml.YAMLError:
        pass
    return None


def _depth_guard(text: str, name: str) -> None:
    """Bracket nesting is checked on raw text: the pure-Python parser recurses per level."""
    depth = 0
    line = 1
    col = 0
    for ch in text:
        col += 1
        if ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise RuleplayError(RuleError(f"nesting deeper than {MAX_DEPTH} levels", Mark(name, line, col)))
        elif ch in "]}":
            depth = max(0, depth - 1)
        elif ch == "\n":
            line += 1
            col = 0


def load_text(text: str, name: str) -> Doc:
    if len(text) > MAX_BYTES:
        raise RuleplayError(RuleError(f"file too large ({len(text)} characters; the limit is {MAX_BYTES})",
                                      Mark(name, 1, 1)))
    _depth_guard(text, name)
    try:
        try:
            _count_aliases(text, name)
            node = yaml.compose(text, Loader=_FastLoader)
        except (yaml.YAMLError, RuleplayError):
            node = None                     # the pure-Python parser says what is wrong, and where
        if node is None:
            _count_aliases(text, name, _Loader)
            node = yaml.compose(text, Loader=_Loader)
    except yaml.YAMLError as exc:
        raise RuleplayError(_yaml_error(exc, name, text)) from None
    except RecursionError:
        raise RuleplayError(RuleError("nesting too deep", Mark(name, 1, 1))) from None
    if node is None:
        raise RuleplayError(RuleError("the file is empty", Mark(name, 1, 1)))
    builder = _Builder(name)
    data = builder.build(node, (), 0)
    return Doc(data, builder.marks, builder.key_marks)


def load_file(path: Path, display: str | None = None) -> Doc:
    name = display or str(path)
    raw = read_bytes(path, MAX_BYTES, name)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        before = raw[: exc.start]
        line = before.count(b"\n") + 1
        col = exc.start - (before.rfind(b"\n") + 1) + 1
        raise RuleplayError(RuleError(f"the file is not UTF-8 text (byte 0x{raw[exc.start]:02x})",
                                      Mark(name, line, col), hint="save the file as UTF-8")) from None
    return load_text(text, name)
