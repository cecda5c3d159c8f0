"""Reading a score sheet: the YAML (or JSON) a person writes at a physical table, checked and located.

A sheet is written by hand, after the game or between deals, so every
mistake in it is reported the way a person can fix it: the file, the line
and column, and what was expected -- a misspelt player's name gets the name
it was probably meant to be, a hand in the tile notation gets the character
where it goes wrong.  Nothing here knows a ruleset's scoring: the sheet is
turned into per-deal facts (:class:`SheetDeal`), and the engine's own hooks
score and settle them (:mod:`.game`).  See ``docs/score-sheets.md`` for the
format and ``schemas/score-sheet.schema.json`` for its schema.
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jsonschema.exceptions import best_match

from mahjong_core.errors import MahjongError, RulesetError, SheetError
from mahjong_core.hand import situation
from mahjong_core.hand.notation import parse_hand, parse_tiles
from mahjong_core.hand.tiles import KINDS, TileSet
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.score_card import family_words
from mahjong_core.reading.bounded_read import read_bounded
from mahjong_core.reading.schema_compile import Checker
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.document import MAX_BYTES, marks_of, parse_yaml_mapping
from mahjong_core.rules.loader import is_ruleset_path
from mahjong_core.rules.ruleset import json_path
from mahjong_core.sheets.moves import parse_move

if TYPE_CHECKING:
    from mahjong_core.hand.melds import Hand
    from mahjong_core.rules import Ruleset

__all__ = ["Sheet", "SheetDeal", "SheetError", "Written", "is_sheet_path", "read_sheet", "sheet_schema"]

#: Files read as score sheets rather than replay logs (a log is JSON Lines, ``.jsonl``).
SHEET_SUFFIXES = (".yaml", ".yml", ".json")
_HOWS = ("discard", "self_drawn", "replacement", "robbing_kong")
#: The facts of a win that its flags, ``how``, ``from``, ``calling`` and the rules' rotation already say: a
#: deal's ``facts`` giving one of them again would override (and could contradict) what the rest of the deal says.
SAID_FACTS = frozenset({
    "winner", "how", "self_drawn", "replacement", "robbing_kong", "discarder", "seat_wind", "prevalent_wind",
    "dealer", "winning_tile", "calling", "calling_from_start", "first_go_around", "first_discard", "last_tile",
    "last_tile_of_kind", "last_loose_tile",
})
#: The most dora indicators a dead wall shows: the deal's, and one for each of four kongs.
MOST_INDICATORS = 5
_PAYMENT = re.compile(r"^(?P<payer>.+?)\s+->\s+(?P<payee>.+?)\s+(?P<amount>[0-9]+)$")


def is_sheet_path(path: str | Path) -> bool:
    """Whether ``path`` names a score sheet (``.yaml``, ``.yml``, ``.json``) rather than a replay log."""
    return Path(path).suffix.lower() in SHEET_SUFFIXES


@cache
def sheet_schema() -> dict[str, Any]:
    """The published JSON Schema of a score sheet."""
    text = resources.files("mahjong_core.schemas").joinpath("score-sheet.schema.json").read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@dataclass(frozen=True)
class Written:
    """The figures the table wrote for one deal, by seat; each with the JSON path it was written at."""

    values: dict[int, int] = field(default_factory=dict)
    net: dict[int, int] = field(default_factory=dict)
    totals: dict[int, int] = field(default_factory=dict)
    #: ``(payer, payee, amount, path)`` rows, or ``None`` when the sheet lists no payments.
    payments: list[tuple[int, int, int, str]] | None = None


@dataclass(frozen=True)
class SheetDeal:
    """One deal as the sheet tells it.

    :param hands: each seat's revealed hand, ``None`` where the sheet gives none.
    :param tile: the winning tile (the winner's ``+TILE``); ``None`` for a drawn deal.
    :param flags: the win's situation flags (:data:`mahjong_core.hand.situation.FLAGS`), the ``how`` among them.
    :param dealer: the seat the sheet names as East, ``None`` if it does not say (the rules' rotation decides).
    :param round_wind: the round wind the sheet names (0 East .. 3 North), or ``None``.
    """

    index: int
    path: str
    hands: tuple[Hand | None, ...]
    winner: int | None
    how: str | None
    discarder: int | None
    tile: int | None
    flags: frozenset[str]
    facts: Mapping[str, Any]
    calling: frozenset[int]
    dealer: int | None
    round_wind: int | None
    written: Written
    #: Whether the sheet says the deal was drawn (``drawn: true``).
    drawn: bool = False
    #: A move-by-move deal's tiles as dealt, by seat (``None``: the deal is written as its result only).
    dealt: tuple[tuple[int, ...], ...] | None = None
    #: A move-by-move deal's throws of the dice.
    dice: tuple[tuple[int, ...], ...] = ()
    #: A move-by-move deal's moves, in order (:class:`~mahjong_core.sheets.moves.Move`).
    moves: tuple[Any, ...] = ()
    #: Each winner's hand as the table valued it, in its family's figures (``{"han": 3, "fu": 30}``), by seat, where
    #: the sheet gives those instead of the hand: the family scores them (``mahjong_score_figures``).
    figures: Mapping[int, Mapping[str, Any]] | None = None
    #: A plugin's declarations that stood in the deal, as ``(action kind, seat)`` in the order written.
    declared: tuple[tuple[str, int], ...] = ()
    #: What the sheet tells that no tile shows: ``ready`` and ``all_orphan_discards`` seats at a draw.
    told: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    #: The dealer-repeat counter the sheet names (``honba``), or ``None``: checked against the rules' counter.
    counter: int | None = None
    #: Why a rule ended the deal as an abortive draw (the ruleset's name for it), or ``None``.
    abortive: str | None = None
    #: Every winner, in the order their claims were made, where several won on one discard (``winner`` is the
    #: first); the one winner otherwise, and empty for a deal nobody won.
    winners: tuple[int, ...] = ()
    #: A move-by-move deal's dora indicators turned face up, in the order turned, by their codes
    #: (``dora_indicators``), and the tiles under them shown at a declarer's win (``ura_dora_indicators``): the
    #: dead wall's tiles the table looked at, which no draw shows.
    indicators: tuple[str, ...] = ()
    ura: tuple[str, ...] = ()


@dataclass
class Sheet:
    """A read score sheet: its ruleset, its players by seat, its deals, and where each value is written."""

    source: str
    ruleset: Ruleset
    players: list[str]
    deals: list[SheetDeal]
    meta: dict[str, str]
    marks: dict[str, tuple[int, int]]
    #: Each player's points at the game's end as the sheet writes them (``final``), by seat: after what the rules
    #: pay when the game is over (the pot left, oka and uma).
    final: dict[int, int] = field(default_factory=dict)

    def line_of(self, path: str) -> int | None:
        """The line a JSON path of the sheet is written on (or the nearest enclosing path's)."""
        mark = _mark(self.marks, path)
        return mark[0] if mark else None

    def error(self, message: str, path: str) -> SheetError:
        """A :class:`SheetError` at ``path`` of this sheet, with its line and column."""
        return _at(SheetError(message, source=self.source, place=path), self.marks)


def _mark(marks: dict[str, tuple[int, int]], path: str) -> tuple[int, int] | None:
    """Where ``path`` is written: its own line and column, or the nearest enclosing path's."""
    while path:
        if path in marks:
            return marks[path]
        cut = max(path.rfind("."), path.rfind("["))
        path = path[:cut] if cut > 0 else ""
    return None


def _at(error: SheetError, marks: dict[str, tuple[int, int]]) -> SheetError:
    mark = _mark(marks, error.place or "")
    return error.at(*mark) if mark else error


def _key(path: str, key: str) -> str:
    return f"{path}.{key}" if key.isidentifier() else f"{path}[{key!r}]"


def read_sheet(path: str | Path) -> Sheet:
    """Read and check the score sheet at ``path``.

    :raises SheetError: for an unreadable file, a schema error, an unknown ruleset or player, a hand that
        does not parse, or facts that contradict each other -- the first one, at its line and column.
    """
    source = str(path)
    data = read_bounded(path, MAX_BYTES, what="the score sheet", error=SheetError)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SheetError(f"not UTF-8 text (byte {exc.start + 1})", source=source) from None
    return parse_sheet(text, source, base=Path(path).parent)


def check_is_sheet(path: str | Path) -> None:
    """Refuse a file with a sheet's suffix that is no score sheet (a ruleset file, most often), saying what it is.

    For the commands that take logs and only name sheets to send them elsewhere (``replay``): a ruleset file
    given to them is told it is one, not that a sheet records no moves.

    :raises SheetError: for an unreadable file or a document that is not a score sheet.
    """
    source = str(path)
    data = read_bounded(path, MAX_BYTES, what="the score sheet", error=SheetError)
    try:
        document = parse_yaml_mapping(data.decode("utf-8"), source, expected="a score sheet: sheet, ruleset, "
                                      "players and deals")
    except UnicodeDecodeError as exc:
        raise SheetError(f"not UTF-8 text (byte {exc.start + 1})", source=source) from None
    except RulesetError as exc:
        raise _as_sheet_error(exc) from None
    _check_kind(document, source)


def parse_sheet(text: str, source: str, *, base: Path | None = None) -> Sheet:
    """Check a score sheet's text (see ``read_sheet``); ``base`` is the folder a ruleset path is relative to."""
    try:
        document = parse_yaml_mapping(text, source, expected="a score sheet: sheet, ruleset, players and deals")
    except RulesetError as exc:
        raise _as_sheet_error(exc) from None
    marks = marks_of(text, source)
    _check_kind(document, source)
    check_sheet_schema(document, source, marks)
    ruleset = _ruleset(document["ruleset"], base, source, marks)
    players = list(document["players"])
    seats = int(ruleset.param("players"))
    if len(players) != seats:
        raise _at(SheetError(f"{ruleset.id} is played by {seats} players; the sheet names {len(players)}",
                             source=source, place="$.players"), marks)
    actions = {name: vocabulary.name for name, (vocabulary, _) in bind(ruleset).vocabulary.plugin_actions.items()}
    # What the family's players call a plugin's action (riichi's kita) is written for it too.
    called = {word: kind for kind, word in family_words(ruleset).items() if kind in actions}
    reader = _DealReader(source, players, marks, own_tiles(ruleset), actions, int(document["sheet"]),
                         frozenset(ruleset.get("abortive_draws") or ()), called)
    deals = [reader.deal(i, raw) for i, raw in enumerate(document["deals"])]
    meta: dict[str, str] = {k: document[k] for k in ("title", "date", "place", "notes") if k in document}
    final = reader.by_seat(document.get("final") or {}, "$.final")
    return Sheet(source, ruleset, players, deals, meta, marks, final)


def _check_kind(document: dict[str, Any], source: str) -> None:
    """A file that is no score sheet at all (a ruleset, most often) is told what it looks like and what was wanted.

    The schema would only say that ``sheet`` is missing, which tells someone who gave ``mahjong audit`` the club's
    house-rule file nothing about what the command reads.
    """
    if "sheet" in document:
        return
    wanted = ("expected a score sheet (`sheet: 1`, `ruleset`, `players`, `deals`: docs/score-sheets.md) or a replay "
              "log (.jsonl)")
    if "id" in document and ({"parameters", "extends", "version", "scoring"} & set(document)):
        keys = ", ".join(k for k in ("id", "version", "extends", "parameters", "scoring") if k in document)
        raise SheetError(f"this is a ruleset file (it has {keys}), "
                         f"not a score sheet; {wanted}. A ruleset file is checked with `mahjong rules validate FILE` "
                         f"and played with `--ruleset FILE`", source=source, place="line 1")
    raise SheetError(f"not a score sheet: it has no `sheet:` (the format's version, the sheet's first key); {wanted}",
                     source=source, place="line 1")


def _as_sheet_error(exc: RulesetError) -> SheetError:
    out = SheetError(exc.message, source=exc.source, place=exc.place)
    if exc.line is not None and exc.column is not None:
        out.at(exc.line, exc.column)
    return out


@cache
def _checker() -> Checker:
    return Checker(sheet_schema())


def check_sheet_schema(document: dict[str, Any], source: str, marks: dict[str, tuple[int, int]]) -> None:
    """Check a decoded sheet against the published schema; raise the best-matching error as a :class:`SheetError`
    located at its JSON path and, where ``marks`` has it, its line and column."""
    checker = _checker()
    if checker.valid(document):
        return

    error = best_match(checker.explain.iter_errors(document))
    if error is None:
        return
    if error.validator == "anyOf" and error.context:  # one of two spellings (a name or a list): the first's words
        first = best_match(e for e in error.context if e.relative_schema_path[0] == 0)
        error = first if first is not None else error

    place = json_path(list(error.absolute_path))
    message = error.message
    if error.validator == "additionalProperties":
        allowed = list((error.schema.get("properties") or {}) if isinstance(error.schema, dict) else {})
        extra = sorted(set(error.instance) - set(allowed)) if isinstance(error.instance, dict) else []
        if extra:
            close = difflib.get_close_matches(extra[0], allowed, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            message = f"unknown key {extra[0]!r}{hint}; expected one of {', '.join(allowed)}"
            place = _key(place, extra[0])
    elif error.validator == "pattern" and "->" in str(error.validator_value):
        message = f"{error.instance!r} is not a payment; write it as `PAYER -> PAYEE AMOUNT`"
    raise _at(SheetError(message, source=source, place=place), marks)


def _ruleset(name: str, base: Path | None, source: str, marks: dict[str, tuple[int, int]]) -> Ruleset:
    target: str | Path = name
    if is_ruleset_path(name) and base is not None and not Path(name).is_absolute():
        target = base / name
    try:
        return load_ruleset(target)
    except RulesetError as exc:
        # Named at the sheet's `ruleset:` line, which the user may have to change (a wrong path, a file that is
        # no ruleset); a house-rule file's own mistake is quoted with its file and line, which is where to fix it.
        message = f"ruleset {name!r} does not load: {exc}" if is_ruleset_path(name) else exc.message
        raise _at(SheetError(message, source=source, place="$.ruleset"), marks) from None


def own_tiles(ruleset: Ruleset) -> TileSet | None:
    """The ruleset's tile set where the notation must read a hand in it (a red five ``0p``, North set aside as a
    bonus tile, a joker ``1j``), else ``None``: the standard kinds read as they always have, with the same
    messages."""
    tiles = ruleset.tiles()
    return None if tiles.standard else tiles


class _DealReader:
    """Turns each deal's mapping into a :class:`SheetDeal`, naming every mistake at its path.

    Hands and dealt tiles are read in the ruleset's tile set (``tiles``, where it is not the standard one) and
    a meld's seat mark at the sheet's table (``<`` at three players is the previous of three).
    """

    def __init__(self, source: str, players: list[str], marks: dict[str, tuple[int, int]],
                 tiles: TileSet | None = None, plugin_actions: Mapping[str, str] | None = None, version: int = 1,
                 abortive: frozenset[str] = frozenset(), called: Mapping[str, str] | None = None):
        self.source, self.players, self.marks, self.tiles = source, players, marks, tiles
        #: The abortive draws the ruleset declares (its ``abortive_draws``): the names a sheet may write.
        self.abortive = abortive
        #: The action kinds the ruleset's plugins declare (by the vocabulary declaring each), and the sheet's
        #: format version: a move may be one of them from version 2.
        self.plugin_actions, self.version = dict(plugin_actions or {}), version
        #: The family's words for plugin actions (``kita``), each with the action kind it writes.
        self.called = dict(called or {})

    def fail(self, message: str, path: str) -> SheetError:
        return _at(SheetError(message, source=self.source, place=path), self.marks)

    def seat(self, name: str, path: str) -> int:
        if name in self.players:
            return self.players.index(name)

        close = difflib.get_close_matches(name, self.players, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise self.fail(f"{name!r} is not one of the players{hint}; the players are {', '.join(self.players)}",
                        path)

    def by_seat(self, mapping: Mapping[str, Any], path: str) -> dict[int, Any]:
        return {self.seat(name, _key(path, name)): value for name, value in mapping.items()}

    def deal(self, index: int, raw: dict[str, Any]) -> SheetDeal:
        path = f"$.deals[{index}]"
        if "moves" in raw or "dealt" in raw:
            return self._moves_deal(index, raw, path)
        for key in ("dora_indicators", "ura_dora_indicators"):
            if key in raw:
                raise self.fail(f"a deal written as its result gives {key!r} among the winner's `facts` "
                                f"(`facts: {{{key}: \"1z\"}}`); a deal's own `{key}` is for one written move by move",
                                _key(path, key))
        hands = self._hands(raw.get("hands") or {}, _key(path, "hands"))
        winners = self._winners(raw.get("winner"), _key(path, "winner"))
        winner = winners[0] if winners else None
        ended = [key for key in ("winner", "drawn", "abortive") if raw.get(key)]
        if not ended:
            raise self.fail("say who won (`winner: NAME`), that the deal was drawn (`drawn: true`) or how it was "
                            "aborted (`abortive: four_winds`)", path)
        if len(ended) > 1:
            raise self.fail(f"a deal is either won (`winner`) or drawn (`drawn: true`, or `abortive: REASON`), not "
                            f"{' and '.join(ended)}", _key(path, ended[1]))
        abortive = raw.get("abortive")
        if abortive is not None and abortive not in self.abortive:
            close = difflib.get_close_matches(abortive, sorted(self.abortive), n=1)
            raise self.fail(f"{abortive!r} is no abortive draw of these rules"
                            + (f" (did you mean {close[0]!r}?)" if close else "")
                            + f"; they have: {', '.join(sorted(self.abortive)) or 'none'}", _key(path, "abortive"))
        for key in ("ready", "all_orphan_discards"):
            if key in raw and abortive is not None:
                raise self.fail(f"{key!r} is about an exhaustive draw, not an abortive one", _key(path, key))
        flags: set[str] = set()
        for i, name in enumerate(raw.get("flags") or ()):
            try:
                got, winds = situation.notation_flags([name], self.source)
            except MahjongError as exc:
                raise self.fail(exc.message, f"{_key(path, 'flags')}[{i}]") from None
            if winds:
                raise self.fail(f"{name!r}: the winds are the rules' rotation (or `dealer`/`round`), not flags",
                                f"{_key(path, 'flags')}[{i}]")
            flags |= got
        discarder = self.seat(raw["from"], _key(path, "from")) if "from" in raw else None
        calling = frozenset(self.seat(name, f"{_key(path, 'calling')}[{i}]")
                            for i, name in enumerate(raw.get("calling") or ()))
        how, tile = None, None
        figures = self._figures(raw, path, winners)
        if winner is None:
            for key in ("from", "how", "flags", "facts", "score", "tile"):
                if raw.get(key):
                    raise self.fail(f"a drawn deal has no {key!r}: it is about a win", _key(path, key))
        else:
            for seat in winners:
                how, tile = self._win(raw, path, seat, hands, discarder, flags, figures)
                if len(winners) > 1 and how not in ("discard", "robbing_kong"):
                    raise self.fail(f"several players win together only on one discard (or one robbed kong), not "
                                    f"{how.replace('_', ' ')}", _key(path, "winner"))
            assert how is not None and tile is not None  # every winner's win says how, with which tile
            marks = {hand.winning_tile for seat, hand in enumerate(hands)
                     if seat in winners and hand is not None and seat not in (figures or {})}
            if len(marks | {tile}) > 1:
                raise self.fail("the winners of one discard win on the same tile: their hands mark different ones "
                                "(+TILE)", _key(path, "hands"))
            flags |= {how} - {"discard"}
            # The winner's declared calling hand is said two ways (`calling:` and the flag): the log carries both,
            # always agreeing, so that an audit can hold one against the other.
            if winner in calling or {"calling", "calling_from_start"} & flags:
                flags.add("calling")
                calling = calling | {winner}
        for key in ("ready", "all_orphan_discards"):
            if raw.get(key) and winner is not None:
                raise self.fail(f"{key!r} is about a drawn deal: {self.players[winner]} won this one",
                                _key(path, key))
        told: dict[str, tuple[int, ...]] = {
            key: tuple(sorted({self.seat(name, f"{_key(path, key)}[{i}]") for i, name in enumerate(raw[key])}))
            for key in ("ready", "all_orphan_discards") if key in raw}
        declared = tuple((kind, self.seat(name, f"{_key(_key(path, 'declared'), kind)}[{i}]"))
                         for kind in raw.get("declared") or {} for i, name in enumerate(raw["declared"][kind]))
        for kind in raw.get("declared") or {}:
            if kind not in self.plugin_actions:
                close = difflib.get_close_matches(kind, list(self.plugin_actions), n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                known = ", ".join(sorted(self.plugin_actions)) or "none"
                raise self.fail(f"{kind!r} is no declaration of this ruleset's plugins{hint}; they declare: {known}",
                                _key(_key(path, "declared"), kind))
        for key in sorted(raw.get("facts") or {}):
            if key in SAID_FACTS:
                raise self.fail(f"the fact {key!r} is said by the deal's flags, `how`, `from`, `calling` or the "
                                "rules' rotation; give it there, not under `facts`", f"{_key(path, 'facts')}.{key}")
        for seat, hand in enumerate(hands):
            if hand is None or seat in winners:
                continue
            where = _key(_key(path, "hands"), self.players[seat])
            if hand.winning_tile is not None:
                raise self.fail(f"{self.players[seat]} did not win: a losing hand has no +TILE", where)
            if hand.situations:
                raise self.fail(f"{self.players[seat]} did not win: situation flags (!{sorted(hand.situations)[0]}) "
                                "belong to the winner's hand or the deal's `flags`", where)
        written = self._written(raw, path)
        return SheetDeal(
            index=index, path=path, hands=tuple(hands), winner=winner, how=how, discarder=discarder, tile=tile,
            flags=frozenset(flags), facts=dict(raw.get("facts") or {}), calling=calling,
            dealer=self.seat(raw["dealer"], _key(path, "dealer")) if "dealer" in raw else None,
            round_wind="ESWN".index(raw["round"]) if "round" in raw else None, written=written,
            drawn=winner is None, figures=figures, declared=declared, told=told, counter=raw.get("honba"),
            abortive=abortive, winners=winners)

    def _winners(self, raw: Any, path: str) -> tuple[int, ...]:
        """The winner, or the winners of one discard in the order their claims were made."""
        if raw is None:
            return ()
        if isinstance(raw, list):
            return tuple(self.seat(name, f"{path}[{i}]") for i, name in enumerate(raw))
        return (self.seat(raw, path),)

    def _figures(self, raw: Mapping[str, Any], path: str, winners: tuple[int, ...]) -> dict[int, dict[str, Any]] | None:
        """The winners' figures by seat (``score``): one winner's as they are, several winners' by name."""
        given = raw.get("score")
        if given is None or not winners:
            return None
        where = _key(path, "score")
        by_name = set(given) <= set(self.players)
        if len(winners) == 1 and not by_name:
            return {winners[0]: dict(given)}
        if not by_name:
            raise self.fail("with several winners, give each one's figures by name: `score: {Ben: {han: 3, fu: 30}, "
                            "Dan: {limit: mangan}}`", where)
        out = {self.seat(name, _key(where, name)): dict(value) for name, value in given.items()}
        for seat in out:
            if seat not in winners:
                raise self.fail(f"{self.players[seat]} did not win: only a winner's figures are written",
                                _key(where, self.players[seat]))
        return out

    def _moves_deal(self, index: int, raw: dict[str, Any], path: str) -> SheetDeal:
        """A deal written move by move: its dealt tiles, dice and moves; its result, if written, is checked."""
        for key in ("hands", "from", "how", "flags", "facts", "calling", "score", "tile", "declared", "ready",
                    "all_orphan_discards"):
            if key in raw:
                raise self.fail(f"a deal written move by move has no {key!r}: its moves say it", _key(path, key))
        if "ura_dora_indicators" in raw and "dora_indicators" not in raw:
            raise self.fail("`ura_dora_indicators` are the tiles under the `dora_indicators`: give those too",
                            _key(path, "ura_dora_indicators"))
        for key in ("dealt", "moves"):
            if key not in raw:
                raise self.fail(f"a deal written move by move gives both `dealt` (each player's tiles as dealt) "
                                f"and `moves`; {key!r} is missing", path)
        dealt: list[tuple[int, ...] | None] = [None] * len(self.players)
        for name, text in raw["dealt"].items():
            where = _key(_key(path, "dealt"), name)
            seat = self.seat(name, where)
            try:
                dealt[seat] = parse_tiles(text, source=None, tiles=self.tiles)
            except MahjongError as exc:
                raise self.fail(f"{name}'s dealt tiles: {exc.message} of {text!r}", where) from None
        missing = [self.players[s] for s, tiles in enumerate(dealt) if tiles is None]
        if missing:
            raise self.fail(f"give every player's dealt tiles; missing: {', '.join(missing)}", _key(path, "dealt"))
        moves = []
        for i, text in enumerate(raw["moves"]):
            moves += parse_move(text, self.players, f"{_key(path, 'moves')}[{i}]", self.fail, self.plugin_actions,
                                self.version, self.tiles, self.called)
        winner = self.seat(raw["winner"], _key(path, "winner")) if "winner" in raw else None
        if winner is not None and raw.get("drawn"):
            raise self.fail("a deal is either won (`winner`) or drawn (`drawn: true`), not both", _key(path, "drawn"))
        return SheetDeal(
            index=index, path=path, hands=(), winner=winner, how=None, discarder=None, tile=None,
            flags=frozenset(), facts={}, calling=frozenset(),
            dealer=self.seat(raw["dealer"], _key(path, "dealer")) if "dealer" in raw else None,
            round_wind="ESWN".index(raw["round"]) if "round" in raw else None, written=self._written(raw, path),
            drawn=bool(raw.get("drawn")), dealt=tuple(t for t in dealt if t is not None),
            dice=tuple(tuple(throw) for throw in raw.get("dice") or ()), moves=tuple(moves),
            indicators=self._shown(raw, path, "dora_indicators"), ura=self._shown(raw, path, "ura_dora_indicators"))

    def _shown(self, raw: Mapping[str, Any], path: str, key: str) -> tuple[str, ...]:
        """The dead wall's tiles a move-by-move deal shows under ``key``, by their codes in the game's set."""
        if key not in raw:
            return ()
        where = _key(path, key)
        try:
            kinds = parse_tiles(raw[key], source=None, tiles=self.tiles)
        except MahjongError as exc:
            raise self.fail(f"{key}: {exc.message} of {raw[key]!r}", where) from None
        if len(kinds) > MOST_INDICATORS:
            raise self.fail(f"{key}: {len(kinds)} tiles; a dead wall shows at most {MOST_INDICATORS} (the deal's "
                            "and one for each of four kongs)", where)
        codes = self.tiles.codes() if self.tiles is not None else [k.code for k in KINDS]
        return tuple(codes[k] for k in kinds)

    def _hands(self, raw: Mapping[str, str], path: str) -> list[Hand | None]:
        hands: list[Hand | None] = [None] * len(self.players)
        for name, text in raw.items():
            where = _key(path, name)
            seat = self.seat(name, where)
            try:
                hands[seat] = parse_hand(text, source=self.source, tiles=self.tiles, seats=len(self.players))
            except MahjongError as exc:
                raise self.fail(f"{self.players[seat]}'s hand: {exc.message}"
                                f"{' at ' + exc.place if exc.place else ''} of {text!r}", where) from None
        return hands

    def _win(self, raw: Mapping[str, Any], path: str, winner: int, hands: list[Hand | None],
             discarder: int | None, flags: set[str], figures: Mapping[int, Any] | None = None) -> tuple[str, int]:
        name = self.players[winner]
        hand = hands[winner]
        where = _key(_key(path, "hands"), name)
        if figures is not None and winner in figures and hand is not None:
            raise self.fail(f"give {name}'s win either as the hand (scored by the rules) or as its `score` (the "
                            "table's figures), not both", _key(path, "score"))
        if figures is not None and winner in figures:
            if "tile" not in raw:
                raise self.fail("a win written by its `score` names the winning tile: `tile: 5p` (the log's win "
                                "names it)", path)
            return self._how(raw, path, name, winner, discarder, flags), self._tile(raw["tile"], _key(path, "tile"))
        if "tile" in raw:
            raise self.fail("`tile` is for a win written by its `score`; the hand marks its own winning tile (+TILE)",
                            _key(path, "tile"))
        if hand is None:
            raise self.fail(f"give the winner's hand: `{name}: \"...  +TILE\"` under hands",
                            _key(path, "hands"))
        if hand.winning_tile is None:
            raise self.fail(f"{name} won: mark the winning tile in the hand with +TILE (e.g. \"... +5s\")", where)

        try:
            hand_flags, winds = situation.notation_flags(sorted(hand.situations), self.source)
        except MahjongError as exc:
            raise self.fail(f"{name}'s hand: {exc.message}", where) from None
        if winds:
            raise self.fail("the winds are the rules' rotation (or the deal's `dealer`/`round`), not hand flags",
                            where)
        flags |= hand_flags
        hands[winner] = replace(hand, situations=frozenset())
        return self._how(raw, path, name, winner, discarder, flags), hand.winning_tile

    def _tile(self, text: str, path: str) -> int:
        try:
            tiles = parse_tiles(text, source=None, tiles=self.tiles)
        except MahjongError as exc:
            raise self.fail(f"the winning tile: {exc.message} of {text!r}", path) from None
        if len(tiles) != 1:
            raise self.fail(f"the winning tile is one tile, not {text!r}", path)
        kind = tiles[0] if self.tiles is None else self.tiles.plays_as[tiles[0]]  # a red five: its five
        if kind < 0:
            raise self.fail(f"{text!r} is set aside, never won on", path)
        return kind

    def _how(self, raw: Mapping[str, Any], path: str, name: str, winner: int, discarder: int | None,
             flags: set[str]) -> str:
        how = raw.get("how")
        named = [h for h in _HOWS[1:] if h in flags]
        if how is None:
            how = named[0] if named else ("discard" if discarder is not None else None)
        if how is None:
            raise self.fail(f"say how {name} won: `from: NAME` (whose discard), or `how: self_drawn`, "
                            "`how: replacement` or `how: robbing_kong` (with `from:` the player robbed)", path)
        if any(h != how for h in named):
            raise self.fail(f"`how: {how}` contradicts the flag {named[0]!r}", _key(path, "how"))
        if how in ("discard", "robbing_kong"):
            if discarder is None:
                raise self.fail(f"a win by {how.replace('_', ' ')} names whose tile it was: `from: NAME`", path)
            if discarder == winner:
                raise self.fail(f"{name} cannot win on their own {'discard' if how == 'discard' else 'kong'}",
                                _key(path, "from"))
        elif discarder is not None:
            raise self.fail(f"a {how.replace('_', ' ')} win takes no one's tile: drop `from`", _key(path, "from"))
        return str(how)

    def _written(self, raw: Mapping[str, Any], path: str) -> Written:
        payments = None
        if "payments" in raw:
            payments = []
            for i, text in enumerate(raw["payments"]):
                where = f"{_key(path, 'payments')}[{i}]"
                m = _PAYMENT.match(text.strip())
                if m is None:
                    raise self.fail(f"{text!r} is not a payment; write it as `PAYER -> PAYEE AMOUNT`", where)
                payer, payee = self.seat(m["payer"], where), self.seat(m["payee"], where)
                if payer == payee:
                    raise self.fail(f"{text!r}: a player does not pay themself", where)
                payments.append((payer, payee, int(m["amount"]), where))
        return Written(values=self.by_seat(raw.get("values") or {}, _key(path, "values")),
                       net=self.by_seat(raw.get("net") or {}, _key(path, "net")),
                       totals=self.by_seat(raw.get("totals") or {}, _key(path, "totals")), payments=payments)


def names_of(players: Sequence[str], seats: Sequence[int]) -> str:
    """``Anna and Boris``: seats by the players' names, for messages."""
    names = [players[s] for s in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
