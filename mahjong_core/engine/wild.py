"""A kind made wild for one deal (``jokers: {played: true, wild: {...}}``): the tile turned after the deal, its
kind's copies held as jokers, and the seats that may rob the turned tile: the non-dealers whose dealt hands it
completes, before play (``robbed``), and the dealer once his first discard leaves his hand ready for it
(``robbed_by_dealer``, asked as that discard's claim window closes with no win on it).

Two ways of choosing the kind (``jokers.wild.chosen_by``):

* ``turned_tile`` -- Fuzhou's "opening the gold": once the bonus tiles are replaced, a tile is turned face up from
  the dead wall's end; every copy of its kind is wild until the deal ends, and the turned tile stays out of play.
  A bonus tile turned goes to the dealer's bonus row and the next tile is turned.
* ``dice`` -- the Filipino game's wild: the table throws the dice once more (the deal's seeded stream's
  ``derive("wild-dice")`` child, never unseeded), counts their total in tiles from the wall's dead end (the
  first tile still in the wall is 1, in the order tiles are taken off that end) and turns that tile face up
  where it lies; a bonus tile there is passed over for the next.  The tile stays in the wall, itself a copy of
  the wild kind for whoever later takes it, so nothing leaves the wall and nothing can be robbed.

The ``wild_revealed`` event tells every seat the kind (the turned tile is shown to all) and, for ``dice``, the
throw, so a replay re-derives the tile from the seeded dice and refuses a log whose tile or throw differs.

Nothing here is new hand algebra: a copy of the wild kind is held among a seat's jokers (``Seat.held_jokers``,
as the kind's own index, so every view names it by its code) and plays wherever the ruleset's
:class:`~mahjong_core.hand.jokers.JokerRule` lets a joker stand, through the paths jokers already take
(:mod:`mahjong_core.engine.jokers`, :mod:`mahjong_core.hand.jokers`).  A game whose ruleset makes no kind wild
never comes here: :meth:`Game.play_deal <mahjong_core.engine.game.Game.play_deal>` asks once a deal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mahjong_core.engine.drawing import flush_wall_events, take
from mahjong_core.engine.winning import declare_win, hand_complete, win_allowed
from mahjong_core.errors import MahjongError, WallError
from mahjong_core.hand.jokers import is_complete_with_jokers
from mahjong_core.table.rng import deal_rng
from mahjong_core.table.state import Action
from mahjong_core.table.wall import DIE_SIDES

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame

#: The decision phase in which a seat is offered the turned tile (the deal's declarations: before any turn).
ROB_PHASE = "declaration"
#: The label of the deal stream's child whose dice choose the wild tile (``chosen_by: dice``; docs/prng.md).
WILD_DICE = "wild-dice"
#: Dice in the throw that chooses the wild tile.
WILD_DICE_COUNT = 2


def wild_deal(game: RunningGame) -> None:
    """The deal's wild kind: turned and announced, then offered to the seats it completes where it may be robbed."""
    play = game.table.joker_play
    assert play is not None and play.wild is not None  # asked only where the ruleset makes a kind wild
    if play.wild.chosen_by == "dice":
        reveal_wild_by_dice(game)
        return
    kind, turned = reveal_wild(game)
    if play.wild.robbed:
        rob_wild(game, kind, turned)


def forget_wild(game: RunningGame) -> None:
    """Before a deal is dealt: the last deal's wild kind plays as itself again."""
    plays_as = game.plays_as
    assert isinstance(plays_as, list)  # the game's own copy, for a ruleset with wild kinds
    plays_as[:] = game.tiles.plays_as


def reveal_wild(game: RunningGame) -> tuple[int, int]:
    """Turn the deal's wild tile, make its kind wild in every hand, and log it; return the kind and the tile.

    The game's ``plays_as`` is its own copy where a ruleset makes kinds wild (:class:`~mahjong_core.engine.game.Game`):
    the kind plays as a joker there until :func:`forget_wild`, as the next deal begins.
    """
    t = game.table
    wall = t.wall
    assert wall is not None  # turned during a deal
    plays_as = game.plays_as
    assert isinstance(plays_as, list)  # the game's own copy, for a ruleset with wild kinds
    tiles = game.tiles
    tile = wall.draw_replacement()
    while game.bonus_kinds[tile]:  # a bonus tile turned is the dealer's, set aside; the next tile is turned
        take(game, t.dealer, tile, "replacement", reason="wild")
        game.event("table", "bonus", seat=t.dealer, tile=game.codes[tile])
        tile = wall.draw_replacement()
    kind = tiles.plays_as[tile] if tiles.plays_as[tile] >= 0 else tile
    plays_as[kind] = -1
    t.wild = (kind,)
    t.wild_tile = tile
    t.shown.append(tile)
    for s in t.seats:  # the copies dealt are held as jokers from now on
        s.held_jokers.extend([kind] * s.counts[kind])
        s.counts[kind] = 0
    game.event("table", "wild_revealed", tile=game.codes[tile], kinds=[game.codes[kind]])
    flush_wall_events(game)
    return kind, tile


def wild_dice(game: RunningGame) -> tuple[int, ...]:
    """The throw that chooses the deal's wild tile: the seeded deal stream's ``wild-dice`` child, so a re-play of
    the deal throws the same dice.

    :raises MahjongError: for a game with no seed (tiles observed at a real table): its dice are not derivable.
    """
    t = game.table
    if game.seed is None:
        raise MahjongError("a wild kind chosen by dice (jokers.wild.chosen_by: dice) needs a seeded game: the dice "
                           "of a game whose tiles were observed at a table are not recorded", place="jokers.wild")
    return deal_rng(game.seed, t.round_index, t.deal_number).derive(WILD_DICE).dice(WILD_DICE_COUNT, DIE_SIDES)


def dice_tile(game: RunningGame, total: int) -> int:
    """The wall's tile ``total`` tiles from its dead end, the first tile still there counting 1, passing over
    bonus tiles (a flower cannot be the wild); it stays where it lies.

    :raises MahjongError: for a tile source that cannot show a tile of its dead end, or a count off the wall.
    """
    wall = game.table.wall
    assert wall is not None  # turned during a deal
    size = len(game.tile_set)
    first = 0
    while True:  # the first position from the dead end whose tile is still in the wall
        try:
            tile = wall.dead_wall_tile(first)
        except WallError:
            first += 1
            if first >= size:
                raise MahjongError("no tile is left in the wall for the dice to count", place="jokers.wild") from None
            continue
        if tile is None:
            raise MahjongError("this game's tiles cannot be counted from the wall's end (jokers.wild.chosen_by: "
                               "dice needs a seeded wall)", place="jokers.wild")
        break
    index = first + total - 1
    while True:
        try:
            tile = wall.dead_wall_tile(index)
        except WallError as e:
            raise MahjongError(f"the dice count {total} tiles from the wall's end, off the wall: {e}",
                               place="jokers.wild") from None
        assert tile is not None  # the same source showed the first tile
        if not game.bonus_kinds[tile]:
            return tile
        index += 1


def reveal_wild_by_dice(game: RunningGame) -> int:
    """Throw the dice, turn the tile they count to where it lies in the wall, make its kind wild in every hand
    and log it (``wild_revealed`` with the throw); return the kind."""
    t = game.table
    plays_as = game.plays_as
    assert isinstance(plays_as, list)  # the game's own copy, for a ruleset with wild kinds
    throw = wild_dice(game)
    tile = dice_tile(game, sum(throw))
    tiles = game.tiles
    kind = tiles.plays_as[tile] if tiles.plays_as[tile] >= 0 else tile
    plays_as[kind] = -1
    t.wild = (kind,)
    for s in t.seats:  # the copies dealt are held as jokers from now on
        s.held_jokers.extend([kind] * s.counts[kind])
        s.counts[kind] = 0
    game.event("table", "wild_revealed", tile=game.codes[tile], kinds=[game.codes[kind]], dice=list(throw))
    return kind


def rob_wild(game: RunningGame, kind: int, turned: int) -> None:
    """Offer the turned tile to each non-dealer whose dealt hand it completes as a wild, in turn from the
    dealer's right; the first to take it wins at once, the win counted as self-drawn (:func:`.winning.declare_win`).

    Where the dealer's dealt hand already wins -- his heavenly hand, which comes before a non-dealer's robbing
    (kityou, "福州麻雀 後編", section 30) -- nobody is offered it: the dealer's win is his first turn's.
    """
    t = game.table
    if dealt_hand_wins(game, t.dealer):
        return
    for off in range(1, t.players):
        offer_wild(game, (t.dealer + off) % t.players, kind, turned)


def dealt_hand_wins(game: RunningGame, seat: int) -> bool:
    """Whether the seat's dealt hand (the dealer's 3k + 2 tiles, before any turn) is a win the ruleset allows, as
    his first turn will find it: complete by a plugin's answer, its jokers or its shape, and no objection."""
    s = game.table.seats[seat]
    counts = s.counts
    if (sum(counts) + len(s.held_jokers)) % 3 != 2 or not any(counts):
        return False
    tile = next(i for i, n in enumerate(counts) if n)  # the tile a win names where the turn began without a draw
    return hand_complete(game, seat, counts, tile, "self_drawn") and win_allowed(game, seat, tile, "self_drawn")


def dealer_may_rob(game: RunningGame, discarder: int) -> bool:
    """Whether the claim window of this discard closes with the dealer's own robbing of the turned tile
    (``jokers.wild.robbed_by_dealer``): the dealer's first discard, in the first go-around, the tile still lying."""
    t = game.table
    return discarder == t.dealer and t.first_go_around and t.wild_tile is not None and t.wild_taken is None


def rob_wild_after_discard(game: RunningGame) -> None:
    """The dealer's own robbing (``jokers.wild.robbed_by_dealer``): once his first discard has left his hand ready
    for the turned tile and no seat has won on that discard, he may take it and win, counted as self-drawn.

    Asked by the claim window of that discard (:func:`.claims.claim_window`) as it closes with no win on it:
    a non-dealer's win on the dealer's first discard comes first (a non-dealer's robbing came before play), and
    the dealer's robbing comes before any meld claimed of that discard is made.
    """
    t = game.table
    assert t.wild_tile is not None and t.wild  # asked only while the turned tile lies (dealer_may_rob)
    offer_wild(game, t.dealer, t.wild[0], t.wild_tile)


def offer_wild(game: RunningGame, seat: int, kind: int, turned: int) -> None:
    """Offer the turned tile to one seat whose hand it completes as a wild (a hand one short of complete: the
    dealt hand of a non-dealer, the dealer's after his first discard); taken, the seat wins at once, the win
    counted as self-drawn (:func:`.winning.declare_win`, which ends the deal); otherwise nothing changes."""
    t = game.table
    play = t.joker_play
    assert play is not None and play.wild is not None  # asked only where the ruleset makes a kind wild
    s = t.seats[seat]
    if not is_complete_with_jokers(bytes(s.counts), len(s.held_jokers) + 1, play.rule,
                                   seven_pairs="seven_pairs" in game.forms):
        return
    s.held_jokers.append(kind)  # held while the ruleset is asked whether the win may stand
    allowed = win_allowed(game, seat, kind, "self_drawn")
    s.held_jokers.pop()  # and put back: while the seat decides, the tile still lies face up
    if not allowed or game.decide(seat, [Action("win", kind), Action("pass")], ROB_PHASE).kind != "win":
        return
    t.shown.remove(turned)
    t.wild_tile, t.wild_taken = None, seat
    s.held_jokers.append(kind)
    game.event("table", "wild_taken", seat=seat, tile=game.codes[turned])
    declare_win(game, seat, kind, "self_drawn", None)
