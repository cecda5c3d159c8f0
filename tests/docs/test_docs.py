"""The generated documentation: ruleset pages, comparison, schemas, worked examples, and the ``mahjong docs`` build.

The pages are checked as text (fast) and once as a strict Sphinx build of the
project's docs (about 15 s, shared with tests/core/plugin/test_hooks_meta.py through the
session's temporary folder).
"""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.errors import MahjongError
from mahjong_core.plugin.binding import bind
from mahjong_core.rules import available, load_ruleset
from mahjong_docs import compare as doc_compare
from mahjong_docs import examples as doc_examples
from mahjong_docs import pages as docgen
from mahjong_docs import sources as doc_sources
from mahjong_docs.build import build

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
RULESETS = sorted(available())
EXAMPLES = [example for page in sorted(DOCS.glob("**/*.rst")) if "rulesets" not in page.parts
            for example in doc_examples.example_blocks(page.read_text(encoding="utf-8"), str(page.relative_to(ROOT)))]


# ---------------------------------------------------------------------------
# Ruleset pages
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("rid", RULESETS)
def test_ruleset_page_shows_every_value_with_its_source_and_origin(rid: str) -> None:
    ruleset = load_ruleset(rid)
    page = docgen.ruleset_page(ruleset, RULESETS)
    library = doc_sources.library([ruleset], "rulesets/sources")
    for section in docgen.sections(ruleset):
        for path, entry in docgen.leaves(ruleset.raw_tables[section], (section,)):
            assert f"``{path[-1]}``" in page or f"``{'.'.join(path[1:])}``" in page, path
            provenance = ruleset.source_of(list(path))
            assert library.provenance(provenance) in page, path
            if provenance.kind == "source" and provenance.text[:3].isdigit():  # a seed: named, linked to its page
                seed = doc_sources.SEEDS[provenance.text[:3]]
                assert f":doc:`{docgen.text(seed.short)} </rulesets/sources/{seed.key}>`" in page, path
            value = entry.get("value")
            assert all(line in page for line in docgen.value_cell(value).splitlines()), (path, value)
    for ancestor in ruleset.ancestry[:-1]:
        assert f"inherited from :doc:`{ancestor}`" in page or "overriding" in page
    assert ruleset.identity in page


def test_a_house_rule_page_says_what_it_overrides_and_what_it_inherits() -> None:
    page = docgen.ruleset_page(load_ruleset("shanghai_1500_no_bank"), RULESETS)
    shanghai = load_ruleset("shanghai")
    assert f"**set here**, overriding ``{shanghai.value('usual_limit')}`` from :doc:`shanghai`" in page
    assert "inherited from :doc:`harbin`" in page
    changes = page.split("What it changes", 1)[1].split("Rules in code", 1)[0]
    assert "``parameters.usual_limit``" in changes and "``parameters.bank.enabled``" in changes
    assert "``parameters.players``" not in changes


def test_a_ruleset_with_code_lists_its_hooks() -> None:
    if "no_chow_from_partner" not in available():
        pytest.fail("install the third-party example: pip install ./plugins/examples/no_chow_from_partner")
    page = docgen.ruleset_page(load_ruleset("no_chow_from_partner"), RULESETS)
    code = page.split("Rules in code", 1)[1].split("Parameters", 1)[0]
    assert ":func:`~mahjong_core.plugin.hookspecs.mahjong_claim_allowed`" in code
    assert "never from the partner's" in code
    data_only = docgen.ruleset_page(load_ruleset("chinese_classical"), RULESETS)
    assert "None: every rule of this ruleset is data" in data_only
    harbin = docgen.ruleset_page(load_ruleset("harbin"), RULESETS).split("Rules in code", 1)[1]
    harbin = harbin.split("Parameters", 1)[0]
    assert ":func:`~mahjong_core.plugin.hookspecs.mahjong_predicates`" in harbin and "beggar" in harbin


def test_any_table_a_ruleset_has_is_rendered_row_by_row(tmp_path: Path) -> None:
    """Tables are rendered generically: a table the generator has never heard of shows every row."""
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nversion: 1.0.0\nname: House\nextends: harbin\n"
                    "doublings:\n  odd_rule:\n    predicate: all_chows\n    value: 3\n    per: hand\n"
                    "    name: An odd rule\n    notes: \"*not* a list | nor markup\"\n"
                    "    assumption: \"- a house rule, written like a list item\"\n", encoding="utf-8")
    ruleset = load_ruleset(path)
    page = docgen.ruleset_page(ruleset, ["harbin"])
    assert "``odd_rule``" in page and "An odd rule" in page and "predicate: ``all_chows``" in page
    assert "\\- a house rule, written like a list item" in page
    assert "\\*not\\* a list \\| nor markup" in page
    comparison = docgen.comparison_page([load_ruleset("harbin"), ruleset])
    assert "An odd rule</th>" in comparison.split(">Doublings</th>", 1)[1]


def test_comparison_has_a_column_per_ruleset_grouped_by_family_and_only_the_rows_that_differ() -> None:
    rulesets = [load_ruleset(rid) for rid in RULESETS]
    page = docgen.comparison_page(rulesets)
    table = page.split(".. raw:: html", 1)[1].split("</table>", 1)[0]
    for rid in RULESETS:
        assert f'href="{rid}.html"' in table
    groups = doc_compare.families(rulesets)
    assert sum(len(members) for _, members in groups) == len(RULESETS)
    for family, members in groups:
        assert f'colspan="{len(members)}" class="mahjong-family-name">{family} scoring</th>' in table
        assert {bind(rs).family.name if bind(rs).family else "no scoring" for rs in members} == {family}
    ids = [rs.id for rs in rulesets]
    rules = doc_compare.rules(rulesets)
    for rule in rules:
        row = f'<th scope="row">{html.escape(rule.label)}</th>'
        assert (row in table) == rule.differs(ids), rule.label
    # every table row of every ruleset is a rule of the comparison, under its table's subject
    keys = {(r.subject, r.key) for r in rules}
    for rs in rulesets:
        for section in docgen.sections(rs):
            if docgen.is_table(rs.raw_tables[section]):
                for row in rs.raw_tables[section].values():
                    assert (docgen.section_title(section), docgen._row_key(row)) in keys, (rs.id, section, row)
    subjects = [r.subject for r in rules]
    assert subjects == sorted(subjects, key=doc_compare._subject_order), "rules are grouped by subject"


def test_comparison_rows_match_each_rulesets_values() -> None:
    rulesets = [load_ruleset(rid) for rid in RULESETS]
    rows = {r.key: r for r in doc_compare.rules(rulesets)}
    for rs in rulesets:
        assert rows["usual_limit"].values[rs.id] == rs.value("usual_limit")
        assert rows["tile_set"].values[rs.id] == len(rs.tile_set())
    assert {"usual_limit", "settlement", "tile_set", "tile_exchange"} <= set(rows)


RIICHI_PRESETS = ["riichi_tenhou", "riichi_ema", "riichi_mahjong_soul", "riichi_mleague", "riichi_wrc"]


def test_the_riichi_presets_are_set_side_by_side_with_only_the_rules_they_differ_in() -> None:
    rulesets = [load_ruleset(rid) for rid in ["harbin", "shanghai", *RIICHI_PRESETS]]
    lines = doc_compare.preset_lines(rulesets)
    assert [[rs.id for rs in line] for line in lines] == [RIICHI_PRESETS]  # harbin has one preset here: no line
    page = docgen.comparison_page(rulesets)
    table = page.split("Riichi (Tenhou ranked, four players) and its presets", 1)[1].split("</table>", 1)[0]
    assert [table.count(f'href="{rid}.html"') for rid in RIICHI_PRESETS] == [1] * 5
    assert 'href="harbin.html"' not in table
    among = doc_compare.rules(lines[0])
    for rule in among:
        assert (f'<th scope="row">{html.escape(rule.label)}</th>' in table) == rule.differs(RIICHI_PRESETS), rule.key
    rows = {r.key: r for r in among}
    assert rows["tile_set.marked"].values == {"riichi_tenhou": 3, "riichi_ema": 0, "riichi_mahjong_soul": 3,
                                              "riichi_mleague": 3, "riichi_wrc": 0}  # the red fives
    assert rows["tile_set"].values["riichi_ema"] == rows["tile_set"].values["riichi_tenhou"] == 136
    assert "swap_calling" in rows and "mahjong-changed" in table  # what a preset changed is highlighted


def test_schema_pages_render_every_definition() -> None:
    files = docgen.schema_files()
    assert {"ruleset.schema.json", "replay.schema.json"} <= set(files)
    for name, source in files.items():
        schema = json.loads(source)
        page = docgen.schema_page(name, source)
        assert schema["$id"] in page
        for key in schema.get("$defs", {}):
            assert f"``{key}``" in page


def test_ruleset_ids_rejects_an_unknown_ruleset() -> None:
    assert docgen.ruleset_ids(None) == list(available())
    assert docgen.ruleset_ids("harbin, piter") == ["harbin", "piter"]
    with pytest.raises(MahjongError, match="no installed ruleset 'nope'"):
        docgen.ruleset_ids(["harbin", "nope"])


# ---------------------------------------------------------------------------
# Worked examples
# ---------------------------------------------------------------------------


def test_the_docs_have_worked_examples_and_some_are_scored() -> None:
    assert len(EXAMPLES) >= 6
    assert any(e.ruleset and "score" in (e.expect or {}) for e in EXAMPLES)


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: f"{e.where}:{e.hand}")
def test_worked_example_holds(example: doc_examples.HandExample) -> None:
    result = doc_examples.evaluate_example(example)
    assert result.problems == [], f"{example.where}: " + "; ".join(result.problems or [])
    if "score" in (example.expect or {}):
        assert result.score is not None and result.score.items


@pytest.mark.parametrize(("expect", "complaint"), [
    ({"arrangements": "1"}, "arrangements: the page says '1', the code gives '2'"),
    ({"complete": "no"}, "complete: the page says 'no'"),
    ({"waits": "1m"}, "a 14-tile hand has no waits"),
    ({"score": "10"}, "a score needs :ruleset:"),
    ({"colour": "red"}, "unknown expectation"),
])
def test_a_wrong_example_is_reported(expect: dict[str, str], complaint: str) -> None:
    result = doc_examples.evaluate_example(doc_examples.HandExample("111222333m789p5s +5s", expect=expect))
    assert any(complaint in p for p in result.problems or []), result.problems


def test_a_wrong_score_is_reported() -> None:
    scored = next(e for e in EXAMPLES if e.ruleset and "score" in (e.expect or {}))
    wrong = doc_examples.HandExample(scored.hand, scored.ruleset, scored.situation,
                                     {"score": str(int(scored.expect["score"]) + 1)})
    (problem,) = doc_examples.evaluate_example(wrong).problems
    assert problem.startswith("score: the page says")


def test_an_unreadable_hand_is_reported() -> None:
    result = doc_examples.evaluate_example(doc_examples.HandExample("123x", expect={"complete": "yes"}))
    assert result.problems and "cannot be read" in result.problems[0]


def test_situation_facts_fill_an_ordinary_win_and_take_what_is_named() -> None:
    hand: Any = type("H", (), {"winning_tile": 4})()
    plain = doc_examples.situation_facts("", hand)
    assert plain["how"] == "discard" and not plain["self_drawn"] and plain["seat_wind"] == 27 and plain["dealer"]
    named = doc_examples.situation_facts("self_drawn, seat_wind=S, tiles_left=0", hand)
    assert named["how"] == "self_drawn" and named["seat_wind"] == 28 and not named["dealer"] and named["last_tile"]
    with pytest.raises(MahjongError, match="a wind is one of"):
        doc_examples.situation_facts("seat_wind=X", hand)


def test_a_wrong_example_fails_the_sphinx_build(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    (src / "conf.py").write_text("extensions = ['mahjong_docs.sphinx_ext']\nmahjong_rulesets = ['harbin']\n",
                                 encoding="utf-8")
    (src / "index.rst").write_text("Hands\n=====\n\n.. toctree::\n\n   rulesets/index\n   schemas/index\n\n"
                                   ".. mahjong-hand:: 111222333m789p5s +5s\n   :arrangements: 1\n",
                                   encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(src),
                             str(tmp_path / "out")], capture_output=True, text=True, timeout=300)
    assert result.returncode != 0
    assert "index.rst:9" in result.stderr and "the page says '1', the code gives '2'" in result.stderr


# ---------------------------------------------------------------------------
# The built docs
# ---------------------------------------------------------------------------


def test_every_installed_ruleset_has_a_built_page_and_a_comparison_column(html: Path) -> None:
    comparison = (html / "rulesets" / "comparison.html").read_text(encoding="utf-8")
    for rid in RULESETS:
        page = (html / "rulesets" / f"{rid}.html").read_text(encoding="utf-8")
        assert load_ruleset(rid).sha256 in page
        assert f'href="{rid}.html"' in comparison


def test_built_docs_link_the_guides_specs_and_schemas(html: Path) -> None:
    index = (html / "index.html").read_text(encoding="utf-8")
    for page in ("house-rules.html", "examples.html", "conformance.html", "replay-format.html", "prng.html",
                 "schemas/index.html", "rulesets/index.html", "hooks.html"):
        assert f'href="{page}' in index, page
    assert "furo" in index


def test_mahjong_docs_builds_a_site_for_the_rulesets_asked_for(tmp_path: Path) -> None:
    index = build(tmp_path / "site", ["shanghai_1500_no_bank"], title="Our club")
    assert index == tmp_path / "site" / "index.html" and index.exists()
    pages = {p.name for p in (tmp_path / "site" / "rulesets").glob("*.html")}
    assert pages == {"index.html", "comparison.html", "shanghai_1500_no_bank.html"}
    assert {p.name for p in (tmp_path / "site" / "rulesets" / "sources").glob("*.html")} == {"index.html", "000.html"}
    page = (tmp_path / "site" / "rulesets" / "shanghai_1500_no_bank.html").read_text(encoding="utf-8")
    assert "1500" in page and "Our club" in page
    assert not (tmp_path / "site" / "hooks.html").exists() and not (tmp_path / "site" / "schemas").exists()
    assert "Rules in code" not in page and "mahjong_core.plugin.hookspecs" not in page
    build(tmp_path / "reference", ["shanghai_1500_no_bank"], title="Our club", reference=True)
    assert (tmp_path / "reference" / "hooks.html").exists() and (tmp_path / "reference" / "schemas").is_dir()
    assert "Rules in code" in (tmp_path / "reference" / "rulesets" / "shanghai_1500_no_bank.html").read_text()
    with pytest.raises(MahjongError, match="no installed ruleset"):
        build(tmp_path / "other", ["no_such_rules"])


def test_a_ruleset_page_names_the_plugins_its_games_use() -> None:
    piter = docgen.ruleset_page(load_ruleset("piter"), RULESETS).split("Plugins its games use", 1)[1]
    piter = piter.split("Rules in code", 1)[0]
    for plugin in ("scoring family ``classical``", "mechanism ``chow_pause``", "mechanism ``pair_play``",
                   "claim_priority <mahjong_core.plugin.hookspecs.mahjong_claim_priority>"):
        assert plugin in piter, plugin
    mcr = docgen.ruleset_page(load_ruleset("mcr"), RULESETS).split("Plugins its games use", 1)[1]
    mcr = mcr.split("Rules in code", 1)[0]
    assert "scoring family ``mcr``" in mcr and "settlement ``sport``" in mcr and "``tile_exchange``" not in mcr


# ---------------------------------------------------------------------------
# What the pages say of a hand is what the hand holds
# ---------------------------------------------------------------------------


def _lead_ins(page: Path) -> list[tuple[str, str, str]]:
    """Each worked example's hand with the paragraph that introduces it: (where, hand, paragraph)."""
    lines = page.read_text(encoding="utf-8").splitlines()
    out = []
    for i, line in enumerate(lines):
        if line.startswith(".. mahjong-hand::"):
            j = i - 1
            while j >= 0 and not lines[j].strip():
                j -= 1
            paragraph: list[str] = []
            while j >= 0 and lines[j].strip() and not lines[j].startswith((" ", "..")):
                paragraph.insert(0, lines[j])
                j -= 1
            out.append((f"{page.name}:{i + 1}", line.split("::", 1)[1].strip(), " ".join(paragraph)))
    return out


LEAD_INS = [lead for page in sorted(DOCS.glob("*.rst")) for lead in _lead_ins(page)]


def test_the_worked_examples_have_lead_ins_to_check() -> None:
    assert len(LEAD_INS) >= 10 and any("white dragons" in text for _, _, text in LEAD_INS)


@pytest.mark.parametrize(("where", "notation", "lead_in"), LEAD_INS, ids=[w for w, _, _ in LEAD_INS])
def test_the_paragraph_before_a_worked_example_names_only_what_the_hand_holds(where: str, notation: str,
                                                                               lead_in: str) -> None:
    from mahjong_core.hand.notation import parse_hand
    from mahjong_docs.hands import caption_problems

    assert caption_problems(lead_in, parse_hand(notation)) == [], where


def _notation_rows() -> list[tuple[str, str]]:
    import re

    text = (DOCS / "notation.rst").read_text(encoding="utf-8")
    return re.findall(r"^   \* - ``([^`]+)``\n     - (.+)$", text, re.MULTILINE)


def test_the_notation_page_is_written_and_covers_every_mark() -> None:
    rows = _notation_rows()
    written = " ".join(w for w, _ in rows)
    assert len(rows) >= 20
    for mark in ("m", "p", "s", "z", "f", "y", "[", "<", "^", ">", "+", "!", "(", "Wh"):
        assert mark in written, mark
    meanings = dict(rows)
    assert meanings["5z"] == "the white dragon" and meanings["7z"] == "the red dragon"


@pytest.mark.parametrize(("written", "meaning"), _notation_rows(), ids=[w for w, _ in _notation_rows()])
def test_every_example_of_the_notation_page_reads_as_the_page_says(written: str, meaning: str) -> None:
    """A hand the page shows parses to what its second column says; an error it shows is the parser's own."""
    from mahjong_core.hand.notation import format_hand, parse_hand
    from mahjong_docs.hands import caption_problems

    if meaning.startswith("``"):  # the errors table: the parser's message, place first
        with pytest.raises(MahjongError) as refused:
            parse_hand(written)
        assert str(refused.value).endswith("::" + meaning.strip("`")), str(refused.value)
        return
    hand = parse_hand(written)
    how = "self_drawn" if "self_drawn" in hand.situations else None
    assert caption_problems(meaning, hand, how) == []
    assert parse_hand(format_hand(hand)) == hand
    if "claimed from" in meaning:
        assert hand.melds and all(m.claimed_from is not None for m in hand.melds)
    if "concealed kong" in meaning:
        assert [m.kind for m in hand.melds if not m.exposed] == ["kong"]
