"""A soak's journal: a stopped long run resumes where it stopped and prints the report of the whole run."""

from __future__ import annotations

import copy
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mahjong_core.conformance import soak as soak_module
from mahjong_core.conformance import soak_journal
from mahjong_core.conformance.soak import BATCH, soak
from mahjong_core.conformance.soak_journal import JournalError, open_journal, run_header
from mahjong_core.reading.code_files import code_lines, content_stamp
from mahjong_core.rules import load_ruleset

RULESETS = ("harbin", "piter")
GAMES = 2 * BATCH + 3  # two whole batches and a short one, per ruleset


def _header(games: int = GAMES, seed: int = 5, max_deals: int | None = 1) -> dict[str, Any]:
    return run_header([load_ruleset(r) for r in RULESETS], games, seed, max_deals)


def _journaled(path: Path, header: dict[str, Any] | None = None, **options: Any) -> Any:
    header = header or _header()
    with open_journal(path, header) as journal:
        return soak(list(RULESETS), header["games"], header["seed"], max_deals=header["max_deals"],
                    played=journal.played, on_batch=journal.keep, **options)


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The first seed of every batch actually played."""
    seeds: list[int] = []
    real = soak_module.soak_batch

    def counting(ref: Any, plan: Any, *rest: Any) -> Any:
        seeds.append(plan[0][0])
        return real(ref, plan, *rest)

    monkeypatch.setattr(soak_module, "soak_batch", counting)
    return seeds


def test_a_stopped_run_resumes_and_reports_the_whole_run(tmp_path: Path, counted: list[int]) -> None:
    whole = soak(list(RULESETS), GAMES, 5, max_deals=1)
    assert whole.failure is None
    path = tmp_path / "run.jsonl"
    assert vars(_journaled(path)) == vars(whole)
    lines = path.read_bytes().splitlines(keepends=True)
    assert len(lines) == 1 + 2 * 3 and json.loads(lines[0])["code"] == soak_journal.code_digest()
    # Stopped after three batches, while writing the fourth (its line cut off without a newline).
    path.write_bytes(b"".join(lines[:4]) + lines[4][:17])
    counted.clear()
    assert vars(_journaled(path)) == vars(whole)
    assert len(counted) == 3, "only the batches the journal lacked are played again"
    again = path.read_bytes().splitlines()
    assert len(again) == 7 and again[:4] == [line.rstrip(b"\n") for line in lines[:4]]
    counted.clear()
    assert vars(_journaled(path)) == vars(whole) and counted == [], "a finished run plays nothing"


def test_a_run_that_failed_resumes_to_the_same_failure(tmp_path: Path, counted: list[int]) -> None:
    from test_soak import PaysItself

    header = run_header([load_ruleset("harbin")], 5, 40, 1)
    path = tmp_path / "failed.jsonl"
    with open_journal(path, header) as journal:
        first = soak(["harbin"], 5, 40, max_deals=1, house_tweaks=(PaysItself(),), played=journal.played,
                     on_batch=journal.keep)
    assert first.failure is not None and first.failure.seed == 40
    counted.clear()
    with open_journal(path, header) as journal:
        again = soak(["harbin"], 5, 40, max_deals=1, played=journal.played, on_batch=journal.keep)
    assert counted == [] and again.failure == first.failure and again.games == first.games


@pytest.mark.parametrize(("change", "named"), [
    ({"games": GAMES + 1}, "--games 19, this run has 20"),
    ({"seed": 6}, "--seed 5, this run has 6"),
    ({"max_deals": None}, "--max-deals 1, this run has null"),
])
def test_a_journal_of_other_options_is_refused(tmp_path: Path, change: dict[str, Any], named: str) -> None:
    path = tmp_path / "run.jsonl"
    _journaled(path)
    before = path.read_bytes()
    options = {"games": GAMES, "seed": 5, "max_deals": 1, **change}
    with pytest.raises(JournalError) as caught:
        open_journal(path, _header(**options))
    assert str(caught.value).startswith(f"{path}::line 1, $.") and named in str(caught.value)
    assert path.read_bytes() == before, "a refused journal is left as it was"


def test_a_journal_of_other_code_or_rulesets_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    _journaled(path)
    other = {**_header(), "code": "0" * 64}
    with pytest.raises(JournalError, match=r"line 1, \$\.code: .*begun by other code"):
        open_journal(path, other)
    with pytest.raises(JournalError, match=r"line 1, \$\.rulesets: .*of the rulesets harbin@"):
        open_journal(path, run_header([load_ruleset("harbin")], GAMES, 5, 1))


def _line(**fields: Any) -> bytes:
    base = {"ruleset": "harbin", "seed": 5, "deals": [1] * BATCH, "failure": None, **fields}
    return json.dumps(base, separators=(",", ":")).encode()


@pytest.mark.parametrize(("bad", "place", "says"), [
    (_line(ruleset="mcr"), "line 2, $.ruleset", "'mcr' is not one of this run's"),
    (_line(seed=6), "line 2, $.seed", "no batch of this run begins at seed 6"),
    (_line(deals=[1, 1]), "line 2, $.deals", "2 games where the batch has 8"),
    (_line(deals=[True] + [1] * (BATCH - 1)), "line 2, $.deals[0]", "expected a batch line"),
    (_line(deals=[0] + [1] * (BATCH - 1)), "line 2, $.deals[0]", "less than the minimum of 1"),
    (_line(extra=1), "line 2, $.extra", "unknown key 'extra'; expected only ruleset, seed, deals, failure"),
    (_line(failure={"seed": 9, "bots": ["greedy"], "message": "x"}, deals=[1, 1]), "line 2, $.failure.seed",
     "does not follow"),
    (b'{"ruleset":"harbin","ruleset":"piter","seed":5,"deals":[],"failure":null}', "line 2", "duplicate key"),
    (b'{"ruleset":"harbin","seed":5.0,"deals":[],"failure":null}', "line 2", "5.0 is not an integer"),
    (b"\xff\xfe", "line 2", "not UTF-8"),
    (b"[" * 40 + b"]" * 40, "line 2", "nested"),
    (b'{"ruleset":"' + b"x" * (soak_journal.MAX_LINE + 1) + b'"}', "line 2", "at most 1,048,576"),
])
def test_a_malformed_line_is_named_and_nothing_is_played(tmp_path: Path, bad: bytes, place: str, says: str,
                                                         counted: list[int]) -> None:
    path = tmp_path / "run.jsonl"
    header = _header()
    path.write_bytes(json.dumps(header).encode() + b"\n" + bad + b"\n")
    with pytest.raises(JournalError) as caught:
        open_journal(path, header)
    assert str(caught.value).startswith(f"{path}::{place}: "), str(caught.value)
    assert says in str(caught.value), str(caught.value)
    assert counted == []


def test_a_second_line_for_a_batch_and_a_bad_header_are_named(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    header = _header()
    path.write_bytes(json.dumps(header).encode() + b"\n" + _line() + b"\n" + _line() + b"\n")
    with pytest.raises(JournalError, match=r"::line 3: a second line for the batch of harbin from seed 5"):
        open_journal(path, header)
    path.write_bytes(json.dumps({**header, "games": "20"}).encode() + b"\n")
    with pytest.raises(JournalError, match=r"::line 1, \$\.games: expected a header line: '20' is not of type"):
        open_journal(path, header)
    path.write_bytes(b'{"soak_journal": 1, "co')
    with pytest.raises(JournalError, match=r"::line 1: the first line is cut off"):
        open_journal(path, header)
    path.unlink()
    path.mkdir()
    with pytest.raises(JournalError, match="is a folder"):
        open_journal(path, header)
    with pytest.raises(JournalError, match="not a regular file"):
        open_journal("/dev/null", header)


def test_one_writer_at_a_time(tmp_path: Path) -> None:
    path = tmp_path / "run.jsonl"
    with open_journal(path, _header()):
        with pytest.raises(JournalError, match="being written by another soak"):
            open_journal(path, _header())
    open_journal(path, _header()).close()  # free again once the first is closed


def test_the_code_digest_names_files_by_their_place_in_the_package_and_their_bytes(tmp_path: Path,
                                                                                   monkeypatch: pytest.MonkeyPatch
                                                                                   ) -> None:
    """Two checkouts of the same code, in different folders with different times, have one digest."""
    for where in ("a", "b"):
        package = tmp_path / where / "journal_probe_pkg"
        (package / "sub").mkdir(parents=True)
        (package / "__init__.py").write_text("X = 1\n", encoding="utf-8")
        (package / "sub" / "rules.yaml").write_text("a: 1\n", encoding="utf-8")
        os.utime(package / "__init__.py", ns=(1, 1 if where == "a" else 2))

    def listed(where: str) -> list[str]:
        monkeypatch.syspath_prepend(str(tmp_path / where))
        sys.modules.pop("journal_probe_pkg", None)
        import importlib

        importlib.invalidate_caches()
        lines = code_lines((), ("journal_probe_pkg",), content_stamp)
        monkeypatch.undo()
        return lines

    a = listed("a")
    assert a == listed("b") and a[0].startswith("journal_probe_pkg/__init__.py:") and len(a) == 2
    (tmp_path / "b" / "journal_probe_pkg" / "sub" / "rules.yaml").write_text("a: 2\n", encoding="utf-8")
    assert listed("b") != a


def _soak_command(*extra: str) -> list[str]:
    return [sys.executable, "-m", "mahjong_core", "soak", "--ruleset", "harbin", "--games", "400",
            "--max-deals", "1", "--seed", "3", *extra]


def test_a_killed_command_resumes_with_the_report_of_an_unbroken_run(tmp_path: Path) -> None:
    """The user's case: the process is killed (no chance to clean up) and the same command is run again."""
    path = tmp_path / "long.jsonl"
    proc = subprocess.Popen(_soak_command("--journal", str(path)), stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if path.exists() and path.read_bytes().count(b"\n") >= 3:
            break
        time.sleep(0.02)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    kept = path.read_bytes().count(b"\n") - 1
    assert 2 <= kept < 50, f"killed after {kept} of 50 batches"
    resumed = subprocess.run(_soak_command("--journal", str(path)), capture_output=True, text=True, check=False)
    unbroken = subprocess.run(_soak_command(), capture_output=True, text=True, check=False)
    assert resumed.returncode == unbroken.returncode == 0, resumed.stderr
    assert resumed.stdout == unbroken.stdout and "all invariants held: 400 games" in resumed.stdout
    assert f"resuming {path}: " in resumed.stderr and "Traceback" not in resumed.stderr
    assert path.read_bytes().count(b"\n") == 1 + 50


def test_the_command_names_a_bad_journal_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "other.jsonl"
    path.write_text('{"not": "a journal"}\n', encoding="utf-8")
    bad = subprocess.run(_soak_command("--journal", str(path)), capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.startswith(f"{path}::line 1") and len(bad.stderr.splitlines()) == 1, bad.stderr


def test_a_journaled_run_on_dask_workers_resumes_to_the_same_report(tmp_path: Path) -> None:
    from mahjong_study.runner import map_ordered

    def run(tasks: list[tuple[Any, ...]], on_result: Any) -> Any:
        return map_ordered(soak_module.soak_batch, tasks, workers=2, on_result=on_result)

    whole = soak(list(RULESETS), GAMES, 5, max_deals=1)
    path = tmp_path / "dask.jsonl"
    assert vars(_journaled(path, run=run)) == vars(whole)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[:3]))
    assert vars(_journaled(path, run=run)) == vars(whole)
    assert sorted(path.read_bytes().splitlines()[1:]) == sorted(line.rstrip(b"\n") for line in lines[1:])


_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**60, 2**60) | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(["", "harbin", "0" * 64, "greedy"]) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(
        st.sampled_from(["ruleset", "seed", "deals", "failure", "bots", "message", "id", "identity", "x"]),
        children, max_size=4),
    max_leaves=10)


def _places(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            out.extend(_places(item, (*prefix, key)))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_places(item, (*prefix, i)))
    return out


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_compiled_check_of_a_line_agrees_with_jsonschema(data: st.DataObject) -> None:
    """The journal is read with the compiled schema and explained with jsonschema: they must agree."""
    kind = data.draw(st.sampled_from(["header", "batch"]))
    failure = {"seed": 13, "bots": ["greedy", "random"], "message": "tiles not conserved"}
    line = copy.deepcopy(_header() if kind == "header" else
                         json.loads(_line(deals=[3, 1], failure=data.draw(st.sampled_from([None, failure])))))
    place = data.draw(st.sampled_from(_places(line)[1:]))
    target = line
    for part in place[:-1]:
        target = target[part]
    if data.draw(st.booleans()):
        target[place[-1]] = data.draw(_values)
    elif isinstance(target, dict):
        del target[place[-1]]
    checker = soak_journal._checker(kind)
    assert checker.valid(line) == checker.explain.is_valid(line), line
