"""A bot that plays a card of fixed hands (``mahjong simulate --bots card``): it aims at the card's hand its
tiles are nearest to and plays by :mod:`.strategy`, the one card player's strategy the hints and studies read.

* It takes every mahjong offered (the engine offers one only where the card's matcher says the hand makes a
  hand of the card, :mod:`mahjong_rulesets.mechanisms.card_hands`).
* In its turn it takes a joker from an exposure for a tile it holds where its hand is no farther from the card
  (``strategy.worth_exchanging``), then lets go the tile that leaves it nearest a hand (``strategy.best_discard``).
* Of a discard it calls a pung or kong only where the exposure brings it nearer (``strategy.worth_exposing``).
* In an exchange (the Charleston) it passes, one by one, the tiles it would let go first; in a blind pass it passes
  on unseen, in place of its own, those it could only let go by going farther from the card; asked how many it
  will pass in the courtesy pass, it asks as many as it can let go without going farther from the card.
* Anything else -- a plugin's phase -- it answers with the option listed last, as the core's bots do.
* Under a ruleset that names no card it plays plainly but legally (:meth:`CardBot._plain`): every installed bot
  is seated in every ruleset's conformance games and soak runs.

It reads its card through the table's judge (``Table.judge.ruleset``): a bot is never given the game.  Its
choices are a function of the table alone, so a seeded game is the same game every time.
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjong_rulesets.cards import strategy
from mahjong_rulesets.cards.card import FLOWER, KEYS, Card
from mahjong_rulesets.mechanisms.card_hands import card_of

from mahjong_core.plugin import Action, Table

#: The core's kinds a card counts as its one flower (the flowers and seasons, held where the set plays them).
_FLOWER_KINDS = range(34, 42)
#: Fixed thinking times (ms), well inside any ruleset's limit.
TURN_MS = 1500
CLAIM_MS = 700


def _key(kind: int) -> int:
    return FLOWER if kind in _FLOWER_KINDS else kind


class CardBot:
    """Plays toward the nearest hand of the ruleset's card (see the module's docstring)."""

    kind = "card"

    def __init__(self, rng: object, name: str = "card"):
        self.rng = rng
        self.name = name

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        chosen = self._choose(table, seat, options, phase)
        return chosen.after(TURN_MS if phase == "turn" else CLAIM_MS)

    def _choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        if phase != "exchange":
            win = next((o for o in options if o.kind == "win"), None)
            if win is not None:
                return win
        if table.judge is None or table.judge.ruleset.get("card") is None:
            return self._plain(table.seats[seat].counts, options, phase)
        if phase not in ("turn", "claim", "exchange"):
            return options[-1]
        card = card_of(table.judge.ruleset)
        s = table.seats[seat]
        counts = [0] * KEYS
        for kind, n in enumerate(s.counts):
            if n:
                counts[_key(kind)] += n
        jokers = len(s.held_jokers)
        exposures = [(_key(min(meld.tiles)), len(meld.tiles)) for meld in s.melds]
        if phase == "turn":
            for option in options:  # a joker taken from an exposure for a tile held, where the hand is no worse
                if option.kind == "joker_exchange" and option.tile is not None and strategy.worth_exchanging(
                        card, counts, jokers, exposures, _key(option.tile)):
                    return option
            return self._discard(card, s.counts, counts, jokers, exposures, options)
        if phase == "claim":
            for option in options:
                if option.kind in ("pung", "kong") and option.tile is not None and strategy.worth_exposing(
                        card, counts, jokers, exposures, _key(option.tile), len(option.tiles) + 1):
                    return option
            return options[-1]  # the pass, last wherever the engine offers it
        return self._exchange(card, s.counts, counts, options)

    @staticmethod
    def _plain(held: Sequence[int], options: Sequence[Action], phase: str) -> Action:
        """Under a ruleset that names no card (every installed bot is seated in every ruleset's conformance games
        and soak runs) it plays legally and plainly: a win taken above, the first tile held let go in its turn,
        the option listed last anywhere else (a pass, a refusal)."""
        if phase == "turn":
            discard = next((o for o in options if o.kind == "discard" and o.way is None and not o.tiles
                            and o.tile is not None and 0 <= o.tile < len(held) and held[o.tile]), None)
            if discard is not None:
                return discard
        return options[-1]

    @staticmethod
    def _discard(card: Card, held: Sequence[int], counts: list[int], jokers: int,
                 exposures: list[tuple[int, int]], options: Sequence[Action]) -> Action:
        """The discard that leaves the hand nearest the card; a joker's only where no tile is worth less."""
        key, _ = strategy.best_discard(card, counts, jokers, exposures)
        discards = [o for o in options if o.kind == "discard" and o.way is None and not o.tiles]
        for option in discards:
            tile = option.tile
            if tile is not None and (tile < len(held) and held[tile]) and _key(tile) == key:
                return option
        return discards[0] if discards else options[-1]

    @staticmethod
    def _exchange(card: Card, held: Sequence[int], counts: list[int], options: Sequence[Action]) -> Action:
        """The tiles to pass: one by one, the tile it would let go first (never a joker, which is not passed); where
        letting one go would leave it farther from the card and the pass is blind, that one and the rest are passed
        on unseen instead (as many as the pass allows).  Asked how many it will pass (a courtesy pass, whose count
        each pair agrees), it asks as many as it can let go without going farther from the card."""
        asks = [o for o in options if o.way == "ask" and o.count is not None]
        if asks:
            spare = CardBot._letting_go(card, held, max(o.count or 0 for o in asks))[1]
            return max((o for o in asks if (o.count or 0) <= spare), key=lambda o: o.count or 0, default=asks[0])
        count = getattr(options, "tiles_per_choice", None)
        if not isinstance(count, int):
            return options[-1]
        kinds, spare = CardBot._letting_go(card, held, count)
        if spare < count:  # the rest would cost it: pass them on blind where the pass allows (fewest own allowed)
            for own in range(spare, count):
                blind = Action("exchange", tiles=tuple(sorted(kinds[:own])), way="blind")
                if blind in options:
                    return blind
        chosen = Action("exchange", tiles=tuple(sorted(kinds)))
        return chosen if chosen in options else options[-1]

    @staticmethod
    def _letting_go(card: Card, held: Sequence[int], count: int) -> tuple[list[int], int]:
        """The ``count`` tiles it would let go first, in order, and how many of the first it can let go without
        going farther from the card."""
        left, kinds = list(held), list[int]()
        spare = count  # the tiles it can let go without going farther from the card
        before: strategy.Aim | None = None
        for _ in range(count):
            keyed = [0] * KEYS
            for kind, n in enumerate(left):
                if n:
                    keyed[_key(kind)] += n
            if before is None:
                before = strategy.aim(card, keyed, 0)
            key, after = strategy.best_discard(card, keyed, 0)
            if after.missing > before.missing and spare == count:
                spare = len(kinds)
            before = after
            kind = next(k for k, n in enumerate(left) if n and _key(k) == key)
            left[kind] -= 1
            kinds.append(kind)
        return kinds, spare
