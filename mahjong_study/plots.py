"""The study's pictures, drawn with matplotlib and written as PNG and SVG side by side.

PNG for the HTML report and for mail; SVG for print and for anyone who
wants to restyle a chart.  The figures are drawn headless (the Agg backend),
so a study runs on a server.  SVG output carries no date and fixed ids, so
the same study writes the same files.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402  (the backend is chosen before pyplot is imported)

from .facts import GameFacts  # noqa: E402

matplotlib.rcParams["svg.hashsalt"] = "mahjong-study"
_METADATA = {"png": {"Software": None}, "svg": {"Date": None, "Creator": None}}


def _save(fig: Any, out: Path, stem: str) -> list[str]:
    written = []
    for ext in ("png", "svg"):
        path = out / f"{stem}.{ext}"
        fig.savefig(path, format=ext, dpi=110, bbox_inches="tight", metadata=_METADATA[ext])
        written.append(path.name)
    plt.close(fig)
    return written


def value_distribution(samples: dict[str, list[int]], out: Path) -> list[str]:
    """The winners' hand values under each ruleset, as overlaid histograms on the same bins."""
    fig, ax = plt.subplots(figsize=(8, 4.2))
    everything = [v for values in samples.values() for v in values] or [0]
    top = max(everything)
    bins = min(40, max(5, len(set(everything))))
    for name, values in samples.items():
        ax.hist(values, bins=bins, range=(0, max(1, top)), alpha=0.55, label=f"{name} ({len(values)} hands)")
    ax.set_xlabel("hand value of the winner")
    ax.set_ylabel("deals")
    ax.set_title("Distribution of winning hand values")
    ax.legend()
    return _save(fig, out, "values")


def item_frequencies(side_by_side: dict[str, list[float | None]], names: Sequence[str], out: Path,
                     top: int = 25) -> list[str]:
    """How often each scoring item occurs in won hands, the rulesets' bars side by side (the most frequent)."""
    rows = sorted(side_by_side.items(), key=lambda kv: -max(v or 0 for v in kv[1]))[:top][::-1]
    fig, ax = plt.subplots(figsize=(8, max(2.5, 0.32 * len(rows) + 1)))
    height = 0.8 / max(1, len(names))
    for k, name in enumerate(names):
        ax.barh([i + k * height for i in range(len(rows))], [(r[1][k] or 0) * 100 for r in rows], height=height,
                label=name)
    ax.set_yticks([i + height * (len(names) - 1) / 2 for i in range(len(rows))], [r[0] for r in rows], fontsize=8)
    ax.set_xlabel("% of won hands")
    ax.set_title("Scoring items")
    ax.legend(loc="lower right")
    return _save(fig, out, "items")


def cumulative_scores(games: dict[str, GameFacts], out: Path) -> list[str]:
    """Every seat's running score over the first game, one line style per ruleset."""
    fig, ax = plt.subplots(figsize=(8, 4.2))
    styles = ["-", "--", ":", "-."]
    for k, (name, game) in enumerate(games.items()):
        for seat in range(len(game.running[0]) if game.running else 0):
            ax.plot(range(1, len(game.running) + 1), [r[seat] for r in game.running], styles[k % len(styles)],
                    color=f"C{seat}", label=f"{name}: seat {seat}")
    ax.axhline(0, color="#999", linewidth=0.8)
    ax.set_xlabel("deal")
    ax.set_ylabel("score")
    ax.set_title("Cumulative score over the first game")
    ax.legend(fontsize=7, ncol=2)
    return _save(fig, out, "cumulative")
