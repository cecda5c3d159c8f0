"""Project-level checks that CI must not skip: lint, the docs build, and the wheel as users install it."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent


def run(*args: str, cwd: Path = ROOT, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)


def test_ruff_is_clean() -> None:
    result = run(str(BIN / "ruff"), "check", "mahjong_core", "mahjong_docs", "plugins", "tests", "benchmarks", "docs")
    assert result.returncode == 0, result.stdout + result.stderr


def test_sphinx_builds_without_warnings(html: Path) -> None:
    """The build itself is the shared fixture's (conftest.py), made with CI's flags: it fails on any warning."""
    assert (html / "index.html").exists()
    assert (html / "conformance.html").exists()


def test_wheel_ships_rulesets_and_finds_them_by_entry_point(tmp_path: Path) -> None:
    """A built wheel, installed alone with its dependencies, lists every bundled ruleset."""
    wheels = tmp_path / "wheels"
    result = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(wheels),
                 str(ROOT))
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = wheels.glob("mahjong_core-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "mahjong_rulesets/rulesets/harbin/ruleset.yaml" in names
    assert "mahjong_core/schemas/ruleset.schema.json" in names
    assert "mahjong_core/schemas/replay.schema.json" in names
    assert "mahjong_core/hand/suit_vectors.bin" in names  # shanten reads every suit's vector from it
    # Every package of the source tree is in the wheel (the package list is written out in pyproject.toml).
    sources = {"mahjong_core": "mahjong_core", "mahjong_docs": "mahjong_docs", "mahjong_study": "mahjong_study",
               "mahjong_server": "mahjong_server", "mahjong_records": "mahjong_records",
               "mahjong_formats": "mahjong_formats", "plugins": "mahjong_rulesets"}
    for folder, package in sources.items():
        for init in (ROOT / folder).rglob("__init__.py"):
            inside = [d for d in init.parents if d.is_relative_to(ROOT / folder)]
            if any((d / "pyproject.toml").exists() for d in inside):
                continue  # an example plugin with a distribution of its own, installed on its own
            shipped = f"{package}/{init.relative_to(ROOT / folder).as_posix()}"
            assert shipped in names, f"{shipped} is not in the wheel: add its package to pyproject.toml"
    # The games database's migrations are applied from the installed package, so they must be in it.
    assert {"mahjong_records/migrations/env.py", "mahjong_records/migrations/versions/0001_initial.py"} <= set(names)
    target = tmp_path / "site"
    result = run(sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel))
    assert result.returncode == 0, result.stdout + result.stderr
    # Run from an empty folder with only the unpacked wheel and the dependencies' folder on the path,
    # so neither the source checkout nor the editable install can answer.
    deps = [p for p in sys.path if p.endswith("site-packages")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(target), *deps]), "PYTHONNOUSERSITE": "1"}
    code = ("import importlib.metadata as m, mahjong_core, mahjong_rulesets;"
            f"eps = [e for d in m.distributions(path=[{str(target)!r}]) for e in d.entry_points "
            "if e.group == 'mahjong_core.rulesets'];"
            "print(len(eps), mahjong_core.__file__)")
    result = run(sys.executable, "-S", "-c", code, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    count, location = result.stdout.split()
    assert int(count) >= 11
    assert location.startswith(str(target))
    rules = run(sys.executable, "-S", "-c", "import sys; from mahjong_core.cli import main; "
                "sys.exit(main(['rules', 'show', 'harbin', '--json']))", cwd=tmp_path, env=env)
    assert rules.returncode == 0, rules.stderr
    # The README's main job runs from the wheel alone: simulate, write the replay, re-play and audit it.
    demo = run(sys.executable, "-S", "-c", "import sys; from mahjong_core.cli import main; "
               "sys.exit(main(['demo', '--ruleset', 'chinese_classical', '--seed', '7', '--max-deals', '2']))",
               cwd=tmp_path, env=env)
    assert demo.returncode == 0 and "Traceback" not in demo.stderr, demo.stdout + demo.stderr
