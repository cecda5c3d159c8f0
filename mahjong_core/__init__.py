"""Mahjong rulesets as data: tiles, hands, the wall, the phases of a deal, and the hooks rulesets implement.

The core knows no ruleset.  Rulesets are plugins (found through the
``mahjong_core.rulesets`` entry-point group) whose tables are YAML validated
by JSON Schemas; see ``docs/`` for the hook reference and the formats.
"""

__version__ = "0.2.0"
