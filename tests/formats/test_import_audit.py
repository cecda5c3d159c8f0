"""``mahjong import --audit`` gives each game the verdict ``mahjong audit`` gives the log it wrote, from one play.

The import plays each recorded game through the engine and writes the log from the events of that play; with
``--audit`` the same play is judged (:func:`mahjong_core.audit_played`) instead of the log being played a second
time.  It must be the same judgement: here both run on every game of the shared samples that the importers read
(every format; the games that agree, those whose record differs from the rules, and those refused at a move or
cut short), on a recorded figure tampered with, and on a recorded move the rules refuse, and the verdicts must be
equal line for line and field for field.  No line may differ: the verdict names the log written, and both judge
that one file.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from shared_files import REAL_LOGS

from mahjong_core import check
from mahjong_core.cli import main
from mahjong_formats import read
from mahjong_formats.batch import import_games
from mahjong_formats.common import play

SHARED = REAL_LOGS
#: Every shared sample an importer reads, with the preset to play it under where its record names none installed
#: (as tests/formats/test_import_tenhou6.py plays them); the old mjai dialect's golden file is read from its JSON
#: lines (its board dumps between them are refused, as tests/formats/test_import_mjai.py shows).
SAMPLES: list[tuple[str, Path, str | None]] = [
    *[("tenhou-xml", p, None) for p in sorted((SHARED / "tenhou-mjlog").glob("*.mjlog"))],
    *[("tenhou6", p, None) for p in sorted((SHARED / "tenhou6-mjx").glob("*.json"))],
    *[("tenhou6", p, "riichi_tenhou" if p.stem == "four_reach" else None)
      for p in sorted((SHARED / "tenhou6-mjai-reviewer").glob("*.json")) if p.stem != "confusing_nakis_2"],
    ("mjai", SHARED / "mjai" / "riichienv_126_204_0_mjai.jsonl", None),
    ("mjai", SHARED / "mjai" / "gimite_test.mjlog.golden.log", None),
    ("botzone", SHARED / "botzone-mcr" / "sample.txt", None),
]


def _record(path: Path, tmp_path: Path) -> Path:
    """The file as an importer reads it: the old mjai dialect's golden file without its board dumps."""
    if path.name != "gimite_test.mjlog.golden.log":
        return path
    kept = tmp_path / "gimite_test.jsonl"
    lines = [line for line in path.read_text(encoding="utf-8").split("\n") if line.startswith("{")]
    kept.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return kept


def _same_verdicts(row: dict) -> None:
    """The import's verdict on the log it wrote is the audit's of that file, line for line and field for field."""
    audited = check(row["log"], "audit")
    assert row["audit_text"].split("\n") == audited.text().split("\n"), row["log"]
    assert row["audit"] == audited.to_json(), row["log"]


@pytest.mark.parametrize(("fmt", "path", "ruleset"), SAMPLES, ids=[f"{f}-{p.stem}" for f, p, _ in SAMPLES])
def test_the_import_s_audit_is_the_audit_of_the_log_it_wrote(fmt: str, path: Path, ruleset: str | None,
                                                             tmp_path: Path) -> None:
    rows = import_games(fmt, str(_record(path, tmp_path)), 0, None, ruleset, str(tmp_path), audit=True)
    assert rows
    for row in rows:
        _same_verdicts(row)
        # the verdict follows what the import found: a game that agrees passes, any other fails
        assert row["audit"]["ok"] == (row["status"] == "agrees"), row


def test_the_samples_hold_every_kind_of_verdict(tmp_path: Path) -> None:
    """The samples above are not all of one kind: some agree, one differs from its record, one is cut short."""
    statuses = {row["status"] for fmt, path, ruleset in SAMPLES
                if path.stem in ("double-ron", "confusing_nakis_1", "2011020401gm-00a9-0000-f6eff225-no-round-end")
                for row in import_games(fmt, str(path), 0, None, ruleset, str(tmp_path), audit=True)}
    assert statuses == {"agrees", "differs", "refused"}


def _write(played, path: Path) -> bytes:  # noqa: ANN001 - a Played
    data = played.data()
    assert data.decode("utf-8") == played.text()
    path.write_bytes(data)
    return data


def test_a_tampered_recorded_figure_fails_both_alike(tmp_path: Path) -> None:
    game = read("tenhou-xml", str(SHARED / "tenhou-mjlog" / "double-ron.mjlog"))[0]
    win = game.recorded["deals"][0]["wins"][0]
    win["points"] += 1000  # the platform's record now says the first win paid 1,000 more
    played = play(game)
    assert played.differences
    log = tmp_path / "tampered.jsonl"
    verdict = played.audit(str(log), _write(played, log))
    audited = check(str(log), "audit")
    assert not verdict.ok and "recorded figure(s) differ from the rules" in str(verdict.error)
    assert (verdict.text(), verdict.to_json()) == (audited.text(), audited.to_json())
    # an observed game's record (Botzone's Score line) alike
    game = read("botzone", str(SHARED / "botzone-mcr" / "sample.txt"))[0]
    deltas = game.recorded["deltas"]
    game.recorded["deltas"] = [deltas[0] + 1, deltas[1] - 1, *deltas[2:]]  # a point moved from seat 1 to seat 0
    played = play(game)
    log = tmp_path / "botzone.jsonl"
    verdict = played.audit(str(log), _write(played, log))
    audited = check(str(log), "audit")
    assert not verdict.ok
    assert (verdict.text(), verdict.to_json()) == (audited.text(), audited.to_json())


def test_a_refused_move_fails_both_alike(tmp_path: Path) -> None:
    game = read("botzone", str(SHARED / "botzone-mcr" / "sample.txt"))[0]
    deal = game.deals[0]
    k = next(i for i, m in enumerate(deal.moves) if m.verb == "discard" and i > 10)
    move = deal.moves[k]
    wrong = next(t for t in range(34) if t != move.tiles[0] and t not in deal.dealt[move.seat])  # not held
    moves = (*deal.moves[:k], dataclasses.replace(move, tiles=(wrong,), text=f"{move.text} (tampered)"),
             *deal.moves[k + 1:])
    game.deals[0] = dataclasses.replace(deal, moves=moves)
    played = play(game, partial=True)
    assert played.refused is not None
    log = tmp_path / "refused.jsonl"
    verdict = played.audit(str(log), _write(played, log))
    audited = check(str(log), "audit")
    assert not verdict.ok and "the log is incomplete" in str(verdict.error)
    assert (verdict.text(), verdict.to_json()) == (audited.text(), audited.to_json())


def test_mahjong_import_audit_prints_what_mahjong_audit_prints(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    records = [SHARED / "tenhou-mjlog" / "pao-tsumo.mjlog", SHARED / "tenhou6-mjai-reviewer" / "confusing_nakis_1.json"]
    assert main(["import", "tenhou-xml", str(records[0]), "--out", str(tmp_path / "a"), "--audit"]) == 0
    imported = capsys.readouterr().out
    (log,) = (tmp_path / "a").glob("*.jsonl")
    assert main(["audit", str(log)]) == 0
    audited = capsys.readouterr().out
    assert imported.split("\n")[:-2] == audited.split("\n")[:-1]  # then the import's summary line
    assert imported.split("\n")[-2].endswith("; audits: 1 clean, 0 failed")
    # a game whose record differs: the audit fails, and so does the import's exit status; --json carries the verdict
    assert main(["import", "tenhou6", str(records[1]), "--out", str(tmp_path / "b"), "--audit", "--json"]) == 1
    document = json.loads(capsys.readouterr().out)
    (row,) = document["games"]
    assert row["status"] == "differs" and not row["audit"]["ok"] and document["summary"]["audits_failed"] == 1
    assert row["audit"] == check(row["log"], "audit").to_json()
