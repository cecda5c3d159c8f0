"""The score-entry page in a real browser: Debian's chromium driven by Playwright for Python.

A referee types the first deal of the worked classical sheet
(``replays/sheets/chinese_classical.yaml``) with one hand value written wrong,
sees every hand scored and the wrong figure highlighted with the rules' value,
reloads the page in the middle and finds everything typed still there, sees a
hand that does not parse named beside its field, corrects the figure, saves,
and ``mahjong audit`` passes the saved file.  The page must fit a phone held
upright (390x844) without sideways scrolling.  Screenshots go to
tests/artifacts/.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from live_server import ARTIFACTS, running

from mahjong_core.rules.document import parse_yaml_mapping

SHEET = Path(__file__).resolve().parents[2] / "replays" / "sheets" / "chinese_classical.yaml"


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def _checked(page: Any) -> None:
    """Until the page has the server's answer to what was typed last (the check runs after a pause)."""
    page.wait_for_function("() => { const v = document.getElementById('verdict').textContent;"
                           " return v && v !== 'checking…'; }", timeout=15_000)


def _enter_deal(page: Any, deal: dict[str, Any], players: list[str], values: dict[str, int]) -> None:
    card = page.locator('.deal[data-deal="1"]')
    card.locator("select").nth(1).select_option(label=deal["winner"])
    card.locator("select").nth(2).select_option(label=deal["from"])
    for seat, name in enumerate(players):
        card.locator(f'input[data-field=hands][data-player="{seat}"]').fill(deal["hands"][name])
        if name in deal["calling"]:
            card.locator(f'.seat-entry[data-player="{seat}"] input[type=checkbox]').check()
        for key in ("net", "totals"):
            card.locator(f'input[data-field={key}][data-player="{seat}"]').fill(str(deal[key][name]))
        card.locator(f'input[data-field=values][data-player="{seat}"]').fill(str(values[name]))
    card.locator("textarea").fill("\n".join(deal["payments"]))


def test_a_referee_enters_a_deal_sees_it_checked_fixes_it_and_saves_a_sheet_that_audits(tmp_path: Path,
                                                                                          browser: Any) -> None:
    written = parse_yaml_mapping(SHEET.read_text(encoding="utf-8"), str(SHEET), expected="a score sheet")
    players, deal = written["players"], written["deals"][0]
    with running(tmp_path / "data") as server:
        context = browser.new_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(server.url + "/scores")
        page.wait_for_selector('#ruleset option[value=chinese_classical]', state="attached")
        page.select_option("#ruleset", "chinese_classical")
        # The form takes the ruleset's shape when its fields come back; typing starts once it has.
        page.wait_for_selector("#deals[data-fields-for=chinese_classical]", state="attached", timeout=15_000)
        for seat, name in enumerate(players):
            page.fill(f'input[data-field=players][data-item="{seat}"]', name)
        page.fill("#title", written["title"])
        page.fill("#date", written["date"])
        _enter_deal(page, deal, players, {**deal["values"], "Boris": 30})
        _checked(page)

        # Each hand scored by the rules, and the one wrong figure highlighted with the rules' value.
        card = page.locator('.deal[data-deal="1"]')
        boris = card.locator('.mark[data-field=values][data-player="1"]')
        assert boris.inner_text() == "rules: 60" and "bad" in (boris.get_attribute("class") or "")
        assert "wrong" in (card.locator('input[data-field=values][data-player="1"]').get_attribute("class") or "")
        assert card.locator('.mark[data-field=values][data-player="0"]').inner_text() == "✓"
        assert card.locator(".differences").inner_text().startswith("Boris: the sheet values the hand at 30, the "
                                                                     "rules at 60")
        rules = card.locator(".rules").inner_text()
        assert "Boris 60" in rules and "Pong of dragons" in rules and "Anna → Boris 120 (mahjong)" in rules
        assert card.locator(".east").inner_text() == "East: Anna, round E"
        assert page.inner_text("#verdict") == "1 figure of the sheet differs from the rules"
        assert page.inner_text("#running tbody") == "after deal 1\t-156\t+240\t-46\t-38"
        _shot(page, "score-entry-wrong-figure.png")

        # A reload in the middle of the entry loses nothing: every field is as typed, and checked again.
        fields = "() => [...document.querySelectorAll('input, select, textarea')].map(e => e.type === 'checkbox' " \
                 "? e.checked : e.value)"
        before = page.evaluate(fields)
        page.reload()
        page.wait_for_selector('.deal[data-deal="1"] .mark.bad', timeout=15_000)
        assert page.evaluate(fields) == before
        assert card.locator('.mark[data-field=values][data-player="1"]').inner_text() == "rules: 60"

        # A hand that does not parse is named beside its field as it is typed.
        page.click("#add-deal")
        second = page.locator('.deal[data-deal="2"]')
        second.locator('input[data-field=hands][data-player="0"]').fill("123m45xp")
        mark = second.locator('.mark[data-field=hands][data-player="0"]')
        mark.wait_for(state="visible", timeout=15_000)
        page.wait_for_function("() => document.querySelector('.deal[data-deal=\"2\"] "
                               ".mark[data-field=hands][data-player=\"0\"]').textContent.includes('suit letter')",
                               timeout=15_000)
        assert mark.inner_text().startswith("Anna's hand: expected a suit letter")
        _shot(page, "score-entry-bad-hand.png")

        # The page fits a phone held upright.
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(200)
        width = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
        _shot(page, "score-entry-phone.png")
        page.set_viewport_size({"width": 1280, "height": 900})

        # Corrected and saved: the saved sheet is the YAML mahjong audit reads, and it passes.
        page.click("#remove-deal")
        boris_value = card.locator('input[data-field=values][data-player="1"]')
        boris_value.fill("60")
        page.wait_for_function("() => document.getElementById('verdict')?.textContent.startsWith('every written')",
                               timeout=15_000)
        assert card.locator(".mark.bad").count() == 0 and card.locator(".wrong").count() == 0
        page.fill("#name", "club-night")
        page.click("#save")
        page.wait_for_function("() => document.getElementById('saved')?.textContent.startsWith('Saved')",
                               timeout=15_000)
        assert "sheets/club-night.yaml" in page.inner_text("#saved")
        _shot(page, "score-entry-saved.png")
        saved = server.data / "sheets" / "club-night.yaml"
        expected = {**{k: written[k] for k in ("sheet", "ruleset", "title", "date", "players")},
                    "deals": [{k: v for k, v in deal.items() if k not in ("dealer", "round")}]}
        assert parse_yaml_mapping(saved.read_text(encoding="utf-8"), str(saved), expected="a sheet") == expected
        audit = subprocess.run([sys.executable, "-m", "mahjong_core", "audit", str(saved)], capture_output=True,
                               text=True, timeout=120)
        assert audit.returncode == 0, audit.stdout + audit.stderr
        assert "every written figure agrees with the rules" in audit.stdout + audit.stderr

        # The download is the same text.
        with page.expect_download() as download:
            page.click("#download")
        assert Path(download.value.path()).read_text(encoding="utf-8") == saved.read_text(encoding="utf-8")
        assert download.value.suggested_filename == "club-night.yaml"
        assert not errors
        context.close()


_SLOW_FIELDS = """(() => {
  const real = window.fetch.bind(window);
  window.fetch = async (url, options) => {
    if (String(url).includes("/api/sheets/fields/") && window.slowFields) {
      await new Promise((done) => setTimeout(done, 1500));
    }
    return real(url, options);
  };
})();"""


def test_a_name_typed_while_the_rulesets_fields_arrive_keeps_its_field_and_its_focus(tmp_path: Path,
                                                                                     browser: Any) -> None:
    """Another ruleset is chosen, and its fields come back slowly (as from a busy server) while a name is typed."""
    with running(tmp_path / "data") as server:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        page.add_init_script(_SLOW_FIELDS)
        page.goto(server.url + "/scores")
        page.wait_for_selector("#ruleset option[value=chinese_classical]", state="attached")
        page.select_option("#ruleset", "chinese_classical")
        page.wait_for_selector("#deals[data-fields-for=chinese_classical]", state="attached", timeout=15_000)
        page.evaluate("() => { window.slowFields = true; }")
        page.select_option("#ruleset", "mcr")
        assert page.get_attribute("#deals", "data-fields-for") != "mcr"  # asked for, not come yet
        first = page.locator('input[data-field=players][data-item="0"]')
        first.click()
        first.type("Ann")
        page.wait_for_selector("#deals[data-fields-for=mcr]", state="attached", timeout=15_000)
        handle = first.element_handle()
        first.type("a")
        assert handle.evaluate("e => e.isConnected && document.activeElement === e")
        assert first.input_value() == "Anna"
        winner = page.locator('.deal[data-deal="1"] select[data-field=winner]')
        winner.select_option(label="Anna")
        assert winner.input_value() == "0"
        context.close()
