"""The Charleston of the Orsk rules (000 lines 204-205, 297, 353): three passes of three tiles before play.

The seed gives no details; the data takes the American game's first
Charleston (right, across, left), which line 297 names as the rule's origin.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.hand.tiles import KINDS
from mahjong_core.log.format import dumps, read_log
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.manager import build_plugin_manager
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import ExchangeStep, Table

CODE = {k.code: k.index for k in KINDS}
OFFSETS = {"right": 1, "across": 2, "left": 3}
STEPS = ["charleston-1-right", "charleston-2-across", "charleston-3-left"]


def steps_of(rid: str) -> list[ExchangeStep]:
    rs = load_ruleset(rid)
    return list(build_plugin_manager(bind(rs).plugins).hook.mahjong_exchange_steps(ruleset=rs, table=Table()) or [])


def test_orsk_passes_three_tiles_right_across_and_left() -> None:
    assert steps_of("orsk") == [ExchangeStep("charleston-1-right", 3, 1), ExchangeStep("charleston-2-across", 3, 2),
                                ExchangeStep("charleston-3-left", 3, 3)]
    provenance = load_ruleset("orsk").source_of("tile_exchange")
    assert provenance.kind == "assumption" and "297" in provenance.text


@pytest.mark.parametrize("rid", ["harbin", "shanghai", "chinese_classical", "european_classical", "traditional",
                                 "bonus_classical"])
def test_only_orsk_has_the_charleston(rid: str) -> None:
    assert steps_of(rid) == []  # 000 line 353: Charleston "yes" for Orsk alone


class ExchangeWatcher:
    """Checks each pass: the passed tiles were held, left their giver, and reached the seat the step names."""

    def __init__(self, tile_set: tuple[int, ...]):
        self.expected = Counter(tile_set)
        self.before: list[list[int]] | None = None
        self.passed: dict[int, list[int]] = {}
        self.deals: list[list[tuple[str, int, int]]] = []
        self.decisions: list[int] = []

    def _conserved(self, table: Table) -> None:
        seen: Counter[int] = Counter(table.wall.remaining())
        for seat in table.seats:
            seen.update(seat.concealed_tiles())
            seen.update(seat.bonus)
            for meld in seat.melds:
                seen.update(meld.tiles)
            seen.update(seat.discards)
        assert seen == self.expected

    @hookimpl
    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "deal_start":
            self.deals.append([])
            self.decisions.append(0)
        elif kind == "decision" and event["phase"] == "exchange":
            self.decisions[-1] += 1
            if self.before is None:
                self.before = [list(s.counts) for s in table.seats]
            tiles = [CODE[c] for c in event["tiles"]]
            held = Counter(kind for kind, n in enumerate(self.before[event["actor"]]) for _ in range(n))
            assert not Counter(tiles) - held, f"seat {event['actor']} passed tiles it does not hold"
            self.passed[event["actor"]] = tiles
        elif kind == "exchange":
            offset = OFFSETS[event["step"].rsplit("-", 1)[1]]
            assert event["receiver"] == (event["giver"] + offset) % 4 and event["count"] == 3
            self.deals[-1].append((event["step"], event["giver"], event["receiver"]))
            if self.before is not None:  # the first event of a step: every tile has moved by now
                for seat in range(4):
                    want = list(self.before[seat])
                    for t in self.passed[seat]:
                        want[t] -= 1
                    for t in self.passed[(seat - offset) % 4]:
                        want[t] += 1
                    assert table.seats[seat].counts == want, f"seat {seat} after {event['step']}"
                self._conserved(table)
                self.before, self.passed = None, {}


@pytest.mark.parametrize("seed", [3, 8])
def test_seeded_orsk_games_record_every_pass(seed: int) -> None:
    rs = load_ruleset("orsk")
    watcher = ExchangeWatcher(tuple(rs.tile_set()))
    events: list[dict[str, Any]] = []
    Game(rs, make_bots(["greedy", "random", "greedy", "random"], seed), seed, emit=events.append,
         observers=(watcher,), max_deals=3).play()
    expected = [(step, giver, (giver + OFFSETS[step.rsplit("-", 1)[1]]) % 4) for step in STEPS for giver in range(4)]
    assert watcher.deals == [expected] * 3
    assert watcher.decisions == [12] * 3
    # The passes come before the first discard of each deal.
    for start in (i for i, e in enumerate(events) if e["type"] == "deal_start"):
        deal = events[start:]
        first_turn = next(i for i, e in enumerate(deal) if e["type"] == "decision" and e["phase"] == "turn")
        assert max(i for i, e in enumerate(deal[:first_turn + 1]) if e["type"] == "exchange") < first_turn


def test_an_orsk_replay_resimulates_and_audits_clean(tmp_path: Path) -> None:
    path = tmp_path / "orsk.jsonl"
    game = play_game(load_ruleset("orsk"), 21, ["greedy", "random", "greedy", "greedy"], replay=path, max_deals=2)
    assert check(str(path), "replay").ok
    audited = check(str(path), "audit")
    assert audited.ok, audited.text()
    assert audited.scores == game.result.scores
    log = read_log(path)
    assert sum(1 for e in log.events if e["type"] == "decision" and e["phase"] == "exchange") == 24


def test_an_exchange_of_tiles_not_held_is_caught_at_its_event(tmp_path: Path) -> None:
    path = tmp_path / "orsk.jsonl"
    play_game(load_ruleset("orsk"), 21, ["greedy"] * 4, replay=path, max_deals=1)
    lines = path.read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines[1:]]
    hands = next(e for e in events if e["type"] == "hands")["hands"]
    k, decision = next((k, e) for k, e in enumerate(events) if e["type"] == "decision" and e["phase"] == "exchange")
    absent = next(KINDS[t].code for t in range(27) if KINDS[t].code not in hands[decision["actor"]])
    lines[k + 1] = dumps({**decision, "tiles": [absent] * 3})
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    verdict = check(str(path), "audit")
    assert not verdict.ok and verdict.event == decision["n"]
    # A bot seat is re-run as the seeded bot (its decision differs), a scripted one is refused (not legal).
    assert "tiles" in (verdict.error or "") or "not legal" in (verdict.error or "")


# ---------------------------------------------------------------- refusals keep every hand's size


def _sizes_checked(ruleset: Any, seed: int, bots: list[str], max_deals: int | None = None) -> int:
    """Play a seeded game with the conformance suite's hand-size observer; return how many decisions it checked."""
    from mahjong_core.conformance.invariants import HandSizes

    observer = HandSizes.of(ruleset)
    game = Game(ruleset, make_bots(bots, seed), seed, observers=(observer,), max_deals=max_deals)
    game.play()
    return observer.checked


def test_a_refused_partner_exchange_is_made_by_neither_partner() -> None:
    """003 line 15: a calling hand may refuse, and then the pair does not exchange (seed 39 held 15 tiles)."""
    piter = load_ruleset("piter")
    events: list[dict[str, Any]] = []
    game = Game(piter, make_bots(["greedy"] * 4, 39), 39, emit=events.append)
    game.play()
    refusals = [e for e in events if e["type"] == "decision" and e.get("action") == "refuse"]
    assert refusals, "seed 39 has a refused exchange"
    deal = max(e["n"] for e in events if e["type"] == "deal_start" and e["n"] < refusals[0]["n"])
    exchanges = [e for e in events if e["type"] == "exchange" and deal < e["n"]
                 and not any(s["type"] == "deal_start" and deal < s["n"] < e["n"] for s in events)]
    refuser = refusals[0]["actor"]
    assert all(refuser not in (e["giver"], e["receiver"]) for e in exchanges), exchanges
    assert _sizes_checked(piter, 39, ["greedy"] * 4) > 500  # every decision of the whole game, sizes right


def test_a_declined_optional_pass_is_made_by_nobody(tmp_path: Path) -> None:
    body = ("parameters:\n  tile_exchange:\n    value:\n      kind: charleston\n      passes:\n"
            "        - {direction: right, count: 3}\n        - {direction: left, count: 3, optional: true}\n"
            "    assumption: test\n")
    path = tmp_path / "optional.yaml"
    path.write_text(f"id: optional_charleston\nversion: 1.0.0\nname: x\nextends: orsk\n{body}", encoding="utf-8")
    ruleset = load_ruleset(path)
    for seed in range(6):  # random bots decline the optional pass now and then
        assert _sizes_checked(ruleset, seed, ["random"] * 4, max_deals=2) > 100


def test_exchange_options_are_every_different_choice_of_tiles_in_order() -> None:
    """multiset_combinations gives what sorted(set(combinations(...))) gives, on random and crowded hands."""
    import itertools
    import random

    from mahjong_core.engine.exchange import multiset_combinations

    rng = random.Random(3)
    for trial in range(2000):
        wall = [k for k in range(34) for _ in range(4)]
        if trial % 2:
            kinds = rng.sample(range(34), rng.randint(2, 6))
            wall = [k for k in kinds for _ in range(4)]
        tiles = sorted(rng.sample(wall, rng.randint(0, min(14, len(wall)))))
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        for k in range(5):
            assert multiset_combinations(counts, k) == sorted(set(itertools.combinations(tiles, k))), (tiles, k)


def _hand_counts(least: int) -> st.SearchStrategy[list[int]]:
    """Counts of a hand of ``least`` to 14 tiles, at most four of a kind (drawn as tiles: few kinds repeat often)."""
    def counts_of(tiles: list[int]) -> list[int]:
        counts = [0] * 34
        for tile in tiles:
            counts[tile] = min(4, counts[tile] + 1)
        return counts

    kinds = st.one_of(st.integers(0, 33), st.sampled_from([0, 1, 2, 9, 27]))
    return st.lists(kinds, min_size=least, max_size=14).map(counts_of).filter(lambda c: sum(c) >= least)


@settings(max_examples=400, deadline=None)
@given(counts=_hand_counts(3),
       tiles=st.lists(st.integers(-1, 35), min_size=0, max_size=4), refuse=st.booleans(),
       other=st.sampled_from([None, "refuse", "pass", "discard"]))
def test_exchange_options_answer_membership_as_their_list_does(counts: list[int], tiles: list[int], refuse: bool,
                                                                other: str | None) -> None:
    """The lazily built exchange options say an action is legal exactly when the full list holds it."""
    from mahjong_core.engine.exchange import ExchangeOptions
    from mahjong_core.table.state import Action

    options = ExchangeOptions(tuple(counts), 3, (Action("refuse"),) if refuse else ())
    full = list(options)
    for action in (Action("exchange", tiles=tuple(tiles)), Action("exchange", tiles=tuple(sorted(tiles))),
                   Action("exchange", tile=0, tiles=tuple(sorted(tiles))), Action(other or "exchange")):
        assert (action in options) == (action in full), action
    assert len(options) == len(full) and options[0] == full[0]


@settings(max_examples=400, deadline=None)
@given(counts=_hand_counts(0),
       count=st.integers(0, 4), refuse=st.booleans())
def test_exchange_options_count_and_index_as_their_list_does(counts: list[int], count: int, refuse: bool) -> None:
    """Length and every item (negative indexes and the first index beyond included) without building the list."""
    from mahjong_core.engine.exchange import ExchangeOptions
    from mahjong_core.table.state import Action

    extra = (Action("refuse"),) if refuse else ()
    lazy = ExchangeOptions(tuple(counts), count, extra)
    full = list(ExchangeOptions(tuple(counts), count, extra))
    assert len(lazy) == len(full)
    assert [lazy[i] for i in range(-len(full), len(full))] == full + full
    for beyond in (len(full), -len(full) - 1):
        with pytest.raises(IndexError):
            lazy[beyond]
    assert lazy._built is None  # answered without the list


class Decliner:
    """A greedy player that declines the ``nth`` optional pass it is offered (counting from 1; 0: none) and
    makes every other."""

    def __init__(self, inner: Any, nth: int) -> None:
        self.inner, self.nth, self.name, self.kind = inner, nth, "decliner", "bot"
        self.offered = 0

    def choose(self, table: Table, seat: int, options: Any, phase: str) -> Any:
        if phase == "exchange" and any(a.kind == "refuse" for a in options):
            self.offered += 1
            if self.offered == self.nth:
                return next(a for a in options if a.kind == "refuse")
            chosen = self.inner.choose(table, seat, options, phase)
            return chosen if chosen.kind != "refuse" else next(a for a in options if a.kind != "refuse")
        return self.inner.choose(table, seat, options, phase)


@pytest.mark.parametrize("nth", [1, 2])
def test_a_declined_pass_of_a_group_stops_the_group_s_later_passes(tmp_path: Path, nth: int) -> None:
    """The American second Charleston stops as a whole when a player declines it: passes of one ``group`` are made
    together or not at all; a pass of another group (the courtesy pass across) is still offered."""
    second = "".join(f"        - {{direction: {d}, count: 3, optional: true, group: second}}\n"
                     for d in ("left", "across", "right"))
    body = ("parameters:\n  tile_exchange:\n    value:\n      kind: charleston\n      passes:\n"
            + "".join(f"        - {{direction: {d}, count: 3}}\n" for d in ("right", "across", "left"))
            + second + "        - {direction: across, count: 3, optional: true, name: courtesy}\n"
            "    assumption: test\n")
    path = tmp_path / "american.yaml"
    path.write_text(f"id: grouped_charleston\nversion: 1.0.0\nname: x\nextends: orsk\n{body}", encoding="utf-8")
    ruleset = load_ruleset(path)
    assert [s.group for s in steps_of_file(ruleset)] == [None] * 3 + ["second"] * 3 + [None]
    events: list[dict[str, Any]] = []
    bots = make_bots(["greedy"] * 4, 5)
    players = [Decliner(bots[0], nth), *(Decliner(bot, 0) for bot in bots[1:])]
    Game(ruleset, players, 5, emit=events.append, max_deals=1).play()
    decisions = [e for e in events if e["type"] == "decision" and e["phase"] == "exchange"]
    steps = [e["step"] for e in events if e["type"] == "exchange"]
    # Three passes, then the second Charleston's passes up to the one declined (made by nobody), then the courtesy.
    assert len(decisions) == 4 * (3 + nth + 1)
    names = ["charleston-1-right", "charleston-2-across", "charleston-3-left", "charleston-4-left",
             "charleston-5-across"]
    assert steps == [name for name in [*names[:3 + nth - 1], "courtesy"] for _ in range(4)]
    assert sum(1 for e in decisions if e.get("action") == "refuse") == 1


def steps_of_file(rs: Any) -> list[ExchangeStep]:
    return list(build_plugin_manager(bind(rs).plugins).hook.mahjong_exchange_steps(ruleset=rs, table=Table()) or [])


def test_a_blind_pass_never_sends_a_tile_back_round_to_its_giver() -> None:
    """fewest_own: round a cycle of seats, the own tiles of all but the seat passed to must make the step's count
    (ilovemahj question 606: 0 to 3 own tiles, the rest passed on unseen); the seats still to choose count as
    passing all their own, so the first to choose may pass every tile blind and the last is held to what is left."""
    from mahjong_core.engine.exchange import fewest_own

    left = ExchangeStep("first-left", 3, 3, blind=True)
    assert fewest_own(left, 4, 0, {}) == 0  # three seats to come, each passing its own three at most
    assert fewest_own(left, 4, 3, {0: 0}) == 0
    assert fewest_own(left, 4, 2, {0: 0, 3: 0}) == 3  # 0 + 0 + 3 + own, less the largest, must make 3
    assert fewest_own(left, 4, 2, {0: 1, 3: 1}) == 1
    assert fewest_own(left, 4, 1, {0: 0, 3: 0, 2: 3}) == 3  # only 3 own tiles otherwise: they would come back
    assert fewest_own(left, 4, 1, {0: 1, 3: 1, 2: 1}) == 1  # one own tile each: every tile passed on twice
    across = ExchangeStep("courtesy", 3, 2, blind=True)
    assert fewest_own(across, 4, 1, {}) == 3  # a pair passing across: a tile passed on would go straight back


def test_blind_passes_are_offered_played_logged_replayed_and_audited(tmp_path: Path) -> None:
    """american_style's first-left and second-right passes are blind: a seat passes fewer of its own tiles
    (``way: blind``) and passes on unseen the first of those passed to it (``exchange`` events with ``blind``);
    every seat ends the Charleston with its tiles, the fold follows the engine and the game audits clean."""
    ruleset = load_ruleset("american_style")
    log = tmp_path / "blind.jsonl"
    play_game(ruleset, 3, ["card", "random", "card", "card"], replay=log, max_deals=2)
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    decisions = [e for e in events if e["type"] == "decision" and e.get("way") == "blind"]
    assert decisions and all(e["phase"] == "exchange" and len(e.get("tiles", [])) < 3 for e in decisions)
    blind = [e for e in events if e["type"] == "exchange" and e.get("blind")]
    assert blind and {e["step"] for e in blind} <= {"first-left", "second-right"}
    for e in decisions:  # what a seat passes blind is passed on, after the own tiles of every seat have moved
        n = events.index(e)
        after = [x for x in events[n:] if x["type"] == "exchange"]
        step_events = list(itertools.takewhile(lambda x, step=after[0]["step"]: x["step"] == step, after))
        own = [x for x in step_events if x["giver"] == e["actor"] and not x.get("blind")]
        passed_on = [x for x in step_events if x["giver"] == e["actor"] and x.get("blind")]
        assert sum(x["count"] for x in own) == len(e.get("tiles", []))
        assert sum(x["count"] for x in passed_on) == 3 - len(e.get("tiles", []))
        assert step_events.index(passed_on[0]) > max(step_events.index(x) for x in step_events if not x.get("blind"))
    assert check(str(log)).ok and check(str(log), "audit").ok
    parsed = read_log(log)
    from mahjong_core.log.fold import fold

    for event, table in zip(parsed.events, fold(parsed.header, parsed.events), strict=True):
        if event["type"] == "decision" and event.get("phase") == "turn":  # the dealer's first discard: 13 each
            assert [len(s.concealed) for s in table.seats] == [13] * 4
            assert "?" not in {t for s in table.seats for t in s.concealed}  # every tile passed on is followed
            break


@settings(max_examples=300, deadline=None)
@given(counts=_hand_counts(3), fewest=st.integers(0, 2), refuse=st.booleans(),
       probe=st.lists(st.integers(-1, 35), min_size=0, max_size=4))
def test_blind_options_are_the_list_of_every_choice_in_order(counts: list[int], fewest: int, refuse: bool,
                                                             probe: list[int]) -> None:
    """A blind step's lazy options hold, in order, every plain choice of three, then each choice of fewer own tiles
    down to ``fewest`` (``way="blind"``, most own first, each count ascending), then the refusal: their length,
    every item and their membership are the list's."""
    from mahjong_core.engine.exchange import BlindExchangeOptions, ExchangeOptions, multiset_combinations
    from mahjong_core.table.state import Action

    extra = (Action("refuse"),) if refuse else ()
    held = tuple(counts)
    lazy = BlindExchangeOptions(ExchangeOptions(held, 3, ()), [ExchangeOptions(held, own, ())
                                                               for own in range(2, fewest - 1, -1)], extra)
    full = [Action("exchange", tiles=t) for t in multiset_combinations(counts, 3)] \
        + [Action("exchange", tiles=t, way="blind") for own in range(2, fewest - 1, -1)
           for t in multiset_combinations(counts, own)] + list(extra)
    assert len(lazy) == len(full) and list(lazy) == full
    assert [lazy[i] for i in range(-len(full), len(full))] == full + full
    for action in (*full[-3:], Action("exchange", tiles=tuple(probe), way="blind"),
                   Action("exchange", tiles=tuple(sorted(probe)), way="blind"),
                   Action("exchange", tile=0, tiles=tuple(sorted(probe)), way="blind"),
                   Action("exchange", tiles=tuple(sorted(probe)), way="blind", count=1)):
        assert (action in lazy) == (action in full), action
