"""No traceback, ever: every reader of untrusted input answers arbitrary and damaged input with a verdict.

Each reader gets at least 10,000 generated inputs here (``FUZZ_EXAMPLES``;
``MAHJONG_FUZZ_EXAMPLES`` raises it for a long run, and ``fuzz/`` has
coverage-guided atheris targets for the same readers, see
``docs/conformance.rst``).  The property is the same everywhere: the reader
succeeds, or raises the project's located error -- never anything else.  The
memory bound (under 100 MB for any input, accepted or refused) is measured on
the worst inputs the bounds admit, in a child process.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import TypeVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shared_files import REAL_LOGS

from mahjong_core.audit.check import check
from mahjong_core.errors import MahjongError, ReplayError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.log.format import MAX_LINES, MAX_LOG_BYTES, parse_log
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import load_ruleset

FUZZ_EXAMPLES = int(os.environ.get("MAHJONG_FUZZ_EXAMPLES", "10000"))
FUZZ = settings(max_examples=FUZZ_EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])
ROOT = Path(__file__).resolve().parents[2]


T = TypeVar("T")


class _Choices:
    """The many small choices that damage one input (where, how, how much), made by a generator seeded with one
    draw of hypothesis's.

    Hypothesis still picks each input (the seed, whether it is damaged at all, the arbitrary bytes and text),
    so a run is reproducible and a failure is replayed from its seed; drawing each of some twenty choices from
    hypothesis cost more than reading the input did (about 1.2 of 4.4 ms an mjai input).
    """

    def __init__(self, data: st.DataObject) -> None:
        self._rng = random.Random(data.draw(st.integers(0, 2**64 - 1), label="seed of the changes"))

    def integer(self, low: int, high: int) -> int:
        return self._rng.randint(low, high)

    def one_of(self, options: Sequence[T]) -> T:
        return self._rng.choice(options)

    def coin(self) -> bool:
        return self._rng.random() < 0.5
HOUSE_RULE = (ROOT / "plugins" / "examples" / "shanghai_1500_no_bank" / "ruleset.yaml").read_text(encoding="utf-8")


@cache
def _sample_bytes(path: Path) -> bytes:
    """A sample file's bytes, read once a run: the readers' tests start every one of their inputs from it."""
    return path.read_bytes()


@pytest.fixture(scope="module")
def small_log(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("fuzz") / "game.jsonl"
    play_game(load_ruleset("harbin"), 8, ["greedy", "random", "greedy", "random"], replay=path, max_deals=1)
    return path.read_bytes()


def _damaged(data: bytes, draw: st.DataObject) -> bytes:
    """A few byte-level changes: flips, insertions, deletions, splices of the log's own bytes."""
    data, dice = bytearray(data), _Choices(draw)
    for _ in range(dice.integer(1, 4)):
        at = dice.integer(0, max(0, len(data) - 1))
        how = dice.one_of(["flip", "insert", "delete", "splice", "cut"])
        if how == "flip" and data:
            data[at] ^= dice.integer(1, 255)
        elif how == "insert":
            data[at:at] = dice.one_of([b"{", b"}", b"[", b'"', b"\n", b",", b"\\", b"\xff", b"1e999", b"NaN",
                                       b"true", b'"n":0,', b"\x00", b"-", b"9" * 30])
        elif how == "delete":
            del data[at:at + dice.integer(1, 64)]
        elif how == "splice":
            other = dice.integer(0, max(0, len(data) - 1))
            data[at:at] = data[other:other + dice.integer(1, 200)]
        else:
            del data[at:]
    return bytes(data)


@FUZZ
@given(data=st.data())
def test_the_log_reader_answers_every_damaged_log(small_log: bytes, data: st.DataObject) -> None:
    damaged = _damaged(small_log, data) if data.draw(st.booleans(), label="damaged") else \
        data.draw(st.binary(max_size=2048), label="bytes")
    for validate in (True, False):
        try:
            parse_log(damaged, source="fuzz.jsonl", validate_events=validate, decode_events=validate)
        except ReplayError as exc:
            assert exc.source == "fuzz.jsonl" and exc.message


@settings(max_examples=max(300, FUZZ_EXAMPLES // 20), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_replay_and_audit_answer_every_damaged_log(small_log: bytes, tmp_path: Path, data: st.DataObject) -> None:
    """The whole check, rules included, on damaged logs: a verdict with a place, never an exception."""
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(_damaged(small_log, data))
    for mode in ("replay", "audit"):
        verdict = check(str(path), mode)
        assert isinstance(verdict.ok, bool) and (verdict.ok or verdict.error)


def _mutated_yaml(text: str, draw: st.DataObject) -> str:
    lines, dice = text.splitlines(), _Choices(draw)
    for _ in range(dice.integer(1, 3)):
        k = dice.integer(0, len(lines) - 1)
        how = dice.one_of(["replace", "indent", "dedent", "duplicate", "delete", "junk"])
        if how == "replace":
            lines[k] = dice.one_of([
                "usual_limit: {value: 1e999}", "usual_limit: {value: .nan}", "x: !!python/object:os.system ls",
                "a: &x [1]\nb: *x", "<<: {a: 1}", "extends: " + "x" * 500, "extends: shanghai_1500_no_bank",
                "id: 9", "version: [1]", "parameters: " + "[" * 100 + "]" * 100, "minimum_value: {fan: 3}",
                "parameters: {players: {value: 5, assumption: x}}", "? [a]\n: 1", "2026-12-01: x", "\t- a"])
        elif how == "indent":
            lines[k] = "  " + lines[k]
        elif how == "dedent":
            lines[k] = lines[k].lstrip()
        elif how == "duplicate":
            lines.insert(k, lines[k])
        elif how == "delete":
            del lines[k]
            if not lines:
                lines = [""]
        else:
            lines[k] += draw.draw(st.text(max_size=12), label="junk")
    return "\n".join(lines) + "\n"


@FUZZ
@given(data=st.data())
def test_the_rule_loader_answers_every_damaged_rule_file(tmp_path: Path, data: st.DataObject) -> None:
    text = _mutated_yaml(HOUSE_RULE, data) if data.draw(st.booleans(), label="damaged") else \
        data.draw(st.text(max_size=300), label="text")
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        load_ruleset(path)
    except MahjongError as exc:
        assert exc.message and exc.source


SHEET = (ROOT / "replays" / "sheets" / "chinese_classical.yaml").read_text(encoding="utf-8")
#: Lines a person might write in a sheet by mistake, or a hostile file might hold.
_SHEET_LINES = [
    "    winner: Nobody", "    from: Boris", "    from: Anna", "    how: self_drawn", "    how: robbing_kong",
    "    drawn: true", '      Boris: "234m678p5z [777s<] [666z^] +9z"', '      Anna: "1111m1111m"', "    values: {}",
    "    net: {Anna: 99999999999999999999999}", "    payments: [Anna -> Anna 5]", "    flags: [heavenly]",
    "    flags: [earthly, robbing_kong]", "    facts: {tiles_left: -1}", "    calling: [Anna, Anna]",
    "    dealer: Gleb", "    round: X", "players: [A, B]", "players: [Anna, Anna, Vera, Gleb]", "ruleset: ../x.yaml",
    "ruleset: mcr", "ruleset: piter", "sheet: 1.0", "deals: []", "  - {}", "  - winner: Boris", "    hands: []",
]


@FUZZ
@given(data=st.data())
def test_the_score_sheet_reader_answers_every_damaged_sheet(tmp_path: Path, data: st.DataObject) -> None:
    """Reading a sheet (schema, names, hands, flags) answers every input with the sheet or a located error."""
    from mahjong_core.sheets.read import parse_sheet

    text = _mutated_sheet(data) if data.draw(st.booleans(), label="damaged") else \
        data.draw(st.text(max_size=300), label="text")
    try:
        parse_sheet(text, "fuzz.yaml", base=tmp_path)
    except MahjongError as exc:
        assert exc.message and exc.source


@settings(max_examples=max(300, FUZZ_EXAMPLES // 10), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_auditing_and_recording_answer_every_damaged_sheet(tmp_path: Path, data: st.DataObject) -> None:
    """The whole audit of a sheet, the rules' scoring included: a verdict, never an exception."""
    from mahjong_core.audit.sheet import audit_sheet

    path = tmp_path / "sheet.yaml"
    path.write_text(_mutated_sheet(data), encoding="utf-8", errors="surrogatepass")
    verdict = audit_sheet(str(path))
    assert isinstance(verdict.ok, bool) and (verdict.ok or verdict.error)


@settings(max_examples=max(300, FUZZ_EXAMPLES // 20), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_replay_and_audit_answer_every_damaged_sheet_log(tmp_path: Path, data: st.DataObject) -> None:
    """A score sheet's log (its deals as revealed hands), damaged: a verdict with a place, never an exception."""
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(_damaged((ROOT / "replays" / "sheets" / "piter.jsonl").read_bytes(), data))
    for mode in ("replay", "audit"):
        verdict = check(str(path), mode)
        assert isinstance(verdict.ok, bool) and (verdict.ok or verdict.error)


def _mutated_sheet(data: st.DataObject) -> str:
    lines, dice = SHEET.splitlines(), _Choices(data)
    for _ in range(dice.integer(1, 3)):
        k = dice.integer(0, len(lines) - 1)
        if dice.coin():
            lines.insert(k, dice.one_of(_SHEET_LINES))
        else:
            lines = _mutated_yaml("\n".join(lines), data).splitlines() or [""]
    return "\n".join(lines) + "\n"


_TOKEN = st.sampled_from(["1", "2", "5", "9", "0", "m", "p", "s", "z", "f", "y", "x", "[", "]", "<", ">", "+", "!",
                          " ", "123m", "777s", "11z", "[777s<]", "+3p", "!self_drawn", "!seat_wind_east", "\u3000",
                          "🀄", "-", "*", "'", "k", "{", "99999999999999999999m"])


@FUZZ
@given(tokens=st.lists(_TOKEN, max_size=24), raw=st.text(max_size=40), use_raw=st.booleans())
def test_the_hand_notation_answers_every_string(tokens: list[str], raw: str, use_raw: bool) -> None:
    text = raw if use_raw else "".join(tokens)
    try:
        parse_hand(text)
    except MahjongError as exc:
        assert exc.message


# ---------------------------------------------------------------- the memory bound


def _peak_rss_mb(code: str) -> float:
    """The peak resident memory of a child process running ``code``, in MB.

    Read from ``VmHWM`` in ``/proc/self/status``, which a new program starts afresh (``ru_maxrss`` carries the
    parent's peak across ``exec``).
    """
    probe = code + ("\nprint(next(line.split()[1] for line in open('/proc/self/status') "
                    "if line.startswith('VmHWM:')))\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    return int(out.stdout.split()[-1]) / 1024


def test_reading_the_largest_inputs_stays_under_100_mb(small_log: bytes, tmp_path: Path) -> None:
    lines = small_log.decode().splitlines()
    events = [json.loads(x) for x in lines[1:]]
    # The worst a log within the bounds can be: as many real events as fit, then refused by the rules.
    big, n = [lines[0]], 0
    while len(big) < MAX_LINES - 10:
        for event in events:
            big.append(json.dumps({**event, "n": n}, sort_keys=True, separators=(",", ":")))
            n += 1
    text = "\n".join(big) + "\n"
    (tmp_path / "full.jsonl").write_text(text[: MAX_LOG_BYTES - 1000].rsplit("\n", 1)[0] + "\n")
    (tmp_path / "long_header.jsonl").write_text('{"type":"header","x":"' + "a" * (60 * 1024 * 1024) + '"}\n')
    (tmp_path / "short_lines.jsonl").write_text(lines[0] + "\n" + "{}\n" * (MAX_LINES - 2))
    (tmp_path / "big.yaml").write_text("a" * (200 * 1024 * 1024))
    baseline = _peak_rss_mb("import mahjong_core.audit.check, mahjong_core.rules")
    for name in ("full.jsonl", "long_header.jsonl", "short_lines.jsonl"):
        for mode in ("replay", "audit"):
            peak = _peak_rss_mb(f"from mahjong_core.audit.check import check\n"
                                f"assert not check({str(tmp_path / name)!r}, {mode!r}).ok")
            assert peak < 100, f"{mode} of {name}: {peak:.0f} MB (the interpreter alone: {baseline:.0f} MB)"
    peak = _peak_rss_mb("from mahjong_core.rules.loader import validate_file\n"
                        f"assert validate_file({str(tmp_path / 'big.yaml')!r})")
    assert peak < 100, f"validating a 200 MB rule file: {peak:.0f} MB"


# ---------------------------------------------------------------- Botzone records (mahjong import botzone)

BOTZONE_SAMPLE = REAL_LOGS / "botzone-mcr" / "sample.txt"
_BOTZONE_PIECES = [b"\n", b" ", b"Player 0 ", b"Player 3 ", b"Player 4 ", b"Draw ", b"Play ", b"Chi ", b"Peng ",
                   b"Gang ", b"AnGang ", b"BuGang ", b"Hu ", b" Ignore Player 1 PENG W9", b"W9", b"B5", b"T1", b"F4",
                   b"J3", b"J4", b"W0", b"H1", b"Huang\n", b"Score 0 0 0 0\n", b"Fan 8 ??*1+??*2\n", b"Fan 99999 ",
                   b"Match ", b"Wind 3\n", b"*", b"+", b"\xff", b"\x00", b"\r", b"-", b"9" * 30, b"\t"]


def _botzone_record(draw: st.DataObject) -> bytes:
    """The sample's first two rounds, damaged by bytes and by pieces of the format's own words, or any bytes."""
    if not draw.draw(st.booleans(), label="damaged"):
        return draw.draw(st.binary(max_size=2048), label="bytes")
    dice = _Choices(draw)
    text = _sample_bytes(BOTZONE_SAMPLE)
    data = bytearray(text[: text.index(b"Match", text.index(b"Score"))])
    for _ in range(dice.integer(1, 4)):
        at = dice.integer(0, max(0, len(data) - 1))
        how = dice.one_of(["flip", "piece", "delete", "splice", "cut", "swap lines"])
        if how == "flip" and data:
            data[at] ^= dice.integer(1, 255)
        elif how == "piece":
            data[at:at] = dice.one_of(_BOTZONE_PIECES)
        elif how == "delete":
            del data[at:at + dice.integer(1, 64)]
        elif how == "splice":
            other = dice.integer(0, max(0, len(data) - 1))
            data[at:at] = data[other:other + dice.integer(1, 200)]
        elif how == "swap lines" and data.count(b"\n") >= 1:
            lines = bytes(data).split(b"\n")
            k = dice.integer(0, len(lines) - 2)
            lines[k], lines[k + 1] = lines[k + 1], lines[k]
            data = bytearray(b"\n".join(lines))
        elif how == "cut":
            del data[at:]
    return bytes(data)


@FUZZ
@given(data=st.data())
def test_the_botzone_reader_answers_every_damaged_record(tmp_path: Path, data: st.DataObject) -> None:
    """Reading a Botzone record: its rounds, or one error naming the file and the line, never anything else."""
    from mahjong_formats.botzone import read_file
    from mahjong_formats.common import FormatError

    path = tmp_path / "fuzz.txt"
    path.write_bytes(_botzone_record(data))
    try:
        read_file(str(path))
    except FormatError as exc:
        assert exc.source == str(path) and exc.message and (exc.place or "").startswith("line ")


@settings(max_examples=max(300, FUZZ_EXAMPLES // 20), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_importing_answers_every_damaged_botzone_record(tmp_path: Path, data: st.DataObject) -> None:
    """Reading and playing under the preset: a log and a comparison, or a located refusal, never a traceback."""
    from mahjong_formats.botzone import read_file
    from mahjong_formats.common import FormatError, play

    path = tmp_path / "fuzz.txt"
    path.write_bytes(_botzone_record(data))
    try:
        for game in read_file(str(path)):
            played = play(game)
            assert played.text().count("\n") == len(played.events) + 1
    except FormatError as exc:
        assert exc.source == str(path) and exc.message and (exc.place or "").startswith("line ")


def test_importing_a_botzone_file_at_the_bounds_stays_under_100_mb(tmp_path: Path) -> None:
    from mahjong_formats.botzone import MAX_BYTES

    rounds = BOTZONE_SAMPLE.read_text(encoding="utf-8").strip() + "\n\n"
    path = tmp_path / "full.txt"
    path.write_text(rounds * ((MAX_BYTES - 1000) // len(rounds)), encoding="utf-8")
    peak = _peak_rss_mb("from mahjong_formats import read_lazily\nfrom mahjong_formats.common import play\n"
                        f"games = read_lazily('botzone', {str(path)!r})\n"
                        "assert sum(1 for _ in games) > 2000\n"
                        f"assert not play(next(read_lazily('botzone', {str(path)!r}))).differences")
    assert peak < 100, f"reading a Botzone file of {MAX_BYTES:,} bytes: {peak:.0f} MB"


# ---------------------------------------------------------------- Tenhou XML logs (mahjong import tenhou-xml)

TENHOU_SAMPLE = REAL_LOGS / "tenhou-mjlog" / "2017040900gm-00a9-0000-af5434e3.mjlog"
_TENHOU_PIECES = [b"<", b">", b"/>", b'"', b"=", b" ", b"<INIT ", b"<AGARI ", b"<RYUUKYOKU ", b"<N who=\"1\" m=\"",
                  b"<REACH who=\"0\" step=\"1\"/>", b"<DORA hai=\"5\"/>", b"<T135/>", b"<D999/>", b"<U0/>", b"<G4/>",
                  b'seed="', b'sc="', b'ten="', b'yaku="', b'hai0="', b'm="65535"', b'who="4"', b'type="ron3"',
                  b'type="185"', b"owari=", b"-1", b"99999999", b"%E3", b"\xff", b"\x00", b"\n", b"</mjloggm>",
                  b"<?xml version=\"1.0\"?>", b"<GO type=\"169\"/>", b"<UN n0=\"%41\"/>", b"<BYE who=\"2\"/>"]


def _tenhou_record(draw: st.DataObject) -> bytes:
    """A short real Tenhou game (two deals), damaged by bytes and by pieces of the format's own words, or any
    bytes."""
    if not draw.draw(st.booleans(), label="damaged"):
        return draw.draw(st.binary(max_size=2048), label="bytes")
    dice = _Choices(draw)
    data = bytearray(_sample_bytes(TENHOU_SAMPLE))
    for _ in range(dice.integer(1, 4)):
        at = dice.integer(0, max(0, len(data) - 1))
        how = dice.one_of(["flip", "piece", "delete", "splice", "cut", "digit"])
        if how == "flip" and data:
            data[at] ^= dice.integer(1, 255)
        elif how == "piece":
            data[at:at] = dice.one_of(_TENHOU_PIECES)
        elif how == "delete":
            del data[at:at + dice.integer(1, 64)]
        elif how == "splice":
            other = dice.integer(0, max(0, len(data) - 1))
            data[at:at] = data[other:other + dice.integer(1, 200)]
        elif how == "digit":  # a number changed in place: a tile, a seat, a score
            digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
            if digits:
                data[digits[at % len(digits)]] = dice.integer(48, 57)
        elif how == "cut":
            del data[at:]
    return bytes(data)


def _located(exc: Exception, path: Path) -> bool:
    place = getattr(exc, "place", None) or ""
    return getattr(exc, "source", None) == str(path) and bool(getattr(exc, "message", "")) and (
        place == "" or place.startswith(("element ", "byte ", "line ")))


@FUZZ
@given(data=st.data())
def test_the_tenhou_reader_answers_every_damaged_log(tmp_path: Path, data: st.DataObject) -> None:
    """Reading a Tenhou XML log: its game, or one error naming the file and the element, never anything else."""
    from mahjong_formats.common import FormatError
    from mahjong_formats.tenhou_xml import read_file

    path = tmp_path / "fuzz.mjlog"
    path.write_bytes(_tenhou_record(data))
    try:
        read_file(str(path))
    except FormatError as exc:
        assert _located(exc, path), (exc.source, exc.place, exc.message)


@settings(max_examples=max(300, FUZZ_EXAMPLES // 20), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_importing_answers_every_damaged_tenhou_log(tmp_path: Path, data: st.DataObject) -> None:
    """Reading and playing from the seed's walls: a log and a comparison, or a located refusal, never a traceback."""
    from mahjong_formats.common import FormatError, play
    from mahjong_formats.tenhou_xml import read_file

    path = tmp_path / "fuzz.mjlog"
    path.write_bytes(_tenhou_record(data))
    try:
        for game in read_file(str(path)):
            played = play(game)
            assert played.text().count("\n") == len(played.events) + 1
    except FormatError as exc:
        assert _located(exc, path), (exc.source, exc.place, exc.message)


def test_reading_a_tenhou_log_at_the_bounds_stays_under_100_mb(tmp_path: Path) -> None:
    from mahjong_formats.tenhou_xml import MAX_BYTES

    text = TENHOU_SAMPLE.read_text(encoding="utf-8")
    body = text[text.index("<INIT"):text.rindex("</mjloggm>")]
    path = tmp_path / "full.mjlog"
    path.write_text(text.replace("</mjloggm>", body * ((MAX_BYTES - 2 * len(text)) // len(body)) + "</mjloggm>"),
                    encoding="utf-8")
    peak = _peak_rss_mb("from mahjong_formats.common import FormatError\n"
                        "from mahjong_formats.tenhou_xml import read_file\n"
                        f"try:\n    read_file({str(path)!r})\nexcept FormatError as exc:\n"
                        "    assert 'after the deal' in exc.message or 'element' in str(exc)\n")
    assert peak < 100, f"reading a Tenhou log of {MAX_BYTES:,} bytes: {peak:.0f} MB"


# ---------------------------------------------------------------- tenhou.net/6 JSON (mahjong import tenhou6)

TENHOU6_SAMPLES = [REAL_LOGS / "tenhou6-mjai-reviewer" / f"{name}.json"
                   for name in ("confusing_nakis_0", "chankan", "double_ron", "kyushukyuhai")]
_TENHOU6_PIECES = [b"[", b"]", b"{", b"}", b",", b'"', b":", b"60", b"0", b"51", b"47", b"99", b"-1", b'"r60"',
                   b'"p252525"', b'"c275226"', b'"3737p37"', b'"m39393939"', b'"k51151515"', b'"424242a42"',
                   '"和了"'.encode(), '"流局"'.encode(), '"30符4飜7700点"'.encode(), b"1e400", b"NaN", b"2.5",
                   b'"log"', b'"rule"', b'"disp"', b'"sc"', b'"name"', b"\xff", b"\x00", b"\n", b"null", b"true"]


def _tenhou6_record(draw: st.DataObject) -> bytes:
    """A real excerpt (one round), damaged by bytes and by pieces of the format's own words, or any bytes."""
    if not draw.draw(st.booleans(), label="damaged"):
        return draw.draw(st.binary(max_size=2048), label="bytes")
    dice = _Choices(draw)
    data = bytearray(_sample_bytes(dice.one_of(TENHOU6_SAMPLES)))
    for _ in range(dice.integer(1, 4)):
        at = dice.integer(0, max(0, len(data) - 1))
        how = dice.one_of(["flip", "piece", "delete", "splice", "cut", "digit"])
        if how == "flip" and data:
            data[at] ^= dice.integer(1, 255)
        elif how == "piece":
            data[at:at] = dice.one_of(_TENHOU6_PIECES)
        elif how == "delete":
            del data[at:at + dice.integer(1, 64)]
        elif how == "splice":
            other = dice.integer(0, max(0, len(data) - 1))
            data[at:at] = data[other:other + dice.integer(1, 200)]
        elif how == "digit":  # a number changed in place: a tile, a seat, a score
            digits = [i for i, b in enumerate(data) if 48 <= b <= 57]
            if digits:
                data[digits[at % len(digits)]] = dice.integer(48, 57)
        elif how == "cut":
            del data[at:]
    return bytes(data)


def _located6(exc: Exception, path: Path) -> bool:
    place = getattr(exc, "place", None) or ""
    return getattr(exc, "source", None) == str(path) and bool(getattr(exc, "message", "")) and (
        place == "" or place.startswith(("line ", "byte ", "log[", "rule", "name", "sc")))


@FUZZ
@given(data=st.data())
def test_the_tenhou6_reader_answers_every_damaged_file(tmp_path: Path, data: st.DataObject) -> None:
    """Reading a tenhou.net/6 file: its games, or one error naming the file and the place, never anything else."""
    from mahjong_formats.common import FormatError
    from mahjong_formats.tenhou6 import read_file

    path = tmp_path / "fuzz.json"
    path.write_bytes(_tenhou6_record(data))
    try:
        read_file(str(path), "riichi_tenhou")
    except FormatError as exc:
        assert _located6(exc, path), (exc.source, exc.place, exc.message)


@settings(max_examples=max(300, FUZZ_EXAMPLES // 20), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_importing_answers_every_damaged_tenhou6_file(tmp_path: Path, data: st.DataObject) -> None:
    """Reading and playing: a log and a comparison, or a located refusal, never a traceback."""
    from mahjong_formats.common import FormatError, play
    from mahjong_formats.tenhou6 import read_file

    path = tmp_path / "fuzz.json"
    path.write_bytes(_tenhou6_record(data))
    try:
        for game in read_file(str(path), "riichi_tenhou"):
            played = play(game)
            assert played.text().count("\n") == len(played.events) + 1
    except FormatError as exc:
        assert _located6(exc, path), (exc.source, exc.place, exc.message)


def test_reading_a_tenhou6_file_at_the_bounds_stays_under_100_mb(tmp_path: Path) -> None:
    from mahjong_formats.tenhou6 import MAX_BYTES

    line = (REAL_LOGS / "tenhou6-mjx" / "2010081709gm-00a9-0000-fe3371ad.json").read_bytes(
        ).split(b"\n")[0] + b"\n"
    path = tmp_path / "full.json"
    path.write_bytes(line * (MAX_BYTES // len(line)))
    peak = _peak_rss_mb("from mahjong_formats import read_lazily\n"
                        f"assert sum(1 for _ in read_lazily('tenhou6', {str(path)!r})) > 100\n")
    assert peak < 100, f"reading a tenhou.net/6 file of {MAX_BYTES:,} bytes: {peak:.0f} MB"


# ---------------------------------------------------------------- mjai logs (mahjong import mjai)

MJAI_SAMPLE = REAL_LOGS / "mjai" / "riichienv_126_204_0_mjai.jsonl"
_MJAI_PIECES = [b"{", b"}", b"[", b"]", b'"', b":", b",", b"\n", b'"type":"tsumo"', b'"type":"hora"',
                b'"type":"end_kyoku"', b'"type":"start_kyoku"', b'"actor":4', b'"actor":-1', b'"pai":"?"',
                b'"pai":"5zr"', b'"target":0', b'"consumed":["1m"]', b'"deltas":[1,2,3]', b'"tehais":[]',
                b'"oya":9', b'"reason":"x"', b"99999999999999999999", b"1e5", b"NaN", b"\xff", b"\x00", b"\r"]


@cache
def _mjai_first_two_deals() -> bytes:
    lines = MJAI_SAMPLE.read_bytes().split(b"\n")
    starts = [i for i, line in enumerate(lines) if b'"start_kyoku"' in line]
    return b"\n".join(lines[:starts[2]]) + b'\n{"type":"end_game"}\n'


def _mjai_record(draw: st.DataObject) -> bytes:
    """The sample's first two deals (and its end), damaged by bytes and by pieces of the protocol's own words, or
    any bytes."""
    if not draw.draw(st.booleans(), label="damaged"):
        return draw.draw(st.binary(max_size=2048), label="bytes")
    dice = _Choices(draw)
    data = bytearray(_mjai_first_two_deals())
    for _ in range(dice.integer(1, 4)):
        at = dice.integer(0, max(0, len(data) - 1))
        how = dice.one_of(["flip", "piece", "delete", "splice", "cut", "swap lines"])
        if how == "flip" and data:
            data[at] ^= dice.integer(1, 255)
        elif how == "piece":
            data[at:at] = dice.one_of(_MJAI_PIECES)
        elif how == "delete":
            del data[at:at + dice.integer(1, 64)]
        elif how == "splice":
            other = dice.integer(0, max(0, len(data) - 1))
            data[at:at] = data[other:other + dice.integer(1, 200)]
        elif how == "swap lines":
            parts = bytes(data).split(b"\n")
            k = dice.integer(0, max(0, len(parts) - 2))
            if k + 1 < len(parts):
                parts[k], parts[k + 1] = parts[k + 1], parts[k]
            data = bytearray(b"\n".join(parts))
        elif how == "cut":
            del data[at:]
    return bytes(data)


@FUZZ
@given(data=st.data())
def test_the_mjai_reader_answers_every_damaged_log(tmp_path: Path, data: st.DataObject) -> None:
    """Reading an mjai log: its games, or one error naming the file and the line, never anything else."""
    from mahjong_formats.common import FormatError
    from mahjong_formats.mjai import read_file

    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(_mjai_record(data))
    try:
        read_file(str(path))
    except FormatError as exc:
        assert _located(exc, path), (exc.source, exc.place, exc.message)


@settings(max_examples=max(300, FUZZ_EXAMPLES // 20), deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_importing_answers_every_damaged_mjai_log(tmp_path: Path, data: st.DataObject) -> None:
    """Reading and playing the observed tiles: a log and a comparison, or a located refusal, never a traceback."""
    from mahjong_formats.common import FormatError, play
    from mahjong_formats.mjai import read_file

    path = tmp_path / "fuzz.jsonl"
    path.write_bytes(_mjai_record(data))
    try:
        for game in read_file(str(path)):
            played = play(game)
            assert played.text().count("\n") == len(played.events) + 1
    except FormatError as exc:
        assert _located(exc, path), (exc.source, exc.place, exc.message)


def test_reading_an_mjai_log_at_the_bounds_stays_under_100_mb(tmp_path: Path) -> None:
    from mahjong_formats.mjai import MAX_BYTES

    game = MJAI_SAMPLE.read_text(encoding="utf-8").strip() + "\n"
    path = tmp_path / "full.jsonl"
    path.write_text(game * ((MAX_BYTES - len(game)) // len(game)), encoding="utf-8")
    peak = _peak_rss_mb("from mahjong_formats.mjai import read_file\n"
                        f"assert len(read_file({str(path)!r})) > 10\n")
    assert peak < 100, f"reading an mjai log of {MAX_BYTES:,} bytes: {peak:.0f} MB"
