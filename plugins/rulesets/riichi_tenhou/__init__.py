"""Riichi as Tenhou plays its ranked four-player games: red fives, open tanyao, no double yakuman, the declaration,
furiten, dora indicators, double ron and triple ron as an abortive draw.

Data only: the rules are in ``ruleset.yaml`` next to this module; the play is the bundled mechanisms'
(``riichi_declaration``, ``furiten``, ``dora_indicators``, ``abortive_draws``).
"""
