"""Plugins their package declares are imported only when a ruleset uses them; undeclared ones at start."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from mahjong_core.errors import RulesetError
from mahjong_core.plugin.declarations import parse

ROOT = Path(__file__).resolve().parents[3]


def _run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_the_bundled_declarations_are_what_the_modules_contribute() -> None:
    spec = importlib.util.spec_from_file_location("declare_plugins", ROOT / "scripts" / "declare_plugins.py")
    assert spec is not None and spec.loader is not None
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    assert (ROOT / "plugins" / "mahjong_plugins.json").read_text(encoding="utf-8") == script.declarations(), \
        "run python scripts/declare_plugins.py"


def test_scoring_a_hand_imports_its_own_family_and_no_other() -> None:
    out = _run(
        "import sys\n"
        "from mahjong_core.plugin.binding import bind\n"
        "from mahjong_core.rules.loader import load_ruleset\n"
        "from mahjong_core.plugin import extensions\n"
        "bound = bind(load_ruleset('mcr'))\n"
        "print(bound.family.name, bound.settlement.name, len(bound.mechanisms) >= 0, 'mcr_' + 'pure_straight' in "
        "bound.predicates or True)\n"
        "print(sorted(m.split('.')[2] for m in sys.modules if m.startswith('mahjong_rulesets.families.') and "
        "m.endswith('.family')))\n"
        "extensions.installed().families\n"
        "print(sorted(m.split('.')[2] for m in sys.modules if m.startswith('mahjong_rulesets.families.') and "
        "m.endswith('.family')))\n"
        "print('mahjong_flat_family.family' in sys.modules)\n")
    first, alone, every, flat = out.splitlines()
    assert first.startswith("mcr sport")
    assert alone == "['mcr']"
    assert every == "['classical', 'fuzhou', 'hongkong', 'mcr', 'riichi', 'taiwanese']"
    assert flat == "True"  # an undeclared third-party plugin (plugins/examples/flat_family) is imported at start


def test_another_familys_predicate_is_imported_when_read() -> None:
    out = _run(
        "import sys\n"
        "from mahjong_core.plugin.binding import bind\n"
        "from mahjong_core.rules.loader import load_ruleset\n"
        "vocabulary = bind(load_ruleset('mcr')).predicates\n"
        "name = next(n for n in vocabulary if n.startswith('hk_'))\n"
        "print('mahjong_rulesets.families.hongkong.family' in sys.modules)\n"
        "print(vocabulary[name].name == name, 'mahjong_rulesets.families.hongkong.family' in sys.modules)\n")
    assert out.splitlines() == ["False", "True True"]


def test_a_declaration_that_differs_from_its_module_is_an_error_naming_it() -> None:
    declared = parse('{"modules": {"pkg.fam": {"contributions": [["family", "x"]], "predicates": ["a", "b"]}}}',
                     "pkg/mahjong_plugins.json")["pkg.fam"]
    declared.check([("family", "x")], ["a", "b"])
    with pytest.raises(RulesetError, match=r"pkg\.fam contributes family y, but its declaration says family x") as exc:
        declared.check([("family", "y")], ["a", "b"])
    assert exc.value.source == "pkg/mahjong_plugins.json"
    with pytest.raises(RulesetError, match="undeclared c; declared but absent b"):
        declared.check([("family", "x")], ["a", "c"])


@pytest.mark.parametrize(("text", "place"), [
    ("[]", "$"),
    ('{"modules": {"m": {"contributions": []}}}', "$.modules.m"),
    ('{"modules": {"m": {"contributions": [["family"]], "predicates": []}}}', "$.modules.m.contributions"),
    ('{"modules": {"m": {"contributions": [], "predicates": [1]}}}', "$.modules.m.predicates"),
])
def test_a_malformed_declarations_file_is_named_at_its_place(text: str, place: str) -> None:
    with pytest.raises(RulesetError) as exc:
        parse(text, "x/mahjong_plugins.json")
    assert (exc.value.source, exc.value.place) == ("x/mahjong_plugins.json", place)
