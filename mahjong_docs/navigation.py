"""The site-wide navigation of every page, built from the documents' titles rather than from their whole contents.

A theme's sidebar (Furo's, for one) asks Sphinx for the global table of
contents with ``titles_only=True`` on every page.  Sphinx answers by copying
each document's whole table of contents -- every section of every ruleset
page, every object of the API pages -- and only then dropping everything but
the titles and the nested toctrees.  With a few hundred pages that copy was
the largest part of building the docs (about 55 of 150 s), repeated on every
page for parts it threw away.

:func:`titles_only_toctree` hands Sphinx, for such calls, tables of contents
already cut the way Sphinx cuts them (the same cut, applied once per
document), so the copy holds only what is kept.  The navigation is the same
HTML, page for page; tests/docs compare a build with and without it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx

#: Set to False (``-D mahjong_titles_only_navigation=0``) to let Sphinx build the navigation its own way.
CONFIG = "mahjong_titles_only_navigation"


def titles_only(toc: nodes.Node) -> nodes.Node:
    """A copy of one document's table of contents holding what ``titles_only`` keeps of it: each top-level
    entry's title and the toctrees nested anywhere under it (the rule Sphinx applies after copying)."""
    cut = toc.deepcopy()
    for top_level in cut.children:
        if isinstance(top_level, nodes.Element) and len(top_level) > 1:
            subtrees = list(top_level.findall(addnodes.toctree))
            if subtrees:
                kept = top_level[1]
                assert isinstance(kept, nodes.Element)
                kept[:] = subtrees
            else:
                top_level.pop(1)
    return cut


class _TitlesOnlyTocs:
    """The cut tables of contents of one build, made once and reused by every page."""

    def __init__(self) -> None:
        self.cut: dict[str, nodes.Node] | None = None

    @contextmanager
    def installed(self, env: Any) -> Iterator[None]:
        """``env.tocs`` holds the cut tables for the length of one navigation call, the full ones again after."""
        if self.cut is None:
            self.cut = {docname: titles_only(toc) for docname, toc in env.tocs.items()}
        full = env.tocs
        env.tocs = self.cut
        try:
            yield
        finally:
            env.tocs = full


def _reset(app: Sphinx, env: Any, docnames: list[str]) -> None:
    """A new read (another build in the same process) has new tables of contents to cut."""
    _cut_tocs(app).cut = None


def _cut_tocs(app: Sphinx) -> _TitlesOnlyTocs:
    tocs = getattr(app, "_mahjong_titles_only_tocs", None)
    if tocs is None:
        tocs = _TitlesOnlyTocs()
        app._mahjong_titles_only_tocs = tocs  # type: ignore[attr-defined]
    return tocs


def titles_only_toctree(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                        doctree: Any) -> None:
    """Wrap the page's ``toctree()`` so that its ``titles_only=True`` calls read the cut tables of contents
    (runs before the theme's own ``html-page-context`` handler, which calls it)."""
    full_toctree: Callable[..., str] | None = context.get("toctree")
    if full_toctree is None or not app.config[CONFIG]:
        return
    tocs = _cut_tocs(app)

    def toctree(**kwargs: Any) -> str:
        if not kwargs.get("titles_only"):
            return full_toctree(**kwargs)
        with tocs.installed(app.env):
            return full_toctree(**kwargs)

    context["toctree"] = toctree


def setup(app: Sphinx) -> dict[str, Any]:
    """Connect the navigation's handlers: :func:`mahjong_docs.sphinx_ext.setup` calls this, and a project that
    wants only the faster navigation may list ``"mahjong_docs.navigation"`` as an extension of its own."""
    app.add_config_value(CONFIG, True, "html", types=[bool, int])
    app.connect("env-before-read-docs", _reset)
    # Themes connect html-page-context at the default priority (500); this wrapper must be in place first.
    app.connect("html-page-context", titles_only_toctree, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
