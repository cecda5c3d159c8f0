"""The engine on every installed ruleset: conservation, hand sizes, determinism, recording neutrality."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core.engine.game import Game, IllegalAction
from mahjong_core.engine.players import RandomBot, make_bots
from mahjong_core.log.format import dumps
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.rules import available, load_ruleset
from mahjong_core.table.rng import Rng
from mahjong_core.table.state import Action, Table

RULESETS = sorted(available())


class ConservationObserver:
    """Checks, after every event, that every tile is somewhere and hands have the right size."""

    def __init__(self, tile_set: tuple[int, ...], hand_size: int, plays_as: Sequence[int] | None = None):
        """:param plays_as: the tile set's playing kind of each kind (``TileSet.plays_as``): a hand, a meld and a
            discard row hold a marked copy (a red five) as its five, so every tile is counted as the kind it plays
            as; ``None`` for a set without marked copies."""
        self.plays_as = plays_as
        self.expected = Counter(self._played(tile_set))
        self.hand_size = hand_size
        self.checked = 0

    def _played(self, tiles: Iterable[int]) -> Iterator[int]:
        play = self.plays_as
        return iter(tiles) if play is None else (play[t] if play[t] >= 0 else t for t in tiles)

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if table.wall is None or event["type"] in ("deal_start",) or event["type"].startswith("wall_"):
            return
        if event["type"] in ("game_end",):
            return
        seen: Counter[int] = Counter(self._played(table.wall.remaining()))
        for seat in table.seats:
            for kind, n in enumerate(seat.counts):
                if n:
                    seen[kind] += n
            for meld in seat.melds:
                seen.update(meld.tiles)
                if meld.jokers and table.tiles is not None:  # a joker standing for a kind is a joker
                    seen.subtract(meld.jokers)
                    if not seat.meld_jokers:  # typed jokers are counted by their own tiles, below
                        seen.update([min(table.tiles.jokers)] * len(meld.jokers))
            seen.update(seat.meld_jokers)  # typed jokers in melds, as claimed
            for tile, held_as in seat.jokers_taken_as:  # a discarded joker won on, held as another
                seen.subtract([held_as])
                seen.update([tile])
            seen.update(seat.discards)
            seen.update(seat.bonus)
            seen.update(seat.aside)  # set aside by a plugin's event (three-player riichi's North)
            seen.update(seat.jokers)  # set aside, where jokers are not played
            seen.update(seat.held_jokers)  # held, where they are
            seen.update(seat.kept)  # bonus tiles kept in the hand, where the ruleset keeps them (``bonus_kept``)
            seen.update(seat.won)  # won with and set aside face up, where winners stay in play
        seen.subtract(table.shared_wins)  # one tile several seats won at once, held (or set aside) by each
        seen = +seen
        if table.wild_tile is not None:  # the tile turned to choose the deal's wild kind, out of play
            seen[table.wild_tile] += 1
        assert seen == self.expected, f"tiles not conserved after event {event['n']} {event['type']}"
        # A seat that has won and sits out while play goes on holds its winning hand, one tile more.
        playing = [seat for s, seat in enumerate(table.seats) if not table.out_of_play(s)]
        for s, seat in enumerate(table.seats):
            if table.out_of_play(s):
                assert seat.hand_count() == self.hand_size + 1, f"seat {s} sits out holding {seat.hand_count()}"
        if event["type"] == "decision" and event["phase"] == "claim":
            # Every seat holds a hand; only in a late claim window (001 line 109) has the next seat drawn.
            sizes = [seat.hand_count() for seat in playing]
            assert set(sizes) <= {self.hand_size, self.hand_size + 1} and sizes.count(self.hand_size + 1) <= 1, sizes
        if event["type"] == "decision" and event["phase"] == "turn":
            for s, seat in enumerate(table.seats):
                want = self.hand_size + (1 if s == event["actor"] or table.out_of_play(s) else 0)
                assert seat.hand_count() == want, f"seat {s} holds {seat.hand_count()} in a turn"
        self.checked += 1


def play(rid: str, seed: int | str, bots: list[str] | None = None, max_deals: int | None = 2,
         observers: tuple[object, ...] = ()) -> tuple[Any, list[str]]:
    ruleset = load_ruleset(rid)
    lines: list[str] = []
    seats = int(ruleset.param("players"))
    players = make_bots((bots or ["greedy"] * seats)[:seats], seed)  # a line-up of four plays a table of 2 or 3
    game = Game(ruleset, players, seed, emit=lambda e: lines.append(dumps(e)), max_deals=max_deals,
                observers=observers)
    return game.play(), lines


@pytest.mark.parametrize("rid", RULESETS)
def test_tiles_conserved_and_hands_sized_through_a_game(rid: str) -> None:
    ruleset = load_ruleset(rid)
    observer = ConservationObserver(tuple(ruleset.tile_set()), int(ruleset.param("hand_size")),
                                    ruleset.tiles().plays_as)
    result, lines = play(rid, 11, ["greedy", "random", "greedy", "random"], max_deals=3, observers=(observer,))
    assert result.deals == 3
    assert observer.checked > 100


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rid=st.sampled_from(RULESETS), seed=st.integers(0, 2**32))
def test_conservation_property(rid: str, seed: int) -> None:
    ruleset = load_ruleset(rid)
    observer = ConservationObserver(tuple(ruleset.tile_set()), int(ruleset.param("hand_size")),
                                    ruleset.tiles().plays_as)
    play(rid, seed, ["random", "greedy", "random", "greedy"], max_deals=1, observers=(observer,))
    assert observer.checked > 0


@pytest.mark.parametrize("rid", RULESETS)
def test_same_seed_same_bytes_different_seed_different_wall(rid: str) -> None:
    _, a = play(rid, "same", max_deals=1)
    _, b = play(rid, "same", max_deals=1)
    _, c = play(rid, "other", max_deals=1)
    assert a == b
    hands_a = next(x for x in a if '"type":"hands"' in x)
    hands_c = next(x for x in c if '"type":"hands"' in x)
    assert hands_a != hands_c


def test_recording_does_not_change_the_outcome() -> None:
    ruleset = load_ruleset(RULESETS[0])
    quiet = Game(ruleset, make_bots(["greedy"] * 4, 5), 5, max_deals=3).play()
    recorded, _ = play(RULESETS[0], 5, max_deals=3)
    assert (quiet.scores, quiet.deals, quiet.wins, quiet.draws) == (recorded.scores, recorded.deals,
                                                                      recorded.wins, recorded.draws)


def test_a_whole_game_ends_after_four_rounds() -> None:
    result, lines = play("chinese_classical", 3, ["greedy"] * 4, max_deals=None)
    assert result.deals >= 16
    assert '"type":"game_end"' in lines[-1]


class Cheater:
    """Returns an action that was never offered."""

    name = "cheater"
    kind = "test"

    def choose(self, table: Table, seat: int, options: Any, phase: str) -> Action:
        return Action("discard", 99)


def test_an_illegal_action_is_rejected_with_the_event_number() -> None:
    ruleset = load_ruleset(RULESETS[0])
    players = [Cheater()] + [RandomBot(Rng.from_seed(1).derive("b", i)) for i in range(3)]
    with pytest.raises(IllegalAction) as info:
        Game(ruleset, players, 1, max_deals=1).play()
    assert info.value.place and info.value.place.startswith("event ")
    assert "not legal" in info.value.message


def test_a_pung_may_still_be_claimed_after_the_next_draw_where_the_ruleset_says() -> None:
    """001 line 109: the drawn tile goes back and the late claimer takes the discard."""
    found = []
    for seed in range(20):
        result, lines = play("traditional", seed, ["random"] * 4, max_deals=2)
        events = [json.loads(x) for x in lines]
        for i, e in enumerate(events):
            if e["type"] == "draw_returned":
                found.append((events[i - 2], events[i - 1], e, events[i + 1]))
    assert found, "no late pung in twenty seeded games"
    for draw, decision, returned, claim in found:
        assert draw["type"] == "draw" and draw["tile"] == returned["tile"] and draw["seat"] == returned["seat"]
        assert decision["action"] in ("pung", "kong") and claim["type"] == "claim"
        assert claim["seat"] != returned["seat"]


def test_no_late_claims_where_the_ruleset_closes_them() -> None:
    for seed in range(5):
        _, lines = play("harbin", seed, ["random"] * 4, max_deals=2)
        assert not any('"type":"draw_returned"' in x for x in lines)


class LatePungs:
    """A house rule opening the late window through ``mahjong_late_claims``, as the late-pung mechanism does."""

    @hookimpl
    def mahjong_late_claims(self) -> tuple[str, ...]:
        return ("pung",)


def test_the_late_window_is_opened_by_the_hook_not_by_the_engine() -> None:
    """The late-pung mechanism answers for traditional only; a house rule answering it opens harbin's window."""
    assert Game(load_ruleset("traditional"), make_bots(["random"] * 4, 1), 1).late_claims == {"pung", "kong"}
    assert Game(load_ruleset("harbin"), make_bots(["random"] * 4, 1), 1).late_claims == frozenset()
    late = []
    for seed in range(20):
        _, lines = play("harbin", seed, ["random"] * 4, max_deals=2, observers=(LatePungs(),))
        events = [json.loads(x) for x in lines]
        late += [events[i + 1] for i, e in enumerate(events) if e["type"] == "draw_returned"]
    assert late, "no late pung in twenty seeded games with the late window open"
    assert {e["kind"] for e in late} == {"pung"}  # the kinds the hook names, and no others


class PhaseObserver:
    def __init__(self) -> None:
        self.phases: list[str] = []

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if not self.phases or self.phases[-1] != table.phase:
            self.phases.append(table.phase)


def test_the_table_walks_through_the_phases_in_order() -> None:
    from mahjong_core.engine.game import PHASES

    observer = PhaseObserver()
    play("orsk", 8, max_deals=2, observers=(observer,))
    order = {p: i for i, p in enumerate(PHASES)}
    deal = observer.phases[: observer.phases.index("rotation") + 1]
    # bonus and scoring show only when a bonus tile is dealt or a hand is scored
    assert [p for p in deal if p not in ("bonus", "scoring")] == ["wall", "deal", "exchange", "turns", "settlement",
                                                                  "rotation"]
    assert all(order[a] < order[b] or b == "wall" for a, b in zip(observer.phases, observer.phases[1:], strict=False))
    assert observer.phases[-1] == "over"


def test_a_deal_ends_in_a_draw_when_no_replacement_tile_is_left() -> None:
    """Seed 4 with random bots runs the dead wall dry on a bonus tile; that ends the deal, it does not crash."""
    result, lines = play("hongkong", 4, ["random"] * 4, max_deals=6)
    assert result.deals == 6
    events = [json.loads(x) for x in lines]
    dry = [i for i, e in enumerate(events) if e["type"] == "exhaustive_draw" and events[i - 1]["type"] == "bonus"]
    assert dry, "no deal ran out of replacement tiles"


@pytest.mark.parametrize(
    ("rid", "hand", "complete"),
    [
        ("harbin", "1122m3344p5566s77z", True),  # 000 line 379: seven pairs is a Harbin limit
        ("european_classical", "1122m3344p5566s77z", False),  # ... and not a European one
        ("traditional", "1122m3344p5566s77z", False),  # 001: seven pairs win only as heavenly twins
        ("traditional", "11223344556677s", True),  # heavenly twins: seven pairs of one suit (001 line 171)
        ("bonus_classical", "19m19p19s12345677z", False),  # 002 has no limit hands at all
        ("harbin", "19m19p19s12345677z", True),
        ("european_classical", "123m456p789s11122z", True),  # four sets and a pair always
        ("mcr", "147m258p369s11122z", True),  # a knitted straight, a pung and a pair (MCR only)
        ("harbin", "147m258p369s11122z", False),
    ],
)
def test_special_forms_win_only_where_the_ruleset_scores_them(rid: str, hand: str, complete: bool) -> None:
    from mahjong_core.hand.notation import parse_tiles
    from mahjong_core.plugin.forms import is_mahjong

    game = Game(load_ruleset(rid), make_bots(["greedy"] * 4, 1), 1)
    counts = [0] * 34
    for tile in parse_tiles(hand):
        counts[tile] += 1
    assert is_mahjong(counts, game.forms) is complete
