"""Families, settlements and mechanisms come from plugins through hooks, found like a third party's."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.errors import RulesetError
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin import extensions
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.extensions import Mechanism, ScoringFamily, Settlement
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.rules import load_ruleset

ROOT = Path(__file__).resolve().parents[3]


def test_the_bundled_families_and_settlements_are_installed_plugins() -> None:
    installed = extensions.installed()
    assert set(installed.families) >= {"classical", "hongkong", "mcr"}
    assert set(installed.settlements) >= {"classical", "hongkong", "sport"}
    assert bind(load_ruleset("mcr")).family.score is installed.families["mcr"].score
    assert bind(load_ruleset("mcr")).settlement.settle is installed.settlements["sport"].settle
    assert bind(load_ruleset("piter")).family.score is installed.families["classical"].score


class Flat:
    """A plugin with a family, a settlement and a mechanism of its own (the mahjong_* contribution hooks)."""

    def __init__(self) -> None:
        self.switched: list[str] = []

    @hookimpl
    def mahjong_scoring_families(self) -> list[ScoringFamily]:
        return [ScoringFamily("flat_test", lambda ruleset, hand, context: None)]

    @hookimpl
    def mahjong_settlements(self) -> list[Settlement]:
        return [Settlement("flat_test", lambda ruleset, table, outcome: [])]

    @hookimpl
    def mahjong_mechanisms(self) -> list[Mechanism]:
        def on(ruleset: Any) -> bool:
            self.switched.append(ruleset.id)
            return ruleset.id == "harbin"

        return [Mechanism("flat_test_observer", Observer(), on)]


class Observer:
    """The mechanism's hooks: counts the events of the games it joins."""

    events = 0

    @hookimpl
    def mahjong_event(self) -> None:
        Observer.events += 1


def test_a_plugins_contributions_are_found_and_its_mechanism_joins_only_the_games_that_switch_it_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    flat = Flat()
    with_flat = extensions.collect({**extensions.installed().plugins, "flat": flat})
    monkeypatch.setattr(extensions, "installed", lambda: with_flat)
    assert with_flat.family("flat_test").name == "flat_test"
    assert with_flat.settlement("flat_test").name == "flat_test"
    harbin, mcr = load_ruleset("harbin"), load_ruleset("mcr")
    # A binding is made again for a new set of installed plugins: no ruleset keeps the old one.
    assert any(isinstance(p, Observer) for p in bind(harbin).plugins)
    assert not any(isinstance(p, Observer) for p in bind(mcr).plugins)
    Observer.events = 0
    play_game(harbin, 3, ["greedy"] * 4, max_deals=1)
    assert Observer.events > 50
    before = Observer.events
    play_game(mcr, 3, ["greedy"] * 4, max_deals=1)
    assert Observer.events == before
    monkeypatch.undo()
    assert not any(isinstance(p, Observer) for p in bind(harbin).plugins)


def test_unknown_names_and_clashing_contributions_are_named() -> None:
    installed = extensions.installed()
    with pytest.raises(RulesetError, match="unknown scoring family 'flatt'; installed: classical, .*mcr"):
        installed.family("flatt")
    with pytest.raises(RulesetError, match="unknown settlement 'nope'"):
        installed.settlement("nope")

    class Again(Flat):
        pass

    with pytest.raises(RulesetError, match="scoring family 'flat_test' is contributed by both"):
        extensions.collect({"a": Flat(), "b": Again()})


def test_a_house_rule_naming_an_uninstalled_family_fails_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "h.yaml"
    path.write_text("id: h\nversion: 1.0.0\nname: h\nextends: harbin\nscoring:\n"
                    "  family: {value: flatt, assumption: test}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"unknown scoring family 'flatt'"):
        load_ruleset(path)


# ---------------------------------------------------------------- the core names no ruleset and no family

#: Words that would mean the core knows a ruleset or a family (ids, family names, their prefixes).
_NAMES = ("harbin", "shanghai", "orsk", "chinese_classical", "european_classical", "hongkong", "mcr", "traditional",
          "bonus_classical", "piter", "mahjong_rulesets.", "cl_", "hk_", "pt_", "mcr_")


def _code_strings_and_names(path: Path) -> list[tuple[int, str]]:
    """Identifiers and string literals of a module's code (docstrings and comments excluded)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
                  and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            found.append((node.lineno, node.value))
        elif isinstance(node, ast.Name):
            found.append((node.lineno, node.id))
        elif isinstance(node, ast.Attribute):
            found.append((node.lineno, node.attr))
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


def test_the_core_code_names_no_ruleset_and_no_family() -> None:
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in _NAMES) + r")")
    offenders = []
    for path in sorted((ROOT / "mahjong_core").rglob("*.py")):
        for line, text in _code_strings_and_names(path):
            if pattern.search(text):
                offenders.append(f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}")
    assert not offenders, "the core names a ruleset or family:\n" + "\n".join(offenders)


def test_the_import_graph_of_the_core_has_no_cycle() -> None:
    """Every import inside mahjong_core and mahjong_docs, at module level or in a function, follows a tree."""
    graph: dict[str, set[str]] = {}
    for path in sorted([*(ROOT / "mahjong_core").rglob("*.py"), *(ROOT / "mahjong_docs").rglob("*.py")]):
        parts = path.relative_to(ROOT).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        package = module if parts[-1] == "__init__" else module.rsplit(".", 1)[0]
        edges = graph.setdefault(module, set())
        tree = ast.parse(path.read_text(encoding="utf-8"))
        typing_only = {id(n) for block in ast.walk(tree) if isinstance(block, ast.If)
                       and getattr(block.test, "id", None) == "TYPE_CHECKING" for n in ast.walk(block)}
        for node in ast.walk(tree):
            if id(node) in typing_only:
                continue
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")
                if node.level:
                    base = base[: len(base) - node.level + 1]
                    target = ".".join([*base, node.module] if node.module else base)
                else:
                    target = node.module or ""
                names = [target] + [f"{target}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            edges.update(n for n in names if n.startswith(("mahjong_core", "mahjong_docs")))
    modules = set(graph)
    graph = {m: {e for e in edges if e in modules and e != m and not m.startswith(e + ".")}
             for m, edges in graph.items()}
    # a package importing its own submodules (re-exports) is part of that package, not a cycle through it
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle = path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    for module in sorted(graph):
        if module not in state:
            visit(module, [module])


# ---------------------------------------------------------------- mechanisms are switched on by data


def test_each_bundled_mechanism_joins_the_games_its_data_switches_on() -> None:
    def on(ruleset_id: str) -> set[str]:
        return {m.name for m in extensions.installed().mechanisms if m.plugin in bind(load_ruleset(ruleset_id)).plugins}

    names = {ruleset_id: on(ruleset_id)
             for ruleset_id in ("harbin", "orsk", "chinese_classical", "mcr", "piter", "traditional")}
    assert names["harbin"] == set()  # no exchange, no calling rule, no robbing, no clock
    assert names["orsk"] == {"tile_exchange"}  # Charleston (000 line 353)
    assert names["chinese_classical"] == {"calling_hand", "robbing_kong"}
    assert names["mcr"] == {"false_mahjong", "robbing_kong", "seated_timing"}
    assert names["piter"] == {"calling_hand", "chow_pause", "count_correction", "false_mahjong", "pair_play",
                              "robbing_kong", "seated_timing", "tile_exchange"}
    assert "late_pung" in names["traditional"]  # a pung until the next discard (001 line 109)


def test_a_house_rule_that_turns_a_mechanism_off_drops_it_from_its_games(tmp_path: Path) -> None:
    path = tmp_path / "no_rob.yaml"
    path.write_text("id: no_rob\nversion: 1.0.0\nname: no robbing\nextends: chinese_classical\nparameters:\n"
                    "  robbing_kong:\n    added: {value: false, assumption: test}\n", encoding="utf-8")
    assert {m.name for m in extensions.installed().mechanisms if m.plugin in bind(load_ruleset(path)).plugins} == \
        {"calling_hand"}


def test_the_core_defaults_implement_no_mechanisms_hook() -> None:
    from mahjong_core.plugin import defaults

    for mechanism in extensions.installed().mechanisms:
        hooks = {name for name in vars(mechanism.plugin)
                 if name.startswith("mahjong_") and name != "mahjong_mechanisms"}
        # Hooks a mechanism may refine while deferring to the core's answer (``None``): seat walls end a deal
        # early, and otherwise the shared wall's rule decides.
        only_theirs = hooks - {"mahjong_claim_allowed", "mahjong_claim_priority", "mahjong_teams",
                               "mahjong_time_limits", "mahjong_game_over", "mahjong_win_objections",
                               "mahjong_deal_exhausted"}
        assert not only_theirs & set(vars(defaults)), (mechanism.name, only_theirs & set(vars(defaults)))


# ---------------------------------------------------------------- schemas per family


def _house(tmp_path: Path, parent: str, body: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nversion: 1.0.0\nname: house\nextends: {parent}\nparameters:\n{body}", encoding="utf-8")
    return path


def test_a_switch_of_another_family_is_refused_naming_whose_it_is(tmp_path: Path) -> None:
    path = _house(tmp_path, "mcr", "  chavka:\n    enabled: {value: true, assumption: test}\n")
    with pytest.raises(RulesetError, match=r"house\.yaml::\$\.parameters\.chavka \(line 6, column 3\): 'chavka' is a "
                                           r"parameter of the classical family, and this ruleset's family is mcr"):
        load_ruleset(path)
    path = _house(tmp_path, "harbin", "  chavca:\n    enabled: {value: true, assumption: test}\n")
    with pytest.raises(RulesetError, match=r"'chavca' is no parameter .* \(did you mean 'chavka'\?\)"):
        load_ruleset(path)


def test_a_family_demands_its_own_parameters(tmp_path: Path) -> None:
    path = tmp_path / "bare.yaml"
    mcr = Path(load_ruleset("mcr").location).read_text(encoding="utf-8")
    bare = mcr.replace("id: mcr\n", "id: bare\n").replace("family: {value: mcr,", "family: {value: classical,")
    path.write_text(bare, encoding="utf-8")
    with pytest.raises(RulesetError, match=r"bare\.yaml::\$\.parameters \(line \d+, column 1\): "
                                           r"'(bank|chavka|east_pays_double)' is a required property"):
        load_ruleset(path)


def test_an_unknown_settlement_is_named_at_its_parameter(tmp_path: Path) -> None:
    path = _house(tmp_path, "harbin", "  settlement: {value: clasical, assumption: test}\n")
    with pytest.raises(RulesetError, match=r"house\.yaml::\$\.parameters\.settlement \(line 6, column 3\): "
                                           r"unknown settlement 'clasical'"):
        load_ruleset(path)


def test_every_parameter_of_every_schema_is_described_and_the_docs_show_it() -> None:
    from mahjong_core.rules.schema import ruleset_schema
    from mahjong_docs.pages import parameter_descriptions

    installed = extensions.installed()
    parts = {"core": ruleset_schema()["$defs"]["resolved_parameters"],
             **{f"family {f.name}": f.parameters for f in installed.families.values() if f.parameters},
             **{f"mechanism {m.name}": m.parameters for m in installed.mechanisms if m.parameters}}
    described = parameter_descriptions()
    count = 0
    for owner, part in parts.items():
        for name, spec in part["properties"].items():
            assert spec.get("description", "").strip(), f"{owner}: parameter {name} has no description"
            # where two families describe one name, the docs show one of their descriptions
            assert described[f"parameters.{name}"] in {p["properties"][name]["description"] for p in parts.values()
                                                       if name in p["properties"]}
            count += 1
    assert count >= 37


def test_a_family_reads_its_tables_when_the_ruleset_loads(tmp_path: Path) -> None:
    path = tmp_path / "bad_points.yaml"
    path.write_text("id: bad_points\nversion: 1.0.0\nname: bad\nextends: harbin\npoints:\n"
                    "  mahjong: {predicate: cl_mahjong, value: -20, assumption: test}\n", encoding="utf-8")
    with pytest.raises(RulesetError, match=r"bad_points\.yaml::\$\.points\.mahjong\.value \(line 6, column 36\): "
                                           r"value must be points"):
        load_ruleset(path)
    from mahjong_core.rules import validate_file

    assert [e.place for e in validate_file(path)] == ["$.points.mahjong.value"]
