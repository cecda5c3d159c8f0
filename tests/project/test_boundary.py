"""The boundary: code outside the core imports only ``mahjong_core`` (programs) and ``mahjong_core.plugin`` (plugins).

The bundled plugins (``plugins/``, installed as ``mahjong_rulesets``, examples included), the applications and
the guides' code are written as a third party's would be, so the modules under ``mahjong_core/`` can move
without breaking them, and what they need is a public, documented name.  Every import statement counts: at the
top of a module, inside a function, under ``TYPE_CHECKING``.  Their docstrings and comments are held to the same
names, so that a reader following a reference lands on a public name, not on a module that may move.  Tests are
not bound (they test the internals).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

import mahjong_core
import mahjong_core.plugin

ROOT = Path(__file__).resolve().parents[2]
#: Code outside the core, by folder; ``plugins/`` is the ``mahjong_rulesets`` package and its examples.
OUTSIDE = ("plugins", "mahjong_server", "mahjong_records", "mahjong_docs", "mahjong_study", "mahjong_formats")
PUBLIC = {"mahjong_core": set(mahjong_core.__all__) | {"plugin"},
          "mahjong_core.plugin": set(mahjong_core.plugin.__all__)}
#: Dotted names outside the two namespaces that code outside the core may still name: the entry-point groups, the
#: hook specs (the module the hook reference documents) and the shipped JSON Schemas (data, read as resources).
NAMED_ELSEWHERE = frozenset({"mahjong_core.plugins", "mahjong_core.rulesets", "mahjong_core.bots",
                             "mahjong_core.plugin.hookspecs", "mahjong_core.schemas"})
_DOTTED = re.compile(r"mahjong_core(?:\.[A-Za-z_]\w*)+")
_BLOCK = re.compile(r"^\.\. code-block:: *python *\n((?:[ \t]+:.*\n)*)\n((?:(?:[ \t]+.*)?\n)+)", re.MULTILINE)


def crossings(source: str) -> Iterator[tuple[int, str]]:
    """(line, what) for every import of the core other than its two public namespaces and their public names."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("mahjong_core.") and alias.name not in PUBLIC:
                    yield node.lineno, f"import {alias.name}"
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            module = node.module
            if module in PUBLIC:
                for alias in node.names:
                    if alias.name != "*" and alias.name not in PUBLIC[module]:
                        yield node.lineno, f"from {module} import {alias.name} (not in {module}.__all__)"
            elif module.startswith("mahjong_core."):
                yield node.lineno, f"from {module} import ..."


def mentions(source: str) -> Iterator[tuple[int, str]]:
    """(line, name) for every dotted core name in the text of a module (docstrings, comments, strings) that is
    neither a public name of the two namespaces nor one of :data:`NAMED_ELSEWHERE`; import lines are
    :func:`crossings`' business."""
    imports: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    for number, line in enumerate(source.splitlines(), 1):
        if number in imports:
            continue
        for match in _DOTTED.finditer(line):
            name = match.group()
            parts = name.split(".")
            if any(name == known or name.startswith(known + ".") for known in NAMED_ELSEWHERE):
                continue
            if parts[1] == "plugin":
                if len(parts) == 2 or parts[2] in PUBLIC["mahjong_core.plugin"]:
                    continue
            elif parts[1] in PUBLIC["mahjong_core"]:
                continue
            yield number, name


def python_files() -> list[Path]:
    """The Python files of the folders outside the core, less what building an example in place copies to build/."""
    return sorted(path for folder in OUTSIDE for path in (ROOT / folder).rglob("*.py")
                  if "build" not in path.relative_to(ROOT / folder).parts)


def guide_blocks() -> list[tuple[str, str]]:
    """(where, code) of every Python code block of the guides."""
    blocks = []
    for page in sorted((ROOT / "docs").glob("guide-*.rst")):
        text = page.read_text(encoding="utf-8")
        for match in _BLOCK.finditer(text):
            line = text.count("\n", 0, match.start(2)) + 1
            code = "\n".join(row[3:] if row.startswith("   ") else row for row in match.group(2).splitlines())
            blocks.append((f"{page.relative_to(ROOT)}:{line}", code))
    return blocks


def test_no_code_outside_the_core_imports_past_the_public_namespaces() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {what}" for path in python_files()
             for line, what in crossings(path.read_text(encoding="utf-8"))]
    assert found == [], "\n".join(found)


def test_no_text_outside_the_core_names_a_module_past_the_public_namespaces() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {name}" for path in python_files()
             for line, name in mentions(path.read_text(encoding="utf-8"))]
    assert found == [], "\n".join(found)


def test_the_text_scan_tells_a_public_name_from_a_module_path() -> None:
    text = ('"""See :func:`mahjong_core.plugin.score_hand`, :class:`mahjong_core.Game` and the hooks\n'
            '(:mod:`mahjong_core.plugin.hookspecs`), not :mod:`mahjong_core.engine.claims`."""\n'
            "import mahjong_core.engine.claims  # an import: crossings reports it\n"
            "# mahjong_core.plugin.binding.bind moved once already\n")
    assert list(mentions(text)) == [(2, "mahjong_core.engine.claims"), (4, "mahjong_core.plugin.binding.bind")]


def test_no_guide_code_imports_past_the_public_namespaces() -> None:
    found = [f"{where} (+{line - 1}): {what}" for where, code in guide_blocks() for line, what in crossings(code)]
    assert found == [], "\n".join(found)


def test_the_scan_sees_the_code_it_guards() -> None:
    """An empty scan passes vacuously: the folders hold the packages, and the guides hold code importing the core."""
    files = {path.relative_to(ROOT).parts[0] for path in python_files()}
    assert files == set(OUTSIDE)
    assert len(python_files()) > 100
    assert (ROOT / "plugins" / "examples" / "flat_family" / "mahjong_flat_family" / "family.py") in python_files()
    blocks = guide_blocks()
    assert len(blocks) >= 5 and sum("from mahjong_core" in code for _, code in blocks) >= 4


@pytest.mark.parametrize(("code", "line", "what"), [
    ("from mahjong_core.hand.tiles import EAST", 1, "from mahjong_core.hand.tiles import ..."),
    ("import mahjong_core.engine.game", 1, "import mahjong_core.engine.game"),
    ("def f():\n    from mahjong_core.rules import Ruleset\n", 2, "from mahjong_core.rules import ..."),
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from mahjong_core.table.state import Table\n", 3,
     "from mahjong_core.table.state import ..."),
    ("from mahjong_core import engine", 1, "from mahjong_core import engine (not in mahjong_core.__all__)"),
    ("from mahjong_core.plugin import hookspecs", 1,
     "from mahjong_core.plugin import hookspecs (not in mahjong_core.plugin.__all__)"),
])
def test_each_way_past_the_boundary_is_found(code: str, line: int, what: str) -> None:
    assert list(crossings(code)) == [(line, what)]


def test_the_public_namespaces_pass() -> None:
    code = ("import mahjong_core\nimport mahjong_core.plugin\nfrom mahjong_core import Game, plugin\n"
            "from mahjong_core.plugin import Table, hookimpl\nfrom mahjong_rulesets.hands import predicates\n")
    assert list(crossings(code)) == []
