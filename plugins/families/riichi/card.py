"""The arithmetic of a riichi score for a score card: han and fu to base points, the limit, each payment.

EMA 2016 section 4.1.2: below mangan the base points are fu x 2^(2 + han);
from mangan up, the limit's base.  The payments follow from the base (section
4.1.3).  The fu items are the fu count's lines; they add up to the fu before
rounding, which the steps round.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from mahjong_core.plugin import TotalSteps, amount, logged_items

__all__ = ["explain_total"]


def explain_total(score: Mapping[str, Any], units: Mapping[str, str], label: Callable[[str], str]) -> TotalSteps:
    """The steps from the items to what each loser pays."""
    del units
    raw = score.get("raw") or {}
    if "base" not in raw:
        return TotalSteps(("no yaku: not a winning hand",) if score.get("items") else ())
    items = logged_items(score)
    fu_sum = sum(int(i.get("value", 0)) for i in items if i.get("kind") == "fu")
    han, fu, base = int(raw.get("han", 0)), int(raw.get("fu", 0)), int(raw["base"])
    steps = []
    if raw.get("written"):  # a score sheet's figures, not a hand: no items to add up (figures.py)
        said = " ".join(f"{raw[k]} {k}" for k in ("han", "fu") if k in raw)
        steps.append(f"as the sheet writes it: {said + '; ' if said else ''}"
                     + (f"{label(str(score['limit']))}: " if score.get("limit") else "")
                     + (f"{fu} fu x 2^(2 + {han}) = " if not score.get("limit") else "") + f"base {base} points")
    elif raw.get("yakuman"):
        steps.append(f"{amount(raw['yakuman'], 'yakuman')}: base {base} points"
                     + (f" ({label(str(score['limit']))})" if score.get("limit") else ""))
    else:
        steps.append(f"{fu_sum} fu, rounded: {fu} fu; {han} han")
        if score.get("limit"):
            steps.append(f"{label(str(score['limit']))}: base {base} points")
        else:
            steps.append(f"{fu} fu x 2^(2 + {han}) = base {base} points")
    pays = [f"{key.removeprefix('payment_from_')} pays {value}" for key, value in sorted(raw.items())
            if key.startswith("payment_from_")]
    honba = f", {raw['honba']} honba included" if raw.get("honba") else ""
    steps.append(f"{'; '.join(pays)}{honba}")
    if raw.get("riichi_sticks"):
        steps.append(f"{raw['riichi_sticks']} riichi stick(s) on the table: {raw['riichi_sticks_collected']}")
    steps.append(f"the winner receives {raw['received']}")
    return TotalSteps(tuple(steps))
