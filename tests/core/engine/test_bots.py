"""Bots come from the ``mahjong_core.bots`` entry-point group: the bundled two, and any a distribution installs.

The third-party bots here are installed for real, as a distribution's
metadata (a ``.dist-info`` folder with ``entry_points.txt``) on ``sys.path``,
so the tests go through the same entry-point scan as ``pip install`` would.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.conformance import strategies as mst
from mahjong_core.engine import players
from mahjong_core.errors import MahjongError
from mahjong_core.log.format import dumps, write_lines
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import load_ruleset
from mahjong_core.table.rng import Rng

FAKE_BOTS = '''
class FirstBot:
    """Takes a mahjong when it can, else the first discard in its turn, else passes."""

    kind = "first"

    def __init__(self, rng, name="first"):
        self.rng = rng
        self.name = name

    def choose(self, table, seat, options, phase):
        win = [o for o in options if o.kind == "win"]
        discards = [o for o in options if o.kind == "discard" and o.way is None]
        if win:
            return win[0].after(900)
        if phase == "turn" and discards:
            return discards[0].after(1100)
        return options[-1].after(600)


NOT_A_FACTORY = 42


def failing(rng, name):
    raise ValueError("no table for me")
'''

ENTRY_POINTS = """\
[mahjong_core.bots]
first = fake_bots:FirstBot
alias = fake_bots:FirstBot
broken = broken_bots:Bot
not_a_factory = fake_bots:NOT_A_FACTORY
failing = fake_bots:failing
"""


def install(site: Path, name: str, entry_points: str) -> None:
    """Write a distribution's metadata into ``site`` as an installer would."""
    info = site / f"{name.replace('-', '_')}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


@pytest.fixture
def third_party(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A distribution ``fake-bots`` installing a working bot (twice), a broken one and two bad entry points."""
    site = tmp_path / "site"
    site.mkdir()
    (site / "fake_bots.py").write_text(FAKE_BOTS, encoding="utf-8")
    (site / "broken_bots.py").write_text('raise RuntimeError("boom at import")\n', encoding="utf-8")
    install(site, "fake-bots", ENTRY_POINTS)
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    players.clear_cache()
    yield site
    players.clear_cache()
    for module in ("fake_bots", "broken_bots"):
        sys.modules.pop(module, None)


def run_cli(capsys: pytest.CaptureFixture, *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_bundled_bots_are_declared_in_the_entry_point_group() -> None:
    bots = players.installed_bots()
    assert bots["greedy"].value == "mahjong_core.engine.players:GreedyBot"
    assert bots["random"].value == "mahjong_core.engine.players:RandomBot"
    assert bots["greedy"].distribution == bots["random"].distribution == "mahjong-core"
    assert players.bot_factory("greedy") is players.GreedyBot
    assert players.bot_factory("random") is players.RandomBot


def test_each_seat_gets_the_generator_derived_from_the_seed_and_its_seat() -> None:
    """The golden replays depend on it: the same bot, the same name, the same random stream per seat."""
    bots = players.make_bots(["greedy", "random", "random", "greedy"], 77)
    assert [type(b) for b in bots] == [players.GreedyBot, players.RandomBot, players.RandomBot, players.GreedyBot]
    assert [b.name for b in bots] == ["greedy-0", "random-1", "random-2", "greedy-3"]
    assert [b.kind for b in bots] == ["greedy", "random", "random", "greedy"]
    for seat, bot in enumerate(bots):
        expected = Rng.from_seed(77).derive("bot", seat)
        assert [bot.rng.below(1 << 30) for _ in range(5)] == [expected.below(1 << 30) for _ in range(5)]


def test_an_unknown_bot_names_its_place_the_installed_bots_and_the_nearest() -> None:
    with pytest.raises(MahjongError) as caught:
        players.make_bots(["greedy", "greedy", "gredy", "greedy"], 1)
    error = caught.value
    assert error.place == "--bots[2]"
    assert "unknown bot 'gredy'" in error.message and "did you mean 'greedy'?" in error.message
    installed = error.message.split("installed: ", 1)[1]
    assert all(name in installed for name in players.installed_bots())
    with pytest.raises(MahjongError) as caught:
        players.make_bots(["zzzzzz"], 1)
    assert "did you mean" not in caught.value.message and "mahjong_core.bots" in caught.value.message


def test_the_cli_reports_a_misspelt_bot_in_one_line(capsys: pytest.CaptureFixture) -> None:
    code, out, err = run_cli(capsys, "simulate", "--ruleset", "chinese_classical", "--seed", "1", "--bots",
                             "greedy,gredy,greedy,greedy")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("--bots[1]: unknown bot 'gredy'; did you mean 'greedy'?")


def test_simulate_help_says_bots_alone_lists_them(capsys: pytest.CaptureFixture) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["simulate", "--help"])
    assert caught.value.code == 0
    assert "--bots alone lists the installed bots" in " ".join(capsys.readouterr().out.split())


def test_bots_alone_lists_the_installed_bots_without_a_game(capsys: pytest.CaptureFixture) -> None:
    code, out, _ = run_cli(capsys, "simulate", "--bots")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split() == ["bot", "distribution", "about"]
    assert {line.split()[0] for line in lines[1:]} == set(players.installed_bots())
    version = players.installed_bots()["greedy"].version
    assert any(line.split()[:3] == ["greedy", "mahjong-core", version] for line in lines[1:])
    code, out, _ = run_cli(capsys, "simulate", "--json", "--bots")
    rows = {row["name"]: row for row in json.loads(out)}
    assert code == 0 and set(rows) == set(players.installed_bots())
    assert rows["random"]["distribution"] == "mahjong-core" and rows["random"]["error"] is None
    assert rows["random"]["entry_point"] == "mahjong_core.engine.players:RandomBot"
    code, out, _ = run_cli(capsys, "demo", "--bots", "--json")  # demo seats bots the same way
    assert code == 0 and [row["name"] for row in json.loads(out)] == list(players.installed_bots())


def test_a_bot_without_a_game_still_needs_the_game_options(capsys: pytest.CaptureFixture) -> None:
    assert main(["simulate", "--bots", "greedy"]) == 2
    assert "the following arguments are required: --ruleset, --seed" in capsys.readouterr().err


def test_the_conformance_games_draw_every_installed_bot_the_bundled_pair_first() -> None:
    assert mst.BOT_KINDS[:2] == ("greedy", "random")
    assert set(mst.BOT_KINDS) == set(players.installed_bots())


def test_clear_cache_finds_a_bot_installed_after_the_first_scan(third_party: Path) -> None:
    assert "first" in players.installed_bots()
    install(third_party, "later-bots", "[mahjong_core.bots]\nlater = fake_bots:FirstBot\n")
    assert "later" not in players.installed_bots()  # read once per process ...
    players.clear_cache()
    assert "later" in players.installed_bots()  # ... until the cache is cleared
    assert players.installed_bots()["later"].distribution == "later-bots"


def test_a_third_party_bot_plays_and_is_recorded_under_its_entry_point_name(third_party: Path) -> None:
    first, alias = players.make_bots(["first", "alias"], 5)
    assert type(first).__name__ == type(alias).__name__ == "FirstBot"
    assert (first.name, first.kind) == ("first-0", "first")
    assert (alias.name, alias.kind) == ("alias-1", "alias")  # the name it was seated under, for the audit
    assert players.installed_bots()["first"].distribution == "fake-bots"


def test_a_broken_bot_is_a_clear_error_and_the_others_are_still_listed(third_party: Path,
                                                                       capsys: pytest.CaptureFixture) -> None:
    code, out, err = run_cli(capsys, "simulate", "--ruleset", "chinese_classical", "--seed", "1", "--bots",
                             "greedy,broken,greedy,greedy")
    assert code == 2 and "Traceback" not in err and err.count("\n") == 1
    assert err.startswith("--bots[1]: bot entry point 'broken = broken_bots:Bot'")
    assert "fake-bots 1.0" in err and "RuntimeError: boom at import" in err
    code, out, _ = run_cli(capsys, "simulate", "--bots", "--json")
    rows = {row["name"]: row for row in json.loads(out)}
    assert code == 1  # listed, but one of them cannot be used
    assert rows["first"]["error"] is None and rows["first"]["about"].startswith("Takes a mahjong")
    assert rows["greedy"]["error"] is None and rows["random"]["error"] is None
    assert "RuntimeError: boom at import" in rows["broken"]["error"]
    code, out, _ = run_cli(capsys, "simulate", "--bots")
    broken = next(line for line in out.splitlines() if line.startswith("broken "))
    assert "fake-bots 1.0" in broken and "CANNOT BE USED" in broken


@pytest.mark.parametrize(("name", "needle"), [("not_a_factory", "names a int, not a class or factory"),
                                              ("failing", "failed to start: ValueError: no table for me")])
def test_an_entry_point_that_makes_no_bot_is_a_clear_error(third_party: Path, name: str, needle: str) -> None:
    with pytest.raises(MahjongError) as caught:
        players.make_bots(["greedy", name], 3)
    assert caught.value.place == "--bots[1]"
    assert f"'{name} = fake_bots:" in caught.value.message and needle in caught.value.message


def test_an_audit_seats_a_third_party_bot_again(third_party: Path, tmp_path: Path) -> None:
    """The audit checks the bot's own decisions: a changed thinking time is caught at that decision."""
    path = tmp_path / "game.jsonl"
    play_game(load_ruleset("chinese_classical"), 11, ["first", "greedy", "greedy", "greedy"], replay=path,
              max_deals=1)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    assert header["seats"][0]["kind"] == "first"
    audited = check(str(path), "audit")
    assert audited.ok, audited.text()
    k = next(i for i, line in enumerate(lines) if '"decision"' in line and json.loads(line)["actor"] == 0)
    event = json.loads(lines[k])
    event["after_ms"] = event.get("after_ms", 0) + 1
    lines[k] = dumps(event)
    tampered = tmp_path / "tampered.jsonl"
    write_lines(tampered, [json.loads(x) for x in lines])
    verdict = check(str(tampered), "audit")
    assert not verdict.ok and verdict.event == event["n"]
    assert f"field 'after_ms' is {event['after_ms']} in the log, but the re-played bot first-0 would have " \
        f"played {event['after_ms'] - 1}" \
        in verdict.error
    # Repeating the recorded decisions instead takes the changed time as given and finds only the clock wrong.
    header["seats"][0]["kind"] = "human"
    lines[0] = dumps(header)
    write_lines(tampered, [json.loads(x) for x in lines])
    scripted = check(str(tampered), "audit")
    assert not scripted.ok and "field 't'" in scripted.error and "after_ms" not in scripted.error


def test_an_audit_of_a_log_whose_bot_is_not_installed_says_so(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    play_game(load_ruleset("chinese_classical"), 3, ["greedy"] * 4, replay=path, max_deals=1)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"][2]["kind"] = "ghost"
    lines[0] = dumps(header)
    write_lines(path, [json.loads(x) for x in lines])  # sealed again: only the rules' verdict is tested
    verdict = check(str(path), "audit")
    assert not verdict.ok
    assert verdict.error.startswith("seat 2 was played by the bot 'ghost', which is not installed here")
    assert "mahjong_core.bots" in verdict.error and "greedy" in verdict.error
    assert check(str(path), "replay").ok  # re-playing the recorded decisions needs no bot


def test_an_audit_of_a_log_whose_installed_bot_is_broken_names_the_entry_point(third_party: Path,
                                                                                tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    play_game(load_ruleset("chinese_classical"), 3, ["greedy"] * 4, replay=path, max_deals=1)
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    header["seats"][1]["kind"] = "broken"
    lines[0] = dumps(header)
    write_lines(path, [json.loads(x) for x in lines])  # sealed again: only the rules' verdict is tested
    verdict = check(str(path), "audit")
    assert not verdict.ok
    assert verdict.error.startswith("seat 1's bot: bot entry point 'broken = broken_bots:Bot'")
    assert "RuntimeError: boom at import" in verdict.error and "--bots" not in verdict.error
