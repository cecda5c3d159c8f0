"""Riichi's declaration: a concealed ready hand locked for a stick paid into the pot, and the facts scoring reads.

Switched on by ``riichi_declaration`` (its stick, the wall tiles that must be left, what a concealed kong may do
after it).  The rules, as the EMA's 2016 riichi rules (section 3.3.14, cited, not quoted) and the Japanese Mahjong
Wiki's "Riichi" and "Ippatsu" pages give them:

* **who may declare** (a turn action, ``riichi``): a seat whose hand is concealed (no claimed meld; a
  concealed kong keeps it concealed), one discard from ready, holding at least the stick's points (unless
  ``short_of_stick``: where points may go below zero, a seat short of the stick declares all the same), with at least
  ``tiles_left`` tiles still to be drawn from the live wall (so that a draw of its own is to come), and not
  declared already.  Where ``every_wait_wins_on_discard`` is set (Korean 2-point mahjong's "uper", co_kr section
  9.1: declare only a hand that makes the minimum even won on another's discard), the declaring discard must also
  leave a hand every wait of which the game would let win on a discard -- judged as a declared win is
  (``Table.judge``: the win's facts and the ruleset's objections, its minimum among them) -- and the declaration is
  offered only where some discard does.  A ``stick`` of 0 is a declaration that costs nothing (the Korean one): no
  payment is made and the pot stays empty.
* **the declaration** is the ``riichi_declaration`` event, whose flags mark the seat (``riichi``: the tiles it had
  drawn this deal, ``riichi_melded``: the tiles in melds on the whole table, ``double_riichi``), and the seat pays
  its stick into the table's pot in reply (a ``payment`` to the pot).  The stick is paid as the declaration is
  made, before its discard.  Where that discard is won on, ``void_if_won_on`` says what becomes of it: set (most
  rules: Tenhou, the EMA's, the WRC's), the declaration is not established and the stick goes back to the
  declarer before the pot goes to the winner, so a stick stays in the pot only once its declaring discard has
  passed; absent or false, the declaration stands and the winner takes the stick with the pot.
* **the lock** (``mahjong_refused_options``): in the declaring turn, every kong and every discard that would
  leave the hand not ready is refused; from then on the hand is locked as :mod:`.locked_hand` locks it (the one
  lock it shares with winners who stay in play): in every later turn all but a win, the discard of the tile just
  drawn, the drawn tile set aside (the way ``set_aside``: three-player riichi's North, which leaves the hand as it
  was) and, where ``concealed_kong`` is ``same_waits``, a concealed kong of the drawn tile that leaves the waits
  as they were ("never": no kong at all); in a claim window all but a win.
* **the pot** (``mahjong_event_reactions``): every stick in the pot goes to the first ``mahjong`` of a deal -- the
  winner nearest the discarder in turn order where several win on one discard, as the claims are logged in that
  order (EMA 2016 section 3.4.10); a drawn deal leaves the pot for the next.
* **facts** (``mahjong_win_context``), by the riichi family's names: ``riichi`` and ``double_riichi`` (declared in
  the first go-around with no call yet made, the seat's first discard); ``ippatsu`` (the declarer wins before its
  next discard after the declaration -- on a discard before its next draw, or on that draw itself -- with no call
  or kong on the table in between); ``tenhou`` and ``chiihou`` (a self-drawn win on the dealer's dealt hand, or on
  a non-dealer's first draw, in the first go-around with no call or kong yet: "Tenhou" and "Chiihou" on the same
  wiki); ``renhou`` (a non-dealer's win on a discard before its own first draw, no call or kong yet: "Renhou"
  there), set whatever the ruleset pays for it, which its table says (Tenhou's: nothing).  Four declarations
  ending the deal is the ``abortive_draws`` mechanism's, told the flag (``abortive_draw_declaration_flag: riichi``).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of
from mahjong_rulesets.mechanisms.locked_hand import locked_refusals

from mahjong_core.plugin import (
    NUM_PLAYING_KINDS,
    Action,
    Contribution,
    Effect,
    Hand,
    MahjongError,
    Ruleset,
    Table,
    Term,
    hookimpl,
    payment_event,
    reacts_to,
    shanten,
    waits,
)

#: The turn action, the event and the seat flags of a declaration.
DECLARE = "riichi"
DECLARED = "riichi_declaration"
FLAG = "riichi"
MELDED = "riichi_melded"
DOUBLE = "double_riichi"
#: The payments' reasons: the stick paid in, the pot taken by a winner.
STICK = "riichi_stick"
POT = "riichi_sticks"

TERMS = (
    Term("action", DECLARE, label="declares riichi"),
    Term("event", DECLARED, label="riichi",
         fields={"type": "object", "required": ["seat", "drawn", "melded", "double"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"}, "drawn": {"type": "integer", "minimum": 0},
                                "melded": {"type": "integer", "minimum": 0}, "double": {"type": "boolean"}}},
         effects=(Effect("flag", name=FLAG, seat="seat", value="drawn"),
                  Effect("flag", name=MELDED, seat="seat", value="melded"),
                  Effect("flag", name=DOUBLE, seat="seat", value="double")),
         words={FLAG: "riichi", MELDED: "tiles melded at riichi", DOUBLE: "double riichi"}),
)


def rule(ruleset: Ruleset) -> Mapping[str, Any]:
    """The ruleset's ``riichi_declaration``: ``stick``, ``tiles_left``, ``concealed_kong``, and the optional
    ``short_of_stick``, ``void_if_won_on`` and ``every_wait_wins_on_discard``."""
    value: Mapping[str, Any] = ruleset.value("riichi_declaration")
    return value


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("riichi_declaration") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "riichi_declaration", this, switched_on=switched_on,
                         description="riichi: a concealed ready hand declared and locked, its stick into the pot, "
                                     "the pot to the next winner; riichi, double riichi, ippatsu, tenhou and "
                                     "chiihou as facts",
                         parameters=parameters_of("riichi_declaration"), sheet_keys=frozenset({"declared"})),
            Contribution("vocabulary", "riichi_declaration", this, "the riichi declaration and its flags",
                         terms=TERMS)]


# -- who may declare ---------------------------------------------------------------------------------------------


def ready_without(counts: list[int], tile: int) -> bool:
    """Whether the concealed tiles are ready once ``tile`` is discarded."""
    counts[tile] -= 1
    try:
        return shanten(bytes(counts)) <= 0
    finally:
        counts[tile] += 1


def tiles_left(ruleset: Ruleset, table: Table) -> int:
    """Tiles still to be drawn from the live wall before the exhaustive draw."""
    wall = table.wall
    return 0 if wall is None else wall.live_count() - int(ruleset.value("exhaustive_draw_tiles_left"))


def melded_tiles(table: Table) -> int:
    """Tiles in melds on the whole table: it grows with every call and every kong (an added kong too), and with
    every tile a seat sets aside by choice (three-player riichi's North counts as a call: "Tenhou.net rules",
    Three-player rules)."""
    return sum(len(m.tiles) for s in table.seats for m in s.melds) + sum(len(s.aside) for s in table.seats)


def uninterrupted(table: Table) -> bool:
    """The first go-around, no call and no kong made yet (a concealed kong interrupts it too, and a tile set
    aside by choice)."""
    return table.first_go_around and not any(s.melds or s.aside for s in table.seats)


@hookimpl
def mahjong_ready_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    s = table.seats[seat]
    if FLAG in s.flags or any(m.exposed for m in s.melds):
        return None
    settings = rule(ruleset)
    stick = int(settings["stick"])
    if (stick and table.scores[seat] < stick and not settings.get("short_of_stick")) \
            or tiles_left(ruleset, table) < int(settings["tiles_left"]):
        return None
    if sum(s.counts) % 3 != 2 or shanten(bytes(s.counts)) > 0:  # the best discard leaves the hand's own shanten
        return None
    if settings.get("every_wait_wins_on_discard") and not declarable_discards(table, seat):
        return None
    return [Action(DECLARE)]


#: ``table.extra`` key of the last answer of :func:`declarable_discards` (the seat's hand it was for, and it).
MEMO = "riichi_declaration"


def declarable_discards(table: Table, seat: int) -> frozenset[int]:
    """The discards that leave the seat's concealed tiles ready with every wait winning on a discard
    (:func:`winning_on_discard`), for ``every_wait_wins_on_discard``.  Asked as the declaration is offered and
    again for each discard of the declaring turn, with the hand as it was: the last answer is kept in
    ``table.extra`` for the hand it was made for (deal, seat, tiles drawn, tiles held, melds), so the game's
    judgement is asked once a turn.  Nothing of it is logged; a re-played game asks the same questions."""
    s = table.seats[seat]
    key = (table.deal_number, seat, s.taken, bytes(s.counts), len(s.melds))
    memo = table.extra.get(MEMO)
    if isinstance(memo, tuple) and memo[0] == key:
        found: frozenset[int] = memo[1]
        return found
    found = frozenset(tile for tile in range(NUM_PLAYING_KINDS)
                      if s.counts[tile] and ready_without(s.counts, tile) and winning_on_discard(table, seat, tile))
    table.extra[MEMO] = (key, found)
    return found


def winning_on_discard(table: Table, seat: int, tile: int) -> bool:
    """Whether discarding ``tile`` leaves a ready hand every wait of which the game would let win on another's
    discard (``every_wait_wins_on_discard``): each judged as a declared win is (``Table.judge``), the minimum among
    the ruleset's objections, as the table stands before the declaration (its own facts, which the one ruleset
    with the rule reads only for a bonus point, uncounted).  A wait whose every copy the seat holds (a kong's
    included) is no tile to win on and is not asked.  Each hand's verdict is kept for the deal
    (:func:`deal_verdicts`).

    :raises MahjongError: at a table with no game's judgement (one set up by hand), where the rule cannot be kept.
    """
    judge = table.judge
    if judge is None:
        raise MahjongError("riichi_declaration.every_wait_wins_on_discard needs the game's judgement of a hand "
                           "(Table.judge), which a table set up by hand does not have", place="riichi_declaration")
    s = table.seats[seat]
    counts = s.counts
    counts[tile] -= 1
    try:
        held = bytes(counts)
        melds = tuple(s.melds)
        verdicts = deal_verdicts(table)
        key = (seat, held, melds)
        found = verdicts.get(key)
        if found is None:
            concealed = tuple(k for k in range(NUM_PLAYING_KINDS) for _ in range(counts[k]))
            bonus = tuple(sorted(s.bonus))
            open_waits = [w for w in waits(held) if counts[w] + sum(m.tiles.count(w) for m in melds) < 4]
            found = bool(open_waits) and all(judge.wins(seat, Hand(concealed, melds, bonus, w), "discard")
                                             for w in open_waits)
            verdicts[key] = found
        return found
    finally:
        counts[tile] += 1


#: ``table.extra`` key of the deal's verdicts of :func:`winning_on_discard`.
VERDICTS = "riichi_declaration_verdicts"


def deal_verdicts(table: Table) -> dict[tuple[int, bytes, tuple[Any, ...]], bool]:
    """This deal's verdicts of :func:`winning_on_discard`, by seat, concealed tiles and melds: a ready hand that
    keeps its shape while it discards what it draws comes back to the same question turn after turn, and each
    answer scores a hand for each wait.  What a hand makes on a discard is judged once a deal, as the riichi bot
    keeps its verdicts (the greedy bot's riichi play); begun afresh at a new deal, logged nowhere."""
    found = table.extra.get(VERDICTS)
    if not isinstance(found, tuple) or found[0] != table.deal_number:
        found = (table.deal_number, {})
        table.extra[VERDICTS] = found
    verdicts: dict[tuple[int, bytes, tuple[Any, ...]], bool] = found[1]
    return verdicts


@hookimpl
def mahjong_apply_action(ruleset: Ruleset, table: Table, seat: int, action: Action,
                         phase: str) -> Sequence[Mapping[str, Any]] | None:
    if action.kind != DECLARE:
        return None
    s = table.seats[seat]
    return [{"type": DECLARED, "seat": seat, "drawn": s.taken, "melded": melded_tiles(table),
             "double": uninterrupted(table) and not s.discards}]


# -- the lock ----------------------------------------------------------------------------------------------------


@hookimpl
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    s = table.seats[seat]
    declared = s.flags.get(FLAG)
    if declared is None:
        return None
    if phase == "turn" and s.taken == declared:  # the declaring turn: only a discard that leaves it ready (or a win)
        if rule(ruleset).get("every_wait_wins_on_discard"):
            allowed = declarable_discards(table, seat)
            return [o for o in options if o.kind == "kong"
                    or (o.kind == "discard" and o.tile is not None and o.tile not in allowed)] or None
        return [o for o in options if o.kind == "kong"
                or (o.kind == "discard" and o.tile is not None and not ready_without(s.counts, o.tile))] or None
    return locked_refusals(table, seat, phase, options, str(rule(ruleset)["concealed_kong"]))


# -- the stick and the pot ---------------------------------------------------------------------------------------


@hookimpl
@reacts_to({DECLARED, "mahjong"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    type_ = event["type"]
    if type_ == DECLARED:
        stick = int(rule(ruleset)["stick"])
        return [payment_event(event["seat"], None, stick, STICK)] if stick else None  # 0: a declaration for free
    if type_ == "mahjong" and table.pot:
        returned = voided_stick(ruleset, table, event)
        out = [payment_event(None, returned, int(rule(ruleset)["stick"]), STICK)] if returned is not None else []
        rest = table.pot - (int(rule(ruleset)["stick"]) if returned is not None else 0)
        return out + ([payment_event(None, event["seat"], rest, POT)] if rest > 0 else [])
    return None


def voided_stick(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> int | None:
    """The declarer whose stick goes back to it at this ``mahjong``, or ``None``.

    Where ``void_if_won_on`` is set, a declaration whose own discard is won on is not established, so its stick
    is taken back out of the pot before the pot goes to the winner: the stick stands only once the declaring
    discard has passed.  The declaring discard is the discarder's one discard since its declaration (it has drawn
    nothing since, ``taken`` as the flag recorded it).  With several winners on that discard only the first
    ``mahjong`` returns it: the pot is empty at the next.
    """
    if event.get("how") != "discard" or not rule(ruleset).get("void_if_won_on"):
        return None
    discarder = event.get("discarder")
    if not isinstance(discarder, int) or not 0 <= discarder < len(table.seats):
        return None
    s = table.seats[discarder]
    declared = s.flags.get(FLAG)
    if declared is None or s.taken != declared or table.pot < int(rule(ruleset)["stick"]):
        return None
    return discarder


# -- the facts of a win ------------------------------------------------------------------------------------------


def ippatsu(table: Table, seat: int, how: str) -> bool:
    """A declarer's win within one go-around of its declaration, no call or kong in between (see the docstring).

    Its draws tell the moments apart: until its next draw it has drawn what it had at the declaration (a win on
    a discard); a self-drawn win is ippatsu on the one draw after it (a replacement tile means a kong of its own).
    """
    s = table.seats[seat]
    drawn = s.flags.get(FLAG)
    if drawn is None or s.flags.get(MELDED) != melded_tiles(table):
        return False
    return s.taken == (drawn + 1 if how == "self_drawn" else drawn) and how != "replacement"


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> Mapping[str, Any]:
    s = table.seats[seat]
    declared = FLAG in s.flags
    double = declared and bool(s.flags.get(DOUBLE))
    first = how == "self_drawn" and uninterrupted(table) and not s.discards
    dealer = seat == table.dealer
    return {"riichi": declared and not double, "double_riichi": double,
            "ippatsu": declared and ippatsu(table, seat, how),
            "tenhou": first and dealer, "chiihou": first and not dealer,
            "renhou": renhou(table, seat, how)}


def renhou(table: Table, seat: int, how: str) -> bool:
    """A non-dealer's win on a discard before its own first draw, no call or kong made by anyone yet.

    A fact of the table, whatever the ruleset pays for it: its worth is the family's table's (``scoring.yaku.renhou``
    or ``renhou_yakuman``), which leaves it out where a ruleset does not play it (Tenhou's). The seat's draws tell
    "before its first draw" (``taken``, the tiles it took from the wall this deal); the first go-around with no
    meld and no tile set aside anywhere tells "no call" (``uninterrupted``).
    """
    return how == "discard" and seat != table.dealer and table.seats[seat].taken == 0 and uninterrupted(table)
