"""The example_riichi_mechanics ruleset (``ruleset.yaml`` beside this module): riichi's mechanics, not its scoring.

Its rules that data cannot say are this package's plugins, found through its ``mahjong_core.plugins`` entry
points: the red-fives family and its settlement (:mod:`.family`), and the mechanics (:mod:`.mechanics`: the
locked hand and its stick, the pot, the dora indicators, four declarations' abortive draw, the uma).
"""
