"""Hong Kong Old Style, data only: its differences from ``hongkong`` are in ``ruleset.yaml`` next to this module."""
