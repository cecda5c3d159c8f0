"""A club's site (``mahjong docs --title --intro --ruleset``): its pages as text, and as Debian's chromium shows them.

One site is built for the module (five rulesets, one of them a house-rule
file; a few seconds).  The text checks read the prose, the sources, the
comparison and the example hands against the rule data and the scoring
code; the browser checks render every page at 1280 px and find that none
scrolls sideways and that every tile picture is at least as tall as the body
text, saving screenshots in tests/artifacts/.  The tile pictures drawn by the
live client's own script in the browser are compared with those the pages
carry, element by element.
"""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from mahjong_core.cli import main
from mahjong_core.errors import MahjongError
from mahjong_core.hand.tiles import KINDS
from mahjong_core.rules import available, load_ruleset
from mahjong_docs import compare, hands, prose, sources, tiles
from mahjong_docs.build import build

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
HOUSE_RULE = ROOT / "plugins" / "examples" / "shanghai_1500_no_bank" / "ruleset.yaml"
RULESETS = ["shanghai", "orsk", str(HOUSE_RULE), "hongkong", "mcr"]
INTRO = """\
# The Thursday Club

We play **Shanghai**, and Orsk when someone asks for the Charleston.
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("club-site")
    intro = folder / "intro.md"
    intro.write_text(INTRO, encoding="utf-8")
    seen: list[tuple[int, int, str]] = []
    index = build(folder / "html", RULESETS, title="Thursday Club rules", intro=intro,
                  progress=lambda done, total, what: seen.append((done, total, what)))
    assert seen and seen[-1][0] == seen[-1][1], "the progress reaches its total"
    assert any(what.startswith("writing rulesets/") for _, _, what in seen)
    return index.parent


def pages_of(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "_static" not in p.parts
                  and p.name not in ("search.html", "genindex.html"))


# ---------------------------------------------------------------------------
# What the site holds
# ---------------------------------------------------------------------------


def test_the_site_is_a_players_site_with_the_clubs_title_and_introduction(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "The Thursday Club" in index and "Orsk when someone asks for the Charleston" in index
    assert 'class="sidebar-brand-text">Thursday Club rules</' in index
    names = {p.relative_to(site).as_posix() for p in pages_of(site)}
    assert {"index.html", "rulesets/comparison.html", "rulesets/orsk.html", "rulesets/shanghai_1500_no_bank.html",
            "rulesets/sources/index.html", "rulesets/sources/000.html",
            "rulesets/pairs/orsk-against-shanghai.html"} <= names
    assert not (site / "hooks.html").exists() and not (site / "schemas").exists()
    for page in pages_of(site):
        text = page.read_text(encoding="utf-8")
        assert "hookspecs" not in text and "Rules in code" not in text, page


def test_no_page_has_an_empty_copyright_line(site: Path) -> None:
    """The club names no holder, so the footer claims none (it read "Copyright ©" and nothing after it)."""
    for page in pages_of(site):
        text = page.read_text(encoding="utf-8")
        assert 'class="copyright"' not in text and "Copyright &#169;" not in text and "&copy;" not in text, page


def test_each_ruleset_page_opens_with_how_a_deal_goes_then_tables_then_examples(site: Path) -> None:
    for rid in ("shanghai", "orsk", "shanghai_1500_no_bank", "hongkong", "mcr"):
        page = (site / "rulesets" / f"{rid}.html").read_text(encoding="utf-8")
        deal, tables, examples = (page.index(f'id="{anchor}"') for anchor in
                                  ("how-a-deal-goes", "parameters", "example-hands"))
        assert deal < tables < examples, rid
        assert page.count('<svg xmlns="http://www.w3.org/2000/svg"') >= 14, rid


def test_the_prose_states_the_data_and_cites_every_value() -> None:
    house = load_ruleset(HOUSE_RULE)
    lib = sources.library([house], "rulesets/sources")
    text = prose.how_a_deal_goes(house, lib)
    assert "The usual limit is 1500" in text and "is paid at most 1500, and so is a losing hand" in text
    assert "The limit hands below are not cut by it: each is paid its own value, from 1000 to 5000." in text
    assert "bank" not in text.split("**Settlement.**", 1)[1].split("**", 1)[0]  # the house rule has no bank
    refs = re.findall(r"\[#(src\d+)\]_", text)
    notes = dict(re.findall(r"^\.\. \[#(src\d+)\] (.+)$", text, re.MULTILINE))
    assert refs and set(refs) == set(notes), "every footnote is cited and every citation has its footnote"
    assert "*assumption:* example house rule" in notes.values()  # the 1500 limit's own reason
    assert any("Eight rule sets </rulesets/sources/000>`, line 308" in n for n in notes.values())  # 4 players
    mcr = prose.how_a_deal_goes(load_ruleset("mcr"), lib)
    assert "A mahjong needs at least 8 points, not counting bonus tiles" in mcr
    assert "10 seconds for each move, 3 seconds to claim a discard and 150 minutes for a game" in mcr
    assert "Each loser pays the winner 8 points" in mcr
    piter = prose.how_a_deal_goes(load_ruleset("piter"), lib)
    assert "partners exchange 2 tiles face down" in piter and "pause of 5 to 7 seconds" in piter
    assert "Piter rules </rulesets/sources/003>`" in piter
    orsk = prose.how_a_deal_goes(load_ruleset("orsk"), lib)
    assert "Charleston: 3 to the right, 3 across then 3 to the left" in orsk


@pytest.mark.parametrize("rid", sorted(available()))
def test_the_prose_says_every_parameter_of_every_ruleset(rid: str) -> None:
    """Each top-level parameter is read by a sentence, or stated under "Other rules": none goes unsaid."""
    ruleset = load_ruleset(rid)
    writer = prose.Writer(ruleset, prose.Footnotes(sources.library([ruleset], "rulesets/sources")))
    for _title, write in prose.SUBJECTS:
        write(writer)
    said_elsewhere = set(writer.read)
    others = prose.other_rules(writer)
    assert set(ruleset.raw_tables["parameters"]) - prose.UNSAID <= writer.read
    assert len(others) == len(set(ruleset.raw_tables["parameters"]) - prose.UNSAID - said_elsewhere)
    if rid == "no_chow_from_partner":  # a third party's parameter, which no sentence knows
        assert others and others[0].startswith("X chow from: opponents")


def test_a_changed_value_changes_the_prose(tmp_path: Path) -> None:
    """The prose is written from the data: a house rule's new values are what its page says."""
    path = tmp_path / "house.yaml"
    path.write_text("id: house\nversion: 1.0.0\nname: House\nextends: hongkong\n"
                    "sources:\n  minutes: {title: Club minutes, edition: '2026-03', url: 'https://example.org/m'}\n"
                    "parameters:\n  exhaustive_draw_tiles_left: {value: 16, source: minutes section 2}\n"
                    "  east_pays_double: {value: true, source: minutes section 3}\n", encoding="utf-8")
    house = load_ruleset(path)
    lib = sources.library([house], "rulesets/sources")
    text = prose.how_a_deal_goes(house, lib)
    assert "The deal is drawn when 16 tiles are left in the wall" in text
    assert "East pays and receives double" in text
    assert ":doc:`Club minutes </rulesets/sources/minutes>`, section 2" in text
    page = sources.document_page(lib.documents["minutes"], [house], ["house"])
    assert "Club minutes" in page and "2026-03" in page and "https://example.org/m" in page
    assert "``parameters.exhaustive_draw_tiles_left``" in page and "section 2" in page


def test_two_house_rules_may_name_different_documents_by_one_key(tmp_path: Path) -> None:
    rulesets = []
    for name, title in (("north", "North minutes"), ("south", "South minutes")):
        path = tmp_path / f"{name}.yaml"
        path.write_text(f"id: {name}\nversion: 1.0.0\nname: {name}\nextends: harbin\n"
                        f"sources:\n  minutes: {{title: {title}}}\n"
                        f"parameters:\n  usual_limit: {{value: 600, source: minutes page 1}}\n", encoding="utf-8")
        rulesets.append(load_ruleset(path))
    lib = sources.library(rulesets, "rulesets/sources")
    north, south = (lib.provenance(rs.source_of("usual_limit")) for rs in rulesets)
    assert north == ":doc:`North minutes </rulesets/sources/minutes>`, page 1"
    assert south == ":doc:`South minutes </rulesets/sources/south-minutes>`, page 1"
    assert sources.used_documents(lib, rulesets) == ["000", "minutes", "south-minutes"]
    page = sources.document_page(lib.documents["south-minutes"], rulesets, ["north", "south"])
    assert "South minutes" in page and "``parameters.usual_limit``" in page and "North" not in page


def test_the_seed_pages_name_the_documents_and_list_what_cites_them(site: Path) -> None:
    index = (site / "rulesets" / "sources" / "index.html").read_text(encoding="utf-8")
    assert sources.SEEDS["000"].title in index
    seed = (site / "rulesets" / "sources" / "000.html").read_text(encoding="utf-8")
    assert "Полный комплект Маджана" in seed and "Harbin, Shanghai, Orsk" in seed
    assert "parameters.usual_limit" in seed and "line 346" in seed
    orsk = (site / "rulesets" / "orsk.html").read_text(encoding="utf-8")
    assert '<a class="reference internal" href="sources/000.html"><span class="doc">Eight rule sets</span></a>' in orsk
    assert '<span class="doc">Eight rule sets</span></a>, line 346' in orsk  # the usual limit, in a footnote


def test_related_pairs_come_from_the_extends_chain() -> None:
    ids = ["harbin", "shanghai", "orsk", "hongkong", "hongkong_plus", "mcr"]
    pairs = [(a.id, b.id) for a, b in compare.related_pairs([load_ruleset(r) for r in ids])]
    assert pairs == [("harbin", "shanghai"), ("shanghai", "orsk"), ("hongkong", "hongkong_plus")]
    # without Shanghai documented, Orsk is compared with the nearest documented ancestor
    assert [(a.id, b.id) for a, b in compare.related_pairs([load_ruleset("harbin"), load_ruleset("orsk")])] == [
        ("harbin", "orsk")]


def test_the_pair_page_lists_exactly_the_rules_that_differ_with_both_sources() -> None:
    shanghai, orsk = load_ruleset("shanghai"), load_ruleset("orsk")
    lib = sources.library([shanghai, orsk], "rulesets/sources")
    page = compare.pair_page(shanghai, orsk, lib)
    assert "\nOrsk against Shanghai\n=====" in page
    assert "1 rule differs" in page and "tile exchange" in page and "charleston" in page
    assert lib.provenance(shanghai.source_of("tile_exchange")) in page
    assert lib.provenance(orsk.source_of("tile_exchange")) in page
    house = compare.pair_page(shanghai, load_ruleset(HOUSE_RULE), lib)
    assert "2 rules differ" in house and "usual limit" in house and "bank: enabled" in house


def test_example_hands_are_scored_as_mahjong_score_scores_them(capsys: pytest.CaptureFixture[str]) -> None:
    for rid in ("shanghai", "hongkong", "mcr", "piter"):
        ruleset = load_ruleset(rid)
        picked = hands.pick_examples(ruleset)
        assert 2 <= len(picked) <= 3, rid
        for example in picked:
            assert main(["score", "--ruleset", rid, "--json", example.notation]) == 0
            result = json.loads(capsys.readouterr().out)
            assert result["score"]["value"] == example.total, (rid, example.notation)
            assert [i["name"] for i in result["score"]["items"]] == [
                i.name for i in example.scored.score.items], (rid, example.notation)
            assert result.get("minimum", {"met": True})["met"] and example.met_minimum
    mcr = hands.pick_examples(load_ruleset("mcr"))
    assert all(e.total >= 8 for e in mcr), "an MCR example reaches the 8-point minimum"
    assert any(e.limit for e in hands.pick_examples(load_ruleset("shanghai")))


def _page_examples(section: str) -> list[tuple[str, str]]:
    """Each example of a ruleset page's "Example hands" section: (its caption, its hand in the notation)."""
    found = re.findall(r"^(.+)\n~+\n\n\.\. raw:: html\n\n.*\n\n``([^`]+)``: ", section, re.MULTILINE)
    return [(caption.replace("\\", ""), notation) for caption, notation in found]


@pytest.mark.parametrize("rid", sorted(available()))
def test_every_example_hands_caption_says_what_the_hand_holds(rid: str) -> None:
    """Read back from the page: each tile the caption names, each meld, its seat and the winning tile."""
    from mahjong_core.hand.notation import parse_hand

    ruleset = load_ruleset(rid)
    section = hands.examples_rst(ruleset, sources.library([ruleset], "rulesets/sources"))
    found = _page_examples(section)
    assert len(found) == len(hands.pick_examples(ruleset)), rid
    for caption, notation in found:
        hand = parse_hand(notation)
        how = "self_drawn" if "self_drawn" in hand.situations else "discard"
        assert hands.caption_problems(caption, hand, how) == [], (rid, caption, notation)
        assert ("the rest concealed" in caption) == bool(hand.melds), caption
        assert ("all concealed" in caption.lower()) == (not hand.melds), caption
        assert f"with the {KINDS[hand.winning_tile].name}" in caption, caption


def test_a_caption_that_misnames_the_hand_is_caught() -> None:
    from mahjong_core.hand.notation import parse_hand

    hand = parse_hand("234p345s666m7z [555z<] +7z")
    assert hands.caption_problems("A claimed pung of red dragons, won on a discard", hand, "discard") == [
        "'claimed pung of red dragons': the hand has no such exposed pung"]
    assert hands.caption_problems("An exposed pung of white dragons claimed from across", hand) == [
        "'exposed pung of white dragons claimed from across': the hand's pung was claimed from elsewhere"]
    assert hands.caption_problems("Self-drawn with the green dragon", hand, "discard") == [
        "names the green dragon, which the hand does not hold",
        "names the winning tile 'green dragon'; the hand's is red dragon",
        "says self-drawn; the hand was won on a discard"]
    assert hands.caption_problems(hands.caption(hand, "discard"), hand, "discard") == []


def test_example_hands_draw_every_tile_of_the_hand(site: Path) -> None:
    page = (site / "rulesets" / "hongkong.html").read_text(encoding="utf-8")
    example = hands.pick_examples(load_ruleset("hongkong"))[0]
    hand = example.scored.hand
    tiles_of_hand = [*hand.concealed, *(t for m in hand.melds for t in m.tiles), hand.winning_tile]
    block = page.split('class="mahjong-tiles"', 1)[1].split("</div>", 1)[0]
    assert re.findall(r'aria-label="([^"]+)"', block) == [KINDS[t].name for t in tiles_of_hand]


# ---------------------------------------------------------------------------
# The tile pictures are the live client's
# ---------------------------------------------------------------------------


def test_the_pictures_are_read_from_the_live_clients_script() -> None:
    data = tiles.pictures()
    # The standard kinds and those a tile set adds (red fives, the animals, the joker: docs/notation.rst).
    assert set(data["faces"]) == {k.code for k in KINDS} | {"0m", "0p", "0s", "1a", "2a", "3a", "4a", "1j"}
    svg = tiles.tile_svg("5p", "5 dots")
    assert svg.count("<circle") == 10 and 'aria-label="5 dots"' in svg and "<title>5 dots</title>" in svg
    with pytest.raises(MahjongError, match="no tile pictures"):
        tiles.read_pictures("const PICTURES = {};", "broken.js")
    with pytest.raises(MahjongError, match="not JSON"):
        tiles.read_pictures(tiles.BEGIN + "{nope" + tiles.END, "broken.js")


def test_no_tile_needs_a_chinese_font_to_be_read() -> None:
    """A viewer without a CJK font sees every tile's characters: they are outlines; text is Latin only."""
    import unicodedata

    data = tiles.pictures()
    drawn = set()
    for code, elements in data["faces"].items():
        for e in elements:
            if e["el"] == "text":
                assert all(unicodedata.east_asian_width(ch) not in ("W", "F") for ch in e["t"]), (code, e["t"])
            if "glyph" in e:
                assert e["el"] == "path" and e["a"]["d"].startswith("M") and e["a"]["fill"].startswith("#")
                drawn.add(e["glyph"]["t"])
    assert drawn == set("一二三四五六七八九萬東南西北中發")
    five = tiles.tile_svg("5m", "5 characters")
    assert five.count("<path") == 2 and "<text" not in five


def _tree(markup: str) -> Any:
    def strip(tag: str) -> str:
        return tag.split("}", 1)[-1]

    def walk(node: ET.Element) -> Any:
        attrs = {strip(k): v for k, v in node.attrib.items() if k != "xmlns"}
        return (strip(node.tag), sorted(attrs.items()), (node.text or "").strip(), [walk(c) for c in node])

    return walk(ET.fromstring(markup))


def test_the_client_draws_the_same_svg_as_the_pages(browser: Any) -> None:
    page = browser.new_page()
    page.set_content("<!doctype html><html><body></body></html>")
    page.add_script_tag(path=str(ROOT / "mahjong_server" / "static" / "tiles.js"))
    names = {k.code: k.name for k in KINDS}
    # A client tile uses its picture (drawn once in the page's sprite): put the picture's elements in its place.
    drawn = page.evaluate("""names => Object.fromEntries([...Object.keys(names), '?'].map((c) => {
        const svg = window.MahjongTiles.tileSvg(c, names), use = svg.querySelector('use');
        use.replaceWith(...[...document.querySelector(use.getAttribute('href')).childNodes]
          .map((n) => n.cloneNode(true)));
        return [c, new XMLSerializer().serializeToString(svg)];
    }))""", names)
    page.close()
    for code, markup in drawn.items():
        label = names.get(code, "a concealed tile")
        ours = _tree(tiles.tile_svg(code, label))
        theirs = _tree(markup)
        # the client marks its tiles for its own stylesheet; the rest is element for element the same
        assert ours[3] == theirs[3], code
        assert dict(ours[1]) | {"class": "tile"} == dict(theirs[1]) | {"class": "tile"}, code


# ---------------------------------------------------------------------------
# The site in a browser
# ---------------------------------------------------------------------------


def test_no_page_scrolls_sideways_and_tiles_are_at_least_text_size(site: Path, browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    measured = []
    for path in pages_of(site):
        page.goto(path.as_uri())
        m = page.evaluate("""() => {
            const d = document.documentElement;
            const body = parseFloat(getComputedStyle(document.body).fontSize);
            const tiles = [...document.querySelectorAll('svg.tile')].map(t => t.getBoundingClientRect().height);
            return {scroll: d.scrollWidth, client: d.clientWidth, body, tiles};
        }""")
        name = path.relative_to(site).as_posix().removesuffix(".html").replace("/", "-")
        page.screenshot(path=str(ARTIFACTS / f"club-site-{name}.png"))
        if m["tiles"]:
            page.locator("section#example-hands").first.scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / f"club-site-{name}-examples.png"))
        measured.append((name, m))
        assert m["scroll"] <= m["client"], f"{name} scrolls sideways: {m['scroll']} > {m['client']}"
        assert all(h >= m["body"] for h in m["tiles"]), f"{name}: a tile smaller than the {m['body']}px text"
    page.close()
    assert not errors
    with_tiles = [name for name, m in measured if m["tiles"]]
    assert set(with_tiles) >= {"rulesets-shanghai", "rulesets-orsk", "rulesets-hongkong", "rulesets-mcr"}


#: Every word of plain text in a rule table that the browser laid out over two lines ("poin / ts").
BROKEN_WORDS = """() => {
  const broken = [];
  for (const cell of document.querySelectorAll('article table.docutils td, article table.docutils th')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (node.parentElement.closest('code, pre, svg')) continue;
      for (const m of node.data.matchAll(/[A-Za-z]{2,}/g)) {
        const r = document.createRange();
        r.setStart(node, m.index);
        r.setEnd(node, m.index + m[0].length);
        const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
        if (tops.size > 1) broken.push(m[0]);
      }
    }
  }
  return broken;
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_no_rule_table_breaks_a_word_in_two(site: Path, browser: Any, width: int) -> None:
    """On a phone a narrow column once read "inherit / ed from harbi / n": a table now scrolls in its box instead."""
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": width, "height": 900})
    checked = 0
    for path in sorted((site / "rulesets").glob("*.html")):
        page.goto(path.as_uri())
        checked += page.evaluate("document.querySelectorAll('article table.docutils td').length")
        assert page.evaluate(BROKEN_WORDS) == [], f"{path.name} at {width} px"
        scroll, client = page.evaluate("() => [document.documentElement.scrollWidth, "
                                       "document.documentElement.clientWidth]")
        assert scroll <= client, f"{path.name} scrolls sideways at {width} px: {scroll} > {client}"
    page.goto((site / "rulesets" / "shanghai.html").as_uri())
    page.locator("section#parameters").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"club-site-shanghai-tables-{width}.png"))
    page.close()
    assert checked > 100


def test_the_comparison_shows_every_ruleset_within_the_page(site: Path, browser: Any) -> None:
    """At 1280 px the comparison of five rulesets fits its box: no column is cut off, nothing scrolls; nor does
    the table of a ruleset and its presets after it (Shanghai with Orsk and the 1500-point example)."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((site / "rulesets" / "comparison.html").as_uri())
    boxes = page.evaluate("""() => [...document.querySelectorAll('.mahjong-compare-wrap')].map(w => (
        {scroll: w.scrollWidth, client: w.clientWidth,
         columns: w.querySelectorAll('table.mahjong-compare thead th.mahjong-ruleset').length}))""")
    page.screenshot(path=str(ARTIFACTS / "club-site-comparison-table.png"))
    page.close()
    assert boxes[0]["columns"] == len(RULESETS)
    assert [box["columns"] for box in boxes[1:]] == [3]  # shanghai and its two presets
    for box in boxes:
        assert box["scroll"] <= box["client"], box


def test_the_projects_own_rule_pages_do_not_scroll_sideways_either(html: Path, browser: Any) -> None:
    """The project's docs document every installed ruleset: the comparison's fifteen columns scroll in their own
    box, with the rule names kept in view, and the page itself stays 1280 px wide."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    for path in sorted((html / "rulesets").glob("*.html")):
        page.goto(path.as_uri())
        scroll, client = page.evaluate("() => [document.documentElement.scrollWidth, "
                                       "document.documentElement.clientWidth]")
        assert scroll <= client, f"{path.name} scrolls sideways: {scroll} > {client}"
    page.goto((html / "rulesets" / "comparison.html").as_uri())
    page.screenshot(path=str(ARTIFACTS / "project-docs-comparison.png"))
    sticky = page.evaluate("getComputedStyle(document.querySelector('table.mahjong-compare tbody th[scope=row]'))"
                           ".position")
    page.close()
    assert sticky == "sticky"


# ---------------------------------------------------------------------------
# The command
# ---------------------------------------------------------------------------


def test_the_command_names_a_bad_introduction(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.md"
    assert main(["docs", "--ruleset", "harbin", "--intro", str(missing), "--out", str(tmp_path / "o")]) != 0
    err = capsys.readouterr().err
    assert str(missing) in err and "--intro" in err and "Traceback" not in err
    odd = tmp_path / "intro.txt"
    odd.write_text("hello", encoding="utf-8")
    assert main(["docs", "--ruleset", "harbin", "--intro", str(odd), "--out", str(tmp_path / "o")]) != 0
    assert "expected a Markdown (.md) or reStructuredText (.rst) file, got '.txt'" in capsys.readouterr().err
