"""A score sheet written move by move: the dealt hands and every draw, discard and claim, played by the engine.

A table that writes down more than the result -- the tiles each player was
dealt, then the moves as they were made -- gets a full audit: every move's
legality as well as every score.  The person writes moves the way they are
said at a table::

    Anna discards 5p
    Boris draws 3m, discards 9s
    Vera pungs 9s
    Gleb chows 345m
    Boris kongs 7s
    Boris replacement 2f
    Anna draws 6z, wins

and never an event number, a clock reading or a state hash.  The game is then
played by the engine itself: the tiles come from what the sheet records (an
:class:`~mahjong_core.log.observed_wall.ObservedWall`, as for any physical
game), and each seat's decisions from the sheet's moves, matched against the
moves the rules offer at that moment.  A claim the sheet does not record is a
pass; a move the rules do not offer there is named at its line, with what the
rules offered.  The log it makes is an ordinary physical-table log.

A sheet records no times.  Every decision is taken as made at once, except a
chow where the rules ask for a pause first (Piter's): that is taken as made at
the end of the shortest pause the rules allow.
"""

from __future__ import annotations

import difflib
import math
import re
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong_core.engine.marked import refused_marking
from mahjong_core.errors import MahjongError
from mahjong_core.hand.notation import parse_tiles
from mahjong_core.hand.tiles import KINDS, TileSet
from mahjong_core.log.observed_wall import ObservedWall
from mahjong_core.table.state import Action, Table

if TYPE_CHECKING:
    from mahjong_core.engine.game import Game

__all__ = ["Move", "MovesPlayer", "MovesScript", "parse_move"]

#: How a verb may be written, and the move it is.
VERBS: dict[str, str] = {
    "draws": "draw", "draw": "draw", "replacement": "replacement", "loose": "replacement",
    "discards": "discard", "discard": "discard", "pungs": "pung", "pung": "pung", "pongs": "pung",
    "chows": "chow", "chow": "chow", "kongs": "kong", "kong": "kong", "wins": "win", "win": "win",
    "mahjong": "win", "passes": "exchange", "gives": "exchange", "refuses": "refuse", "declares": "declare",
    "calls": "declare", "continues": "continue", "ends": "end_deal",
}
#: Moves the table makes (the tile comes from the wall), not decisions.
TABLE_MOVES = frozenset({"draw", "replacement"})
#: Decisions on another player's tile: a seat whose next move is none of these passes.
CLAIMS = frozenset({"pung", "chow", "kong", "win"})
_CODE = {k.code: k.index for k in KINDS}


@dataclass(frozen=True)
class Move:
    """One move of a sheet: who, what, with which tiles, and where it is written.

    :param verb: ``draw``, ``replacement`` (the table's), or a decision: ``discard``, ``pung``, ``chow``,
        ``kong``, ``win``, ``exchange``, ``refuse``, ``declare``, ``continue``, ``end_deal``.
    :param calling: a discard that declares a calling hand (``discards 5p calling``).
    :param action: for ``plugin``, the action kind a plugin of the ruleset declares (``choose_missing_suit``),
        written as itself with its tiles and its way (``Anna choose_missing_suit no_circles``).
    """

    seat: int
    verb: str
    tiles: tuple[int, ...]
    path: str
    text: str
    calling: bool = False
    #: A plugin's move (verb ``plugin``, sheets of version 2): its action kind, and the way written, if any.
    action: str | None = None
    way: str | None = None
    #: The kinds whose marked copy (a red five) the move gives up -- the discard, or a claim's tiles from the hand
    #: -- where the record names the copy (an imported game's tile numbers do); the seat's default otherwise.
    marked: tuple[int, ...] = ()
    #: The playing kinds of the marked copies a sheet's move writes by their own code (``discards 0p``, ``chows
    #: 406p``): a claim's own tile among them is the discard's copy, the rest come from the hand.
    written_marked: tuple[int, ...] = ()


#: The sheet format's version from which a move may be a plugin's action (docs/score-sheets.md).
PLUGIN_MOVES_FROM = 2
_WORD = re.compile(r"[a-z][a-z0-9_]*")


def parse_move(text: str, players: Sequence[str], path: str, fail: Callable[[str, str], MahjongError],
               plugin_actions: Mapping[str, str] | None = None, version: int = 1, tiles: TileSet | None = None,
               called: Mapping[str, str] | None = None) -> list[Move]:
    """The moves one line of a sheet says (``Boris draws 3m, discards 9s`` is two).

    A discard may end with a plugin's declaration made with it (``Dan discards 3p riichi``): two moves, the
    declaration and then the discard, as the rules take them.

    :param plugin_actions: the action kinds the ruleset's plugins declare, each with the vocabulary that declares
        it: written as the kind itself (``Anna choose_missing_suit no_circles``) in a sheet of version 2 or later.
    :param version: the sheet's format version (its ``sheet:``).
    :param tiles: the ruleset's tile set where it is not the standard one: its own codes are read (a red five
        ``0p``); a draw keeps the copy drawn, a decision plays the copy's kind and notes the copy given up.
    :param called: what the family's players call a plugin's action (riichi's ``kita`` for setting a North
        aside), each with the action kind it writes.
    :raises MahjongError: (built by ``fail``) naming what is not a move, with the moves there are.
    """
    plugin_actions = dict(plugin_actions or {})
    called = {word: kind for word, kind in (called or {}).items() if kind in plugin_actions}
    rest = text.strip()
    name = max((p for p in players if rest == p or rest.startswith(p + " ")), key=len, default=None)
    if name is None:
        raise fail(f"{text!r}: a move starts with the player's name ({', '.join(players)})", path)
    seat = players.index(name)
    moves = []
    for part in rest[len(name):].split(","):
        words = part.split()
        if not words:
            raise fail(f"{text!r}: an empty move after a comma", path)
        verb = VERBS.get(words[0].lower())
        if verb is None and words[0] in called:
            words = [called[words[0]], *words[1:]]
        if verb is None and words[0] in plugin_actions:
            if version < PLUGIN_MOVES_FROM:
                raise fail(f"{text!r}: {words[0]!r} is a move of the {plugin_actions[words[0]]} plugin; a sheet "
                           f"writes a plugin's moves from format version {PLUGIN_MOVES_FROM} (`sheet: "
                           f"{PLUGIN_MOVES_FROM}`)", path)
            moves.append(_plugin_move(seat, words, path, text, fail, tiles))
            continue
        if verb is None:
            known = [*VERBS, *plugin_actions]
            close = difflib.get_close_matches(words[0].lower(), known, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            theirs = f"; the ruleset's plugins add {', '.join(sorted(plugin_actions))}" if plugin_actions else ""
            raise fail(f"{text!r}: {words[0]!r} is not a move{hint}; the moves are draws, discards, replacement, "
                       f"pungs, chows, kongs, wins, passes, refuses, declares calling, continues, ends{theirs}", path)
        args = words[1:]
        calling = False
        if verb == "declare" or (verb == "discard" and args[-1:] == ["calling"]):
            calling = True
            args = [a for a in args if a != "calling"]
        with_discard = called.get(args[-1], args[-1]) if verb == "discard" and len(args) > 1 else None
        if with_discard is not None and with_discard not in plugin_actions and _WORD.fullmatch(with_discard) \
                and not _is_tiles(with_discard, tiles):
            said = ["calling", *sorted(called), *sorted(plugin_actions)]
            close = difflib.get_close_matches(args[-1], said, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise fail(f"{text!r}: {args[-1]!r} is no declaration made with a discard{hint}; these rules have: "
                       f"{', '.join(said)}", path)
        if with_discard in plugin_actions:  # a declaration made with the discard: it comes first
            if version < PLUGIN_MOVES_FROM:
                raise fail(f"{text!r}: {args[-1]!r} is a move of the {plugin_actions[with_discard]} plugin; a sheet "
                           f"writes a plugin's moves from format version {PLUGIN_MOVES_FROM} (`sheet: "
                           f"{PLUGIN_MOVES_FROM}`)", path)
            moves.append(Move(seat, "plugin", (), path, text, action=with_discard))
            args = args[:-1]
        if verb == "end_deal":
            args = []  # "ends the deal"
        try:
            kinds = parse_tiles(" ".join(args), source=None, tiles=tiles) if args else ()
        except MahjongError as exc:
            raise fail(f"{text!r}: {exc.message}", path) from None
        need = {"draw": 1, "replacement": 1, "discard": 1}.get(verb)
        if need is not None and len(kinds) != need:
            raise fail(f"{text!r}: {part.strip().split()[0]} takes one tile", path)
        if verb == "chow" and len(kinds) not in (0, 3):
            raise fail(f"{text!r}: a chow is written with its three tiles (chows 345m)", path)
        if verb in TABLE_MOVES or tiles is None:  # the table's tile is the copy drawn, as the wall holds it
            moves.append(Move(seat, verb, kinds, path, text, calling))
            continue
        playing, marked = _playing(kinds, tiles)
        moves.append(Move(seat, verb, playing, path, text, calling, written_marked=marked))
    return moves


def _is_tiles(word: str, tiles: TileSet | None) -> bool:
    try:
        parse_tiles(word, source=None, tiles=tiles)
    except MahjongError:
        return False
    return True


def _playing(kinds: Sequence[int], tiles: TileSet) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A decision's tiles as the kinds they play (a red five is a five; a tile set aside, North at three players,
    stays itself), and the kinds written by a marked copy."""
    playing = tuple(k if tiles.plays_as[k] < 0 else tiles.plays_as[k] for k in kinds)
    return playing, tuple(p for k, p in zip(kinds, playing, strict=True) if k != p)


def _plugin_move(seat: int, words: list[str], path: str, text: str,
                 fail: Callable[[str, str], MahjongError], tile_set: TileSet | None = None) -> Move:
    """A plugin's move: its action kind, then its tiles in the notation and its way as a word (either may be
    absent; a way is the one lower-case word that is no tiles)."""
    tiles: list[int] = []
    way = None
    for word in words[1:]:
        try:
            tiles += parse_tiles(word, source=None, tiles=tile_set)
            continue
        except MahjongError as exc:
            if not _WORD.fullmatch(word):
                raise fail(f"{text!r}: {exc.message}", path) from None
        if way is not None:
            raise fail(f"{text!r}: a move has one way; {way!r} and {word!r} are two", path)
        way = word
    if tile_set is not None:
        playing, marked = _playing(tiles, tile_set)
        return Move(seat, "plugin", playing, path, text, action=words[0], way=way, written_marked=marked)
    return Move(seat, "plugin", tuple(tiles), path, text, action=words[0], way=way)


class MovesScript:
    """The current deal's moves, shared by the seats: the table's tiles, and the decisions in order.

    :param deals: each deal's moves, dealt hands and dice.
    :param locate: turns a message and a sheet path into the error to raise.
    :param sheet: the moves are a score sheet's, which writes every copy and every tile of the dead wall the
        rules look at: a plain five named where only a red one is held, a dora indicator the rules turn and the
        sheet does not give, or one it gives that they never turn, is the sheet's mistake.  An imported game's
        record (``False``) is taken as far as it goes.
    """

    def __init__(self, deals: Sequence[Any], players: Sequence[str], locate: Callable[[str, str], MahjongError],
                 *, sheet: bool = False):
        self.deals = deals
        self.sheet = sheet
        self.players = list(players)
        self.locate = locate
        #: The paths of the current deal's moves, by the event number the observed wall names them with.
        self.places: list[str] = []
        self.decisions: deque[Move] = deque()
        self.draws: deque[Move] = deque()
        self.deal_path = ""
        #: The game's tile set, set when a deal's wall is made: a move's marked copies are held against it.
        self.tiles: TileSet | None = None
        #: How many of the dead wall's tiles the current deal's sheet shows (turned, under them), and its wall,
        #: which counts those the rules looked at.
        self.indicators = (0, 0)
        self.observed: ObservedWall | None = None

    def wall(self, game: Game) -> ObservedWall:
        """The current deal's observed tiles: its dealt hands and dice, and its draws in order."""
        deal = self.deals[game.table.deal_number]
        self.deal_path = deal.path
        self.tiles = game.tiles
        self.places = [f"{deal.path}.dealt"]
        codes = game.codes  # the game's own kinds: the standard 42, then any the set adds (red fives)
        events: list[dict[str, Any]] = [{"type": "hands", "n": 0, "hands": [
            [codes[k] for k in tiles] for tiles in deal.dealt]}]
        for throw in deal.dice:
            events.append({"type": "wall_dice", "n": len(self.places), "values": list(throw)})
            self.places.append(f"{deal.path}.dice")
        for move in deal.moves:
            if move.verb in TABLE_MOVES:
                events.append({"type": move.verb, "n": len(self.places), "tile": codes[move.tiles[0]]})
                self.places.append(move.path)
        # A record that shows the dora indicators turned and those under them (an imported mjai deal's
        # ``indicators`` and ``ura``) lets the observed wall show them where the rules turn them.
        indicators = getattr(deal, "indicators", ())
        events += [{"type": "dora_indicator_shown", "tile": tile, "indicator": k + 1}
                   for k, tile in enumerate(indicators)]
        if indicators and getattr(deal, "ura", ()):
            events.append({"type": "ura_dora_shown", "tiles": list(deal.ura)})
        self.decisions = deque(m for m in deal.moves if m.verb not in TABLE_MOVES)
        self.draws = deque(m for m in deal.moves if m.verb in TABLE_MOVES)
        self.indicators = (len(indicators), len(getattr(deal, "ura", ())))
        looked_at = (f"{deal.path}.dora_indicators", f"{deal.path}.ura_dora_indicators") if self.sheet else None
        self.observed = ObservedWall(game, events, "the sheet", what="the sheet", looked_at=looked_at)
        return self.observed

    def place(self, text: str | None) -> str:
        """The sheet path an observed wall's ``event N`` names, or the deal's."""
        if (text or "").startswith("$."):  # a place of the sheet itself (its dora indicators)
            return str(text)
        match = re.match(r"event (\d+)", text or "")
        if match and int(match[1]) < len(self.places):
            return self.places[int(match[1])]
        return self.deal_path

    def seen(self, event: Mapping[str, Any]) -> None:
        """Check a table event against the sheet: each draw by the player the sheet names; nothing left over, and
        (a score sheet's) no dead-wall tile it gives that the rules did not show."""
        kind = event.get("type")
        if kind in TABLE_MOVES:
            move = self.draws.popleft() if self.draws else None
            if move is not None and move.seat != event.get("seat"):
                raise self.locate(f"{move.text!r}: by the rules {self.players[event['seat']]} takes this tile, not "
                                  f"{self.players[move.seat]}", move.path)
        elif kind == "deal_end":
            left = [*self.decisions, *self.draws]
            if left:
                first = min(left, key=lambda m: m.path)
                raise self.locate(f"{first.text!r}: the deal is over by the rules before this move", first.path)
            looked = self.observed.looked if self.observed is not None else [0, 0]
            for beneath, key in enumerate(("dora_indicators", "ura_dora_indicators") if self.sheet else ()):
                if self.indicators[beneath] > looked[beneath]:
                    raise self.locate(f"the sheet gives {self.indicators[beneath]} {key.replace('_', ' ')}; the rules "
                                      f"{'showed' if beneath else 'turned'} {looked[beneath]} in this deal",
                                      f"{self.deal_path}.{key}")


class MovesPlayer:
    """One seat, making the moves the sheet records for it, as the rules offer them."""

    kind = "human"

    def __init__(self, name: str, script: MovesScript):
        self.name = name
        self.script = script

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        script = self.script
        move = script.decisions[0] if script.decisions else None
        mine = move is not None and move.seat == seat
        if phase in ("claim", "rob_kong", "declaration"):
            wanted = CLAIMS if phase != "declaration" else {"declare"}
            if not mine or move is None or move.verb not in wanted or not _this_tile(move, table, phase) \
                    or _after_own_draw(move, script):
                return next(a for a in options if a.kind == "pass")
        elif not mine or move is None:
            who = script.players[seat]
            said = f"the sheet's next move is {move.text!r}" if move is not None else "the sheet has no more moves"
            raise script.locate(f"by the rules {who} is to move here ({_phase(phase)}), but {said}",
                                move.path if move is not None else script.deal_path)
        script.decisions.popleft()
        return self._action(table, move, options, phase)

    def _action(self, table: Table, move: Move, options: Sequence[Action], phase: str) -> Action:
        matches = [a for a in options if _fits(move, a, table)]
        if len(matches) > 1:
            matches = [a for a in matches if (a.way == "declare_calling") == move.calling] or matches
        if not matches and move.verb == "win":
            tile = table.last_discard if phase == "claim" else None
            return Action("win", tile if tile is not None else _drawn(table))  # a false mahjong: the rules judge it
        if not matches:
            offered = sorted({_said(a) for a in options})
            raise self.script.locate(f"{move.text!r}: not a move the rules allow here ({_phase(phase)}); they "
                                     f"allow: {', '.join(offered[:12])}{' ...' if len(offered) > 12 else ''}",
                                     move.path)
        action = matches[0]
        if move.marked:  # the record names the copy given up: the player's choice, which the engine checks
            action = action.marking(move.marked)
        elif self.script.sheet and self.script.tiles is not None and self.script.tiles.marked:
            action = self._copies(table, move, action)
        limits = table.time_limits
        if move.verb == "chow" and limits is not None and limits.chow_pause_min:
            return action.after(math.ceil(limits.chow_pause_min * 1000))
        return action


    def _copies(self, table: Table, move: Move, action: Action) -> Action:
        """The copies a sheet's move writes (a red five ``0p``, or a plain ``5p``) held against the hand: a marked
        copy named is the player's choice, given up as the engine checks it; a plain one named where the hand
        holds only marked copies of its kind is no tile the player had."""
        tiles = self.script.tiles
        assert tiles is not None
        s = table.seats[move.seat]
        written = list(move.written_marked)
        if move.verb in ("chow", "pung", "kong") and table.last_discard is not None and move.seat != \
                table.last_discarder and _discard_was_marked(table) and table.last_discard in written:
            written.remove(table.last_discard)  # the discard's own copy, not one from the hand
        if move.verb == "discard" and not written and action.tile is not None and s.counts[action.tile] \
                and s.marked.count(action.tile) >= s.counts[action.tile]:
            code = tiles.code(action.tile)
            raise self.script.locate(f"{move.text!r}: {self.script.players[move.seat]} holds no plain {code}, only "
                                     f"the marked {tiles.code(tiles.marked_of(action.tile))}", move.path)
        if not written or action.kind not in ("discard", "chow", "pung", "kong"):
            return action
        chosen = action.marking(tuple(written))
        why = refused_marking(s, chosen, tiles)
        if why is not None:
            raise self.script.locate(f"{move.text!r}: {why}", move.path)
        return chosen


def _discard_was_marked(table: Table) -> bool:
    """Whether the discard on the table is a marked copy (a red five discarded, which a claim takes)."""
    seat = table.last_discarder
    if seat is None:
        return False
    gone = table.seats[seat]
    return bool(gone.marked_discards) and gone.marked_discards[-1] == len(gone.discards) - 1


def _this_tile(move: Move, table: Table, phase: str) -> bool:
    """Whether a claim the sheet writes is on the tile now offered (not on a later discard)."""
    tile = table.last_discard
    if phase != "claim" or not move.tiles or tile is None:
        return True
    return tile in move.tiles


def _after_own_draw(move: Move, script: MovesScript) -> bool:
    """Whether a claim-like move is written after the seat's own draw on its line (``Vera draws 9s, wins``): a
    self-drawn win, not a claim on the discard before that draw, which the seat may also have been offered."""
    draw = script.draws[0] if script.draws else None
    return draw is not None and draw.seat == move.seat and draw.path == move.path


def _drawn(table: Table) -> int | None:
    return table.drawn_tile


def _fits(move: Move, action: Action, table: Table) -> bool:
    if move.verb == "plugin":
        held = sorted((*action.tiles, *(() if action.tile is None else (action.tile,))))
        return action.kind == move.action and (move.way is None or action.way == move.way) and (
            not move.tiles or sorted(move.tiles) == held)
    verb = {"declare": "declare_calling"}.get(move.verb, move.verb)
    if action.kind != verb:
        return False
    if move.verb == "discard":
        return action.tile == move.tiles[0] and (not move.calling or action.way == "declare_calling")
    if move.verb == "exchange":
        return sorted(action.tiles) == sorted(move.tiles)
    if move.verb == "chow" and move.tiles:
        return action.tile is not None and sorted((*action.tiles, action.tile)) == sorted(move.tiles)
    if move.verb in ("pung", "kong", "win") and move.tiles:
        return action.tile == move.tiles[0]
    return True


def _said(action: Action) -> str:
    """An offered action as a sheet writes it."""
    tile = KINDS[action.tile].code if action.tile is not None else ""
    if action.kind == "chow" and action.tile is not None:
        return "chows " + "".join(KINDS[k].code for k in sorted((*action.tiles, action.tile)))
    if action.kind == "exchange":
        return "passes " + " ".join(KINDS[k].code for k in action.tiles)
    word = {"discard": "discards", "pung": "pungs", "kong": "kongs", "win": "wins", "pass": "passes",
            "refuse": "refuses", "declare_calling": "declares calling", "continue": "continues",
            "end_deal": "ends the deal"}.get(action.kind, action.kind)
    if word == action.kind and action.way is not None:  # a plugin's move: its kind, its tile and its way
        return " ".join(w for w in (word, tile, action.way) if w)
    calling = " calling" if action.way == "declare_calling" else ""
    return f"{word} {tile}{calling}".strip()


def _phase(phase: str) -> str:
    return {"turn": "a turn", "claim": "a claim", "exchange": "the exchange", "declaration": "a declaration",
            "rob_kong": "robbing a kong", "false_mahjong": "after a false mahjong"}.get(phase, phase)
