"""A kind made wild by the dice (``jokers.wild.chosen_by: dice``, :mod:`mahjong_core.engine.wild`): a seeded throw
counts a tile from the wall's dead end, which is turned where it lies and stays in the wall.  The throw is the deal
stream's own (a re-play throws it again), logged on ``wild_revealed``, folded as the engine holds it, and an audit
refuses a log whose throw or tile was changed.  Played under ``filipino``, the ruleset that makes its wild so.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.engine.wild import WILD_DICE
from mahjong_core.errors import RulesetError
from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_core.log.simulate import simulate
from mahjong_core.plugin import hookimpl
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.jokers import joker_play
from mahjong_core.table.rng import deal_rng
from mahjong_core.table.state import Table

RULESET = "filipino"
SEED = 5


def test_the_dice_rule_is_read_from_the_data() -> None:
    play = joker_play(load_ruleset(RULESET))
    assert play is not None and play.wild is not None
    assert play.wild.chosen_by == "dice" and not play.wild.robbed


class DiceWatcher:
    """At each ``wild_revealed``: the throw is the deal stream's, the tile lies in the wall where the throw counted
    it (no flower), nothing was taken off the wall for it, and every dealt copy of its kind is held as a joker."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.seen: list[tuple[list[int], str]] = []

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] != "wild_revealed":
            return
        wall = table.wall
        assert wall is not None
        throw = deal_rng(self.seed, table.round_index, table.deal_number).derive(WILD_DICE).dice(2, 6)
        assert event["dice"] == list(throw)
        (kind,) = table.wild
        assert event["kinds"] == [event["tile"]]
        assert table.wild_tile is None and table.shown == []  # it stays in the wall: nothing out of play
        assert table.tiles is not None and table.tiles.kind_of(event["tile"]) == kind
        assert all(s.counts[kind] == 0 for s in table.seats)
        # Counted from the dead end: the first tile still in the wall is 1; flowers are passed over.
        first = next(i for i in range(200) if _shows(wall, i))
        index = first + sum(throw) - 1
        while wall.dead_wall_tile(index) in table.tiles.bonus:
            index += 1
        assert wall.dead_wall_tile(index) == kind
        assert kind in wall.remaining()  # type: ignore[attr-defined]
        self.seen.append((event["dice"], event["tile"]))


def _shows(wall: Any, index: int) -> bool:
    try:
        wall.dead_wall_tile(index)
    except Exception:  # noqa: BLE001 - a position taken off the wall
        return False
    return True


def test_each_deal_throws_its_own_dice_and_turns_the_tile_they_count() -> None:
    watcher = DiceWatcher(SEED)
    game = Game(load_ruleset(RULESET), make_bots(["greedy"] * 4, SEED), SEED, observers=[watcher], max_deals=8)
    game.play()
    assert len(watcher.seen) == 8
    assert len({tuple(d) for d, _ in watcher.seen}) > 1 and len({t for _, t in watcher.seen}) > 1


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    played = simulate(load_ruleset(RULESET), SEED, 1, ["greedy"] * 4, tmp_path_factory.mktemp("dice"), max_deals=4)
    path = played[0].replay
    assert path is not None
    return path


def test_the_audit_re_derives_the_wild_and_the_fold_keeps_the_tile_in_the_wall(log: Path) -> None:
    assert check(str(log), "audit").ok
    parsed = read_log(log)
    before: dict[str, Any] = {}
    revealed = 0
    for event, table in zip(parsed.events, fold(parsed.header, parsed.events), strict=True):
        after = table.view()
        if event["type"] == "wild_revealed":
            assert after["wild"] == event["kinds"] and "shown" not in after
            assert after["tiles_left"] == before["tiles_left"]  # nothing left the wall
            revealed += 1
        before = after
    assert revealed == 4


def _tampered(log: Path, tmp_path: Path, change: Any) -> tuple[Path, int]:
    lines = log.read_text(encoding="utf-8").splitlines()
    k = next(k for k, line in enumerate(lines) if '"type":"wild_revealed"' in line)
    event = json.loads(lines[k])
    change(event)
    lines[k] = json.dumps(event, separators=(",", ":"), sort_keys=True)
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return bad, k + 1


@pytest.mark.parametrize("field", ["dice", "tile"])
def test_a_log_whose_throw_or_turned_tile_was_changed_is_refused_at_that_line(log: Path, tmp_path: Path,
                                                                             field: str) -> None:
    def change(event: dict[str, Any]) -> None:
        if field == "dice":
            event["dice"] = [event["dice"][0] % 6 + 1, event["dice"][1]]
        else:
            event["tile"] = "9m" if event["tile"] != "9m" else "1m"

    bad, line = _tampered(log, tmp_path, change)
    verdict = check(str(bad), "audit")
    assert not verdict.ok and verdict.line == line, (verdict.line, verdict.error)


ROBBED = """\
id: filipino_robbed
version: 1.0.0
name: Filipino, the dice's wild robbed
extends: filipino
parameters:
  jokers:
    value:
      played: true
      in: [pungs, pairs, chows]
      declared_kongs: false
      exchange: none
      dead_when_discarded: true
      wild: {chosen_by: dice, robbed: true}
    assumption: "a value the engine cannot play"
"""


def test_a_tile_the_dice_choose_cannot_be_robbed_and_the_load_says_where(tmp_path: Path) -> None:
    house = tmp_path / "robbed.yaml"
    house.write_text(ROBBED, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(str(house))
    message = str(caught.value)
    assert "robbed.yaml::$.parameters.jokers.value.wild.robbed (line 13" in message
    assert "stays in the wall" in message
