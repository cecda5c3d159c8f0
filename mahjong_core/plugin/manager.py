"""The plugin manager a game asks its hooks of, registered in a fixed, documented order.

Order matters because pluggy calls the most recently registered
implementation first: core defaults, then the ruleset's ancestry root first,
then house tweaks, then observers.  A child ruleset therefore overrides its
parent without knowing about it, and an observer sees every answer.

Games whose plugins are the same functions share one manager
(:func:`shared_plugin_manager`): building one registers every plugin anew,
and a simulator plays thousands of games.

Set ``MAHJONG_TRACE_HOOKS=1`` to print every hook call and its result to
standard error (pluggy's tracing).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, cast

import pluggy

from mahjong_core.errors import RulesetError
from mahjong_core.plugin import defaults
from mahjong_core.plugin.binding import Binding, bind
from mahjong_core.plugin.registration import (
    HOOK_PREFIX,
    MahjongPluginManager,
    contributions,
    hook_names,
    plugin_name,
    register_plugins,
)
from mahjong_core.plugin.relay import FixedRelay

if TYPE_CHECKING:
    from mahjong_core.hand.melds import Arrangement, Hand
    from mahjong_core.hand.predicates import Predicate
    from mahjong_core.hand.score import Score
    from mahjong_core.plugin.contributions import Contribution, FactsRead, TotalSteps
    from mahjong_core.rules import Ruleset
    from mahjong_core.table.rng import Rng
    from mahjong_core.table.state import (
        Action,
        Claim,
        ExchangeStep,
        FalseWinPenalty,
        Outcome,
        Payment,
        Penalty,
        Table,
        TimeLimits,
    )
    from mahjong_core.table.wall import Wall

TRACE_VARIABLE = "MAHJONG_TRACE_HOOKS"


def build_plugin_manager(
    ruleset_modules: Iterable[ModuleType | object],
    *,
    house_tweaks: Iterable[ModuleType | object] = (),
    observers: Iterable[object] = (),
) -> MahjongPluginManager:
    """Create the game's plugin manager.

    :param ruleset_modules: the ruleset's plugin modules, root ancestor first.
    :param house_tweaks: extra plugins a club adds on top of the ruleset.
    :param observers: replay writers, audit, timing and logging plugins.
    :raises RulesetError: when a plugin implements a hook that has no spec
        (usually a misspelt name) or with parameters the spec does not have.
    """
    pm = MahjongPluginManager()
    # Historic: every plugin registered from here on may add hook specs of its own as it arrives.
    pm.hook.mahjong_addhooks.call_historic(kwargs={"pluginmanager": pm})
    for group in ((defaults, defaults.WinObjections(pm)), ruleset_modules, house_tweaks, observers):
        register_plugins(pm, group)
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise RulesetError(f"plugin {plugin_name(exc.plugin)}: {exc} (is the hook name misspelt?)") from None
    if os.environ.get(TRACE_VARIABLE):
        # The stderr of each call, not of the build: a manager outlives the stream it was made under (a kept
        # manager, a test's captured stderr closed since).
        pm.trace.root.setwriter(lambda message: sys.stderr.write(message))
        pm.enable_tracing()
        pm.traced = True
    return pm


def fixed_relay(pm: MahjongPluginManager) -> HookRelay:
    """The manager's hooks as fixed call loops (:mod:`mahjong_core.plugin.relay`), made once per manager: a
    manager is not changed after :func:`build_plugin_manager` returns it, so neither is the order of its
    implementations.  A traced manager keeps pluggy's callers, through which its tracing prints."""
    relay = pm.fixed_relay
    if relay is None:
        relay = pm.fixed_relay = FixedRelay(pm, traced=pm.traced)
    return cast("HookRelay", relay)


class HookRelay(Protocol):
    """The hooks as a game calls them: by keyword, answering as pluggy answers.

    One method per hook of :mod:`mahjong_core.plugin.hookspecs` (but the historic
    ``mahjong_addhooks``), with the spec's parameters.  A ``firstresult`` hook
    gives the first answer that is not ``None``, or ``None`` when no plugin
    answers; any other hook gives the list of its implementations' answers
    that are not ``None``.  This is pluggy's own relay (``pm.hook``) as the
    type checker sees it; ``tests/project/test_typing.py`` checks that this
    class and the specs agree.
    """

    # Contributions (asked outside games, through :func:`contributions`)
    def mahjong_predicates(self) -> list[Sequence[Predicate]]: ...
    def mahjong_contributions(self) -> list[Sequence[Contribution]]: ...

    # Setup
    def mahjong_configure(self, *, ruleset: Ruleset, options: Mapping[str, Any]) -> list[None]: ...
    def mahjong_teams(self, *, ruleset: Ruleset, seats: int) -> Sequence[Sequence[int]] | None: ...

    # Wall and deal
    def mahjong_tile_set(self, *, ruleset: Ruleset) -> Sequence[int] | None: ...
    def mahjong_build_wall(self, *, ruleset: Ruleset, tiles: Sequence[int], rng: Rng | None) -> Wall | None: ...
    def mahjong_is_bonus_tile(self, *, ruleset: Ruleset, tile: int) -> bool | None: ...

    # Tile exchange and declarations on the dealt hand
    def mahjong_exchange_steps(self, *, ruleset: Ruleset, table: Table) -> Sequence[ExchangeStep] | None: ...
    def mahjong_deal_declarations(self, *, ruleset: Ruleset, table: Table, seat: int) -> list[Sequence[Action]]: ...

    # Turn, claims, kongs
    def mahjong_phase_options(self, *, ruleset: Ruleset, table: Table, seat: int,
                              phase: str) -> list[Sequence[Action]]: ...
    def mahjong_apply_action(self, *, ruleset: Ruleset, table: Table, seat: int, action: Action,
                             phase: str) -> list[Sequence[Mapping[str, Any]]]: ...
    def mahjong_turn_actions(self, *, ruleset: Ruleset, table: Table, seat: int) -> list[Sequence[Action]]: ...
    def mahjong_ready_turn_actions(self, *, ruleset: Ruleset, table: Table, seat: int
                                   ) -> list[Sequence[Action]]: ...
    def mahjong_refused_options(self, *, ruleset: Ruleset, table: Table, seat: int, phase: str,
                                options: Sequence[Action]) -> list[Sequence[Action]]: ...
    def mahjong_wrong_count(self, *, ruleset: Ruleset, table: Table, seat: int, tiles: int) -> str | None: ...
    def mahjong_kong_allowed(self, *, ruleset: Ruleset, table: Table, seat: int, way: str, tile: int
                             ) -> bool | None: ...
    def mahjong_claim_allowed(self, *, ruleset: Ruleset, table: Table, claim: Claim) -> bool | None: ...
    def mahjong_claim_options(self, *, ruleset: Ruleset, table: Table, seat: int, discarder: int, tile: int
                              ) -> list[Sequence[Action]]: ...
    def mahjong_claim_refused(self, *, ruleset: Ruleset, table: Table, claim: Claim) -> str | None: ...
    def mahjong_claim_priority(self, *, ruleset: Ruleset, table: Table, claims: Sequence[Claim]
                               ) -> Sequence[Claim] | None: ...
    def mahjong_late_claims(self, *, ruleset: Ruleset) -> Sequence[str] | None: ...
    def mahjong_kong_robbable(self, *, ruleset: Ruleset, table: Table, way: str, tile: int) -> bool | None: ...
    def mahjong_may_rob_kong(self, *, ruleset: Ruleset, table: Table, seat: int, way: str, tile: int
                             ) -> bool | None: ...

    # Winning and scoring
    def mahjong_win_context(self, *, ruleset: Ruleset, table: Table, seat: int, tile: int, how: str
                            ) -> list[Mapping[str, Any]]: ...
    def mahjong_hand_complete(self, *, ruleset: Ruleset, table: Table, seat: int, tile: int,
                              how: str) -> bool | None: ...
    def mahjong_win_objections(self, *, ruleset: Ruleset, table: Table, seat: int, hand: Hand,
                               context: Mapping[str, Any]) -> list[str]: ...
    def mahjong_score_hand(self, *, ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score | None: ...
    def mahjong_score_figures(self, *, ruleset: Ruleset, figures: Mapping[str, Any], context: Mapping[str, Any]
                              ) -> Score | None: ...
    def mahjong_score_reading(self, *, ruleset: Ruleset, hand: Hand, context: Mapping[str, Any],
                              arrangement: Arrangement) -> Score | None: ...
    def mahjong_minimum_figures(self, *, ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]
                                ) -> Mapping[str, int] | None: ...
    def mahjong_check_tables(self, *, ruleset: Ruleset) -> list[None]: ...
    def mahjong_score_bound(self, *, ruleset: Ruleset, measure: str) -> int | None: ...
    def mahjong_facts_read(self, *, ruleset: Ruleset) -> FactsRead | None: ...
    def mahjong_explain_total(self, *, ruleset: Ruleset, score: Mapping[str, Any], units: Mapping[str, str],
                              label: Callable[[str], str]) -> TotalSteps | None: ...

    # Settlement and penalties
    def mahjong_settle(self, *, ruleset: Ruleset, table: Table, outcome: Outcome) -> Sequence[Payment] | None: ...
    def mahjong_event_reactions(self, *, ruleset: Ruleset, table: Table, event: Mapping[str, Any]
                                ) -> list[Sequence[Mapping[str, Any]]]: ...
    def mahjong_game_settlement(self, *, ruleset: Ruleset, table: Table) -> list[Sequence[Mapping[str, Any]]]: ...
    def mahjong_payment_note(self, *, ruleset: Ruleset, dealer: int, payment: Sequence[Any]) -> str | None: ...
    def mahjong_seat_notes(self, *, ruleset: Ruleset, table: Table, seat: int) -> list[Sequence[Mapping[str, str]]]: ...
    def mahjong_penalties(self, *, ruleset: Ruleset, table: Table, outcome: Outcome) -> list[Penalty]: ...
    def mahjong_false_win(self, *, ruleset: Ruleset, table: Table, seat: int, reason: str
                          ) -> FalseWinPenalty | None: ...

    # Seated timing
    def mahjong_time_limits(self, *, ruleset: Ruleset) -> TimeLimits | None: ...
    def mahjong_timeout(self, *, ruleset: Ruleset, table: Table, seat: int, what: str) -> Action | None: ...

    # End of deal, rotation, end of game
    def mahjong_deal_exhausted(self, *, ruleset: Ruleset, table: Table) -> bool | None: ...
    def mahjong_abortive_draw(self, *, ruleset: Ruleset, table: Table, moment: str, seat: int,
                              claims: Sequence[Claim]) -> str | None: ...
    def mahjong_next_deal(self, *, ruleset: Ruleset, table: Table, outcome: Outcome
                          ) -> tuple[int, int, int] | None: ...
    def mahjong_game_over(self, *, ruleset: Ruleset, table: Table) -> bool | None: ...

    # Observers
    def mahjong_event(self, *, table: Table, event: Mapping[str, Any]) -> list[None]: ...



#: Plugin managers of games with no observers or house tweaks, by the ruleset's plugin modules: building
#: one registers every plugin anew (about a millisecond), and a simulator plays thousands of games.
_SHARED: dict[tuple[object, ...], MahjongPluginManager] = {}


def shared_plugin_manager(modules: tuple[object, ...], *, house_tweaks: tuple[object, ...] = (),
                          observers: tuple[object, ...] = ()) -> tuple[MahjongPluginManager, HookRelay]:
    """The game's plugin manager and its hooks (:func:`fixed_relay`); shared between games whose plugins are the
    same functions.

    Observers and house tweaks are objects of one game (a replay writer, a
    test's recorder), so a game that has any gets a manager of its own.  A
    shared manager is never changed after it is built.  The key holds every
    hook function the modules define, so a module whose hooks were replaced
    (patched in a test, reloaded in a long-running process) gets a new
    manager; tracing is decided when a manager is built, so it is keyed too.
    """
    if house_tweaks or observers or not all(isinstance(m, ModuleType) for m in modules):
        pm = build_plugin_manager(modules, house_tweaks=house_tweaks, observers=observers)
        return pm, fixed_relay(pm)
    key = (os.environ.get(TRACE_VARIABLE, ""),
           *((m, *(f for name, f in vars(m).items() if name.startswith(HOOK_PREFIX))) for m in modules))
    shared = _SHARED.get(key)
    if shared is None:
        if len(_SHARED) >= 64:  # only patched or reloaded modules make new keys: drop the old ones
            _SHARED.clear()
        shared = _SHARED[key] = build_plugin_manager(modules)
    return shared, fixed_relay(shared)


def implemented_hooks(pm: pluggy.PluginManager) -> frozenset[str]:
    """The hooks some plugin of the manager implements.

    A game asks this once, when its manager is built, and does not call a
    hook outside it: a hook nobody implements answers ``None`` or ``[]``
    whatever it is asked, so not asking it is the same game for less work
    (a ruleset without the calling-hand rule is never asked for extra turn
    actions).  pluggy still makes every call the game does make.
    """
    return frozenset(name for name, caller in vars(pm.hook).items()
                     if isinstance(caller, pluggy.HookCaller) and caller.get_hookimpls())


def overridden_hooks(pm: pluggy.PluginManager) -> frozenset[str]:
    """The hooks some plugin other than the core's defaults implements (a wrapper or an observer counts).

    Where a hook has no implementation but the core's own (:mod:`mahjong_core.plugin.defaults`), its answer
    is that function's answer whatever else is registered, so a game asking it many times a deal
    (``mahjong_deal_exhausted``, ``mahjong_claim_allowed``, ``mahjong_claim_priority``) computes the core's
    rule itself instead: the hook is asked exactly where a plugin of the game can change the answer.
    """
    return frozenset(name for name, caller in vars(pm.hook).items()
                     if isinstance(caller, pluggy.HookCaller)
                     and any(impl.plugin is not defaults for impl in caller.get_hookimpls()))


def ruleset_hooks(ruleset: Ruleset) -> HookRelay:
    """The hooks of the ruleset's plugins, as a game of it registers them (no observers, no house tweaks).

    What asks a ruleset's family or settlement outside a game -- ``mahjong
    score``, a score card, the load-time checks, conformance -- asks here, so
    it hears the same plugins a game does, the ruleset's own before its
    family's.  The hooks are kept with the ruleset's binding, since a batch of
    hands scored one by one asks for them at every hand: looking them up again
    (the shared manager's key walks every name of every plugin module) cost
    about 7 us a hand under MCR, a sixth of scoring one.  A plugin module
    patched afterwards is heard by a ruleset loaded afresh (after
    ``mahjong_core.rules.clear_cache()``); a game checks its modules itself
    each time it starts.
    """
    bound = bind(ruleset)
    # Keyed by tracing too, as the shared managers are: hooks kept from a traced call would go on writing to the
    # stream that call traced to (a test's captured stderr, closed since).
    key = (id(bound), os.environ.get(TRACE_VARIABLE, ""))
    kept = _BINDING_HOOKS.get(key)
    if kept is not None and kept[0] is bound:
        return kept[1]
    plugins = bound.plugins
    if all(isinstance(p, ModuleType) for p in plugins):
        hooks = shared_plugin_manager(plugins)[1]
    else:  # a plugin that is an object (a test's, a third party's) is not shared between games
        hooks = fixed_relay(build_plugin_manager(plugins))
    if len(_BINDING_HOOKS) >= 64:  # a process that binds many rulesets keeps the recent ones
        _BINDING_HOOKS.clear()
    _BINDING_HOOKS[key] = (bound, hooks)
    return hooks


#: The hooks of each recently bound ruleset, by the binding's identity (the binding is kept, so the id stays its).
_BINDING_HOOKS: dict[tuple[int, str], tuple[Binding, HookRelay]] = {}


def time_limits(ruleset: Ruleset) -> TimeLimits | None:
    """The ruleset's time limits as its plugins answer ``mahjong_time_limits``, asked outside a game (a page
    showing a log, a lobby listing a table); ``None`` where the ruleset plays without a clock."""
    limits: TimeLimits | None = ruleset_hooks(ruleset).mahjong_time_limits(ruleset=ruleset)
    return limits


#: What callers import from here, the registration helpers (:mod:`.registration`) among them.
__all__ = ["HOOK_PREFIX", "TRACE_VARIABLE", "HookRelay", "MahjongPluginManager", "build_plugin_manager",
           "contributions", "fixed_relay", "hook_names", "implemented_hooks", "overridden_hooks", "ruleset_hooks",
           "shared_plugin_manager", "time_limits"]
