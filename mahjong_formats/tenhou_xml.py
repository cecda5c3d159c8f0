"""Tenhou's XML game logs (``<mjloggm ver="2.3">``, the ``.mjlog`` files), read into imported games.

A log is one flat run of empty elements, one game (the format is described
publicly, with no official document, in kobalab's "天鳳の牌譜形式を解析する"
(blog.kobalab.net, 2017-02-25) and Barbaroi Ware's "天鳳の牌譜ログの<AGARI>タグを
解析してみる" parts 1-3 (barbaroiware.net, 2019-12), and checked here against the
shared sample of Houou games):

* ``SHUFFLE seed="mt19937ar-sha512-n288-base64,..."``: the game's wall seed
  (:class:`mahjong_core.TenhouShuffle`); ``GO type=N``: the rules, as bits
  (``0x01`` against people, ``0x02`` no red fives, ``0x04`` no open tanyao,
  ``0x08`` a hanchan, ``0x10`` three players, ``0x20``/``0x80`` the room,
  ``0x40`` fast); ``UN n0..n3``: the players' names, URL-encoded UTF-8
  (repeated, with one name, when a player reconnects; a three-player game's
  ``n3`` empty); ``TAIKYOKU oya``: the first dealer;
* each deal: ``INIT seed="round,honba,sticks,die,die,dora" ten oya hai0..3``
  (the points in hundreds, the dealt hands; a three-player game writes four
  points, the empty seat's 0, and an empty ``hai3``); ``T``/``U``/``V``/``W`` + tile: a
  draw by seat 0/1/2/3, ``D``/``E``/``F``/``G`` + tile: a discard; ``N who m``:
  a call, ``m`` a bit field (:func:`decode_meld`: in a three-player game a North
  set aside, kita, whose replacement is the seat's next draw); ``REACH who step=1`` (the
  declaration, before its discard) and ``step=2`` (the stick paid, once the
  discard passed); ``DORA hai``: a kong's indicator; ``BYE who``: a player
  disconnected (Tenhou plays the seat on);
* its end: ``AGARI`` (one per winner: ``who fromWho``, ``ten="fu,points,limit"``,
  ``yaku="id,han,..."`` or ``yakuman="id,..."``, ``doraHai``, ``doraHaiUra``,
  ``sc`` each seat's points and change in hundreds, ``ba`` honba and sticks,
  ``paoWho``) or ``RYUUKYOKU`` (``type`` for an abortive draw, ``sc``, the
  ready hands shown as ``hai0..3``); the last carries ``owari``, the final
  points and results.

Tiles are numbered 0-135 (``n // 4`` the kind; 16, 52, 88 the red fives: a move giving one up names that copy,
the player's choice, :meth:`_Reader.marked`).  Each
game is played from the wall rebuilt from its seed, and every dealt hand, draw,
replacement tile and dora indicator of the record is checked against it
(:mod:`mahjong_formats.seeded`; a three-player wall is Tenhou's shuffle of its
108 tiles, :class:`mahjong_core.TenhouShuffle`).  The preset is the one the
``GO type`` names: a game with red fives and open tanyao is ``riichi_tenhou``
at four seats and ``sanma_tenhou`` at three; an East-only game (no ``0x08``) is
played under the house rule of that preset with one round
(:func:`mahjong_formats.tenhou6.east_only_text`, which the log embeds); a game
without red fives or open tanyao is refused by name.
"""

from __future__ import annotations

import re
import urllib.parse
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from mahjong_core import MahjongError, Move, TenhouShuffle, tenhou_code

from .common import FormatError, ImportedDeal, ImportedGame, read_record, wrong_format

ALGORITHM = TenhouShuffle.ALGORITHM
PREFIX = TenhouShuffle.PREFIX
__all__ = ["MAX_BYTES", "MAX_TAGS", "YAKU", "decode_meld", "east_only", "iter_file", "preset_of", "read_file",
           "read_text", "seats_of"]

#: A file is read up to this many bytes (a hanchan is about 20 KB; a gzip file is inflated up to it too) ...
MAX_BYTES = 1024 * 1024
#: ... and this many elements (a hanchan has about 1,500).
MAX_TAGS = 40_000
PLATFORM = "tenhou"
#: The seats the format writes: four, of which a three-player game fills the first three.
PLAYERS = 4
#: ``GO type``'s bit of a three-player game, and of a hanchan (without it, an East-only game).
SANMA, HANCHAN = 0x10, 0x08
#: Tenhou's yaku numbers (the ``yaku`` and ``yakuman`` attributes) as the riichi family names its items; the
#: winds and dragons by the family's names for what they score.  Numbers from Barbaroi Ware's part 1 table.
YAKU: dict[int, str] = {
    0: "menzen_tsumo", 1: "riichi", 2: "ippatsu", 3: "chankan", 4: "rinshan", 5: "haitei", 6: "houtei",
    7: "pinfu", 8: "tanyao", 9: "iipeikou", 10: "seat_wind", 11: "seat_wind", 12: "seat_wind", 13: "seat_wind",
    14: "round_wind", 15: "round_wind", 16: "round_wind", 17: "round_wind", 18: "haku", 19: "hatsu", 20: "chun",
    21: "double_riichi", 22: "chiitoitsu", 23: "chanta", 24: "ittsu", 25: "sanshoku", 26: "sanshoku_doukou",
    27: "sankantsu", 28: "toitoi", 29: "sanankou", 30: "shousangen", 31: "honroutou", 32: "ryanpeikou",
    33: "junchan", 34: "honitsu", 35: "chinitsu", 36: "renhou", 37: "tenhou", 38: "chiihou", 39: "daisangen",
    40: "suuankou", 41: "suuankou_tanki", 42: "tsuuiisou", 43: "ryuuiisou", 44: "chinroutou", 45: "chuuren",
    46: "junsei_chuuren", 47: "kokushi", 48: "kokushi_13_wait", 49: "daisuushii", 50: "shousuushii",
    51: "suukantsu", 52: "dora", 53: "ura_dora", 54: "aka_dora",
}
#: ``ten``'s third figure: the limit the hand reached.
LIMITS = ("", "mangan", "haneman", "baiman", "sanbaiman", "yakuman")
#: ``RYUUKYOKU type``: the abortive draws, by the names of the ``abortive_draws`` mechanism where it has one.
DRAWS = {"yao9": "nine_terminals", "reach4": "four_declarations", "ron3": "triple_ron", "kan4": "four_kongs",
         "kaze4": "four_winds", "nm": "nagashi_mangan"}
_TAG = re.compile(r"<(/?)([A-Za-z][A-Za-z0-9]{0,15})((?:\s+[A-Za-z][A-Za-z0-9]{0,15}=\"[^\"<>]{0,4000}\")*)\s*/?>")
_ATTR = re.compile(r"([A-Za-z][A-Za-z0-9]{0,15})=\"([^\"]*)\"")
_SEAT_OF = {c: i for i, c in enumerate("TUVW")} | {c: i for i, c in enumerate("DEFG")}
#: Tenhou's numbers of the red fives (16, 52, 88): the copies a move names apart (:meth:`_Reader.marked`).
_RED_NUMBERS = frozenset(n for n in range(136) if tenhou_code(n) != tenhou_code(n, False))


@dataclass(slots=True)
class _Tag:
    name: str
    attrs: dict[str, str]
    index: int
    text: str

    @property
    def place(self) -> str:
        return f"element {self.index + 1}"


@dataclass
class _Deal:
    """One deal as it is read: where it starts, the dealt tiles, the moves, what Tenhou recorded."""

    start: _Tag
    dealer: int
    dealt: list[list[int]]
    moves: list[Move] = field(default_factory=list)
    indicators: list[int] = field(default_factory=list)
    record: dict[str, Any] = field(default_factory=dict)
    wins: list[dict[str, Any]] = field(default_factory=list)
    ended: bool = False
    #: The tiles by Tenhou's numbers: dealt by seat, then each the table gives (draws and replacements) in order.
    dealt_numbers: list[list[int]] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)


def read_file(path: str) -> list[ImportedGame]:
    """The game of a Tenhou XML log (plain or gzip), as an imported game (not yet played).

    :raises FormatError: for the first element that breaks the format, as ``FILE::element N: ...``, a file too
        large or not text, or another format altogether (named as what it is).
    """
    return list(iter_file(path))


def iter_file(path: str) -> Iterator[ImportedGame]:
    """The game of a Tenhou log (a file holds one); an iterator, as every reader of :mod:`mahjong_formats` is."""
    text = read_record(path, MAX_BYTES, "a Tenhou XML log", "a Tenhou XML log is text",
                       inflate=lambda data, source: _inflate(data, source) if data[:2] == b"\x1f\x8b" else data)
    yield from iter_text(text, path)


def _inflate(data: bytes, path: str) -> bytes:
    """A gzip file (Tenhou serves its logs compressed), inflated up to :data:`MAX_BYTES` and no further (zlib
    reads gzip with a bound on its output, which :func:`gzip.decompress` lacks)."""
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(data, MAX_BYTES + 1)
    except zlib.error as exc:
        raise FormatError(f"a gzip file that does not inflate: {exc}", source=path) from None
    if len(out) > MAX_BYTES:
        raise FormatError(f"the log inflates to more than {MAX_BYTES:,} bytes; a Tenhou game is far smaller",
                          source=path)
    return out


def read_text(text: str, source: str) -> list[ImportedGame]:
    """The game of a Tenhou log's text; ``source`` names it in messages."""
    return list(iter_text(text, source))


def iter_text(text: str, source: str) -> Iterator[ImportedGame]:
    other = wrong_format(text, "tenhou-xml")
    if other is not None:
        raise FormatError(other, source=source, place="line 1")
    if len(text) > MAX_BYTES:
        raise FormatError(f"more than {MAX_BYTES:,} characters; a Tenhou game is far smaller", source=source)
    yield _Reader(text, source).game()


def preset_of(go_type: int) -> str | None:
    """The preset for Tenhou's ``GO type`` (its length aside: :func:`east_only`), or ``None`` (with
    :func:`refusal` saying why) for a kind of game no installed preset plays: ``riichi_tenhou`` at four seats,
    ``sanma_tenhou`` at three (``0x10``), each with red fives and open tanyao."""
    if go_type & 0x02 or go_type & 0x04:
        return None
    return "sanma_tenhou" if go_type & SANMA else "riichi_tenhou"


def east_only(go_type: int) -> bool:
    """Whether ``GO type`` names an East-only game (tonpuusen): the hanchan bit ``0x08`` is not set."""
    return not go_type & HANCHAN


def seats_of(go_type: int) -> int:
    """The seats a game fills: three for a three-player game (``0x10``), else four."""
    return 3 if go_type & SANMA else PLAYERS


def refusal(go_type: int) -> str:
    """Why a ``GO type`` has no preset here, in words."""
    missing = [what for bit, what in ((0x02, "without red fives"), (0x04, "without open tanyao"))
               if go_type & bit]
    players = "three-player" if go_type & SANMA else "four-player"
    return (f"a {players} game {' and '.join(missing)} (GO type {go_type}): no installed preset plays it; "
            "riichi_tenhou and sanma_tenhou are Tenhou's games with red fives and open tanyao")


def decode_meld(m: int) -> tuple[str, int, list[int], int | None]:
    """A call's ``m`` bit field: ``(kind, from, tiles, called)``.

    ``kind`` is ``chow``, ``pung``, ``added_kong``, ``concealed_kong``, ``open_kong`` or ``north`` (a three-player
    game's North set aside); ``from`` the giver relative to the caller (1 the next seat, 2 opposite, 3 the one
    before, 0 none); ``tiles`` the meld's tile numbers; ``called`` the one taken from the giver (for an added kong,
    the tile added).  The layout, bit 0 the lowest: bits 0-1 the giver; bit 2 a chow; bit 3 a pung; bit 4 an added
    kong; bit 5 a North; otherwise a kong.  A chow: bits 3-4, 5-6, 7-8 which copy of each of its three kinds,
    bits 10-15 ``t``, with ``t % 3`` the called tile's place and ``t // 3`` the run's lowest kind (seven runs a
    suit).  A pung or an added kong: bits 5-6 the copy not in the pung (the added one), bits 9-15 ``t``, with
    ``t % 3`` the called tile's place among the three and ``t // 3`` the kind.  A kong: bits 8-15 the called tile.
    """
    giver = m & 3
    if m & 0x04:
        t = m >> 10
        place, t = t % 3, t // 3
        low = (t // 7) * 9 + t % 7
        tiles = [(low + i) * 4 + ((m >> (3 + 2 * i)) & 3) for i in range(3)]
        return "chow", giver, tiles, tiles[place]
    if m & 0x18:
        t = m >> 9
        place, kind = t % 3, t // 3
        unused = (m >> 5) & 3
        tiles = [kind * 4 + i for i in range(4) if i != unused]
        if m & 0x08:
            return "pung", giver, tiles, tiles[place]
        return "added_kong", giver, [*tiles, kind * 4 + unused], kind * 4 + unused
    if m & 0x20:
        return "north", 0, [m >> 8], None
    called = m >> 8
    tiles = [(called // 4) * 4 + i for i in range(4)]
    return ("concealed_kong" if giver == 0 else "open_kong"), giver, tiles, (None if giver == 0 else called)


class _Reader:
    """One log's elements read in order into one imported game."""

    def __init__(self, text: str, source: str):
        self.source = source
        self.tags = self._scan(text)
        self._kinds: dict[str, int] | None = None
        #: Each tile number's kind, red fives as themselves (``[True]``) and as plain fives (``[False]``); ``None``
        #: where the preset's set has no such tile (a three-player game's 2m-8m).  Made once, as tiles are read.
        self._by_number: dict[bool, list[int | None]] = {}
        #: The seats the game fills (``GO type``'s: three or four), and the element being read (for messages).
        self.n = PLAYERS
        self.at: _Tag | None = None

    def fail(self, message: str, tag: _Tag | None) -> FormatError:
        return FormatError(message, source=self.source, place=tag.place if tag is not None else None)

    def _scan(self, text: str) -> list[_Tag]:
        """The log's elements in order (closing tags passed by).  The elements are found in one pass of
        :data:`_TAG`; whatever lies between two of them must be blank: text there is named as such, and a ``<``
        there begins what is not an element of a Tenhou log."""
        tags: list[_Tag] = []
        at = 0
        stripped = text.strip()
        if stripped.startswith("<?xml"):
            end = stripped.find("?>")
            at = text.find("?>") + 2 if end >= 0 else 0
        append, attributes = tags.append, _ATTR.findall
        for match in _TAG.finditer(text, at):
            start = match.start()
            if start != at and text[at:start].strip():
                self._gap(text, at, start, len(tags))
            if len(tags) >= MAX_TAGS:
                raise FormatError(f"more than {MAX_TAGS:,} elements; a Tenhou game has about 1,500",
                                  source=self.source, place=f"element {len(tags) + 1}")
            if not match[1]:
                raw = match[3]  # a draw's or a discard's element (most of a log) has no attributes
                append(_Tag(match[2], dict(attributes(raw)) if raw else {}, len(tags), match[0][:80]))
            at = match.end()
        if text[at:].strip():
            self._gap(text, at, len(text), len(tags))
        if not tags or tags[0].name != "mjloggm":
            raise FormatError("a Tenhou XML log starts with <mjloggm ver=\"2.3\">", source=self.source,
                              place="element 1")
        return tags

    def _gap(self, text: str, at: int, end: int, count: int) -> None:
        """Refuse what lies between two elements (``text[at:end]``, not blank): text before any ``<`` in it, else
        the ``<`` that begins no element."""
        gap = text[at:end]
        lt = gap.find("<")
        before = gap if lt < 0 else gap[:lt]
        if before.strip():
            raise FormatError(f"text outside the elements: {before.strip()[:40]!r}", source=self.source,
                              place=f"element {count + 1}")
        nxt = at + lt
        raise FormatError(f"not an element of a Tenhou log: {text[nxt:nxt + 60]!r}", source=self.source,
                          place=f"element {count + 1}")

    # -- values ------------------------------------------------------------------------------------------------

    def ints(self, tag: _Tag, name: str, count: int | None = None, low: int = -10**6, high: int = 10**6) -> list[int]:
        raw = tag.attrs.get(name)
        if raw is None:
            raise self.fail(f"<{tag.name}> has no {name}=", tag)
        try:
            values = [int(float(x)) if "." in x else int(x) for x in raw.split(",")] if raw else []
        except ValueError:
            raise self.fail(f"<{tag.name} {name}={raw[:40]!r}>: not a list of numbers", tag) from None
        if count is not None and len(values) != count:
            raise self.fail(f"<{tag.name} {name}=...> holds {len(values)} numbers, not {count}", tag)
        for v in values:
            if not low <= v <= high:
                raise self.fail(f"<{tag.name} {name}=...>: {v} is outside {low}..{high}", tag)
        return values

    def seat(self, tag: _Tag, name: str) -> int:
        return self.ints(tag, name, 1, 0, self.n - 1)[0]

    def by_seat(self, tag: _Tag, name: str, per_seat: int = 1) -> list[int]:
        """A list of ``per_seat`` numbers a seat (``ten``, ``sc``, ``owari``) for the seats the game fills: a
        three-player game's log writes the empty fourth seat's too, all 0, which are dropped."""
        values = self.ints(tag, name)
        if len(values) == per_seat * self.n:
            return values
        if len(values) == per_seat * PLAYERS and not any(values[per_seat * self.n:]):
            return values[:per_seat * self.n]
        empty = f" (or {per_seat * PLAYERS}, the empty seat's 0)" if self.n < PLAYERS else ""
        raise self.fail(f"<{tag.name} {name}=...> holds {len(values)} numbers, not {per_seat * self.n}{empty}", tag)

    def plain(self, number: int) -> int:
        """The kind a tile plays as: a red five is a five (the engine's moves name playing kinds, and the copy
        given up apart: :meth:`marked`)."""
        return self.kind(number, red=False)

    def marked(self, numbers: tuple[int, ...] | list[int]) -> tuple[int, ...]:
        """The playing kinds of the red fives among ``numbers``, tiles a move gives up from the hand: the player
        chose those copies (a move names the copy; the engine checks the hand holds it)."""
        return tuple(self.plain(n) for n in numbers if n in _RED_NUMBERS)

    def kind(self, number: int, red: bool = True) -> int:
        table = self._by_number.get(red)
        if table is not None:  # the usual case first: every tile of a log is looked up here
            found = table[number]
            if found is not None:
                return found
        else:
            if self._kinds is None:
                from mahjong_core import load_ruleset

                self._kinds = {info.code: info.index for info in load_ruleset(self.preset).tiles().kinds
                               if info is not None}
            table = self._by_number[red] = [self._kinds.get(tenhou_code(n, red)) for n in range(136)]
        found = table[number]
        if found is None:  # a three-player game's 2m-8m
            raise self.fail(f"tile {number} ({tenhou_code(number, red)}) is not in the tile set of {self.preset}",
                            self.at)
        return found

    # -- the game ----------------------------------------------------------------------------------------------

    def game(self) -> ImportedGame:
        tags = self.tags
        seed = next((t for t in tags if t.name == "SHUFFLE"), None)
        go = next((t for t in tags if t.name == "GO"), None)
        if go is None:
            raise self.fail("no <GO type=...>: the log does not say which game it is", tags[0])
        go_type = self.ints(go, "type", 1, 0, 0xFFFF)[0]
        preset = preset_of(go_type)
        if preset is None:
            raise self.fail(refusal(go_type), go)
        self.preset = preset
        self.n = seats_of(go_type)
        text = None
        if east_only(go_type):  # the preset plays a hanchan: the house rule of one round (the log embeds it)
            from mahjong_core import load_ruleset

            from .tenhou6 import east_only_text

            text = east_only_text(preset, load_ruleset(preset).version)
        if seed is None or not seed.attrs.get("seed", "").startswith(PREFIX):
            raise self.fail(f"no wall seed {PREFIX}...: this version imports the Tenhou games whose wall seed "
                            f"is published ({ALGORITHM}, every game since 2009-10)", seed or tags[0])
        try:
            TenhouShuffle(seed.attrs["seed"])  # the seed read now, so that a broken one is named at its element
        except MahjongError as exc:
            raise self.fail(exc.message, seed) from None
        names = self._names()
        deals: list[_Deal] = []
        current: _Deal | None = None
        final: list[int] | None = None
        for tag in tags[1:]:
            name = tag.name
            self.at = tag
            if current is not None and not current.ended and name[0] in _SEAT_OF and name[1:].isdigit():
                # a draw or a discard (most of a log), in a deal under way: nothing else to check before it is read
                self._element(current, tag)
                continue
            if name == "INIT":
                if current is not None and not current.ended:
                    raise self.fail("a deal starts before the one before it ended (no AGARI or RYUUKYOKU)", tag)
                current = self._init(tag, len(deals))
                deals.append(current)
                continue
            if name in ("SHUFFLE", "GO", "UN", "TAIKYOKU", "BYE"):
                if name == "TAIKYOKU" and self.ints(tag, "oya", 1, 0, 3)[0] != 0:
                    raise self.fail("the first dealer is seat 0 in every Tenhou game", tag)
                continue
            if current is None:
                raise self.fail(f"<{name}> before the first deal's <INIT>", tag)
            if current.ended and name not in ("AGARI",):
                raise self.fail(f"<{name}> after the deal's end", tag)
            if name in ("AGARI", "RYUUKYOKU") and "owari" in tag.attrs:
                final = self.by_seat(tag, "owari", 2)
            self._element(current, tag)
        if not deals:
            raise self.fail("no deal (<INIT>) in the log", tags[-1])
        cut = None
        if not deals[-1].ended:  # played up to its last recorded move, which the import reports (ImportedGame.cut)
            cut = f"{deals[-1].start.place}: the log stops inside its last deal (no AGARI or RYUUKYOKU)"
        recorded = self._recorded([d for d in deals if d.ended], final)
        ident = _game_id(self.source)
        imported = [ImportedDeal(d.start.place, tuple(tuple(h) for h in d.dealt), tuple(d.moves)) for d in deals]
        game = ImportedGame(PLATFORM, ident, preset, names, imported, recorded, self.source, "element 1")
        game.wall = {"algorithm": ALGORITHM, "seed": seed.attrs["seed"][len(PREFIX):]}
        game.indicators = [[tenhou_code(n) for n in d.indicators] for d in deals]
        game.numbers = [(d.dealt_numbers, d.taken) for d in deals]
        game.ura = [next(([tenhou_code(n) for n in w["_ura"]] for w in d.wins if w.get("_ura")), []) for d in deals]
        game.cut = cut
        game.ruleset_text = text
        return game

    def _names(self) -> list[str]:
        un = next((t for t in self.tags if t.name == "UN"), None)
        names: list[str] = []
        for seat in range(self.n):
            raw = un.attrs.get(f"n{seat}", "") if un is not None else ""
            name = urllib.parse.unquote(raw, errors="replace").strip()[:60] or f"seat {seat}"
            while name in names:
                name += "'"
            names.append(name)
        return names

    def _init(self, tag: _Tag, number: int) -> _Deal:
        seed = self.ints(tag, "seed", 6, 0, 1000)
        dealer = self.seat(tag, "oya")
        points = self.by_seat(tag, "ten")
        hands = [self.ints(tag, f"hai{s}", 13, 0, 135) for s in range(self.n)]
        for s in range(self.n, PLAYERS):  # a three-player game's empty seat: dealt nothing
            if tag.attrs.get(f"hai{s}", ""):
                raise self.fail(f"<INIT hai{s}=...>: seat {s} is dealt tiles, but the game seats {self.n}", tag)
        deal = _Deal(tag, dealer, [[self.kind(n) for n in h] for h in hands], dealt_numbers=hands)
        deal.indicators.append(seed[5])
        deal.record = {"round": seed[0], "honba": seed[1], "sticks": seed[2], "dice": [seed[3] + 1, seed[4] + 1],
                       "start": [p * 100 for p in points]}
        return deal

    def _element(self, deal: _Deal, tag: _Tag) -> None:
        name = tag.name
        moves = deal.moves
        last = moves[-1] if moves else None
        # A draw (T U V W) or a discard (D E F G) with the tile's number (up to three digits), told apart without a
        # regular expression: almost every element of a log is one of them.
        seat = _SEAT_OF.get(name[0])
        if seat is not None and 2 <= len(name) <= 4 and name[1:].isdigit():
            number = int(name[1:])
            if number > 135:
                raise self.fail(f"<{name}>: tile {number} is not one of Tenhou's 0-135", tag)
            kind = self.kind(number)
            if name[0] in "TUVW":  # a draw
                if not moves and seat == deal.dealer and not deal.dealt[seat][13:]:
                    deal.dealt[seat].append(kind)  # the dealer's first draw: its fourteenth dealt tile
                    deal.dealt_numbers[seat].append(number)
                    return
                deal.taken.append(number)
                verb = "replacement" if last is not None and last.seat == seat and (
                    last.verb == "kong" or last.action == "declare_bonus") else "draw"
                moves.append(Move(seat, verb, (kind,), tag.place, tag.text))
            elif number in _RED_NUMBERS:  # a discard of a red five: the copy given up is named (marked)
                plain = (self.plain(number),)
                moves.append(Move(seat, "discard", plain, tag.place, tag.text, marked=plain))
            else:
                moves.append(Move(seat, "discard", (kind,), tag.place, tag.text))
            return
        if name == "N":
            self._call(deal, tag)
        elif name == "REACH":
            step = self.ints(tag, "step", 1, 1, 2)[0]
            if step == 1:
                moves.append(Move(self.seat(tag, "who"), "plugin", (), tag.place, tag.text, action="riichi"))
        elif name == "DORA":
            deal.indicators.append(self.ints(tag, "hai", 1, 0, 135)[0])
        elif name == "AGARI":
            self._win(deal, tag)
        elif name == "RYUUKYOKU":
            self._draw(deal, tag)
        else:
            raise self.fail(f"<{name}> is no element of a Tenhou game log", tag)

    def _call(self, deal: _Deal, tag: _Tag) -> None:
        who = self.seat(tag, "who")
        m = self.ints(tag, "m", 1, 0, 0xFFFF)[0]
        kind, giver, tiles, called = decode_meld(m)
        if any(n > 135 for n in tiles):
            raise self.fail(f"<N m={m}>: not a meld of Tenhou's tiles", tag)
        moves = deal.moves
        last = moves[-1] if moves else None
        kinds = tuple(self.plain(n) for n in tiles)
        if kind in ("chow", "pung", "open_kong"):
            if last is None or last.verb != "discard" or (who + giver) % PLAYERS != last.seat:
                raise self.fail(f"<N who={who} m={m}>: a {kind.replace('_', ' ')} of a discard by seat "
                                f"{(who + giver) % PLAYERS}, which did not discard last", tag)
            if called is None or self.plain(called) != last.tiles[0]:
                raise self.fail(f"<N who={who} m={m}>: the called tile is not the discard", tag)
            verb = {"chow": "chow", "pung": "pung", "open_kong": "kong"}[kind]
            from_hand = list(tiles)
            from_hand.remove(called)
            moves.append(Move(who, verb, kinds if kind == "chow" else (self.plain(called),), tag.place, tag.text,
                              marked=self.marked(from_hand) if verb != "kong" else ()))
        elif kind in ("added_kong", "concealed_kong"):
            tile = self.plain(called if called is not None else tiles[0])
            moves.append(Move(who, "kong", (tile,), tag.place, tag.text))
        elif self.n == PLAYERS:
            raise self.fail(f"<N who={who} m={m}>: North set aside, a three-player game's call, in a four-player "
                            "game", tag)
        else:  # kita: the bonus_declaration mechanism's action, its replacement the seat's next draw
            moves.append(Move(who, "plugin", (self.kind(tiles[0]),), tag.place, tag.text, action="declare_bonus"))

    def _win(self, deal: _Deal, tag: _Tag) -> None:
        who, giver = self.seat(tag, "who"), self.seat(tag, "fromWho")
        machi = self.ints(tag, "machi", 1, 0, 135)[0]
        fu, points, limit = self.ints(tag, "ten", 3, 0, 200_000)
        items: list[dict[str, Any]] = []
        han = 0
        if "yakuman" in tag.attrs:
            for number in self.ints(tag, "yakuman", None, 0, 60):
                items.append({"name": YAKU.get(number, f"yaku {number}"), "han": 13})
                han += 13
        if "yaku" in tag.attrs:
            pairs = self.ints(tag, "yaku", None, 0, 60)
            if len(pairs) % 2:
                raise self.fail(f"<AGARI yaku=...> is pairs of a yaku and its han; it holds {len(pairs)} numbers",
                                tag)
            for number, value in zip(pairs[::2], pairs[1::2], strict=True):
                if value:
                    items.append({"name": YAKU.get(number, f"yaku {number}"), "han": value})
                    han += value
        sc = self.by_seat(tag, "sc", 2)
        if self.n < PLAYERS and "m" in tag.attrs:  # Tenhou counts each North set aside among the dora (52)
            self._nukidora(items, sum(decode_meld(m)[0] == "north" for m in self.ints(tag, "m", None, 0, 0xFFFF)))
        win: dict[str, Any] = {"winner": who, "from": None if giver == who else giver, "han": han, "fu": fu,
                               "points": points, "limit": LIMITS[limit] if limit < len(LIMITS) else str(limit),
                               "yaku": items}
        if "paoWho" in tag.attrs:
            win["pao"] = self.seat(tag, "paoWho")
        win["_ura"] = self.ints(tag, "doraHaiUra", None, 0, 135) if "doraHaiUra" in tag.attrs else []
        deal.wins.append(win)
        deltas = [d * 100 for d in sc[1::2]]
        if len(deal.wins) == 1:
            deal.record["deltas"] = deltas
        else:  # a second winner's sc adds its own payments to the first's
            deal.record["deltas"] = [a + b for a, b in zip(deal.record["deltas"], deltas, strict=True)]
        deal.record["scores"] = [(s + d) * 100 for s, d in zip(sc[::2], sc[1::2], strict=True)]
        deal.record["end"] = "win"
        moves = deal.moves
        last = moves[-1] if moves else None
        if giver == who:
            if last is None or last.seat != who or last.verb not in ("draw", "replacement"):
                if moves or who != deal.dealer:
                    raise self.fail(f"<AGARI who={who}> on its own draw, but seat {who} did not draw last", tag)
        elif last is None or not (last.verb in ("discard", "kong", "win") or last.action == "declare_bonus") or not (
                last.seat == giver or last.verb == "win"):
            raise self.fail(f"<AGARI who={who} fromWho={giver}>: seat {giver} did not discard, add a kong or set a "
                            "North aside last", tag)
        moves.append(Move(who, "win", (self.plain(machi),), tag.place, tag.text))
        deal.ended = True

    @staticmethod
    def _nukidora(items: list[dict[str, Any]], norths: int) -> None:
        """Tenhou's ``yaku`` counts the winner's Norths set aside among the dora (52); the family names them apart
        (``nukidora``), so the record's figure is split the same way."""
        dora = next((item for item in items if item["name"] == "dora"), None)
        if not norths or dora is None or dora["han"] < norths:
            return
        dora["han"] -= norths
        at = items.index(dora)
        items[at:at + 1] = ([dora] if dora["han"] else []) + [{"name": "nukidora", "han": norths}]

    def _draw(self, deal: _Deal, tag: _Tag) -> None:
        kind = tag.attrs.get("type")
        if kind is not None and kind not in DRAWS:
            raise self.fail(f"<RYUUKYOKU type={kind!r}>: not one of Tenhou's draws ({', '.join(DRAWS)})", tag)
        if kind == "ron3":
            raise self.fail("a triple ron (RYUUKYOKU type=ron3): the record names none of the three claims, so the "
                            "deal cannot be re-played", tag)
        sc = self.by_seat(tag, "sc", 2)
        deal.record["end"] = DRAWS[kind] if kind not in (None, "nm") else "exhaustive_draw"
        if kind == "nm":  # nagashi mangan: an exhaustive draw, paid as the ready_payments mechanism pays it
            deal.record["nagashi"] = True
        deal.record["deltas"] = [d * 100 for d in sc[1::2]]
        deal.record["scores"] = [(s + d) * 100 for s, d in zip(sc[::2], sc[1::2], strict=True)]
        deal.record["ready"] = [s for s in range(self.n) if f"hai{s}" in tag.attrs]
        deal.ended = True

    def _recorded(self, deals: list[_Deal], final: list[int] | None) -> dict[str, Any]:
        out = []
        for deal in deals:
            record = dict(deal.record)
            record["wins"] = [{k: v for k, v in w.items() if not k.startswith("_")} for w in deal.wins]
            out.append(record)
        recorded: dict[str, Any] = {"deals": out}
        if not out:
            return recorded
        start = out[0]["start"]  # the points the game began with (25,000 at four, 35,000 at three)
        if final is not None:
            recorded["final"] = [p * 100 for p in final[::2]]
            recorded["deltas"] = [p * 100 - s for p, s in zip(final[::2], start, strict=True)]
        else:
            recorded["deltas"] = [p - s for p, s in zip(out[-1].get("scores", start), start, strict=True)]
        return recorded


def _game_id(source: str) -> str:
    """The game's Tenhou id from its file name (``2010081709gm-00a9-0000-fe3371ad``), or the name itself."""
    stem = source.replace("\\", "/").rsplit("/", 1)[-1]
    for suffix in (".gz", ".mjlog", ".xml"):
        stem = stem.removesuffix(suffix)
    stem = re.sub(r"[^0-9A-Za-z_.-]", "_", stem)[:100]
    return stem or "game"
