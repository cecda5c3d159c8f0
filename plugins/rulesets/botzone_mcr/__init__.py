"""Botzone's Chinese Standard Mahjong: the competition rules as the Botzone platform plays them.

Data only: the differences from ``mcr`` are in ``ruleset.yaml`` next to this module."""
