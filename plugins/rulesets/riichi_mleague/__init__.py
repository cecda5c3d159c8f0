"""Riichi as the M.League, Japan's professional team league, plays it: Tenhou's tiles, dora and swap-calling
forbidden, but head bump, no abortive draws, kan-dora at once, kiriage mangan, 13 han a sanbaiman, an uma of 30 and
10 thousand with the oka, no busting, no agari-yame and no extension.

Data only: ``ruleset.yaml`` next to this module states the differences from ``riichi_tenhou``, which it extends.
"""
