"""The core's layers import only downward, and its modules form no import circle, by any count.

A newcomer reads the core's shape from its folders: ``errors`` < ``reading/``
< ``hand/`` < ``rules/`` < ``table/`` < ``plugin/`` < ``engine/`` < ``log/``
< ``sheets/`` < ``audit/`` (it re-plays logs and score sheets alike) < ``conformance/`` (it audits the logs of
the games it plays) < ``cli/``.  These tests hold that order by reading every module's syntax
tree, so an import hidden inside a function or under ``TYPE_CHECKING`` counts
as much as one at the top: an upward import anywhere is a circle waiting for
its first caller.  The facades (``mahjong_core/__init__.py`` for programs,
``mahjong_core/plugin/__init__.py`` for plugin authors) and the table of moved
paths (``mahjong_core/_moved.py``) gather names from every layer, so they are
exempt; in exchange no core module imports a facade.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "mahjong_core"

#: Each layer's rank; a module may import its own rank or lower; ``__main__`` (``python -m mahjong_core``) runs the CLI.
LAYERS: dict[str, int] = {
    "_lazy": 0,  # the facades' shared mechanism for names resolved on first use; imports nothing of the core
    "errors": 0,
    "reading": 1,
    "hand": 2,
    "rules": 3,
    "table": 4,
    "plugin": 5,
    "engine": 6,
    "log": 7,
    "sheets": 8,
    "audit": 9,
    "conformance": 10,
    "cli": 11,
    "__main__": 12,
}

#: Modules that gather names from every layer (and so sit outside the order), by dotted name.
FACADES = frozenset({"mahjong_core", "mahjong_core.plugin"})
EXEMPT = FACADES | {"mahjong_core._moved"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(CORE.rglob("*.py"))}


def _imports(module: str, path: Path, known: set[str], text: str | None = None) -> Iterator[tuple[int, str]]:
    """``(line, imported core module)`` for every import in the file: top level, in functions, type-only alike.

    ``from pkg import name`` imports the submodule ``pkg.name`` where there is one, the package otherwise.
    """
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    source = path.read_text(encoding="utf-8") if text is None else text
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "mahjong_core":
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target.split(".")[0] != "mahjong_core":
                continue
            for target_here in dict.fromkeys(f"{target}.{a.name}" if f"{target}.{a.name}" in known else target
                                             for a in node.names):
                yield node.lineno, target_here


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def layer_violations() -> list[str]:
    """Every import of a layer above the importer's (or of a facade), located."""
    modules = _modules()
    known = set(modules)
    found = []
    for module, path in modules.items():
        if module in EXEMPT:
            continue
        mine = _layer(module)
        assert mine in LAYERS, f"{module} is in no layer; add its folder to LAYERS in this test"
        for line, target in _imports(module, path, known):
            where = f"{path.relative_to(ROOT)}:{line}"
            if target in FACADES:
                found.append(f"{where}: {module} imports the facade {target}")
                continue
            if target == "mahjong_core._moved":
                continue  # the shims' own helper: the packages that were modules forward old names through it
            theirs = _layer(target)
            if theirs not in LAYERS:
                found.append(f"{where}: {module} imports {target}, which is in no layer")
            elif LAYERS[theirs] > LAYERS[mine]:
                found.append(f"{where}: {module} ({mine}) imports {target} ({theirs})")
    return found


def test_every_core_module_imports_only_its_own_layer_or_below() -> None:
    violations = layer_violations()
    assert not violations, f"{len(violations)} imports against the layer order:\n" + "\n".join(violations)


def test_every_core_folder_is_a_layer() -> None:
    """A new folder must take its place in the order before it can hold code."""
    folders = {p.name for p in CORE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    files = {p.stem for p in CORE.glob("*.py")} - {"__init__", "_moved"}
    assert folders | files <= set(LAYERS)


def import_graph() -> dict[str, set[str]]:
    """Each core module's imports of other core modules, every import counted; the facades left out.

    An edge from a module to a package that holds it is the package's ``__init__`` running first,
    not an import of the package's names, so it is no edge.
    """
    modules = _modules()
    known = set(modules)
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        if module in EXEMPT:
            continue
        graph[module] = {target for _, target in _imports(module, path, known)
                         if target in known and target not in EXEMPT and target != module
                         and not module.startswith(target + ".")}
    return graph


def first_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of the graph, first module repeated at its end, or ``None``."""
    state: dict[str, int] = {}
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))

    def visit(node: str, path: list[str]) -> list[str] | None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (cycle := visit(nxt, [*path, nxt])):
                return cycle
        state[node] = 2
        return None

    for module in sorted(graph):
        if module not in state and (cycle := visit(module, [module])):
            return cycle
    return None


def test_the_core_has_no_import_cycle_by_any_count() -> None:
    cycle = first_cycle(import_graph())
    assert cycle is None, "import cycle (imports in functions and under TYPE_CHECKING counted): " + " -> ".join(cycle)


def test_the_reading_counts_imports_in_functions_and_under_type_checking() -> None:
    """The test's own reading: imports hidden in a function or a type-only block are found, relative ones resolved."""
    known = set(_modules())
    text = (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from mahjong_core.engine.game import Game\n"
        "def f():\n"
        "    from ..plugin import manager\n"
        "    import mahjong_core.log.format\n"
        "from . import tiles\n"
    )
    found = {target for _, target in _imports("mahjong_core.hand.x", CORE / "hand" / "x.py", known, text)}
    assert found == {"mahjong_core.engine.game", "mahjong_core.plugin.manager", "mahjong_core.log.format",
                     "mahjong_core.hand.tiles"}


def test_a_circle_is_found() -> None:
    assert first_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert first_cycle({"a": {"b"}, "b": set()}) is None
