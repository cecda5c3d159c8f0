"""Names resolved on first use, for the two facades (:mod:`mahjong_core` and :mod:`mahjong_core.plugin`).

Both facades list where each public name is defined and import a module only
when one of its names is first asked for, because ``import mahjong_core`` runs
on every ``mahjong`` command and a plugin's ``import mahjong_core.plugin``
must not load the engine.  This module holds that one mechanism, so the two
facades hold only their lists.
"""

from __future__ import annotations

from importlib import import_module

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


def lazy_names(namespace: dict[str, Any], sources: Mapping[str, tuple[str, ...]]
               ) -> tuple[dict[str, str], Callable[[str], Any], Callable[[], list[str]]]:
    """The facade's map of names to modules, and the module-level ``__getattr__`` and ``__dir__`` that use it.

    :param namespace: the facade's ``globals()``: a resolved name is kept there, so the next lookup costs nothing.
    :param sources: each defining module, relative to ``mahjong_core``, and the public names it gives.
    """
    exports = {name: f"mahjong_core.{module}" for module, names in sources.items() for name in names}
    facade = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        """Import a public name's module on first use and keep the name."""
        try:
            module = exports[name]
        except KeyError:
            raise AttributeError(f"module {facade!r} has no attribute {name!r}") from None
        value = getattr(import_module(module), name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        """The facade's own names and every public name, resolved or not (for ``dir()`` and completion)."""
        return sorted({*namespace, *namespace["__all__"]})

    return exports, __getattr__, __dir__
