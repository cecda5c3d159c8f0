"""A game with a plugin's words: simulated, re-played byte for byte, audited, shown, and checked where the plugin is
missing (the test plugin declares Sichuan's missing suit: ``tests/vocabulary_plugin``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from vocabulary_plugin.installed import DISTRIBUTION, HOUSE_RULE, install, uninstall

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.log.fold import fold
from mahjong_core.log.format import dumps, parse_log, read_log, write_lines
from mahjong_core.log.redaction import full_table_view
from mahjong_core.rules import load_ruleset

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from install(tmp_path, monkeypatch)


def simulated(tmp_path: Path, seed: int = 5, deals: int = 2) -> Path:
    code = main(["simulate", "--ruleset", str(HOUSE_RULE), "--seed", str(seed), "--max-deals", str(deals),
                 "--out", str(tmp_path / "logs")])
    assert code == 0
    (log,) = (tmp_path / "logs").glob("*.jsonl")
    return log


def test_simulate_writes_the_plugins_phase_action_and_event_and_names_its_vocabulary(plugin: Path,
                                                                                       tmp_path: Path) -> None:
    log = read_log(simulated(tmp_path))
    vocabulary = log.header["vocabulary"]
    assert list(vocabulary) == ["sichuan_missing_suit"]
    entry = vocabulary["sichuan_missing_suit"]
    assert (entry["distribution"], entry["version"]) == (DISTRIBUTION, "1.0")
    assert entry["events"]["missing_suit_declared"]["effects"] == [
        {"do": "flag", "name": "missing_suit", "seat": "seat", "value": "suit"}]
    decisions = [e for e in log.events if e["type"] == "decision" and e["phase"] == "missing_suit"]
    declared = [e for e in log.events if e["type"] == "missing_suit_declared"]
    assert len(decisions) == len(declared) == 8  # four seats, two deals
    assert {d["action"] for d in decisions} == {"declare_missing_suit"}
    assert [e["suit"] for e in declared] == [d["way"] for d in decisions]
    # The phase runs after the deal and before the first discard of each deal.
    first_discard = next(k for k, e in enumerate(log.events) if e.get("action") == "discard")
    assert log.events.index(declared[3]) < first_discard


def test_the_log_replays_byte_for_byte_and_audits_clean(plugin: Path, tmp_path: Path) -> None:
    path = simulated(tmp_path)
    for mode in ("replay", "audit"):
        verdict = check(str(path), mode)
        assert verdict.ok, verdict.text()
        assert verdict.events == len(read_log(path).events)


def test_the_seal_covers_the_plugins_events(plugin: Path, tmp_path: Path) -> None:
    path = simulated(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    k = next(i for i, line in enumerate(lines) if '"type":"missing_suit_declared"' in line)
    event = json.loads(lines[k])
    event["suit"] = next(s for s in ("bamboo", "characters", "circles") if s != event["suit"])
    lines[k] = dumps(event) + "\n"
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("".join(lines), encoding="utf-8")
    verdict = check(str(tampered), "replay")
    assert not verdict.ok
    assert verdict.line == k + 1


def test_an_event_against_its_declared_fields_is_refused_by_the_audit(plugin: Path, tmp_path: Path) -> None:
    path = simulated(tmp_path, deals=1)
    log = read_log(path)
    events = [dict(e) for e in log.events]
    k = next(i for i, e in enumerate(events) if e["type"] == "missing_suit_declared")
    events[k]["suit"] = "dragons"
    bad = tmp_path / "bad.jsonl"
    write_lines(bad, [log.header, *events])
    verdict = check(str(bad), "audit")
    assert not verdict.ok
    assert verdict.line == k + 2
    assert "'dragons' is not one of ['bamboo', 'characters', 'circles']" in str(verdict.error)


def test_without_the_plugin_replay_and_audit_name_the_distribution_to_install(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch,
                                                                            capsys: pytest.CaptureFixture) -> None:
    installing = install(tmp_path, monkeypatch)
    next(installing)
    path = simulated(tmp_path)
    monkeypatch.undo()  # the plugin's folders leave sys.path
    uninstall()
    capsys.readouterr()
    for mode in ("replay", "audit"):
        assert main([mode, str(path)]) != 0
        out, err = capsys.readouterr()
        said = (out + err).strip().splitlines()
        assert len(said) == 1, said
        assert "not installed here: install the distribution mahjong-missing-suit-test 1.0" in said[0]
        assert "line 1" in said[0] and "Traceback" not in out + err


def test_without_the_plugin_the_log_is_still_read_folded_and_shown(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                  capsys: pytest.CaptureFixture) -> None:
    installing = install(tmp_path, monkeypatch)
    next(installing)
    path = simulated(tmp_path, deals=1)
    monkeypatch.undo()
    uninstall()
    log = read_log(path)  # checked against the words its header lists
    tables = list(table.view() for table in fold(log.header, log.events))
    k = max(i for i, e in enumerate(log.events) if e["type"] == "missing_suit_declared")
    assert [s["flags"]["missing_suit"] for s in tables[k]["seats"]] == \
        [e["suit"] for e in log.events if e["type"] == "missing_suit_declared"]
    capsys.readouterr()
    assert main(["view", str(path), "--seat", "1", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "declares a missing suit (" in out
    assert "missing suit: seat 1 (S, you), suit " in out


def test_the_engines_table_and_the_fold_agree_on_the_flags(plugin: Path, tmp_path: Path) -> None:
    ruleset = load_ruleset(HOUSE_RULE)
    events: list[dict] = []
    seen: list[dict] = []

    class Watch:
        @staticmethod
        def mahjong_event(table, event):  # type: ignore[no-untyped-def]
            if event["type"] == "missing_suit_declared":
                seen.append(full_table_view(table))

    from mahjong_core.engine.game import Game
    from mahjong_core.engine.players import make_bots

    Game(ruleset, make_bots(["greedy"] * 4, 9), 9, emit=events.append, observers=(Watch,), max_deals=1).play()
    header = {"seats": [{"seat": n} for n in range(4)],
              "vocabulary": json.loads(json.dumps(read_log(simulated(tmp_path)).header["vocabulary"]))}
    folded = [t.view() for t, e in zip(fold(header, events), events, strict=True)
              if e["type"] == "missing_suit_declared"]
    assert [[s.get("flags") for s in v["seats"]] for v in folded] == \
        [[s.get("flags") for s in v["seats"]] for v in seen]
    assert seen[-1]["seats"][0]["flags"]["missing_suit"] in ("bamboo", "characters", "circles")


def test_a_game_of_the_cores_words_names_no_vocabulary() -> None:
    log = parse_log((ROOT / "replays" / "chinese_classical-seed20261130.jsonl").read_bytes())
    assert "vocabulary" not in log.header
    from mahjong_core.plugin.binding import bind

    assert bind(load_ruleset("chinese_classical")).vocabulary.header() is None


def test_a_plugins_reply_to_an_event_is_its_own_event_type_logged_folded_and_audited(plugin: Path,
                                                                                    tmp_path: Path) -> None:
    """Parts together: a reaction (mahjong_event_reactions) answers a claimed pung or kong with the plugin's
    declared ``indicator_shown`` event, whose ``show`` effect both the engine's table and the fold apply."""
    path = simulated(tmp_path, seed=5, deals=4)
    events = list(read_log(path).events)
    kongs = [n for n, e in enumerate(events) if e["type"] == "claim" and e.get("kind") in ("pung", "kong")]
    assert kongs, "no pung or kong claimed in four deals"
    for n in kongs:
        assert events[n + 1]["type"] == "indicator_shown" and events[n + 1]["tile"] == events[n]["tile"]
        assert events[n + 1]["actor"] == "table"
    first = kongs[0]
    *_, table = fold(read_log(path).header, events[:first + 2])
    assert events[first]["tile"] in table.shown
    for mode in ("replay", "audit"):
        verdict = check(str(path), mode)
        assert verdict.ok, verdict.error
