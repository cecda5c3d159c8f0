"""The riichi family's seven pairs and thirteen orphans win in play, not only on the scoring page.

Found importing Tenhou's games: a riichi ruleset's special forms could not win, because the core lets seven pairs
and thirteen orphans win only where a table row names a predicate that recognises them, and the riichi family's
yaku table names none.  The family registers both as winning forms of its own.
"""

from __future__ import annotations

from mahjong_rulesets.families.riichi.forms import seven_pairs, thirteen_orphans

from mahjong_core import Game, load_ruleset
from mahjong_core.plugin.forms import added_forms, is_mahjong, recognised_forms


def _counts(kinds: list[int]) -> list[int]:
    counts = [0] * 34
    for kind in kinds:
        counts[kind] += 1
    return counts


SEVEN_PAIRS = [11, 11, 18, 18, 19, 19, 23, 23, 25, 25, 26, 26, 30, 30]  # 3p 1s 2s 6s 8s 9s 4z, each twice
ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33, 33]


def test_the_forms_are_riichis_own() -> None:
    assert seven_pairs(bytes(_counts(SEVEN_PAIRS)))
    assert not seven_pairs(bytes(_counts([0, 0, 0, 0, *SEVEN_PAIRS[4:]])))  # four equal tiles are not two pairs
    assert thirteen_orphans(bytes(_counts(ORPHANS)))
    assert not thirteen_orphans(bytes(_counts([*ORPHANS[:-1], 1])))


def test_a_riichi_game_lets_seven_pairs_and_thirteen_orphans_win() -> None:
    ruleset = load_ruleset("riichi_tenhou")
    assert "seven_pairs" not in recognised_forms(ruleset)  # the core's reading of the tables: no predicate rows
    game = Game(ruleset, ["random"] * 4, 1)
    for hand in (SEVEN_PAIRS, ORPHANS):
        assert is_mahjong(_counts(hand), game.forms, added_forms(ruleset))
    assert not is_mahjong(_counts([0, 0, 0, 0, *SEVEN_PAIRS[4:]]), game.forms, added_forms(ruleset))
    assert game.near_ready is None  # shanten measures both forms: an unready hand costs no quick test
