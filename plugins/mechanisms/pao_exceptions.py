"""The exceptions some tables make to pao: a discarder left no safe tile, and a discarder waiting on a big hand.

Switched on by two switches of ``pays_for_all`` (whose settlement, :mod:`.pays_for_all`, asks :func:`excused`):

* ``no_choice`` -- a discarder every tile of whose concealed hand was dangerous had no choice but to make a
  dangerous discard: he declares it, his hand is shown to the table, and he is not liable for that discard.
  The table declares it for him as he discards (the ``no_choice`` event, with the hand he held): showing the hand
  is public by the rule, at that moment and no other, so the event is sent to every seat as it is logged;
* ``waiting_discarder`` -- a discarder whose own hand, once the tile was gone, waited on a big hand is not liable
  for that discard.  "Big" is the ruleset's own judgement of the hands his waits would make: each waiting tile
  completes a hand scored as a win on a discard (the game's win facts, no situation counted), and the hand is big
  where some waiting tile makes a hand of at least ``any_wait``'s figures, or every one makes a hand of at least
  ``every_wait``'s (the figures a score carries, as ``minimum_value`` names them: ``fan``, ``points``), or a limit
  hand.  A waiting tile whose four copies the hand itself holds is no wait.

A discard is dangerous by the test that makes its discarder liable (:func:`dangerous_kinds`): another seat's exposed
sets show two dragon sets (the third dragon, ``third_dragon_set``), three wind sets (the fourth wind,
``fourth_wind_set``), so many tiles of one suit and nothing else (that suit, ``one_suit_exposed``) or so many honours
and nothing else (an honour, ``honours_exposed``).  A discard that is not dangerous needs no excuse.

Both judgements are made as the discard is decided, from the hand the discarder holds then, and kept on the table
(``table.extra``) by this module's replies to the discard's decision, to a claim of it and to a kong; a re-play
asks the same replies of the same table and gets the same judgement, so an audit agrees.  The no-choice
declaration is in the log; the waiting judgement reads a concealed hand no seat has seen, so it is logged nowhere
and re-derived.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from mahjong_rulesets.mechanisms import discard_win_context

from mahjong_core.plugin import (
    DRAGONS,
    HONOURS,
    KINDS,
    SUITED,
    WINDS,
    Contribution,
    Hand,
    HandError,
    Ruleset,
    RulesetError,
    Score,
    Table,
    Term,
    hookimpl,
    is_suited,
    reacts_to,
    score_hand,
    suit_of,
    waits,
)

NO_CHOICE = "no_choice"
WAITING = "waiting_discarder"
#: The source of a liability that is the win itself: the discard won on (a set's index in the winner's melds
#: names any other source).
WIN = -1
#: ``table.extra`` key: ``(deal, seat, excuses)`` for the last discard decided, ``excuses`` the switches that
#: excuse it (empty where none does, or where the discard was not dangerous).
LAST = "pao_last_discard"
#: ``table.extra`` key: ``(deal, {(seat, meld index): excuses})`` for the sets claimed this deal from an excused
#: discard.
EXCUSED_SETS = "pao_excused_sets"
#: ``table.extra`` key: ``(deal, {seat: kinds}, {seat: kinds})``, the kinds dangerous to each seat's discards and the
#: kinds each seat's exposed sets make dangerous to the others', as the sets stand: worked out at the first discard
#: after a set is laid (a claim or a kong drops it).
DANGER = "pao_danger"
#: A plain complete hand every family scores, to see which figures its scores carry.
_SAMPLE_HAND = "123m234m456p789s5p +5p"

TERMS = (
    Term("event", NO_CHOICE, label="no choice: a dangerous discard, the hand shown", actor="table",
         fields={"type": "object", "required": ["seat", "tile", "hand"], "additionalProperties": False,
                 "properties": {"seat": {"$ref": "#/$defs/seat"}, "tile": {"$ref": "#/$defs/tile"},
                                "hand": {"type": "array", "items": {"$ref": "#/$defs/tile"}}}}),
)


def switched_on(ruleset: Ruleset) -> bool:
    cases = ruleset.get("pays_for_all")
    return isinstance(cases, Mapping) and bool(cases.get(NO_CHOICE) or cases.get(WAITING))


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    this = sys.modules[__name__]
    return [Contribution("mechanism", "pao_exceptions", this, switched_on=switched_on,
                         description="a discarder left no safe tile, or waiting on a big hand himself, is not "
                                     "liable for a dangerous discard (pays_for_all's no_choice and "
                                     "waiting_discarder)"),
            Contribution("vocabulary", "pao_exceptions", this, "a discarder's declaration of no choice",
                         terms=TERMS)]


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """Refuse a ``waiting_discarder`` figure the family's scores do not carry: no hand could ever reach it, and the
    exception would be off without a word.  Found by scoring one plain hand, as ``minimum_value``'s check does."""
    big = ruleset.value("pays_for_all").get(WAITING)
    if not big:
        return
    from mahjong_core import Given, score_text  # deferred: the command-line scorer, read only by this check

    raw = score_text(ruleset, _SAMPLE_HAND, Given(), "<pays_for_all.waiting_discarder>").score.raw
    for which, figures in sorted(big.items()):
        for key in sorted(figures):
            if key not in raw:
                raise RulesetError(f"pays_for_all.waiting_discarder.{which} names the figure {key!r}, but this "
                                   f"ruleset's scores give no {key!r}; they give {', '.join(sorted(raw)) or 'none'}",
                                   place=f"$.parameters.pays_for_all.value.{WAITING}.{which}.{key}")


def dangerous_kinds(cases: Mapping[str, Any], table: Table, seat: int) -> frozenset[int]:
    """The kinds whose discard by ``seat`` could make it liable, read from the other seats' exposed sets."""
    found: frozenset[int] = frozenset()
    for other in range(table.players):
        if other != seat:
            found |= _shown_by(cases, table, other)
    return found


def _shown_by(cases: Mapping[str, Any], table: Table, other: int) -> frozenset[int]:
    """The kinds ``other``'s exposed sets make dangerous for any other seat to discard."""
    laid = table.seats[other].melds
    if len(laid) < 2:  # every case needs two exposed sets at least: most turns end here
        return _NONE
    danger: set[int] = set()
    melds = [m for m in laid if m.exposed]
    for case, kinds, short in (("third_dragon_set", DRAGONS, 1), ("fourth_wind_set", WINDS[:4], 1)):
        shown = {m.first for m in melds if m.is_pong and m.first in kinds}
        if cases.get(case) and len(shown) == len(kinds) - short:
            danger.update(set(kinds) - shown)
    tiles = [t for m in melds for t in m.tiles]
    suits = {suit_of(t) for t in tiles if is_suited(t)}
    need = cases.get("one_suit_exposed")
    if need and len(suits) == 1 and len(tiles) >= int(need) and all(is_suited(t) for t in tiles):
        suit = next(iter(suits))
        danger.update(k for k in SUITED if suit_of(k) == suit)
    need = cases.get("honours_exposed")
    if need and not suits and len(tiles) >= int(need):
        danger.update(HONOURS)
    return frozenset(danger)


_NONE: frozenset[int] = frozenset()


def _danger(cases: Mapping[str, Any], table: Table, seat: int) -> frozenset[int]:
    """:func:`dangerous_kinds`, kept until the next set is laid (the exposed sets change only then), and made from
    each seat's share, which is the same whichever other seat discards."""
    cached = table.extra.get(DANGER)
    if cached is None or cached[0] != table.deal_number:
        cached = table.extra[DANGER] = (table.deal_number, {}, {})
    by_seat: dict[int, frozenset[int]] = cached[1]
    found = by_seat.get(seat)
    if found is None:
        shares: dict[int, frozenset[int]] = cached[2]
        found = _NONE
        for other in range(table.players):
            if other != seat:
                share = shares.get(other)
                if share is None:
                    share = shares[other] = _shown_by(cases, table, other)
                found |= share
        by_seat[seat] = found
    return found


def _meets(score: Score | None, figures: Mapping[str, Any]) -> bool:
    """Whether a score reaches every figure named (a limit hand reaches any)."""
    if score is None:
        return False
    if score.limit is not None:
        return True
    return all(score.raw.get(key) is not None and score.raw[key] >= int(need) for key, need in figures.items())


def _scored(ruleset: Ruleset, table: Table, seat: int, hand: Hand) -> Score | None:
    """The hand won on a discard of its winning tile, scored as the game scores a win; ``None`` where the ruleset
    reads no winning hand in it (a shape its family does not play, seven pairs where it has none): no wait."""
    assert hand.winning_tile is not None
    try:
        score = score_hand(ruleset, hand, discard_win_context(ruleset, table, seat, hand.winning_tile))
    except HandError:
        return None
    return score if score is not None and (score.arrangement is not None or score.limit is not None) else None


def waits_on_big_hand(ruleset: Ruleset, table: Table, seat: int, tile: int, big: Mapping[str, Any]) -> bool:
    """Whether ``seat``'s hand, once ``tile`` is discarded from it, waits on a big hand (``waiting_discarder``)."""
    s = table.seats[seat]
    counts = list(s.counts)
    counts[tile] -= 1
    if s.held_jokers or sum(counts) % 3 != 1:
        return False
    held = list(counts)
    for meld in s.melds:
        for t in meld.tiles:
            held[t] += 1
    hand = s.to_hand()
    concealed = tuple(kind for kind, n in enumerate(counts) for _ in range(n))
    scores = [sc for sc in (_scored(ruleset, table, seat, replace(hand, concealed=concealed, winning_tile=w))
                            for w in waits(bytes(counts)) if held[w] < 4) if sc is not None]
    if not scores:
        return False
    some, every = big.get("any_wait"), big.get("every_wait")
    return bool((some and any(_meets(sc, some) for sc in scores)) or (every and all(_meets(sc, every)
                                                                                     for sc in scores)))


#: The standard kinds by code, the first of a code where two share it: a table with no tile set of its own.
_STANDARD_KINDS: dict[str, int] = {}
for _index, _info in enumerate(KINDS):
    _STANDARD_KINDS.setdefault(_info.code, _index)


def _kind(table: Table, code: Any) -> int | None:
    """The playing kind a decision's tile code names."""
    if not isinstance(code, str):
        return None
    tiles = table.tiles
    if tiles is None:
        return _STANDARD_KINDS.get(code)
    kind = tiles.kind_of(code)
    if kind is not None and tiles.plays_as[kind] >= 0:
        kind = tiles.plays_as[kind]
    return kind


def _overran(table: Table, event: Mapping[str, Any]) -> bool:
    """Whether a turn's decision took longer than the move limit: the ruleset's timeout action replaces it (the
    ``timeout`` event that follows), and the decision itself is shown to no other seat."""
    limits = table.time_limits
    move = limits.move if limits is not None else None
    delay = event.get("after_ms", 0)
    return move is not None and isinstance(delay, int) and delay > int(move * 1000)


def judge(ruleset: Ruleset, table: Table, seat: int, tile: int) -> tuple[tuple[str, ...], list[dict[str, Any]]]:
    """The switches that excuse ``seat``'s discard of ``tile`` (decided, not yet made), and the events declaring
    them: none where the discard is not dangerous."""
    cases = ruleset.value("pays_for_all")
    danger = _danger(cases, table, seat)
    if tile not in danger:
        return (), []
    s = table.seats[seat]
    excuses: list[str] = []
    events: list[dict[str, Any]] = []
    if cases.get(NO_CHOICE) and not s.held_jokers and all(k in danger for k, n in enumerate(s.counts) if n):
        excuses.append(NO_CHOICE)
        code = table.tiles.code if table.tiles is not None else (lambda k: KINDS[k].code)
        events.append({"type": NO_CHOICE, "seat": seat, "tile": code(tile),
                       "hand": [code(k) for k, n in enumerate(s.counts) for _ in range(n)]})
    big = cases.get(WAITING)
    if big and waits_on_big_hand(ruleset, table, seat, tile, big):
        excuses.append(WAITING)
    return tuple(excuses), events


@hookimpl
@reacts_to({"decision", "timeout", "claim", "kong"})
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    deal = table.deal_number
    type_ = event["type"]
    if type_ == "kong":
        table.extra.pop(DANGER, None)
        return None
    if type_ == "claim":
        table.extra.pop(DANGER, None)
        last = table.extra.get(LAST)
        if last is not None and last[0] == deal and last[1] == event.get("discarder") and last[2]:
            seat = event["seat"]
            found = table.extra.get(EXCUSED_SETS)
            sets = found[1] if found is not None and found[0] == deal else {}
            sets[(seat, len(table.seats[seat].melds) - 1)] = last[2]
            table.extra[EXCUSED_SETS] = (deal, sets)
        return None
    if type_ == "timeout":  # a discard decided too late is replaced by the timeout's: judged as that one
        if event.get("what") != "move" or event.get("action") != "discard":
            return None
        seat, tile = event.get("seat"), _kind(table, event.get("tile"))
    elif event.get("action") != "discard" or event.get("phase") != "turn" or _overran(table, event):
        return None
    else:
        seat, tile = event.get("actor"), _kind(table, event.get("tile"))
    if not isinstance(seat, int) or tile is None:
        return None
    excuses, events = judge(ruleset, table, seat, tile)
    table.extra[LAST] = (deal, seat, excuses)
    return events or None


def excused(table: Table, winner: int, how: str | None, discarder: int | None, source: int) -> tuple[str, ...]:
    """The switches that excuse the discard a liability comes from: the discard won on (``source`` :data:`WIN`)
    or the one the winner's set at index ``source`` was claimed from.  Empty where none does, and always at a
    table where this module is not switched on."""
    deal = table.deal_number
    if source == WIN:
        last = table.extra.get(LAST)
        return last[2] if how == "discard" and last is not None and last[0] == deal and last[1] == discarder else ()
    found = table.extra.get(EXCUSED_SETS)
    return found[1].get((winner, source), ()) if found is not None and found[0] == deal else ()
