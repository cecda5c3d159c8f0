"""american_style's Charleston beyond its passes of three: the courtesy pass, whose count each pair opposite agrees
(ilovemahj question 601, third bullet: none to three tiles, the lesser request deciding), and the heavenly and
earthly hands, East's win on its hand before the Charleston or after the first one (ilovemahj question 601; the
AMJA guide's Charleston page; sloperama column 666: paid as a self-pick; mahjlife article 218).

The hands are laid out in a constructed wall (a seeded wall deals East a complete hand too rarely for a test) and
played by a bot that follows a plan of passes; the courtesy pass is met in seeded games of the card bots."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from mahjong_rulesets.cards.matching import completed
from mahjong_rulesets.mechanisms.card_hands import card_of

from mahjong_core import Game, load_ruleset
from mahjong_core.audit.check import check
from mahjong_core.errors import RulesetError
from mahjong_core.hand.notation import parse_tiles
from mahjong_core.log.format import dumps, read_log
from mahjong_core.log.redaction import live_event_view, seat_view
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin import Action, Ruleset, Table, Wall

#: East's dealt hand: the example card's mirror pond (four 1m, four 1p, three 1s, a dragon pung), jokerless.
POND = parse_tiles("1m1m1m1m1p1p1p1p1s1s1s7z7z7z")
RED, GREEN, WHITE = parse_tiles("7z6z5z")


@pytest.fixture(scope="module")
def ruleset() -> Ruleset:
    return load_ruleset("american_style")


def wall_order(ruleset: Ruleset, hands: Sequence[Sequence[int]]) -> list[int]:
    """The draw order dealing each seat, counted from the dealer, the tiles of ``hands`` first, the rest of its
    hand from the pool copy by copy (each kind once, then again: no pairs), the jokers deep in the wall."""
    tiles = ruleset.tiles()
    ceremony = ruleset.param("wall_ceremony")
    pool = Counter(tiles.copies())
    pool.subtract(Counter(t for hand in hands for t in hand))
    kinds = sorted(t for t in pool if t not in tiles.jokers)
    playing = [t for copy in range(max(pool.values())) for t in kinds if pool[t] > copy]
    dealt: list[list[int]] = []
    for rel, hand in enumerate(hands):
        wanted = 13 + (1 if rel == 0 else 0) - len(hand)
        dealt.append(list(hand) + playing[:wanted])
        del playing[:wanted]
    order: list[int] = []
    taken = [0] * 4
    for count in ceremony["deal_pattern"]:
        for rel in range(4):
            order += dealt[rel][taken[rel]:taken[rel] + count]
            taken[rel] += count
    order += dealt[0][taken[0]:]
    jokers = [t for t in sorted(pool) if t in tiles.jokers for _ in range(pool[t])]
    half = len(playing) // 2
    return order + playing[:half] + jokers + playing[half:]


class PlannedBot:
    """Follows a plan, by its seat counted from the dealer: in each named pass it passes the planned tiles (``()``
    with ``blind``: everything passed on unseen), elsewhere the first choice offered; it takes a win offered unless
    told to decline (``declines``: how many offers of a win before play it passes); it discards its first option."""

    name, kind = "planned", "bot"

    def __init__(self, plans: Sequence[dict[str, tuple[int, ...]]] = ({}, {}, {}, {}), declines: int = 0):
        self.plans, self.declines = plans, declines
        self.offers: list[tuple[str, list[Action]]] = []

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        self.offers.append((phase, list(options)))
        win = next((o for o in options if o.kind == "win"), None)
        if win is not None:
            if phase == "declaration" and self.declines:
                self.declines -= 1
                return next(o for o in options if o.kind == "pass")
            return win
        if phase == "turn":
            return next(o for o in options if o.kind == "discard")
        if phase == "exchange":
            met = len([p for p, _ in self.offers if p == "exchange"]) - 1
            plan = self.plans[(seat - table.dealer) % table.players]
            step = self.steps[met] if met < len(self.steps) else None
            if step in plan:
                tiles = plan[step]
                return next(o for o in options if o.tiles == tiles and (o.way == "blind") == (len(tiles) < 3))
            return options[0]
        return next((o for o in options if o.kind == "pass"), options[-1])

    #: The passes in the order a seat meets them, to the end of the second Charleston.
    steps = ("first-right", "first-across", "first-left", "second-left", "second-across", "second-right")


def play_wall(ruleset: Ruleset, hands: Sequence[Sequence[int]], bots: Sequence[PlannedBot]
              ) -> list[dict[str, Any]]:
    """One deal of the constructed wall, ``hands`` counted from the dealer."""
    events: list[dict[str, Any]] = []
    order = wall_order(ruleset, hands)
    Game(ruleset, list(bots), 1, emit=events.append, max_deals=1,
         tile_source_factory=lambda game: Wall.from_order(order, ruleset.param("wall_ceremony"), players=4)).play()
    return events


def test_east_s_dealt_hand_is_a_hand_of_the_card(ruleset: Ruleset) -> None:
    counts = [0] * 43
    for t in POND:
        counts[t] += 1
    assert [r.hand.id for r in completed(card_of(ruleset), counts, POND[0])] == ["mirror_pond"]


def _dealer(events: list[dict[str, Any]]) -> int:
    return next(e["dealer"] for e in events if e["type"] == "deal_start")


def test_the_heavenly_hand_wins_before_the_charleston_paid_double_by_all(ruleset: Ruleset) -> None:
    """ilovemahj 601 and the AMJA guide: East dealt a hand of the card declares it and no pass is made; it is
    paid as a self-pick (sloperama 666 question 1): every other player pays double its value (the card's 35,
    doubled jokerless: 70, so 140 each)."""
    bots = [PlannedBot() for _ in range(4)]
    events = play_wall(ruleset, [POND, (), (), ()], bots)
    dealer = _dealer(events)
    win = next(e for e in events if e["type"] == "mahjong")
    assert win["seat"] == dealer and win["how"] == "self_drawn"
    assert not any(e["type"] == "exchange" for e in events)  # the Charleston is waived
    offer = next(e for e in events if e["type"] == "decision")
    assert offer["phase"] == "declaration" and offer["action"] == "win" and offer["actor"] == dealer
    _paid_double_by_all(events, dealer)


def _paid_double_by_all(events: list[dict[str, Any]], dealer: int) -> None:
    settlement = next(e for e in events if e["type"] == "settlement")
    assert sorted((payer, to, amount) for payer, to, amount, _ in settlement["payments"]) \
        == [(s, dealer, 140) for s in range(4) if s != dealer]


def test_without_the_data_east_s_dealt_hand_must_pass(ruleset: Ruleset, tmp_path: Path) -> None:
    """The heavenly hand is the data's (win_before on the first pass), not the engine's: a house rule without it
    offers East no win before the Charleston, and East passes three tiles to the right."""
    spec = ruleset.get("tile_exchange")
    passes = [{k: v for k, v in p.items() if k != "win_before"} for p in spec["passes"]]
    house = tmp_path / "no_heaven.yaml"
    house.write_text("id: no_heaven\nversion: 1.0.0\nname: x\nextends: american_style\nparameters:\n"
                     "  tile_exchange:\n    value: " + json.dumps({"kind": "charleston", "passes": passes})
                     + "\n    assumption: a test without the heavenly and earthly hands\n", encoding="utf-8")
    bots = [PlannedBot() for _ in range(4)]
    events = play_wall(load_ruleset(house), [POND, (), (), ()], bots)
    assert next(e for e in events if e["type"] == "decision")["phase"] == "exchange"
    assert not any(phase == "declaration" for bot in bots for phase, _ in bot.offers)
    assert any(e["type"] == "exchange" and e["step"] == "first-right" for e in events)


def test_the_earthly_hand_wins_after_the_first_charleston(ruleset: Ruleset) -> None:
    """mahjlife article 218: East holding a hand of the card after the first Charleston may declare it (the
    earthly hand), paid as the heavenly hand.  East declines its heavenly hand here and passes its red dragons
    right and across, taking a green pung from its left and a white pung from across (a dragon pung of any
    dragon makes mirror pond), and passes on blind all it is passed on the first left; its hand is whole again
    when the second Charleston would begin, and it wins there."""
    plans = ({"first-right": (RED,) * 3, "first-across": (GREEN,) * 3, "first-left": ()},
             {}, {"first-across": (WHITE,) * 3}, {"first-right": (GREEN,) * 3})
    bots = [PlannedBot(plans, declines=1) for _ in range(4)]
    events = play_wall(ruleset, [POND, (), (WHITE,) * 3, (GREEN,) * 3], bots)
    dealer = _dealer(events)
    win = next(e for e in events if e["type"] == "mahjong")
    assert win["seat"] == dealer and win["how"] == "self_drawn"
    steps = [e["step"] for e in events if e["type"] == "exchange"]
    assert steps[-1] == "first-left" and "second-left" not in steps
    declarations = [e for e in events if e["type"] == "decision" and e["phase"] == "declaration"]
    assert [e["action"] for e in declarations] == ["pass", "win"]
    _paid_double_by_all(events, dealer)


# ---------------------------------------------------------------- the courtesy pass


@pytest.fixture(scope="module")
def courtesy_logs(ruleset: Ruleset, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    out = []
    for seed, bots in ((1, ["card"] * 4), (5, ["random", "card", "greedy", "random"])):
        path = tmp_path_factory.mktemp(f"courtesy{seed}") / "game.jsonl"
        play_game(ruleset, seed, bots, replay=path, max_deals=4)
        out.append(path)
    return out


def _events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


def _courtesies(events: list[dict[str, Any]]) -> list[tuple[dict[int, int], dict[int, int]]]:
    """For each deal's courtesy pass: each seat's ask, and the count each seat passed across."""
    found: list[tuple[dict[int, int], dict[int, int]]] = []
    for e in events:
        if e["type"] == "deal_start":
            found.append(({}, {}))
        elif e["type"] == "decision" and e.get("way") == "ask":
            found[-1][0][e["actor"]] = e["count"]
        elif e["type"] == "exchange" and e["step"] == "courtesy":
            assert e["receiver"] == (e["giver"] + 2) % 4
            found[-1][1][e["giver"]] = e["count"]
    return [deal for deal in found if deal[0]]


def test_each_pair_opposite_passes_the_smaller_of_its_asks(courtesy_logs: list[Path]) -> None:
    deals = [deal for path in courtesy_logs for deal in _courtesies(_events(path))]
    assert len(deals) >= 6
    seen_counts: set[int] = set()
    for asks, passed in deals:
        assert sorted(asks) == [0, 1, 2, 3] and all(0 <= n <= 3 for n in asks.values())
        for seat in range(4):
            agreed = min(asks[seat], asks[(seat + 2) % 4])
            assert passed.get(seat, 0) == agreed  # a pair agreeing none passes nothing, and logs no pass
            seen_counts.add(agreed)
    assert {0, 3} <= seen_counts and seen_counts & {1, 2}  # none, some and all are each met


def test_the_courtesy_logs_replay_and_audit_clean(courtesy_logs: list[Path]) -> None:
    for path in courtesy_logs:
        assert check(str(path)).ok
        audited = check(str(path), "audit")
        assert audited.ok, audited.text()


def test_a_seat_sees_the_counts_asked_and_only_its_own_tiles(courtesy_logs: list[Path]) -> None:
    """A seat is shown every seat's ask (a count, no tile) -- in a finished log's view and live -- and the tiles
    of another seat's courtesy pass only where they come to it."""
    events = read_log(courtesy_logs[1]).events
    asks = [e for e in events if e["type"] == "decision" and e.get("way") == "ask"]
    assert asks and all("tiles" not in e for e in asks)
    hidden = 0
    for seat in range(4):
        view = seat_view(events, seat)
        shown = [e for e in view if e["type"] == "decision" and e.get("way") == "ask"]
        assert [(e["actor"], e["count"]) for e in shown] == [(e["actor"], e["count"]) for e in asks]
        for e in asks:
            assert live_event_view(e, seat) == e
        courtesy_choices = [e for e in view if e["type"] == "decision" and e["phase"] == "exchange"
                            and e["action"] == "exchange" and e.get("way") is None
                            and e["actor"] not in (seat, (seat + 2) % 4)
                            and _in_courtesy(view, e)]
        assert all(set(e["tiles"]) == {"?"} for e in courtesy_choices)
        hidden += len(courtesy_choices)
        for e in events:  # live, another seat's choice of tiles is not shown at all
            if e["type"] == "decision" and e["phase"] == "exchange" and e.get("way") != "ask" and e["actor"] != seat:
                assert live_event_view(e, seat) is None
    assert hidden


def _in_courtesy(events: list[dict[str, Any]], decision: dict[str, Any]) -> bool:
    """Whether an exchange decision is a courtesy pass's (the next exchange event after it is one)."""
    after = (e for e in events if e["n"] > decision["n"] and e["type"] == "exchange")
    return next((e["step"] for e in after), None) == "courtesy"


@pytest.mark.parametrize("tamper", [2, 7, "three"])
def test_a_tampered_ask_is_named_at_its_event(courtesy_logs: list[Path], tmp_path: Path, tamper: Any) -> None:
    source = courtesy_logs[0]
    lines = source.read_text(encoding="utf-8").splitlines()
    k, decision = next((k, e) for k, e in enumerate(_events(source), start=1) if e.get("way") == "ask"
                       and e["count"] != tamper)
    lines[k] = dumps({**decision, "count": tamper})
    path = tmp_path / "tampered.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    verdict = check(str(path), "audit")
    assert not verdict.ok
    assert verdict.event == decision["n"] or f"line {k + 1}" in (verdict.error or ""), verdict.text()


@pytest.mark.parametrize("step, place, words", [
    ("{direction: right, count: 3, agreed: true}", "passes[0].direction", "expected direction: across"),
    ("{direction: across, count: 3, agreed: true, optional: true}", "passes[0].optional", "asking none"),
    ("{direction: across, count: 3, agreed: true, blind: true}", "passes[0].blind", "straight back"),
])
def test_an_agreed_pass_must_go_across_and_be_neither_optional_nor_blind(tmp_path: Path, step: str, place: str,
                                                                          words: str) -> None:
    house = tmp_path / "bad.yaml"
    house.write_text("id: bad_courtesy\nversion: 1.0.0\nname: x\nextends: american_style\nparameters:\n"
                     "  tile_exchange:\n    value:\n      kind: charleston\n      passes:\n"
                     f"        - {step}\n    assumption: a test\n", encoding="utf-8")
    with pytest.raises(RulesetError) as caught:
        load_ruleset(house)
    text = str(caught.value)
    assert "bad.yaml" in text and place in text and "line 10" in text and words in text, text
