"""Traditional rules for money play, seed 001.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
