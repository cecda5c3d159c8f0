"""Riichi as the World Riichi Championship Rules play it: the EMA's 2016 game's choices but head bump, kiriage
mangan, the sticks left at the end out of play, and a game over when a seat goes below zero.

Data only: ``ruleset.yaml`` next to this module states the differences from ``riichi_tenhou``, which it extends.
"""
