"""Example house rule: Shanghai with a 1500 limit and no bank.

Data only: the overlay is ``ruleset.yaml`` next to this module."""
