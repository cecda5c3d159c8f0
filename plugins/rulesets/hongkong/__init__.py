"""Hong Kong (Гонконгские, ГК): fan table and fan-laak payments, seed 000.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
