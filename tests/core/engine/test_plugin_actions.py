"""A plugin's words in play: an action kind nobody declared is refused where it is offered (never played as a
discard), a declared one is applied by its plugin, and a plugin's event is what its type declares."""

from __future__ import annotations

import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from vocabulary_plugin.installed import HOUSE_RULE, install

from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import MahjongError
from mahjong_core.plugin import Action, hookimpl
from mahjong_core.rules import load_ruleset
from mahjong_core.table.effects import apply_effects
from mahjong_core.table.state import Seat, Table
from mahjong_core.table.vocabulary import Effect


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from install(tmp_path, monkeypatch)


def offering(kind: str, hook: str = "mahjong_turn_actions") -> types.ModuleType:
    """An observer plugin offering one action of ``kind`` at every turn (or in every plugin phase)."""
    module = types.ModuleType(f"offers_{kind}_{hook}")

    def offer(**kwargs: object) -> list[Action]:
        return [Action(kind, way=None)]

    setattr(module, hook, hookimpl(offer))
    return module


def test_an_action_kind_nobody_declared_is_refused_where_a_hook_offers_it_never_played_as_a_discard() -> None:
    game = Game(load_ruleset("chinese_classical"), make_bots(["random"] * 4, 3), 3,
                observers=(offering("declare_missing_suit"),), max_deals=1)
    with pytest.raises(MahjongError) as caught:
        game.play()
    message = caught.value.message
    assert message.startswith("mahjong_turn_actions offered declare_missing_suit, but no vocabulary of this game "
                              "declares the action kind 'declare_missing_suit' (known: chow, continue, ")
    assert "a plugin declares its action kinds in a vocabulary contribution" in message


def test_the_plugins_phase_is_run_and_its_action_applied_by_the_plugin(plugin: Path) -> None:
    events: list[dict] = []
    game = Game(load_ruleset(HOUSE_RULE), make_bots(["greedy"] * 4, 4), 4, emit=events.append, max_deals=1)
    game.play()
    phase = [e for e in events if e.get("phase") == "missing_suit"]
    assert [e["actor"] for e in phase] == [0, 1, 2, 3]
    declared = [e for e in events if e["type"] == "missing_suit_declared"]
    assert [(e["seat"], e["suit"]) for e in declared] == [(e["actor"], e["way"]) for e in phase]
    assert all(events[events.index(d) + 1] is e for d, e in zip(phase, declared, strict=True))


def test_a_plugin_event_the_vocabulary_does_not_declare_is_refused(plugin: Path) -> None:
    game = Game(load_ruleset(HOUSE_RULE), make_bots(["greedy"] * 4, 4), 4)
    game.table.new_deal()
    with pytest.raises(MahjongError, match="a missing_suit_declared event with colour by 'table' is not what its "
                                           "vocabulary declares"):
        game.event("table", "missing_suit_declared", seat=0, suit="bamboo", colour="red")
    with pytest.raises(MahjongError, match="which the event catalogue .* does not declare, nor does a vocabulary"):
        game.event("table", "dora_revealed", tile="5m")
    game.event("table", "missing_suit_declared", seat=2, suit="bamboo")
    assert game.table.seats[2].flags == {"missing_suit": "bamboo"}


def test_effects_change_the_engines_table_in_the_cores_terms() -> None:
    table = Table(players=4, seats=[Seat() for _ in range(4)])
    table.seats[1].counts[4] = 2  # two 5m
    before = table.state_hash()
    apply_effects(table, {"type": "x", "seat": 1, "tile": "5m", "by": 3, "on": True},
                  (Effect("set_aside", seat="seat", tile="tile"), Effect("show", tile="tile"),
                   Effect("count", name="sticks", by="by"), Effect("count", name="honba"),
                   Effect("flag", name="riichi", seat="seat", value="on")))
    assert table.seats[1].counts[4] == 1 and table.seats[1].aside == [4]
    assert table.shown == [4] and table.counters == {"sticks": 3, "honba": 1}
    assert table.seats[1].flags == {"riichi": True}
    assert table.state_hash() != before
    with pytest.raises(MahjongError, match="seat 0 sets aside 5m, which it does not hold"):
        apply_effects(table, {"type": "x", "n": 7, "seat": 0, "tile": "5m"}, (Effect("set_aside"),))
    with pytest.raises(MahjongError, match="seat 9 is no seat of the table"):
        apply_effects(table, {"type": "x", "seat": 9, "value": 1}, (Effect("flag", name="f"),))


def test_a_plugins_apply_action_may_take_only_the_arguments_it_needs(plugin: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """As with any hook, an implementation of mahjong_apply_action names a subset of the spec's arguments."""
    import mahjong_missing_suit

    def narrow(seat: int, action: Action) -> list[dict]:
        return [{"type": "missing_suit_declared", "seat": seat, "suit": action.way}]

    monkeypatch.setattr(mahjong_missing_suit, "mahjong_apply_action", narrow)
    events: list[dict] = []
    Game(load_ruleset(HOUSE_RULE), make_bots(["greedy"] * 4, 4), 4, emit=events.append, max_deals=1).play()
    declared = [e for e in events if e["type"] == "missing_suit_declared"]
    assert [e["seat"] for e in declared] == [0, 1, 2, 3]
