"""The 1998 rules under the strict reading of the principles, data only: ``ruleset.yaml`` next to this module."""
