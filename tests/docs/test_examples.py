"""The example packages' own tests, run the way their authors run them: ``python -m pytest`` in each package's folder.

``plugins/examples/*`` holds third-party packages (a ruleset with a hook, a
bot, a scoring family), each with its own ``pyproject.toml`` and ``tests/``.
CI installs them (the README's test command), but this suite collects only
``tests/``, so their tests would otherwise never run and could rot unseen.
Each package's run is a subprocess of this interpreter in that package's
folder, so its own pytest configuration applies.  The runs are independent,
so all of them are started at once: with cores to spare the suite waits for
the slowest (the bot package's), not for the three one after another.

A package that is not installed fails, saying how to install it: its tests
would fail anyway (the entry points it declares are what they test), and a
skip would hide that CI lost a package.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import IO

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "plugins" / "examples"
#: Every example package that has tests of its own: a folder with a pyproject.toml and a tests/ folder.
PACKAGES = sorted(p for p in EXAMPLES.iterdir() if (p / "pyproject.toml").is_file() and (p / "tests").is_dir())
TIMEOUT = 600
_COUNT = re.compile(r"(\d+) (passed|failed|errors?|skipped|xfailed|xpassed)\b")


def distribution_name(package: Path) -> str:
    """The distribution a package folder builds, from its ``pyproject.toml``."""
    return str(tomllib.loads((package / "pyproject.toml").read_text(encoding="utf-8"))["project"]["name"])


def install_hint(package: Path) -> str:
    return (f"{distribution_name(package)} is not installed in this environment; install it with: "
            f"{Path(sys.executable).parent / 'pip'} install ./{package.relative_to(ROOT)}")


@dataclass
class Run:
    """One package's pytest run, started in the background; ``finish`` waits for it and reads its output."""

    package: Path
    process: subprocess.Popen[str]
    out: IO[str]

    def finish(self) -> tuple[int, str]:
        try:
            code = self.process.wait(timeout=TIMEOUT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            pytest.fail(f"the tests of {self.package.name} did not finish in {TIMEOUT} s")
        self.out.seek(0)
        return code, self.out.read()


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Run]]:
    """Every installed example package's tests, all started at once."""
    folder = tmp_path_factory.mktemp("examples")
    env = {k: v for k, v in os.environ.items() if k != "PYTEST_ADDOPTS"}  # this suite's options are not theirs
    started: dict[str, Run] = {}
    for package in PACKAGES:
        try:
            metadata.distribution(distribution_name(package))
        except metadata.PackageNotFoundError:
            continue  # its test fails with the install hint
        out = open(folder / f"{package.name}.txt", "w+", encoding="utf-8")  # a file, so no pipe can fill up
        process = subprocess.Popen([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q"], cwd=package,
                                   env=env, stdout=out, stderr=subprocess.STDOUT, text=True)
        started[package.name] = Run(package, process, out)
    yield started
    for run in started.values():
        if run.process.poll() is None:
            run.process.kill()
            run.process.wait()
        run.out.close()


def test_the_examples_with_tests_are_found() -> None:
    assert {"no_chow_from_partner", "example_bot", "flat_family"} <= {p.name for p in PACKAGES}


@pytest.mark.parametrize("package", PACKAGES, ids=lambda p: p.name)
def test_an_example_packages_own_tests_pass(package: Path, runs: dict[str, Run]) -> None:
    if package.name not in runs:
        pytest.fail(install_hint(package))
    code, output = runs[package.name].finish()
    summary = output.strip().splitlines()[-1] if output.strip() else ""
    counts = {("error" if kind == "errors" else kind): int(n) for n, kind in _COUNT.findall(summary)}
    assert code == 0, f"the tests of {package.name} failed (exit {code}):\n{output[-6000:]}"
    assert counts.get("passed", 0) > 0, f"{package.name}: no test passed; pytest said {summary!r}"
    bad = {kind: n for kind, n in counts.items() if kind != "passed" and n}
    assert not bad, f"{package.name}: {bad} besides {counts['passed']} passed; pytest said {summary!r}"
