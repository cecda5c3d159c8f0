"""The test-only bridge to the ``mahjong`` library (2.1.0), the riichi family's independent oracle.

The library (pure Python, checked by its authors against Tenhou's logs) is a
test extra, imported only here and only when a test or the benchmark asks.
This module turns a :class:`~.samples.Situation` into the library's call and
into the family's, and both answers into one comparable shape:

``(han, fu, yaku ids, limit, payments)`` where payments are
``(discarder's or dealer's payment with honba, each other loser's with honba,
sticks collected, total received)``.

The library's names are mapped to the family's ids (:data:`LIBRARY_NAMES`).
Where the two differ by design, the comparison is normalised and the
difference is listed in :data:`DIFFERENCES` with its source.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any, NamedTuple

from mahjong_rulesets.families.riichi.divide import CHOW
from mahjong_rulesets.families.riichi.evaluate import KONG
from mahjong_rulesets.families.riichi.samples import Situation

from mahjong_core.plugin import ClaimedFrom, Hand, Meld, MeldKind, Ruleset, score_hand

__all__ = ["DIFFERENCES", "LIBRARY_NAMES", "Answer", "Options", "family_answer", "hand_of", "library_answer"]

#: The library's yaku (its ``YakuConfig`` attribute names) by the family's ids.
LIBRARY_NAMES = {
    "tsumo": "menzen_tsumo", "riichi": "riichi", "daburu_riichi": "double_riichi", "ippatsu": "ippatsu",
    "chankan": "chankan", "rinshan": "rinshan", "haitei": "haitei", "houtei": "houtei", "renhou": "renhou",
    "pinfu": "pinfu", "tanyao": "tanyao", "iipeiko": "iipeikou", "haku": "haku", "hatsu": "hatsu", "chun": "chun",
    "seat_wind_east": "seat_wind", "seat_wind_south": "seat_wind", "seat_wind_west": "seat_wind",
    "seat_wind_north": "seat_wind", "round_wind_east": "round_wind", "round_wind_south": "round_wind",
    "round_wind_west": "round_wind", "round_wind_north": "round_wind", "sanshoku": "sanshoku", "ittsu": "ittsu",
    "chantai": "chanta", "honroto": "honroutou", "toitoi": "toitoi", "sanankou": "sanankou",
    "sankantsu": "sankantsu", "sanshoku_douko": "sanshoku_doukou", "chiitoitsu": "chiitoitsu",
    "shosangen": "shousangen", "honitsu": "honitsu", "junchan": "junchan", "ryanpeiko": "ryanpeikou",
    "chinitsu": "chinitsu", "kokushi": "kokushi", "chuuren_poutou": "chuuren", "suuankou": "suuankou",
    "daisangen": "daisangen", "shosuushi": "shousuushii", "ryuisou": "ryuuiisou", "suukantsu": "suukantsu",
    "tsuisou": "tsuuiisou", "chinroto": "chinroutou", "daisharin": "daisharin", "daichisei": "daichisei",
    "daisuushi": "daisuushii", "daburu_kokushi": "kokushi_13_wait", "suuankou_tanki": "suuankou_tanki",
    "daburu_chuuren_poutou": "junsei_chuuren", "tenhou": "tenhou", "chiihou": "chiihou",
    "renhou_yakuman": "renhou_yakuman", "dora": "dora", "aka_dora": "aka_dora", "ura_dora": "ura_dora",
}

#: Where the family and the library differ by design, each with its source; the comparison normalises them.
DIFFERENCES = {
    "limit_name_with_kiriage": (
        "With kiriage on, the library leaves a hand capped at mangan by its points (4 han 40 fu) unnamed; the "
        "family names it mangan, as it does with kiriage off (its own yaku_level naming, mahjong 2.1.0 "
        "hand_calculating/scores.py). Payments agree; only the name is normalised."),
    "kazoe_name": (
        "The library names a counted yakuman 'yakuman' (its kazoe level is overwritten by the han band); the "
        "family names it kazoe_yakuman (jmw_yaku_variations section Kazoe), normalised for the comparison."),
    "nukidora_as_dora": (
        "The library counts each North set aside at a table of three among its dora (mahjong 2.1.0 "
        "hand_calculating/hand.py, num_nuki_dora); the family names them an item of their own, nukidora "
        "(jmw_sanma section North), worth the same han. The comparison counts the family's nukidora as dora."),
    "daisharin_open": (
        "The library counts daisharin on a hand whose chows were called (its daisharin test reads the tiles "
        "only, mahjong 2.1.0 hand_calculating/yaku_list/yakuman/daisharin.py); the family counts it on a "
        "concealed hand only, as a hand of seven pairs in shape (jmw_yaku_variations section Daisharin). Such "
        "situations are left out of the comparison and counted."),
}


class Options(NamedTuple):
    """The library's optional rules a corpus run sets, as the ruleset's data sets them."""

    open_tanyao: bool = True
    aka_dora: bool = True
    double_yakuman: bool = False
    kazoe: str = "yakuman"
    kiriage: bool = False
    open_pinfu_fu: bool = True
    pinfu_tsumo_fu: bool = False
    renhou: str | None = None  # None: not played; "mangan" (5 han) or "yakuman"
    daisharin: str | None = None  # None: not played; "pin" or "all" suits
    daichisei: bool = False


class Answer(NamedTuple):
    """One scorer's answer, in the shape both give."""

    error: str | None
    han: int
    fu: int
    yaku: tuple[tuple[str, int], ...]
    limit: str
    payments: tuple[int, int, int, int]


def _ids(situation: Situation, red: bool) -> dict[int, list[int]]:
    """136-format ids for each kind, a red five first where the hand holds it, and not at all where it does not
    (with red fives in the set, a five the hand holds unmarked is one of the three plain copies)."""
    reds = {4: 16, 13: 52, 22: 88}
    free: dict[int, list[int]] = {}
    for kind in range(34):
        ids = [kind * 4 + j for j in range(4)]
        if red and kind in reds:
            ids.remove(reds[kind])
            ids = ([reds[kind]] if kind in situation.red else []) + ids
        free[kind] = ids
    return free


def library_answer(situation: Situation, options: Options) -> Answer:
    """The library's answer (``estimate_hand_value``) for a situation."""
    call = library_call(situation, options)
    return library_result(call(), situation)


def library_call(situation: Situation, options: Options) -> Any:
    """A no-argument function that asks the library (built apart, so that a benchmark times only the asking)."""
    from mahjong.hand_calculating.hand import HandCalculator  # deferred: the library is a test extra
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld as LibMeld

    free = _ids(situation, options.aka_dora)

    def take(kind: int) -> int:
        return free[kind].pop(0)

    melds = []
    tiles: list[int] = []
    # meld tiles first so that a red five in a meld is the red id when the hand marks it
    for (kind, tile, exposed), added in zip(situation.melds, situation.added, strict=True):
        if kind == CHOW:
            ids = [take(tile), take(tile + 1), take(tile + 2)]
            melds.append(LibMeld(LibMeld.CHI, ids, opened=True))
        elif kind == KONG:
            ids = [take(tile) for _ in range(4)]
            melds.append(LibMeld(LibMeld.SHOUMINKAN if added else LibMeld.KAN, ids, opened=exposed))
        else:
            ids = [take(tile) for _ in range(3)]
            melds.append(LibMeld(LibMeld.PON, ids, opened=True))
        tiles.extend(ids)
    win_id = take(situation.win)
    hand_ids = [take(k) for k in situation.concealed]
    tiles.extend(hand_ids)
    tiles.append(win_id)
    kazoe = {"yakuman": HandConstants.KAZOE_LIMITED, "sanbaiman": HandConstants.KAZOE_SANBAIMAN,
             "multiple": HandConstants.KAZOE_NO_LIMIT}[options.kazoe]
    rules = OptionalRules(has_open_tanyao=options.open_tanyao, has_aka_dora=options.aka_dora,
                          has_double_yakuman=options.double_yakuman, kazoe_limit=kazoe, kiriage=options.kiriage,
                          fu_for_open_pinfu=options.open_pinfu_fu, fu_for_pinfu_tsumo=options.pinfu_tsumo_fu,
                          renhou_as_yakuman=options.renhou == "yakuman", has_daisharin=options.daisharin is not None,
                          has_daisharin_other_suits=options.daisharin == "all", has_daichisei=options.daichisei)
    facts = situation.facts
    config = HandConfig(
        is_tsumo=situation.tsumo, is_riichi="riichi" in facts or "double_riichi" in facts,
        is_ippatsu="ippatsu" in facts, is_rinshan="rinshan" in facts, is_chankan="chankan" in facts,
        is_haitei="haitei" in facts, is_houtei="houtei" in facts, is_daburu_riichi="double_riichi" in facts,
        is_tenhou="tenhou" in facts, is_chiihou="chiihou" in facts,
        is_renhou="renhou" in facts and options.renhou is not None,
        player_wind=situation.seat, round_wind=situation.round, kyoutaku_number=situation.sticks,
        tsumi_number=situation.honba, options=rules, num_nuki_dora=situation.nukidora)
    dora = [k * 4 + 3 for k in situation.dora]
    ura = [k * 4 + 3 for k in situation.ura]

    def ask() -> Any:
        return HandCalculator.estimate_hand_value(tiles, win_id, melds=melds, dora_indicators=dora, config=config,
                                                  ura_dora_indicators=ura)

    return ask


def library_result(result: Any, situation: Situation) -> Answer:
    """The library's response in the common shape."""
    if result.error:
        return Answer(str(result.error), 0, 0, (), "", (0, 0, 0, 0))
    yaku = []
    for item in result.yaku:
        attr = _attribute(item)
        han = item.han_open if result.is_open_hand and item.han_open else item.han_closed
        yaku.append((LIBRARY_NAMES[attr], int(han)))
    cost = result.cost
    level = str(cost.get("yaku_level") or "")
    dealer = situation.seat == 27
    if situation.tsumo:
        first = cost["main"] + cost["main_bonus"]
        other = cost["additional"] + cost["additional_bonus"]
        if dealer:
            other = first
    else:
        first, other = cost["main"] + cost["main_bonus"], 0
    return Answer(None, int(result.han), int(result.fu), tuple(sorted(yaku)), level,
                  (int(first), int(other), int(cost["kyoutaku_bonus"]), int(cost["total"])))


_CLASS_NAMES: dict[str, str] = {}


def _attribute(item: Any) -> str:
    """The library's ``YakuConfig`` attribute name of a yaku object (found once per class, by a fresh config)."""
    name = type(item).__name__
    if name not in _CLASS_NAMES:
        from mahjong.hand_calculating.yaku_config import YakuConfig  # deferred: the library is a test extra

        config = YakuConfig()
        for attr, value in vars(config).items():
            _CLASS_NAMES.setdefault(type(value).__name__, attr)
    return _CLASS_NAMES[name]


def hand_of(situation: Situation) -> Hand:
    """The situation's hand as the core's :class:`Hand` (red fives as its marked copies)."""
    melds = []
    for (kind, tile, exposed), added in zip(situation.melds, situation.added, strict=True):
        if kind == CHOW:
            melds.append(Meld(MeldKind.CHOW, (tile, tile + 1, tile + 2), exposed=True,
                              claimed_from=ClaimedFrom.left_of()))
        elif kind == KONG:
            melds.append(Meld(MeldKind.KONG, (tile,) * 4, exposed=exposed,
                              claimed_from=ClaimedFrom(2) if exposed else None, added=added))
        else:
            melds.append(Meld(MeldKind.PUNG, (tile,) * 3, exposed=True, claimed_from=ClaimedFrom(2)))
    return Hand(concealed=situation.concealed, melds=tuple(melds), winning_tile=situation.win,
                marked=tuple(sorted(situation.red)))


def context_of(situation: Situation) -> dict[str, Any]:
    """The situation's context by the family's names."""
    ctx: dict[str, Any] = {"winner": True, "seat_wind": situation.seat, "prevalent_wind": situation.round,
                           "self_drawn": situation.tsumo, "dora_indicators": list(situation.dora),
                           "ura_dora_indicators": list(situation.ura), "honba": situation.honba,
                           "riichi_sticks": situation.sticks}
    for fact in situation.facts:
        ctx[fact] = True
    if situation.nukidora:
        ctx["nukidora"] = situation.nukidora
    return ctx


def family_answer(ruleset: Ruleset, situation: Situation) -> Answer:
    """The family's answer, through the core's scoring path, in the common shape."""
    score = score_hand(ruleset, hand_of(situation), context_of(situation))
    assert score is not None
    return family_result(score.raw, [(i.name, i.kind, i.value, i.count) for i in score.items], score.limit or "",
                         situation)


def family_result(raw: Mapping[str, int], items: list[tuple[str, str, int, int]], limit: str,
                  situation: Situation) -> Answer:
    """A family score's ``raw`` and items in the common shape (limit names normalised, :data:`DIFFERENCES`)."""
    if "base" not in raw:
        return Answer("no_yaku", 0, 0, (), "", (0, 0, 0, 0))
    yaku = []
    for name, kind, value, count in items:
        if kind == "han":
            yaku.append((name, value * count))
        elif kind == "yakuman":
            yaku.append((name, 13 * value))
    winds = ("east", "south", "west", "north")
    if situation.tsumo:
        others = [w for w in winds[1:] if w != winds[situation.seat - 27]]
        first = raw["payment_from_east"] if situation.seat != 27 else raw["payment_from_south"]
        other = raw[f"payment_from_{others[-1]}"]
    else:
        first, other = raw["payment_from_discarder"], 0
    return Answer(None, int(raw["han"]), int(raw["fu"]), tuple(sorted(yaku)), limit.removeprefix("kazoe_")
                  .replace("_", " "), (int(first), int(other), int(raw["riichi_sticks_collected"]),
                                       int(raw["received"])))


def variant_text(base: Mapping[str, Any], options: Options) -> dict[str, Any]:
    """The data of a ruleset like ``base`` (a riichi ruleset file's data) with the library's ``options``: each
    option set where the family reads it (the yaku table, the tile set, ``scoring.options``, ``scoring.fu``)."""
    data = copy.deepcopy(dict(base))
    data["id"] = f"{data['id']}_variant"
    scoring = data["scoring"]
    yaku = scoring["yaku"]
    why = {"assumption": "a variant the agreement corpus plays, one of the oracle library's options"}
    if not options.open_tanyao:
        yaku["tanyao"] = {"value": {"closed": 1, "open": None}, **why}
    if not options.aka_dora:
        data["parameters"]["tile_set"]["value"] = [g for g in data["parameters"]["tile_set"]["value"]
                                                   if "marked" not in g]
    if options.double_yakuman:
        for name in ("kokushi_13_wait", "suuankou_tanki", "junsei_chuuren", "daisuushii"):
            yaku[name] = {"value": {"yakuman": 2}, **why}
    scoring["options"]["kazoe"] = {"value": options.kazoe, **why}
    scoring["options"]["kiriage"] = {"value": options.kiriage, **why}
    scoring["options"]["pinfu_tsumo"] = {"value": not options.pinfu_tsumo_fu, **why}
    scoring["fu"]["open_pinfu"] = {"value": 2 if options.open_pinfu_fu else 0, **why}
    if options.renhou == "mangan":
        yaku["renhou"] = {"value": {"closed": 5, "open": None}, **why}
    elif options.renhou == "yakuman":
        yaku["renhou_yakuman"] = {"value": {"yakuman": 1}, **why}
    if options.daisharin is not None:
        yaku["daisharin"] = {"value": {"yakuman": 1}, **why}
        scoring["options"]["daisharin_suits"] = {"value": ["p"] if options.daisharin == "pin" else ["m", "p", "s"],
                                                 **why}
    if options.daichisei:
        yaku["daichisei"] = {"value": {"yakuman": 1}, **why}
    return data
