"""The most a classical table can give a hand, for the loader's check of ``minimum_value``.

A minimum above it would let nobody win, and where the dealer keeps the
deal on a draw the game would never end; so the loader refuses it.  The
bound counts every row as often as its ``per`` allows at most, and the
floors some doubling figures set for limit hands, so it is generous: it
catches a minimum no hand can reach, never one a real hand reaches.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_core.plugin import Ruleset, rows_total, scoring_entry


def classical_most(ruleset: Ruleset, measure: str) -> int | None:
    tables = ruleset.raw_tables
    if measure == "points" or measure in (scoring_entry(ruleset, "point_figures") or {}):
        chavka = ruleset.get("chavka") or {}
        return max(rows_total(tables.get("points")), int(chavka.get("points") or 0) if chavka.get("enabled") else 0)
    if measure in ("doublings", "doublings_in_hand"):
        floors = [int(f.get("at_least_for_limit_hands") or 0)
                  for f in (scoring_entry(ruleset, "doubling_figures") or {}).values() if isinstance(f, Mapping)]
        return max([rows_total(tables.get("doublings")), *floors])
    return None
