"""Pung Chow: L. L. Harr's 1922 rules of the game, played without a limit as his score card states it.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
