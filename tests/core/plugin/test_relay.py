"""The fixed relay answers as pluggy's relay does: the same implementations, in the same order, the same answers."""

from __future__ import annotations

import os
from collections.abc import Generator
from pathlib import Path

import pluggy
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.log.simulate import play_game
from mahjong_core.plugin.hookspecs import PROJECT, hookimpl, hookspec
from mahjong_core.plugin.manager import TRACE_VARIABLE, build_plugin_manager, fixed_relay
from mahjong_core.plugin.relay import FixedRelay
from mahjong_core.rules import load_ruleset


class Specs:
    @hookspec(firstresult=True)
    def mahjong_first(self, seat: int, tile: int) -> int | None:
        """The first answer."""

    @hookspec
    def mahjong_every(self, seat: int, tile: int) -> list[int]:
        """Every answer."""

    @hookspec(historic=True)
    def mahjong_history(self, seat: int) -> None:
        """A historic hook."""


#: How one implementation is registered and what it reads: its order mark and the arguments it takes.
MODES = ("plain", "tryfirst", "trylast")
ARGUMENTS = ((), ("seat",), ("tile",), ("seat", "tile"), ("tile", "seat"))


def _takes_nothing() -> None: ...
def _takes_seat(seat: int) -> None: ...
def _takes_tile(tile: int) -> None: ...
def _takes_seat_tile(seat: int, tile: int) -> None: ...
def _takes_tile_seat(tile: int, seat: int) -> None: ...


#: The parameters an implementation declares, read by pluggy through ``__wrapped__``.
SIGNATURES = dict(zip(ARGUMENTS, (_takes_nothing, _takes_seat, _takes_tile, _takes_seat_tile, _takes_tile_seat),
                      strict=True))


def plugin(index: int, answer: int | None, mode: str, arguments: tuple[str, ...], calls: list[int]) -> object:
    """A plugin whose two hooks take ``arguments``, note that they were called and answer ``answer`` (shifted
    by the arguments it was given, so that an argument passed wrongly shows in the answer)."""
    weights = {"seat": 100, "tile": 10000}

    def respond(*given: int) -> int | None:
        calls.append(index)
        return None if answer is None else answer + sum(weights[a] * v for a, v in zip(arguments, given,
                                                                                       strict=True))

    opts = {"tryfirst": mode == "tryfirst", "trylast": mode == "trylast"}
    hooks = {}
    for name in ("mahjong_first", "mahjong_every"):
        def hook(*given: int) -> int | None:
            return respond(*given)
        hook.__wrapped__ = SIGNATURES[arguments]  # type: ignore[attr-defined]
        hooks[name] = staticmethod(hookimpl(**opts)(hook))
    return type(f"Plugin{index}", (), hooks)()


def manager(plugins: list[object]) -> pluggy.PluginManager:
    pm = pluggy.PluginManager(PROJECT)
    pm.add_hookspecs(Specs)
    for p in plugins:
        pm.register(p)
    return pm


implementations = st.lists(st.tuples(st.one_of(st.none(), st.integers(0, 9)), st.sampled_from(MODES),
                                     st.sampled_from(ARGUMENTS)), max_size=6)


@settings(max_examples=300, deadline=None)
@given(implementations, st.integers(0, 3), st.integers(0, 33))
def test_every_order_and_answer_is_pluggys(specs: list[tuple[int | None, str, tuple[str, ...]]], seat: int,
                                           tile: int) -> None:
    calls: list[int] = []
    pm = manager([plugin(i, answer, mode, arguments, calls) for i, (answer, mode, arguments) in enumerate(specs)])
    relay = FixedRelay(pm)
    for hook in ("mahjong_first", "mahjong_every"):
        calls.clear()
        expected = getattr(pm.hook, hook)(seat=seat, tile=tile)
        expected_calls = list(calls)
        calls.clear()
        assert getattr(relay, hook)(seat=seat, tile=tile) == expected
        assert calls == expected_calls


def test_what_a_fixed_loop_could_change_keeps_pluggys_caller() -> None:
    class Wrapper:
        @hookimpl(wrapper=True)
        def mahjong_every(self, seat: int) -> Generator[None, list[int], list[int]]:
            answers = yield
            return [*answers, -1]

    pm = manager([Wrapper(), plugin(0, 5, "plain", ("seat",), [])])
    relay = FixedRelay(pm)
    assert relay.mahjong_every is pm.hook.mahjong_every  # a wrapper: pluggy's protocol
    assert relay.mahjong_every(seat=1, tile=0) == [105, -1]
    assert relay.mahjong_history is pm.hook.mahjong_history  # historic: only call_historic calls it
    assert relay.mahjong_first is not pm.hook.mahjong_first
    assert FixedRelay(pm, traced=True).mahjong_first is pm.hook.mahjong_first  # traced: pluggy prints each call


def test_arguments_left_out_warn_or_fail_as_pluggy() -> None:
    pm = manager([plugin(0, 1, "plain", ("seat", "tile"), [])])
    relay = FixedRelay(pm)
    with pytest.raises(pluggy.HookCallError, match="'tile'"), pytest.warns(UserWarning, match="'tile'"):
        relay.mahjong_first(seat=1)
    lean = FixedRelay(manager([plugin(0, 1, "plain", ("seat",), [])]))
    with pytest.warns(UserWarning, match="'tile'"):
        assert lean.mahjong_every(seat=2) == [201]
    with pytest.raises(AttributeError, match="mahjong_firts"):
        relay.mahjong_firts(seat=1, tile=2)


def test_a_manager_has_one_relay() -> None:
    pm = build_plugin_manager([])
    assert fixed_relay(pm) is fixed_relay(pm)
    assert fixed_relay(pm).mahjong_teams(ruleset=load_ruleset("piter"), seats=4) == \
        pm.hook.mahjong_teams(ruleset=load_ruleset("piter"), seats=4)


@pytest.mark.parametrize("ruleset_id", ["riichi_tenhou", "sichuan_xuezhan", "mcr"])
def test_a_game_through_the_fixed_relay_is_the_game_through_pluggy(ruleset_id: str, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Byte for byte: a traced manager keeps pluggy's callers (its own manager, its tracing printed and
    captured), an untraced one the fixed loops, the event reactions' subsets of a hook among them."""
    ruleset = load_ruleset(ruleset_id)
    play_game(ruleset, 41, ["greedy", "random", "greedy", "random"][:int(ruleset.param("players"))],
              replay=tmp_path / "fixed.jsonl", max_deals=3)
    monkeypatch.setenv(TRACE_VARIABLE, "1")
    assert os.environ[TRACE_VARIABLE]
    play_game(ruleset, 41, ["greedy", "random", "greedy", "random"][:int(ruleset.param("players"))],
              replay=tmp_path / "pluggy.jsonl", max_deals=3)
    assert (tmp_path / "fixed.jsonl").read_bytes() == (tmp_path / "pluggy.jsonl").read_bytes()
