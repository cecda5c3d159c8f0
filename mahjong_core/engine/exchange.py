"""The tile exchange between the deal and the first discard: Charleston passes, the partner exchange.

Which exchanges a deal has is the ruleset's (``mahjong_exchange_steps``, the
tile-exchange mechanism); this module offers each seat its choices, passes
the tiles all at once and logs who gave how many to whom.  A Charleston pass
offers some 200 choices a seat, so the choices are a lazy list
(:class:`ExchangeOptions`) that a replayed decision checks without building.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING, overload

from mahjong_core.engine.options import LazyOptions
from mahjong_core.engine.refusal import REFUSAL, without_refused
from mahjong_core.engine.winning import declare_win, hand_complete, win_allowed
from mahjong_core.hand import shanten as shanten_mod
from mahjong_core.hand.tiles import SUITED
from mahjong_core.table.state import Action, ExchangeStep

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame


def exchange(game: RunningGame) -> None:
    """Every exchange step of the deal in order: each seat from the dealer chooses, then all pass at once.

    Before a step that says so (``win_before``) a seat whose hand is already complete may win on it
    (:func:`win_on_hand`); in a step whose count each pair agrees (``agreed``) the seats first ask their counts
    (:func:`agreed_choices`)."""
    t = game.table
    if "mahjong_exchange_steps" not in game.implemented:
        return
    steps = game.hook.mahjong_exchange_steps(ruleset=game.ruleset, table=t) or ()
    stopped: set[str] = set()  # the groups of steps a seat declined: their later steps are not offered
    for step in steps:
        if step.group is not None and step.group in stopped:
            continue
        if step.win_before:
            win_on_hand(game)
        passed: dict[int, tuple[int, ...]] = {}
        blind: dict[int, int] = {}  # the tiles each seat passes on unseen (a blind pass)
        refused: set[int] = set()
        if step.agreed:
            passed = agreed_choices(game, step)
        for i in range(t.players) if not step.agreed else ():
            seat = (t.dealer + i) % t.players
            fewest = fewest_own(step, t.players, seat, {s: len(tiles) for s, tiles in passed.items()}) \
                if step.blind else step.count
            options: Sequence[Action] = exchange_options(game, seat, step, fewest)
            if REFUSAL in game.implemented:
                options = without_refused(game, seat, options, "exchange")
            action = game.decide(seat, options, "exchange", window=True)
            if action.kind == "exchange":
                passed[seat] = action.tiles
                if action.way == "blind":
                    blind[seat] = step.count - len(action.tiles)
            elif action.kind == "refuse":
                refused.add(seat)
                if step.refuse_only_if_calling:
                    t.seats[seat].calling = True
                    game.event("table", "calling", seat=seat, declared=True)
        if step.optional and refused:
            # An optional pass that one seat declines is made by nobody (the American Charleston's optional
            # passes stop when a player declines): a pass round the table needs every seat to give; a step of a
            # group stops the group's later steps too.
            passed, blind = {}, {}
            if step.group is not None:
                stopped.add(step.group)
        elif step.refuse_only_if_calling:
            # One partner's refusal means the pair does not exchange (003 line 15: "the exchange may not take
            # place"): the other keeps its tiles too, so both hands keep their size.
            passed = {seat: tiles for seat, tiles in passed.items()
                      if seat not in refused and (seat + step.offset) % t.players not in refused}
        # All seats pass at the same time: take every passed tile out before any arrives; a tile passed on blind
        # reaches only the seat that keeps it (no seat ever holds, so is shown, a tile it passes on unseen).
        moves = blind_moves(step, t.players, passed, blind) if blind else []
        for seat, tiles in passed.items():
            for tile in tiles:
                t.seats[seat].counts[tile] -= 1
        arrived: dict[int, list[int]] = {seat: [] for seat in range(t.players)}
        for seat, tiles in passed.items():
            arrived[(seat + step.offset) % t.players].extend(tiles)
        for giver, moved in moves:
            for tile in moved:
                arrived[giver].remove(tile)
                arrived[(giver + step.offset) % t.players].append(tile)
        for seat, held in arrived.items():
            for tile in held:
                t.seats[seat].counts[tile] += 1
        for seat, tiles in sorted(passed.items()):
            if tiles or seat not in blind:  # a seat passing only tiles it passes on blind gives none of its own
                game.event("table", "exchange", step=step.name, giver=seat,
                           receiver=(seat + step.offset) % t.players, count=len(tiles))
        for giver, moved in moves:
            game.event("table", "exchange", step=step.name, giver=giver, receiver=(giver + step.offset) % t.players,
                       count=len(moved), blind=True)


def win_on_hand(game: RunningGame) -> None:
    """Offer each seat, from the dealer round, whose hand is already complete -- only a seat holding a tile more
    than a hand, the dealer, can be -- a win on it before the step (a ``declaration`` decision: ``win`` or
    ``pass``), self-drawn: the American heavenly hand on the dealt tiles, the earthly hand after the first
    Charleston, each paid as a self-drawn win.  A win ends the deal (:class:`~mahjong_core.engine.flow.DealOver`)."""
    t = game.table
    for i in range(t.players):
        seat = (t.dealer + i) % t.players
        s = t.seats[seat]
        if (sum(s.counts) + len(s.held_jokers)) % 3 != 2 or not any(s.counts):
            continue
        tile = next(kind for kind, n in enumerate(s.counts) if n)  # the tile a win names without a draw
        if hand_complete(game, seat, s.counts, tile, "self_drawn") and win_allowed(game, seat, tile, "self_drawn"):
            if game.decide(seat, [Action("win", tile), _PASS], "declaration").kind == "win":
                declare_win(game, seat, tile, "self_drawn", None)


def agreed_choices(game: RunningGame, step: ExchangeStep) -> dict[int, tuple[int, ...]]:
    """A step whose count each pair agrees (``agreed``): every seat from the dealer asks a count from none to
    the step's (an exchange decision of the way ``ask``, its ``count``), then each seat whose pair's smaller ask
    is not none chooses that many of its tiles, as in any step.  A seat is shown only its own tiles and the counts
    asked; a pair that agrees none passes nothing.  Returns each passing seat's tiles."""
    t = game.table
    asked: dict[int, int] = {}
    for i in range(t.players):
        seat = (t.dealer + i) % t.players
        options: Sequence[Action] = ask_options(min(step.count, sum(t.seats[seat].counts)))
        if REFUSAL in game.implemented:
            options = without_refused(game, seat, options, "exchange")
        asked[seat] = game.decide(seat, options, "exchange", window=True).count or 0
    passed: dict[int, tuple[int, ...]] = {}
    for i in range(t.players):
        seat = (t.dealer + i) % t.players
        count = min(asked[seat], asked[(seat + step.offset) % t.players])
        if count:
            options = exchange_options(game, seat, replace(step, count=count, agreed=False))
            if REFUSAL in game.implemented:
                options = without_refused(game, seat, options, "exchange")
            passed[seat] = game.decide(seat, options, "exchange", window=True).tiles
    return passed


def ask_options(most: int) -> tuple[Action, ...]:
    """The counts a seat may ask in an agreed step, none first: ``exchange`` actions of the way ``ask``."""
    return _ASKS[:most + 1] if most < len(_ASKS) else tuple(Action("exchange", way="ask", count=n)
                                                           for n in range(most + 1))


_PASS = Action("pass")
#: The asks of the usual counts, made once (actions are values).
_ASKS = tuple(Action("exchange", way="ask", count=n) for n in range(5))


def blind_moves(step: ExchangeStep, players: int, passed: dict[int, tuple[int, ...]], blind: dict[int, int]
                ) -> list[tuple[int, tuple[int, ...]]]:
    """The tiles passed on unseen in a blind pass, after every seat's own: ``(giver, tiles)`` in the order made.

    Each seat takes, from the front of the tiles passed to it in this step (its giver's own tiles in the order
    chosen, then what its giver passed on), as many as it passes blind and passes them on, never seeing them;
    the seats do so together, round after round, until every blind pass is made (a tile passed on may be passed
    on again), each round's in seat order.  The offers keep every tile from coming back round to the seat that
    gave it (:func:`fewest_own`).
    """
    queue: dict[int, list[tuple[int, int]]] = {seat: [] for seat in range(players)}  # (tile, its first giver)
    for seat, tiles in sorted(passed.items()):
        queue[(seat + step.offset) % players].extend((tile, seat) for tile in tiles)
    need = dict(blind)
    made: list[tuple[int, tuple[int, ...]]] = []
    while any(need.values()):
        moves = []
        for seat in sorted(need):
            take = min(need[seat], len(queue[seat]))
            if take:
                moves.append((seat, queue[seat][:take]))
                del queue[seat][:take]
                need[seat] -= take
        assert moves, f"blind passes {blind} of step {step.name} left tiles short: the offers prevent it"
        for seat, moved in moves:
            receiver = (seat + step.offset) % players
            assert all(owner != receiver for _, owner in moved), "a tile passed blind came back to its giver"
            queue[receiver].extend(moved)
            made.append((seat, tuple(tile for tile, _ in moved)))
    return made


def fewest_own(step: ExchangeStep, players: int, seat: int, chosen: dict[int, int]) -> int:
    """The fewest of its own tiles a seat may pass in a blind step, the others passing on unseen what they are
    passed: enough that, whatever the seats still to choose pass, every tile passed on reaches a seat before
    it would come back round to the seat that gave it (a tile is passed once by each seat at most).

    The seats a pass links form cycles (one of every seat for a pass to the right or left, pairs for a pass
    across).  Round a cycle of ``n`` seats, the tiles a seat passes come from itself and the ``n - 2`` seats
    before it, so the own tiles of all but the seat it passes to must be at least the step's count: over the
    cycle, their total less the largest.  The seats still to choose are counted as passing all their own.
    ``chosen``: the own tiles of the seats that have chosen.
    """
    cycle = [seat]
    nxt = (seat + step.offset) % players
    while nxt != seat:
        cycle.append(nxt)
        nxt = (nxt + step.offset) % players
    for own in range(step.count + 1):
        counts = [own if s == seat else chosen.get(s, step.count) for s in cycle]
        if len(cycle) > 1 and sum(counts) - max(counts) >= step.count:
            return own
    return step.count

def exchange_options(game: RunningGame, seat: int, step: ExchangeStep, fewest: int | None = None
                     ) -> Sequence[Action]:
    """A seat's choices in one step: every choice of the step's count of held tiles, and a refusal where allowed.

    A step of one suit (``one_suit``) offers only the choices whose tiles are all of one suit.  A blind step
    (``blind``) offers too every choice of fewer of the seat's own tiles, down to ``fewest``, the rest passed on
    unseen from those passed to it (``way="blind"``: :func:`blind_moves`).
    """
    s = game.table.seats[seat]
    refuse = step.optional or (step.refuse_only_if_calling and bool(sum(s.counts) % 3)
                               and shanten_mod.shanten(bytes(s.counts)) <= 0)
    extra = (Action("refuse"),) if refuse else ()
    if step.one_suit:
        return one_suit_options(s.counts, step.count, extra)
    if step.blind and fewest is not None and fewest < step.count:
        held = tuple(s.counts)
        blind = [ExchangeOptions(held, own, ()) for own in range(step.count - 1, fewest - 1, -1)]
        return BlindExchangeOptions(ExchangeOptions(held, step.count, ()), blind, extra)
    return ExchangeOptions(tuple(s.counts), step.count, extra)


def one_suit_options(counts: Sequence[int], count: int, extra: tuple[Action, ...]) -> list[Action]:
    """Every different choice of ``count`` held tiles of one suit (each suit's nine kinds), ascending, then
    ``extra``.  A pass of three from a suit of five tiles has at most ten choices, so a plain list serves."""
    found: list[Action] = []
    for low in range(0, len(SUITED), 9):
        suit = [0] * len(counts)
        suit[low:low + 9] = counts[low:low + 9]
        if sum(suit) >= count:
            found += [_exchange_action(c) for c in multiset_combinations(suit, count)]
    return found + list(extra)



class ExchangeOptions(LazyOptions):
    """An exchange's legal actions: every different choice of ``count`` held tiles, then a refusal if allowed.

    A Charleston pass offers some 200 choices a seat, three times a deal; a
    bot reads them all and gets them all (built on first use), but a replayed
    decision only has to be checked for membership, which is a sub-multiset
    test on the counts.  Membership means exactly what it means for the list:
    an exchange action with its tiles ascending, ``tiles_per_choice`` of them, all held.
    ``tiles_per_choice`` is public: a bot that weighs the choices itself reads it instead
    of the list (:meth:`~mahjong_core.engine.players.GreedyBot._exchange`).  The
    length and any one item are worked out without the list too (a random
    bot asks for just those): the choices are counted kind by kind from the
    top kind held down (:meth:`_ways`), and the ``i``-th in ascending order is
    found by skipping, kind by kind, the choices that begin with a lower one.
    """

    __slots__ = ("_counts", "tiles_per_choice", "_extra", "_built", "_ways_table")

    def __init__(self, counts: tuple[int, ...], count: int, extra: tuple[Action, ...]):
        self._counts, self.tiles_per_choice, self._extra = counts, count, extra
        self._built: list[Action] | None = None
        self._ways_table: tuple[list[tuple[int, int]], list[list[int]]] | None = None

    def _ways(self) -> tuple[list[tuple[int, int]], list[list[int]]]:
        """The kinds held with their copies, and ``ways[i][r]``: the different choices of ``r`` tiles among the
        ``i``-th kind held and those above it."""
        table = self._ways_table
        if table is None:
            k = self.tiles_per_choice
            held = [(kind, n) for kind, n in enumerate(self._counts) if n]
            ways = [[0] * (k + 1) for _ in range(len(held) + 1)]
            ways[-1][0] = 1
            for i in range(len(held) - 1, -1, -1):
                # row[r] = above[r] + above[r - 1] + ... + above[r - copies]: a running sum over a window.
                copies, above, row = held[i][1], ways[i + 1], ways[i]
                total = 0
                for r in range(k + 1):
                    total += above[r]
                    if r > copies:
                        total -= above[r - copies - 1]
                    row[r] = total
            table = self._ways_table = (held, ways)
        return table

    def _choice(self, index: int) -> tuple[int, ...]:
        """The ``index``-th choice in ascending order (``0 <= index <`` the number of choices)."""
        held, ways = self._ways()
        tiles: list[int] = []
        i, r = 0, self.tiles_per_choice
        kind, left = held[0] if held else (0, 0)
        while r:
            if left:
                # Choices whose next tile is this kind: the other r - 1 from this kind's rest and the kinds above.
                above = ways[i + 1]
                starting = 0
                for j in range(min(left - 1, r - 1) + 1):
                    starting += above[r - 1 - j]
                if index < starting:
                    tiles.append(kind)
                    left, r = left - 1, r - 1
                    continue
                index -= starting
            i += 1
            kind, left = held[i]
        return tuple(tiles)

    def __len__(self) -> int:
        if self._built is not None:
            return len(self._built)
        return self._ways()[1][0][self.tiles_per_choice] + len(self._extra)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if self._built is not None or not isinstance(index, int):
            return self._all()[index]
        choices = self._ways()[1][0][self.tiles_per_choice]
        total = choices + len(self._extra)
        if not -total <= index < total:
            raise IndexError(index)
        index %= total
        return _exchange_action(self._choice(index)) if index < choices else self._extra[index - choices]

    def _all(self) -> list[Action]:
        built = self._built
        if built is None:
            built = [_exchange_action(c) for c in multiset_combinations(self._counts, self.tiles_per_choice)]
            built += self._extra
            self._built = built
        return built

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.kind != "exchange":
            return action in self._extra
        tiles = action.tiles
        if action.tile is not None or action.way is not None or len(tiles) != self.tiles_per_choice \
                or list(tiles) != sorted(tiles):
            return False
        counts = self._counts
        for kind in set(tiles):
            if type(kind) is not int or not 0 <= kind < len(counts) or tiles.count(kind) > counts[kind]:
                return False
        return True



class BlindExchangeOptions(LazyOptions):
    """A blind step's choices: every choice of the step's count of held tiles, then each choice of fewer own tiles
    with the rest passed on blind (``way="blind"``, most own tiles first, each count's choices ascending), then a
    refusal if allowed -- each count's choices as lazy as :class:`ExchangeOptions` (a blind step offers some 90
    choices of fewer tiles a seat, twice a deal, and a bot takes one).  ``tiles_per_choice`` is the step's count,
    as for a plain step: a bot that weighs the plain choices itself reads it."""

    __slots__ = ("_plain", "_blind", "_extra", "tiles_per_choice")

    def __init__(self, plain: ExchangeOptions, blind: list[ExchangeOptions], extra: tuple[Action, ...]):
        self._plain, self._blind, self._extra = plain, blind, extra
        self.tiles_per_choice = plain.tiles_per_choice

    def __len__(self) -> int:
        return len(self._plain) + sum(len(fewer) for fewer in self._blind) + len(self._extra)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if not isinstance(index, int):
            return self._all()[index]
        total = len(self)
        if not -total <= index < total:
            raise IndexError(index)
        index %= total
        plain = len(self._plain)
        if index < plain:
            return self._plain[index]
        index -= plain
        for fewer in self._blind:
            if index < len(fewer):
                return _blind_action(fewer[index].tiles)
            index -= len(fewer)
        return self._extra[index]

    def _all(self) -> list[Action]:
        return [*self._plain, *(_blind_action(a.tiles) for fewer in self._blind for a in fewer), *self._extra]

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Action) and action.way == "blind":
            if action != _blind_action(action.tiles):  # a blind choice names its tiles and nothing else
                return False
            plain = Action("exchange", tiles=action.tiles)
            return any(fewer.tiles_per_choice == len(action.tiles) and plain in fewer for fewer in self._blind)
        return action in self._plain or action in self._extra


#: Blind exchange actions by their tiles (actions are values), as :data:`_EXCHANGES` keeps the plain ones.
_BLIND: dict[tuple[int, ...], Action] = {}


def _blind_action(tiles: tuple[int, ...]) -> Action:
    action = _BLIND.get(tiles)
    if action is None:
        if len(_BLIND) >= 1 << 14:
            _BLIND.clear()
        action = _BLIND[tiles] = Action("exchange", tiles=tiles, way="blind")
    return action


def multiset_combinations(counts: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """Every different choice of ``k`` tiles from the held ``counts``, each ascending, in ascending order.

    A Charleston pass of three from thirteen tiles has 286 combinations and
    some 200 different ones; the repeats are dropped as plain tuples (in C),
    before any action is made of them.
    """
    held = [kind for kind, n in enumerate(counts) for _ in range(n)]
    return sorted(set(combinations(held, k)))


#: Exchange actions by their tiles: a Charleston offers some 200 a seat, three times a deal (actions are values).
_EXCHANGES: dict[tuple[int, ...], Action] = {}


def _exchange_action(tiles: tuple[int, ...]) -> Action:
    action = _EXCHANGES.get(tiles)
    if action is None:
        if len(_EXCHANGES) >= 1 << 16:
            _EXCHANGES.clear()
        action = _EXCHANGES[tiles] = Action("exchange", tiles=tiles)
    return action


