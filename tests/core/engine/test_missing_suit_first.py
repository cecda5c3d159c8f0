"""Options that rules remove, proof 1: Sichuan's missing suit goes first (``tests/vocabulary_plugin``).

The test plugin declares a missing suit per seat after the deal; under the
enforcing house rule it refuses, through ``mahjong_refused_options``, every
discard but the missing suit's while the seat holds one, any win while it
does, and any claim of a tile of the missing suit.  Seeded games between
random and greedy bots never break the rule, replay and audit clean; the
same seeds without the rule do break it (so the check can fail); a log
whose decision was tampered into a refused discard fails its audit at that
event.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from vocabulary_plugin.installed import HOUSE_RULE, HOUSE_RULE_ENFORCED, install

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import HUMAN, make_bots
from mahjong_core.hand.tiles import KINDS
from mahjong_core.log.fold import fold
from mahjong_core.log.format import read_log, write_lines
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Table

INDEX = {k.code: k.index for k in KINDS}
FIRST = {"characters": 0, "circles": 9, "bamboo": 18}
BOTS = [["random"] * 4, ["greedy"] * 4, ["random", "greedy", "random", "greedy"], ["greedy", "random"] * 2]


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from install(tmp_path, monkeypatch)


def missing(table: Table, seat: int) -> range | None:
    suit = table.seats[seat].flags.get("missing_suit")
    return None if suit is None else range(FIRST[suit], FIRST[suit] + 9)


class RuleWatch:
    """An observer that counts, at every decision and claim as the engine makes it, what breaks the rule."""

    def __init__(self) -> None:
        self.broken: list[str] = []
        self.restricted = 0  # turns at which the seat held its missing suit and some other tile
        self.discards = 0

    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "decision" and event["phase"] in ("turn", "claim", "rob_kong") and event["action"] != "pass":
            seat = event["actor"]
            suit = missing(table, seat)
            if suit is None:
                return
            counts = table.seats[seat].counts
            holds = any(counts[k] for k in suit)
            tile = INDEX.get(event.get("tile", ""))
            if event["action"] == "discard":
                self.discards += 1
                if holds and any(counts[k] for k in range(34) if k not in suit):
                    self.restricted += 1
                if holds and tile not in suit:
                    self.broken.append(f"event {event['n']}: seat {seat} discarded {event['tile']} holding its "
                                       "missing suit")
            elif event["action"] == "win" and holds:
                self.broken.append(f"event {event['n']}: seat {seat} won holding its missing suit")
            elif event["phase"] != "turn" and tile in suit:
                self.broken.append(f"event {event['n']}: seat {seat} claimed {event['tile']} of its missing suit")


def play(rule: Path, seed: int, bots: list[str]) -> RuleWatch:
    watch = RuleWatch()
    Game(load_ruleset(rule), make_bots(bots, seed), seed, observers=(watch,), max_deals=2).play()
    return watch


def test_seeded_games_never_break_the_missing_suit_and_the_rule_is_what_stops_them(plugin: Path) -> None:
    enforced = [play(HOUSE_RULE_ENFORCED, seed, BOTS[seed % 4]) for seed in range(12)]
    assert [b for w in enforced for b in w.broken] == []
    assert sum(w.discards for w in enforced) > 500
    assert sum(w.restricted for w in enforced) > 50  # the rule had something to refuse
    # The same seeds without the rule: the random bots discard other tiles while holding the missing suit.
    free = [play(HOUSE_RULE, seed, BOTS[seed % 4]) for seed in range(12)]
    assert sum(len(w.broken) for w in free) > 50


def simulated(tmp_path: Path, seed: int, bots: str) -> Path:
    out = tmp_path / f"logs{seed}"
    assert main(["simulate", "--ruleset", str(HOUSE_RULE_ENFORCED), "--seed", str(seed), "--max-deals", "2",
                 "--bots", bots, "--out", str(out)]) == 0
    (log,) = out.glob("*.jsonl")
    return log


@pytest.mark.parametrize(("seed", "bots"), [(3, "random,greedy,random,greedy"), (8, "greedy,greedy,random,random")])
def test_the_enforced_games_replay_byte_for_byte_and_audit_clean(plugin: Path, tmp_path: Path, seed: int,
                                                                 bots: str) -> None:
    path = simulated(tmp_path, seed, bots)
    for mode in ("replay", "audit"):
        verdict = check(str(path), mode)
        assert verdict.ok, verdict.text()
        assert verdict.events == len(read_log(path).events)


def test_a_persons_refused_discard_fails_replay_and_audit_at_its_event_in_one_line(
        plugin: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = simulated(tmp_path, 3, "random,random,random,random")
    log = read_log(path)
    events = [dict(e) for e in log.events]
    found = refused_alternative(log.header, events)
    assert found is not None, "no discard of a missing suit made while other kinds were held"
    k, other = found
    seat = events[k]["actor"]
    events[k]["tile"] = other
    header = dict(log.header)  # the seat played by a person, so the audit re-plays its decisions as logged
    header["seats"] = [dict(s, kind=HUMAN) if s["seat"] == seat else s for s in header["seats"]]
    bad = tmp_path / "bad.jsonl"
    write_lines(bad, [header, *events])
    for mode in ("replay", "audit"):
        verdict = check(str(bad), mode)
        assert not verdict.ok
        assert verdict.line == k + 2
        text = str(verdict.error)
        assert f"seat {seat} chose discard {other}, which is not legal here; legal: discard " in text, text
    capsys.readouterr()
    assert main(["audit", str(bad)]) != 0
    out, err = capsys.readouterr()
    said = (out + err).strip().splitlines()
    assert len(said) == 1 and f"line {k + 2}" in said[0] and "not legal here" in said[0], said


def refused_alternative(header: dict[str, Any], events: list[dict[str, Any]]) -> tuple[int, str] | None:
    """The first turn's discard of a missing suit made while another kind was held, and such a kind.

    Read with the one fold of events: the table before event ``k`` is the one after event ``k - 1``.
    """
    before: dict[str, Any] | None = None
    for k, (table, e) in enumerate(zip(fold(header, events), events, strict=True)):
        if before is not None and e["type"] == "decision" and e["phase"] == "turn" and e["action"] == "discard":
            seat = before["seats"][e["actor"]]
            suit = seat.get("flags", {}).get("missing_suit")
            if suit is not None:
                kinds = range(FIRST[suit], FIRST[suit] + 9)
                other = next((c for c in seat["concealed"] if INDEX[c] not in kinds), None)
                if INDEX[e["tile"]] in kinds and other is not None:
                    return k, other
        before = table.view()
    return None


class Timeouts:
    """Every timeout of a move, with what the seat held and had drawn when its time ran out."""

    def __init__(self) -> None:
        self.moves: list[tuple[str, str, bool, int | None]] = []  # (tile discarded, missing suit, held it, drawn)

    def mahjong_event(self, table: Table, event: dict[str, Any]) -> None:
        if event["type"] == "timeout" and event["what"] == "move":
            seat = event["seat"]
            suit = missing(table, seat)
            if suit is not None:
                holds = any(table.seats[seat].counts[k] for k in suit)
                letter = "mps"[suit.start // 9]
                self.moves.append((event["tile"], letter, holds, table.drawn_tile))


def test_a_refused_timeout_discards_the_first_tile_of_the_missing_suit_instead(plugin: Path, tmp_path: Path) -> None:
    """At a timed table the ruleset's timeout discards the drawn tile; where the rule refuses it, the first
    discard left (a tile of the missing suit) is taken, and the game goes on and audits clean."""
    rule = HOUSE_RULE.parent / "timed_house_rule.yaml"
    watch = Timeouts()
    for seed in range(6):
        Game(load_ruleset(rule), make_bots(["random"] * 4, seed), seed, observers=(watch,), max_deals=2).play()
    held = [m for m in watch.moves if m[2]]
    assert held, f"no move ran out of time while the seat held its missing suit ({len(watch.moves)} timeouts)"
    assert all(tile.endswith(letter) for tile, letter, _, _ in held)
    substituted = [m for m in held if m[3] is not None and INDEX[m[0]] != m[3]]
    assert substituted, "no timeout's drawn tile was refused"
    out = tmp_path / "timed"
    assert main(["simulate", "--ruleset", str(rule), "--seed", "2", "--max-deals", "2", "--bots", "random",
                 "--out", str(out)]) == 0
    (log,) = out.glob("*.jsonl")
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.text()
