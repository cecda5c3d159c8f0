"""Winning forms as a registry (issue 30, item 2), and "is this hand complete?" as a hook.

The core registers its forms as any plugin does (``mahjong_core.plugin.core_forms``); a test ruleset,
``forms_test`` (``tests/forms_plugin/``), registers one of its own -- two pungs and four pairs -- and its games
win with it, re-play byte for byte and audit clean.  A plugin answering ``mahjong_hand_complete`` decides
completeness where it answers, and a game without one never asks.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from forms_plugin.install import RULESET, on_path

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import RulesetError
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin import Contribution, Ruleset, Table, WinningForm, core_forms, hookimpl
from mahjong_core.plugin.forms import added_forms, is_mahjong, recognised_forms, registered_forms
from mahjong_core.rules import clear_cache, load_ruleset

#: Games of ``forms_test`` that a seat wins in the form of its own (found by simulating seeds 1 to 20).
WINNING_SEEDS = (5, 12)


@pytest.fixture(scope="module")
def forms_test(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Ruleset]:
    with on_path(tmp_path_factory.mktemp("forms-site")):
        yield load_ruleset(RULESET)


def test_the_core_registers_its_forms_as_contributions() -> None:
    forms = registered_forms(load_ruleset("chinese_classical"))
    assert list(forms) == ["standard", "seven_pairs", "thirteen_orphans", "knitted"]
    assert all(c.kind == "form" and c.form is not None for c in forms.values())
    assert added_forms(load_ruleset("chinese_classical")) == ()


def test_a_rulesets_module_adds_a_form_to_its_games_only(forms_test: Ruleset) -> None:
    forms = registered_forms(forms_test)
    assert list(forms)[-1] == "two_pungs_four_pairs" and len(added_forms(forms_test)) == 1
    assert "two_pungs_four_pairs" not in registered_forms(load_ruleset("chinese_classical"))


def _complete_hands(rng: random.Random, count: int) -> Iterator[bytes]:
    while count:
        counts = [0] * 34
        for _ in range(4):
            first = rng.randrange(34)
            if first < 27 and first % 9 < 7 and rng.random() < 0.5:
                for d in range(3):
                    counts[first + d] += 1
            else:
                counts[first] += 3
        counts[rng.randrange(34)] += 2
        if max(counts) <= 4:
            count -= 1
            yield bytes(counts)


def test_the_core_forms_tests_agree_with_the_games_combined_test() -> None:
    everything: Mapping[str, Any] = {"seven_pairs": None, "thirteen_orphans": None, "knitted": None}
    rng = random.Random(30)
    hands = [*_complete_hands(rng, 300)]
    for _ in range(3000):  # and hands that are not complete: random fourteen tiles
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        hands.append(bytes(wall[:14].count(k) for k in range(34)))
    hands += [bytes(2 if k in (0, 5, 9, 14, 20, 27, 33) else 0 for k in range(34)),  # seven pairs
              bytes((2 if k == 0 else 1) if k in core_forms.ORPHANS else 0 for k in range(34)),  # thirteen orphans
              bytes(1 if k in (0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30, 31) else 0 for k in range(34))]
    tests = [c.form.complete for c in core_forms.CORE_FORMS if c.form is not None]
    for h in hands:
        assert is_mahjong(list(h), everything) == any(test(h) for test in tests), list(h)
        assert is_mahjong(list(h), {}) == core_forms.standard(h)


def _winning_hands(ruleset: Ruleset, seed: int) -> list[tuple[bytes, Mapping[str, Any]]]:
    """Each self-drawn mahjong of a seeded game between greedy bots: the winner's concealed counts (the winning
    tile among them) and the event."""
    found: list[tuple[bytes, Mapping[str, Any]]] = []
    game: Game

    def emit(event: dict[str, Any]) -> None:
        if event["type"] == "mahjong" and event["how"] in ("self_drawn", "replacement"):
            found.append((bytes(game.table.seats[event["seat"]].counts), event))

    game = Game(ruleset, make_bots(["greedy"] * 4, seed), seed, emit=emit)
    game.play()
    return found


def test_a_game_wins_with_the_added_form_and_replays_and_audits(forms_test: Ruleset, tmp_path: Path) -> None:
    plain = recognised_forms(forms_test)
    added = 0
    for seed in WINNING_SEEDS:
        for counts, _event in _winning_hands(forms_test, seed):
            if not is_mahjong(list(counts), plain):
                added += 1  # a hand the core's forms do not complete: only the added form made it a win
                assert sum(counts) == 14 and sorted(n for n in counts if n) in ([2, 2, 2, 2, 3, 3], [2, 2, 3, 3, 4])
        path = tmp_path / f"forms-{seed}.jsonl"
        play_game(forms_test, seed, ["greedy"] * 4, replay=path)
        assert '"name":"two_pungs_four_pairs"' in path.read_text(encoding="utf-8")
        replayed, audited = check(str(path), "replay"), check(str(path), "audit")
        assert replayed.ok, replayed.error
        assert audited.ok, audited.error
    assert added >= 1


def test_two_plugins_registering_one_form_name_is_an_error_naming_both(forms_test: Ruleset,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    module = forms_test.modules[-1]
    twice = [Contribution("form", "standard", module, form=WinningForm(lambda counts: False))]
    monkeypatch.setattr(module, "mahjong_contributions", hookimpl(lambda: twice))
    clear_cache()
    try:
        with pytest.raises(RulesetError, match="form 'standard' is registered by both"):
            registered_forms(load_ruleset(RULESET))
    finally:
        monkeypatch.undo()
        clear_cache()


class _NothingCompletes:
    """A plugin that says no hand is complete: no seat may ever win."""

    @staticmethod
    @hookimpl
    def mahjong_hand_complete(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool | None:
        return False


def test_a_plugin_answering_is_this_hand_complete_decides_it() -> None:
    ruleset = load_ruleset("chinese_classical")
    events: list[dict[str, Any]] = []
    game = Game(ruleset, make_bots(["greedy"] * 4, 3), 3, emit=events.append, house_tweaks=[_NothingCompletes()],
                max_deals=4)
    assert "mahjong_hand_complete" in game.implemented
    game.play()
    assert not [e for e in events if e["type"] == "mahjong"]
    assert [e for e in events if e["type"] == "exhaustive_draw"]


def test_a_game_without_such_a_plugin_never_asks() -> None:
    game = Game(load_ruleset("chinese_classical"), make_bots(["greedy"] * 4, 3), 3, max_deals=1)
    assert "mahjong_hand_complete" not in game.implemented
