"""Riichi as Tenhou plays its ranked four-player games: the scoring tables (red fives, open tanyao, no double yakuman).

Data only: the rules are in ``ruleset.yaml`` next to this module.  Not an installed ruleset yet: it is reached by
its file's path (``mahjong score --ruleset plugins/rulesets/riichi_tenhou/ruleset.yaml``) until the riichi play
mechanics land in the engine (issue 31).
"""
