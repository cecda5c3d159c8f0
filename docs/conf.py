"""Sphinx configuration: the docs are built from the code and the rule data, never written twice."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

project = "mahjong-core"
author = "mahjong-core contributors"
copyright = "2026, mahjong-core contributors"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser"]
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3
autodoc_member_order = "bysource"
autodoc_typehints = "none"
nitpicky = True
nitpick_ignore_regex = [(r"py:.*", r".*")]
html_theme = "alabaster"
