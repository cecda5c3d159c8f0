"""Sphinx extension: rule pages generated from the installed rulesets, and worked example hands that are executed.

Add ``"mahjong_docs.sphinx_ext"`` to a Sphinx project's extensions and:

* when the builder starts, the ruleset pages, the comparison and the pages
  of related pairs, the pages of the cited documents and the JSON Schema
  pages are (re)written from the data by :mod:`mahjong_docs.pages` under
  ``rulesets/`` and ``schemas/`` of the source folder -- so they cannot drift
  from the rules.  ``mahjong_rulesets`` (a list, or a comma-separated string
  with ``-D``) limits them to some rulesets; by default every installed one is
  documented.  ``mahjong_reference = False`` leaves out the developer's part
  (plugins, hooks, schemas) for a players' site;
* ``.. mahjong-hand:: <hand>`` shows a worked example: its arrangements or
  waits, and with ``:ruleset:`` its score item by item.  Whatever the example
  states (``:complete:``, ``:arrangements:``, ``:waits:``, ``:shanten:``,
  ``:score:``, ``:limit:``) is checked against the code as the page is built
  (by :mod:`mahjong_docs.examples`); a mismatch is a warning, which fails
  a ``-W`` build::

      .. mahjong-hand:: 123m456m789m555z 1p +1p
         :ruleset: hongkong
         :situation: seat_wind=E, prevalent_wind=E
         :arrangements: 1
         :score: 4

* ``.. mahjong-soak-runs:: <folder>`` renders the long soak's journals in
  ``folder`` (relative to the page) as a table of deals by ruleset and part
  (:mod:`mahjong_docs.soak_runs`); a journal recording a broken invariant,
  or one that cannot be read, is a warning;
* ``.. mahjong-benchmarks:: <file>`` renders the committed benchmark figures
  (``benchmarks/baseline.json``, relative to the page) against the engine's
  targets, given as the options ``:greedy:``, ``:random:``, ``:replay:`` and
  ``:audit:`` (:mod:`mahjong_docs.benchmark_figures`); a file that cannot be
  read, or lacks an installed ruleset's figures, is a warning.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from mahjong_core import MahjongError, available

from . import benchmark_figures, navigation, soak_runs
from . import examples as doc_examples
from . import pages as docgen

logger = logging.getLogger(__name__)
__version__ = "1.0"


STATIC = Path(__file__).parent / "static"
#: Set by :func:`mahjong_docs.build.build` for the length of a build: told ``(done, total, what)`` per page.
PROGRESS: Callable[[int, int, str], None] | None = None
CSS = "mahjong-site.css"


def generate(app: Sphinx) -> None:
    """Write the generated pages into the source folder before Sphinx reads it, and add the pages' stylesheet."""
    ids = docgen.ruleset_ids(app.config.mahjong_rulesets)
    try:
        written = docgen.write_pages(Path(app.srcdir), ids, rulesets_dir=app.config.mahjong_rulesets_dir,
                                     schemas_dir=app.config.mahjong_schemas_dir,
                                     reference=app.config.mahjong_reference)
    except MahjongError as exc:
        # A page that would state what the code does not give (an example hand that does not score the row it
        # shows, a caption naming a tile the hand lacks): one warning that names it, which fails a -W build,
        # rather than Sphinx's report of a crashed extension.
        logger.warning("the rule pages cannot be generated: %s", exc, type="mahjong", subtype="example")
        written = []
    logger.info("mahjong: generated %d pages for %d rulesets", len(written), len(ids))
    if app.builder.format == "html":
        app.config.html_static_path = [*app.config.html_static_path, str(STATIC)]
        app.add_css_file(CSS)


class _Pages:
    """Counts the pages read and written, for :data:`PROGRESS`."""

    total = 0
    done = 0

    @classmethod
    def start(cls, app: Sphinx, env: Any, docnames: list[str]) -> None:
        cls.total, cls.done = 2 * len(docnames), 0
        cls.report("reading the pages")

    @classmethod
    def step(cls, what: str) -> None:
        cls.done = min(cls.done + 1, cls.total)
        cls.report(what)

    @classmethod
    def report(cls, what: str) -> None:
        if PROGRESS is not None:
            PROGRESS(cls.done, cls.total, what)


def _read(app: Sphinx, docname: str, source: list[str]) -> None:
    _Pages.step(f"reading {docname}")


def _written(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    _Pages.step(f"writing {pagename}")


class MahjongHand(SphinxDirective):
    """``.. mahjong-hand:: <hand>``: a worked example, analysed and scored as the page is built."""

    required_arguments = 1
    final_argument_whitespace = True
    has_content = False
    option_spec = {"ruleset": directives.unchanged_required, "situation": directives.unchanged,
                   **{name: directives.unchanged_required for name in doc_examples.EXPECTATIONS}}

    def run(self) -> list[nodes.Node]:
        where = f"{self.env.docname}:{self.lineno}"
        options = dict(self.options)
        example = doc_examples.HandExample(hand=self.arguments[0], ruleset=options.pop("ruleset", None),
                                           situation=options.pop("situation", "") or "", expect=options,
                                           where=where)
        result = doc_examples.evaluate_example(example)
        for problem in result.problems or ():
            logger.warning("worked example %r does not hold: %s", example.hand, problem,
                           location=(self.env.docname, self.lineno), type="mahjong", subtype="example")
        container = nodes.container(classes=["mahjong-hand"])
        rst = doc_examples.example_rst(result, rulesets_dir=self.config.mahjong_rulesets_dir)
        self.state.nested_parse(StringList(rst.splitlines(), source=where), self.content_offset, container)
        return [container]


class MahjongSoakRuns(SphinxDirective):
    """``.. mahjong-soak-runs:: <folder>``: the soak journals in ``folder`` (relative to the page), as a table."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        where = f"{self.env.docname}:{self.lineno}"
        folder = (Path(self.env.doc2path(self.env.docname)).parent / self.arguments[0]).resolve()
        try:
            found = soak_runs.summaries(folder)
        except MahjongError as exc:
            logger.warning("the soak journals cannot be read: %s", exc, location=(self.env.docname, self.lineno),
                           type="mahjong", subtype="soak")
            return []
        for path in sorted(folder.glob("seed-*.jsonl")):
            self.env.note_dependency(str(path))
        for problem in soak_runs.problems(found):
            logger.warning("soak journal: %s", problem, location=(self.env.docname, self.lineno),
                           type="mahjong", subtype="soak")
        container = nodes.container(classes=["mahjong-soak-runs"])
        rst = soak_runs.soak_runs_rst(found)
        self.state.nested_parse(StringList(rst.splitlines(), source=where), self.content_offset, container)
        return [container]


class MahjongBenchmarks(SphinxDirective):
    """``.. mahjong-benchmarks:: <file>``: the benchmark baseline at ``file`` (relative to the page), as tables."""

    required_arguments = 1
    has_content = False
    option_spec = {"greedy": directives.positive_int, "random": directives.positive_int,
                   "replay": float, "audit": float}

    def run(self) -> list[nodes.Node]:
        where = f"{self.env.docname}:{self.lineno}"
        path = (Path(self.env.doc2path(self.env.docname)).parent / self.arguments[0]).resolve()
        self.env.note_dependency(str(path))
        try:
            document = benchmark_figures.read_baseline(path)
        except MahjongError as exc:
            logger.warning("the benchmark figures cannot be read: %s", exc, location=(self.env.docname, self.lineno),
                           type="mahjong", subtype="benchmarks")
            return []
        installed = sorted(available())
        for problem in benchmark_figures.problems(document, installed):
            logger.warning("benchmark figures: %s", problem, location=(self.env.docname, self.lineno),
                           type="mahjong", subtype="benchmarks")
        defaults = benchmark_figures.Targets()
        targets = benchmark_figures.Targets(**{name: self.options.get(name, getattr(defaults, name))
                                               for name in ("greedy", "random", "replay", "audit")})
        container = nodes.container(classes=["mahjong-benchmarks"])
        rst = benchmark_figures.benchmarks_rst(document, installed, targets)
        self.state.nested_parse(StringList(rst.splitlines(), source=where), self.content_offset, container)
        return [container]


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("mahjong_rulesets", None, "env")
    app.add_config_value("mahjong_rulesets_dir", "rulesets", "env")
    app.add_config_value("mahjong_schemas_dir", "schemas", "env")
    #: Also the developer's part: each ruleset's plugins and hooks, and the JSON Schema pages.
    app.add_config_value("mahjong_reference", True, "env")
    app.connect("builder-inited", generate)
    app.connect("env-before-read-docs", _Pages.start)
    app.connect("source-read", _read)
    app.connect("html-page-context", _written)
    navigation.setup(app)
    app.add_directive("mahjong-hand", MahjongHand)
    app.add_directive("mahjong-soak-runs", MahjongSoakRuns)
    app.add_directive("mahjong-benchmarks", MahjongBenchmarks)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
