"""The 81 fans of the Chinese official rules (Sport, "Спортивные", 000 lines 555-638) as named predicates.

The family's plugin contributes them to its rulesets' vocabulary like every
other predicate, so the ``fans:`` table of ``plugins/rulesets/mcr/ruleset.yaml``
names them and a misspelt name is a load error.  Every name starts with
``mcr_`` so no other family's predicate can collide with these.

What a predicate returns
------------------------
Each fan is written as ``test(facts) -> result`` on the division's
:class:`~mahjong_rulesets.families.mcr.facts.McrFacts` (computed once per
division, so a test is a few attribute reads) and registered as the usual
``fn(arrangement, hand, ctx)``, which builds those facts first; the engine
calls ``fn.on_facts`` directly.

A fan that the hand has or has not (``per: hand`` rows) returns a bool.  A
fan that can apply more than once, or applies to particular sets
(``per: meld`` and ``per: match`` rows), returns a tuple of *matches*: one
bit mask per occurrence, naming the groups of the division it uses.  The
engine needs the groups to apply the principles of 000 lines 643-647 -- a
fan that excludes another per set (a seat-wind pung is not also a pung of
honours) excludes only the matches inside its own groups.
``mcr_flower_tiles`` returns the number of bonus tiles.  Through the generic
:class:`~mahjong_core.plugin.Predicate` wrapper every one of them reads
as "applies or not".

Gates
-----
``needs`` names facts a fan cannot do without (two chows, a pong, a kong,
only suited tiles ...).  The engine skips a fan whose needs the division
lacks without calling it; a gate only saves time, the test itself checks
everything (a test compares gated and ungated scores).  A fan declared
``exact`` is one its gates decide: wherever they open, it applies, once, to
the whole hand (no honours, self-drawn, two concealed pongs ...), so the
engine counts it without calling it -- some fifteen fans, a third of the
predicate calls of a usual hand; a test checks that the gates and the test
agree on every sample division.

Exclusions are not here: which fan implies which is data, the ``excludes``
lists of the ruleset's rows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mahjong_rulesets.families.mcr.divide import CHOW, KNIT, KONG
from mahjong_rulesets.families.mcr.facts import (
    CLOSED,
    EDGE,
    HONOURS_KNITTED,
    KNITTED_STRAIGHT,
    NEEDS,
    SEVEN_PAIRS,
    SINGLE_WAIT,
    STANDARD,
    THIRTEEN_ORPHANS,
    McrFacts,
    facts_from_arrangement,
)

from mahjong_core.plugin import KINDS, Form, Hand, MahjongError, Vocabulary

Matches = tuple[int, ...]
FactsTest = Callable[[McrFacts], Any]

#: What this module adds to the vocabulary of every ruleset of the MCR family (through the family's plugin).
VOCABULARY = Vocabulary()

#: The fans whose rows make a special form a mahjong (see :class:`mahjong_core.plugin.Predicate`).
_KNITTED = (Form.KNITTED_STRAIGHT, Form.HONOURS_AND_KNITTED)
_RECOGNISES = {"seven_pairs": (Form.SEVEN_PAIRS,), "thirteen_orphans": (Form.THIRTEEN_ORPHANS,),
               "knitted_straight": _KNITTED, "greater_honours_and_knitted": _KNITTED,
               "lesser_honours_and_knitted": _KNITTED}


def fan(name: str, description: str, *, needs: tuple[str, ...] = (), last: bool = False,
        exact: bool = False) -> Callable[[FactsTest], FactsTest]:
    """Register ``test(facts)`` as the predicate ``mcr_<name>``.

    :param needs: gate names from :data:`mahjong_rulesets.families.mcr.facts.NEEDS`.
    :param last: the engine evaluates this fan after all others (chicken hand).
    :param exact: the gates decide the fan: ``test`` answers ``True`` wherever they open (and the engine,
        trusting them, does not call it).
    """
    gate = 0
    for need in needs:
        gate |= NEEDS[need]

    def register(test: FactsTest) -> FactsTest:
        def on_arrangement(arrangement: Any, hand: Hand, ctx: Mapping[str, object]) -> Any:
            return test(facts_from_arrangement(arrangement, hand, ctx))

        on_arrangement.__doc__ = test.__doc__
        on_arrangement.__name__ = on_arrangement.__qualname__ = f"mcr_{name}"
        on_arrangement.on_facts = test  # type: ignore[attr-defined]
        on_arrangement.needs = gate  # type: ignore[attr-defined]
        on_arrangement.evaluated_last = last  # type: ignore[attr-defined]
        on_arrangement.gate_decides = exact  # type: ignore[attr-defined]
        VOCABULARY.predicate(f"mcr_{name}", description=description,
                             recognises=_RECOGNISES.get(name, ()))(on_arrangement)
        return test

    return register


def _combination(source: str, name: str, number: int, description: str, needs: tuple[str, ...]) -> FactsTest:
    """Register fan ``number`` made by combining sets: its matches are the division's ``source`` entry ``name``.

    ``needs`` documents what the fan takes; the gate used is sharper: the
    division holds this combination at all.
    """
    if source == "chow_fans":
        def test(f: McrFacts) -> Matches:
            return f.chow_fans.get(name, ())
    else:
        def test(f: McrFacts) -> Matches:
            return f.pong_fans.get(name, ())

    test.__doc__ = (f"Fan {number}: {description} (000 line {557 + number}); one match per way the "
                    f"division's {'chows' if source == 'chow_fans' else 'pongs'} make it.")
    test.__name__ = name
    return fan(name, description, needs=(*needs, f"combination_{name}"))(test)


def _wind_needed(f: McrFacts, which: str) -> int:
    value = getattr(f.h.sit, which)
    if value is None:
        tiles = ", ".join(KINDS[t].name for _, t, _, _ in f.pongs if 27 <= t <= 30)
        flag = "!seat_wind_east" if which == "seat_wind" else "!prevalent_wind_east"
        raise MahjongError(f"the hand holds a pung of {tiles}: the {which.replace('_', ' ')} decides its fan; "
                           f"give it in the context or as a flag such as {flag}", place=f"context.{which}")
    return value


# ------------------------------------------------------------------------------------------ 88 points


@fan("big_four_winds", "pungs or kongs of all four winds", needs=("pongs3", "combination_big_four_winds"))
def big_four_winds(f: McrFacts) -> bool:
    """Fan 1: pongs of all four winds (000 line 558)."""
    return "big_four_winds" in f.pong_fans


big_three_dragons = _combination("pong_fans", "big_three_dragons", 2, "pungs or kongs of all three dragons",
                                 ("pongs3",))


@fan("all_green", "only 2, 3, 4, 6, 8 bamboo and green dragons", needs=("green",), exact=True)
def all_green(f: McrFacts) -> bool:
    """Fan 3: every tile green -- 2, 3, 4, 6, 8 bamboo and the green dragon (000 line 560)."""
    return f.h.all_green


@fan("nine_gates", "1112345678999 of one suit held, won on any tile of that suit",
     needs=("standard", "suited", "one_suit", "unmelded"))
def nine_gates(f: McrFacts) -> Matches:
    """Fan 4: the concealed 1112345678999 of one suit, nine-sided wait (000 line 561).

    The match is one pung of terminals of the division: 1-1-1 (or 9-9-9) is
    part of the pattern, so that pung's own fan 73 is implied, while the other
    terminal pung still scores (the reference calculator's reading).
    """
    h = f.h
    if f.form != STANDARD or h.fixed or not h.all_suited or h.suits not in (1, 2, 4):
        return ()
    base = {1: 0, 2: 9, 4: 18}[h.suits]
    if list(h.concealed_before[base:base + 9]) != [3, 1, 1, 1, 1, 1, 1, 1, 3]:
        return ()
    for gi, tile, _, _ in f.pongs:
        if tile % 9 in (0, 8):
            return (1 << gi,)
    return (0,)


@fan("four_kongs", "four kongs", needs=("kongs",))
def four_kongs(f: McrFacts) -> bool:
    """Fan 5: four kongs, concealed or exposed (000 line 562)."""
    return f.exposed_kongs + f.concealed_kongs == 4


@fan("seven_shifted_pairs", "seven pairs of one suit in a run, each one higher than the last",
     needs=("seven_pairs", "suited"))
def seven_shifted_pairs(f: McrFacts) -> bool:
    """Fan 6: seven pairs of one suit, each one number above the one before (000 line 563)."""
    if f.form != SEVEN_PAIRS:
        return False
    tiles = [tile for _, tile in f.groups]
    return tiles[0] < 27 and tiles[0] % 9 <= 2 and tiles == list(range(tiles[0], tiles[0] + 7))


@fan("thirteen_orphans", "one of each terminal and honour, one of them paired", needs=("orphans",))
def thirteen_orphans(f: McrFacts) -> bool:
    """Fan 7: single 1s, 9s and honours with a pair of the thirteenth (000 line 564)."""
    return f.form == THIRTEEN_ORPHANS


# ------------------------------------------------------------------------------------------ 64 points


@fan("all_terminals", "every tile a 1 or a 9", needs=("suited", "terminals_honours"), exact=True)
def all_terminals(f: McrFacts) -> bool:
    """Fan 8: terminals only (000 line 565)."""
    return f.h.all_terminal


@fan("little_four_winds", "pongs of three winds and a pair of the fourth",
     needs=("pongs3", "wind_pung", "honour_pair"))
def little_four_winds(f: McrFacts) -> Matches:
    """Fan 9: three wind pongs and a pair of the fourth wind (000 line 566)."""
    if f.pair is None or not 27 <= f.pair[1] <= 30:
        return ()
    winds = [gi for gi, t, _, _ in f.pongs if 27 <= t <= 30]
    if len(winds) != 3:
        return ()
    return (sum(1 << gi for gi in winds) | 1 << f.pair[0],)


@fan("little_three_dragons", "pongs of two dragons and a pair of the third",
     needs=("pongs2", "dragon_pung", "honour_pair"))
def little_three_dragons(f: McrFacts) -> Matches:
    """Fan 10: two dragon pongs and a pair of the third dragon (000 line 567)."""
    if f.pair is None or f.pair[1] < 31:
        return ()
    dragons = [gi for gi, t, _, _ in f.pongs if t >= 31]
    if len(dragons) != 2:
        return ()
    return (sum(1 << gi for gi in dragons) | 1 << f.pair[0],)


@fan("all_honours", "every tile a wind or a dragon", needs=("no_suited",), exact=True)
def all_honours(f: McrFacts) -> bool:
    """Fan 11: honours only (000 line 568)."""
    return f.h.all_honour


@fan("four_concealed_pungs", "four concealed pungs or kongs", needs=("concealed_pongs4",), exact=True)
def four_concealed_pungs(f: McrFacts) -> bool:
    """Fan 12: four concealed pongs (000 line 569); a pung completed by a discard is not concealed."""
    return f.concealed_pongs == 4


@fan("pure_terminal_chows", "two 1-2-3 and two 7-8-9 chows and a pair of 5s, one suit",
     needs=("chows4", "five_pair"))
def pure_terminal_chows(f: McrFacts) -> bool:
    """Fan 13: 123, 123, 789, 789 and a pair of 5s, all of one suit (000 line 570)."""
    if f.form != STANDARD or len(f.chows) != 4 or f.pair is None:
        return False
    five = f.pair[1]
    if five >= 27 or five % 9 != 4:
        return False
    base = five - 4
    return sorted(t for _, t in f.chows) == [base, base, base + 6, base + 6]


# ------------------------------------------------------------------------------------------ 48 points


quadruple_chow = _combination("chow_fans", "quadruple_chow", 14, "four identical chows", ("chows4",))
four_pure_shifted_pungs = _combination("pong_fans", "four_pure_shifted_pungs", 15,
                                       "four pongs of one suit, each one higher",
                                       ("pongs3",))

# ------------------------------------------------------------------------------------------ 32 points

four_pure_shifted_chows = _combination("chow_fans", "four_pure_shifted_chows", 16,
                                       "four chows of one suit, each one or two higher",
                                       ("chows4",))


@fan("three_kongs", "three kongs", needs=("kongs",))
def three_kongs(f: McrFacts) -> bool:
    """Fan 17: three kongs (000 line 574)."""
    return f.exposed_kongs + f.concealed_kongs >= 3


@fan("all_terminals_and_honours", "every tile a terminal or an honour", needs=("terminals_honours",), exact=True)
def all_terminals_and_honours(f: McrFacts) -> bool:
    """Fan 18: terminals and honours only (000 line 575)."""
    return f.h.all_terminal_or_honour


# ------------------------------------------------------------------------------------------ 24 points


@fan("seven_pairs", "seven pairs", needs=("seven_pairs",))
def seven_pairs(f: McrFacts) -> bool:
    """Fan 19: seven pairs (000 line 576); four equal tiles count as two pairs."""
    return f.form == SEVEN_PAIRS


@fan("greater_honours_and_knitted", "all seven honours and seven knitted tiles, all single", needs=("knitted",))
def greater_honours_and_knitted(f: McrFacts) -> bool:
    """Fan 20: the seven honours and seven tiles of one knitted 147/258/369 set, all single (000 line 577)."""
    return f.form == HONOURS_KNITTED and sum(1 for _, t in f.groups if t >= 27) == 7


@fan("all_even_pungs", "pongs and a pair of 2s, 4s, 6s and 8s", needs=("pongs4", "standard", "evens"))
def all_even_pungs(f: McrFacts) -> bool:
    """Fan 21: four pongs and a pair, every one of even suited tiles (000 line 578)."""
    if f.form != STANDARD or len(f.pongs) != 4 or f.pair is None:
        return False
    tiles = [t for _, t, _, _ in f.pongs] + [f.pair[1]]
    return all(t < 27 and t % 9 % 2 == 1 for t in tiles)


@fan("full_flush", "every tile of one suit", needs=("suited", "one_suit"), exact=True)
def full_flush(f: McrFacts) -> bool:
    """Fan 22: one suit, no honours (000 line 579)."""
    h = f.h
    return h.all_suited and h.suits in (1, 2, 4)


pure_triple_chow = _combination("chow_fans", "pure_triple_chow", 23, "three identical chows", ("chows3",))
pure_shifted_pungs = _combination("pong_fans", "pure_shifted_pungs", 24, "three pongs of one suit, each one higher",
                                  ("pongs3",))


def _rank_range(f: McrFacts, low: int, high: int) -> bool:
    h = f.h
    return h.all_suited and not h.ranks & ~_RANKS[low, high]


_RANKS = {(low, high): sum(1 << r for r in range(low, high + 1)) for low, high in
          ((7, 9), (4, 6), (1, 3), (6, 9), (1, 4))}


@fan("upper_tiles", "suited 7s, 8s and 9s only", needs=("suited", "four_ranks"))
def upper_tiles(f: McrFacts) -> bool:
    """Fan 25: suited tiles 7-9 only (000 line 582)."""
    return _rank_range(f, 7, 9)


@fan("middle_tiles", "suited 4s, 5s and 6s only", needs=("suited", "simple", "four_ranks"))
def middle_tiles(f: McrFacts) -> bool:
    """Fan 26: suited tiles 4-6 only (000 line 583)."""
    return _rank_range(f, 4, 6)


@fan("lower_tiles", "suited 1s, 2s and 3s only", needs=("suited", "four_ranks"))
def lower_tiles(f: McrFacts) -> bool:
    """Fan 27: suited tiles 1-3 only (000 line 584)."""
    return _rank_range(f, 1, 3)


# ------------------------------------------------------------------------------------------ 16 points


pure_straight = _combination("chow_fans", "pure_straight", 28, "1-2-3, 4-5-6 and 7-8-9 chows of one suit", ("chows3",))


@fan("three_suited_terminal_chows", "1-2-3 and 7-8-9 chows in two suits and a pair of 5s in the third",
     needs=("chows4", "five_pair"))
def three_suited_terminal_chows(f: McrFacts) -> bool:
    """Fan 29: 123 and 789 of one suit, 123 and 789 of another, a pair of 5s of the third (000 line 586)."""
    if f.form != STANDARD or len(f.chows) != 4 or f.pair is None:
        return False
    five = f.pair[1]
    if five >= 27 or five % 9 != 4:
        return False
    others = sorted({0, 9, 18} - {five - 4})
    want = sorted([others[0], others[0] + 6, others[1], others[1] + 6])
    return sorted(t for _, t in f.chows) == want


pure_shifted_chows = _combination("chow_fans", "pure_shifted_chows", 30,
                                  "three chows of one suit, each one (or each two) higher",
                                  ("chows3",))


@fan("all_fives", "every set and the pair holds a 5", needs=("standard", "fives"))
def all_fives(f: McrFacts) -> bool:
    """Fan 31: a suited 5 in every set and in the pair (000 line 588)."""
    if f.form != STANDARD:
        return False
    for kind, tile in f.groups:
        if tile >= 27:
            return False
        rank = tile % 9
        if kind == CHOW:
            if not 2 <= rank <= 4:
                return False
        elif rank != 4:
            return False
    return True


triple_pung = _combination("pong_fans", "triple_pung", 32, "pongs of one number in all three suits", ("pongs3",))


@fan("three_concealed_pungs", "three concealed pongs", needs=("concealed_pongs3",), exact=True)
def three_concealed_pungs(f: McrFacts) -> bool:
    """Fan 33: three concealed pongs (000 line 590)."""
    return f.concealed_pongs >= 3


# ------------------------------------------------------------------------------------------ 12 points


@fan("lesser_honours_and_knitted", "single honours and single knitted tiles, fourteen different", needs=("knitted",))
def lesser_honours_and_knitted(f: McrFacts) -> bool:
    """Fan 34: fourteen single tiles, honours and tiles of one knitted 147/258/369 set (000 line 591)."""
    return f.form == HONOURS_KNITTED


@fan("knitted_straight", "1-4-7, 2-5-8 and 3-6-9, each in a different suit", needs=("knitted",))
def knitted_straight(f: McrFacts) -> bool:
    """Fan 35: the knitted straight, in a knitted-straight hand or inside a lesser honours hand (000 line 592)."""
    if f.form == KNITTED_STRAIGHT:
        return True
    return f.form == HONOURS_KNITTED and sum(1 for _, t in f.groups if t < 27) == 9


@fan("upper_four", "suited 6s to 9s only", needs=("suited", "four_ranks"))
def upper_four(f: McrFacts) -> bool:
    """Fan 36: suited tiles 6-9 only (000 line 593)."""
    return _rank_range(f, 6, 9)


@fan("lower_four", "suited 1s to 4s only", needs=("suited", "four_ranks"))
def lower_four(f: McrFacts) -> bool:
    """Fan 37: suited tiles 1-4 only (000 line 594)."""
    return _rank_range(f, 1, 4)


big_three_winds = _combination("pong_fans", "big_three_winds", 38, "pongs of three winds", ("pongs3",))

# ------------------------------------------------------------------------------------------ 8 points

mixed_straight = _combination("chow_fans", "mixed_straight", 39, "1-2-3, 4-5-6 and 7-8-9 chows, one in each suit",
                              ("chows3",))


@fan("reversible_tiles", "only tiles that look the same upside down", needs=("reversible",), exact=True)
def reversible_tiles(f: McrFacts) -> bool:
    """Fan 40: 1 2 3 4 5 8 9 dots, 2 4 5 6 8 9 bamboo and white dragons only (000 line 597)."""
    return f.h.all_reversible


mixed_triple_chow = _combination("chow_fans", "mixed_triple_chow", 41, "the same chow in all three suits", ("chows3",))
mixed_shifted_pungs = _combination("pong_fans", "mixed_shifted_pungs", 42, "pongs in three suits, each one higher",
                                   ("pongs3",))


@fan("chicken_hand", "no other fan", last=True)
def chicken_hand(f: McrFacts) -> bool:
    """Fan 43: a hand that would score nothing but its flowers (000 line 600).

    The engine evaluates it after every other fan and tells it how many
    counted (``counted_others``, flowers left out); outside the engine it
    cannot know, and answers for a bare hand with nothing counted.
    """
    return f.counted_others == 0


@fan("last_tile_draw", "won by drawing the wall's last tile", needs=("last_tile", "self_drawn"), exact=True)
def last_tile_draw(f: McrFacts) -> bool:
    """Fan 44: self-drawn on the last tile of the wall (000 line 601)."""
    sit = f.h.sit
    return sit.self_drawn and sit.last_tile


@fan("last_tile_claim", "won on the discard of the wall's last tile", needs=("last_tile", "discard"), exact=True)
def last_tile_claim(f: McrFacts) -> bool:
    """Fan 45: won with the discard that is the last tile of the game (000 line 602)."""
    sit = f.h.sit
    return not sit.self_drawn and sit.last_tile


@fan("out_with_replacement_tile", "won on the replacement tile of a kong", needs=("replacement",), exact=True)
def out_with_replacement_tile(f: McrFacts) -> bool:
    """Fan 46: won with the tile drawn after a kong, not after a flower (000 line 603)."""
    return f.h.replacement


@fan("robbing_the_kong", "won by robbing a kong", needs=("robbing",), exact=True)
def robbing_the_kong(f: McrFacts) -> bool:
    """Fan 47: won with the tile another player adds to an exposed pung (000 line 604)."""
    return f.h.sit.robbing_kong


@fan("two_concealed_kongs", "two concealed kongs", needs=("kongs",))
def two_concealed_kongs(f: McrFacts) -> bool:
    """Fan 48: two concealed kongs (000 line 605)."""
    return f.concealed_kongs >= 2


# ------------------------------------------------------------------------------------------ 6 points


@fan("all_pungs", "four pongs and a pair", needs=("pongs4",))
def all_pungs(f: McrFacts) -> bool:
    """Fan 49: four pongs (000 line 606)."""
    return f.form == STANDARD and len(f.pongs) == 4


@fan("half_flush", "one suit and honours", needs=("honours", "one_suit"), exact=True)
def half_flush(f: McrFacts) -> bool:
    """Fan 50: one suit with honours (000 line 607)."""
    h = f.h
    return h.honours and h.suits in (1, 2, 4)


mixed_shifted_chows = _combination("chow_fans", "mixed_shifted_chows", 51, "chows in three suits, each one higher",
                                   ("chows3",))


@fan("all_types", "all three suits, winds and dragons", needs=("three_suits", "winds", "dragons"), exact=True)
def all_types(f: McrFacts) -> bool:
    """Fan 52: characters, dots, bamboo, winds and dragons all present (000 line 609)."""
    h = f.h
    return h.suits == 7 and h.winds and h.dragons


@fan("melded_hand", "four exposed sets, won on a discard", needs=("melded4", "discard"), exact=True)
def melded_hand(f: McrFacts) -> bool:
    """Fan 53: every set exposed and the pair completed by a discard (000 line 610)."""
    h = f.h
    return h.melded_fixed == 4 and not h.sit.self_drawn


two_dragon_pungs = _combination("pong_fans", "two_dragon_pungs", 54, "pongs of two dragons", ("pongs2",))

# ------------------------------------------------------------------------------------------ 4 points


@fan("outside_hand", "a terminal or an honour in every set and the pair", needs=("standard", "outside"))
def outside_hand(f: McrFacts) -> bool:
    """Fan 55: every set and the pair holds a terminal or an honour (000 line 612)."""
    if f.form != STANDARD:
        return False
    for kind, tile in f.groups:
        if tile >= 27:
            continue
        rank = tile % 9
        if kind == CHOW:
            if rank not in (0, 6):
                return False
        elif rank not in (0, 8):
            return False
    return True


@fan("fully_concealed_hand", "nothing exposed, self-drawn", needs=("unmelded", "self_drawn"), exact=True)
def fully_concealed_hand(f: McrFacts) -> bool:
    """Fan 56: no exposed set and the winning tile self-drawn (000 lines 181, 613)."""
    h = f.h
    return h.melded_fixed == 0 and h.sit.self_drawn


@fan("two_melded_kongs", "two exposed kongs", needs=("kongs",))
def two_melded_kongs(f: McrFacts) -> bool:
    """Fan 57: two exposed kongs (000 line 614)."""
    return f.exposed_kongs >= 2


@fan("melded_and_concealed_kong", "an exposed and a concealed kong", needs=("kongs",))
def melded_and_concealed_kong(f: McrFacts) -> bool:
    """The rider of fan 57: one exposed and one concealed kong score 6 points together (000 line 614)."""
    return f.exposed_kongs >= 1 and f.concealed_kongs >= 1


@fan("last_tile", "the winning tile is the last of its kind", needs=("last_of_kind",), exact=True)
def last_tile(f: McrFacts) -> bool:
    """Fan 58: the fourth tile of its kind, the other three in discards or exposed sets (000 line 615)."""
    return f.h.last_tile_of_kind


# ------------------------------------------------------------------------------------------ 2 points


@fan("dragon_pung", "a pong of dragons", needs=("dragon_pung",))
def dragon_pung(f: McrFacts) -> Matches:
    """Fan 59: a pong of dragons, each (000 line 616)."""
    out: Matches = ()
    for gi, t, _, _ in f.pongs:
        if t >= 31:
            out += (1 << gi,)
    return out


@fan("prevalent_wind", "a pong of the round's wind", needs=("wind_pung",))
def prevalent_wind(f: McrFacts) -> Matches:
    """Fan 60: a pong of the prevalent wind (000 line 617)."""
    return _wind_pongs(f, "prevalent_wind")


@fan("seat_wind", "a pong of the winner's own wind", needs=("wind_pung",))
def seat_wind(f: McrFacts) -> Matches:
    """Fan 61: a pong of the seat wind (000 line 618)."""
    return _wind_pongs(f, "seat_wind")


def _wind_pongs(f: McrFacts, which: str) -> Matches:
    """The pongs of the situation's ``which`` wind; the wind is needed only when the hand holds a wind pong."""
    out: Matches = ()
    wind = None
    for gi, t, _, _ in f.pongs:
        if 27 <= t <= 30:
            if wind is None:
                wind = _wind_needed(f, which)
            if t == wind:
                out += (1 << gi,)
    return out


@fan("concealed_hand", "nothing exposed, won on a discard", needs=("unmelded", "discard"), exact=True)
def concealed_hand(f: McrFacts) -> bool:
    """Fan 62: no exposed set before the win, won on a discard (000 lines 178, 619).

    A concealed kong is declared but exposes nothing: all its tiles came
    from the wall, which is 000's definition of a closed hand (line 178).
    """
    h = f.h
    return h.melded_fixed == 0 and not h.sit.self_drawn


@fan("all_chows", "four chows and a suited pair", needs=("chows_only",))
def all_chows(f: McrFacts) -> bool:
    """Fan 63: only chows and no honours (000 line 620); a knitted straight counts as three chows."""
    if f.form not in (STANDARD, KNITTED_STRAIGHT) or f.pongs or f.pair is None:
        return False
    return f.pair[1] < 27


@fan("tile_hog", "all four copies of a tile used without a kong", needs=("four_of_a_kind",))
def tile_hog(f: McrFacts) -> Matches:
    """Fan 64: four tiles of one kind in the hand, not as a kong (000 line 621), each such kind."""
    out = []
    groups = f.groups
    for kind in f.h.fours:
        bit = 1 << kind
        mask = 0
        for gi, (gkind, tile) in enumerate(groups):
            if _HOLDS[gkind][tile] & bit:
                if gkind == KONG:
                    break  # the four copies are a kong
                mask |= 1 << gi
        else:
            out.append(mask)
    return tuple(out)


def _holds() -> list[list[int]]:
    """The kinds each group holds, by group kind and first tile, as bits (a knitted run holds t, t+3, t+6)."""
    spans = {CHOW: (0, 1, 2), KNIT: (0, 3, 6)}
    return [[sum(1 << tile + step for step in spans.get(kind, (0,)) if tile + step < 34) for tile in range(34)]
            for kind in range(6)]


_HOLDS = _holds()


double_pung = _combination("pong_fans", "double_pung", 65, "pongs of one number in two suits", ("pongs2",))


@fan("two_concealed_pungs", "two concealed pongs", needs=("concealed_pongs2",), exact=True)
def two_concealed_pungs(f: McrFacts) -> bool:
    """Fan 66: two concealed pongs (000 line 623)."""
    return f.concealed_pongs >= 2


@fan("concealed_kong", "a concealed kong", needs=("kongs",))
def concealed_kong(f: McrFacts) -> Matches:
    """Fan 67: a concealed kong (000 line 624)."""
    out: Matches = ()
    for gi, _, is_kong, exposed in f.pongs:
        if is_kong and not exposed:
            out += (1 << gi,)
    return out


@fan("all_simples", "no terminals and no honours", needs=("suited", "simple"), exact=True)
def all_simples(f: McrFacts) -> bool:
    """Fan 68: suited 2-8 only (000 line 625)."""
    return f.h.all_simple


# ------------------------------------------------------------------------------------------ 1 point


pure_double_chow = _combination("chow_fans", "pure_double_chow", 69, "two identical chows", ("chows2",))
mixed_double_chow = _combination("chow_fans", "mixed_double_chow", 70, "the same chow in two suits", ("chows2",))
short_straight = _combination("chow_fans", "short_straight", 71, "two chows of one suit making a run of six",
                              ("chows2",))
two_terminal_chows = _combination("chow_fans", "two_terminal_chows", 72, "1-2-3 and 7-8-9 of one suit", ("chows2",))


@fan("pung_of_terminals_or_honours", "a pong of 1s, 9s or honours", needs=("terminal_pung",))
def pung_of_terminals_or_honours(f: McrFacts) -> Matches:
    """Fan 73: a pong of terminals or honours ("онёры", 000 lines 63-64, 630), each.

    A dragon pong is also fan 59, which implies this one (its row excludes it).
    """
    out: Matches = ()
    for gi, t, _, _ in f.pongs:
        if t >= 27 or t % 9 in (0, 8):
            out += (1 << gi,)
    return out


@fan("melded_kong", "an exposed kong", needs=("kongs",))
def melded_kong(f: McrFacts) -> Matches:
    """Fan 74: an exposed kong (000 line 631)."""
    out: Matches = ()
    for gi, _, is_kong, exposed in f.pongs:
        if is_kong and exposed:
            out += (1 << gi,)
    return out


@fan("one_voided_suit", "exactly two of the three suits", needs=("two_suits",), exact=True)
def one_voided_suit(f: McrFacts) -> bool:
    """Fan 75: one suit missing, two present (000 line 632)."""
    return f.h.suits in (3, 5, 6)


@fan("no_honours", "no winds and no dragons", needs=("suited",), exact=True)
def no_honours(f: McrFacts) -> bool:
    """Fan 76: suited tiles only (000 line 633)."""
    return not f.h.honours


@fan("edge_wait", "waited only on the 3 of 1-2 or the 7 of 8-9", needs=("edge",), exact=True)
def edge_wait(f: McrFacts) -> bool:
    """Fan 77: the only tile waited for completes 1-2-3 with the 3 or 7-8-9 with the 7 (000 line 634)."""
    return f.wait == EDGE


@fan("closed_wait", "waited only on the middle tile of a chow", needs=("closed",), exact=True)
def closed_wait(f: McrFacts) -> bool:
    """Fan 78: the only tile waited for is the middle of a chow (000 line 635)."""
    return f.wait == CLOSED


@fan("single_wait", "waited only on the pair", needs=("single",), exact=True)
def single_wait(f: McrFacts) -> bool:
    """Fan 79: the only tile waited for completes the pair (000 line 636)."""
    return f.wait == SINGLE_WAIT


@fan("self_drawn", "the winning tile came from the wall", needs=("self_drawn",), exact=True)
def self_drawn(f: McrFacts) -> bool:
    """Fan 80: won with a tile from the wall (000 line 637)."""
    return f.h.sit.self_drawn


@fan("flower_tiles", "each flower or season", needs=("bonus",))
def flower_tiles(f: McrFacts) -> int:
    """Fan 81: one point for each flower or season (000 line 638); returns how many."""
    return f.h.bonus
