"""The American game played with a card of fixed hands: the rules are in ``ruleset.yaml`` next to this module.

No Python of its own: the card is data (``card: FILE``, read by :mod:`mahjong_rulesets.cards`), its hands
matched, its calls limited to exposures a hand of the card can use and its dead hand judged by the bundled
mechanism :mod:`mahjong_rulesets.mechanisms.card_hands`; the flowers held in the hand, the jokers and their
exchange, the Charleston and the kong that takes no loose tile are the core's data.
"""
