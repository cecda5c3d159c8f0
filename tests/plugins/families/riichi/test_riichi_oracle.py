"""The riichi family against the ``mahjong`` library (2.1.0), its independent oracle.

A seeded corpus of 10,000 winning situations under the Tenhou preset, and
1,000 under each of eight variants that switch the library's optional rules
(open tanyao, red fives, double yakuman, kazoe, kiriage, open pinfu fu, pinfu
tsumo fu, renhou, daisharin, daichisei), must agree on han, fu, every yaku with
its han, the limit and every payment, honba and riichi sticks included.  The
differences by design are listed in ``reference.DIFFERENCES`` and normalised
here, each one counted so that a new kind cannot hide behind it.
"""

from __future__ import annotations

import collections
from pathlib import Path
from typing import Any

import pytest
import yaml
from mahjong_rulesets.families.riichi import reference as ref
from mahjong_rulesets.families.riichi import samples
from mahjong_rulesets.families.riichi.tables import rules_of

from mahjong_core.plugin import Ruleset
from mahjong_core.rules import load_ruleset
from mahjong_core.rules.loader import load_ruleset_text

pytest.importorskip("mahjong.hand_calculating.hand")

TENHOU = Path(__file__).resolve().parents[4] / "plugins" / "rulesets" / "riichi_tenhou" / "ruleset.yaml"
CORPUS = 10_000
VARIANT_CORPUS = 1_000
VARIANTS = {
    "double_yakuman": ref.Options(double_yakuman=True),
    "no_kuitan_no_aka": ref.Options(open_tanyao=False, aka_dora=False),
    "kazoe_sanbaiman_kiriage": ref.Options(kazoe="sanbaiman", kiriage=True),
    "kazoe_multiple_pinfu_tsumo_fu": ref.Options(kazoe="multiple", pinfu_tsumo_fu=True),
    "no_open_pinfu_fu_renhou_mangan": ref.Options(open_pinfu_fu=False, renhou="mangan"),
    "local_yakuman": ref.Options(renhou="yakuman", daisharin="all", daichisei=True, double_yakuman=True),
    "daisharin_pin_kiriage_no_aka": ref.Options(daisharin="pin", kiriage=True, aka_dora=False),
    "every_option_off": ref.Options(open_tanyao=False, aka_dora=False, double_yakuman=False, kiriage=False,
                                    open_pinfu_fu=False, pinfu_tsumo_fu=True, kazoe="sanbaiman"),
}


def _compare(ruleset: Ruleset, situations: Any, options: ref.Options) -> tuple[collections.Counter[str], list[Any],
                                                                             collections.Counter[str]]:
    """(normalised differences by kind, disagreements, what the corpus covered)."""
    normalised: collections.Counter[str] = collections.Counter()
    covered: collections.Counter[str] = collections.Counter()
    wrong = []
    for situation in situations:
        lib = ref.library_answer(situation, options)
        fam = ref.family_answer(ruleset, situation)
        covered.update(name for name, _ in fam.yaku)
        covered["limit:" + fam.limit] += 1
        covered[f"fu:{fam.fu}"] += 1
        covered.update(f"fact:{f}" for f in situation.facts)
        covered.update(f"meld:{kind}:{exposed}" for kind, _, exposed in situation.melds)
        covered["red"] += bool(situation.red)
        covered["honba"] += bool(situation.honba)
        covered["sticks"] += bool(situation.sticks)
        covered["tsumo" if situation.tsumo else "ron"] += 1
        if lib.error or fam.error:
            covered["no_yaku"] += 1
            if (lib.error == "no_yaku") != (fam.error == "no_yaku") or not (lib.error and fam.error):
                wrong.append((situation, lib, fam))
            continue
        if options.kiriage and lib.limit == "" and fam.limit == "mangan" and lib.payments == fam.payments:
            normalised["limit_name_with_kiriage"] += 1
            lib = lib._replace(limit="mangan")
        if ("daisharin", 13) in lib.yaku and any(exposed for _, _, exposed in situation.melds):
            normalised["daisharin_open"] += 1
            continue
        if lib != fam:
            wrong.append((situation, lib, fam))
    return normalised, wrong, covered


@pytest.fixture(scope="module")
def tenhou() -> Ruleset:
    return load_ruleset(str(TENHOU))


def test_tenhou_preset_agrees_with_the_library_on_10000_situations(tenhou: Ruleset) -> None:
    normalised, wrong, covered = _compare(tenhou, samples.situations(31, CORPUS), ref.Options())
    assert not wrong, f"{len(wrong)} disagreements, the first: {wrong[0]}"
    assert set(normalised) <= set(ref.DIFFERENCES)
    played = {name for name, row in rules_of(tenhou).yaku.items()} | {"dora", "aka_dora", "ura_dora"}
    rare = {name: covered[name] for name in played if covered[name] < 5}
    assert not rare, f"the corpus holds too few of {rare}"
    for key in ("fu:20", "fu:25", "fu:30", "fu:40", "fu:50", "fu:60", "fu:70", "fu:80", "fu:90", "fu:100",
                "fu:110", "limit:", "limit:mangan", "limit:haneman", "limit:baiman", "limit:sanbaiman",
                "limit:yakuman", "limit:2x yakuman", "meld:2:True", "meld:2:False", "meld:0:True", "meld:1:True",
                "red", "honba", "sticks", "tsumo", "ron", "no_yaku", "fact:ippatsu", "fact:rinshan",
                "fact:chankan", "fact:haitei", "fact:houtei", "fact:double_riichi", "fact:tenhou", "fact:chiihou"):
        assert covered[key] >= 3, f"the corpus holds {covered[key]} of {key}"


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_variant_agrees_with_the_library(name: str) -> None:
    options = VARIANTS[name]
    data = ref.variant_text(yaml.safe_load(TENHOU.read_text(encoding="utf-8")), options)
    ruleset = load_ruleset_text(yaml.safe_dump(data, allow_unicode=True), f"<variant {name}>")
    seed = sorted(VARIANTS).index(name) + 1000
    situations = samples.situations(seed, VARIANT_CORPUS, red=options.aka_dora, renhou=options.renhou is not None)
    normalised, wrong, covered = _compare(ruleset, situations, options)
    assert not wrong, f"{len(wrong)} disagreements, the first: {wrong[0]}"
    assert set(normalised) <= set(ref.DIFFERENCES)
    if options.renhou == "mangan":
        assert covered["renhou"] >= 3
    if options.renhou == "yakuman":
        assert covered["renhou_yakuman"] >= 3
    if options.daisharin:
        assert covered["daisharin"] >= 3
    if options.daichisei:
        assert covered["daichisei"] >= 3
    if options.double_yakuman:
        assert covered["limit:2x yakuman"] >= 3
    if options.kazoe == "sanbaiman":
        assert covered["limit:yakuman"] < covered["limit:sanbaiman"] + covered["limit:yakuman"]


def test_the_corpus_is_the_same_on_every_run() -> None:
    first = list(samples.situations(7, 50))
    assert first == list(samples.situations(7, 50))
    assert first != list(samples.situations(8, 50))


def test_the_documented_differences_name_their_source() -> None:
    for name, text in ref.DIFFERENCES.items():
        assert "mahjong 2.1.0" in text or "jmw_" in text or "ema_2016" in text, name
