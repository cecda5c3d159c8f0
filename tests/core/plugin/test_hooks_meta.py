"""Meta-tests in the style of datasette's ``test_plugin_hooks_are_documented``.

Every hook in :mod:`mahjong_core.plugin.hookspecs` is documented (in its docstring
and in the built docs) and exercised (called in a seeded game, or named by a
test); every installed ruleset has a golden replay and a docs page.  About
20 s, most of it the docs build shared with tests/docs/test_docs.py.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.plugin import hookspecs
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.manager import build_plugin_manager, hook_names
from mahjong_core.rules import available, load_ruleset
from mahjong_core.table.state import Action, Table

ROOT = Path(__file__).resolve().parents[3]
DOCS = ROOT / "docs"
REPLAYS = ROOT / "replays"
HOOKS = hook_names()
RULESETS = sorted(available())

#: Hooks specified but, when this was written, neither called in the seeded games below nor named by any test.
#: A hook missing from both that is not listed here fails the test; remove a name once its hook is exercised.
KNOWN_UNWIRED: dict[str, str] = {}


# ---------------------------------------------------------------------------
# Documented
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("hook", HOOKS)
def test_hook_docstring_documents_every_parameter_and_the_answer(hook: str) -> None:
    function = getattr(hookspecs, hook)
    doc = inspect.getdoc(function) or ""
    assert doc, f"{hook} has no docstring"
    for name in inspect.signature(function).parameters:
        assert f":param {name}:" in doc, f"{hook}: parameter {name!r} is not documented"
    opts = function.mahjong_spec
    if hook != "mahjong_addhooks":
        assert ":return:" in doc, f"{hook} does not say what it returns"
    if opts.get("firstresult"):
        assert "firstresult" in doc, f"{hook} is firstresult but its docstring does not say so"


def test_every_hook_is_documented_in_the_built_docs(html: Path) -> None:
    page = (html / "hooks.html").read_text(encoding="utf-8")
    missing = [hook for hook in HOOKS if f'id="mahjong_core.plugin.hookspecs.{hook}"' not in page]
    assert not missing, f"hooks missing from the built hook reference: {missing}"


def test_the_hook_list_is_every_spec() -> None:
    specs = {name for name, value in vars(hookspecs).items() if getattr(value, "mahjong_spec", None) is not None}
    assert specs == set(HOOKS)
    assert all(name.startswith("mahjong_") for name in specs)


# ---------------------------------------------------------------------------
# Exercised
# ---------------------------------------------------------------------------


def hook_recorder() -> tuple[object, set[str]]:
    """A plugin that wraps every hook (except historic ones, which pluggy cannot wrap) and records the calls.

    Wrapping also makes the engine go through pluggy for hooks it would
    otherwise call directly, so every call is seen.
    """
    called: set[str] = set()
    methods: dict[str, Any] = {}
    for name in HOOKS:
        if getattr(hookspecs, name).mahjong_spec.get("historic"):
            continue

        def make(hook: str) -> Any:
            def wrapper(self: object) -> Any:
                called.add(hook)
                return (yield)

            wrapper.__name__ = hook
            return hookimpl(wrapper=True)(wrapper)

        methods[name] = make(name)
    return type("HookRecorder", (), methods)(), called


def exercise_directly(recorder: object) -> None:
    """Ask the hooks that a short seeded game rarely reaches, through a game's plugin manager, and check the answers.

    ``mahjong_kong_robbable`` is only asked when someone adds a tile to an
    exposed pung; ``mahjong_timeout`` only when a seat is slower than the
    ruleset's time limit, which bots never are.
    """
    ruleset = load_ruleset("mcr")
    pm = build_plugin_manager(bind(ruleset).plugins, observers=(recorder,))
    robbing = ruleset.value("robbing_kong")
    table = Table(players=4, scores=[0] * 4)
    table.new_deal()
    assert pm.hook.mahjong_kong_robbable(ruleset=ruleset, table=table, way="added", tile=5) is bool(robbing["added"])
    assert pm.hook.mahjong_kong_robbable(ruleset=ruleset, table=table, way="from_discard", tile=5) is False
    table.seats[1].counts[5] = 1
    table.seats[1].counts[9] = 1
    assert pm.hook.mahjong_timeout(ruleset=ruleset, table=table, seat=1, what="claim") == Action("pass")
    table.drawn_tile = 9
    assert pm.hook.mahjong_timeout(ruleset=ruleset, table=table, seat=1, what="move") == Action("discard", 9)


@pytest.fixture(scope="module")
def hooks_exercised() -> set[str]:
    """Hooks called in a seeded three-deal game of every installed ruleset, and by :func:`exercise_directly`."""
    recorder, called = hook_recorder()
    for i, rid in enumerate(RULESETS):
        ruleset = load_ruleset(rid)
        bots = ["greedy", "random", "greedy", "random"][: int(ruleset.value("players"))]
        Game(ruleset, make_bots(bots, i), 1000 + i, observers=(recorder,), max_deals=3).play()
    assert {"mahjong_build_wall", "mahjong_claim_allowed", "mahjong_settle", "mahjong_event"} <= called
    exercise_directly(recorder)
    assert {"mahjong_kong_robbable", "mahjong_timeout"} <= called
    return called


def hooks_named_in_tests() -> set[str]:
    """Hooks named in the tests (this file aside, whose list of unwired hooks names them)."""
    me = Path(__file__).resolve()
    text = "\n".join(p.read_text(encoding="utf-8") for p in (ROOT / "tests").glob("**/*.py") if p.resolve() != me)
    return {hook for hook in HOOKS if re.search(rf"\b{hook}\b", text)}


def test_every_hook_is_exercised(hooks_exercised: set[str]) -> None:
    unexercised = set(HOOKS) - hooks_exercised - hooks_named_in_tests()
    new = sorted(unexercised - set(KNOWN_UNWIRED))
    assert not new, f"hooks that no game calls and no test names: {new}; test them (or wire them into the engine)"
    assert set(KNOWN_UNWIRED) <= set(HOOKS), "KNOWN_UNWIRED names something that is not a hook"


# ---------------------------------------------------------------------------
# Every installed ruleset has a golden replay and a docs page
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("rid", RULESETS)
def test_every_installed_ruleset_has_a_golden_replay(rid: str) -> None:
    logs = sorted(REPLAYS.glob(f"{rid}-seed*.jsonl"))
    assert logs, f"no golden replay for {rid} in replays/ (run scripts/regenerate_golden_replays.py)"
    for log in logs:
        head = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
        assert head["ruleset"]["id"] == rid


@pytest.mark.parametrize("rid", RULESETS)
def test_every_installed_ruleset_has_a_docs_page(rid: str, html: Path) -> None:
    page = html / "rulesets" / f"{rid}.html"
    assert page.exists(), f"no docs page for {rid}"
    assert load_ruleset(rid).sha256 in page.read_text(encoding="utf-8")
