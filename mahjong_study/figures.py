"""A study's figures: one ruleset's games summed up, and two rulesets' games compared deal by deal.

Every figure is computed from the games' facts alone (:mod:`mahjong_study.facts`),
in game order, so the same seeds give the same figures however the games
were played (in this process or on any number of Dask workers).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from .facts import DealFacts, GameFacts
from .stats import difference, mean, proportion, quantile


def _deals(games: Sequence[GameFacts]) -> list[DealFacts]:
    return [d for g in games for d in g.deals]


def summarize(games: Sequence[GameFacts], *, ruleset: str = "") -> dict[str, Any]:
    """The figures of one ruleset's games: rates, distributions and frequencies, each with its 95% interval."""
    deals = _deals(games)
    won = [d for d in deals if d.winner is not None]
    seats = len(deals[0].net) if deals else 0
    values = [float(d.value) for d in won]
    item_counts: Counter[str] = Counter(name for d in won for name in d.items)
    limit_counts: Counter[str] = Counter(name for d in won for name in d.limits)
    dealer_edge = [d.net[d.dealer] - sum(n for s, n in enumerate(d.net) if s != d.dealer) / (seats - 1)
                   for d in deals if seats > 1]
    figures: dict[str, Any] = {
        "ruleset": ruleset,
        "games": len(games),
        "deals": len(deals),
        "win_rate_by_seat": [proportion(sum(1 for d in deals if d.winner == s), len(deals)) for s in range(seats)],
        "dealer_win_rate": proportion(sum(1 for d in deals if d.winner == d.dealer), len(deals)),
        "draw_rate": proportion(len(deals) - len(won), len(deals)),
        "self_drawn_rate": proportion(sum(1 for d in won if d.self_drawn), len(won)),
        "hand_value": {**mean(values), "median": quantile(values, 0.5), "p90": quantile(values, 0.9),
                       "max": max(values) if values else None},
        "paid_per_deal": mean([float(d.paid) for d in deals]),
        "deal_length": mean([float(d.draws) for d in deals]),
        "dealer_advantage": mean(dealer_edge),
        "items": {name: proportion(count, len(won)) for name, count in sorted(item_counts.items())},
        "limits": {name: proportion(count, len(won)) for name, count in sorted(limit_counts.items())},
        "any_limit": proportion(sum(1 for d in won if d.limits), len(won)),
        "pair_balance": _pair_balance(games),
    }
    return figures


def _pair_balance(games: Sequence[GameFacts]) -> dict[str, Any] | None:
    """For a pair ruleset (two teams of two): the first pair's final score minus the second's, per game."""
    if not games or len(games[0].teams) != 2 or any(len(t) != 2 for t in games[0].teams):
        return None
    diffs = []
    for g in games:
        if not g.running:
            continue
        final = g.running[-1]
        first, second = (sum(final[s] for s in team) for team in g.teams)
        diffs.append(float(first - second))
    return mean(diffs)


#: The figures whose difference between two rulesets a comparison reports, by where they are in a summary.
COMPARED = ("draw_rate", "dealer_win_rate", "self_drawn_rate", "hand_value", "paid_per_deal", "deal_length",
            "dealer_advantage", "any_limit")


def compare(a: Sequence[GameFacts], b: Sequence[GameFacts], *, names: tuple[str, str] = ("A", "B")
            ) -> dict[str, Any]:
    """Both rulesets' figures, the differences between them, and every deal whose winner changed.

    Deals are matched by (game, deal number): with duplicate play the first
    deals of a game are the same deals under both rulesets until a rule
    makes them diverge.
    """
    fa, fb = summarize(a, ruleset=names[0]), summarize(b, ruleset=names[1])
    differences: dict[str, Any] = {key: difference(fa[key], fb[key]) for key in COMPARED}
    differences["win_rate_by_seat"] = [difference(x, y) for x, y in zip(fa["win_rate_by_seat"],
                                                                        fb["win_rate_by_seat"], strict=False)]
    if fa["pair_balance"] and fb["pair_balance"]:
        differences["pair_balance"] = difference(fa["pair_balance"], fb["pair_balance"])
    by_deal = {(d.game, d.deal): d for d in _deals(b)}
    matched = changed = value_changed = 0
    changes = []
    for d in _deals(a):
        other = by_deal.get((d.game, d.deal))
        if other is None:
            continue
        matched += 1
        if other.winner != d.winner:
            changed += 1
            changes.append({"game": d.game, "seed": a[d.game].seed if d.game < len(a) else None, "deal": d.deal,
                            "winner": [d.winner, other.winner], "value": [d.value, other.value]})
        elif other.value != d.value:
            value_changed += 1
    items = sorted(set(fa["items"]) | set(fb["items"]))
    return {
        "a": fa, "b": fb, "differences": differences,
        "items_side_by_side": {name: [fa["items"].get(name, {}).get("rate"), fb["items"].get(name, {}).get("rate")]
                               for name in items},
        "matched_deals": matched,
        "changed_winner": proportion(changed, matched),
        "same_winner_other_value": proportion(value_changed, matched),
        "changed_deals": changes,
    }
