"""Babcock's Mah-Jongg: the standard game of J. P. Babcock's Red Book (second edition, 1923), as its
differences from Harr's Pung Chow card of the same years.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
