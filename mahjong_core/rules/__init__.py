"""Rulesets as data: loading, merging, identity.

A ruleset is a YAML file of parameters and tables, installed through the
``mahjong_core.rulesets`` entry-point group or given as a path.  This package
turns it into a :class:`Ruleset` that engines query by name and replays
identify by hash::

    from mahjong_core.rules import load_ruleset
    rs = load_ruleset("shanghai")
    rs.param("usual_limit")            # 1000
    rs.source_of("usual_limit")        # 000 line 346
    rs.identity                        # 'shanghai@1.0.0+sha256:...'

The modules each do one job: :mod:`.document` reads YAML safely,
:mod:`.schema` validates, :mod:`.merge` combines a child with its parent,
:mod:`.identity` hashes, :mod:`.registry` finds installed rulesets,
:mod:`.loader` puts them together and :mod:`.ruleset` is the result.
"""

from mahjong_core.rules.identity import (
    PRESENTATION_KEYS,
    canonical_json,
    identity_string,
    rule_content,
    tables_sha256,
)
from mahjong_core.rules.loader import clear_cache, is_ruleset_path, load_ruleset, load_ruleset_text, validate_file
from mahjong_core.rules.merge import is_leaf, merge, resolve, strip_removals
from mahjong_core.rules.registry import ENTRY_POINT_GROUP, EntryPointInfo, RulesetSource, available, file_source
from mahjong_core.rules.ruleset import Provenance, Ruleset

__all__ = [
    "ENTRY_POINT_GROUP",
    "PRESENTATION_KEYS",
    "EntryPointInfo",
    "Provenance",
    "Ruleset",
    "RulesetSource",
    "available",
    "canonical_json",
    "clear_cache",
    "file_source",
    "identity_string",
    "is_leaf",
    "is_ruleset_path",
    "load_ruleset",
    "load_ruleset_text",
    "merge",
    "resolve",
    "rule_content",
    "strip_removals",
    "tables_sha256",
    "validate_file",
]
