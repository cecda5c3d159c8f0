"""Piter (St Petersburg club) pair play, seed 003.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
