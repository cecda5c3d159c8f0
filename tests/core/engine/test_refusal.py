"""The refusal hook itself (``mahjong_refused_options``, ``engine/refusal.py``): what the player is offered is the
options less the refused ones, in every phase; refusing ``pass`` or everything is a located error naming the plugin;
a game whose plugins do not implement it never asks it; a refused timeout fallback gives way to its kind's first."""

from __future__ import annotations

import types
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.engine.refusal import REFUSAL, timeout_instead
from mahjong_core.errors import MahjongError
from mahjong_core.plugin import Action, Table, hookimpl
from mahjong_core.rules import load_ruleset


def refusing(name: str, rule: Callable[..., Sequence[Action] | None]) -> types.ModuleType:
    """A plugin module whose ``mahjong_refused_options`` is ``rule``."""
    module = types.ModuleType(name)

    def mahjong_refused_options(table: Table, seat: int, phase: str, options: Sequence[Action]) -> Any:
        return rule(table=table, seat=seat, phase=phase, options=options)

    module.mahjong_refused_options = hookimpl(mahjong_refused_options)  # type: ignore[attr-defined]
    return module


class Offered:
    """Bots that record every option list they are offered, by phase."""

    def __init__(self, seed: int) -> None:
        self.seen: list[tuple[str, list[Action]]] = []
        self.bots = make_bots(["random"] * 4, seed)
        for bot in self.bots:
            choose = bot.choose

            def recorded(table: Table, seat: int, options: Sequence[Action], phase: str,
                         choose: Any = choose) -> Action:
                self.seen.append((phase, list(options)))
                return choose(table, seat, options, phase)

            bot.choose = recorded  # type: ignore[method-assign]


def no_honour_discards(table: Table, seat: int, phase: str, options: Sequence[Action]) -> list[Action]:
    """Honours may not be discarded while a suited tile is held; pungs are never allowed."""
    refused = [o for o in options if o.kind == "pung"]
    if phase == "turn" and any(table.seats[seat].counts[:27]):
        refused += [o for o in options if o.kind == "discard" and o.tile is not None and o.tile >= 27]
    return refused


def test_every_seat_is_offered_the_options_less_the_refused_ones() -> None:
    offered = Offered(11)
    events: list[dict[str, Any]] = []
    Game(load_ruleset("chinese_classical"), offered.bots, 11, emit=events.append,
         observers=(refusing("no_honours", no_honour_discards),), max_deals=2).play()
    turns = [options for phase, options in offered.seen if phase == "turn"]
    claims = [options for phase, options in offered.seen if phase == "claim"]
    assert len(turns) > 100 and claims
    assert not any(o.kind == "pung" for options in claims for o in options)
    assert all(o != Action("pass") for options in claims for o in options[:-1]) and \
        all(options[-1] == Action("pass") and len(options) > 1 for options in claims)
    # Every turn discard that is an honour was made holding no suited tile: no offered option was an honour
    # discard where a suited tile was held (the plain discards offered cover the whole hand otherwise).
    honour_offered = [options for options in turns if any(o.kind == "discard" and o.tile >= 27 for o in options)]
    suited_offered = [options for options in honour_offered
                      if any(o.kind == "discard" and o.tile < 27 for o in options)]
    assert suited_offered == []
    assert not any(e.get("action") == "pung" for e in events)


def test_a_refused_pass_is_an_error_naming_the_plugin_and_the_event() -> None:
    def no_pass(phase: str, options: Sequence[Action], **_: Any) -> list[Action]:
        return [Action("pass")] if phase == "claim" else []

    game = Game(load_ruleset("chinese_classical"), make_bots(["random"] * 4, 2), 2,
                observers=(refusing("forces_claims", no_pass),), max_deals=1)
    with pytest.raises(MahjongError) as caught:
        game.play()
    error = caught.value
    assert error.message.startswith("mahjong_refused_options of forces_claims refused 'pass' to seat ")
    assert "in the claim phase; declining is always allowed" in error.message
    assert error.place is not None and error.place.startswith("event ")


def test_refusing_every_option_is_an_error_listing_them_never_a_hang() -> None:
    def nothing_left(phase: str, options: Sequence[Action], **_: Any) -> Sequence[Action]:
        return options if phase == "turn" else []

    game = Game(load_ruleset("chinese_classical"), make_bots(["greedy"] * 4, 2), 2,
                observers=(refusing("locks_everything", nothing_left),), max_deals=1)
    with pytest.raises(MahjongError) as caught:
        game.play()
    message = caught.value.message
    assert message.startswith("mahjong_refused_options of locks_everything refused every option of seat ")
    assert "in the turn phase (discard " in message and message.endswith("a rule must leave a seat something to do")


def test_an_answer_that_is_not_actions_is_a_located_error() -> None:
    game = Game(load_ruleset("chinese_classical"), make_bots(["greedy"] * 4, 2), 2,
                observers=(refusing("says_words", lambda **_: ["discard"]),), max_deals=1)
    with pytest.raises(MahjongError) as caught:
        game.play()
    assert caught.value.message.startswith("mahjong_refused_options of says_words answered ['discard'] to seat ")
    assert "which is not a list of actions" in caught.value.message


def test_a_seat_left_only_pass_in_a_claim_window_is_not_asked() -> None:
    def no_claims(phase: str, options: Sequence[Action], **_: Any) -> list[Action]:
        return [o for o in options if o.kind != "pass"] if phase == "claim" else []

    offered = Offered(5)
    Game(load_ruleset("chinese_classical"), offered.bots, 5, observers=(refusing("no_claims", no_claims),),
         max_deals=1).play()
    assert [p for p, _ in offered.seen if p == "claim"] == []


def test_a_game_whose_plugins_refuse_nothing_never_asks_the_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    from mahjong_core.engine import refusal

    asked: list[str] = []
    real = refusal.without_refused

    def counting(game: Any, seat: int, options: Sequence[Action], phase: str) -> Sequence[Action]:
        asked.append(phase)
        return real(game, seat, options, phase)

    for module in ("turn", "claims", "exchange", "dealing", "plugin_actions"):
        monkeypatch.setattr(f"mahjong_core.engine.{module}.without_refused", counting)
    game = Game(load_ruleset("chinese_classical"), make_bots(["greedy"] * 4, 3), 3, max_deals=1)
    assert REFUSAL not in game.implemented
    game.play()
    assert asked == []
    Game(load_ruleset("chinese_classical"), make_bots(["greedy"] * 4, 3), 3, max_deals=1,
         observers=(refusing("nothing", lambda **_: None),)).play()
    assert "turn" in asked and "claim" in asked


def test_a_refused_timeout_fallback_gives_way_to_the_first_option_of_its_kind() -> None:
    options = [Action("discard", 30), Action("discard", 31), Action("kong", 2, way="concealed")]
    assert timeout_instead(Action("discard", 5), options) == Action("discard", 30)
    assert timeout_instead(Action("pass"), options) == Action("pass")
