"""The table as one seat sees it, for a person reading a log in the terminal (``mahjong view``).

:func:`~mahjong_core.log.redaction.seat_view` decides what the seat may know, and
:func:`mahjong_core.log.fold.fold` folds those events into the table; this module
lays that table out for a person -- every seat's
wind, score, hand (the seat's own tiles, the others' as a count), melds set
apart, bonus tiles, the discards as the ruleset lays them out (000 lines
144-154: ``rows`` of six before each player, ``quadro`` with only the last
four in sight, ``open`` all face up in the middle, ``closed`` only the last),
the tiles left in the wall and the table clock -- and narrates each event in
one line.

Alignment: every line starts with a fixed-width label in plain letters and
ends with its tiles, so columns line up whatever width a terminal gives the
mahjong glyphs; ``ascii=True`` writes tiles in the notation (``5m``) instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import MahjongError
from mahjong_core.hand.tiles import JOKER, KINDS
from mahjong_core.log.fold import FoldedTable, display_words, fold, header_words, plays_as, sort_tiles, take_tiles
from mahjong_core.plugin.score_card import amount, card_maker, payment_notes, ruleset_of_header
from mahjong_core.table.vocabulary import display_word

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset

__all__ = ["SeatState", "TableState", "narrate", "render", "replay_states"]

HIDDEN = "?"
_WINDS = "ESWN"
_CODES = {kind.code: i for i, kind in enumerate(KINDS)}
#: The standard kinds' glyphs by code: a log whose ruleset cannot be had is drawn with these.
_GLYPHS = {kind.code: kind.glyph for kind in KINDS}
#: How many of the latest discards each display leaves in sight (``None``: all).
_VISIBLE = {"quadro": 4, "closed": 1, "open": None, "rows": None}


@dataclass
class SeatState:
    """One seat at the table: what the viewing seat knows of it."""

    hand: list[str] = field(default_factory=list)  # tile codes, or "?" for a tile the viewer may not see
    melds: list[tuple[str, list[str], bool]] = field(default_factory=list)  # (kind, tiles, exposed)
    bonus: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    score: int = 0
    passing: list[str] = field(default_factory=list)  # tiles this seat chose to pass in an exchange under way
    flags: dict[str, Any] = field(default_factory=dict)  # a plugin's flags and declarations on the seat
    aside: list[str] = field(default_factory=list)  # tiles a plugin's events set aside face up
    out: bool = False  # won, and sits out while play goes on
    won: list[str] = field(default_factory=list)  # tiles won with, set aside face up where winners stay in play
    laid: bool = False  # its hand lies face up, locked (a winner who stays in play)


@dataclass
class TableState:
    """The table after some event, as one seat knows it."""

    players: int
    names: list[str]
    seats: list[SeatState]
    deal: int = 0
    dealer: int = 0
    prevalent_wind: int = 0
    wall: int | None = None
    clock_ms: int = 0
    pond: list[str] = field(default_factory=list)  # every discard still on the table, in order
    last: str = ""  # the last event, narrated
    result: list[str] = field(default_factory=list)  # the deal's outcome lines: mahjong, scores, payments
    previous: Mapping[str, Any] | None = None  # the event applied last: a timeout replaces it if it was a choice
    ruleset: Ruleset | None = None  # the log's ruleset where it can be had: a score is then shown as its card
    summary: str = ""  # the last score, in one line (a score's items follow it in the result)
    shown: dict[int, list[str]] = field(default_factory=dict)  # each scored hand of the deal, as laid down
    #: The plugins' words the log's header declares, by kind and name (:func:`mahjong_core.log.fold.header_words`).
    words: dict[str, dict[str, Mapping[str, Any]]] = field(default_factory=dict)
    #: The display words they give (:func:`mahjong_core.log.fold.display_words`): a flag or a value as read.
    display: dict[str, str] = field(default_factory=dict)
    pot: int = 0  # points on the table, no seat's (sticks)
    face_up: list[str] = field(default_factory=list)  # tiles a plugin's events turned face up (dora indicators)
    counters: dict[str, int] = field(default_factory=dict)  # the table's named counters (honba)
    #: Each tile code's glyph in the log's tile set (a joker's, an animal's), the standard kinds' where it has none.
    glyphs: Mapping[str, str] = field(default_factory=lambda: _GLYPHS)


def _seat_name(state: TableState, seat: Any, viewer: int) -> str:
    if not isinstance(seat, int):
        return str(seat)
    wind = _WINDS[(seat - state.dealer) % state.players] if state.players <= 4 else str(seat)
    return f"seat {seat} ({wind}{', you' if seat == viewer else ''})"


def _apply(state: TableState, table: FoldedTable, event: Mapping[str, Any], viewer: int) -> None:
    """Read the fold's table after ``event`` into the terminal's, and add the event's lines to the deal's result."""
    kind = event.get("type")
    seat = event.get("seat")
    if kind == "deal_start":  # the deal as it is played: a rotation's next dealer shows with the next deal
        state.deal, state.dealer = int(event.get("deal", 0)), int(event.get("dealer", 0))
        state.prevalent_wind, state.result, state.shown = int(event.get("prevalent_wind", 0)), [], {}
    elif kind == "score" and isinstance(seat, int) and 0 <= seat < state.players:
        state.shown[seat] = _scored_hand(state.seats[seat], event)
    _read_fold(state, table)
    if kind == "mahjong":
        how = str(event.get("how", "")).replace("_", " ")
        on = "; play goes on without them" if event.get("play_on") is True else ""
        if event.get("stays_in_play") is True:
            on = "; they stay in play"

        state.result.append(f"{_seat_name(state, seat, viewer)} wins on {event.get('tile')} ({how}){on}")
    elif kind == "exhaustive_draw":
        state.result.append("exhaustive draw: the wall is used up")
    elif kind == "abortive_draw":
        state.result.append(f"abortive draw: {str(event.get('reason')).replace('_', ' ')}")
    elif kind == "score" and isinstance(seat, int) and 0 <= seat < state.players:
        _show_score(state, event, _seat_name(state, seat, viewer))
    elif kind == "settlement" and "scores" in event:
        payments = event.get("payments", [])
        notes = payment_notes(state.ruleset, state.dealer, payments)
        paid = "; ".join(f"{_seat_name(state, a, viewer)} pays {_seat_name(state, b, viewer)} {x}"
                         + (f" ({note})" if note else "")
                         for (a, b, x, _), note in zip(payments, notes, strict=True))
        state.result.append(f"payments: {paid or 'none'}")
        for n in [n for n in state.shown if table.seats[n].won and not table.revealed]:
            del state.shown[n]  # a winner who stays in play: its hand as the fold keeps it, laid face up
    state.last = narrate(state, event, viewer) or state.last
    state.previous = event


def _read_fold(state: TableState, table: FoldedTable) -> None:
    """The terminal's table from the fold's (:mod:`mahjong_core.log.fold`), as a person at the table lays it out.

    Two things are shown otherwise than the fold keeps them.  A winning discard stays where it lay (in its
    discarder's row and on the table) rather than in the winner's hand, and a scored hand shows as it was when
    scored (:func:`_scored_hand`).  The wall counts the loose tiles set apart among its tiles.
    """
    for n, seat in enumerate(state.seats):
        folded = table.seats[n]
        seat.hand, seat.bonus, seat.discards = list(folded.concealed), list(folded.bonus), list(folded.discards)
        seat.melds = [(str(m["kind"]), _joker_tiles(m), bool(m["exposed"])) for m in folded.melds]
        seat.passing, seat.score = list(folded.passing), int(table.scores[n])
        seat.flags, seat.aside, seat.out = dict(folded.flags), list(folded.aside), folded.out
        seat.won, seat.laid = list(folded.won), bool(folded.laid)
    state.pond = list(table.pond)
    won = table.won
    if won is not None:
        take_tiles(state.seats[won["seat"]].hand, [won["tile"]])
        state.seats[won["discarder"]].discards.append(won["tile"])
        if won["from_pond"]:
            state.pond.append(won["tile"])
    for n, hand in state.shown.items():
        state.seats[n].hand = list(hand)
    state.wall = None if table.tiles_left is None else table.tiles_left + table.loose
    state.clock_ms = table.clock_ms
    state.pot, state.counters = table.pot, dict(table.counters)
    state.face_up = list(table.shown)


def _joker_tiles(meld: Mapping[str, Any]) -> list[str]:
    """A folded meld's tiles as they lie: a joker (``1j``) in the place of each kind its jokers stand for."""
    tiles = list(meld["tiles"])
    jokers = [k for k in meld.get("jokers", []) if k != HIDDEN]
    for kind in jokers:  # the last place of its kind: a pung's last tiles, a chow's place of the kind
        place = max((i for i, tile in enumerate(tiles) if tile == kind), default=None)
        if place is not None:
            tiles[place] = JOKER[0]
    return tiles


def _jokers_as(tiles: Sequence[str]) -> str:
    """What the jokers of a meld stand for, in words after it (``1j=5p``): a pung's or kong's kind, its first
    tile; in a chow (its playing tiles of two kinds), each joker's place in the run (``1j=6s``)."""
    if JOKER[0] not in tiles or tiles[0] == JOKER[0] and len(set(tiles)) < 3:
        return ""
    natural = [(i, tile) for i, tile in enumerate(tiles) if tile != JOKER[0]]
    if len({tile for _, tile in natural}) == 1:
        return f" 1j={natural[0][1]}"
    at, first = natural[0]
    return "".join(f" 1j={int(first[0]) - at + i}{first[1:]}" for i, tile in enumerate(tiles) if tile == JOKER[0])


def _show_score(state: TableState, event: Mapping[str, Any], name: str) -> None:
    """A score as a line with its total and the steps to it, then a line for each item with its value and unit."""
    if state.ruleset is None:  # a ruleset not known here: the items as logged
        items = ", ".join(f"{i['name']} {i['value']} {i.get('kind', '')}".rstrip()
                          + (f" x{i['count']}" if i.get("count", 1) != 1 else "") for i in event.get("items", []))
        state.summary = f"{name} scores {event.get('value')}" + (f": {items}" if items else "")
        state.result.append(state.summary)
        return
    card = card_maker(state.ruleset)(event)
    state.summary = f"{name} scores {amount(card['total'], card['unit'])}" + (
        f" ({'; '.join(card['steps'])})" if card["steps"] else "")
    state.result.append(state.summary)
    state.result += [f"  {line['text']}  {line['label']}  [{line['source'] or 'no source'}]" for line in card["lines"]]


def _scored_hand(seat: SeatState, event: Mapping[str, Any]) -> list[str]:
    """A scored hand as it is laid down for all to see: its tiles beyond the declared melds replace the hidden
    ones (a hand the viewer knows, or one whose melds do not fit the arrangement, stays as it was)."""
    if HIDDEN not in seat.hand:
        return list(seat.hand)
    melds = (event.get("arrangement") or {}).get("melds") or []
    shown = Counter(t for m in melds for t in m.get("tiles", ()))
    shown.subtract(Counter(plays_as(t) for _, tiles, _ in seat.melds for t in tiles))  # a red five by its kind
    if shown and min(shown.values()) >= 0:
        return sort_tiles(shown.elements())
    return list(seat.hand)


def narrate(state: TableState, event: Mapping[str, Any], viewer: int) -> str | None:
    """One line for an event a person would notice at the table, or ``None`` (the wall ceremony's details)."""
    kind = event.get("type")
    who = _seat_name(state, event.get("seat", event.get("actor")), viewer)
    if kind == "deal_start":
        # Deals are numbered from 1 wherever a person reads them; the log's field counts from 0.
        return (f"deal {int(event.get('deal', 0)) + 1}: round {_WINDS[int(event.get('prevalent_wind', 0)) % 4]}, "
                f"dealer seat {event.get('dealer')}")
    if kind == "hands":
        return "the tiles are dealt"
    if kind == "revealed":
        return "the hands as laid down at the end of the deal (a score sheet's record)"
    if kind in ("draw", "replacement"):
        extra = " (a loose tile)" if kind == "replacement" else ""
        return f"{who} draws {event['tile']}{extra}" if event["tile"] != HIDDEN else f"{who} draws a tile{extra}"
    if kind == "bonus":
        return f"{who} sets aside {event['tile']}"
    if kind == "decision" and event.get("action") == "discard":
        return f"{who} discards {event['tile']}"
    if kind == "claim":
        return (f"{who} takes {event['tile']} from {_seat_name(state, event.get('discarder'), viewer)} for a "
                f"{event.get('kind')}")
    if kind == "kong":
        return f"{who} declares a {event.get('way')} kong of {event['tile']}"
    if kind == "wild_revealed":  # a kind made wild for the deal (jokers.wild: Fuzhou's gold), shown to all
        kinds = ', '.join(event.get('kinds') or [])
        if event.get("dice"):  # chosen_by: dice -- the throw counted the tile from the wall's end, where it stays
            dice = event["dice"]
            return (f"the dice show {'+'.join(str(d) for d in dice)}: counting {sum(dice)} from the wall's end, "
                    f"{event['tile']} is turned where it lies: {kinds} wild for the deal")
        return f"{event['tile']} is turned: {kinds} wild for the deal"
    if kind == "wild_taken":
        return f"{who} robs the turned tile {event['tile']}"
    if kind == "bonus_robbed":
        return f"{who} robs {event['tile']} from {_seat_name(state, event['drawer'], viewer)}"
    if kind == "hand_shown":
        return f"{who} shows the hand face up: {' '.join(event.get('tiles') or [])}"
    if kind == "exchange":
        return (f"{_seat_name(state, event['giver'], viewer)} passes {event.get('count')} tiles to "
                f"{_seat_name(state, event['receiver'], viewer)}")
    if kind == "timeout":
        return f"{who} ran out of time ({event.get('what')}): {event.get('action')} for them"
    if kind == "score":
        return state.summary or None
    if kind in ("mahjong", "exhaustive_draw", "abortive_draw"):
        return state.result[-1] if state.result else None
    if kind == "settlement":
        return "scores " + " ".join(str(x.score) for x in state.seats)
    if kind == "payment":
        payer, payee = event.get("payer"), event.get("payee")
        source = "the pot" if payer is None else _seat_name(state, payer, viewer)
        target = "into the pot" if payee is None else ("to " + _seat_name(state, payee, viewer))
        return f"{source} pays {event.get('amount')} {target} ({event.get('reason')})"
    if kind == "counter":
        return f"the table's {event.get('name')} counter is now {event.get('value')}"
    if kind == "game_end":
        return "game over: scores " + " ".join(str(x.score) for x in state.seats)
    if kind == "decision" and event.get("action") in state.words.get("action", {}):
        way = f" ({display_word(event['way'], state.display)})" if isinstance(event.get("way"), str) else ""
        tile = f" {event['tile']}" if isinstance(event.get("tile"), str) else ""
        return f"{who} {_label(state, 'action', str(event['action']))}{tile}{way}"
    if isinstance(kind, str) and kind in state.words.get("event", {}):
        return plugin_event_line(state, event, viewer)
    return None


def _label(state: TableState, kind: str, name: str) -> str:
    """A plugin's word as its label, or as its name where it gives none."""
    label = state.words.get(kind, {}).get(name, {}).get("label")
    return label if isinstance(label, str) and label else name.replace("_", " ")


def plugin_event_line(state: TableState, event: Mapping[str, Any], viewer: int) -> str:
    """A plugin's event in one generic line: its label (or type), then its fields, a seat named as a seat.

    A field whose value only a flag keeps, as data (riichi's tiles drawn and melded when the hand locked, not a
    word), is left to the seat's flag line, as the live page leaves it to the seat's badge: "riichi: seat 3 (S)",
    not "riichi: double False, drawn 7, melded 3, seat 3 (S)".
    """
    term = state.words.get("event", {}).get(str(event.get("type")), {})
    kept = {e.get("value") for e in term.get("effects") or () if isinstance(e, Mapping) and e.get("do") == "flag"
            and not isinstance(event.get(str(e.get("value"))), str)}
    parts = []
    for key, value in event.items():
        if key in ("n", "t", "actor", "type") or key in kept:
            continue
        if key == "seat":
            parts.append(_seat_name(state, value, viewer))
            continue
        shown = " ".join(map(str, value)) if isinstance(value, list) else display_word(str(value), state.display)
        parts.append(f"{display_word(key, state.display)} {shown}")
    return f"{_label(state, 'event', str(event['type']))}: {', '.join(parts)}" if parts else \
        _label(state, "event", str(event["type"]))


def replay_states(header: Mapping[str, Any], events: Iterable[Mapping[str, Any]], viewer: int
                  ) -> Iterable[tuple[Mapping[str, Any], TableState]]:
    """Each event with the table after it, as ``viewer`` knows it (the events must be that seat's view).

    The table is the one fold's (:func:`mahjong_core.log.fold.fold`), laid out for a person reading it.  The
    state yielded is one table updated in place: draw it before asking for the next event.
    """
    seats = header.get("seats", [])
    names = [str(s.get("name", i)) if isinstance(s, Mapping) else str(i) for i, s in enumerate(seats)]
    ruleset = ruleset_of_header(header)
    state = TableState(len(seats), names, [SeatState() for _ in seats], ruleset=ruleset,
                       words=header_words(header), display=display_words(header), glyphs=_glyphs_of(ruleset))
    events = list(events)
    for event, table in zip(events, fold(header, events), strict=True):
        _apply(state, table, event, viewer)
        yield event, state


def _glyphs_of(ruleset: Ruleset | None) -> Mapping[str, str]:
    """The glyph of every code of the ruleset's tile set: a joker's (U+1F02A), an animal's, a red five's (its
    five's glyph: ``--ascii`` writes it ``0p``); the standard glyphs where the ruleset cannot be had."""
    if ruleset is None:
        return _GLYPHS
    try:
        kinds = ruleset.tiles().kinds
    except MahjongError:
        return _GLYPHS
    return {**_GLYPHS, **{info.code: info.glyph for info in kinds if info is not None}}


def _tiles(tiles: Sequence[str], ascii_only: bool, glyphs: Mapping[str, str] = _GLYPHS) -> str:
    if ascii_only:
        return " ".join(tiles)
    return "".join(glyphs.get(t, t) for t in tiles)


def flag_lines(flags: Mapping[str, Any], words: Mapping[str, Mapping[str, Mapping[str, Any]]],
               display: Mapping[str, str]) -> list[str]:
    """A seat's flags as a person reads them, one line each, as the live page's badges read them.

    A flag whose value is a word reads as the flag's and the value's display words ("missing suit: circles").
    The flags one plugin event sets together (riichi's ``riichi``, ``riichi_melded`` and ``double_riichi``) make
    one line, read as that event's label, with the display word of each of them that is true ("riichi · double
    riichi"): their numbers (the tiles drawn when the hand locked) and falses are the plugin's data, which a
    person reading "riichi: 13" or "double riichi: False" would take for something else.
    """
    setters = [term for term in words.get("event", {}).values() if term.get("label")]
    groups: dict[int, list[str]] = {}
    lines: list[list[str]] = []
    for flag, value in sorted(flags.items()):
        term = None if isinstance(value, str) else next(
            (t for t in setters if any(isinstance(e, Mapping) and e.get("do") == "flag" and e.get("name") == flag
                                       for e in t.get("effects") or ())), None)
        if term is None:
            lines.append([f"{display_word(flag, display)}: {display_word(str(value), display)}"])
            continue
        group = groups.get(id(term))
        if group is None:
            group = groups[id(term)] = [str(term["label"])]
            lines.append(group)
        if value is True and display_word(flag, display) != group[0]:
            group.append(display_word(flag, display))
    return [" · ".join(parts) for parts in lines]


def render(state: TableState, viewer: int, *, display: str = "open", ascii_only: bool = False) -> str:
    """The table as text: a line of facts, then each seat's block, then the discards as ``display`` lays them."""
    visible = _VISIBLE.get(display)

    def show(tiles: Sequence[str]) -> str:
        return _tiles(tiles, ascii_only, state.glyphs)

    wall = "?" if state.wall is None else str(state.wall)
    # The pot and the counters show only where a ruleset keeps them: a table without them reads as it always did.
    money = (f"  pot {state.pot}" if state.pot else "") + "".join(
        f"  {name} {value}" for name, value in sorted(state.counters.items()))
    if state.face_up:  # only where a plugin turns tiles face up: every other table reads as it always did
        money += f"  shown {show(state.face_up)}"
    lines = [f"deal {state.deal + 1}  round {_WINDS[state.prevalent_wind % 4]}  dealer seat {state.dealer}  "
             f"wall {wall} tiles  clock {state.clock_ms / 1000:.1f} s{money}"]
    for n, seat in enumerate(state.seats):
        wind = _WINDS[(n - state.dealer) % state.players] if state.players <= 4 else "-"
        mark = ">" if n == viewer else " "
        name = state.names[n] if n < len(state.names) else str(n)
        lines.append(f"{mark} seat {n} {wind}  {name:<16} score {seat.score:>7}")
        hidden = seat.hand.count(HIDDEN)
        known = [t for t in seat.hand if t != HIDDEN]
        hand = show(sort_tiles(known)) if known else ""
        if hidden:
            hand = (hand + "  " if hand else "") + f"+{hidden} hidden" if known else f"{hidden} tiles, hidden"
        lines.append(f"    hand     {hand or '-'}")
        if seat.melds:
            melds = "  ".join((f"[{show(tiles)}]" if exposed else f"({show(tiles)})") + _jokers_as(tiles)
                              for _, tiles, exposed in seat.melds)
            lines.append(f"    melds    {melds}")
        if seat.bonus:
            lines.append(f"    bonus    {show(seat.bonus)}")
        if seat.aside:
            lines.append(f"    aside    {show(seat.aside)}")
        lines.extend(f"    {line}" for line in flag_lines(seat.flags, state.words, state.display))
        if seat.out:
            lines.append("    has won: sits out while play goes on")
        if seat.won:
            lines.append(f"    won      {show(seat.won)} (stays in play"
                         + ("; its hand laid face up, locked)" if seat.laid else ")"))
        if display == "rows" and seat.discards:
            for i in range(0, len(seat.discards), 6):
                lines.append(f"    {'discards' if i == 0 else '':<8} {show(seat.discards[i:i + 6])}")
    if display != "rows":
        shown = state.pond if visible is None else state.pond[-visible:]
        hidden_count = len(state.pond) - len(shown)
        label = {"quadro": "last four", "closed": "last one", "open": "all"}.get(display, display)
        down = f", {hidden_count} face down" if hidden_count else ""
        lines.append(f"discards ({display}: {label} in sight{down})  {show(shown) or '-'}")
    for line in state.result:
        lines.append(f"result   {line}")
    return "\n".join(lines) + "\n"
