"""Jokers held and played (``jokers: {played: true}``): the complete test of a seat holding them, a joker
discarded, and the claim window on a discarded joker.

Every function here runs only for a seat that holds a joker or for a joker
discarded, so a game without played jokers never comes here: its turns and
claim windows test ``Seat.held_jokers`` (an empty list) and go on as before.
A joker is wild where the ruleset's :class:`~mahjong_core.hand.jokers.JokerRule`
lets it stand (:mod:`mahjong_core.hand.jokers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from typing import TYPE_CHECKING

from mahjong_core.engine.marked import released
from mahjong_core.hand.jokers import ANY_JOKER, JokerRule, is_complete_with_jokers, shanten_with_jokers
from mahjong_core.hand.melds import MeldKind
from mahjong_core.table.events import code, codes
from mahjong_core.table.state import Action

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame
    from mahjong_core.table.state import Seat

#: Kinds below this are suited (three suits of nine ranks): the kinds a chow is made of.
_SUITED = 27


def complete_with_jokers(game: RunningGame, s: Seat) -> bool:
    """Whether a seat's concealed tiles and jokers (3k + 2 with them) are complete: n sets and a pair, or seven
    pairs where the ruleset's tables score it, each joker standing where the ruleset lets it."""
    rule = s.joker_rule
    assert rule is not None  # a seat holds jokers only where they are played
    return is_complete_with_jokers(bytes(s.counts), rule.held(s.held_jokers), rule,
                                   seven_pairs="seven_pairs" in game.forms and not rule.stands_for)


def ready_with_jokers(game: RunningGame, s: Seat) -> bool:
    """Whether a seat's concealed tiles and jokers (3k + 1 with them) are ready, measured as
    :func:`complete_with_jokers` measures a complete hand: its shanten is 0 or less.

    The claim window's quick test: one more tile fills one empty place at most (a joker no more than a tile), so
    a hand farther from complete cannot be completed by the discard, and the mahjong test is not made.  The
    answer is remembered for the hand (the algebra's memo), which is asked about once for each other seat's
    discard and changes once a turn.  A hand of another size is not measured here: ``True`` leaves the question
    to the mahjong test.
    """
    rule = s.joker_rule
    assert rule is not None  # a seat holds jokers only where they are played
    held = rule.held(s.held_jokers)
    if (sum(s.counts) + len(s.held_jokers)) % 3 != 1:
        return True
    return shanten_with_jokers(bytes(s.counts), held, rule,
                               seven_pairs="seven_pairs" in game.forms and not rule.stands_for) <= 0


def unready_before_draw(game: RunningGame, s: Seat, drawn: int | None) -> bool:
    """Whether a seat holding jokers was not ready before the playing tile it has just drawn (:func:`ready_with_jokers`
    of its hand less that tile), so that its hand now cannot be complete and the mahjong test is not made.

    The hand before the draw was measured as the last discard was offered round, so the answer is remembered.
    ``False`` (make the test) where no playing tile was drawn: a joker drawn, or a turn after a claim.
    """
    counts = s.counts
    if drawn is None or not 0 <= drawn < len(counts) or not counts[drawn]:
        return False
    counts[drawn] -= 1
    ready = ready_with_jokers(game, s)
    counts[drawn] += 1
    return not ready


def discard_joker(game: RunningGame, seat: int, tile: int = ANY_JOKER) -> int:
    """A seat discards a joker: it leaves the jokers held for the seat's discards; return its kind.

    The decision names it ``1j`` (:data:`~mahjong_core.hand.jokers.ANY_JOKER`), a typed joker by its type
    (``ANY_JOKER`` plus the type: ``2j`` ...), a framed copy by its type and frame (``4d``:
    ``JokerRule.name_of``); the discards and the table's last discard hold the tile
    set's joker kind, which every view names by the tile set's code.
    """
    t = game.table
    s = t.seats[seat]
    rule = s.joker_rule
    if rule is not None and rule.stands_for:
        joker = rule.given_up(s.held_jokers, tile)  # a framed copy where the action names one (``4d``)
        assert joker is not None  # offered only of the jokers held
        s.held_jokers.remove(joker)
    else:
        joker = s.held_jokers.pop()
    s.discards.append(joker)
    t.last_discard_marked = False
    t.last_discard, t.last_discarder = joker, seat
    t.drawn_tile = None
    t.kongs_in_turn = 0
    return joker


def joker_discard_names(rule: JokerRule, held: Sequence[int]) -> list[int]:
    """The typed jokers a seat may discard, one for each type it holds, each named as the copy that would leave
    (``JokerRule.given_up``: the plain copy, or a framed one, ``4d``, where no plain copy is held), so that the
    decision and the log say which copy was discarded."""
    types = sorted({rule.type_of(j) for j in held})
    names = []
    for t in types:
        kind = rule.given_up(held, ANY_JOKER + t)
        assert kind is not None
        names.append(rule.name_of(kind))
    return names


def joker_discarded(game: RunningGame) -> None:
    """The claim window on a discarded joker: none, as the ruleset's joker is dead once discarded.

    A joker that may be claimed (``dead_when_discarded: false``) is refused when the ruleset is loaded
    (:mod:`mahjong_core.rules.playable`), so a game never reaches one.
    """
    play = game.table.joker_play
    assert play is not None and play.dead_when_discarded  # a live discarded joker is refused at load


def joker_claim_shapes(game: RunningGame, seat: int, tile: int) -> list[Action]:
    """The pungs and kongs a seat holding jokers may claim of a discard with them, where the ruleset lets a
    joker go into a pung and into a claimed meld (``jokers: {in: [pungs, calls]}``), and the chows where it lets
    one go into a chow (``in: [chows, calls]``: :func:`joker_chow_shapes`).

    Each joker is named ``ANY_JOKER`` among the action's tiles (the decision writes ``1j``); the claim made
    records the kind it stands for (:func:`used_in_meld`).  Where the jokers are typed (``jokers.stands_for``) a
    joker goes only where its type stands for the kind it takes, and the action names each by its type
    (``ANY_JOKER`` plus the type, ``3j``), one action for each choice of the types held that stand there
    (:func:`typed_claim_shapes`).  The melds of playing tiles alone are offered by the
    claim window as ever; these add those with one or more jokers, at least one playing tile of the claimed kind
    besides the discard where a kong is made.  The claim window asks the ruleset whether each may be made
    (``mahjong_claim_allowed``, ``mahjong_kong_allowed``), as for every claim.
    """
    t = game.table
    s = t.seats[seat]
    play = t.joker_play
    assert play is not None and s.joker_rule is not None  # a seat holds jokers only where they are played
    if not play.calls:
        return []
    if s.joker_rule.stands_for:
        return typed_claim_shapes(s, tile)
    options: list[Action] = []
    if s.joker_rule.pungs:
        options += _joker_pung_shapes(len(s.held_jokers), s.counts[tile], tile)
    if s.joker_rule.chows:
        options += joker_chow_shapes(s.counts, tile)
    return options


def typed_claim_shapes(s: Seat, tile: int) -> list[Action]:
    """The claims of a discard a seat holding typed jokers may make with them: the shapes of
    :func:`joker_claim_shapes`, each joker a type the seat holds that stands for the kind it takes (the discard's
    in a pung or kong, the missing place's in a chow), named ``ANY_JOKER`` plus its type (a framed copy's name
    where it is the copy spent: ``_copies_named``); one action for each choice of types (as a multiset), so
    that the seat chooses which of its jokers it spends."""
    rule = s.joker_rule
    assert rule is not None
    held = rule.held(s.held_jokers)
    assert not isinstance(held, int)  # typed jokers: a count per type
    options: list[Action] = []
    if rule.pungs:
        standing = _types_for(rule.stands_for, held, tile)
        for natural, wild, kind in ((2, 1, "kong"), (1, 2, "kong"), (1, 1, "pung"), (0, 2, "pung")):
            if s.counts[tile] < natural:
                continue
            for types in _choices(standing, held, wild):
                named = _copies_named(rule, s.held_jokers, types)
                if kind == "kong":
                    options.append(Action("kong", tile, (tile,) * natural + named, way="from_discard"))
                else:
                    options.append(Action("pung", tile, (tile,) * natural + named))
    if rule.chows:
        for a, b in chow_runs(tile):
            for have, missing, first in ((a, b, False), (b, a, True)):
                if not s.counts[have]:
                    continue
                for t in _types_for(rule.stands_for, held, missing):
                    (joker,) = _copies_named(rule, s.held_jokers, (t,))
                    options.append(Action("chow", tile, (joker, have) if first else (have, joker)))
    return options


def _copies_named(rule: JokerRule, jokers: Sequence[int], types: Sequence[int]) -> tuple[int, ...]:
    """How a claim names the jokers of ``types`` it spends: each by the copy that would leave the hand
    (``JokerRule.given_up``, the plain copy first), ``ANY_JOKER`` plus its type, or with its frame (``3d``)
    where only a framed copy of the type is left, so that the decision names the copies the claim event does."""
    if not rule.framed:
        return tuple(ANY_JOKER + t for t in types)
    held, named = list(jokers), []
    for t in types:
        kind = rule.given_up(held, ANY_JOKER + t)
        assert kind is not None
        held.remove(kind)
        named.append(rule.name_of(kind))
    return tuple(named)


def _types_for(masks: tuple[int, ...], held: Sequence[int], kind: int) -> list[int]:
    """The joker types held whose kinds hold ``kind``, in the order of the types."""
    return [t for t, mask in enumerate(masks) if held[t] and mask >> kind & 1]


def _choices(types: list[int], held: Sequence[int], n: int) -> list[tuple[int, ...]]:
    """Every multiset of ``n`` jokers of the given types that the held counts allow, in order."""
    pool = [t for t in types for _ in range(min(held[t], n))]
    return sorted(set(combinations(pool, n)))


def _joker_pung_shapes(jokers: int, held: int, tile: int) -> list[Action]:
    """The kongs and pungs of a discard made with jokers: at least one tile of its kind held for a kong."""
    options: list[Action] = []
    for natural in range(min(held, 2), -1, -1):
        wild = 3 - natural
        if 1 <= wild <= jokers and natural >= 1:
            options.append(Action("kong", tile, (tile,) * natural + (ANY_JOKER,) * wild, way="from_discard"))
    for natural in range(min(held, 1), -1, -1):
        wild = 2 - natural
        if wild <= jokers:
            options.append(Action("pung", tile, (tile,) * natural + (ANY_JOKER,) * wild))
    return options


def joker_chow_shapes(counts: list[int], tile: int) -> list[Action]:
    """The chows of a discard a seat holding a joker may claim with one, where jokers go into chows: each run
    through the discard with one of its two other tiles held and a joker in the other's place.

    The action's tiles are the run's two other places in order, the joker in its place (``(ANY_JOKER, 4p)`` on
    a 5p: the joker is 3p; ``(4p, ANY_JOKER)``: it is 6p), so a decision names the kind the joker stands for
    (:func:`chow_stand_ins`).  A chow of the discard and two jokers is not offered: its tiles would not say
    which run it is.
    """
    options = []
    for a, b in chow_runs(tile):
        if counts[a]:
            options.append(Action("chow", tile, (a, ANY_JOKER)))
        if counts[b]:
            options.append(Action("chow", tile, (ANY_JOKER, b)))
    return options


def chow_runs(tile: int) -> list[tuple[int, int]]:
    """The runs through a suited kind, each as its two other kinds in order (none for an honour)."""
    if tile >= _SUITED:
        return []
    rank = tile % 9
    runs = []
    for start in (rank - 2, rank - 1, rank):
        if 0 <= start and start + 2 <= 8:
            a, b = (tile - rank + start + i for i in range(3) if start + i != rank)
            runs.append((a, b))
    return runs


def chow_stand_ins(tiles: tuple[int, ...], tile: int) -> tuple[int, ...]:
    """The kinds the jokers of a chow's action stand for: the places they hold in the run their tiles name (a
    joker named ``ANY_JOKER``, or a typed one ``ANY_JOKER`` plus its type)."""
    for run in chow_runs(tile):
        if len(tiles) == 2 and all(t >= ANY_JOKER or t == kind for t, kind in zip(tiles, run, strict=True)):
            return tuple(sorted(kind for t, kind in zip(tiles, run, strict=True) if t >= ANY_JOKER))
    raise AssertionError(f"no run of {code(tile)} is named by {codes(tiles)}: the chow was not offered")


def joker_kong_shapes(s: Seat, fewest: int = 3) -> list[Action]:
    """The kongs a seat holding jokers could declare in its turn with them, where the ruleset lets a joker go
    into a pung: every tile held of a kind, at least ``fewest`` of them (the ruleset's ``kong_naturals``: 3 by
    default), and jokers for the rest (concealed); or a joker added to its exposed pung.  The turn asks the
    ruleset whether each may be made (``mahjong_kong_allowed``)."""
    if s.joker_rule is None or not s.joker_rule.pungs:
        return []
    jokers = len(s.held_jokers)
    options = [Action("kong", kind, (ANY_JOKER,) * (4 - n), way="concealed") for kind, n in enumerate(s.counts)
               if fewest <= n <= 3 and 4 - n <= jokers]
    options += [Action("kong", m.tiles[0], (ANY_JOKER,), way="added") for m in s.melds
                if m.kind is MeldKind.PUNG and m.exposed]
    return options


def used_in_meld(s: Seat, tiles: tuple[int, ...], kind: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Take the jokers an action names (``ANY_JOKER``; a typed joker ``ANY_JOKER`` plus its type, that type's
    tile-set kind) from the seat's jokers held; return the action's playing tiles and the kinds the jokers stand
    for: each the meld's kind in a pung or kong, the place it holds in a chow's run (a chow's playing tiles are of
    another kind than the claimed one: :func:`joker_chow_shapes`)."""
    natural = tuple(t for t in tiles if t < ANY_JOKER)
    wild = len(tiles) - len(natural)
    rule = s.joker_rule
    if rule is not None and rule.stands_for:
        for kind_held in jokers_spent(s, tiles):
            s.held_jokers.remove(kind_held)
    else:
        for _ in range(wild):
            s.held_jokers.pop()
    if any(t != kind for t in natural):
        return natural, chow_stand_ins(tiles, kind)
    return natural, (kind,) * wild


def jokers_spent(s: Seat, tiles: tuple[int, ...]) -> list[int]:
    """The tile-set joker kinds a claim's typed jokers (``ANY_JOKER`` plus each one's type) take from the seat's
    jokers held, in the claim's order: each type's plain copy first, as ``JokerRule.given_up`` says (the seat
    keeps a framed copy, which may score)."""
    rule = s.joker_rule
    assert rule is not None
    held, spent = list(s.held_jokers), []
    for t in tiles:
        if t >= ANY_JOKER:
            kind = rule.given_up(held, t)
            assert kind is not None  # offered only of the types held
            held.remove(kind)
            spent.append(kind)
    return spent


def exchange_options(game: RunningGame, seat: int) -> list[Action]:
    """The joker exchanges open to a seat in its turn: for each kind it holds that a joker in an exposed meld
    stands for (its own melds, or any seat's, as the ruleset's ``exchange`` says), one ``joker_exchange``."""
    t = game.table
    play = t.joker_play
    if play is None or play.exchange == "none":
        return []
    counts = t.seats[seat].counts
    kinds = {kind for owner in _owners(t.players, seat, play.exchange) for meld in t.seats[owner].melds
             if meld.exposed for kind in meld.jokers if counts[kind]}
    return [Action("joker_exchange", kind) for kind in sorted(kinds)]


def _owners(players: int, seat: int, exchange: str) -> list[int]:
    """Whose melds a seat may take a joker from, in the order it looks: its own, then the next seats in turn."""
    return [seat] if exchange == "own" else [(seat + off) % players for off in range(players)]


def exchange_joker(game: RunningGame, seat: int, kind: int) -> None:
    """Give a tile of ``kind`` for the joker standing for it in an exposed meld, and log the exchange.

    The meld is the first, looking at the seat's own melds and then the next seats' in turn, whose joker
    stands for the kind: the tile takes the joker's place (the meld's tiles are the same kinds), and the joker
    joins the seat's hand.
    """
    t = game.table
    play = t.joker_play
    assert play is not None and (game.tiles.jokers or t.wild)  # offered only where jokers are played
    s = t.seats[seat]
    for owner in _owners(t.players, seat, play.exchange):
        melds = t.seats[owner].melds
        index = next((i for i, m in enumerate(melds) if m.exposed and kind in m.jokers), None)
        if index is None:
            continue
        meld = melds[index]
        left = list(meld.jokers)
        left.remove(kind)
        melds[index] = replace(meld, jokers=tuple(left))
        s.counts[kind] -= 1
        if s.marked:
            released(s, kind, into_meld=owner == seat)
        s.held_jokers.append(t.wild[0] if t.wild else min(game.tiles.jokers))
        game.event("table", "joker_exchange", seat=seat, tile=code(kind), owner=owner)
        return
    raise AssertionError(f"no exposed meld holds a joker for {code(kind)}: the exchange was not offered")
