"""Sport / Mahjong Competition Rules (Спортивные, СП), seed 000.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
