"""Riichi as the European Mahjong Association's 2016 Riichi Competition Rules play it: no red fives, no abortive
draws, no nagashi mangan, double and triple ron, 13 han a sanbaiman, one yakuman at most,
30,000 points with a 15/5 uma and no oka, no busting and no extension.

Data only: ``ruleset.yaml`` next to this module states the differences from ``riichi_tenhou``, which it extends.
"""
