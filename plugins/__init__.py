"""Bundled rulesets (installed as ``mahjong_rulesets``): one package per ruleset, its rules in ``ruleset.yaml``.

Each package is registered in the ``mahjong_core.rulesets`` entry-point group,
exactly as a third-party ruleset would be.  A package holds Python only where
a ruleset needs a hook that data cannot express.
"""
