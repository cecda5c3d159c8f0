"""Hong Kong+ (Гонконгские+, ГК+): Hong Kong with a 2-fan minimum, seed 000.

Data only: the rules are in ``ruleset.yaml`` next to this module."""
