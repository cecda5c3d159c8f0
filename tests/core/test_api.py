"""The public surface: ``mahjong_core.__all__`` resolves lazily, every name is documented, and importing is cheap.

``import mahjong_core`` runs on every ``mahjong`` command, so it must load
nothing heavy; a name is imported from its module the first time it is used.
The checks that need the built docs share the session's Sphinx build
(tests/conftest.py).
"""

from __future__ import annotations

import importlib
import inspect
import json
import re
import subprocess
import sys
from html import unescape
from pathlib import Path

import pytest
from api_support import is_code, modules_after, own_docstring

import mahjong_core

ROOT = Path(__file__).resolve().parents[2]
API_PAGE = ROOT / "docs" / "api.rst"
#: What ``import mahjong_core`` must not load: the engine and the parsers behind rulesets and replays.
HEAVY = ("mahjong_core.engine.game", "mahjong_core.rules", "mahjong_core.engine.players",
         "yaml", "jsonschema", "pluggy")


# ---------------------------------------------------------------------------
# The names
# ---------------------------------------------------------------------------


def test_all_is_the_exported_names_each_once() -> None:
    names = mahjong_core.__all__
    assert len(names) == len(set(names))
    assert set(names) == set(mahjong_core._EXPORTS)
    assert {"load_ruleset", "Game", "Player", "play_game", "make_bots", "Hand", "Table", "Score", "check",
            "hookimpl", "Vocabulary", "MahjongError", "ReplayError"} <= set(names)


@pytest.mark.parametrize("name", sorted(mahjong_core._EXPORTS))
def test_each_name_is_the_defining_modules_own_object(name: str) -> None:
    obj = getattr(mahjong_core, name)
    module = importlib.import_module(mahjong_core._EXPORTS[name])
    assert obj is getattr(module, name)
    if is_code(obj):
        # Defined there or in one of its modules (``rules`` is a package): not a name it imported from elsewhere.
        assert f"{obj.__module__}.".startswith(f"{module.__name__}."), f"{module.__name__} only imports {name}"


@pytest.mark.parametrize("name", ["arrangements", "shanten", "simulate"])
def test_the_names_of_the_main_functions_are_the_functions_not_their_modules(name: str) -> None:
    function = getattr(mahjong_core, name)
    assert inspect.isfunction(function) and function.__name__ == name


def test_star_import_and_dir_give_the_public_names() -> None:
    namespace: dict[str, object] = {}
    exec("from mahjong_core import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(mahjong_core.__all__)
    assert set(mahjong_core.__all__) <= set(dir(mahjong_core))


def test_an_unknown_name_is_an_attribute_error() -> None:
    """``hasattr`` and ``getattr(..., default)`` (used by pytest, doctest, pickle) must see a plain miss."""
    assert not hasattr(mahjong_core, "no_such_name")
    with pytest.raises(AttributeError, match="has no attribute 'Shanten'"):
        _ = mahjong_core.Shanten
    with pytest.raises(ImportError):
        exec("from mahjong_core import play", {})


# ---------------------------------------------------------------------------
# Importing is cheap
# ---------------------------------------------------------------------------


def test_importing_the_package_loads_nothing_heavy() -> None:
    loaded = modules_after("import mahjong_core")
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))
    own = {"mahjong_core", "mahjong_core._lazy", "mahjong_core._moved", "__future__"}
    assert loaded - modules_after("pass") <= own, \
        "the package imported more than itself, its lazy names and its table of old module paths"


def test_a_name_loads_only_what_it_needs() -> None:
    hands = modules_after("from mahjong_core import parse_hand, Hand")
    assert "mahjong_core.hand.notation" in hands and not hands & set(HEAVY)
    game = modules_after("from mahjong_core import Game")
    assert "mahjong_core.engine.game" in game and "pluggy" in game
    rules = modules_after("import mahjong_core; mahjong_core.load_ruleset")
    # PyYAML is imported when a text needs reading and jsonschema when a document needs checking, not with the
    # loader (mahjong_core.rules.yaml_reader, mahjong_core.rules.validated).
    assert "mahjong_core.rules.loader" in rules and "yaml" not in rules and "jsonschema" not in rules


def test_a_resolved_name_is_kept_on_the_package() -> None:
    """The second lookup is an ordinary attribute: no ``__getattr__``, no import machinery."""
    obj = mahjong_core.Vocabulary
    assert vars(mahjong_core)["Vocabulary"] is obj


def test_mahjong_help_loads_neither_the_engine_nor_the_parsers() -> None:
    loaded = modules_after("import sys; sys.argv = ['mahjong', '--help']\n"
                           "from mahjong_core.cli import main\n"
                           "try:\n    main()\nexcept SystemExit:\n    pass")
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))


# ---------------------------------------------------------------------------
# Every name is documented
# ---------------------------------------------------------------------------


#: Public objects that are instances, not classes or functions: their docstring is their class's, so the page
#: describes each in its own words (``.. py:data::``).
INSTANCES = {"hookimpl", "ALGORITHM", "MAX_LOG_BYTES", "HIDE_MOST", "MAX_JOURNAL_BYTES", "PLATFORM_WALLS"}


@pytest.mark.parametrize("name", sorted(set(mahjong_core.__all__) - INSTANCES))
def test_each_name_has_a_docstring_of_its_own(name: str) -> None:
    assert own_docstring(getattr(mahjong_core, name)), f"mahjong_core.{name} has no docstring of its own"


# ---------------------------------------------------------------------------
# The API reference documents every name, grouped as __all__ groups them
# ---------------------------------------------------------------------------

#: ``.. autofunction:: name`` and the like; the three module names are documented by their main function.
_ENTRY = re.compile(r"^\.\. (?!py:module::)(?:auto\w+|py:\w+):: (?:mahjong_core\.)?([\w.]+)", re.MULTILINE)


def documented_name(name: str) -> str:
    """The name the reference documents ``mahjong_core.<name>`` under (a module by its main function)."""
    return name


def api_sections() -> dict[str, list[str]]:
    """The reference page's sections (title -> the names documented in it, in order)."""
    text = API_PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^(.+)\n-{3,}\n", text, flags=re.MULTILINE)
    return {title: _ENTRY.findall(body) for title, body in zip(parts[1::2], parts[2::2], strict=True)}


def all_groups() -> dict[str, list[str]]:
    """The groups of ``__all__`` as its source comments name them (``# Rulesets``...)."""
    source = (ROOT / "mahjong_core" / "__init__.py").read_text(encoding="utf-8")
    listing = source.split("__all__ = [", 1)[1].split("]", 1)[0]
    groups: dict[str, list[str]] = {}
    for line in listing.splitlines():
        line = line.strip()
        if line.startswith("# "):
            title = line[2:]
            groups[title] = []
        elif line:
            groups[title] += re.findall(r'"(\w+)"', line)
    return groups


def test_the_reference_documents_every_public_name_once_in_its_group() -> None:
    sections = api_sections()
    groups = all_groups()
    assert list(sections) == list(groups), "the page's sections are __all__'s groups, in the same order"
    assert sorted(n for names in groups.values() for n in names) == sorted(mahjong_core.__all__)
    for title, names in groups.items():
        documented = sections[title]
        for name in names:
            assert documented.count(documented_name(name)) == 1, f"{name} is not documented once under {title}"
    every = [n for names in sections.values() for n in names]
    public = {documented_name(n) for n in mahjong_core.__all__}
    assert len(every) == len(set(every)) and set(every) == public, sorted(set(every) ^ public)


def test_each_section_says_what_it_is_for_before_its_first_entry() -> None:
    text = API_PAGE.read_text(encoding="utf-8")
    for title in all_groups():
        body = text.split(f"\n{title}\n{'-' * len(title)}\n", 1)[1]
        first_paragraph = body.strip().split("\n\n", 1)[0]
        assert not first_paragraph.startswith(".."), f"{title}: no sentence before the first entry"
        assert len(first_paragraph.split()) >= 15, f"{title}: {first_paragraph!r}"


def test_hookimpl_is_described_on_the_page() -> None:
    """A marker instance has only pluggy's docstring, so the reference describes it in its own words."""
    entry = re.search(r"^\.\. py:decorator:: hookimpl\n\n((?:   .*\n|\n)+)", API_PAGE.read_text(encoding="utf-8"),
                      re.MULTILINE)
    assert entry and "hook" in entry.group(1) and len(entry.group(1).split()) > 20
    assert INSTANCES == {name for name in mahjong_core.__all__ if not is_code(getattr(mahjong_core, name))}


def plain_phrase(doc: str, size: int = 3) -> str:
    """The first ``size`` consecutive words of ``doc`` that reStructuredText prints as written."""
    words = re.sub(r"``([^`]+)``", r"\1", doc).split()  # a literal prints its text
    plain = [re.fullmatch(r"[A-Za-z][A-Za-z,.;']*", w) is not None for w in words]
    start = next(i for i in range(len(words)) if all(plain[i:i + size]) and len(plain[i:i + size]) == size)
    return " ".join(words[start:start + size])


def test_the_built_reference_has_an_entry_for_every_name(html: Path) -> None:
    """Every name has its anchor, and its docstring made it onto the page (autodoc imported the right object)."""
    page = (html / "api.html").read_text(encoding="utf-8")
    for name in mahjong_core.__all__:
        assert f'id="mahjong_core.{documented_name(name)}"' in page, name
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", page)).replace("\u2019", "'").split())
    for name in mahjong_core._EXPORTS:
        if name not in INSTANCES:
            phrase = plain_phrase(own_docstring(getattr(mahjong_core, name)))
            assert phrase in text, (name, phrase)
    assert 'href="api.html' in (html / "index.html").read_text(encoding="utf-8")


def test_every_member_the_reference_asks_for_is_on_the_built_page(html: Path) -> None:
    """autodoc drops a listed member that has no docstring without a warning; the page must not lose one."""
    page = (html / "api.html").read_text(encoding="utf-8")
    asked = re.findall(r"^\.\. auto(?:class|exception):: (\w+)\n((?:   :.*\n)*)", API_PAGE.read_text(encoding="utf-8"),
                       re.MULTILINE)
    members = [(cls, m.strip()) for cls, options in asked for line in options.splitlines()
               if line.strip().startswith(":members: ") for m in line.split(":members: ", 1)[1].split(",")]
    assert len(members) > 20
    missing = [f"{cls}.{m}" for cls, m in members if f'id="mahjong_core.{cls}.{m}"' not in page]
    assert missing == []


# ---------------------------------------------------------------------------
# The old flat module paths, for one release
# ---------------------------------------------------------------------------


def test_every_old_module_path_warns_and_is_the_new_module_itself() -> None:
    from mahjong_core._moved import MOVED

    script = (
        "import importlib, json, sys, warnings\n"
        "from mahjong_core._moved import MOVED\n"
        "out = {}\n"
        "for old, new in MOVED.items():\n"
        "    with warnings.catch_warnings(record=True) as caught:\n"
        "        warnings.simplefilter('always')\n"
        "        module = importlib.import_module(f'mahjong_core.{old}')\n"
        "    out[old] = [module is sys.modules[f'mahjong_core.{new}'],\n"
        "                [str(w.message) for w in caught if w.category is DeprecationWarning]]\n"
        "print(json.dumps(out))\n")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    seen = json.loads(result.stdout)
    assert set(seen) == set(MOVED) and len(MOVED) == 40
    for old, (same, warned) in seen.items():
        assert same, old
        assert warned == [f"mahjong_core.{old} has moved to mahjong_core.{MOVED[old]}; "
                          "the old path will be removed in the next release"], old


@pytest.mark.parametrize(("package", "old_name", "new_module"), [
    ("mahjong_core.table", "Table", "mahjong_core.table.state"),
    ("mahjong_core.engine", "Game", "mahjong_core.engine.game"),
])
def test_the_old_modules_that_are_packages_now_forward_their_names_with_a_warning(
        package: str, old_name: str, new_module: str) -> None:
    module = importlib.import_module(package)
    with pytest.warns(DeprecationWarning, match=f"{package}.{old_name} has moved to {new_module}.{old_name}"):
        obj = getattr(module, old_name)
    assert obj is getattr(importlib.import_module(new_module), old_name)
    with pytest.raises(AttributeError):
        module.no_such_name  # noqa: B018
