"""Pure hand algebra: tiles, notation, melds, winning arrangements, shanten and waits, what a hand scored.

It imports nothing of the core but :mod:`mahjong_core.reading` and
:mod:`mahjong_core.errors`: no ruleset, no plugin, no table.
"""
