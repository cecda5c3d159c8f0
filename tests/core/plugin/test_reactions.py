"""``reacts_to``: ``mahjong_event_reactions`` asked, per event type, only of the implementations that may answer it.

The promise is that the replies are those of asking every implementation; the golden replays of every riichi
ruleset (``tests/core/audit/test_replay.py``) hold it for the bundled mechanisms.  Here: who is asked, the
misspellings refused, and the dora indicators' moments following the ruleset's kong timing.
"""

from __future__ import annotations

import types
from collections.abc import Mapping
from typing import Any

import pytest
from mahjong_rulesets.mechanisms import dora_indicators

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import MahjongError
from mahjong_core.plugin import reacts_to
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.manager import build_plugin_manager
from mahjong_core.plugin.reactions import reaction_callers
from mahjong_core.rules import load_ruleset

ASKED: list[tuple[str, str]] = []


def plugin(name: str, types_: Any = None) -> types.ModuleType:
    """A plugin module whose reactions note that it was asked, marked with ``types_`` where given."""
    def mahjong_event_reactions(ruleset: Any, table: Any, event: Mapping[str, Any]) -> None:
        ASKED.append((name, event["type"]))

    function = hookimpl(mahjong_event_reactions)
    if types_ is not None:
        function = reacts_to(types_)(function)
    mod = types.ModuleType(name)
    mod.mahjong_event_reactions = function  # type: ignore[attr-defined]
    return mod


def asked(callers: Mapping[str, Any], type_: str) -> list[str]:
    ASKED.clear()
    caller = callers.get(type_)
    if caller is not None:
        caller(ruleset=None, table=None, event={"type": type_})
    return [name for name, _ in ASKED]


def test_each_type_is_asked_of_the_implementations_naming_it_and_the_unmarked_in_their_order() -> None:
    ruleset = load_ruleset("riichi_tenhou")
    pm = build_plugin_manager([plugin("every"), plugin("claims", {"claim"}),
                               plugin("by_rule", lambda r: {"draw"} if r.id == "riichi_tenhou" else {"claim"})])
    callers = reaction_callers(pm, ruleset, ["claim", "draw", "decision"])
    assert asked(callers, "claim") == ["claims", "every"]  # pluggy's order: the last registered first
    assert asked(callers, "draw") == ["by_rule", "every"]
    assert asked(callers, "decision") == ["every"]


def test_the_order_is_that_of_the_whole_hook() -> None:
    pm = build_plugin_manager([plugin("a", {"claim"}), plugin("b"), plugin("c", {"claim", "draw"})])
    ruleset = load_ruleset("riichi_tenhou")
    callers = reaction_callers(pm, ruleset, ["claim", "draw"])
    ASKED.clear()
    pm.hook.mahjong_event_reactions(ruleset=None, table=None, event={"type": "claim"})
    whole = [name for name, _ in ASKED]
    assert asked(callers, "claim") == whole == ["c", "b", "a"]
    assert asked(callers, "draw") == ["c", "b"]


def test_a_type_no_implementation_names_is_asked_of_no_one() -> None:
    pm = build_plugin_manager([plugin("claims", {"claim"})])
    callers = reaction_callers(pm, load_ruleset("riichi_tenhou"), ["claim", "draw", "wall_deal"])
    assert sorted(callers) == ["claim"]


def test_a_misspelt_type_is_refused_naming_the_plugin() -> None:
    pm = build_plugin_manager([plugin("typo", {"cliam"})])
    with pytest.raises(MahjongError, match=r"plugin typo reacts_to cliam, which neither the event catalogue"):
        reaction_callers(pm, load_ruleset("riichi_tenhou"), ["claim"])


def test_a_single_string_is_refused() -> None:
    with pytest.raises(TypeError, match=r"as a collection, e.g. \{'claim'\}"):
        reacts_to("claim")


def test_dora_indicators_are_asked_about_the_moments_the_rulesets_kong_timing_names() -> None:
    # Tenhou turns a claimed or added kong's indicator after the konger's discard; the EMA's at once.
    assert dora_indicators.moments(load_ruleset("riichi_tenhou")) == {"hands", "kong", "decision", "mahjong"}
    assert dora_indicators.moments(load_ruleset("riichi_ema")) == {"hands", "kong", "claim", "mahjong"}


def test_a_riichi_game_asks_its_plugins_nothing_at_a_draw_or_the_walls_dealing() -> None:
    ruleset = load_ruleset("riichi_tenhou")
    game = Game(ruleset, make_bots(["random"] * 4, 1), 1, max_deals=1)
    reacting = set(game._reacts)
    assert {"decision", "deal_start", "claim", "mahjong", "exhaustive_draw", "rotation"} <= reacting
    assert not {"draw", "wall_deal", "game_end"} & reacting
