"""What a study counts, read from a game's events as they are produced.

A study plays thousands of games and keeps none of their logs: each game is
reduced, event by event, to one small record per deal (who won, with what,
for how much, after how many draws) and one per game (the scores after every
deal).  The records are plain data, so that they travel between processes
(Dask workers) and add up the same in any order.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class DealFacts:
    """One deal, as a study counts it.

    :param winner: the winning seat, or ``None`` for a drawn (or abandoned) deal.
    :param value: the winner's hand value (0 for a drawn deal).
    :param items: the winner's scoring items that counted, by name.
    :param limits: the limits the winner's hand reached (items of kind ``limit``, or the score's named limit).
    :param net: each seat's net result of the deal's payments.
    :param paid: the total paid in the deal (the sum of all payment amounts).
    :param draws: tiles drawn from the live wall in the deal (its length).
    """

    game: int
    deal: int
    dealer: int
    winner: int | None = None
    self_drawn: bool = False
    value: int = 0
    items: list[str] = field(default_factory=list)
    limits: list[str] = field(default_factory=list)
    net: list[int] = field(default_factory=list)
    paid: int = 0
    draws: int = 0


@dataclass
class GameFacts:
    """One game: its seed, its teams, its deals and the running scores after each deal."""

    seed: int | str
    teams: list[list[int]]
    deals: list[DealFacts] = field(default_factory=list)
    running: list[list[int]] = field(default_factory=list)


class FactsRecorder:
    """An ``emit`` callback for :class:`~mahjong_core.Game` that keeps only a study's facts."""

    def __init__(self, game_index: int, seed: int | str, seats: int):
        self.facts = GameFacts(seed, [])
        self._game = game_index
        self._seats = seats
        self._deal: DealFacts | None = None

    def __call__(self, event: dict[str, Any]) -> None:
        kind = event["type"]
        if kind == "deal_start":
            self._deal = DealFacts(self._game, event["deal"], event["dealer"], net=[0] * self._seats)
            return
        deal = self._deal
        if deal is None:
            return
        if kind == "draw":
            deal.draws += 1
        elif kind == "mahjong":
            deal.winner, deal.self_drawn = event["seat"], event.get("discarder") is None
        elif kind == "score" and event["seat"] == deal.winner:
            deal.value = int(event.get("value", 0))
            deal.items = sorted({item["name"] for item in event.get("items", []) if item.get("kind") != "limit"})
            limits = {item["name"] for item in event.get("items", []) if item.get("kind") == "limit"}
            if event.get("limit"):
                limits.add(str(event["limit"]))
            deal.limits = sorted(limits)
        elif kind in ("settlement", "false_mahjong"):
            for payer, payee, amount, _reason in event.get("payments", []):
                deal.net[payer] -= amount
                deal.net[payee] += amount
                deal.paid += amount
            if kind == "settlement":
                self.facts.running.append(list(event["scores"]))
        elif kind == "deal_end":
            self.facts.deals.append(deal)
            self._deal = None
