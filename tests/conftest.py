"""Fixtures shared by test modules."""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

# Property tests judge what the code does, never how long an example takes: a deadline turns a loaded machine
# (CI's two cores running the suite on both, or other work beside it) into failures the code did not cause.  The
# project's speed is measured by benchmarks/, which print numbers.
settings.register_profile("project", deadline=None)
settings.load_profile("project")

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


@pytest.fixture(scope="session")
def html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The project's docs built once per test run with CI's flags (``-W --keep-going -n``).

    Once per run, not once per xdist worker: the build is the suite's longest single job, so the workers share
    one folder (their base temporary folders' parent), the first to come builds it under a lock and the others
    wait and read it -- or fail with the same output, when the build failed.
    """
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    out, failed = shared / "project-docs-html", shared / "project-docs-failed.txt"
    with open(shared / "project-docs.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / "index.html").exists() and not failed.exists():
            try:
                result = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b",
                                         "html", "-d", str(shared / "project-docs-doctrees"), str(DOCS), str(out)],
                                        cwd=ROOT, capture_output=True, text=True, timeout=900)
            except subprocess.TimeoutExpired as exc:
                failed.write_text(f"the Sphinx build took more than {exc.timeout} s", encoding="utf-8")
            else:
                if result.returncode != 0:
                    failed.write_text(result.stdout + result.stderr, encoding="utf-8")
    assert not failed.exists(), failed.read_text(encoding="utf-8")
    return out


#: Debian's chromium, which .ci/run installs where it is missing (Playwright's own browser download is never used).
CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium through Playwright, headless, with the flags CI's sandbox needs; one per test module.

    Without it each browser test fails with one line saying what to install, not Playwright's traceback: a
    skip would hide that the live server went untested.
    """
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(f"Debian's chromium is not at {CHROMIUM}: run `apt-get install chromium` (bash .ci/run does)",
                    pytrace=False)
    from playwright import sync_api

    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        yield b
        b.close()


#: The folder of passed schema checks this process made for the session, removed when the session ends.
_MADE_CACHE: list[str] = []


def pytest_configure(config: pytest.Config) -> None:
    """Stop at once, in one line, when the files the suite reads from beside the checkout are missing
    (:mod:`shared_files`); record passed schema checks in a folder of this session, not the user's cache
    (subprocesses inherit it)."""
    import tempfile

    from shared_files import missing

    from mahjong_core.rules.validated import CACHE_VARIABLE

    if (absent := missing()) is not None:
        raise pytest.UsageError(absent)

    if CACHE_VARIABLE not in os.environ:  # xdist's workers inherit the controller's folder and leave it to it
        os.environ[CACHE_VARIABLE] = tempfile.mkdtemp(prefix="mahjong-validated-")
        _MADE_CACHE.append(os.environ[CACHE_VARIABLE])


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the session's folder: every run left one behind in the temporary folder (hundreds on a busy
    machine, each a directory the file system then searches past)."""
    import shutil

    while _MADE_CACHE:
        shutil.rmtree(_MADE_CACHE.pop(), ignore_errors=True)


#: Test modules that each take a minute or more of one worker (a real browser playing whole games, the fuzzers,
#: mypy, the example packages' own suites, the benchmarks' harness), longest first.
HEAVY_FIRST = (
    "tests/core/conformance/test_soak_runs.py",  # its fixture builds the conformance page with Sphinx: 77 s
    "tests/server/test_viewer_browser.py",
    "tests/project/test_fuzz.py",
    "tests/server/test_red_five_claim_live_browser.py",
    "tests/project/test_benchmarks.py",
    "tests/docs/test_examples.py",
    "tests/project/test_typing.py",
    "tests/core/reading/test_schema_compile.py",
    "tests/core/engine/test_tile_sets.py",
)


def _heaviness(item: pytest.Item) -> int:
    path = item.nodeid.split("::", 1)[0]
    for rank, heavy in enumerate(HEAVY_FIRST):
        if path == heavy:
            return rank
    return len(HEAVY_FIRST) + (0 if path.endswith("_browser.py") else 1)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Order the run for two workers: the heavy modules first, so that no worker is handed a five-minute test
    when the other has run out of work (the suite's wall time is the busier worker's), the browser tests next,
    the rest in their own order.  Every test using the built docs (the ``html`` fixture) goes to one worker
    (``--dist loadgroup``, as .ci/run runs the suite), so that one worker builds them while the other runs tests
    instead of waiting for the same build."""
    for item in items:
        if "html" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.xdist_group("built-docs"))
    items.sort(key=_heaviness)
