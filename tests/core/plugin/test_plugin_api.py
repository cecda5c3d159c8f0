"""The plugin-author API: ``mahjong_core.plugin.__all__`` resolves lazily to the defining modules' own objects,
loads nothing on import, and every name is documented on docs/plugin-api.rst in the group ``__all__`` puts it in.

The two facades' ``TYPE_CHECKING`` blocks are what a type checker sees instead of ``__getattr__``; they are
checked against ``_SOURCES`` here, so a name added to one and not the other fails.
"""

from __future__ import annotations

import ast
import importlib
import re
import types
from pathlib import Path

import pytest
from api_support import is_code, modules_after, own_docstring

import mahjong_core
import mahjong_core.plugin as plugin_api

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "plugin-api.rst"
#: What importing the plugin layer's hook specs (every game does) must not load through the facade.
HEAVY = ("mahjong_core.engine.game", "mahjong_core.rules", "mahjong_core.table.state", "yaml", "jsonschema")


# ---------------------------------------------------------------------------
# The names
# ---------------------------------------------------------------------------


def test_all_is_the_exported_names_each_once() -> None:
    names = plugin_api.__all__
    assert len(names) == len(set(names))
    assert set(names) == set(plugin_api._EXPORTS)
    # What the brief of a plugin author names: the hook marker, the hook-facing types, the helpers families use.
    assert {"hookimpl", "Table", "Seat", "Action", "Claim", "Outcome", "Payment", "Penalty", "ExchangeStep",
            "TimeLimits", "Wall", "Rng", "Hand", "Meld", "MeldKind", "Arrangement", "Form", "Score", "ScoreItem",
            "Predicate", "Vocabulary", "Contribution", "FactsRead", "TotalSteps", "ruleset_hooks", "Ruleset",
            "scoring_value", "load_schema", "is_exposed"} <= set(names)


@pytest.mark.parametrize("name", sorted(plugin_api._EXPORTS))
def test_each_name_is_the_defining_modules_own_object(name: str) -> None:
    obj = getattr(plugin_api, name)
    module = importlib.import_module(plugin_api._EXPORTS[name])
    assert obj is getattr(module, name)
    if is_code(obj):
        assert f"{obj.__module__}.".startswith(f"{module.__name__}."), f"{module.__name__} only imports {name}"


def test_a_name_both_namespaces_export_is_one_object() -> None:
    for name in set(plugin_api.__all__) & set(mahjong_core.__all__):
        assert getattr(plugin_api, name) is getattr(mahjong_core, name), name


def test_star_import_and_dir_give_the_public_names() -> None:
    namespace: dict[str, object] = {}
    exec("from mahjong_core.plugin import *", namespace)
    assert set(namespace) - {"__builtins__"} == set(plugin_api.__all__)
    assert set(plugin_api.__all__) <= set(dir(plugin_api))


def test_an_unknown_name_is_an_attribute_error() -> None:
    assert not hasattr(plugin_api, "no_such_name")
    with pytest.raises(AttributeError, match="'mahjong_core.plugin' has no attribute 'Tabel'"):
        _ = plugin_api.Tabel
    with pytest.raises(ImportError):
        exec("from mahjong_core.plugin import Tabel", {})


@pytest.mark.parametrize("name", sorted(n for n in plugin_api.__all__ if is_code(getattr(plugin_api, n))))
def test_each_function_and_class_has_a_docstring_of_its_own(name: str) -> None:
    assert own_docstring(getattr(plugin_api, name)), f"mahjong_core.plugin.{name} has no docstring of its own"


# ---------------------------------------------------------------------------
# Importing is cheap
# ---------------------------------------------------------------------------


def test_importing_the_hook_specs_loads_neither_the_engine_nor_the_parsers() -> None:
    loaded = modules_after("import mahjong_core.plugin.hookspecs")
    assert not loaded & set(HEAVY), sorted(loaded & set(HEAVY))
    facade = modules_after("import mahjong_core.plugin")
    assert facade - modules_after("import mahjong_core") == {"mahjong_core.plugin"}


def test_a_name_loads_only_its_module() -> None:
    tiles = modules_after("from mahjong_core.plugin import EAST, is_honour")
    assert "mahjong_core.hand.tiles" in tiles and not tiles & set(HEAVY), sorted(tiles & set(HEAVY))


# ---------------------------------------------------------------------------
# What type checkers see is what __getattr__ gives
# ---------------------------------------------------------------------------


def type_checking_imports(path: Path) -> dict[str, str]:
    """Each name the facade's ``if TYPE_CHECKING:`` block imports from the core -> the module it names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    block = next(node for node in tree.body if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    return {alias.name: node.module for node in block.body if isinstance(node, ast.ImportFrom)
            and node.module and node.module.startswith("mahjong_core.") for alias in node.names}


@pytest.mark.parametrize("facade", [mahjong_core, plugin_api], ids=["mahjong_core", "mahjong_core.plugin"])
def test_the_type_checking_block_imports_each_name_from_where_getattr_finds_it(facade: types.ModuleType) -> None:
    assert facade.__file__ is not None
    assert type_checking_imports(Path(facade.__file__)) == facade._EXPORTS


# ---------------------------------------------------------------------------
# The page documents every name, grouped as __all__ groups them
# ---------------------------------------------------------------------------

_ENTRY = re.compile(r"^\.\. (?:auto\w+|py:(?!module)\w+):: ([\w.]+)", re.MULTILINE)
#: A name shared with ``mahjong_core`` is documented once, on the program API page, and referred to from here in
#: one paragraph per section.
_SHARED = re.compile(r"^Documented with the program API .*?(?:\n\n|\Z)", re.MULTILINE | re.DOTALL)
_REFERENCE = re.compile(r":\w+:`~mahjong_core\.(\w+)`")


def page_sections() -> dict[str, tuple[list[str], list[str]]]:
    """The page's sections: title -> (names with an entry here, names referred to the program API page)."""
    text = PAGE.read_text(encoding="utf-8")
    parts = re.split(r"^(.+)\n-{3,}\n", text, flags=re.MULTILINE)
    return {title: (_ENTRY.findall(body), [name for paragraph in _SHARED.findall(body)
                                           for name in _REFERENCE.findall(paragraph)])
            for title, body in zip(parts[1::2], parts[2::2], strict=True)}


def all_groups() -> dict[str, list[str]]:
    """The groups of ``__all__`` as its source comments name them."""
    source = (ROOT / "mahjong_core" / "plugin" / "__init__.py").read_text(encoding="utf-8")
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


def test_the_page_documents_every_name_once_in_its_group() -> None:
    sections, groups = page_sections(), all_groups()
    assert list(sections) == list(groups), "the page's sections are __all__'s groups, in the same order"
    assert sorted(n for names in groups.values() for n in names) == sorted(plugin_api.__all__)
    for title, names in groups.items():
        own, shared = sections[title]
        for name in names:
            if name in mahjong_core.__all__:
                assert shared.count(name) == 1 and name not in own, f"{name}: refer once to the program API page"
            else:
                assert own.count(name) == 1, f"{name} is not documented once under {title}"


def test_each_section_says_what_it_is_for_before_its_first_entry() -> None:
    text = PAGE.read_text(encoding="utf-8")
    for title in all_groups():
        body = text.split(f"\n{title}\n{'-' * len(title)}\n", 1)[1]
        first_paragraph = body.strip().split("\n\n", 1)[0]
        assert not first_paragraph.startswith(".."), f"{title}: no sentence before the first entry"
        assert len(first_paragraph.split()) >= 15, f"{title}: {first_paragraph!r}"


def test_the_built_page_has_an_entry_for_every_name(html: Path) -> None:
    """Every name has its anchor here or, shared with ``mahjong_core``, on the program API page."""
    page = (html / "plugin-api.html").read_text(encoding="utf-8")
    program = (html / "api.html").read_text(encoding="utf-8")
    for name in plugin_api.__all__:
        if name in mahjong_core.__all__:
            assert f'id="mahjong_core.{name}"' in program and f'href="api.html#mahjong_core.{name}"' in page, name
        else:
            assert f'id="mahjong_core.plugin.{name}"' in page, name
    assert 'href="plugin-api.html' in (html / "index.html").read_text(encoding="utf-8")
