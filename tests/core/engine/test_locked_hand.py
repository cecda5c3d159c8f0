"""Options that rules remove, proof 2: a riichi-like locked hand and kuikae (``tests/locked_hand_plugin``).

A seat that declares (a word of the plugin's vocabulary) may afterwards only
discard the tile it drew or win, and claim nothing but a win; the declaring
discard leaves the hand ready; right after a chow or pung the claimer may not
discard the kind it claimed nor a chow's other end.  Seeded games in which
two seats declare whenever they may never break any of it; the same games with
the plugin's refusals switched off do (so the checks can fail); the logs
re-play and audit clean, and one tampered into a locked seat's other discard
fails at that event.
"""

from __future__ import annotations

import types
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from locked_hand_plugin.installed import HOUSE_RULE, install

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import HUMAN, make_bots
from mahjong_core.hand.shanten import shanten
from mahjong_core.hand.tiles import KINDS
from mahjong_core.log.format import header, read_log, write_lines
from mahjong_core.plugin import Action, Table, hookimpl
from mahjong_core.rules import load_ruleset
from mahjong_core.table.rng import ALGORITHM

INDEX = {k.code: k.index for k in KINDS}
DECLARE = Action("declare_riichi")


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[types.ModuleType]:
    installing = install(tmp_path, monkeypatch)
    next(installing)
    import mahjong_locked_hand

    yield mahjong_locked_hand
    next(installing, None)


def eager(bots: list[Any]) -> list[Any]:
    """Seats 0 and 2 keep their hands concealed (claiming only a win) and declare whenever they may."""
    for seat in (0, 2):
        bot = bots[seat]

        def choose(table: Table, s: int, options: Sequence[Action], phase: str, own: Any = bot.choose) -> Action:
            if DECLARE in options:
                return DECLARE
            if phase == "claim":
                return next((o for o in options if o.kind == "win"), Action("pass"))
            return own(table, s, options, phase)

        bot.choose = choose
    return bots


class RuleWatch:
    """An observer checking every decision against the rules, on the engine's table just before it applies."""

    def __init__(self) -> None:
        self.broken: list[str] = []
        self.declared = self.locked = self.barred_turns = 0

    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "riichi_declared":
            self.declared += 1
        if event["type"] != "decision" or event["phase"] not in ("turn", "claim"):
            return
        seat, action = event["actor"], event["action"]
        s = table.seats[seat]
        declared = s.flags.get("riichi")
        tile = INDEX.get(event.get("tile", ""))
        where = f"event {event['n']}: seat {seat}"
        if event["phase"] == "claim":
            if declared is not None and action not in ("win", "pass"):
                self.broken.append(f"{where} claimed a {action} after declaring")
            return
        if action != "discard" or tile is None:
            return
        if declared is not None and len(s.discards) > declared:
            self.locked += 1
            if tile != table.drawn_tile:
                self.broken.append(f"{where} discarded {event['tile']} from a locked hand (drew {table.drawn_tile})")
        elif declared is not None:
            counts = list(s.counts)
            counts[tile] -= 1
            if shanten(bytes(counts)) > 0:
                self.broken.append(f"{where} declared and discarded {event['tile']}, leaving the hand not ready")
        bar = s.flags.get("kuikae")
        if bar and table.drawn_tile is None:
            kinds = {INDEX[c] for c in bar}
            if any(s.counts[k] for k in kinds):
                self.barred_turns += 1
            if tile in kinds:
                self.broken.append(f"{where} discarded {event['tile']} right after claiming it (kuikae)")


SEEDS = range(24)


def bots_for(seed: int) -> list[Any]:
    return eager(make_bots(["greedy", "random", "greedy", "random"], seed))


def play(seed: int, emit: Any = None) -> tuple[Game, RuleWatch]:
    watch = RuleWatch()
    game = Game(load_ruleset(HOUSE_RULE), bots_for(seed), seed, observers=(watch,), emit=emit, max_deals=2)
    game.play()
    return game, watch


def test_a_declared_hand_is_locked_and_kuikae_is_refused_in_every_seeded_game(plugin: types.ModuleType) -> None:
    watches = [play(seed)[1] for seed in SEEDS]
    assert [b for w in watches for b in w.broken] == []
    assert sum(w.declared for w in watches) >= 20
    assert sum(w.locked for w in watches) >= 50
    assert sum(w.barred_turns for w in watches) >= 10


def test_without_the_refusals_the_same_games_break_the_rules(plugin: types.ModuleType,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugin, "mahjong_refused_options", hookimpl(lambda: None))
    broken = [b for seed in SEEDS for b in play(seed)[1].broken]
    assert any("locked hand" in b for b in broken)
    assert any("kuikae" in b for b in broken)


def logged(tmp_path: Path, seed: int) -> Path:
    """A game's log, its seats written as people's so the audit re-plays every decision as logged."""
    events: list[dict[str, Any]] = []
    game, _ = play(seed, emit=events.append)
    seats = [{"seat": i, "name": f"person-{i}", "kind": HUMAN} for i in range(4)]
    path = tmp_path / f"locked-{seed}.jsonl"
    write_lines(path, [header(game.ruleset, seed, ALGORITHM, seats, game.table.teams, {"max_deals": 2}), *events])
    return path


def test_the_logs_replay_and_audit_clean(plugin: types.ModuleType, tmp_path: Path) -> None:
    for seed in (1, 4):
        path = logged(tmp_path, seed)
        for mode in ("replay", "audit"):
            verdict = check(str(path), mode)
            assert verdict.ok, verdict.text()
            assert verdict.events == len(read_log(path).events)


def test_a_locked_seats_other_discard_fails_the_audit_at_its_event(plugin: types.ModuleType,
                                                                   tmp_path: Path) -> None:
    found = None
    for seed in SEEDS:
        log = read_log(logged(tmp_path, seed))
        events = [dict(e) for e in log.events]
        found = locked_discard(log.header, events)
        if found is not None:
            break
    assert found is not None, "no seeded game has a locked hand's discard"
    k, seat, other = found
    events[k]["tile"] = other
    write_lines(tmp_path / "bad.jsonl", [log.header, *events])
    verdict = check(str(tmp_path / "bad.jsonl"), "audit")
    assert not verdict.ok and verdict.line == k + 2
    assert f"seat {seat} chose discard {other}, which is not legal here; legal: discard " in str(verdict.error)


def locked_discard(header: dict[str, Any], events: list[dict[str, Any]]) -> tuple[int, int, str] | None:
    """A discard by a seat whose hand is locked (a discard after its declaring one), and another kind it held."""
    from mahjong_core.log.fold import fold

    since: dict[int, int] = {}  # per declared seat, its discards since the declaration
    before: dict[str, Any] | None = None
    for k, (table, e) in enumerate(zip(fold(header, events), events, strict=True)):
        if e["type"] == "deal_start":
            since = {}
        if e["type"] == "riichi_declared":
            since[e["seat"]] = 0
        if before is not None and e["type"] == "decision" and e["phase"] == "turn" and e["action"] == "discard" \
                and e["actor"] in since:
            since[e["actor"]] += 1
            concealed = before["seats"][e["actor"]]["concealed"]
            other = next((c for c in concealed if c != e["tile"]), None)
            if since[e["actor"]] > 1 and other is not None:
                return k, e["actor"], other
        before = table.view()
    return None
