"""Sphinx configuration: the docs are built from the code and the rule data, never written twice.

The ruleset pages, the comparison of rulesets and the JSON Schema pages are
generated from the installed rulesets each time the docs are built
(:mod:`mahjong_docs.sphinx_ext`), and the worked example hands are
analysed and scored as the pages are read, so a page that no longer matches
the rules fails the build (CI builds with ``-W --keep-going -n``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

project = "mahjong-core"
author = "mahjong-core contributors"
copyright = "2026, mahjong-core contributors"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser", "mahjong_docs.sphinx_ext"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "none"
nitpicky = True
#: The cross-references known not to resolve, each named, so that any other broken one fails the build (a page
#: pointing at an object the API reference does not document would otherwise read as a link and lead nowhere).
#: Each is a docstring's reference to a private helper, or to a module or class the API page does not list.
nitpick_ignore = [
    ("py:attr", "ReplayLog.integrity"),
    ("py:class", "Hand"),
    ("py:class", "HandError"),
    ("py:class", "MahjongError"),
    ("py:class", "NotationError"),
    ("py:class", "UndecodedEvents"),
    ("py:class", "mahjong_core.log.chain.Sealer"),
    ("py:class", "mahjong_core.log.format.UndecodedEvents"),
    ("py:class", "mahjong_core.rules.Ruleset"),
    ("py:class", "mahjong_core.rules.registry.RulesetSource"),
    ("py:data", "BatchKey"),
    ("py:data", "mahjong_core.hand.predicates.KNOWN_FACTS"),
    ("py:exc", "JournalError"),
    ("py:func", "_proof"),
    ("py:func", "arrangements"),
    ("py:func", "check_hand"),
    ("py:func", "check_tile_count"),
    ("py:func", "clear_cache"),
    ("py:func", "game_seed"),
    ("py:func", "mahjong_core.hand.notation.check_hand"),
    ("py:func", "mahjong_core.audit.check.check"),
    ("py:func", "mahjong_core.plugin.scoring.score_hand"),
    ("py:func", "only_arrangement"),
    ("py:func", "parse_hand"),
    ("py:func", "seed_bytes"),
    ("py:func", "strategies.ambiguous_hands"),
    ("py:mod", "mahjong_core.hand.arrangements"),
    ("py:mod", "mahjong_core.plugin.defaults"),
    ("py:mod", "mahjong_core.plugin.extensions"),
    ("py:mod", "mahjong_core.plugin.manager"),
    ("py:mod", "mahjong_core.hand.shanten"),
    ("py:mod", "mahjong_core.hand.situation"),
    ("py:mod", "mahjong_core.conformance.soak_journal"),
    ("py:mod", "random"),
]
# The docstrings are reStructuredText (``:param x:``), never Google or NumPy style; left on, napoleon reads a
# property or attribute docstring "Some text: more text" as "type: description" and prints the first part as
# its type (InstalledBot.entry_point, Form.HONOURS_AND_KNITTED on the API page).
napoleon_google_docstring = False
napoleon_numpy_docstring = False

#: Document every installed ruleset (a list of ids limits it; ``-D mahjong_rulesets=a,b`` on the command line).
mahjong_rulesets = None

html_theme = "furo"
html_title = "mahjong-core"
html_static_path = ["_static"]
html_css_files = ["mahjong.css"]


def _protocol_signature(app: object, what: str, name: str, obj: object, options: object, signature: str | None,
                        return_annotation: str | None) -> tuple[str, str | None] | None:
    """A protocol is implemented, never built: the ``(*args, **kwargs)`` it inherits from ``Protocol`` says nothing."""
    if what == "class" and getattr(obj, "_is_protocol", False):
        return "", return_annotation
    return None


def setup(app: Any) -> None:
    """Hooks of this project's own build (the ruleset pages come from :mod:`mahjong_docs.sphinx_ext`)."""
    app.connect("autodoc-process-signature", _protocol_signature)
