"""Cards of fixed hands: the format's reader (:mod:`.card`) and the matcher of a hand against a card
(:mod:`.matching`).

A game played from a card (the American style) wins only with a hand the card lists; the card is a file the
club owns and points its ruleset at, in the format of ``schemas/card.schema.json`` (``docs/card-format.md``).
The project ships only an example card of its own invention (``example_card.yaml`` here).
"""
