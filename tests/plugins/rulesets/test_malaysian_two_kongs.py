"""Malaysia's maximum hand of a win on the replacement tile after two kongs in a row (thewriter section M6): the
engine counts the kongs a seat declares in a row (``Table.kongs_in_turn``, the win's ``kongs_in_a_row`` fact) and
the Malaysian table pays the maximum for two."""

from __future__ import annotations

from typing import Any

from mahjong_core import Given, score_text
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.plugin import Table
from mahjong_core.plugin.defaults import mahjong_win_context
from mahjong_core.rules import load_ruleset

#: Two kongs and a flower (so that "no bonus tile", also a maximum, does not hold), won on a replacement tile.
HAND = "123p45p99p [1111z] [2222z<] 1f +6p !replacement"


def limit_of(kongs: int) -> str | None:
    given = Given(facts={"kongs_in_a_row": kongs})
    return score_text(load_ruleset("malaysian_3p"), HAND, given, "<test>").score.limit


def test_two_kongs_in_a_row_pay_the_maximum_and_one_does_not() -> None:
    assert limit_of(2) == "two_kongs_in_a_row"
    assert limit_of(1) is None
    assert limit_of(0) is None


def test_the_win_context_gives_the_count_only_for_a_replacement_tile() -> None:
    rs = load_ruleset("malaysian_3p")
    table = Table(players=3)
    table.new_deal()
    table.kongs_in_turn = 2
    assert mahjong_win_context(rs, table, 0, 5, "replacement")["kongs_in_a_row"] == 2
    assert mahjong_win_context(rs, table, 0, 5, "self_drawn")["kongs_in_a_row"] == 0


class KongWatch:
    """Counts kongs in a row from the log's own events and holds the engine's counter to it at every replacement."""

    def __init__(self) -> None:
        self.run = 0
        self.seen: list[int] = []
        self.broken: list[str] = []

    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "draw" or (kind == "decision" and event.get("action") == "discard"):
            self.run = 0
        elif kind == "replacement" and event.get("reason") == "kong":
            self.run += 1
            self.seen.append(table.kongs_in_turn)
            if table.kongs_in_turn != self.run:
                self.broken.append(f"event {event['n']}: engine {table.kongs_in_turn}, log {self.run}")


def test_the_engine_counts_kongs_in_a_row_as_the_log_shows_them() -> None:
    watch = KongWatch()
    for ruleset_id in ("malaysian_3p", "chinese_classical"):  # claimed, added and concealed kongs, jokers or none
        rs = load_ruleset(ruleset_id)
        players = int(rs.param("players"))
        for seed in range(6):
            Game(rs, make_bots(["greedy"] * players, seed), seed, observers=(watch,), max_deals=4).play()
    assert watch.broken == []
    assert watch.seen  # kongs were declared and replaced
