"""A joker thrown away (``plugins/mechanisms/joker_discard.py``): its thrower wins only by its own draw for the rest
of the deal -- on a table set up by hand; in seeded ``fuzhou`` games, ``tests/plugins/rulesets/test_fuzhou.py``.

Source: kityou, "福州麻雀" (Fuzhou mahjong, part one), the line on a gold discarded.
"""

from __future__ import annotations

from mahjong_rulesets.mechanisms import joker_discard as mechanism

from mahjong_core import load_ruleset
from mahjong_core.plugin import Hand, Table, parse_tiles


def test_a_seat_that_threw_a_copy_of_the_wild_kind_wins_only_self_drawn() -> None:
    t = Table(players=4, scores=[0] * 4)
    t.new_deal()
    t.tiles = load_ruleset("fuzhou").tiles()
    (gold,) = parse_tiles("5p")
    t.wild = (gold,)
    t.seats[0].discards.extend(parse_tiles("9m5p"))  # a gold among its discards
    t.seats[1].discards.extend(parse_tiles("9m"))
    hand = Hand(())

    def objection(seat: int, how: str) -> str | None:
        return mechanism.mahjong_win_objections(table=t, seat=seat, hand=hand, context={"how": how})

    assert objection(0, "discard") and objection(0, "robbing_kong")
    assert objection(0, "self_drawn") is None and objection(0, "replacement") is None
    assert objection(1, "discard") is None  # it threw no gold
    t.wild = ()  # the next deal's wild kind is another: a 5p is a 5p again
    assert objection(0, "discard") is None


def test_switched_on_by_its_parameter_only() -> None:
    assert mechanism.switched_on(load_ruleset("fuzhou"))
    assert not mechanism.switched_on(load_ruleset("filipino"))
