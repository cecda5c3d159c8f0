"""The claim window: who may take a tile another seat gives up, in what order, and what the claim does.

After every discard the other seats are offered what their tiles and the
ruleset allow (a win, a kong, a pung, a chow: ``mahjong_claim_allowed``,
``mahjong_kong_allowed``, ``mahjong_win_objections``); a claim made may
still be refused for its timing (``mahjong_claim_refused``); the claims made
are ordered by ``mahjong_claim_priority`` and the first takes the tile.  Two
other windows work the same way: the late window on the last discard after
the next seat has drawn (where a ruleset's ``mahjong_late_claims`` opens it),
and robbing a kong as it is declared (``mahjong_kong_robbable``,
``mahjong_may_rob_kong``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from mahjong_core.engine.bonus import settle_bonus
from mahjong_core.engine.drawing import draw_replacement, held_as
from mahjong_core.engine.flow import DealOver, IllegalAction, answered
from mahjong_core.engine.jokers import (
    complete_with_jokers,
    joker_claim_shapes,
    joker_discarded,
    jokers_spent,
    ready_with_jokers,
    used_in_meld,
)
from mahjong_core.engine.marked import chosen, give_back, mark_meld, released
from mahjong_core.engine.refusal import PASS, REFUSAL, only_pass, without_refused
from mahjong_core.engine.winning import (
    asked_complete,
    declare_win,
    declare_wins,
    hand_complete,
    win_allowed,
    win_outcome,
)
from mahjong_core.errors import MahjongError
from mahjong_core.hand.jokers import ANY_JOKER
from mahjong_core.hand.melds import MeldKind
from mahjong_core.hand.shanten import one_exchange_apart
from mahjong_core.hand.tiles import KINDS, NUM_PLAYING_KINDS
from mahjong_core.plugin.defaults import claims_in_priority_order
from mahjong_core.plugin.defaults import mahjong_claim_allowed as core_claim_allowed
from mahjong_core.plugin.forms import is_mahjong
from mahjong_core.table.events import action_text, code, codes
from mahjong_core.table.state import Action, Claim, Outcome, meld_of

if TYPE_CHECKING:
    from mahjong_core.engine.running import RunningGame

#: The game's ``wins_rule`` where one seat wins on a discard and the deal ends with it: every ruleset's but a few.
_ONE_WIN = (1, 1)

#: For each kind, the pairs of kinds that make a chow with it.
_CHOW_RUNS = tuple(
    tuple((kind + lo + i, kind + lo + j) for lo in (-2, -1, 0)
          for i, j in [tuple(x for x in range(3) if lo + x != 0)]
          if kind < 27 and 0 <= kind % 9 + lo and kind % 9 + lo + 2 <= 8)
    for kind in range(len(KINDS))  # the flowers and seasons too, which a set may play in the hand: no runs
)


def claim_window(game: RunningGame, discarder: int, tile: int, late: tuple[int, int] | None = None,
                 closing: Callable[[RunningGame], None] | None = None) -> tuple[int, int | None, str, bool] | None:
    """Offer the discard to the other seats and apply the claim that takes it.

    :param late: ``(drawer, drawn tile)`` for the late window (001 line 109, opened by the ruleset's
        ``mahjong_late_claims``): after the next player has drawn, the others may still make the claims
        of ``game.late_claims`` (a pung or a kong) on the discard until it is covered; the drawn tile then
        goes back on the wall.
    :param closing: asked once the window closes with no win on the discard, before a meld claimed of it is made
        (the dealer's own robbing of a turned wild tile after his first discard, :mod:`.wild`); it may end the deal.
    :return: ``None`` when nobody claims, else ``(claimer, drawn, how, after_claim)`` for its turn:
        after a pung or chow the claimer only discards; after a kong it plays on from its
        replacement tile.
    """
    t = game.table
    if (tile >= NUM_PLAYING_KINDS and (t.tiles is None or tile >= t.tiles.width)) or tile in t.wild:
        # a joker discarded (where jokers are played), a wild kind's copy: dead.  A flower a set plays in the hand
        # (below its width) is claimed as any tile.  A bonus tile kept in the hand and discarded (``bonus_kept``) is
        # dead too, but where the ruleset lets a seat ready to win take it as a joker (``won_on_discarded``).
        if game.kept_bonus is not None and game.bonus_kinds[tile]:
            if game.kept_bonus.won_on_discarded:
                joker_won_on(game, discarder, tile)
            if closing is not None:
                closing(game)
            return None
        joker_discarded(game)
        if t.joker_play is not None and t.joker_play.claimed_to_win_as is not None and tile >= NUM_PLAYING_KINDS:
            joker_won_on(game, discarder, tile)
        if "mahjong_hand_complete" in game.implemented:
            own_discard_win(game, discarder, tile)
        if closing is not None:  # no win on the joker (a win ends the deal above): the window closes
            closing(game)
        return None
    claims: list[Claim] = []
    window_ms = 0
    # Asked of three seats at every discard: where no joker is played and no plugin adds to a claim's options or
    # answers the mahjong test, each seat's options come from the plain path, decided here once per discard.
    options_of = _plain_claim_options if t.joker_play is None and game.kept_bonus is None \
        and _GENERAL_CLAIM_HOOKS.isdisjoint(game.implemented) else claim_options
    seats = _OTHER_SEATS[t.players][discarder]
    if t.wins:  # a seat that has won sits out while play goes on
        seats = tuple(seat for seat in seats if not t.out_of_play(seat))
    for seat in seats:
        if late is not None:
            if seat == late[0] or t.seats[seat].counts[tile] < 2:  # a late pung or kong needs a pair held
                continue
            options = [o for o in options_of(game, seat, discarder, tile) if o.kind in game.late_claims]
        else:
            options = options_of(game, seat, discarder, tile)
        if not options:
            continue
        options.append(PASS)
        if REFUSAL in game.implemented:
            options = list(without_refused(game, seat, options, "claim"))
            if only_pass(options):  # every claim refused: the seat is not asked
                continue
        action = game.decide(seat, options, "claim", window=True)
        window_ms = max(window_ms, action.delay_ms)
        if action.kind != "pass":
            claim = Claim(seat, action.kind, action.tiles, action.delay_ms, action.marked)
            why = game.hook.mahjong_claim_refused(ruleset=game.ruleset, table=t, claim=claim) \
                if "mahjong_claim_refused" in game.implemented else None
            if why:
                raise IllegalAction(f"seat {seat}'s {claim.kind} after {claim.delay_ms} ms: {why}",
                                    place=f"event {game.n - 1}")
            claims.append(claim)
    if not claims:
        t.clock_ms += window_ms
        if closing is not None:
            closing(game)
        return None
    ordered = claim_order(game, claims)
    claim = ordered[0]
    if claim.kind == "win" and "mahjong_abortive_draw" in game.implemented:
        reason = game.hook.mahjong_abortive_draw(ruleset=game.ruleset, table=t, moment="claims", seat=discarder,
                                                 claims=ordered)
        if reason:
            t.clock_ms += claim.delay_ms or 0
            raise DealOver(Outcome("abortive", reason=reason))
    t.clock_ms += claim.delay_ms or 0
    if closing is not None and claim.kind != "win":
        closing(game)
    if late is not None:
        drawer, drawn = late
        if game.plays_as[drawn] == drawn:
            t.seats[drawer].counts[drawn] -= 1
        else:
            give_back(game, drawer, drawn)
        assert t.wall is not None  # claims are made only during a deal
        t.wall.undraw()
        game.event("table", "draw_returned", seat=drawer, tile=game.codes[drawn])
    s = t.seats[claim.seat]
    gone = t.seats[discarder]
    gone.discards.pop()
    if gone.marked_discards and gone.marked_discards[-1] == len(gone.discards):
        gone.marked_discards.pop()
    t.last_discard = None
    offset = (discarder - claim.seat) % t.players
    claimed = code(tile)
    melded_before = len(s.marked_melded)
    if t.last_discard_marked:  # the claimed discard is a marked copy: it stays one in the claimer's hand
        (s.marked if claim.kind == "win" else s.marked_melded).append(tile)
        claimed = game.codes[game.tiles.marked_of(tile)]
    if claim.kind == "win":
        s.counts[tile] += 1
        if game.wins_rule == _ONE_WIN:
            raise DealOver(win_outcome(game, claim.seat, tile, "discard", discarder))
        others = [c.seat for c in ordered[1:] if c.kind == "win"][:game.wins_rule[0] - 1]
        for seat in others:  # several winners on one discard: each takes the tile into its hand
            t.seats[seat].counts[tile] += 1
            t.shared_wins.append(tile)
        declare_wins(game, [claim.seat, *others], tile, "discard", discarder)
    t.last_discard_marked = False
    used_tiles: tuple[int, ...] = claim.tiles
    stands: tuple[int, ...] = ()
    joker_tiles: list[str] = []
    if used_tiles and max(used_tiles) >= ANY_JOKER:  # jokers go into the meld, each standing for a kind of it
        if s.joker_rule is not None and s.joker_rule.stands_for:  # typed: the log names which jokers went in
            went_in = jokers_spent(s, used_tiles)
            s.meld_jokers.extend(went_in)
            joker_tiles = [game.codes[j] for j in went_in]
        used_tiles, stands = used_in_meld(s, used_tiles, tile)
    if claim.marked:  # the claimer chose to meld its marked copies of these kinds, keeping plain ones
        chosen(s, claim.marked, into_meld=True)
    for used in used_tiles:
        s.counts[used] -= 1
        if s.marked:
            released(s, used, into_meld=True)
    kind = {"pung": MeldKind.PUNG, "kong": MeldKind.KONG, "chow": MeldKind.CHOW}[claim.kind]
    s.melds.append(meld_of(kind, used_tiles + stands + (tile,), exposed=True, claimed_from=offset,
                           seats=t.players, jokers=stands))
    mark_meld(s, len(s.melds) - 1, melded_before)
    # The meld is named by its kinds; the claimed tile by its own code, a red five's taken from the pond.
    game.event("table", "claim", seat=claim.seat, kind=claim.kind, tile=claimed, discarder=discarder,
               tiles=codes(sorted(used_tiles + stands + (tile,))), **({"jokers": codes(stands)} if stands else {}),
               **({"joker_tiles": joker_tiles} if joker_tiles else {}),
               **({"marked": codes(claim.marked)} if claim.marked else {}))
    if claim.kind == "kong" and t.kong_loose_tile:
        new = held_as(game, settle_bonus(game, claim.seat, draw_replacement(game, claim.seat, "kong")))
        return claim.seat, new, "replacement", False
    return claim.seat, None, "discard", True


def joker_won_on(game: RunningGame, discarder: int, tile: int) -> None:
    """A joker discarded, where the ruleset lets one be claimed to win alone (``jokers.claimed_to_win_as``): each
    other seat it completes, taken as that joker (the Vietnamese General), is offered the win; the first in the
    claims' order takes it, and the deal ends (or play goes on, as the ruleset says).  So is a bonus tile kept in
    the hand and discarded, where the ruleset says so (``bonus_kept.won_on_discarded``), named by its own code.

    The joker leaves the discarder's discards and the joker it is taken as joins the winner's jokers held, as the
    ``mahjong`` event's ``as_joker`` tells the folds.  The decision and the event name the discarded joker as its
    discard did (``3j``).  No seat is asked where none is complete with it.
    """
    t = game.table
    play = t.joker_play
    assert play is not None and play.claimed_to_win_as is not None
    named = tile if game.bonus_kinds[tile] else play.rule.name_of(tile)  # a bonus tile discarded: by its own code
    taken_as = play.claimed_to_win_as
    seats = _OTHER_SEATS[t.players][discarder]
    claims: list[Claim] = []
    window_ms = 0
    for seat in seats:
        s = t.seats[seat]
        if s.joker_rule is None or (t.wins and t.out_of_play(seat)):
            continue
        s.held_jokers.append(taken_as)
        try:
            complete = hand_complete(game, seat, s.counts, named, "discard") and \
                win_allowed(game, seat, named, "discard")
        finally:
            s.held_jokers.pop()
        if not complete:
            continue
        action = offer_win(game, seat, named, "claim")
        if action is None:
            continue
        window_ms = max(window_ms, action.delay_ms)
        if action.kind == "win":
            claims.append(Claim(seat, "win", (), action.delay_ms))
    if not claims:
        t.clock_ms += window_ms
        return
    claim = claim_order(game, claims)[0]
    t.clock_ms += claim.delay_ms or 0
    t.seats[discarder].discards.pop()
    t.last_discard = None
    t.seats[claim.seat].held_jokers.append(taken_as)
    t.seats[claim.seat].jokers_taken_as.append((tile, taken_as))
    declare_win(game, claim.seat, named, "discard", discarder)


#: How ``mahjong_hand_complete`` is asked whether a seat's own discarded joker, claimed by no one, wins for it.
OWN_DISCARD = "own_discard"


def own_discard_win(game: RunningGame, discarder: int, tile: int) -> None:
    """A joker discarded that no seat claimed: where a plugin says its discard wins for the discarder
    (``mahjong_hand_complete`` with how ``own_discard``: the Vietnamese win by discarding green jokers), the seat
    may declare the win, counted as self-drawn, or play on; the discarded joker stays in its discards.

    Asked only in games where a plugin implements the hook, and only of a joker discarded, so no other discard
    costs anything.  The decision is the discarder's, in the claim window (``claim``), between the win and a pass;
    the joker is named as its discard was (``1j``, a typed joker by its type), and so are the hook's ``tile`` and
    the win's.
    """
    play = game.table.joker_play
    if play is not None and tile >= NUM_PLAYING_KINDS:
        tile = play.rule.name_of(tile)
    if not asked_complete(game, discarder, tile, OWN_DISCARD) or not win_allowed(game, discarder, tile, "self_drawn"):
        return
    action = offer_win(game, discarder, tile, "claim")
    if action is not None and action.kind == "win":
        declare_win(game, discarder, tile, "self_drawn", None)


def claim_options(game: RunningGame, seat: int, discarder: int, tile: int) -> list[Action]:
    """What one seat may claim of a discard: a win, a kong, a pung, chows, as its tiles and the ruleset allow.

    Asked of every other seat at every discard, so it is the engine's hottest
    path: the mahjong test is skipped for a hand that is not ready, by the
    seat's shanten memo and, for the forms shanten does not measure, by the
    ruleset's quick test (:func:`mahjong_core.plugin.forms.ready_beyond_shanten`);
    a hand of a 16-tile game is tested at once (its test is cheaper than its
    shanten), and a seat holding jokers only where its hand with them is ready
    (:func:`mahjong_core.engine.jokers.ready_with_jokers`).
    """
    s = game.table.seats[seat]
    complete = asked_complete(game, seat, tile, "discard") if "mahjong_hand_complete" in game.implemented else None
    if complete is None and s.kept:  # a bonus tile kept in the hand is a tile of no set: no win by the hand's shape
        complete = False
    elif complete is None and s.held_jokers:  # jokers held: the mahjong test takes them (engine/jokers.py)
        if ready_with_jokers(game, s):  # a hand not ready now is not complete with the discard
            s.counts[tile] += 1
            complete = complete_with_jokers(game, s)
            s.counts[tile] -= 1
        else:
            complete = False
    options = _plain_claim_options(game, seat, discarder, tile, complete)
    if s.held_jokers:  # melds with jokers, where the ruleset lets a claim take them
        options.extend(o for o in joker_claim_shapes(game, seat, tile)
                       if claim_ok(game, Claim(seat, o.kind, o.tiles))
                       and (o.kind != "kong" or kong_ok(game, seat, "from_discard", tile)))
    if "mahjong_claim_options" in game.implemented:
        options.extend(added_claim_options(game, seat, discarder, tile))
    return options


#: Per kind, the claims of a discard of it that need no choice of tiles: actions are immutable, so each is made once.
_WIN_ON = tuple(Action("win", kind) for kind in range(len(KINDS)))
_PUNG_ON = tuple(Action("pung", kind, (kind, kind)) for kind in range(len(KINDS)))
_KONG_ON = tuple(Action("kong", kind, (kind,) * 3, way="from_discard") for kind in range(len(KINDS)))
#: The most concealed tiles (3k + 1) whose shanten the 13-tile tables give: a larger hand waits on the wide path.
_TABLED = 13
#: The hooks that make a claim's options more than the plain path (:func:`_plain_claim_options`) builds.
_GENERAL_CLAIM_HOOKS = frozenset({"mahjong_hand_complete", "mahjong_claim_options"})
#: Per seat count and discarder, the other seats in turn order from the discarder's right.
_OTHER_SEATS = {players: tuple(tuple((discarder + off) % players for off in range(1, players))
                               for discarder in range(players)) for players in range(2, 9)}


def _plain_claim_options(game: RunningGame, seat: int, discarder: int, tile: int, complete: bool | None = None
                         ) -> list[Action]:
    """A seat's claims of a discard as its concealed kinds make them; where ``complete`` is given (a plugin's
    mahjong test, or one with jokers), it decides the win instead of the seat's kinds.

    The claim window calls it directly where no joker is played and no plugin
    adds options or answers the mahjong test, deciding that once per discard
    rather than once per seat: this is the engine's hottest path.
    """
    s = game.table.seats[seat]
    counts = s.counts
    options: list[Action] = []
    if complete is None and game.hand_size > _TABLED and not game.added_forms and len(counts) == NUM_PLAYING_KINDS:
        # A hand of 16 tiles (its melds counted as three): its mahjong test reads the tables of complete slices (a
        # few lookups), cheaper than the shanten that would only say whether to make it -- the wide one, or, once
        # the seat has melded, one the 13-tile game's hands seldom ask, its tables still being filled.  (A seat
        # waiting for a discard holds the game's hand size; one of a 13-tile game that holds more, misdealt at a
        # physical table, takes the shanten path, where a hand of the wrong size is never ready.)
        counts[tile] += 1
        complete = is_mahjong(counts, game.forms)
        counts[tile] -= 1
    if complete is None:
        memo = s.shanten_memo  # the hand changes once a turn and is asked about three times: inline the memo
        key = bytes(counts)
        if memo is not None and memo[0] == key:
            ready = memo[1] <= 0  # exact, or a bound of at least 1
        elif memo is not None and memo[1] >= 2 and one_exchange_apart(memo[0], key):
            # Two or more from ready before a plain turn's exchange: one or more now, not measured (a random
            # bot's hand, far from ready, is measured about one turn in three).
            s.shanten_memo = (key, memo[1] - 1, False)
            ready = False
        else:
            ready = s.shanten() <= 0
        near_ready = game.near_ready
        if not ready and near_ready is not None:  # remembered per seat like the shanten, until the hand changes
            near = game.near_memo[seat]
            if near is None or near[0] != key:
                near = game.near_memo[seat] = (key, near_ready(counts))
            ready = near[1]
        if ready:
            counts[tile] += 1
            complete = is_mahjong(counts, game.forms, game.added_forms)
            counts[tile] -= 1
    if complete and win_allowed(game, seat, tile, "discard"):
        options.append(_WIN_ON[tile])
    n = counts[tile]
    if n >= 2:
        # The core's own rule allows every pung and kong (it judges chows alone): no claim is built to ask it.
        core = "mahjong_claim_allowed" not in game.overridden
        if n >= 3 and (core or claim_ok(game, Claim(seat, "kong", (tile,) * 3))) and \
                kong_ok(game, seat, "from_discard", tile):
            options.append(_KONG_ON[tile])
        if core or claim_ok(game, Claim(seat, "pung", (tile, tile))):
            options.append(_PUNG_ON[tile])
    for a, b in _CHOW_RUNS[tile]:
        if counts[a] and counts[b] and claim_ok(game, Claim(seat, "chow", (a, b))):
            options.append(Action("chow", tile, (a, b)))
    return options


def added_claim_options(game: RunningGame, seat: int, discarder: int, tile: int) -> list[Action]:
    """The claims the ruleset's plugins add to those the seat's tiles make (``mahjong_claim_options``).

    Each must be a pung, kong or chow of the discard with tiles the seat holds (a joker named ``ANY_JOKER``, in
    a pung or a kong only: it stands for the discard's kind), which the claim window then plays as any claim;
    anything else is refused, naming the hook.

    :raises MahjongError: for a claim the seat's tiles cannot make.
    """
    s = game.table.seats[seat]
    added: list[Action] = []
    for group in game.hook.mahjong_claim_options(ruleset=game.ruleset, table=game.table, seat=seat,
                                                 discarder=discarder, tile=tile):
        for option in group or ():
            natural = [t for t in option.tiles if t != ANY_JOKER]
            short = [t for t in set(natural) if not (0 <= t < len(s.counts)) or s.counts[t] < natural.count(t)]
            wild = len(option.tiles) - len(natural)
            if option.kind not in ("pung", "kong", "chow") or option.tile != tile or short \
                    or wild > len(s.held_jokers) or (wild and option.kind == "chow"):
                raise MahjongError(f"mahjong_claim_options offered seat {seat} {action_text(option)} on the discard "
                                   f"{code(tile)}, which its tiles cannot make: a claim added is a pung, kong or "
                                   "chow of the discard with tiles the seat holds", place=f"event {game.n}")
            added.append(option)
    return added


def claim_ok(game: RunningGame, claim: Claim) -> bool:
    """Whether the ruleset allows a claim the seat's tiles make possible (``mahjong_claim_allowed``).

    Asked for every claim a seat's tiles make at every discard: where no plugin of the game but the core's
    defaults implements the hook, the core's rule (the ruleset's ``chow_from``) answers without the call.
    """
    if "mahjong_claim_allowed" not in game.overridden:
        return core_claim_allowed(game.ruleset, game.table, claim)
    return bool(game.hook.mahjong_claim_allowed(ruleset=game.ruleset, table=game.table, claim=claim))


def claim_order(game: RunningGame, claims: Sequence[Claim]) -> Sequence[Claim]:
    """The claims made on one tile, the one that takes it first (``mahjong_claim_priority``).

    Where no plugin of the game but the core's defaults orders claims, the core's order answers without the
    call, as for :func:`claim_ok`.
    """
    if "mahjong_claim_priority" not in game.overridden:
        return claims_in_priority_order(game.ruleset, game.table, claims)
    return answered(game.hook.mahjong_claim_priority(ruleset=game.ruleset, table=game.table, claims=claims),
                    "mahjong_claim_priority")


def kong_ok(game: RunningGame, seat: int, way: str, tile: int) -> bool:
    """Whether the ruleset allows a kong made this way, on a discard or in a turn (``mahjong_kong_allowed``)."""
    return bool(game.hook.mahjong_kong_allowed(ruleset=game.ruleset, table=game.table, seat=seat, way=way,
                                               tile=tile))


def offer_robbing(game: RunningGame, konger: int, tile: int, way: str) -> None:
    """Let the other seats take a kong's tile for mahjong as it is declared; a robbery ends the deal.

    Only where the ruleset lets this kong be robbed (``mahjong_kong_robbable``),
    and only by a seat whose hand the tile completes and that the ruleset lets
    rob a kong made this way (``mahjong_may_rob_kong``: thirteen orphans
    alone may rob a concealed kong, says the robbing-kong mechanism).
    """
    t = game.table
    if "mahjong_kong_robbable" not in game.implemented or \
            not game.hook.mahjong_kong_robbable(ruleset=game.ruleset, table=t, way=way, tile=tile):
        return
    claims = []
    for off in range(1, t.players):
        seat = (konger + off) % t.players
        if t.wins and t.out_of_play(seat):
            continue
        counts = t.seats[seat].counts
        counts[tile] += 1
        complete = hand_complete(game, seat, counts, tile, "robbing_kong")
        counts[tile] -= 1
        if not complete or game.hook.mahjong_may_rob_kong(ruleset=game.ruleset, table=t, seat=seat, way=way,
                                                          tile=tile) is False:
            continue
        if not win_allowed(game, seat, tile, "robbing_kong"):
            continue
        action = offer_win(game, seat, tile, "rob_kong")
        if action is None:
            continue
        if action.kind == "win":
            claims.append(Claim(seat, "win", (), action.delay_ms))
    if claims:
        ordered = claim_order(game, claims)
        winner = ordered[0].seat
        t.seats[konger].counts[tile] -= 1  # the robbed tile leaves the konger's hand
        t.seats[winner].counts[tile] += 1
        if t.seats[konger].marked and released(t.seats[konger], tile, into_meld=False):
            t.seats[winner].marked.append(tile)
        if game.wins_rule == _ONE_WIN:
            raise DealOver(win_outcome(game, winner, tile, "robbing_kong", konger))
        others = [c.seat for c in ordered[1:] if c.kind == "win"][:game.wins_rule[0] - 1]
        for seat in others:
            t.seats[seat].counts[tile] += 1
            t.shared_wins.append(tile)
        declare_wins(game, [winner, *others], tile, "robbing_kong", konger)


def offer_win(game: RunningGame, seat: int, tile: int, phase: str) -> Action | None:
    """Ask a seat whether it wins on ``tile`` now (a win or a pass, less what the ruleset's rules refuse) inside a
    window every seat answers at once; ``None`` where every win is refused, and the seat is not asked.  The windows
    that offer a win alone use it: a discarded joker won on as another, the discarder's own jokers, a robbed
    kong."""
    options: Sequence[Action] = [Action("win", tile), PASS]
    if REFUSAL in game.implemented:
        options = without_refused(game, seat, options, phase)
        if only_pass(options):
            return None
    return game.decide(seat, options, phase, window=True)
