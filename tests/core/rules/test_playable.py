"""Values that make a ruleset unplayable or its games unending: refused at load, each at its line; a game that
still does not end is stopped at its ruleset's bound of deals, by the engine, ``mahjong simulate`` and the
conformance suite."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import check
from mahjong_core.cli import main
from mahjong_core.conformance import checks
from mahjong_core.engine.game import Game, UnendingGame
from mahjong_core.engine.players import make_bots
from mahjong_core.errors import RulesetError
from mahjong_core.log import simulate as simulate_module
from mahjong_core.log.format import read_log
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import Ruleset, load_ruleset, playable, validate_file

ROOT = Path(__file__).resolve().parents[3]


def _house(tmp_path: Path, parent: str, parameters: str) -> Path:
    """A house rule over ``parent`` whose ``parameters:`` block is ``parameters`` (its first entry on line 6)."""
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nversion: 1.0.0\nname: House\nextends: {parent}\nparameters:\n{parameters}",
                    encoding="utf-8")
    return path


REFUSED = [
    # (parent, parameters, place, line, words of the message)
    ("traditional", '  exhaustive_draw_tiles_left: {value: 200, assumption: "x"}\n',
     "$.parameters.exhaustive_draw_tiles_left.value", 6,
     ["is 200", "holds 81 tiles after the deal (136 tiles, 2 of them loose, 53 dealt to 4 players)",
      "expected at most 80"]),
    ("traditional", '  exhaustive_draw_tiles_left: {value: 81, assumption: "x"}\n',
     "$.parameters.exhaustive_draw_tiles_left.value", 6, ["expected at most 80"]),
    ("traditional", '  hand_size: {value: 12, assumption: "x"}\n', "$.parameters.hand_size.value", 6,
     ["hand_size is 12", "hands of 7, 10, 13 or 16 tiles", "expected one of those"]),
    ("traditional", '  hand_size: {value: 19, assumption: "x"}\n', "$.parameters.hand_size.value", 6,
     ["hand_size is 19", "n from 2 to 5"]),
    # A hand size the engine plays, but the deal pattern (the parent's, or the house rule's) does not give: the
    # house rule is blamed for the value it changed (on flat_demo, whose family scores hands of any size).
    ("flat_demo", '  hand_size: {value: 16, assumption: "x"}\n',
     "$.parameters.hand_size.value", 6, ["deals 13 tiles", "holds 16", "adding up to 16"]),
    ("flat_demo", '  hand_size: {value: 16, assumption: "x"}\n  wall_ceremony:\n    value: {dice: 2, throws: 2, '
                    'loose_tiles: 16, deal_pattern: [4, 4, 4, 3], dealer_extra: 1}\n    assumption: "x"\n',
     "$.parameters.wall_ceremony.value.deal_pattern", 8, ["deals 15 tiles", "[4, 4, 4, 4]"]),
    ("traditional", '  wall_ceremony:\n    value: {dice: 2, throws: 2, loose_tiles: 2, deal_pattern: [4, 4, 4],'
                    ' dealer_extra: 1}\n    assumption: "x"\n',
     "$.parameters.wall_ceremony.value.deal_pattern", 7, ["deals 12 tiles to each seat", "adding up to 13"]),
    ("traditional", '  wall_ceremony:\n    value: {dice: 2, throws: 2, loose_tiles: 2, deal_pattern: [4, 4, 4, 1],'
                    ' dealer_extra: 0}\n    assumption: "x"\n',
     "$.parameters.wall_ceremony.value.dealer_extra", 7, ["dealer_extra is 0", "expected 1"]),
    ("traditional", '  tile_set:\n    value: [{group: characters, copies: 4}, {group: dots, copies: 2}]\n'
                    '    assumption: "x"\n',
     "$.parameters.tile_set.value", 7, ["too small for the deal (54 tiles", "at least 56 tiles"]),
    ("traditional", '  tile_set:\n    value: [{group: characters, copies: 4}, {group: dots, copies: 1}]\n'
                    '    assumption: "x"\n',
     "$.parameters.tile_set.value", 7, ["has 45 tiles", "stacks of two", "an even number"]),
    ("chinese_classical", '  minimum_value: {value: {points: 100000}, assumption: "x"}\n',
     "$.parameters.minimum_value.value.points", 6, ["100000 points", "no hand can reach it"]),
    ("hongkong", '  minimum_value: {value: {fan: 1000}, assumption: "x"}\n',
     "$.parameters.minimum_value.value.fan", 6, ["1000 fan", "no hand can reach it"]),
    ("harbin", '  usual_limit: {value: null, assumption: "x"}\n', "$.parameters.usual_limit.value", 6,
     ["usual_limit is null", "pay_limit_for_four_bonus"]),
    ("traditional", '  meld_display: {value: plain, assumption: "x"}\n', "$.parameters.meld_display.value", 6,
     ["concealed_for_thirteen_orphans is true", "meld_display is 'plain'", "tell the robber"]),
    ("chinese_classical", '  robbing_kong:\n    concealed_for_thirteen_orphans: {value: true, assumption: "x"}\n',
     "$.parameters.robbing_kong.concealed_for_thirteen_orphans.value", 7, ["meld_display is 'plain'"]),
    ("piter", '  tile_exchange: {value: {kind: partner, tiles: 14, refuse_only_if_calling: true}, assumption: "x"}\n',
     "$.parameters.tile_exchange.value.tiles", 6, ["exchange of 14 tiles", "at most 13"]),
    ("piter", '  timing: {value: {chow_pause_seconds: {min: 8, max: 7}}, assumption: "x"}\n',
     "$.parameters.timing.value.chow_pause_seconds.min", 6, ["(8 s) is longer than its longest (7 s)"]),
    ("piter", '  timing: {value: {claim_seconds: 4, chow_pause_seconds: {min: 5, max: 7}}, assumption: "x"}\n',
     "$.parameters.timing.value.chow_pause_seconds.min", 6,
     ["least wait (5 s) is longer than the time to claim a discard (claim_seconds 4)", "expected min at most 4"]),
    # Bonus tiles: each drawn is replaced from the wall, so a deal can bring all of them out before a draw.
    ("bonus_classical", '  exhaustive_draw_tiles_left: {value: 81, assumption: "x"}\n',
     "$.parameters.exhaustive_draw_tiles_left.value", 6,
     ["holds 81 tiles after the deal (144 tiles, 2 of them loose, 53 dealt to 4 players, 8 bonus tiles replaced "
      "from it)", "a deal that brings out every bonus tile", "expected at most 80"]),
    ("traditional", '  tile_set:\n    value: [{group: characters, copies: 4}, {group: dots, copies: 1}, '
                    '{group: winds, copies: 1}, {group: dragons, copies: 1}, {group: flowers, copies: 1}, '
                    '{group: seasons, copies: 1}, {group: animals, copies: 1}]\n    assumption: "x"\n'
                    '  exhaustive_draw_tiles_left: {value: 0, assumption: "x"}\n',
     "$.parameters.tile_set.value", 7,
     ["too small for the deal (64 tiles, 2 of them loose, 53 dealt to 4 players, 12 bonus tiles replaced from "
      "it)", "at least 68 tiles"]),
    ("bonus_classical", '  tile_set:\n    value: [{group: characters, copies: 4}, {group: dots, copies: 4}, '
                        '{group: bamboo, copies: 4}, {group: winds, copies: 4}, {group: dragons, copies: 4}, '
                        '{group: flowers, copies: 2}]\n    assumption: "x"\n',
     "$.parameters.tile_set.value[5].copies", 7,
     ["flowers in 2 copies", "each flower is one tile of its kind", "expected copies: 1"]),
    # A house rule that changes one figure of the wall is blamed for it, not the parent's value it now breaks.
    ("traditional", '  tile_set:\n    value: [{group: characters, copies: 4}, {group: dots, copies: 2}, '
                    '{group: winds, copies: 1}, {group: dragons, copies: 2}]\n    assumption: "x"\n',
     "$.parameters.tile_set.value", 7, ["exhaustive_draw_tiles_left is 14", "holds 9 tiles after the deal",
                                         "expected at most 8"]),
    # Seats: the geometry's two to four, and what only four seats can play.
    ("harbin", '  players: {value: 5, assumption: "x"}\n', "$.parameters.players.value", 6,
     ["players is 5", "seats 2 to 4 players", "expected 2, 3 or 4"]),
    ("harbin", '  players: {value: 8, assumption: "x"}\n', "$.parameters.players.value", 6, ["players is 8"]),
    ("harbin", '  players: {value: 1, assumption: "x"}\n', "$.parameters.players.value", 6,
     ["less than the minimum of 2"]),
    ("piter", '  players: {value: 3, assumption: "x"}\n  tile_exchange: {value: {kind: none}, assumption: "x"}\n',
     "$.parameters.players.value", 6, ["players is 3", "pair play", "takes four players"]),
    ("harbin", '  players: {value: 2, assumption: "x"}\n'
               '  tile_exchange: {value: {kind: partner, tiles: 2, refuse_only_if_calling: true}, assumption: "x"}\n',
     "$.parameters.tile_exchange.value.kind", 7, ["partner exchange", "2 players have no partners"]),
    ("orsk", '  players: {value: 3, assumption: "x"}\n', "$.parameters.tile_exchange.value.passes[1].direction",
     None, ["a pass across the table", "at 3 seats no seat is across"]),
]


@pytest.mark.parametrize(("parent", "parameters", "place", "line", "words"), REFUSED,
                         ids=[f"{r[0]}-{r[2].rsplit('.', 2)[-2]}-{i}" for i, r in enumerate(REFUSED)])
def test_a_value_that_leaves_nothing_to_play_is_refused_at_its_line(
        tmp_path: Path, parent: str, parameters: str, place: str, line: int | None, words: list[str]) -> None:
    path = _house(tmp_path, parent, parameters)
    errors = validate_file(path)
    source = str(path) if line is not None else str(ROOT / "plugins" / "rulesets" / parent / "ruleset.yaml")
    assert [(e.source, e.place) for e in errors] == [(source, place)], [str(e) for e in errors]
    if line is not None:  # in the house rule; else in the parent, which set the value the house rule now refuses
        assert errors[0].line == line, str(errors[0])
    for word in words:
        assert word in errors[0].message
    with pytest.raises(RulesetError) as raised:  # the loader refuses it the same way, at the same line
        load_ruleset(path)
    assert str(raised.value) == str(errors[0])


@pytest.mark.parametrize(("parent", "parameters"), [
    ("traditional", '  exhaustive_draw_tiles_left: {value: 80, assumption: "x"}\n'),
    ("bonus_classical", '  exhaustive_draw_tiles_left: {value: 80, assumption: "x"}\n'),
    ("piter", '  timing: {value: {claim_seconds: 5, chow_pause_seconds: {min: 5, max: 7}}, assumption: "x"}\n'),
    ("traditional", '  tile_set:\n    value: [{group: characters, copies: 4}, {group: dots, copies: 2}, '
                    '{group: winds, copies: 1}, {group: dragons, copies: 2}]\n    assumption: "x"\n'
                    '  exhaustive_draw_tiles_left: {value: 8, assumption: "x"}\n'),
    ("chinese_classical", '  minimum_value: {value: {points: 20}, assumption: "x"}\n'),
    ("traditional", '  meld_display: {value: concealed_kong_shown, assumption: "x"}\n'),
    ("harbin", '  players: {value: 2, assumption: "x"}\n'),
    ("harbin", '  players: {value: 3, assumption: "x"}\n'),
    ("flat_demo", '  hand_size: {value: 16, assumption: "x"}\n  wall_ceremony:\n    value: {dice: 2, throws: 2, '
                    'loose_tiles: 16, deal_pattern: [4, 4, 4, 4], dealer_extra: 1}\n    assumption: "x"\n'),
    ("orsk", '  players: {value: 2, assumption: "x"}\n'),  # across is the one other player
    ("piter", '  players: {value: 3, assumption: "x"}\n  pairs: {value: null, assumption: "x"}\n'
              '  tile_exchange: {value: {kind: none}, assumption: "x"}\n'),
    ("chinese_classical", '  robbing_kong:\n    concealed_for_thirteen_orphans: {value: true, assumption: "x"}\n'
                          '  meld_display: {value: concealed_kong_shown, assumption: "x"}\n'),
])
def test_the_values_next_to_them_still_load(tmp_path: Path, parent: str, parameters: str) -> None:
    assert validate_file(_house(tmp_path, parent, parameters)) == []


def test_the_deal_pattern_is_checked_against_the_rulesets_own_hand_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Hand size and deal pattern agree whatever the hand size (13, or 16 for five sets and a pair), and the
    wall's figures count the deal of that size."""
    path = _house(tmp_path, "flat_demo", '  hand_size: {value: 16, assumption: "x"}\n')
    errors = validate_file(path)
    assert [(e.source, e.place, e.line) for e in errors] == [
        (str(path), "$.parameters.hand_size.value", 6)], [str(e) for e in errors]
    assert ("deals 13 tiles to each seat, but a hand holds 16 (hand_size); expected numbers adding up to 16 "
            "(such as [4, 4, 4, 4])") in errors[0].message
    path = _house(tmp_path, "flat_demo", '  hand_size: {value: 16, assumption: "x"}\n'
                  '  wall_ceremony:\n    value: {dice: 2, throws: 2, loose_tiles: 2, deal_pattern: [4, 4, 4, 4],'
                  ' dealer_extra: 1}\n    assumption: "x"\n'
                  '  exhaustive_draw_tiles_left: {value: 69, assumption: "x"}\n')
    errors = validate_file(path)
    assert [e.place for e in errors] == ["$.parameters.exhaustive_draw_tiles_left.value"], [str(e) for e in errors]
    assert "holds 69 tiles after the deal (136 tiles, 2 of them loose, 65 dealt to 4 players)" in errors[0].message
    path = _house(tmp_path, "piter", '  hand_size: {value: 16, assumption: "x"}\n'
                  '  wall_ceremony:\n    value: {dice: 2, throws: 2, loose_tiles: 2, deal_pattern: [4, 4, 4, 4],'
                  ' dealer_extra: 1}\n    assumption: "x"\n'
                  '  tile_exchange: {value: {kind: partner, tiles: 15, refuse_only_if_calling: true}, '
                  'assumption: "x"}\n')
    errors = validate_file(path)  # an exchange of 15 tiles from a hand of 16 is sound; piter's family is not
    assert [e.place for e in errors] == ["$.parameters.hand_size.value"], [str(e) for e in errors]
    assert "the classical family scores hands of 13 tiles" in errors[0].message


@pytest.mark.parametrize("parent", ["traditional", "hongkong", "mcr"])
def test_a_hand_size_the_family_does_not_score_is_refused_at_its_line(tmp_path: Path, parent: str) -> None:
    """The bundled classical, Hong Kong and MCR families read four sets and a pair: a ruleset of theirs at 16 tiles
    (its deal pattern right) is refused at load, at the hand size, rather than by its first deal's trial."""
    path = _house(tmp_path, parent, '  hand_size: {value: 16, assumption: "x"}\n  wall_ceremony:\n    value: {dice: 2, '
                  'throws: 2, loose_tiles: 16, deal_pattern: [4, 4, 4, 4], dealer_extra: 1}\n    assumption: "x"\n')
    errors = [e for e in validate_file(path) if "family" in e.message]
    assert [(e.source, e.place, e.line) for e in errors] == [(str(path), "$.parameters.hand_size.value", 6)]
    assert "hand_size is 16, but the" in errors[0].message and "scores hands of 13 tiles" in errors[0].message
    with pytest.raises(RulesetError, match="scores hands of 13 tiles"):
        load_ruleset(path)


def test_the_families_that_score_other_sizes_say_so() -> None:
    from mahjong_core.plugin.extensions import installed

    families = installed().families
    assert {name: families[name].hand_sizes for name in ("classical", "hongkong", "mcr", "riichi")} == {
        name: frozenset({13}) for name in ("classical", "hongkong", "mcr", "riichi")}
    assert families["tai"].hand_sizes == frozenset({7, 10, 13, 16})  # example_sixteen_tiles': sets by hand size


def test_the_rulesets_that_rob_a_concealed_kong_show_its_tiles() -> None:
    for rid in ("traditional", "piter"):
        ruleset = load_ruleset(rid)
        assert ruleset.value("robbing_kong")["concealed_for_thirteen_orphans"] is True
        assert ruleset.value("meld_display") == "concealed_kong_shown"


def test_the_cli_names_the_line_and_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _house(tmp_path, "traditional", '  exhaustive_draw_tiles_left: {value: 200, assumption: "x"}\n')
    assert main(["rules", "validate", str(path)]) == 1
    out = capsys.readouterr()
    assert f"{path}::$.parameters.exhaustive_draw_tiles_left.value (line 6, column 32): " in out.out + out.err
    assert main(["simulate", "--ruleset", str(path), "--seed", "3", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert "(line 6, column 32)" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "out").exists()  # refused before any folder or log is made
    assert main(["conformance", str(path)]) == 2  # not "10 passed", nor ten failures with a traceback each
    err = capsys.readouterr().err
    assert "(line 6, column 32)" in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


# ---------------------------------------------------------------------------
# A game that still does not end
# ---------------------------------------------------------------------------


def _unending() -> Ruleset:
    """Traditional with every deal drawn before anyone draws, the dealer keeping the deal on a draw.

    Built past the loader, which refuses it: what the engine, ``simulate`` and the conformance suite do with a
    game that cannot end, whatever made it so (a plugin's hook can, and no load check can see that).
    """
    ruleset = load_ruleset("traditional")
    tables: dict[str, Any] = copy.deepcopy(ruleset.raw_tables)
    tables["parameters"]["exhaustive_draw_tiles_left"]["value"] = 200
    return dataclasses.replace(ruleset, raw_tables=tables)


def test_the_bound_is_a_multiple_of_the_deals_the_rounds_need() -> None:
    ruleset = load_ruleset("traditional")
    assert playable.deal_bound(ruleset) == playable.DEALS_PER_DEALER_TURN * 4 * 4 == 4000


def test_the_engine_stops_an_unending_game_at_the_bound() -> None:
    ruleset = _unending()
    game = Game(ruleset, make_bots(["greedy"] * 4, 3), 3)
    with pytest.raises(UnendingGame) as raised:
        game.play()
    assert game.table.deal_number == 4000
    assert "played 4000 deals and is still in round 1 of 4" in str(raised.value)
    assert "stopped as unending at 4000 deals (250 times as many)" in str(raised.value)


def test_a_stated_bound_of_deals_ends_the_game_cleanly_past_the_default_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--max-deals`` is the override: a game given more deals than the default bound plays them and ends as a
    game that reached its stated bound does; without it the default bound stops it."""
    monkeypatch.setattr(playable, "DEALS_PER_DEALER_TURN", 1)  # a default bound of 16 deals
    path = tmp_path / "game.jsonl"
    played = play_game(_unending(), 3, ["greedy"] * 4, replay=path, max_deals=20)
    assert played.result.deals == 20
    assert path.exists()
    with pytest.raises(UnendingGame, match="stopped as unending at 16 deals"):
        play_game(_unending(), 3, ["greedy"] * 4, replay=None)


def test_simulate_keeps_no_log_of_an_unending_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(playable, "DEALS_PER_DEALER_TURN", 1)  # the bound (16 deals) before the log's (~2,600)
    path = tmp_path / "game.jsonl"
    with pytest.raises(UnendingGame, match="the unfinished log .*game.jsonl is removed"):
        play_game(_unending(), 3, ["greedy"] * 4, replay=path)
    assert not path.exists()


def test_a_log_never_grows_past_what_a_reader_reads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A game whose log would pass the reader's bounds (random bots under hongkong_plus played 629 deals, a log
    of 15 MB that ``audit`` refused) is played again from its seed as a game of the deals that fit: its log is
    whole and audits clean, its header's max_deals says it was cut, and simulate says where in one line."""
    monkeypatch.setattr(simulate_module, "MAX_LINES", 1500)  # a smaller reader, so the test plays few deals
    out = tmp_path / "out"
    code = main(["simulate", "--ruleset", "traditional", "--bots", "random,random,random,random", "--seed", "1",
                 "--out", str(out), "--json"])
    captured = capsys.readouterr()
    assert code == 0
    (row,) = json.loads(captured.out)["games"]
    log = read_log(row["replay"])
    assert len(log.lines) <= 1500 - 2 and log.header["options"] == {"max_deals": row["deals"]}
    assert row["cut_at"] == row["deals"] + 1 and log.events[-1]["type"] == "game_end"
    assert captured.err.splitlines() == [
        f"{load_ruleset('traditional').location}::seed 1: at deal {row['cut_at']} the game's log would pass what a "
        f"log reader reads (1,500 lines, 4,194,304 bytes); the log holds its first {row['deals']} deals, played "
        f"again as a game of that length (options.max_deals {row['deals']}), which replays and audits"]
    assert check(row["replay"], "audit").ok
    # The same game with the reader's own bounds: no cut, no line on stderr, the rows as they always were.
    monkeypatch.undo()
    code = main(["simulate", "--ruleset", "traditional", "--seed", "1", "--max-deals", "3", "--out",
                 str(tmp_path / "whole"), "--json"])
    captured = capsys.readouterr()
    assert code == 0 and captured.err == "" and "cut_at" not in json.loads(captured.out)["games"][0]


def test_the_simulate_command_says_so_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    # Random bots seldom win, and traditional keeps the deal on a draw: more than one deal per dealer turn.
    monkeypatch.setattr(playable, "DEALS_PER_DEALER_TURN", 1)
    out = tmp_path / "out"
    code = main(["simulate", "--ruleset", "traditional", "--bots", "random,random,random,random", "--seed", "1",
                 "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.strip().splitlines() == [
        f"{load_ruleset('traditional').location}::deal 16: the game has played 16 deals and is still in round 1 of "
        f"4: a game of 4 rounds of 4 deals is stopped as unending at 16 deals (1 times as many); do its players "
        f"never win, or does a hook never end the game? (the unfinished log {out / 'traditional-seed1.jsonl'} is "
        f"removed)"]
    assert list(out.iterdir()) == []


def test_conformance_fails_a_ruleset_whose_games_do_not_end() -> None:
    with pytest.raises(AssertionError, match=r"a game between greedy bots does not end \(seed 0\): .*deal 4000: "
                                             r"the game has played 4000 deals"):
        checks.check_games_end(_unending(), games=2)



_JOKER_TILES = ('  tile_set:\n    value: [{group: characters, copies: 4}, {group: dots, copies: 4},'
                ' {group: bamboo, copies: 4}, {group: winds, copies: 4}, {group: dragons, copies: 4},'
                ' {group: jokers, copies: 8}]\n'
                '    assumption: "a test"\n')


def test_a_live_discarded_joker_is_refused_at_its_line(tmp_path: Path) -> None:
    """The engine plays a discarded joker as dead: a ruleset saying it may be claimed is refused, not ignored."""
    path = _house(tmp_path, "chinese_classical", _JOKER_TILES + '  jokers:\n    value: {played: true, '
                  'dead_when_discarded: false}\n    assumption: "a test"\n')
    errors = validate_file(path)
    assert [(e.source, e.place) for e in errors] == [
        (str(path), "$.parameters.jokers.value.dead_when_discarded")], [str(e) for e in errors]
    assert "plays a discarded joker as dead" in errors[0].message
    dead = _house(tmp_path, "chinese_classical", _JOKER_TILES + '  jokers:\n    value: {played: true}\n'
                  '    assumption: "a test"\n')
    assert validate_file(dead) == []
