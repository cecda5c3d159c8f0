"""A plugin's words in play: its phases run, its actions offered and applied, its events logged.

A plugin declares its action kinds, phases and event types as a vocabulary
(:mod:`mahjong_core.plugin.vocabulary`).  The engine offers such an action only
as its plugin's hooks propose it, and never mistakes one for a discard: an
action kind the game's vocabulary lacks is refused where a hook offers it
(:func:`check_offered`).  Once a seat chooses one and the decision is logged,
the plugin whose vocabulary declares the kind applies it, answering
``mahjong_apply_action`` with the events it makes; the engine logs them through
:meth:`~mahjong_core.engine.game.Game.event` (which applies their declared
effects to the table) so the hash chain covers them.

Why the plugin answers events rather than changing the table: the table a log
describes must be the one every fold of the log arrives at without the
plugin's code, so the events and their declared effects are the change.
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.engine.refusal import REFUSAL, without_refused
from mahjong_core.errors import MahjongError
from mahjong_core.plugin.registration import plugin_name
from mahjong_core.table.events import action_text
from mahjong_core.table.state import Action

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame


def check_offered(game: RunningGame, options: Iterable[Action], hook: str) -> None:
    """Refuse an offered action whose kind or way no vocabulary of the game declares.

    :raises MahjongError: naming the hook that offered it and the words the game knows.
    """
    vocabulary = game.vocabulary
    actions, ways = vocabulary.actions, vocabulary.ways
    if all(o.kind in actions and (o.way is None or o.way in ways) for o in options):
        return  # asked at every turn of some rulesets: the usual answer in one pass
    for option in options:
        if option.kind not in vocabulary.actions:
            raise MahjongError(f"{hook} offered {action_text(option)}, but no vocabulary of this game declares the "
                               f"action kind {option.kind!r} (known: {', '.join(sorted(vocabulary.actions))}); a "
                               "plugin declares its action kinds in a vocabulary contribution",
                               place=f"event {game.n}")
        if option.way is not None and option.way not in vocabulary.ways:
            raise MahjongError(f"{hook} offered {action_text(option)}, but no vocabulary of this game declares the "
                               f"way {option.way!r}", place=f"event {game.n}")


def apply_plugin_action(game: RunningGame, seat: int, action: Action, phase: str) -> None:
    """Have the plugin that declares ``action``'s kind apply it, and log the events it answers.

    :raises MahjongError: where the kind is no plugin's, or the plugin does not apply it.
    """
    found = game.vocabulary.plugin_actions.get(action.kind)
    if found is None:
        raise MahjongError(f"seat {seat} chose {action_text(action)} in the {phase} phase: no vocabulary of this "
                           "game declares that action kind", place=f"event {game.n}")
    vocabulary, _ = found
    owner = plugin_name(vocabulary.plugin)
    # The declaring plugin's own implementation, not the relay: no other plugin answers for its words.  It is
    # registered in the game (the vocabulary is the game's because its plugin is), so its signature was checked.
    apply = getattr(vocabulary.plugin, "mahjong_apply_action", None)
    if not callable(apply):
        raise MahjongError(f"plugin {owner} declares the action kind {action.kind!r} (vocabulary "
                           f"{vocabulary.name!r}) but does not apply it: it answers no mahjong_apply_action",
                           place=f"event {game.n}")
    given = {"ruleset": game.ruleset, "table": game.table, "seat": seat, "action": action, "phase": phase}
    events = apply(**accepted(apply, given))
    log_plugin_events(game, events, owner)


def accepted(implementation: Callable[..., Any], given: Mapping[str, Any]) -> Mapping[str, Any]:
    """The arguments of ``given`` an implementation names, as pluggy passes a hook's.

    A hook implementation may take any subset of its spec's arguments; the plugin's own implementation is
    called directly here (no other plugin answers for its words), so it must be given only the ones it takes.
    """
    names = _parameter_names(implementation)
    if names is None:
        return given
    return {name: value for name, value in given.items() if name in names}


@functools.lru_cache(maxsize=256)
def _parameter_names(implementation: Callable[..., Any]) -> frozenset[str] | None:
    """The names an implementation takes (``None``: any, it takes ``**kwargs``), read once per implementation:
    reading a signature costs some tens of microseconds, and a riichi declaration is applied this way each time."""
    parameters = inspect.signature(implementation).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return None
    return frozenset(parameters)


def log_plugin_events(game: RunningGame, events: Sequence[Mapping[str, Any]] | None, owner: str) -> None:
    """Log events a plugin made, in order: ``{"type": ..., <fields>}``, with ``"actor"`` where a seat acts."""
    for event in events or ():
        if not isinstance(event, Mapping) or not isinstance(event.get("type"), str):
            raise MahjongError(f"plugin {owner} answered {event!r}, which is not an event (a mapping with its "
                               "type)", place=f"event {game.n}")
        fields = {k: v for k, v in event.items() if k not in ("type", "actor", "n", "t")}
        game.event(event.get("actor", "table"), event["type"], **fields)


def run_plugin_phases(game: RunningGame) -> None:
    """Each plugin phase of the game's vocabulary, in order: every seat from the dealer offered its options."""
    t = game.table
    for phase in game.vocabulary.plugin_phases:
        t.phase = phase.name
        for i in range(t.players):
            seat = (t.dealer + i) % t.players
            options = [a for group in game.hook.mahjong_phase_options(ruleset=game.ruleset, table=t, seat=seat,
                                                                       phase=phase.name) for a in group or ()]
            if not options:
                continue
            check_offered(game, options, "mahjong_phase_options")
            if REFUSAL in game.implemented:
                options = list(without_refused(game, seat, options, phase.name))
            action = game.decide(seat, options, phase.name)
            if action.kind in game.vocabulary.plugin_actions:
                apply_plugin_action(game, seat, action, phase.name)
