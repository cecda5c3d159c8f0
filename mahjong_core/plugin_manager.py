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

import inspect
import os
import sys
from collections.abc import Iterable
from operator import itemgetter
from types import ModuleType
from typing import Any

import pluggy

from . import hookspecs
from .errors import RulesetError

HOOK_PREFIX = "mahjong_"
TRACE_VARIABLE = "MAHJONG_TRACE_HOOKS"


class MahjongPluginManager(pluggy.PluginManager):
    """A pluggy manager that also treats undecorated ``mahjong_*`` functions as hooks.

    Accepting plain functions by prefix (as pytest does) means a misspelt
    hook name in a plugin cannot be silently ignored: it is registered, has no
    spec, and :meth:`check_pending` rejects it.
    """

    def __init__(self) -> None:
        super().__init__(hookspecs.PROJECT)
        self.add_hookspecs(hookspecs)

    def add_hookspecs(self, module_or_class: Any) -> None:
        for name, value in inspect.getmembers(module_or_class):
            if getattr(value, f"{hookspecs.PROJECT}_spec", None) is not None and not name.startswith(HOOK_PREFIX):
                raise RulesetError(f"hook spec {name!r} must be named {HOOK_PREFIX}<something>")
        super().add_hookspecs(module_or_class)

    def parse_hookimpl_opts(self, plugin: Any, name: str) -> Any:
        opts = super().parse_hookimpl_opts(plugin, name)
        if opts is None and name.startswith(HOOK_PREFIX):
            method = getattr(plugin, name, None)
            if inspect.isroutine(method):
                return {}
        return opts


def _plugin_name(module: ModuleType | object) -> str:
    return getattr(module, "__name__", None) or type(module).__name__


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
    from . import defaults

    pm = MahjongPluginManager()
    # Historic: every plugin registered from here on may add hook specs of its own as it arrives.
    pm.hook.mahjong_addhooks.call_historic(kwargs={"pluginmanager": pm})
    for group in ((defaults,), ruleset_modules, house_tweaks, observers):
        for plugin in group:
            name = _plugin_name(plugin)
            if pm.is_registered(plugin) or pm.has_plugin(name):
                continue
            try:
                pm.register(plugin, name=name)
            except pluggy.PluginValidationError as exc:
                raise RulesetError(f"plugin {name}: {exc}") from None
    try:
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise RulesetError(f"plugin {_plugin_name(exc.plugin)}: {exc} (is the hook name misspelt?)") from None
    if os.environ.get(TRACE_VARIABLE):
        pm.trace.root.setwriter(sys.stderr.write)
        pm.enable_tracing()
    return pm


class HookShortcuts:
    """Call hooks that have a single implementation without pluggy's general machinery.

    The engine calls a few hooks hundreds of times a deal.  When only one
    plugin implements such a hook (usually the core default) and nothing wraps
    it, calling that function directly gives exactly pluggy's result, so the
    shortcut is taken; otherwise, or while tracing, the call goes through
    pluggy.  Build it after every plugin is registered.
    """

    def __init__(self, pm: pluggy.PluginManager):
        self._pm = pm
        self._tracing = bool(os.environ.get(TRACE_VARIABLE))

    def __getattr__(self, name: str) -> Any:
        caller = getattr(self._pm.hook, name)
        impls = caller.get_hookimpls()
        spec = caller.spec
        if not impls and spec is not None and not self._tracing:
            # No plugin of this game implements it (a mechanism its ruleset leaves off): pluggy's own answer.
            empty = None if spec.opts.get("firstresult") else []

            def nothing(**kwargs: Any) -> Any:
                return [] if empty is not None else None

            setattr(self, name, nothing)
            return nothing
        if self._tracing or len(impls) != 1 or impls[0].hookwrapper or impls[0].wrapper or spec is None:
            setattr(self, name, caller)
            return caller
        function = impls[0].function
        argnames = impls[0].argnames
        firstresult = bool(spec.opts.get("firstresult"))
        # The implementation's arguments picked from the keywords in one C call (itemgetter of one name gives
        # the value itself, of several a tuple; of none, the empty tuple).
        pick = itemgetter(*argnames) if len(argnames) > 1 else (
            (lambda kwargs: (kwargs[argnames[0]],)) if argnames else (lambda kwargs: ()))

        def call(**kwargs: Any) -> Any:
            result = function(*pick(kwargs))
            if firstresult:
                return result
            return [] if result is None else [result]

        setattr(self, name, call)
        return call


#: Plugin managers of games with no observers or house tweaks, by the ruleset's plugin modules: building
#: one registers every plugin anew (about a millisecond), and a simulator plays thousands of games.
_SHARED_HOOKS: dict[tuple[object, ...], tuple[MahjongPluginManager, HookShortcuts]] = {}


def shared_plugin_manager(modules: tuple[object, ...], *, house_tweaks: tuple[object, ...] = (),
                          observers: tuple[object, ...] = ()) -> tuple[MahjongPluginManager, HookShortcuts]:
    """The game's plugin manager and its shortcuts; shared between games whose plugins are the same functions.

    Observers and house tweaks are objects of one game (a replay writer, a
    test's recorder), so a game that has any gets a manager of its own.  A
    shared manager is never changed after it is built.  The key holds every
    hook function the modules define, so a module whose hooks were replaced
    (patched in a test, reloaded in a long-running process) gets a new
    manager; tracing is decided when a manager is built, so it is keyed too.
    """
    if house_tweaks or observers or not all(isinstance(m, ModuleType) for m in modules):
        pm = build_plugin_manager(modules, house_tweaks=house_tweaks, observers=observers)
        return pm, HookShortcuts(pm)
    key = (os.environ.get(TRACE_VARIABLE, ""),
           *((m, *(f for name, f in vars(m).items() if name.startswith(HOOK_PREFIX))) for m in modules))
    shared = _SHARED_HOOKS.get(key)
    if shared is None:
        if len(_SHARED_HOOKS) >= 64:  # only patched or reloaded modules make new keys: drop the old ones
            _SHARED_HOOKS.clear()
        pm = build_plugin_manager(modules)
        shared = _SHARED_HOOKS[key] = (pm, HookShortcuts(pm))
    return shared


def hook_names() -> list[str]:
    """Every hook the core specifies, sorted (for docs and meta-tests)."""
    return sorted(name for name in dir(hookspecs) if name.startswith(HOOK_PREFIX))


def contributions(plugins: Iterable[ModuleType | object], hook: str) -> list[tuple[str, Any]]:
    """Every item the plugins' implementations of a contribution hook return, with the plugin's name, in order.

    Contribution hooks (``mahjong_predicates``, ``mahjong_scoring_families``...)
    take no arguments and are asked outside games; the owner's name goes into
    the error when two plugins contribute one name.
    """
    pm = MahjongPluginManager()
    for plugin in plugins:
        name = _plugin_name(plugin)
        if pm.is_registered(plugin) or pm.has_plugin(name):
            continue
        try:
            pm.register(plugin, name=name)
        except pluggy.PluginValidationError as exc:
            raise RulesetError(f"plugin {name}: {exc}") from None
    found: list[tuple[str, Any]] = []
    for impl in getattr(pm.hook, hook).get_hookimpls():  # in registration order
        found.extend((impl.plugin_name, item) for item in impl.function() or ())
    return found
