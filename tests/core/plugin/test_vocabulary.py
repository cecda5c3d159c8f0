"""Plugins declare words (action kinds, ways, phases, event types) through the one contribution hook: checked for
form and for collisions with the core's words and with each other's, and composed per binding."""

from __future__ import annotations

import types
from collections.abc import Iterator
from pathlib import Path

import pytest
from vocabulary_plugin.installed import HOUSE_RULE, install

from mahjong_core.errors import RulesetError
from mahjong_core.plugin import Contribution, Effect, Term, hookimpl
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.extensions import collect
from mahjong_core.plugin.vocabulary import CORE_WORDS, GameVocabulary, check_terms, event_schema
from mahjong_core.rules import load_ruleset
from mahjong_core.table.vocabulary import term_problems


def vocabulary_plugin(name: str, vocabulary: str, *terms: Term) -> types.ModuleType:
    module = types.ModuleType(name)

    @hookimpl
    def mahjong_contributions() -> list[Contribution]:
        return [Contribution("vocabulary", vocabulary, module, terms=terms)]

    module.mahjong_contributions = mahjong_contributions  # type: ignore[attr-defined]
    return module


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    yield from install(tmp_path, monkeypatch)


def test_a_word_two_plugins_declare_is_a_load_error_naming_both() -> None:
    first = vocabulary_plugin("first_plugin", "riichi", Term("action", "declare_riichi"))
    second = vocabulary_plugin("second_plugin", "reach", Term("action", "declare_riichi"))
    with pytest.raises(RulesetError) as caught:
        collect({"first": first, "second": second})
    message = caught.value.message
    assert "the action 'declare_riichi' is declared by both plugin first_plugin" in message
    assert "plugin second_plugin (vocabulary 'reach')" in message


def test_a_word_of_the_cores_is_refused_naming_the_plugin() -> None:
    for kind, word in (("action", "discard"), ("event", "draw"), ("phase", "turns"), ("way", "concealed")):
        assert word in CORE_WORDS[kind]
        bad = vocabulary_plugin("clashing_plugin", "clash", Term(kind, word))
        with pytest.raises(RulesetError, match=f"plugin clashing_plugin .*declares the {kind} '{word}', which is "
                                               "the core's own"):
            collect({"clash": bad})


def test_the_same_name_for_words_of_different_kinds_is_allowed() -> None:
    check_terms([("p", Contribution("vocabulary", "v", None, terms=(Term("phase", "missing_suit"),
                                                                     Term("event", "missing_suit"))))])


def test_a_malformed_word_is_refused_with_what_is_wrong() -> None:
    assert term_problems(Term("action", "Declare-Riichi"))[0].startswith("'Declare-Riichi' is not a name")
    assert term_problems(Term("verb", "x"))[0] == "'x' is of kind 'verb', none of action, way, phase, event"
    assert term_problems(Term("phase", "p", after="turns")) == [
        "p: a plugin's phase runs after declarations, not 'turns'"]
    effect = Effect("flag", name="riichi", seat="who", value="on")
    assert term_problems(Term("event", "riichi", fields={"type": "object", "properties": {"who": {}}},
                              effects=(effect,))) == [
        "riichi: its flag effect reads the field 'on', which its fields do not declare"]
    assert term_problems(Term("event", "e", fields={"type": "object", "properties": {"n": {}}})) == [
        "e: n are every event's own fields"]
    assert term_problems(Term("action", "a", effects=(Effect("show"),)))[0] == "a: only an event has effects"
    assert term_problems(Term("event", "e", words={"no_circles": "circles"})) == []
    assert term_problems(Term("event", "e", words={"No-Circles": "circles"})) == [
        "e: its word 'No-Circles' is shown as 'circles'; a word is a name a log can hold and is shown as a text of 1 "
        "to 80 characters"]
    assert term_problems(Term("way", "w", words={"w": ""}))[0].startswith("w: its word 'w' is shown as ''")
    with pytest.raises(RulesetError, match="plugin bad_plugin .*'Bad' is not a name"):
        collect({"bad": vocabulary_plugin("bad_plugin", "bad", Term("event", "Bad"))})


def test_terms_belong_to_vocabulary_contributions_only() -> None:
    module = types.ModuleType("family_with_words")

    @hookimpl
    def mahjong_contributions() -> list[Contribution]:
        return [Contribution("settlement", "s", module, terms=(Term("action", "x"),))]

    module.mahjong_contributions = mahjong_contributions  # type: ignore[attr-defined]
    with pytest.raises(RulesetError, match="only a vocabulary contribution declares terms"):
        collect({"f": module})


def test_a_rulesets_vocabulary_is_the_cores_plus_its_registered_plugins_once_per_binding(plugin: Path) -> None:
    classical = bind(load_ruleset("chinese_classical")).vocabulary
    assert classical.declared == () and classical.header() is None
    assert "declare_missing_suit" not in classical.actions
    binding = bind(load_ruleset(HOUSE_RULE))
    words = binding.vocabulary
    assert words is binding.vocabulary  # composed once per binding
    assert [v.name for v in words.declared] == ["sichuan_missing_suit"]
    assert "declare_missing_suit" in words.actions and "discard" in words.actions
    assert {"characters", "circles", "bamboo", "concealed"} <= words.ways
    assert "missing_suit" in words.phases and "missing_suit_declared" in words.event_types
    assert "draw" in words.event_types
    assert [p.name for p in words.plugin_phases] == ["missing_suit"]
    assert words.effects("missing_suit_declared") == (Effect("flag", name="missing_suit", seat="seat",
                                                             value="suit"),)


def test_the_composed_schema_extends_the_decision_and_adds_a_branch_per_event_type() -> None:
    base = {"allOf": [{"if": {"properties": {"type": {"const": "decision"}}},
                       "then": {"properties": {"action": {"enum": ["discard"]}, "phase": {"enum": ["turn"]},
                                               "way": {"enum": ["added"]}}}}]}
    words = GameVocabulary((Contribution("vocabulary", "v", None, terms=(
        Term("action", "declare", fields={"type": "object", "required": ["way"]}), Term("way", "up"),
        Term("phase", "choosing"), Term("event", "shown", actor="seat"))),))
    schema = event_schema(base, words)
    decision = schema["allOf"][0]["then"]["properties"]
    assert decision["action"]["enum"] == ["discard", "declare"]
    assert decision["phase"]["enum"] == ["turn", "choosing"]
    assert decision["way"]["enum"] == ["added", "up"]
    assert schema["allOf"][1]["if"]["properties"]["action"] == {"const": "declare"}
    assert schema["allOf"][2]["then"]["properties"]["actor"] == {"$ref": "#/$defs/seat"}
    assert base["allOf"][0]["then"]["properties"]["action"]["enum"] == ["discard"]  # the base is left as it was
