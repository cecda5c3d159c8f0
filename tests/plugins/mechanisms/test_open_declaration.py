"""The exposed ready declaration (``riichi_declaration.exposed``, :mod:`mahjong_rulesets.mechanisms.open_declaration`)
and the core's hand shown to every seat (the ``hand_shown`` event), played under Korean 2-point mahjong (bullo).

Each rule has its test: the declaration offered exactly where the concealed one is; the hand shown once the declaring
discard has passed, with the seat's tiles; the core refusing a shown hand that is not the seat's; the others kept
from discarding its waits (unless they hold nothing else, or are locked); no kong once shown; its two bonus points
beside the uper's one; the greedy bot's rule; and what each seat is shown: the declared hand from then on, never the
tile it draws before it is discarded or won with, never an undeclared hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from mahjong_rulesets.mechanisms import open_declaration, riichi_declaration

from mahjong_core import check, load_ruleset, load_ruleset_text
from mahjong_core.engine.game import Game
from mahjong_core.engine.money import log_reply
from mahjong_core.engine.players import GreedyBot, make_bots
from mahjong_core.engine.riichi_play import RiichiPlay
from mahjong_core.errors import MahjongError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import win_context
from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log
from mahjong_core.log.redaction import full_table_view, redact_table_view, seat_view
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin import Action, Rng, Ruleset, Table, parse_tiles
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.table.wall import Wall

#: Seeds of two-deal games between four greedy bots in which a hand is shown (63: and the declarer wins with it).
SHOWN_SEEDS = (7, 16, 29, 63)


@pytest.fixture(scope="module")
def korean() -> Ruleset:
    return load_ruleset("korean")


def game_of(ruleset: Ruleset) -> Game:
    return Game(ruleset, make_bots(["greedy"] * 4, 1), 1)


def game_table(ruleset: Ruleset, hands: dict[int, str], *, game: Game | None = None) -> Table:
    """A game's table on a dealt wall of 104 tiles, each seat of ``hands`` holding its tiles."""
    t = (game or game_of(ruleset)).table
    t.new_deal()
    t.wall = Wall(ruleset.tile_set(), Rng.from_seed(1).derive("deal", 0, 0), ruleset.value("wall_ceremony"),
                  exhaustive_draw_tiles_left=0)
    for seat, hand in hands.items():
        for kind in parse_tiles(hand):
            t.seats[seat].counts[kind] += 1
    return t


def shown(t: Table, seat: int) -> None:
    """Seat ``seat`` declared open and its hand lies face up."""
    s = t.seats[seat]
    s.flags[riichi_declaration.FLAG] = 0
    s.flags[open_declaration.FLAG] = True
    s.laid = list(s.concealed_tiles())


def discards(hand: str) -> list[Action]:
    return [Action("discard", k) for k in sorted(set(parse_tiles(hand)))]


def refused(ruleset: Ruleset, t: Table, seat: int, options: Sequence[Action]) -> set[int]:
    out = open_declaration.mahjong_refused_options(ruleset=ruleset, table=t, seat=seat, phase="turn", options=options)
    return {o.tile for o in out or () if o.tile is not None}


# ---------------------------------------------------------------- who may declare, and the declaration


@pytest.mark.parametrize("hand", ["234m456m789m55z77z9p", "234m456m789m5z7z1p9p6z", "234m456m789m22p55z8p"])
def test_offered_exactly_where_the_concealed_declaration_is(korean: Ruleset, hand: str) -> None:
    t = game_table(korean, {0: hand})
    concealed = riichi_declaration.mahjong_ready_turn_actions(ruleset=korean, table=t, seat=0)
    exposed = open_declaration.mahjong_ready_turn_actions(ruleset=korean, table=t, seat=0)
    assert bool(concealed) == bool(exposed)
    assert exposed is None or exposed == [Action(open_declaration.DECLARE)]


def test_the_declaration_is_the_concealed_one_and_a_flag(korean: Ruleset) -> None:
    t = game_table(korean, {0: "234m456m789m55z77z9p"})
    made = open_declaration.mahjong_apply_action(ruleset=korean, table=t, seat=0,
                                                 action=Action(open_declaration.DECLARE), phase="turn")
    assert [e["type"] for e in made or ()] == [riichi_declaration.DECLARED, open_declaration.DECLARED]
    assert open_declaration.mahjong_apply_action(ruleset=korean, table=t, seat=0, action=Action("riichi"),
                                                 phase="turn") is None


def test_not_switched_on_without_exposed(korean: Ruleset) -> None:
    plain = load_ruleset_text("id: korean_no_bullo\nversion: 1.0.0\nname: test\nextends: korean\nparameters:\n"
                              "  riichi_declaration:\n    value: {stick: 0, tiles_left: 4, concealed_kong: same_waits,"
                              " every_wait_wins_on_discard: true}\n    assumption: a test\n", "test.yaml")
    assert open_declaration.switched_on(korean) and not open_declaration.switched_on(plain)


# ---------------------------------------------------------------- the hand shown


def test_the_hand_is_shown_at_the_first_draw_or_claim_after_the_declaring_discard(korean: Ruleset) -> None:
    t = game_table(korean, {0: "234m456m789m55z77z", 1: "1p"})
    t.seats[0].flags[open_declaration.FLAG] = True
    (event,) = open_declaration.mahjong_event_reactions(ruleset=korean, table=t,
                                                        event={"type": "draw", "seat": 1}) or ()
    assert event == {"type": "hand_shown", "seat": 0, "tiles": "2m 3m 4m 4m 5m 6m 7m 8m 9m 5z 5z 7z 7z".split()}
    # not to the seat that draws (it holds a tile more), nor a hand already shown
    assert open_declaration.mahjong_event_reactions(ruleset=korean, table=t, event={"type": "draw", "seat": 0}) is None
    t.seats[0].laid = list(t.seats[0].concealed_tiles())
    assert open_declaration.mahjong_event_reactions(ruleset=korean, table=t, event={"type": "claim", "seat": 2}) is None


def test_the_core_lays_a_shown_hand_face_up_and_refuses_one_not_the_seats(korean: Ruleset) -> None:
    game = game_of(korean)
    t = game_table(korean, {0: "234m456m789m55z77z"}, game=game)
    with pytest.raises(MahjongError, match="not seat 0's concealed tiles"):
        log_reply(game, {"type": "hand_shown", "seat": 0, "tiles": ["2m"] * 13}, "a test")
    assert not t.seats[0].laid
    log_reply(game, {"type": "hand_shown", "seat": 0, "tiles": "2m 3m 4m 4m 5m 6m 7m 8m 9m 5z 5z 7z 7z".split()},
              "a test")
    assert t.seats[0].laid == list(t.seats[0].concealed_tiles())


# ---------------------------------------------------------------- the lock, and the others' discards


def test_no_other_seat_may_discard_a_tile_the_shown_hand_waits_on(korean: Ruleset) -> None:
    """econovill_bullo section 4: 234m456m789m55z77z waits on 5z and 7z; seat 1 may not let either go."""
    t = game_table(korean, {0: "234m456m789m55z77z", 1: "1m2m3m5z7z9p"})
    shown(t, 0)
    assert refused(korean, t, 1, discards("1m2m3m5z7z9p")) == set(parse_tiles("5z7z"))
    # a seat holding nothing but the waits discards one all the same
    t.seats[2].counts[parse_tiles("5z")[0]] += 1
    assert not refused(korean, t, 2, discards("5z"))
    # a seat locked by its own declaration discards what its lock allows
    t.seats[1].flags[riichi_declaration.FLAG] = 0
    assert not refused(korean, t, 1, discards("1m2m3m5z7z9p"))


def test_where_the_ruleset_allows_it_the_waits_are_discarded_as_any_tile(korean: Ruleset) -> None:
    lifted = load_ruleset_text("id: korean_open_waits\nversion: 1.0.0\nname: test\nextends: korean\nparameters:\n"
                               "  riichi_declaration:\n    value: {stick: 0, tiles_left: 4, concealed_kong: same_waits,"
                               " every_wait_wins_on_discard: true, exposed: {others_discard_waits: true}}\n"
                               "    assumption: a test\n", "test.yaml")
    t = game_table(lifted, {0: "234m456m789m55z77z", 1: "1m2m3m5z7z9p"})
    shown(t, 0)
    assert not refused(lifted, t, 1, discards("1m2m3m5z7z9p"))


def test_a_shown_hand_makes_no_kong(korean: Ruleset) -> None:
    t = game_table(korean, {0: "234m456m789m55z777z"})
    shown(t, 0)
    kong = Action("kong", parse_tiles("7z")[0], way="concealed")
    assert kong in (open_declaration.mahjong_refused_options(ruleset=korean, table=t, seat=0, phase="turn",
                                                             options=[kong, *discards("7z")]) or ())


class Watching(GreedyBot):
    """A greedy bot that records, at each of its turns, the discards offered while another seat's hand is shown,
    with the shown hands' waits."""

    def __init__(self, rng: Rng, name: str, seen: list[tuple[set[int], set[int], set[int]]]) -> None:
        super().__init__(rng, name)
        self.seen = seen

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        if phase == "turn" and riichi_declaration.FLAG not in table.seats[seat].flags:
            waits: set[int] = set()
            for n in open_declaration.shown_seats(table):
                if n != seat:
                    waits |= open_declaration.shown_waits(table, n)
            if waits:
                held = {k for k, c in enumerate(table.seats[seat].counts) if c}
                offered = {o.tile for o in options if o.kind == "discard" and o.tile is not None}
                self.seen.append((waits, held, offered))
        return super().choose(table, seat, options, phase)


def test_in_play_no_seat_is_offered_a_shown_hands_wait_while_it_holds_another_tile(korean: Ruleset) -> None:
    seen: list[tuple[set[int], set[int], set[int]]] = []
    for seed in SHOWN_SEEDS:
        bots = [Watching(Rng.from_seed(seed).derive("bot", n), f"watching-{n}", seen) for n in range(4)]
        Game(korean, bots, seed, max_deals=2).play()
    assert len(seen) >= 10
    for waits, held, offered in seen:
        if held - waits:
            assert not offered & waits
        else:
            assert offered == held


# ---------------------------------------------------------------- what it pays


def score_of(ruleset: Ruleset, hand: str, *flags: str) -> tuple[int, set[str], int]:
    h = parse_hand(hand)
    ctx = win_context(flags, winning_tile=h.winning_tile)
    s = score_hand(ruleset, h, ctx)
    assert s is not None
    return s.total, {item.name for item in s.items}, int(s.raw["basic_points"])


def test_two_bonus_points_beside_the_upers_one_never_towards_the_minimum(korean: Ruleset) -> None:
    hand = "234m456m789m55z77z +5z"
    plain, rows, basic = score_of(korean, hand)
    concealed, _, _ = score_of(korean, hand, "riichi")
    exposed, exposed_rows, exposed_basic = score_of(korean, hand, "riichi", "open_riichi")
    assert (concealed - plain, exposed - concealed) == (1, 2)
    assert {"uper", "open_uper"} <= exposed_rows and "open_uper" not in rows and exposed_basic == basic


def test_a_winner_who_declared_open_is_paid_the_bullo_row(korean: Ruleset, tmp_path: Any) -> None:
    game = play_game(korean, 63, ["greedy"] * 4, replay=tmp_path / "g.jsonl", max_deals=2)
    assert game.result.deals == 2
    events = read_log(str(tmp_path / "g.jsonl")).events
    opened = {e["seat"] for e in events if e["type"] == open_declaration.DECLARED}
    scored = [e for e in events if e["type"] == "score" and e.get("value", 0) > 0]
    assert opened and any(e["seat"] in opened for e in scored)
    for e in scored:
        names = {item["name"] for item in e["items"]}
        assert ("open_uper" in names) == (e["seat"] in opened) and ("open_uper" not in names or "uper" in names)
    assert check(str(tmp_path / "g.jsonl")).ok and check(str(tmp_path / "g.jsonl"), "audit").ok


# ---------------------------------------------------------------- the greedy bot


@pytest.mark.parametrize(("gone", "declared"), [("", open_declaration.DECLARE), ("1m", "riichi")])
def test_greedy_declares_open_with_three_kinds_and_nine_unseen_tiles_of_waits(korean: Ruleset, gone: str,
                                                                              declared: str) -> None:
    """1234567m111z222p with a 9p to let go: waits 1m, 4m, 7m, nine unseen; one 1m discarded leaves eight."""
    t = game_table(korean, {0: "1234567m111z222p9p"})
    for kind in parse_tiles(gone):
        t.seats[1].discards.append(kind)
    assert t.judge is not None
    play = RiichiPlay(t, t.judge)
    options = [*discards("1234567m111z222p9p"), Action("riichi"), Action(open_declaration.DECLARE)]
    assert play.choose(Rng.from_seed(1), lambda *a: Action("pass"), 0, options, "turn") == Action(declared)


# ---------------------------------------------------------------- what each seat is shown


def played(ruleset: Ruleset, seed: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A two-deal game's events and the referee's table view after each."""
    events: list[dict[str, Any]] = []
    views: list[dict[str, Any]] = []
    holder: list[Game] = []

    def emit(event: dict[str, Any]) -> None:
        events.append(event)
        views.append(full_table_view(holder[0].table))

    game = Game(ruleset, make_bots(["greedy"] * 4, seed), seed, emit=emit, max_deals=2)
    holder.append(game)
    game.play()
    return events, views


@pytest.mark.parametrize("seed", SHOWN_SEEDS[:2])
def test_every_seat_sees_the_shown_hand_never_its_drawn_tile_nor_an_undeclared_hand(korean: Ruleset,
                                                                                    seed: int) -> None:
    events, views = played(korean, seed)
    start = next(k for k, e in enumerate(events) if e["type"] == "hand_shown")
    declarer, tiles = events[start]["seat"], events[start]["tiles"]
    end = next(k for k in range(start, len(events)) if events[k]["type"] in ("mahjong", "exhaustive_draw"))
    drawn_seen = 0
    for k in range(start, end):
        full = views[k]
        hand = full["seats"][declarer]
        for viewer in [n for n in range(4) if n != declarer] + [None]:
            view = redact_table_view(full, viewer)
            seat = view["seats"][declarer]
            assert "concealed" not in seat and seat["concealed_count"] == hand["concealed_count"]
            assert sorted(seat["laid"]) == sorted(tiles)
            if hand["concealed_count"] > len(tiles):  # in its turn, holding the tile it drew: never among them
                drawn_seen += 1
                assert len(seat["laid"]) == len(tiles)
            for other in view["seats"]:
                if other["seat"] not in (declarer, viewer):
                    assert "concealed" not in other and "laid" not in other
    assert drawn_seen
    # The log as another seat reads it: the hand face up from the event, its draws hidden, the others' hands too.
    for viewer in (n for n in range(4) if n != declarer):
        seen = seat_view(events[:end], viewer)
        assert seen[start] == events[start]
        assert all(e["tile"] == "?" for e in seen[start:] if e["type"] == "draw" and e["seat"] == declarer)
        *_, table = fold({}, seen)
        folded = table.seats[declarer]
        assert sorted(folded.laid_tiles()) == sorted(tiles) and folded.laid
        for n in range(4):
            if n not in (declarer, viewer):
                assert set(table.seats[n].concealed) <= {"?"}
