"""Registering plugins with pluggy, and asking plugins for what they contribute.

Below both the game's plugin manager (:mod:`mahjong_core.plugin.manager`,
which registers the core's defaults and a ruleset's plugins) and the index of
installed contributions (:mod:`mahjong_core.plugin.extensions`), so that
neither needs the other to register a plugin.
"""

from __future__ import annotations

import inspect
import threading
from collections.abc import Iterable, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, Literal, overload

import pluggy

from mahjong_core.errors import RulesetError
from mahjong_core.plugin import hookspecs

if TYPE_CHECKING:
    from mahjong_core.hand.predicates import Predicate
    from mahjong_core.plugin.contributions import Contribution

HOOK_PREFIX = "mahjong_"


class MahjongPluginManager(pluggy.PluginManager):
    """A pluggy manager that also treats undecorated ``mahjong_*`` functions as hooks.

    Accepting plain functions by prefix (as pytest does) means a misspelt
    hook name in a plugin cannot be silently ignored: it is registered, has no
    spec, and :meth:`check_pending` rejects it.
    """

    def __init__(self) -> None:
        super().__init__(hookspecs.PROJECT)
        self.add_hookspecs(hookspecs)
        #: Whether its calls are traced (``MAHJONG_TRACE_HOOKS``): its relay then keeps pluggy's callers.
        self.traced = False
        #: Its hooks as fixed call loops, made at the first game (:func:`mahjong_core.plugin.manager.fixed_relay`).
        self.fixed_relay: object | None = None

    def add_hookspecs(self, module_or_class: ModuleType | type) -> None:
        for name, value in inspect.getmembers(module_or_class):
            if getattr(value, f"{hookspecs.PROJECT}_spec", None) is not None and not name.startswith(HOOK_PREFIX):
                raise RulesetError(f"hook spec {name!r} must be named {HOOK_PREFIX}<something>")
        super().add_hookspecs(module_or_class)

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        if isinstance(plugin, ModuleType):
            # A module's attribute is its own dict's entry, with no descriptor to avoid: read it there.  pluggy
            # looks every name of ``dir(plugin)`` up through ``inspect.getattr_static``, which cost more than the
            # rest of registering the installed plugins at a command's start.  Only a function can be a hook.
            value = plugin.__dict__.get(name)
            if not inspect.isfunction(value):
                if not isinstance(value, (staticmethod, classmethod)):
                    return None
            else:
                marked = getattr(value, f"{hookspecs.PROJECT}_impl", None)
                if marked is not None:
                    return marked if isinstance(marked, dict) else None  # type: ignore[return-value]
                if not name.startswith(HOOK_PREFIX):
                    return None
        opts = super().parse_hookimpl_opts(plugin, name)
        if opts is None and name.startswith(HOOK_PREFIX):
            method = getattr(plugin, name, None)
            if inspect.isroutine(method):
                # A plain hook function: every option at its default (what pluggy fills in for a partial dict).
                return pluggy.HookimplOpts(wrapper=False, hookwrapper=False, optionalhook=False, tryfirst=False,
                                           trylast=False, specname=None)
        return opts


def plugin_name(module: ModuleType | object) -> str:
    return getattr(module, "__name__", None) or type(module).__name__


def register_plugins(pm: MahjongPluginManager, plugins: Iterable[ModuleType | object]) -> None:
    """Register each plugin once, in order; a hook with parameters its spec lacks is a located error."""
    for plugin in plugins:
        name = plugin_name(plugin)
        if pm.is_registered(plugin) or pm.has_plugin(name):
            continue
        try:
            pm.register(plugin, name=name)
        except pluggy.PluginValidationError as exc:
            raise RulesetError(f"plugin {name}: {exc}") from None


def hook_names() -> list[str]:
    """Every hook the core specifies, sorted (for docs and meta-tests)."""
    return sorted(name for name in dir(hookspecs) if name.startswith(HOOK_PREFIX))


@overload
def contributions(plugins: Iterable[object], hook: Literal["mahjong_predicates"]) -> list[tuple[str, Predicate]]:
    ...


@overload
def contributions(plugins: Iterable[object], hook: Literal["mahjong_contributions"]
                  ) -> list[tuple[str, Contribution]]:
    ...


def contributions(plugins: Iterable[ModuleType | object], hook: str) -> list[tuple[str, Any]]:
    """Every item the plugins' implementations of a contribution hook return, with the plugin's name, in order.

    Contribution hooks (``mahjong_predicates``, ``mahjong_contributions``)
    take no arguments and are asked outside games; the owner's name goes into
    the error when two plugins contribute one name.

    Each plugin is registered (and checked) in a manager of its own once,
    by the plugin and its hook functions (so a replaced function is
    registered again): loading every installed ruleset asks the same plugins
    the same question once per ruleset, and registering them all anew each
    time cost more than the rest of the load.  The answers are asked for each
    time.  The plugins are taken in order, a name once (as one manager would
    register them); a plugin whose implementation asks for another order
    (``tryfirst``, ``trylast``, a wrapper) sends the question to one manager
    of them all, which orders it as pluggy does.
    """
    plugins = tuple(plugins)
    found: list[tuple[str, Any]] = []
    names: set[str] = set()
    for plugin in plugins:
        name = plugin_name(plugin)
        if name in names:
            continue
        names.add(name)
        answer = _contribution(plugin, hook)
        if answer is None:
            return _contributions_together(plugins, hook)
        found.extend(answer)
    return found


def _contribution(plugin: object, hook: str) -> tuple[tuple[str, Any], ...] | None:
    """One plugin's items for a contribution hook; ``None`` if it asks for an order of its own.

    The answer itself is asked for every time: a plugin may answer from a
    registry that grows (a vocabulary a test or a late import adds to).
    """
    impls = _implementations(plugin).get(hook, ())
    if any(impl.tryfirst or impl.trylast or impl.hookwrapper or impl.wrapper for impl in impls):
        return None
    return tuple((impl.plugin_name, item) for impl in impls for item in _answer(impl))


def _answer(impl: pluggy.HookImpl) -> Iterable[Any]:
    """A contribution hook's answer: its items, or none where it answers ``None``."""
    answer: Iterable[Any] | None = impl.function()  # type: ignore[assignment]  # pluggy types it as object
    return answer or ()


def _implementations(plugin: object) -> Mapping[str, tuple[pluggy.HookImpl, ...]]:
    """The plugin's hook implementations by hook name, registered (and so checked) once per plugin and set of
    hook functions.

    One scratch manager registers each plugin and lets it go again: a manager of its own for each plugin read
    every hook spec anew, which cost more than the plugins' own answers at a command's start.
    """
    hooks = tuple((name, getattr(plugin, name, None)) for name in dir(plugin) if name.startswith(HOOK_PREFIX))
    try:
        key = (plugin, hooks)
        found = _IMPLEMENTATIONS.get(key)
    except TypeError:
        key, found = None, None
    if found is None:
        with _SCRATCH_LOCK:
            pm = _scratch()
            try:
                register_plugins(pm, (plugin,))
                found = {name: tuple(caller.get_hookimpls()) for name, caller in vars(pm.hook).items()
                         if isinstance(caller, pluggy.HookCaller) and caller.get_hookimpls()}
            finally:
                if pm.is_registered(plugin):
                    pm.unregister(plugin)
        if key is not None:
            if len(_IMPLEMENTATIONS) >= 128:
                _IMPLEMENTATIONS.clear()
            _IMPLEMENTATIONS[key] = found
    return found


_IMPLEMENTATIONS: dict[tuple[object, tuple[tuple[str, object], ...]], dict[str, tuple[pluggy.HookImpl, ...]]] = {}
_SCRATCH: list[MahjongPluginManager] = []
_SCRATCH_LOCK = threading.Lock()


def _scratch() -> MahjongPluginManager:
    """The one manager plugins are registered in alone, to be checked and read, then unregistered."""
    if not _SCRATCH:
        _SCRATCH.append(MahjongPluginManager())
    return _SCRATCH[0]


def _contributions_together(plugins: tuple[object, ...], hook: str) -> list[tuple[str, Any]]:
    pm = MahjongPluginManager()
    register_plugins(pm, plugins)
    found: list[tuple[str, Any]] = []
    for impl in getattr(pm.hook, hook).get_hookimpls():  # in pluggy's order: registration, then tryfirst/trylast
        found.extend((impl.plugin_name, item) for item in impl.function() or ())
    return found



