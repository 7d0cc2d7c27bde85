"""What ruleplay reads (docs/limits.md): regular files only, with caps; `extends` within the policy;
nothing of a file that is not a ruleset ever quoted back."""
import os

import pytest

from ruleplay.tools.cli import main

SECRET = "root:*:20228:0:99999:7:::\ntoken: hunter2-s3cret\n"


@pytest.fixture
def tree(tmp_path):
    club, other = tmp_path / "club", tmp_path / "other"
    club.mkdir()
    other.mkdir()
    (other / "shadow").write_text(SECRET)
    (other / "creds.yaml").write_text("password: hunter2-s3cret\nkey: abc\n")
    (other / "base.yaml").write_text("extends: ers\nname: shared-base\n")
    return club, other


def _validate(capsys, *args) -> tuple[int, str]:
    code = main(["validate", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out + err


def _variant(club, name: str, extends: str, body: str = "") -> str:
    f = club / f"{name}.yaml"
    f.write_text(f"extends: {extends}\nname: {name}\n{body}")
    return str(f)


@pytest.mark.parametrize("extends, message", [
    ("/etc/passwd", "an absolute path is not read"),
    ("OTHER/shadow", "an absolute path is not read"),
    ("../other/shadow", "'extends' reads only .yaml or .yml files"),
    ("../other/creds.yaml", "may not read outside the rule file's directory"),
    ("../other/base.yaml", "may not read outside the rule file's directory"),
])
def test_extends_outside_the_policy_is_refused_on_its_line(tree, capsys, extends, message):
    club, other = tree
    f = _variant(club, "v", extends.replace("OTHER", str(other)))
    code, text = _validate(capsys, f)
    assert code == 1
    assert f"{f}:1:10: error [extends]: " in text and message in text
    assert "hunter2" not in text and "root:" not in text and "20228" not in text


def test_a_symlink_out_of_the_directory_is_refused(tree, capsys):
    club, other = tree
    (club / "link.yaml").symlink_to(other / "creds.yaml")
    code, text = _validate(capsys, _variant(club, "v", "link.yaml"))
    assert code == 1 and "may not read outside the rule file's directory: link.yaml" in text
    assert "hunter2" not in text and "password" not in text


def test_include_opens_a_directory_and_a_non_ruleset_there_is_not_quoted(tree, capsys):
    club, other = tree
    f = _variant(club, "v", "base")
    assert _validate(capsys, f)[0] == 1                        # by name, not found without --include
    code, text = _validate(capsys, f, "--include", other)
    assert code == 0 and "OK" in text
    code, text = _validate(capsys, _variant(club, "w", "creds"), "--include", other)
    assert code == 1 and "'extends' names a file that is not a ruleset" in text
    assert "hunter2" not in text and "password" not in text and "key" not in text.replace("keys", "")


def test_include_must_be_a_directory(tree, capsys):
    club, _ = tree
    code, text = _validate(capsys, _variant(club, "v", "ers"), "--include", club / "nope")
    assert code == 1 and "not a directory" in text


def test_builtin_and_sibling_bases_still_work(tree, capsys):
    club, _ = tree
    (club / "mine.yaml").write_text("extends: ers\nname: mine\n")
    assert _validate(capsys, _variant(club, "a", "mine"))[0] == 0
    assert _validate(capsys, _variant(club, "b", "./mine.yaml"))[0] == 0
    assert _validate(capsys, _variant(club, "c", "hearts"))[0] == 0


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
@pytest.mark.parametrize("what", ["fifo", "/dev/zero", "dir"])
def test_non_regular_files_are_refused_without_reading(tmp_path, capsys, what):
    if what == "fifo":
        path = tmp_path / "pipe"
        os.mkfifo(path)
    elif what == "dir":
        path = tmp_path
    else:
        path = what
    for args in (["validate", path], ["run", "beggar-my-neighbour", "--deal", path]):
        code = main([str(a) for a in args])
        out, err = capsys.readouterr()
        assert code == 1 and "Traceback" not in err
    assert "not a regular file" in err


def test_rule_files_over_the_cap_are_refused(tmp_path, capsys):
    f = tmp_path / "big.yaml"
    f.write_text("name: x\n" + "#" * 1_000_001)
    code, text = _validate(capsys, f)
    assert code == 1 and "file too large (the limit is 1000000 bytes)" in text


def test_the_merge_is_linear(tmp_path):
    # 2,400 options (near the 20,000-node limit) merged into a base's options: the merge walks each subtree
    # once (it used to scan every mark per key: 46 s for 12,000). Bounded loosely, to catch a quadratic merge.
    lines = ["extends: ers", "name: big", "options:"]
    lines += [f"  o{i}: {{type: int, default: 1, description: x}}" for i in range(2_400)]
    f = tmp_path / "big.yaml"
    f.write_text("\n".join(lines) + "\n")
    from ruleplay.lang.resolve import resolve
    import ruleplay.lang.resolve as R
    calls = []
    real = R._paths

    def counting(value, prefix):
        for p in real(value, prefix):
            calls.append(1)
            yield p
    R._paths = counting
    try:
        resolve(str(f))
    finally:
        R._paths = real
    assert len(calls) < 20 * 2_400           # a few nodes per option, not options x marks


def test_a_bad_key_in_a_variant_is_placed_in_the_variant(tmp_path, capsys):
    f = tmp_path / "v.yaml"
    f.write_text("extends: hearts-seed\nname: v\noptions:\n  passin_: {type: int, default: 1, description: x}\n")
    code, text = _validate(capsys, f)
    assert code == 1
    assert f"{f}:4:3: error [options.passin_]: 'passin_': names are kebab-case" in text
    assert "hearts-seed.yaml" not in text


def test_newcomer_option_hints(tmp_path, capsys):
    f = tmp_path / "v.yaml"
    f.write_text("extends: ers\nname: v\noptions:\n  burn: 2\n")
    code, text = _validate(capsys, f)
    assert code == 1 and f"{f}:4:9: error [options.burn]" in text and "write `burn: {default: 2}`" in text
    f.write_text("extends: ers\nname: v\noptions:\n  burm: {default: 2}\n")
    code, text = _validate(capsys, f)
    assert code == 1 and "the base has no option 'burm'" in text and "did you mean 'burn'?" in text
    assert "missing required key 'type'" not in text


def test_extends_naming_a_directory(tmp_path, capsys):
    (tmp_path / "base.yaml").mkdir()
    f = _variant(tmp_path, "v", "base.yaml")
    code, text = _validate(capsys, f)
    assert code == 1 and "'extends' names something that is not a regular file: base.yaml" in text
