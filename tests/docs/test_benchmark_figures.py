"""The performance page's tables, read from the committed benchmark figures (mahjong_docs.benchmark_figures)."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from mahjong_core import MahjongError
from mahjong_docs import benchmark_figures as bf

ROOT = Path(__file__).resolve().parents[2]


def _engine(rid: str, greedy: float, sim_greedy: float, sim_random: float, replay: float, audit: float
            ) -> dict[str, dict[str, float | str]]:
    def figure(value: float) -> dict[str, float | str]:
        return {"value": value, "unit": "deals/s", "better": "higher"}
    return {f"engine.{rid}.greedy": figure(greedy), f"engine.{rid}.random": figure(2 * greedy),
            f"engine.{rid}.simulate_greedy": figure(sim_greedy), f"engine.{rid}.simulate_random": figure(sim_random),
            f"engine.{rid}.replay": figure(replay), f"engine.{rid}.audit": figure(audit),
            f"engine.{rid}.log_cost_greedy": {"value": 8.4, "unit": "%", "better": "lower"}}


def test_each_figure_short_of_its_target_is_marked_and_counted() -> None:
    figures = {**_engine("fast", 400, 350, 600, 520, 250), **_engine("slow", 200, 180, 600, 240, 110)}
    document = {"meta": {"python": "3.11.7", "machine": "x86_64", "quick": False,
                         "notes": ["measured under `load` *2*"]}, "figures": figures}
    rows, missed = bf.engine_rows(figures, ["fast", "slow"], bf.Targets())
    assert missed == {"fast": [], "slow": ["greedy", "replay", "audit"]}
    assert rows[0][1:3] == ["350", "600"] and rows[1][1] == "180 (short)"
    assert rows[1][5] == "240 (1.20x, short)" and rows[0][5] == "520 (1.30x)"
    assert rows[0][7] == "8% / --"
    text = bf.benchmarks_rst(document, ["fast", "slow"], bf.Targets())
    assert "1 of 2 rulesets meet every engine target (``fast``)" in text
    assert r"measured under ``load`` \*2\*" in text  # a note's markup is escaped, its code spans literal


def test_a_baseline_missing_a_ruleset_or_quick_is_named(tmp_path: Path) -> None:
    document = {"meta": {"quick": True}, "figures": _engine("fast", 400, 350, 600, 520, 250)}
    assert bf.problems(document, ["fast", "other"]) == [
        "the baseline is a --quick run: its figures mean nothing",
        "no engine figures for other: run benchmarks/bench_engine.py for them"]
    bad = tmp_path / "baseline.json"
    bad.write_text('{"figures": []}', encoding="utf-8")
    with pytest.raises(MahjongError, match=r"baseline\.json.*expected an object with 'meta' and 'figures'"):
        bf.read_baseline(bad)
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(MahjongError, match="not JSON"):
        bf.read_baseline(bad)


def test_the_page_states_the_benchmarks_own_targets_and_reads_the_committed_file() -> None:
    page = (ROOT / "docs" / "performance.rst").read_text(encoding="utf-8")
    options = dict(re.findall(r"^   :(\w+): ([\d.]+)$", page, re.M))
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import bench_engine
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert (float(options["greedy"]), float(options["random"]), float(options["replay"]), float(options["audit"])) \
        == (bench_engine.GREEDY_TARGET, bench_engine.RANDOM_TARGET, bench_engine.REPLAY_RATIO, bench_engine.AUDIT_RATIO)
    assert bf.Targets() == bf.Targets(*map(float, (options[k] for k in ("greedy", "random", "replay", "audit"))))
    assert ".. mahjong-benchmarks:: ../benchmarks/baseline.json" in page
    document = bf.read_baseline(ROOT / "benchmarks" / "baseline.json")
    assert json.loads((ROOT / "benchmarks" / "baseline.json").read_text(encoding="utf-8"))["meta"] == document["meta"]
