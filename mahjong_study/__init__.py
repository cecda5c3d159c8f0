"""Studies of rulesets: many seeded games reduced to figures with confidence intervals, and rulesets compared.

``mahjong study A B`` plays the same games under two rulesets (duplicate
play: the same game seeds, so the same walls, and the same bot seeds), so
that what differs between the two comes from the rules and not from the
luck; ``mahjong simulate --summary`` gives the same figures for one.
"""
