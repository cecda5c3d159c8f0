"""A game's hooks as fixed call loops: pluggy's order and answers, without pluggy's work at every call.

pluggy prepares each call anew because a manager may change between two
calls: it copies the implementations' list, fills in the spec's defaults,
checks the arguments, walks the wrappers' protocol and builds each
implementation's arguments from a dictionary.  A game's manager never changes
once built (:func:`mahjong_core.plugin.manager.shared_plugin_manager`), and a
deal asks its hooks some 250 to 350 times, so that preparation was about a
fifth of a riichi deal's time.  Here each hook's call loop is fixed when the
relay is made: the implementations in pluggy's calling order, each with a
getter of its own arguments, and the firstresult rule built in.

A hook keeps pluggy's own caller wherever the fixed loop could differ from
it: a historic hook, a wrapper (new or old style) among its implementations,
an implementation taking keyword-only arguments, a spec with default values,
or a manager that traces its calls (``MAHJONG_TRACE_HOOKS``).  A call that
leaves out an argument the spec declares gets pluggy's own warning, and one
that leaves out an argument an implementation needs pluggy's
:class:`pluggy.HookCallError`.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any

import pluggy

__all__ = ["FixedRelay", "fixed_call"]


class FixedRelay:
    """The hooks of one manager, each a fixed call loop (or pluggy's caller where it must stay): the same names,
    arguments and answers as ``pm.hook``."""

    def __init__(self, pm: pluggy.PluginManager, *, traced: bool = False) -> None:
        for name, caller in vars(pm.hook).items():
            if isinstance(caller, pluggy.HookCaller):
                setattr(self, name, caller if traced else fixed_call(caller))

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"no hook {name!r}: no spec of that name is registered")


def fixed_call(caller: pluggy.HookCaller) -> Callable[..., Any]:
    """A function answering as ``caller(**kwargs)`` does, with its implementations' order fixed now; ``caller``
    itself where a fixed loop could answer differently (see the module's docstring)."""
    spec = caller.spec
    impls = caller.get_hookimpls()
    if (spec is None or caller.is_historic() or spec.kwargdefaults
            or any(impl.wrapper or impl.hookwrapper or impl.kwargnames for impl in reversed(impls))):
        return caller
    first = bool(spec.opts.get("firstresult", False))
    declared = len(spec.argnames)
    calls = tuple((impl.function, _getter(impl.argnames)) for impl in reversed(impls))

    names = spec.argnames

    def missing(kwargs: dict[str, Any], error: KeyError) -> pluggy.HookCallError:
        """pluggy's error for an argument an implementation needs and the call left out."""
        return pluggy.HookCallError(f"hook call must provide argument {error.args[0]!r}")

    if not calls:
        def nobody(**kwargs: Any) -> Any:
            return None if first else []
        return nobody
    if len(calls) == 1:
        (function, arguments), = calls
        if first:
            def only_first(**kwargs: Any) -> Any:
                if len(kwargs) < declared:
                    _warn_left_out(caller.name, names, kwargs)
                try:
                    args = arguments(kwargs)
                except KeyError as error:
                    raise missing(kwargs, error) from error
                return function(*args)
            return only_first

        def only(**kwargs: Any) -> list[Any]:
            if len(kwargs) < declared:
                _warn_left_out(caller.name, names, kwargs)
            try:
                args = arguments(kwargs)
            except KeyError as error:
                raise missing(kwargs, error) from error
            answer = function(*args)
            return [] if answer is None else [answer]
        return only
    if first:
        def first_answer(**kwargs: Any) -> Any:
            if len(kwargs) < declared:
                _warn_left_out(caller.name, names, kwargs)
            for function, arguments in calls:
                try:
                    args = arguments(kwargs)
                except KeyError as error:
                    raise missing(kwargs, error) from error
                answer = function(*args)
                if answer is not None:
                    return answer
            return None
        return first_answer

    def every_answer(**kwargs: Any) -> list[Any]:
        if len(kwargs) < declared:
            _warn_left_out(caller.name, names, kwargs)
        answers = []
        for function, arguments in calls:
            try:
                args = arguments(kwargs)
            except KeyError as error:
                raise missing(kwargs, error) from error
            answer = function(*args)
            if answer is not None:
                answers.append(answer)
        return answers
    return every_answer


def _warn_left_out(hook: str, declared: Sequence[str], kwargs: dict[str, Any]) -> None:
    """Warn, as pluggy does, of the spec's arguments a call left out (an implementation may not need them)."""
    left_out = [name for name in declared if name not in kwargs]
    if left_out:
        warnings.warn(f"{hook}: argument(s) {', '.join(map(repr, left_out))} which are declared in the hookspec "
                      "cannot be found in this hook call", stacklevel=3)


def _getter(names: tuple[str, ...]) -> Callable[[dict[str, Any]], tuple[Any, ...]]:
    """The implementation's positional arguments from the call's keywords, in one C call."""
    if not names:
        return lambda kwargs: ()
    if len(names) == 1:
        one = itemgetter(names[0])
        return lambda kwargs: (one(kwargs),)
    return itemgetter(*names)
