"""The table as one seat sees it, for a person reading a log in the terminal (``mahjong view``).

:func:`~mahjong_core.log.redaction.seat_view` decides what the seat may know; this
module only folds those events into a picture of the table -- every seat's
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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong_core.hand.tiles import KINDS
from mahjong_core.plugin.score_card import amount, card_maker, payment_notes, ruleset_of_header

__all__ = ["SeatState", "TableState", "narrate", "render", "replay_states"]

HIDDEN = "?"
_WINDS = "ESWN"
_CODES = {kind.code: i for i, kind in enumerate(KINDS)}
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
    ruleset: Any = None  # the log's ruleset where it can be had: a score is then shown as its card
    summary: str = ""  # the last score, in one line (a score's items follow it in the result)


def _sorted(tiles: Iterable[str]) -> list[str]:
    known = sorted((t for t in tiles if t != HIDDEN), key=lambda t: _CODES.get(t, 99))
    return known + [t for t in tiles if t == HIDDEN]


def _take(hand: list[str], tiles: Iterable[str]) -> None:
    """Remove ``tiles`` from a hand: the tile itself where the viewer knows it, else one hidden tile."""
    for tile in tiles:
        if tile in hand:
            hand.remove(tile)
        elif HIDDEN in hand:
            hand.remove(HIDDEN)


def _seat_name(state: TableState, seat: Any, viewer: int) -> str:
    if not isinstance(seat, int):
        return str(seat)
    wind = _WINDS[(seat - state.dealer) % state.players] if state.players <= 4 else str(seat)
    return f"seat {seat} ({wind}{', you' if seat == viewer else ''})"


def _apply(state: TableState, event: Mapping[str, Any], viewer: int) -> None:
    kind = event.get("type")
    seat = event.get("seat")
    s = state.seats[seat] if isinstance(seat, int) and 0 <= seat < state.players else None
    if kind == "deal_start":
        scores = [x.score for x in state.seats]
        state.seats = [SeatState(score=sc) for sc in scores]
        state.deal, state.dealer = int(event.get("deal", 0)), int(event.get("dealer", 0))
        state.prevalent_wind, state.pond, state.result, state.wall = int(event.get("prevalent_wind", 0)), [], [], None
    elif kind == "wall_build":
        state.wall = int(event.get("tiles", 0))
    elif kind == "hands":
        for n, hand in enumerate(event.get("hands", [])):
            state.seats[n].hand = list(hand)
            state.wall = None if state.wall is None else state.wall - len(hand)
    elif kind == "revealed":  # a score sheet's deal: the hands as laid down on the table, in sight of all
        _reveal(state, event)
    elif kind == "bonus" and s is not None:
        _take(s.hand, [event["tile"]])
        s.bonus.append(event["tile"])
    elif kind in ("draw", "replacement") and s is not None:
        s.hand.append(event["tile"])
        state.wall = None if state.wall is None else state.wall - 1
    elif kind == "draw_returned" and s is not None:
        _take(s.hand, [event.get("tile", HIDDEN)])
        state.wall = None if state.wall is None else state.wall + 1
    elif kind == "decision" and event.get("action") == "discard" and isinstance(event.get("actor"), int):
        d = state.seats[event["actor"]]
        _take(d.hand, [event["tile"]])
        d.discards.append(event["tile"])
        state.pond.append(event["tile"])
    elif kind == "timeout" and s is not None and event.get("what") == "move":
        _replace_by_timeout(state, s, event)
    elif kind == "decision" and event.get("phase") == "exchange" and isinstance(event.get("actor"), int):
        state.seats[event["actor"]].passing = list(event.get("tiles", []))
    elif kind == "exchange":
        giver, receiver = state.seats[event["giver"]], state.seats[event["receiver"]]
        passed = giver.passing or [HIDDEN] * int(event.get("count", 0))
        giver.passing = []
        _take(giver.hand, passed)
        receiver.hand.extend(passed)
    elif kind == "claim" and s is not None:
        tile, tiles = event["tile"], list(event.get("tiles", []))
        discarder = event.get("discarder")
        if isinstance(discarder, int) and state.seats[discarder].discards[-1:] == [tile]:
            state.seats[discarder].discards.pop()
        if state.pond[-1:] == [tile]:
            state.pond.pop()
        rest = list(tiles)
        if tile in rest:
            rest.remove(tile)
        _take(s.hand, rest)
        if event.get("kind") in ("chow", "pung", "kong"):
            s.melds.append((str(event["kind"]), tiles, True))
    elif kind == "kong" and s is not None:
        tile, way = event["tile"], event.get("way")
        if way == "added":
            _take(s.hand, [tile])
            for i, (k, tiles, exposed) in enumerate(s.melds):
                if k == "pung" and tiles[0] == tile:
                    s.melds[i] = ("kong", [*tiles, tile], exposed)
                    break
        else:
            # Another seat's concealed kong comes with its tiles as they lie ("?" where face down).
            tiles = list(event.get("tiles") or [tile] * 4)
            _take(s.hand, tiles)
            s.melds.append(("kong", tiles, way != "concealed"))
    elif kind == "mahjong":
        how = str(event.get("how", "")).replace("_", " ")
        state.result.append(f"{_seat_name(state, seat, viewer)} wins on {event.get('tile')} ({how})")
    elif kind == "exhaustive_draw":
        state.result.append("exhaustive draw: the wall is used up")
    elif kind == "score" and s is not None:
        _show_scored_hand(s, event)
        _show_score(state, event, _seat_name(state, seat, viewer))
    elif kind in ("settlement", "false_mahjong", "game_end") and "scores" in event:
        for n, sc in enumerate(event["scores"]):
            state.seats[n].score = int(sc)
        if kind == "settlement":
            payments = event.get("payments", [])
            notes = payment_notes(state.ruleset, state.dealer, payments)
            paid = "; ".join(f"{_seat_name(state, a, viewer)} pays {_seat_name(state, b, viewer)} {x}"
                             + (f" ({note})" if note else "")
                             for (a, b, x, _), note in zip(payments, notes, strict=True))
            state.result.append(f"payments: {paid or 'none'}")
    if isinstance(event.get("t"), int):
        state.clock_ms = event["t"]
    state.last = narrate(state, event, viewer) or state.last
    state.previous = event


def _replace_by_timeout(state: TableState, seat: SeatState, event: Mapping[str, Any]) -> None:
    """A move that overran its limit: the timeout's discard stands instead of the seat's own choice.

    Only the seat itself is shown its replaced choice (the event just before); it is taken back first.
    """
    previous = state.previous
    if previous is not None and previous.get("type") == "decision" and previous.get("action") == "discard" \
            and previous.get("actor") == event.get("seat") and seat.discards[-1:] == [previous.get("tile")]:
        seat.discards.pop()
        seat.hand.append(str(previous["tile"]))
        if state.pond[-1:] == [previous.get("tile")]:
            state.pond.pop()
    if event.get("action") == "discard" and isinstance(event.get("tile"), str):
        _take(seat.hand, [event["tile"]])
        seat.discards.append(event["tile"])
        state.pond.append(event["tile"])


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


def _show_scored_hand(seat: SeatState, event: Mapping[str, Any]) -> None:
    """A scored hand is laid down for all to see: its tiles beyond the declared melds replace the hidden ones."""
    if HIDDEN not in seat.hand:
        return
    from collections import Counter

    melds = (event.get("arrangement") or {}).get("melds") or []
    shown = Counter(t for m in melds for t in m.get("tiles", ()))
    shown.subtract(Counter(t for _, tiles, _ in seat.melds for t in tiles))
    if shown and min(shown.values()) >= 0:
        seat.hand = _sorted(shown.elements())


def _reveal(state: TableState, event: Mapping[str, Any]) -> None:
    """Each seat's hand, melds and bonus tiles from a ``revealed`` event's notation (a seat not given stays empty)."""
    from mahjong_core.hand.notation import parse_hand

    for n, text in enumerate(event.get("hands", [])[:state.players]):
        if not isinstance(text, str):
            continue
        hand = parse_hand(text, source="revealed")
        seat = state.seats[n]
        seat.hand = [KINDS[k].code for k in hand.concealed]
        if hand.winning_tile is not None:
            seat.hand.append(KINDS[hand.winning_tile].code)
        seat.melds = [(m.kind.value, [KINDS[k].code for k in m.tiles], m.exposed) for m in hand.melds]
        seat.bonus = [KINDS[k].code for k in hand.bonus]


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
    if kind == "exchange":
        return (f"{_seat_name(state, event['giver'], viewer)} passes {event.get('count')} tiles to "
                f"{_seat_name(state, event['receiver'], viewer)}")
    if kind == "timeout":
        return f"{who} ran out of time ({event.get('what')}): {event.get('action')} for them"
    if kind == "score":
        return state.summary or None
    if kind in ("mahjong", "exhaustive_draw"):
        return state.result[-1] if state.result else None
    if kind == "settlement":
        return "scores " + " ".join(str(x.score) for x in state.seats)
    if kind == "game_end":
        return "game over: scores " + " ".join(str(x.score) for x in state.seats)
    return None


def replay_states(header: Mapping[str, Any], events: Iterable[Mapping[str, Any]], viewer: int
                  ) -> Iterable[tuple[Mapping[str, Any], TableState]]:
    """Each event with the table after it, as ``viewer`` knows it (the events must be that seat's view).

    The state yielded is one table updated in place: draw it before asking for the next event.
    """
    seats = header.get("seats", [])
    names = [str(s.get("name", i)) if isinstance(s, Mapping) else str(i) for i, s in enumerate(seats)]
    state = TableState(len(seats), names, [SeatState() for _ in seats], ruleset=ruleset_of_header(header))
    for event in events:
        _apply(state, event, viewer)
        yield event, state


def _tiles(tiles: Sequence[str], ascii_only: bool) -> str:
    if ascii_only:
        return " ".join(tiles)
    return "".join(KINDS[_CODES[t]].glyph if t in _CODES else t for t in tiles)


def render(state: TableState, viewer: int, *, display: str = "open", ascii_only: bool = False) -> str:
    """The table as text: a line of facts, then each seat's block, then the discards as ``display`` lays them."""
    visible = _VISIBLE.get(display)
    wall = "?" if state.wall is None else str(state.wall)
    lines = [f"deal {state.deal + 1}  round {_WINDS[state.prevalent_wind % 4]}  dealer seat {state.dealer}  "
             f"wall {wall} tiles  clock {state.clock_ms / 1000:.1f} s"]
    for n, seat in enumerate(state.seats):
        wind = _WINDS[(n - state.dealer) % state.players] if state.players <= 4 else "-"
        mark = ">" if n == viewer else " "
        name = state.names[n] if n < len(state.names) else str(n)
        lines.append(f"{mark} seat {n} {wind}  {name:<16} score {seat.score:>7}")
        hidden = seat.hand.count(HIDDEN)
        known = [t for t in seat.hand if t != HIDDEN]
        hand = _tiles(_sorted(known), ascii_only) if known else ""
        if hidden:
            hand = (hand + "  " if hand else "") + f"+{hidden} hidden" if known else f"{hidden} tiles, hidden"
        lines.append(f"    hand     {hand or '-'}")
        if seat.melds:
            melds = "  ".join(f"[{_tiles(tiles, ascii_only)}]" if exposed else f"({_tiles(tiles, ascii_only)})"
                              for _, tiles, exposed in seat.melds)
            lines.append(f"    melds    {melds}")
        if seat.bonus:
            lines.append(f"    bonus    {_tiles(seat.bonus, ascii_only)}")
        if display == "rows" and seat.discards:
            for i in range(0, len(seat.discards), 6):
                lines.append(f"    {'discards' if i == 0 else '':<8} {_tiles(seat.discards[i:i + 6], ascii_only)}")
    if display != "rows":
        shown = state.pond if visible is None else state.pond[-visible:]
        hidden_count = len(state.pond) - len(shown)
        label = {"quadro": "last four", "closed": "last one", "open": "all"}.get(display, display)
        down = f", {hidden_count} face down" if hidden_count else ""
        lines.append(f"discards ({display}: {label} in sight{down})  {_tiles(shown, ascii_only) or '-'}")
    for line in state.result:
        lines.append(f"result   {line}")
    return "\n".join(lines) + "\n"
