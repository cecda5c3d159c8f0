"""The bundled ruleset data: provenance, the seeds' tables, inheritance, and the identity hash."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from shared_files import SEEDS

from mahjong_core.plugin.binding import bind, installed_predicates
from mahjong_core.rules import (
    available,
    is_leaf,
    load_ruleset,
    merge,
    resolve,
    rule_content,
    strip_removals,
    tables_sha256,
)
from mahjong_core.rules.identity import identity_tables

PREDICATES = installed_predicates()
BUNDLED = sorted(i for i, info in available().items() if str(info.module).startswith("mahjong_rulesets."))
ROOTS = {
    "harbin",
    "chinese_classical",
    "european_classical",
    "hongkong",
    "mcr",
    "traditional",
    "bonus_classical",
    "piter",
    "zung_jung",
    "sichuan_xuezhan",
    "riichi_tenhou",
    "taiwanese_16",  # issue 34: Taiwanese 16-tile, the taiwanese family
    "korean",
    "singapore",  # issue 34: Singapore, the hongkong family with its own tables
    "malaysian_3p",  # issue 34: Malaysian three-player, Fly jokers, the hongkong family
    "fuzhou",  # issue 34: Fuzhou's golden tile, the fuzhou family and the core's wild kind
    "filipino",  # issue 34: Filipino, the fuzhou family's count, the core's wild kind chosen by dice
    "pung_chow",  # issue 34: a historical table, Harr's Pung Chow card (1922), classical rows only
    "vietnamese",  # issue 34: Vietnamese, typed jokers and emperors, the hongkong family
    "american_style",  # issue 34: the American game with a card of fixed hands (card_hands), flowers held, jokers
}
#: Issue 34's data rulesets that extend another (zung_jung, a root, is in ROOTS).
ISSUE_34_Z = {"hongkong_old_style", "mcr_1998", "mcr_1998_strict", "zung_jung_wsom", "zung_jung_uniform",
              "sichuan_xueliu",  # the bloody flow extends the bloody battle (sichuan_xuezhan, a root)
              "babcock_1923"}  # Babcock's Red Book (1923) as its differences from Harr's card (pung_chow)
#: Issue 31's riichi presets, each extending riichi_tenhou (a root).
ISSUE_31_P = {"riichi_mahjong_soul", "riichi_ema", "riichi_wrc", "riichi_mleague"}
#: Issue 31's three-player riichi, laid over riichi_tenhou, and Mahjong Soul's three-player preset over it.
ISSUE_31_S = {"sanma_tenhou", "sanma_mahjong_soul"}
#: What every ruleset must define (the universal schema), and what each family adds to it (its own schema).
REQUIRED = [
    "players", "hand_size", "tile_set", "settlement", "exhaustive_draw_tiles_left",
    "dealer_keeps_deal_on_win", "dealer_keeps_deal_on_draw", "discard_display", "meld_display", "usual_limit",
    "minimum_value", "kong_ways", "mahjong_tie_break", "chow_from", "pung_claim_until_next_discard", "dead_hand",
    "wall_ceremony", "skipped_by_seed_program",
]  # fmt: skip
FAMILY_REQUIRED = {
    "classical": ["east_pays_double", "chavka", "pay_limit_for_four_bonus", "pay_limit_for_consecutive_wins", "bank",
                  "penalties"],
    "hongkong": ["east_pays_double"],
    "mcr": [],
    "riichi": [],
    "taiwanese": [],
    "fuzhou": [],
}
CITATION = re.compile(r"(\d{3}) (?:line (\d+)|lines (\d+)-(\d+))")


def raw_documents() -> Iterator[tuple[str, dict[str, Any]]]:
    for ruleset_id in BUNDLED:
        location = load_ruleset(ruleset_id).location
        yield location, yaml.safe_load(Path(location).read_text(encoding="utf-8"))


def leaves(node: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    if is_leaf(node):
        yield path, node
    elif isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, (*path, key))


def test_bundled_rulesets_are_the_expected_eleven_the_example_and_the_platform_preset() -> None:
    children = {"shanghai", "orsk", "hongkong_plus", "shanghai_1500_no_bank", "botzone_mcr"}
    assert set(BUNDLED) == ROOTS | children | ISSUE_34_Z | ISSUE_31_P | ISSUE_31_S


def test_inheritance_follows_the_seeds() -> None:
    parents = {i: load_ruleset(i).parent for i in BUNDLED}
    assert {i for i, p in parents.items() if p is None} == ROOTS
    assert parents["shanghai"] == "harbin"
    assert parents["orsk"] == "shanghai"
    assert parents["hongkong_plus"] == "hongkong"
    assert parents["botzone_mcr"] == "mcr"
    assert parents["shanghai_1500_no_bank"] == "shanghai"
    assert parents["sichuan_xueliu"] == "sichuan_xuezhan"
    assert parents["sanma_tenhou"] == "riichi_tenhou"
    assert parents["babcock_1923"] == "pung_chow"
    assert parents["sanma_mahjong_soul"] == "sanma_tenhou"


@pytest.mark.parametrize("ruleset_id", sorted(ROOTS))
def test_every_root_defines_every_required_parameter(ruleset_id: str) -> None:
    document = yaml.safe_load(Path(load_ruleset(ruleset_id).location).read_text(encoding="utf-8"))
    assert "extends" not in document
    family = bind(load_ruleset(ruleset_id)).family
    assert family is not None
    assert set(REQUIRED) | set(FAMILY_REQUIRED[family.name]) <= set(document["parameters"])
    assert set(FAMILY_REQUIRED[family.name]) == set((family.parameters or {}).get("required", ()))
    others = {name for fam, names in FAMILY_REQUIRED.items() if fam != family.name for name in names}
    assert not (others - set(FAMILY_REQUIRED[family.name])) & set(document["parameters"]), \
        "a ruleset file carries a switch only another family reads"
    assert "limit_hands" in document


def test_every_leaf_has_exactly_one_of_source_or_assumption() -> None:
    count = 0
    for location, document in raw_documents():
        for path, leaf in leaves({k: v for k, v in document.items() if k != "description"}):
            assert ("source" in leaf) != ("assumption" in leaf), f"{location}: {'.'.join(path)}"
            text = leaf.get("source", leaf.get("assumption"))
            assert isinstance(text, str) and text.strip() and "\n" not in text, f"{location}: {'.'.join(path)}"
            count += 1
    assert count > 300


def _seed_lines() -> dict[str, list[str]]:
    files = {}
    for path in SEEDS.glob("*.txt"):
        files[path.name[:3]] = path.read_text(encoding="utf-8").splitlines()
    return files


@pytest.mark.skipif(not SEEDS.is_dir(), reason="the seed documents (../shared/seeds) are not beside the repository")
def test_every_cited_seed_line_exists_and_is_not_empty() -> None:
    seeds = _seed_lines()
    checked = 0
    for location, document in raw_documents():
        for path, leaf in leaves(document):
            texts = [leaf.get("source", "")]
            texts += re.findall(r"\b\d{3} lines? \d+(?:-\d+)?", leaf.get("assumption", ""))
            for text in texts:
                for seed, line, start, end in CITATION.findall(text):
                    where = f"{location}: {'.'.join(path)} cites {seed} {line or start + '-' + end}"
                    assert seed in seeds, where
                    lines = range(int(line), int(line) + 1) if line else range(int(start), int(end) + 1)
                    assert lines.start >= 1 and lines.stop - 1 <= len(seeds[seed]), where
                    assert any(seeds[seed][n - 1].strip() for n in lines), where
                    assert seeds[seed][lines.start - 1].strip() and seeds[seed][lines.stop - 2].strip(), where
                    checked += 1
    assert checked > 300


# The rule-differences table of 000 (lines 340-353), as RULESETS.md transcribes it.  Columns: tiles, settlement,
# draw at, East double, East keeps, discards, usual limit, minimum, chavka, its doublings, limit for 4 bonus,
# limit for 5+ wins, bank, Charleston.
SPORT_MINIMUM = {"points": 8, "excluding_bonus_tiles": True}
DIFFERENCES = {
    "harbin": (144, "classical", 0, True, True, "quadro", 500, None, True, False, True, True, False, False),
    "shanghai": (144, "classical", 0, True, True, "quadro", 1000, None, True, True, True, True, True, False),
    "orsk": (144, "classical", 0, True, True, "quadro", 1000, None, True, True, True, True, True, True),
    "chinese_classical": (
        136,
        "classical",
        14,
        True,
        True,
        "quadro",
        2000,
        None,
        False,
        None,
        False,
        False,
        False,
        False,
    ),
    "european_classical": (
        136,
        "classical",
        0,
        True,
        False,
        "quadro",
        2000,
        None,
        False,
        None,
        False,
        False,
        False,
        False,
    ),
    "hongkong": (144, "hongkong", 0, False, True, "quadro", None, None, False, None, False, False, False, False),
    "hongkong_plus": (
        144,
        "hongkong",
        0,
        False,
        True,
        "quadro",
        None,
        {"fan": 2},
        False,
        None,
        False,
        False,
        False,
        False,
    ),
    "mcr": (144, "sport", 0, False, False, "rows", None, SPORT_MINIMUM, False, None, False, False, False, False),
}


@pytest.mark.parametrize("ruleset_id", sorted(DIFFERENCES))
def test_rule_differences_table(ruleset_id: str) -> None:
    tiles, settle, draw, east, keep, discard, limit, minimum, chavka, chavka2, four, five, bank, charleston = (
        DIFFERENCES[ruleset_id]
    )
    rs = load_ruleset(ruleset_id)
    assert len(rs.tile_set()) == tiles
    assert rs.param("settlement") == settle
    assert rs.param("exhaustive_draw_tiles_left") == draw
    # A rule the ruleset's family does not have at all is "no" in 000's table ("-" where it cannot apply).
    assert bool(rs.get("east_pays_double", False)) is east
    assert rs.param("dealer_keeps_deal_on_win") is keep and rs.param("dealer_keeps_deal_on_draw") is keep
    assert rs.param("discard_display") == discard
    assert rs.param("usual_limit") == limit
    assert rs.param("minimum_value") == minimum
    assert bool((rs.get("chavka") or {}).get("enabled")) is chavka
    if chavka2 is not None:
        assert rs.param("chavka.doublings_allowed") is chavka2
    assert bool(rs.get("pay_limit_for_four_bonus", False)) is four
    assert bool((rs.get("pay_limit_for_consecutive_wins") or {}).get("enabled")) is five
    assert bool((rs.get("bank") or {}).get("enabled")) is bank
    assert (rs.param("tile_exchange")["kind"] == "charleston") is charleston
    assert rs.source_of("usual_limit").text == "000 line 346"


# The special-limits table of 000 (lines 376-397): ХБ ШХ ОР КК ЕК ГК ГК+, None = "Нет".
LIMITS = {
    "heavenly_hand": (1000, 5000, 5000, 7000, 7000, 64, 64),
    "earthly_hand": (500, 4500, 4500, 5000, 5000, 64, 64),
    "thirteen_orphans": (500, 4000, 4000, 5000, 5000, 64, 64),
    "seven_pairs": (500, 2500, 2500, 5000, None, 16, 16),
    "all_terminals_and_honours": (500, 3000, 3000, None, None, None, None),
    "pure_suit": (500, 2000, 2000, None, None, None, None),
    "beggars_hand": (500, 1000, 1000, None, None, None, None),
    "all_honours": (None, None, None, 5000, 5000, 64, 64),
    "all_terminals": (None, None, None, 5000, 5000, 64, 64),
    "three_great_scholars": (None, None, None, 5000, 5000, 64, 64),
    "big_four_winds": (None, None, None, 5000, 5000, 64, 64),
    "four_kongs": (None, None, None, 5000, 5000, 64, 64),
    "nine_gates": (None, None, None, 5000, 5000, 64, 64),
    "all_green": (None, None, None, 5000, 5000, None, None),
    "found_treasure": (None, None, None, 5000, None, None, None),
    "moon_from_the_bottom_of_the_sea": (None, None, None, 5000, None, None, None),
    "grapes_on_a_flat_roof": (None, None, None, 5000, None, None, None),
    "hidden_treasure": (None, None, None, None, 5000, 64, 64),
    "little_four_winds": (None, None, None, None, 5000, 64, 64),
    "jade_dragon": (None, None, None, None, None, 64, 64),
    "ruby_dragon": (None, None, None, None, None, 64, 64),
    "pearl_dragon": (None, None, None, None, None, 64, 64),
}
LIMIT_COLUMNS = ("harbin", "shanghai", "orsk", "chinese_classical", "european_classical", "hongkong", "hongkong_plus")


@pytest.mark.parametrize("ruleset_id", LIMIT_COLUMNS)
def test_special_limits_table(ruleset_id: str) -> None:
    column = LIMIT_COLUMNS.index(ruleset_id)
    expected = {pred: values[column] for pred, values in LIMITS.items() if values[column] is not None}
    rows = load_ruleset(ruleset_id).table("limit_hands")
    assert {row["predicate"]: row["value"] for row in rows.values()} == expected
    assert all(row["source"].startswith("000 line 3") for row in rows.values())


def test_mcr_has_no_special_limits_and_002_names_none() -> None:
    assert load_ruleset("mcr").table("limit_hands") == {}
    assert load_ruleset("bonus_classical").table("limit_hands") == {}


def test_traditional_limit_hands_are_001s_list_and_piter_borrows_it() -> None:
    traditional = load_ruleset("traditional").table("limit_hands")
    assert len(traditional) == 15
    assert all(
        row["value"] == "limit" and row["source"].startswith("001 line 157; 001 line ") for row in traditional.values()
    )
    piter = load_ruleset("piter").table("limit_hands")
    assert {k: v["predicate"] for k, v in piter.items()} == {k: v["predicate"] for k, v in traditional.items()}
    assert all("cut off" in row["assumption"] for row in piter.values())


def test_seed_001_and_003_specifics() -> None:
    traditional = load_ruleset("traditional")
    assert traditional.param("mahjong_tie_break") == "farthest_counterclockwise"
    assert load_ruleset("harbin").param("mahjong_tie_break") == "next_in_turn"
    assert traditional.param("exhaustive_draw_tiles_left") == 14
    assert traditional.param("pung_claim_until_next_discard") is True
    assert traditional.param("wall_ceremony") == {
        "dice": 2, "throws": 2, "loose_tiles": 2, "deal_pattern": [4, 4, 4, 1], "dealer_extra": 1,
    }  # fmt: skip
    assert traditional.param("dead_hand")["enabled"] is True
    piter = load_ruleset("piter")
    assert piter.param("pairs") == {"partners": "opposite"}
    assert piter.param("tile_exchange") == {"kind": "partner", "tiles": 2, "refuse_only_if_calling": True}
    assert piter.param("calling_hand_rule") == {"required": True, "may_undeclare": True}
    assert piter.param("usual_limit") == 2000
    assert piter.param("minimum_value") == {"doublings_in_hand": 1}
    assert piter.param("timing") == {"chow_pause_seconds": {"min": 5, "max": 7}}
    assert load_ruleset("mcr").param("timing") == {"move_seconds": 10, "claim_seconds": 3, "game_minutes": 150}
    # 000 line 85 says Sport lacks the added kong, yet 000 scores robbing the kong, which only an added kong
    # allows: the data follows the official rules (added kongs allowed) and records the sentence as an assumption.
    mcr = load_ruleset("mcr")
    assert mcr.param("kong_ways") == ["concealed", "from_discard", "added"]
    assert "85" in (mcr.source_of("parameters.kong_ways").text or "")


def test_every_table_predicate_is_registered() -> None:
    for ruleset_id in BUNDLED:
        for row in load_ruleset(ruleset_id).table("limit_hands").values():
            assert row["predicate"] in PREDICATES


# ---------------------------------------------------------------- identity


def test_example_house_rule_differs_from_shanghai_by_exactly_two_values() -> None:
    shanghai = load_ruleset("shanghai")
    house = load_ruleset("shanghai_1500_no_bank")
    assert house.sha256 != shanghai.sha256
    changed = {k for k in shanghai.params() if shanghai.param(k) != house.param(k)}
    assert changed == {"usual_limit", "bank"}
    assert house.param("bank") == {"enabled": False, "stake": 100}
    tables = copy.deepcopy(dict(shanghai.raw_tables))
    tables["parameters"]["usual_limit"] = {"value": 1500, "assumption": "example house rule"}
    tables["parameters"]["bank"]["enabled"] = {"value": False, "assumption": "example house rule"}
    assert tables_sha256(tables) == house.sha256


@pytest.mark.parametrize("parent", ["orsk", "traditional", "hongkong_plus"])
def test_an_overlay_that_sets_nothing_has_its_parents_hash(tmp_path: Path, parent: str) -> None:
    path = tmp_path / "same.yaml"
    path.write_text(f"id: same\nversion: 9.9.9\nname: Same\nextends: {parent}\ndescription: nothing\n")
    assert load_ruleset(path).sha256 == load_ruleset(parent).sha256


def test_presentation_does_not_change_the_hash() -> None:
    tables = copy.deepcopy(dict(load_ruleset("harbin").raw_tables))
    before = tables_sha256(tables)
    tables["parameters"]["usual_limit"]["source"] = "000 line 1"
    tables["limit_hands"]["heavenly"]["name"] = "Tenhou"
    tables["limit_hands"]["heavenly"]["notes"] = "a note"
    assert tables_sha256(tables) == before
    assert "source" not in rule_content(tables)["parameters"]["usual_limit"]


def _all_leaf_paths() -> list[tuple[str, tuple[str, ...]]]:
    return [(i, path) for i in BUNDLED for path, _ in leaves(dict(load_ruleset(i).raw_tables))]


def _get(node: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        node = node[key]
    return node


@pytest.mark.parametrize("field", ["value", "predicate"])
def test_any_changed_rule_value_changes_the_hash(field: str) -> None:
    checked = 0
    for ruleset_id, path in _all_leaf_paths():
        tables = copy.deepcopy(dict(load_ruleset(ruleset_id).raw_tables))
        leaf = _get(tables, path)
        if field not in leaf:
            continue
        leaf[field] = ["changed", leaf[field]]
        assert tables_sha256(tables) != load_ruleset(ruleset_id).sha256, (ruleset_id, path)
        checked += 1
    assert checked > 50


# ---------------------------------------------------------------- properties of merge and hash

SCALARS = st.one_of(
    st.integers(-3, 3),
    st.booleans(),
    st.text(alphabet="ab", max_size=2),
    st.lists(st.integers(0, 2), max_size=2),
    st.fixed_dictionaries({"value": st.integers(0, 3), "source": st.just("000 line 1")}),
    st.fixed_dictionaries({"predicate": st.sampled_from(["p", "q"]), "value": st.integers(0, 3)}),
)


def layers(depth: int = 2) -> st.SearchStrategy[dict[str, Any]]:
    """Overlays in which a key's kind is fixed: ``v*`` hold values, leaves or removals; ``g*`` hold groups."""
    optional: dict[str, st.SearchStrategy[Any]] = {f"v{i}": st.one_of(st.none(), SCALARS) for i in range(3)}
    if depth:
        optional.update({f"g{i}": layers(depth - 1) for i in range(2)})
    return st.fixed_dictionaries({}, optional=optional)


@settings(max_examples=300)
@given(layers(), layers(), layers())
def test_merge_is_associative(a: dict[str, Any], b: dict[str, Any], c: dict[str, Any]) -> None:
    assert merge(merge(a, b), c) == merge(a, merge(b, c))
    assert resolve([a, b, c]) == strip_removals(merge(a, merge(b, c)))


@given(layers(), layers())
def test_merge_does_not_modify_its_inputs(a: dict[str, Any], b: dict[str, Any]) -> None:
    a_copy, b_copy = copy.deepcopy(a), copy.deepcopy(b)
    merge(a, b)
    assert (a, b) == (a_copy, b_copy)


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=4)),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=3), inner, max_size=4)),
    max_leaves=20,
)


def _reordered(node: Any, rnd: Any) -> Any:
    if isinstance(node, dict):
        items = list(node.items())
        rnd.shuffle(items)
        return {key: _reordered(value, rnd) for key, value in items}
    if isinstance(node, list):
        return [_reordered(item, rnd) for item in node]
    return node


@given(st.dictionaries(st.text(max_size=3), JSON, max_size=5), st.randoms(use_true_random=False))
def test_hash_is_stable_under_key_order(tables: dict[str, Any], rnd: Any) -> None:
    assert tables_sha256(_reordered(tables, rnd)) == tables_sha256(tables)


@given(st.sampled_from(_all_leaf_paths()), st.randoms(use_true_random=False))
def test_real_ruleset_hash_is_stable_under_key_order(where: tuple[str, tuple[str, ...]], rnd: Any) -> None:
    ruleset = load_ruleset(where[0])
    # the hash is of the tables and of the content of the files they name (a card), in any key order
    hashed = identity_tables(dict(ruleset.raw_tables), ruleset.files)
    assert tables_sha256(_reordered(copy.deepcopy(dict(hashed)), rnd)) == ruleset.sha256
