"""The plugin manager: registration order, one hook prefix, loud failure on misspelt hooks, tracing."""

from __future__ import annotations

import types

import pytest

from mahjong_core.errors import RulesetError
from mahjong_core.plugin import hookspecs
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.manager import (
    HOOK_PREFIX,
    HookShortcuts,
    MahjongPluginManager,
    build_plugin_manager,
    hook_names,
)
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Claim


def module(name: str, **functions: object) -> types.ModuleType:
    mod = types.ModuleType(name)
    for key, fn in functions.items():
        setattr(mod, key, fn)
    return mod


def test_every_hook_has_the_prefix_a_docstring_and_params_documented() -> None:
    names = hook_names()
    assert len(names) >= 20
    for name in names:
        fn = getattr(hookspecs, name)
        assert name.startswith(HOOK_PREFIX)
        doc = fn.__doc__ or ""
        assert doc.strip(), f"{name} has no docstring"
        for param in fn.__code__.co_varnames[: fn.__code__.co_argcount]:
            assert f":param {param}:" in doc, f"{name} does not document {param}"


def test_a_spec_without_the_prefix_is_refused() -> None:
    class BadSpecs:
        @hookspecs.hookspec
        def deal_tiles(self) -> None:
            """Not prefixed."""

    with pytest.raises(RulesetError, match="mahjong_"):
        MahjongPluginManager().add_hookspecs(BadSpecs)


def test_a_misspelt_hook_fails_loudly() -> None:
    def mahjong_claim_alowed(claim: object) -> bool:  # note the typo
        return False

    with pytest.raises(RulesetError, match="mahjong_claim_alowed"):
        build_plugin_manager([module("typo_plugin", mahjong_claim_alowed=mahjong_claim_alowed)])


def test_a_hook_with_a_parameter_the_spec_lacks_is_refused() -> None:
    @hookimpl
    def mahjong_tile_set(ruleset: object, colour: str) -> tuple[int, ...]:
        return ()

    with pytest.raises(RulesetError, match="colour"):
        build_plugin_manager([module("bad_args", mahjong_tile_set=mahjong_tile_set)])


def test_later_registrations_override_earlier_ones() -> None:
    ruleset = load_ruleset("harbin")

    def parent_tiles(ruleset: object) -> tuple[int, ...]:
        return (1, 2, 3)

    def child_tiles(ruleset: object) -> tuple[int, ...] | None:
        return (9,)

    pm = build_plugin_manager([module("parent", mahjong_tile_set=parent_tiles),
                               module("child", mahjong_tile_set=child_tiles)])
    assert pm.hook.mahjong_tile_set(ruleset=ruleset) == (9,)
    # A child that returns None defers to its parent; the core default answers last.
    pm = build_plugin_manager([module("parent", mahjong_tile_set=parent_tiles),
                               module("child2", mahjong_tile_set=lambda ruleset: None)])
    assert pm.hook.mahjong_tile_set(ruleset=ruleset) == (1, 2, 3)
    assert len(build_plugin_manager([]).hook.mahjong_tile_set(ruleset=ruleset)) == 144


def test_shortcuts_give_the_same_answers_as_pluggy() -> None:
    ruleset = load_ruleset("harbin")
    pm = build_plugin_manager([])
    fast = HookShortcuts(pm)
    assert fast.mahjong_tile_set(ruleset=ruleset) == pm.hook.mahjong_tile_set(ruleset=ruleset)
    assert fast.mahjong_teams(ruleset=ruleset, seats=4) == pm.hook.mahjong_teams(ruleset=ruleset, seats=4)


def test_tracing_is_switched_on_by_the_environment(monkeypatch: pytest.MonkeyPatch,
                                                   capsys: pytest.CaptureFixture) -> None:
    monkeypatch.setenv("MAHJONG_TRACE_HOOKS", "1")
    pm = build_plugin_manager([])
    pm.hook.mahjong_teams(ruleset=load_ruleset("piter"), seats=4)
    err = capsys.readouterr().err
    assert "mahjong_teams" in err


def test_a_plugin_may_add_hook_specs_of_its_own() -> None:
    """mahjong_addhooks is historic: a plugin registered later still gets to add its specs."""

    class ExtraSpecs:
        @hookspecs.hookspec(firstresult=True)
        def mahjong_house_bonus(self, seat: int) -> int:
            """A house rule's own question.

            :param seat: the seat asked about.
            """

    def mahjong_addhooks(pluginmanager: object) -> None:
        pluginmanager.add_hookspecs(ExtraSpecs)

    def mahjong_house_bonus(seat: int) -> int:
        return 10 + seat

    pm = build_plugin_manager([module("house", mahjong_addhooks=mahjong_addhooks,
                                      mahjong_house_bonus=mahjong_house_bonus)])
    assert pm.hook.mahjong_house_bonus(seat=2) == 12


def test_shortcuts_over_several_implementations_answer_in_pluggy_s_order() -> None:
    """Plain implementations of one hook, some answering None, tryfirst and trylast among them: pluggy's answer."""
    rs = load_ruleset("chinese_classical")

    def answering(value: object) -> object:
        def mahjong_claim_allowed(ruleset: object, table: object, claim: object) -> object:
            return value

        def mahjong_turn_actions(ruleset: object, table: object, seat: int) -> object:
            return None if value is None else [value]

        return mahjong_claim_allowed, mahjong_turn_actions

    plugins = []
    for i, (value, mark) in enumerate([(None, {}), (False, {"trylast": True}), (True, {}), (None, {"tryfirst": True}),
                                       ("last", {})]):
        claim, actions = answering(value)
        plugins.append(module(f"p{i}", mahjong_claim_allowed=hookimpl(**mark)(claim),
                              mahjong_turn_actions=hookimpl(**mark)(actions)))
    for order in (plugins, plugins[::-1], plugins[1:3], plugins[3:4]):
        pm = build_plugin_manager([], house_tweaks=order)
        fast = HookShortcuts(pm)
        kwargs = {"ruleset": rs, "table": None, "claim": Claim(0, "pung", (1, 1))}
        assert fast.mahjong_claim_allowed(**kwargs) == pm.hook.mahjong_claim_allowed(**kwargs)
        turn = {"ruleset": rs, "table": None, "seat": 0}
        assert fast.mahjong_turn_actions(**turn) == pm.hook.mahjong_turn_actions(**turn)
        assert fast.mahjong_turn_actions is not pm.hook.mahjong_turn_actions  # the shortcut, not pluggy's caller
