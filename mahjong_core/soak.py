"""Soak runs: many seeded games of many rulesets and bot line-ups, stopping at the first broken invariant.

The conformance suite draws a few games per check; a soak plays thousands,
with every invariant observer seated (:mod:`mahjong_core.invariants`), so an
engine state no ruleset allows (a hand of 15 tiles, a lost tile, payments
that do not sum to zero) is found with the seed that reproduces it.  Each
game's seed is the run's seed plus its index, so any failure is re-run
alone with ``mahjong simulate --ruleset ID --seed N --bots ...``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .engine import Game
from .errors import MahjongError
from .invariants import HandSizes, InvariantBroken, TileConservation, ZeroSumPayments
from .players import installed_bots, make_bots
from .rules import Ruleset, load_ruleset


@dataclass(frozen=True)
class SoakFailure:
    """The first game that broke an invariant or stopped with an error: enough to re-play it alone."""

    ruleset: str
    seed: int
    bots: tuple[str, ...]
    message: str

    def __str__(self) -> str:
        return f"{self.ruleset} seed {self.seed} bots {','.join(self.bots)}: {self.message}"


@dataclass
class SoakReport:
    """What a soak played, by ruleset, and the failure that stopped it (``None`` when every game held)."""

    games: dict[str, int] = field(default_factory=dict)
    deals: dict[str, int] = field(default_factory=dict)
    failure: SoakFailure | None = None


def lineups(players: int) -> list[tuple[str, ...]]:
    """Every installed bot at every seat, then all of them round the table (so each meets the others)."""
    names = sorted(installed_bots())
    mixed = tuple(names[i % len(names)] for i in range(players))
    return [*((name,) * players for name in names), *((mixed,) if len(names) > 1 else ())]


def soak(rulesets: Sequence[str | Ruleset], games: int, seed: int = 1, *, max_deals: int | None = None,
         house_tweaks: Sequence[object] = (), progress: Callable[[int], object] | None = None) -> SoakReport:
    """Play ``games`` seeded games of each ruleset, line-ups in turn, until one breaks an invariant.

    :param seed: the first game's seed; game ``i`` of each ruleset plays seed ``seed + i``.
    :param max_deals: stop each game after this many deals (the ruleset's own end otherwise).
    :param house_tweaks: extra plugins seated in every game (a test's deliberately broken rule).
    """
    report = SoakReport()
    for ref in rulesets:
        ruleset = ref if isinstance(ref, Ruleset) else load_ruleset(ref)
        players = int(ruleset.param("players"))
        teams = lineups(players)
        report.games[ruleset.id] = report.deals[ruleset.id] = 0
        for i in range(games):
            game_seed, bots = seed + i, teams[i % len(teams)]
            observers = (TileConservation(ruleset.tile_set()),
                         HandSizes(int(ruleset.value("hand_size")),
                                   late_claims=bool(ruleset.value("pung_claim_until_next_discard"))),
                         ZeroSumPayments(players))
            try:
                game = Game(ruleset, make_bots(list(bots), game_seed), game_seed, observers=observers,
                            house_tweaks=house_tweaks, max_deals=max_deals)
                result = game.play()
            except (InvariantBroken, MahjongError) as exc:
                report.failure = SoakFailure(ruleset.id, game_seed, bots, str(exc))
                return report
            except Exception as exc:  # an engine bug: named with its seed, never a traceback
                report.failure = SoakFailure(ruleset.id, game_seed, bots, f"{type(exc).__name__}: {exc}")
                return report
            report.games[ruleset.id] += 1
            report.deals[ruleset.id] += result.deals
            if progress is not None:
                progress(1)
    return report
