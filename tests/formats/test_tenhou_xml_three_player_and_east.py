"""Tenhou XML logs of three-player games (sanma: 108 tiles, the North set aside) and of East-only games.

The shared sample holds no three-player or East-only Tenhou XML log, so the tests write their own, honestly: a
game is played by our bots from the walls Tenhou's published shuffle deals for a seed
(:class:`mahjong_core.PlatformWalls`, over a three-player wall's 108 tiles where the game seats three), and written
as Tenhou writes a log (:func:`_xml`: each tile by Tenhou's number, the very copy the wall gave; each call's ``m``
bit field; the three-player log's fourth seat empty, its points 0; ``GO type`` with the three-player bit 0x10 and,
for an East-only game, without the hanchan bit 0x08).  Reading it back must give every move, the seed's walls
verified tile by tile, and the figures written.  That the three-player wall is Tenhou's is a fact checked against
a real Houou three-player game (``mahjong_core.table.tenhou_shuffle``'s docstring and docs/importing.md).
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from mahjong_core import Game, PlatformWalls, load_ruleset, load_ruleset_text
from mahjong_core.audit.check import check
from mahjong_core.engine.players import make_bots
from mahjong_core.log.recorded import _final_points, deal_figures
from mahjong_core.table.tenhou_shuffle import ALGORITHM, TILES_3P
from mahjong_formats import tenhou6
from mahjong_formats.common import FormatError, play
from mahjong_formats.tenhou_xml import YAKU, decode_meld, read_text

#: A made-up wall seed of the published algorithm's shape: 624 words, base64.
SEED = base64.b64encode(b"".join(hashlib.sha512(bytes([i])).digest() for i in range(39))).decode()
_RED = {"0m": 16, "0p": 52, "0s": 88}
_DRAW, _DISCARD = "TUVW", "DEFG"


def _kind(number: int) -> int:
    return number // 4


def _code_kind(code: str) -> int:
    """Tenhou's kind (``number // 4``) of a notation code."""
    rank, suit = int(code[0]) or 5, code[1]
    return {"m": 0, "p": 9, "s": 18, "z": 27}[suit] + rank - 1


class _Hand(list[int]):
    def give(self, code: str, chosen: bool = False) -> int:
        """The copy a move gives up: the red five where the move names it, else a plain copy first."""
        kind = _code_kind(code)
        red = _RED.get(code if code[0] == "0" else "0" + code[1]) if kind in (4, 13, 22) else None
        copies = [n for n in self if _kind(n) == kind]
        if (code[0] == "0" or chosen) and red in copies:
            number = red
        else:
            number = next((n for n in copies if n != red), copies[0])
        self.remove(number)
        return number


#: Tenhou's yaku numbers by the family's names (the winds by their first number).
_NUMBER = {name: number for number, name in sorted(YAKU.items(), reverse=True)}


def _yaku(items: dict[str, int], yakuman: bool) -> str:
    """The ``yaku`` (or ``yakuman``) attribute of a hand's items, as Tenhou writes them: each North set aside
    counted among the dora (52)."""
    items = dict(items)
    if "nukidora" in items:
        items["dora"] = items.get("dora", 0) + items.pop("nukidora")
    if yakuman:
        return 'yakuman="' + ",".join(str(_NUMBER[name]) for name, han in items.items() for _ in range(han // 13)) + '"'
    return 'yaku="' + ",".join(f"{_NUMBER[name]},{han}" for name, han in items.items()) + '"'


def _meld_m(kind: str, giver: int, tiles: Sequence[int], called: int | None, unused: int = 0) -> int:
    """A call's ``m`` bit field, the inverse of :func:`decode_meld`."""
    if kind == "chow":
        tiles = sorted(tiles)
        low = _kind(tiles[0])
        t = ((low // 9) * 7 + low % 9) * 3 + tiles.index(called if called is not None else tiles[0])
        return t << 10 | 0x04 | giver | sum((n % 4) << (3 + 2 * i) for i, n in enumerate(tiles))
    if kind in ("pung", "added_kong"):
        tiles = sorted(tiles)
        t = _kind(tiles[0]) * 3 + (tiles.index(called) if called in tiles else 0)
        return t << 9 | (0x08 if kind == "pung" else 0x10) | unused << 5 | giver
    if kind == "north":
        return tiles[0] << 8 | 0x20
    return (tiles[0] if called is None else called) << 8 | giver  # a kong, concealed (giver 0) or open


def _simulated(ruleset: Any, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]], PlatformWalls]:
    walls = PlatformWalls({"algorithm": ALGORITHM, "seed": SEED}, "test")
    events: list[dict[str, Any]] = []
    players = int(ruleset.param("players"))
    game = Game(ruleset, make_bots(["greedy"] * players, seed), None, emit=events.append, tile_source_factory=walls)
    game.play()
    head = {"seats": [{"seat": i, "name": f"p{i}"} for i in range(players)],
            "starting_points": int(ruleset.param("starting_points"))}
    return head, events, walls


def _xml(head: dict[str, Any], events: list[dict[str, Any]], walls: PlatformWalls, go_type: int,
         replacements: int) -> str:
    """The game as Tenhou writes it (see the module docstring)."""
    n = len(head["seats"])
    figures = deal_figures(head, events)

    def pad(values: Sequence[int]) -> str:
        return ",".join(str(v) for v in [*values, *[0] * (4 - len(values))])

    def sc(before: Sequence[int], deltas: Sequence[int]) -> str:
        pairs: list[int] = []
        for b, d in zip([*before, *[0] * (4 - n)], [*deltas, *[0] * (4 - n)], strict=True):
            pairs += [b // 100, d // 100]
        return ",".join(map(str, pairs))

    out = [f'<mjloggm ver="2.3"><SHUFFLE seed="{ALGORITHM}-base64,{SEED}" ref=""/><GO type="{go_type}" lobby="0"/>',
           '<UN ' + " ".join(f'n{i}="{s["name"] if i < n else ""}"' for i, s in enumerate(
               [*head["seats"], *[{}] * (4 - n)])) + ' dan="0,0,0,0"/><TAIKYOKU oya="0"/>']
    deal = -1
    hands: list[_Hand] = []
    order: list[int] = []
    live = loose = 0
    melds: list[dict[int, tuple[list[int], int]]] = []
    last: dict[str, Any] = {}
    honba = pot = 0
    wins: list[dict[str, Any]] = []
    indicators = 0
    for event in events:
        kind = event["type"]
        if kind == "deal_start":
            deal += 1
            wall, dice = walls.tiles(deal)
            order = list(reversed(wall))
            dealer = int(event["dealer"])
            given: list[list[int]] = [[] for _ in range(n)]
            at = 0
            for count in (4, 4, 4, 1):
                for i in range(n):
                    given[(dealer + i) % n] += order[at:at + count]
                    at += count
            hands = [_Hand(g) for g in given]
            live, loose, indicators, wins, melds = at, 0, 0, [], [{} for _ in range(n)]
            shown: list[list[int]] = [[] for _ in range(n)]  # each seat's calls' m, as AGARI lists the winner's
            round_index = 4 * int(event.get("prevalent_wind", 0)) + dealer
            dora = order[len(order) - 2 - replacements]
            start = figures[deal]["start"]
            out.append(f'<INIT seed="{round_index},{honba},{pot // 1000},{dice[0] - 1},{dice[1] - 1},{dora}" '
                       f'ten="{pad([p // 100 for p in start])}" oya="{dealer}" ' + " ".join(
                           f'hai{s}="{",".join(map(str, given[s]))}"' if s < n else f'hai{s}=""' for s in range(4))
                       + "/>")
            first = order[at]
            hands[dealer].append(first)
            live = at + 1
            out.append(f"<{_DRAW[dealer]}{first}/>")
            last = {"drawn": first}
        elif kind in ("draw", "replacement"):
            seat = int(event["seat"])
            if kind == "draw":
                number = order[live]
                live += 1
            else:
                number = order[len(order) - 2 - 2 * (loose // 2) + loose % 2]
                loose += 1
            assert _kind(number) == _code_kind(event["tile"])
            hands[seat].append(number)
            out.append(f"<{_DRAW[seat]}{number}/>")
            last = {"drawn": number}
        elif kind == "decision":
            seat, action = int(event["actor"]), event.get("action")
            if action == "discard":
                number = hands[seat].give(str(event["tile"]))
                out.append(f"<{_DISCARD[seat]}{number}/>")
                last = {"discard": number, "seat": seat}
            elif action == "riichi":
                out.append(f'<REACH who="{seat}" step="1"/>')
            elif action == "declare_bonus":
                number = hands[seat].give("4z")
                out.append(f'<N who="{seat}" m="{_meld_m("north", 0, [number], None)}"/>')
                shown[seat].append(_meld_m("north", 0, [number], None))
                last = {"north": number}
            elif action == "kong" and event.get("phase") == "turn":
                code = str(event["tile"])
                if event.get("way") == "added":
                    pung, discarder = melds[seat].pop(_code_kind(code))
                    added = hands[seat].give(code)
                    m = _meld_m("added_kong", (discarder - seat) % 4, pung[:3], pung[3], added % 4)
                    out.append(f'<N who="{seat}" m="{m}"/>')
                    last = {"added": added}
                else:
                    taken = [hands[seat].give(code) for _ in range(4)]
                    out.append(f'<N who="{seat}" m="{_meld_m("kong", 0, taken, None)}"/>')
        elif kind == "claim":
            seat, discarder = int(event["seat"]), int(event["discarder"])
            called = last["discard"]
            own = list(event["tiles"])
            own.remove(next(t for t in own if _code_kind(t) == _kind(called)))
            marked = list(event.get("marked", ()))
            taken = []
            for t in own:
                chosen = t in marked
                if chosen:
                    marked.remove(t)
                taken.append(hands[seat].give(t, chosen))
            tiles = [*taken, called]
            giver = (discarder - seat) % 4  # counted round four seats, as Tenhou writes a three-player game too
            if event["kind"] == "kong":
                m = _meld_m("kong", giver, tiles, called)
            elif event["kind"] == "pung":
                unused = next(c for c in range(4) if _kind(called) * 4 + c not in tiles)
                m = _meld_m("pung", giver, tiles, called, unused)
                melds[seat][_kind(called)] = ([*sorted(tiles), _kind(called) * 4 + unused], discarder)
            else:
                m = _meld_m("chow", giver, tiles, called)
            out.append(f'<N who="{seat}" m="{m}"/>')
        elif kind == "dora_indicator_shown":
            if indicators:
                out.append(f'<DORA hai="{order[len(order) - 2 - replacements - 2 * indicators]}"/>')
            indicators += 1
        elif kind == "payment" and event.get("reason") == "riichi_stick" and event.get("payee") is None:
            out.append(f'<REACH who="{event["payer"]}" step="2"/>')
        elif kind == "counter" and event.get("name") == "honba":
            honba = int(event.get("value", 0))
        elif kind == "mahjong":
            seat, giver = int(event["seat"]), event.get("discarder")
            machi = last.get("drawn") if giver is None else last.get("discard", last.get("added", last.get("north")))
            wins.append({"who": seat, "from": seat if giver is None else int(giver), "machi": machi})
        elif kind == "deal_end":
            us = figures[deal]
            deltas = [b - a for a, b in zip(us["start"], us["scores"], strict=True)]
            final = ""
            if deal == len(figures) - 1:
                points = _final_points(us["scores"], events)
                final = ' owari="' + ",".join(f"{p // 100},0.0" for p in [*points, *[0] * (4 - n)]) + '"'
            if wins:
                for i, win in enumerate(wins):
                    mine = next(w for w in us["wins"] if w["winner"] == win["who"])
                    limit = ["", "mangan", "haneman", "baiman", "sanbaiman", "yakuman"].index(mine.get("limit") or "")
                    before = us["start"] if i == 0 else us["scores"]
                    out.append(f'<AGARI who="{win["who"]}" fromWho="{win["from"]}" machi="{win["machi"]}" '
                               f'ten="{mine.get("fu") or 0},{mine["points"]},{limit}" '
                               f'{_yaku(mine["yaku"], limit == 5)} '
                               + (f'm="{",".join(map(str, shown[win["who"]]))}" ' if shown[win["who"]] else "")
                               + f'sc="{sc(before, deltas if i == 0 else [0] * n)}"'
                               + (final if i == len(wins) - 1 else "") + "/>")
            else:
                end = us["end"]
                kind_attr = {"nine_terminals": ' type="yao9"', "four_kongs": ' type="kan4"',
                             "four_winds": ' type="kaze4"', "four_declarations": ' type="reach4"'}.get(end, "")
                ready = "".join(f' hai{s}=""' for s in us["ready"])
                out.append(f'<RYUUKYOKU{kind_attr} sc="{sc(us["start"], deltas)}"{ready}{final}/>')
            pot = 0 if wins else pot
        if kind == "payment" and event.get("payee") is None:
            pot += int(event["amount"])
        elif kind == "payment" and event.get("payer") is None:
            pot -= int(event["amount"])
    out.append("</mjloggm>")
    return "".join(out)


def _moves(events: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    kept = ("decision", "draw", "replacement", "claim", "kong", "bonus_declared", "mahjong", "hands",
            "dora_indicator_shown", "ura_dora_shown", "deal_end")
    return [(e["type"], e.get("actor"), e.get("seat"), e.get("action"), e.get("tile"), e.get("hands"), e.get("tiles"))
            for e in events if e["type"] in kept]


@pytest.mark.parametrize(("ruleset_id", "east", "go_type", "seed"), [
    ("sanma_tenhou", False, 0x01 | 0x08 | 0x10 | 0xA0, 3),  # 185: Houou three-player hanchan
    ("sanma_tenhou", True, 0x01 | 0x10 | 0xA0 | 0x40, 5),  # 241: Houou three-player East-only, fast
    ("riichi_tenhou", True, 0x01 | 0xA0 | 0x40, 2),  # 225: Houou four-player East-only, fast
])
def test_a_game_played_from_tenhous_walls_reads_back_move_for_move(tmp_path: Path, ruleset_id: str, east: bool,
                                                                    go_type: int, seed: int) -> None:
    preset = load_ruleset(ruleset_id)
    ruleset = load_ruleset_text(tenhou6.east_only_text(ruleset_id, preset.version), "east") if east else preset
    head, events, walls = _simulated(ruleset, seed)
    replacements = int((ruleset.value("dora_indicators") or {}).get("replacement_tiles", 4))
    text = _xml(head, events, walls, go_type, replacements)
    n = int(ruleset.param("players"))
    if n == 3:
        assert ' hai3=""' in text and ' n3=""' in text
        numbers = {int(x) for x in re.findall(r"<[TUVWDEFG](\d+)/>", text)}
        assert numbers <= set(TILES_3P)  # no 2m-8m: 4-31
        norths = [int(m) for m in re.findall(r'<N who="\d" m="(\d+)"/>', text) if decode_meld(int(m))[0] == "north"]
        assert norths  # the seeds are chosen so: Norths set aside
    game = read_text(text, "game.mjlog")[0]
    assert game.ruleset == ruleset_id and (game.ruleset_text is not None) == east
    assert len(game.players) == n
    played = play(game)
    assert played.differences == []  # the seed's walls gave every tile as written, and the figures agree
    assert _moves(played.events) == _moves(events)
    assert played.header["ruleset"]["id"] == ruleset.id
    log = tmp_path / "imported.jsonl"
    log.write_text(played.text(), encoding="utf-8")
    verdict = check(str(log), "audit")
    assert verdict.ok, verdict.text()
    assert "Tenhou's seed" in verdict.text()


def test_a_wall_tile_the_seed_does_not_give_is_refused_at_its_element() -> None:
    ruleset = load_ruleset("sanma_tenhou")
    head, events, walls = _simulated(ruleset, 3)
    text = _xml(head, events, walls, 185, 8)
    first_draw = re.search(r"<U(\d+)/>", text)
    assert first_draw is not None
    number = int(first_draw[1])
    other = next(n for n in TILES_3P if n // 4 != number // 4 and f"<U{n}/>" not in text[:first_draw.start()])
    broken = text[:first_draw.start()] + f"<U{other}/>" + text[first_draw.end():]
    game = read_text(broken, "game.mjlog")[0]
    with pytest.raises(FormatError) as caught:
        play(game)
    assert "the wall from Tenhou's seed gives" in caught.value.message
    assert caught.value.place is not None and caught.value.place.startswith("element ")


@pytest.mark.parametrize(("change", "said"), [
    (lambda t: t.replace('hai3=""', 'hai3="1,2,3"', 1), "<INIT hai3=...>: seat 3 is dealt tiles, but the game "
                                                        "seats 3"),
    (lambda t: re.sub(r'ten="(\d+),(\d+),(\d+),0"', r'ten="\1,\2,\3,250"', t, count=1),
     "<INIT ten=...> holds 4 numbers, not 3 (or 4, the empty seat's 0)"),
    (lambda t: re.sub(r"<V(\d+)/>", "<V8/>", t, count=1), "tile 8 (3m) is not in the tile set of sanma_tenhou"),
    (lambda t: re.sub(r"<INIT ([^>]*) oya=\"0\"", r'<INIT \1 oya="3"', t, count=1), "outside 0..2"),
])
def test_a_broken_three_player_log_is_named_at_its_element(change: Any, said: str) -> None:
    ruleset = load_ruleset("sanma_tenhou")
    head, events, walls = _simulated(ruleset, 3)
    text = change(_xml(head, events, walls, 185, 8))
    with pytest.raises(FormatError) as caught:
        game = read_text(text, "game.mjlog")[0]
        play(game)
    assert said in caught.value.message and str(caught.value.place).startswith("element ")
