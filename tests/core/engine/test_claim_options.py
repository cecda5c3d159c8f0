"""A plugin adds claim options (``mahjong_claim_options``), not only vetoes them; the claim window plays them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

from mahjong_core import Game, load_ruleset, make_bots
from mahjong_core.errors import MahjongError
from mahjong_core.plugin import Action, Ruleset, Table, hookimpl


class ChowFromAnyone:
    """A house rule: a chow may be made on anyone's discard (the core offers it on the left's only)."""

    @hookimpl
    def mahjong_claim_options(self, ruleset: Ruleset, table: Table, seat: int, discarder: int,
                              tile: int) -> Sequence[Action]:
        if tile >= 27 or (discarder + 1) % table.players == seat:
            return []
        counts = table.seats[seat].counts
        rank = tile % 9
        return [Action("chow", tile, (a, b)) for lo in (-2, -1, 0) if 0 <= rank + lo and rank + lo + 2 <= 8
                for a, b in [tuple(tile + lo + i for i in range(3) if lo + i != 0)] if counts[a] and counts[b]]


class Claims:
    def __init__(self) -> None:
        self.chows_not_from_the_left = 0

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "claim" and event["kind"] == "chow" \
                and (event["discarder"] + 1) % table.players != event["seat"]:
            self.chows_not_from_the_left += 1


def test_a_plugin_adds_claims_the_window_plays() -> None:
    seen = Claims()
    for seed in range(3):
        Game(load_ruleset("chinese_classical"), make_bots(["random"] * 4, seed), seed, house_tweaks=(ChowFromAnyone(),),
             observers=(seen,), max_deals=2).play()
    assert seen.chows_not_from_the_left, "no chow taken from a seat other than the left"


def test_without_the_plugin_no_such_claim() -> None:
    seen = Claims()
    for seed in range(3):
        Game(load_ruleset("chinese_classical"), make_bots(["random"] * 4, seed), seed, observers=(seen,),
             max_deals=2).play()
    assert seen.chows_not_from_the_left == 0


class PungOfNothing:
    @hookimpl
    def mahjong_claim_options(self, ruleset: Ruleset, table: Table, seat: int, discarder: int,
                              tile: int) -> Sequence[Action]:
        return [Action("pung", tile, (tile, tile))] if table.seats[seat].counts[tile] == 0 else []


def test_a_claim_the_tiles_cannot_make_is_one_located_message() -> None:
    game = Game(load_ruleset("chinese_classical"), make_bots(["random"] * 4, 1), 1, house_tweaks=(PungOfNothing(),),
                max_deals=1)
    with pytest.raises(MahjongError, match="mahjong_claim_options offered seat .* which its tiles cannot make") as info:
        game.play()
    assert info.value.place is not None and info.value.place.startswith("event ")
