"""The greedy bot's riichi play (``mahjong_core/engine/riichi_play.py``): it declares a ready concealed hand, opens
its hand only with a yaku in reach, and folds against a declaration while far from ready -- on tables set up by
hand, and over seeded ``riichi_tenhou`` games between four greedy bots.  Everywhere else it plays as before (the
golden replays of greedy games, ``tests/core/audit/test_replay.py``, hold that)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

from mahjong_core import Game, GreedyBot
from mahjong_core.engine.riichi_play import DECLARE, plays_riichi
from mahjong_core.hand import shanten as shanten_mod
from mahjong_core.hand.melds import Hand
from mahjong_core.plugin import Action, Rng, Ruleset, Table, parse_tiles
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import MeldKind, meld_of

RULESET = "riichi_tenhou"
SEEDS = range(6)


class Judge:
    """A stand-in for the game's judge on a table set up by hand: the riichi declaration is in the game, whose
    ruleset is ``ruleset`` (riichi_tenhou's: a declaration for a stick)."""

    actions = frozenset({"discard", "pung", "chow", "kong", "win", "pass", DECLARE})

    def __init__(self, wins: bool = True, ruleset: str = RULESET) -> None:
        self.answer = wins
        self.ruleset = load_ruleset(ruleset)

    def wins(self, seat: int, hand: Hand, how: str) -> bool:
        return self.answer


def table(hand: str, *, judge: Judge | None = None) -> Table:
    """Seat 0 holding ``hand`` at a four-seat table whose judge says the game offers the riichi declaration."""
    t = Table(players=4, scores=[25000] * 4)
    t.new_deal()
    t.judge = Judge() if judge is None else judge
    for kind in parse_tiles(hand):
        t.seats[0].counts[kind] += 1
    return t


def discards(t: Table, seat: int = 0) -> list[Action]:
    return [Action("discard", k) for k, n in enumerate(t.seats[seat].counts) if n]


def bot() -> GreedyBot:
    return GreedyBot(Rng.from_seed(1).derive("bot", 0))


def declare(t: Table, seat: int, tiles: str) -> None:
    """Seat ``seat`` has discarded ``tiles`` and declared riichi."""
    s = t.seats[seat]
    s.discards.extend(parse_tiles(tiles))
    s.flags[DECLARE] = s.taken


FAR = "1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 5z 9p"  # fourteen tiles, far from ready


# -- declaring --------------------------------------------------------------------------------------------------


def test_a_ready_concealed_hand_declares_when_the_declaration_is_offered() -> None:
    t = table("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5m 6m 9p")
    options = [*discards(t), Action(DECLARE)]
    assert bot().choose(t, 0, options, "turn") == Action(DECLARE)


def test_it_never_declares_where_the_declaration_is_not_offered_nor_in_a_game_without_it() -> None:
    t = table("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5m 6m 9p")
    assert bot().choose(t, 0, discards(t), "turn") == Action("discard", parse_tiles("9p")[0])
    plain = table("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5m 6m 9p")
    plain.judge = None  # a table that offers no riichi: the greedy bot's own play, which declares nothing
    assert plays_riichi(plain) is None
    assert bot().choose(plain, 0, [*discards(plain), Action(DECLARE)], "turn").kind == "discard"


def test_the_declaring_turn_discards_the_tile_leaving_the_most_unseen_waits() -> None:
    # 1m2m3m 4p5p6p 7s8s9s 2z2z with 5m6m and 8p: keeping 5m6m waits on 4m/7m (8 tiles), keeping 8p waits on 8p
    # alone (3 tiles) -- and 4m is out of sight everywhere
    t = table("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5m 6m 8p")
    t.seats[0].flags[DECLARE] = t.seats[0].taken
    options = [Action("discard", k) for k in parse_tiles("5m 6m 8p")]
    assert bot().choose(t, 0, options, "turn") == Action("discard", parse_tiles("8p")[0])


# -- keeping a yaku in reach ------------------------------------------------------------------------------------


def pung_options(t: Table, tile: str) -> list[Action]:
    k = parse_tiles(tile)[0]
    t.last_discard, t.last_discarder = k, 3
    return [Action("pung", k, (k, k)), Action("pass")]


def test_it_pungs_a_value_tile_but_not_a_terminal_that_leaves_no_yaku_in_reach() -> None:
    hand = "2m 3m 4m 6p 7p 9s 9s 1p 3p 5s 7s {t} {t}"
    value = table(hand.format(t="7z"))
    assert bot().choose(value, 0, pung_options(value, "7z"), "claim").kind == "pung"
    terminal = table(hand.format(t="9m"))
    assert bot().choose(terminal, 0, pung_options(terminal, "9m"), "claim").kind == "pass"
    simples = table("2m 3m 4m 6p 7p 4s 4s 3p 5p 5s 7s 5m 5m")
    assert bot().choose(simples, 0, pung_options(simples, "5m"), "claim").kind == "pung"  # all simples stay in reach


def test_a_claim_that_makes_a_ready_hand_is_made_only_where_a_wait_wins() -> None:
    hand = "2m 3m 4m 6p 7p 8p 1s 2s 3s 9m 9m 1z 5p"
    for wins, expected in ((True, "pung"), (False, "pass")):
        t = table(hand, judge=Judge(wins))
        assert bot().choose(t, 0, pung_options(t, "9m"), "claim").kind == expected


def test_an_open_hand_does_not_discard_into_a_ready_hand_no_wait_of_which_wins() -> None:
    t = table("2m 3m 4m 6p 7p 8p 1s 2s 3s 1z 5p", judge=Judge(False))
    t.seats[0].melds.append(meld_of(MeldKind.PUNG, (parse_tiles("9m")[0],) * 3, exposed=True, claimed_from=3))
    chosen = bot().choose(t, 0, discards(t), "turn")
    counts = list(t.seats[0].counts)
    assert chosen.tile is not None
    counts[chosen.tile] -= 1
    assert shanten_mod.shanten(bytes(counts)) == 1  # ready (5p or 1z kept) would win on nothing


# -- folding ----------------------------------------------------------------------------------------------------


def test_far_from_ready_it_folds_to_a_tile_the_declarer_discarded() -> None:
    t = table(FAR)
    declare(t, 1, "9p 4s")
    chosen = bot().choose(t, 0, discards(t), "turn")
    assert chosen == Action("discard", parse_tiles("9p")[0])
    # and it makes no claim but a win meanwhile
    assert bot().choose(t, 0, pung_options(t, "5z"), "claim").kind == "pass"


def test_a_tile_let_go_by_since_the_declaration_is_safe_too() -> None:
    t = table(FAR.replace("9p", "6m"))
    declare(t, 1, "4s")
    b = bot()
    b.choose(t, 0, discards(t), "turn")  # the bot sees the declaration: what passes from now on is safe
    t.seats[2].discards.append(parse_tiles("6m")[0])  # let go by the declarer
    assert b.choose(t, 0, discards(t), "turn") == Action("discard", parse_tiles("6m")[0])


def test_holding_no_safe_tile_it_folds_to_the_least_dangerous() -> None:
    t = table("1m 4m 7m 2p 5p 8p 3s 6s 9s 2z 3z 5z 5z 6p")
    declare(t, 1, "1z 1z 4s")
    t.seats[2].discards.extend(parse_tiles("2z 2z"))  # three copies of 2z in sight: no pair of it can wait
    assert bot().choose(t, 0, discards(t), "turn") == Action("discard", parse_tiles("2z")[0])
    suits = table("1m 4m 7m 2p 5p 8p 3s 6s 9s 7s 5m 6p 2m 8m")  # no honour: 7s is suji of the declarer's 4s
    declare(suits, 1, "1z 1z 4s")
    assert bot().choose(suits, 0, discards(suits), "turn") == Action("discard", parse_tiles("7s")[0])


def test_where_the_declaration_costs_nothing_it_only_declares() -> None:
    """Korea's uper (``riichi_declaration.stick: 0``): the bot declares when it may, and far from ready against a
    declaration it plays by shanten alone -- the tile riichi's play would fold to is not its choice here."""
    korean = Judge(ruleset="korean")
    t = table("123m456p789p11z45p9m", judge=korean)
    assert bot().choose(t, 0, [*discards(t), Action(DECLARE)], "turn").kind == DECLARE
    t = table(FAR, judge=korean)
    declare(t, 1, "9p 4s")
    assert bot().choose(t, 0, discards(t), "turn") != Action("discard", parse_tiles("9p")[0])
    t = table(FAR)  # the same table under riichi_tenhou folds to the 9p
    declare(t, 1, "9p 4s")
    assert bot().choose(t, 0, discards(t), "turn") == Action("discard", parse_tiles("9p")[0])


def test_ready_it_pushes_rather_than_fold() -> None:
    t = table("1m 2m 3m 4p 5p 6p 7s 8s 9s 2z 2z 5m 6m 1z")
    t.seats[0].melds.clear()
    declare(t, 1, "5m")  # 5m is safe, but discarding it breaks the ready hand
    chosen = bot().choose(t, 0, discards(t), "turn")
    assert chosen != Action("discard", parse_tiles("5m")[0])
    counts = list(t.seats[0].counts)
    assert chosen.tile is not None
    counts[chosen.tile] -= 1
    assert shanten_mod.shanten(bytes(counts)) == 0


# -- seeded games -----------------------------------------------------------------------------------------------


@dataclass
class Recorder:
    """A greedy bot whose decisions are noted with what the bot knew: the options, the hand, the melds."""

    inner: GreedyBot
    seen: list[dict[str, Any]] = field(default_factory=list)
    name: str = "recorded"
    kind: str = "greedy"

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        chosen = self.inner.choose(table, seat, options, phase)
        s = table.seats[seat]
        note: dict[str, Any] = {"phase": phase, "options": list(options), "chosen": chosen,
                                "open": any(m.exposed for m in s.melds), "threats": [
                                    d for d, other in enumerate(table.seats) if d != seat and DECLARE in other.flags]}
        if phase == "turn" and chosen.kind == "discard" and chosen.tile is not None:
            counts = list(s.counts)
            counts[chosen.tile] -= 1
            note["left"] = counts
            note["ready_winning"] = None
            if shanten_mod.shanten(bytes(counts)) == 0 and note["open"]:
                note["ready_winning"] = some_wait_wins(table, seat, counts)
            note["after"] = shanten_mod.shanten_after_discards(s.counts)
            play = self.inner._riichi_play
            assert play is not None  # a riichi game: the bot keeps its riichi play
            note["safe"] = set.intersection(*(play.safe_against(d) for d in note["threats"])) \
                if note["threats"] else set()
        self.seen.append(note)
        return chosen


def some_wait_wins(table: Table, seat: int, counts: list[int]) -> bool:
    """Whether the game would let a ready hand (``counts`` concealed, the seat's melds) win on one of its waits
    (asked of the game itself, not of the bot's reasoning)."""
    assert table.judge is not None
    melds = tuple(table.seats[seat].melds)
    concealed = tuple(k for k, n in enumerate(counts) for _ in range(n))
    return any(table.judge.wins(seat, Hand(concealed, melds, (), w), "discard")
               for w in shanten_mod.waits(bytes(counts))
               if counts[w] + sum(m.tiles.count(w) for m in melds) < 4)


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset(RULESET)


@pytest.fixture(scope="module")
def notes(ruleset: Ruleset) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seed in SEEDS:
        players = [Recorder(GreedyBot(Rng.from_seed(seed).derive("bot", i), name=f"greedy-{i}")) for i in range(4)]
        Game(ruleset, players, seed).play()
        for p in players:
            out.extend(p.seen)
    return out


def test_in_seeded_games_every_offered_declaration_is_made(notes: list[dict[str, Any]]) -> None:
    offered = [n for n in notes if n["phase"] == "turn" and Action(DECLARE) in n["options"]
               and not any(o.kind == "win" for o in n["options"])]
    assert len(offered) >= 10
    assert all(n["chosen"] == Action(DECLARE) and not n["open"] for n in offered)


def test_in_seeded_games_every_open_ready_hand_has_a_winning_wait(notes: list[dict[str, Any]]) -> None:
    ready_open = [n for n in notes if n.get("ready_winning") is not None]
    assert len(ready_open) >= 10
    assert all(n["ready_winning"] for n in ready_open)


def test_in_seeded_games_a_hand_far_from_ready_discards_a_safe_tile_when_it_holds_one(
        notes: list[dict[str, Any]]) -> None:
    facing = [n for n in notes if n["phase"] == "turn" and n["threats"] and "after" in n
              and min(n["after"].values()) >= 2 and any(o.kind == "discard" and o.tile in n["safe"]
                                                        for o in n["options"])]
    assert len(facing) >= 10
    assert all(n["chosen"].tile in n["safe"] for n in facing)
