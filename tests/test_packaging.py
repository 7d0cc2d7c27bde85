"""The wheel carries the built-in rulesets, the schema and the grammar.

Build a wheel, install it (not editable) into a fresh virtualenv, and run the
installed `ruleplay` from a directory outside the checkout. Takes about 6 s
here. Skips (with the reason) only when pip cannot reach an index or cache
for the build backend or the dependencies; any other failure fails.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
OFFLINE = ("NewConnectionError", "Temporary failure in name resolution", "Network is unreachable",
           "No matching distribution found", "Could not find a version that satisfies",
           "ProxyError", "Max retries exceeded")


def _sh(args: list, cwd: Path, what: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    proc = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    if proc.returncode != 0 and any(s in proc.stdout + proc.stderr for s in OFFLINE):
        pytest.skip(f"{what}: no package index or cache reachable ({proc.stderr.strip().splitlines()[-1]})")
    return proc


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("pkg")
    dist = tmp / "dist"
    proc = _sh([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", dist, ROOT], tmp, "pip wheel")
    assert proc.returncode == 0, proc.stderr
    wheels = list(dist.glob("ruleplay-*.whl"))
    assert len(wheels) == 1
    env_dir = tmp / "venv"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    proc = _sh([bin_dir / "python", "-m", "pip", "install", "-q", wheels[0]], tmp, "pip install")
    assert proc.returncode == 0, proc.stderr
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    return bin_dir, elsewhere, wheels[0]


def test_wheel_holds_the_data(installed):
    import zipfile
    names = set(zipfile.ZipFile(installed[2]).namelist())
    for p in (ROOT / "rulesets").glob("*.yaml"):
        assert f"ruleplay/_data/rulesets/{p.name}" in names
    assert {"ruleplay/_data/schema/ruleset.schema.json", "ruleplay/_data/schema/expr.lark"} <= names


def test_installed_package_uses_its_own_data(installed):
    bin_dir, elsewhere, _ = installed
    proc = _sh([bin_dir / "python", "-c",
                "import ruleplay, ruleplay.resources as r; print(ruleplay.__file__); "
                "print(r.data_dir('rulesets')); print(r.data_dir('schema'))"], elsewhere, "python")
    assert proc.returncode == 0, proc.stderr
    pkg, rulesets, schema = proc.stdout.split()
    venv_dir = str(bin_dir.parent)
    assert pkg.startswith(venv_dir) and not pkg.startswith(str(ROOT) + os.sep + "interpreter")
    assert rulesets.startswith(venv_dir) and rulesets.endswith(os.path.join("_data", "rulesets"))
    assert schema.startswith(venv_dir)
    shipped = sorted(p.name for p in Path(rulesets).glob("*.yaml"))
    assert shipped == sorted(p.name for p in (ROOT / "rulesets").glob("*.yaml"))
    for name in ("ruleset.schema.json", "expr.lark"):
        assert (Path(schema) / name).read_bytes() == (ROOT / "schema" / name).read_bytes()


def test_installed_run_builtin_by_name(installed):
    bin_dir, elsewhere, _ = installed
    proc = _sh([bin_dir / "ruleplay", "run", "beggar-my-neighbour", "--json", "--seed", "3"], elsewhere, "run")
    assert (proc.returncode, proc.stderr) == (0, "")
    r = json.loads(proc.stdout)
    assert (r["ruleset"], r["outcome"], r["winners"], r["cards_played"], r["pile_takes"]) == \
        ("beggar-my-neighbour", "finished", [1], 174, 23)


def test_installed_validate_copy_and_variant(installed):
    bin_dir, elsewhere, _ = installed
    shutil.copy(ROOT / "rulesets" / "beggar-my-neighbour.yaml", elsewhere / "copy.yaml")
    (elsewhere / "variant.yaml").write_text("extends: beggar-my-neighbour\nname: bmn-v\n"
                                            "deck:\n  attributes:\n    chances: {A: 1}\n")
    (elsewhere / "broken.yaml").write_text("extends: beggar-my-neighbour\nname: bmn-b\n"
                                           "phases:\n  play:\n    to: piel\n")
    proc = _sh([bin_dir / "ruleplay", "validate", "copy.yaml", "variant.yaml"], elsewhere, "validate")
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout == ("copy.yaml: OK (Beggar My Neighbour, 2 players, 52 cards)\n"
                           "variant.yaml: OK (Beggar My Neighbour, 2 players, 52 cards)\n")
    proc = _sh([bin_dir / "ruleplay", "validate", "broken.yaml"], elsewhere, "validate")
    assert proc.returncode == 1
    assert proc.stderr == ("broken.yaml:5:9: error [phases.play.to]: unknown zone 'piel'\n"
                           "    hint: did you mean 'pile'?\n")
    proc = _sh([bin_dir / "ruleplay", "schema"], elsewhere, "schema")
    assert proc.returncode == 0 and json.loads(proc.stdout)["$id"].endswith("ruleset.schema.json")
