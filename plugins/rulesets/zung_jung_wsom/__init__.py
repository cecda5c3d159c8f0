"""Zung Jung as the World Series of Mahjong played it, data only: ``ruleset.yaml`` next to this module."""
