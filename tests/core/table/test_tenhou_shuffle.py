"""Tenhou's wall shuffle (``mt19937ar-sha512-n288``) and its layout, against real games.

The shared sample (``../shared/real-logs/``, never copied here) gives two independent checks: each Tenhou XML
log's seed must rebuild every deal's dealt hands, dice and first dora indicator exactly as the log's ``INIT``
records them; and the whole walls the mjx project stores beside its Tenhou games (``mjx-state``, tile numbers in
draw order) must deal, turn indicators and give replacement tiles where the core's wall, laid out by
:class:`mahjong_core.PlatformWalls`, says they do.
"""

from __future__ import annotations

import base64
import json
import random
import re
import struct
from collections import Counter
from pathlib import Path

import pytest
from shared_files import REAL_LOGS

from mahjong_core import MahjongError, TenhouShuffle, load_ruleset, tenhou_code
from mahjong_core.log.platform_wall import build
from mahjong_core.table.tenhou_shuffle import _init_by_array, draw_order

ROOT = Path(__file__).resolve().parents[3]
SHARED = REAL_LOGS
MJLOGS = sorted((SHARED / "tenhou-mjlog").glob("*.mjlog"))
STATES = sorted((SHARED / "mjx-state").glob("*.json"))
RULESET = load_ruleset("riichi_tenhou")
KINDS = {info.code: info.index for info in RULESET.tiles().kinds if info is not None}


def _inits(path: Path) -> tuple[str, list[dict[str, str]]]:
    text = path.read_text(encoding="utf-8")
    seed = re.search(r'<SHUFFLE seed="([^"]+)"', text)
    assert seed is not None
    inits = [dict(re.findall(r'(\w+)="([^"]*)"', m)) for m in re.findall(r"<INIT ([^>]*)/>", text)]
    return seed[1], inits


@pytest.mark.parametrize("path", MJLOGS, ids=lambda p: p.stem)
def test_the_seed_rebuilds_every_deals_hands_dice_and_first_indicator(path: Path) -> None:
    seed, inits = _inits(path)
    shuffle = TenhouShuffle(seed)
    assert inits
    for init in inits:
        wall, dice = shuffle.next_wall()
        numbers = [int(x) for x in init["seed"].split(",")]
        assert [d - 1 for d in dice] == numbers[3:5]  # the log writes each die as 0-5
        assert wall[5] == numbers[5]  # the first dora indicator
        dealer = int(init["oya"])
        taken = draw_order(wall)
        for offset in range(4):  # four tiles a seat from the dealer, three times, then one each
            seat = (dealer + offset) % 4
            dealt = [t for r in range(3) for t in taken[16 * r + 4 * offset:16 * r + 4 * offset + 4]]
            dealt.append(taken[48 + offset])
            assert dealt == [int(x) for x in init[f"hai{seat}"].split(",")]
    assert shuffle.deals == len(inits)


def test_the_generator_seeded_in_c_is_init_by_array_s_and_a_seed_ending_in_a_zero_word_keeps_it() -> None:
    """The seed read as an integer seeds Python's generator by init_by_array in C; a seed whose last word is 0
    would lose that word there (a shorter integer, another state), so it is seeded by the module's own
    init_by_array, as Tenhou's generator is."""
    seed, _ = _inits(MJLOGS[0])
    raw = base64.b64decode(seed.split(",", 1)[1])
    for key in (raw, raw[:-4] + bytes(4)):
        expected = random.Random()
        expected.setstate((3, (*_init_by_array(struct.unpack("<624I", key)), 624), None))
        shuffle = TenhouShuffle(base64.b64encode(key).decode())
        assert shuffle._mt.getstate() == expected.getstate()
    assert random.Random(int.from_bytes(key, "little")).getstate() != expected.getstate()  # why the fallback


def test_a_seed_that_is_not_624_words_is_refused_in_words() -> None:
    with pytest.raises(MahjongError, match="decodes to 6 bytes"):
        TenhouShuffle("mt19937ar-sha512-n288-base64,AAAAAAAA")
    with pytest.raises(MahjongError, match="not base64"):
        TenhouShuffle("mt19937ar-sha512-n288-base64,!!!")


def _states() -> list[tuple[str, dict[str, object]]]:
    found = []
    for path in STATES:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines()):
            state = json.loads(line)
            if len(state.get("hiddenState", {}).get("wall", ())) == 136 and "privateObservations" in state:
                found.append((f"{path.stem}:{number + 1}", state))
    return found


STATE_WALLS = _states()


def test_the_mjx_sample_has_whole_walls() -> None:
    assert len(STATE_WALLS) >= 40


@pytest.mark.parametrize("name,state", STATE_WALLS, ids=[n for n, _ in STATE_WALLS])
def test_a_whole_wall_deals_and_shows_indicators_where_the_layout_puts_them(name: str, state: dict) -> None:
    order = state["hiddenState"]["wall"]
    public = state["publicObservation"]
    dealer = int(public["initScore"].get("round", 0)) % 4
    kinds = [KINDS[tenhou_code(n)] for n in order]
    wall = build(kinds, (1, 1), RULESET.value("wall_ceremony"), 4, 14, list(RULESET.tiles().tiles))
    hands = wall.deal(4)
    for offset, hand in enumerate(hands):
        seat = (dealer + offset) % 4
        private = state["privateObservations"][seat]
        want = list(private["initHand"]["closedTiles"])
        if offset == 0:  # the dealer's fourteenth dealt tile is its first draw
            want.append(private["drawHistory"][0])
        assert Counter(hand) == Counter(KINDS[tenhou_code(n)] for n in want), name
    for k, shown in enumerate(public.get("doraIndicators", ())):
        assert wall.dead_wall_tile(4 + 2 * k) == KINDS[tenhou_code(shown)], name
    for k, under in enumerate(state["hiddenState"].get("uraDoraIndicators", ())):
        assert wall.dead_wall_tile(5 + 2 * k) == KINDS[tenhou_code(under)], name
    draws = Counter(KINDS[tenhou_code(n)] for p in state["privateObservations"] for n in p.get("drawHistory", ()))
    kongs = sum(1 for e in public.get("events", ()) if e.get("type") in
                ("EVENT_TYPE_CLOSED_KAN", "EVENT_TYPE_OPEN_KAN", "EVENT_TYPE_ADDED_KAN"))
    wins = (state.get("roundTerminal") or {}).get("wins", ())
    kongs -= sum(3 in w.get("yakus", ()) for w in wins)  # a robbed kong (chankan, Tenhou's yaku 3) is not replaced
    for _ in range(min(kongs, 4)):  # each kong's replacement tile is among the draws, off the dead end in order
        assert draws[wall.draw_replacement()] > 0, name


@pytest.mark.parametrize("path", MJLOGS[:3], ids=lambda p: p.stem)
def test_a_three_player_wall_shuffles_its_108_tiles_with_the_same_words_and_dice(path: Path) -> None:
    """Each deal takes the same 288 words whatever the wall's size: a three-player wall is a permutation of its
    108 tile numbers (no 2m-8m), thrown with the very dice the four-player wall of the same seed and deal has, and
    not the four-player wall with 2m-8m taken out (a real three-player game's seed deals by the former: the
    module's docstring)."""
    from mahjong_core.table.tenhou_shuffle import TILES_3P

    seed, inits = _inits(path)
    four, three = TenhouShuffle(seed), TenhouShuffle(seed)
    for _ in inits[:4]:
        wall4, dice4 = four.next_wall()
        wall3, dice3 = three.next_wall(TILES_3P)
        assert sorted(wall3) == sorted(TILES_3P) and len(wall3) == 108 and not any(1 <= n // 4 <= 7 for n in wall3)
        assert dice3 == dice4
        assert wall3 != [n for n in wall4 if n in set(TILES_3P)]  # not the four-player wall with 2m-8m taken out
    assert four.deals == three.deals
