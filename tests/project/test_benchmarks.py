"""The benchmark scripts still run: each is started on a tiny workload and must print its figures.

The figures themselves are not judged here (speed is measured by running the
scripts, never by timed tests); this only keeps the scripts from rotting as
the code they measure changes.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"

#: script -> (tiny arguments, a line every run must print, with a number in it), for the scripts run_all.py
#: does not run on a tiny workload the same way (bench_import.py: other formats, and the workers' speed-up)
RUNS = {
    "bench_server.py": (["--tables", "2", "--seconds", "2", "--pace", "0.2"], r"tables sustained at p99 < 100 ms: \d+"),
    "bench_import.py": (["--passes", "1", "--format", "botzone", "--format", "tenhou-xml", "--speedup-files", "1"],
                        r"botzone import\+audit: [\d.]+ rounds per CPU second(.|\n)*"
                        r"tenhou import\+audit: [\d.]+ rounds per CPU second(.|\n)*"
                        r"speed-up with 2 workers: [\d.]+"),
    "bench_riichi.py": (["--count", "40", "--rounds", "1"], r"ours score_hand \(explained\)\s+\d+ situations/s"),
    "bench_typed_jokers.py": (["--deals", "4", "--repeat", "1", "--profile"],
                              r"vietnamese: greedy [\d.]+ deals/CPU s(.|\n)*\([\d.]+%\) in the joker measures"),
}
#: script -> a line its report must print, with a number in it, in ``run_all.py --quick --verbose`` (which runs
#: each of them on a tiny workload; running them again alone would measure the same code twice)
IN_RUN_ALL = {
    "bench_engine.py": r"(?s)log cost random\s+chinese_classical:\s+-?[\d.]+% .*"
                       r"audit \(people\) chinese_classical:\s+[\d.]+ deals/s.*replay/greedy [\d.]+x",
    "bench_hands.py": r"\d",
    "bench_cards.py": r"greedy discard\s+[\d,]+ decisions/s",
    "bench_mcr.py": r"unexplained:\s+0\b",
    "bench_classical.py": r"\d",
    "bench_cli.py": r"mahjong rules list\s.*fastest\s+\d+ ms",
    "bench_study.py": r"speed-up with 2 workers at 64 deals: [\d.]+",
}


def test_every_benchmark_script_is_covered() -> None:
    assert {p.name for p in BENCHMARKS.glob("bench_*.py")} == set(RUNS) | set(IN_RUN_ALL)


@pytest.mark.parametrize("script", sorted(RUNS))
def test_benchmark_runs_on_a_tiny_workload(script: str) -> None:
    args, expected = RUNS[script]
    done = subprocess.run([sys.executable, str(BENCHMARKS / script), *args], capture_output=True, text=True,
                          timeout=300, check=False)
    # A script may exit 1 for a speed target missed -- on a tiny workload that is noise -- but never crash.
    assert done.returncode == 0 or (done.returncode == 1 and "MISSED" in done.stdout and not done.stderr), \
        done.stderr[-2000:]
    assert re.search(expected, done.stdout), done.stdout[-2000:]


def _run_all(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(BENCHMARKS / "run_all.py"), *args], capture_output=True, text=True,
                          timeout=600, check=False)


def _reports(output: str) -> dict[str, str]:
    """Each script's own report in a ``--verbose`` run's output, by script (the reports of several runs of one
    script joined)."""
    reports: dict[str, str] = {}
    for part in output.split("=== report of ")[1:]:
        script = part.split(" ", 1)[0].split("\n", 1)[0]
        reports[script] = reports.get(script, "") + part
    return reports


def test_run_all_writes_every_script_s_figures_and_compares_them(tmp_path: Path) -> None:
    """One command runs every script (tiny workloads) and writes their figures; --compare names what moved."""
    out = tmp_path / "figures.json"
    done = _run_all("--quick", "--verbose", "--out", str(out))
    assert done.returncode == 0, done.stderr[-3000:]
    reports = _reports(done.stdout)
    for script, expected in IN_RUN_ALL.items():
        assert re.search(expected, reports.get(script, "")), (script, reports.get(script, "")[-2000:])
    figures = json.loads(out.read_text(encoding="utf-8"))["figures"]
    for name in ("engine.mcr.greedy", "engine.chinese_classical.replay", "hands.shanten.warm_bytes",
                 "mcr.agreement.unexplained", "mcr.score_hand", "classical.chinese_classical.warm_win",
                 "cli.rules_list.median_ms", "import.mjai.rounds_per_cpu_s", "import.mjai.agree"):
        assert name in figures, sorted(figures)
    assert figures["mcr.agreement.unexplained"]["value"] == 0
    assert figures["mcr.score_hand"]["reference"].startswith("PyMahjongGB") and figures["mcr.score_hand"]["ratio"] > 0
    # simulate as a user runs it, with and without logs, the log's cost, and the ratios the targets judge
    for rid in ("mcr", "chinese_classical"):
        for bots in ("greedy", "random"):
            assert figures[f"engine.{rid}.simulate_{bots}"]["reference"] == f"simulate {bots}, no log"
            assert figures[f"engine.{rid}.simulate_{bots}_no_log"]["value"] > 0
            assert figures[f"engine.{rid}.log_cost_{bots}"]["unit"] == "%"
        for check in ("replay", "audit", "audit_people"):
            entry = figures[f"engine.{rid}.{check}"]
            assert entry["reference"] == "greedy, in process"
            assert entry["ratio"] == pytest.approx(entry["value"] / figures[f"engine.{rid}.greedy"]["value"], rel=1e-4)
    assert figures["hands.shanten.warm_bytes"]["reference"].startswith("mahjong ")

    # A baseline in which one figure was twice as good, one agreement count differed and one figure is gone.
    baseline = json.loads(out.read_text(encoding="utf-8"))
    baseline["figures"]["engine.mcr.greedy"]["value"] *= 2
    baseline["figures"]["mcr.agreement.equal"]["value"] += 1
    baseline["figures"]["engine.old.greedy"] = {"value": 1.0, "unit": "deals/s", "better": "higher"}
    base = tmp_path / "baseline.json"
    base.write_text(json.dumps(baseline), encoding="utf-8")
    done = _run_all("--figures", str(out), "--compare", str(base), "--strict")
    assert done.returncode == 1, done.stdout[-3000:] + done.stderr[-3000:]
    report = done.stdout
    assert re.search(r"WORSE\s+engine\.mcr\.greedy\s.*deals/s.*-\d+(\.\d)?% \(baseline", report), report
    assert re.search(r"CHANGED\s+mcr\.agreement\.equal\s", report), report
    assert "missing    engine.old.greedy" in report


def test_the_committed_baseline_is_a_full_run_of_every_installed_ruleset() -> None:
    from mahjong_core.rules import available

    baseline = json.loads((BENCHMARKS / "baseline.json").read_text(encoding="utf-8"))
    assert baseline["meta"]["quick"] is False
    figures = baseline["figures"]
    engine = {name.split(".")[1] for name in figures if name.startswith("engine.")}
    assert engine == set(available())
    assert figures["mcr.agreement.unexplained"]["value"] == 0
    assert all(entry["better"] in ("higher", "lower", "same") for entry in figures.values())
    for rid in available():  # simulate as a user runs it, logs written, and the log's cost, for every ruleset
        assert {f"engine.{rid}.simulate_greedy", f"engine.{rid}.simulate_random", f"engine.{rid}.log_cost_greedy",
                f"engine.{rid}.log_cost_random"} <= set(figures)


def test_the_side_by_side_comparison_prints_each_ratio_beside_its_figures() -> None:
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import run_all
    finally:
        sys.path.remove(str(BENCHMARKS))
    before = {"engine.mcr.audit": {"value": 200.0, "unit": "deals/s", "better": "higher", "ratio": 0.58,
                                   "reference": "greedy, in process"},
              "engine.mcr.greedy": {"value": 345.0, "unit": "deals/s", "better": "higher"}}
    after = {"engine.mcr.audit": {**before["engine.mcr.audit"], "value": 230.0, "ratio": 0.66},
             "engine.mcr.greedy": before["engine.mcr.greedy"]}
    audit, greedy = run_all.side_by_side(before, after, 0.10)[1:]
    assert re.search(r"engine\.mcr\.audit\s+200\.0\s+230\.0\s+\+15\.0% deals/s\s+better\s+0\.58x -> 0\.66x greedy, "
                     r"in process$", audit), audit
    assert greedy.endswith("+0.0% deals/s"), greedy
