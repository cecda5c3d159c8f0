"""Three-player riichi as Mahjong Soul plays its ranked games: Tenhou's three-player game but for the ladder's uma
(15 thousand either way, measured from the 35,000 each seat began with: no oka) and four double yakuman.

Data only: ``ruleset.yaml`` next to this module states the differences from ``sanma_tenhou``, which it extends.
"""
