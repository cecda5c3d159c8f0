"""The one fold of a log's events into table state: the table after every event, as the referee knows it.

Each event type of the catalogue (:data:`mahjong_core.table.events.CATALOGUE`) has one small handler here,
registered with :func:`handles`; a type that leaves the table as it was (the wall ceremony's dice, a
checkpoint) is registered as unchanged, so that a type with no handler is a mistake a test finds.  The
viewer page folds the same events in JavaScript (``mahjong_server/static/replay_state.js``, which stays so
that the page works offline); a test steps both through every golden replay and score-sheet log and compares
them after every event.  :meth:`FoldedTable.view` is the view object the live server sends a seat
(:func:`mahjong_core.full_table_view`), so one renderer draws both.

The fold knows no rule: every tile that moves is named by an event (draws, discards, claims with their tiles,
kongs with their way), and the scores are the settlements' own.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mahjong_core.hand.tiles import JOKER, KINDS, MARKED_CODES
from mahjong_core.log.opening import opening_of
from mahjong_core.table.events import CATALOGUE
from mahjong_core.table.vocabulary import Effect, effects_of_json

if TYPE_CHECKING:
    from mahjong_core.hand.tiles import TileSet

__all__ = ["HANDLERS", "FoldedSeat", "FoldedTable", "display_words", "fold", "handles", "header_tile_set",
           "header_words", "laid_down", "sort_tiles", "take_tiles"]

HIDDEN = "?"
#: Events after which the deal's hands are laid open.
_ENDS = frozenset({"mahjong", "exhaustive_draw", "deal_abandoned", "abortive_draw"})
_ORDER: dict[str, float] = {kind.code: i for i, kind in enumerate(KINDS)}
#: The marked copy (a red five, ``0p``) of each kind that has one, by the kind's code.
_MARKED_OF = {KINDS[five].code: red for red, five in MARKED_CODES.items()}
_ORDER.update({red: five + 0.5 for red, five in MARKED_CODES.items()})
#: A joker's code, a typed joker's by its type or a framed copy's by its frame (``1j``, ``2d``, ``7c``).
_JOKER_CODE = re.compile(r"[1-9][jdc]")


def sort_tiles(tiles: Iterable[str]) -> list[str]:
    """Tile codes in the order of the tile set, hidden tiles last (as the viewer page sorts them).

    A red five follows the plain fives of its suit; a tile set's own kinds come after the standard ones, in the
    order they were given, its jokers last (an emperor kept in the hand, ``1e``, before the jokers held:
    ``bonus_kept``)."""
    tiles = list(tiles)
    known = sorted((t for t in tiles if t != HIDDEN), key=_rank)
    return known + [t for t in tiles if t == HIDDEN]


def _rank(tile: str) -> float:
    """Where a code sorts: a standard kind at its place, a set's own kind after them, a joker (``2j``, a framed
    copy ``2d``) after those."""
    return _ORDER.get(tile, 100 if _JOKER_CODE.fullmatch(tile) else 99)


def take_tiles(hand: list[str], tiles: Iterable[str]) -> list[str]:
    """Remove ``tiles`` from a hand: the tile itself where it is known, else one hidden tile.

    An event that names a kind (a meld, a kong) takes a marked copy of it (``0p`` for ``5p``) where no plain one
    is left: a seat gives up its plain copies first (:mod:`mahjong_core.engine.marked`).  Returns the marked
    copies so taken (a meld made of them shows them: :func:`mark_meld`)."""
    marked = []
    for tile in tiles:
        if tile in hand:
            hand.remove(tile)
        elif tile in _MARKED_OF and _MARKED_OF[tile] in hand:
            hand.remove(_MARKED_OF[tile])
            marked.append(_MARKED_OF[tile])
        elif HIDDEN in hand:
            hand.remove(HIDDEN)
    return marked


def plays_as(tile: str) -> str:
    """The kind a tile code plays as: a marked copy's five (``5p`` for ``0p``), any other code itself."""
    return KINDS[MARKED_CODES[tile]].code if tile in MARKED_CODES else tile


def mark_meld(tiles: list[str], marked: Iterable[str]) -> list[str]:
    """A meld's tiles (its kinds, as the log names them) with each marked copy in it (``0p``) in the last place
    of its kind not marked yet, as the engine's table view lays it (:func:`mahjong_core.log.redaction.table_view`)."""
    out = list(tiles)
    for red in marked:
        place = max((i for i, t in enumerate(out) if t == plays_as(red)), default=None)
        if place is not None:
            out[place] = red
    return out


#: A meld token of a hand as the notation prints it (``[777s<]``, ``(1111z)``), and a run of tile codes.
_MELD = re.compile(r"([\[(])([0-9a-z]+)\+?[<^>]?([\])])")
_CODES = re.compile(r"(\d+)([a-z])")
#: The bonus tiles of the standard set (flowers, seasons), by the letter of their code: what a log that names no
#: tile set of its own holds apart.
_STANDARD_BONUS = ("f", "y")


def header_tile_set(tiles: TileSet) -> dict[str, Any]:
    """The ``tile_set`` entry a log's header gives where its events write hands in the notation (a score sheet's
    ``revealed`` hands) and its tile set is not the standard one: the codes a hand holds apart as bonus tiles
    (North in three-player rules, animals), so that a fold, which reads no ruleset, lays each tile where it lies."""
    return {"bonus": [tiles.code(kind) for kind in sorted(tiles.bonus)]}


def _codes(text: str) -> list[str] | None:
    out: list[str] = []
    at = 0
    for match in _CODES.finditer(text):
        if match.start() != at:
            return None
        out.extend(digit + match[2] for digit in match[1])
        at = match.end()
    return out if at == len(text) and out else None


LaidDown = tuple[list[str], list[dict[str, Any]], list[str]]


def laid_down(text: str, bonus: frozenset[str] | None = None) -> LaidDown | None:
    """A hand as a score sheet's ``revealed`` event prints it (``234m678p5z [777s<] (1111z) 1f +5z``), as the table
    shows it: its concealed tiles (the winning tile among them), its melds and its bonus tiles, each by its code
    (a red five stays ``0p``); ``None`` for text that is no hand.

    The fold reads the codes as written and judges nothing (the audit reads the hand in its ruleset's tile set):
    ``bonus`` names the codes set apart (the header's ``tile_set``); without it, the standard flowers and seasons.
    The viewer's fold (``replay_state.js``, ``parseHand``) reads a hand the same way."""
    concealed: list[str] = []
    melds: list[dict[str, Any]] = []
    held_apart: list[str] = []
    for token in text.split(" "):
        if not token or token.startswith("!"):
            continue
        meld = _MELD.fullmatch(token)
        if meld is not None:
            tiles = _codes(meld[2])
            if tiles is None:
                return None
            same = all(t == tiles[0] for t in tiles)
            kind = "kong" if len(tiles) == 4 and same else "pung" if same else "chow"
            melds.append({"kind": kind, "tiles": tiles, "exposed": meld[1] == "[", "claimed_from": None})
            continue
        found = _codes(token[1:] if token.startswith("+") else token)
        if found is None:
            return None
        for tile in found:
            is_bonus = tile in bonus if bonus is not None else tile.endswith(_STANDARD_BONUS)
            (held_apart if is_bonus else concealed).append(tile)
    return concealed, melds, held_apart


@dataclass
class FoldedSeat:
    """One seat after some event: its tiles as the events name them (``"?"`` where a seat's view hides one)."""

    seat: int
    wind: int = 0
    melds: list[dict[str, Any]] = field(default_factory=list)  # {kind, tiles, exposed, claimed_from}
    bonus: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    calling: bool = False
    concealed: list[str] = field(default_factory=list)
    passing: list[str] = field(default_factory=list)  # the tiles this seat chose to pass in an exchange under way
    flags: dict[str, Any] = field(default_factory=dict)  # a plugin's flags and declarations (``flag`` effects)
    out: bool = False  # won, and sits out while play goes on (a ``mahjong`` event with ``play_on``)
    aside: list[str] = field(default_factory=list)  # tiles set aside face up by a plugin's events
    won: list[str] = field(default_factory=list)  # tiles won with, set aside face up where winners stay in play
    laid: list[str] = field(default_factory=list)  # the hand a winner who stays in play laid face up, locked

    def view(self) -> dict[str, Any]:
        """The seat as the view object has it (its concealed tiles sorted; a plugin's flags and tiles set aside
        only where it has any, so a view of the core's words is what it always was)."""
        out = {"seat": self.seat, "wind": self.wind, "melds": [{**m, "tiles": list(m["tiles"])} for m in self.melds],
               "bonus": list(self.bonus), "discards": list(self.discards), "concealed_count": len(self.concealed),
               "calling": self.calling, "concealed": sort_tiles(self.concealed)}
        if self.flags:
            out["flags"] = dict(self.flags)
        if self.aside:
            out["aside"] = list(self.aside)
        if self.out:
            out["out"] = True
        if self.won:
            out["won"] = list(self.won)
        if self.laid:
            out["laid"] = self.laid_tiles()
        return out

    def laid_tiles(self) -> list[str]:
        """The laid-down tiles still held (as :meth:`~mahjong_core.table.state.Seat.laid_tiles`): a tile drawn
        since is not among them, a kong made from them takes them out."""
        held = Counter(self.concealed)
        laid = Counter(self.laid)
        return sort_tiles((laid & held).elements())


@dataclass
class FoldedTable:
    """The table after some event.

    Beyond the view object it keeps what the next events need: the loose tiles set apart (already off the
    live wall's count), the last decision (a timeout takes it back), every discard still on the table in
    order (``pond``, which the terminal view lays out) and the winning discard a mahjong took (``won``).
    """

    players: int
    seats: list[FoldedSeat]
    phase: str = "wall"
    deal: int = 0
    round: int = 0
    dealer: int = 0
    prevalent_wind: int = 0
    scores: list[int] = field(default_factory=list)
    clock_ms: int = 0
    tiles_left: int | None = None
    last_discard: dict[str, Any] | None = None
    loose: int = 0
    revealed: bool = False  # the deal is over and its hands are laid open
    over: bool = False
    pond: list[str] = field(default_factory=list)
    won: dict[str, Any] | None = None  # {seat, tile, discarder} of a mahjong on a discard, that took the tile
    last_decision: Mapping[str, Any] | None = None
    previous: Mapping[str, Any] | None = None  # the event folded last
    shown: list[str] = field(default_factory=list)  # tiles a plugin's events showed to all this deal
    wild: list[str] = field(default_factory=list)  # the deal's wild kinds (``wild_revealed``: Fuzhou's gold)
    #: Named counters the table keeps across deals (``honba``), changed by ``counter`` events and by plugin
    #: events' ``count`` effects.
    counters: dict[str, int] = field(default_factory=dict)
    #: What each plugin event type the header declares does to the table (``vocabulary`` in the header).
    effects: dict[str, tuple[Effect, ...]] = field(default_factory=dict)
    pot: int = 0  # points on the table, no seat's; it outlives a deal's end
    total: int = 0  # the points the game began with: the scores and the pot add up to it after every event
    #: The codes a revealed hand holds apart as bonus tiles, where the header names its tile set (``None``: the
    #: standard flowers and seasons).
    bonus_codes: frozenset[str] | None = None
    #: The exchange step under way and, per seat, the tiles it has been passed in it and not yet passed on: a
    #: blind pass (``exchange`` with ``blind``) passes on the first of them unseen.
    exchange_step: str | None = None
    received: dict[int, list[str]] = field(default_factory=dict)

    @classmethod
    def of_header(cls, header: Mapping[str, Any]) -> FoldedTable:
        """The table before a log's first event: as many seats as its header names (four if it names none), and
        what the plugin event types its header declares do to the table."""
        players = len(header.get("seats") or []) or 4
        effects = {name: found for name, spec in header_words(header).get("event", {}).items()
                   if (found := effects_of_json(spec.get("effects", []))) is not None and name not in CATALOGUE}
        scores, pot, counters = opening_of(header)
        tile_set = header.get("tile_set")
        bonus = tile_set.get("bonus") if isinstance(tile_set, Mapping) else None
        return cls(players, [FoldedSeat(n) for n in range(players)], scores=scores, effects=effects,
                   total=sum(scores) + pot, pot=pot, counters=counters,
                   bonus_codes=frozenset(b for b in bonus if isinstance(b, str)) if isinstance(bonus, list) else None)

    @classmethod
    def of_view(cls, view: Mapping[str, Any]) -> FoldedTable:
        """The table a view object (:meth:`view`, or the live server's from the engine's table) shows, to fold on.

        What a view does not show starts empty: the discards' order across seats, the loose tiles, the last
        decision.  A seat's view hides the others' concealed tiles, so fold on the referee's view.
        """
        seats = [FoldedSeat(int(s["seat"]), int(s["wind"]), [{**m, "tiles": list(m["tiles"])} for m in s["melds"]],
                            list(s["bonus"]), list(s["discards"]), bool(s["calling"]), list(s.get("concealed", [])),
                            flags=dict(s.get("flags", {})), aside=list(s.get("aside", [])), out=bool(s.get("out")),
                            won=list(s.get("won", [])), laid=list(s.get("laid", [])))
                 for s in view["seats"]]
        last = view.get("last_discard")
        pot = int(view.get("pot", 0))
        return cls(len(seats), seats, phase=view["phase"], deal=view["deal"], round=view["round"],
                   dealer=view["dealer"], prevalent_wind=view["prevalent_wind"], scores=list(view["scores"]),
                   clock_ms=view["clock_ms"], tiles_left=view["tiles_left"],
                   last_discard=dict(last) if last is not None else None, shown=list(view.get("shown", [])),
                   pot=pot, counters=dict(view.get("counters", {})), total=sum(view["scores"]) + pot)

    @property
    def imbalance(self) -> int:
        """How far the seats' scores and the pot are from the points the game began with (0 in every sound log)."""
        return sum(self.scores) + self.pot - self.total

    def seat(self, event: Mapping[str, Any]) -> FoldedSeat | None:
        """The event's ``seat``, if it names one of the table's."""
        n = event.get("seat")
        return self.seats[n] if isinstance(n, int) and not isinstance(n, bool) and 0 <= n < self.players else None

    def wind(self, n: int) -> int:
        """Seat ``n``'s wind (0 East) under the current dealer."""
        return (n - self.dealer) % self.players

    def move_wall(self, delta: int) -> None:
        if self.tiles_left is not None:
            self.tiles_left += delta

    def discard(self, seat: FoldedSeat, event: Mapping[str, Any]) -> None:
        tile = str(event.get("tile"))
        if seat.laid and HIDDEN in seat.concealed:  # a locked hand laid face up discards the tile it drew
            seat.concealed.remove(HIDDEN)
        else:
            take_tiles(seat.concealed, [tile])
        seat.discards.append(tile)
        self.pond.append(tile)
        self.last_discard = {"seat": seat.seat, "tile": tile}
        if event.get("way") == "declare_calling":
            seat.calling = True
        elif event.get("way") == "withdraw_calling":
            seat.calling = False

    def apply(self, event: Mapping[str, Any]) -> None:
        """Move the table on by one event (a type neither the catalogue nor the header declares changes nothing but
        the clock; a plugin's type changes what its declared effects say)."""
        kind = event.get("type")
        handler = HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is not None:
            handler(self, event)
        elif self.effects and isinstance(kind, str) and kind in self.effects:
            self.apply_effects(event, self.effects[kind])
        if kind == "game_end":
            self.phase, self.over = "over", True
        if kind in _ENDS and not event.get("play_on"):  # a win after which play goes on reveals no hand
            self.revealed, self.phase = True, "scoring"
        t = event.get("t")
        if isinstance(t, int) and not isinstance(t, bool):
            self.clock_ms = t
        self.previous = event

    def apply_effects(self, event: Mapping[str, Any], effects: Iterable[Effect]) -> None:
        """A plugin's event, by its type's declared effects (:class:`~mahjong_core.table.vocabulary.Effect`); a
        field that cannot mean what an effect reads (no such seat) leaves that effect undone, as a fold shows
        what a log says rather than judging it (the audit does)."""
        for effect in effects:
            if effect.kind == "count":
                by = event.get(effect.by) if isinstance(effect.by, str) else effect.by
                if isinstance(by, int) and not isinstance(by, bool):
                    self.counters[effect.name] = self.counters.get(effect.name, 0) + by
            elif effect.kind == "show":
                if isinstance(event.get(effect.tile), str):
                    self.shown.append(event[effect.tile])
            else:
                n = event.get(effect.seat)
                if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < self.players:
                    continue
                seat = self.seats[n]
                if effect.kind == "flag":
                    seat.flags[effect.name] = event.get(effect.value)
                elif isinstance(event.get(effect.tile), str):
                    take_tiles(seat.concealed, [event[effect.tile]])
                    seat.aside.append(event[effect.tile])

    def view(self) -> dict[str, Any]:
        """The table as the live server's view object (:func:`~mahjong_core.full_table_view`); tiles shown only
        where a plugin's events showed any."""
        out = {
            "phase": self.phase, "deal": self.deal, "round": self.round, "dealer": self.dealer,
            "prevalent_wind": self.prevalent_wind, "scores": list(self.scores), "clock_ms": self.clock_ms,
            "tiles_left": self.tiles_left, "last_discard": dict(self.last_discard) if self.last_discard else None,
            "pot": self.pot, "counters": dict(self.counters), "seats": [s.view() for s in self.seats],
        }
        if self.shown:
            out["shown"] = list(self.shown)
        if self.wild:
            out["wild"] = list(self.wild)
        return out


Handler = Callable[[FoldedTable, Mapping[str, Any]], None]
#: The handler of each event type, by type: one for every type of the catalogue.
HANDLERS: dict[str, Handler] = {}


def handles(*types: str) -> Callable[[Handler], Handler]:
    """Register a handler for event types of the catalogue (a type the catalogue does not declare is refused)."""
    def register(handler: Handler) -> Handler:
        for name in types:
            if name not in CATALOGUE:
                raise ValueError(f"{handler.__name__} handles {name!r}, which the event catalogue does not declare")
            if name in HANDLERS:
                raise ValueError(f"two handlers for the event type {name!r}")
            HANDLERS[name] = handler
        return handler
    return register


def header_words(header: Mapping[str, Any]) -> dict[str, dict[str, Mapping[str, Any]]]:
    """The plugins' words a log's header declares, by kind (``action``, ``way``, ``phase``, ``event``) and name:
    each with its label and, for an event type, its actor and effects (empty for a log of the core's words)."""
    out: dict[str, dict[str, Mapping[str, Any]]] = {}
    vocabulary = header.get("vocabulary")
    if not isinstance(vocabulary, Mapping):
        return out
    for entry in vocabulary.values():
        if not isinstance(entry, Mapping):
            continue
        for kind in ("action", "way", "phase", "event"):
            words = entry.get(f"{kind}s")
            if isinstance(words, Mapping):
                out.setdefault(kind, {}).update((k, v) for k, v in words.items() if isinstance(v, Mapping))
    return out


def display_words(header: Mapping[str, Any]) -> dict[str, str]:
    """The display words a log's header gives the plugins' words (a term's ``words``: ``no_circles`` read as
    ``circles``), gathered from every word of every kind: what ``view`` shows a flag, a value or a way by
    (:func:`~mahjong_core.table.vocabulary.display_word`)."""
    out: dict[str, str] = {}
    for words in header_words(header).values():
        for spec in words.values():
            given = spec.get("words")
            if isinstance(given, Mapping):
                for word, shown in given.items():  # the first vocabulary to give a word its display word
                    if isinstance(word, str) and isinstance(shown, str) and shown:
                        out.setdefault(word, shown)
    return out


def fold(header: Mapping[str, Any], events: Iterable[Mapping[str, Any]]) -> Iterator[FoldedTable]:
    """The table after each event, in order: one table moved on in place (read it before asking for the next)."""
    table = FoldedTable.of_header(header)
    for event in events:
        table.apply(event)
        yield table


# ---------------------------------------------------------------------- the handlers, in the order a deal meets them

@handles("wall_dice", "wall_break", "wall_deal", "wrong_count", "penalty", "deal_end", "exhaustive_draw",
         "deal_abandoned", "abortive_draw")
def _unchanged(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """The wall ceremony's details, a wrong count's notice, a penalty and the checkpoints move no tile."""


@handles("deal_start")
def _deal_start(table: FoldedTable, event: Mapping[str, Any]) -> None:
    table.deal, table.round = event.get("deal", 0), event.get("round", 0)
    table.dealer, table.prevalent_wind = event.get("dealer", 0), event.get("prevalent_wind", 0)
    table.phase, table.tiles_left, table.last_discard, table.loose = "wall", None, None, 0
    table.seats = [FoldedSeat(n, wind=table.wind(n)) for n in range(table.players)]
    table.revealed, table.pond, table.won, table.last_decision = False, [], None, None
    table.shown = []
    table.wild = []


@handles("wall_build")
def _wall_build(table: FoldedTable, event: Mapping[str, Any]) -> None:
    table.tiles_left = event.get("tiles")


@handles("wall_loose")
def _wall_loose(table: FoldedTable, event: Mapping[str, Any]) -> None:
    table.move_wall(-event["count"])
    table.loose += event["count"]


@handles("hands")
def _hands(table: FoldedTable, event: Mapping[str, Any]) -> None:
    table.phase = "deal"
    for n, hand in enumerate(event.get("hands", [])):
        table.seats[n].concealed = list(hand)
        table.move_wall(-len(hand))


@handles("revealed")
def _revealed(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """A score sheet's deal: the hands as laid down on the table, in sight of all (a seat not given stays empty),
    read in the codes the log's tile set gives them (:func:`laid_down`)."""
    for n, text in enumerate(event.get("hands", [])[:table.players]):
        hand = laid_down(text, table.bonus_codes) if isinstance(text, str) else None
        if hand is not None:
            seat = table.seats[n]
            seat.concealed, seat.melds, seat.bonus = hand


@handles("bonus")
def _bonus(table: FoldedTable, event: Mapping[str, Any]) -> None:
    seat = table.seat(event)
    if seat is not None:
        take_tiles(seat.concealed, [event["tile"]])
        seat.bonus.append(event["tile"])


@handles("draw")
def _draw(table: FoldedTable, event: Mapping[str, Any]) -> None:
    seat = table.seat(event)
    if seat is not None:
        seat.concealed.append(event["tile"])
        table.move_wall(-1)


@handles("replacement")
def _replacement(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """A loose tile: from those set apart, or, where none are (``loose_tiles: 0``), straight off the wall."""
    seat = table.seat(event)
    if seat is not None:
        seat.concealed.append(event["tile"])
        if table.loose > 0:
            table.loose -= 1
        else:
            table.move_wall(-1)


@handles("wild_revealed")
def _wild_revealed(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """The tile turned after the deal (bonus tiles turned before it came as the dealer's ``replacement`` and
    ``bonus``): it leaves the wall as a replacement does, is shown to all, and its kind is wild for the deal.
    A tile the dice chose (the event carries the ``dice``) is turned where it lies and stays in the wall."""
    if "dice" not in event:
        if table.loose > 0:
            table.loose -= 1
        else:
            table.move_wall(-1)
        table.shown.append(event["tile"])
    table.wild = list(event.get("kinds", []))


@handles("wild_taken")
def _wild_taken(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """A seat robs the turned wild tile: from the tiles shown into its hand."""
    seat = table.seat(event)
    if seat is not None:
        if event["tile"] in table.shown:
            table.shown.remove(event["tile"])
        seat.concealed.append(event["tile"])


@handles("bonus_robbed")
def _bonus_robbed(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """A seat robs the bonus tile another has just set aside: from the drawer's bonus row into its own."""
    seat, drawer = table.seat(event), table.seat({"seat": event.get("drawer")})
    if seat is not None and drawer is not None and event["tile"] in drawer.bonus:
        drawer.bonus.remove(event["tile"])
        seat.bonus.append(event["tile"])


@handles("draw_returned")
def _draw_returned(table: FoldedTable, event: Mapping[str, Any]) -> None:
    seat = table.seat(event)
    if seat is not None:
        take_tiles(seat.concealed, [event.get("tile", HIDDEN)])
        table.move_wall(1)


@handles("decision")
def _decision(table: FoldedTable, event: Mapping[str, Any]) -> None:
    actor = event.get("actor")
    if not isinstance(actor, int) or isinstance(actor, bool) or not 0 <= actor < table.players:
        return
    seat = table.seats[actor]
    table.last_decision = event
    if event.get("action") == "discard":
        table.discard(seat, event)
    elif event.get("phase") == "declaration" and event.get("action") == "declare_calling":
        seat.calling = True
    elif event.get("phase") == "exchange":
        seat.passing = list(event.get("tiles", []))


@handles("timeout")
def _timeout(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """The decision overran its limit: the ruleset's timeout action replaces it.

    Only the seat itself is shown its replaced choice, just before the timeout: it is taken back first.
    """
    seat = table.seat(event)
    if seat is None:
        return
    last = table.previous
    if last is not None and last is table.last_decision and last.get("actor") == event.get("seat") \
            and last.get("action") == "discard" and seat.discards[-1:] == [last.get("tile")]:
        seat.discards.pop()
        seat.concealed.append(str(last["tile"]))
        if table.pond[-1:] == [last.get("tile")]:
            table.pond.pop()
        table.last_discard = None
        if last.get("way") == "declare_calling":
            seat.calling = False
    if event.get("action") == "discard":
        table.discard(seat, event)


@handles("exchange")
def _exchange(table: FoldedTable, event: Mapping[str, Any]) -> None:
    if event.get("step") != table.exchange_step:
        table.exchange_step, table.received = event.get("step"), {}
    giver, receiver = table.seats[event["giver"]], table.seats[event["receiver"]]
    count = int(event.get("count", 0))
    if event.get("blind"):  # passed on unseen: the first of the tiles the giver was passed in this step
        queue = table.received.setdefault(giver.seat, [])
        passed = queue[:count] + [HIDDEN] * (count - len(queue[:count]))
        del queue[:count]
    else:
        passed = giver.passing or [HIDDEN] * count
        giver.passing = []
    take_tiles(giver.concealed, passed)
    receiver.concealed.extend(passed)
    table.received.setdefault(receiver.seat, []).extend(passed)


@handles("calling")
def _calling(table: FoldedTable, event: Mapping[str, Any]) -> None:
    seat = table.seat(event)
    if seat is not None:
        seat.calling = event.get("declared") is not False


def _discarder(table: FoldedTable, event: Mapping[str, Any]) -> FoldedSeat | None:
    n = event.get("discarder")
    return table.seats[n] if isinstance(n, int) and not isinstance(n, bool) and 0 <= n < table.players else None


@handles("claim")
def _claim(table: FoldedTable, event: Mapping[str, Any]) -> None:
    seat = table.seat(event)
    if seat is None:
        return
    tile, tiles = event["tile"], list(event.get("tiles", []))
    discarder = _discarder(table, event)
    if discarder is not None and discarder.discards[-1:] == [tile]:
        discarder.discards.pop()
    if table.pond[-1:] == [tile]:
        table.pond.pop()
    table.last_discard = None
    rest = list(tiles)
    if tile in rest:
        rest.remove(tile)
    elif tile in MARKED_CODES and KINDS[MARKED_CODES[tile]].code in rest:  # a red five claimed: the meld names
        rest.remove(KINDS[MARKED_CODES[tile]].code)                       # it by its kind
    jokers = list(event.get("jokers", []))
    # The marked copies the meld holds: the claimed one, those the claimer chose, those its hand held alone.
    marked = [tile] if tile in MARKED_CODES else []
    for kind in event.get("marked", []):  # the claimer chose its marked copy of the kind: that one leaves the hand
        if kind in rest and _MARKED_OF.get(kind) in seat.concealed:
            rest.remove(kind)
            seat.concealed.remove(_MARKED_OF[kind])
            marked.append(_MARKED_OF[kind])
    marked += take_tiles(seat.concealed, _jokers_for(rest, jokers, event.get("joker_tiles")))
    if event.get("kind") in ("chow", "pung", "kong"):
        claimed_from = None if discarder is None else (discarder.seat - seat.seat) % table.players
        meld: dict[str, Any] = {"kind": event["kind"], "tiles": mark_meld(tiles, marked), "exposed": True,
                                "claimed_from": claimed_from}
        if jokers:
            meld["jokers"] = jokers
        seat.melds.append(meld)


def _jokers_for(tiles: list[str], jokers: list[str], joker_tiles: list[str] | None = None) -> list[str]:
    """The tiles a meld took from the hand: each kind a joker stands for (``jokers``) taken as a joker (``1j``;
    where the jokers are typed, the joker tiles the claim names, ``joker_tiles``)."""
    taken = list(tiles)
    for n, kind in enumerate(jokers):
        if kind in taken:
            taken.remove(kind)
        taken.append(joker_tiles[n] if joker_tiles and n < len(joker_tiles) else JOKER[0])
    return taken


@handles("joker_exchange")
def _joker_exchange(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """A tile given for the joker standing for it in an exposed meld of ``owner``: the joker joins the hand."""
    seat = table.seat(event)
    n = event.get("owner")
    owner = table.seats[n] if isinstance(n, int) and not isinstance(n, bool) and 0 <= n < table.players else None
    if seat is None or owner is None:
        return
    tile = event["tile"]
    take_tiles(seat.concealed, [tile])
    seat.concealed.append(JOKER[0])
    meld = next((m for m in owner.melds if m["exposed"] and tile in m.get("jokers", [])), None)
    if meld is not None:
        meld["jokers"].remove(tile)
        if not meld["jokers"]:
            del meld["jokers"]


@handles("kong")
def _kong(table: FoldedTable, event: Mapping[str, Any]) -> None:
    seat = table.seat(event)
    if seat is None:
        return
    tile, way = event["tile"], event.get("way")
    jokers = list(event.get("jokers", []))
    if way == "added":
        marked = take_tiles(seat.concealed, _jokers_for([tile], jokers))
        meld = next((m for m in seat.melds if m["kind"] == "pung" and plays_as(m["tiles"][0]) == tile), None)
        if meld is not None:
            meld["kind"] = "kong"
            meld["tiles"] = mark_meld([*(plays_as(t) for t in meld["tiles"]), tile],
                                      [t for t in meld["tiles"] if t in MARKED_CODES] + marked)
            if jokers:
                meld["jokers"] = [*meld.get("jokers", []), *jokers]
    else:
        # Another seat's concealed kong comes with its tiles as they lie ("?" where face down).
        tiles = list(event["tiles"]) if isinstance(event.get("tiles"), list) else [tile] * 4
        marked = take_tiles(seat.concealed, _jokers_for(tiles, jokers) if HIDDEN not in jokers else tiles)
        meld = {"kind": "kong", "tiles": mark_meld(tiles, marked), "exposed": way != "concealed", "claimed_from": None}
        if jokers:
            meld["jokers"] = jokers
        seat.melds.append(meld)


@handles("mahjong")
def _mahjong(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """A win on a discard takes the discard into the winner's hand (a win on a draw has it there already); each
    further winner on the same discard (the ``mahjong`` right before it names the same tile and discarder) takes
    it too.  A winner after whom play goes on sits out (``play_on``), or, where it stays in play
    (``stays_in_play``), sets the tile it won with aside face up instead (:func:`_won_aside`)."""
    seat = table.seat(event)
    if seat is not None and event.get("play_on") is True and event.get("stays_in_play") is True:
        _won_aside(table, seat, event)
        return
    if seat is not None and event.get("play_on") is True:
        seat.out = True
    if event.get("discarder") is None:
        return
    discarder, tile = _discarder(table, event), event.get("tile")
    before = table.previous
    if seat is not None and before is not None and before.get("type") == "mahjong" \
            and event.get("how") == "discard" and before.get("how") == "discard" \
            and before.get("discarder") == event.get("discarder") and before.get("tile") == tile:
        seat.concealed.append(str(tile))
    elif seat is not None and discarder is not None and discarder.discards[-1:] == [tile]:
        discarder.discards.pop()
        seat.concealed.append(str(event.get("as_joker") or tile))  # a joker won on joins as the one it is taken as
        from_pond = table.pond[-1:] == [tile]
        if from_pond:
            table.pond.pop()
        table.won = {"seat": seat.seat, "tile": tile, "discarder": discarder.seat, "from_pond": from_pond}
    table.last_discard = None


def _won_aside(table: FoldedTable, seat: FoldedSeat, event: Mapping[str, Any]) -> None:
    """A win after which the winner stays in play: the tile it won with is set aside face up (``won``) -- out of
    its hand where self-drawn, off the discarder's discards (once, for the first winner on it) where won on a
    discard, out of the konger's hand where robbed -- and the hand, one tile short of a mahjong, plays on."""
    tile, discarder = str(event.get("tile")), _discarder(table, event)
    how = event.get("how")
    if discarder is None:
        take_tiles(seat.concealed, [tile])
    elif how == "robbing_kong":
        before = table.previous
        if not (before is not None and before.get("type") == "mahjong" and before.get("how") == how
                and before.get("tile") == event.get("tile")):
            take_tiles(discarder.concealed, [tile])
    elif discarder.discards[-1:] == [tile]:  # the tile lies face up beside its winner, not in its hand
        discarder.discards.pop()
        if table.pond[-1:] == [tile]:
            table.pond.pop()
    seat.won.append(tile)
    if discarder is not None:  # a self-drawn win leaves the last discard as it was, as the engine's table does
        table.last_discard = None


@handles("score")
def _score(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """A scored hand is laid down for all to see: its tiles beyond the declared melds stand for the hidden ones.
    A winner who stays in play has set its winning tile aside already: the hand laid down is the rest, and it
    stays face up (``laid``: the hand is locked), a tile drawn since hidden until it is discarded or won with."""
    seat = table.seat(event)
    arrangement = event.get("arrangement")
    if seat is None or not arrangement:
        return
    if not seat.concealed or HIDDEN in seat.concealed:
        shown = [t for m in arrangement.get("melds") or [] for t in m.get("tiles") or []]
        for meld in seat.melds:
            for tile in meld["tiles"]:
                if plays_as(tile) in shown:  # the arrangement names a red five by its kind
                    shown.remove(plays_as(tile))
        if seat.won and len(shown) == len(seat.concealed) + 1 and seat.won[-1] in shown:
            shown.remove(seat.won[-1])
        seat.concealed = shown
    if seat.won:  # a winner who stays in play: its hand stays face up, locked (``laid``)
        seat.laid = sort_tiles(t for t in seat.concealed if t != HIDDEN)


@handles("hand_shown")
def _hand_shown(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """A seat's concealed tiles turned face up for all (a declaration made with the hand open): they stand for the
    hidden ones a seat's view holds, and stay face up (``laid``), a tile drawn since hidden until it is discarded
    or won with -- as a winner who stays in play lays its hand down."""
    seat = table.seat(event)
    tiles = event.get("tiles")
    if seat is None or not isinstance(tiles, list) or not all(isinstance(t, str) for t in tiles):
        return
    if HIDDEN in seat.concealed and len(seat.concealed) == len(tiles):
        seat.concealed = list(tiles)
    seat.laid = sort_tiles(tiles)


@handles("settlement", "false_mahjong", "game_end")
def _scores(table: FoldedTable, event: Mapping[str, Any]) -> None:
    if isinstance(event.get("scores"), list):
        table.scores = list(event["scores"])


@handles("payment")
def _payment(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """Points move from a seat or the pot (``null``) to a seat or the pot."""
    amount = event.get("amount")
    if not isinstance(amount, int) or isinstance(amount, bool):
        return
    for key, sign in (("payer", -1), ("payee", 1)):
        n = event.get(key)
        if n is None:
            table.pot += sign * amount
        elif isinstance(n, int) and not isinstance(n, bool) and 0 <= n < table.players:
            table.scores[n] += sign * amount


@handles("counter")
def _counter(table: FoldedTable, event: Mapping[str, Any]) -> None:
    name, value = event.get("name"), event.get("value")
    if isinstance(name, str) and isinstance(value, int) and not isinstance(value, bool):
        table.counters[name] = value


@handles("rotation")
def _rotation(table: FoldedTable, event: Mapping[str, Any]) -> None:
    """Where the next deal goes, as the engine's table has it once the deal is over (its number moves on too)."""
    table.phase, table.deal = "rotation", table.deal + 1
    table.dealer, table.prevalent_wind, table.round = event["dealer"], event["prevalent_wind"], event["round"]
    for n, seat in enumerate(table.seats):
        seat.wind = table.wind(n)
