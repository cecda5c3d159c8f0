"""Example house rules: small overlays that show how a club changes a bundled ruleset without code."""
