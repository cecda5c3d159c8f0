"""One scoring path: a ruleset whose own plugin implements ``mahjong_score_hand`` is scored by it everywhere.

The test installs a tiny ruleset (``hooked_test``, Harbin's tables with a
minimum of 2 points) whose module answers ``mahjong_score_hand`` itself: it
takes its family's score, adds an item of its own and reports no points at
all in the figures the minimum is judged on.  Then ``mahjong score``, the
minimum-value objection, the conformance check "highest-scoring arrangement"
and the docs' example hands must all show that item (or judge by it), where
they once called the family directly and never saw it.
"""

from __future__ import annotations

import json
import sys
import textwrap
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.cli import main
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.manager import build_plugin_manager
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.rules import clear_cache, load_ruleset, registry
from mahjong_core.table.state import Table

RULESET_ID = "hooked_test"
MODULE = "hooked_test_ruleset"
ITEM = "hooked_house_item"
HAND = "123m456m789m234p5s +5s"

PLUGIN = f'''
"""A ruleset that scores by its own hook: its family's score, one item more, and no points to meet a minimum."""
from dataclasses import replace

from mahjong_core.plugin import ScoreItem, hookimpl

CALLS = []


@hookimpl(wrapper=True)
def mahjong_score_hand(ruleset, hand, context):
    CALLS.append(hand)
    score = yield  # the family's score: its plugin answers the same hook
    if score is None:
        return None
    item = ScoreItem("{ITEM}", "extra", 0, source="assumption: the test's own item")
    return replace(score, items=(*score.items, item), raw={{**score.raw, "points": 0}})
'''

RULESET = f"""
id: {RULESET_ID}
version: 1.0.0
name: Hooked (test)
extends: harbin
parameters:
  minimum_value: {{value: {{points: 2}}, assumption: "the test's minimum, which the hook's figures never meet"}}
"""


@pytest.fixture
def hooked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """The test ruleset, installed as an entry point would install it, for the length of one test."""
    package = tmp_path / MODULE
    package.mkdir()
    (package / "__init__.py").write_text(textwrap.dedent(PLUGIN), encoding="utf-8")
    (package / "ruleset.yaml").write_text(textwrap.dedent(RULESET), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    real = registry.available()
    with_hooked = {**real, RULESET_ID: registry.EntryPointInfo(id=RULESET_ID, module=MODULE)}
    monkeypatch.setattr(registry, "available", lambda: with_hooked)
    clear_cache()
    module = __import__(MODULE)
    yield module
    monkeypatch.undo()
    sys.modules.pop(MODULE, None)
    clear_cache()


def test_score_hand_asks_the_rulesets_own_hook(hooked: Any) -> None:
    ruleset = load_ruleset(RULESET_ID)
    hand = parse_hand(HAND)
    score = score_hand(ruleset, hand, win_context(winning_tile=hand.winning_tile))
    assert score is not None and ITEM in {item.name for item in score.items}
    plain = score_hand(load_ruleset("harbin"), hand, win_context(winning_tile=hand.winning_tile))
    assert plain is not None and ITEM not in {item.name for item in plain.items}


def test_mahjong_score_prints_the_hooks_items(hooked: Any, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["score", "--json", "--ruleset", RULESET_ID, HAND])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert ITEM in {item["name"] for item in json.loads(out)["score"]["items"]}
    code = main(["score", "--ruleset", RULESET_ID, HAND])
    out, err = capsys.readouterr()
    assert code == 0 and "minimum  2 points: NOT met (0)" in out, err  # judged on the hook's figures


def test_the_minimum_value_objection_judges_the_hooks_score(hooked: Any) -> None:
    ruleset = load_ruleset(RULESET_ID)
    hand = parse_hand(HAND)
    context = win_context(winning_tile=hand.winning_tile)
    objections = build_plugin_manager(bind(ruleset).plugins).hook.mahjong_win_objections(
        ruleset=ruleset, table=Table(), seat=0, hand=hand, context=context)
    assert objections == ["below the minimum value: 0 points, at least 2 needed"]
    # The family alone gives the hand its points: the objection comes from the hook's figures, not the tables'.
    family = bind(ruleset).family
    assert family is not None and family.plugin.mahjong_score_hand(ruleset, hand, dict(context, winner=True)) \
        .raw["points"] >= 2


def test_conformance_scores_each_arrangement_through_the_hook(hooked: Any) -> None:
    from mahjong_core.conformance.checks import check_highest_scoring_arrangement

    hooked.CALLS.clear()
    check_highest_scoring_arrangement(RULESET_ID, hands=5)
    assert hooked.CALLS, "the conformance check scored no hand through the ruleset's hook"


def test_the_docs_example_hands_are_scored_through_the_hook(hooked: Any) -> None:
    from mahjong_docs.examples import HandExample, evaluate_example

    result = evaluate_example(HandExample(HAND, ruleset=RULESET_ID))
    assert result.score is not None and ITEM in {item.name for item in result.score.items}, result.problems


def test_the_hook_is_what_a_game_scores_by(hooked: Any) -> None:
    """The engine already asked the hook; the others now agree with it: the same score, item for item."""
    ruleset = load_ruleset(RULESET_ID)
    hand = parse_hand(HAND)
    context = win_context(winning_tile=hand.winning_tile)
    by_game = build_plugin_manager(bind(ruleset).plugins).hook.mahjong_score_hand(
        ruleset=ruleset, hand=hand, context=context)
    assert by_game == score_hand(ruleset, hand, context)
    assert replace(by_game, raw={}) != replace(bind(ruleset).family.plugin.mahjong_score_hand(ruleset, hand, context),
                                               raw={})


class _AddsNothingToMeet:
    """A house tweak that wraps an MCR score and leaves it no points toward the minimum."""

    @hookimpl(wrapper=True)
    def mahjong_score_hand(self, ruleset: Any, hand: Any, context: Any) -> Any:
        score = yield
        return None if score is None else replace(score, raw={**score.raw, "points_excluding_bonus": 0})


def test_the_familys_figures_for_the_minimum_stand_only_where_the_family_alone_scores() -> None:
    """MCR reckons the minimum's figures without the explanation (``mahjong_minimum_figures``); a ruleset whose
    other plugin changes the family's score is judged on the changed score, not on the family's figures."""
    from mahjong_core.plugin.defaults import WinObjections

    mcr = load_ruleset("mcr")
    hand = parse_hand("123m456m789m234p5s +5s")  # pure straight (16) and more: well over the eight points
    context = win_context(winning_tile=hand.winning_tile)

    def judged(*tweaks: object) -> tuple[bool, list[str]]:
        pm = build_plugin_manager(bind(mcr).plugins, house_tweaks=tweaks)
        judge = next(p for p in pm.get_plugins() if isinstance(p, WinObjections))
        objections = pm.hook.mahjong_win_objections(ruleset=mcr, table=Table(), seat=0, hand=hand, context=context)
        return judge.figures_first(pm.hook), objections

    assert judged() == (True, [])
    assert judged(_AddsNothingToMeet()) == (False, ["below the minimum value: 0 points, at least 8 needed"])
