"""A seat's turn: from a full hand to its discard, with kongs and a self-drawn win on the way.

The turn offers the seat its legal actions (:class:`TurnOptions`, worked out
only as far as the question asked of them needs): a self-drawn win, a
concealed or added kong (which others may rob, :func:`.claims.offer_robbing`),
a discard of every kind held, and whatever the ruleset adds
(``mahjong_turn_actions`` at every turn, ``mahjong_ready_turn_actions``
where a discard can leave the hand ready).  Before the draw, a seat holding the wrong number
of tiles is put right where the ruleset says how (``mahjong_wrong_count``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import TYPE_CHECKING

from mahjong_core.engine.bonus import set_aside_as_bonus, settle_bonus
from mahjong_core.engine.claims import kong_ok, offer_robbing
from mahjong_core.engine.drawing import draw_live, draw_replacement, held_as
from mahjong_core.engine.flow import DealOver
from mahjong_core.engine.jokers import (
    complete_with_jokers,
    discard_joker,
    exchange_joker,
    exchange_options,
    joker_discard_names,
    joker_kong_shapes,
    unready_before_draw,
    used_in_meld,
)
from mahjong_core.engine.marked import chosen, mark_meld, released
from mahjong_core.engine.options import LazyOptions
from mahjong_core.engine.plugin_actions import apply_plugin_action, check_offered
from mahjong_core.engine.refusal import REFUSAL, without_refused
from mahjong_core.engine.winning import asked_complete, declare_win, win_allowed
from mahjong_core.errors import MahjongError
from mahjong_core.hand.jokers import ANY_JOKER
from mahjong_core.hand.melds import MeldKind
from mahjong_core.hand.shanten import shanten
from mahjong_core.hand.tiles import KINDS
from mahjong_core.plugin.forms import is_mahjong
from mahjong_core.table.events import code, codes
from mahjong_core.table.state import Action, Outcome, Seat, meld_of
from mahjong_core.table.vocabulary import AS_BONUS, SET_ASIDE

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame
    from mahjong_core.table.state import Seat

#: The one discard action per kind, built once (actions are immutable values).
#: A discard of each kind a hand may count: the 34, and the flowers and seasons a set may play in the hand (a hand of
#: 34 counts meets only the first 34: ``compress`` stops at the shorter).
_DISCARDS = tuple(Action("discard", kind) for kind in range(len(KINDS)))
#: A joker discarded, where jokers are played and the seat holds one.
_JOKER_DISCARD = Action("discard", ANY_JOKER)


def correct_count(game: RunningGame, seat: int) -> bool:
    """A seat holding the wrong number of tiles says so at its turn, as the ruleset says; return whether it draws.

    The ruleset's ``mahjong_wrong_count`` says how (the count-correction
    mechanism: 003 line 12).  Too many: the seat skips the draw, and
    discards from what it holds.  Too few: it draws the missing tiles out of
    turn, then draws as usual.  Either way the hand is right again after its
    discard.  Only asked in games where some plugin implements the hook
    (``Game.counts_corrected``), so other games never count a hand at a turn.
    """
    t = game.table
    size = t.seats[seat].hand_count()
    if size == game.hand_size:
        return True
    correction = game.hook.mahjong_wrong_count(ruleset=game.ruleset, table=t, seat=seat, tiles=size)
    if correction is None:
        return True
    if correction == "skip_draw":
        game.event("table", "wrong_count", seat=seat, tiles=size, correction="skip_draw")
        return False  # the turn begins at the discard
    if correction != "draw_out_of_turn":
        raise MahjongError(f"mahjong_wrong_count answered {correction!r} for seat {seat} holding {size} tiles; "
                           "it answers 'skip_draw', 'draw_out_of_turn' or None", place=f"event {game.n}")
    game.event("table", "wrong_count", seat=seat, tiles=size, correction="draw_out_of_turn")
    for _ in range(game.hand_size - size):
        tile = draw_live(game, seat)
        if tile is None:
            raise DealOver(Outcome("draw"))
        settle_bonus(game, seat, tile)
    return True


def turn(game: RunningGame, seat: int, drawn: int | None, how: str, after_claim: bool) -> int:
    """Run one seat's turn from holding a full hand to its discard; return the discard."""
    t = game.table
    s = t.seats[seat]
    while True:
        t.drawn_tile = drawn  # what a timeout discards (the tile just drawn), and what hooks may ask about
        options: Sequence[Action] = TurnOptions(game, seat, drawn, how, after_claim)
        if REFUSAL in game.implemented:  # a rule may take options away: the list is then built, and filtered
            options = without_refused(game, seat, options, "turn")
        action = game.decide(seat, options, "turn")
        kind = action.kind
        if kind != "discard":  # most turns end in a plain discard: the other actions are asked about only here
            if kind == "win":
                won = drawn if drawn is not None else action.tile
                assert won is not None  # a win offered without a drawn tile names its tile (turn_options)
                declare_win(game, seat, won, how, None)
            if kind == "kong":
                make_kong(game, seat, action)
                if not t.kong_loose_tile:  # a kong of four of the hand's tiles: its maker discards, as after a pung
                    drawn, after_claim = None, True
                    continue
                drawn = held_as(game, settle_bonus(game, seat, draw_replacement(game, seat, "kong")))
                how = "replacement"
                after_claim = False
                continue
            if kind == "joker_exchange":  # a tile given for a joker in an exposed meld: the turn goes on
                assert action.tile is not None
                exchange_joker(game, seat, action.tile)
                drawn = None  # the tile drawn may be the one given: the turn goes on from the hand as it is
                continue
            if action.way == SET_ASIDE and action.tile is not None:  # a tile set aside and made good
                drawn = set_aside(game, seat, action)
                how = "replacement"
                after_claim = False
                continue
            if action.way == AS_BONUS and action.tile is not None:  # a tile held set aside as a bonus tile
                drawn = set_aside_as_bonus(game, seat, action)
                how = "replacement"
                after_claim = False
                continue
            # A plugin's action is applied by its plugin, and the turn goes on; nothing else is a discard.
            apply_plugin_action(game, seat, action, "turn")
            continue
        # discard (possibly with a calling declaration)
        tile = action.tile
        assert tile is not None
        if tile >= ANY_JOKER or (s.held_jokers and tile == s.held_jokers[-1]):  # a joker, or a wild kind's copy
            return discard_joker(game, seat, tile)
        if s.kept and tile in s.kept:  # a bonus tile kept in the hand (``bonus_kept``)
            return discard_kept(game, seat, tile)
        if action.marked:  # the player chose the marked copy while holding a plain one
            chosen(s, action.marked, into_meld=False)
        s.counts[tile] -= 1
        s.discards.append(tile)
        # A marked copy (a red five) goes to the pond: chosen, or the last copies of its kind.
        if action.marked or (s.marked and released(s, tile, into_meld=False) > 0):
            t.last_discard_marked = True
            s.marked_discards.append(len(s.discards) - 1)
        else:
            t.last_discard_marked = False
        if action.way == "declare_calling":
            s.calling = True
            s.calling_from_start = t.first_go_around
        elif action.way == "withdraw_calling":
            s.calling = False
            s.calling_from_start = False
        t.last_discard, t.last_discarder = tile, seat
        t.drawn_tile = None
        t.kongs_in_turn = 0
        return tile


def turn_options(game: RunningGame, seat: int, drawn: int | None, how: str, after_claim: bool) -> list[Action]:
    """Every legal action of a turn: a self-drawn win, kongs, a discard of every kind held, the ruleset's extras.

    After a pung or chow (``after_claim``) the seat only discards.
    """
    t = game.table
    s = t.seats[seat]
    counts = s.counts
    options: list[Action] = []
    # A concealed hand of jokers alone (its last tile given for an exposure's joker) names no tile to win on: it
    # is offered no win in this turn, only its discards (seed 57 of the card bot against three random bots).  A
    # hand holding a bonus tile it kept (``bonus_kept``) wins only where a plugin says so: the tile is in no set.
    if not after_claim and (drawn is not None or any(counts)):
        asked = asked_complete(game, seat, drawn if drawn is not None else any_tile(counts), how) \
            if "mahjong_hand_complete" in game.implemented else None
        if asked if asked is not None else False if s.kept else \
                (not unready_before_draw(game, s, drawn) and complete_with_jokers(game, s)) if s.held_jokers else \
                (not not_ready_before(game, s, drawn) and is_mahjong(counts, game.forms, game.added_forms)):
            win_tile = drawn if drawn is not None else any_tile(counts)
            if win_allowed(game, seat, win_tile, how):
                options.append(Action("win", win_tile))
        if 4 in counts:
            for tile in range(len(counts)):
                if counts[tile] == 4 and kong_ok(game, seat, "concealed", tile):
                    options.append(Action("kong", tile, way="concealed"))
        for meld in s.melds:
            if meld.kind is MeldKind.PUNG and meld.exposed and counts[meld.tiles[0]] >= 1 \
                    and kong_ok(game, seat, "added", meld.tiles[0]):
                options.append(Action("kong", meld.tiles[0], way="added"))
        if s.held_jokers and t.joker_play is not None and t.joker_play.declared_kongs:  # kongs made with jokers
            options.extend(o for o in joker_kong_shapes(s, t.joker_play.kong_naturals)
                           if o.tile is not None and o.way is not None and kong_ok(game, seat, o.way, o.tile))
    options.extend(compress(_DISCARDS, counts))  # a discard of every kind held
    if s.kept:  # a bonus tile kept in the hand (``bonus_kept``), each kind once
        options.extend(Action("discard", kind) for kind in sorted(set(s.kept)))
    if t.joker_play is not None:
        if s.held_jokers:  # a joker, named ``1j``; a copy of the deal's wild kind by its own code; typed by type
            rule = t.joker_play.rule
            if rule.stands_for:
                options.extend(Action("discard", name) for name in joker_discard_names(rule, s.held_jokers))
            else:
                options.append(Action("discard", t.wild[0]) if t.wild else _JOKER_DISCARD)
        options.extend(exchange_options(game, seat))  # a tile held for a joker in an exposed meld
    implemented = game.implemented
    if "mahjong_turn_actions" in implemented:  # asked at every turn: only where a plugin answers it
        for group in game.hook.mahjong_turn_actions(ruleset=game.ruleset, table=t, seat=seat):
            if group:  # most turns offer nothing more: no call for an empty answer
                check_offered(game, group, "mahjong_turn_actions")
                options.extend(group)
    if "mahjong_ready_turn_actions" in implemented and (s.calling or may_be_left_ready(s, drawn)):
        for group in game.hook.mahjong_ready_turn_actions(ruleset=game.ruleset, table=t, seat=seat):
            if group:
                check_offered(game, group, "mahjong_ready_turn_actions")
                options.extend(group)
    return options


def may_be_left_ready(s: Seat, drawn: int | None) -> bool:
    """Whether some discard leaves the seat's concealed tiles ready (:func:`mahjong_ready_turn_actions`'s question).

    The best a discard can leave is the whole hand's own shanten, so the hand
    is asked once, not once per discard.  A draw lowers shanten by one at
    most: a hand two or more from ready before ``drawn`` came, as the seat's
    memo remembers it (:func:`.claims.claim_options`), cannot be, and
    shanten is not asked at all.
    """
    counts = s.counts
    if len(counts) > 34:  # a set playing kinds past the 34 (flowers in the hand): shanten cannot say; ask the hook
        return True
    memo = s.shanten_memo
    if drawn is not None and memo is not None and memo[1] >= 2:
        counts[drawn] -= 1
        before = bytes(counts)
        counts[drawn] += 1
        if before == memo[0]:
            return False
    return sum(counts) % 3 == 2 and shanten(bytes(counts)) <= 0


def not_ready_before(game: RunningGame, s: Seat, drawn: int | None) -> bool:
    """Whether the hand was not yet ready (shanten 1 or more) before ``drawn`` came, as the seat's memo knows.

    Such a hand cannot be complete after one draw, so the mahjong test can
    be skipped.  The memo is of the hand as it stood when the previous
    discard was offered around (:func:`.claims.claim_options`); it says nothing
    about the forms shanten does not measure (:func:`mahjong_core.plugin.forms.ready_beyond_shanten`).
    """
    memo = s.shanten_memo
    if drawn is None or memo is None or memo[1] < 1:
        return False
    counts = s.counts
    counts[drawn] -= 1
    before = bytes(counts)
    near_ready = game.near_ready
    near = near_ready is not None and near_ready(counts)
    counts[drawn] += 1
    return before == memo[0] and not near


def any_tile(counts: Sequence[int]) -> int:
    """The lowest kind held: the tile a win names where the turn began without a draw (after a claim)."""
    return next(i for i, n in enumerate(counts) if n)


def set_aside(game: RunningGame, seat: int, action: Action) -> int | None:
    """A plugin's action of the way ``set_aside``: its tile set aside face up, then a replacement from the dead wall.

    As a kong's tile, the tile may first be won by another seat where the ruleset lets it be robbed
    (``mahjong_kong_robbable``, asked with the action's kind as the way); then the plugin's events set it aside
    (a ``set_aside`` effect) and the seat takes a replacement, which the turn goes on from.  Returns the tile kept.

    :raises MahjongError: where the plugin's events leave the tile in the hand.
    """
    s = game.table.seats[seat]
    tile = action.tile
    assert tile is not None  # checked by the caller
    offer_robbing(game, seat, tile, action.kind)
    held = sum(s.counts)
    apply_plugin_action(game, seat, action, "turn")
    if sum(s.counts) != held - 1:
        raise MahjongError(f"seat {seat} chose {action.kind} {code(tile)} (way set_aside), but the plugin's events "
                           "did not set one tile aside from the hand (a set_aside effect)", place=f"event {game.n}")
    return held_as(game, settle_bonus(game, seat, draw_replacement(game, seat, action.kind)))


def discard_kept(game: RunningGame, seat: int, tile: int) -> int:
    """A seat discards a bonus tile it kept in its hand (``bonus_kept``): face up among its discards, claimed only
    to win where the ruleset says so (:func:`.claims.claim_window`); return it."""
    t = game.table
    s = t.seats[seat]
    s.kept.remove(tile)
    s.discards.append(tile)
    t.last_discard_marked = False
    t.last_discard, t.last_discarder = tile, seat
    t.drawn_tile = None
    t.kongs_in_turn = 0
    return tile


def make_kong(game: RunningGame, seat: int, action: Action) -> None:
    """Declare a concealed or added kong: others may rob it first, then it stands among the seat's melds."""
    t = game.table
    s = t.seats[seat]
    tile = action.tile
    assert tile is not None
    if action.tiles:  # a kong made with a joker (joker_kong_shapes): a joker is never robbed
        make_joker_kong(game, seat, action, tile)
        return
    # Others may rob the kong before it stands; the tile is still in the konger's hand meanwhile.
    offer_robbing(game, seat, tile, "added" if action.way == "added" else "concealed")
    before = len(s.marked_melded)
    if action.way == "concealed":
        s.counts[tile] -= 4
        s.melds.append(meld_of(MeldKind.KONG, (tile,) * 4, exposed=False))
        if s.marked:
            released(s, tile, into_meld=True)
            mark_meld(s, len(s.melds) - 1, before)
    else:  # added
        index = next(i for i, m in enumerate(s.melds)
                     if m.kind is MeldKind.PUNG and m.exposed and m.tiles[0] == tile)
        pung = s.melds[index]
        s.counts[tile] -= 1
        if s.marked:
            released(s, tile, into_meld=True)
            mark_meld(s, index, before)
        s.melds[index] = meld_of(MeldKind.KONG, (tile,) * 4, exposed=True,
                                 claimed_from=pung.claimed_from, added=True, jokers=pung.jokers)
    game.event("table", "kong", seat=seat, tile=code(tile), way=action.way)


def make_joker_kong(game: RunningGame, seat: int, action: Action, tile: int) -> None:
    """A kong declared with a joker: three of a kind held and a joker (concealed), or a joker added to an exposed
    pung.  The kong records the kind its jokers stand for, in the meld and in the log's ``kong`` event."""
    s = game.table.seats[seat]
    _, stands = used_in_meld(s, action.tiles, tile)
    if action.way == "concealed":
        s.counts[tile] -= 4 - len(stands)
        before = len(s.marked_melded)
        if s.marked:
            released(s, tile, into_meld=True)
        s.melds.append(meld_of(MeldKind.KONG, (tile,) * 4, exposed=False, jokers=stands))
        mark_meld(s, len(s.melds) - 1, before)
    else:
        index = next(i for i, m in enumerate(s.melds) if m.kind is MeldKind.PUNG and m.exposed and m.tiles[0] == tile)
        pung = s.melds[index]
        s.melds[index] = meld_of(MeldKind.KONG, (tile,) * 4, exposed=True, claimed_from=pung.claimed_from,
                                 added=True, jokers=pung.jokers + stands)
    game.event("table", "kong", seat=seat, tile=code(tile), way=action.way, jokers=codes(stands))


class TurnOptions(LazyOptions):
    """A turn's legal actions, worked out only as far as the question asked of them needs.

    A bot reads the whole list, and gets it (:func:`turn_options`, built
    on first use).  A replayed decision only has to be checked for membership,
    and most decisions are plain discards of a tile the seat holds -- legal
    whatever else the turn offers, since these hooks add options and never remove
    one (where a plugin of the game removes some, ``mahjong_refused_options``,
    the turn filters the whole list instead: :mod:`.refusal`) -- so that check
    skips the mahjong test, the kong checks and the ruleset's extra actions
    (``mahjong_turn_actions``, ``mahjong_ready_turn_actions``).  Anything else is
    looked up in the full list, so membership means exactly what it means for
    the list.
    """

    __slots__ = ("_game", "_seat", "_drawn", "_how", "_after_claim", "_built")

    def __init__(self, game: RunningGame, seat: int, drawn: int | None, how: str, after_claim: bool):
        self._game, self._seat, self._drawn, self._how, self._after_claim = game, seat, drawn, how, after_claim
        self._built: list[Action] | None = None

    def _all(self) -> list[Action]:
        built = self._built
        if built is None:
            built = self._built = turn_options(self._game, self._seat, self._drawn, self._how, self._after_claim)
        return built

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Action) and action.kind == "discard" and action.way is None and not action.tiles:
            tile = action.tile
            if type(tile) is int and 0 <= tile < len(counts := self._game.table.seats[self._seat].counts) \
                    and counts[tile]:
                return True
        return action in self._all()


