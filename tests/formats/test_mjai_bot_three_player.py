"""``mahjong mjai-bot NAME`` at a table of three (sanma): both layouts mjai's three-player tools write, kita.

A whole ``sanma_tenhou`` game against the program through a subprocess (our ``mjai:`` seat, which writes
libriichi3p's four seats with the fourth empty and ``nukidora``) is the game greedy plays in-process, and audits;
the same seat's messages in RiichiEnv's three-seat layout (``kita``) get the same answers, each North set aside
answered in that layout's word; a North another seat sets aside is won on; a ruleset of the other seat count
and a North set aside in a game of four are named.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from mjai_layouts import riichienv_layout

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.log.format import read_log
from mahjong_formats.mjai_bot import MjaiBot
from mahjong_formats.mjai_player import SeatMessages

SEED = "7"
#: Each mjai answer's move, by our decisions' names.
MOVES = {"dahai": "discard", "reach": "riichi", "kita": "declare_bonus", "nukidora": "declare_bonus", "hora": "win",
         "pon": "pung", "daiminkan": "kong", "ankan": "kong", "kakan": "kong"}
#: A hand ready on a single North with a yaku (a straight in dots and a pung of white dragons).
READY_ON_NORTH = ["1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", "P", "P", "P", "N"]


def _decisions(log: Path) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k not in ("n", "t", "after_ms")} for e in read_log(str(log)).events
            if e.get("type") == "decision"]



def _answers(bot: MjaiBot, messages: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    answers, errors = [], []
    for number, message in enumerate(messages, 1):
        answer, error = bot.answer_line(json.dumps(message), number)
        answers.append(answer)
        if error is not None:
            errors.append(error)
    return answers, errors


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Seed 7 of sanma_tenhou with seat 1 played by ``mjai-bot greedy`` through our ``mjai:`` seat, and by greedy."""
    folder = tmp_path_factory.mktemp("sanma")
    program = " ".join(shlex.quote(w) for w in (sys.executable, "-m", "mahjong_core", "mjai-bot", "greedy",
                                                "--seed", SEED))
    for name, bots in (("mjai", f"greedy,mjai:{program},greedy"), ("greedy", "greedy,greedy,greedy")):
        assert main(["simulate", "--ruleset", "sanma_tenhou", "--seed", SEED, "--out", str(folder / name),
                     "--bots", bots]) == 0
    played, alone = (next((folder / name).glob("*.jsonl")) for name in ("mjai", "greedy"))
    return played, alone


def test_a_whole_game_of_three_against_the_program_is_the_game_greedy_plays_and_audits(
        games: tuple[Path, Path]) -> None:
    """Without ``--ruleset`` the program reads the game as one of three (sanma_tenhou) from its first start_kyoku;
    every decision of its seat -- Norths set aside, wins, pungs, riichi -- is the one greedy makes in-process."""
    played, alone = games
    verdict = check(str(played), "audit")
    assert verdict.ok, verdict.text()
    ours, theirs = _decisions(played), _decisions(alone)
    assert ours == theirs
    made = Counter(d.get("action") for d in ours if d["actor"] == 1)
    assert made["declare_bonus"] >= 3 and made["win"] >= 1 and made["discard"] > 50, made


def test_riichienvs_three_seats_get_the_same_answers_with_kita_for_nukidora(games: tuple[Path, Path]) -> None:
    """Seat 1's messages of the in-process game, as our ``mjai:`` seat writes them (libriichi3p: four seats, the
    fourth empty, ``nukidora``) and in RiichiEnv's three seats (``kita``): the same moves, in that layout's word,
    and each the move greedy made at that seat."""
    _, alone = games
    events = read_log(str(alone)).events
    told = SeatMessages(1)
    messages = [{"type": "start_game", "id": 1}]
    for event in events:
        messages += told.feed(event, [35000] * 3)
    messages += told.flush()
    starts = [m for m in messages if m["type"] == "start_kyoku"]
    assert starts and all(len(m["tehais"]) == 4 and m["scores"][3] == 0 for m in starts)
    made = [d["action"] for d in _decisions(alone) if d["actor"] == 1 and d["action"] != "pass"]
    for layout, word in ((messages, "nukidora"), (riichienv_layout(messages), "kita")):
        bot = MjaiBot("greedy", seed=SEED)
        answers, errors = _answers(bot, layout)
        assert errors == [] and bot.ruleset.id == "sanma_tenhou" and bot.n == 3
        moves = [a for a in answers if a["type"] != "none"]
        assert [MOVES[a["type"]] for a in moves] == made
        set_aside = [a for a in moves if MOVES[a["type"]] == "declare_bonus"]
        assert set_aside and all(a == {"type": word, "actor": 1, "pai": "N"} for a in set_aside)


@pytest.mark.parametrize("layout", ["riichienv", "libriichi3p"])
def test_a_north_another_seat_sets_aside_is_won_on(layout: str) -> None:
    """Seat 1, ready on a single North with a yaku, wins on the North the dealer sets aside (its hidden hand made
    to hold one), in either layout; the program names the seat and the tile."""
    hands = [["?"] * 13, READY_ON_NORTH, ["?"] * 13]
    scores = [35000] * 3
    if layout == "libriichi3p":
        hands, scores = [*hands, ["?"] * 13], [*scores, 0]
    word = "kita" if layout == "riichienv" else "nukidora"
    messages = [{"type": "start_game", "id": 1},
                {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
                 "dora_marker": "1s", "scores": scores, "tehais": hands},
                {"type": "tsumo", "actor": 0, "pai": "?"},
                {"type": word, "actor": 0, "pai": "N"}]
    answers, errors = _answers(MjaiBot("greedy"), messages)
    assert errors == []
    assert answers[-1] == {"type": "hora", "actor": 1, "target": 0, "pai": "N"}


def test_a_ruleset_of_four_at_a_table_of_three_and_a_north_set_aside_at_four_are_named() -> None:
    three = [{"type": "start_game", "id": 1},
             {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
              "dora_marker": "1s", "scores": [35000] * 3, "tehais": [["?"] * 13, READY_ON_NORTH, ["?"] * 13]}]
    answers, errors = _answers(MjaiBot("greedy", "riichi_tenhou"), three)
    assert answers[-1] == {"type": "none"} and len(errors) == 1
    assert errors[0].startswith("mjai-bot: line 2: ") and "seats 3 players; --ruleset riichi_tenhou seats 4" in \
        errors[0]
    four = [{"type": "start_game", "id": 1},
            {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0,
             "dora_marker": "1s", "scores": [25000] * 4,
             "tehais": [["?"] * 13, READY_ON_NORTH, ["?"] * 13, ["?"] * 13]},
            {"type": "tsumo", "actor": 0, "pai": "?"},
            {"type": "nukidora", "actor": 0, "pai": "N"}]
    answers, errors = _answers(MjaiBot("greedy"), four)
    assert answers[-1] == {"type": "none"} and len(errors) == 1
    assert errors[0].startswith("mjai-bot: line 4: nukidora: a North set aside, a three-player game's move, in a "
                                "game of four seats"), errors
