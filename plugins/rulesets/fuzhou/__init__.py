"""Fuzhou mahjong (福州麻將): sixteen tiles, honours as flowers, the gold turned after the deal.

Data only: the rules are in ``ruleset.yaml`` next to this module; the gold (a kind wild for the deal) is the core's
``jokers.wild``, the count of flowers and golds and the settlement the ``fuzhou`` family's
(``mahjong_rulesets.families.fuzhou``)."""
