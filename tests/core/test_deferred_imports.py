"""An import inside a function says why it is not at the top of its module, and it must buy what it says.

With the layers a strict order and no import cycle (``test_layers.py``), the
one reason left to import inside a function is start-up: ``mahjong --help``
imports every command module, ``mahjong hand`` loads no ruleset, a pytest run
loads the conformance plugin, a writer of logs needs no schema check.  Each
such import carries a comment ``# deferred: why`` -- on its line, or just above
it or the run of imports it opens -- or its module declares once, in a
comment ``# deferred imports: why`` at the top level, that its functions
import what they run on (the command modules do).  Two checks hold that:

* every import inside a function in ``mahjong_core/`` has such a comment, and
  a missing one is named by file and line;
* every one defers something: a fresh interpreter that imports its module
  has not yet loaded what it imports, so a deferral that saves nothing (a
  module already loaded by the module's own imports) fails here and moves to
  the top.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "mahjong_core"

#: A comment that justifies the import it sits on or above, and one that justifies every import of its module.
MARK = "# deferred:"
MODULE_MARK = "# deferred imports:"



def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _inner_imports(tree: ast.Module) -> list[tuple[ast.Import | ast.ImportFrom, list[ast.stmt]]]:
    """Every import inside a function (at any depth), with the body it is a statement of."""
    found: list[tuple[ast.Import | ast.ImportFrom, list[ast.stmt]]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for name in ("body", "orelse", "finalbody", "handlers"):
            block = getattr(node, name, None)
            if not isinstance(block, list):
                continue
            for child in block:
                if isinstance(child, ast.Import | ast.ImportFrom) and in_function:
                    found.append((child, block))
                visit(child, in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef))

    visit(tree, False)
    return found


def _justified(node: ast.stmt, block: list[ast.stmt], lines: list[str]) -> bool:
    """Whether the import's line, or the comment above it or above the run of imports it belongs to, says why."""
    index = next(k for k, statement in enumerate(block) if statement is node)
    first = index
    while first > 0 and isinstance(block[first - 1], ast.Import | ast.ImportFrom):
        first -= 1
    candidates = [node.lineno - 1]
    for start in {node.lineno, block[first].lineno}:
        above = start - 2  # the line above: a comment, or a `try:  # deferred: ...` that opens the import's block
        candidates.append(above)
        while above >= 0 and lines[above].strip().startswith("#"):
            above -= 1
            candidates.append(above)
    return any(MARK in lines[k] for k in candidates if k >= 0)


def _sources() -> dict[Path, tuple[list[str], ast.Module]]:
    return {path: (text.splitlines(), ast.parse(text))
            for path in sorted(CORE.rglob("*.py")) for text in [path.read_text(encoding="utf-8")]}


def test_every_import_inside_a_function_says_why() -> None:
    missing: list[str] = []
    for path, (lines, tree) in _sources().items():
        module_wide = any(line.startswith(MODULE_MARK) for line in lines)
        for node, block in _inner_imports(tree):
            if module_wide or _justified(node, block, lines):
                continue
            missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}")
    assert not missing, ("imports inside functions without a `# deferred: why` comment (move each to the top of "
                         "its module, or measure what that costs and say so):\n" + "\n".join(missing))


#: Run in a fresh interpreter: import a module, then say which of the given imports would load nothing new.
_PROBE = """
import importlib, importlib.util, json, sys
module, imports = sys.argv[1], json.loads(sys.argv[2])
importlib.import_module(module)
loaded = set(sys.modules)
for line, target, names in imports:
    if target not in loaded:
        continue
    submodules = [f"{target}.{name}" for name in names if importlib.util.find_spec(f"{target}.{name}") is not None
                  ] if hasattr(sys.modules[target], "__path__") else []
    if not any(sub not in loaded for sub in submodules):
        print(json.dumps([line, target]))
"""


def _target(node: ast.Import | ast.ImportFrom, module: str, path: Path) -> tuple[str, list[str]]:
    if isinstance(node, ast.Import):
        return node.names[0].name, []
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
    return ".".join([*base, node.module] if node.module else base), [alias.name for alias in node.names]


def test_every_deferred_import_defers_something() -> None:
    probes: dict[str, list[tuple[int, str, list[str]]]] = {}
    where: dict[str, Path] = {}
    for path, (_lines, tree) in _sources().items():
        module = _module_name(path)
        for node, _block in _inner_imports(tree):
            target, names = _target(node, module, path)
            probes.setdefault(module, []).append((node.lineno, target, names))
            where[module] = path

    def probe(module: str) -> list[str]:
        out = subprocess.run([sys.executable, "-c", _PROBE, module, json.dumps(probes[module])], capture_output=True,
                             text=True, check=True, cwd=ROOT).stdout
        return [f"{where[module].relative_to(ROOT)}:{line}: {target} is loaded whenever {module} is"
                for line, target in map(json.loads, out.splitlines())]

    with ThreadPoolExecutor(max_workers=4) as pool:
        free = [problem for problems in pool.map(probe, sorted(probes)) for problem in problems]
    assert not free, "deferred imports that defer nothing (move them to the top):\n" + "\n".join(free)


def test_the_check_sees_an_import_without_a_reason() -> None:
    """The check reads what it should: a bare import inside a function is caught, a commented one is not."""
    text = ("def f():\n    import json\n\n\ndef g():\n    # deferred: a reason\n    import json\n    import csv\n\n\n"
            "def h():\n    try:  # deferred: an optional extra\n        import json\n    except ImportError:\n"
            "        return\n")
    tree = ast.parse(text)
    verdicts = [(node.lineno, _justified(node, block, text.splitlines())) for node, block in _inner_imports(tree)]
    assert verdicts == [(2, False), (7, True), (8, True), (13, True)]
