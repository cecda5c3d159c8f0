"""Orsk (Орские, ОР): Shanghai with the Charleston, seed 000.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
