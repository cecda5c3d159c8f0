"""The code type-checks: mypy, configured in pyproject.toml (``[tool.mypy]``), passes on ``mahjong_core``, the
applications and ``plugins/`` (as ``mahjong_rulesets``, with its examples), all with the same flags.

The annotations are part of the contract a plugin author reads (a hook gets a
:class:`~mahjong_core.rules.Ruleset`, a :class:`~mahjong_core.table.state.Table`,
returns a :class:`~mahjong_core.hand.score.Score`...), so they are checked like the
rest of it, here, with the interpreter that runs the tests.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_passes_on_the_core() -> None:
    # No path on the command line: the files, the strictness and the overrides are pyproject.toml's.
    result = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"mypy failed (exit {result.returncode}):\n{result.stdout}{result.stderr}"


def test_the_plugins_are_checked_under_the_name_they_install_as() -> None:
    """mypy reaches ``plugins/`` through ``typecheck/mahjong_rulesets``, a link to it, not a copy that could drift."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert "typecheck/mahjong_rulesets" in config["files"] and "typecheck" in config["mypy_path"]
    link = ROOT / "typecheck" / "mahjong_rulesets"
    assert link.is_symlink() and link.resolve() == (ROOT / "plugins").resolve()
    assert not [o for o in config.get("overrides", []) if any("rulesets" in m for m in o.get("module", []))], \
        "the plugins get the core's flags, with no override of their own"


def test_no_plugin_types_a_ruleset_as_any() -> None:
    """A hook's ``ruleset`` is a :class:`~mahjong_core.Ruleset`, so mypy checks what a plugin reads of it."""
    loose = []
    for path in sorted((ROOT / "plugins").rglob("*.py")):
        if "build" in path.relative_to(ROOT).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.arg) and "ruleset" in node.arg and node.annotation is not None \
                    and ast.unparse(node.annotation) in ("Any", "object"):
                loose.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.arg}: {ast.unparse(node.annotation)}")
    assert loose == [], "\n".join(loose)


def test_the_typed_hook_relay_agrees_with_the_hook_specs() -> None:
    """``HookRelay`` (what the engine's hook calls are checked against) says what the specs say.

    Each hook is there by name with the spec's parameters (keyword-only, as
    pluggy calls them); a ``firstresult`` hook answers what one
    implementation returns, any other hook the list of its implementations'
    answers that are not ``None``.
    """
    import inspect

    from mahjong_core.plugin import hookspecs
    from mahjong_core.plugin.manager import HookRelay, hook_names

    specs = {name: getattr(hookspecs, name) for name in hook_names()}
    called = {name for name, spec in specs.items() if not spec.mahjong_spec.get("historic")}
    relayed = {name for name in vars(HookRelay) if name.startswith("mahjong_")}
    assert relayed == called, f"missing from HookRelay: {sorted(called - relayed)}; not hooks: " \
        f"{sorted(relayed - called)}"
    problems = []
    for name in sorted(called):
        spec, relay = inspect.signature(specs[name]), inspect.signature(getattr(HookRelay, name))
        params = [p for p in relay.parameters.values() if p.name != "self"]
        if any(p.kind is not inspect.Parameter.KEYWORD_ONLY for p in params):
            problems.append(f"{name}: parameters must be keyword-only")
        if [(p.name, p.annotation) for p in params] != [(p.name, p.annotation) for p in spec.parameters.values()]:
            problems.append(f"{name}: parameters {relay} differ from the spec's {spec}")
        answer = spec.return_annotation
        if not specs[name].mahjong_spec.get("firstresult"):
            answer = f"list[{answer.removesuffix(' | None')}]"
        if relay.return_annotation != answer:
            problems.append(f"{name}: returns {relay.return_annotation!r}, the spec says {answer!r}")
    assert not problems, "\n".join(problems)
