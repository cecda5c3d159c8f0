"""Predicates that only the hongkong scoring tables name.

The family's plugin contributes them to the vocabulary of every Hong Kong
ruleset, so a table naming one of them validates like any other.  Each
name starts with ``hk_`` so that another family's module registering a
similar idea under a plain name (``self_drawn``, ``dragon_pong``) can never
collide with these at import time.

The Hong Kong fan engine asks some rows once per meld (``per: meld``: the
predicate sees an arrangement holding just that meld) or once per bonus tile
(``per: bonus_tile``: the predicate sees a hand holding just that bonus
tile).  The set predicates below are therefore written as "the arrangement
has such a meld", which counted meld by meld gives the number of such melds.

The shared predicates of :mod:`mahjong_rulesets.hands.predicates` serve the rest of
the fan table unchanged (``all_chows``, ``no_chows``, ``half_flush``,
``pure_suit`` and every limit hand).
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_core.plugin import (
    DRAGONS,
    FLOWERS,
    GREEN,
    RED,
    SEASONS,
    SUITED,
    WHITE,
    WINDS,
    Arrangement,
    Form,
    Hand,
    MeldKind,
    Vocabulary,
    bonus_seat,
    chows_of,
    is_standard,
    pairs_of,
    pongs_of,
)

__all__ = [
    "hk_all_flowers",
    "hk_all_seasons",
    "hk_dragon_pong",
    "hk_last_tile",
    "hk_little_three_winds",
    "hk_no_bonus_tiles",
    "hk_own_bonus_tile",
    "hk_prevalent_wind_pong",
    "hk_replacement_tile",
    "hk_robbing_kong",
    "hk_seat_wind_pong",
    "hk_self_drawn",
]

#: What this module adds to the Hong Kong rulesets' vocabulary (through the family's plugin).
VOCABULARY = Vocabulary()


def _pong_kinds(arrangement: Arrangement) -> list[int]:
    return [m.first for m in arrangement.melds if m.is_pong]


# --------------------------------------------------------------------------- sets


@VOCABULARY.predicate("hk_dragon_pong", description="a pung or kong of dragons (counted per meld)")
def hk_dragon_pong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A pong of dragons, "Понг Драконов", 1 fan each (000 line 518)."""
    return any(kind in DRAGONS for kind in _pong_kinds(arrangement))


@VOCABULARY.predicate("hk_seat_wind_pong", description="a pung or kong of the player's own wind", facts=("seat_wind",))
def hk_seat_wind_pong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A pong of the player's own wind, "Понг Своего Ветра" (000 line 519)."""
    return ctx["seat_wind"] in _pong_kinds(arrangement)


@VOCABULARY.predicate("hk_prevalent_wind_pong", description="a pung or kong of the round's wind",
                      facts=("prevalent_wind",))
def hk_prevalent_wind_pong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A pong of the prevalent wind, "Понг Господствующего Ветра" (000 line 520).

    A pong of a wind that is both the seat's and the round's meets this and
    :func:`hk_seat_wind_pong`, and scores both rows.
    """
    return ctx["prevalent_wind"] in _pong_kinds(arrangement)


@VOCABULARY.predicate(
    "hk_little_three_winds",
    description="pongs of two winds and a pair of a third wind",
)
def hk_little_three_winds(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """"Малые Три Ветра" (000 line 539), worth 4 fan; 000 does not define it.

    Read as the literature's small three winds: pongs of exactly two winds
    and a pair of a third wind -- the wind counterpart of small three
    dragons, one step below little four winds (000 line 275: pongs of three
    winds and a pair of the fourth).  With three wind pongs the hand is
    little four winds (if the pair is the fourth wind) or not this pattern.
    """
    pong_winds = {kind for kind in _pong_kinds(arrangement) if kind in WINDS}
    pair_winds = {m.first for m in arrangement.melds if m.kind is MeldKind.PAIR and m.first in WINDS}
    return arrangement.form is Form.STANDARD and len(pong_winds) == 2 and bool(pair_winds)


# --------------------------------------------------------------------------- bonus tiles


@VOCABULARY.predicate("hk_own_bonus_tile", description="a flower or season of the player's own wind",
                      facts=("seat_wind",))
def hk_own_bonus_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """A flower or a season whose number is the seat's wind, "Цветок или Сезон Своего Ветра" (000 line 521).

    Bonus tile 1 belongs to East .. 4 to North (000's terms, RULESETS.md).
    """
    return any(WINDS[bonus_seat(tile)] == ctx["seat_wind"] for tile in hand.bonus)


@VOCABULARY.predicate("hk_all_flowers", description="all four flowers")
def hk_all_flowers(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All four flowers, "Все Цветы" (000 line 522)."""
    return set(FLOWERS) <= set(hand.bonus)


@VOCABULARY.predicate("hk_all_seasons", description="all four seasons")
def hk_all_seasons(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """All four seasons, "Все Сезоны" (000 line 523)."""
    return set(SEASONS) <= set(hand.bonus)


@VOCABULARY.predicate("hk_no_bonus_tiles", description="no flower and no season")
def hk_no_bonus_tiles(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """No bonus tile at all, "Без Цветков и Сезонов" (000 line 524)."""
    return not hand.bonus


# --------------------------------------------------------------------------- how the hand won


@VOCABULARY.predicate("hk_self_drawn", description="the winning tile came from the wall", facts=("self_drawn",))
def hk_self_drawn(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Self-drawn, "Сам купил" (000 line 529): the live wall or the dead wall (a loose tile is drawn too)."""
    return bool(ctx["self_drawn"])


@VOCABULARY.predicate("hk_last_tile", description="the win came with the wall's last tile", facts=("last_tile",))
def hk_last_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """"Выигрыш на последней Кости" (000 line 530): the live wall is exhausted when the hand wins.

    000 does not say "self-drawn" here (it does for the other rows), so both
    the last wall tile drawn and the discard that follows it qualify.
    """
    return bool(ctx["last_tile"])


@VOCABULARY.predicate("hk_replacement_tile", description="the winning tile is a loose tile from the dead wall",
           facts=("replacement",))
def hk_replacement_tile(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Self-drawn from the dead wall, "Сам купил с Мёртвой Стенки" (000 line 531)."""
    return bool(ctx["replacement"])


@VOCABULARY.predicate("hk_robbing_kong", description="the winning tile was robbed from a kong", facts=("robbing_kong",))
def hk_robbing_kong(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Robbing an exposed kong (000 line 133), 1 fan in Hong Kong (000 line 540)."""
    return bool(ctx["robbing_kong"])


def _dragon_hand(arrangement: Arrangement, suit_tiles: tuple[int, ...], dragon: int) -> bool:
    if not is_standard(arrangement) or chows_of(arrangement):
        return False
    pongs = pongs_of(arrangement)
    pairs = pairs_of(arrangement)
    if len(pongs) != 4 or len(pairs) != 1:
        return False
    if sum(1 for m in pongs if m.first == dragon) != 1:
        return False
    suited = [m.first for m in pongs if m.first != dragon] + [pairs[0].first]
    return all(t in suit_tiles for t in suited)


@VOCABULARY.predicate("jade_dragon", description="pongs and a pair of bamboo, and a pong of green dragons")
def jade_dragon(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of bamboo, a pair of bamboo and a pong of green dragons (000 line 279)."""
    return _dragon_hand(arrangement, SUITED[18:27], GREEN)


@VOCABULARY.predicate("ruby_dragon", description="pongs and a pair of characters, and a pong of red dragons")
def ruby_dragon(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of characters, a pair of characters and a pong of red dragons (000 line 283)."""
    return _dragon_hand(arrangement, SUITED[0:9], RED)


@VOCABULARY.predicate("pearl_dragon", description="pongs and a pair of dots, and a pong of white dragons")
def pearl_dragon(arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
    """Pongs of dots, a pair of dots and a pong of white dragons (000 line 287)."""
    return _dragon_hand(arrangement, SUITED[9:18], WHITE)

