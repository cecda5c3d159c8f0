"""Sichuan's bloody flow (``sichuan_xueliu``): the bloody battle with winners staying in play.

A seat that wins sets its winning tile aside face up, keeps the rest of its hand, plays on and may win again;
each win is scored and settled as it happens, several seats may win on one discard and all stay, and only the
wall's end ends the deal, after which the hands that have not won face the end-of-deal checks.  Watched in
seeded games of greedy and random bots, and refused where the data would make a deal endless.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core import check, load_ruleset, simulate
from mahjong_core.conformance.invariants import TileConservation, ZeroSumPayments
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import RulesetError
from mahjong_core.hand.notation import parse_tiles
from mahjong_core.log.fold import fold
from mahjong_core.plugin import Action, Ruleset, Table

RULESET = "sichuan_xueliu"


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Three seeded games, each as its events: a whole game of four greedy bots (seed 1, which holds two wins on
    one discard), and two of four deals mixing random and greedy bots."""
    folder = tmp_path_factory.mktemp("xueliu")
    games = []
    for seed, bots, deals in ((1, ["greedy"] * 4, None), (2, ["random", "greedy", "random", "greedy"], 4),
                              (3, ["random"] * 4, 4)):
        played = simulate(load_ruleset(RULESET), seed, 1, bots, folder, max_deals=deals)
        assert played[0].replay is not None
        games.append([json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()])
    return games


def deals(logs: list[list[dict[str, Any]]]) -> Iterator[list[dict[str, Any]]]:
    """Each deal's events, from its ``deal_start`` to its ``deal_end``."""
    for log in logs:
        current: list[dict[str, Any]] = []
        for e in log:
            if e["type"] == "deal_start":
                current = []
            current.append(e)
            if e["type"] == "deal_end":
                yield current


def test_the_ruleset_extends_the_bloody_battle_and_says_only_the_difference(ruleset: Ruleset) -> None:
    battle = load_ruleset("sichuan_xuezhan")
    assert ruleset.value("winners_stay_in_play") is True and battle.get("winners_stay_in_play", False) is False
    assert ruleset.value("deal_ends_at_wins") is None and battle.value("deal_ends_at_wins") == 3
    for name in ("tile_set", "missing_suit", "tile_exchange", "kong_money", "settlement", "usual_limit"):
        assert ruleset.value(name) == battle.value(name)
    said = ruleset.source_of("winners_stay_in_play")
    assert said.kind == "assumption" and said.defined_in == RULESET


def test_a_seat_wins_twice_in_one_deal_and_each_win_is_scored_and_settled_at_once(
        logs: list[list[dict[str, Any]]]) -> None:
    twice = 0
    for deal in deals(logs):
        won: dict[int, int] = {}
        for k, e in enumerate(deal):
            if e["type"] != "mahjong":
                continue
            assert e.get("play_on") is True and e.get("stays_in_play") is True
            won[e["seat"]] = won.get(e["seat"], 0) + 1
            twice += won[e["seat"]] == 2
            # before the next decision: the win's own score, then its settlement (winners on the same tile each
            # have theirs, in the claims' order)
            until = next((j for j in range(k + 1, len(deal)) if deal[j]["type"] == "decision"), len(deal))
            scored = next(j for j in range(k + 1, until) if deal[j]["type"] == "score" and deal[j]["seat"] == e["seat"])
            settled = deal[scored + 1]
            assert settled["type"] == "settlement"
            assert any(payee == e["seat"] and reason == "mahjong" for _, payee, _, reason in settled["payments"])
    assert twice >= 5


def test_a_winner_sets_its_winning_tile_aside_and_plays_on(logs: list[list[dict[str, Any]]]) -> None:
    """After a win the winner's next decisions are those of a seat in play, its hand locked: it draws, and
    discards the tile drawn or wins with it."""
    for deal in deals(logs[:1]):
        for k, e in enumerate(deal):
            if e["type"] == "mahjong":
                later = [x for x in deal[k + 1:] if x["type"] == "decision" and x.get("actor") == e["seat"]
                         and x.get("phase") == "turn" and x.get("action") in ("discard", "win")]
                drawn = [x for x in deal[k + 1:] if x["type"] == "draw" and x.get("seat") == e["seat"]]
                if drawn:  # unless the wall ran out first, the winner draws and discards (or wins) again
                    assert later


def test_the_fold_shows_the_won_tiles_as_the_engine_holds_them(tmp_path: Path, ruleset: Ruleset) -> None:
    played = simulate(ruleset, 5, 1, ["greedy"] * 4, tmp_path, max_deals=1)
    assert played[0].replay is not None
    lines = [json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()]
    won: dict[int, list[str]] = {}
    for e in lines[1:]:
        if e["type"] == "mahjong":
            won.setdefault(e["seat"], []).append(e["tile"])
    assert won, "seed 5's first deal has a win"
    *_, last = fold(lines[0], lines[1:])
    for seat in range(4):
        assert last.seats[seat].won == won.get(seat, [])
        assert ("won" in last.seats[seat].view()) == (seat in won)


def test_several_winners_on_one_discard_all_stay_in_play(logs: list[list[dict[str, Any]]]) -> None:
    found = 0
    for deal in deals(logs):
        for k in range(1, len(deal)):
            a, b = deal[k - 1], deal[k]
            if a["type"] == b["type"] == "mahjong" and a.get("discarder") is not None \
                    and (a["discarder"], a["tile"]) == (b.get("discarder"), b["tile"]):
                found += 1
                assert a.get("stays_in_play") is True and b.get("stays_in_play") is True
                for seat in (a["seat"], b["seat"]):
                    if any(x["type"] == "draw" for x in deal[k + 1:]):
                        assert any(x["type"] in ("draw", "decision") and seat in (x.get("seat"), x.get("actor"))
                                   for x in deal[k + 1:])
    assert found >= 1


def test_only_the_wall_ends_the_deal_and_then_the_hands_that_did_not_win_are_checked(
        logs: list[list[dict[str, Any]]]) -> None:
    checked_after_wins = 0
    for deal in deals(logs):
        ends = [e for e in deal if e["type"] in ("exhaustive_draw", "abortive_draw", "deal_abandoned")]
        assert [e["type"] for e in ends] == ["exhaustive_draw"]
        assert all(e.get("stays_in_play") for e in deal if e["type"] == "mahjong")
        winners = {e["seat"] for e in deal if e["type"] == "mahjong"}
        last = [e for e in deal if e["type"] == "settlement"][-1]
        checks = [p for p in last["payments"] if p[3] in ("not_ready", "missing_suit_held")]
        for payer, payee, _, _ in checks:
            assert payer not in winners and payee not in winners
        checked_after_wins += bool(checks and winners)
    assert checked_after_wins >= 1


def test_the_games_audit_clean(tmp_path: Path, ruleset: Ruleset) -> None:
    played = simulate(ruleset, 11, 1, ["greedy", "random", "greedy", "random"], tmp_path, max_deals=4)
    assert played[0].replay is not None
    assert check(played[0].replay).ok


def test_greedy_winners_play_on_a_sensible_hand(ruleset: Ruleset) -> None:
    """A greedy seat that has won keeps a hand that can win again (winners win again), and never wins holding
    its missing suit: the bot plays the hand it has left, as any seat in play."""
    letters = {"missing_characters": "m", "missing_dots": "p", "missing_bamboo": "s"}
    for seed in range(1, 3):
        wins: list[tuple[int, int]] = []
        holder: list[Game] = []

        def watch(event: dict[str, Any], wins: list[tuple[int, int]] = wins, holder: list[Game] = holder) -> None:
            if event["type"] != "mahjong":
                return
            table = holder[0].table
            wins.append((table.deal_number, event["seat"]))
            seat = table.seats[event["seat"]]
            letter = letters[seat.flags["missing_suit"]]
            assert not any(seat.counts[k] for k in parse_tiles("123456789" + letter))

        game = Game(ruleset, make_bots(["greedy"] * 4, seed), seed, max_deals=4, emit=watch)
        holder.append(game)
        game.play()
        assert len(wins) - len(set(wins)) >= 2, f"seed {seed}: winners won again {len(wins) - len(set(wins))} times"


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_tiles_and_points_are_conserved_over_seeded_deals(seed: int) -> None:
    """Hypothesis over seeds: every tile is in the wall, a hand, a meld, a discard or a seat's won tiles after
    every event, and every payment moves points between seats without making or losing any."""
    ruleset = load_ruleset(RULESET)
    tiles, money = TileConservation(), ZeroSumPayments(4)
    game = Game(ruleset, make_bots(["greedy", "random", "greedy", "random"], seed), seed, max_deals=1,
                observers=[tiles, money])
    game.play()
    assert tiles.checked > 0 and money.settlements >= 1
    assert sum(game.table.scores) == 0


@pytest.mark.parametrize(("text", "place", "words"), [
    ("extends: sichuan_xuezhan\nparameters:\n  deal_ends_at_wins:\n    value: null\n    assumption: test\n",
     "$.parameters.deal_ends_at_wins.value", "deal_ends_at_wins is null (no bound), but the seats that win leave"),
    ("extends: sichuan_xueliu\nparameters:\n  deal_ends_at_wins:\n    value: 1\n    assumption: test\n",
     "$.parameters.deal_ends_at_wins.value", "deal_ends_at_wins is 1, but winners_stay_in_play is true"),
    ("extends: harbin\nparameters:\n  winners_stay_in_play:\n    value: true\n    assumption: test\n"
     "  winners_hand_locked:\n    value: {kongs: never}\n    assumption: test\n"
     "  deal_ends_at_wins:\n    value: null\n    assumption: test\n",
     "$.parameters.deal_ends_at_wins.value", "the classical settlement does not settle a win while play goes on"),
])
def test_a_deal_the_data_would_make_endless_or_contradictory_is_a_load_error(tmp_path: Path, text: str, place: str,
                                                                            words: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("id: bad\nversion: 1.0.0\nname: x\n" + text, encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert words in caught.value.message
    assert caught.value.source == str(path) and caught.value.place == place and caught.value.line is not None


def test_with_winners_staying_more_wins_than_seats_may_end_a_deal(tmp_path: Path) -> None:
    path = tmp_path / "five.yaml"
    path.write_text("id: five\nversion: 1.0.0\nname: x\nextends: sichuan_xueliu\nparameters:\n"
                    "  deal_ends_at_wins:\n    value: 5\n    assumption: test\n", encoding="utf-8")
    game = Game(load_ruleset(path), make_bots(["greedy"] * 4, 1), 1, max_deals=4)
    assert game.wins_rule == (3, 5)
    game.play()
    assert sum(game.table.scores) == 0


def _folded(hands: list[list[str]]) -> Any:
    from mahjong_core.log.fold import FoldedTable

    table = FoldedTable.of_header({"seats": [{}] * 4})
    for n, hand in enumerate(hands):
        table.seats[n].concealed = list(hand)
    return table


def test_the_fold_sets_a_self_drawn_winning_tile_aside_and_the_hand_plays_on() -> None:
    table = _folded([["1m", "1m", "2p", "?"], [], [], []])
    table.apply({"type": "mahjong", "seat": 0, "tile": "2p", "how": "self_drawn", "discarder": None,
                 "play_on": True, "stays_in_play": True})
    seat = table.seats[0]
    assert seat.won == ["2p"] and sorted(seat.concealed) == ["1m", "1m", "?"] and not seat.out
    assert not table.revealed and table.seats[0].view()["won"] == ["2p"]


def test_the_fold_sets_a_discard_won_by_two_seats_aside_once_off_the_discards() -> None:
    table = _folded([["5s"], ["1m"], ["2m"], ["3m"]])
    table.apply({"type": "decision", "actor": 0, "phase": "turn", "action": "discard", "tile": "5s"})
    for seat in (1, 2):
        table.apply({"type": "mahjong", "seat": seat, "tile": "5s", "how": "discard", "discarder": 0,
                     "play_on": True, "stays_in_play": True})
    assert table.seats[0].discards == [] and table.pond == [] and table.last_discard is None
    assert table.seats[1].won == table.seats[2].won == ["5s"]
    assert table.seats[1].concealed == ["1m"] and table.seats[2].concealed == ["2m"]


def test_the_fold_takes_a_robbed_kong_tile_out_of_the_konger_s_hand_once() -> None:
    table = _folded([["7p", "9s"], ["1m"], ["2m"], ["3m"]])
    for seat in (1, 3):
        table.apply({"type": "mahjong", "seat": seat, "tile": "7p", "how": "robbing_kong", "discarder": 0,
                     "play_on": True, "stays_in_play": True})
    assert table.seats[0].concealed == ["9s"]
    assert table.seats[1].won == table.seats[3].won == ["7p"]


def test_a_scored_hand_laid_down_leaves_the_tile_set_aside_out() -> None:
    """Another seat's view: the winner's hidden hand is laid down from its score, less the tile it set aside."""
    table = _folded([["?", "?", "?", "?", "?"], [], [], []])
    table.apply({"type": "mahjong", "seat": 0, "tile": "2p", "how": "self_drawn", "discarder": None,
                 "play_on": True, "stays_in_play": True})
    table.apply({"type": "score", "seat": 0, "value": 1,
                 "arrangement": {"melds": [{"tiles": ["1m", "1m", "1m"]}, {"tiles": ["2p", "2p"]}]}})
    assert sorted(table.seats[0].concealed) == ["1m", "1m", "1m", "2p"] and table.seats[0].won == ["2p"]


# ---------------------------------------------------------------------- the locked hand, laid face up


class Recorder:
    """A bot that records, for every decision of a seat that has won this deal, the options it was offered and the
    tile it had just drawn, then decides as the bot it wraps."""

    def __init__(self, bot: Any, offered: list[tuple[str, int | None, list[Action]]]):
        self.bot, self.offered = bot, offered
        self.name, self.kind = bot.name, bot.kind

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        if table.seats[seat].won:
            self.offered.append((phase, table.drawn_tile if phase == "turn" else None, list(options)))
        return self.bot.choose(table, seat, options, phase)


def test_a_winner_is_offered_only_a_win_or_the_discard_of_the_tile_it_drew(ruleset: Ruleset) -> None:
    """The lock (``winners_hand_locked: {kongs: never}``): in its turns a winner may only win again or discard the
    tile it drew -- never another tile, never a kong -- and in a claim window only win or pass."""
    offered: list[tuple[str, int | None, list[Action]]] = []
    kinds: set[str] = set()
    for seed in (1, 2):
        bots = [Recorder(b, offered) for b in make_bots(["greedy", "random", "greedy", "random"], seed)]
        Game(ruleset, bots, seed, max_deals=2).play()
    assert len(offered) > 20
    for phase, drawn, options in offered:
        kinds.update(o.kind for o in options)
        if phase == "turn":
            assert drawn is not None
            assert all(o.kind == "win" or o == Action("discard", drawn) for o in options), options
            assert Action("discard", drawn) in options
        else:
            assert all(o.kind in ("win", "pass") for o in options), (phase, options)
    assert {"discard", "win", "pass"} <= kinds


def _kong_table(drawn: int, hand: str) -> Table:
    table = Table(players=4)
    table.new_deal()
    counts = table.seats[0].counts
    for kind in parse_tiles(hand):
        counts[kind] += 1
    table.drawn_tile = drawn
    return table


def test_the_lock_allows_a_kong_only_where_the_rule_says_and_the_waits_stay() -> None:
    """The one lock riichi's declaration and a locked winner share (:mod:`mahjong_rulesets.mechanisms.locked_hand`):
    ``never`` refuses every kong; ``same_waits`` keeps a concealed kong of the tile drawn where the waits stay as
    they were, and refuses it where they change."""
    from mahjong_rulesets.mechanisms.locked_hand import locked_refusals

    four = parse_tiles("1m")[0]
    # 111m 234p 567p 789s 5s, waiting on 5s; the fourth 1m drawn: a kong of it leaves the single wait on 5s.
    table = _kong_table(four, "1111m234567p789s5s")
    kong, discard = Action("kong", four, way="concealed"), Action("discard", four)
    other = Action("discard", parse_tiles("5s")[0])
    options = [kong, discard, other]
    assert locked_refusals(table, 0, "turn", options, "never") == [kong, other]
    assert locked_refusals(table, 0, "turn", options, "same_waits") == [other]
    # 111m 23m 456p 789p 55s, waiting on 1m and 4m; the fourth 1m drawn: a kong of it loses the waits.
    changed = _kong_table(four, "111123m456789p55s")
    assert kong in (locked_refusals(changed, 0, "turn", options, "same_waits") or [])
    assert locked_refusals(table, 0, "claim", [Action("win", four), Action("pass"), Action("pung", four)],
                           "same_waits") == [Action("pung", four)]


def test_winners_staying_in_play_with_a_hand_not_locked_is_a_load_error(tmp_path: Path) -> None:
    path = tmp_path / "open.yaml"
    path.write_text("id: open\nversion: 1.0.0\nname: x\nextends: sichuan_xueliu\nparameters:\n"
                    "  winners_hand_locked:\n    value: null\n    assumption: test\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    assert "winners_stay_in_play is true, but winners_hand_locked is not set" in caught.value.message
    assert caught.value.place == "$.parameters.winners_hand_locked.value" and caught.value.line is not None


def test_the_live_server_shows_a_winner_s_laid_hand_to_all_and_nothing_before_it() -> None:
    """The message the live server sends each viewer (:func:`mahjong_server.live.event_message`): before a seat's
    first win no other viewer is sent its concealed tiles, laid or not; from the win (once its hand is set down)
    every viewer is sent the laid hand -- the seat's concealed tiles less the one it has just drawn, which stays
    hidden -- and the tile count that says one more is held.  That nothing else leaks is the oracle's to check
    (``tests/core/log/test_hidden_information.py``, every ruleset)."""
    from mahjong_core.log.redaction import Visibility, full_table_view
    from mahjong_server.live import event_message

    ruleset = load_ruleset(RULESET)
    visibility = Visibility.of(ruleset)
    holder: list[Game] = []
    checked = {"before": 0, "laid": 0, "drawn hidden": 0}

    def watch(event: dict[str, Any]) -> None:
        table = holder[0].table
        view = full_table_view(table)
        for n, seat in enumerate(table.seats):
            laid = sorted(seat.laid_tiles())
            for viewer in [*range(4), None]:
                if viewer == n:
                    continue
                message = event_message(event, view, False, viewer, visibility)
                if message is None:
                    continue
                shown = message["view"]["seats"][n]
                assert "concealed" not in shown
                if not seat.laid:
                    assert "laid" not in shown
                    checked["before"] += 1
                    continue
                assert shown["laid"] == [table.tiles.code(k) for k in laid]
                assert shown["concealed_count"] == sum(seat.counts)
                checked["laid"] += 1
                if sum(seat.counts) > len(laid):
                    checked["drawn hidden"] += 1

    game = Game(ruleset, make_bots(["greedy", "random", "greedy", "random"], 4), 4, max_deals=1, emit=watch)
    holder.append(game)
    game.play()
    assert all(checked.values()), checked


def test_every_fold_keeps_a_winner_s_hand_face_up_as_the_engine_lays_it(tmp_path: Path, ruleset: Ruleset) -> None:
    """The core's fold of the full log and of every seat's redacted view agree with the engine's laid hands at each
    deal's end, and another seat's view of a winner shows the laid tiles, never a hidden one among them."""
    from mahjong_core.log.redaction import Visibility, seat_view

    played = simulate(ruleset, 6, 1, ["greedy", "random", "greedy", "random"], tmp_path, max_deals=2)
    assert played[0].replay is not None
    lines = [json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()]
    header, events = lines[0], lines[1:]
    full = {e["n"]: [seat.laid_tiles() for seat in table.seats] for e, table in zip(events, fold(header, events),
                                                                                     strict=True)}
    laid_seen = 0
    for viewer in range(4):
        redacted = seat_view(events, viewer, Visibility.of(ruleset))
        for e, table in zip(redacted, fold(header, redacted), strict=True):
            for n, seat in enumerate(table.seats):
                if n == viewer:
                    continue
                assert seat.laid_tiles() == full[e["n"]][n], (viewer, n, e)
                assert "?" not in seat.laid_tiles()
                laid_seen += bool(full[e["n"]][n])
    assert laid_seen > 100
