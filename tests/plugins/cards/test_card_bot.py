"""The card bot (``--bots card``) plays a ruleset whose hands are a card's and whose flowers are held: it wins,
the win is scored by the card (its hand, its value, the card named as the source), and the game replays and
audits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from flower_play import flower_ruleset
from mahjong_rulesets.cards.matching import completed

from mahjong_core.audit.check import check
from mahjong_core.engine.game import Game
from mahjong_core.engine.players import make_bots
from mahjong_core.log.simulate import play_game

CARD_BOTS = ["card"] * 4


def _events(ruleset: Any, seed: int, deals: int = 4) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    Game(ruleset, make_bots(CARD_BOTS, seed), seed, emit=lambda e: events.append(json.loads(json.dumps(e))),
         max_deals=deals).play()
    return events


def test_the_card_bot_wins_and_the_card_scores_the_win(tmp_path: Path) -> None:
    ruleset = flower_ruleset(tmp_path)
    events = _events(ruleset, 1)
    wins = [i for i, e in enumerate(events) if e["type"] == "mahjong"]
    assert wins
    scores = [e for e in events[wins[0]:] if e["type"] == "score"][:4]
    winner = events[wins[0]]["seat"]
    won = next(s for s in scores if s["seat"] == winner)
    assert [item["name"] for item in won["items"]] == ["quiet_zero"] and won["value"] == 50
    assert won["items"][0]["source"] == "card: mahjong_core example card, hand quiet_zero"
    assert all(s["value"] == 0 for s in scores if s["seat"] != winner)


def test_the_card_bot_calls_only_for_exposures_its_card_can_use(tmp_path: Path) -> None:
    ruleset = flower_ruleset(tmp_path)
    for seed in (1, 2, 3):
        claims = [e for e in _events(ruleset, seed) if e["type"] == "claim"]
        assert claims and all(e["kind"] in ("pung", "kong") for e in claims)


def test_a_card_bots_game_replays_byte_identically_and_audits_clean(tmp_path: Path) -> None:
    ruleset = flower_ruleset(tmp_path)
    first, again = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    game = play_game(ruleset, 3, CARD_BOTS, replay=first, max_deals=4)
    play_game(ruleset, 3, CARD_BOTS, replay=again, max_deals=4)
    assert first.read_bytes() == again.read_bytes() and '"type":"mahjong"' in first.read_text(encoding="utf-8")
    for mode in ("replay", "audit"):
        verdict = check(str(first), mode)
        assert verdict.ok, verdict.text()
    assert verdict.events == game.events


def test_the_matcher_and_the_engine_agree_on_a_flower_hand() -> None:
    """A hand of the example card holding two flowers (1f 1f: a card's any two flowers) is complete."""
    from mahjong_rulesets.cards.card import FLOWER, read_card
    from mahjong_rulesets.cards.matching import counts_of

    card = read_card(Path(__file__).parents[3] / "plugins" / "cards" / "example_card.yaml")
    tiles = [2, 2, 3, 3, 3, 13, 13, 13, 23, 23, 23, 23, 34, 34]  # 33m 444m 555p 6666s and two flowers
    counts = counts_of(tiles)
    assert counts[FLOWER] == 2 and [r.hand.id for r in completed(card, counts, 0)] == ["harbour_steps"]


def test_the_card_bot_passes_on_blind_the_tiles_it_cannot_spare() -> None:
    """In a blind pass (ilovemahj question 606) the card bot passes on, unseen, in place of its own the tiles it
    could only let go by going farther from the card; as many as the pass allows, else its own."""
    from mahjong_rulesets.cards.bot import CardBot
    from mahjong_rulesets.cards.card import KEYS, read_card

    from mahjong_core.hand.notation import parse_tiles
    from mahjong_core.plugin import Action

    card = read_card(Path(__file__).parents[3] / "plugins" / "cards" / "example_card.yaml")
    held = [0] * 35
    for kind in parse_tiles("1111m1111p111s77z"):  # mirror pond but a dragon: every tile is needed
        held[kind] += 1
    counts = held[:KEYS] + [0] * (KEYS - len(held[:KEYS]))
    none_own = Action("exchange", tiles=(), way="blind")
    one_own = [Action("exchange", tiles=(t,), way="blind") for t in range(34) if held[t]]
    assert CardBot._exchange(card, held, counts, _Options([none_own, *one_own])) == none_own
    chosen = CardBot._exchange(card, held, counts, _Options(one_own))  # the pass allows no fewer than one own
    assert chosen.way == "blind" and len(chosen.tiles) == 1
    spare = [0] * 35
    for kind in parse_tiles("1111m1111p1s2s9s77z"):  # two tiles it does not need: one passed on blind
        spare[kind] += 1
    blind_one = CardBot._exchange(card, spare, spare[:KEYS], _Options(
        [Action("exchange", tiles=(19, 26), way="blind"), none_own]))
    assert blind_one == Action("exchange", tiles=(19, 26), way="blind")


def test_the_card_bot_asks_for_the_courtesy_pass_as_many_tiles_as_it_can_spare() -> None:
    """Asked how many tiles it will pass across (the courtesy pass, ilovemahj question 601), the card bot asks as
    many as it can let go without going farther from the card: none where every tile is needed, two where two are
    not, never more than the pass allows."""
    from mahjong_rulesets.cards.bot import CardBot
    from mahjong_rulesets.cards.card import KEYS, read_card

    from mahjong_core.hand.notation import parse_tiles
    from mahjong_core.plugin import Action

    card = read_card(Path(__file__).parents[3] / "plugins" / "cards" / "example_card.yaml")
    asks = [Action("exchange", way="ask", count=n) for n in range(4)]

    def ask(tiles: str, options: list[Action]) -> int | None:
        held = [0] * 35
        for kind in parse_tiles(tiles):
            held[kind] += 1
        return CardBot._exchange(card, held, held[:KEYS], options).count

    assert ask("1111m1111p111s77z", asks) == 0  # mirror pond but a dragon: every tile is needed
    assert ask("1111m1111p1s2s9s77z", asks) == 2  # 2s and 9s serve no hand it is nearest
    assert ask("1111m1111p1s2s9s77z", asks[:2]) == 1  # the pass allows one at most


class _Options(list):  # type: ignore[type-arg]
    """A blind step's options as the bot reads them: a list, with the step's count."""

    tiles_per_choice = 3
