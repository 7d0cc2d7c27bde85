"""Where the built-in rulesets and the schema live, in a checkout and in an installed wheel."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

_PKG = Path(__file__).resolve().parent


@lru_cache(maxsize=None)
def data_dir(kind: str) -> Path:
    """`kind` is 'rulesets' or 'schema'. A wheel carries them in _data/; a checkout has them at the top."""
    for candidate in (_PKG / "_data" / kind, _PKG.parent.parent / kind):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"ruleplay data folder '{kind}' not found")


def builtin_names() -> list[str]:
    return sorted(p.stem for p in data_dir("rulesets").glob("*.yaml"))


def is_builtin(path: str | Path) -> bool:
    """Whether a rule file is one of the built-ins (it lies in the built-in folder). May raise OSError or
    ValueError for a path no file can have."""
    return Path(path).resolve().parent == data_dir("rulesets").resolve()


def builtin_path(name: str) -> Path | None:
    path = data_dir("rulesets") / f"{name}.yaml"
    try:
        return path if path.is_file() else None
    except (OSError, ValueError):      # a name no file can have (too long, a NUL byte) is no built-in
        return None


def builtin_label(path: Path) -> str:
    """How messages name a built-in rule file: by its name, never by where it is installed."""
    return f"<built-in {path.stem}>"


def labelled_builtin(label: str) -> str | None:
    """The built-in's name in a `builtin_label`, else None."""
    if label.startswith("<built-in ") and label.endswith(">"):
        return label[len("<built-in "):-1]
    return None
