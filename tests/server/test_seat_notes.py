"""A seat's notes (riichi's furiten, hook ``mahjong_seat_notes``): sent to that seat in its own view and to nobody
else, not even once the hands are laid open; a game whose plugins have none pays nothing for them."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_server_views import _play

from mahjong_core import Game, full_table_view, load_ruleset, make_bots, redact_table_view, seat_notes, with_seat_notes


def _notes(messages: list[dict[str, Any]]) -> list[tuple[int, list[dict[str, str]]]]:
    """Every note a viewer's messages carry, with the seat whose object held it."""
    out = []
    for m in messages:
        for view in (m.get("view"), *(p.get("view") for p in [m] if m["type"] == "prompt")):
            if isinstance(view, dict):
                out += [(s["seat"], s["notes"]) for s in view.get("seats", []) if "notes" in s]
    return out


def test_a_seat_is_told_its_own_furiten_and_no_one_else_is(tmp_path: Path) -> None:
    # The first seed whose deal makes a seat furiten (the bots' play decides which: not pinned to one seed).
    for seed in range(7, 47):
        streams = _play(tmp_path / str(seed), "riichi_tenhou", seed, ["greedy", "random"])
        told = {viewer: _notes(messages) for viewer, messages in streams.items()}
        assert told.pop(None) == [], "a spectator was sent a seat's notes"
        if any(told.values()):
            break
    assert any(told.values()), "no seat was ever furiten in forty deals"
    for seat, notes in told.items():
        assert all(owner == seat for owner, _ in notes), f"seat {seat} was sent another seat's notes"
        for _, said in notes:
            assert [n["name"] for n in said] == ["furiten"] and said[0]["label"] == "furiten"
            assert "you may not win on a discard" in said[0]["detail"]


def test_the_notes_are_cut_from_every_other_view_even_with_the_hands_open() -> None:
    view = {"seats": [{"seat": 0, "concealed": ["1m"], "melds": [], "notes": [{"name": "furiten"}]},
                      {"seat": 1, "concealed": ["2m"], "melds": [], "notes": [{"name": "furiten"}]}]}
    for reveal in (False, True):
        mine = redact_table_view(view, 0, reveal=reveal)
        assert "notes" in mine["seats"][0] and "notes" not in mine["seats"][1]
        assert all("notes" not in s for s in redact_table_view(view, None, reveal=reveal)["seats"])
    plain = {"seats": [{"seat": 0, "concealed": ["1m"], "melds": []}]}
    assert redact_table_view(plain, None, reveal=True) is plain  # nothing to cut: the view itself


def test_a_game_without_notes_asks_nothing() -> None:
    game = Game(load_ruleset("mcr"), make_bots(["random"] * 4, 1), 1, max_deals=1)
    game.play()
    view = full_table_view(game.table)
    assert "mahjong_seat_notes" not in game.implemented
    assert seat_notes(game, 0) == [] and with_seat_notes(view, game) is view
