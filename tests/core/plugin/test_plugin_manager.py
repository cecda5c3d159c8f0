"""The plugin manager: registration order, one hook prefix, loud failure on misspelt hooks, tracing."""

from __future__ import annotations

import types

import pluggy
import pytest

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import RulesetError
from mahjong_core.plugin import hookspecs
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.manager import (
    HOOK_PREFIX,
    TRACE_VARIABLE,
    MahjongPluginManager,
    build_plugin_manager,
    hook_names,
    implemented_hooks,
)
from mahjong_core.rules import load_ruleset


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


def test_implemented_hooks_are_those_some_plugin_of_the_manager_implements() -> None:
    def mahjong_turn_actions(seat: int) -> list[object]:
        return []

    bare = implemented_hooks(build_plugin_manager([]))
    assert {"mahjong_tile_set", "mahjong_claim_allowed", "mahjong_settle"} <= bare  # the core's defaults
    assert "mahjong_turn_actions" not in bare and "mahjong_event" not in bare
    assert "mahjong_turn_actions" in implemented_hooks(build_plugin_manager([module("m", mahjong_turn_actions=
                                                                                    mahjong_turn_actions)]))


def test_a_game_asks_pluggy_and_never_a_hook_no_plugin_of_it_implements(monkeypatch: pytest.MonkeyPatch) -> None:
    called: list[str] = []
    original = pluggy.HookCaller.__call__

    def counting(self: pluggy.HookCaller, **kwargs: object) -> object:
        called.append(self.name)
        return original(self, **kwargs)

    monkeypatch.setattr(pluggy.HookCaller, "__call__", counting)
    # A traced manager keeps pluggy's callers (the fixed relay never passes through HookCaller.__call__).
    monkeypatch.setenv(TRACE_VARIABLE, "1")
    game = Game(load_ruleset("harbin"), make_bots(["greedy"] * 4, 3), 3, max_deals=2)
    assert game.pm.traced and game.hook.mahjong_settle == game.pm.hook.mahjong_settle
    game.play()
    assert {"mahjong_build_wall", "mahjong_score_hand", "mahjong_settle", "mahjong_penalties"} <= set(called)
    assert set(called) <= game.implemented
    assert not {"mahjong_turn_actions", "mahjong_exchange_steps", "mahjong_deal_declarations"} & set(called)
    # Asked before every draw and for every possible claim, and answered by the core's defaults alone under
    # Harbin: the core's rule answers without the call.
    assert not {"mahjong_deal_exhausted", "mahjong_claim_allowed", "mahjong_claim_priority"} & (
        set(called) | game.overridden)
    called.clear()
    piter = Game(load_ruleset("piter"), make_bots(["greedy"] * 4, 3), 3, max_deals=2)
    piter.play()  # the chow pause judges claims made, not claims offered: Piter's offers ask no hook either
    assert "mahjong_claim_refused" in piter.implemented and "mahjong_claim_allowed" not in piter.overridden
    assert "mahjong_claim_allowed" not in called
    assert "mahjong_claim_priority" in called  # the chow pause orders claims by when they were made
    assert "mahjong_ready_turn_actions" in called and "mahjong_turn_actions" not in called  # the calling hand
    assert "mahjong_deal_exhausted" not in called


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


def test_hooks_kept_for_a_ruleset_while_tracing_are_not_handed_out_after(monkeypatch: pytest.MonkeyPatch,
                                                                          capsys: pytest.CaptureFixture) -> None:
    """A ruleset's hooks asked while ``MAHJONG_TRACE_HOOKS`` is set trace to the stderr of that moment; asked
    again once it is unset, they are the untraced ones (kept apart, as the shared managers are), not the traced
    ones writing to a stream that may be closed (a test's capture, which failed later tests in one worker)."""
    from mahjong_core.plugin.manager import ruleset_hooks

    piter = load_ruleset("piter")
    monkeypatch.setenv(TRACE_VARIABLE, "1")
    traced = ruleset_hooks(piter)
    traced.mahjong_facts_read(ruleset=piter)
    assert "mahjong_facts_read" in capsys.readouterr().err
    monkeypatch.delenv(TRACE_VARIABLE)
    plain = ruleset_hooks(piter)
    assert plain is not traced
    plain.mahjong_facts_read(ruleset=piter)
    assert capsys.readouterr().err == ""
