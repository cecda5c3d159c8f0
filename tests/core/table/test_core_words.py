"""The core's words (``mahjong_core.table.vocabulary``) are the replay schema's, so a plugin's word is checked for
collisions against what logs actually hold; and the header's effects read back as declared."""

from __future__ import annotations

from mahjong_core.log.format import replay_schema
from mahjong_core.table.vocabulary import CORE_ACTIONS, CORE_PHASES, CORE_WAYS, Effect, effects_of_json


def test_the_core_words_are_the_replay_schemas_decision_enums() -> None:
    branches = replay_schema()["$defs"]["event"]["allOf"]
    decision = next(b["then"]["properties"] for b in branches
                    if b["if"]["properties"]["type"].get("const") == "decision")
    assert decision["action"]["enum"] == list(CORE_ACTIONS)
    assert decision["phase"]["enum"] == list(CORE_PHASES)
    assert decision["way"]["enum"] == list(CORE_WAYS)


def test_effects_round_trip_through_the_header_and_anything_else_is_refused() -> None:
    effects = (Effect("flag", name="riichi", seat="who", value="on"), Effect("count", name="sticks", by="amount"),
               Effect("count", name="honba"), Effect("show", tile="indicator"), Effect("set_aside"))
    assert effects_of_json([e.to_json() for e in effects]) == effects
    assert effects_of_json([{"do": "explode"}]) is None
    assert effects_of_json({"do": "flag"}) is None
    assert effects_of_json([{"do": "count", "name": "x", "by": True}]) is None
