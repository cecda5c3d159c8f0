"""Taiwanese 16-tile mahjong (台灣十六張麻將): tai added up, a base plus so much a tai.

Data only: the rules are in ``ruleset.yaml`` next to this module; the tai engine and the settlement are the
``taiwanese`` family's (``mahjong_rulesets.families.taiwanese``)."""
