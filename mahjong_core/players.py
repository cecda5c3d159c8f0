"""Bundled players: seeded bots and a scripted player that repeats recorded decisions.

Bots draw their own randomness from the named generator, derived from the
game seed and their seat, so a seeded game with bots is reproducible from the
seed alone -- and replaying it needs only the recorded decisions, never the
bots.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from . import shanten as shanten_mod
from .errors import MahjongError, ReplayError
from .rng import Rng
from .table import Action, Table
from .tiles import KINDS, NUM_PLAYING_KINDS, is_terminal_or_honour

_CODE_TO_KIND = {k.code: k.index for k in KINDS}


def _limit_ms(table: Table, what: str) -> int | None:
    limits = table.time_limits
    seconds = getattr(limits, what, None) if limits is not None else None
    return None if seconds is None else int(seconds * 1000)


def _chow_pause_ms(table: Table) -> tuple[int, int] | None:
    limits = table.time_limits
    if limits is None or limits.chow_pause_min is None:
        return None
    low = int(limits.chow_pause_min * 1000)
    high = int((limits.chow_pause_max if limits.chow_pause_max is not None else limits.chow_pause_min) * 1000)
    return low, max(low, high)


class RandomBot:
    """Chooses uniformly among the legal actions, except that it always takes a legal mahjong.

    Taking every mahjong keeps deals ending in wins often enough to exercise
    scoring and settlement; everything else is uniform.
    """

    kind = "random"

    def __init__(self, rng: Rng, name: str = "random"):
        self.rng = rng
        self.name = name

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        chosen = next((o for o in options if o.kind == "win"), None)
        if chosen is None:
            chosen = options[self.rng.below(len(options))]
        return chosen.after(self._delay(table, chosen, phase))

    def _delay(self, table: Table, action: Action, phase: str) -> int:
        """A random thinking time; about one decision in a hundred overruns the ruleset's limit."""
        rng = self.rng
        pause = _chow_pause_ms(table)
        if action.kind == "chow" and pause is not None:
            return pause[0] + rng.below(pause[1] - pause[0] + 1)
        limit = _limit_ms(table, "move" if phase == "turn" else "claim")
        top = limit if limit is not None else 4000
        if pause is not None and action.kind in ("pung", "kong"):
            top = min(top, pause[0])
        span = max(1, top - 200)
        # One draw decides both: its lowest hundredth overruns the limit, the rest is uniform over the span.
        value = rng.below(100 * span)
        if limit is not None and value < span:
            return limit + 1 + value % 2000
        return 200 + value % span


class GreedyBot:
    """Plays to reduce shanten: discards the tile that leaves the fewest tiles from ready.

    It claims a discard only when the claim lowers its shanten, declares a
    mahjong whenever it is legal (the engine only offers a mahjong that the
    ruleset allows, minimum value included), declares calling when the rules
    require it, and breaks ties between equally good discards by preferring
    isolated honours and terminals, then by its own seeded generator.
    """

    kind = "greedy"

    def __init__(self, rng: Rng, name: str = "greedy"):
        self.rng = rng
        self.name = name

    #: Fixed thinking times (ms): the greedy bot plays at an even pace well inside any limit.
    TURN_MS = 1500
    CLAIM_MS = 700

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        chosen = self._choose(table, seat, options, phase)
        if chosen.kind == "chow":
            pause = _chow_pause_ms(table)
            if pause is not None:
                return chosen.after(pause[0])
        return chosen.after(self.TURN_MS if phase == "turn" else self.CLAIM_MS)

    def _choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        for option in options:
            if option.kind == "win":
                return option
        counts = table.seats[seat].counts
        if phase == "turn":
            return self._turn(counts, options)
        if phase == "claim":
            return self._claim(counts, options)
        if phase == "exchange":
            return self._exchange(counts, options)
        if phase == "declaration":  # a calling hand where the rules require it (the engine offers it then only)
            return next((o for o in options if o.kind == "declare_calling"), options[-1])
        return options[-1]  # "pass" is last wherever the engine offers it

    def _best_discards(self, counts: list[int], options: Sequence[Action]) -> tuple[int, list[Action]]:
        best = 99
        chosen: list[Action] = []
        cache: dict[int, int] = {}
        for option in options:
            if option.kind != "discard":
                continue
            tile = option.tile
            assert tile is not None
            value = cache.get(tile)
            if value is None:
                counts[tile] -= 1
                value = shanten_mod.shanten(bytes(counts))
                counts[tile] += 1
                cache[tile] = value
            if value < best:
                best, chosen = value, [option]
            elif value == best:
                chosen.append(option)
        return best, chosen

    def _turn(self, counts: list[int], options: Sequence[Action]) -> Action:
        for option in options:
            if option.kind == "kong" and option.way != "added":
                return option
        best, chosen = self._best_discards(counts, options)
        declaring = [o for o in chosen if o.way == "declare_calling"]
        if declaring:
            chosen = declaring
        else:
            chosen = [o for o in chosen if o.way is None] or chosen
        isolated = [o for o in chosen if o.tile is not None and self._isolated(counts, o.tile)]
        pool = isolated or chosen
        return pool[self.rng.below(len(pool))] if len(pool) > 1 else pool[0]

    @staticmethod
    def _isolated(counts: list[int], tile: int) -> bool:
        if counts[tile] > 1:
            return False
        if is_terminal_or_honour(tile) and tile >= 27:
            return True
        pos = tile % 9
        near = [tile + d for d in (-2, -1, 1, 2) if 0 <= pos + d <= 8]
        return not any(counts[n] for n in near)

    def _claim(self, counts: list[int], options: Sequence[Action]) -> Action:
        current = shanten_mod.shanten(bytes(counts))
        best_option = options[-1]
        best_value = current
        for option in options:
            if option.kind not in ("pung", "chow", "kong"):
                continue
            for used in option.tiles:
                counts[used] -= 1
            if option.kind == "kong":
                value = shanten_mod.shanten(bytes(counts))
            else:
                value = min((self._after_discard(counts, t) for t in range(NUM_PLAYING_KINDS) if counts[t]),
                            default=99)
            for used in option.tiles:
                counts[used] += 1
            if value < best_value:
                best_option, best_value = option, value
        return best_option

    @staticmethod
    def _after_discard(counts: list[int], tile: int) -> int:
        counts[tile] -= 1
        value = shanten_mod.shanten(bytes(counts))
        counts[tile] += 1
        return value

    def _exchange(self, counts: list[int], options: Sequence[Action]) -> Action:
        """Pass the tiles whose loss leaves the fewest tiles from ready; refuse only when allowed."""
        best_option = options[0]
        best_value = 99
        for option in options:
            if option.kind == "refuse":
                return option
            for t in option.tiles:
                counts[t] -= 1
            value = _shanten_any_size(counts)
            for t in option.tiles:
                counts[t] += 1
            if value < best_value:
                best_option, best_value = option, value
        return best_option


def _shanten_any_size(counts: list[int]) -> int:
    """Shanten of a partial hand of any size: a hand of 3k tiles is judged by its best 3k-1."""
    if sum(counts) % 3:
        return shanten_mod.shanten(bytes(counts))
    best = 99
    for t in range(NUM_PLAYING_KINDS):
        if counts[t]:
            counts[t] -= 1
            best = min(best, shanten_mod.shanten(bytes(counts)))
            counts[t] += 1
    return best


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def make_bots(kinds: Sequence[str], seed: int | str) -> list[Any]:
    """One seeded bot per seat from names such as ``["greedy", "random", ...]``."""
    bots = []
    for seat, kind in enumerate(kinds):
        if kind not in BOTS:
            raise MahjongError(f"unknown bot {kind!r}; expected one of {sorted(BOTS)}", place=f"--bots[{seat}]")
        rng = Rng.from_seed(seed).derive("bot", seat)
        bots.append(BOTS[kind](rng, name=f"{kind}-{seat}"))
    return bots


class ScriptedPlayer:
    """Repeats one seat's recorded decisions, in order.

    The decisions come from a replay log: ``(event number, fields)`` pairs.
    If the engine asks for a decision the log does not have, or the log's
    decision is not among the legal options, the replay is wrong at that
    event, and the error says which.
    """

    kind = "scripted"

    def __init__(self, name: str, decisions: Iterator[tuple[int, dict[str, Any]]], *, source: str):
        self.name = name
        self._decisions = decisions
        self.source = source

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        try:
            n, fields = next(self._decisions)
        except StopIteration:
            raise ReplayError(f"the log has no further decision for seat {seat}, but the game asks for one "
                              f"({phase})", source=self.source, place="end of log") from None
        if fields.get("phase") != phase:
            raise ReplayError(f"seat {seat}: the log records a {fields.get('phase')} decision, but the game is "
                              f"in the {phase} phase", source=self.source, place=f"event {n}")
        # The engine checks the action is among the legal options and names the event if not.
        delay = fields.get("after_ms", 0)
        tiles = fields.get("tiles")
        try:
            key = (fields.get("action"), fields.get("tile"), tuple(tiles) if tiles else (), fields.get("way"), delay)
            action = _RECORDED.get(key)
        except TypeError:  # an unhashable value where a code belongs: action_from_fields says what is wrong
            key, action = None, None
        if action is not None:
            return action
        action = action_from_fields(fields, source=self.source, place=f"event {n}")
        if not isinstance(delay, int) or isinstance(delay, bool) or delay < 0:
            raise ReplayError(f"after_ms must be a non-negative integer, got {delay!r}", source=self.source,
                              place=f"event {n}")
        if delay:
            action = action.after(delay)
        if key is not None:
            if len(_RECORDED) >= 4096:
                _RECORDED.clear()
            _RECORDED[key] = action
        return action


#: Recorded decisions as actions, by their fields: a log repeats the same few hundred decisions (discard
#: 5m after 1500 ms ...), and an action is an immutable value, so each is built once.
_RECORDED: dict[tuple[Any, ...], Action] = {}


def action_from_fields(fields: dict[str, Any], *, source: str, place: str) -> Action:
    """Rebuild an :class:`Action` from a decision event's fields."""
    try:
        tile = fields.get("tile")
        return Action(
            str(fields["action"]),
            _CODE_TO_KIND[tile] if tile is not None else None,
            tuple(_CODE_TO_KIND[t] for t in fields.get("tiles", ())),
            fields.get("way"),
        )
    except (KeyError, TypeError) as exc:
        raise ReplayError(f"malformed decision: unknown tile or field {exc}", source=source, place=place) from None
