"""The conformance suite: every installed ruleset passes it, the pytest plugin runs it, and each check can fail.

The checks are called directly for every installed ruleset (bundled, the
example house rule, and the third-party example when it is installed); the
plugin and ``run()`` are exercised once each in a subprocess.  Then each check
is shown to catch what it is for, with a deliberately broken plugin or
scoring engine.  About 25 s.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.conformance import checks, pytest_arguments
from mahjong_core.conformance import strategies as mst
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import MahjongError
from mahjong_core.hand import arrangements as arrangements_module
from mahjong_core.hand.melds import Form, MeldKind
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.score import Score
from mahjong_core.hand.tiles import NUM_PLAYING_KINDS
from mahjong_core.plugin import extensions
from mahjong_core.plugin.contributions import Contribution
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.rules import available, load_ruleset
from mahjong_core.table.state import Payment

RULESETS = sorted(available())


# ---------------------------------------------------------------------------
# Every installed ruleset passes every check
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("check", sorted(checks.CHECKS))
@pytest.mark.parametrize("rid", RULESETS)
def test_every_installed_ruleset_conforms(rid: str, check: str) -> None:
    checks.CHECKS[check](rid)


def test_the_suite_covers_the_bundled_rulesets_and_the_example_house_rule() -> None:
    assert {"harbin", "piter", "mcr", "hongkong", "shanghai_1500_no_bank"} <= set(RULESETS)


# ---------------------------------------------------------------------------
# The pytest plugin and run()
# ---------------------------------------------------------------------------


def _pytest(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_pytest_option_runs_every_check_on_the_named_ruleset(tmp_path: Path) -> None:
    result = _pytest("--mahjong-ruleset=shanghai_1500_no_bank", "-v", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    for name in ("test_tables_validate", "test_tiles_are_conserved", "test_hand_sizes_between_turns", "test_games_end",
                 "test_same_seed_replays_byte_identically", "test_recorded_games_audit_clean",
                 "test_payments_sum_to_zero", "test_highest_scoring_arrangement_is_chosen",
                 "test_empty_overlay_changes_nothing", "test_plugin_hooks_exist_in_spec"):
        assert f"{name}[shanghai_1500_no_bank] PASSED" in result.stdout, name
    assert "mahjong conformance: shanghai_1500_no_bank" in result.stdout


def test_an_unknown_ruleset_is_a_usage_error_listing_the_installed_ones(tmp_path: Path) -> None:
    result = _pytest("--mahjong-ruleset=no_such_rules", cwd=tmp_path)
    assert result.returncode == 4  # pytest's usage error
    assert "no_such_rules" in result.stderr and "harbin" in result.stderr


def test_without_the_option_the_plugin_changes_nothing(tmp_path: Path) -> None:
    (tmp_path / "test_one.py").write_text("def test_one():\n    assert 1 + 1 == 2\n", encoding="utf-8")
    result = _pytest("-q", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "1 passed" in result.stdout


def test_run_returns_pytest_exit_status(tmp_path: Path) -> None:
    code = ("import sys; from mahjong_core.conformance import run; "
            "sys.exit(run(sys.argv[1:], ['-k', 'tables or hooks']))")
    good = subprocess.run([sys.executable, "-c", code, "harbin", "piter"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert good.returncode == 0, good.stdout + good.stderr
    assert "4 passed" in good.stdout
    bad = subprocess.run([sys.executable, "-c", code, "nope"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=300)
    assert bad.returncode == 4


def test_pytest_arguments_name_the_checks_file_and_each_ruleset() -> None:
    args = pytest_arguments(["harbin", "piter"], ["-x"])
    assert args[0].endswith("checks.py") and Path(args[0]).exists()
    assert "--mahjong-ruleset=harbin" in args and "--mahjong-ruleset=piter" in args and args[-1] == "-x"
    with pytest.raises(MahjongError, match="at least one ruleset"):
        pytest_arguments([])


# ---------------------------------------------------------------------------
# Each check catches what it is for
# ---------------------------------------------------------------------------


class Thief:
    """An observer that takes a tile from a seat that is not deciding, at the first decision (a broken game).

    pluggy calls the later registration first, so registered after the
    observer under test it acts before that observer looks at the same event.
    """

    def __init__(self) -> None:
        self.victim: int | None = None

    @hookimpl
    def mahjong_event(self, table: Any, event: dict[str, Any]) -> None:
        if self.victim is None and event["type"] == "decision" and event["phase"] in ("turn", "claim"):
            self.victim = (event["actor"] + 1) % table.players
            seat = table.seats[self.victim]
            seat.counts[next(k for k in range(NUM_PLAYING_KINDS) if seat.counts[k])] -= 1


def _broken_game(rid: str, *observers: object, house_tweaks: tuple[object, ...] = ()) -> None:
    ruleset = load_ruleset(rid)
    Game(ruleset, make_bots(["greedy"] * 4, 1), 1, observers=observers, house_tweaks=house_tweaks,
         max_deals=1).play()


def test_tile_conservation_catches_a_vanished_tile() -> None:
    ruleset = load_ruleset("harbin")
    with pytest.raises(AssertionError, match="tiles not conserved after event .*missing"):
        _broken_game("harbin", checks.TileConservation(ruleset.tile_set()), Thief())


class Tamperer:
    """At the first decision, changes one held tile of the next seat as ``change(counts)`` says."""

    def __init__(self, change: Any) -> None:
        self.change = change
        self.done = False

    @hookimpl
    def mahjong_event(self, table: Any, event: dict[str, Any]) -> None:
        if not self.done and event["type"] == "decision" and event["phase"] in ("turn", "claim"):
            self.done = True
            self.change(table.seats[(event["actor"] + 1) % table.players].counts)


def _held(counts: list[int]) -> int:
    return next(k for k in range(NUM_PLAYING_KINDS) if counts[k])


def _duplicate(counts: list[int]) -> None:
    counts[_held(counts)] += 1


def _swap(counts: list[int]) -> None:
    """One tile becomes another kind: as many tiles as before, so only a count kind by kind sees it."""
    k = _held(counts)
    counts[k] -= 1
    counts[(k + 1) % NUM_PLAYING_KINDS] += 1


def _negative(counts: list[int]) -> None:
    counts[_held(counts)] = -1


@pytest.mark.parametrize(("change", "needle"), [(_duplicate, "extra"), (_swap, r"missing \{\d+: 1\}, extra"),
                                                (_negative, "missing")])
def test_tile_conservation_catches_every_change_of_a_hand(change: Any, needle: str) -> None:
    ruleset = load_ruleset("harbin")
    with pytest.raises(AssertionError, match=f"tiles not conserved after event .*{needle}"):
        _broken_game("harbin", checks.TileConservation(ruleset.tile_set()), Tamperer(change))


def test_hand_sizes_catches_a_short_hand() -> None:
    thief = Thief()
    with pytest.raises(AssertionError, match="holds 12 tiles, expected 13"):
        _broken_game("harbin", checks.HandSizes(13), thief)
    assert thief.victim is not None


def test_hand_sizes_asks_the_rulesets_plugins_whether_a_late_claim_window_opens() -> None:
    """The observer learns of a late claim window from ``mahjong_late_claims``, as the game does, so a ruleset
    whose own module opens one (with no ``pung_claim_until_next_discard`` at all) is counted as the game plays it."""
    import types

    harbin = load_ruleset("harbin")
    assert harbin.value("pung_claim_until_next_discard") is False
    assert checks.HandSizes.of(harbin).late_claims is False
    assert checks.HandSizes.of(load_ruleset("traditional")).late_claims is True
    own = types.ModuleType("late_window_of_a_house_rule")
    own.mahjong_late_claims = lambda: ("pung",)  # type: ignore[attr-defined]
    widened = dataclasses.replace(harbin, modules=(*harbin.modules, own))
    sizes = checks.HandSizes.of(widened)
    assert (sizes.hand_size, sizes.late_claims) == (13, True)


class PaySelf:
    @hookimpl
    def mahjong_settle(self) -> list[Payment]:
        return [Payment(2, 2, 5, "pays itself")]


class PayNegative:
    @hookimpl
    def mahjong_settle(self) -> list[Payment]:
        return [Payment(0, 1, -5, "negative")]


@pytest.mark.parametrize(("tweak", "message"), [(PaySelf(), "pays itself"), (PayNegative(), "negative amount")])
def test_zero_sum_payments_catches_bad_settlements(tweak: object, message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        _broken_game("harbin", checks.ZeroSumPayments(4), house_tweaks=(tweak,))


@pytest.fixture
def harbin_module() -> Iterator[Any]:
    """Harbin's plugin module, to which a test adds a broken hook with ``monkeypatch`` (restored afterwards)."""
    yield load_ruleset("harbin").modules[-1]


def test_hook_check_catches_a_misspelt_hook(harbin_module: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(harbin_module, "mahjong_claim_alowed", lambda claim: False, raising=False)
    with pytest.raises(AssertionError, match="'mahjong_claim_alowed', which is not a hook"):
        checks.check_plugin_hooks_have_specs("harbin")


def test_hook_check_catches_a_parameter_the_hook_does_not_pass(harbin_module: Any,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(harbin_module, "mahjong_claim_allowed", lambda claim, weather: None, raising=False)
    with pytest.raises(AssertionError, match=r"takes \['weather'\]"):
        checks.check_plugin_hooks_have_specs("harbin")


def test_replay_check_catches_a_plugin_that_is_not_deterministic(harbin_module: Any,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    games = [0]

    def count_games() -> None:  # hidden state kept across games
        games[0] += 1

    def flaky(claim: Any) -> bool | None:  # chows allowed in every other game
        return False if claim.kind == "chow" and games[0] % 2 else None

    monkeypatch.setattr(harbin_module, "mahjong_configure", count_games, raising=False)
    monkeypatch.setattr(harbin_module, "mahjong_claim_allowed", flaky, raising=False)
    with pytest.raises(AssertionError, match="two runs wrote different logs|replay"):
        checks.check_same_seed_same_bytes("harbin", games=6)


def test_overlay_check_catches_a_plugin_that_reads_the_ruleset_id(harbin_module: Any,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def by_name(ruleset: Any, claim: Any) -> bool | None:  # rules must come from the data, never the id
        return False if claim.kind in ("chow", "pung") and ruleset.id != "harbin" else None

    monkeypatch.setattr(harbin_module, "mahjong_claim_allowed", by_name, raising=False)
    with pytest.raises(AssertionError, match="the overlay played a different game"):
        checks.check_empty_overlay_changes_nothing("harbin", games=4)


def _ruleset_file(tmp_path: Path, body: str, name: str = "house") -> Any:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\nversion: 1.0.0\nname: Test ruleset\nextends: harbin\n{body}", encoding="utf-8")
    return load_ruleset(path)


def test_tables_check_catches_an_exclusion_of_a_missing_row(tmp_path: Path) -> None:
    ruleset = _ruleset_file(tmp_path, "limit_hands:\n  heavenly:\n    predicate: heavenly_hand\n    value: 900\n"
                                      "    excludes: [no_such_row]\n    assumption: test\n")
    with pytest.raises(AssertionError, match="excludes 'no_such_row'"):
        checks.check_tables_validate(ruleset)


# -- the arrangement check, with toy scoring engines ------------------------------------------------------


def _value(arrangement: Any) -> int:
    """Toy scoring: 10 a pung or kong, 1 a chow, 25 for seven pairs."""
    if arrangement.form is Form.SEVEN_PAIRS:
        return 25
    return sum(10 if m.kind in (MeldKind.PUNG, MeldKind.KONG) else 1 if m.kind is MeldKind.CHOW else 0
               for m in arrangement.melds)


def _toy(pick: Any) -> Any:
    def score(ruleset: Any, hand: Any, context: Any) -> Score:
        readings = arrangements_module.arrangements(hand)
        if not readings:
            raise MahjongError("not a complete hand")
        best = pick(readings, key=_value)
        return Score(total=_value(best), family="toy", arrangement=best, raw={"points": _value(best)})

    return score


_CACHE: dict[Any, Score] = {}


def _cached(ruleset: Any, hand: Any, context: Any) -> Score:
    if hand not in _CACHE:
        _CACHE[hand] = _toy(max)(ruleset, hand, context)
    return _CACHE[hand]


class ToyFamily:
    """A toy family's plugin: it scores through the hook, as every family does."""

    def __init__(self, score: Any) -> None:
        self.score = score

    @hookimpl
    def mahjong_score_hand(self, ruleset: Any, hand: Any, context: Any) -> Score:
        return self.score(ruleset, hand, context)


class ToyFamilies:
    """A test plugin contributing toy scoring families, installed for this module's tests only."""

    @hookimpl
    def mahjong_contributions(self) -> list[Contribution]:
        classical = extensions.installed().families["classical"]

        def toy(name: str, score: Any) -> Contribution:  # the toy rulesets extend Harbin: classical parameters
            return Contribution("family", name, ToyFamily(score), parameters=classical.parameters)

        return [toy("conformance_toy_best", _toy(max)), toy("conformance_toy_worst", _toy(min)),
                toy("conformance_toy_cached", _cached), toy("conformance_toy_scores_anything", _toy(max))]


@pytest.fixture(autouse=True)
def toy_families(monkeypatch: pytest.MonkeyPatch) -> None:
    with_toys = extensions.collect({**extensions.installed().plugins, "conformance_toys": ToyFamilies()})
    monkeypatch.setattr(extensions, "installed", lambda: with_toys)

TWO_READINGS = st.just(parse_hand("111222333m789p5s +5s"))


def _scored(tmp_path: Path, family: str) -> Any:
    return _ruleset_file(tmp_path, f"scoring:\n  family: {{value: {family}, assumption: test engine}}\n",
                         name=family)


def test_arrangement_check_passes_an_engine_that_takes_the_best_reading(tmp_path: Path) -> None:
    checks.check_highest_scoring_arrangement(_scored(tmp_path, "conformance_toy_best"), hands=30)
    checks.check_highest_scoring_arrangement(_scored(tmp_path, "conformance_toy_best"), strategy=TWO_READINGS)


def test_arrangement_check_catches_an_engine_that_takes_a_worse_reading(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match="hand scored 4 .* scores 31"):
        checks.check_highest_scoring_arrangement(_scored(tmp_path, "conformance_toy_worst"), strategy=TWO_READINGS)


def test_arrangement_check_says_when_it_cannot_compare_readings(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match="did not score the one arrangement it was given"):
        checks.check_highest_scoring_arrangement(_scored(tmp_path, "conformance_toy_cached"),
                                                 strategy=TWO_READINGS)


def test_arrangement_check_on_a_ruleset_without_scoring_asserts_no_score() -> None:
    harbin = load_ruleset("harbin")
    tables = {name: table for name, table in harbin.raw_tables.items() if name != "scoring"}
    unscored = dataclasses.replace(harbin, id="harbin_unscored", raw_tables=tables)
    checks.check_highest_scoring_arrangement(unscored)
    scored = dataclasses.replace(harbin, id="harbin_toy", raw_tables={
        **tables, "scoring": {"family": {"value": "conformance_toy_scores_anything", "assumption": "test"}}})
    checks.check_highest_scoring_arrangement(scored, hands=5)
    sneaky = dataclasses.replace(unscored, raw_tables={**tables})
    with pytest.MonkeyPatch.context() as mp:  # an engine that scores although the ruleset has no scoring section
        mp.setattr(checks, "score_hand", lambda ruleset, hand, context: _toy(max)(ruleset, hand, context))
        with pytest.raises(AssertionError, match="without scoring tables scored a hand"):
            checks.check_highest_scoring_arrangement(sneaky)


# ---------------------------------------------------------------------------
# The public strategies
# ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(hand=mst.complete_hands(load_ruleset("harbin")))
def test_complete_hands_are_complete_and_respect_four_copies(hand: Any) -> None:
    assert hand.tile_count() == 14
    assert arrangements_module.arrangements(hand), hand
    tiles = hand.all_tiles()
    assert max(tiles.count(k) for k in set(tiles)) <= 4
    assert all(b >= NUM_PLAYING_KINDS for b in hand.bonus)


@settings(max_examples=60, deadline=None)
@given(hand=mst.hands(), data=st.data())
def test_hands_and_win_contexts_are_consistent(hand: Any, data: st.DataObject) -> None:
    assert len(hand.concealed) == 13 and max(hand.concealed.count(k) for k in hand.concealed) <= 4
    context = data.draw(mst.win_contexts(players=4))
    assert context["self_drawn"] == (context["how"] in ("self_drawn", "replacement"))
    assert context["dealer"] == (context["seat_wind"] == 27)
    assert context["last_tile"] == (context["tiles_left"] == 0)
    assert (context["discarder"] is None) == (context["how"] != "discard")


@settings(max_examples=10, deadline=None)
@given(wall=mst.walls(load_ruleset("piter")), spec=mst.seeded_games(load_ruleset("piter")))
def test_walls_hold_the_tile_set_and_games_seat_every_player(wall: Any, spec: mst.GameSpec) -> None:
    assert sorted(wall.remaining()) == sorted(load_ruleset("piter").tile_set())
    assert len(spec.bots) == 4 and set(spec.bots) <= set(mst.BOT_KINDS)
