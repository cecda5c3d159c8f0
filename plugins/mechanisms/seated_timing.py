"""Seated timing: the table clock's limits per move, per claim and per game, and what running out does.

Switched on where ``timing`` sets any limit (MCR's 10 s a move, 3 s a claim,
150 minutes a game, 000 line 371).  The engine judges every decision's
recorded delay against :func:`mahjong_time_limits`; a seat out of time gets
the ``timeout`` parameter's action, and the game ends when its time is up.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import Action, Contribution, Ruleset, RulesetError, Table, TimeLimits, hookimpl


def switched_on(ruleset: Ruleset) -> bool:
    timing = ruleset.get("timing") or {}
    return any(timing.get(key) for key in ("move_seconds", "claim_seconds", "game_minutes", "chow_pause_seconds"))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "seated_timing", sys.modules[__name__], switched_on=switched_on,
                         description="time limits per move, claim and game, and what a timeout does",
                         parameters=parameters_of("seated_timing"))]


@hookimpl
def mahjong_time_limits(ruleset: Ruleset) -> TimeLimits:
    """The ``timing`` parameter in seconds; the chow pause is read here too, for :mod:`.chow_pause` and bots."""
    timing = ruleset.get("timing") or {}
    pause = timing.get("chow_pause_seconds") or {}
    return TimeLimits(
        move=timing.get("move_seconds"),
        claim=timing.get("claim_seconds"),
        chow_pause_min=pause.get("min") if isinstance(pause, Mapping) else None,
        chow_pause_max=pause.get("max") if isinstance(pause, Mapping) else None,
        game=(timing["game_minutes"] * 60) if timing.get("game_minutes") else None,
    )


@hookimpl
def mahjong_timeout(ruleset: Ruleset, table: Table, seat: int, what: str) -> Action:
    """The ``timeout`` parameter's action (default: the drawn tile is discarded, a claim lapses)."""
    rule = ruleset.raw_tables.get("parameters", {}).get("timeout")
    chosen = (rule["value"] if rule else {}).get(what)
    if what == "claim":
        if chosen not in (None, "pass"):
            raise RulesetError(f"unknown claim timeout action {chosen!r}", place="$.parameters.timeout.value.claim")
        return Action("pass")
    if chosen not in (None, "discard_drawn_tile"):
        raise RulesetError(f"unknown move timeout action {chosen!r}", place="$.parameters.timeout.value.move")
    tile = table.drawn_tile
    if tile is None:
        tile = next(i for i, n in enumerate(table.seats[seat].counts) if n)
    return Action("discard", tile)


@hookimpl
def mahjong_game_over(table: Table) -> bool | None:
    """The game's time is up (000: 150 minutes in a Sport tournament); otherwise the core's rule decides."""
    limits = table.time_limits
    if limits is not None and limits.game is not None and table.clock_ms >= limits.game * 1000:
        return True
    return None
