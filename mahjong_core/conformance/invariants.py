"""The invariants every game keeps, as observers: tiles conserved, hand sizes, payments that sum to zero.

An observer implements ``mahjong_event`` and raises :class:`~mahjong_core.InvariantBroken`
at the first event that breaks its invariant.  The conformance suite seats
them in its games, and ``mahjong soak`` in many more; they live in the core,
not in the test package, so a soak needs no test tools.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import InvariantBroken
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.manager import build_plugin_manager
from mahjong_core.table.state import Table
from mahjong_core.table.wall import Wall

if TYPE_CHECKING:
    from mahjong_core.hand.tiles import TileSet
    from mahjong_core.rules import Ruleset


def _require(holds: bool, message: str) -> None:
    if not holds:
        raise InvariantBroken(message)


class TileConservation:
    """After every event, every tile of the set is somewhere: wall, hands, melds, discards, bonus tiles.

    It looks at the whole table after every event of a soak, so the count is
    made where it is cheap: the placed tiles are counted in one C call
    (``Counter`` of a list), the concealed counts are summed over the seats
    kind by kind and added, and the two tallies are compared as plain dicts
    (neither holds a zero).
    """

    def __init__(self, tile_set: Iterable[int] | None = None):
        """:param tile_set: the tiles to find; by default the game's own, as its ``mahjong_tile_set`` hook answered
        and its wall was built from (a ruleset's plugin may leave tiles out of its data's set)."""
        self.given = Counter(tile_set) if tile_set is not None else None
        self.expected: Counter[int] = Counter()
        self._source: object = None
        self.checked = 0

    def _expect(self, wall: Wall, tiles: TileSet | None) -> None:
        """The tiles to find this deal, by the kind they are held as (a red five among its fives' counts)."""
        source = self.given if self.given is not None else wall.tile_set
        if source is self._source:
            return
        self._source = source
        expected = Counter(source.elements() if isinstance(source, Counter) else source)
        if tiles is not None and tiles.marked:
            expected = Counter(tiles.plays_as[k] if k in tiles.marked else k for k in expected.elements())
        self.expected = expected

    @hookimpl
    def mahjong_event(self, table: Table, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        wall = table.wall
        if wall is None or kind in ("deal_start", "game_end") or kind.startswith("wall_"):
            return
        # Conformance games are seeded; a physical game's observed tiles do not say which tiles are left.
        if not isinstance(wall, Wall):
            raise InvariantBroken(f"tile conservation needs a seeded wall, not a {type(wall).__name__}")
        self._expect(wall, table.tiles)
        placed = wall.remaining()
        tiles = table.tiles
        if tiles is not None and tiles.marked:
            plays = tiles.plays_as
            placed = [plays[k] if k in tiles.marked else k for k in placed]
        for seat in table.seats:
            for meld in seat.melds:
                placed.extend(meld.tiles)
                if meld.jokers and tiles is not None:  # a joker standing for a kind is a joker
                    for kind_ in meld.jokers:
                        placed.remove(kind_)
                    if not seat.meld_jokers:  # typed jokers are counted by their own tiles, below
                        placed.extend([min(tiles.jokers)] * len(meld.jokers))
            placed.extend(seat.meld_jokers)
            placed.extend(seat.discards)
            placed.extend(seat.bonus)
            placed.extend(seat.aside)  # set aside face up by a plugin's event (three-player riichi's North)
            placed.extend(seat.jokers)
            placed.extend(seat.held_jokers)
            placed.extend(seat.kept)  # bonus tiles kept in the hand (``bonus_kept``)
            for tile, held_as in seat.jokers_taken_as:  # a discarded joker won on, held as another
                placed.remove(held_as)
                placed.append(tile)
            placed.extend(seat.won)  # won with and set aside, where winners stay in play
        seen: Counter[int] = Counter(placed)
        get = seen.get
        for kind_, n in enumerate(map(sum, zip(*(seat.counts for seat in table.seats), strict=True))):
            if n:
                seen[kind_] = get(kind_, 0) + n
        if table.wild_tile is not None:  # the tile turned to choose the deal's wild kind, out of play
            seen[table.wild_tile] = get(table.wild_tile, 0) + 1
        for kind_ in table.shared_wins:  # a tile several seats won at once is in each winner's hand, yet one tile
            seen[kind_] -= 1
        if not dict.__eq__(seen, self.expected):
            missing = self.expected - seen
            extra = seen - self.expected
            raise InvariantBroken(f"tiles not conserved after event {event['n']} ({kind}): "
                                 f"missing {dict(missing)}, extra {dict(extra)}")
        self.checked += 1


class HandSizes:
    """Between turns every hand holds ``hand_size`` tiles (a kong counts as three); in its turn, one more; a seat
    that has won and sits out while play goes on holds its winning hand, one more.

    With ``late_claims`` (a claim window that stays open after the next player
    has drawn, as the late pung of 001 line 109) that player may already hold
    one more while the others decide, so at a claim decision that one seat may.
    """

    def __init__(self, hand_size: int, *, late_claims: bool = False):
        self.hand_size = hand_size
        self.late_claims = late_claims
        self.checked = 0

    @classmethod
    def of(cls, ruleset: Ruleset) -> HandSizes:
        """The observer for a game of ``ruleset``: its hand size, and whether its plugins open a late claim window.

        The window is asked of the ruleset's plugins (``mahjong_late_claims``) as a game asks it, not read from
        the parameter the bundled mechanism happens to use, so a ruleset whose own plugin opens one is held to
        the same count.
        """
        late = build_plugin_manager(bind(ruleset).plugins).hook.mahjong_late_claims(ruleset=ruleset)
        return cls(int(ruleset.value("hand_size")), late_claims=bool(late))

    @hookimpl
    def mahjong_event(self, table: Table, event: Mapping[str, Any]) -> None:
        if event["type"] != "decision" or event.get("phase") not in ("claim", "turn"):
            return
        drawer = None
        if event["phase"] == "claim" and self.late_claims and table.last_discarder is not None:
            drawer = (table.last_discarder + 1) % table.players
        for s, seat in enumerate(table.seats):
            want = {self.hand_size + (1 if event["phase"] == "turn" and s == event["actor"] else 0)}
            if s == drawer and s != event["actor"]:
                want.add(self.hand_size + 1)
            if table.wins and table.out_of_play(s):  # won, and sits out while play goes on: its winning hand
                want = {self.hand_size + 1}
            have = seat.hand_count()
            if have not in want:
                raise InvariantBroken(f"event {event['n']} ({event['phase']} decision of seat {event['actor']}): "
                                     f"seat {s} holds {have} tiles, expected {' or '.join(map(str, sorted(want)))}")
        self.checked += 1


class ZeroSumPayments:
    """Points are conserved: each settlement moves whole points between two different real seats, each payment
    from a seat or the pot to another, and after each the seats' scores and the table's pot add up to the points
    the game began with (``starting`` each; 0 where the ruleset does not say, the scores then a zero sum)."""

    def __init__(self, players: int, starting: int = 0):
        self.players = players
        self.total = starting * players
        self.scores = [starting] * players
        self.pot = 0
        self.settlements = 0
        self.paid = 0

    @hookimpl
    def mahjong_event(self, table: Table, event: Mapping[str, Any]) -> None:
        kind = event["type"]
        if kind == "payment":
            self._payment(table, event)
            return
        if kind not in ("settlement", "false_mahjong", "game_end"):
            return
        where = f"{kind} event {event['n']}"
        for payer, payee, amount, reason in event.get("payments", ()):
            _require(isinstance(amount, int) and not isinstance(amount, bool),
                     f"{where}: amount {amount!r} of {reason!r} is not a whole number")
            _require(amount >= 0, f"{where}: negative amount {amount} for {reason!r}")
            _require(0 <= payer < self.players and 0 <= payee < self.players,
                     f"{where}: seat out of range in {[payer, payee, amount, reason]}")
            _require(payer != payee, f"{where}: seat {payer} pays itself {amount} for {reason!r}")
            self.scores[payer] -= amount
            self.scores[payee] += amount
            self.paid += amount
        _require(list(event["scores"]) == self.scores,
                 f"{where}: scores {event['scores']} are not the sum of the payments so far {self.scores}")
        self._conserved(table, where)
        if kind == "settlement" and table.phase == "settlement":  # the deal's own, not a win's where play goes on
            self.settlements += 1

    def _payment(self, table: Table, event: Mapping[str, Any]) -> None:
        where = f"payment event {event['n']}"
        payer, payee, amount = event["payer"], event["payee"], event["amount"]
        _require(isinstance(amount, int) and not isinstance(amount, bool) and amount > 0,
                 f"{where}: amount {amount!r} is not a whole number above 0")
        _require(all(s is None or 0 <= s < self.players for s in (payer, payee)) and payer != payee,
                 f"{where}: {payer!r} pays {payee!r}, which are not two of the seats and the pot")
        for seat, sign in ((payer, -1), (payee, 1)):
            if seat is None:
                self.pot += sign * amount
            else:
                self.scores[seat] += sign * amount
        _require(self.pot >= 0, f"{where}: the pot would hold {self.pot}")
        _require(table.scores == self.scores and table.pot == self.pot,
                 f"{where}: the table holds {table.scores} and a pot of {table.pot}, the payments "
                 f"{self.scores} and {self.pot}")
        self._conserved(table, where)

    def _conserved(self, table: Table, where: str) -> None:
        have = sum(table.scores) + table.pot
        _require(have == self.total, f"{where}: the table's scores {table.scores} and pot {table.pot} add up to "
                                     f"{have}, not the {self.total} the game began with")
