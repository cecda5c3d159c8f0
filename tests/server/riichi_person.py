"""A person at a riichi table, as the browser test plays one: a simple strategy over what the page is sent.

It reads only what the person's page holds -- the prompt's options and the person's own view (its concealed
tiles, its flags, its notes) -- and answers with an option's index: a win whenever one is offered (tsumo or ron),
except the first ron offered after its riichi, which it lets go by so that its furiten shows (riichi furiten: a
declarer who let a winning tile go by may not win on a discard for the rest of the deal); riichi whenever it is
offered; otherwise the discard that leaves the hand nearest ready, with the most tiles that bring it nearer;
never a call, so the hand stays concealed.  :func:`play_in_process` plays the same person at the engine's table
in this process, as the live server seats it, to choose a seed whose deal shows everything the test looks at.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong_core import (
    Action,
    Game,
    Table,
    full_table_view,
    load_ruleset,
    make_bots,
    redact_table_view,
    seat_notes,
    shanten,
    with_seat_notes,
)
from mahjong_server.protocol import encode_options

RULESET = "riichi_tenhou"
#: The riichi_declaration mechanism's turn action and seat flag.
DECLARE = "riichi"
SUITS = "mps"


def index_of(code: str) -> int:
    """A tile code's kind, 0..33 (a red five plays as its five)."""
    rank, suit = int(code[0]) or 5, code[1]
    return 27 + rank - 1 if suit == "z" else SUITS.index(suit) * 9 + rank - 1


def counts_of(codes: Sequence[str]) -> list[int]:
    counts = [0] * 34
    for c in codes:
        if c != "?":
            counts[index_of(c)] += 1
    return counts


def nearness(counts: list[int]) -> tuple[int, int]:
    """(shanten, minus the kinds that would lower it): smaller is better."""
    now = shanten(bytes(counts))
    better = 0
    for k in range(34):
        if counts[k] < 4:
            counts[k] += 1
            better += shanten(bytes(counts)) < now
            counts[k] -= 1
    return now, -better


@dataclass
class Person:
    """The in-test person's strategy (see the module docstring) and what it has done."""

    declared: bool = False
    let_ron_go: bool = False
    log: list[str] = field(default_factory=list)

    def choose(self, phase: str, options: Sequence[Mapping[str, Any]], me: Mapping[str, Any]) -> int:
        kinds = [o["action"] for o in options]
        declared = DECLARE in (me.get("flags") or {})
        if "win" in kinds:
            if phase != "turn" and declared and not self.let_ron_go and "pass" in kinds:
                self.let_ron_go = True
                self.log.append("let a ron go by")
                return kinds.index("pass")
            self.log.append("tsumo" if phase == "turn" else "ron")
            return kinds.index("win")
        if phase != "turn":
            return kinds.index("pass") if "pass" in kinds else 0
        if DECLARE in kinds:
            self.declared = True
            self.log.append("riichi")
            return kinds.index(DECLARE)
        discards = [o for o in options if o["action"] == "discard" and not o.get("way")]
        if not discards:
            return 0
        counts = counts_of(me.get("concealed") or [])

        def after(o: Mapping[str, Any]) -> tuple[int, int, int]:
            k = index_of(o["tile"])
            counts[k] -= 1
            try:
                near = nearness(counts)
            finally:
                counts[k] += 1
            return near[0], near[1], -k  # a tie: honours first, then the higher kinds
        return min(discards, key=after)["index"]


class InProcessPerson:
    """The person as an engine player in this process: asked with the options a live table's prompt would list
    and the view the person's page would hold."""

    kind = "human"

    def __init__(self, name: str = "Ann"):
        self.name = name
        self.person = Person()
        self.game: Game | None = None

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        assert self.game is not None
        view = redact_table_view(with_seat_notes(full_table_view(table), self.game), seat)
        index = self.person.choose(phase, encode_options(options), view["seats"][seat])
        return options[index].after(1000)


@dataclass
class Played:
    """What a seed's deal showed of the person: its riichi, its furiten, how the deal ended."""

    seed: int
    log: list[str]
    furiten: bool
    end: str
    person_won: bool


def play_in_process(seed: int, bots: Sequence[str] = ("random", "random", "random")) -> Played:
    """One deal of riichi_tenhou with the person at seat 0, as a live table with that seed would play it."""
    ruleset = load_ruleset(RULESET)
    kinds = ["random", *bots]  # a person's seat takes a placeholder bot, never seated (mahjong_server.live)
    players: list[Any] = make_bots(kinds, seed)
    person = InProcessPerson()
    players[0] = person
    seen = {"furiten": False, "end": "", "won": False}

    def emit(event: dict[str, Any]) -> None:
        if person.game is not None and seat_notes(person.game, 0):
            seen["furiten"] = seen["furiten"] or person.person.declared
        if event["type"] in ("mahjong", "exhaustive_draw", "abortive_draw") and not seen["end"]:
            seen["end"] = event["type"]
            seen["won"] = event["type"] == "mahjong" and event["seat"] == 0

    game = Game(ruleset, players, seed, emit=emit, max_deals=1)
    person.game = game
    game.play()
    return Played(seed, person.person.log, bool(seen["furiten"]), str(seen["end"]), bool(seen["won"]))


if __name__ == "__main__":  # the search for the test's seed: python tests/server/riichi_person.py [FROM [TO]]
    import sys

    low, high = (int(sys.argv[1]) if len(sys.argv) > 1 else 1), (int(sys.argv[2]) if len(sys.argv) > 2 else 200)
    for s in range(low, high):
        p = play_in_process(s)
        if "riichi" in p.log:
            print(p)
