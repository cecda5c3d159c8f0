"""``mahjong score`` as a referee runs it: one line, every ruleset, one set of situation flags (issue 13, item 1).

Each friction point of the issue is a test here, run through the command's ``main()`` as a user would.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator

import pytest

from mahjong_core.cli import main
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.contributions import FactsRead
from mahjong_core.plugin.manager import ruleset_hooks
from mahjong_core.plugin.scoring import family_of, has_scoring
from mahjong_core.rules import available, clear_cache, load_ruleset

HAND = "123m456p78s11z [777s<] +9s"
#: A pung of South: its value depends on the seat and the round.
SOUTH_PUNG = "123m456p78s11z [222z<] +9s"
#: The same hand in pins and bamboos only, for the tests that run it under every ruleset: a three-player tile set
#: (example_three_players) has no characters from 2 to 8, and ``mahjong score`` refuses a tile the set lacks.
EVERY_SET_HAND = "123p456p78s11z [777s<] +9s"


def run_cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def scored(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    code, out, err = run_cli(capsys, "score", "--json", *args)
    assert code == 0, err
    return json.loads(out)


def sized(ruleset: str, hand: str) -> str:
    """``hand`` with the set a ruleset of 16-tile hands needs more (a concealed pung of 5m), so that every ruleset
    reads the same hand at its own size (five sets and a pair for 16 tiles); where the set has no bamboo (Korean's
    104 tiles), its bamboos are read as characters, or as dots where it has no characters either (the Malaysian
    three-player set)."""
    tiles = set(load_ruleset(ruleset).tile_set())
    if 22 not in tiles:  # 5s: no bamboo in the set
        hand = hand.replace("s", "m" if 4 in tiles else "p")  # 5m: characters in the set
    extra = (int(load_ruleset(ruleset).value("hand_size")) - 13) // 3
    concealed, _, rest = hand.partition(" ")
    return f"{concealed}{'555m' * extra} {rest}" if rest else concealed + "555m" * extra


def names(result: dict) -> set[str]:
    return {item["name"] for item in result["score"]["items"]}


def test_the_readmes_first_hand_example_reads_as_a_complete_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "hand", HAND, "--json")
    assert code == 0, err
    assert json.loads(out)["complete"] is True


def _holds_honours(rid: str) -> bool:
    """Whether the ruleset plays East and South, which the hands of these tests hold (Fuzhou's honours are flowers,
    set aside as drawn)."""
    rs = load_ruleset(rid)
    return {27, 28} <= set(rs.tile_set()) - set(rs.tiles().bonus)


SCORED = sorted(rid for rid in available() if has_scoring(load_ruleset(rid)) and _holds_honours(rid))
#: The rulesets that play the suits only (Sichuan's three suits): scored on a hand of suits.
SUITS_ONLY = sorted(rid for rid in available() if has_scoring(load_ruleset(rid)) and not _holds_honours(rid))
SUITS_HAND = "123m456p78s11p [777s<] +9s"


@pytest.mark.parametrize("ruleset", SUITS_ONLY)
def test_a_ruleset_of_the_suits_only_scores_a_hand_of_suits(capsys: pytest.CaptureFixture[str], ruleset: str) -> None:
    result = scored(capsys, "--ruleset", ruleset, sized(ruleset, SUITS_HAND))
    assert result["situation"]["winner"] is True and result["score"]["value"] > 0


#: A hand of the project's example card (plugins/cards/example_card.yaml, "mirror pond"), for a ruleset playing it.
CARD_HAND = "5555m5555p555s77z +7z"


def _plays_a_card(ruleset: str) -> bool:
    return bool(load_ruleset(ruleset).get("card"))


def _hand_for(ruleset: str, hand: str) -> str:
    """``hand`` at the ruleset's size, or a hand of its card where it plays a card of fixed hands."""
    return CARD_HAND if _plays_a_card(ruleset) else sized(ruleset, hand)


@pytest.mark.parametrize("ruleset", SCORED)
def test_every_ruleset_scores_a_hand_with_no_flags_at_all(capsys: pytest.CaptureFixture[str], ruleset: str) -> None:
    """The documented defaults: the East seat (the dealer), the East round, a win on a discard, nothing special.

    A riichi win needs a yaku, which an open hand of chows and an East pair has none of: under the riichi family
    the claimed pung is of a dragon (yakuhai) instead.
    """
    hand = EVERY_SET_HAND if family_of(load_ruleset(ruleset)) != "riichi" else EVERY_SET_HAND.replace("777s", "555z")
    result = scored(capsys, "--ruleset", ruleset, _hand_for(ruleset, hand))
    assert result["situation"] == {"winner": True, "seat": "E", "round": "E", "dealer": True, "how": "discard",
                                   "flags": [], "ignored": []}
    assert result["score"]["value"] > 0


@pytest.mark.parametrize("ruleset", SCORED)
def test_the_same_flags_mean_the_same_under_every_ruleset(capsys: pytest.CaptureFixture[str], ruleset: str) -> None:
    result = scored(capsys, "--ruleset", ruleset, "--seat", "S", "--round", "W", "--self-drawn", "--last-tile",
                    _hand_for(ruleset, EVERY_SET_HAND))
    sit = result["situation"]
    assert (sit["seat"], sit["round"], sit["dealer"], sit["how"]) == ("S", "W", False, "self_drawn")
    assert set(sit["flags"]) == {"self_drawn", "last_tile"}
    ignored = {i["flag"] for i in sit["ignored"]}
    # Some rulesets have no last-tile item; a card's hand is worth its line whoever drew it (a self-draw is paid
    # double by the settlement, not valued by the hand).
    assert ignored <= {"--last-tile", "--seat", "--round"} | ({"--self-drawn"} if _plays_a_card(ruleset) else set())
    # These families read no winds: flat, tai, and example_riichi_mechanics's red_fives (a point per red five).
    assert not ignored & {"--seat", "--round"} or result["score"]["family"] in ("flat", "tai", "red_fives")


@pytest.mark.parametrize("ruleset", ["hongkong", "harbin", "mcr", "piter"])
def test_seat_and_round_winds_move_a_wind_pungs_value(capsys: pytest.CaptureFixture[str], ruleset: str) -> None:
    """``--seat`` works everywhere, and so does ``!seat_wind_south``, which worked for MCR only."""
    east = scored(capsys, "--ruleset", ruleset, SOUTH_PUNG)["score"]["value"]
    south = scored(capsys, "--ruleset", ruleset, "--seat", "S", SOUTH_PUNG)["score"]["value"]
    written = scored(capsys, "--ruleset", ruleset, SOUTH_PUNG + " !seat_wind_south")["score"]["value"]
    assert south > east and written == south


def test_hong_kong_takes_wind_flags(capsys: pytest.CaptureFixture[str]) -> None:
    result = scored(capsys, "--ruleset", "hongkong", "--round", "S", SOUTH_PUNG)
    assert "prevalent_wind_pong" in names(result) or any("prevalent" in n for n in names(result))


def test_a_flag_a_ruleset_does_not_read_is_reported_as_ignored(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "score", "--ruleset", "hongkong", "--calling", HAND)
    assert code == 0, err
    assert "ignored  --calling: ruleset hongkong reads none of calling" in out
    result = scored(capsys, "--ruleset", "piter", "--calling-from-start", HAND)
    assert result["situation"]["ignored"] == []  # Piter's table reads it


@pytest.fixture
def rebind() -> Iterator[Callable[[], None]]:
    """Load rulesets afresh once a plugin module is patched, and again once the patch is undone.

    A ruleset's hooks outside games are kept with its binding (``ruleset_hooks``), so a patched module is heard
    by a ruleset loaded after the patch.  Ask for this fixture before ``monkeypatch``: fixtures are torn down in
    reverse, so the rulesets are forgotten after the patch is undone and no later test hears it.
    """
    yield clear_cache
    clear_cache()


def test_a_family_that_does_not_say_which_facts_it_reads_is_named_not_trusted(
        capsys: pytest.CaptureFixture[str], rebind: Callable[[], None], monkeypatch: pytest.MonkeyPatch) -> None:
    """A third-party family may leave out mahjong_facts_read: then no flag is called ignored, and the note says so."""
    family = bind(load_ruleset("hongkong")).family
    assert family is not None
    monkeypatch.delattr(family.plugin, "mahjong_facts_read")  # a new set of hook functions: a new plugin manager
    rebind()
    code, out, err = run_cli(capsys, "score", "--ruleset", "hongkong", "--calling", HAND)
    assert code == 0, err
    assert "ignored  --" not in out
    assert "note     the hongkong family does not say which situation facts it reads" in out


def test_a_losing_hand_is_scored_with_loser(capsys: pytest.CaptureFixture[str]) -> None:
    """No JSON ``"winner": false`` to find out about: ``--loser``."""
    result = scored(capsys, "--ruleset", "harbin", "--loser", "123m456p11z [777s<] 5s")
    assert result["situation"]["winner"] is False and result["score"]["value"] > 0
    assert "special_pair" in names(result)


def test_a_hong_kong_loser_scores_nothing_and_says_why(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run_cli(capsys, "score", "--ruleset", "hongkong", "--loser", "123m456p11z [777s<] 5s")
    assert code == 0, err
    assert "000 line 515" in out and "total    0" in out
    result = scored(capsys, "--ruleset", "hongkong", "--loser", "123m456p11z [777s<] 5s")
    assert "000 line 515" in result["situation"]["note"]


@pytest.mark.parametrize(("args", "needle"), [
    (["--ruleset", "harbin", "123m456p78s11z [777s<] 9s"], "+TILE"),  # a winner without its winning tile
    (["--ruleset", "harbin", "--loser", HAND], "losing hand has no winning tile"),
    (["--ruleset", "harbin", "--earthly", HAND], "--seat S, W or N"),
    (["--ruleset", "harbin", "--seat", "S", "--heavenly", HAND], "heavenly hand is East's"),
    (["--ruleset", "harbin", "--self-drawn", "--robbing-kong", HAND], "robbed from a kong"),
    (["--ruleset", "harbin", "--seat", "up", HAND], "E, S, W or N"),
    (["--ruleset", "harbin", HAND + " !self_drawm"], "did you mean !self_drawn"),
    (["--ruleset", "harbin", "--seat", "W", HAND + " !seat_wind_south"], "different winds"),
])
def test_bad_situations_are_one_located_line(capsys: pytest.CaptureFixture[str], args: list[str],
                                             needle: str) -> None:
    code, out, err = run_cli(capsys, "score", *args)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and needle in err, err


def test_a_fact_no_flag_gives_is_an_error_saying_how_to_give_it(capsys: pytest.CaptureFixture[str],
                                                                rebind: Callable[[], None],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A family that reads a fact outside the flags' vocabulary: the error names ``--fact``, which then works."""
    ruleset = load_ruleset("harbin")
    family = bind(ruleset).family
    declared = ruleset_hooks(ruleset).mahjong_facts_read(ruleset=ruleset)
    assert family is not None and declared is not None

    def mahjong_facts_read() -> FactsRead:
        return FactsRead(declared.winner | {"dice_total"}, declared.loser)

    monkeypatch.setattr(family.plugin, "mahjong_facts_read", mahjong_facts_read)
    rebind()
    code, _, err = run_cli(capsys, "score", "--ruleset", "harbin", HAND)
    assert code == 2 and "dice_total" in err and "--fact NAME=VALUE" in err
    code, out, err = run_cli(capsys, "score", "--ruleset", "harbin", "--fact", "dice_total=7", HAND)
    assert code == 0, err


def test_batch_lines_take_the_same_situation(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    lines = [json.dumps({"hand": SOUTH_PUNG, "seat": "S", "flags": ["self_drawn"]}),
             json.dumps({"hand": "123m456p11z [777s<] 5s", "loser": True}),
             json.dumps({"hand": HAND, "flags": ["no_such_flag"]})]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, _ = run_cli(capsys, "score", "--ruleset", "harbin", "--batch")
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert rows[0]["situation"]["seat"] == "S" and rows[0]["situation"]["how"] == "self_drawn"
    assert rows[1]["situation"]["winner"] is False
    assert "unknown situation flag !no_such_flag" in rows[2]["error"] and "line 3" in rows[2]["error"]


def test_the_flags_east_is_the_tiles_east() -> None:
    from mahjong_core.hand import situation, tiles

    assert situation.EAST == tiles.EAST and list(situation.WINDS.values()) == list(tiles.WINDS)


@pytest.mark.parametrize("ruleset", SCORED)
def test_a_familys_declared_facts_are_all_its_engine_needs(ruleset: str) -> None:
    """Scored with only the facts its family declares (and the winner's flag), no engine asks for another."""
    from mahjong_core.hand.notation import parse_hand
    from mahjong_core.hand.situation import win_context
    from mahjong_core.plugin.scoring import score_hand

    rs = load_ruleset(ruleset)
    declared = ruleset_hooks(rs).mahjong_facts_read(ruleset=rs)
    assert declared is not None, f"{ruleset}: its family declares no facts (mahjong_facts_read)"
    for hand, winner, read in ((EVERY_SET_HAND, True, declared.winner), ("123p456p11z [777s<] 5s", False,
                                                                         declared.loser)):
        parsed = parse_hand(sized(ruleset, hand))
        full = win_context(winner=winner, winning_tile=parsed.winning_tile)
        context = {k: v for k, v in full.items() if k in (read or ()) or k in ("winner", "winning_tile")}
        score = score_hand(rs, parsed, context)
        assert score is not None and (read is not None or score.total == 0)
