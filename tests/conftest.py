"""Fixtures shared by test modules."""

from __future__ import annotations

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
    """The project's docs built once per test session with CI's flags (``-W --keep-going -n``)."""
    out = tmp_path_factory.getbasetemp() / "project-docs-html"
    if not (out / "index.html").exists():
        result = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html",
                                 "-d", str(tmp_path_factory.getbasetemp() / "project-docs-doctrees"), str(DOCS),
                                 str(out)], cwd=ROOT, capture_output=True, text=True, timeout=600)
        assert result.returncode == 0, result.stdout + result.stderr
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


def pytest_configure(config: pytest.Config) -> None:
    """Record passed schema checks in a folder of this session, not the user's cache (subprocesses inherit it)."""
    import tempfile

    from mahjong_core.rules.validated import CACHE_VARIABLE

    os.environ.setdefault(CACHE_VARIABLE, tempfile.mkdtemp(prefix="mahjong-validated-"))
