"""Studies: duplicate play gives no difference where the rules are the same, and only where they differ."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mahjong_core.cli import main
from mahjong_core.rules import load_ruleset
from mahjong_study.figures import compare, summarize
from mahjong_study.runner import run_games
from mahjong_study.stats import difference, mean, proportion
from mahjong_study.study import study

BOTS = ["greedy", "random", "greedy", "random"]


def test_wilson_and_normal_intervals() -> None:
    half = proportion(5, 10)
    assert half["rate"] == 0.5 and half["ci"] == pytest.approx([0.2366, 0.7634], abs=1e-4)
    assert proportion(0, 40)["ci"][0] == 0.0 and 0.05 < proportion(0, 40)["ci"][1] < 0.1
    assert proportion(0, 0)["rate"] is None
    m = mean([1.0, 2.0, 3.0, 4.0])
    assert m["mean"] == 2.5 and m["ci"] == pytest.approx([2.5 - 1.95996 * 1.29099 / 2, 2.5 + 1.95996 * 1.29099 / 2],
                                                          abs=1e-4)
    same = difference(m, m)
    assert same is not None and same["difference"] == 0 and not same["significant"]


def test_a_house_rule_that_changes_nothing_shows_no_difference(tmp_path: Path) -> None:
    same = tmp_path / "same.yaml"
    same.write_text("id: harbin_as_is\nversion: 1.0.0\nname: Harbin, unchanged\nextends: harbin\n", encoding="utf-8")
    result = study("harbin", same, 40, 6, BOTS, max_deals=4)
    assert result["matched_deals"] == result["a"]["deals"] == result["b"]["deals"] > 0
    assert result["changed_winner"]["count"] == 0 and result["same_winner_other_value"]["count"] == 0
    a, b = dict(result["a"]), dict(result["b"])
    a.pop("ruleset"), b.pop("ruleset")
    assert a == b
    assert all(d is None or d["difference"] == 0 for k, d in result["differences"].items() if k != "win_rate_by_seat")


def test_a_doubled_limit_changes_only_the_hands_that_reach_it(tmp_path: Path) -> None:
    base = load_ruleset("harbin")
    limit = int(base.param("usual_limit"))
    doubled = tmp_path / "doubled.yaml"
    doubled.write_text(f"id: harbin_doubled\nversion: 1.0.0\nname: Harbin, limit doubled\nextends: harbin\n"
                       f"parameters:\n  usual_limit: {{value: {2 * limit}, assumption: a study's variant}}\n",
                       encoding="utf-8")
    a = run_games("harbin", 500, 20, BOTS, max_deals=8)
    b = run_games(doubled, 500, 20, BOTS, max_deals=8)
    result = compare(a, b)
    assert result["changed_winner"]["count"] == 0  # the limit decides what a hand is worth, not who wins
    deals_b = {(d.game, d.deal): d for g in b for d in g.deals}
    reached = 0
    for g in a:
        for d in g.deals:
            other = deals_b[(d.game, d.deal)]
            if d.winner is not None and not d.limits:  # no limit reached: the hand is worth the same
                assert other.value == d.value, (d, other)
            elif "usual_limit" in d.limits:
                reached += 1
                assert other.value > d.value or "usual_limit" in other.limits
    assert reached > 0, "no hand reached the limit: the test needs other seeds"
    limited = [r["limits"].get("usual_limit", {"count": 0})["count"] for r in (result["a"], result["b"])]
    assert limited[1] <= limited[0]


def test_the_dask_path_gives_the_in_process_figures() -> None:
    local = run_games("hongkong", 70, 9, BOTS, max_deals=2)
    spread = run_games("hongkong", 70, 9, BOTS, max_deals=2, workers=2)
    assert [g.seed for g in spread] == [g.seed for g in local]
    assert summarize(spread) == summarize(local)


def test_the_study_command_writes_a_report_with_valid_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "study"
    assert main(["study", "piter", "piter", "--seed", "3", "--games", "3", "--max-deals", "3", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "deals whose winner changed: 0.0%" in text and "first pair minus second" in text
    for stem in ("values", "items", "cumulative"):
        assert (out / f"{stem}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert ET.parse(out / f"{stem}.svg").getroot().tag.endswith("svg")
    page = (out / "report.html").read_text(encoding="utf-8")
    assert "<img src='values.png'" in page and "<h2>Deals whose winner changed" not in page
    figures = json.loads((out / "study.json").read_text())
    assert figures["a"]["pair_balance"] is not None and figures["a"]["games"] == 3
    again = tmp_path / "again"
    main(["study", "piter", "piter", "--seed", "3", "--games", "3", "--max-deals", "3", "--out", str(again)])
    for name in ("study.json", "values.svg", "items.svg", "cumulative.svg", "values.png"):
        assert (again / name).read_bytes() == (out / name).read_bytes(), name


def test_simulate_summary_and_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "mcr", "--seed", "1", "--games", "2", "--max-deals", "2", "--summary",
                 "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["deals"] == 4 and len(figures["win_rate_by_seat"]) == 4 and figures["pair_balance"] is None
    assert main(["study", "mcr", "shangai", "--seed", "1"]) == 2
    assert "unknown ruleset 'shangai'" in capsys.readouterr().err
    assert main(["study", "mcr", "mcr", "--seed", "1", "--games", "0"]) == 2
    assert "--games must be at least 1" in capsys.readouterr().err


def test_simulate_on_dask_workers_writes_the_same_bytes(tmp_path: Path) -> None:
    args = ["simulate", "--ruleset", "hongkong", "--seed", "9", "--games", "3", "--max-deals", "2"]
    assert main([*args, "--out", str(tmp_path / "here")]) == 0
    assert main([*args, "--out", str(tmp_path / "spread"), "--workers", "2"]) == 0
    here = sorted((tmp_path / "here").iterdir())
    assert len(here) == 3
    for path in here:
        assert (tmp_path / "spread" / path.name).read_bytes() == path.read_bytes()
