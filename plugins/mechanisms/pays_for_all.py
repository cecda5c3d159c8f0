"""Paying for all (包, "bao"; pao): one seat answers for a win the others would have paid.

Switched on by ``pays_for_all`` (which cases apply).  Whatever the ruleset's settlement makes the losers of a win
pay, a seat liable for that win pays it all: this module wraps ``mahjong_settle`` (``wrapper=True``) and moves
onto the liable seat every payment another loser would have made to the winner, amount and reason kept, so the
points still balance and the settlement itself is untouched.  The cases, each a switch of the data:

* ``robbed_kong`` -- the seat whose kong was robbed pays for the win it gave;
* ``third_dragon_set`` -- the seat whose discard made the winner's third exposed set of dragons pays, the
  winner then holding all three;
* ``fourth_wind_set`` -- the seat whose discard made the winner's fourth exposed set of winds pays;
* ``one_suit_exposed`` (a number, or ``null``: off) -- once the winner's exposed sets show that many tiles of one
  suit, the seat whose discard of that suit the winner claims next pays, where the winning hand holds that suit
  alone, no honour either (the "nine pieces" warning of the Hong Kong tables: a discarder who feeds a pure one-suit
  hand shown so far answers for it).  The last such discard is the liable one;
* ``honours_exposed`` (likewise) -- the same for a hand of honours alone: once the exposed sets show that many
  honour tiles, the seat whose honour the winner claims next pays.

Two switches say what feeds a set.  ``winning_discard``: the discard won on (or the kong robbed) feeds the set it
completes -- a third dragon set made in the hand by the winning tile, a tile of the one suit -- as a claimed set
does (absent: only claimed sets feed).  ``claimed_kong_feeds``: ``false`` where a kong claimed from a discard feeds
nothing, its claimer having held the set already (absent: it feeds, as a claimed pung does).

Two switches excuse a discard that fed: ``no_choice`` (its discarder held no tile that was not dangerous) and
``waiting_discarder`` (its discarder was himself waiting on a big hand), judged at the discard by
:mod:`.pao_exceptions`; an excused feed makes nobody liable for its case, and the excused seat's own payment
says why it pays no more (the payment's reason), so a game's settlement shows the exception that changed it.

An exposed set's discarder is its ``claimed_from``; the sets a seat made are in the order it made them, so the
last of the dragons' (or winds') sets is the one that completed them.  The winning hand's tiles are its score's
arrangement.  A deal with several wins is settled win by win as before: only a win with a liable seat changes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any

from mahjong_rulesets.mechanisms import parameters_of
from mahjong_rulesets.mechanisms.pao_exceptions import NO_CHOICE, WAITING, WIN, excused

from mahjong_core.plugin import (
    DRAGONS,
    WINDS,
    Contribution,
    Meld,
    MeldKind,
    Outcome,
    Payment,
    Ruleset,
    Table,
    hookimpl,
    is_honour,
    is_suited,
    suit_of,
)

REASON = "pays for all"
#: A payment's note where an exception excused the feed that would have made its payer pay for all.
EXCUSED = "does not pay for all"
#: How a payment's note names each exception.
EXCUSES = {NO_CHOICE: "no choice, every tile in the hand dangerous", WAITING: "the discarder was waiting on a big hand"}
#: How a win was made when its tile came from another seat: a discard, or a kong robbed.
_FROM_A_SEAT = ("discard", "robbing_kong")


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("pays_for_all") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "pays_for_all", sys.modules[__name__], switched_on=switched_on,
                         description="one seat pays the whole of a win it is liable for: a robbed kong, the "
                                     "discard that gave the third dragon set, the fourth wind set or a tile of a "
                                     "one-suit hand already shown",
                         parameters=parameters_of("pays_for_all"))]


def _feeds(meld: Meld, cases: Mapping[str, Any]) -> bool:
    """Whether an exposed set was fed by the seat it names: claimed, and not a claimed kong where those feed
    nothing (an added kong keeps its pung's discarder)."""
    if meld.claimed_from is None:
        return False
    return not (meld.kind is MeldKind.KONG and not meld.added and cases.get("claimed_kong_feeds") is False)


def _seat(win: Outcome, meld: Meld, players: int) -> int:
    assert win.winner is not None and meld.claimed_from is not None
    return (win.winner + meld.claimed_from.offset) % players


def _hand_tiles(win: Outcome) -> list[int] | None:
    """The winning hand's tiles, as its score read them (``None`` for a hand scored without a reading)."""
    score = win.scores.get(win.winner) if win.winner is not None else None
    arrangement = score.arrangement if score is not None else None
    return None if arrangement is None else [t for meld in arrangement.melds for t in meld.tiles]


#: A feed: the seat whose discard fed the hand, and where that discard went -- the index among the winner's melds
#: of the set claimed from it, or :data:`~.pao_exceptions.WIN` for the discard won on (or the kong robbed).
Feed = tuple[int, int]
#: A feed an exception excused: its seat, the case it fed, and the switches that excused it.
Excuse = tuple[int, str, tuple[str, ...]]


def _set_feeder(cases: Mapping[str, Any], melds: Sequence[Meld], kinds: tuple[int, ...], win: Outcome,
                players: int) -> Feed | None:
    """The discard that made the last of the winner's sets of ``kinds``, the winner holding one of each."""
    sets = [(i, m) for i, m in enumerate(melds) if m.is_pong and m.first in kinds and m.exposed]
    shown = {m.first for _, m in sets}
    if shown == set(kinds):
        index, last = sets[-1]
        return (_seat(win, last, players), index) if _feeds(last, cases) else None
    if not (cases.get("winning_discard") and win.how in _FROM_A_SEAT and win.tile in kinds
            and shown == set(kinds) - {win.tile}) or win.discarder is None:
        return None
    tiles = _hand_tiles(win)  # the winning tile made a set of its kind in the hand: three of it (an honour)
    return (win.discarder, WIN) if tiles is not None and tiles.count(win.tile) >= 3 else None


def _shown_feeder(cases: Mapping[str, Any], need: int, in_group: Callable[[int], bool], melds: Sequence[Meld],
                  win: Outcome, players: int) -> Feed | None:
    """The discard of the group the winner last took (a set claimed, or the win where the winning discard feeds)
    once its exposed sets showed ``need`` tiles of the group."""
    shown, feeder = 0, None
    for index, meld in enumerate(melds):
        if not meld.exposed:
            continue
        if shown >= need and _feeds(meld, cases) and in_group(meld.first):
            feeder = (_seat(win, meld, players), index)
        shown += sum(1 for t in meld.tiles if in_group(t))
    if (cases.get("winning_discard") and win.how in _FROM_A_SEAT and shown >= need and win.tile is not None
            and in_group(win.tile) and win.discarder is not None):
        feeder = (win.discarder, WIN)
    return feeder


def _one_group_feeder(cases: Mapping[str, Any], melds: Sequence[Meld], win: Outcome,
                      players: int) -> tuple[Feed, str] | None:
    """The feed of a hand of one suit (``one_suit_exposed``) or of honours alone (``honours_exposed``)."""
    if not (cases.get("one_suit_exposed") or cases.get("honours_exposed")):
        return None
    tiles = _hand_tiles(win)
    if not tiles:
        return None
    suits = {suit_of(t) for t in tiles if is_suited(t)}
    if cases.get("one_suit_exposed") and len(suits) == 1 and all(is_suited(t) for t in tiles):  # pure: no honour
        suit = next(iter(suits))
        feed = _shown_feeder(cases, int(cases["one_suit_exposed"]), lambda t: is_suited(t) and suit_of(t) == suit,
                             melds, win, players)
        return None if feed is None else (feed, "one_suit_exposed")
    if not suits and cases.get("honours_exposed") and all(is_honour(t) for t in tiles):
        feed = _shown_feeder(cases, int(cases["honours_exposed"]), is_honour, melds, win, players)
        return None if feed is None else (feed, "honours_exposed")
    return None


def liability(ruleset: Ruleset, table: Table, win: Outcome) -> tuple[tuple[int, str] | None, Excuse | None]:
    """The seat that pays for the whole of ``win`` and the case that makes it liable (``None`` for none), and where
    none is, the first feed an exception excused: its seat, its case and the switches that excused it (``None``
    where no feed was excused)."""
    cases = ruleset.value("pays_for_all")
    winner = win.winner
    if winner is None:
        return None, None
    if cases.get("robbed_kong") and win.how == "robbing_kong" and win.discarder is not None:
        return (win.discarder, "robbed_kong"), None
    melds = table.seats[winner].melds
    found: list[tuple[Feed, str]] = []
    for case, kinds in (("third_dragon_set", DRAGONS), ("fourth_wind_set", WINDS[:4])):
        feed = _set_feeder(cases, melds, tuple(kinds), win, table.players) if cases.get(case) else None
        if feed is not None:
            found.append((feed, case))
    group = _one_group_feeder(cases, melds, win, table.players)
    if group is not None:
        found.append(group)
    first_excused: Excuse | None = None
    for (seat, source), case in found:
        if seat == winner:
            continue
        excuses = excused(table, winner, win.how, win.discarder, source)
        if not excuses:
            return (seat, case), None
        first_excused = first_excused or (seat, case, excuses)
    return None, first_excused


def liable_seat(ruleset: Ruleset, table: Table, win: Outcome) -> tuple[int, str] | None:
    """The seat that pays for the whole of ``win``, and the case that makes it liable; ``None`` for none.

    A feed whose discard an exception excuses (``no_choice``, ``waiting_discarder``: :mod:`.pao_exceptions`)
    makes nobody liable for its case."""
    return liability(ruleset, table, win)[0]


def shifted(payments: Sequence[Payment], winner: int, liable: int, case: str) -> list[Payment]:
    """The payments with every other loser's payment to the winner made by ``liable`` instead."""
    return [Payment(liable, p.payee, p.amount, f"{p.reason}; {REASON} ({case.replace('_', ' ')})")
            if p.payee == winner and p.payer not in (liable, winner) else p for p in payments]


def noted(payments: Sequence[Payment], winner: int, excuse: Excuse) -> list[Payment]:
    """The payments with the excused seat's own payment to the winner saying why it pays no more: the table sees
    a feed paid as an ordinary loss, and the reason beside it, as a table that excuses it says so aloud."""
    seat, case, excuses = excuse
    why = " and ".join(EXCUSES[e] for e in excuses)
    return [Payment(p.payer, p.payee, p.amount, f"{p.reason}; {EXCUSED} ({case.replace('_', ' ')}): {why}")
            if p.payee == winner and p.payer == seat else p for p in payments]


@hookimpl(wrapper=True)
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> Generator[None, object, object]:
    payments = yield
    if outcome.kind != "win" or outcome.wins or not isinstance(payments, list):
        return payments
    if outcome.winner is None:
        return payments
    found, excuse = liability(ruleset, table, outcome)
    if found is not None:
        return shifted(payments, outcome.winner, *found)
    return payments if excuse is None else noted(payments, outcome.winner, excuse)
