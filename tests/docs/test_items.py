"""Each row of a ruleset's tables with a worked example hand (:mod:`mahjong_docs.items`), as the riichi pages show.

The riichi family gives a hand for every yaku, yakuman, dora and fu row; each
riichi ruleset's page shows every row it plays with its value, its source and
the first hand its tiles can make, scored by the code as the page is built.
These tests read the pages as text (no Sphinx), except one that builds a small
site whose example is wrong and finds the build refused with a message naming
the row and the hand.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from mahjong_rulesets.families.riichi import worked_hands

from mahjong_core.errors import MahjongError
from mahjong_core.plugin import ItemExample
from mahjong_core.plugin.binding import bind
from mahjong_core.rules import available, load_ruleset
from mahjong_docs import items, pages, sources
from mahjong_docs.build import build

RIICHI = sorted(rid for rid in available() if (f := bind(load_ruleset(rid)).family) and f.name == "riichi")
#: The rows a riichi ruleset plays whose examples its tiles cannot make, and why: no red fives (EMA, WRC); at
#: three no characters 2 to 8, so no three-colour straight, and no chow to claim, so no open pinfu.
NO_EXAMPLE = {"riichi_ema": {"scoring.dora.aka_dora"}, "riichi_wrc": {"scoring.dora.aka_dora"},
              "sanma_tenhou": {"scoring.yaku.sanshoku", "scoring.fu.open_pinfu"},
              "sanma_mahjong_soul": {"scoring.yaku.sanshoku", "scoring.fu.open_pinfu"}}
WRONG = ItemExample("scoring.yaku.pinfu", "123m456p789s234s5p +5p !riichi", about="A deliberately wrong example.")


def _section(rid: str) -> str:
    ruleset = load_ruleset(rid)
    return items.items_rst(ruleset, sources.library([ruleset], "rulesets/sources"))


def test_the_riichi_rulesets_are_found() -> None:
    assert {"riichi_tenhou", "riichi_ema", "sanma_tenhou"} <= set(RIICHI)


@pytest.mark.parametrize("rid", RIICHI)
def test_every_row_a_riichi_ruleset_plays_is_shown_with_a_scored_example(rid: str) -> None:
    ruleset = load_ruleset(rid)
    shown = items.shown_rows(ruleset)
    played = [s for s in shown if s.played]
    assert len(played) >= 55, rid
    assert {s.row for s in played if s.example is None} == NO_EXAMPLE.get(rid, set()), rid
    section = _section(rid)
    for row in played:
        key = row.row.rsplit(".", 1)[-1]
        assert re.search(rf"^{re.escape(key)}\n\^+\n", section, re.MULTILINE), (rid, key)
        if row.example is not None and row.scored is not None:
            assert f"``{row.example.hand}``" in section, (rid, key)
            names = [i.name for i in row.scored.score.items]
            assert set(row.example.shows) <= set(names), (rid, key, names)
    for row in (s for s in shown if not s.played):
        assert f"``{row.row.rsplit('.', 1)[-1]}`` (" in "".join(section.split("Not played under this ruleset")[1:]), rid


def test_each_row_shows_its_value_in_its_unit_and_its_source() -> None:
    section = _section("riichi_tenhou")
    chanta = section.split("\nchanta\n", 1)[1].split("\n^", 1)[0]
    assert "**Value** closed ``2``, open ``1`` (han) · **source**" in chanta
    assert "ema_2016" in chanta and "section 4.2.2" in chanta
    assert "Every set and the pair hold a terminal or an honour" in chanta
    assert "**Value** yakuman ``1``, pao ``true`` (yakuman)" in section.split("\ndaisangen\n", 1)[1]
    tanyao = section.split("\ntanyao\n", 1)[1].split("\n^", 1)[0]
    assert "Kuitan" in tanyao, "a row citing two documents shows both"
    fu = section.split("\nFu\n~~", 1)[1]
    assert "**Value** ``2`` (fu)" in fu.split("\nwait\n", 1)[1]
    assert "fu kanchan" in fu.split("\nwait\n", 1)[1], "the fu count is shown item by item"


def test_the_rows_a_ruleset_does_not_play_are_named_not_shown() -> None:
    section = _section("riichi_tenhou")
    off = " ".join(part.split("\n\n", 1)[0] for part in section.split("Not played under this ruleset")[1:])
    for key in ("renhou", "daisharin", "daichisei", "renhou_yakuman"):
        assert f"``{key}``" in off and f"\n{key}\n^" not in section
    assert "\nrenhou\n^" in _section("riichi_ema"), "the EMA plays renhou, so its page shows it"


def test_a_ruleset_page_holds_the_section_before_its_example_hands() -> None:
    page = pages.ruleset_page(load_ruleset("riichi_tenhou"), RIICHI)
    assert page.index("Scoring") < page.index("Each item with an example") < page.index("Example hands")


def test_a_family_without_worked_examples_adds_no_section() -> None:
    for rid in ("hongkong", "mcr", "harbin"):
        assert items.family_examples(load_ruleset(rid)) == ()
        assert _section(rid) == ""


def test_an_example_that_does_not_score_its_row_is_refused_naming_the_row_and_the_hand() -> None:
    with pytest.raises(MahjongError) as caught:
        items.check_example(load_ruleset("riichi_tenhou"), WRONG)
    message = str(caught.value)
    assert "the riichi_tenhou page::scoring.yaku.pinfu" in message
    assert "'123m456p789s234s5p +5p !riichi'" in message and "does not score pinfu" in message
    assert "it scores riichi" in message


def test_an_example_that_cannot_be_scored_at_all_is_refused_too() -> None:
    impossible = ItemExample("scoring.yaku.riichi", "123m456p234s5p [111z^] +5p !riichi")
    with pytest.raises(MahjongError, match=r"cannot be scored under riichi_tenhou: .*riichi is declared on a "
                                           r"concealed hand"):
        items.check_example(load_ruleset("riichi_tenhou"), impossible)


def test_a_page_whose_example_is_wrong_is_not_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worked_hands, "EXAMPLES", (WRONG, *worked_hands.EXAMPLES))
    with pytest.raises(MahjongError, match="does not score pinfu"):
        pages.ruleset_page(load_ruleset("riichi_tenhou"), RIICHI)


def test_a_wrong_example_fails_the_build_with_one_message_naming_it(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(worked_hands, "EXAMPLES", (WRONG,))
    with pytest.raises(MahjongError) as caught:
        build(tmp_path / "site", ["riichi_tenhou"])
    first = str(caught.value).splitlines()[1]
    assert "the rule pages cannot be generated" in first
    assert "scoring.yaku.pinfu" in first and "'123m456p789s234s5p +5p !riichi'" in first
    assert "Traceback" not in str(caught.value)


def test_a_mechanism_illustrates_the_rows_it_prices_on_its_rulesets_page() -> None:
    """The Vietnamese page shows a joker declared (the notation's ``*2j``) and the General and the suited tiles'
    joker declared before play, each scored as the page is built by the joker_declaration mechanism's examples."""
    ruleset = load_ruleset("vietnamese")
    shown = {row.row: row for row in items.shown_rows(ruleset)}
    dots, pair = shown["fans.declared_dots_joker"], shown["fans.general_and_suits_jokers_before_play"]
    assert dots.example is not None and "*2j" in dots.example.hand and dots.scored is not None
    assert pair.scored is not None and pair.scored.score.total == 32     # nine Phán: one Mủn
    framed = shown["fans.general_and_suits_jokers_one_frame"]              # both of one frame: twelve Phán
    assert framed.example is not None and "*1d7d" in framed.example.hand
    assert framed.scored is not None and framed.scored.score.total == 64
    section = _section("vietnamese")
    assert "*1j7d" in section and "general_and_suits_jokers_before_play" in section
    assert "*1d7d" in section and "general_and_suits_jokers_one_frame" in section
    assert items.family_examples(ruleset) == ()                          # the Hong Kong family gives none
