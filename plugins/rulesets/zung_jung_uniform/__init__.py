"""Zung Jung with its Uniform Payoff Scheme, data only: ``ruleset.yaml`` next to this module."""
