"""Pao: the feeder of a yakuman's last set is liable, for the yakuman the ruleset's data says carry liability.

Found importing Tenhou's ``pao-tsumo`` game: the family scored the liable player's share (``payment_from_pao_*``)
but nothing in play told it who was liable, and the settlement did not pay that share.  Then (issue 31): which
yakuman carry liability is data (``pao: true`` in a yakuman's row), read by the finder in play and by the scoring
of a ``pao`` fact alike, and the M.League's four kongs carry it where Tenhou's do not.
"""

from __future__ import annotations

import html
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml
from mahjong_rulesets.families.riichi import family
from mahjong_rulesets.families.riichi.pao import KEY, liable_seat, note_kong_claim
from mahjong_rulesets.families.riichi.settlement import settle
from mahjong_rulesets.families.riichi.tables import rules_of

from mahjong_core.errors import MahjongError, RulesetError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.plugin import ClaimedFrom, Meld, MeldKind, Outcome, Ruleset, Score, bind, score_hand
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.loader import load_ruleset_text

RULESETS = Path(__file__).resolve().parents[4] / "plugins" / "rulesets"
DRAGONS = ("daisangen", "daisuushii")
KONGS = ("daisangen", "daisuushii", "suukantsu")


@pytest.fixture(scope="module")
def tenhou() -> Ruleset:
    return load_ruleset("riichi_tenhou")


@pytest.fixture(scope="module")
def mleague() -> Ruleset:
    return load_ruleset("riichi_mleague")


def _table(melds: list[Meld], dealer: int = 0, deal: int = 5) -> SimpleNamespace:
    seats = [SimpleNamespace(melds=[]) for _ in range(4)]
    seats[1].melds = melds
    return SimpleNamespace(seats=seats, players=4, dealer=dealer, deal_number=deal, extra={})


def _kong(kind: int, offset: int | None = None, added: bool = False) -> Meld:
    return Meld(MeldKind.KONG, (kind,) * 4, offset is not None, ClaimedFrom(offset, 4) if offset else None, added)


def _pung(kind: int, offset: int) -> Meld:
    return Meld(MeldKind.PUNG, (kind,) * 3, True, ClaimedFrom(offset, 4))


def test_the_feeder_of_the_third_dragon_set_is_liable() -> None:
    white = Meld(MeldKind.PUNG, (31, 31, 31), True, ClaimedFrom(1, 4))
    green = Meld(MeldKind.PUNG, (32, 32, 32), True, ClaimedFrom(3, 4))
    red = Meld(MeldKind.KONG, (33,) * 4, True, ClaimedFrom(2, 4))
    assert liable_seat(_table([white, green, red]), 1, DRAGONS) == 3  # seat 1's third set came from two seats on
    assert liable_seat(_table([white, green]), 1, DRAGONS) is None
    concealed = Meld(MeldKind.KONG, (33,) * 4)
    assert liable_seat(_table([white, green, concealed]), 1, DRAGONS) is None  # its own tiles: nobody fed it
    assert liable_seat(_table([white, green, red]), 1, ()) is None  # a ruleset without liability finds none


# -- four kongs: liable only for a fourth kong claimed from a discard ---------------------------------------------


def test_the_feeder_of_a_fourth_kong_claimed_from_a_discard_is_liable_where_four_kongs_carry_it() -> None:
    melds = [_kong(9), _kong(19, 2), _kong(20), _kong(21, 3)]  # 1p concealed, 2s from across, 3s, 4s from the left
    assert liable_seat(_table(melds), 1, KONGS) == 0
    assert liable_seat(_table(melds), 1, DRAGONS) is None  # Tenhou's: four kongs carry no liability
    assert liable_seat(_table(melds[:3]), 1, KONGS) is None  # three kongs are no yakuman yet


@pytest.mark.parametrize("melds", [
    [_kong(9), _kong(19, 2), _kong(20), _kong(21, 3, added=True)],  # the fourth is an added kong: the winner's tile
    [_kong(9), _kong(19, 2), _kong(20), _kong(21)],  # the fourth is concealed
], ids=["added", "concealed"])
def test_a_fourth_kong_not_claimed_from_a_discard_makes_no_one_liable(melds: list[Meld]) -> None:
    assert liable_seat(_table(melds), 1, KONGS) is None


def test_in_play_the_claim_as_it_happened_decides_not_the_meld_row() -> None:
    """A pung made an added kong keeps its pung's place in the row, so the row cannot tell whether the open kong
    after it was claimed before or after the adding: the note made at the claim can."""
    table = _table([_kong(9), _kong(19, 2), _pung(33, 1)])
    table.seats[1].melds.append(_kong(21, 3))  # the third kong claimed from seat 0 ...
    note_kong_claim(table, 1, 0)
    table.seats[1].melds[2] = _kong(33, 1, added=True)  # ... and the fourth made by adding to the pung of red
    assert liable_seat(table, 1, KONGS) is None  # the riichi.wiki's example: the open kong made only three
    other = _table([_kong(9), _kong(19, 2), _kong(33, 1, added=True)])  # the adding first,
    other.seats[1].melds.append(_kong(21, 3))  # then the fourth claimed from seat 0
    note_kong_claim(other, 1, 0)
    assert liable_seat(other, 1, KONGS) == 0
    assert other.extra[KEY] == (5, {1: 0})
    other.deal_number = 6  # a note of another deal is not this deal's: the row is read as laid
    assert liable_seat(other, 1, KONGS) == 0


def test_the_family_notes_kong_claims_only_where_four_kongs_carry_liability(tenhou: Ruleset,
                                                                            mleague: Ruleset) -> None:
    assert family._kong_claims(mleague) == {"claim"}
    assert family._kong_claims(tenhou) == frozenset()  # Tenhou's games are not asked about claims for it
    assert rules_of(mleague).liable == KONGS and rules_of(tenhou).liable == DRAGONS
    table = _table([_kong(9), _kong(19, 2), _kong(20), _kong(21, 3)])
    assert family.mahjong_event_reactions(mleague, table, {"type": "claim", "kind": "kong", "seat": 1,
                                                           "discarder": 0}) is None  # adds no event
    assert table.extra[KEY] == (5, {1: 0})
    family.mahjong_event_reactions(mleague, table, {"type": "claim", "kind": "pung", "seat": 2, "discarder": 0})
    assert table.extra[KEY] == (5, {1: 0})  # a pung is no kong


# -- the same four kongs fed by a seat, under Tenhou's rules and the M.League's -----------------------------------

FOUR_KONGS = "1m (1111p) [2222s^] (3333s) [4444s<] +1m"  # South's: the fourth kong, 4s, claimed from East


def _won(ruleset: Ruleset, self_drawn: bool, honba: int = 1) -> dict[str, Any]:
    hand = parse_hand(FOUR_KONGS, tiles=bind(ruleset).tiles)
    table = _table(list(hand.melds))
    facts = dict(family.mahjong_win_context(ruleset, table, 1, 0, "self_drawn" if self_drawn else "discard") or {})
    ctx = win_context(("self_drawn",) if self_drawn else (), seat=28, winning_tile=hand.winning_tile,
                      facts={**facts, "honba": honba})
    score = score_hand(ruleset, hand, ctx)
    assert score is not None and "suukantsu" in {i.name for i in score.items}
    return {k: v for k, v in score.raw.items() if k.startswith("payment_from")}


def test_a_self_drawn_four_kongs_is_paid_by_its_feeder_at_the_mleague_only(tenhou: Ruleset,
                                                                            mleague: Ruleset) -> None:
    assert _won(tenhou, True) == {"payment_from_east": 16100, "payment_from_west": 8100, "payment_from_north": 8100}
    assert _won(mleague, True) == {"payment_from_pao_east": 32300}  # the whole yakuman, as on its discard, and honba


def test_four_kongs_won_on_another_players_discard_is_shared_with_its_feeder_at_the_mleague(
        tenhou: Ruleset, mleague: Ruleset) -> None:
    assert _won(tenhou, False) == {"payment_from_discarder": 32300}
    # half each, as the family shares a big three dragons; the discarder alone pays the honba
    assert _won(mleague, False) == {"payment_from_discarder": 16300, "payment_from_pao_east": 16000}


def test_a_pao_fact_for_a_hand_its_ruleset_gives_no_liability_is_refused_at_its_place(tenhou: Ruleset,
                                                                                     mleague: Ruleset) -> None:
    hand = parse_hand(FOUR_KONGS, tiles=bind(tenhou).tiles)
    ctx = win_context(("self_drawn",), seat=28, winning_tile=hand.winning_tile, facts={"pao": "E"})
    with pytest.raises(MahjongError) as caught:
        score_hand(tenhou, hand, ctx)
    assert caught.value.place == "pao" and "(daisangen, daisuushii)" in str(caught.value)
    assert score_hand(mleague, hand, ctx).raw["payment_from_pao_east"] == 32000


def test_the_comparison_page_shows_the_mleague_liable_for_four_kongs(tenhou: Ruleset, mleague: Ruleset) -> None:
    from mahjong_docs import compare
    from mahjong_docs import pages as docgen

    rulesets = [tenhou, mleague]
    rows = {r.key: r for r in compare.rules(rulesets)}
    row = rows["scoring.yaku.suukantsu"]
    assert row.values == {"riichi_tenhou": {"yakuman": 1}, "riichi_mleague": {"yakuman": 1, "pao": True}}
    assert row.differs(["riichi_tenhou", "riichi_mleague"])
    page = docgen.comparison_page(rulesets)
    line = page.split(f'<th scope="row">{html.escape(row.label)}</th>', 1)[1].split("</tr>", 1)[0]
    assert "pao" not in line.split("</td>", 1)[0] and "pao" in line.split("</td>", 1)[1], line


def test_pao_on_a_yakuman_whose_feeder_the_family_cannot_tell_is_a_load_error() -> None:
    data = yaml.safe_load((RULESETS / "riichi_tenhou" / "ruleset.yaml").read_text(encoding="utf-8"))
    data["scoring"]["yaku"]["tsuuiisou"]["value"] = {"yakuman": 1, "pao": True}
    with pytest.raises(RulesetError) as caught:
        load_ruleset_text(yaml.safe_dump(data, allow_unicode=True), "<bad>")
    assert caught.value.place == "$.scoring.yaku.tsuuiisou.value.pao"
    assert "daisangen, daisuushii, suukantsu" in str(caught.value)


def test_the_settlement_pays_the_liable_players_share() -> None:
    table = _table([])
    score = Score(total=32000, family="riichi", raw={"payment_from_south": 0, "payment_from_pao_west": 32000})
    outcome = Outcome("win", winner=3, discarder=None, scores={3: score})
    payments = settle(None, table, outcome)  # type: ignore[arg-type]
    assert [(p.payer, p.payee, p.amount) for p in payments] == [(2, 3, 32000)]
    assert "liable" in payments[0].reason
