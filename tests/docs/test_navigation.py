"""The navigation built from cut tables of contents is the navigation Sphinx builds from the whole ones.

A small site with what the project's docs have -- sections on every page,
toctrees nested under sections and in subfolders, a hidden toctree, a page
reached only from a subfolder -- is built with Furo twice, with and without
:mod:`mahjong_docs.navigation`, and every page must be the same bytes.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from docutils import nodes
from sphinx import addnodes

from mahjong_docs.navigation import titles_only

PAGES = {
    "index.rst": """Site
====

Intro
-----

.. toctree::
   :maxdepth: 3

   guide
   rules/index

Later
-----

.. toctree::
   :hidden:

   hidden
""",
    "guide.rst": """Guide
=====

First
-----

Deep
~~~~

Second
------
""",
    "hidden.rst": "Hidden\n======\n\nOnly\n----\n",
    "rules/index.rst": """Rules
=====

Families
--------

.. toctree::

   one
   two

Tail
----
""",
    "rules/one.rst": "One\n===\n\nA\n-\n\nB\n-\n",
    "rules/two.rst": "Two\n===\n\nC\n-\n",
}


def _site(folder: Path, *, cut: bool) -> dict[str, bytes]:
    src, out = folder / "src", folder / "html"
    for name, text in PAGES.items():
        (src / name).parent.mkdir(parents=True, exist_ok=True)
        (src / name).write_text(text, encoding="utf-8")
    (src / "conf.py").write_text("project = 'nav'\nhtml_theme = 'furo'\n"
                                 "extensions = ['mahjong_docs.navigation']\n"
                                 f"mahjong_titles_only_navigation = {cut}\n", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "-q", "-b", "html", str(src), str(out)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return {str(page.relative_to(out)): page.read_bytes() for page in sorted(out.rglob("*.html"))}


def test_every_page_is_the_same_with_the_cut_tables_of_contents(tmp_path: Path) -> None:
    cut, whole = _site(tmp_path / "cut", cut=True), _site(tmp_path / "whole", cut=False)
    assert set(cut) == set(whole) and len(cut) >= len(PAGES)
    assert [page for page in cut if cut[page] != whole[page]] == []
    # The navigation holds every page and no section: what the comparison compares is there.
    sidebar = cut["rules/one.html"].decode()
    assert "Hidden" in sidebar and "Families" not in sidebar.split('class="sidebar-tree"')[1].split("</nav>")[0]


def test_the_cut_keeps_titles_and_nested_toctrees_and_drops_sections() -> None:
    toctree = addnodes.toctree()
    section = nodes.list_item("", addnodes.compact_paragraph("", "", nodes.reference("", "Section")),
                              nodes.bullet_list("", toctree))
    page = nodes.bullet_list("", nodes.list_item("", addnodes.compact_paragraph("", "", nodes.reference("", "Page")),
                                                 nodes.bullet_list("", section)))
    cut = titles_only(page)
    assert [node.astext() for node in cut.findall(nodes.reference)] == ["Page"]
    assert list(cut.findall(addnodes.toctree)) and cut is not page
    assert [node.astext() for node in page.findall(nodes.reference)] == ["Page", "Section"]  # the original stays
