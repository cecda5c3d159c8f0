"""The conformance checks: what every ruleset, bundled or third-party, must do.

Each promise is a ``check_*`` function taking an installed ruleset id (call
them from your own tests if you like) and a ``test_*`` wrapper that the pytest
plugin parametrizes with the rulesets named by ``--mahjong-ruleset``:

* the ruleset's tables validate and every value says where it came from;
* tiles are conserved through seeded games, and hands have the right size
  between turns (observer plugins watch every event);
* whole games between greedy bots end, within the bound of deals the
  ruleset's own length allows (``mahjong_core.rules.playable.deal_bound``);
* the same seed gives the same bytes, and the recorded log re-simulates
  byte for byte;
* a recorded game audits clean (:func:`mahjong_core.audit.check.check`);
* every settlement's payments move points between real seats and the table's
  scores still sum to zero;
* where the ruleset scores hands, the arrangement scored is the highest
  scoring one (every arrangement of generated complete hands is scored alone
  and compared); where it does not, no hand is scored;
* an ``extends`` overlay that changes nothing has the same hash and plays the
  same games;
* every hook the ruleset's plugin modules implement exists in the hook specs,
  with parameters the spec has.

Games are seeded and hypothesis runs derandomized, so a verdict is the same on
every run; ``--mahjong-games=N`` plays more games.
"""

from __future__ import annotations

import contextlib
import inspect
import tempfile
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, reject, settings
from hypothesis import strategies as st

from mahjong_core.audit.check import check as check_log
from mahjong_core.conformance import strategies as mst
from mahjong_core.conformance.invariants import HandSizes, TileConservation, ZeroSumPayments
from mahjong_core.conformance.plugin import games_per_check
from mahjong_core.engine.game import Game, GameResult, UnendingGame
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import MahjongError
from mahjong_core.hand.arrangements import arrangements as all_arrangements
from mahjong_core.hand.arrangements import pinned
from mahjong_core.hand.melds import Arrangement, Hand, MeldKind
from mahjong_core.hand.score import Score
from mahjong_core.log.format import dumps
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin import hookspecs
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.defaults import WinObjections
from mahjong_core.plugin.hookspecs import PROJECT
from mahjong_core.plugin.manager import HOOK_PREFIX, build_plugin_manager, hook_names
from mahjong_core.plugin.scoring import has_scoring, reading_scorer, score_hand
from mahjong_core.rules import Ruleset, load_ruleset, validate_file
from mahjong_core.rules.merge import is_leaf
from mahjong_core.rules.registry import InstalledCatalog, RulesetSource

pytestmark = pytest.mark.mahjong_conformance

#: Hands generated per ruleset for the arrangement check.
HANDS = 40


def _settings(examples: int, *, shrink: bool = True) -> settings:
    """Derandomized, no example database; games are not shrunk (one seed is as simple as another)."""
    phases = list(Phase) if shrink else [Phase.explicit, Phase.reuse, Phase.generate]
    return settings(max_examples=max(1, examples), deadline=None, derandomize=True, database=None,
                    suppress_health_check=list(HealthCheck), phases=phases)


# ---------------------------------------------------------------------------
# Observers
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------


def play(ruleset: Ruleset, spec: mst.GameSpec, observers: tuple[object, ...] = ()) -> tuple[GameResult, list[str]]:
    """Play one seeded game; return its result and its events as canonical log lines."""
    lines: list[str] = []
    players = make_bots(list(spec.bots), spec.seed)
    game = Game(ruleset, players, spec.seed, emit=lambda e: lines.append(dumps(e)), max_deals=spec.max_deals,
                observers=observers)
    return game.play(), lines


def _for_each_game(ruleset: Ruleset, games: int, body: Callable[[mst.GameSpec], None]) -> None:
    @_settings(games, shrink=False)
    @given(spec=mst.seeded_games(ruleset))
    def run(spec: mst.GameSpec) -> None:
        body(spec)

    run()


RulesetRef = str | Path | Ruleset


def resolve_ruleset(ruleset: RulesetRef) -> Ruleset:
    """An installed ruleset by id, a ruleset file by path, or a loaded :class:`Ruleset` as it is.

    The replay checks need an installed ruleset (a log names its ruleset by id);
    the others take any.
    """
    return ruleset if isinstance(ruleset, Ruleset) else load_ruleset(ruleset)


def _leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Mapping[str, Any]]]:
    if is_leaf(node):
        yield path, node
    elif isinstance(node, Mapping):
        for key, value in node.items():
            yield from _leaves(value, (*path, str(key)))


@contextlib.contextmanager
def only_arrangement(hand: Hand, arrangement: Arrangement, ruleset: Ruleset) -> Iterator[None]:
    """While active, the arrangement finder returns just ``arrangement`` for ``hand`` (other hands as usual).

    The finder itself answers so (:func:`mahjong_core.hand.arrangements.pinned`),
    wherever an engine imported it from, so the engine scores that one reading alone.
    """
    with pinned(hand, arrangement):
        yield


# ---------------------------------------------------------------------------
# The checks
# ---------------------------------------------------------------------------


def check_tables_validate(ruleset_id: RulesetRef) -> None:
    """The file validates, every value says where it came from, rows are well-formed."""
    ruleset = resolve_ruleset(ruleset_id)
    errors = validate_file(ruleset.location)
    assert not errors, "the ruleset file does not validate:\n" + "\n".join(str(e) for e in errors)
    for section, node in ruleset.raw_tables.items():
        leaves = list(_leaves(node, (section,)))
        for path, entry in leaves:
            provenance = ruleset.source_of(list(path))
            assert provenance.text.strip(), f"{'.'.join(path)} has an empty {provenance.kind}"
            assert provenance.defined_in in ruleset.ancestry, \
                f"{'.'.join(path)} is said to come from {provenance.defined_in}, not in {ruleset.ancestry}"
            if "predicate" in entry:
                bind(ruleset).predicate(entry["predicate"])  # raises for an unknown predicate
                value = entry["value"]
                assert value == "limit" or (isinstance(value, int | float) and not isinstance(value, bool)), \
                    f"{'.'.join(path)}: value {value!r} is neither a number nor 'limit'"
                rows = node if isinstance(node, Mapping) else {}
                for other in entry.get("excludes", ()):
                    assert other in rows, f"{'.'.join(path)} excludes {other!r}, which is not a row of {section}"
    if has_scoring(ruleset):
        assert bind(ruleset).family is not None  # raises for a family no installed plugin contributes


def check_tiles_conserved(ruleset_id: RulesetRef, games: int = 3) -> None:
    """Every tile is accounted for after every event of seeded games."""
    ruleset = resolve_ruleset(ruleset_id)

    def body(spec: mst.GameSpec) -> None:
        observer = TileConservation()  # the game's own tiles: its mahjong_tile_set answer, not the data's
        play(ruleset, spec, (observer,))
        assert observer.checked > 0, "no event was observed"

    _for_each_game(ruleset, games, body)


def check_hand_sizes(ruleset_id: RulesetRef, games: int = 3) -> None:
    """Hands hold ``hand_size`` tiles between turns and one more in their turn."""
    ruleset = resolve_ruleset(ruleset_id)

    def body(spec: mst.GameSpec) -> None:
        observer = HandSizes.of(ruleset)
        play(ruleset, spec, (observer,))
        assert observer.checked > 0, "no decision was observed"

    _for_each_game(ruleset, games, body)


def check_games_end(ruleset_id: RulesetRef, games: int = 3) -> None:
    """Whole seeded games between greedy bots end within the ruleset's bound of deals.

    Greedy bots, because they try to win: a game between players who never win may rightly last as long as the
    dealer keeps the deal on a draw.  The other checks play two deals of a game; this one plays every deal.
    """
    ruleset = resolve_ruleset(ruleset_id)
    players = int(ruleset.value("players"))
    for seed in range(max(1, games - 1)):
        try:
            Game(ruleset, make_bots(["greedy"] * players, seed), seed).play()
        except UnendingGame as exc:
            raise AssertionError(f"a game between greedy bots does not end (seed {seed}): {exc}") from None


def check_same_seed_same_bytes(ruleset_id: RulesetRef, games: int = 3) -> None:
    """Two runs of one seed write identical logs, and the log re-simulates byte for byte."""
    ruleset = resolve_ruleset(ruleset_id)

    def body(spec: mst.GameSpec) -> None:
        with tempfile.TemporaryDirectory() as folder:
            a, b = Path(folder, "a.jsonl"), Path(folder, "b.jsonl")
            play_game(ruleset, spec.seed, spec.bots, replay=a, max_deals=spec.max_deals)
            play_game(ruleset, spec.seed, spec.bots, replay=b, max_deals=spec.max_deals)
            assert a.read_bytes() == b.read_bytes(), f"seed {spec.seed}: two runs wrote different logs"
            verdict = check_log(str(a), "replay")
            assert verdict.ok, verdict.text()

    _for_each_game(ruleset, max(1, games - 1), body)


def check_recorded_games_audit_clean(ruleset_id: RulesetRef, games: int = 3) -> None:
    """A recorded game passes the audit (legality, tiles, scores, payments) with the game's own scores."""
    ruleset = resolve_ruleset(ruleset_id)

    def body(spec: mst.GameSpec) -> None:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder, "game.jsonl")
            game = play_game(ruleset, spec.seed, spec.bots, replay=path, max_deals=spec.max_deals)
            verdict = check_log(str(path), "audit")
            assert verdict.ok, verdict.text()
            assert verdict.scores == game.result.scores

    _for_each_game(ruleset, max(1, games - 1), body)


def check_payments_sum_to_zero(ruleset_id: RulesetRef, games: int = 3) -> None:
    """Points are conserved: settlements move them between seats and payments between seats and the pot, and the
    scores and the pot add up to the points the game began with, event after event (a zero sum where it began at
    0)."""
    ruleset = resolve_ruleset(ruleset_id)
    players = int(ruleset.value("players"))
    starting = ruleset.starting_points()

    def body(spec: mst.GameSpec) -> None:
        observer = ZeroSumPayments(players, starting)
        result, _ = play(ruleset, spec, (observer,))
        assert observer.settlements == result.deals, \
            f"{result.deals} deals but {observer.settlements} settlements were recorded"
        assert sum(result.scores) + observer.pot == starting * players and result.scores == observer.scores

    _for_each_game(ruleset, games, body)


def check_highest_scoring_arrangement(ruleset_id: RulesetRef, hands: int = HANDS,
                                      strategy: st.SearchStrategy[Hand] | None = None) -> None:
    """The score of a complete hand is that of its highest-scoring arrangement.

    Every arrangement of a generated hand is scored alone (see
    :func:`only_arrangement`); the hand's score must equal the best of them
    and name an arrangement of the hand.  A ruleset without a ``scoring``
    section must score no hand at all.  Where the ruleset's games judge the
    minimum value on the figures its family reckons alone
    (``mahjong_minimum_figures``), those figures must be the score's own.

    :param hands: how many hands to generate.
    :param strategy: the hands to try (default: :func:`~.strategies.complete_hands` of the ruleset,
        and :func:`~.strategies.ambiguous_hands`, which always read several ways).
    """
    ruleset = resolve_ruleset(ruleset_id)
    players = int(ruleset.value("players"))
    scored = has_scoring(ruleset)
    sets = mst.sets_of_hand(ruleset)
    loose = ruleset.get("kong_loose_tile") is not False
    reckon = _figures_reckoner(ruleset) if scored else None

    def run(data: st.DataObject, hands_: st.SearchStrategy[Hand]) -> None:
        hand = data.draw(hands_, label="hand")
        if not loose and any(meld.kind is MeldKind.KONG for meld in hand.melds):
            reject()  # a kong that takes no loose tile is four of the hand's tiles: this hand is one too many
        context = data.draw(mst.win_contexts(hand, players=players), label="context")
        if not scored:
            assert score_hand(ruleset, hand, context) is None, "a ruleset without scoring tables scored a hand"
            return
        standard = bool(all_arrangements(hand, seven_pairs=False, thirteen_orphans=False, sets=sets))
        try:
            best = score_hand(ruleset, hand, context)
        except MahjongError as exc:
            if exc.place == "situations":
                reject()  # the generated situation cannot happen with this hand (a robbed fourth copy)
            if standard:
                raise  # four sets and a pair is a mahjong in every ruleset
            return  # a special form this ruleset does not accept
        assert best is not None, "the scoring engine returned no score for a complete hand"
        if reckon is not None and context.get("winner", True):
            figures = reckon(hand, dict(context, winner=True)) or {}
            differ = {k: (v, best.raw.get(k)) for k, v in figures.items() if best.raw.get(k) != v}
            assert not differ, (f"mahjong_minimum_figures reckons {differ} (each figure: reckoned, scored), "
                                "where the hand's score says otherwise; a game judges the minimum value on them")
        readings = all_arrangements(hand, knitted=True, sets=sets)
        if best.arrangement is None and reading_scorer(ruleset) is None:
            # A scorer that reads no arrangement (a card's, which matches its own hands): there is no highest one
            # to choose, and the arrangement it is given must change nothing.
            for reading in readings:
                with contextlib.suppress(MahjongError), only_arrangement(hand, reading, ruleset):
                    given = score_hand(ruleset, hand, context)
                    assert given is not None and given.total == best.total, (
                        f"a score that names no arrangement changed with the arrangement given ({reading.form.value})")
            return
        assert best.arrangement in readings, f"the scored arrangement {best.arrangement} is not a reading of the hand"
        scorer = reading_scorer(ruleset)
        for reading in readings:
            alone: Score | None
            try:
                if scorer is not None:  # an engine that divides hands itself scores a given reading directly
                    alone = scorer(ruleset, hand, context, reading)
                else:
                    with only_arrangement(hand, reading, ruleset):
                        alone = score_hand(ruleset, hand, context)
            except MahjongError:
                continue  # a reading this ruleset does not accept (knitted forms outside MCR)
            assert alone is not None
            assert scorer is not None or alone.arrangement == reading, (
                f"the scoring engine did not score the one arrangement it was given ({reading.form.value}): "
                "it must find arrangements through mahjong_core.hand.arrangements.arrangements, uncached, "
                "so that this check can compare them")
            assert best.total >= alone.total, (
                f"hand scored {best.total} with the {best.arrangement.form.value} arrangement "
                f"{best.arrangement.melds}, but the {reading.form.value} arrangement {reading.melds} scores "
                f"{alone.total}")

    passes = [strategy] if strategy is not None else [mst.complete_hands(ruleset),
                                                      mst.ambiguous_hands(mst.held_copies(ruleset), sets=sets)]
    for hands_ in passes:
        examples = max(1, hands // len(passes)) if scored else 5
        _settings(examples)(given(data=st.data(), hands_=st.just(hands_))(run))()


def _figures_reckoner(ruleset: Ruleset) -> Callable[[Hand, Mapping[str, Any]], Mapping[str, int] | None] | None:
    """The family's figures for the minimum value (``mahjong_minimum_figures``) where a game of the ruleset judges
    its minimum by them (the family's plugin is its only scorer: :meth:`WinObjections.figures_first`), else
    ``None``."""
    pm = build_plugin_manager(bind(ruleset).plugins)
    judge = next(p for p in pm.get_plugins() if isinstance(p, WinObjections))
    if not judge.figures_first(pm.hook):
        return None
    return lambda hand, context: pm.hook.mahjong_minimum_figures(ruleset=ruleset, hand=hand, context=context)


def _catalog_with(ruleset: Ruleset) -> dict[str, RulesetSource] | None:
    """The installed rulesets plus ``ruleset`` itself when it is a house-rule file, so a file can extend it."""
    if ruleset.text is None:
        return None

    installed = InstalledCatalog()
    text = ruleset.text
    catalog = {rid: installed[rid] for rid in installed if rid != ruleset.id}
    catalog[ruleset.id] = RulesetSource(id=ruleset.id, location=ruleset.location, read=lambda: text)
    return catalog


def check_empty_overlay_changes_nothing(ruleset_id: RulesetRef, games: int = 2) -> None:
    """A file that only ``extends`` the ruleset hashes like it and plays the same games."""
    ruleset = resolve_ruleset(ruleset_id)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder, "overlay.yaml")
        path.write_text(f"id: {ruleset.id}_empty_overlay\nversion: 0.0.1\nname: Empty overlay of {ruleset.id}\n"
                        f"extends: {ruleset.id}\n", encoding="utf-8")
        overlay = load_ruleset(path, catalog=_catalog_with(ruleset))
    assert overlay.parent == ruleset.id
    assert overlay.sha256 == ruleset.sha256, "an overlay that sets nothing changed the ruleset's hash"
    assert overlay.params() == ruleset.params()
    assert [m.__name__ for m in overlay.modules] == [m.__name__ for m in ruleset.modules]

    def body(spec: mst.GameSpec) -> None:
        a = play(ruleset, spec)
        b = play(overlay, spec)
        assert a[1] == b[1], f"seed {spec.seed}: the overlay played a different game"
        assert a[0].scores == b[0].scores

    _for_each_game(ruleset, games, body)


def check_plugin_hooks_have_specs(ruleset_id: RulesetRef) -> None:
    """Every hook implemented by the ruleset's modules is specified, with parameters the spec has."""
    ruleset = resolve_ruleset(ruleset_id)
    specified = set(hook_names())
    for module in ruleset.modules:
        for name, function in inspect.getmembers(module, inspect.isroutine):
            opts = getattr(function, f"{PROJECT}_impl", None)
            if opts is None and not name.startswith(HOOK_PREFIX):
                continue
            hook = (opts or {}).get("specname") or name
            assert hook in specified, f"{module.__name__}.{name} implements {hook!r}, which is not a hook " \
                f"(is the name misspelt?); hooks: {', '.join(sorted(specified))}"
            spec_args = set(inspect.signature(getattr(hookspecs, hook)).parameters)
            own_args = set(inspect.signature(function).parameters) - {"self"}
            assert own_args <= spec_args, f"{module.__name__}.{name} takes {sorted(own_args - spec_args)}, " \
                f"which {hook} does not pass; it passes {sorted(spec_args)}"
    build_plugin_manager(bind(ruleset).plugins)  # registers them the way a game does, and checks pending hooks


# ---------------------------------------------------------------------------
# The tests the plugin parametrizes with --mahjong-ruleset
# ---------------------------------------------------------------------------


def test_tables_validate(mahjong_ruleset: str) -> None:
    check_tables_validate(mahjong_ruleset)


def test_tiles_are_conserved(mahjong_ruleset: str, request: pytest.FixtureRequest) -> None:
    check_tiles_conserved(mahjong_ruleset, games_per_check(request.config))


def test_hand_sizes_between_turns(mahjong_ruleset: str, request: pytest.FixtureRequest) -> None:
    check_hand_sizes(mahjong_ruleset, games_per_check(request.config))


def test_games_end(mahjong_ruleset: str, request: pytest.FixtureRequest) -> None:
    check_games_end(mahjong_ruleset, games_per_check(request.config))


def test_same_seed_replays_byte_identically(mahjong_ruleset: str, request: pytest.FixtureRequest) -> None:
    check_same_seed_same_bytes(mahjong_ruleset, games_per_check(request.config))


def test_recorded_games_audit_clean(mahjong_ruleset: str, request: pytest.FixtureRequest) -> None:
    check_recorded_games_audit_clean(mahjong_ruleset, games_per_check(request.config))


def test_payments_sum_to_zero(mahjong_ruleset: str, request: pytest.FixtureRequest) -> None:
    check_payments_sum_to_zero(mahjong_ruleset, games_per_check(request.config))


def test_highest_scoring_arrangement_is_chosen(mahjong_ruleset: str) -> None:
    check_highest_scoring_arrangement(mahjong_ruleset)


def test_empty_overlay_changes_nothing(mahjong_ruleset: str) -> None:
    check_empty_overlay_changes_nothing(mahjong_ruleset)


def test_plugin_hooks_exist_in_spec(mahjong_ruleset: str) -> None:
    check_plugin_hooks_have_specs(mahjong_ruleset)


#: Every check, by name, for callers that run them without pytest's collection
#: (``tests/core/conformance/test_conformance.py``).
CHECKS = {
    "tables_validate": check_tables_validate,
    "tiles_conserved": check_tiles_conserved,
    "hand_sizes": check_hand_sizes,
    "games_end": check_games_end,
    "same_seed_same_bytes": check_same_seed_same_bytes,
    "recorded_games_audit_clean": check_recorded_games_audit_clean,
    "payments_sum_to_zero": check_payments_sum_to_zero,
    "highest_scoring_arrangement": check_highest_scoring_arrangement,
    "empty_overlay_changes_nothing": check_empty_overlay_changes_nothing,
    "plugin_hooks_have_specs": check_plugin_hooks_have_specs,
}

__all__ = ["CHECKS", "HandSizes", "TileConservation", "ZeroSumPayments", "only_arrangement", "play",
           *(fn.__name__ for fn in CHECKS.values())]
