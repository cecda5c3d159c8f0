"""The 1998 Chinese official rules, data only: their differences from ``mcr`` are in ``ruleset.yaml`` beside it."""
