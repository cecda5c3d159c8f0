"""Options that rules remove: a decision's options less those a plugin's rule refuses (``mahjong_refused_options``).

Most rules add options (a claim allowed, a declaration offered); some take
away what the tiles make possible -- a riichi hand is locked, kuikae forbids
discarding the kind just claimed, a declared missing suit must go first.
Each phase that makes a decision's options passes them through
:func:`without_refused` before the seat is asked, so whoever chooses (a
bot, a person at a live table, a scripted replay, the audit) chooses among
the same options, and a logged choice a rule refuses is illegal on replay
like any other.

The hook is asked only where some plugin of the game implements it
(:data:`REFUSAL` in ``game.implemented``): other games pay one set lookup
per decision.  A rule may not refuse ``pass`` (declining is always allowed;
a rule that forces a choice offers no pass) nor every option of a
decision -- either would leave the game without a legal move, so either is
a located error naming the plugin, never a hang.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError
from mahjong_core.plugin.registration import plugin_name
from mahjong_core.table.events import action_text
from mahjong_core.table.state import Action

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame

__all__ = ["PASS", "REFUSAL", "only_pass", "timeout_instead", "without_refused"]

#: The hook's name, as ``game.implemented`` holds it.
REFUSAL = "mahjong_refused_options"
PASS = Action("pass")


def without_refused(game: RunningGame, seat: int, options: Sequence[Action], phase: str) -> Sequence[Action]:
    """``options`` less every option some plugin's ``mahjong_refused_options`` refuses, in their order.

    Call only where :data:`REFUSAL` is in ``game.implemented``.  Returns
    ``options`` itself where nothing is refused (most decisions).

    :raises MahjongError: where a plugin answers something other than actions, refuses ``pass``, or refuses every
        option; the message names the plugin, the seat, the phase and the event.
    """
    answers = game.hook.mahjong_refused_options(ruleset=game.ruleset, table=game.table, seat=seat, phase=phase,
                                                options=options)
    refused: set[Action] = set()
    for group in answers:
        if group:
            if not all(isinstance(a, Action) for a in group):
                who, answer = _blame(game, seat, options, phase, lambda g: not all(isinstance(a, Action) for a in g))
                raise MahjongError(f"mahjong_refused_options of {who} answered {answer!r} to seat {seat} in the "
                                   f"{phase} phase, which is not a list of actions", place=f"event {game.n}")
            refused.update(group)
    if not refused:
        return options
    kept = [o for o in options if o not in refused]
    if PASS in refused and PASS in options:
        who, _ = _blame(game, seat, options, phase, lambda g: PASS in g)
        raise MahjongError(f"mahjong_refused_options of {who} refused 'pass' to seat {seat} in the {phase} phase; "
                           "declining is always allowed (a rule that forces a choice offers no pass)",
                           place=f"event {game.n}")
    if not kept:
        who, _ = _blame(game, seat, options, phase, bool)
        raise MahjongError(f"mahjong_refused_options of {who} refused every option of seat {seat} in the {phase} "
                           f"phase ({', '.join(action_text(o) for o in options)}); a rule must leave a seat "
                           "something to do", place=f"event {game.n}")
    return kept


def only_pass(options: Sequence[Action]) -> bool:
    """Whether a window's options, once filtered, leave the seat nothing but to decline (it is then not asked)."""
    return len(options) == 1 and options[0] == PASS


def timeout_instead(fallback: Action, options: Sequence[Action]) -> Action:
    """The option a timed-out seat takes where a rule refused the ruleset's fallback: the first of its kind left.

    The live table's own rule for a turn without a drawn tile is the first
    discard among the options (``docs/live-protocol.md``); a refused drawn
    tile is treated alike.  ``fallback`` itself where no option of its kind
    is left (the caller then reports it as illegal).
    """
    return next((o for o in options if o.kind == fallback.kind), fallback)


def _blame(game: RunningGame, seat: int, options: Sequence[Action], phase: str,
           guilty: Callable[[Sequence[Any]], bool]) -> tuple[str, object]:
    """The plugins whose own answer breaks the rules of refusing, and the first such answer.

    Only on the error path: each implementation is asked again on its own, so the message can name it.
    """
    kwargs = {"ruleset": game.ruleset, "table": game.table, "seat": seat, "phase": phase, "options": options}
    names: list[str] = []
    answer: object = None
    impls: Iterable[Any] = getattr(game.pm.hook, REFUSAL).get_hookimpls()  # pluggy's caller: its implementations
    for impl in impls:
        if impl.wrapper or impl.hookwrapper:  # an observer wrapping the hook refuses nothing of its own
            continue
        group = impl.function(*[kwargs[name] for name in impl.argnames])
        if group and guilty(group):
            names.append(plugin_name(impl.plugin))
            answer = group if answer is None else answer
    return ", ".join(names) or "a plugin", answer
