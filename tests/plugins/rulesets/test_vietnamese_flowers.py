"""Vietnamese flowers kept in the hand, set aside by choice, discarded and won on as a General (``bonus_kept``).

riichi_advanced's Vietnamese page (section Calls): a flower may be declared on the seat's turn, set aside for points
and replaced, and declaring flowers is optional -- the hand of no flowers and no leaves (section NFNL) would rather
discard them; a discarded flower (the flower joker too) is a General joker to a seat ready to win, and to win only
(Discarding flowers), one Mủn more (section Phan, NFNL Deal-In).  Each test here fails without the rule it names:
the house rule without ``bonus_kept`` plays as the ruleset did before (every flower set aside as it is drawn).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flower_deals import play
from mahjong_rulesets.rulesets import vietnamese
from mahjong_rulesets.rulesets.vietnamese import nfnl

from mahjong_core import check, load_ruleset, load_ruleset_text, simulate
from mahjong_core.conformance.invariants import HandSizes, TileConservation
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import GreedyBot, make_bots
from mahjong_core.errors import RulesetError
from mahjong_core.log.redaction import HIDDEN, full_table_view, redact_table_view, seat_view
from mahjong_core.plugin import AS_BONUS, Action, Ruleset, Table
from mahjong_core.table.rng import Rng

RULESET = "vietnamese"
#: The flowers, seasons, emperors, empresses and the flower joker: the set's bonus tiles, by their codes.
FLOWER_CODES = frozenset(f"{n}{s}" for n in "1234" for s in "fyeq") | {"1x"}
_KIND = {c + s: i for s, base in (("m", 0), ("p", 9), ("s", 18), ("z", 27)) for c, i in
         zip("123456789", range(base, base + 9), strict=False)}


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


HOUSE = """id: vietnamese_house
version: 1.0.0
name: A house rule over the Vietnamese tables
extends: vietnamese
parameters:
  bonus_kept:
    value: VALUE
    assumption: "a test's house rule"
"""


def without_keeping() -> Ruleset:
    """The ruleset with ``bonus_kept`` off (null): every flower set aside as it is drawn, as before the rule."""
    return load_ruleset_text(HOUSE.replace("VALUE", "null"), "<no bonus_kept>")


class Discarder(GreedyBot):
    """Greedy, but keeps every flower it draws or is dealt and discards it at its next turn (the NFNL player's
    way); offered a win, it takes it."""

    def choose(self, table: Table, seat: int, options: Any, phase: str) -> Action:
        s = table.seats[seat]
        if s.kept and phase == "turn" and not any(o.kind == "win" for o in options):
            discard = next((o for o in options if o.kind == "discard" and o.tile in s.kept), None)
            if discard is not None:
                return discard.after(self.TURN_MS)
        if s.kept and phase == "declaration":
            return next(o for o in options if o.kind == "pass").after(self.CLAIM_MS)
        return super().choose(table, seat, options, phase)


def _players(seed: int) -> list[Any]:
    keeper = Discarder(Rng.from_seed(seed).derive("keeper"), "keeper")
    return [keeper, *make_bots(["greedy"] * 4, seed)[1:]]


def _played(ruleset: Ruleset, seed: int, deals: int = 2) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    conserved, sizes = TileConservation(), HandSizes.of(ruleset)
    Game(ruleset, _players(seed), seed, emit=events.append, observers=(conserved, sizes),  # type: ignore[arg-type]
         max_deals=deals).play()
    assert conserved.checked and sizes.checked  # every tile in its place, every hand its size, after every event
    return events


def _deal_ins(events: list[dict[str, Any]]) -> list[int]:
    return [i for i, e in enumerate(events) if e["type"] == "mahjong" and e["how"] == "discard"
            and e["tile"] in FLOWER_CODES]


# ---------------------------------------------------------------- kept at the deal and at the draw


def test_a_dealt_flower_is_kept_and_offered_to_be_laid_down_before_play_or_in_the_turn(ruleset: Ruleset) -> None:
    """The dealer is dealt 1f and draws nothing first; a bot that never sets one aside keeps it: no ``bonus``
    event, the ``hands`` line shows it in the hand, and the dealer is offered to lay it down before play and, in
    its turn, to set it aside or to discard it."""
    one_f = ruleset.tiles().kind_of("1f")
    events, bots = play(ruleset, [[one_f], [], [], []], [])
    assert "1f" in events[next(i for i, e in enumerate(events) if e["type"] == "hands")]["hands"][0]
    assert not any(e["type"] == "bonus" and e["seat"] == 0 and e["tile"] == "1f" for e in events)
    declarations = [options for phase, options in bots[0].offers if phase == "declaration"]
    assert declarations and Action("declare_flower", one_f, way=AS_BONUS) in declarations[0]
    turn = next(options for phase, options in bots[0].offers if phase == "turn")
    assert Action("declare_flower", one_f, way=AS_BONUS) in turn and Action("discard", one_f) in turn
    # Without the rule the dealt flower is set aside and replaced before play, and never offered.
    events, bots = play(without_keeping(), [[one_f], [], [], []], [])
    assert any(e["type"] == "bonus" and e["seat"] == 0 and e["tile"] == "1f" for e in events)
    assert not any(o.kind == "declare_flower" for _, options in bots[0].offers for o in options)


def test_a_flower_drawn_is_kept_until_the_seat_sets_it_aside_and_is_replaced(ruleset: Ruleset) -> None:
    """Greedy bots set their flowers aside in their turn (or before play): each ``bonus`` event of a flower
    follows the seat's own ``declare_flower`` decision naming it, and a replacement follows it."""
    events = _played(ruleset, 3, deals=1)
    bonus = [i for i, e in enumerate(events) if e["type"] == "bonus" and e["tile"] in FLOWER_CODES]
    assert bonus
    for i in bonus:
        decision = events[i - 1]
        assert (decision["type"], decision["actor"], decision["action"], decision["tile"], decision["way"]) == \
            ("decision", events[i]["seat"], "declare_flower", events[i]["tile"], "as_bonus")
        assert events[i + 1]["type"] == "replacement" and events[i + 1]["seat"] == events[i]["seat"]


# ---------------------------------------------------------------- discarded and won on as a General


def test_a_discarded_flower_is_won_on_as_a_general_for_one_mun_more(ruleset: Ruleset) -> None:
    """Seat 0 discards every flower it draws; a ready greedy seat wins on one, taken as the General (``as_joker``),
    and counts the NFNL deal-in; no pung, kong or chow takes a discarded flower."""
    events = _played(ruleset, 1)
    discarded = [e for e in events if e["type"] == "decision" and e["actor"] == 0 and e["action"] == "discard"
                 and e["tile"] in FLOWER_CODES]
    assert discarded
    (i,) = _deal_ins(events)[:1]
    win = events[i]
    assert win["as_joker"] == "1j" and win["discarder"] == 0 and win["seat"] != 0
    at = max(k for k in range(i) if events[k]["type"] == "decision" and events[k]["actor"] == 0)
    assert (events[at]["action"], events[at]["tile"]) == ("discard", win["tile"])   # the flower's discard,
    claims = [e for e in events[at + 1:i] if e["type"] == "decision"]               # then the seats' claims
    assert {(e["phase"], e["action"], e["tile"]) for e in claims if e["actor"] == win["seat"]} == \
        {("claim", "win", win["tile"])}
    score = next(e for e in events[i:] if e["type"] == "score" and e["seat"] == win["seat"])
    assert any(item["name"] == "nfnl_deal_in" for item in score["items"]), score
    assert not any(e["type"] == "claim" and e["tile"] in FLOWER_CODES for e in events)


def test_without_the_rule_no_flower_is_ever_discarded_or_won_on() -> None:
    events = _played(without_keeping(), 1)
    assert not any(e["type"] == "decision" and e.get("tile") in FLOWER_CODES for e in events)
    assert not _deal_ins(events)


def test_a_game_with_a_flower_kept_discarded_and_won_on_audits_clean_and_a_forgery_is_named(
        ruleset: Ruleset, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game written as a log, seat 0 as a person (its decisions repeated by the audit), the others greedy bots
    re-played: the audit is clean; a log whose seat 0 discards a flower it does not hold is named at its line."""
    from mahjong_core.log import simulate as simulating

    def seated(kinds: Any, seed: Any) -> list[Any]:
        players = _players(int(seed))
        players[0].kind = "human"
        return players

    monkeypatch.setattr(simulating, "make_bots", seated)
    (game,) = simulate(ruleset, 1, 1, ["greedy"] * 4, tmp_path, max_deals=2)
    assert game.replay is not None
    text = game.replay.read_text(encoding="utf-8")
    assert '"as_joker":"1j"' in text                                     # a flower won on, as in the game above
    assert check(game.replay, "audit").ok
    lines = text.splitlines()
    n = next(k for k, line in enumerate(lines) if '"actor":0' in line and '"action":"discard"' in line
             and any(f'"tile":"{c}"' in line for c in FLOWER_CODES))
    held = next(c for c in FLOWER_CODES if f'"tile":"{c}"' in lines[n])
    other = next(c for c in sorted(FLOWER_CODES) if c != held)
    lines[n] = lines[n].replace(f'"tile":"{held}"', f'"tile":"{other}"')
    forged = tmp_path / "forged.jsonl"
    forged.write_text("\n".join(lines) + "\n", encoding="utf-8")
    verdict = check(forged, "audit")
    assert not verdict.ok and f"line {n + 1}" in verdict.text()


# ---------------------------------------------------------------- no flowers, no leaves


def _suited(table: Table, *codes: str) -> None:
    for c in codes:
        table.seats[0].counts[_KIND[c]] += 1


def test_a_seat_that_discarded_its_flowers_may_hold_nfnl_and_one_holding_a_flower_may_not(ruleset: Ruleset) -> None:
    """riichi_advanced section NFNL: never declaring a flower or joker.  A flower discarded spoils nothing; one set
    aside does; one still held is a tile of no set, and the hand of thirteen suited tiles and a flower is no NFNL
    hand (nor any complete hand)."""
    flower = ruleset.tiles().kind_of("2f")
    t = Table(players=4, scores=[0] * 4)
    t.new_deal()
    _suited(t, "1m", "3m", "5m", "2p", "4p", "6p", "7s", "9s", "1s", "3s", "5s", "8s", "2p")
    t.seats[0].discards.append(flower)                                   # drawn and discarded
    assert nfnl.complete(t, 0, _KIND["2s"], "discard")
    assert vietnamese.mahjong_hand_complete(ruleset=ruleset, table=t, seat=0, tile=_KIND["2s"], how="discard")
    t.seats[0].kept.append(flower)                                       # still held: fourteen tiles with the 2s
    t.seats[0].counts[_KIND["2p"]] -= 1
    assert not nfnl.complete(t, 0, _KIND["2s"], "discard")
    assert vietnamese.mahjong_hand_complete(ruleset=ruleset, table=t, seat=0, tile=_KIND["2s"], how="discard") \
        is None
    t.seats[0].kept.clear()
    t.seats[0].bonus.append(flower)                                      # set aside
    assert not nfnl.complete(t, 0, _KIND["2s"], "discard")


# ---------------------------------------------------------------- hidden information


def test_another_seat_never_sees_a_kept_flower(ruleset: Ruleset) -> None:
    """A flower seat 0 keeps is concealed like any tile: each other seat's view of the log shows its draw as "?",
    and of the table its concealed tiles counted, not shown; seat 0's own view shows it in its hand."""
    events: list[dict[str, Any]] = []
    kept_views: list[tuple[dict[str, Any], str]] = []

    class Watch:
        def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
            events.append(dict(event))
            s = table.seats[0]
            if s.kept and event["type"] == "draw" and event["seat"] == 0:
                kept_views.append((full_table_view(table), event["tile"]))

    Game(ruleset, _players(1), 1, observers=(Watch(),), max_deals=1).play()  # type: ignore[arg-type]
    assert kept_views
    for view, tile in kept_views:
        own = redact_table_view(view, 0)["seats"][0]
        assert tile in own["concealed"] and own["concealed_count"] == len(own["concealed"])
        other = redact_table_view(view, 1)["seats"][0]
        assert "concealed" not in other and other["concealed_count"] == own["concealed_count"]
        assert tile not in other["bonus"]
    drawn = [i for i, e in enumerate(events) if e["type"] == "draw" and e["seat"] == 0 and e["tile"] in FLOWER_CODES]
    assert drawn
    for seat in (1, 2, 3):
        shown = seat_view(events, seat)
        for i in drawn:
            assert shown[i]["tile"] == HIDDEN


# ---------------------------------------------------------------- bad data


def test_a_flower_won_on_with_no_joker_to_take_it_as_is_refused_at_its_place() -> None:
    house = HOUSE.replace("VALUE", "{after_claim: false, before_play: true, won_on_discarded: true}") + """\
  jokers:
    value: {played: true, in: [pungs, pairs, chows], dead_when_discarded: true, exchange: none,
            declared_kongs: false, stands_for: {1j: [any], 2j: [dots], 3j: [bamboo], 4j: [characters],
                                                5j: [winds], 6j: [dragons], 7j: [suits]}}
    assumption: "a test's house rule: no joker named to take a discarded tile as"
"""
    assert load_ruleset_text(house.replace("won_on_discarded: true", "won_on_discarded: false"), "<test>")
    with pytest.raises(RulesetError) as info:
        load_ruleset_text(house, "<test>")
    assert "bonus_kept.won_on_discarded" in str(info.value) and "claimed_to_win_as" in str(info.value)


def test_a_bad_bonus_kept_value_is_refused_at_its_line() -> None:
    house = HOUSE.replace("VALUE", "{after_claim: false, before_play: yes please, won_on_discarded: true}")
    with pytest.raises(RulesetError, match=r"<test>::\$\.parameters\.bonus_kept\.value\.before_play \(line"):
        load_ruleset_text(house, "<test>")


def test_the_golden_game_keeps_sets_aside_discards_and_wins_on_a_flower() -> None:
    """The golden replay (re-simulated and audited by the golden tests, folded by the viewer's fold beside the
    core's in tests/server) holds each move: flowers set aside by choice, a flower discarded and won on as a
    General."""
    log = Path(__file__).parents[3] / "replays" / "vietnamese-seed20261130.jsonl"
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:]]
    assert any(e.get("action") == "declare_flower" and e.get("way") == "as_bonus" for e in events)
    (i,) = _deal_ins(events)
    assert events[i]["as_joker"] == "1j"
    assert any(e["type"] == "decision" and e["action"] == "discard" and e["tile"] == events[i]["tile"]
               and e["actor"] == events[i]["discarder"] for e in events[:i])
