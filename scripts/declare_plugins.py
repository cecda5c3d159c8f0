"""Write the bundled package's plugin declarations (``plugins/mahjong_plugins.json``) from its plugin modules.

Each module of the ``mahjong_core.plugins`` entry-point group that lives in the bundled package and contributes
only what a ruleset asks for by name (a family, a settlement, a winning form) or predicates is declared, so that
a command imports it only when a ruleset uses it (:mod:`mahjong_core.plugin.declarations`); a module that
contributes a mechanism or a vocabulary is imported at every start and is not declared.  Run it after changing
what such a module contributes; ``tests/core/plugin/test_declarations.py`` fails until the file is current.

Usage: ``python scripts/declare_plugins.py [--check]``
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

from mahjong_core.plugin.declarations import DECLARATIONS_FILE, declare
from mahjong_core.plugin.registration import contributions
from mahjong_core.reading.entry_points import entry_points

PACKAGE = "mahjong_rulesets"
ASKED_OF_ALL = {"mechanism", "vocabulary"}
TARGET = Path(__file__).resolve().parent.parent / "plugins" / DECLARATIONS_FILE


def declarations() -> str:
    """The file's text: every declarable plugin module of the bundled package, by module name."""
    modules = {}
    for ep in sorted(entry_points("mahjong_core.plugins"), key=lambda ep: ep.value):
        if ":" in ep.value or not ep.value.startswith(PACKAGE + "."):
            continue
        module = importlib.import_module(ep.value)
        made = [(item.kind, item.name) for _, item in contributions([module], "mahjong_contributions")]
        if {kind for kind, _ in made} & ASKED_OF_ALL:
            continue
        modules[ep.value] = declare(made, [p.name for _, p in contributions([module], "mahjong_predicates")])
    return json.dumps({"$comment": "written by scripts/declare_plugins.py: what each plugin module contributes, "
                                   "read without importing it", "modules": modules}, indent=1) + "\n"


def main(argv: list[str]) -> int:
    text = declarations()
    if "--check" in argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET} is out of date: run python scripts/declare_plugins.py", file=sys.stderr)
            return 1
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
