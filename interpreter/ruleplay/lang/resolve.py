"""Turn a rule file into one resolved document: follow `extends`, merge, apply options.

Every node of the result still knows the file, line and column it came from,
so later steps can point at a base file or at the variant that overrode it.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ruleplay.errors import Mark, RuleError, RuleplayError, did_you_mean, one_of
from ruleplay.resources import builtin_names, builtin_path, builtin_label, data_dir, is_builtin
from ruleplay.lang.yamlload import Doc, load_file

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
    if "/" not in ref and _is(p.is_dir) and builtin_path(ref):
        return builtin_path(ref)           # a built-in's name wins over a folder of that name here
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
    """How messages name a file: a built-in by its name (never where it is installed: a server's path is
    nobody's business), another file relative to the working directory when it lies inside it."""
    if _is(lambda: is_builtin(path)):
        return builtin_label(path)
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _merge(base: Doc, child: Doc) -> Doc:
    """Deep-merge child over base: mappings merge, everything else replaces, null deletes.

    Linear in the two documents: the marks of a replaced subtree are found by
    walking that subtree, never by scanning every mark.
    """
    marks = dict(base.marks)
    key_marks = dict(base.key_marks)

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
                    if k in b:
                        for p in _paths(b[k], sub):
                            if p != sub:
                                marks.pop(p, None)
                                key_marks.pop(p, None)
                    out[k] = v
                    for p in _paths(v, sub):
                        if p in child.marks:
                            marks[p] = child.marks[p]
                        if p in child.key_marks:
                            key_marks[p] = child.key_marks[p]
                if sub in child.key_marks:
                    key_marks[sub] = child.key_marks[sub]
            return out
        return c

    data = walk(base.data, child.data, ())
    marks[()] = child.marks.get((), base.marks.get(()))
    return Doc(data, marks, key_marks)


def _paths(value, prefix: tuple):
    """`prefix` and the path of every node below it in `value`."""
    stack = [(value, prefix)]
    while stack:
        v, p = stack.pop()
        yield p
        if isinstance(v, dict):
            stack.extend((x, p + (k,)) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((x, p + (i,)) for i, x in enumerate(v))


@dataclass(frozen=True)
class Access:
    """Where `extends` may read (docs/limits.md, "What ruleplay reads"): built-ins, and `.yaml`/`.yml` files
    inside the directory of the file that started the chain or a directory named with --include."""

    roots: tuple[Path, ...]

    def allows(self, path: Path) -> bool:
        try:
            real = path.resolve()
        except (OSError, RuntimeError, ValueError):
            return False
        return any(real.is_relative_to(r) for r in self.roots)


def _refuse(message: str, mark: Mark | None, hint: str | None = None) -> RuleplayError:
    return RuleplayError(RuleError(message, mark, ("extends",), hint))


INCLUDE_HINT = "keep the base beside your file, or name its directory with --include DIR"


def _find_base(ext: str, path: Path, access: Access, mark: Mark | None) -> Path:
    """The file `extends: ext` of the rule file `path` names, within the access policy."""
    if "/" in ext or "\\" in ext or ext.endswith((".yaml", ".yml")):
        rel = Path(ext)
        if rel.is_absolute() or ext.startswith("~"):
            raise _refuse("'extends' takes a built-in name or a relative path; an absolute path is not read",
                          mark, INCLUDE_HINT)
        if rel.suffix not in (".yaml", ".yml"):
            raise _refuse("'extends' reads only .yaml or .yml files", mark, INCLUDE_HINT)
        tries = [path.parent / rel] + [r / rel for r in access.roots[1:]]
    else:
        builtin = builtin_path(ext)
        if builtin is not None:
            return builtin
        tries = [path.parent / f"{ext}.yaml"] + [r / f"{ext}.yaml" for r in access.roots[1:]]
    for cand in tries:
        if not access.allows(cand):          # judged before existence: no probing of other directories
            raise _refuse(f"'extends' may not read outside the rule file's directory: {ext}", mark, INCLUDE_HINT)
        if not _is(cand.exists):
            continue
        if not _is(cand.is_file):
            raise _refuse(f"'extends' names something that is not a regular file: {ext}", mark)
        return cand
    if tries[0].name == f"{ext}.yaml":
        raise _refuse(f"'extends' names no known ruleset: '{ext}'", mark,
                      did_you_mean(ext, builtin_names()) or f"built-ins: {one_of(builtin_names())}")
    raise _refuse(f"'extends' names a file that does not exist: {ext}", mark)


def _top_keys() -> set[str]:
    from ruleplay.lang.schemacheck import schema
    return set(schema().get("properties") or {})


def load_chain(path: Path, access: Access, stack: tuple[Path, ...] = (),
               via: Mark | None = None) -> tuple[Doc, list[str]]:
    """The document of `path` with its `extends` chain merged in. `via` is the `extends` line that led
    here: a base that is not a ruleset is reported there, without quoting what the file holds."""
    name = display_name(path)
    doc = load_file(path, name)
    if not isinstance(doc.data, dict) or (via is not None and not set(doc.data) <= _top_keys()):
        if via is not None:
            raise _refuse("'extends' names a file that is not a ruleset", via,
                          "a ruleset is a mapping of keys such as name, deck, phases")
        raise RuleplayError(RuleError("a ruleset must be a mapping of keys such as name, deck, phases",
                                      doc.marks.get(())))
    ext = doc.data.get("extends")
    if ext is None:
        return doc, [name]
    mark = doc.marks.get(("extends",))
    if not isinstance(ext, str) or not ext:
        raise _refuse("'extends' must be a ruleset name or a relative path", mark)
    if len(stack) >= MAX_EXTENDS_DEPTH:
        raise _refuse(f"'extends' chain longer than {MAX_EXTENDS_DEPTH}", mark)
    base_path = _find_base(ext, path, access, mark)
    here = path.resolve()
    chain = stack + (here,)
    if base_path.resolve() in chain:
        cycle = " -> ".join(display_name(p) for p in chain + (base_path.resolve(),))
        raise _refuse(f"'extends' forms a cycle: {cycle}", mark)
    base, files = load_chain(base_path, access, chain, mark)
    _check_option_overrides(base, doc)
    merged = _merge(base, doc)
    merged.data.pop("extends", None)
    return merged, [name] + files


def _check_option_overrides(base: Doc, child: Doc) -> None:
    """A variant's `options:` entries, judged against the base's, with the fix a newcomer needs."""
    mine = child.data.get("options")
    theirs = base.data.get("options") or {}
    if not isinstance(mine, dict) or not isinstance(theirs, dict):
        return
    errors = []
    for k, v in mine.items():
        path = ("options", k)
        if k in theirs and v is not None and not isinstance(v, dict):
            errors.append(RuleError(f"option '{k}' of the base is declared as a mapping, not {type(v).__name__}",
                                    child.value_mark(path), path,
                                    f"to change its default, write `{k}: {{default: {_yaml_scalar(v)}}}`"))
        elif k not in theirs and isinstance(v, dict) and "type" not in v and theirs:
            errors.append(RuleError(f"the base has no option '{k}'", child.mark(path), path,
                                    did_you_mean(k, theirs) or
                                    f"the base's options: {one_of(theirs)}; a new option needs a 'type'"))
    if errors:
        raise RuleplayError(errors)


def _yaml_scalar(v: object) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    return str(v)[:40] if isinstance(v, (int, float)) else repr(str(v)[:40])


def _real_dir(path: Path) -> Path:
    try:
        return (path if path.is_dir() else path.parent).resolve()
    except (OSError, RuntimeError):
        return path.parent


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


def resolve(ref: str, sets: dict[str, str] | None = None, include: tuple[str, ...] = ()) -> Resolved:
    """`include`: directories, besides the rule file's own, that its `extends` chain may read."""
    path = locate(ref)
    if _is(path.is_dir):
        raise RuleplayError(RuleError(f"{ref} is a directory, not a rule file"))
    if not _is(path.exists):
        raise RuleplayError(RuleError(f"no such file: {ref}"))
    for d in include:
        if not _is(Path(d).is_dir):
            raise RuleplayError(RuleError(f"--include {d}: not a directory"))
    roots = [_real_dir(path)] + [Path(d).resolve() for d in include] + [data_dir("rulesets").resolve()]
    doc, files = load_chain(path, Access(tuple(roots)))
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
