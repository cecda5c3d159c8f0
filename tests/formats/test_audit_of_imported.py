"""The audit of an imported game whose walls its header gives reads it the fast way, and still checks all it must.

Every event line of such a log is the rules' output (its tiles come from the platform's seed or the walls the
header writes out); only its header is input, which both readings check alike.  So the audit first compares the
lines byte for byte with the events the rules produce, as it does for a seeded game, and then checks the lines
that may hold a plugin's words against the schema those words extend (:func:`plugin_words_error`).  A game of
observed tiles (mjai) takes its tiles from its lines, and is read strictly at once.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from shared_files import REAL_LOGS

from mahjong_core.audit.check import _check, _fast_audit_applies, check
from mahjong_core.cli import main
from mahjong_core.errors import ReplayError
from mahjong_core.log.format import UndecodedEvents, plugin_words_error, read_log

SAMPLE = REAL_LOGS
TENHOU = SAMPLE / "tenhou-mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"
TENHOU6 = SAMPLE / "tenhou6-mjx" / "2010081709gm-00a9-0000-fe3371ad.json"
MJAI = SAMPLE / "mjai" / "riichienv_126_204_0_mjai.jsonl"


def _imported(fmt: str, record: Path, out: Path) -> Path:
    assert main(["import", fmt, str(record), "--out", str(out)]) == 0
    (log,) = out.glob("*.jsonl")
    return log


def test_a_game_from_tenhous_seed_or_written_walls_passes_the_fast_audit(tmp_path: Path) -> None:
    for fmt, record in (("tenhou-xml", TENHOU), ("tenhou6", TENHOU6)):
        log = _imported(fmt, record, tmp_path / fmt)
        fast = _check(str(log), "audit", None, decode_events=False)
        assert fast.ok, fast.error
        assert "agrees with tenhou's recorded result" in fast.proof["recorded"]
        assert check(str(log), "audit").proof == fast.proof
    mjai = _imported("mjai", MJAI, tmp_path / "mjai")
    assert not _fast_audit_applies(read_log(str(mjai)).header)  # its tiles are its lines: read strictly
    assert check(str(mjai), "audit").ok


def test_a_plugin_s_event_that_breaks_its_words_schema_is_named_at_its_line(tmp_path: Path) -> None:
    log = read_log(str(_imported("tenhou-xml", TENHOU, tmp_path)), validate_events=False, decode_events=False)
    assert isinstance(log.events, UndecodedEvents)
    assert plugin_words_error(log) is None
    k = next(i for i, line in enumerate(log.lines) if '"type":"dora_indicator_shown"' in line)
    log.lines[k] = log.lines[k].replace('"indicator":1', '"indicator":"first"')
    error = plugin_words_error(log)
    assert error is not None and error.place == f"line {k + 1}" and "'first'" in error.message, error
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(log.lines) + "\n", encoding="utf-8")
    with pytest.raises(ReplayError) as strict:  # the strict reading says the very same
        read_log(str(tampered))
    assert (strict.value.message, strict.value.place) == (error.message, error.place)
