"""The coverage-guided fuzz targets (``fuzz/targets.py``, run by hand with atheris) start each corpus from files
that are there: the golden replays, the bundled rule files, and the real recorded games in the folder the suite
reads them from (``MAHJONG_SHARED`` or ``shared/`` beside the checkout).  atheris is not a dependency: the module
is loaded here with a stand-in for it, since only its table of targets is read."""

from __future__ import annotations

import contextlib
import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from shared_files import SHARED

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def targets(monkeypatch: pytest.MonkeyPatch) -> Any:
    monkeypatch.setitem(sys.modules, "atheris", types.SimpleNamespace(instrument_imports=contextlib.nullcontext))
    monkeypatch.setenv("MAHJONG_SHARED", str(SHARED))
    spec = importlib.util.spec_from_file_location("fuzz_targets_under_test", ROOT / "fuzz" / "targets.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_corpus_starts_from_files_that_are_there(targets: Any, tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    for name, (_, seeds) in targets.TARGETS.items():
        if seeds is None:
            continue
        folder = tmp_path / name
        targets._seed_corpus([str(folder), "-max_total_time=1"], seeds)
        assert any(folder.iterdir()), name
    assert capsys.readouterr().err == ""


def test_a_corpus_without_its_samples_is_said_to_start_empty(targets: Any, tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    targets._seed_corpus([str(tmp_path / "mjai")], (tmp_path / "nowhere", "real-logs/mjai/*.jsonl"))
    err = capsys.readouterr().err
    assert "no sample file matches" in err and "starts empty" in err and str(tmp_path / "mjai") in err
