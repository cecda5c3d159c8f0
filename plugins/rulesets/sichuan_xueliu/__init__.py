"""Sichuan's bloody flow (xue liu cheng he), data only: ``ruleset.yaml`` next to this module.

It extends the bloody battle (:mod:`mahjong_rulesets.rulesets.sichuan_xuezhan`, whose module contributes the root
predicate to the rulesets that extend it) by one rule the core says as data: a seat that has won stays in play
(``winners_stay_in_play``) and the wall alone ends the deal (``deal_ends_at_wins: null``).
"""
