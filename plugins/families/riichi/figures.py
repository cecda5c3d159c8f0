"""A riichi win paid from the figures a score sheet wrote for it: han and fu, or a limit, without the tiles.

A club's riichi sheet writes "Boris ron from Vera, 3 han 30 fu", not the hand.  The audit still pays it by the
ruleset's own tables: the base points of ``han`` and ``fu`` (:meth:`~.tables.Rules.value`: the limits, kazoe,
kiriage where the ruleset has it), or of the limit named, then the same payments a scored hand is paid
(:func:`~.scoring.payments`: the dealer's and the others' shares, the rounding, the honba).  So a figure that is
no riichi figure (23 fu, 0 han, a limit the tables do not have) is told at once, and a payment the table wrote
wrong is told against the ruleset's.  Liability (pao) needs the hand (which yakuman, fed by whom): a sheet gives
the hand for such a win.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from typing import Any

from mahjong_rulesets.families.riichi.scoring import payments
from mahjong_rulesets.families.riichi.tables import FAMILY, Rules, rules_of

from mahjong_core.plugin import MahjongError, Ruleset, Score

__all__ = ["score_figures"]

_EAST = 27


def _whole(figures: Mapping[str, Any], name: str, least: int) -> int | None:
    value = figures.get(name)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < least:
        raise MahjongError(f"{name} is a whole number of at least {least}, got {value!r}", place=name)
    return value


def _limits(rules: Rules) -> dict[str, int]:
    """Every limit a sheet may name, by the family's names, with its base points."""
    out = {name: base for name, _, base in rules.limits}
    cap = rules.yakuman_cap or 1
    for multiple in range(1, cap + 1):
        name, base = rules.yakuman_limit(multiple)
        out[name] = base
        out["kazoe_" + name] = base
    if rules.kiriage:
        out["kiriage_mangan"] = rules.limits[0][2]
    return out


def base_of(rules: Rules, figures: Mapping[str, Any]) -> tuple[str, int]:
    """``(limit name or "", base points)`` of a sheet's figures; refuses figures the tables cannot have."""
    unknown = sorted(set(figures) - {"han", "fu", "limit", "yaku"})
    if unknown:
        raise MahjongError(f"{unknown[0]!r} is no figure of a riichi hand; expected han and fu, or limit (and yaku)",
                           place=unknown[0])
    yaku = figures.get("yaku") or []
    for name in yaku:
        if name not in rules.yaku:
            close = difflib.get_close_matches(name, list(rules.yaku), n=1)
            raise MahjongError(f"{name!r} is no yaku of these rules" + (f" (did you mean {close[0]!r}?)" if close
                                                                         else f"; they score {', '.join(rules.yaku)}"),
                               place="yaku")
    limit = figures.get("limit")
    han, fu = _whole(figures, "han", 1), _whole(figures, "fu", 20)
    if limit is not None:
        limits = _limits(rules)
        if limit not in limits:
            raise MahjongError(f"{limit!r} is no limit of these rules; expected one of {', '.join(limits)}",
                               place="limit")
        if han is not None:
            name, _, _ = rules.value(han, fu or 30)
            if name and name != limit:
                raise MahjongError(f"{han} han is {name}, not {limit}", place="limit")
        return limit, limits[limit]
    if han is None:
        raise MahjongError("write the hand's han (and fu below a limit), or its limit (`limit: mangan`)", place="han")
    name, base, _ = rules.value(han, fu or 0)
    if name:
        return name, base
    if fu is None:
        raise MahjongError(f"{han} han is below every limit: write its fu too", place="fu")
    if fu != 25 and fu % rules.fu.rounding:
        raise MahjongError(f"{fu} fu is no count of fu: they are rounded up to a multiple of {rules.fu.rounding} "
                           "(25 for seven pairs)", place="fu")
    return name, base


def score_figures(ruleset: Ruleset, figures: Mapping[str, Any], context: Mapping[str, Any]) -> Score:
    """The winner's score from the sheet's figures, paid as a scored hand would be (see the module docstring)."""
    rules = rules_of(ruleset)
    limit, base = base_of(rules, figures)
    seat = context.get("seat_wind")
    if not isinstance(seat, int) or not _EAST <= seat < _EAST + rules.players:
        raise MahjongError(f"scoring a {FAMILY} win needs seat_wind as a wind tile kind, got {seat!r}",
                           place="seat_wind")
    tsumo = bool(context.get("self_drawn") or context.get("replacement"))
    honba, sticks = int(context.get("honba") or 0), int(context.get("riichi_sticks") or 0)
    situation = {"honba": honba, "riichi_sticks": sticks, "pao": None}
    raw: dict[str, int] = {"written": 1, "base": base, "honba": honba, "riichi_sticks": sticks}
    for name in ("han", "fu"):
        if isinstance(figures.get(name), int):
            raw[name] = int(figures[name])
    raw.update(payments(rules, base, 0, seat == _EAST, tsumo, seat, situation))
    return Score(total=raw["hand_value"], family=FAMILY, limit=limit or None, raw=raw)
