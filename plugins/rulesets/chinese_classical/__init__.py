"""Chinese Classical (Китайские Классические, КК), seed 000.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
