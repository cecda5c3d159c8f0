"""Fixtures shared by test modules."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

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


def pytest_configure(config: pytest.Config) -> None:
    """Record passed schema checks in a folder of this session, not the user's cache (subprocesses inherit it)."""
    import os
    import tempfile

    from mahjong_core.rules.validated import CACHE_VARIABLE

    os.environ.setdefault(CACHE_VARIABLE, tempfile.mkdtemp(prefix="mahjong-validated-"))
