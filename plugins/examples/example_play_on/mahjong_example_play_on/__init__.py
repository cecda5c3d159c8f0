"""The example_play_on ruleset (``ruleset.yaml`` beside this module): Sichuan's bloody battle's mechanics.

Its rules that data cannot say are this package's plugins, found through its ``mahjong_core.plugins`` entry
points: the mechanics (:mod:`.mechanics`: a declared missing suit, no chows, kong money) and the ``play_on``
settlement (:mod:`.settlement`).
"""
