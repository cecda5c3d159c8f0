"""The MCR engine's own fast divisions are exactly the core's arrangements (winning group aside)."""

from __future__ import annotations

from mahjong_rulesets.families.mcr import divide as dv
from mahjong_rulesets.families.mcr.facts import DEFAULT_SITUATION, hand_facts, situation
from mahjong_rulesets.families.mcr.samples import samples
from mahjong_rulesets.families.mcr.scoring import divisions, fan_table

from mahjong_core.hand.arrangements import arrangements
from mahjong_core.hand.melds import Hand
from mahjong_core.rules import load_ruleset

_KIND = {"chow": dv.CHOW, "pung": dv.PUNG, "pair": dv.PAIR, "knitted": dv.KNIT, "single": dv.SINGLE}


def _core(hand: Hand) -> set[tuple[str, tuple[tuple[int, int], ...]]]:
    out = set()
    for arrangement in arrangements(hand, knitted=True):
        rest = list(arrangement.melds)
        for meld in hand.melds:
            rest.remove(meld)
        out.add((arrangement.form.value, tuple(sorted((_KIND[m.kind.value], m.tiles[0]) for m in rest))))
    return out


def test_divisions_match_the_core_arrangements() -> None:
    table = fan_table(load_ruleset("mcr"))
    checked = 0
    for sample in samples(314, per_fan=6, random_hands=600):
        h = hand_facts(sample.hand, situation(sample.hand, sample.context, DEFAULT_SITUATION))
        ours = {(form, tuple(sorted(groups))) for form, groups in divisions(h, table)}
        assert ours == _core(sample.hand), sample.hand
        checked += 1
    assert checked > 1000


def test_waits_allow_a_fifth_copy_as_the_reference_does() -> None:
    # 1111m 234567m 789p: 1m completes 111m + 11m as a fifth copy would; the wait is not unique either way.
    counts = dv.counts_of([0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 15, 16, 17])
    assert dv.waits(counts, 4, True) == (0, 3, 6)


def test_knitted_straights_and_honours() -> None:
    knitted = dv.counts_of([0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 27, 27, 31, 31])
    [(firsts, rest)] = dv.knitted_straights(knitted, 4)
    assert firsts == (0, 10, 20) and sorted(rest) == [(dv.PUNG, 27), (dv.PAIR, 31)]
    lesser = dv.counts_of([0, 3, 10, 13, 16, 20, 26, 27, 28, 29, 30, 31, 32, 33])
    assert dv.honours_and_knitted(lesser) is not None
    assert dv.honours_and_knitted(dv.counts_of([0, 1, 10, 13, 16, 20, 26, 27, 28, 29, 30, 31, 32, 33])) is None
