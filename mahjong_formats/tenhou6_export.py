"""A riichi game's replay log written as tenhou.net/6 JSON (``mahjong export --format tenhou6``).

The writer walks the log's events deal by deal and puts each where the
format keeps it (see :mod:`mahjong_formats.tenhou6` for the layout): each
seat's dealt tiles, what it took (draws, replacement tiles, calls written
with the caller's direction) and what it gave (discards, ``60`` for the tile
just drawn, ``r`` for a riichi declaration, kongs, ``0`` after an open kong),
the indicators, and the result.  The result is the platform's where the log
was imported (``source.recorded``: what the platform paid, so a record goes
out as it came in) and the rules' own otherwise; so importing the file again
gives the same log, byte for byte.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from mahjong_core import deal_figures

from .tenhou6 import KITA, LIMITS, PLAYERS, STICK, YAKU

__all__ = ["export", "export_log", "number"]

#: A yaku's name as Tenhou's viewer writes it, by the riichi family's name (the first of :data:`YAKU`'s names).
_NAMES: dict[str, str] = {}
for _written, _name in YAKU.items():
    _NAMES.setdefault(_name, _written)
_LIMIT_WORDS = {ours: written for written, ours in reversed(list(LIMITS.items())) if not written.isascii()}
_LIMIT_WORDS["yakuman"] = "役満"
#: The rule a preset is written as (``rule.disp``), so that the file's reader names the same preset again: Tenhou's
#: room marks (``三`` three players, ``南`` a hanchan, ``喰`` open tanyao, ``赤`` red fives) and tensoul's English
#: room for Mahjong Soul's.  An East-only game (the house rule ``<preset>_east`` the reader plays it under) is
#: written with ``東``/``East`` for ``南``/``South``.
_RULES = {"riichi_tenhou": {"disp": "般南喰赤", "aka": 1},
          "sanma_tenhou": {"disp": "三般南喰赤", "aka": 1},
          "riichi_mahjong_soul": {"disp": "Mahjong Soul South", "aka51": 1, "aka52": 1, "aka53": 1},
          "sanma_mahjong_soul": {"disp": "Mahjong Soul South", "aka51": 0, "aka52": 1, "aka53": 1}}


def export_log(path: str) -> str:
    """The tenhou.net/6 JSON of the log at ``path`` (read strictly: a corrupt log is refused at its line), one line.

    :raises MahjongError: for a log that does not read, or a game the format cannot hold.
    """
    import json
    import re

    from mahjong_core import MahjongError, read_log

    from .common import not_a_riichi_log

    log = read_log(path)
    refused = not_a_riichi_log(log.header, "a tenhou.net/6 file holds")
    if refused is not None:
        raise MahjongError(f"cannot be written as tenhou.net/6: {refused}", source=path, place="line 1")
    source = log.header.get("source") or {}
    stem = re.sub(r"[^0-9A-Za-z_.-]", "_", path.replace("\\", "/").rsplit("/", 1)[-1].removesuffix(".jsonl"))
    ident = str(source.get("game") or stem)
    try:
        game = export(log.header, list(log.events), ident)
    except ValueError as exc:
        raise MahjongError(str(exc), source=path, place="line 1") from None
    return json.dumps(game, ensure_ascii=False, separators=(",", ":")) + "\n"


def number(code: str) -> int:
    """A notation code as tenhou.net/6's tile number: ``1m`` 11, ``7z`` 47, the red ``0m`` 51."""
    rank, suit = int(code[0]), code[1]
    if rank == 0:
        return 51 + "mps".index(suit)
    return 10 * ("mpsz".index(suit) + 1) + rank


def _sort_key(tile: int) -> tuple[int, int]:
    return (10 * (tile - 50) + 5, 1) if tile >= 51 else (tile, 0)


def export(head: dict[str, Any], events: list[dict[str, Any]], ident: str) -> dict[str, Any]:
    """The tenhou.net/6 object of a game: ``head`` the log's header, ``events`` its events, ``ident`` its ``ref``.

    A three-player game fills the format's first three seats and leaves the fourth empty (no tiles, points and
    changes 0, name ""), as tensoul writes one (``convert.js``, ``pad_right``).

    :raises ValueError: for a game of other than three or four seats.
    """
    seats = len(head["seats"])
    if seats not in (3, PLAYERS):
        raise ValueError(f"tenhou.net/6 records three- and four-player games; this one has {seats} seats")
    source = head.get("source") or {}
    recorded = (source.get("recorded") or {}).get("deals")
    ours = deal_figures(head, events)
    deals = _deals(events)
    log = []
    for number_, deal in enumerate(deals):
        figures = ours[number_] if number_ < len(ours) else {"start": [0] * seats, "scores": [0] * seats}
        theirs = recorded[number_] if recorded is not None and number_ < len(recorded) else None
        log.append(_round(deal, figures, theirs, seats))
    ruleset = str(head["ruleset"]["id"])
    east = ruleset.endswith("_east") and "document" in head["ruleset"]
    rule: dict[str, Any] = dict(_RULES.get(ruleset.removesuffix("_east") if east else ruleset, {"disp": ruleset}))
    if east:
        rule["disp"] = str(rule["disp"]).replace("南", "東").replace("South", "East")
    names = [s["name"] for s in head["seats"]] + [""] * (PLAYERS - seats)
    out: dict[str, Any] = {"title": ["", ""], "name": names, "rule": rule, "ref": ident, "log": log}
    final = (source.get("recorded") or {}).get("final")
    if final is None and recorded is None and ours:
        final = ours[-1]["scores"]
    if final is not None:
        out["sc"] = [x for points in _padded(final) for x in (points / 100 if points % 100 else points // 100, 0)]
    return out


def _deals(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each deal's takes, gives, indicators and wins, read from its events."""
    deals: list[dict[str, Any]] = []
    deal: dict[str, Any] | None = None
    hands: list[Counter[str]] = []
    last_take: list[str | None] = [None] * PLAYERS
    riichi = [False] * PLAYERS
    pons: dict[tuple[int, str], str] = {}
    honba = pot = 0
    for event in events:
        kind = event.get("type")
        if kind == "counter" and event.get("name") == "honba":
            honba = int(event["value"])
        elif kind == "payment":
            pot += int(event["amount"]) * ((event.get("payee") is None) - (event.get("payer") is None))
            if deal is not None and event.get("reason") == "riichi_stick":  # a stick paid, or returned (void)
                at = event.get("payer") if event.get("payer") is not None else event.get("payee")
                deal["sticks_paid"][at] += 1 if event.get("payer") is not None else -1
        if kind == "deal_start":
            deal = {"dealer": event["dealer"], "wind": event.get("prevalent_wind", 0), "dealt": [],
                    "honba": honba, "sticks": pot // STICK,
                    "takes": [[] for _ in range(PLAYERS)], "gives": [[] for _ in range(PLAYERS)],
                    "dora": [], "ura": [], "wins": [], "end": None, "discards": [], "sticks_paid": [0] * PLAYERS}
            deals.append(deal)
            hands = [Counter() for _ in range(PLAYERS)]
            last_take = [None] * PLAYERS
            riichi = [False] * PLAYERS
            pons = {}
            continue
        if deal is None:
            continue
        seat: int = event.get("seat", -1)
        if kind == "hands":
            deal["dealt"] = [sorted((number(c) for c in h), key=_sort_key) for h in event["hands"]]
            hands = [Counter(h) for h in event["hands"]]
            dealer = deal["dealer"]
            first = deal["dealt"][dealer].pop()  # the dealer's fourteenth: its first take
            deal["takes"][dealer].append(first)
            last_take[dealer] = _code(first)
        elif kind in ("draw", "replacement"):
            deal["takes"][seat].append(number(event["tile"]))
            hands[seat][event["tile"]] += 1
            last_take[seat] = event["tile"]
        elif kind == "dora_indicator_shown":
            deal["dora"].append(number(event["tile"]))
        elif kind == "ura_dora_shown":
            deal["ura"] = [number(t) for t in event["tiles"]]
        elif kind == "decision":
            actor, action = event["actor"], event.get("action")
            if action == "riichi":
                riichi[actor] = True
            elif action == "discard":
                tile = _copy(hands[actor], event["tile"])
                hands[actor][tile] -= 1
                written: int | str = 60 if last_take[actor] == tile else number(tile)
                if riichi[actor]:
                    written = f"r{written}"
                    riichi[actor] = False
                deal["gives"][actor].append(written)
                deal["discards"].append((actor, tile))
                last_take[actor] = None
            elif action == "declare_bonus":  # a North set aside (kita), written as declared: it may be won on
                hands[actor][event["tile"]] -= 1
                deal["gives"][actor].append(KITA)
                last_take[actor] = None  # its replacement, if not won on, is the seat's next take
            elif action == "kong" and event.get("phase") == "turn":
                code = event["tile"]
                if event.get("way") == "added":
                    added = _copy(hands[actor], code)
                    hands[actor][added] -= 1
                    pon = pons.get((actor, _plain(code)), "p" + f"{number(code)}" * 3)
                    at = pon.index("p")
                    deal["gives"][actor].append(f"{pon[:at]}k{number(added)}{pon[at + 1:]}")
                else:
                    tiles = _take(hands[actor], code, 4)
                    digits = [str(number(t)) for t in tiles]
                    deal["gives"][actor].append("".join(digits[:3]) + "a" + digits[3])
                last_take[actor] = None
        elif kind == "claim" and event.get("kind") in ("chow", "pung", "kong"):
            called = event["tile"]
            # counted round a table of four, where a three-player game's empty North sits (tensoul's
            # relativeseating): West's pon of East's tile is from the seat opposite
            giver = (event["discarder"] - seat) % PLAYERS
            own = list(event["tiles"])
            own.remove(called if called in own else next(t for t in own if _plain(t) == _plain(called)))
            chosen = list(event.get("marked", ()))  # the red copies the caller chose to give up
            given = []
            for t in own:
                if t in chosen:
                    chosen.remove(t)
                    given.append(_red(t))
                else:
                    given.append(_copy(hands[seat], t))
            own = given
            for t in own:
                hands[seat][t] -= 1
            if event["kind"] == "chow":
                text = "c" + str(number(called)) + "".join(str(number(t)) for t in own)
            else:
                mark = "p" if event["kind"] == "pung" else "m"
                rest = [str(number(t)) for t in own]
                at = {3: 0, 2: 1, 1: len(rest)}[giver]
                text = "".join(rest[:at]) + mark + str(number(called)) + "".join(rest[at:])
                if mark == "p":
                    pons[(seat, _plain(called))] = text
                else:
                    deal["gives"][seat].append(0)
            deal["takes"][seat].append(text)
            last_take[seat] = None
        elif kind == "mahjong":
            deal["wins"].append((seat, event.get("discarder"), event.get("tile")))
        elif kind == "abortive_draw":
            deal["end"] = str(event.get("reason"))
        elif kind == "exhaustive_draw":
            deal["end"] = "exhaustive_draw"
    return deals


def _code(tile: int) -> str:
    from .tenhou6 import tile_code

    return tile_code(tile)


def _plain(code: str) -> str:
    return "5" + code[1] if code[0] == "0" else code


def _red(code: str) -> str:
    return "0" + code[1]


def _copy(hand: Counter[str], code: str) -> str:
    """The copy of ``code``'s kind a hand gives up: a red five the log names (the player's choice, or the only copy
    held), else the plain copy while one is held (the engine gives up a plain five before a red one), else its
    red twin."""
    if code[0] == "0" and hand[code] > 0:
        return code
    plain = _plain(code)
    if hand[plain] > 0:
        return plain
    red = _red(code)
    return red if hand[red] > 0 else code


def _take(hand: Counter[str], code: str, count: int) -> list[str]:
    tiles = []
    for _ in range(count):
        tile = _copy(hand, code)
        hand[tile] -= 1
        tiles.append(tile)
    return tiles


_ENDS = {"exhaustive_draw": "流局", "nine_terminals": "九種九牌", "four_declarations": "四家立直",
         "four_winds": "四風連打", "four_kongs": "四槓散了", "triple_ron": "三家和了"}


def _padded(values: list[int]) -> list[int]:
    """A list by seat as the format's four seats: a three-player game's empty fourth seat 0 (tensoul's)."""
    return list(values) + [0] * (PLAYERS - len(values))


def _round(deal: dict[str, Any], figures: dict[str, Any], theirs: dict[str, Any] | None, seats: int) -> list[Any]:
    dealer = deal["dealer"]
    start = (theirs or {}).get("start", figures["start"])
    head = [4 * deal["wind"] + dealer, (theirs or {}).get("honba", 0), (theirs or {}).get("sticks", 0)]
    if theirs is None:
        head[1], head[2] = deal["honba"], deal["sticks"]
    out: list[Any] = [head, _padded(start), deal["dora"], deal["ura"]]
    for s in range(PLAYERS):
        out += [deal["dealt"][s] if s < len(deal["dealt"]) else [], deal["takes"][s], deal["gives"][s]]
    out.append(_result(deal, figures, theirs, seats))
    return out


def _result(deal: dict[str, Any], figures: dict[str, Any], theirs: dict[str, Any] | None, seats: int) -> list[Any]:
    record = theirs if theirs is not None else _ours(deal, figures, seats)
    end = record.get("end")
    deltas = _padded(record.get("deltas", [0] * seats))
    if end != "win":
        word = "流し満貫" if record.get("nagashi") else _ENDS.get(str(end), "流局")
        return [word, deltas] if word in ("流局", "流し満貫") or any(deltas) else [word]
    out: list[Any] = ["和了"]
    for i, win in enumerate(record.get("wins", ())):
        out.append(deltas if i == 0 else [0] * PLAYERS)
        out.append(_win(win, deal["dealer"], seats))
    return out


def _ours(deal: dict[str, Any], figures: dict[str, Any], seats: int) -> dict[str, Any]:
    """The rules' own result of a deal of ours, in the shape of a recorded one (the deltas leave the riichi
    sticks the deal's declarations paid out, as tenhou.net/6's do)."""
    paid = deal["sticks_paid"][:seats]  # a stick won on with its declaring discard is returned: not paid
    wins = []
    for seat, discarder, _tile in deal["wins"]:
        mine: dict[str, Any] = next((w for w in figures.get("wins", ()) if w["winner"] == seat), {})
        win = {"winner": seat, "from": discarder, "han": mine.get("han"), "points": mine.get("points"),
               "limit": mine.get("limit") or "", "yaku": [{"name": k, "han": v} for k, v in
                                                         (mine.get("yaku") or {}).items() if v]}
        if mine.get("fu") and not win["limit"]:
            win["fu"] = mine["fu"]
        wins.append(win)
    deltas = [b - a + STICK * n for a, b, n in zip(figures["start"], figures["scores"], paid, strict=True)]
    end = "win" if deal["wins"] else (deal["end"] or "exhaustive_draw")
    return {"end": end, "wins": wins, "deltas": deltas}


def _win(win: dict[str, Any], dealer: int, seats: int) -> list[Any]:
    who = win["winner"]
    giver = who if win.get("from") is None else win["from"]
    out: list[Any] = [who, giver, win.get("pao", who)]
    points = win.get("points")
    if points is None:
        return out
    if win.get("from") is not None:
        said = f"{points}点"
    elif who == dealer:
        said = f"{points // (seats - 1)}点∀"
    else:  # each other non-dealer pays a, the dealer b (twice a, rounded up to 100 apart): a is points/seats up
        each = -(-points // (100 * seats)) * 100
        said = f"{each}-{points - (seats - 2) * each}点"
    limit = win.get("limit") or ""
    if limit:  # as Tenhou writes a limit hand: its limit's name, never its fu (a Tenhou XML record keeps both)
        said = _LIMIT_WORDS.get(limit, limit) + said
    elif win.get("fu") is not None:
        said = f"{win['fu']}符{win.get('han')}飜" + said
    out.append(said)
    for item in win.get("yaku", ()):
        name = _NAMES.get(item["name"], item["name"])
        out.append(f"{name}(役満)" if limit == "yakuman" and item["han"] == 13 else f"{name}({item['han']}飜)")
    return out
