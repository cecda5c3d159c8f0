"""The riichi family's scorer: a hand and its situation in, a score that explains itself out.

The situation is read from the context by the community's names (the
``mahjong score`` flags, ``--fact`` and batch ``context`` keys of the same
names): ``riichi``, ``double_riichi``, ``ippatsu``, ``rinshan``, ``chankan``,
``haitei``, ``houtei``, ``tenhou``, ``chiihou``, ``renhou`` (true or false),
``dora_indicators`` and ``ura_dora_indicators`` (lists of tiles, or a string
of tiles in the notation: ``"3m 0p"``), ``honba`` and ``riichi_sticks``
(counts).  The core's own words mean the same where they overlap: a win on a
replacement tile is rinshan, a robbed kong chankan, the last tile haitei when
self-drawn and houtei from a discard.  Red fives are the hand's marked copies
(``0m 0p 0s`` in the notation, read in the ruleset's tile set).

A situation that cannot be a riichi win is refused with the fact at fault as
its place (riichi on an open hand, ippatsu without riichi, rinshan from a
discard, a sixth dora indicator, an indicator the set has no copy left of
beside the hand's own tiles -- a fifth 1m, a second red five ...): never a
silent default.

The score's ``total`` is what the losers pay for the hand itself; ``raw``
carries ``han``, ``fu``, ``fan`` (the han of yaku alone, which a ruleset's
minimum value of one yaku reads), the base points, the yakuman counted, and
each loser's payment with the counters (``payment_from_discarder`` or
``payment_from_<wind>``, honba included) and the riichi sticks the winner
collects.  Losing hands are not scored: only the winner is paid for a hand
(EMA 2016 section 4.1).
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.families.riichi.divide import CHOW, PUNG, divisions
from mahjong_rulesets.families.riichi.evaluate import KONG, Only, Reading, Win, evaluate
from mahjong_rulesets.families.riichi.tables import (
    FAMILY,
    SITUATION_YAKU,
    YAKU_ORDER,
    YAKUMAN_ORDER,
    Rules,
    rules_of,
)

from mahjong_core.plugin import (
    WINDS,
    Arrangement,
    FactsRead,
    Form,
    Hand,
    HandError,
    MahjongError,
    Meld,
    MeldKind,
    Ruleset,
    Score,
    ScoreItem,
    TileSet,
    arrangements,
    bind,
    kind_code,
    meld_sort_key,
    parse_tiles,
)

__all__ = ["FACTS", "facts_read", "indicated", "score", "score_reading", "win_of"]

#: Every fact the family reads, besides the winds.
FACTS = (*SITUATION_YAKU, "dora_indicators", "ura_dora_indicators", "honba", "riichi_sticks", "pao", "self_drawn",
         "replacement", "robbing_kong", "last_tile", "seat_wind", "prevalent_wind", "nukidora")
_WIND_NAMES = ("east", "south", "west", "north")
_ORDER = {name: i for i, name in enumerate(YAKU_ORDER + YAKUMAN_ORDER)}


def facts_read(ruleset: Ruleset) -> FactsRead:
    """The situation facts a riichi win reads; losers are not scored."""
    rules_of(ruleset)
    return FactsRead(frozenset(FACTS), None, f"the {FAMILY} family scores the winner's hand only: losers pay for "
                                              "it and score nothing themselves (ema_2016 section 4.1)")


# --------------------------------------------------------------------------- situation


def _flag(ctx: Mapping[str, Any], name: str) -> bool:
    value = ctx.get(name)
    if value is True or value is False:
        return value
    if value is None:
        return False
    raise MahjongError(f"{name} is true or false, got {value!r}", place=name)


def _counter(ctx: Mapping[str, Any], name: str) -> int:
    value = ctx.get(name, 0)
    if value is None:
        return 0
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise MahjongError(f"{name} is a count of sticks, a whole number >= 0, got {value!r}", place=name)
    return value


def indicated(kind: int) -> int:
    """The dora a tile indicates: the next of its suit (9 to 1), wind (North to East) or dragon (red to white)."""
    if kind < 27:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind < 31:
        return 27 if kind == 30 else kind + 1
    return 31 if kind == 33 else kind + 1


@functools.lru_cache(maxsize=32)
def _next_of(ruleset: Ruleset) -> tuple[int, ...]:
    """The dora each of the 34 kinds indicates under the ruleset's tile set: the next rank of its suit that the set
    holds, the highest wrapping to the lowest, so that where a set keeps only 1m and 9m of the characters each
    indicates the other ("Tenhou.net rules", Three-player rules: 1m shows 9m and 9m shows 1m); the winds and the
    dragons as :func:`indicated`."""
    out = [indicated(k) for k in range(34)]
    held = bind(ruleset).tiles
    present = set(held.tiles)
    for base in (0, 9, 18):
        ranks = [k for k in range(base, base + 9) if k in present]
        for i, k in enumerate(ranks):
            out[k] = ranks[(i + 1) % len(ranks)]
    return tuple(out)


def _nukidora(ctx: Mapping[str, Any]) -> tuple[int, ...]:
    """The kinds of the tiles the winner set aside as dora (``nukidora``: a list of kinds, or a count of Norths as
    a person gives it to ``mahjong score``)."""
    value = ctx.get("nukidora")
    if value is None:
        return ()
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 4:
        return (WINDS[3],) * value
    if isinstance(value, list | tuple) and len(value) <= 8 and all(
            type(k) is int and 0 <= k < 34 for k in value):
        return tuple(value)
    raise MahjongError(f"nukidora is the count of Norths set aside as dora (0 to 4), got {value!r}",
                       place="nukidora")


def _indicators(ruleset: Ruleset, rules: Rules, ctx: Mapping[str, Any], name: str,
                written: list[tuple[int, str, bool]] | None = None) -> tuple[int, ...]:
    """The indicators ``ctx[name]`` names, as playing kinds.  Those written as tiles (a person's situation: the
    command line, a score sheet, a batch) are added to ``written`` with ``name`` and whether each is a marked copy
    (``0m``); kinds as a game gives them are not, being the game's own tiles (:func:`_check_shown`)."""
    value = ctx.get(name)
    if value is None or (isinstance(value, list | tuple | str) and not value):
        return ()
    if (value.__class__ is list or value.__class__ is tuple) and len(value) <= rules.indicators_most:
        for k in value:
            if k.__class__ is not int or not 0 <= k < 34:
                break
        else:
            return tuple(value)  # kinds already, as a game gives them
    tiles = bind(ruleset).tiles
    kinds: list[int] = []
    items = [value] if isinstance(value, str) else value
    if not isinstance(items, list | tuple):
        raise MahjongError(f"{name} is a list of tiles (e.g. [\"3m\", \"0p\"]) or a string of them, got {value!r}",
                           place=name)
    for item in items:
        if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 34:
            kinds.append(item)
            continue
        if not isinstance(item, str):
            raise MahjongError(f"{name} holds tiles in the notation (\"3m\", \"0p\"), got {item!r}", place=name)
        try:
            found = parse_tiles(item, source=None, tiles=tiles)
        except MahjongError as exc:
            raise MahjongError(f"{name}: {exc.message}", place=name) from None
        for kind in found:
            plays = tiles.plays_as[kind] if kind < tiles.size else -1
            if not 0 <= plays < 34:
                raise MahjongError(f"{name}: {tiles.code(kind)} cannot be a dora indicator (a bonus tile or joker)",
                                   place=name)
            kinds.append(plays)
            if written is not None:
                written.append((plays, name, kind in tiles.marked))
    if len(kinds) > rules.indicators_most:
        raise MahjongError(f"{name} lists {len(kinds)} tiles; a deal shows at most {rules.indicators_most} "
                           f"(one, and one for each kong) [{rules.sources['dora.indicators_most']}]", place=name)
    return tuple(kinds)


def _melds(hand: Hand) -> tuple[tuple[int, int, bool], ...]:
    out = []
    for index, meld in enumerate(hand.melds):
        if meld.kind is MeldKind.CHOW:
            out.append((CHOW, meld.tiles[0], True))
        elif meld.kind is MeldKind.PUNG:
            out.append((PUNG, meld.tiles[0], True))
        elif meld.kind is MeldKind.KONG:
            out.append((KONG, meld.tiles[0], meld.exposed))
        else:
            raise HandError(f"a riichi hand declares chows, pungs and kongs only, got a {meld.kind.value}",
                            place=f"melds[{index}]")
    return tuple(out)


def win_of(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> tuple[Win, dict[str, Any]]:
    """The :class:`~.evaluate.Win` of a hand and its context, and the situation as read (indicators, counters).

    :raises MahjongError: for a situation that cannot be a riichi win, located at the fact at fault.
    :raises HandError: for a hand without its winning tile or with a meld riichi does not declare.
    """
    rules = rules_of(ruleset)
    if hand.winning_tile is None:
        raise HandError("a winning hand names its winning tile (+TILE)", place="hand")
    melds = _melds(hand)
    opened = kongs = False
    for kind, _, exposed in melds:
        if exposed:
            opened = True
        if kind == KONG:
            kongs = True
    get = context.get
    facts = set()
    for name in SITUATION_YAKU:
        value = get(name)
        if value is True or (value is not None and value is not False and _flag(context, name)):
            facts.add(name)
    replacement, robbed, drawn = get("replacement"), get("robbing_kong"), get("self_drawn")
    if replacement.__class__ is not bool:
        replacement = _flag(context, "replacement")
    if robbed.__class__ is not bool:
        robbed = _flag(context, "robbing_kong")
    if drawn.__class__ is not bool:
        drawn = _flag(context, "self_drawn")
    tsumo = drawn or replacement or "rinshan" in facts
    if replacement and kongs:  # a bonus tile's replacement is no rinshan
        facts.add("rinshan")
    if robbed:
        facts.add("chankan")
    # The last tile drawn or discarded: not a replacement tile (rinshan), nor a kong's tile robbed (chankan).
    last = get("last_tile")
    if last is not None and _flag(context, "last_tile") and not ({"haitei", "houtei", "rinshan", "chankan"} & facts):
        facts.add("haitei" if tsumo else "houtei")
    if "double_riichi" in facts:
        facts.discard("riichi")
    nukidora = _nukidora(context)
    _check(facts, tsumo, opened, bool(melds), kongs or bool(nukidora))
    seat, prevalent = context.get("seat_wind"), context.get("prevalent_wind")
    for name, wind in (("seat_wind", seat), ("prevalent_wind", prevalent)):
        if wind not in WINDS:
            raise MahjongError(f"scoring a {FAMILY} hand needs {name} as a wind tile kind, got {wind!r}", place=name)
    dealer = seat == WINDS[0]
    if "tenhou" in facts and not dealer:
        raise MahjongError("tenhou is the dealer's win on the dealt hand; the seat is not East", place="tenhou")
    for fact in ("chiihou", "renhou"):
        if fact in facts and dealer:
            raise MahjongError(f"{fact} is a non-dealer's win; the seat is East, the dealer", place=fact)
    written: list[tuple[int, str, bool]] = []
    dora_indicators = _indicators(ruleset, rules, context, "dora_indicators", written)
    ura_indicators = _indicators(ruleset, rules, context, "ura_dora_indicators", written)
    if len(ura_indicators) > len(dora_indicators):
        raise MahjongError(f"ura_dora_indicators lists {len(ura_indicators)} tiles, more than the "
                           f"{len(dora_indicators)} dora indicators they lie under", place="ura_dora_indicators")
    counts = [0] * 34
    for kind in hand.concealed:
        counts[kind] += 1
    counts[hand.winning_tile] += 1
    totals = list(counts)
    for kind, tile, _ in melds:
        if kind == CHOW:
            totals[tile] += 1
            totals[tile + 1] += 1
            totals[tile + 2] += 1
        else:
            totals[tile] += 4 if kind == KONG else 3
    for kind in nukidora:  # set aside, out of the hand, and still counted by the indicators
        totals[kind] += 1
    if written:
        _check_shown(ruleset, hand, totals, dora_indicators, ura_indicators, written)
    nxt = _next_of(ruleset) if rules.players < 4 or nukidora else _STANDARD_NEXT
    dora = 0
    for k in dora_indicators:
        dora += totals[nxt[k]]
    dora *= rules.dora[0]
    riichi = "riichi" in facts or "double_riichi" in facts
    ura = 0
    if riichi:
        for k in ura_indicators:
            ura += totals[nxt[k]]
        ura *= rules.dora[2]
    aka = len(hand.marked) * rules.dora[1]
    win = Win(tuple(counts), melds, hand.winning_tile, tsumo, int(seat), int(prevalent), dealer,  # type: ignore[arg-type]
              frozenset(facts), (dora, aka, ura, len(nukidora) * rules.nukidora))
    situation = {"dora_indicators": dora_indicators, "ura_dora_indicators": ura_indicators if riichi else (),
                 "honba": _counter(context, "honba"), "riichi_sticks": _counter(context, "riichi_sticks"),
                 "pao": _liable(context, int(seat))}  # type: ignore[arg-type]
    return win, situation


_STANDARD_NEXT = tuple(indicated(k) for k in range(34))


@functools.lru_cache(maxsize=32)
def _caps(ruleset: Ruleset) -> tuple[list[int], tuple[int, ...]]:
    """Per playing kind, the copies the ruleset's tile set holds (marked ones included), and the marked copies
    alone; kept per ruleset as its compiled tables are (:func:`rules_of`)."""
    tiles: TileSet = bind(ruleset).tiles
    every, marked = [0] * 34, [0] * 34
    for kind, n in tiles.copies().items():
        plays = tiles.plays_as[kind] if kind < tiles.size else -1
        if 0 <= plays < 34:
            every[plays] += n
            if kind in tiles.marked:
                marked[plays] += n
    return every, tuple(marked)


def _check_shown(ruleset: Ruleset, hand: Hand, totals: list[int], dora: tuple[int, ...], ura: tuple[int, ...],
                 written: list[tuple[int, str, bool]]) -> None:
    """Refuse indicators written for a situation that, with the hand's own tiles (and its tiles set aside), need
    more copies of a tile, or of its marked copy, than the set holds: every indicator is a tile of the dead wall,
    none of them the hand's (five 1m shown, a third 7z beside a hand of three).  Asked only where the indicators
    were written as tiles: a game asks the family about hands it only supposes -- the bots' and the rules' "would
    this wait win?" -- whose winning tile may be one already in sight, and its indicators are its own tiles."""
    every, marked = _caps(ruleset)
    seen: dict[int, int] = {}
    for name, kinds in (("dora_indicators", dora), ("ura_dora_indicators", ura)):
        for kind in kinds:
            seen[kind] = n = seen.get(kind, totals[kind]) + 1
            if n > every[kind]:
                if not every[kind]:
                    raise MahjongError(f"{kind_code(kind)} is not in this ruleset's tile set", place=name)
                raise MahjongError(f"{kind_code(kind)} shown as an indicator would be copy {n} of it, with the "
                                   f"hand's own; the tile set holds {every[kind]}", place=name)
    shown: list[int] = []
    for kind, name, red in written:
        if not red:
            continue
        shown.append(kind)
        held = hand.marked.count(kind) + shown.count(kind)
        if held > marked[kind]:
            tiles = bind(ruleset).tiles
            code = tiles.code(tiles.marked_of(kind))
            raise MahjongError(f"{code} shown as an indicator would be marked copy {held} of {kind_code(kind)}, with "
                               f"the hand's own; the tile set holds {marked[kind]}", place=name)


def _liable(ctx: Mapping[str, Any], seat: int) -> int | None:
    """The seat wind of the player liable for the hand (``pao``: a wind letter or kind), or ``None``."""
    value = ctx.get("pao")
    if value is None:
        return None
    if isinstance(value, str) and value.upper()[:1] in "ESWN" and len(value) in (1, 4, 5):
        value = 27 + "ESWN".index(value.upper()[:1])
    if not isinstance(value, int) or isinstance(value, bool) or value not in WINDS:
        raise MahjongError(f"pao names the liable player's seat wind (E, S, W or N), got {value!r}", place="pao")
    if value == seat:
        raise MahjongError("pao names the winner's own seat; the liable player is the one who fed the last set",
                           place="pao")
    return value


_RIICHI_ALONE = frozenset({"riichi"})
_RIICHI_FACTS = frozenset({"riichi", "double_riichi", "ippatsu"})


def _check(facts: set[str], tsumo: bool, opened: bool, melds: bool, kongs: bool) -> None:
    """The situation yaku that cannot hold together or with this hand (EMA 2016 sections 3.3.14 and 4.2)."""
    if not facts or (facts == _RIICHI_ALONE and not opened):
        return  # every rule below needs a fact, and riichi alone breaks only the first: most wins, and every judge
    riichi = "riichi" in facts or "double_riichi" in facts
    if facts <= _RIICHI_FACTS and not (riichi and opened) and (riichi or "ippatsu" not in facts):
        return  # riichi and ippatsu alone break only the first two rules below
    rules = (
        (riichi and opened, "riichi" if "riichi" in facts else "double_riichi",
         "riichi is declared on a concealed hand; this hand has an exposed meld"),
        ("ippatsu" in facts and not riichi, "ippatsu", "ippatsu is won within a go-around of a riichi; no riichi "
                                                       "was declared"),
        ("chankan" in facts and tsumo, "chankan", "chankan is won on another player's kong tile, not self-drawn"),
        ("rinshan" in facts and not tsumo, "rinshan", "rinshan is won on the replacement tile one draws"),
        ("rinshan" in facts and not kongs, "rinshan", "rinshan is won on the replacement tile drawn for one's own "
                                                      "kong or tile set aside; this hand declares neither"),
        ("haitei" in facts and not tsumo, "haitei", "haitei is won by drawing the last tile; this win is on a discard"),
        ("houtei" in facts and tsumo, "houtei", "houtei is won on the last discard; this win is self-drawn"),
        ("haitei" in facts and "rinshan" in facts, "haitei", "the last tile of the wall is not a replacement tile"),
        ("houtei" in facts and "chankan" in facts, "houtei", "the last discard is not a robbed kong tile"),
        ("tenhou" in facts and (not tsumo or melds), "tenhou", "tenhou is won self-drawn on the dealt hand, with no "
                                                              "meld"),
        ("chiihou" in facts and (not tsumo or melds), "chiihou", "chiihou is won self-drawn on the first draw, with "
                                                                "no meld"),
        ("renhou" in facts and (tsumo or melds), "renhou", "renhou is won on a discard before one's first draw, "
                                                          "with no meld"),
        (riichi and bool({"tenhou", "chiihou", "renhou"} & facts), min({"tenhou", "chiihou", "renhou"} & facts,
                                                                       default="tenhou"),
         "a win on the first turn comes before any discard, so before any riichi"),
    )
    for broken, place, message in rules:
        if broken:
            raise MahjongError(message, place=place)


# --------------------------------------------------------------------------- the score


#: A meld's place in the core's canonical order (what ``meld_sort_key`` gives).
MeldKey = tuple[tuple[int, ...], int, bool, int, bool]


def _meld(kind: int, tile: int, exposed: bool) -> tuple[Meld, MeldKey]:
    """The meld of a reading's set ``(kind, tile, open)`` and its place in the core's canonical order, made once."""
    key = (kind, tile, exposed)
    made = _MELDS.get(key)
    if made is None:
        if kind == CHOW:
            meld = Meld(MeldKind.CHOW, (tile, tile + 1, tile + 2), exposed=exposed)
        elif kind == PUNG:
            meld = Meld(MeldKind.PUNG, (tile,) * 3, exposed=exposed)
        elif kind == KONG:
            meld = Meld(MeldKind.KONG, (tile,) * 4, exposed=exposed)
        elif kind == 3:
            meld = Meld(MeldKind.SINGLE, (tile,))
        else:
            meld = Meld(MeldKind.PAIR, (tile, tile))
        made = _MELDS[key] = (meld, meld_sort_key(meld))
    return made


_FORMS = {"standard": Form.STANDARD, "chiitoitsu": Form.SEVEN_PAIRS, "kokushi": Form.THIRTEEN_ORPHANS}
_BY_KEY = operator.itemgetter(1)


def _arrangement(reading: Reading, winning_tile: int, declared: Sequence[Meld]) -> Arrangement:
    """The reading as the core's arrangement: the hand's declared melds as the hand declares them (whom each was
    claimed from); its winning group, where the reading names none (thirteen orphans), the first holding the
    winning tile, as the core's own readings of the hand name it."""
    made = _MELDS
    melds = [made.get(key) or _meld(*key) for key in reading.sets]  # a set (kind, tile, open) is its key
    if declared and reading.form == "standard":  # the sets: the division's, then the declared ones, then the pair
        start = len(melds) - 1 - len(declared)
        melds[start:start + len(declared)] = [(meld, meld_sort_key(meld)) for meld in declared]
    winning: int | None = reading.winning_set if reading.winning_set >= 0 else None
    if reading.form == "standard" and reading.winning_set < 0:
        winning = len(melds) - 1
    elif winning is None:
        winning = next((k for k, (meld, _) in enumerate(melds) if winning_tile in meld.tiles), None)
    # In the core's canonical order (meld_sort_key), the winning group named by the first of its equals, as the
    # core's readings are: equal keys are equal melds here (riichi's melds hold no jokers).
    ordered = sorted(melds, key=_BY_KEY)
    if winning is not None:
        first = melds[winning][1]
        winning = next(k for k, (_, key) in enumerate(ordered) if key == first)
    return Arrangement(_FORMS[reading.form], tuple([meld for meld, _ in ordered]), winning)


def _pao_part(rules: Rules, reading: Reading) -> int:
    """The limits of the hand's yakuman that carry liability (pao): 0 when none does."""
    return sum(han // 13 for name, han in reading.yaku if reading.yakuman and rules.yaku[name].pao)


def _payments(rules: Rules, reading: Reading, win: Win, situation: Mapping[str, Any]) -> dict[str, int]:
    """Each loser's payment for a scored reading (:func:`payments`)."""
    liable = situation.get("pao")
    pao_base = rules.yakuman_base * _pao_part(rules, reading) if liable is not None else 0
    return payments(rules, reading.base, pao_base, win.dealer, win.tsumo, win.seat, situation)


def payments(rules: Rules, base: int, pao_base: int, dealer: bool, tsumo: bool, seat_wind: int,
             situation: Mapping[str, Any]) -> dict[str, int]:
    """Each loser's payment, the counters included (EMA 2016 sections 3.4.10 and 4.1.3).

    With pao (EMA 2016 section 3.3.9), the liable player pays the liable yakuman's value as if it were won on
    his discard, and all the honba, when the hand is self-drawn; when another player dealt in, the liable player
    and the discarder share that value equally, and the discarder alone pays the honba.  The hand's other
    yakuman, if any, are paid the usual way.
    """
    honba, sticks = int(situation["honba"]), int(situation["riichi_sticks"])
    liable = situation.get("pao")
    p = rules.payments
    base -= pao_base
    main, other = rules.pay(base, dealer, tsumo) if base else (0, 0)
    out: dict[str, int] = {}
    liable_key = _PAO_KEYS[liable - 27] if liable is not None else ""
    if not tsumo:
        out["payment_from_discarder"] = main + p.honba * honba
        hand_value = main
        if pao_base:
            whole, _ = rules.pay(pao_base, dealer, False)
            out["payment_from_discarder"] += whole // 2
            out[liable_key] = whole - whole // 2
            hand_value += whole
    else:
        hand_value = 0
        # A counter is worth p.honba however the hand is won: self-drawn, the seats that pay share it equally (100
        # each of three at four seats; at three, each of two pays half of the three-player game's own worth).
        share = 0 if pao_base else p.honba * honba // (rules.players - 1)
        seats = 27 + rules.players
        if seats < 31 and not rules.self_draw_loss and base:  # the missing seats' shares split between the payers
            missing = (31 - seats) * (main if dealer else other)
            extra = -(-missing // (rules.players - 1) // p.rounding) * p.rounding
            main, other = main + extra, other + extra
        for wind in range(27, seats):
            if wind == seat_wind:
                continue
            pays = (main if wind == 27 else other) if base else 0
            if pays or share or not pao_base:
                out[_PAYMENT_KEYS[wind - 27]] = pays + share
            hand_value += pays
        if pao_base:
            whole, _ = rules.pay(pao_base, dealer, False)
            out[liable_key] = whole + p.honba * honba
            hand_value += whole
    paid = sum(out.values())  # every entry so far is a payment_from_*
    out["riichi_sticks_collected"] = collected = p.riichi_stick * sticks
    out["received"] = paid + collected
    out["hand_value"] = hand_value
    return out


_PAYMENT_KEYS = tuple(f"payment_from_{wind}" for wind in _WIND_NAMES)
_PAO_KEYS = tuple(f"payment_from_pao_{wind}" for wind in _WIND_NAMES)


def score(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score:
    """Score a riichi hand (see the module docstring).

    :raises HandError: when the hand is not complete.
    :raises MahjongError: for a situation that cannot be a riichi win.
    """
    if not context.get("winner", True):
        return Score(0, FAMILY, raw={"han": 0, "fu": 0, "fan": 0})
    rules = rules_of(ruleset)
    win, situation = win_of(ruleset, hand, context)
    reading = evaluate(rules, win)
    if reading is None:
        return _no_yaku(rules, win, hand)
    _check_pao(rules, situation, reading)
    return _score(rules, win, situation, reading, hand.melds)


def minimum_figures(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> dict[str, int]:
    """The figures of :func:`score`'s ``raw`` that do not pay (han, fu, fan, base, yakuman, honba, sticks, the
    dora counts), without its items and payments: the game asks the minimum (``{fan: 1}``, a yaku) of every win it
    may offer and the bot of every wait it weighs, and most of those hands hold no yaku.

    :raises HandError: or :class:`MahjongError`, as :func:`score` raises for the same hand and facts.
    """
    if not context.get("winner", True):
        return {"han": 0, "fu": 0, "fan": 0}
    rules = rules_of(ruleset)
    win, situation = win_of(ruleset, hand, context)
    reading = evaluate(rules, win)
    if reading is None:
        _refuse_incomplete(win)
        return {"han": sum(win.dora), "fu": 0, "fan": 0}
    _check_pao(rules, situation, reading)
    return _figures(situation, reading)


def _figures(situation: Mapping[str, Any], reading: Reading) -> dict[str, int]:
    """A reading's figures that do not pay: its han, fu, fan (the yaku's han alone), base, yakuman, the counters,
    and each kind of dora's han."""
    fan = 0
    for _, han in reading.yaku:
        fan += han
    figures = {"han": reading.han, "fu": reading.fu, "fan": fan, "base": reading.base, "yakuman": reading.yakuman,
               "honba": int(situation["honba"]), "riichi_sticks": int(situation["riichi_sticks"])}
    for name, han in reading.dora:
        figures[name] = han
    return figures


def _check_pao(rules: Rules, situation: Mapping[str, Any], reading: Reading) -> None:
    if situation["pao"] is not None and not _pao_part(rules, reading):
        raise MahjongError("pao is given, but the hand holds no yakuman that carries liability under these rules "
                           f"({', '.join(n for n, row in rules.yaku.items() if row.pao) or 'none'})", place="pao")


def score_reading(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any], arrangement: Arrangement) -> Score:
    """Score one given reading of a hand alone (the conformance suite's ``mahjong_score_reading``): the family
    divides hands itself, so the reading is told to :func:`~.evaluate.evaluate` as the one it may read.

    :raises MahjongError: for a reading riichi does not have (a knitted form, a winning tile in a declared meld).
    """
    if not context.get("winner", True):
        return Score(0, FAMILY, raw={"han": 0, "fu": 0, "fan": 0})
    rules = rules_of(ruleset)
    win, situation = win_of(ruleset, hand, context)
    reading = evaluate(rules, win, _only(hand, arrangement))
    return _no_yaku(rules, win, hand) if reading is None else _score(rules, win, situation, reading, hand.melds)


_FORM_NAMES = {form: name for name, form in _FORMS.items()}


def _only(hand: Hand, arrangement: Arrangement) -> Only:
    """The reading as the family's arithmetic names one (:class:`~.evaluate.Only`)."""
    form = _FORM_NAMES.get(arrangement.form)
    if form is None:
        raise MahjongError(f"riichi has no {arrangement.form.value} hand", place="arrangement")
    if form != "standard":
        return Only(form)
    rest = list(arrangement.melds)
    winning = None if arrangement.winning_meld is None else rest[arrangement.winning_meld]
    for meld in hand.melds:  # the declared melds are the hand's; the division is of the rest
        found = next((k for k, m in enumerate(rest) if m.kind is meld.kind and m.tiles == meld.tiles), None)
        if found is None:
            raise MahjongError("the reading leaves out a declared meld", place="arrangement")
        if rest[found] is winning:
            raise MahjongError("the winning tile completes a concealed group, not a declared meld",
                               place="arrangement")
        del rest[found]
    pairs = [m.tiles[0] for m in rest if m.kind is MeldKind.PAIR]
    sets = tuple(sorted((CHOW if m.kind is MeldKind.CHOW else PUNG, m.tiles[0])
                        for m in rest if m.kind is not MeldKind.PAIR))
    if len(pairs) != 1:
        raise MahjongError("a standard reading holds one pair", place="arrangement")
    won = None if winning is None or winning.kind is MeldKind.PAIR else (
        CHOW if winning.kind is MeldKind.CHOW else PUNG, winning.tiles[0])
    return Only("standard", pairs[0], sets, won)


def _no_yaku(rules: Rules, win: Win, hand: Hand) -> Score:
    """A complete hand without a yaku (or not complete at all): a hand without a yaku is not a win.  Its score
    names a reading of the hand all the same (the core's first), as every score of a complete hand does."""
    _refuse_incomplete(win)
    readings = arrangements(hand)
    return Score(0, FAMILY, raw={"han": sum(win.dora), "fu": 0, "fan": 0},
                 items=(ScoreItem("no_yaku", "han", 0, 1, rules.sources["yaku.riichi"],
                                  "the hand holds no yaku: dora alone do not make a win"),),
                 arrangement=readings[0] if readings else None)


def _refuse_incomplete(win: Win) -> None:
    complete = bool(divisions(list(win.counts))) or (not win.melds and (
        sorted(c for c in win.counts if c) == [2] * 7 or _is_orphans(win.counts)))
    if not complete:
        raise HandError("these tiles make no riichi hand: four sets and a pair, seven different pairs or thirteen "
                        "orphans", place="hand")


def _is_orphans(counts: Sequence[int]) -> bool:
    orphans = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
    return all(counts[k] for k in orphans) and sum(counts[k] for k in orphans) == 14


#: Score items and melds are values: the few that recur are made once and handed out again (a game scores
#: thousands of hands from a handful of rows), keyed by everything they hold, so no hand's answer is remembered.
_ITEMS: dict[tuple[Any, ...], ScoreItem] = {}
_MELDS: dict[tuple[int, int, bool], tuple[Meld, MeldKey]] = {}


def _item(name: str, kind: str, value: int, count: int, source: str, detail: str = "") -> ScoreItem:
    key = (name, kind, value, count, source, detail)
    item = _ITEMS.get(key)
    if item is None:
        if len(_ITEMS) > 4096:
            _ITEMS.clear()
        item = _ITEMS[key] = ScoreItem(name, kind, value, count, source, detail)
    return item


def _score(rules: Rules, win: Win, situation: Mapping[str, Any], reading: Reading,
           declared: Sequence[Meld] = ()) -> Score:
    items: list[ScoreItem] = []
    sources = rules.sources
    yaku = reading.yaku if len(reading.yaku) < 2 else sorted(reading.yaku, key=lambda y: _ORDER[y[0]])
    for name, han in yaku:
        source = sources["yaku." + name]
        if reading.yakuman and han % 13 == 0 and rules.yaku[name].yakuman:
            items.append(_item(name, "yakuman", han // 13, 1, source))
        else:
            items.append(_item(name, "han", han, 1, source))
    for name, han in reading.dora:
        per = rules.nukidora if name == "nukidora" else rules.dora[("dora", "aka_dora", "ura_dora").index(name)]
        if name == "aka_dora":
            detail = "red fives"
        elif name == "nukidora":
            detail = "tiles set aside"
        else:
            shown = situation["dora_indicators" if name == "dora" else "ura_dora_indicators"]
            detail = _SHOWN.get(shown) or _shown(shown)
        items.append(_item(name, "han", per, han // per if per else han, sources["dora." + name], detail))
    if reading.fu_items:
        items.extend(_fu_items(rules, win, reading))
    raw = _figures(situation, reading)
    raw.update(_payments(rules, reading, win, situation))
    return Score(total=raw["hand_value"], family=FAMILY, items=tuple(items),
                 arrangement=_arrangement(reading, win.win, declared), limit=reading.limit or None, raw=raw)


#: The detail of a dora line by the indicators shown (``indicators 3m 0p``): a few tiles, each line made once.
_SHOWN: dict[tuple[int, ...], str] = {}


def _shown(shown: tuple[int, ...]) -> str:
    if len(_SHOWN) > 4096:
        _SHOWN.clear()
    text = _SHOWN[shown] = "indicators " + " ".join(kind_code(k) for k in shown)
    return text


def _fu_items(rules: Rules, win: Win, reading: Reading) -> list[ScoreItem]:
    """The fu count's lines, each naming what it counts: the set, the pair, or the wait's tile."""
    sets = [(kind, tile) for kind, tile, _ in reading.sets if kind == PUNG or kind == KONG]
    pair = reading.sets[-1][1] if reading.form == "standard" else None
    sources = rules.sources
    out = []
    taken = 0
    for name, fu in reading.fu_items:
        row = _FU_ROWS.get(name)
        if row is None:
            row = _FU_ROWS[name] = _fu_row(name)
        item, source, what = row
        if what == _SET:
            kind, tile = sets[taken]
            taken += 1
            detail = _DETAILS.get((kind, tile))
            if detail is None:
                detail = _DETAILS[kind, tile] = f"{'kong' if kind == KONG else 'pung'} {kind_code(tile)}"
        elif what == _WAIT:
            detail = _DETAILS.get(("won on", win.win)) or _detail("won on", win.win)
        elif what == _PAIR and pair is not None:
            detail = _DETAILS.get(("pair", pair)) or _detail("pair", pair)
        else:
            detail = ""
        out.append(_item(item, "fu", fu, 1, sources[source], detail))
    return out


_SET, _WAIT, _PAIR = 1, 2, 3
_FU_SOURCES = {"kanchan": "wait", "penchan": "wait", "tanki": "wait", "valued_pair": "valued_pair",
               "double_valued_pair": "double_valued_pair", "tsumo": "tsumo", "open_pinfu": "open_pinfu",
               "base": "base", "closed_ron": "closed_ron", "chiitoitsu": "seven_pairs"}
#: Each fu item's line, by the item: its name on the score, the key of its source, what its detail names.
_FU_ROWS: dict[str, tuple[str, str, int]] = {}
#: The details the lines write (``pung 5m``, ``won on 3p``, ``pair 7z``), each made once.
_DETAILS: dict[tuple[Any, int], str] = {}


def _fu_row(name: str) -> tuple[str, str, int]:
    if name.endswith(("pung", "kong")):
        what = _SET
    elif name in ("kanchan", "penchan", "tanki"):
        what = _WAIT
    elif name.endswith("valued_pair"):
        what = _PAIR
    else:
        what = 0
    return "fu_" + name, "fu." + _FU_SOURCES.get(name, "pung"), what


def _detail(words: str, kind: int) -> str:
    text = _DETAILS[words, kind] = f"{words} {kind_code(kind)}"
    return text
