"""The code in the API reference and the guides runs, prints what the page says, and uses only documented names.

A page is followed as a reader follows it, top to bottom, in a fresh folder:
a code block with a ``:caption:`` is a file the reader writes (blocks with
the same caption add to the file), every other Python block is run in one
namespace with that folder as the working directory and on ``sys.path``, and
a ``print(...)  # text`` line must print that text.  Then the package the
page built is installed the way its ``pyproject.toml`` says (its
``.dist-info`` written next to it, which is all ``pip install .`` leaves for
mahjong-core to find) and every ``$ mahjong ...`` command of the page is run
against it.  The API reference's examples are doctests.  About 10 s, besides
the docs build shared with tests/docs/test_docs.py.
"""

from __future__ import annotations

import argparse
import ast
import doctest
import io
import json
import os
import re
import shlex
import subprocess
import sys
import tokenize
import tomllib
from contextlib import redirect_stdout
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import mahjong_core
import mahjong_core.plugin
from mahjong_core.plugin import hookspecs

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
GUIDES = ("guide-bot.rst", "guide-hook.rst")
API_PAGE = DOCS / "api.rst"

_DIRECTIVE = re.compile(r"^\.\. code-block:: *(\w+) *$")


@dataclass
class Block:
    """One ``.. code-block::`` of a page."""

    language: str
    code: str
    line: int
    caption: str | None = None


@dataclass
class PageRun:
    """What following a page left: the reader's folder, the namespace, and each block's printed lines."""

    folder: Path
    namespace: dict[str, Any] = field(default_factory=dict)
    printed: list[tuple[Block, list[str], list[str]]] = field(default_factory=list)


def code_blocks(text: str) -> list[Block]:
    """The page's code blocks with their options, in order."""
    lines = text.splitlines()
    blocks = []
    i = 0
    while i < len(lines):
        match = _DIRECTIVE.match(lines[i])
        i += 1
        if not match:
            continue
        start = i
        caption = None
        while i < len(lines) and lines[i].startswith("   :"):
            option, _, value = lines[i].strip()[1:].partition(":")
            if option == "caption":
                caption = value.strip()
            i += 1
        body: list[str] = []
        while i < len(lines) and (not lines[i].strip() or lines[i].startswith("   ")):
            body.append(lines[i][3:])
            i += 1
        blocks.append(Block(match.group(1), "\n".join(body).strip("\n") + "\n", start, caption))
    return blocks


def expected_prints(code: str) -> list[str]:
    """What the block says it prints: the comment on each ``print(...)`` line, in order."""
    expected = []
    for token in tokenize.generate_tokens(io.StringIO(code).readline):
        if token.type == tokenize.COMMENT and token.line.lstrip().startswith("print("):
            expected.append(token.string[1:].strip())
    return expected


def _forget_modules(folder: Path) -> None:
    """Drop the reader's modules from the import cache, so the next block imports the files as they stand now."""
    for name, module in list(sys.modules.items()):
        file = getattr(module, "__file__", None)
        if file and Path(file).is_relative_to(folder):
            del sys.modules[name]


def follow(page: str, folder: Path) -> PageRun:
    """Write the page's files and run its Python blocks, top to bottom."""
    run = PageRun(folder, {"__name__": "__guide__"})
    old_cwd = Path.cwd()
    sys.path.insert(0, str(folder))
    os.chdir(folder)
    try:
        for block in code_blocks((DOCS / page).read_text(encoding="utf-8")):
            if block.caption is not None:
                path = folder / block.caption
                path.parent.mkdir(parents=True, exist_ok=True)
                before = path.read_text(encoding="utf-8") + "\n\n" if path.exists() else ""
                path.write_text(before + block.code, encoding="utf-8")
            elif block.language == "python":
                _forget_modules(folder)
                out = io.StringIO()
                with redirect_stdout(out):
                    exec(compile(block.code, f"{page}:{block.line}", "exec"), run.namespace)
                run.printed.append((block, expected_prints(block.code), out.getvalue().splitlines()))
    finally:
        os.chdir(old_cwd)
        sys.path.remove(str(folder))
        _forget_modules(folder)
    return run


def install(folder: Path) -> dict[str, Any]:
    """What ``pip install .`` leaves for mahjong-core: the distribution's metadata and entry points."""
    project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
    meta, setuptools = project["project"], project["tool"]["setuptools"]
    for module in setuptools.get("py-modules", []):
        assert (folder / f"{module}.py").exists(), f"pyproject.toml ships {module}.py, which the page never wrote"
    for package in setuptools.get("packages", []):
        assert (folder / package / "__init__.py").exists(), f"pyproject.toml ships {package}, never written"
        for data in setuptools.get("package-data", {}).get(package, []):
            assert (folder / package / data).exists(), f"pyproject.toml ships {package}/{data}, never written"
    dist = folder / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    dist.mkdir(exist_ok=True)
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n",
                                   encoding="utf-8")
    groups = meta.get("entry-points", {})
    (dist / "entry_points.txt").write_text(
        "".join(f"[{group}]\n" + "".join(f"{k} = {v}\n" for k, v in points.items()) + "\n"
                for group, points in groups.items()), encoding="utf-8")
    return meta


def environment(folder: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), os.environ.get("PYTHONPATH", "")])}


def mahjong(folder: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The ``mahjong`` command, run in the reader's folder with the installed package on the path."""
    return subprocess.run([sys.executable, "-m", "mahjong_core.cli", *args], cwd=folder, env=environment(folder),
                          capture_output=True, text=True, timeout=600)


def console_commands(page: str) -> list[str]:
    """Every ``$ ...`` command of the page's console blocks, a line ending in a backslash joined to the next."""
    return page_commands(DOCS / page)


_FENCE = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)
_BASH = re.compile(r"^```bash\n(.*?)^```", re.MULTILINE | re.DOTALL)


def page_commands(path: Path) -> list[str]:
    """The ``$ ...`` lines of a page's console blocks: ``.. code-block:: console`` in reST, ```` ```console ````
    fences in Markdown, a line ending in a backslash joined to the next."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".rst":
        codes = [b.code for b in code_blocks(text) if b.language == "console"]
    else:
        codes = [m.group(1) for m in _FENCE.finditer(text)]
    found = [" ".join(line[2:].split()) for code in codes for line in code.replace("\\\n", " ").splitlines()
             if line.startswith("$ ")]
    # A setup line of a ``bash`` fence (``python3.11 -m venv .venv && ... && .venv/bin/mahjong demo ...``): its
    # mahjong command is an example too; the setup before it is what the suite's own environment did.
    for block in _BASH.finditer(text):
        for part in block.group(1).replace("&&", "\n").splitlines():
            if part.strip().startswith(".venv/bin/mahjong "):
                found.append(" ".join(part.strip().removeprefix(".venv/bin/").split()))
    return found


def help_commands() -> list[str]:
    """The ``$ mahjong ...`` examples of every ``--help`` text (each subcommand's epilog)."""
    from mahjong_core.cli import build_parser

    found: list[str] = []
    pending = [build_parser()]
    while pending:
        parser = pending.pop(0)
        found += [line.strip()[2:] for line in parser.format_help().splitlines() if line.strip().startswith("$ ")]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                pending += list(dict.fromkeys(action.choices.values()))
    return found


def run_commands(page: str, folder: Path) -> dict[str, subprocess.CompletedProcess[str]]:
    """Install the page's package, then run its ``mahjong`` commands in order; each must succeed."""
    commands = console_commands(page)
    assert commands[0] == "pip install .", "the page installs its package first, as install() stands in for"
    install(folder)
    results = {}
    for command in commands[1:]:
        program, *args = shlex.split(command)
        assert program == "mahjong", command
        result = mahjong(folder, *args)
        assert result.returncode == 0, f"{page}: $ {command}\n{result.stdout}{result.stderr}"
        results[command] = result
    return results


@pytest.fixture(scope="module")
def bot_guide(tmp_path_factory: pytest.TempPathFactory) -> PageRun:
    return follow("guide-bot.rst", tmp_path_factory.mktemp("guide-bot"))


@pytest.fixture(scope="module")
def hook_guide(tmp_path_factory: pytest.TempPathFactory) -> PageRun:
    return follow("guide-hook.rst", tmp_path_factory.mktemp("guide-hook"))


def log_events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()[1:]]


# ---------------------------------------------------------------------------
# The API reference
# ---------------------------------------------------------------------------


def test_the_api_pages_examples_pass_as_doctests(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the examples write a house file and a replay log
    test = doctest.DocTestParser().get_doctest(API_PAGE.read_text(encoding="utf-8"), {}, "api.rst", str(API_PAGE), 0)
    out = io.StringIO()
    runner = doctest.DocTestRunner()
    runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()
    assert runner.tries >= 30, "the reference lost its examples"
    assert (tmp_path / "harbin-11.jsonl").exists()


def test_the_api_page_has_no_code_block_that_is_not_run() -> None:
    """Its examples are doctests; a ``code-block`` there would be shown but never checked."""
    assert [b for b in code_blocks(API_PAGE.read_text(encoding="utf-8")) if b.language == "python"] == []


# ---------------------------------------------------------------------------
# The guides print what they say
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("page", GUIDES)
def test_every_python_block_of_a_guide_runs_and_prints_what_it_says(page: str, request: pytest.FixtureRequest
                                                                     ) -> None:
    run: PageRun = request.getfixturevalue("bot_guide" if page == "guide-bot.rst" else "hook_guide")
    python = [b for b in code_blocks((DOCS / page).read_text(encoding="utf-8")) if b.language == "python"]
    assert len(run.printed) == len([b for b in python if b.caption is None]) >= 2
    for block, expected, printed in run.printed:
        assert printed == expected, f"{page}:{block.line}: the page says {expected}, the code printed {printed}"
    assert any(expected for _, expected, _ in run.printed)


#: Characters of code a page shows without scrolling sideways (the theme's content column at 1280 px).
WIDTH = 88


@pytest.mark.parametrize("page", [*GUIDES, "api.rst"])
def test_the_code_fits_the_page(page: str) -> None:
    text = (DOCS / page).read_text(encoding="utf-8")
    lines = [line for block in code_blocks(text) for line in block.code.splitlines()]
    for example in doctest.DocTestParser().get_examples(text):
        lines += [f">>> {line}" for line in example.source.splitlines()] + example.want.splitlines()
    assert [line for line in lines if len(line) > WIDTH] == []


def test_expected_prints_are_read_from_the_print_lines_only() -> None:
    code = 'x = 1  # not output\nprint(x, "#")  # 1 #\nprint(2)\n'
    assert expected_prints(code) == ["1 #"]


# ---------------------------------------------------------------------------
# Write a bot
# ---------------------------------------------------------------------------


def test_the_guides_bot_plays_a_whole_game_within_the_rules(bot_guide: PageRun) -> None:
    ns = bot_guide.namespace
    result, events, bot = ns["result"], ns["events"], ns["steady"]
    assert result.deals == 16 and sum(result.scores) == 0
    mine = [e for e in events if e["type"] == "decision" and e["actor"] == 0]
    assert len(mine) > 100 and {e["phase"] for e in mine} >= {"turn", "claim"}
    assert {e["action"] for e in mine if e["phase"] == "claim"} <= {"win", "pass"}, "steady claims only to win"
    assert {e["after_ms"] for e in mine} == {bot.TURN_MS, bot.CLAIM_MS}
    assert not [e for e in events if e["type"] == "timeout"]
    assert [e["seat"] for e in events if e["type"] == "mahjong"].count(0) == len(ns["wins"]) == 3


def test_the_dawdler_is_overruled_at_every_decision(bot_guide: PageRun) -> None:
    ns = bot_guide.namespace
    late_events = ns["late_events"]
    mine = [e for e in late_events if e["type"] == "decision" and e["actor"] == 0]
    timeouts = ns["timeouts"]
    assert {e["seat"] for e in timeouts} == {0} and len(timeouts) == len(mine)
    assert all(e["after_ms"] == 12_000 for e in mine)
    assert ns["late"].deals > 0 and late_events[-1]["type"] == "game_end"


def test_the_installed_bot_is_listed_simulated_and_audits_clean(bot_guide: PageRun) -> None:
    results = run_commands("guide-bot.rst", bot_guide.folder)
    listing = results["mahjong simulate --bots"].stdout
    assert re.search(r"^steady +steady-bot 1\.0\.0", listing, re.MULTILINE), listing
    simulated = next(r for c, r in results.items() if c.startswith("mahjong simulate --ruleset"))
    assert str(bot_guide.namespace["result"].scores) in simulated.stdout, "not the game the guide played"
    log = bot_guide.folder / "replays" / "mcr-seed8.jsonl"
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["seats"][0]["kind"] == "steady"
    assert "audit OK" in results["mahjong audit replays/mcr-seed8.jsonl"].stdout
    view = results["mahjong view replays/mcr-seed8.jsonl --seat 0 --json"].stdout
    assert '"?"' in view


# ---------------------------------------------------------------------------
# Write a hook
# ---------------------------------------------------------------------------


def test_the_house_tweak_forbids_exactly_the_wins_on_a_discard(hook_guide: PageRun) -> None:
    ns = hook_guide.namespace
    ruled = [e for e in ns["ruled"] if e["type"] == "mahjong"]
    unruled = [e for e in ns["unruled"] if e["type"] == "mahjong"]
    assert ruled and all(e["how"] in ("self_drawn", "replacement") and e["discarder"] is None for e in ruled)
    assert any(e["how"] == "discard" for e in unruled)
    assert ns["short"].deals == 4 and ns["house"].id == "self_drawn_only"


def test_the_packaged_house_ruleset_plays_audits_and_passes_the_conformance_suite(hook_guide: PageRun) -> None:
    folder = hook_guide.folder
    results = run_commands("guide-hook.rst", folder)
    assert re.search(r"^self_drawn_only +1\.0\.0 .* harbin ", results["mahjong rules list"].stdout, re.MULTILINE)
    wins = [e for e in log_events(folder / "replays" / "self_drawn_only-seed8.jsonl") if e["type"] == "mahjong"]
    assert wins and {e["how"] for e in wins} <= {"self_drawn", "replacement"}
    assert " passed" in results["mahjong conformance self_drawn_only"].stdout
    shown = mahjong(folder, "rules", "show", "self_drawn_only")
    assert re.search(r"no_winds +club_no_winds = 1 ", shown.stdout), shown.stdout + shown.stderr


def test_the_contributed_predicate_doubles_a_hand_without_winds(hook_guide: PageRun) -> None:
    """The row the guide adds pays: scored under the installed ruleset, a hand without winds has the doubling."""
    folder = hook_guide.folder
    if not any(folder.glob("*.dist-info")):
        install(folder)
    script = (
        "import json\n"
        "from mahjong_core import load_ruleset, parse_hand, score_hand\n"
        "rs = load_ruleset('self_drawn_only')\n"
        "facts = dict(winner=True, self_drawn=True, how='self_drawn', seat_wind=27, prevalent_wind=27, dealer=True,"
        " first_go_around=False, first_discard=False, replacement=False, robbing_kong=False, last_tile=False,"
        " last_loose_tile=False, calling=False, calling_from_start=False, kong_replacement=False,"
        " last_tile_of_kind=False, winning_tile_shown=0, tiles_left=50, discarder=None)\n"
        "print(json.dumps({h: [i.name for i in score_hand(rs, parse_hand(h), facts).items]"
        " for h in ('123m456p789s234s5p +5p', '123m456p789s111z5p +5p')}))\n")
    result = subprocess.run([sys.executable, "-c", script], cwd=folder, env=environment(folder), capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    items = json.loads(result.stdout)
    assert "no_winds" in items["123m456p789s234s5p +5p"]
    assert "no_winds" not in items["123m456p789s111z5p +5p"]


# ---------------------------------------------------------------------------
# Every other example command: the README's, the docs pages' and the --help texts'
# ---------------------------------------------------------------------------

#: Pages whose commands run against the installed rulesets alone; the guides' run against the package each
#: guide builds (the tests above).
EXAMPLE_PAGES = [ROOT / "README.md", *sorted(p for p in DOCS.glob("*.rst") if p.name not in GUIDES),
                 *sorted(DOCS.glob("*.md"))]


def example_commands() -> list[tuple[str, str]]:
    """``(where, command)`` for every ``$ mahjong`` example outside the guides."""
    # Only the mahjong command's examples: a page's pip, pytest or fuzzing lines are the environment's business.
    found = [(path.name, command) for path in EXAMPLE_PAGES for command in page_commands(path)
             if command.split(" ", 1)[0] == "mahjong"]
    return found + [("--help", command) for command in help_commands()]


def test_the_examples_are_found_where_they_are_shown() -> None:
    where = {w for w, _ in example_commands()}
    assert {"README.md", "--help", "conformance.rst", "house-rules.rst", "mcr-differences.md"} <= where
    commands = [c for _, c in example_commands()]
    assert 'mahjong hand "123m456p78s11z [777s<] +9s"' in commands
    assert "mahjong demo --ruleset chinese_classical --seed 7" in commands  # the README's first command
    assert sum(c.startswith("mahjong score ") for c in commands) >= 6


@pytest.mark.parametrize(("where", "command"), example_commands())
def test_every_example_command_runs(where: str, command: str, tmp_path: Path) -> None:
    """Run as a reader of a checkout would: in an empty folder where ``plugins/`` and ``replays/`` are at hand."""
    for folder in ("plugins", "replays"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    program, *args = shlex.split(command)
    assert program == "mahjong", f"{where}: {command}"
    result = mahjong(tmp_path, *args)
    assert result.returncode == 0, f"{where}: $ {command}\n{result.stdout}{result.stderr}"
    assert "Traceback" not in result.stderr


# ---------------------------------------------------------------------------
# Only documented names
# ---------------------------------------------------------------------------


def _page_sources(page: str) -> tuple[list[str], set[str]]:
    """The Python the page shows (code blocks and doctest examples), and the modules the page itself writes."""
    text = (DOCS / page).read_text(encoding="utf-8")
    blocks = [b for b in code_blocks(text) if b.language == "python"]
    own = {Path(b.caption).parts[0].removesuffix(".py") for b in code_blocks(text) if b.caption}
    examples = doctest.DocTestParser().get_examples(text)
    return [b.code for b in blocks] + ["".join(e.source for e in examples)], own


#: The two public namespaces: ``mahjong_core`` for programs, ``mahjong_core.plugin`` for plugins (:doc:`plugin-api`).
PUBLIC = {"mahjong_core": set(mahjong_core.__all__), "mahjong_core.plugin": set(mahjong_core.plugin.__all__)}


def undocumented_names(source: str, own_modules: set[str]) -> list[str]:
    """Every use of mahjong-core in ``source`` that the public surface and the hook reference do not cover."""
    problems = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            top = node.module.split(".")[0]
            if node.module in PUBLIC:
                for alias in node.names:
                    if alias.name not in PUBLIC[node.module]:
                        problems.append(f"from {node.module} import {alias.name}")
            elif top == "mahjong_core" or (top not in sys.stdlib_module_names and top not in own_modules):
                problems.append(f"from {node.module} import ...")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top == "mahjong_core" or (top not in sys.stdlib_module_names and top not in own_modules):
                    problems.append(f"import {alias.name}")
        elif isinstance(node, ast.FunctionDef) and node.name.startswith("mahjong_"):
            if not is_hook(node.name):
                problems.append(f"def {node.name}: no such hook")
    return problems


def is_hook(name: str) -> bool:
    """Whether ``name`` is a hook specification (the hook reference documents every one)."""
    spec = getattr(hookspecs, name, None)
    return callable(spec) and hasattr(spec, "mahjong_spec") and bool(spec.__doc__)


@pytest.mark.parametrize("page", [*GUIDES, "api.rst", "plugin-api.rst"])
def test_the_pages_use_only_public_names_and_documented_hooks(page: str) -> None:
    sources, own = _page_sources(page)
    problems = [p for source in sources for p in undocumented_names(source, own)]
    assert problems == []


def test_the_name_check_catches_what_it_is_for() -> None:
    source = ("from mahjong_core import Game, shanten\nfrom mahjong_core.engine.game import Game\nimport yaml\n"
              "from mahjong_core import PHASES\nshanten([])\nfrom mahjong_core.plugin import EAST, hookspecs\n"
              "def mahjong_no_such_hook(): ...\ndef mahjong_game_over(table): ...\n")
    assert undocumented_names(source, set()) == [
        "from mahjong_core.engine.game import ...", "import yaml", "from mahjong_core import PHASES",
        "from mahjong_core.plugin import hookspecs", "def mahjong_no_such_hook: no such hook"]


def test_the_built_docs_link_the_guides_and_the_reference(html: Path) -> None:
    index = (html / "index.html").read_text(encoding="utf-8")
    for page in ("api.html", "guide-bot.html", "guide-hook.html"):
        assert f'href="{page}' in index, page
    hook = (html / "guide-hook.html").read_text(encoding="utf-8")
    assert 'href="house-rules.html' in hook and 'href="hooks.html' in hook
    assert 'href="guide-hook.html' in (html / "house-rules.html").read_text(encoding="utf-8")
