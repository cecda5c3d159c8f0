"""The comparison the viewer shows beside an imported game (``recorded_comparison``) is the audit's own: the same
findings as :func:`mahjong_core.differences`, in the same order, each placed at the deal it names.

The samples are read from beside the checkout (``../shared/real-logs``), never copied here; a difference is built
by changing one recorded figure before the game is played.
"""

from __future__ import annotations

import copy
import re

from shared_files import REAL_LOGS

from mahjong_core import differences, recorded_comparison
from mahjong_formats import botzone, tenhou_xml
from mahjong_formats.common import play

SAMPLES = REAL_LOGS
TENHOU = SAMPLES / "tenhou-mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"


def _flat(found: dict) -> list[str]:
    return found["before"] + [d for deal in found["deals"] for d in deal["differences"]] + found["after"]


def test_a_tenhou_games_findings_are_the_audits_each_at_its_deal() -> None:
    game = copy.deepcopy(tenhou_xml.read_file(str(TENHOU))[0])
    deals = game.recorded["deals"]
    won = [n for n, deal in enumerate(deals) if deal["wins"]]
    deals[won[0]]["wins"][0]["han"] += 1
    deals[won[-1]]["scores"][0] += 100  # a seat's points after the last win's deal, and so the final points too
    game.recorded["final"][0] += 100 if won[-1] == len(deals) - 1 else 0
    played = play(game)
    found = recorded_comparison(played.header, played.events)
    assert found["shape"] == "deals" and (found["platform"], found["game"]) == ("tenhou", game.game)
    assert len(found["deals"]) == len(deals)
    assert _flat(found) == differences(played.header, played.events) == played.differences
    for n, deal in enumerate(found["deals"]):
        named = {int(m[1]) for d in deal["differences"] if (m := re.search(r", deal (\d+)", d))}
        assert named <= {n + 1}, (n, deal["differences"])
        assert bool(deal["differences"]) == (n in (won[0], won[-1])), (n, deal["differences"])
        assert deal["recorded"] is deals[n] or deal["recorded"] == deals[n]


def test_a_botzone_rounds_findings_are_the_audits() -> None:
    game = copy.deepcopy(botzone.read_file(str(SAMPLES / "botzone-mcr" / "sample.txt"))[0])
    assert play(game).differences == []
    game.recorded["deltas"][0] += 8
    played = play(game)
    found = recorded_comparison(played.header, played.events)
    assert found["shape"] == "game" and len(found["deals"]) == 1
    assert found["deals"][0]["recorded"]["deltas"] == game.recorded["deltas"]
    assert found["deals"][0]["ours"]["deltas"][0] == game.recorded["deltas"][0] - 8
    assert _flat(found) == played.differences != []


def test_a_refused_games_comparison_carries_what_its_log_says_of_the_refusal() -> None:
    """The viewer's panel shows the log's own word that it stops short: the comparison passes it on as written."""
    game = copy.deepcopy(tenhou_xml.read_file(str(TENHOU))[0])
    game.deals[1] = type(game.deals[1])(game.deals[1].path, game.deals[1].dealt, game.deals[1].moves[:9])
    played = play(game, partial=True)
    assert played.refused is not None
    said = played.header["source"]["refused"]
    assert said["deal"] == 2 and said["reason"] == played.refused.message
    assert recorded_comparison(played.header, played.events)["refused"] == said
    whole = play(tenhou_xml.read_file(str(TENHOU))[0])
    assert "refused" not in whole.header["source"] and "refused" not in recorded_comparison(whole.header,
                                                                                             whole.events)
