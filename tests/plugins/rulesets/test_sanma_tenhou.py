"""``sanma_tenhou``, three-player riichi as Tenhou plays it: an installed ruleset that plays with every bundled bot
(logs that replay byte for byte and audit clean, points and pot conserved), and each of its rules at work -- a North
set aside and replaced, a North won on as it is set aside, no chow, 1m and 9m indicating each other, the Norths
counted as dora, a self-drawn win paid with and without the missing seat's share.

The rules as the Japanese Mahjong Wiki's "Sanma" and "Tenhou.net rules" (Three-player rules) give them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import yaml
from mahjong_rulesets.mechanisms import bonus_declaration as bonus
from mahjong_rulesets.mechanisms import riichi_declaration as riichi

from mahjong_core import Game, GreedyBot, MahjongError, available, check, load_ruleset, simulate
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.plugin import Action, Rng, Ruleset, Seat, Table, Wall, bind, hookimpl, parse_tiles, score_hand
from mahjong_core.rules.loader import load_ruleset_text

RULESET = "sanma_tenhou"
DECLARE, DECLARED = "declare_bonus", "bonus_declared"
NORTH = 30


@pytest.fixture(scope="module")
def sanma() -> Ruleset:
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def four() -> Ruleset:
    return load_ruleset("riichi_tenhou")


@pytest.fixture(scope="module")
def no_loss(sanma: Ruleset) -> Ruleset:
    """A house rule of sanma_tenhou paying a self-drawn win without tsumo loss."""
    text = yaml.safe_dump({"id": "sanma_no_tsumo_loss", "version": "1.0.0", "name": "Sanma without tsumo loss",
                           "extends": RULESET,
                           "scoring": {"payments": {"self_draw_loss": {
                               "value": False, "assumption": "a test of the option: the share split"}}}})
    return load_ruleset_text(text, "<no tsumo loss>")


def _score(ruleset: Ruleset, text: str, flags: tuple[str, ...] = (), seat: str = "S", **facts: Any) -> Any:
    hand = parse_hand(text, tiles=bind(ruleset).tiles)
    ctx = win_context(flags, seat=27 + "ESWN".index(seat), winning_tile=hand.winning_tile, facts=facts)
    score = score_hand(ruleset, hand, ctx)
    assert score is not None
    return score


def _items(score: Any) -> dict[str, int]:
    return {i.name: i.value * i.count for i in score.items if i.kind in ("han", "yakuman")}


# -- the ruleset as data ---------------------------------------------------------------------------------------------


def test_it_is_installed_three_seats_108_tiles_no_chow(sanma: Ruleset) -> None:
    assert str(available()[RULESET].module) == "mahjong_rulesets.rulesets.sanma_tenhou"
    assert sanma.parent == "riichi_tenhou" and sanma.value("players") == 3
    tiles = bind(sanma).tiles
    assert len(tiles.tiles) == 108
    assert {tiles.code(k) for k in set(tiles.tiles) if k < 9} == {"1m", "9m"}
    assert sanma.value("chow_from") == "nobody"
    assert sanma.value("starting_points") == 35000
    assert list(sanma.value("placement_payments")["uma"]) == [20000, 0, -20000]
    for name in ("bonus_declaration", "dora_indicators", "tile_set", "players", "abortive_draws", "game_end"):
        assert sanma.source_of(name).text, name


# -- scoring: the indicator wrap, the Norths, tsumo loss --------------------------------------------------------------


def test_1m_indicates_9m_and_9m_indicates_1m(sanma: Ruleset, four: Ruleset) -> None:
    nines = "9m123456p456s777z +9m"
    assert _items(_score(sanma, nines, dora_indicators=["1m"]))["dora"] == 2
    assert "dora" not in _items(_score(sanma, nines, dora_indicators=["9m"]))
    assert "dora" not in _items(_score(four, nines, dora_indicators=["1m"]))  # four players: 1m shows 2m
    ones = "1m123456p456s777z +1m"
    assert _items(_score(sanma, ones, dora_indicators=["9m"]))["dora"] == 2
    assert _items(_score(four, ones, dora_indicators=["9m"]))["dora"] == 2  # 9m shows 1m at four too


def test_each_north_set_aside_is_a_dora_and_counted_again_by_a_west_indicator(sanma: Ruleset) -> None:
    hand = "123456p456s777z1s +1s"
    plain = _score(sanma, hand)
    two = _score(sanma, hand, nukidora=[NORTH, NORTH])
    assert _items(two)["nukidora"] == 2 and two.raw["han"] == plain.raw["han"] + 2
    shown = _score(sanma, hand, nukidora=[NORTH, NORTH], dora_indicators=["3z"])  # West shows North
    assert _items(shown)["dora"] == 2 and shown.raw["han"] == plain.raw["han"] + 4
    assert _score(sanma, hand, nukidora=2).raw["han"] == two.raw["han"]  # a count, as mahjong score takes it


def test_a_dora_alone_makes_no_win_not_even_a_north(sanma: Ruleset) -> None:
    score = _score(sanma, "123456p456s789s1s +1s", nukidora=[NORTH])
    assert score.total == 0 and score.raw["fan"] == 0


@pytest.mark.parametrize(("winner", "honba"), [("S", 0), ("W", 0), ("E", 0), ("S", 2)])
def test_a_self_drawn_win_with_and_without_tsumo_loss(sanma: Ruleset, no_loss: Ruleset, four: Ruleset,
                                                      winner: str, honba: int) -> None:
    """With tsumo loss the two payers pay what they pay at four and the missing North's share is lost; without it
    that share is split between them, rounded up to the hundred.  Either way each of the two pays 100 a counter,
    as at four: a counter is worth 200 at three seats, shared by the two."""
    hand = "234p567p234s678s5s +5s"
    at_four = _score(four, hand, ("self_drawn",), winner, honba=honba).raw
    lost = _score(sanma, hand, ("self_drawn",), winner, honba=honba).raw
    split = _score(no_loss, hand, ("self_drawn",), winner, honba=honba).raw
    payers = [w for w in ("east", "south", "west") if w[0].upper() != winner]
    north = at_four["payment_from_north"] - 100 * honba
    half = -(-north // 2 // 100) * 100
    assert "payment_from_north" not in lost and "payment_from_north" not in split
    for wind in payers:
        assert lost[f"payment_from_{wind}"] == at_four[f"payment_from_{wind}"]
        assert split[f"payment_from_{wind}"] == at_four[f"payment_from_{wind}"] + half
    assert lost["hand_value"] < at_four["hand_value"] <= split["hand_value"]
    assert split["received"] - split["hand_value"] == lost["received"] - lost["hand_value"] == 200 * honba
    assert lost["hand_value"] == sum(at_four[f"payment_from_{w}"] - 100 * honba for w in payers)


def test_a_ron_is_paid_as_at_four_but_a_counter_is_worth_200(sanma: Ruleset, four: Ruleset) -> None:
    """The hand is paid as at four; a counter adds 200 to a discarder's payment, not four seats' 300 (Tenhou's own
    three-player game: the ruleset's tenhou_sanma_game section 11)."""
    hand = "234p567p234s678s5s +5s"
    assert _score(sanma, hand, ("riichi",)).raw["payment_from_discarder"] == \
        _score(four, hand, ("riichi",)).raw["payment_from_discarder"]
    for honba in (1, 2, 5):
        assert _score(sanma, hand, ("riichi",), honba=honba).raw["payment_from_discarder"] == \
            _score(sanma, hand, ("riichi",)).raw["payment_from_discarder"] + 200 * honba
        assert _score(four, hand, ("riichi",), honba=honba).raw["payment_from_discarder"] == \
            _score(four, hand, ("riichi",)).raw["payment_from_discarder"] + 300 * honba


def test_a_counter_s_worth_is_refused_where_the_payers_cannot_share_it() -> None:
    """A self-drawn win's payers share a counter's worth equally: at four seats 200 would lose a point, a load
    error naming the value (three seats' 200 is shared by two)."""
    text = yaml.safe_dump({"id": "riichi_odd_honba", "version": "1.0.0", "name": "Riichi, 200 a counter",
                           "extends": "riichi_tenhou",
                           "scoring": {"payments": {"honba": {"value": 200, "assumption": "a test: 200 a counter"}}}})
    with pytest.raises(MahjongError) as caught:
        _score(load_ruleset_text(text, "<odd honba>"), "234p567p234s678s5s +5s", ("riichi",))
    assert "scoring.payments.honba" in caught.value.message and "multiple of 3" in caught.value.message


def test_the_ready_seats_take_2000_all_told(sanma: Ruleset) -> None:
    """Tenhou's exhaustive draws at three seats: 1,000 a pair (tenhou_sanma_game sections 2 and 9)."""
    assert sanma.value("ready_payments")["total"] == 2000
    assert sanma.source_of(["parameters", "ready_payments"]).text.startswith("tenhou_sanma_game section 2")


# -- play ------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("bots", [["random"] * 3, ["greedy"] * 3, ["random", "greedy", "greedy"]])
def test_every_bundled_bot_finishes_its_games_which_replay_and_audit_clean(sanma: Ruleset, bots: list[str],
                                                                           tmp_path: Path) -> None:
    played = simulate(sanma, 7, 2, bots, tmp_path, max_deals=6)
    for game in played:
        assert game.replay is not None and game.result.deals >= 1
        for mode in ("replay", "audit"):
            verdict = check(str(game.replay), mode)
            assert verdict.ok, verdict.text()


def _events(ruleset: Ruleset, players: Sequence[Any], seed: int, max_deals: int | None = None) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    Game(ruleset, players, seed, emit=events.append, max_deals=max_deals).play()
    return events


def _greedy(seed: int) -> list[GreedyBot]:
    return [GreedyBot(Rng.from_seed(seed).derive("bot", i), name=f"greedy-{i}") for i in range(3)]


def test_greedy_sets_norths_aside_and_each_is_replaced_from_the_dead_wall(sanma: Ruleset) -> None:
    events = _events(sanma, _greedy(5), 5, max_deals=4)
    declared = [k for k, e in enumerate(events) if e["type"] == DECLARED]
    assert len(declared) >= 4
    for k in declared:
        decision, event, replacement = events[k - 1], events[k], events[k + 1]
        assert decision["type"] == "decision" and decision["action"] == DECLARE and decision["way"] == "set_aside"
        assert decision["actor"] == event["seat"] and event["tile"] == "4z"
        assert replacement["type"] == "replacement" and replacement["seat"] == event["seat"]
        assert replacement["reason"] == DECLARE
    assert not any(e["type"] == "decision" and e.get("action") == "chow" for e in events)


def test_no_chow_is_ever_offered(sanma: Ruleset) -> None:
    """Every option a seat is offered in a claim window, over whole games: pungs, kongs and wins, never a chow."""
    offered: list[str] = []

    class Watching(GreedyBot):
        def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
            offered.extend(o.kind for o in options if phase == "claim")
            return super().choose(table, seat, options, phase)

    _events(sanma, [Watching(Rng.from_seed(3).derive("bot", i)) for i in range(3)], 3, max_deals=6)
    assert "pung" in offered and "chow" not in offered


def test_points_and_the_pot_are_conserved_over_a_game(sanma: Ruleset) -> None:
    events = _events(sanma, _greedy(11), 11)
    ends = [e for e in events if e["type"] == "game_end"]
    assert ends, "the game ends"
    scores = ends[-1]["scores"]
    assert len(scores) == 3 and sum(scores) == 3 * 35000


class Stacked:
    """A house tweak that builds the first wall in a known order (``mahjong_build_wall``): the dealer's hand holds a
    North, the next seat's is ready on a single North with a yaku (a straight and a dragon pung)."""

    def __init__(self, ruleset: Ruleset):
        tiles = bind(ruleset).tiles
        self.hands = [parse_tiles(text, source=None, tiles=tiles) for text in (
            "2p3p5p6p8p2s3s5s6s8s9s1s5z4z", "123456789p7774z", "4477p99p4s7s12366z")]

    @hookimpl
    def mahjong_build_wall(self, ruleset: Ruleset, tiles: Sequence[int], rng: Any) -> Wall:
        rest = Counter(tiles)
        rest.subtract(k for hand in self.hands for k in hand)
        hands = [list(h) for h in self.hands]
        order: list[int] = []
        for _ in range(3):  # four tiles each, three times, from the dealer round; then one each, and the dealer's
            for hand in hands:
                order += hand[:4]
                del hand[:4]
        order += [hands[0][0], hands[1][0], hands[2][0], hands[0][1]]
        order += sorted(rest.elements())
        return Wall.from_order(order, ruleset.value("wall_ceremony"), players=3, exhaustive_draw_tiles_left=14)


def test_a_north_is_won_on_as_it_is_set_aside_and_it_is_no_robbed_kong(sanma: Ruleset) -> None:
    events: list[dict[str, Any]] = []
    Game(sanma, _greedy(1), 1, emit=events.append, house_tweaks=[Stacked(sanma)], max_deals=1).play()
    dealer = next(e for e in events if e["type"] == "deal_start")["dealer"]
    robber = (dealer + 1) % 3
    turn = next(e for e in events if e["type"] == "decision" and e["phase"] == "turn")
    assert (turn["actor"], turn["action"], turn["tile"]) == (dealer, DECLARE, "4z")
    win = next(e for e in events if e["type"] == "mahjong")
    assert (win["seat"], win["tile"], win["how"], win["discarder"]) == (robber, "4z", "robbing_kong", dealer)
    assert not any(e["type"] == DECLARED for e in events)  # won on before it was set aside
    score = next(e for e in events if e["type"] == "score" and e["seat"] == robber)
    names = {item["name"] for item in score["items"]}
    assert {"ittsu", "chun"} <= names and "chankan" not in names
    (settlement,) = [e for e in events if e["type"] == "settlement"]
    assert [p[:3] for p in settlement["payments"]] == [[dealer, robber, score["raw"]["payment_from_discarder"]]]


class _Wall:
    """Enough of a wall for a mechanism's question: tiles left to draw."""

    def live_count(self) -> int:
        return 40


def _table(ruleset: Ruleset) -> Table:
    table = Table(players=3, scores=[35000] * 3, seats=[Seat() for _ in range(3)], tiles=bind(ruleset).tiles)
    table.wall = _Wall()  # type: ignore[assignment]
    return table


def test_no_north_is_set_aside_in_the_turn_of_a_pung(sanma: Ruleset) -> None:
    table = _table(sanma)
    table.seats[1].counts[NORTH] = 1
    assert bonus.mahjong_turn_actions(sanma, table, 1) == [Action(DECLARE, NORTH, way="set_aside")]
    bonus.mahjong_event_reactions(sanma, table, {"type": "claim", "kind": "pung", "seat": 1})
    assert bonus.mahjong_turn_actions(sanma, table, 1) is None
    bonus.mahjong_event_reactions(sanma, table, {"type": "decision", "actor": 1, "action": "discard"})
    assert bonus.mahjong_turn_actions(sanma, table, 1) is not None


def test_a_declarer_may_still_set_aside_the_north_it_has_just_drawn(sanma: Ruleset) -> None:
    table = _table(sanma)
    seat = table.seats[0]
    seat.flags["riichi"] = 5
    seat.taken = 7
    seat.counts[NORTH] = 1
    seat.counts[9] = 2
    table.drawn_tile = NORTH
    options = [Action("discard", NORTH), Action(DECLARE, NORTH, way="set_aside"), Action("discard", 9)]
    assert riichi.mahjong_refused_options(sanma, table, 0, "turn", options) == [Action("discard", 9)]
