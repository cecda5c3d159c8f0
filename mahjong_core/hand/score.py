"""The shape every scoring engine returns: a total that explains itself.

Referees dispute scores item by item, so a score is never a bare number: it
lists each item that scored (a set's points, a doubling, a fan, a limit), the
value it contributed, and the table row it came from (seed line or
assumption).  Items that applied but were excluded -- by a limit, by the
Chinese official rules' principles -- are kept with the reason, so the
explanation also says why something did *not* count.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mahjong_core.hand.melds import Arrangement
from mahjong_core.hand.tiles import KINDS

#: How :class:`Score` fills a frozen instance (its own ``__setattr__`` refuses).
_set_fields = object.__setattr__


@dataclass(frozen=True)
class ScoreItem:
    """One line of a score.

    :param name: the table row id (``pung_of_dragons``, ``self_drawn``).
    :param kind: ``points``, ``doubling``, ``fan``, ``limit`` or ``extra``.
    :param value: what one application gives (points, doublings, fan).
    :param count: how many times it applies (two dragon pungs: 2).
    :param source: where the value comes from: ``"000 line 452"`` or ``"assumption: ..."``.
    :param detail: what in the hand it applies to (``"pung 5z"``) or why it was excluded.
    """

    name: str
    kind: str
    value: int
    count: int = 1
    source: str = ""
    detail: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "value": self.value}
        if self.count != 1:
            out["count"] = self.count
        if self.source:
            out["source"] = self.source
        if self.detail:
            out["detail"] = self.detail
        return out


@dataclass(frozen=True, init=False)
class Score:
    """A hand's score.

    :param total: the value settlement uses (points after doublings and limits,
        or fan-laak points, or MCR points).
    :param family: the scoring engine that produced it (``classical``, ``hongkong``, ``mcr``).
    :param items: every item that counted.
    :param excluded: items that applied but did not count, each with the reason in ``detail``.
    :param arrangement: the arrangement that scored highest (``None`` for a hand that is not complete).
    :param limit: the limit that capped or replaced the total, if any (a special limit's row id,
        or ``usual_limit``).
    :param raw: family-specific intermediate numbers (base points, doublings, fan) for the report.
    """

    total: int
    family: str
    items: tuple[ScoreItem, ...] = ()
    excluded: tuple[ScoreItem, ...] = ()
    arrangement: Arrangement | None = None
    limit: str | None = None
    raw: dict[str, int] = field(default_factory=dict)

    def __init__(self, total: int, family: str, items: tuple[ScoreItem, ...] = (),
                 excluded: tuple[ScoreItem, ...] = (), arrangement: Arrangement | None = None,
                 limit: str | None = None, raw: dict[str, int] | None = None) -> None:
        """As the dataclass's own ``__init__`` (``raw`` defaults to a new empty mapping), but filling the frozen
        instance in one step: every score a family makes is built here, and the generated one sets each of
        the seven fields through ``object.__setattr__``, some 6,000 of the 200,000 machine instructions of a
        standalone MCR score (callgrind)."""
        _set_fields(self, "__dict__", {"total": total, "family": family, "items": items, "excluded": excluded,
                                       "arrangement": arrangement, "limit": limit,
                                       "raw": {} if raw is None else raw})

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "value": self.total,
            "family": self.family,
            "items": [i.to_json() for i in self.items],
        }
        if self.excluded:
            out["excluded"] = [i.to_json() for i in self.excluded]
        if self.limit:
            out["limit"] = self.limit
        if self.raw:
            out["raw"] = dict(sorted(self.raw.items()))
        if self.arrangement is not None:
            out["arrangement"] = {
                "form": self.arrangement.form.value,
                "melds": [
                    {"kind": m.kind.value, "tiles": [KINDS[t].code for t in m.tiles], "exposed": m.exposed}
                    for m in self.arrangement.melds
                ],
            }
        return out
