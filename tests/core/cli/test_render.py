"""The terminal's layouts of the core's reports: the core gives the facts, ``mahjong_core.cli.render`` the lines."""

from __future__ import annotations

from mahjong_core.cli.render.hand import hand_text
from mahjong_core.hand.report import analyse


def test_the_hand_report_is_facts_and_its_text_is_the_renderers() -> None:
    report = analyse("(1111m) 234p 567s 99s EE +E")
    assert "text" not in report  # the core's report holds no terminal layout
    assert hand_text(report).splitlines()[2:] == [
        "shanten   best -1, standard -1",
        "complete  yes; 1 arrangement(s)",
        "  standard             kong:(1111m) chow:234p chow:567s pair:99s pung:111z*",  # () concealed, * winning
    ]


def test_a_thirteen_tile_hand_is_shown_with_its_waits_and_every_forms_shanten() -> None:
    assert hand_text(analyse("111222333m456p7s")).splitlines()[::2] == [
        "hand      111222333m456p7s",
        "shanten   best 0, standard 0, seven_pairs 3, thirteen_orphans 11",
    ]
    assert hand_text(analyse("111222333m456p7s")).splitlines()[-1] == "waits     7s"
    assert hand_text(analyse("19m19p19s1234567z")).splitlines()[-1].startswith("waits     19m19p19s1234567z")


def test_an_exposed_meld_is_bracketed_and_an_incomplete_hand_has_no_arrangement() -> None:
    lines = hand_text(analyse("[1111m] 234p 567s 99s EE +E")).splitlines()
    assert lines[-1].endswith("kong:[1111m] chow:234p chow:567s pair:99s pung:111z*")
    assert hand_text(analyse("123m456p789s1357z +2z")).splitlines()[-1] == "complete  no; 0 arrangement(s)"
