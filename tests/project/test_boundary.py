"""The boundary: code outside the core imports only ``mahjong_core`` (programs) and ``mahjong_core.plugin`` (plugins).

The bundled plugins (``plugins/``, installed as ``mahjong_rulesets``, examples included), the applications and
the guides' code are written as a third party's would be, so the modules under ``mahjong_core/`` can move
without breaking them, and what they need is a public, documented name.  Every import statement counts: at the
top of a module, inside a function, under ``TYPE_CHECKING``.  Tests are not bound (they test the internals).
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
