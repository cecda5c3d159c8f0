"""What an mjai program seated at our table is sent (:class:`mahjong_formats.mjai_player.SeatMessages`): every
seat's discard with its true ``tsumogiri`` flag, and no tile the seat may not see.

The recorded sequence is a real mjai game (``../shared/real-logs/mjai``, the modern-dialect sample, a bot game
whose server wrote each discard's flag), imported into our log: played back event by event as each seat sees it,
the flags each seat is sent must be the ones the game's server recorded, for every seat's discards -- but the
dealer's first of each deal: our log deals the dealer fourteen tiles, with no draw to say which came last, so
that one flag is the writer's choice (the tile let go is written as the one drawn), the export's and the seat's
alike.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from shared_files import REAL_LOGS

from mahjong_formats.common import play
from mahjong_formats.mjai import MjaiWriter, code_of, read_file
from mahjong_formats.mjai_player import SeatMessages

ROOT = Path(__file__).resolve().parents[2]
MODERN = REAL_LOGS / "mjai" / "riichienv_126_204_0_mjai.jsonl"
GOLDEN = ROOT / "replays" / "riichi_tenhou-seed20261130.jsonl"


def _discards(messages: list[dict]) -> list[tuple[int, str, bool]]:
    return [(m["actor"], code_of(m["pai"]), m["tsumogiri"]) for m in messages if m["type"] == "dahai"]


def _after_the_dealers_first(messages: list[dict]) -> list[dict]:
    """The messages without each deal's first discard by its dealer (see the module docstring)."""
    kept: list[dict] = []
    dealer = None
    for m in messages:
        if m["type"] == "start_kyoku":
            dealer = m["oya"]
        elif m["type"] == "dahai" and m["actor"] == dealer:
            dealer = None
            continue
        kept.append(m)
    return kept


def _seat_messages(events: list[dict], seat: int, points: int) -> list[dict]:
    messages = SeatMessages(seat)
    out: list[dict] = []
    for event in events:
        out += messages.feed(event, [points] * 4)
    return out


@pytest.fixture(scope="module")
def imported() -> list[dict]:
    return play(read_file(str(MODERN))[0]).events


def test_every_seat_is_sent_the_tsumogiri_flags_the_recorded_game_has(imported: list[dict]) -> None:
    recorded = _discards(_after_the_dealers_first(
        [json.loads(line) for line in MODERN.read_text(encoding="utf-8").splitlines()]))
    assert sum(flag for _, _, flag in recorded) > 100 and not all(flag for _, _, flag in recorded)
    for seat in range(4):
        sent = _after_the_dealers_first(_seat_messages(imported, seat, 25000))
        assert _discards(sent) == recorded, seat
        # others' discards drawn and let go at once are said so (before, every other seat's flag was false)
        assert any(flag for actor, _, flag in _discards(sent) if actor != seat)


def test_a_seat_is_told_the_flags_an_export_of_the_whole_log_writes_and_not_the_tiles_drawn() -> None:
    events = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()][1:]
    whole = MjaiWriter(25000)
    exported: list[dict] = []
    for event in events:
        exported += whole.feed(event)
    for seat in range(4):
        sent = _seat_messages(events, seat, 25000)
        assert _discards(sent) == _discards(exported)
        for message in sent:
            if message["type"] == "tsumo":
                assert (message["pai"] == "?") == (message["actor"] != seat), message
            if message["type"] == "start_kyoku":
                assert all((set(hand) == {"?"}) == (n != seat) for n, hand in enumerate(message["tehais"]))
