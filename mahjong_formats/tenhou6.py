"""tenhou.net/6 JSON (Tenhou's viewer format; tensoul writes Mahjong Soul games in it), read into imported games.

A file holds one game as one JSON object, or one round a line (each line a
whole object whose ``log`` holds that round; a game's rounds are consecutive
lines: the mjx project's files).  The object (described publicly, with no
official document, by the readers that parse it: mjai-reviewer's ``convlog``
and tensoul's ``convert.js``; checked here against the shared sample): ``name``
(the players), ``rule.disp`` (the room: ``鳳南喰赤`` is a Houou hanchan with
open tanyao and red fives; tensoul writes Mahjong Soul's room in English,
``Gold Room South``), ``ref`` (the log id, where given) and ``log``, one array
of 17 a round:

* ``[0]`` the round (the dealer is its index mod 4), honba, sticks on the table;
  ``[1]`` each seat's points; ``[2]`` the dora indicators (a kong's after the
  first), ``[3]`` the ura-dora indicators where shown;
* for seat ``s``: ``[4+3s]`` the 13 dealt tiles, ``[5+3s]`` what the seat took in
  order (a draw, or a call: ``c`` a chi of the tile after it, always from the
  seat before; ``p``/``m`` a pon/open kong, the letter's place saying from whom:
  at 0 the seat before, 2 opposite, 4 (6 for a kong) the seat after),
  ``[6+3s]`` what it gave (a discard; ``60`` the tile just drawn; ``r`` a riichi
  declaration with its discard; ``k`` a kong added to a pon; ``a`` a concealed
  kong; ``0`` nothing, after an open kong);
* ``[16]`` the result: ``["和了", deltas, [who, from, pao, "30符4飜7700点", "立直(1飜)", ...], ...]``
  (a pair a winner), ``["流局", deltas]``, or an abortive draw by name.

Tiles are 11-19 characters, 21-29 dots, 31-39 bamboo, 41-47 the winds and
dragons, 51/52/53 the red fives.  No global turn order is written: the reader
re-simulates it (:func:`order`), trying at each discard the calls the next
items of the seats' lists allow (an open kong or pon before a chi) and then
the next seat's draw, and backtracking where a choice leads nowhere, until
every list is used up and the round ends as recorded.  The walls are taken as
observed: each deal's wall is laid out from the tiles the record shows (dealt,
drawn, replacement tiles, dora and ura-dora indicators), and the header names
it (``source.wall``, algorithm ``recorded``) so the audit plays the same wall.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjong_core import MahjongError, Move, StrictJSONError

from .common import FormatError, ImportedDeal, ImportedGame, read_record, wrong_format

__all__ = ["KITA", "MAX_BYTES", "MAX_ROUNDS", "YAKU", "east_only", "east_only_text", "iter_file", "iter_text",
           "order", "preset_of", "read_file", "read_text", "seats_of", "tile_code"]

#: A file is read up to this many bytes (a hanchan is about 15 KB) ...
MAX_BYTES = 2 * 1024 * 1024
#: ... a game up to this many rounds (a hanchan rarely passes 20) ...
MAX_ROUNDS = 64
#: ... a seat's list of takes or gives up to this many items (70 live tiles and four kongs' replacements) ...
MAX_ITEMS = 80
#: ... a round up to this many takes and as many gives, all seats together (70 draws from the live wall, four
#: replacement tiles, the dealer's fourteenth tile and the calls) ...
MAX_ROUND_ITEMS = 110
#: ... and a file up to this many lines (games of one round a line).
MAX_LINES = 20_000
#: The re-simulation of a round gives up after this many steps (a record whose calls fit many orders).
MAX_STEPS = 200_000
#: The seats the format writes: four, of which a three-player game fills the first three (East, South and West;
#: the fourth seat's lists empty, its points and changes 0 or left out, its name empty or left out: tensoul's
#: ``convert.js`` pads a three-player game so, ``pad_right``).
PLAYERS = 4
#: Tenhou's and tensoul's mark of a North set aside (kita) in a seat's gives (tensoul's ``convert.js``,
#: ``RecordBaBei``: ``f44``, whenever it was drawn); its replacement tile is the seat's next take.
KITA = "f44"
#: A riichi declaration's stick, which the round's deltas leave out (:func:`_sticks`).
STICK = 1000
#: What a result says: the win, the exhaustive draw, and the abortive draws by the names of the
#: ``abortive_draws`` mechanism (nagashi mangan is an exhaustive draw, paid as the ready_payments mechanism pays).
WIN, DRAW = "和了", "流局"
DRAWS = {"流局": "exhaustive_draw", "全員聴牌": "exhaustive_draw", "全員不聴": "exhaustive_draw",
         "流し満貫": "exhaustive_draw", "九種九牌": "nine_terminals", "四家立直": "four_declarations",
         "四風連打": "four_winds", "四槓散了": "four_kongs", "三家和了": "triple_ron"}
#: The limits as the points string names them, Japanese (Tenhou) or English (tensoul).
LIMITS = {"満貫": "mangan", "跳満": "haneman", "倍満": "baiman", "三倍満": "sanbaiman", "役満": "yakuman",
          "数え役満": "yakuman", "Mangan": "mangan", "Haneman": "haneman", "Baiman": "baiman",
          "Sanbaiman": "sanbaiman", "Yakuman": "yakuman", "Counted Yakuman": "yakuman", "Kazoe Yakuman": "yakuman"}
#: The yaku as Tenhou's viewer writes them (and tensoul in English), by the riichi family's names.  Tenhou's
#: names from its own viewer's strings as the sample shows them; the winds and dragons by what they score.
YAKU: dict[str, str] = {
    "門前清自摸和": "menzen_tsumo", "立直": "riichi", "一発": "ippatsu", "槍槓": "chankan", "嶺上開花": "rinshan",
    "海底摸月": "haitei", "河底撈魚": "houtei", "平和": "pinfu", "断幺九": "tanyao", "一盃口": "iipeikou",
    "自風 東": "seat_wind", "自風 南": "seat_wind", "自風 西": "seat_wind", "自風 北": "seat_wind",
    "場風 東": "round_wind", "場風 南": "round_wind", "場風 西": "round_wind", "場風 北": "round_wind",
    "役牌 白": "haku", "役牌 發": "hatsu", "役牌 中": "chun", "両立直": "double_riichi", "七対子": "chiitoitsu",
    "混全帯幺九": "chanta", "一気通貫": "ittsu", "三色同順": "sanshoku", "三色同刻": "sanshoku_doukou",
    "三槓子": "sankantsu", "対々和": "toitoi", "三暗刻": "sanankou", "小三元": "shousangen", "混老頭": "honroutou",
    "二盃口": "ryanpeikou", "純全帯幺九": "junchan", "混一色": "honitsu", "清一色": "chinitsu", "人和": "renhou",
    "天和": "tenhou", "地和": "chiihou", "大三元": "daisangen", "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki",
    "字一色": "tsuuiisou", "緑一色": "ryuuiisou", "清老頭": "chinroutou", "九蓮宝燈": "chuuren",
    "純正九蓮宝燈": "junsei_chuuren", "国士無双": "kokushi", "国士無双１３面": "kokushi_13_wait",
    "大四喜": "daisuushii", "小四喜": "shousuushii", "四槓子": "suukantsu", "ドラ": "dora", "裏ドラ": "ura_dora",
    "赤ドラ": "aka_dora", "抜きドラ": "nukidora",
    # tensoul's Japanese where Mahjong Soul's differs from the viewer's, and its English: Mahjong Soul's own names,
    # the name_jp and name_en of its fan table (tensoul's data.json, "fan" map, ids 1-50)
    "役牌:自風牌": "seat_wind", "役牌:場風牌": "round_wind", "ダブル立直": "double_riichi",
    "国士無双十三面待ち": "kokushi_13_wait",
    "Blessing of Heaven": "tenhou", "Blessing of Earth": "chiihou", "Hand of Man": "renhou",
    "Big Three Dragons": "daisangen", "Four Concealed Triplets": "suuankou", "All Honors": "tsuuiisou",
    "All Green": "ryuuiisou", "All Terminals": "chinroutou", "Thirteen Orphans": "kokushi",
    "Four Little Winds": "shousuushii", "Four Quads": "suukantsu", "Nine Gates": "chuuren",
    "True Nine Gates": "junsei_chuuren", "Single-wait Four Concealed Triplets": "suuankou_tanki",
    "Thirteen-wait Thirteen Orphans": "kokushi_13_wait", "Four Big Winds": "daisuushii",
    "Fully Concealed Hand": "menzen_tsumo", "Riichi": "riichi", "Ippatsu": "ippatsu", "Robbing a Kan": "chankan",
    "After a Kan": "rinshan", "Under the Sea": "haitei", "Under the River": "houtei", "Pinfu": "pinfu",
    "All Simples": "tanyao", "Pure Double Sequence": "iipeikou", "Seat Wind": "seat_wind",
    "Prevalent Wind": "round_wind", "White Dragon": "haku", "Green Dragon": "hatsu", "Red Dragon": "chun",
    "Double Riichi": "double_riichi", "Seven Pairs": "chiitoitsu", "Half Outside Hand": "chanta",
    "Pure Straight": "ittsu", "Mixed Triple Sequence": "sanshoku", "Triple Triplets": "sanshoku_doukou",
    "Three Quads": "sankantsu", "All Triplets": "toitoi", "Three Concealed Triplets": "sanankou",
    "Little Three Dragons": "shousangen", "All Terminals and Honors": "honroutou",
    "Twice Pure Double Sequence": "ryanpeikou", "Fully Outside Hand": "junchan", "Half Flush": "honitsu",
    "Full Flush": "chinitsu", "Dora": "dora", "Ura Dora": "ura_dora", "Red Five": "aka_dora",
}
#: The places of the viewer's yaku names whose wind or dragon is written after a space (``役牌 中``).
_ITEM = re.compile(r"^(.+?)\((\d+)飜\)$|^(.+?)\(役満\)$")
_POINTS = re.compile(r"^(?:(\d+)符(\d+)飜)?([^\d]*?)\s*(\d+)(?:-(\d+))?点(∀)?$")
_CALL = re.compile(r"^(?:c(\d\d)(\d\d)(\d\d)|(\d\d)*[pm](\d\d)(\d\d)*)$")
_GIVE = re.compile(r"^(\d\d)*[ka](\d\d)(\d\d)*$")


def tile_code(tile: int) -> str:
    """The notation code of a tenhou.net/6 tile number: ``11`` is 1m, ``47`` red dragon 7z, ``51`` the red 0m."""
    if 11 <= tile <= 39 and tile % 10:
        return f"{tile % 10}{'mps'[tile // 10 - 1]}"
    if 41 <= tile <= 47:
        return f"{tile - 40}z"
    if tile in (51, 52, 53):
        return f"0{'mps'[tile - 51]}"
    raise ValueError(tile)


def plain(tile: int) -> int:
    """A red five as the five it plays as (the moves name playing kinds, as Tenhou XML's reader's do)."""
    return 10 * (tile - 50) + 5 if tile >= 51 else tile


def read_file(path: str, ruleset: str | None = None) -> list[ImportedGame]:
    """Every game of a tenhou.net/6 file, read but not played.

    :raises FormatError: for the first place that breaks the format, as ``FILE::line N: log[R][I][J]: ...``.
    """
    return list(iter_file(path, ruleset))


def iter_file(path: str, ruleset: str | None = None) -> Iterator[ImportedGame]:
    """The games of a file one at a time (as every reader of :mod:`mahjong_formats`)."""
    text = read_record(path, MAX_BYTES, "a tenhou.net/6 file", "a tenhou.net/6 file is JSON")
    yield from iter_text(text, path, ruleset)


def read_text(text: str, source: str, ruleset: str | None = None) -> list[ImportedGame]:
    """The games of a tenhou.net/6 text; ``source`` names it in messages."""
    return list(iter_text(text, source, ruleset))


def iter_text(text: str, source: str, ruleset: str | None = None) -> Iterator[ImportedGame]:
    other = wrong_format(text, "tenhou6")
    if other is not None:
        raise FormatError(other, source=source, place="line 1")
    if len(text) > MAX_BYTES:
        raise FormatError(f"more than {MAX_BYTES:,} characters; a tenhou.net/6 game is far smaller", source=source)
    # one game at a time (a file of one round a line may hold many): each is read when the next begins
    parts: list[tuple[str, dict[str, Any]]] = []
    number = 0
    for prefix, obj in _objects(text, source):
        last = parts[-1][1] if parts else None
        same = last is not None and all(obj.get(k) == last.get(k) for k in ("name", "rule", "title", "ref"))
        if same and not _starts_game(obj["log"][0]):
            parts.append((prefix, obj))
            if sum(len(o["log"]) for _, o in parts) > MAX_ROUNDS:
                raise FormatError(f"a game of more than {MAX_ROUNDS} rounds", source=source,
                                  place=prefix.removesuffix(": "))
            continue
        if parts:
            yield _Reader(source, parts, number or None, ruleset).game()
            number += 1
        parts = [(prefix, obj)]
    if parts:
        yield _Reader(source, parts, number or None, ruleset).game()


def loads(text: str) -> Any:
    """One JSON text, as the strict reader would take it but for fractions (tenhou.net/6's ``sc`` holds the
    players' results, ``-2.3``): no duplicate keys, no NaN or Infinity, no nesting past 32 levels."""
    import json

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        keys = [k for k, _ in pairs]
        if len(set(keys)) != len(keys):
            raise StrictJSONError(f"the key {next(k for k in keys if keys.count(k) > 1)!r} appears twice")
        return dict(pairs)

    def constant(name: str) -> Any:
        raise StrictJSONError(f"{name} is not a number JSON has")

    depth = level = 0
    for ch in text:
        if ch in "[{":
            level += 1
            depth = max(depth, level)
        elif ch in "]}":
            level -= 1
    if depth > 32:
        raise StrictJSONError("nested more than 32 levels deep")
    try:
        return json.loads(text, object_pairs_hook=unique, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise StrictJSONError(f"not JSON: {exc.msg}", exc.colno, exc.lineno) from None
    except RecursionError:
        raise StrictJSONError("nested too deeply") from None


def _starts_game(round_: Any) -> bool:
    """Whether a round is a game's first (East 1, no honba): a line of a one-round-a-line file that starts a game."""
    head = round_[0] if isinstance(round_, list) and round_ else None
    return isinstance(head, list) and head[:2] == [0, 0]


def _objects(text: str, source: str) -> Iterator[tuple[str, dict[str, Any]]]:
    """The file's objects, each with the prefix that places it (``line N: `` where a file has one a line)."""
    try:
        whole = _check_object(loads(text), source, "")
    except StrictJSONError as exc:
        error = exc
    else:
        yield "", whole
        return
    lines = [(i + 1, line) for i, line in enumerate(text.split("\n")) if line.strip()]
    if len(lines) < 2:
        raise FormatError(str(error), source=source, place=f"line {lines[0][0] if lines else 1}")
    if len(lines) > MAX_LINES:
        raise FormatError(f"more than {MAX_LINES:,} lines", source=source, place=f"line {MAX_LINES + 1}")
    for number, line in lines:
        prefix = f"line {number}: "
        try:
            obj = loads(line)
        except StrictJSONError as exc:
            raise FormatError(str(exc), source=source, place=f"line {number}") from None
        yield prefix, _check_object(obj, source, prefix)


def _check_object(obj: Any, source: str, prefix: str) -> dict[str, Any]:
    place = prefix.removesuffix(": ") or "line 1"
    if not isinstance(obj, dict) or not isinstance(obj.get("log"), list):
        raise FormatError("a tenhou.net/6 game is a JSON object with a \"log\" array", source=source, place=place)
    if not obj["log"]:
        raise FormatError("the \"log\" array holds no round", source=source, place=place)
    if len(obj["log"]) > MAX_ROUNDS:
        raise FormatError(f"more than {MAX_ROUNDS} rounds in \"log\"", source=source, place=place)
    return obj


def preset_of(rule: Any, players: int = PLAYERS) -> tuple[str | None, str]:
    """The preset for a game's ``rule`` (``disp`` and the red-five keys) at ``players`` seats (the record's), or
    ``None`` and why none plays it.  The game's length is :func:`east_only`'s: a preset names the hanchan.

    Tenhou names a three-player room with a leading ``三`` (``三鳳南喰赤``), tensoul in Japanese with a leading ``3``
    (``convert.js``: ``ruledisp += '3'``), and in English not at all (its ``ratingc`` ``PF3`` and the empty fourth
    seat say it): the seats the record fills decide, and a ``rule.disp`` naming another count is refused.
    """
    disp = str(rule.get("disp", "")) if isinstance(rule, dict) else ""
    three = disp.startswith(("三", "3"))
    if three and players != 3:
        return None, f"rule.disp {disp!r} names a three-player game, but the record seats {players}"
    if disp.isascii() and disp:  # tensoul: Mahjong Soul's room in English
        if "South" not in disp and "East" not in disp:
            return None, (f"rule.disp {disp!r} names neither an East nor a South game (name the preset with "
                          "--ruleset)")
        return ("sanma_mahjong_soul" if players == 3 else "riichi_mahjong_soul"), ""
    if not disp:
        return None, "the game has no rule.disp naming its rules: name the preset with --ruleset"
    if disp.startswith("3"):  # tensoul in Japanese: Mahjong Soul's room name, then 東喰/南喰 and 赤
        return "sanma_mahjong_soul", ""
    missing = [what for mark, what in (("喰", "open tanyao (喰)"), ("赤", "red fives (赤)")) if mark not in disp]
    if "南" not in disp and "東" not in disp:
        missing.insert(0, "a length (南 or 東)")
    if missing:
        return None, (f"rule.disp {disp!r} is a game without {', '.join(missing)}: no installed preset plays it; "
                      "riichi_tenhou and sanma_tenhou are Tenhou's games with red fives and open tanyao (name "
                      "another with --ruleset)")
    return ("sanma_tenhou" if players == 3 else "riichi_tenhou"), ""


def seats_of(obj: dict[str, Any]) -> int:
    """The seats a game fills: three where its first round deals the fourth seat nothing (a three-player game,
    padded to the format's four seats), else four."""
    first = obj["log"][0]
    return 3 if isinstance(first, list) and len(first) == 17 and first[13] == [] else PLAYERS


def east_only(rule: Any) -> bool:
    """Whether ``rule.disp`` names an East-only game (tonpuusen): Tenhou's and tensoul's ``東`` (``般東喰赤``,
    ``東喰``), tensoul's English ``East`` (``convert.js``, its ``tonpuu`` rune).  ``南``/``South`` is the hanchan."""
    disp = str(rule.get("disp", "")) if isinstance(rule, dict) else ""
    if disp.isascii():
        return "East" in disp and "South" not in disp
    return "東" in disp and "南" not in disp


def east_only_text(preset: str, version: str) -> str:
    """The house rule that plays ``preset`` as an East-only game: ``extends`` it and sets ``rounds_per_game`` to 1,
    the one value that differs.  Its end is then the preset's ``game_end`` after one round (Tenhou's tonpuusen:
    sudden death into the South round when no seat holds the target; "Tenhou.net rules", Rules).  A log embeds
    it, so ``replay`` and ``audit`` re-create the game from the log alone, as for ``--players``."""
    import json

    why = (f"the record's rule.disp names an East-only game (東, tonpuusen) of {preset}, which plays a hanchan: one "
           "round, then the preset's game_end (extension, target) as it stands")
    return (f"id: {preset}_east\n"
            f"version: {version}\n"
            f"name: {json.dumps(preset + ', East-only (tonpuusen)')}\n"
            f"extends: {preset}\n"
            f"parameters:\n"
            f"  rounds_per_game:\n"
            f"    value: 1\n"
            f"    assumption: {json.dumps(why)}\n")


@dataclass
class _Round:
    """One round as read: its place, the dealer, the dealt tiles, the ordered steps, the recorded result."""

    place: str
    dealer: int
    dealt: list[list[int]]
    steps: list[tuple[Any, ...]] = field(default_factory=list)
    record: dict[str, Any] = field(default_factory=dict)
    indicators: list[int] = field(default_factory=list)
    ura: list[int] = field(default_factory=list)


class _Reader:
    """One game's objects read into one imported game."""

    def __init__(self, source: str, parts: list[tuple[str, dict[str, Any]]], number: int | None,
                 ruleset: str | None):
        self.source = source
        self.parts = parts
        self.number = number
        self.ruleset = ruleset
        #: The seats the game fills (three or four: :func:`seats_of` its first object).
        self.n = seats_of(parts[0][1])

    def fail(self, message: str, place: str) -> FormatError:
        return FormatError(message, source=self.source, place=place)

    def game(self) -> ImportedGame:
        prefix, first = self.parts[0]
        preset, why = preset_of(first.get("rule"), self.n)
        text = None
        if self.ruleset is not None:
            preset = self.ruleset
        elif preset is not None and east_only(first.get("rule")):
            from mahjong_core import load_ruleset

            text = east_only_text(preset, load_ruleset(preset).version)
        if preset is None:
            raise self.fail(why, f"{prefix}rule" if prefix else "rule")
        self._tiles(preset, prefix, text)
        names = self._names(first.get("name"), prefix)
        rounds = []
        for prefix, obj in self.parts:
            for r, raw in enumerate(obj["log"]):
                rounds.append(self._round(raw, f"{prefix}log[{r}]"))
        start = rounds[0].record
        opening = None
        if start["round"] != 0 or start["honba"] or start["sticks"] or len(set(start["start"])) != 1:
            # an excerpt: the table where it begins, as recorded (the honba as the table's counter)
            opening = {"dealer": start["round"] % 4, "scores": list(start["start"]),
                       "pot": STICK * start["sticks"], "counters": {"honba": start["honba"]} if start["honba"] else {}}
            if start["round"] >= 16:
                raise self.fail(f"round index {start['round']}: past the North round", rounds[0].place)
        recorded: dict[str, Any] = {"deals": [dict(rnd.record) for rnd in rounds]}
        final = self._final(first, rounds[-1].record["scores"])
        if final is not None:
            recorded["final"] = final
        recorded["deltas"] = [s - start["start"][i] for i, s in enumerate(final or rounds[-1].record["scores"])]
        deals = []
        for rnd in rounds:
            moves = tuple(self._moves(rnd))  # first: it adds the dealer's fourteenth tile, reads the tiles as kinds
            deals.append(ImportedDeal(rnd.place, tuple(tuple(h) for h in rnd.dealt), moves))
        ident = str(first["ref"])[:100] if isinstance(first.get("ref"), str) and first["ref"] else _game_id(
            self.source)
        if self.number is not None and not isinstance(first.get("ref"), str):
            ident += f"-{self.number + 1}"  # the second game of a file and on
        platform = "mahjongsoul" if preset in ("riichi_mahjong_soul", "sanma_mahjong_soul") and str(
            (first.get("rule") or {}).get("disp", "")).isascii() else "tenhou"
        game = ImportedGame(platform, re.sub(r"[^0-9A-Za-z_.-]", "_", ident), preset, names, deals, recorded,
                            self.source, prefix.removesuffix(": ") or "line 1")
        game.wall = {"algorithm": "recorded", "walls": [self._wall(rnd) for rnd in rounds]}
        game.first_round = start["round"] // 4
        game.ruleset_text = text
        game.opening = opening
        return game

    # -- the parts -------------------------------------------------------------------------------------------------

    def _tiles(self, preset: str, prefix: str, text: str | None = None) -> None:
        """The preset's tile set: its codes by kind, and its tiles (a wall's) by code; its seats, held to the
        record's; the replacement tiles its dead wall keeps before the indicators (``dora_indicators``)."""
        from mahjong_core import load_ruleset, load_ruleset_text

        try:
            ruleset = load_ruleset(preset) if text is None else load_ruleset_text(text, preset)
            tiles = ruleset.tiles()
        except MahjongError as exc:
            raise self.fail(f"the preset {preset!r}: {exc.message}", f"{prefix}rule" if prefix else "rule") from None
        seats = int(ruleset.param("players"))
        if seats != self.n:
            raise self.fail(f"the record seats {self.n} players; {ruleset.id} seats {seats}",
                            f"{prefix}log[0]" if prefix else "log[0]")
        indicators = ruleset.value("dora_indicators") if ruleset.get("dora_indicators") is not None else {}
        self.replacements = int(indicators.get("replacement_tiles", 4))
        self.preset = preset
        self.codes = tiles.codes()
        self.kinds = {code: k for k, code in enumerate(self.codes)}
        self.full_set = [self.codes[k] for k in tiles.tiles]
        self.order_of = {code: k for k, code in enumerate(self.codes)}

    def _marked(self, tiles: Sequence[int]) -> tuple[int, ...]:
        """The playing kinds of the red fives among ``tiles``, given up from the hand by a move: the record names
        the copy (51-53), the player's choice, which the move names in turn (the engine checks the hand holds it)."""
        return tuple(self._kind(plain(t)) for t in tiles if t in (51, 52, 53))

    def _kind(self, tile: int) -> int:
        code = tile_code(tile)
        if code not in self.kinds:
            raise self.fail(f"tile {tile} ({code}) is not in the tile set of {self.preset}", "log")
        return self.kinds[code]

    def _names(self, raw: Any, prefix: str) -> list[str]:
        if raw is not None and (not isinstance(raw, list) or len(raw) not in (self.n, PLAYERS)):
            raise self.fail(f"\"name\" is a list of the {self.n} players' names", f"{prefix}name")
        names: list[str] = []
        for seat in range(self.n):
            name = str(raw[seat]).strip()[:60] if raw is not None and isinstance(raw[seat], str) else ""
            name = name or f"seat {seat}"
            while name in names:
                name += "'"
            names.append(name)
        return names

    def _final(self, obj: dict[str, Any], last: list[int]) -> list[int] | None:
        """The final points of ``sc`` (each seat's points and result, interleaved).  Tenhou writes the points in
        hundreds, tensoul and some of Tenhou's own files in points: read in whichever of the two the last round's
        points after it (``last``) are nearer."""
        sc = obj.get("sc")
        if not isinstance(sc, list) or len(sc) not in (2 * self.n, 2 * PLAYERS):
            return None
        sc = sc[:2 * self.n]
        try:
            points = [float(x) for x in sc[::2]]
        except (TypeError, ValueError):
            raise self.fail("\"sc\" is each seat's final points and result, interleaved", "sc") from None
        if any(abs(p) > 10**7 for p in points):
            raise self.fail("\"sc\": points out of bounds", "sc")
        hundreds = [int(round(p * 100)) for p in points]
        ones = [int(round(p)) for p in points]
        near = sum(abs(a - b) for a, b in zip(hundreds, last, strict=True)) <= sum(
            abs(a - b) for a, b in zip(ones, last, strict=True))
        return hundreds if near else ones

    def _ints(self, value: Any, place: str, count: int | None = None, low: int = 0, high: int = 10**7) -> list[int]:
        if not isinstance(value, list) or (count is not None and len(value) != count) or len(value) > MAX_ITEMS:
            said = f"{count} numbers" if count is not None else f"a list of at most {MAX_ITEMS} numbers"
            raise self.fail(f"expected {said}", place)
        for i, v in enumerate(value):
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
                raise self.fail(f"expected a whole number {low}..{high}, not {v!r}", f"{place}[{i}]")
        return list(value)

    def _tile(self, value: Any, place: str) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(f"expected a tile (11-47, 51-53), not {value!r}", place)
        try:
            tile_code(value)
        except ValueError:
            raise self.fail(f"{value} is not a tile (11-19, 21-29, 31-39, 41-47, 51-53)", place) from None
        return value

    def _round(self, raw: Any, place: str) -> _Round:
        if not isinstance(raw, list) or len(raw) != 17:
            raise self.fail("a round is an array of 17: its number, points, indicators, each seat's three "
                            "lists and the result", place)
        head = self._ints(raw[0], f"{place}[0]", 3, 0, 1000)
        points = self._seats(self._ints(raw[1], f"{place}[1]", None, -10**6, 10**6), f"{place}[1]")
        dora = [self._tile(t, f"{place}[2][{i}]") for i, t in enumerate(self._list(raw[2], f"{place}[2]", 5))]
        ura = [self._tile(t, f"{place}[3][{i}]") for i, t in enumerate(self._list(raw[3], f"{place}[3]", 5))]
        if not dora:
            raise self.fail("no dora indicator", f"{place}[2]")
        dealer = head[0] % 4
        if dealer >= self.n:
            raise self.fail(f"round index {head[0]}: dealer seat {dealer}, but the game seats {self.n}", f"{place}[0]")
        for s in range(self.n, PLAYERS):  # the fourth seat of a three-player game: nothing dealt, taken or given
            for k in (4 + 3 * s, 5 + 3 * s, 6 + 3 * s):
                if raw[k] != []:
                    raise self.fail(f"seat {s} has tiles, but the game seats {self.n} (its first round deals seat "
                                    f"{s} nothing)", f"{place}[{k}]")
        dealt = []
        for s in range(self.n):
            hand = self._list(raw[4 + 3 * s], f"{place}[{4 + 3 * s}]", 13)
            if len(hand) != 13:
                raise self.fail(f"seat {s}'s dealt hand holds {len(hand)} tiles, not 13", f"{place}[{4 + 3 * s}]")
            dealt.append([self._tile(t, f"{place}[{4 + 3 * s}][{i}]") for i, t in enumerate(hand)])
        takes = [self._list(raw[5 + 3 * s], f"{place}[{5 + 3 * s}]", MAX_ITEMS) for s in range(self.n)]
        gives = [self._list(raw[6 + 3 * s], f"{place}[{6 + 3 * s}]", MAX_ITEMS) for s in range(self.n)]
        for lists, what in ((takes, "takes"), (gives, "gives")):
            if sum(map(len, lists)) > MAX_ROUND_ITEMS:
                raise self.fail(f"the seats' {what} add up to {sum(map(len, lists))}; a round of 136 tiles has at "
                                f"most {MAX_ROUND_ITEMS}", place)
        result = self._result(raw[16], f"{place}[16]", dealer)
        rnd = _Round(place, dealer, dealt, indicators=dora, ura=ura)
        try:
            rnd.steps = order(dealer, takes, gives, result, place, self.fail, self.n)
        except RecursionError:
            raise self.fail("the round's calls nest too deeply to re-play", place) from None
        rnd.record = {"round": head[0], "honba": head[1], "sticks": head[2], "start": points, **result,
                      "scores": [p + d - STICK * n for p, d, n in zip(points, result["deltas"],
                                                                       _sticks(rnd.steps, self.n), strict=True)]}
        return rnd

    def _seats(self, values: list[int], place: str) -> list[int]:
        """A list by seat: one number a seat the game fills, or the format's four with the empty seat's 0."""
        if len(values) == self.n or (len(values) == PLAYERS and not any(values[self.n:])):
            return values[:self.n]
        raise self.fail(f"expected {self.n} numbers, one a seat" + (
            f" (or {PLAYERS}, the empty seat's 0)" if self.n < PLAYERS else ""), place)

    def _list(self, value: Any, place: str, most: int) -> list[Any]:
        if not isinstance(value, list) or len(value) > most:
            raise self.fail(f"expected a list of at most {most} items", place)
        return value

    def _result(self, raw: Any, place: str, dealer: int) -> dict[str, Any]:
        if not isinstance(raw, list) or not raw or not isinstance(raw[0], str) or len(raw) > 16:
            raise self.fail("the result is an array starting with its kind (和了, 流局, ...)", place)
        kind = raw[0]
        out: dict[str, Any] = {"wins": []}
        if kind == WIN:
            if len(raw) < 3 or len(raw) % 2 == 0:
                raise self.fail("a win's result is 和了 and, for each winner, its deltas and its details", place)
            total = [0] * self.n
            for k in range(1, len(raw), 2):
                deltas = self._deltas(raw[k], f"{place}[{k}]")
                total = [a + b for a, b in zip(total, deltas, strict=True)]
                out["wins"].append(self._win(raw[k + 1], f"{place}[{k + 1}]", dealer))
            out["end"] = "win"
            out["deltas"] = total
        elif kind in DRAWS:
            out["end"] = DRAWS[kind]
            if kind == "流し満貫":
                out["nagashi"] = True
            if kind == "三家和了":
                raise self.fail("a triple ron (三家和了): the record names none of the three claims, so the deal "
                                "cannot be re-played", place)
            out["deltas"] = self._deltas(raw[1], f"{place}[1]") if len(raw) > 1 else [0] * self.n
        else:
            raise self.fail(f"{kind[:20]!r} is not one of the results ({WIN}, {', '.join(DRAWS)})", f"{place}[0]")
        return out

    def _deltas(self, value: Any, place: str) -> list[int]:
        if not isinstance(value, list) or len(value) not in (self.n, PLAYERS):
            raise self.fail(f"expected the {self.n} seats' changes of points", place)
        out = []
        for i, v in enumerate(value):
            if isinstance(v, float) and v.is_integer():
                v = int(v)
            if isinstance(v, bool) or not isinstance(v, int) or abs(v) > 10**6:
                raise self.fail(f"expected a whole number of points, not {v!r}", f"{place}[{i}]")
            out.append(v)
        return self._seats(out, place)

    def _win(self, raw: Any, place: str, dealer: int) -> dict[str, Any]:
        if not isinstance(raw, list) or len(raw) < 3 or len(raw) > 40:
            raise self.fail("a win's details are [who, from, pao, points, yaku...]", place)
        who, giver, pao = (self._ints(raw[:3], place, 3, 0, self.n - 1))
        if len(raw) == 3:  # who won on whose tile, and no figures (a hand-written excerpt)
            return {"winner": who, "from": None if giver == who else giver}
        text = raw[3]
        match = _POINTS.match(text) if isinstance(text, str) else None
        if match is None:
            raise self.fail(f"{str(text)[:40]!r} is not a win's points (\"30符4飜7700点\", \"満貫2000-4000点\")",
                            f"{place}[3]")
        fu, han_said, limit_word, a, b, everyone = match.groups()
        limit = LIMITS.get(limit_word.strip(), "") if limit_word.strip() else ""
        if limit_word.strip() and not limit:
            raise self.fail(f"{limit_word.strip()[:20]!r} is not a limit ({', '.join(LIMITS)})", f"{place}[3]")
        if b is not None:  # a non-dealer's self-draw: each other non-dealer pays a, the dealer b
            points = (self.n - 2) * int(a) + int(b)
        elif everyone:  # the dealer's self-draw: each pays a
            points = (self.n - 1) * int(a)
        else:
            points = int(a)
        items = []
        han = 0
        for i, item in enumerate(raw[4:]):
            m = _ITEM.match(item) if isinstance(item, str) else None
            if m is None:
                raise self.fail(f"{str(item)[:40]!r} is not a yaku with its han (\"立直(1飜)\", \"国士無双(役満)\")",
                                f"{place}[{4 + i}]")
            name = (m[1] or m[3]).strip()
            value = int(m[2]) if m[2] is not None else 13
            if value:
                items.append({"name": YAKU.get(name, name), "han": value})
                han += value
        win: dict[str, Any] = {"winner": who, "from": None if giver == who else giver, "han": han}
        if fu is not None:
            win["fu"] = int(fu)
            if int(han_said) != han:
                raise self.fail(f"the points say {han_said} han, the yaku add up to {han}", f"{place}[3]")
        win.update(points=points, limit=limit, yaku=items)
        if pao != who:
            win["pao"] = pao
        return win

    # -- the moves and the wall --------------------------------------------------------------------------------------

    def _moves(self, rnd: _Round) -> list[Move]:
        moves: list[Move] = []
        for step in rnd.steps:
            verb, seat, tile, place, text = step[:5]
            if verb == "first":
                rnd.dealt[seat].append(tile)
                continue
            if verb in ("draw", "replacement"):
                moves.append(Move(seat, verb, (self._kind(tile),), place, text))
            elif verb == "discard":
                if step[5]:
                    moves.append(Move(seat, "plugin", (), place, text, action="riichi"))
                moves.append(Move(seat, "discard", (self._kind(plain(tile)),), place, text,
                                  marked=self._marked((tile,))))
            elif verb == "chi":
                moves.append(Move(seat, "chow", tuple(sorted(self._kind(plain(t)) for t in step[5])), place, text,
                                  marked=self._marked(_from_hand(step[5], tile))))
            elif verb == "pon":
                moves.append(Move(seat, "pung", (self._kind(plain(tile)),), place, text,
                                  marked=self._marked(_from_hand(step[5], tile))))
            elif verb in ("open_kong", "kong"):
                moves.append(Move(seat, "kong", (self._kind(plain(tile)),), place, text))
            elif verb == "kita":  # the bonus_declaration mechanism's action: the North set aside
                moves.append(Move(seat, "plugin", (self._kind(tile),), place, text, action="declare_bonus"))
            elif verb == "win" and rnd.steps[0][0] == "first" and len(rnd.steps) == 2:
                # a win on the dealt tiles (tenhou): which of the dealer's fourteen came last is no fact of the deal
                moves.append(Move(seat, "win", (), place, text))
            elif verb == "win":
                moves.append(Move(seat, "win", (self._kind(plain(tile)),), place, text))
        rnd.dealt = [[self._kind(t) for t in hand] for hand in rnd.dealt]
        return moves

    def _wall(self, rnd: _Round) -> str:
        """The deal's wall in draw order as codes: dealt (4, 4, 4 and 1 by seat from the dealer, and its extra
        tile), the draws, then the dead end, whose tiles are counted from the end (replacement ``k`` at ``-2 -
        2(k//2) + k%2``, indicator ``j`` at ``-6 - 2j``, its ura-dora under it at ``-5 - 2j``); the tiles the
        record never shows fill the rest by kind, lowest first."""
        n = len(self.full_set)
        wall: list[str | None] = [None] * n
        # each seat's dealt tiles laid out by kind, lowest first: which of the dealer's fourteen came last is not
        # a fact the log keeps, so the wall does not depend on it (an exported and re-imported game's is the same)
        hands = [[self.codes[k] for k in sorted(h)] for h in rnd.dealt]
        at = 0
        for count in (4, 4, 4, 1):
            for i in range(self.n):
                seat = (rnd.dealer + i) % self.n
                for _ in range(count):
                    wall[at] = hands[seat].pop(0)
                    at += 1
        wall[at] = hands[rnd.dealer].pop(0)
        at += 1
        replacements = 0
        for step in rnd.steps:
            if step[0] == "draw":
                wall[at] = tile_code(step[2])
                at += 1
            elif step[0] == "replacement":
                k = replacements
                if k >= self.replacements:
                    raise self.fail(f"more than {self.replacements} replacement tiles: the dead wall of {self.preset} "
                                    f"holds {self.replacements}", step[3])
                wall[n - 2 - 2 * (k // 2) + k % 2] = tile_code(step[2])
                replacements += 1
        first = self.replacements  # the indicators lie behind the replacement tiles (Wall.dead_wall_tile's count)
        for j, tile in enumerate(rnd.indicators):
            wall[n - 2 - 2 * ((first + 2 * j) // 2)] = tile_code(tile)
        for j, tile in enumerate(rnd.ura):
            wall[n - 1 - 2 * ((first + 2 * j) // 2)] = tile_code(tile)
        dealt = 13 * self.n + 1
        if at > n - 14:
            raise self.fail(f"{at - dealt} tiles drawn; the live wall holds {n - 14 - dealt}", rnd.place)
        shown = Counter(t for t in wall if t is not None)
        extra = shown - Counter(self.full_set)
        if extra:
            raise self.fail(f"the round shows {', '.join(sorted(extra))} more often than the tile set of "
                            f"{self.preset} holds", rnd.place)
        fill = iter(sorted((Counter(self.full_set) - shown).elements(), key=self.order_of.__getitem__))
        return "".join(t if t is not None else next(fill) for t in wall)


# -- the order of play ---------------------------------------------------------------------------------------------


def _from_hand(tiles: Sequence[int], called: int) -> list[int]:
    """A call's tiles less the one it took from the discarder (the others come from the caller's hand)."""
    rest = list(tiles)
    rest.remove(called)
    return rest


def _call(item: Any) -> tuple[str, int, int, list[int]] | None:
    """A take that is a call: ``(kind, from, called, tiles)``, ``from`` counted after the caller (1 the seat after,
    2 opposite, 3 the seat before); ``None`` for a draw.  Raises ValueError for a string that is no call."""
    if not isinstance(item, str):
        return None
    if not _CALL.match(item) or len(item) > 9:
        raise ValueError(item)
    if item[0] == "c":
        tiles = [int(item[1:3]), int(item[3:5]), int(item[5:7])]
        for tile in tiles:
            tile_code(tile)  # a damaged digit ("c031214") is no call, named where it stands
        return "chi", 3, tiles[0], tiles
    letter = "p" if "p" in item else "m"
    at = item.index(letter)
    called = int(item[at + 1:at + 3])
    digits = item.replace(letter, "")
    tiles = [int(digits[i:i + 2]) for i in range(0, len(digits), 2)]
    giver = {0: 3, 2: 2, 4: 1, 6: 1}.get(at)
    if giver is None or len(tiles) != (3 if letter == "p" else 4) or (letter == "p" and at == 6):
        raise ValueError(item)
    for tile in tiles:
        tile_code(tile)
    return ("pon" if letter == "p" else "open_kong"), giver, called, tiles


def _give(item: Any) -> tuple[str, int | None, bool]:
    """A give: ``(kind, tile, riichi)``: ``discard`` (tile ``None`` for 60, the drawn tile), ``kong`` (added or
    concealed, the tile), ``kita`` (a North set aside, 44), or ``nothing`` (0, after an open kong).  Raises
    ValueError for no give."""
    if item == KITA:
        return "kita", 44, False
    if isinstance(item, bool):
        raise ValueError(item)
    if isinstance(item, int):
        if item == 0:
            return "nothing", None, False
        return "discard", None if item == 60 else item, False
    if not isinstance(item, str) or len(item) > 9:
        raise ValueError(item)
    if item.startswith("r") and item[1:].isdigit() and len(item) == 3:
        tile = int(item[1:])
        return "discard", None if tile == 60 else tile, True
    match = _GIVE.match(item)
    if match is None:
        raise ValueError(item)
    letter = "k" if "k" in item else "a"
    at = item.index(letter)
    tile = int(item[at + 1:at + 3])
    tile_code(tile)  # a damaged digit is no give, named where it stands
    return "kong", tile, False


def order(dealer: int, takes: Sequence[Sequence[Any]], gives: Sequence[Sequence[Any]], result: dict[str, Any],
          place: str, fail: Any, players: int = PLAYERS) -> list[tuple[Any, ...]]:
    """The round's steps in the order they were played, re-simulated from the seats' lists (see the module).

    Each step is ``(verb, seat, tile, place, text, ...)``: ``first`` (the dealer's fourteenth dealt tile),
    ``draw``, ``replacement``, ``discard`` (with whether it declares riichi), ``chi`` (with its tiles), ``pon``,
    ``open_kong``, ``kong`` (added or concealed), ``kita`` (a North set aside, won on as a kong's tile is, else
    replaced) and ``win``.  ``players`` is the seats the game fills (three: a pon's direction is still written
    as at a table of four, where the empty North sits: tensoul's ``relativeseating`` counts four seats).

    :raises FormatError: (from ``fail``) at an item that is no take or give, or where no order of play uses every
        list up and ends the round as recorded.
    """
    for s in range(players):
        for i, item in enumerate(takes[s]):
            try:
                call = _call(item)
            except ValueError:
                call = None
                bad = True
            else:
                bad = call is None and not (isinstance(item, int) and not isinstance(item, bool)
                                            and _is_tile(item))
            if bad:
                raise fail(f"{str(item)[:20]!r} is neither a drawn tile nor a call (c, p, m)",
                           f"{place}[{5 + 3 * s}][{i}]")
        for i, item in enumerate(gives[s]):
            try:
                kind, tile, _ = _give(item)
            except ValueError:
                kind, tile = "", None
            if not kind or (tile is not None and not _is_tile(tile)):
                raise fail(f"{str(item)[:20]!r} is neither a discard (a tile, 60, r..) nor a kong (k, a) nor a North "
                           f"set aside ({KITA}) nor 0",
                           f"{place}[{6 + 3 * s}][{i}]")
    steps: list[tuple[Any, ...]] = []
    took = [0] * players
    gave = [0] * players
    budget = [MAX_STEPS]
    end = result.get("end")
    wins = result.get("wins", [])
    self_drawn = [w for w in wins if w.get("from") is None]
    ron = [w for w in wins if w.get("from") is not None]

    def where(seat: int, give: bool, i: int) -> str:
        return f"{place}[{(6 if give else 5) + 3 * seat}][{i}]"

    def used_up() -> bool:
        return all(took[s] == len(takes[s]) and gave[s] == len(gives[s]) for s in range(players))

    def ends(moment: str, seat: int, tile: int | None) -> bool:
        """Whether the round may end here as recorded (every list used up)."""
        if not used_up():
            return False
        if end == "win":
            if self_drawn:
                return moment == "take" and len(wins) == 1 and wins[0]["winner"] == seat and tile is not None
            return moment in ("discard", "kong") and all(w["from"] == seat for w in ron)
        if end == "nine_terminals":
            return moment == "take"
        return moment in ("discard", "kong")

    def finish(moment: str, seat: int, tile: int | None) -> bool:
        if not ends(moment, seat, tile):
            return False
        for w in wins:
            steps.append(("win", w["winner"], tile, place + "[16]", "和了"))
        return True

    def after_take(seat: int, drawn: int | None) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if gave[seat] == len(gives[seat]):
            return finish("take", seat, drawn)
        i = gave[seat]
        item = gives[seat][i]
        kind, tile, riichi = _give(item)
        if kind == "nothing":
            return False
        if kind == "discard":
            if tile is None:
                if drawn is None:
                    return False
                tile = drawn
            gave[seat] += 1
            steps.append(("discard", seat, tile, where(seat, True, i), str(item), riichi))
            if after_discard(seat, tile):
                return True
            steps.pop()
            gave[seat] -= 1
            return False
        assert tile is not None
        gave[seat] += 1
        steps.append((kind, seat, tile, where(seat, True, i), str(item)))
        if finish("kong", seat, tile) or replacement(seat):
            return True
        steps.pop()
        gave[seat] -= 1
        return False

    def replacement(seat: int) -> bool:
        i = took[seat]
        if i == len(takes[seat]) or not isinstance(takes[seat][i], int):
            return False
        tile = takes[seat][i]
        took[seat] += 1
        steps.append(("replacement", seat, tile, where(seat, False, i), str(tile)))
        if after_take(seat, tile):
            return True
        steps.pop()
        took[seat] -= 1
        return False

    def after_discard(seat: int, tile: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0:
            return False
        if finish("discard", seat, tile):
            return True
        tried: list[tuple[int, tuple[str, int, int, list[int]]]] = []
        for k in range(1, players):
            other = (seat + k) % players
            i = took[other]
            if i == len(takes[other]):
                continue
            call = _call(takes[other][i])
            if call is not None and call[1] == (seat - other) % 4 and call[2] == tile:
                tried.append((other, call))
        tried.sort(key=lambda c: c[1][0] == "chi")  # an open kong or a pon before a chi: the priority of claims
        for other, call in tried:
            i = took[other]
            took[other] += 1
            steps.append((call[0], other, tile, where(other, False, i), str(takes[other][i]), call[3]))
            if call[0] == "open_kong":
                j = gave[other]
                if j < len(gives[other]) and gives[other][j] == 0:
                    gave[other] += 1
                    if replacement(other):
                        return True
                    gave[other] -= 1
            elif after_take(other, None):
                return True
            steps.pop()
            took[other] -= 1
        nxt = (seat + 1) % players
        i = took[nxt]
        if i < len(takes[nxt]) and _call(takes[nxt][i]) is None:
            drawn = takes[nxt][i]
            took[nxt] += 1
            steps.append(("draw", nxt, drawn, where(nxt, False, i), str(drawn)))
            if after_take(nxt, drawn):
                return True
            steps.pop()
            took[nxt] -= 1
        return False

    if not takes[dealer] or _call(takes[dealer][0]) is not None:
        raise fail("the dealer's first take is its fourteenth tile", f"{place}[{5 + 3 * dealer}]")
    first = takes[dealer][0]
    took[dealer] = 1
    steps.append(("first", dealer, first, where(dealer, False, 0), str(first)))
    if not after_take(dealer, first):
        said = "the record's calls fit too many orders to try" if budget[0] < 0 else \
            "no order of play uses every seat's draws, calls and discards and ends the round as recorded"
        raise fail(said, place)
    return steps


def _sticks(steps: Sequence[tuple[Any, ...]], players: int = PLAYERS) -> list[int]:
    """The riichi sticks each seat paid in the round: the deltas of tenhou.net/6 leave them out (they are paid as
    the declaring discard passes; one that is won on is void, as Tenhou returns it)."""
    paid = [0] * players
    for i, step in enumerate(steps):
        if step[0] == "discard" and step[5] and not (i + 1 < len(steps) and steps[i + 1][0] == "win"):
            paid[step[1]] += 1
    return paid


def _is_tile(value: int) -> bool:
    try:
        tile_code(value)
    except ValueError:
        return False
    return True


def _game_id(source: str) -> str:
    """The game's id from its file name (``2010081709gm-00a9-0000-fe3371ad``), or the name itself."""
    stem = source.replace("\\", "/").rsplit("/", 1)[-1]
    for suffix in (".json", ".txt"):
        stem = stem.removesuffix(suffix)
    stem = re.sub(r"[^0-9A-Za-z_.-]", "_", stem)[:100]
    return stem or "game"
