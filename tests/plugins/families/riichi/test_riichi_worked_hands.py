"""The riichi family's worked example hands (``worked_hands.py``): one for every row, each scoring its row, and
each agreeing with the ``mahjong`` library (2.1.0) on han, fu, yaku and payments.

The docs show these hands on every riichi ruleset's page and stop the build
when one does not score its row (``tests/docs/test_items.py``); here each is
held to the independent oracle.  A hand is scored under riichi_tenhou where
Tenhou plays its row; a local yaku Tenhou does not play, under Tenhou's rules
with the library's option that plays it switched on (as the oracle corpus's
variants do); the North set aside as dora, under sanma_tenhou.  Where the
family and the library differ by design the difference is named in
``reference.DIFFERENCES`` with the source the family follows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from mahjong_rulesets.families.riichi import reference as ref
from mahjong_rulesets.families.riichi import worked_hands
from mahjong_rulesets.families.riichi.divide import CHOW, PUNG
from mahjong_rulesets.families.riichi.evaluate import KONG
from mahjong_rulesets.families.riichi.samples import Situation
from mahjong_rulesets.families.riichi.tables import SITUATION_YAKU, YAKU_ORDER, YAKUMAN_ORDER

from mahjong_core.errors import MahjongError
from mahjong_core.hand.melds import MeldKind
from mahjong_core.plugin import ItemExample, Ruleset
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.loader import load_ruleset_text
from mahjong_docs import items

pytest.importorskip("mahjong.hand_calculating.hand")

TENHOU = Path(__file__).resolve().parents[4] / "plugins" / "rulesets" / "riichi_tenhou" / "ruleset.yaml"
EXAMPLES = worked_hands.examples()
#: The rows Tenhou does not play, each scored under Tenhou's rules with the library's option that plays it.
LOCAL = {"scoring.yaku.renhou": ref.Options(renhou="mangan"),
         "scoring.yaku.renhou_yakuman": ref.Options(renhou="yakuman"),
         "scoring.yaku.daisharin": ref.Options(daisharin="pin"),
         "scoring.yaku.daichisei": ref.Options(daichisei=True)}
#: Rows scored at a table of three.
SANMA = {"scoring.dora.nukidora": "sanma_tenhou"}
_FU_ROWS = ("base", "closed_ron", "tsumo", "wait", "valued_pair", "double_valued_pair", "pung", "terminal_factor",
            "concealed_factor", "kong_factor", "open_pinfu", "seven_pairs")


def _variant(options: ref.Options) -> Ruleset:
    data = ref.variant_text(yaml.safe_load(TENHOU.read_text(encoding="utf-8")), options)
    return load_ruleset_text(yaml.safe_dump(data, allow_unicode=True), f"<variant {options}>")


def ruleset_for(example: ItemExample) -> tuple[Ruleset, ref.Options]:
    """The ruleset an example is held to the library under, and the library's options that match it."""
    if example.row in LOCAL:
        return _variant(LOCAL[example.row]), LOCAL[example.row]
    return load_ruleset(SANMA.get(example.row, "riichi_tenhou")), ref.Options()


def situation_of(ruleset: Ruleset, example: ItemExample) -> Situation:
    """The example as the oracle bridge's :class:`Situation`: the hand as ``mahjong score`` reads it, the facts
    of the context it was scored in."""
    scored = items.check_example(ruleset, example)
    hand, ctx = scored.hand, scored.context
    melds, added = [], []
    for meld in hand.melds:
        kind = {MeldKind.CHOW: CHOW, MeldKind.PUNG: PUNG, MeldKind.KONG: KONG}[meld.kind]
        melds.append((kind, meld.tiles[0], meld.exposed))
        added.append(bool(meld.added))
    facts = frozenset(name for name in SITUATION_YAKU if ctx.get(name))
    tiles = ruleset.tiles()

    def kinds(name: str) -> tuple[int, ...]:
        from mahjong_core.plugin import parse_tiles

        written = str(example.facts.get(name, ""))
        return tuple(tiles.plays_as[k] for k in parse_tiles(written, tiles=tiles)) if written else ()

    assert hand.winning_tile is not None
    return Situation(tuple(sorted(hand.concealed)), tuple(melds), tuple(added), hand.winning_tile,
                     tuple(sorted(hand.marked)), bool(ctx.get("self_drawn") or "rinshan" in facts),
                     int(ctx["seat_wind"]), int(ctx["prevalent_wind"]), facts, kinds("dora_indicators"),
                     kinds("ura_dora_indicators"), 0, 0, "worked", int(example.facts.get("nukidora", 0)))


def _normalised(answer: ref.Answer) -> ref.Answer:
    """The family's nukidora counted as the library counts them, among the dora (DIFFERENCES nukidora_as_dora)."""
    yaku = dict(answer.yaku)
    north = yaku.pop("nukidora", 0)
    if north:
        yaku["dora"] = yaku.get("dora", 0) + north
    return answer._replace(yaku=tuple(sorted(yaku.items())))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.row.rsplit('.', 1)[-1]}:{e.hand}")
def test_each_worked_hand_agrees_with_the_library(example: ItemExample) -> None:
    ruleset, options = ruleset_for(example)
    situation = situation_of(ruleset, example)
    family = ref.family_answer(ruleset, situation)
    library = ref.library_answer(situation, options)
    assert family.error is None and library.error is None, (family, library)
    if situation.nukidora:
        family = _normalised(family)
    assert (family.han, family.fu) == (library.han, library.fu), (
        f"{example.row} {example.hand!r}: the family counts {family.han} han {family.fu} fu, the library "
        f"{library.han} han {library.fu} fu")
    assert family.yaku == library.yaku, f"{example.row} {example.hand!r}: {family.yaku} != {library.yaku}"
    assert (family.limit, family.payments) == (library.limit, library.payments), (example.row, family, library)


def test_every_yaku_dora_and_fu_row_of_the_family_has_a_worked_hand() -> None:
    rows = {e.row for e in EXAMPLES}
    wanted = {f"scoring.yaku.{name}" for name in YAKU_ORDER + YAKUMAN_ORDER}
    wanted |= {f"scoring.dora.{name}" for name in ("dora", "aka_dora", "ura_dora", "nukidora")}
    wanted |= {f"scoring.fu.{name}" for name in _FU_ROWS}
    assert wanted <= rows, f"rows without a worked hand: {sorted(wanted - rows)}"
    assert rows <= wanted, f"worked hands of rows the family does not have: {sorted(rows - wanted)}"
    assert all(e.about for e in EXAMPLES if e is next(f for f in EXAMPLES if f.row == e.row)), \
        "a row's first example says what the row asks of a hand"
    assert SANMA.keys() | LOCAL.keys() <= rows


def test_each_worked_hand_scores_only_under_a_ruleset_that_plays_its_row() -> None:
    """The hands are the rows' own: under Tenhou a local yaku's hand does not score that yaku (Tenhou does not
    play it), and the Tenhou rows' hands score theirs."""
    tenhou = load_ruleset("riichi_tenhou")
    for example in EXAMPLES:
        if example.row in LOCAL:
            with pytest.raises(MahjongError, match=example.row.rsplit(".", 1)[-1]):
                items.check_example(tenhou, example)
        elif example.row not in SANMA:
            items.check_example(tenhou, example)


def test_the_library_differences_named_here_have_their_source() -> None:
    text: Any = ref.DIFFERENCES["nukidora_as_dora"]
    assert "mahjong 2.1.0" in text and "jmw_sanma" in text
