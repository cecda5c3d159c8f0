"""Soak runs: many seeded games of many rulesets and bot line-ups, stopping at the first broken invariant.

The conformance suite draws a few games per check; a soak plays thousands,
with every invariant observer seated (:mod:`mahjong_core.conformance.invariants`), so an
engine state no ruleset allows (a hand of 15 tiles, a lost tile, payments
that do not sum to zero) is found with the seed that reproduces it.  Each
game's seed is the run's seed plus its index, so any failure is re-run
alone with ``mahjong simulate --ruleset ID --seed N --bots ...``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong_core.conformance.invariants import HandSizes, InvariantBroken, TileConservation, ZeroSumPayments
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import installed_bots, make_bots
from mahjong_core.errors import MahjongError
from mahjong_core.rules import Ruleset, load_ruleset


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


#: Where a batch of a soak is: its ruleset's id and its first game's seed.
BatchKey = tuple[str, int]
#: Plays a list of :func:`soak_batch` tasks, calling ``on_result(k, outcomes)`` as task ``k`` finishes, in
#: any order (:func:`mahjong_study.runner.map_ordered` on Dask workers, say).
Runner = Callable[[list[tuple[Any, ...]], Callable[[int, list["GameOutcome"]], object]], object]


def soak(rulesets: Sequence[str | Ruleset], games: int, seed: int = 1, *, max_deals: int | None = None,
         house_tweaks: Sequence[object] = (), progress: Callable[[int], object] | None = None,
         run: Runner | None = None, played: Mapping[BatchKey, list[GameOutcome]] | None = None,
         on_batch: Callable[[BatchKey, list[GameOutcome]], object] | None = None) -> SoakReport:
    """Play ``games`` seeded games of each ruleset, line-ups in turn, until one breaks an invariant.

    :param seed: the first game's seed; game ``i`` of each ruleset plays seed ``seed + i``.
    :param max_deals: stop each game after this many deals (the ruleset's own end otherwise).
    :param house_tweaks: extra plugins seated in every game (a test's deliberately broken rule).
    :param run: plays the batches not yet played (on Dask workers, say); by default they are played here,
        one at a time, stopping at the first failure.  Either way the report is the same: the games up to
        the first failure, in order.
    :param played: batches played before (a resumed run's journal, :mod:`mahjong_core.conformance.soak_journal`), by
        :data:`BatchKey`; they are not played again, and count as if they had been.
    :param progress: called with a number of games as they are played (or found played before).
    :param on_batch: called with each batch played here, as soon as it is played (a journal keeps it).
    """
    report = SoakReport()
    played = played or {}
    tasks: list[tuple[Any, ...]] = []
    keys: list[BatchKey] = []
    for ref in rulesets:
        ruleset = ref if isinstance(ref, Ruleset) else load_ruleset(ref)
        teams = lineups(int(ruleset.param("players")))
        report.games[ruleset.id] = report.deals[ruleset.id] = 0
        # The line-up follows the game's seed, not its place in this run: a long run played in parts
        # (--seed 1, then --seed 1001, ...) plays exactly the games of one run.
        plan = [(seed + i, teams[(seed + i) % len(teams)]) for i in range(games)]
        for start in range(0, games, BATCH):
            tasks.append((ref if run is None else _ref(ruleset, ref), plan[start:start + BATCH], max_deals,
                          tuple(house_tweaks)))
            keys.append((ruleset.id, seed + start))
    outcomes: dict[int, list[GameOutcome]] = {k: played[key] for k, key in enumerate(keys) if key in played}
    todo = [k for k in range(len(keys)) if k not in outcomes]

    def finished(k: int, batch: list[GameOutcome]) -> None:
        outcomes[k] = batch
        if on_batch is not None:
            on_batch(keys[k], batch)
        if progress is not None:  # as each batch is played, not when the report is made (a long run's bar)
            progress(len(batch))

    if progress is not None and outcomes:
        progress(sum(len(batch) for batch in outcomes.values()))

    if run is None:
        for k in range(len(keys)):
            if k not in outcomes:
                finished(k, soak_batch(*tasks[k]))
            if not _tally(report, keys[k][0], outcomes[k]):
                return report
        return report
    failed = [k for k, batch in outcomes.items() if any(o.failure is not None for o in batch)]
    if failed:  # a resumed run that had already failed: nothing after its failure counts
        todo = [k for k in todo if k < min(failed)]
    if todo:
        run([tasks[k] for k in todo], lambda j, batch: finished(todo[j], batch))
    for k, key in enumerate(keys):
        if not _tally(report, key[0], outcomes[k]):
            return report
    return report


#: Games per task when a soak is spread over workers.
BATCH = 8


@dataclass(frozen=True)
class GameOutcome:
    """One soak game: its deals, or the failure that stopped it."""

    deals: int
    failure: SoakFailure | None = None


def _ref(ruleset: Ruleset, ref: str | Ruleset) -> str:
    """What a worker loads the ruleset from: its id, or (a house rule) the path it was given."""
    if isinstance(ref, str):
        return ref
    return ruleset.location if ruleset.text is not None else ruleset.id


def _tally(report: SoakReport, owner: str, outcomes: list[GameOutcome]) -> bool:
    """Add a batch's games to the report; ``False`` once a game failed (the soak stops there)."""
    for outcome in outcomes:
        if outcome.failure is not None:
            report.failure = outcome.failure
            return False
        report.games[owner] += 1
        report.deals[owner] += outcome.deals
    return True


def soak_batch(ref: str | Ruleset, plan: Sequence[tuple[int, tuple[str, ...]]], max_deals: int | None,
               house_tweaks: Sequence[object] = ()) -> list[GameOutcome]:
    """Play each ``(seed, bots)`` of ``plan`` with every invariant observer seated, until one fails."""
    ruleset = ref if isinstance(ref, Ruleset) else load_ruleset(ref)
    players = int(ruleset.param("players"))
    outcomes = []
    sizes = HandSizes.of(ruleset)  # asked of the plugins once; each game gets a fresh observer of its own
    for game_seed, bots in plan:
        observers = (TileConservation(),
                     HandSizes(sizes.hand_size, late_claims=sizes.late_claims),
                     ZeroSumPayments(players, ruleset.starting_points()))
        try:
            game = Game(ruleset, make_bots(list(bots), game_seed), game_seed, observers=observers,
                        house_tweaks=house_tweaks, max_deals=max_deals)
            result = game.play()
        except (InvariantBroken, MahjongError) as exc:
            outcomes.append(GameOutcome(0, SoakFailure(ruleset.id, game_seed, bots, str(exc))))
            return outcomes
        except Exception as exc:  # an engine bug: named with its seed, never a traceback
            outcomes.append(GameOutcome(0, SoakFailure(ruleset.id, game_seed, bots,
                                                       f"{type(exc).__name__}: {exc}")))
            return outcomes
        outcomes.append(GameOutcome(result.deals))
    return outcomes
