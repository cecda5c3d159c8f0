"""Families, settlements and mechanisms come from plugins through hooks, found like a third party's."""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.errors import RulesetError
from mahjong_core.hand.arrangements import arrangements
from mahjong_core.hand.melds import Hand
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.score import Score, ScoreItem
from mahjong_core.hand.situation import win_context
from mahjong_core.log.simulate import play_game
from mahjong_core.plugin import extensions
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.contributions import Contribution, TotalSteps
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.plugin.score_card import card_maker, payment_notes
from mahjong_core.plugin.scoring import score_hand
from mahjong_core.rules import load_ruleset
from mahjong_core.table.state import Payment

ROOT = Path(__file__).resolve().parents[3]


def test_the_bundled_families_and_settlements_are_installed_plugins() -> None:
    installed = extensions.installed()
    assert set(installed.families) >= {"classical", "hongkong", "mcr"}
    assert set(installed.settlements) >= {"classical", "hongkong", "sport"}
    assert {c.kind for c in installed.families.values()} == {"family"}
    assert {c.kind for c in installed.settlements.values()} == {"settlement"}
    assert {c.kind for c in installed.mechanisms} == {"mechanism"}
    assert bind(load_ruleset("mcr")).family is installed.families["mcr"]
    assert bind(load_ruleset("mcr")).settlement is installed.settlements["sport"]
    assert bind(load_ruleset("piter")).family is installed.families["classical"]


class FlatFamily:
    """The ``flat_test`` family's plugin: everything it does, it does through hooks, and it counts the calls."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    @hookimpl
    def mahjong_score_hand(self, hand: Hand, context: Any) -> Score:
        self.calls.append("score")
        if not context.get("winner", True):
            return Score(total=0, family="flat_test", raw={"points": 0})
        return Score(total=7, family="flat_test", arrangement=arrangements(hand)[0], raw={"points": 7},
                     items=(ScoreItem("flat", "points", 7, source="assumption: test"),))

    @hookimpl
    def mahjong_check_tables(self, ruleset: Any) -> None:
        self.calls.append("check")
        if ruleset.raw_tables.get("parameters", {}).get("x_flat_refused"):
            raise RulesetError("the flat family refuses this ruleset", place="$.parameters.x_flat_refused")

    @hookimpl
    def mahjong_explain_total(self, score: Any) -> TotalSteps:
        self.calls.append("explain")
        return TotalSteps((f"flat: {score['value']} points",))


class FlatSettlement:
    """The ``flat_test`` settlement's plugin: the first loser pays the winner one point."""

    @hookimpl
    def mahjong_settle(self, table: Any, outcome: Any) -> list[Payment]:
        if outcome.winner is None:
            return []
        return [Payment((outcome.winner + 1) % table.players, outcome.winner, 1, "flat")]

    @hookimpl
    def mahjong_payment_note(self, payment: Any) -> str:
        return f"flat: {payment[2]} point"


class Flat:
    """A plugin contributing a family, a settlement and a mechanism of its own, each a plugin of hooks."""

    def __init__(self) -> None:
        self.switched: list[str] = []
        self.family = FlatFamily()
        self.settlement = FlatSettlement()

    @hookimpl
    def mahjong_contributions(self) -> list[Contribution]:
        def on(ruleset: Any) -> bool:
            self.switched.append(ruleset.id)
            return ruleset.id == "harbin"

        classical = extensions.installed().families["classical"]  # a harbin house rule keeps its parameters
        return [Contribution("family", "flat_test", self.family, parameters=classical.parameters),
                Contribution("settlement", "flat_test", self.settlement),
                Contribution("mechanism", "flat_test_observer", Observer(), switched_on=on)]


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


def _flat_house_rule(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "flat_house.yaml"
    path.write_text("id: flat_house\nversion: 1.0.0\nname: flat house\nextends: harbin\nscoring:\n"
                    "  family: {value: flat_test, assumption: test}\nparameters:\n"
                    f"  settlement: {{value: flat_test, assumption: test}}\n{extra}", encoding="utf-8")
    return path


def test_a_family_registered_only_through_hooks_scores_settles_explains_and_is_checked_at_load(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    flat = Flat()
    with_flat = extensions.collect({**extensions.installed().plugins, "flat": flat})
    monkeypatch.setattr(extensions, "installed", lambda: with_flat)
    ruleset = load_ruleset(_flat_house_rule(tmp_path))
    assert "check" in flat.family.calls  # the loader asked the family to read the tables
    hand = parse_hand("123m456m789m123p5p +5p")
    score = score_hand(ruleset, hand, win_context(winning_tile=hand.winning_tile))
    assert score is not None and (score.family, score.total) == ("flat_test", 7)
    assert card_maker(ruleset)(score.to_json())["steps"] == ["flat: 7 points"]
    assert "explain" in flat.family.calls
    assert payment_notes(ruleset, 0, [[1, 0, 1, "flat"]]) == ["flat: 1 point"]
    result = play_game(ruleset, 5, ["greedy"] * 4, max_deals=4).result
    scored = flat.family.calls.count("score")
    assert scored > 1 and result.deals == 4  # the games scored their winners' hands by the family's hook
    # ... and settled them by the settlement's: one point a won deal, from the seat after the winner
    assert result.wins > 0 and sum(result.scores) == 0 and 0 < sum(abs(s) for s in result.scores) <= 2 * result.wins
    with pytest.raises(RulesetError, match=r"flat_house\.yaml::\$\.parameters\.x_flat_refused \(line 9, column 3\): "
                                           r"the flat family refuses this ruleset"):
        load_ruleset(_flat_house_rule(tmp_path, "  x_flat_refused: {value: true, assumption: test}\n"))


def test_a_ruleset_never_has_another_familys_or_settlements_hooks() -> None:
    installed = extensions.installed()
    for ruleset_id in ("harbin", "mcr", "hongkong", "piter"):
        bound = bind(load_ruleset(ruleset_id))
        assert bound.family is not None and bound.settlement is not None
        others = {c.plugin for c in (*installed.families.values(), *installed.settlements.values())} - {
            bound.family.plugin, bound.settlement.plugin}
        assert not others & set(bound.plugins), (ruleset_id, others & set(bound.plugins))
        assert {bound.family.plugin, bound.settlement.plugin} <= set(bound.plugins)


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


@pytest.mark.parametrize(("made", "message"), [
    (lambda: "flat", r"plugin .*: mahjong_contributions returned str 'flat', not a Contribution"),
    (lambda: Contribution("famly", "flat", object()), r"contribution 'flat' is of kind 'famly', none of family, "
                                                      r"settlement, mechanism"),
    (lambda: Contribution("mechanism", "flat", object()), r"contribution 'flat': a mechanism, and only a mechanism"),
    (lambda: Contribution("family", "flat", object(), switched_on=bool),
     r"contribution 'flat': a mechanism, and only a mechanism"),
    (lambda: Contribution("settlement", "flat", object(), hand_sizes=frozenset({13})),
     r"contribution 'flat': only a family declares the hand sizes it scores"),
    (lambda: Contribution("family", "flat", object(), several_wins=frozenset({"play_on"})),
     r"contribution 'flat': only a settlement declares the several wins it settles"),
    (lambda: Contribution("settlement", "flat", object(), several_wins=frozenset({"bloody"})),
     r"several_wins 'bloody' is none of one_discard, play_on"),
    (lambda: Contribution("family", "flat", object(), sheet_keys=frozenset({"honba"})),
     r"contribution 'flat': only a mechanism declares the sheet keys it reads"),
    (lambda: Contribution("mechanism", "flat", object(), switched_on=bool, sheet_keys=frozenset({"hanba"})),
     r"sheet key 'hanba' is none of declared, ready, all_orphan_discards, abortive, honba"),
])
def test_a_malformed_contribution_is_named_with_its_plugin(made: Any, message: str) -> None:
    class Odd:
        @hookimpl
        def mahjong_contributions(self) -> list[Any]:
            return [made()]

    with pytest.raises(RulesetError, match=message):
        extensions.collect({"odd": Odd()})


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
                 if name.startswith("mahjong_") and name != "mahjong_contributions"}
        # Hooks a mechanism may refine while deferring to the core's answer (``None``): seat walls end a deal
        # early, and otherwise the shared wall's rule decides; the dealer's repeat keeps the deal where the core's
        # rotation would pass it.  A win's facts merge every plugin's: mechanisms add their own (the honba; riichi,
        # ippatsu, dora indicators).  Paying for all wraps the settlement (``wrapper=True``): it reshapes the
        # answer the settlement gives and never answers in its place.
        only_theirs = hooks - {"mahjong_claim_allowed", "mahjong_claim_priority", "mahjong_teams",
                               "mahjong_time_limits", "mahjong_game_over", "mahjong_win_objections",
                               "mahjong_deal_exhausted", "mahjong_next_deal", "mahjong_win_context",
                               "mahjong_settle"}
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


def test_a_familys_reading_scorer_and_its_bound_are_its_plugins_hooks() -> None:
    from mahjong_core.plugin.manager import ruleset_hooks
    from mahjong_core.plugin.scoring import reading_scorer

    mcr, hongkong = load_ruleset("mcr"), load_ruleset("hongkong")
    hand = parse_hand("123m456m789m234p5s +5s")
    context = win_context(winning_tile=hand.winning_tile)
    best = score_hand(mcr, hand, context)
    scorer = reading_scorer(mcr)  # MCR divides hands itself: it answers mahjong_score_reading
    assert best is not None and best.arrangement is not None and scorer is not None
    assert scorer(mcr, hand, context, best.arrangement).total == best.total
    assert reading_scorer(hongkong) is None  # Hong Kong reads arrangements(): no mahjong_score_reading
    bound = ruleset_hooks(hongkong).mahjong_score_bound(ruleset=hongkong, measure="fan")
    assert isinstance(bound, int) and bound > 0
    assert ruleset_hooks(hongkong).mahjong_score_bound(ruleset=hongkong, measure="points") is None
    assert ruleset_hooks(mcr).mahjong_score_bound(ruleset=mcr, measure="fan") is None  # MCR states no bound
