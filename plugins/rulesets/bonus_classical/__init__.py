"""Classical points and doublings with bonus tiles, seed 002.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
