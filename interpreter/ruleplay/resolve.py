"""Turn a rule file into one resolved document: follow `extends`, merge, apply options.

Every node of the result still knows the file, line and column it came from,
so later steps can point at a base file or at the variant that overrode it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .errors import Mark, RuleError, RuleplayError, did_you_mean, one_of
from .resources import builtin_names, builtin_path
from .yamlload import Doc, load_file

MAX_EXTENDS_DEPTH = 16


@dataclass
class Resolved:
    doc: Doc
    files: list[str]                          # the chain, most derived first
    options: dict[str, object] = field(default_factory=dict)   # final option values
    option_set: dict[str, object] = field(default_factory=dict)  # what the user set


def locate(ref: str) -> Path:
    """A ruleset argument is a file path or a built-in name."""
    p = Path(ref)
    if p.suffix in (".yaml", ".yml") or _is(p.exists) or "/" in ref:
        if not _is(p.exists) and p.parent.name == "rulesets" and p.suffix == ".yaml" and builtin_path(p.stem):
            return builtin_path(p.stem)    # `rulesets/x.yaml` outside a checkout: the installed built-in
        return p
    builtin = builtin_path(ref)
    if builtin is None:
        hint = did_you_mean(ref, builtin_names())
        raise RuleplayError(RuleError(
            f"no ruleset named '{ref}' (not a file, not a built-in)", None, (),
            hint or f"built-ins: {one_of(builtin_names())}"))
    return builtin


def _is(test) -> bool:
    """A file test that is simply false for a name the system refuses (too long, invalid bytes)."""
    try:
        return test()
    except (OSError, ValueError):
        return False


def display_name(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _merge(base: Doc, child: Doc) -> Doc:
    """Deep-merge child over base: mappings merge, everything else replaces, null deletes."""
    marks = dict(base.marks)
    key_marks = dict(base.key_marks)

    def drop(path: tuple) -> None:
        for table in (marks, key_marks):
            for k in [k for k in table if k[: len(path)] == path and len(k) > len(path)]:
                del table[k]

    def walk(b, c, path):
        if isinstance(b, dict) and isinstance(c, dict):
            out = dict(b)
            for k, v in c.items():
                sub = path + (k,)
                if v is None:
                    out.pop(k, None)
                    continue
                if k in b and isinstance(b[k], dict) and isinstance(v, dict):
                    out[k] = walk(b[k], v, sub)
                else:
                    drop(sub)
                    out[k] = v
                    _copy_marks(child, sub, marks, key_marks)
                if sub in child.key_marks:
                    key_marks[sub] = child.key_marks[sub]
            return out
        return c

    data = walk(base.data, child.data, ())
    marks[()] = child.marks.get((), base.marks.get(()))
    return Doc(data, marks, key_marks)


def _copy_marks(src: Doc, prefix: tuple, marks: dict, key_marks: dict) -> None:
    n = len(prefix)
    for k, m in src.marks.items():
        if k[:n] == prefix:
            marks[k] = m
    for k, m in src.key_marks.items():
        if k[:n] == prefix:
            key_marks[k] = m


def load_chain(path: Path, stack: tuple[Path, ...] = ()) -> tuple[Doc, list[str]]:
    name = display_name(path)
    doc = load_file(path, name)
    if not isinstance(doc.data, dict):
        raise RuleplayError(RuleError("a ruleset must be a mapping of keys such as name, deck, phases",
                                      doc.marks.get(())))
    ext = doc.data.get("extends")
    if ext is None:
        return doc, [name]
    mark = doc.marks.get(("extends",))
    if not isinstance(ext, str) or not ext:
        raise RuleplayError(RuleError("'extends' must be a ruleset name or a relative path", mark, ("extends",)))
    if len(stack) >= MAX_EXTENDS_DEPTH:
        raise RuleplayError(RuleError(f"'extends' chain longer than {MAX_EXTENDS_DEPTH}", mark, ("extends",)))
    if ext.endswith((".yaml", ".yml")) or "/" in ext:
        base_path = (path.parent / ext)
        if not _is(base_path.is_file):
            raise RuleplayError(RuleError(f"'extends' names a file that does not exist: {ext}", mark, ("extends",)))
    else:
        base_path = builtin_path(ext)
        if base_path is None:
            sibling = path.parent / f"{ext}.yaml"
            if _is(sibling.is_file):
                base_path = sibling
            else:
                raise RuleplayError(RuleError(f"'extends' names no known ruleset: '{ext}'", mark, ("extends",),
                                              did_you_mean(ext, builtin_names()) or
                                              f"built-ins: {one_of(builtin_names())}"))
    here = path.resolve()
    chain = stack + (here,)
    if base_path.resolve() in chain:
        cycle = " -> ".join(display_name(p) for p in chain + (base_path.resolve(),))
        raise RuleplayError(RuleError(f"'extends' forms a cycle: {cycle}", mark, ("extends",)))
    base, files = load_chain(base_path, chain)
    merged = _merge(base, doc)
    merged.data.pop("extends", None)
    return merged, [name] + files


def parse_set(items: list[str]) -> dict[str, str]:
    out: dict[str, str] = {}
    for item in items:
        if "=" not in item:
            raise RuleplayError(RuleError(f"--set expects NAME=VALUE, got '{item}'"))
        k, v = item.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def coerce_option(name: str, spec: dict, raw: object, where: Mark | None, path: tuple) -> object:
    """Check and convert an option value (from the file or from --set) against its declaration."""
    kind = spec.get("type")
    value = raw
    if kind == "bool":
        if isinstance(raw, str):
            low = raw.lower()
            if low in ("true", "yes", "on", "1"):
                value = True
            elif low in ("false", "no", "off", "0"):
                value = False
        if not isinstance(value, bool):
            raise RuleplayError(RuleError(f"option '{name}' is a bool (true/false), got {raw!r}", where, path))
    elif kind == "int":
        if isinstance(raw, str):
            try:
                value = int(raw)
            except ValueError:
                pass
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleplayError(RuleError(f"option '{name}' is an int, got {raw!r}", where, path))
        lo, hi = spec.get("min"), spec.get("max")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise RuleplayError(RuleError(f"option '{name}' = {value} is out of range {lo}..{hi}", where, path))
    elif kind == "list":
        # a list of ints: from YAML ([5, 6]) or --set (hand-sizes=[5] or 5,6 or []); each within min..max
        value = raw
        if isinstance(raw, str):
            text = raw.strip()
            if text.startswith("[") and text.endswith("]"):
                text = text[1:-1]
            try:
                value = [int(x) for x in text.replace(" ", "").split(",") if x != ""]
            except ValueError:
                value = raw
        if not isinstance(value, list) or not all(isinstance(x, int) and not isinstance(x, bool) for x in value):
            raise RuleplayError(RuleError(f"option '{name}' is a list of ints such as [5] or [1, 2, 3], got {raw!r}",
                                          where, path))
        lo, hi = spec.get("min"), spec.get("max")
        bad = [x for x in value if (lo is not None and x < lo) or (hi is not None and x > hi)]
        if bad:
            raise RuleplayError(RuleError(f"option '{name}': {bad[0]} is out of range {lo}..{hi}", where, path))
        if len(value) > 1000:
            raise RuleplayError(RuleError(f"option '{name}': at most 1000 items", where, path))
        value = list(value)
    elif kind == "choice":
        choices = spec.get("choices") or []
        if str(raw) not in choices:
            raise RuleplayError(RuleError(f"option '{name}' must be one of {', '.join(choices)}; got {raw!r}",
                                          where, path, did_you_mean(str(raw), choices)))
        value = str(raw)
    return value


def resolve(ref: str, sets: dict[str, str] | None = None) -> Resolved:
    path = locate(ref)
    if _is(path.is_dir):
        raise RuleplayError(RuleError(f"{ref} is a directory, not a rule file"))
    if not _is(path.is_file):
        raise RuleplayError(RuleError(f"no such file: {ref}"))
    doc, files = load_chain(path)
    return Resolved(doc, files, option_set=dict(sets or {}))


def apply_options(res: Resolved) -> None:
    """Fill `res.options` from declarations and --set; called after the schema check."""
    decls = res.doc.data.get("options") or {}
    values: dict[str, object] = {}
    errors: list[RuleError] = []
    for name, spec in decls.items():
        path = ("options", name)
        try:
            if spec.get("type") == "choice" and not spec.get("choices"):
                raise RuleplayError(RuleError(f"option '{name}' of type choice needs 'choices'",
                                              res.doc.mark(path), path))
            if spec.get("type") != "choice" and "choices" in spec:
                raise RuleplayError(RuleError("'choices' only applies to options of type choice",
                                              res.doc.mark(path + ("choices",)), path + ("choices",)))
            values[name] = coerce_option(name, spec, spec.get("default"), res.doc.value_mark(path + ("default",)),
                                         path + ("default",))
        except RuleplayError as exc:
            errors.extend(exc.errors)
    for name, raw in res.option_set.items():
        if name not in decls:
            errors.append(RuleError(f"--set {name}: this ruleset has no option '{name}'", None, (),
                                    did_you_mean(name, decls) or
                                    (f"options: {one_of(decls)}" if decls else "this ruleset declares no options")))
            continue
        try:
            values[name] = coerce_option(name, decls[name], raw, None, ())
        except RuleplayError as exc:
            errors.extend(RuleError("--set " + e.message, None, (), e.hint) for e in exc.errors)
    if errors:
        raise RuleplayError(errors)
    res.options = values
