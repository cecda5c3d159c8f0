"""Predicates that only the Piter (seed 003) scoring tables name.

The ruleset's ``mahjong_predicates`` hook contributes them like every other
predicate (made with :mod:`mahjong_rulesets.families.classical.predicates`'s
registrars, so that counting ones can be ``per: meld`` rows), and a table
naming one of them validates the same way.  Each name starts with ``pt_``.
Where a classical or shared predicate already says what 003 says, the Piter
table names that one instead; these cover what 003 says differently:

* the special pairs are three rows (003 lines 32-34), and a pair of a wind
  that is both the seat's and the round's scores once (line 33);
* a bonus tile doubles only for its own seat (lines 69-70), not the round's;
* "the last tile taken from the wall" pays 2 and loose tiles do not count as
  wall tiles (line 51), so a loose-tile win is not one -- nor is it "the last
  permissible tile, not counting the loose tiles" (line 76);
* "no points in the combinations" (line 74) is about the sets and the pair:
  a flower or season does not spoil it;
* "the last of four identical tiles, the three others lying on the table"
  (line 77) needs to know what lies on the table.  The core's win context
  does not supply that yet, so the predicate reads the optional fact
  ``winning_tile_shown`` (how many other copies of the winning tile lie face
  up on the table, in discards and declared melds) and takes it as 0 when
  absent.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mahjong_rulesets.families.classical.predicates import (
    Reader,
    Shape,
    _four_chows,
    add_reader,
    classical_predicate,
    counting_predicate,
)
from mahjong_rulesets.hands.predicates import VOCABULARY as CORE

from mahjong_core.plugin import (
    DRAGONS,
    EAST,
    FLOWERS,
    SEASONS,
    Arrangement,
    Hand,
    MahjongError,
    MeldKind,
    Predicate,
    Vocabulary,
    bonus_seat,
)

__all__ = ["SHOWN_FACT"]

#: The optional fact :func:`pt_last_of_four` reads: other copies of the winning tile face up on the table.
SHOWN_FACT = "winning_tile_shown"

#: What this module adds to the Piter ruleset's vocabulary (and its descendants'), through the ruleset's module.
VOCABULARY = Vocabulary()


def _pairs(arrangement: Arrangement) -> list[int]:
    return [m.first for m in arrangement.melds if m.kind is MeldKind.PAIR]


# ---------------------------------------------------------------------------
# Pairs (everyone)
# ---------------------------------------------------------------------------


@counting_predicate(vocabulary=VOCABULARY, name="pt_dragon_pair", description="a pair of dragons (counted per pair)")
def pt_dragon_pair(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pairs of dragons, "Пара одинаковых Драконов" (003 line 32)."""
    return sum(1 for tile in _pairs(arrangement) if tile in DRAGONS)


@counting_predicate(vocabulary=VOCABULARY, name=
    "pt_own_wind_pair", description="a pair of the seat's wind (counted per pair)", facts=("seat_wind",)
)
def pt_own_wind_pair(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pairs of the player's own wind, "Пара собственных Ветров" (003 line 33)."""
    return sum(1 for tile in _pairs(arrangement) if tile == ctx["seat_wind"])


@counting_predicate(vocabulary=VOCABULARY, name=
    "pt_prevalent_wind_pair",
    description="a pair of the round's wind that is not also the seat's wind (counted per pair)",
    facts=("seat_wind", "prevalent_wind"),
)
def pt_prevalent_wind_pair(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> int:
    """Count pairs of the prevalent wind, "Пара преимущественных Ветров" (003 line 34).

    A pair of a wind that is the seat's too is counted by the own-wind row
    only: "если они еще и преимущественные – то дополнительные 2 очка не
    считаются" (003 line 33).
    """
    seat, prevalent = ctx["seat_wind"], ctx["prevalent_wind"]
    if seat == prevalent:
        return 0
    return sum(1 for tile in _pairs(arrangement) if tile == prevalent)


# ---------------------------------------------------------------------------
# Bonus tiles (everyone)
# ---------------------------------------------------------------------------


def _own(group: tuple[int, ...], hand: Hand, ctx: Mapping[str, object]) -> bool:
    seat = int(ctx["seat_wind"]) - EAST  # type: ignore[call-overload]
    return any(tile in group and bonus_seat(tile) == seat for tile in hand.bonus)


@classical_predicate(vocabulary=VOCABULARY, name="pt_own_flower", description="the flower numbered for the seat's wind",
                     facts=("seat_wind",))
def pt_own_flower(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The own flower, "Собственный Цветок" (003 line 69): flower 1 is East's .. 4 North's."""
    return _own(FLOWERS, hand, ctx)


@classical_predicate(vocabulary=VOCABULARY, name="pt_own_season", description="the season numbered for the seat's wind",
                     facts=("seat_wind",))
def pt_own_season(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The own season, "Собственный Сезон" (003 line 70): season 1 is East's .. 4 North's."""
    return _own(SEASONS, hand, ctx)


# ---------------------------------------------------------------------------
# The winner's hand and how it was completed
# ---------------------------------------------------------------------------


@classical_predicate(vocabulary=VOCABULARY, name=
    "pt_no_points_in_sets",
    description="four chows and a pair that scores nothing (bonus tiles aside)",
    facts=("seat_wind", "prevalent_wind"),
)
def pt_no_points_in_sets(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No points in the combinations, "Нет очков (мизер) в комбинациях" (003 line 74).

    Every set a chow (0 points, line 31) and a pair that is neither dragons
    nor the seat's or the round's wind (lines 32-34).  Flowers and seasons
    score (line 35) but are not combinations, so they do not spoil it.
    """
    if not CORE["all_chows"].fn(arrangement, hand, ctx):
        return False
    scoring = set(DRAGONS) | {ctx["seat_wind"], ctx["prevalent_wind"]}
    return not any(tile in scoring for tile in _pairs(arrangement))


@classical_predicate(vocabulary=VOCABULARY, name=
    "pt_self_drawn_from_wall",
    description="the winning tile was drawn from the live wall (a loose tile is not)",
    facts=("self_drawn", "replacement"),
)
def pt_self_drawn_from_wall(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """"Последняя кость взята со стены (Свободные кости не считаются костями, взятыми со стены)" (003 line 51)."""
    return bool(ctx["self_drawn"]) and not ctx["replacement"]


@classical_predicate(vocabulary=VOCABULARY, name=
    "pt_last_wall_tile",
    description="the winning tile is the last permissible tile of the live wall, drawn (not a loose tile)",
    facts=("self_drawn", "replacement", "last_tile"),
)
def pt_last_wall_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """The last permissible tile, 15th from the wall's end "не считая Свободных Костей" (003 line 76).

    The tile is drawn (as 001 line 183 reads the same words); a loose tile
    drawn after it is no wall tile (line 51) and doubles as such (line 75).
    """
    return bool(ctx["self_drawn"]) and not ctx["replacement"] and bool(ctx["last_tile"])


@classical_predicate(vocabulary=VOCABULARY, name=
    "pt_last_of_four",
    description="the winning tile is the last of its four copies, the other three face up on the table",
)
def pt_last_of_four(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """"Комбинация завершена последней из 4 одинаковых костей, причем 3 оставшиеся лежат на столе" (003 line 77).

    Reads the optional fact ``winning_tile_shown`` (see the module
    docstring); absent, no copy is known to be shown.

    :raises MahjongError: for a fact that is not a count of 0 to 3.
    """
    shown = ctx.get(SHOWN_FACT, 0)
    if not isinstance(shown, int) or isinstance(shown, bool) or not 0 <= shown <= 3:
        raise MahjongError(f"{SHOWN_FACT} must count the other copies of the winning tile face up on the table, "
                           f"0 to 3; got {shown!r}", place=f"context.{SHOWN_FACT}")
    return shown == 3


# ---------------------------------------------------------------------------
# Readers: the classical engine answers these from the shape it builds once
# ---------------------------------------------------------------------------


def _reader(predicate: Predicate) -> Callable[[Reader], Reader]:
    return lambda read: add_reader(predicate, read)




@_reader(VOCABULARY["pt_dragon_pair"])
def _pt_dragon_pair(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    return sum(1 for tile in shape.pairs if tile in DRAGONS)


@_reader(VOCABULARY["pt_own_wind_pair"])
def _pt_own_wind_pair(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    return sum(1 for tile in shape.pairs if tile == ctx["seat_wind"])


@_reader(VOCABULARY["pt_prevalent_wind_pair"])
def _pt_prevalent_wind_pair(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> int:
    seat, prevalent = ctx["seat_wind"], ctx["prevalent_wind"]
    if seat == prevalent:
        return 0
    return sum(1 for tile in shape.pairs if tile == prevalent)


def _own_bonus(group: tuple[int, ...], hand: Hand, ctx: Mapping[str, object]) -> bool:
    seat = int(ctx["seat_wind"]) - EAST  # type: ignore[call-overload]
    return any(tile in group and bonus_seat(tile) == seat for tile in hand.bonus)


@_reader(VOCABULARY["pt_own_flower"])
def _pt_own_flower(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return _own_bonus(FLOWERS, hand, ctx)


@_reader(VOCABULARY["pt_own_season"])
def _pt_own_season(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    return _own_bonus(SEASONS, hand, ctx)


@_reader(VOCABULARY["pt_no_points_in_sets"])
def _pt_no_points_in_sets(shape: Shape, hand: Hand, ctx: Mapping[str, object]) -> bool:
    if not _four_chows(shape):
        return False
    scoring = set(DRAGONS) | {ctx["seat_wind"], ctx["prevalent_wind"]}
    return not any(tile in scoring for tile in shape.pairs)
