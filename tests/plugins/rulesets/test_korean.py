"""Korean 2-point mahjong (``korean``): its tile set, its claim rules (no chow but the winning tile), its sacred
discard, its missed discard, its optional ready declaration (uper) and the bonus point it scores, its scoring as
classical points with a minimum of two basic points, and seeded games of every bot that replay and audit clean.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from mahjong_rulesets.mechanisms import furiten, riichi_declaration

from mahjong_core import check, load_ruleset, load_ruleset_text, minimum_figures, simulate
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import GreedyBot, make_bots
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.plugin import Action, Rng, Ruleset, Table, bind, parse_tiles
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.table.state import MeldKind, meld_of
from mahjong_core.table.wall import Wall

RULESET = "korean"
#: The seeds of the games between greedy bots: among them, without the sacred discard, wins on a kind the winner
#: had discarded (declared hands wait on the tiles least seen, so such wins are few).
SEEDS = range(25, 33)


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


def play(ruleset: Ruleset, folder: Path, seeds: range, bots: list[str], deals: int) -> list[list[dict[str, Any]]]:
    games = []
    for seed in seeds:
        played = simulate(ruleset, seed, 1, bots, folder, max_deals=deals)
        assert played[0].replay is not None
        games.append([json.loads(line) for line in played[0].replay.read_text(encoding="utf-8").splitlines()])
    return games


@pytest.fixture(scope="module")
def logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[list[dict[str, Any]]]:
    """Eight seeded games of a full game's eight deals between greedy bots."""
    return play(ruleset, tmp_path_factory.mktemp("korean"), SEEDS, ["greedy"] * 4, 8)


def events(logs: list[list[dict[str, Any]]], kind: str) -> Iterator[dict[str, Any]]:
    return (e for log in logs for e in log if e["type"] == kind)


# ---------------------------------------------------------------- tiles and seats


def test_104_tiles_two_suits_the_honours_and_four_flowers(ruleset: Ruleset) -> None:
    tiles = ruleset.tile_set()
    assert len(tiles) == 104
    codes = Counter(bind(ruleset).tiles.code(t)[-1] for t in tiles)
    assert codes == {"m": 36, "p": 36, "z": 28, "f": 4}  # no bamboo (s), no seasons
    assert ruleset.value("players") == 4 and ruleset.value("hand_size") == 13


# ---------------------------------------------------------------- claims: pungs and kongs, a chow only to win


def test_no_chow_is_ever_claimed_but_pungs_and_kongs_are(logs: list[list[dict[str, Any]]]) -> None:
    kinds = Counter(e["kind"] for e in events(logs, "claim"))
    assert kinds["pung"] > 0 and "chow" not in kinds


def test_a_discard_that_completes_a_sequence_still_wins(logs: list[list[dict[str, Any]]]) -> None:
    """Wins on a discard happen, and some take the tile into a sequence: the chow is claimable for mahjong only."""
    on_discard = [e for e in events(logs, "mahjong") if e["how"] == "discard"]
    assert on_discard
    readings = [e for e in events(logs, "score") if e["value"] > 0]
    assert readings


def test_claim_rules_as_the_core_reads_them(ruleset: Ruleset) -> None:
    assert ruleset.value("chow_from") == "nobody"
    assert tuple(ruleset.value("claim_priority")) == ("mahjong", "pung_or_kong")
    assert ruleset.value("pung_claim_until_next_discard") is False


# ---------------------------------------------------------------- the sacred discard in play


def wins_on_own_discards(logs: list[list[dict[str, Any]]]) -> tuple[int, int]:
    """(wins on another seat's tile, of which on a kind the winner had discarded earlier in the deal)."""
    wins = sacred = 0
    for log in logs:
        discarded: dict[int, set[str]] = {}
        for e in log:
            if e["type"] == "deal_start":
                discarded = {}
            elif e["type"] == "decision" and e.get("action") == "discard":
                discarded.setdefault(e["actor"], set()).add(e["tile"])
            elif e["type"] == "mahjong" and e["how"] in ("discard", "robbing_kong"):
                wins += 1
                sacred += e["tile"] in discarded.get(e["seat"], set())
    return wins, sacred


def test_no_seat_wins_on_a_kind_it_discarded_that_deal(logs: list[list[dict[str, Any]]]) -> None:
    wins, sacred = wins_on_own_discards(logs)
    assert wins > 0 and sacred == 0


def test_without_the_rule_the_same_games_do_win_on_own_discards(tmp_path: Path) -> None:
    """The control: the same seeds with ``sacred_discard: null`` win on a kind the winner had discarded."""
    lifted = load_ruleset_text("id: korean_no_sacred\nversion: 1.0.0\nname: test\nextends: korean\nparameters:\n"
                               "  sacred_discard: {value: null, assumption: a test}\n", "test.yaml")
    wins, sacred = wins_on_own_discards(play(lifted, tmp_path, SEEDS, ["greedy"] * 4, 8))
    assert wins > 0 and sacred > 0


# ---------------------------------------------------------------- scoring: points added, two basic points to win


def score(ruleset: Ruleset, hand: str, *flags: str) -> tuple[int, int]:
    parsed = parse_hand(hand)
    scored = score_hand(ruleset, parsed, win_context(flags, winning_tile=parsed.winning_tile))
    assert scored is not None
    return scored.total, int(scored.raw["basic_points"])


@pytest.mark.parametrize(("hand", "flags", "total", "basic"), [
    # a dragon pung alone on a discard: 1 basic point, too few to win (ante 5 + pung 1 + two 1p)
    ("123m456m678m1p [555z<] +1p", (), 8, 1),
    # concealed, on a discard: dragon pung and concealed hand, 2 basic; ante 5, three 5z
    ("234m456m789m22p55z +5z", (), 10, 2),
    # all sequences won on a discard, concealed: 2 basic; ante 5; two 2p
    ("123m456m678m2p345p +2p", (), 9, 2),
    # the same tiles self-drawn are not all sequences (co_kr section 11): concealed and fully concealed, 2 basic;
    # ante 10; two 2p
    ("123m456m678m2p345p +2p", ("self_drawn",), 14, 2),
    # all sequences with a dragon pair is not the Korean all sequences: concealed on a discard, 1 basic
    ("12233m456789p77z +4m", (), 7, 1),
    # the worked hand of co_kr section 9.1, less its ready declaration: 3 basic, ante 10, kong 5, dora 3
    ("234m678p99p55z (1111m) +5z", ("self_drawn", "replacement"), 21, 3),
    # ... and as the chapter counts it, declared (uper): one bonus point more, 22, and still 3 basic
    ("234m678p99p55z (1111m) +5z", ("self_drawn", "replacement", "riichi"), 22, 3),
    # a declaration on the first discard is the five-point basic hand double_uper, paid instead of the uper
    ("234m678p99p55z (1111m) +5z", ("self_drawn", "replacement", "double_riichi"), 26, 8),
    # a flower adds a bonus point and no basic point
    ("234m456m789m22p55z 1f +5z", (), 11, 2),
    # one suit with honours, claimed: 2 basic on its own (South is neither the seat's nor the round's wind)
    ("123m456m11m22z [777m^] +2z", (), 10, 2),
])
def test_points_are_added_and_the_minimum_counts_basic_points(ruleset: Ruleset, hand: str, flags: tuple[str, ...],
                                                              total: int, basic: int) -> None:
    assert score(ruleset, hand, *flags) == (total, basic)


def test_bonus_points_never_make_up_the_minimum(ruleset: Ruleset) -> None:
    parsed = parse_hand("123m456m678m1p [555z<] 1f +1p")
    scored = score_hand(ruleset, parsed, win_context(("self_drawn", "replacement"), winning_tile=parsed.winning_tile))
    assert scored is not None and scored.total > 10
    [(measure, _excluding, need, have)] = minimum_figures(ruleset, scored)
    assert (measure, need, have) == ("basic_points", 2, 1)


def test_the_limit_is_80(ruleset: Ruleset) -> None:
    assert ruleset.value("usual_limit") == 80


# ---------------------------------------------------------------- every hand of the table, each scored once

EAST, SOUTH = 27, 28


def scored_rows(ruleset: Ruleset, hand: str, flags: tuple[str, ...], seat: int = EAST) -> tuple[int, int, set[str],
                                                                                                    set[str]]:
    """(total, basic points, the rows that counted, the rows that held but another row excluded)."""
    parsed = parse_hand(hand)
    scored = score_hand(ruleset, parsed, win_context(flags, seat=seat, winning_tile=parsed.winning_tile))
    assert scored is not None
    return (scored.total, int(scored.raw["basic_points"]), {item.name for item in scored.items},
            {item.name for item in scored.excluded})


#: (row, hand, flags, seat, total, basic points): each hand holds the row, and its total and basic points are
#: counted by hand here from the table's values (the comment says how).  Seat and round East unless South is named.
ROW_HANDS = [
    # all simples 1; ante 5; two 5p
    ("all_simples", "234m567m678p5p [333p<] +5p", (), EAST, 8, 1),
    # East's pung in the East round: the double wind 2, not seat 1 + round 1; ante 5; two 5p
    ("double_wind", "234m567m678p5p [111z<] +5p", (), EAST, 9, 2),
    # the pure straight 2; ante 5; two 5m
    ("pure_straight", "123p456p789p5m [222m<] +5m", (), EAST, 9, 2),
    # concealed 1 + three concealed pungs 4; ante 5; two 5p
    ("three_concealed_pungs", "222m444p666p789m5p +5p", (), EAST, 12, 5),
    # concealed 1 + seven pairs 4; ante 5; two 7z
    ("seven_pairs", "11m22m33p44p55z66z7z +7z", (), EAST, 12, 5),
    # two dragon pungs 2 + concealed 1 + little three dragons 6 + one suit with honours 2; ante 5; two 7z
    ("little_three_dragons", "555z666z7z123m456m +7z", (), EAST, 18, 11),
    # concealed 1 + fully concealed 1 + all pungs 2 + four concealed pungs 6 (not three's 4); ante 10; two 9p
    ("four_concealed_pungs", "111m333m555p777p9p +9p", ("self_drawn",), EAST, 22, 10),
    # one suit only 8; ante 5; three 2m
    ("pure_suit", "234m567m888m2m [999m<] +2m", (), EAST, 16, 8),
    # three dragon pungs 3 + concealed 1 + three concealed pungs 4 + big three dragons 8; ante 5; one 3m
    ("big_three_dragons", "555z666z777z12m99p +3m", (), EAST, 22, 16),
    # all pungs 2 + three concealed pungs 4 + all terminals and honours 8; ante 5; two 9p
    ("terminals_and_honours", "111m999m111p9p [222z<] +9p", (), EAST, 21, 14),
    # double wind 2 + little four winds 8 + one suit with honours 2; ante 5; one 7m
    ("little_four_winds", "222z333z44z56m [111z<] +7m", (), EAST, 18, 12),
    # double wind 2 + three concealed pungs 4 + all pungs 2 + one suit with honours 2 + big four winds 12; ante 5;
    # two 5m
    ("big_four_winds", "222z333z444z5m [111z<] +5m", (), EAST, 29, 22),
    # double wind 2 + two dragon pungs 2 + all pungs 2 + little three dragons 6 + all honours 12 (not all terminals
    # and honours' 8); ante 5; two 7z
    ("all_honours", "222z666z7z [111z<] [555z<] +7z", (), EAST, 31, 24),
    # concealed 1 + fully concealed 1 + all simples 1 + the heavenly hand 16; ante 10; one 8p
    ("heavenly_hand", "234m345m22p567p67p +8p", ("tenhou",), EAST, 30, 19),
    # the same with the earthly hand, South's first draw
    ("earthly_hand", "234m345m22p567p67p +8p", ("chiihou",), SOUTH, 30, 19),
    # on a discard: concealed 1 + all sequences 1 + all simples 1 + the human hand 16; ante 5; one 8p
    ("human_hand", "234m345m22p567p67p +8p", ("renhou",), SOUTH, 25, 19),
    # concealed 1 + one suit only 8 + nine gates 24 (111 234 678 999 and 55); ante 5; two 5m
    ("nine_gates", "1112345678999m +5m", (), EAST, 40, 33),
    # a dragon pung 1 + concealed 1; ante 5; three 5z; four flowers 4 and all four flowers 8
    ("all_four_flowers", "234m456m789m22p55z 1234f +5z", (), EAST, 22, 2),
    # all simples 1; ante 5; robbing a kong 5; two 5p
    ("robbing_kong", "234m567m678p5p [333p<] +5p", ("robbing_kong",), EAST, 13, 1),
    # all simples 1; ante 5; the wall's last tile 5; two 5p
    ("last_tile_drawn", "234m567m678p5p [333p<] +5p", ("self_drawn", "last_tile"), EAST, 13, 1),
    # all simples 1; ante 5; the last discard 5; two 5p
    ("last_discard", "234m567m678p5p [333p<] +5p", ("last_tile",), EAST, 13, 1),
    # all simples 1; ante 5; a kong's replacement tile that is the 5 of dots 8 (not the win on a kong's 5); two 5p
    ("kong_five_dots", "234m678p5p [333p<] (7777m) +5p", ("replacement",), EAST, 16, 1),
    # no basic point; ante 5; the wall's last tile, the 1 of dots 8 (not the last tile's 5); two 1p
    ("last_tile_one_dot", "234m567m678m1p [999p<] +1p", ("self_drawn", "last_tile"), EAST, 15, 0),
    # no basic point; ante 5; the last discard, the 9 of dots 8 (not the last discard's 5); two 9p
    ("last_discard_nine_dots", "234m567m678m9p [111p<] +9p", ("last_tile",), EAST, 15, 0),
]


@pytest.mark.parametrize(("row", "hand", "flags", "seat", "total", "basic"), ROW_HANDS, ids=[r[0] for r in ROW_HANDS])
def test_each_hand_of_the_table_scores_its_points(ruleset: Ruleset, row: str, hand: str, flags: tuple[str, ...],
                                                  seat: int, total: int, basic: int) -> None:
    scored_total, scored_basic, counted, _excluded = scored_rows(ruleset, hand, flags, seat)
    assert row in counted
    assert (scored_total, scored_basic) == (total, basic)


@pytest.mark.parametrize(("hand", "flags", "greater", "lesser"), [
    ("234m567m678p5p [111z<] +5p", (), "double_wind", "seat_wind"),
    ("111m333m555p777p9p +9p", ("self_drawn",), "four_concealed_pungs", "three_concealed_pungs"),
    ("222z666z7z [111z<] [555z<] +7z", (), "all_honours", "terminals_and_honours"),
    ("234m678p99p55z (1111m) +5z", ("self_drawn", "replacement", "double_riichi"), "double_uper", "uper"),
    ("234m678p5p [333p<] (7777m) +5p", ("replacement",), "kong_five_dots", "win_on_kong"),
    ("234m567m678m1p [999p<] +1p", ("self_drawn", "last_tile"), "last_tile_one_dot", "last_tile_drawn"),
    ("234m567m678m9p [111p<] +9p", ("last_tile",), "last_discard_nine_dots", "last_discard"),
])
def test_a_greater_form_is_paid_instead_of_the_lesser(ruleset: Ruleset, hand: str, flags: tuple[str, ...],
                                                      greater: str, lesser: str) -> None:
    _total, _basic, counted, excluded = scored_rows(ruleset, hand, flags)
    assert greater in counted and lesser not in counted and lesser in excluded


def test_the_worked_hand_of_chapter_xi_counts_all_simples_not_all_sequences_when_self_drawn(ruleset: Ruleset) -> None:
    """co_kr section 11, its second worked hand: a concealed all-simples hand of sequences, declared (uper), won
    self-drawn on an 8 of dots held once: ante 10, three basic points (concealed, fully concealed, all simples), the
    uper's point and one Korean dora -- 15; the same tiles won on a discard are all sequences."""
    total, basic, counted, _ = scored_rows(ruleset, "234m345m22p567p67p +8p", ("self_drawn", "riichi"))
    assert (total, basic) == (15, 3) and "all_sequences" not in counted and "all_simples" in counted
    total, basic, counted, _ = scored_rows(ruleset, "234m345m22p567p67p +8p", ("riichi",))
    assert (total, basic) == (10, 3) and "all_sequences" in counted


def test_the_table_has_the_26_basic_and_12_bonus_hands(ruleset: Ruleset) -> None:
    """co_kr section 10: 38 hands, 26 basic and 12 bonus, worth 1 to 24 points.  The table holds them all -- the
    exposed ready declaration (불러) among the bonus ones -- beside the two ante rows."""
    rows = ruleset.table("points")
    basic = {name for name, row in rows.items() if row["category"] == "basic"}
    bonus = {name for name, row in rows.items() if row["category"] == "bonus"} - {"win_ante",
                                                                                 "win_ante_concealed_self_drawn"}
    assert len(basic) == 26 and len(bonus) == 12 and "open_uper" in bonus
    assert min(rows[name]["value"] for name in basic) == 1 and max(rows[name]["value"] for name in basic) == 24


# ---------------------------------------------------------------- seeded games


@pytest.mark.parametrize("bots", [["random"] * 4, ["greedy"] * 4, ["greedy", "random", "greedy", "random"]])
def test_a_seeded_game_of_every_bot_replays_and_audits_clean(tmp_path: Path, bots: list[str]) -> None:
    played = simulate(load_ruleset(RULESET), 7, 1, bots, tmp_path, max_deals=4)
    assert played[0].replay is not None
    assert check(str(played[0].replay)).ok
    assert check(str(played[0].replay), "audit").ok


def test_greedy_bots_win_most_deals_and_a_win_is_paid_as_the_rules_say(logs: list[list[dict[str, Any]]]) -> None:
    deals = sum(1 for _ in events(logs, "deal_start"))
    wins = list(events(logs, "mahjong"))
    assert deals == 64 and len(wins) >= deals // 3
    for log in logs:
        for i, e in enumerate(log):
            if e["type"] != "mahjong":
                continue
            settlement = next(s for s in log[i:] if s["type"] == "settlement")
            payers = {p[0] for p in settlement["payments"]}
            if e["how"] == "discard":  # the discarder alone
                assert payers == {e["discarder"]}
            else:  # self-drawn: every other seat
                assert payers == {0, 1, 2, 3} - {e["seat"]}


@pytest.mark.parametrize(
    ("figure", "message"),
    [
        ("{points: {categories: [basic]}}", "point figure 'points' would replace the engine's own raw figure"),
        ("{basic_points: {categories: [nope]}}", "categories \\['nope'\\] that no points row has; the points rows' "
                                                 "categories: basic, bonus"),
        ("{basic_points: {categories: []}}", "non-empty list of categories"),
        ("[basic]", "scoring.point_figures must map raw figure names"),
    ],
)
def test_a_bad_point_figure_fails_with_its_place(tmp_path: Path, figure: str, message: str) -> None:
    from mahjong_rulesets.families.classical.tables import classical_tables

    from mahjong_core import RulesetError

    path = tmp_path / "korean_figures.yaml"
    path.write_text("id: korean_figures\nversion: 1.0.0\nname: x\nextends: korean\nscoring:\n"
                    f"  point_figures: {{value: {figure}, assumption: test}}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=message) as caught:
        classical_tables(load_ruleset(path))
    assert caught.value.place and caught.value.place.startswith("$.scoring.point_figures")


# ---------------------------------------------------------------- uper: the optional ready declaration


def game_table(ruleset: Ruleset, hand: str, *, live: bool = True) -> Table:
    """Seat 0 holding ``hand`` at the table of a game (whose judgement of a hand the declaration asks), on a dealt
    wall of 104 tiles (``live``) or none (no tile left to draw)."""
    t = Game(ruleset, make_bots(["greedy"] * 4, 1), 1).table
    t.new_deal()
    if live:
        t.wall = Wall(ruleset.tile_set(), Rng.from_seed(1).derive("deal", 0, 0), ruleset.value("wall_ceremony"),
                      exhaustive_draw_tiles_left=0)
    for kind in parse_tiles(hand):
        t.seats[0].counts[kind] += 1
    return t


def without_the_two_point_condition() -> Ruleset:
    return load_ruleset_text("id: korean_any_uper\nversion: 1.0.0\nname: test\nextends: korean\nparameters:\n"
                             "  riichi_declaration:\n"
                             "    value: {stick: 0, tiles_left: 4, concealed_kong: same_waits}\n"
                             "    assumption: a test\n", "test.yaml")


def uper_offered(ruleset: Ruleset, t: Table) -> bool:
    return bool(riichi_declaration.mahjong_ready_turn_actions(ruleset=ruleset, table=t, seat=0))


def test_uper_is_offered_to_a_ready_concealed_hand_that_makes_two_basic_points_won_on_a_discard(
        ruleset: Ruleset) -> None:
    """co_kr section 9.1: a concealed hand, declared with the discard that leaves it ready, never with fewer than
    four tiles left in the wall, and only where a win on another's discard would still make two basic points."""
    assert uper_offered(ruleset, game_table(ruleset, "234m456m789m55z77z9p"))  # 5z/7z: a dragon pung either way
    assert not uper_offered(ruleset, game_table(ruleset, "234m456m789m55z77z9p", live=False))  # no tiles left
    assert not uper_offered(ruleset, game_table(ruleset, "234m456m789m5z7z1p9p6z"))  # far from ready
    t = game_table(ruleset, "456m789m55z77z9p")
    t.seats[0].melds.append(meld_of(MeldKind.PUNG, (1, 1, 1), exposed=True, claimed_from=1))
    assert not uper_offered(ruleset, t)  # an open hand
    t = game_table(ruleset, "456m789m55z77z9p")
    t.seats[0].melds.append(meld_of(MeldKind.KONG, (1, 1, 1, 1), exposed=False))
    assert uper_offered(ruleset, t)  # a concealed kong keeps it concealed
    # 22p and 55z on a discard: the 2p would make one basic point (the concealed hand) -- no uper
    assert not uper_offered(ruleset, game_table(ruleset, "234m456m789m22p55z8p"))
    lifted = without_the_two_point_condition()
    assert uper_offered(lifted, game_table(lifted, "234m456m789m22p55z8p"))


def test_the_declaring_discard_must_leave_every_wait_worth_two_basic_points(ruleset: Ruleset) -> None:
    """234m456m789m23p555z: the 5z leaves 23p waiting on 1p or 4p (the concealed hand only, one basic point); the
    2p or the 3p leaves a single wait with the dragon pung.  In the declaring turn the 5z is refused."""
    options = [Action("discard", k) for k in sorted(set(parse_tiles("234m456m789m23p555z")))]

    def refused(rules: Ruleset) -> set[str]:
        t = game_table(rules, "234m456m789m23p555z")
        t.seats[0].flags[riichi_declaration.FLAG] = 0  # declared in this turn (it has drawn nothing since)
        out = riichi_declaration.mahjong_refused_options(ruleset=rules, table=t, seat=0, phase="turn",
                                                          options=options) or []
        return {bind(rules).tiles.code(o.tile) for o in out if o.tile is not None}

    assert "5z" in refused(ruleset) and {"2p", "3p"}.isdisjoint(refused(ruleset))
    assert "5z" not in refused(without_the_two_point_condition())


def test_uper_costs_nothing_and_locks_the_hand(ruleset: Ruleset) -> None:
    t = game_table(ruleset, "234m456m789m55z77z9p")
    t.scores = [-40, 0, 0, 0]  # a seat behind may declare: there is no stick to hold
    assert uper_offered(ruleset, t)
    (event,) = riichi_declaration.mahjong_apply_action(ruleset=ruleset, table=t, seat=0,
                                                       action=Action(riichi_declaration.DECLARE), phase="turn")
    assert riichi_declaration.mahjong_event_reactions(ruleset=ruleset, table=t, event=event) is None  # no payment


def declared_games(logs: list[list[dict[str, Any]]]) -> Iterator[tuple[list[dict[str, Any]], int, int]]:
    """(log, index of a declaration, its seat)."""
    for log in logs:
        for i, e in enumerate(log):
            if e["type"] == riichi_declaration.DECLARED:
                yield log, i, e["seat"]


def test_greedy_bots_declare_uper_and_a_declared_winner_scores_its_bonus_point(
        logs: list[list[dict[str, Any]]]) -> None:
    declarations = list(declared_games(logs))
    assert len(declarations) >= 10
    assert not any("riichi_stick" in json.dumps(e) for log in logs for e in log)  # nothing paid for one
    declared: set[tuple[int, int]] = set()  # (game, seat) declared in the current deal
    scored = 0
    for g, log in enumerate(logs):
        for e in log:
            if e["type"] == "deal_start":
                declared = {d for d in declared if d[0] != g}
            elif e["type"] == riichi_declaration.DECLARED:
                declared.add((g, e["seat"]))
            elif e["type"] == "score" and e.get("value", 0) > 0:
                has_uper = any(item["name"] == "uper" for item in e["items"])
                assert has_uper == ((g, e["seat"]) in declared)
                scored += has_uper
    assert scored >= 5


def test_a_declared_hand_discards_each_tile_it_draws_unless_it_wins_or_kongs(
        logs: list[list[dict[str, Any]]]) -> None:
    """co_kr section 9.1: once declared, the hand is not changed; a concealed kong of the drawn tile is allowed."""
    for log, i, seat in declared_games(logs):
        drawn = None
        declaring = True  # the declaring discard comes first (after the exposed declaration's own event, if any)
        for e in log[i + 1:]:
            if e["type"] in ("deal_end", "mahjong"):
                break
            if declaring:
                declaring = not (e["type"] == "decision" and e["actor"] == seat and e["phase"] == "turn")
                continue
            if e["type"] in ("draw", "replacement") and e.get("seat") == seat:
                drawn = e["tile"]
            elif e["type"] == "decision" and e["actor"] == seat and e["phase"] == "turn":
                assert e["action"] in ("discard", "kong", "win")
                if e["action"] == "discard":
                    assert e["tile"] == drawn


# ---------------------------------------------------------------- the missed discard


def wins_on_passed_kinds(logs: list[list[dict[str, Any]]]) -> tuple[int, int]:
    """(wins on another seat's discard, of which on a kind the winner had let go by since its own last discard)."""
    wins = missed = 0
    for log in logs:
        passed: dict[int, set[str]] = {}
        pending: tuple[str, int] | None = None
        for e in log:
            if e["type"] == "deal_start":
                passed, pending = {}, None
            elif e["type"] == "decision" and e.get("action") == "discard":
                seat = e["actor"]
                if pending is not None:  # the discard before went by every seat but its discarder and this one
                    for other in range(4):
                        if other not in (pending[1], seat):
                            passed.setdefault(other, set()).add(pending[0])
                passed[seat] = set()
                pending = (e["tile"], seat)
            elif e["type"] == "mahjong" and e["how"] == "discard":
                wins += 1
                missed += e["tile"] in passed.get(e["seat"], set())
    return wins, missed


def test_no_seat_wins_on_a_kind_it_let_go_by_since_its_own_last_discard(logs: list[list[dict[str, Any]]]) -> None:
    wins, missed = wins_on_passed_kinds(logs)
    assert wins > 0 and missed == 0


class LetsOneGoBy(GreedyBot):
    """A greedy bot that lets the first tile it could win on by a discard go by, once a deal (every bot of ours
    takes every win it is offered, so without one that does not the missed discard never binds)."""

    def __init__(self, rng: Rng, name: str) -> None:
        super().__init__(rng, name)
        self.let_go: int | None = None  # the deal it let one go in

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        if phase == "claim" and self.let_go != table.deal_number and any(o.kind == "win" for o in options):
            self.let_go = table.deal_number
            return Action("pass").after(self.CLAIM_MS)
        return super().choose(table, seat, options, phase)


def letting_one_go_by(ruleset: Ruleset, seeds: range) -> list[list[dict[str, Any]]]:
    logs = []
    for seed in seeds:
        log: list[dict[str, Any]] = []
        players = [LetsOneGoBy(Rng.from_seed(seed).derive("bot", i), f"lets-go-{i}") for i in range(4)]
        Game(ruleset, players, seed, emit=log.append, max_deals=8).play()
        logs.append(log)
    return logs


def test_a_seat_that_let_its_winning_tile_go_by_does_not_win_on_the_next_one() -> None:
    """The rule in play, with a control: seats that let one winning discard go by each deal never win on another
    tile of its kind before their own next discard; with the rule lifted (``furiten`` all false) they do.  The
    control also leaves out the exposed declaration, whose shown waits no other seat may discard: with it, the
    tiles a ready hand lets go by are seldom discarded again before its next discard, and the control's few games
    would show no such win to refuse."""
    korean = load_ruleset(RULESET)
    wins, missed = wins_on_passed_kinds(letting_one_go_by(korean, range(1, 9)))
    assert wins > 0 and missed == 0
    lifted = load_ruleset_text("id: korean_no_missed\nversion: 1.0.0\nname: test\nextends: korean\nparameters:\n"
                               "  furiten: {value: {own_discards: false, passed: false, after_declaration: false}, "
                               "assumption: a test}\n"
                               "  riichi_declaration:\n    value: {stick: 0, tiles_left: 4, "
                               "concealed_kong: same_waits, every_wait_wins_on_discard: true}\n"
                               "    assumption: a test\n", "test.yaml")
    wins, missed = wins_on_passed_kinds(letting_one_go_by(lifted, range(1, 9)))
    assert wins > 0 and missed > 0


def test_the_missed_discard_refuses_only_the_kind_let_go_by() -> None:
    """On a table fed discards by hand: seat 0 waits on 3p or 6p (123m456m789m11z45p) and lets a 6p go by; until
    its own next discard it may not win on a 6p, but may on a 3p -- riichi's temporary furiten refuses both."""
    korean = load_ruleset(RULESET)
    t = Table(players=4, scores=[0] * 4)
    t.new_deal()
    t.tiles = korean.tiles()
    for kind in parse_tiles("123m456m789m11z45p"):
        t.seats[0].counts[kind] += 1

    def discard(seat: int, tile: str) -> None:
        event = {"type": "decision", "actor": seat, "phase": "turn", "action": "discard", "tile": tile}
        assert furiten.mahjong_event_reactions(ruleset=korean, table=t, event=event) is None

    def refused(tile: str, rules: Ruleset = korean) -> bool:
        (kind,) = parse_tiles(tile)
        return bool(furiten.mahjong_refused_options(ruleset=rules, table=t, seat=0, phase="claim",
                                                    options=[Action("win", kind), Action("pass")]))

    discard(1, "6p")
    discard(2, "9m")  # the 6p has gone by seat 0
    assert refused("6p") and not refused("3p")
    assert refused("3p", load_ruleset("riichi_tenhou"))  # passed: true refuses every wait
    assert not furiten.mahjong_refused_options(ruleset=korean, table=t, seat=0, phase="turn",
                                               options=[Action("win", parse_tiles("6p")[0])])  # its own draw wins
    discard(0, "1z")  # its own discard ends it (a test of the record: the hand is as it was)
    discard(3, "2m")
    assert not refused("6p")
