"""`ruleplay new NAME [--from BASE]`: a commented starter rule file that extends a base and validates."""
from __future__ import annotations

import os
import re
from pathlib import Path

from ruleplay.errors import GameError
from ruleplay.pipeline import load, load_resolved
from ruleplay.resources import builtin_path, data_dir

NAME_RE = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")     # whole names only (fullmatch)
DEFAULT_BASE = "beggar-my-neighbour"


def _yaml_scalar(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    text = str(v)
    return text if re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 _.-]*", text) and text not in ("true", "false", "null") \
        else repr(text)


def starter_text(name: str, base: str, base_ref: str, schema_ref: str) -> str:
    res = load_resolved(base)
    data = res.doc.data
    title = " ".join(str(data.get("title", data["name"])).split())
    lines = [
        f"# yaml-language-server: $schema={schema_ref}",
        f"# {name}: a variant of {title} ({base}). Only what differs from the base goes here:",
        "# mappings merge deeply, lists and scalars replace, and null deletes a key.",
        f"#   ruleplay validate {name}.yaml     check it (file:line:column errors)",
        f"#   ruleplay explain {name}.yaml      the rule sheet, options included",
        f"#   ruleplay diff {base} {name}.yaml  what you changed",
        f"#   ruleplay play {name}.yaml         play it against bots",
        f"name: {name}",
        f"title: {title} ({name})",
        "description: >-",
        f"  Our table's {title}. Say here what is different from the base game.",
        "source: our table",
        f"extends: {base_ref}",
        "",
    ]
    options = data.get("options") or {}
    if options:
        lines.append(f"# House rules {base} declares; uncomment a line (and 'options:') to change a default.")
        lines.append("# options:")
        for oid, o in options.items():
            kind = o.get("type", "")
            rng = (f" {o['min']}..{o['max']}" if "min" in o and "max" in o else "") if kind == "int" else \
                (f" {'|'.join(map(str, o.get('choices', [])))}" if kind == "choice" else "")
            desc = " ".join(str(o.get("description", "")).split())
            lines.append(f"#   {oid}: {{default: {_yaml_scalar(o.get('default'))}}}   # {kind}{rng}: {desc}")
        lines.append("")
    lines += [
        "# Anything else of the base can be overridden the same way, e.g. the number of players:",
        "# players: {min: 2, max: 6, default: 3}",
        "# See docs/language.md (the rule language) and `ruleplay schema` for every key;",
        "# an editor with the YAML language server completes and documents keys from the line at the top.",
        "",
    ]
    return "\n".join(lines)


def run_new(args) -> int:
    target = Path(args.name if args.name.endswith((".yaml", ".yml")) else f"{args.name}.yaml")
    name = target.stem
    if not NAME_RE.fullmatch(name):
        raise GameError(f"'{name}' is not a ruleset name: lower case letters, digits and single hyphens (my-rules)")
    if target.exists() and not args.force:
        raise GameError(f"{target} exists; choose another name or add --force")
    base = args.base
    here = target.resolve().parent
    if builtin_path(base) is not None and not base.endswith((".yaml", ".yml")):
        base_ref, base_load = base, base
    else:
        p = Path(base)
        if not p.is_file():
            raise GameError(f"--from {base}: neither a built-in ruleset nor a file (ruleplay list shows them)")
        base_load = str(p)
        base_ref = os.path.relpath(p.resolve(), here)
        if not base_ref.startswith("."):
            base_ref = "./" + base_ref
    schema = (data_dir("schema") / "ruleset.schema.json").resolve()
    try:
        schema_ref = os.path.relpath(schema, here)
    except ValueError:                       # another drive
        schema_ref = ""
    if not schema_ref or Path(schema_ref).parts.count("..") > 2:
        schema_ref = str(schema)             # far away (an installed package): the absolute path
    text = starter_text(name, base_load, base_ref, schema_ref)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")
    include: tuple[str, ...] = ()
    flags = ""
    if base_ref.startswith("../"):           # a base outside the new file's directory: `extends` needs --include
        include = (str(Path(base_load).resolve().parent),)
        flags = f" --include {include[0]}"
    rules = load(str(target), include=include)
    print(f"{target}: written, OK ({rules.title}, {rules.players} players). "
          f"Edit it, then: ruleplay validate {target}{flags} && ruleplay play {target}{flags}")
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("new", help="write a commented starter rule file that extends a base ruleset")
    p.add_argument("name", help="the new ruleset's name (my-rules) or file (path/my-rules.yaml)")
    p.add_argument("--from", dest="base", default=DEFAULT_BASE,
                   help=f"the base: a built-in name or a .yaml path (default {DEFAULT_BASE})")
    p.add_argument("--force", action="store_true", help="overwrite an existing file")
