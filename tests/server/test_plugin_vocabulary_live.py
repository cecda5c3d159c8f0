"""A live table whose plugins add words tells its clients those words, by which the client shows them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from vocabulary_plugin.installed import HOUSE_RULE, install

from mahjong_core.rules import load_ruleset
from mahjong_server import app
from mahjong_server.live import LiveTable, SeatSpec


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from install(tmp_path, monkeypatch)


def table(tmp_path: Path, ruleset: str | Path) -> LiveTable:
    files = app.DataDir(tmp_path / "data").new_table()
    files.create({})
    return LiveTable(files, load_ruleset(ruleset), [SeatSpec("greedy", "greedy")] * 4, "deal", 5)


def test_the_welcome_names_the_plugins_words_with_their_labels(plugin: Path, tmp_path: Path) -> None:
    words = table(tmp_path, HOUSE_RULE).public_info()["words"]
    assert words["action"]["declare_missing_suit"]["label"] == "declares a missing suit"
    assert words["event"]["missing_suit_declared"]["effects"][0]["do"] == "flag"
    assert set(words["way"]) == {"bamboo", "characters", "circles"}


def test_a_table_of_the_cores_words_sends_no_words(tmp_path: Path) -> None:
    assert "words" not in table(tmp_path, "mcr").public_info()
