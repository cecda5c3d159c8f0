"""What an installed plugin module contributes, read from a file beside its package, without importing it.

Importing every installed family at each command's start, only to learn the
names it answers to, cost more than the rest of a short command's work.  A
package may therefore declare, in one file at its top level
(:data:`DECLARATIONS_FILE`), for each of its plugin modules: the kind and name
of every contribution the module's ``mahjong_contributions`` returns, and the
names of the predicates its ``mahjong_predicates`` returns, in order.  The
index of installed plugins (:mod:`mahjong_core.plugin.extensions`) then
imports such a module only when something of it is asked for: the family or
settlement a ruleset names, a predicate a table names, or the whole index
(``mahjong rules list``, the docs, conformance).  A module without a
declaration is imported at start, as before.

When a declared module is imported, what it really contributes is held to its
declaration; a difference is an error naming the file and the module, never a
silent difference between a lazy and an eager start.  The bundled package's
file is written by ``scripts/declare_plugins.py``, and a test holds it to the
modules.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib.util import find_spec

from mahjong_core.errors import RulesetError

#: The file, at the top level of a package, that declares its plugin modules' contributions.
DECLARATIONS_FILE = "mahjong_plugins.json"


@dataclass(frozen=True)
class Declaration:
    """One plugin module's contributions as its package declares them.

    :param module: the module's dotted name (the entry point's value).
    :param contributions: ``(kind, name)`` of each contribution, in the order the module returns them.
    :param predicates: the names of its predicates, in the order the module returns them.
    :param where: the declarations file, for messages.
    """

    module: str
    contributions: tuple[tuple[str, str], ...]
    predicates: tuple[str, ...]
    where: str

    def kinds(self) -> frozenset[str]:
        """The kinds of contribution it declares."""
        return frozenset(kind for kind, _ in self.contributions)

    def check(self, contributions: Sequence[tuple[str, str]], predicates: Sequence[str]) -> None:
        """Raise unless the module, imported, contributes exactly what it declares."""
        if tuple(contributions) != self.contributions:
            raise RulesetError(f"plugin module {self.module} contributes {_named(contributions)}, but its "
                               f"declaration says {_named(self.contributions)}; write the declaration again",
                               source=self.where, place=f"$.modules.{self.module}.contributions")
        if tuple(predicates) != self.predicates:
            extra = sorted(set(predicates) - set(self.predicates))
            missing = sorted(set(self.predicates) - set(predicates))
            said = (f"undeclared {', '.join(extra)}" if extra else "") + ("; " if extra and missing else "") + \
                (f"declared but absent {', '.join(missing)}" if missing else "") or "another order"
            raise RulesetError(f"plugin module {self.module} contributes other predicates than its declaration "
                               f"({said}); write the declaration again",
                               source=self.where, place=f"$.modules.{self.module}.predicates")


def _named(items: Sequence[tuple[str, str]]) -> str:
    return ", ".join(f"{kind} {name}" for kind, name in items) or "nothing"


_FILES: dict[str, Mapping[str, Declaration]] = {}


def declaration(module: str) -> Declaration | None:
    """The declaration of the plugin module ``module`` by its top-level package, or ``None`` where there is none.

    Only the top-level package is located (which imports nothing); its file is read once per process.

    :raises RulesetError: for a declarations file that is not what :data:`DECLARATIONS_FILE` must hold.
    """
    top = module.partition(".")[0]
    found = _FILES.get(top)
    if found is None:
        found = _FILES[top] = _read(top)
    return found.get(module)


def clear_cache() -> None:
    """Read the declarations files again on next use."""
    _FILES.clear()


def _read(top: str) -> Mapping[str, Declaration]:
    try:
        spec = find_spec(top)
    except (ImportError, ValueError):
        return {}
    folders = list(spec.submodule_search_locations or ()) if spec is not None else []
    for folder in folders:
        path = os.path.join(folder, DECLARATIONS_FILE)
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except FileNotFoundError:
            continue
        except (OSError, UnicodeDecodeError) as exc:
            raise RulesetError(f"cannot read the plugin declarations: {exc}", source=path) from None
        return parse(text, path)
    return {}


def parse(text: str, where: str) -> dict[str, Declaration]:
    """The declarations a file's text holds, by module; an error naming the file and the place otherwise.

    The shape: ``{"modules": {"<module>": {"contributions": [["<kind>", "<name>"], ...],
    "predicates": ["<name>", ...]}}}``.
    """
    try:
        document = json.loads(text)
    except ValueError as exc:
        raise RulesetError(f"not JSON: {exc}", source=where) from None
    modules = document.get("modules") if isinstance(document, dict) else None
    if not isinstance(modules, dict):
        raise RulesetError("expected an object with a \"modules\" object", source=where, place="$")
    found = {}
    for module, entry in modules.items():
        place = f"$.modules.{module}"
        if not isinstance(entry, dict) or set(entry) != {"contributions", "predicates"}:
            raise RulesetError("expected an object with \"contributions\" and \"predicates\"", source=where,
                               place=place)
        pairs = entry["contributions"]
        if not isinstance(pairs, list) or not all(
                isinstance(p, list) and len(p) == 2 and all(isinstance(s, str) for s in p) for p in pairs):
            raise RulesetError("expected a list of [kind, name] pairs of strings", source=where,
                               place=f"{place}.contributions")
        names = entry["predicates"]
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise RulesetError("expected a list of predicate names", source=where, place=f"{place}.predicates")
        found[module] = Declaration(module, tuple((k, n) for k, n in pairs), tuple(names), where)
    return found


def declare(contributions: Sequence[tuple[str, str]], predicates: Sequence[str]) -> dict[str, list[object]]:
    """One module's entry of a declarations file (what ``scripts/declare_plugins.py`` writes)."""
    return {"contributions": [list(pair) for pair in contributions], "predicates": list(predicates)}
