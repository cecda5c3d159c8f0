"""The ``flat_demo`` ruleset: Chinese Classical play, scored by the flat family and paid by the flat settlement.

Data only: the rules are in ``ruleset.yaml`` next to this module.
"""
