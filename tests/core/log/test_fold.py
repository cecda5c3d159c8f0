"""The one fold of events into table state (``mahjong_core.log.fold``).

It has one handler per event type of the catalogue; its table is the engine's own at every deal's end; and a
view object read back (``FoldedTable.of_view``, which the live server folds a discard on) is the same view.
The page's JavaScript fold is held to this one after every event in tests/server/test_fold_agreement_browser.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.audit.check import _players
from mahjong_core.engine.game import Game
from mahjong_core.log.fold import HANDLERS, FoldedTable, fold, handles
from mahjong_core.log.format import read_log
from mahjong_core.log.redaction import full_table_view
from mahjong_core.rules import load_ruleset
from mahjong_core.table.events import CATALOGUE

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = sorted((ROOT / "replays").glob("*.jsonl"))


def test_every_event_type_of_the_catalogue_has_one_handler() -> None:
    assert set(HANDLERS) == set(CATALOGUE)


def test_a_handler_for_a_type_the_catalogue_does_not_declare_is_refused() -> None:
    with pytest.raises(ValueError, match="'no_such_event', which the event catalogue does not declare"):
        handles("no_such_event")(lambda table, event: None)
    with pytest.raises(ValueError, match="two handlers for the event type 'draw'"):
        handles("draw")(lambda table, event: None)


#: A golden log in which a red five goes into a meld (a chow claimed with it): the engine's view and the fold both
#: name it by its own code there.
RED_IN_A_MELD = ROOT / "replays" / "riichi_tenhou-seed20261130.jsonl"
#: A golden log in which seats declare typed jokers for Phán: each set aside from the hand into the bonus row.
JOKERS_DECLARED = ROOT / "replays" / "vietnamese-seed20261130.jsonl"


@pytest.mark.parametrize("log", [*GOLDEN[:4], RED_IN_A_MELD, JOKERS_DECLARED], ids=lambda p: p.name)
def test_the_folded_table_is_the_engines_at_every_deals_end(log: Path) -> None:
    parsed = read_log(log)
    engine: dict[int, dict[str, Any]] = {}
    holder: dict[str, Game] = {}

    def emit(event: dict[str, Any]) -> None:
        if event["type"] == "deal_end":
            engine[event["n"]] = full_table_view(holder["game"].table)

    options = parsed.header["options"]
    holder["game"] = Game(load_ruleset(parsed.header["ruleset"]["id"]), _players(parsed, None),
                          parsed.header["rng"]["seed"], emit=emit, max_deals=options.get("max_deals"),
                          max_rounds=options.get("max_rounds"))
    holder["game"].play()
    compared = 0
    for event, table in zip(parsed.events, fold(parsed.header, parsed.events), strict=True):
        if event["type"] == "deal_end":
            folded, expected = table.view(), engine[event["n"]]
            for view in (folded, expected):
                del view["phase"], view["clock_ms"]  # the engine's table is read as it emits the event
            assert folded == expected, (log.name, event["n"])
            compared += 1
    assert compared == len(engine) > 0


def test_a_red_five_in_a_meld_lies_by_its_own_code() -> None:
    """The premise of RED_IN_A_MELD, and the meld as the fold lays it: the red five in its kind's place."""
    parsed = read_log(RED_IN_A_MELD)
    melds = [list(m["tiles"]) for event, table in zip(parsed.events, fold(parsed.header, parsed.events), strict=True)
             if event["type"] == "deal_end" for s in table.seats for m in s.melds]
    red = [m for m in melds if any(t in ("0m", "0p", "0s") for t in m)]
    assert red, "no meld of the log holds a red five"
    assert all(len([t for t in m if t.startswith("0")]) == 1 for m in red), red


@pytest.mark.parametrize("log", GOLDEN[:4], ids=lambda p: p.name)
def test_a_view_read_back_is_the_same_view(log: Path) -> None:
    parsed = read_log(log)
    for table in fold(parsed.header, parsed.events):
        view = table.view()
        assert json.dumps(FoldedTable.of_view(view).view()) == json.dumps(view)
