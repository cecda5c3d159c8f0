"""Riichi as Mahjong Soul plays its ranked four-player games: Tenhou's rules (swap-calling forbidden among them) but
for four double yakuman, a triple ron paid, and the ladder's uma with no oka.

Data only: ``ruleset.yaml`` next to this module states the differences from ``riichi_tenhou``, which it extends.
"""
