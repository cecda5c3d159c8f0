"""Riichi's declaration (``plugins/mechanisms/riichi_declaration.py``): who may declare, the lock, the stick and the
pot, and the facts scoring reads (riichi, double riichi, ippatsu, tenhou, chiihou, renhou) -- on tables set up by
hand, and in seeded ``riichi_tenhou`` games between greedy bots that declare whenever they may.

Sources: EMA 2016 riichi rules section 3.3.14; riichi.wiki, "Riichi", "Ippatsu", "Tenhou", "Chiihou", "Renhou".
"""

from __future__ import annotations

from typing import Any

import pytest
from mahjong_rulesets.mechanisms import riichi_declaration as mechanism
from riichi_play import deals, play

from mahjong_core import load_ruleset, load_ruleset_text
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.hand.melds import Hand
from mahjong_core.plugin import Action, Rng, Ruleset, Table, parse_tiles, score_hand
from mahjong_core.table.state import MeldKind, meld_of
from mahjong_core.table.wall import Wall

RULESET = "riichi_tenhou"
SEEDS = range(12)


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def games(ruleset: Ruleset) -> list[list[dict[str, Any]]]:
    return [play(ruleset, seed) for seed in SEEDS]


def table(hand: str, *, points: int = 25000, live: bool = True) -> Table:
    """Seat 0 holding ``hand``, on a dealt wall of 136 tiles with a dead wall of 14."""
    ruleset = load_ruleset(RULESET)
    t = Table(players=4, scores=[points] * 4)
    t.new_deal()
    t.tiles = ruleset.tiles()
    if live:
        wall = Wall(ruleset.tile_set(), Rng.from_seed(1).derive("deal", 0, 0), ruleset.value("wall_ceremony"),
                    exhaustive_draw_tiles_left=14)
        t.wall = wall
    for kind in parse_tiles(hand):
        t.seats[0].counts[kind] += 1
    return t


# -- who may declare ------------------------------------------------------------------------------------------------


def offered(ruleset: Ruleset, t: Table) -> bool:
    return bool(mechanism.mahjong_ready_turn_actions(ruleset=ruleset, table=t, seat=0))


def test_a_concealed_hand_one_discard_from_ready_with_the_points_and_tiles_left_may_declare(ruleset: Ruleset) -> None:
    assert offered(ruleset, table("123m456p789s11z45s9m"))  # ready after discarding the 9m
    assert not offered(ruleset, table("123m456p789s1357z9m"))  # far from ready
    assert not offered(ruleset, table("123m456p789s11z45s9m", points=999))  # not the stick's points
    assert not offered(ruleset, table("123m456p789s11z45s9m", live=False))  # no draw of its own to come
    t = table("456p789s11z45s9m")
    t.seats[0].melds.append(meld_of(MeldKind.PUNG, (0, 0, 0), exposed=True, claimed_from=1))
    assert not offered(ruleset, t)  # an open hand
    t = table("456p789s11z45s9m")
    t.seats[0].melds.append(meld_of(MeldKind.KONG, (0, 0, 0, 0), exposed=False))
    assert offered(ruleset, t)  # a concealed kong keeps the hand concealed
    t = table("123m456p789s11z45s9m")
    t.seats[0].flags[mechanism.FLAG] = 0
    assert not offered(ruleset, t)  # declared already


def test_the_declaration_sets_the_flags_and_its_reply_pays_the_stick(ruleset: Ruleset) -> None:
    t = table("123m456p789s11z45s9m")
    (event,) = mechanism.mahjong_apply_action(ruleset=ruleset, table=t, seat=0, action=Action(mechanism.DECLARE),
                                              phase="turn")
    assert event == {"type": mechanism.DECLARED, "seat": 0, "drawn": 0, "melded": 0, "double": True}
    t.seats[0].discards.append(5)
    (event,) = mechanism.mahjong_apply_action(ruleset=ruleset, table=t, seat=0, action=Action(mechanism.DECLARE),
                                              phase="turn")
    assert event["double"] is False  # not its first discard
    (pay,) = mechanism.mahjong_event_reactions(ruleset=ruleset, table=t, event=event)
    assert (pay["payer"], pay["payee"], pay["amount"]) == (0, None, 1000)


def declared_and_discarded(ruleset: Ruleset, pot: int = 0) -> Table:
    """Seat 0 declared (its stick in the pot, with ``pot`` more from before) and discarded; nothing drawn since."""
    t = table("123m456p789s11z45s9m")
    (event,) = mechanism.mahjong_apply_action(ruleset=ruleset, table=t, seat=0, action=Action(mechanism.DECLARE),
                                              phase="turn")
    t.seats[0].flags[mechanism.FLAG] = event["drawn"]
    t.pot = 1000 + pot
    t.seats[0].counts[8] -= 1
    t.seats[0].discards.append(8)
    return t


def test_a_declaration_won_on_at_once_is_void_and_its_stick_goes_back(ruleset: Ruleset) -> None:
    t = declared_and_discarded(ruleset, pot=2000)
    won = {"type": "mahjong", "seat": 1, "tile": "9m", "how": "discard", "discarder": 0}
    back, pot = mechanism.mahjong_event_reactions(ruleset=ruleset, table=t, event=won)
    assert (back["payer"], back["payee"], back["amount"], back["reason"]) == (None, 0, 1000, mechanism.STICK)
    assert (pot["payer"], pot["payee"], pot["amount"], pot["reason"]) == (None, 1, 2000, mechanism.POT)
    t = declared_and_discarded(ruleset)
    (back,) = mechanism.mahjong_event_reactions(ruleset=ruleset, table=t, event=won)  # the pot held its stick only
    assert (back["payee"], back["amount"]) == (0, 1000)
    t.pot = 0  # a second winner on the same discard: the pot is empty, nothing goes back twice
    assert not mechanism.mahjong_event_reactions(ruleset=ruleset, table=t, event=won)


def test_the_stick_stands_once_the_declaring_discard_passed_or_where_the_rule_says_so(ruleset: Ruleset) -> None:
    t = declared_and_discarded(ruleset)
    t.seats[0].taken += 1  # it drew again: a later discard of its own won on
    won = {"type": "mahjong", "seat": 1, "tile": "9m", "how": "discard", "discarder": 0}
    (pot,) = mechanism.mahjong_event_reactions(ruleset=ruleset, table=t, event=won)
    assert (pot["payee"], pot["amount"], pot["reason"]) == (1, 1000, mechanism.POT)
    t = declared_and_discarded(ruleset)
    other = {**won, "discarder": 2}  # another seat's discard won on: the declaration had passed
    assert [p["reason"] for p in mechanism.mahjong_event_reactions(ruleset=ruleset, table=t, event=other)] == [
        mechanism.POT]
    stands = load_ruleset_text(
        "id: riichi_stick_stands\nversion: 1.0.0\nname: test\nextends: riichi_tenhou\nparameters:\n"
        "  riichi_declaration:\n    value: {stick: 1000, tiles_left: 4, concealed_kong: same_waits}\n"
        "    assumption: the declaration stands though its discard is won on\n", "riichi_stick_stands.yaml")
    (pot,) = mechanism.mahjong_event_reactions(ruleset=stands, table=declared_and_discarded(stands), event=won)
    assert (pot["payee"], pot["amount"], pot["reason"]) == (1, 1000, mechanism.POT)


# -- the lock -------------------------------------------------------------------------------------------------------


def remaining(ruleset: Ruleset, t: Table, phase: str, options: list[Action]) -> list[Action]:
    refused = mechanism.mahjong_refused_options(ruleset=ruleset, table=t, seat=0, phase=phase, options=options) or ()
    return [o for o in options if o not in refused]


def test_a_declared_hand_discards_only_its_drawn_tile_or_a_kong_that_keeps_its_waits(ruleset: Ruleset) -> None:
    t = table("111m456p789s11z45s3z")
    s = t.seats[0]
    s.flags[mechanism.FLAG], s.taken = 2, 3
    t.drawn_tile = parse_tiles("3z")[0]
    discards = [Action("discard", k) for k, n in enumerate(s.counts) if n]
    assert remaining(ruleset, t, "turn", discards) == [Action("discard", t.drawn_tile)]
    # A fourth 1m drawn: a concealed kong of it keeps the waits (3s and 6s: the 1m pung is a set either way).
    t = table("111m456p789s11z45s1m")
    s = t.seats[0]
    s.flags[mechanism.FLAG], s.taken = 2, 3
    t.drawn_tile = 0
    kong = Action("kong", 0, way="concealed")
    assert kong in remaining(ruleset, t, "turn", [kong, Action("discard", 0)])
    # A kong that would change the waits: 1112m waits on 2m and 3m; 111m as a kong leaves only 2m.
    t = table("1112m456p789s111z1m")
    s = t.seats[0]
    s.flags[mechanism.FLAG], s.taken = 2, 3
    t.drawn_tile = 0
    assert remaining(ruleset, t, "turn", [kong, Action("discard", 0)]) == [Action("discard", 0)]
    assert remaining(ruleset, t, "claim", [Action("pung"), Action("win"), Action("pass")]) == [Action("win"),
                                                                                               Action("pass")]


def test_in_the_declaring_turn_only_a_discard_that_keeps_the_hand_ready(ruleset: Ruleset) -> None:
    t = table("123m456p789s11z45s9m")
    s = t.seats[0]
    s.flags[mechanism.FLAG], s.taken = 0, 0
    discards = [Action("discard", k) for k, n in enumerate(s.counts) if n]
    assert remaining(ruleset, t, "turn", discards) == [Action("discard", parse_tiles("9m")[0])]


# -- the facts of a win ---------------------------------------------------------------------------------------------


def test_ippatsu_is_the_win_within_a_go_around_with_no_call_between(ruleset: Ruleset) -> None:
    t = table("123m456p789s11z23z")
    s = t.seats[0]
    s.flags.update({mechanism.FLAG: 3, mechanism.MELDED: 0, mechanism.DOUBLE: False})
    s.taken = 3
    assert mechanism.ippatsu(t, 0, "discard")  # on a discard before its next draw
    s.taken = 4
    assert mechanism.ippatsu(t, 0, "self_drawn")  # on that draw
    assert not mechanism.ippatsu(t, 0, "discard")  # it has discarded again since
    s.taken = 5
    assert not mechanism.ippatsu(t, 0, "self_drawn")
    s.taken = 3
    t.seats[2].melds.append(meld_of(MeldKind.PUNG, (5, 5, 5), exposed=True, claimed_from=1))
    assert not mechanism.ippatsu(t, 0, "discard")  # a call in between
    context = mechanism.mahjong_win_context(ruleset=ruleset, table=t, seat=0, tile=27, how="discard")
    assert context["riichi"] and not context["ippatsu"] and not context["double_riichi"]


def test_tenhou_and_chiihou_are_self_drawn_in_the_first_uninterrupted_go_around(ruleset: Ruleset) -> None:
    t = table("123m456p789s111z22z")
    t.dealer = 0
    context = mechanism.mahjong_win_context(ruleset=ruleset, table=t, seat=0, tile=28, how="self_drawn")
    assert context["tenhou"] and not context["chiihou"]
    t.dealer = 3
    context = mechanism.mahjong_win_context(ruleset=ruleset, table=t, seat=0, tile=28, how="self_drawn")
    assert context["chiihou"] and not context["tenhou"]
    assert not mechanism.mahjong_win_context(ruleset=ruleset, table=t, seat=0, tile=28, how="discard")["chiihou"]
    t.seats[1].melds.append(meld_of(MeldKind.KONG, (5, 5, 5, 5), exposed=False))  # a kong interrupts it
    assert not mechanism.mahjong_win_context(ruleset=ruleset, table=t, seat=0, tile=28, how="self_drawn")["chiihou"]


# -- played -----------------------------------------------------------------------------------------------------------


def test_each_declaration_pays_its_stick_and_the_next_winner_takes_the_pot(games: list[list[dict[str, Any]]]) -> None:
    declared = taken = carried = voided = 0
    for events in games:
        pot = 0
        for k, e in enumerate(events):
            if e["type"] == mechanism.DECLARED:
                declared += 1
                assert events[k - 1]["type"] == "decision" and events[k - 1]["action"] == mechanism.DECLARE
                pay = events[k + 1]
                assert (pay["type"], pay["payer"], pay["payee"], pay["amount"], pay["reason"]) == (
                    "payment", e["seat"], None, 1000, mechanism.STICK)
            elif e["type"] == "payment":
                pot += e["amount"] if e["payee"] is None else -e["amount"] if e["payer"] is None else 0
            elif e["type"] == "mahjong" and pot:
                pay, rest = events[k + 1], pot
                if pay["reason"] == mechanism.STICK:  # a declaration won on at once: its stick goes back first
                    assert (pay["payer"], pay["payee"], pay["amount"]) == (None, e["discarder"], 1000)
                    pay, rest = events[k + 2], pot - 1000
                    voided += 1
                if rest:
                    assert (pay["type"], pay["payer"], pay["payee"], pay["amount"], pay["reason"]) == (
                        "payment", None, e["seat"], rest, mechanism.POT)
                    taken += 1
            elif e["type"] == "deal_start" and pot:
                carried += 1
            elif e["type"] == "game_end":
                assert sum(e["scores"]) + pot == 100000
    assert declared >= 30 and taken >= 10 and carried >= 1 and voided >= 1, (declared, taken, carried, voided)


def test_a_declared_seat_never_claims_and_discards_only_what_it_drew(games: list[list[dict[str, Any]]]) -> None:
    red = {"0m": "5m", "0p": "5p", "0s": "5s"}
    for events in games:
        for deal in deals(events):
            locked: dict[int, int] = {}
            taken = dict.fromkeys(range(4), 0)
            drawn: dict[int, str] = {}
            for e in deal:
                if e["type"] == mechanism.DECLARED:
                    locked[e["seat"]] = e["drawn"]
                    assert e["drawn"] == taken[e["seat"]]
                elif e["type"] in ("draw", "replacement"):
                    drawn[e["seat"]] = e["tile"]
                    taken[e["seat"]] += 1
                elif e["type"] == "claim":
                    assert e["seat"] not in locked
                elif e["type"] == "decision" and e["action"] == "discard":
                    seat = e["actor"]
                    if seat in locked and taken[seat] > locked[seat]:
                        assert red.get(e["tile"], e["tile"]) == red.get(drawn[seat], drawn[seat])


def test_a_declarer_s_win_scores_riichi_and_only_a_declarer_s(games: list[list[dict[str, Any]]]) -> None:
    """The facts reach the family: a declarer's winning score names riichi (or double riichi), ippatsu only with
    it; nobody else's does."""
    riichi = ippatsu = 0
    for events in games:
        for deal in deals(events):
            declared = {e["seat"] for e in deal if e["type"] == mechanism.DECLARED}
            for e in deal:
                if e["type"] == "score" and e["value"]:
                    names = {i["name"] for i in e["items"]}
                    assert bool(names & {"riichi", "double_riichi"}) == (e["seat"] in declared), e
                    assert "ippatsu" not in names or e["seat"] in declared
                    assert {"han", "fu"} <= set(e["raw"])
                    riichi += bool(names & {"riichi", "double_riichi"})
                    ippatsu += "ippatsu" in names
    assert riichi >= 10 and ippatsu >= 1, (riichi, ippatsu)


def test_where_points_may_go_below_zero_a_seat_short_of_the_stick_may_declare(ruleset: Ruleset) -> None:
    """``short_of_stick`` (the EMA's and the M.League's presets): the stick's points are no condition."""
    mleague = load_ruleset("riichi_mleague")
    assert not offered(ruleset, table("123m456p789s11z45s9m", points=500))
    assert offered(mleague, table("123m456p789s11z45s9m", points=500))
    assert offered(mleague, table("123m456p789s11z45s9m", points=-2000))
    assert not offered(mleague, table("123m456p789s1357z9m", points=500))  # still one discard from ready


def test_renhou_is_a_non_dealer_s_win_on_a_discard_before_its_first_draw(ruleset: Ruleset) -> None:
    t = table("123m456p789s111z2z")
    t.dealer = 3

    def renhou(how: str = "discard", seat: int = 0) -> bool:
        return bool(mechanism.mahjong_win_context(ruleset=ruleset, table=t, seat=seat, tile=28, how=how)["renhou"])

    assert renhou()
    assert not renhou("self_drawn") and not renhou("robbing_kong")
    t.dealer = 0
    assert not renhou()  # the dealer has drawn before any discard: no renhou
    t.dealer = 3
    t.seats[0].taken = 1
    assert not renhou()  # after its first draw
    t.seats[0].taken = 0
    t.seats[1].melds.append(meld_of(MeldKind.PUNG, (5, 5, 5), exposed=True, claimed_from=3))
    assert not renhou()  # a call before it
    t.seats[1].melds.clear()
    t.first_go_around = False
    assert not renhou()


@pytest.mark.parametrize(("preset", "han"), [("riichi_tenhou", None), ("riichi_mahjong_soul", None),
                                              ("riichi_ema", 5), ("riichi_wrc", 5)])
def test_a_seat_winning_on_the_dealer_s_first_discard_is_paid_renhou_where_its_ruleset_plays_it(
        preset: str, han: int | None) -> None:
    """The game's own facts of the win (every ``mahjong_win_context``), scored by the ruleset's table: the EMA and
    the WRC pay renhou as a mangan; Tenhou and Mahjong Soul do not play it, so this hand, with no other yaku, does
    not score there (its only item says it holds none)."""
    rs = load_ruleset(preset)
    game = Game(rs, make_bots(["greedy"] * 4, 1), 1)
    t = game.table
    t.new_deal()
    t.tiles = rs.tiles()
    (won,) = parse_tiles("3z")
    for kind in parse_tiles("234m456p678s2233z"):  # South, ready on 2z or 3z (neither its wind nor the round's)
        t.seats[1].counts[kind] += 1
    context = dict(game.win_context(1, won, "discard"), winner=True)
    assert context["renhou"] is True and not context["chiihou"]
    t.seats[1].counts[won] += 1
    score = score_hand(rs, t.seats[1].to_hand(won), context)
    assert score is not None
    items = {i.name: i.value for i in score.items}
    if han is None:
        assert "renhou" not in items and score.total == 0 and "no_yaku" in items
    else:
        assert items["renhou"] == han and score.total == 8000  # a non-dealer's mangan on a discard


def test_a_bot_weighing_a_claim_before_its_first_draw_is_not_judged_as_renhou() -> None:
    """The game's judge of a hand after a claim not yet made (the greedy bot weighing a pung before its first draw,
    when the table still shows no call): renhou, a win with no call before it, is not among its facts, so the
    hand is judged on its other yaku rather than refused as a contradiction."""
    rs = load_ruleset("riichi_ema")
    game = Game(rs, make_bots(["greedy"] * 4, 1), 1)
    t = game.table
    t.new_deal()
    t.tiles = rs.tiles()
    for kind in parse_tiles("234m456p78s2233z"):
        t.seats[1].counts[kind] += 1
    pung = meld_of(MeldKind.PUNG, tuple(parse_tiles("777z")), exposed=True, claimed_from=3)
    (won,) = parse_tiles("6s")
    hand = Hand(tuple(parse_tiles("234m456p78s22z")), (pung,), (), won)
    assert game.win_context(1, won, "discard")["renhou"]  # as the table stands, before the claim
    assert t.judge is not None and t.judge.wins(1, hand, "discard")  # a dragon pung: a yaku, no renhou needed
