"""Replay logs: re-simulation is byte-identical, and every kind of damage is caught with its place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjong_core.audit.check import check
from mahjong_core.cli import main
from mahjong_core.errors import ReplayError
from mahjong_core.log.format import UndecodedEvents, dumps, parse_log, read_log, write_lines
from mahjong_core.log.simulate import play_game
from mahjong_core.rules import available, load_ruleset

RULESETS = sorted(available())
REPLAYS = Path(__file__).resolve().parents[3] / "replays"


@pytest.fixture(scope="module")
def small_log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("logs") / "game.jsonl"
    ruleset = load_ruleset("chinese_classical")
    play_game(ruleset, 2024, ["greedy", "random", "greedy", "random"], replay=path, max_deals=2)
    return path


@pytest.mark.parametrize("rid", RULESETS)
def test_every_ruleset_replays_and_audits_clean(rid: str, tmp_path: Path) -> None:
    path = tmp_path / f"{rid}.jsonl"
    ruleset = load_ruleset(rid)
    bots = ["greedy", "random", "greedy", "greedy"][:int(ruleset.param("players"))]  # one a seat: 2 to 4
    game = play_game(ruleset, 99, bots, replay=path, max_deals=2)
    replayed = check(str(path), "replay")
    audited = check(str(path), "audit")
    assert replayed.ok, replayed.text()
    assert audited.ok, audited.text()
    assert replayed.scores == game.result.scores
    assert replayed.events == game.events


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def _failed(path: Path) -> tuple[bool, bool]:
    return (not check(str(path), "replay").ok, not check(str(path), "audit").ok)


def _mutations(event: dict) -> list[dict]:
    """Ways to change one event that a game could not have produced."""
    out = []
    for key, value in event.items():
        if key in ("n", "type"):
            continue
        if isinstance(value, str) and len(value) == 2 and value[0].isdigit():
            other = "9s" if value != "9s" else "1m"
            out.append({**event, key: other})
        elif isinstance(value, bool):
            out.append({**event, key: not value})
        elif isinstance(value, int):
            out.append({**event, key: value + 1})
        elif isinstance(value, list) and value and isinstance(value[0], str):
            out.append({**event, key: value[::-1] if len(set(value)) > 1 else value + value})
        elif isinstance(value, list) and value and isinstance(value[0], list):
            changed = [list(v) for v in value]
            if changed[0] and isinstance(changed[0][-1], str) and changed[0][-1][:1].isdigit():
                changed[0][-1] = "9s" if changed[0][-1] != "9s" else "1m"
            elif changed[0] and isinstance(changed[0][2] if len(changed[0]) > 2 else None, int):
                changed[0][2] += 1
            else:
                continue
            out.append({**event, key: changed})
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_any_single_event_mutation_is_caught(small_log: Path, tmp_path: Path, data: st.DataObject) -> None:
    lines = _lines(small_log)
    k = data.draw(st.integers(1, len(lines) - 1), label="line")
    event = json.loads(lines[k])
    candidates = _mutations(event)
    if not candidates:
        # Events with nothing to change (exhaustive_draw) are caught by deletion instead.
        mutated_lines = lines[:k] + lines[k + 1:]
    else:
        mutated = data.draw(st.sampled_from(candidates), label="mutation")
        mutated_lines = lines[:k] + [dumps(mutated)] + lines[k + 1:]
    replay_failed, audit_failed = _failed(_write(tmp_path / "mutated.jsonl", mutated_lines))
    assert replay_failed or audit_failed, f"mutation of line {k} ({event['type']}) was not caught"


def test_tampered_tile_names_the_event(small_log: Path, tmp_path: Path) -> None:
    lines = _lines(small_log)
    k = next(i for i, line in enumerate(lines) if '"type":"draw"' in line)
    event = json.loads(lines[k])
    event["tile"] = "1m" if event["tile"] != "1m" else "2m"
    verdict = check(str(_write(tmp_path / "t.jsonl", lines[:k] + [dumps(event)] + lines[k + 1:])), "audit")
    assert not verdict.ok
    assert verdict.event == event["n"]
    assert "tile" in verdict.error


def test_truncated_log_is_reported_as_cut_off(small_log: Path, tmp_path: Path) -> None:
    data = small_log.read_bytes()
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(data[: len(data) // 2])
    verdict = check(str(cut), "replay")
    assert not verdict.ok
    assert "cut off" in verdict.error


def test_garbage_bytes_and_empty_files(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_bytes(b"\xff\xfe\x00garbage\n")
    assert "UTF-8" in check(str(garbage), "audit").error
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert "empty" in check(str(empty), "audit").error
    notjson = tmp_path / "notjson.jsonl"
    notjson.write_text("hello\nworld\n")
    assert "not JSON" in check(str(notjson), "audit").error


def test_wrong_ruleset_hash_and_unknown_ruleset(small_log: Path, tmp_path: Path) -> None:
    lines = _lines(small_log)
    head = json.loads(lines[0])
    head["ruleset"]["sha256"] = "0" * 64
    verdict = check(str(_write(tmp_path / "h.jsonl", [dumps(head)] + lines[1:])), "replay")
    assert not verdict.ok and "sha256" in verdict.error
    head["ruleset"]["id"] = "no_such_rules"
    verdict = check(str(_write(tmp_path / "u.jsonl", [dumps(head)] + lines[1:])), "audit")
    assert not verdict.ok and "not installed" in verdict.error


def test_a_module_path_in_the_header_is_rejected(small_log: Path, tmp_path: Path) -> None:
    lines = _lines(small_log)
    head = json.loads(lines[0])
    head["ruleset"]["id"] = "os.system"
    verdict = check(str(_write(tmp_path / "m.jsonl", [dumps(head)] + lines[1:])), "audit")
    assert not verdict.ok and "line 1" not in (verdict.error or "") and verdict.line == 1 and verdict.event is None


def test_physical_game_log_audits_against_its_observed_tiles(small_log: Path, tmp_path: Path) -> None:
    lines = _lines(small_log)
    head = json.loads(lines[0])
    head["rng"] = None
    events = [json.loads(line) for line in lines[1:]]
    for e in events:
        if e["type"] == "deal_start":
            e["wall_commitment"] = None
        if e["type"] == "deal_end":
            e["salt"] = None
    physical = tmp_path / "physical.jsonl"
    write_lines(physical, [head, *events])
    verdict = check(str(physical), "audit")
    assert verdict.ok, verdict.text()
    # A fifth copy of a tile in a physical log is caught where it appears.
    k = next(i for i, e in enumerate(events) if e["type"] == "draw")
    hands = next(e for e in events if e["type"] == "hands")
    counts: dict[str, int] = {}
    for hand in hands["hands"]:
        for c in hand:
            counts[c] = counts.get(c, 0) + 1
    full = next((c for c, n in counts.items() if n == 4), None)
    if full is not None:
        events[k] = {**events[k], "tile": full}
        tampered = tmp_path / "tampered.jsonl"
        write_lines(tampered, [head, *events])
        verdict = check(str(tampered), "audit")
        assert not verdict.ok and verdict.event == events[k]["n"]


def test_parse_log_rejects_out_of_sequence_events(small_log: Path) -> None:
    lines = _lines(small_log)
    swapped = lines[:3] + [lines[4], lines[3]] + lines[5:]
    from mahjong_core.errors import ReplayError

    with pytest.raises(ReplayError) as info:
        parse_log("".join(x + "\n" for x in swapped).encode())
    assert "out of sequence" in info.value.message


def test_undecoded_events_read_as_the_decoded_ones(small_log: Path) -> None:
    full = read_log(small_log, validate_events=False)
    lazy = read_log(small_log, validate_events=False, decode_events=False)
    assert isinstance(lazy.events, UndecodedEvents) and not isinstance(full.events, UndecodedEvents)
    assert len(lazy.events) == len(full.events) > 100
    assert [lazy.events[k] for k in (0, 7, -1)] == [full.events[k] for k in (0, 7, -1)]
    assert lazy.events[3:9] == full.events[3:9]
    for seat in range(4):
        assert list(lazy.decisions(seat)) == list(full.decisions(seat))
        assert list(lazy.decisions(seat))  # every seat decided something


def test_a_damaged_line_gets_the_same_verdict_from_the_fast_replay(small_log: Path, tmp_path: Path) -> None:
    lines = _lines(small_log)
    k = next(i for i, line in enumerate(lines) if '"type":"decision"' in line and i > 40)
    bad = lines[k].replace('"phase"', '"phase" garbage')
    damaged = _write(tmp_path / "damaged.jsonl", lines[:k] + [bad] + lines[k + 1:])
    lazy = read_log(damaged, validate_events=False, decode_events=False)
    with pytest.raises(ReplayError, match="not JSON") as info:
        list(lazy.decisions(0)) + list(lazy.decisions(1)) + list(lazy.decisions(2)) + list(lazy.decisions(3))
    assert info.value.place == f"line {k + 1}"
    verdict = check(str(damaged), "replay")
    assert not verdict.ok
    assert (verdict.error, verdict.event) == (check(str(damaged), "audit").error, check(str(damaged), "audit").event)
    assert "not JSON" in verdict.error


def test_cli_replay_and_audit_exit_codes(small_log: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    assert main(["replay", str(small_log)]) == 0
    assert "replay OK" in capsys.readouterr().out
    assert main(["audit", str(small_log), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(small_log.read_bytes()[:-40])
    assert main(["audit", str(bad)]) == 1
    assert "cut off" in capsys.readouterr().out


@pytest.mark.parametrize("path", sorted(REPLAYS.glob("*.jsonl")), ids=lambda p: p.name)
def test_golden_replays_resimulate_and_audit_clean(path: Path) -> None:
    assert check(str(path), "replay").ok, check(str(path), "replay").text()
    assert check(str(path), "audit").ok, check(str(path), "audit").text()


def test_there_is_a_golden_replay_for_every_bundled_ruleset() -> None:
    names = {p.name.split("-seed")[0] for p in REPLAYS.glob("*.jsonl")}
    bundled = {r for r, info in available().items() if str(info.module).startswith("mahjong_rulesets.")}
    assert bundled <= names, f"missing golden replays: {sorted(bundled - names)}"


def test_a_dora_indicator_changed_in_a_log_is_named_by_the_audit(tmp_path: Path) -> None:
    """A tile a plugin's event turns face up is re-created from the seed, so a log whose indicator was rewritten
    (and re-sealed, as a forger would) fails at that line: riichi's kept log (example_riichi_mechanics)."""
    kept = REPLAYS / "riichi_mechanics" / "example_riichi_mechanics-seed26.jsonl"
    if "example_riichi_mechanics" not in available():
        pytest.fail("install plugins/examples/example_riichi_mechanics (.ci/run does)")
    objects = [json.loads(line) for line in kept.read_text(encoding="utf-8").splitlines()]
    k = next(i for i, o in enumerate(objects) if o.get("type") == "dora_indicator" and o["indicator"] == 2)
    objects[k]["tile"] = "1z" if objects[k]["tile"] != "1z" else "2z"
    forged = tmp_path / "forged.jsonl"
    write_lines(forged, objects)
    for mode in ("replay", "audit"):
        verdict = check(str(forged), mode)
        assert not verdict.ok and verdict.line == k + 1 and "dora_indicator" in verdict.error, verdict.text()
