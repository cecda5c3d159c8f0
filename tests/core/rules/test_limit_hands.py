"""A house rule that changes the usual limit, and the limit hands that follow it when it says so.

Shanghai lists its limit hands in points beside a usual limit of 1000
(000 lines 346, 376-382).  A club lowering the limit to 500 had its pages
say "no hand scores more than 500" over a table paying 5000, and its study
showed the limit hands unchanged.  ``limit_hands_scale_with_limit: true``
pays each row in proportion to the new limit; the scoring, the rule page
and the study read the same values (:func:`mahjong_core.rules.limit_hands.limit_hand_values`).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahjong_core.cli.score import Given, score_text
from mahjong_core.errors import MahjongError
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.limit_hands import limit_hand_values
from mahjong_docs import prose, sources
from mahjong_study.runner import run_games

SEVEN_PAIRS = "1133m5577p2266s4z +4z"
THIRTEEN_ORPHANS = "19m19p19s1234567z +1m"


def house_rule(folder: Path, limit: object, scale: object = True, name: str = "lowered") -> Path:
    lines = [f"id: {name}", "version: 1.0.0", "name: Shanghai, another limit", "extends: shanghai",
             "description: A club's usual limit.", "", "parameters:",
             f"  usual_limit: {{value: {limit}, assumption: \"the club's limit\"}}"]
    if scale is not None:
        lines.append(f"  limit_hands_scale_with_limit: {{value: {scale}, assumption: \"the club scales them\"}}")
    path = folder / f"{name}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def total(ruleset: object, notation: str) -> int:
    return score_text(ruleset, notation, Given(), "test").score.total  # type: ignore[arg-type]


def test_a_lowered_limit_scales_the_limit_hands_when_the_house_rule_says_so(tmp_path: Path) -> None:
    shanghai = load_ruleset("shanghai")
    scaled = load_ruleset(house_rule(tmp_path, 500))
    kept = load_ruleset(house_rule(tmp_path, 500, scale=None, name="kept"))
    assert total(shanghai, THIRTEEN_ORPHANS) == 4000 and total(shanghai, SEVEN_PAIRS) == 2500
    assert total(scaled, THIRTEEN_ORPHANS) == 2000 and total(scaled, SEVEN_PAIRS) == 1250
    assert total(kept, THIRTEEN_ORPHANS) == 4000, "without the parameter a row keeps its written value"
    paid = limit_hand_values(scaled)
    assert {k: v.paid for k, v in paid.items()} == {
        "heavenly": 2500, "earthly": 2250, "thirteen_orphans": 2000, "seven_pairs": 1250,
        "all_terminals_and_honours": 1500, "pure_suit": 1000, "beggars_hand": 500}
    assert {v.written_for for v in paid.values()} == {1000} and {v.defined_in for v in paid.values()} == {"shanghai"}
    (item,) = score_text(scaled, THIRTEEN_ORPHANS, Given(), "test").score.items
    assert item.source == "000 line 378" and "4000 written for a usual limit of 1000 (shanghai)" in item.detail


def test_a_scaled_value_is_rounded_to_the_nearest_point_a_half_up(tmp_path: Path) -> None:
    paid = limit_hand_values(load_ruleset(house_rule(tmp_path, 333)))
    assert paid["heavenly"].paid == 1665  # 5000 * 333 / 1000
    assert paid["earthly"].paid == 1499  # 4500 * 333 / 1000 = 1498.5
    assert paid["beggars_hand"].paid == 333


def test_a_row_worth_limit_follows_the_limit_either_way() -> None:
    traditional = load_ruleset("traditional")
    assert {v.paid for v in limit_hand_values(traditional).values()} == {traditional.value("usual_limit")}
    assert {v.written for v in limit_hand_values(traditional).values()} == {"limit"}


@pytest.mark.parametrize(("limit", "scale", "place", "message"), [
    ("null", "true", "$.parameters.limit_hands_scale_with_limit.value", "no usual limit to scale with"),
    (500, '"yes"', "limit_hands_scale_with_limit", "'yes' is not of type 'boolean'"),
])
def test_a_scale_that_cannot_be_applied_is_refused_with_its_place(tmp_path: Path, limit: object, scale: str,
                                                                  place: str, message: str) -> None:
    path = house_rule(tmp_path, limit, scale)
    with pytest.raises(MahjongError) as refused:
        total(load_ruleset(path), THIRTEEN_ORPHANS)
    assert place in str(refused.value) and message in str(refused.value) and str(path) in str(refused.value)


def _limits_paragraph(ruleset: object) -> str:
    text = prose.how_a_deal_goes(ruleset, sources.library([ruleset], "rulesets/sources"))  # type: ignore[arg-type]
    return text.split("**Limits.**", 1)[1].split("\n\n", 1)[0]


def test_the_page_says_what_the_limit_cuts_and_what_the_limit_hands_are_paid(tmp_path: Path) -> None:
    shanghai = _limits_paragraph(load_ruleset("shanghai"))
    assert "No hand scores more than" not in shanghai
    assert "an ordinary hand -- its points doubled by its doublings, or the chavka -- is paid at most 1000" in shanghai
    assert "The limit hands below are not cut by it: each is paid its own value, from 1000 to 5000." in shanghai
    scaled = load_ruleset(house_rule(tmp_path, 500))
    text = _limits_paragraph(scaled)
    assert "is paid at most 500" in text and "their values follow it" in text
    stated = dict(re.findall(r"([A-Z][A-Za-z' ]+?) (\d+)(?:,| and|\.)", text.split("so here", 1)[1]))
    names = {row["name"]: key for key, row in scaled.raw_tables["limit_hands"].items()}
    assert {names[n.strip()]: int(v) for n, v in stated.items()} == {
        k: v.paid for k, v in limit_hand_values(scaled).items()}
    assert total(scaled, SEVEN_PAIRS) == int(stated["Seven pairs"])


def test_the_study_plays_the_scaled_limit_hands(tmp_path: Path) -> None:
    """The same seeded games under Shanghai and under the house rule: the same seven pairs, paid half."""
    path = house_rule(tmp_path, 500)
    paid = {k: v.paid for k, v in limit_hand_values(load_ruleset(path)).items()} | {"usual_limit": 500}
    before = [d for g in run_games("shanghai", 1, 8, ["greedy"] * 4, max_deals=16) for d in g.deals]
    after = [d for g in run_games(path, 1, 8, ["greedy"] * 4, max_deals=16) for d in g.deals]
    pairs_before = [d.value for d in before if d.limits == ["seven_pairs"]]
    pairs_after = [d.value for d in after if d.limits == ["seven_pairs"]]
    assert pairs_before and set(pairs_before) == {2500} and set(pairs_after) == {1250}
    for deal in after:
        if deal.limits:
            assert deal.value == paid[deal.limits[0]], deal
        elif deal.winner is not None:
            assert deal.value <= 500, deal


def test_a_house_rule_file_that_is_not_installed_gets_its_page(tmp_path: Path) -> None:
    """Its line of ancestors names the file's own ruleset, which no id loads: the page once failed to build."""
    from mahjong_docs import pages

    ruleset = load_ruleset(house_rule(tmp_path, 500, name="not_installed"))
    page = pages.ruleset_page(ruleset, [ruleset.id, "shanghai"], reference=False)
    assert "extends :doc:`Shanghai <shanghai>` (the line" in page and "→ Shanghai, another limit)" in page
    assert "The usual limit is 500" in page and "Heavenly hand 2500" in page
