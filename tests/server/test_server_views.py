"""Hidden information at a live table: each seat is sent its own view, a spectator only what is public.

Many seeded deals of every installed ruleset are played by bots through the
server's message layer (the table's engine thread, :meth:`Tables.deliver` and
each connection's outgoing queue, as in the running server; only the socket
is left out), with a connection watching as every seat and one as a spectator.
The property checked, message by message:

* the spectator is sent no concealed tile of any seat before the hands are
  laid open at the end of play, no undrawn tile, no declined offer;
* seat N is sent exactly what the spectator is sent, plus its own tiles and
  its own prompts: with N's own tiles masked and its own private decisions
  dropped, N's stream equals the spectator's.  So N never learns another
  seat's concealed tile or a wall tile.
"""

from __future__ import annotations

import asyncio
import copy
import json
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.log.redaction import live_event_view, redact_table_view
from mahjong_core.rules import available, load_ruleset
from mahjong_server.app import Connection, Settings, Tables
from mahjong_server.live import LiveTable, SeatSpec

_END_OF_PLAY = ("mahjong", "exhaustive_draw", "deal_abandoned", "abortive_draw")
#: The phases whose decisions everyone sees: a seat's others (claims, exchanges, declarations, a plugin's own
#: phase such as a missing suit chosen) are its own until their outcome is announced.
_PUBLIC_PHASES = ("turn", "false_mahjong")


def _play(tmp: Path, rid: str, seed: int, bots: list[str]) -> dict[Any, list[dict[str, Any]]]:
    """Each viewer's messages: seats by number, ``None`` the spectator."""
    async def go() -> dict[Any, list[dict[str, Any]]]:
        loop = asyncio.get_running_loop()
        tables = Tables(Settings(data=tmp, bot_pace_s=0, deal_pause_s=0))
        tables.loop = loop
        files = tables.data.new_table()
        files.create({})
        ruleset = load_ruleset(rid)
        n = int(ruleset.param("players"))
        table = LiveTable(files, ruleset, [SeatSpec(bots[i % len(bots)], "") for i in range(n)], "deal", seed)
        viewers: list[int | None] = [*range(n), None]
        conns = {v: Connection(ws=None, table=table, seat=v, joined=True) for v in viewers}  # type: ignore[arg-type]
        for c in conns.values():
            c.queue = asyncio.Queue()  # unbounded here: the test reads after the deal
        tables.tables[table.id] = table
        tables.watchers[table.id] = set(conns.values())
        table.start(loop, tables.deliver)
        while table.status in ("starting", "playing"):
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)  # let the last posted deliveries run
        assert table.status == "finished", table.error
        out: dict[Any, list[dict[str, Any]]] = {}
        for v, c in conns.items():
            out[v] = []
            while not c.queue.empty():
                text = c.queue.get_nowait()
                assert isinstance(text, str)
                out[v].append(json.loads(text))
        return out

    return asyncio.run(go())


def _mask(message: dict[str, Any], seat: int, visibility: Any) -> dict[str, Any] | None:
    """Seat ``seat``'s message with what only that seat may know taken out (None: a message only it gets): its
    hand, its concealed kongs' face-down tiles, its private decisions and its choices that overran their limit."""
    m = copy.deepcopy(message)
    m.pop("elapsed_ms", None)  # real time since the turn began, when the message was made
    if m["type"] in ("prompt", "prompt_closed"):
        return None
    event = m.get("event")
    if event is not None:
        if event["type"] == "decision" and event["actor"] == seat and not _public_decision(event):
            return None
        if event["type"] == "timeout" and event["seat"] == seat and event["what"] != "move":
            return None
        if event["type"] == "decision" and event["actor"] == seat and visibility.overran(event):
            return None
        masked = live_event_view(event, None, visibility)
        assert masked is not None
        m["event"] = masked
    view = m.get("view")
    if view is not None and view.get("seats") and not _revealed_view(view):
        m["view"] = redact_table_view(view, None, visibility=visibility)
    if view is not None and view.get("seats"):  # what the seat alone is told (its furiten), even with hands open
        for s in m["view"]["seats"]:
            assert "notes" not in s or s["seat"] == seat, f"seat {seat} is sent seat {s['seat']}'s notes"
            s.pop("notes", None)
    return m


def _public_decision(event: dict[str, Any]) -> bool:
    """A decision every seat hears: a turn's (a discard, a call's outcome), a calling hand declared, and a courtesy
    pass's ask, which names a count and no tile (how many each pair passes follows from both asks)."""
    asked = event.get("way") == "ask" and "tile" not in event and "tiles" not in event
    return event["phase"] in _PUBLIC_PHASES or event["action"] == "declare_calling" or asked


def _revealed_view(view: dict[str, Any]) -> bool:
    return all("concealed" in s for s in view["seats"])


def _check_spectator(messages: list[dict[str, Any]]) -> None:
    open_ = False
    for m in messages:
        text = json.dumps(m)
        assert '"seed":' not in text and '"wall":' not in text
        event = m.get("event")
        if event is not None:
            assert "n" not in event  # running numbers would count the decisions a viewer may not see
            if event["type"] == "deal_start":
                open_ = False
            if event["type"] in _END_OF_PLAY and not event.get("play_on"):  # a winner who plays on shows nothing
                open_ = True
            if event["type"] == "hands":
                assert all(t == "?" for hand in event["hands"] for t in hand)
            if event["type"] in ("draw", "replacement"):
                assert event["tile"] == "?"
            if event["type"] == "decision":
                assert _public_decision(event), event
        view = m.get("view")
        if view is not None and not open_:
            assert all("concealed" not in s for s in view["seats"]), m
        if view is not None:
            assert all("notes" not in s for s in view["seats"]), m  # a seat's furiten is its own


CASES = [(rid, seed) for rid in sorted(available()) for seed in (1, 2)]


@pytest.mark.parametrize(("rid", "seed"), CASES)
def test_no_message_to_a_seat_holds_another_seats_concealed_tile_or_a_wall_tile(tmp_path: Path, rid: str,
                                                                                 seed: int) -> None:
    from mahjong_core.log.redaction import Visibility

    streams = _play(tmp_path, rid, seed, ["greedy", "random"])
    visibility = Visibility.of(load_ruleset(rid))
    spectator = [{k: v for k, v in m.items() if k != "elapsed_ms"} for m in streams.pop(None)]
    _check_spectator(spectator)
    assert any(m.get("event", {}).get("type") == "settlement" for m in spectator)
    for seat, messages in streams.items():
        masked = [x for x in (_mask(m, seat, visibility) for m in messages) if x is not None]
        assert masked == spectator, f"seat {seat} is sent more than the spectator besides its own tiles"
        # And it does see its own tiles: its dealt hand is in its stream.
        hands = next(m["event"]["hands"] for m in messages if m.get("event", {}).get("type") == "hands")
        assert all(t != "?" for t in hands[seat])


def test_a_declined_claim_is_not_shown_to_the_others() -> None:
    passed = {"n": 5, "t": 0, "actor": 2, "type": "decision", "phase": "claim", "action": "pass"}
    chow = {"n": 6, "t": 0, "actor": 3, "type": "decision", "phase": "claim", "action": "chow", "tile": "3m",
            "tiles": ["1m", "2m"]}
    for event in (passed, chow):
        assert live_event_view(event, event["actor"]) == event
        assert live_event_view(event, 0) is None
        assert live_event_view(event, None) is None
    discard = {"n": 7, "t": 0, "actor": 1, "type": "decision", "phase": "turn", "action": "discard", "tile": "5p"}
    assert live_event_view(discard, None) == discard


# ---------------------------------------------------------------------- what stays hidden beyond the hands


def _events(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [m["event"] for m in messages if m["type"] == "event"]


def _before_the_hands_open(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages up to the end of play (mahjong or exhaustive draw), after which every hand is laid open."""
    for i, m in enumerate(messages):
        if m.get("event", {}).get("type") in _END_OF_PLAY:
            return messages[:i]
    return messages


def test_a_tile_put_back_on_the_wall_is_shown_only_to_the_seat_that_drew_it(tmp_path: Path) -> None:
    """Traditional, seed 28: a late pung takes the turn from seat 1, whose drawn 1p goes back on the wall and
    is the next seat's draw: whoever else learnt it would know that seat's tile."""
    streams = _play(tmp_path, "traditional", 28, ["random"])
    for viewer, messages in streams.items():
        returned = [e for e in _events(messages) if e["type"] == "draw_returned"]
        assert [(e["seat"], e["tile"]) for e in returned] == [(1, "1p" if viewer == 1 else "?")], viewer


def test_a_choice_replaced_by_its_timeout_is_sent_to_nobody_else(tmp_path: Path) -> None:
    """MCR, seed 203: seat 1's bot chooses to discard 9m after 10.8 s of a 10 s move; the timeout discards 1m
    instead and the seat keeps its 9m, which nobody else may be told of."""
    streams = _play(tmp_path, "mcr", 203, ["greedy", "random", "random", "random"])
    for viewer, messages in streams.items():
        events = _events(messages)
        late = [e for e in events if e["type"] == "decision" and e.get("after_ms") == 10822]
        assert late == ([{"t": 11500, "actor": 1, "type": "decision", "phase": "turn", "action": "discard",
                          "tile": "9m", "after_ms": 10822}] if viewer == 1 else []), viewer
        timeout = next(e for e in events if e["type"] == "timeout")
        assert (timeout["seat"], timeout["action"], timeout["tile"]) == (1, "discard", "1m")


def _kong_melds(message: dict[str, Any], seat: int) -> list[list[str]]:
    view = message.get("view") or {}
    return [m["tiles"] for s in view.get("seats", []) if s["seat"] == seat for m in s["melds"]
            if m["kind"] == "kong" and not m["exposed"]]


@pytest.mark.parametrize(("rid", "seed", "bots", "konger", "tile", "shown"), [
    ("traditional", 28, ["random"], 0, "2s", ["?", "2s", "2s", "?"]),  # concealed_kong_shown: middle face up
    ("mcr", 203, ["greedy", "random", "random", "random"], 0, "5s", ["?", "?", "?", "?"]),  # face down
])
def test_a_concealed_kong_shows_the_others_only_what_the_ruleset_lays_face_up(
        tmp_path: Path, rid: str, seed: int, bots: list[str], konger: int, tile: str, shown: list[str]) -> None:
    streams = _play(tmp_path, rid, seed, bots)
    for viewer, messages in streams.items():
        mine = viewer == konger
        playing = _before_the_hands_open(messages)
        kong = next(e for e in _events(playing) if e["type"] == "kong")
        decision = next(e for e in _events(playing) if e["type"] == "decision" and e["action"] == "kong")
        assert kong["tile"] == decision["tile"] == (tile if mine or shown[1] != "?" else "?"), viewer
        assert kong.get("tiles", [tile] * 4) == ([tile] * 4 if mine else shown), viewer
        melds = [tiles for m in playing for tiles in _kong_melds(m, konger)]
        assert melds and all(tiles == ([tile] * 4 if mine else shown) for tiles in melds), viewer
        # Laid open at the end of play, it is everybody's to see.
        assert [tile] * 4 in [tiles for m in messages[len(playing):] for tiles in _kong_melds(m, konger)]


def test_an_unfinished_games_page_hides_what_a_spectator_does_not_see(tmp_path: Path) -> None:
    """The replay viewer's data for a game in progress: MCR seed 203's finished deal as a spectator saw it."""
    from mahjong_core.log.simulate import play_game
    from mahjong_server.replay_page import game_in_progress

    path = tmp_path / "mcr.jsonl"
    play_game(load_ruleset("mcr"), 203, ["greedy", "random", "random", "random"], replay=path, max_deals=1)
    lines = path.read_text(encoding="utf-8").splitlines()
    events = game_in_progress(lines[:-1], "mcr")["events"]  # without game_end: still in progress
    assert not [e for e in events if e["type"] == "decision" and e.get("after_ms", 0) > 10000]
    kong = next(e for e in events if e["type"] == "kong")
    assert (kong["tile"], kong["tiles"]) == ("?", ["?"] * 4)


# ---------------------------------------------------------------------- tiles a plugin turns face up


def test_a_dora_indicator_is_sent_to_every_viewer_face_up_and_held_in_every_view(tmp_path: Path) -> None:
    """Riichi's dora indicators (the example_riichi_mechanics package): a tile of the dead wall no seat has taken,
    turned face up by a plugin's event.  Every seat and the spectator are sent it as it is, and each view after it
    holds the deal's indicators so far (``shown``); the rest of the dead wall is covered by the test above (a
    seat's stream, its own tiles masked, is the spectator's) and by the oracle of tests/core/log."""
    rid = "example_riichi_mechanics"
    if rid not in available():
        pytest.fail("install plugins/examples/example_riichi_mechanics (.ci/run does) to test its indicators")
    kongs = locks = 0
    for seed in (11, 48):  # first deals with a kong (11) and with a declaration and a kong (48)
        for viewer, messages in _play(tmp_path / str(seed), rid, seed, ["declaring", "random"]).items():
            k, n = _indicators_seen(viewer, messages)
            kongs, locks = kongs + k, locks + n
    assert kongs and locks, f"{kongs} indicators of kongs and {locks} declarations seen in the seeded deals"


def _indicators_seen(viewer: int | None, messages: list[dict[str, Any]]) -> tuple[int, int]:
    """Check one viewer's stream; the indicators after the first it was sent, and the declarations."""
    shown: list[str] = []
    indicators = locks = 0
    for m in messages:
        event = m.get("event") or {}
        if event.get("type") == "deal_start":
            shown = []
        elif event.get("type") == "dora_indicator":
            assert event["tile"] != "?" and event["indicator"] == len(shown) + 1, (viewer, event)
            shown.append(event["tile"])
            indicators += 1
        elif event.get("type") == "hand_locked":
            locks += 1
        view = m.get("view")
        if view is not None and view.get("seats") and event.get("type") not in ("deal_start", None):
            assert view.get("shown", []) == shown, (viewer, event, view.get("shown"))
    assert indicators >= 1, (viewer, "no indicator as the hands were dealt")
    return indicators - 1, locks
