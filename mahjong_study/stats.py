"""Confidence intervals for the figures a study reports: proportions and means, at 95%.

Proportions use Wilson's score interval, which stays inside [0, 1] and is
honest for rare events (a limit hand in one deal of a thousand) where the
normal approximation is not.  Means use the normal approximation with the
sample's standard deviation, which is sound for the thousands of deals a study
plays; with fewer than two values there is no interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

Z95 = 1.959963984540054


def proportion(successes: int, trials: int) -> dict[str, Any]:
    """``{"count", "of", "rate", "ci"}``: the rate and its 95% Wilson interval (``None`` for no trials)."""
    if trials == 0:
        return {"count": successes, "of": 0, "rate": None, "ci": None}
    p = successes / trials
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return {"count": successes, "of": trials, "rate": p, "ci": [max(0.0, centre - half), min(1.0, centre + half)]}


def mean(values: Sequence[float]) -> dict[str, Any]:
    """``{"n", "mean", "ci", "sd"}``: the mean and its 95% normal interval."""
    n = len(values)
    if n == 0:
        return {"n": 0, "mean": None, "ci": None, "sd": None}
    m = math.fsum(values) / n
    if n < 2:
        return {"n": n, "mean": m, "ci": None, "sd": None}
    sd = math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return {"n": n, "mean": m, "ci": [m - half, m + half], "sd": sd}


def difference(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any] | None:
    """B minus A for two means (or two rates) with independent 95% intervals; ``None`` if either is missing.

    Duplicate play makes the two samples positively correlated, so this
    interval is conservative: a difference it calls significant is one.
    """
    key = "mean" if "mean" in a else "rate"
    if a.get(key) is None or b.get(key) is None or a.get("ci") is None or b.get("ci") is None:
        return None
    se_a = (a["ci"][1] - a["ci"][0]) / (2 * Z95)
    se_b = (b["ci"][1] - b["ci"][0]) / (2 * Z95)
    d = b[key] - a[key]
    half = Z95 * math.sqrt(se_a * se_a + se_b * se_b)
    return {"difference": d, "ci": [d - half, d + half], "significant": not (d - half <= 0 <= d + half)}


def quantile(values: Sequence[float], q: float) -> float | None:
    """The ``q`` quantile by linear interpolation between order statistics."""
    if not values:
        return None
    ordered = sorted(values)
    at = q * (len(ordered) - 1)
    low = math.floor(at)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (at - low)
