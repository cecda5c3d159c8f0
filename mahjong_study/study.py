"""A study from start to finish: play the games, compute the figures, draw the plots, write the report."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from mahjong_core import load_ruleset

from . import plots, report
from .facts import GameFacts
from .figures import compare, summarize
from .runner import run_games


def _name(ruleset: str | Path) -> str:
    return load_ruleset(ruleset).identity


def summary(ruleset: str | Path, seed: int | str, games: int, bots: Sequence[str], *,
            max_deals: int | None = None, workers: int = 0, scheduler: str | None = None,
            progress: Callable[[int], object] | None = None) -> dict[str, Any]:
    """One ruleset's figures over ``games`` seeded games (``mahjong simulate --summary``)."""
    played = run_games(ruleset, seed, games, bots, max_deals=max_deals, workers=workers, scheduler=scheduler,
                       progress=progress)
    return summarize(played, ruleset=_name(ruleset))


def study(a: str | Path, b: str | Path, seed: int | str, games: int, bots: Sequence[str], *,
          max_deals: int | None = None, workers: int = 0, scheduler: str | None = None,
          out: Path | None = None, progress: Callable[[int], object] | None = None) -> dict[str, Any]:
    """Duplicate play of ``games`` games under ``a`` and under ``b``, compared; the report written to ``out``."""
    names = (_name(a), _name(b))
    runs: list[list[GameFacts]] = []
    for ruleset in (a, b):
        runs.append(run_games(ruleset, seed, games, bots, max_deals=max_deals, workers=workers,
                              scheduler=scheduler, progress=progress))
    result = compare(runs[0], runs[1], names=names)
    result["seed"], result["bots"], result["max_deals"] = seed, list(bots), max_deals
    if out is not None:
        write_report(result, runs, out)
    return result


def write_report(result: dict[str, Any], runs: list[list[GameFacts]], out: Path) -> list[str]:
    """``report.html``, ``study.json`` and the plots (PNG and SVG) in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    names = [result["a"]["ruleset"], result["b"]["ruleset"]]
    short = [n.split("+")[0] for n in names]
    images = plots.value_distribution({s: [d.value for g in run for d in g.deals if d.winner is not None]
                                       for s, run in zip(short, runs, strict=True)}, out)
    images += plots.item_frequencies(result["items_side_by_side"], short, out)
    images += plots.cumulative_scores({s: run[0] for s, run in zip(short, runs, strict=True) if run}, out)
    (out / "study.json").write_text(json.dumps(result, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    (out / "report.html").write_text(report.page(result, images, title=f"{short[0]} against {short[1]}"),
                                     encoding="utf-8")
    return ["report.html", "study.json", *images]
