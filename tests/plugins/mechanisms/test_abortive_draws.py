"""Abortive draws (``plugins/mechanisms/abortive_draws.py``): each cause on a table set up by hand, and a seeded
game ended by nine terminals -- logged as its own outcome, audited, settled as a draw, rotated by the ruleset.

riichi.wiki, "Tochuu ryuukyoku" (Causes) is the source of each cause.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from mahjong_rulesets.mechanisms import abortive_draws as mechanism

from mahjong_core import check, load_ruleset, simulate
from mahjong_core.cli.render.table import replay_states
from mahjong_core.errors import RulesetError
from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_core.plugin import Claim, MeldKind, Ruleset, Table, parse_tiles
from mahjong_core.table.state import meld_of

ALL = "[nine_terminals, four_winds, four_kongs, triple_ron]"
HOUSE_RULE = f"""id: abortive_harbin
version: 1.0.0
name: Harbin with abortive draws
extends: harbin
parameters:
  most_winners_on_one_discard:
    value: 3
    assumption: test house rule, so that three seats can claim one discard
  abortive_draws:
    value: {ALL}
    assumption: test house rule, riichi's abortive draws (riichi.wiki, "Tochuu ryuukyoku")
"""


@pytest.fixture(scope="module")
def ruleset(tmp_path_factory: pytest.TempPathFactory) -> Ruleset:
    path = tmp_path_factory.mktemp("rules") / "abortive_harbin.yaml"
    path.write_text(HOUSE_RULE, encoding="utf-8")
    return load_ruleset(path)


def table(*hands: str) -> Table:
    t = Table(players=4, scores=[0] * 4)
    t.new_deal()
    for seat, hand in zip(t.seats, hands, strict=False):
        for kind in parse_tiles(hand):
            seat.counts[kind] += 1
    return t


def ask(ruleset: Ruleset, t: Table, moment: str, seat: int = 0, claims: tuple[Claim, ...] = ()) -> str | None:
    return mechanism.mahjong_abortive_draw(ruleset=ruleset, table=t, moment=moment, seat=seat, claims=claims)


def test_nine_different_terminals_and_honours_at_the_first_turn(ruleset: Ruleset) -> None:
    t = table("19m19p1s1234567z5s")  # 13 kinds of terminal or honour
    assert ask(ruleset, t, "turn") == "nine_terminals"
    t = table("19m19p123z22334455s")  # eight kinds only
    assert ask(ruleset, t, "turn") is None
    t = table("19m19p1s1234567z5s")
    t.seats[0].discards.append(0)  # not its first turn
    assert ask(ruleset, t, "turn") is None
    t = table("19m19p1s1234567z5s")
    t.seats[2].melds.append(meld_of(MeldKind.PUNG, (5, 5, 5), exposed=True, claimed_from=1))  # a call interrupted
    assert ask(ruleset, t, "turn") is None


def test_four_first_discards_of_one_wind(ruleset: Ruleset) -> None:
    t = table()
    for seat in t.seats:
        seat.discards.append(27)  # East
    assert ask(ruleset, t, "discard", 3) == "four_winds"
    t.seats[3].discards[0] = 28
    assert ask(ruleset, t, "discard", 3) is None
    t = table()
    for seat in t.seats:
        seat.discards.append(31)  # a dragon is no wind
    assert ask(ruleset, t, "discard", 3) is None


def test_four_kongs_by_more_than_one_seat(ruleset: Ruleset) -> None:
    def kongs(owners: list[int]) -> Table:
        t = table()
        for kind, owner in enumerate(owners):
            t.seats[owner].melds.append(meld_of(MeldKind.KONG, (kind,) * 4, exposed=True, claimed_from=1))
        return t

    assert ask(ruleset, kongs([0, 0, 1, 2]), "discard") == "four_kongs"
    assert ask(ruleset, kongs([1, 1, 1, 1]), "discard") is None  # one seat's four play on, for its hand
    assert ask(ruleset, kongs([0, 1, 2]), "discard") is None


def test_three_seats_claiming_one_discard(ruleset: Ruleset) -> None:
    wins = tuple(Claim(s, "win") for s in (1, 2, 3))
    assert ask(ruleset, table(), "claims", 0, wins) == "triple_ron"
    assert ask(ruleset, table(), "claims", 0, wins[:2] + (Claim(3, "pung", (5, 5)),)) is None


def test_four_declarations_counts_the_flag_the_ruleset_names(tmp_path: Path) -> None:
    """Four riichi: the declaration is a plugin's word, so the ruleset names the seat flag it sets."""
    path = tmp_path / "four.yaml"
    path.write_text(HOUSE_RULE.replace(ALL, "[four_declarations]") + """  abortive_draw_declaration_flag:
    value: riichi
    assumption: test house rule, the flag a riichi-like declaration sets
""", encoding="utf-8")
    four = load_ruleset(path)
    t = table()
    for seat in t.seats[:3]:
        seat.flags["riichi"] = 0
    assert ask(four, t, "discard", 2) is None
    t.seats[3].flags["riichi"] = 5
    assert ask(four, t, "discard", 3) == "four_declarations"
    assert ask(ruleset_without_flag(tmp_path), t, "discard", 3) is None  # no flag named: nothing counts
    assert ask(four, t, "turn", 3) is None  # only once a discard has passed


def ruleset_without_flag(tmp_path: Path) -> Ruleset:
    path = tmp_path / "noflag.yaml"
    path.write_text(HOUSE_RULE.replace(ALL, "[four_declarations]"), encoding="utf-8")
    return load_ruleset(path)


def test_a_ruleset_that_declares_none_has_the_mechanism_off(ruleset: Ruleset) -> None:
    assert mechanism.switched_on(ruleset) and not mechanism.switched_on(load_ruleset("harbin"))
    assert not any(c.name == "abortive_draws" for c in _mechanisms(load_ruleset("harbin")))
    assert any(c.name == "abortive_draws" for c in _mechanisms(ruleset))


def _mechanisms(ruleset: Ruleset) -> list[Any]:
    from mahjong_core.plugin.binding import bind

    return list(bind(ruleset).mechanisms)


def test_an_unknown_cause_is_a_load_error(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(HOUSE_RULE.replace("four_kongs", "five_kongs"), encoding="utf-8")
    with pytest.raises(RulesetError, match="five_kongs"):
        load_ruleset(path)


@pytest.fixture(scope="module")
def log(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> Path:
    played = simulate(ruleset, 1, 1, ["greedy"] * 4, tmp_path_factory.mktemp("logs"))
    assert played[0].replay is not None
    return played[0].replay


def test_a_seeded_game_ends_a_deal_by_nine_terminals_settled_as_a_draw(log: Path, ruleset: Ruleset) -> None:
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    k = next(i for i, e in enumerate(events) if e["type"] == "abortive_draw")
    assert events[k]["reason"] == "nine_terminals"
    start = max(i for i in range(k) if events[i]["type"] == "deal_start")
    drawer = events[k - 1]["seat"]  # the seat whose first turn it is has just drawn
    assert events[k - 1]["type"] in ("draw", "replacement")
    assert not any(e["type"] in ("decision", "claim") and e.get("phase") == "turn" and e["actor"] == drawer
                   for e in events[start:k])
    settlement = next(e for e in events[k:] if e["type"] == "settlement")
    assert settlement["payments"] == []
    assert not any(e["type"] in ("mahjong", "score") for e in events[k:events.index(settlement)])
    rotation = next(e for e in events[k:] if e["type"] == "rotation")
    assert rotation["dealer"] == events[start]["dealer"]  # harbin's dealer keeps the deal on a draw
    assert ruleset.value("dealer_keeps_deal_on_draw") is True


def test_the_log_audits_clean_and_the_fold_and_view_show_the_reason(log: Path) -> None:
    assert check(str(log), "audit").ok
    parsed = read_log(log)
    k = next(i for i, e in enumerate(parsed.events) if e["type"] == "abortive_draw")
    tables = fold(parsed.header, parsed.events)
    for i, t in enumerate(tables):
        if i == k:
            assert t.revealed and t.phase == "scoring"
            break
    lines = [state.last for event, state in replay_states(parsed.header, parsed.events, 0) if event is parsed.events[k]]
    assert lines == ["abortive draw: nine terminals"]
