"""The platforms' formats are riichi's: a game of another family is refused by name, never written in them.

``mahjong export --format mjai`` of a Hong Kong game wrote mjai messages dealing flowers as tiles (and an empty
dora marker); ``--format tenhou6`` failed with Python's own 'substring not found'; an mjai program seated at a Hong
Kong table was told a game it could not follow and answered nonsense all game long.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mahjong_core import Game, MahjongError, load_ruleset, play_game
from mahjong_core.cli import main
from mahjong_core.engine.players import make_bots

BOT = f"mjai:{sys.executable} -m mahjong_core mjai-bot greedy"


@pytest.fixture(scope="module")
def hong_kong_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hk") / "hongkong.jsonl"
    play_game(load_ruleset("hongkong"), 5, ["greedy"] * 4, replay=path, max_deals=1)
    return path


@pytest.mark.parametrize(("fmt", "named"), [("mjai", "mjai holds"), ("tenhou6", "a tenhou.net/6 file holds")])
def test_a_game_of_another_family_is_not_exported(hong_kong_log: Path, fmt: str, named: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["export", "--format", fmt, str(hong_kong_log)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert f"{hong_kong_log}::line 1: cannot be written as " in err
    assert f"{named} riichi games only" in err and "ruleset hongkong scores by the hongkong family" in err


def test_a_riichi_game_is_still_exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "riichi.jsonl"
    play_game(load_ruleset("riichi_tenhou"), 3, ["greedy"] * 4, replay=path, max_deals=1)
    for fmt in ("mjai", "tenhou6"):
        assert main(["export", "--format", fmt, str(path)]) == 0
        assert capsys.readouterr().out.strip()


def test_an_mjai_seat_at_a_table_of_another_family_is_refused_before_the_log_is_made(tmp_path: Path) -> None:
    out = tmp_path / "game.jsonl"
    with pytest.raises(MahjongError) as refused:
        play_game(load_ruleset("hongkong"), 1, ["greedy", BOT, "greedy", "greedy"], replay=out)
    assert refused.value.place == "--bots[1]"
    assert "mjai-1 cannot play ruleset hongkong: an mjai program plays riichi games only" in refused.value.message
    assert not out.exists()


def test_a_game_refuses_any_seat_that_says_it_cannot_play_the_ruleset() -> None:
    class Picky:
        name = "picky"

        def __init__(self, bot: object) -> None:
            self.bot = bot

        def choose(self, *args: object) -> object:
            return self.bot.choose(*args)  # type: ignore[attr-defined]

        def refuses(self, ruleset: object) -> str | None:
            return "it plays no Hong Kong" if getattr(ruleset, "id", "") == "hongkong" else None

    def seats() -> list[object]:
        return [Picky(bot) if i == 2 else bot for i, bot in enumerate(make_bots(["greedy"] * 4, 1))]

    with pytest.raises(MahjongError, match="picky cannot play ruleset hongkong: it plays no Hong Kong") as refused:
        Game(load_ruleset("hongkong"), seats(), 1)  # type: ignore[arg-type]
    assert refused.value.place == "seat 2"
    assert Game(load_ruleset("chinese_classical"), seats(), 1, max_deals=1).play().deals == 1  # type: ignore[arg-type]
