"""How a log reaches its file and how it is read back, at the engine's speed and with nothing less checked.

A simulated game is re-created from its seed, so its log need not survive a
crash line by line; writing it a deal at a time spares a system call and a
flush per line.  The bytes and the chain must not depend on the batching, and
the writer that flushes every line (the default) must go on doing so.
Reading a sealed log holds every line to the canonical form; a line whose
decoding already proved it canonical is not serialised again for that.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.log import chain as log_chain
from mahjong_core.log import format as replay_log
from mahjong_core.log.chain import Sealer, Signer
from mahjong_core.log.format import ReplayWriter, header, parse_log
from mahjong_core.log.simulate import play_game
from mahjong_core.reading.schema_compile import compile_schema, json_equal
from mahjong_core.reading.strict_json import StrictJSONError, loads_canonical
from mahjong_core.rules import load_ruleset
from mahjong_core.table.rng import ALGORITHM


class CountingFile:
    """A file that counts the writes and flushes it is asked for."""

    def __init__(self, file: Any):
        self.file, self.writes, self.flushes = file, 0, 0

    def write(self, text: str) -> int:
        self.writes += 1
        return int(self.file.write(text))

    def flush(self) -> None:
        self.flushes += 1
        self.file.flush()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.file, name)


def _game_events(rid: str, seed: int, deals: int) -> list[dict[str, Any]]:
    """A game's header and events as the engine emits them."""
    ruleset = load_ruleset(rid)
    players = make_bots(["greedy"] * 4, seed)
    events: list[dict[str, Any]] = []
    game = Game(ruleset, players, seed, emit=events.append, max_deals=deals)
    seats = [{"seat": i, "name": p.name, "kind": p.kind} for i, p in enumerate(players)]
    head = header(ruleset, seed, ALGORITHM, seats, game.table.teams, {"max_deals": deals})
    game.play()
    return [head, *events]


def test_a_simulated_game_writes_its_log_once_a_deal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[CountingFile] = []

    def counting_open(*args: Any, **kwargs: Any) -> CountingFile:
        opened.append(CountingFile(open(*args, **kwargs)))  # noqa: SIM115
        return opened[-1]

    monkeypatch.setattr(replay_log, "open", counting_open, raising=False)
    path = tmp_path / "game.jsonl"
    played = play_game(load_ruleset("chinese_classical"), 7, ["random"] * 4, replay=path, max_deals=3)
    assert played.result.deals == 3
    lines = path.read_text(encoding="utf-8").splitlines()
    assert played.events == len(lines) - 1 > 100
    (file,) = opened
    # One write at each deal's end and one at the game's end (the header goes with the first deal); never a
    # flush a line.
    assert file.writes <= played.result.deals + 1
    assert file.flushes == 0
    assert check(str(path), "replay").ok


def test_the_default_writer_still_flushes_every_line() -> None:
    events = _game_events("chinese_classical", 3, 1)
    stream = CountingFile(io.StringIO())
    writer = ReplayWriter(stream)
    for n, event in enumerate(events, 1):
        writer.write(event)
        assert stream.getvalue().count("\n") == n  # on the stream as soon as it is written
    assert stream.flushes == len(events)


@pytest.mark.parametrize("signed", [False, True])
def test_a_batched_log_has_the_bytes_and_the_chain_of_one_written_line_by_line(signed: bool) -> None:
    events = _game_events("mcr", 11, 2)
    signer = Signer(Ed25519PrivateKey.generate()) if signed else None
    by_line, batched = io.StringIO(), io.StringIO()
    with ReplayWriter(by_line, signer=signer) as one:
        for event in events:
            one.write(event)
    writer = ReplayWriter(batched, signer=signer, batch=True)
    for event in events:
        writer.write(event)
        # Held until a checkpoint: the stream holds whole deals only.
        assert batched.getvalue() == "" or '"chain":' in batched.getvalue().splitlines()[-1]
    writer.close()
    assert batched.getvalue() == by_line.getvalue()
    # Ed25519 signatures are deterministic, so even a signed log is the same bytes.
    sealer = Sealer(signer)
    assert batched.getvalue() == "".join(sealer.line(e) + "\n" for e in events)
    assert '"chain":' in batched.getvalue()


@pytest.mark.parametrize("signed", [False, True])
def test_sealing_many_lines_at_once_gives_the_lines_of_sealing_them_one_by_one(signed: bool) -> None:
    events = _game_events("chinese_classical", 4, 2)
    signer = Signer(Ed25519PrivateKey.generate()) if signed else None
    one, many = Sealer(signer), Sealer(signer)
    expected = "".join(one.line(e) + "\n" for e in events)
    # In runs that start and end anywhere: with the header, a checkpoint or neither inside or at either end.
    cuts = [0, 1, 5, *(i + 1 for i, e in enumerate(events) if e["type"] == "deal_end"), len(events) - 3]
    bounds = sorted(set(cuts)) + [len(events)]
    got = "".join(many.lines(events[a:b]) for a, b in zip(bounds, bounds[1:], strict=False))
    assert got == expected
    assert many.lines([]) == ""


def test_a_batch_cut_off_before_its_checkpoint_is_written_at_close(tmp_path: Path) -> None:
    events = _game_events("chinese_classical", 5, 1)
    cut = next(i for i, e in enumerate(events) if e["type"] == "deal_end")
    path = tmp_path / "cut.jsonl"
    with ReplayWriter(path, batch=True) as writer:
        for event in events[:cut]:
            writer.write(event)
        assert path.read_text(encoding="utf-8") == ""
    assert len(path.read_text(encoding="utf-8").splitlines()) == cut


# ---------------------------------------------------------------- reading


def test_decoding_tells_which_lines_it_proved_canonical() -> None:
    assert loads_canonical('{"a":1,"b":[true,null,"x"]}') == ({"a": 1, "b": [True, None, "x"]}, True)
    assert loads_canonical('{"b":1,"a":2}') == ({"b": 1, "a": 2}, False)  # keys out of order
    assert loads_canonical('{"a": 1}') == ({"a": 1}, False)  # a space
    assert loads_canonical('{"a":9007199254740991}') == ({"a": 9007199254740991}, True)
    with pytest.raises(StrictJSONError, match="beyond the bound"):
        loads_canonical('{"a":9007199254740992}')
    with pytest.raises(StrictJSONError, match="duplicate key"):
        loads_canonical('{"a":1,"a":1}')


def test_reading_a_sealed_log_does_not_serialise_its_canonical_lines_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.jsonl"
    play_game(load_ruleset("chinese_classical"), 9, ["greedy"] * 4, replay=path, max_deals=2)
    data = path.read_bytes()
    calls = 0
    real = log_chain.canonical

    def counting(value: Any) -> str:
        nonlocal calls
        calls += 1
        return real(value)

    monkeypatch.setattr(log_chain, "canonical", counting)
    log = parse_log(data, source="game.jsonl")
    assert log.integrity.broken is None and log.integrity.chained == 3
    # The header, and each checkpoint's base for its chain: not one call a line.
    assert calls <= 1 + log.integrity.checkpoints < len(log.lines) / 10


def test_a_line_not_in_canonical_form_is_still_refused_in_a_sealed_log(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    play_game(load_ruleset("chinese_classical"), 9, ["greedy"] * 4, replay=path, max_deals=1)
    lines = path.read_text(encoding="utf-8").splitlines()
    lines[5] = lines[5].replace(":", ": ", 1)  # the same value, spelt with a space
    log = parse_log(("\n".join(lines) + "\n").encode(), source="game.jsonl")
    assert log.integrity.broken is not None
    assert log.integrity.broken[0] == 6 and "canonical" in log.integrity.broken[1]


@pytest.mark.parametrize("const", ["discard", "", True, False, None, 0, 1, [1], {"a": 1}])
def test_a_compiled_const_means_what_json_equality_means(const: Any) -> None:
    check = compile_schema({"const": const})
    for value in ["discard", "", True, False, None, 0, 1, 1.0, 0.0, [1], [True], {"a": 1}, {"a": True}, []]:
        assert check(value) == json_equal(value, const), (const, value)
