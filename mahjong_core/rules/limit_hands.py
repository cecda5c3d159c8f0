"""What each limit hand of a ruleset is paid: its written value, the usual limit, or its value scaled with the limit.

A limit hand's row is written in points (``value: 5000``) or as the usual
limit (``value: limit``).  A house rule that changes the usual limit of the
ruleset it extends leaves the rows in points as their author wrote them --
Shanghai's heavenly hand stays 5000 under a 500 limit -- unless it says
``limit_hands_scale_with_limit: true``.  Then each row in points is paid in
proportion to the new limit: its value times the usual limit now, divided by
the usual limit of the ruleset that wrote the row (so Shanghai's 5000,
written beside a limit of 1000, is 2500 under a limit of 500), rounded to the
nearest point, a half up.  The scoring engine, the rule pages and the study
all read the paid values from here, so none can state another.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import RulesetError
from mahjong_core.rules.loader import load_ruleset

if TYPE_CHECKING:
    from mahjong_core.rules.ruleset import Ruleset

__all__ = ["SCALE_PARAMETER", "LimitValue", "limit_hand_values"]

#: The parameter by which a ruleset asks for its limit hands to follow its usual limit.
SCALE_PARAMETER = "limit_hands_scale_with_limit"


@dataclass(frozen=True)
class LimitValue:
    """What one limit hand is paid, and how that follows from its row.

    :param written: the row's value as written: points, or ``"limit"``.
    :param paid: the points it is paid under this ruleset.
    :param written_for: for a row scaled with the limit, the usual limit of the ruleset that wrote it.
    :param defined_in: the ruleset whose file wrote the row's value.
    """

    written: int | str
    paid: int
    written_for: int | None = None
    defined_in: str | None = None


def _usual_limit_of(ruleset_id: str, ruleset: Ruleset) -> Any:
    if ruleset_id == ruleset.id:
        return ruleset.get("usual_limit")

    return load_ruleset(ruleset_id).get("usual_limit")


def limit_hand_values(ruleset: Ruleset) -> dict[str, LimitValue]:
    """Each ``limit_hands`` row's paid value, by row id, for a ruleset (empty for one without limit hands).

    :raises RulesetError: for a value that is neither positive points nor ``limit``, ``limit`` without a usual
        limit, or scaling asked for where this ruleset or the one that wrote a row has no usual limit; each with
        the place in the file.
    """
    rows = ruleset.raw_tables.get("limit_hands") or {}
    limit = ruleset.get("usual_limit")
    scale = ruleset.get(SCALE_PARAMETER, False) is True
    if scale and limit is None:
        raise RulesetError(f"{SCALE_PARAMETER} is true but the ruleset has no usual limit to scale with",
                           source=ruleset.location, place=f"$.parameters.{SCALE_PARAMETER}.value")
    out: dict[str, LimitValue] = {}
    for row_id, row in rows.items():
        if row is None:
            continue
        place = f"$.limit_hands.{row_id}.value"
        value = row.get("value")
        if value == "limit":
            if limit is None:
                raise RulesetError("a limit hand worth 'limit' needs a usual_limit; this ruleset has none",
                                   source=ruleset.location, place=place)
            out[str(row_id)] = LimitValue("limit", int(limit))
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise RulesetError(f"a limit hand is worth positive points or 'limit', got {value!r}",
                               source=ruleset.location, place=place)
        if not scale:
            out[str(row_id)] = LimitValue(value, value)
            continue
        defined_in = ruleset.source_of(f"limit_hands.{row_id}.value").defined_in
        written_for = _usual_limit_of(defined_in, ruleset)
        if isinstance(written_for, bool) or not isinstance(written_for, int) or written_for <= 0:
            raise RulesetError(f"{SCALE_PARAMETER} scales this row with the usual limit, but {defined_in}, which "
                               f"wrote it, has no usual limit ({written_for!r}) to scale from",
                               source=ruleset.location, place=place)
        exact = Fraction(value * int(limit), written_for)
        paid = max(1, int(exact + Fraction(1, 2)))
        out[str(row_id)] = LimitValue(value, paid, written_for, defined_in)
    return out
