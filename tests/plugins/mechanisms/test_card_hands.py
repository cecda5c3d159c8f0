"""A ruleset naming a card of fixed hands (``card: FILE``, the ``card_hands`` mechanism): the file is found beside
the ruleset file that names it or at an absolute path, and a card with mistakes fails the ruleset's load and its
validation with every mistake at its line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from mahjong_rulesets.mechanisms.card_hands import card_of, card_path

from mahjong_core import load_ruleset, validate_file
from mahjong_core.errors import DataFileError, RulesetError

EXAMPLE = Path(__file__).parents[3] / "plugins" / "cards" / "example_card.yaml"


def house_rule(folder: Path, card: str, *, name: str = "house.yaml", hand_size: int | None = None) -> Path:
    extra = (f"  hand_size: {{value: {hand_size}, assumption: \"a test's\"}}\n" if hand_size is not None else "")
    path = folder / name
    path.write_text(
        "id: card_house\nversion: 1.0.0\nname: A house rule with a card\nextends: hongkong\n"
        f"parameters:\n  card: {{value: {card!r}, assumption: \"the club's own card\"}}\n{extra}",
        encoding="utf-8")
    return path


def test_a_card_named_relative_to_the_house_rule_s_folder_is_read_with_it(tmp_path: Path) -> None:
    shutil.copy(EXAMPLE, tmp_path / "our-card.yaml")
    ruleset = load_ruleset(house_rule(tmp_path, "our-card.yaml"))
    assert card_path(ruleset) == tmp_path / "our-card.yaml"
    card = card_of(ruleset)
    assert card.title == "mahjong_core example card" and len(card.hands) == 10


def test_a_club_names_its_own_card_by_an_absolute_path(tmp_path: Path) -> None:
    ruleset = load_ruleset(house_rule(tmp_path, str(EXAMPLE)))
    assert card_path(ruleset) == EXAMPLE and card_of(ruleset).tiles == 14


def test_a_card_with_mistakes_fails_the_load_with_every_one_at_its_line(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    broken = text.replace("value: 30\n    groups:\n      - {count: 2, suit: A, number: x}",
                          "value: 30\n    groups:\n      - {count: 2, suit: D, number: x}", 1)
    broken = broken.replace("  - id: mirror_pond\n    name: Mirror pond", "  - id: mirror_pond\n    nmae: Mirror pond")
    assert broken.count("suit: D") == 1 and "nmae" in broken
    (tmp_path / "card.yaml").write_text(broken, encoding="utf-8")
    rule = house_rule(tmp_path, "card.yaml")
    with pytest.raises(DataFileError) as caught:
        load_ruleset(rule)
    lines = broken.splitlines()
    at = [next(i + 1 for i, line in enumerate(lines) if mark in line)
          for mark in ("suit: D", "- id: mirror_pond", "nmae")]
    assert [e.line for e in caught.value.errors] == at  # the suit D; mirror_pond without a name; its nmae
    assert all(e.source == str(tmp_path / "card.yaml") for e in caught.value.errors)
    errors = validate_file(rule)
    assert len(errors) == 1 and str(errors[0]).count("\n") == 2  # one error of the ruleset, naming the card's three


def test_a_card_that_is_missing_or_of_another_hand_size_is_refused_at_the_card_entry(tmp_path: Path) -> None:
    with pytest.raises(RulesetError, match="cannot be read") as caught:
        load_ruleset(house_rule(tmp_path, "nowhere.yaml"))
    assert caught.value.place == "$.parameters.card.value"
    shutil.copy(EXAMPLE, tmp_path / "card.yaml")
    with pytest.raises(RulesetError, match="hold 14 tiles.*holds 17") as caught:
        load_ruleset(house_rule(tmp_path, "card.yaml", name="sixteen.yaml", hand_size=16))
    assert caught.value.place == "$.parameters.card.value"
