"""Which events a plugin replies to: ``mahjong_event_reactions`` asked, for each event type, only of the
implementations that may answer it.

The engine asks ``mahjong_event_reactions`` after every event it logs -- some hundred and fifty a deal, most of
them draws, discards and the wall's dealing -- and a riichi game registers six plugins implementing it, each
replying to one or two event types and passing every other by.  A pluggy call costs several times what such an
implementation does to pass an event by, so a game asked every implementation about every event spent about a
fifth of a random bots' riichi deal there.  An implementation marked with :func:`reacts_to` names the event
types it may answer (a fixed set, or a function of the ruleset: a dora indicator turned at the next draw only
where the ruleset turns one then); the game asks, for each event type, only the implementations naming it or
naming nothing (:func:`reaction_callers`), through pluggy's own subset of the hook, and asks nothing about an
event no implementation names.  The replies, and their order, are those of asking every implementation, because
a marked implementation promises to answer nothing, and to change nothing, on an event of a type it does not
name.  An unmarked implementation, and a wrapper round the hook, is asked about every event, as before.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from mahjong_core.errors import MahjongError
from mahjong_core.plugin.relay import fixed_call

if TYPE_CHECKING:
    import pluggy

    from mahjong_core.rules import Ruleset

__all__ = ["HOOK", "MARK", "reaction_callers", "reacts_to"]

#: The hook this module narrows.
HOOK = "mahjong_event_reactions"
#: The attribute :func:`reacts_to` sets on an implementation.
MARK = "mahjong_reacts_to"

F = TypeVar("F", bound=Callable[..., Any])
Types = Iterable[str] | Callable[["Ruleset"], Iterable[str]]


def reacts_to(types: Types) -> Callable[[F], F]:
    """Mark an implementation of ``mahjong_event_reactions`` with the event types it may answer.

    ``types`` is a collection of event types, or a function of the ruleset giving them (asked once per game).
    The game then asks the implementation only about events of those types; about any other it must answer
    ``None`` and change nothing, as the game no longer asks.  Stack it with :func:`~mahjong_core.hookimpl`, in
    either order.

    :raises TypeError: where ``types`` is a single string (a set of one type is ``{"claim"}``).
    """
    if isinstance(types, str):
        raise TypeError(f"reacts_to({types!r}): name the event types as a collection, e.g. {{{types!r}}}")
    marked: Types = types if callable(types) else frozenset(types)

    def mark(function: F) -> F:
        setattr(function, MARK, marked)
        return function

    return mark


def declared_types(impl: Any, ruleset: Ruleset) -> frozenset[str] | None:
    """The event types one implementation names for this ruleset, or ``None`` (every event: unmarked, or a
    wrapper, which sees every call of the hook).

    :raises MahjongError: where a marking names something other than event types.
    """
    if impl.wrapper or impl.hookwrapper:
        return None
    marked = getattr(impl.function, MARK, None)
    if marked is None:
        return None
    types = frozenset(marked(ruleset)) if callable(marked) else marked
    if not all(isinstance(t, str) for t in types):
        raise MahjongError(f"{HOOK} of plugin {impl.plugin_name} reacts_to {sorted(map(repr, types))}: event types "
                           "are strings")
    return types


def reaction_callers(pm: pluggy.PluginManager, ruleset: Ruleset, event_types: Iterable[str]
                     ) -> dict[str, Any]:
    """For each of ``event_types`` some implementation may answer, the hook caller to ask: the hook itself where
    every implementation may answer, else pluggy's subset of it without those that name other types only.  An
    event type left out is asked of no one.

    :raises MahjongError: where an implementation names an event type outside ``event_types`` (a misspelt type
        would silently never be asked about).
    """
    caller = getattr(pm.hook, HOOK)
    named = [(impl, declared_types(impl, ruleset)) for impl in caller.get_hookimpls()]
    known = frozenset(event_types)
    for impl, types in named:
        unknown = sorted(types - known) if types is not None else []
        if unknown:
            raise MahjongError(f"{HOOK} of plugin {impl.plugin_name} reacts_to {', '.join(unknown)}, which neither "
                               "the event catalogue nor a vocabulary of this game declares")
    # Each caller as a fixed call loop (:mod:`.relay`), but where the manager traces its calls through pluggy.
    fixed = (lambda c: c) if getattr(pm, "traced", False) else fixed_call
    callers: dict[str, Any] = {}
    subsets: dict[frozenset[object], Any] = {}
    for type_ in sorted(known):
        skipped = frozenset(impl.plugin for impl, types in named if types is not None and type_ not in types)
        if len(skipped) == len(named):
            continue
        if skipped not in subsets:
            subsets[skipped] = fixed(caller if not skipped else pm.subset_hook_caller(HOOK, remove_plugins=skipped))
        callers[type_] = subsets[skipped]
    return callers

