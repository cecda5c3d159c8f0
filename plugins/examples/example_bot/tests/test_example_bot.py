"""The cautious bot plays legal games that audit clean by the bot itself, plays unlike greedy, and joins the
conformance suite's games (about 10 s)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from mahjong_example_bot import CautiousBot

from mahjong_core import Game, check, installed_bots, load_ruleset, make_bots, play_game

LINE_UP = ["cautious", "greedy", "greedy", "greedy"]
SEEDS = (1, 2, 3)


def decisions(path: Path, seat: int) -> list[dict[str, Any]]:
    events = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]
    return [e for e in events if e["type"] == "decision" and e["actor"] == seat]


def test_it_is_installed_as_cautious_by_this_distribution() -> None:
    assert "cautious" in installed_bots(), "install this package first: pip install ./plugins/examples/example_bot"
    assert installed_bots()["cautious"].distribution == "mahjong-example-bot"
    bots = make_bots(LINE_UP, 9)
    assert isinstance(bots[0], CautiousBot) and (bots[0].name, bots[0].kind) == ("cautious-0", "cautious")


@pytest.mark.parametrize("seed", SEEDS)
def test_its_seeded_games_audit_clean_with_the_bot_seated_again(seed: int, tmp_path: Path) -> None:
    path = tmp_path / f"seed{seed}.jsonl"
    game = play_game(load_ruleset("chinese_classical"), seed, LINE_UP, replay=path)
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["seats"][0]["kind"] == "cautious"  # so the audit seats this bot again, not the log's word
    audited = check(str(path), "audit")
    assert audited.ok, audited.text()
    assert audited.scores == game.result.scores and game.result.deals > 1
    replayed = check(str(path), "replay")
    assert replayed.ok, replayed.text()
    # It claims only to win or to pung, and takes its time.
    mine = decisions(path, 0)
    assert {d["action"] for d in mine if d["phase"] == "claim"} <= {"win", "pung", "pass"}
    assert not any(d["action"] in ("chow", "kong") for d in mine)
    assert all(d["after_ms"] in (CautiousBot.TURN_MS, CautiousBot.CLAIM_MS) for d in mine)


def test_a_changed_decision_of_its_own_is_caught_at_that_decision(tmp_path: Path) -> None:
    """The audit re-plays the bot: a log that says it threw a different (legal) tile does not pass."""
    path = tmp_path / "game.jsonl"
    play_game(load_ruleset("chinese_classical"), 4, LINE_UP, replay=path, max_deals=1)
    lines = path.read_text(encoding="utf-8").splitlines()
    k = next(i for i, line in enumerate(lines) if '"action":"discard"' in line and '"actor":0,' in line)
    line, event = lines[k], json.loads(lines[k])
    hands = next(json.loads(x) for x in lines if '"type":"hands"' in x)["hands"]
    other = next(t for t in hands[0] if t != event["tile"])  # a tile seat 0 held, so still a legal discard
    lines[k] = line.replace(f'"tile":"{event["tile"]}"', f'"tile":"{other}"')
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    verdict = check(str(path), "audit")
    assert not verdict.ok and verdict.event == event["n"], verdict.text()
    assert verdict.error is not None
    assert (f"field 'tile' is '{other}' in the log, but the re-played bot cautious-0 would have played "
            f"'{event['tile']}' (discard {event['tile']}") in verdict.error


class Shadowed:
    """Seat 0: the cautious bot plays, and a greedy bot with the same generator is asked each question too."""

    def __init__(self, seed: int):
        self.bot = make_bots(["cautious"], seed)[0]
        self.shadow = make_bots(["greedy"], seed)[0]
        self.name, self.kind = self.bot.name, self.bot.kind
        self.asked: Counter[str] = Counter()
        self.differed: Counter[str] = Counter()

    def choose(self, table: Any, seat: int, options: Any, phase: str) -> Any:
        mine = self.bot.choose(table, seat, options, phase)
        theirs = self.shadow.choose(table, seat, options, phase)
        assert mine in options, f"{mine} is not among the options {options}"
        self.asked[phase] += 1
        if mine != theirs:  # actions compare without their thinking time: a different choice, not a slower one
            self.differed[phase] += 1
        return mine


def test_it_chooses_differently_from_greedy_in_the_same_positions(tmp_path: Path) -> None:
    ruleset = load_ruleset("chinese_classical")
    differed: Counter[str] = Counter()
    for seed in SEEDS:
        seat0 = Shadowed(seed)
        result = Game(ruleset, [seat0, *make_bots(LINE_UP, seed)[1:]], seed, max_deals=4).play()
        # Asking the greedy bot changed nothing: the game is the one play_game plays with the cautious bot.
        assert result.scores == play_game(ruleset, seed, LINE_UP, max_deals=4).result.scores
        assert seat0.asked["turn"] > 20
        differed += seat0.differed
    assert differed["turn"] > 0, "the cautious bot discarded as greedy did in every position"
    assert differed["claim"] > 0, "the cautious bot claimed as greedy did in every position"


def test_the_conformance_suite_seats_it_and_passes(tmp_path: Path) -> None:
    """The checks every ruleset passes, run as a ruleset author runs them, with this bot drawn into the games."""
    (tmp_path / "count_cautious.py").write_text(
        "import os\n"
        "import mahjong_example_bot\n"
        "seated = []\n"
        "original = mahjong_example_bot.CautiousBot.__init__\n"
        "def counting(self, rng, name='cautious'):\n"
        "    seated.append(name)\n"
        "    original(self, rng, name=name)\n"
        "mahjong_example_bot.CautiousBot.__init__ = counting\n"
        "def pytest_sessionfinish(session):\n"
        "    with open(os.environ['CAUTIOUS_SEATED'], 'w') as f:\n"
        "        f.write(str(len(seated)))\n", encoding="utf-8")
    count = tmp_path / "seated.txt"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), os.environ.get("PYTHONPATH", "")]),
           "CAUTIOUS_SEATED": str(count)}
    result = subprocess.run([sys.executable, "-m", "pytest", "-p", "count_cautious", "-p", "no:cacheprovider", "-q",
                             "--mahjong-ruleset=chinese_classical", "--mahjong-ruleset=piter",
                             "--mahjong-ruleset=mcr"], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout and "failed" not in result.stdout
    assert int(count.read_text()) > 0, "the conformance games never seated the cautious bot"
