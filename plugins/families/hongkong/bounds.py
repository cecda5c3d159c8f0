"""The most fan a Hong Kong table can give a hand, for the loader's check of ``minimum_value``.

A limit hand reports the fan it is worth on the fan-to-points table: at most
the last band's least fan; an ordinary hand at most every row of the fan
table counted as often as its ``per`` allows.
"""

from __future__ import annotations

from collections.abc import Mapping

from mahjong_core.plugin import Ruleset, rows_total, scoring_entry


def hongkong_most(ruleset: Ruleset, measure: str) -> int | None:
    if measure != "fan":
        return None
    bands = scoring_entry(ruleset, "fan_points") or {}
    if not isinstance(bands, Mapping):
        return None
    least = [int(band["min"]) for band in bands.values() if isinstance(band, Mapping)
             and isinstance(band.get("min"), int)]
    return max([rows_total(ruleset.raw_tables.get("fans")), *least])
