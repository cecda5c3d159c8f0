"""A riichi ruleset's scoring tables, read once from its ``scoring`` section into :class:`Rules`.

Every number the family uses is a leaf of the ruleset's YAML with its source
(``{value, source}`` or ``{value, assumption}``); this module checks each
against what the arithmetic can use and says where a bad one is:

* ``scoring.yaku.<id>`` -- ``{closed: han, open: han or null}`` for a yaku
  (``open: null``: concealed hands only), ``{yakuman: N}`` for a yakuman worth
  N limits (a double yakuman is 2), or ``null`` for a yaku the rules do not
  play (a local yaku switched off by data).  A yakuman's ``pao: true`` (left
  out: false) makes the player who fed its last set liable for it (sekinin
  barai): which yakuman carry liability is this data alone, read by the
  finder of the liable seat in play and by the scoring of a ``pao`` fact
  (:mod:`.pao`); the family knows how the last set of ``daisangen``,
  ``daisuushii`` and ``suukantsu`` is fed, and ``pao: true`` on any other
  yakuman is a load error (no seat could ever be found liable for it);
* ``scoring.fu.<item>`` -- the fu of each rule of the fu count;
* ``scoring.options`` -- ``pinfu_tsumo`` (a self-drawn pinfu keeps pinfu and
  takes no tsumo fu), ``kazoe`` (what 13 han or more of ordinary yaku pay:
  ``yakuman``, ``sanbaiman`` or ``multiple``), ``kiriage`` (4 han 30 fu and 3 han
  60 fu round up to mangan), ``yakuman_cap`` (the most limits one hand pays),
  ``daisharin_suits``;
* ``scoring.limits.<name>`` -- ``{han, base}``: from this many han the base
  points are this (mangan 5 han 2,000 ...), and ``yakuman`` the base of one
  limit hand;
* ``scoring.dora.<item>`` -- the han of each dora, red five and ura-dora,
  and the most indicators a deal can show (one, and one per kong); where a
  ruleset sets tiles aside as dora (three-player riichi's North), ``nukidora``,
  the han of each;
* ``scoring.payments.<item>`` -- how base points become each loser's payment
  and the counters' worth (honba, riichi sticks: a counter's worth is what a discarder pays, and the seats that pay
  a self-drawn win share it equally, so it is a multiple of their number); at a table of three,
  ``self_draw_loss`` (the missing seat's share of a self-drawn win is lost,
  or split between the two who pay).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any, NamedTuple

from mahjong_rulesets.families.riichi.pao import PATTERNS

from mahjong_core.plugin import Ruleset, RulesetError

__all__ = ["FAMILY", "FuTable", "Payments", "Rules", "YakuRow", "citation", "rules_of"]

FAMILY = "riichi"

#: Every yaku the family knows, by id, in the order a score lists them; a ruleset's table names a subset.
YAKU_ORDER = (
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "pinfu", "tanyao", "iipeikou", "haku", "hatsu", "chun",
    "seat_wind", "round_wind", "haitei", "houtei", "rinshan", "chankan", "chiitoitsu", "chanta", "ittsu",
    "sanshoku", "sanshoku_doukou", "toitoi", "sanankou", "sankantsu", "honroutou", "shousangen", "honitsu",
    "junchan", "ryanpeikou", "chinitsu", "renhou",
)
YAKUMAN_ORDER = (
    "kokushi", "kokushi_13_wait", "suuankou", "suuankou_tanki", "daisangen", "shousuushii", "daisuushii",
    "tsuuiisou", "ryuuiisou", "chinroutou", "chuuren", "junsei_chuuren", "suukantsu", "tenhou", "chiihou",
    "renhou_yakuman", "daisharin", "daichisei",
)
#: Situation yaku whose fact a caller gives (the rest are read from the tiles).
SITUATION_YAKU = ("riichi", "double_riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou",
                  "renhou")
_KAZOE = ("yakuman", "sanbaiman", "multiple")
_FU_KEYS = ("base", "closed_ron", "tsumo", "wait", "valued_pair", "double_valued_pair", "pung", "terminal_factor",
            "concealed_factor", "kong_factor", "open_pinfu", "seven_pairs", "rounding")
_LIMITS = ("mangan", "haneman", "baiman", "sanbaiman", "yakuman")
_PAYMENTS = ("ron_dealer", "ron_non_dealer", "tsumo_dealer_each", "tsumo_dealer_share", "tsumo_non_dealer_share",
             "rounding", "honba", "riichi_stick")


class YakuRow(NamedTuple):
    """One yaku: its han closed and open (``None``: not open), or for a yakuman the limits it is worth."""

    id: str
    closed: int
    open: int | None
    yakuman: bool
    source: str
    pao: bool = False


class FuTable(NamedTuple):
    """The fu of each rule of the count (EMA 2016 section 4.1.1)."""

    base: int
    closed_ron: int
    tsumo: int
    wait: int
    valued_pair: int
    double_valued_pair: int
    pung: int
    terminal_factor: int
    concealed_factor: int
    kong_factor: int
    open_pinfu: int
    seven_pairs: int
    rounding: int


class Payments(NamedTuple):
    """Base points to payments: multipliers, the rounding step, and the counters' worth."""

    ron_dealer: int
    ron_non_dealer: int
    tsumo_dealer_each: int
    tsumo_dealer_share: int
    tsumo_non_dealer_share: int
    rounding: int
    honba: int
    riichi_stick: int


class Rules(NamedTuple):
    """A riichi ruleset's scoring, compiled; ``sources`` names each value's citation by its path."""

    yaku: dict[str, YakuRow]
    fu: FuTable
    pinfu_tsumo: bool
    kazoe: str
    kiriage: bool
    yakuman_cap: int | None
    daisharin: tuple[int, ...] | None
    limits: tuple[tuple[str, int, int], ...]
    yakuman_base: int
    payments: Payments
    dora: tuple[int, int, int]
    indicators_most: int
    sources: dict[str, str]
    #: The han of each tile set aside as a dora by choice (three-player riichi's North, ``scoring.dora.nukidora``).
    nukidora: int = 0
    #: The seats at the table: at three, a self-drawn win is paid by two.
    players: int = 4
    #: At fewer than four seats, whether the share the missing seat would pay for a self-drawn win is lost to the
    #: winner (``scoring.payments.self_draw_loss``: tsumo loss) or split between the seats that pay.
    self_draw_loss: bool = True
    #: The yakuman that carry liability (``pao: true`` in their rows), in the order :mod:`.pao` looks for them.
    liable: tuple[str, ...] = ()

    @property
    def open_tanyao(self) -> bool:
        row = self.yaku.get("tanyao")
        return row is not None and row.open is not None

    @property
    def renhou_yakuman(self) -> bool:
        return "renhou_yakuman" in self.yaku

    def yakuman_limit(self, multiple: int) -> tuple[str, int]:
        """The limit's name and base points of a hand worth ``multiple`` yakuman."""
        return ("yakuman" if multiple == 1 else f"{multiple}x_yakuman"), self.yakuman_base * multiple

    def value(self, han: int, fu: int) -> tuple[str, int, int]:
        """``(limit name or "", base points, yakuman counted)`` of ``han`` han and ``fu`` fu of ordinary yaku.

        13 han or more is a counted (kazoe) hand, paid as ``scoring.options.kazoe`` says.
        """
        if han >= 13 and self.kazoe != "sanbaiman":
            if self.kazoe == "yakuman":
                return "kazoe_yakuman", self.yakuman_base, 1
            multiple = han // 13
            if self.yakuman_cap:
                multiple = min(multiple, self.yakuman_cap)
            return ("kazoe_yakuman" if multiple == 1 else f"kazoe_{multiple}x_yakuman"), \
                self.yakuman_base * multiple, multiple
        limit_han = self.limits[0][1]
        if han >= limit_han:
            name, base = "", 0
            for limit, low, points in self.limits:
                if han >= low:
                    name, base = limit, points
            return name, base, 0
        base = fu * (1 << (2 + han))
        mangan = self.limits[0][2]
        if self.kiriage and (han, fu) in ((4, 30), (3, 60)):
            return "kiriage_mangan", mangan, 0
        if base > mangan:
            return self.limits[0][0], mangan, 0
        return "", base, 0

    def pay(self, base: int, dealer: bool, tsumo: bool) -> tuple[int, int]:
        """``(main, other)``: from a discard, the discarder's payment and 0; self-drawn, the dealer's share (each
        loser's when the dealer won) and each other loser's share."""
        p = self.payments
        step = p.rounding
        if not tsumo:
            return -(-base * (p.ron_dealer if dealer else p.ron_non_dealer) // step) * step, 0
        if dealer:
            each = -(-base * p.tsumo_dealer_each // step) * step
            return each, each
        return (-(-base * p.tsumo_dealer_share // step) * step,
                -(-base * p.tsumo_non_dealer_share // step) * step)


def citation(node: Mapping[str, Any]) -> str:
    """A leaf's source, or ``assumption: <why>``."""
    if "source" in node:
        return str(node["source"])
    return f"assumption: {node.get('assumption', '')}"


def _fail(ruleset: Ruleset, message: str, place: str) -> RulesetError:
    return RulesetError(message, source=ruleset.location, place=place)


def _group(ruleset: Ruleset, name: str) -> Mapping[str, Any]:
    node = (ruleset.raw_tables.get("scoring") or {}).get(name)
    if not isinstance(node, Mapping) or "value" in node:
        raise _fail(ruleset, f"the {FAMILY} family needs a group scoring.{name} of leaves {{value, source}}",
                    f"$.scoring.{name}")
    return node


def _count(ruleset: Ruleset, value: Any, place: str, least: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise _fail(ruleset, f"expected a whole number >= {least}, got {value!r}", place)
    return value


def _leaves(ruleset: Ruleset, group: str, keys: tuple[str, ...], sources: dict[str, str],
            optional: tuple[str, ...] = ()) -> dict[str, Any]:
    """The group's leaves by key; an ``optional`` key a ruleset leaves out is not among them."""
    node = _group(ruleset, group)
    unknown = sorted(set(node) - set(keys) - set(optional))
    if unknown:
        raise _fail(ruleset, f"scoring.{group} has no entry {unknown[0]!r}; the {FAMILY} family knows "
                             f"{', '.join(keys + optional)}", f"$.scoring.{group}.{unknown[0]}")
    out = {}
    for key in keys + tuple(k for k in optional if k in node):
        leaf = node.get(key)
        if not isinstance(leaf, Mapping) or "value" not in leaf:
            raise _fail(ruleset, f"scoring.{group}.{key} is missing: the {FAMILY} family needs it as a leaf "
                                 f"{{value, source}}", f"$.scoring.{group}")
        out[key] = leaf["value"]
        sources[f"{group}.{key}"] = citation(leaf)
    return out


def _yaku(ruleset: Ruleset, sources: dict[str, str]) -> dict[str, YakuRow]:
    node = _group(ruleset, "yaku")
    known = YAKU_ORDER + YAKUMAN_ORDER
    rows: dict[str, YakuRow] = {}
    for key, leaf in node.items():
        place = f"$.scoring.yaku.{key}"
        if key not in known:
            raise _fail(ruleset, f"unknown yaku {key!r}; the {FAMILY} family knows {', '.join(known)}", place)
        if not isinstance(leaf, Mapping) or "value" not in leaf:
            raise _fail(ruleset, f"yaku {key} must be a leaf {{value, source}}", place)
        value = leaf["value"]
        sources[f"yaku.{key}"] = citation(leaf)
        if value is None:
            continue  # not played under these rules
        if key in YAKUMAN_ORDER:
            if not isinstance(value, Mapping) or "yakuman" not in value or not set(value) <= {"yakuman", "pao"}:
                raise _fail(ruleset, f"yakuman {key} is worth {{yakuman: N, pao: true or false}} (N limits; pao: a "
                                     f"player who fed it is liable) or null, got {value!r}", place + ".value")
            n = _count(ruleset, value["yakuman"], place + ".value.yakuman", 1)
            pao = value.get("pao", False)
            if not isinstance(pao, bool):
                raise _fail(ruleset, f"yakuman {key}'s pao is true or false, got {pao!r}", place + ".value.pao")
            if pao and key not in PATTERNS:
                raise _fail(ruleset, f"yakuman {key} cannot carry liability (pao): the {FAMILY} family knows who "
                                     f"fed the last set of {', '.join(PATTERNS)} only", place + ".value.pao")
            rows[key] = YakuRow(key, n, n, True, citation(leaf), pao)
            continue
        if not isinstance(value, Mapping) or not set(value) <= {"closed", "open"} or "closed" not in value:
            raise _fail(ruleset, f"yaku {key} is worth {{closed: han, open: han or null}} or null, got {value!r}",
                        place + ".value")
        closed = _count(ruleset, value["closed"], place + ".value.closed", 1)
        opened = value.get("open")
        if opened is not None:
            opened = _count(ruleset, opened, place + ".value.open", 1)
        rows[key] = YakuRow(key, closed, opened, False, citation(leaf))
    if "riichi" not in rows:
        raise _fail(ruleset, f"the {FAMILY} family needs the yaku riichi", "$.scoring.yaku")
    return rows


@functools.lru_cache(maxsize=32)
def rules_of(ruleset: Ruleset) -> Rules:
    """The ruleset's riichi scoring, compiled once.

    :raises RulesetError: for a missing, unknown or impossible entry, with its place.
    """
    sources: dict[str, str] = {}
    yaku = _yaku(ruleset, sources)
    fu = _leaves(ruleset, "fu", _FU_KEYS, sources)
    for key, value in fu.items():
        _count(ruleset, value, f"$.scoring.fu.{key}.value", 1 if key in ("rounding", "pung") else 0)
    options = _leaves(ruleset, "options", ("pinfu_tsumo", "kazoe", "kiriage", "yakuman_cap", "daisharin_suits"),
                      sources)
    for key in ("pinfu_tsumo", "kiriage"):
        if not isinstance(options[key], bool):
            raise _fail(ruleset, f"scoring.options.{key} is true or false, got {options[key]!r}",
                        f"$.scoring.options.{key}.value")
    if options["kazoe"] not in _KAZOE:
        raise _fail(ruleset, f"scoring.options.kazoe is one of {', '.join(_KAZOE)}, got {options['kazoe']!r}",
                    "$.scoring.options.kazoe.value")
    cap = options["yakuman_cap"]
    if cap is not None:
        _count(ruleset, cap, "$.scoring.options.yakuman_cap.value", 1)
    suits = options["daisharin_suits"]
    daisharin: tuple[int, ...] | None = None
    if "daisharin" in yaku:
        bases = {"m": 0, "p": 9, "s": 18}
        if not isinstance(suits, list) or not suits or any(s not in bases for s in suits):
            raise _fail(ruleset, f"with daisharin played, scoring.options.daisharin_suits lists its suits among "
                                 f"m, p, s; got {suits!r}", "$.scoring.options.daisharin_suits.value")
        daisharin = tuple(bases[s] for s in suits)
    limits_node = _leaves(ruleset, "limits", _LIMITS, sources)
    limits = []
    last = (0, 0)
    for name in _LIMITS:
        value = limits_node[name]
        place = f"$.scoring.limits.{name}.value"
        if name == "yakuman":
            if not isinstance(value, Mapping) or set(value) != {"base"}:
                raise _fail(ruleset, f"scoring.limits.yakuman is {{base: points}}, got {value!r}", place)
            _count(ruleset, value["base"], place + ".base", 1)
            continue
        if not isinstance(value, Mapping) or set(value) != {"han", "base"}:
            raise _fail(ruleset, f"scoring.limits.{name} is {{han, base}}, got {value!r}", place)
        han, base = _count(ruleset, value["han"], place + ".han", 1), _count(ruleset, value["base"], place + ".base", 1)
        if (han, base) <= last or han <= last[0] or base < last[1]:
            raise _fail(ruleset, f"limit {name} must start at more han and pay at least the limit below it, got "
                                 f"{value!r}", place)
        last = (han, base)
        limits.append((name, han, base))
    yakuman_base = int(limits_node["yakuman"]["base"])
    pay = _leaves(ruleset, "payments", _PAYMENTS, sources, ("self_draw_loss",))
    loss = pay.pop("self_draw_loss", True)
    if not isinstance(loss, bool):
        raise _fail(ruleset, f"scoring.payments.self_draw_loss is true or false, got {loss!r}",
                    "$.scoring.payments.self_draw_loss.value")
    for key, value in pay.items():
        _count(ruleset, value, f"$.scoring.payments.{key}.value", 1 if key == "rounding" else 0)
    dora = _leaves(ruleset, "dora", ("dora", "aka_dora", "ura_dora", "indicators_most"), sources, ("nukidora",))
    for key, value in dora.items():
        _count(ruleset, value, f"$.scoring.dora.{key}.value", 1 if key == "indicators_most" else 0)
    players = ruleset.get("players")
    payers = (players if isinstance(players, int) else 4) - 1
    if payers > 0 and pay["honba"] % payers:  # a self-drawn win's seats share a counter's worth equally
        raise _fail(ruleset, f"scoring.payments.honba is a counter's worth, which the {payers} seats that pay a "
                             f"self-drawn win share equally: a multiple of {payers}, got {pay['honba']!r}",
                    "$.scoring.payments.honba.value")
    return Rules(yaku, FuTable(**fu), bool(options["pinfu_tsumo"]), str(options["kazoe"]), bool(options["kiriage"]),
                 cap, daisharin, tuple(limits), yakuman_base, Payments(**pay),
                 (int(dora["dora"]), int(dora["aka_dora"]), int(dora["ura_dora"])), int(dora["indicators_most"]),
                 sources, int(dora.get("nukidora", 0)), players if isinstance(players, int) else 4, loss,
                 tuple(name for name in PATTERNS if name in yaku and yaku[name].pao))
