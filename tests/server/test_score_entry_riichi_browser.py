"""The score-entry page under a riichi ruleset, in a real browser (Debian's chromium driven by Playwright).

The page asks the server which fields the chosen ruleset's sheet holds (its family pays a win by han and fu, its
mechanisms read riichi declarations, ready hands, abortive draws and the honba) and offers those.  A referee
types the first two deals of the worked hanchan (``replays/sheets/riichi_tenhou.yaml``): a ron with Ben's riichi
declared, then an exhaustive draw with two ready hands.  A fu count that is no count is named beside the
figures, a wrong payment is marked with the rules' amount; both corrected, the sheet is saved and ``mahjong
audit`` passes the saved file.  The page must fit a phone held upright.  Screenshots go to tests/artifacts/.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from live_server import ARTIFACTS, running

from mahjong_core.rules.document import parse_yaml_mapping

SHEET = Path(__file__).resolve().parents[2] / "replays" / "sheets" / "riichi_tenhou.yaml"


#: Holds the page's first question for a ruleset's fields (the ruleset it starts with) 1.5 s, then answers it.
_LATE_FIRST_FIELDS = """(() => {
  const real = window.fetch.bind(window);
  let first = true;
  window.fetch = async (url, options) => {
    if (String(url).includes("/api/sheets/fields/") && first) {
      first = false;
      await new Promise((done) => setTimeout(done, 1500));
      const response = await real(url, options);
      setTimeout(() => { window.lateFieldsAnswered = true; }, 0);
      return response;
    }
    return real(url, options);
  };
})();"""


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / name), full_page=True)


def _verdict(page: Any, starts: str) -> None:
    page.wait_for_function("(s) => document.getElementById('verdict')?.textContent.startsWith(s)", arg=starts,
                           timeout=30_000)


def _figures(card: Any, seat: int, key: str, value: Any) -> None:
    card.locator(f'input[data-field={key}][data-player="{seat}"]').fill(str(value))


def test_a_referee_enters_riichi_deals_by_han_and_fu_fixes_them_and_saves_a_sheet_that_audits(
        tmp_path: Path, browser: Any) -> None:
    written = parse_yaml_mapping(SHEET.read_text(encoding="utf-8"), str(SHEET), expected="a score sheet")
    players, ron, draw = written["players"], written["deals"][0], written["deals"][1]
    seat = {name: i for i, name in enumerate(players)}
    with running(tmp_path / "data") as server:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # The first ruleset's fields come back late (as from a busy server), after the referee has chosen riichi:
        # the choice is not lost, and the late answer does not replace riichi's fields.
        page.add_init_script(_LATE_FIRST_FIELDS)
        page.goto(server.url + "/scores")
        page.wait_for_selector("#ruleset option[value=riichi_tenhou]", state="attached")
        page.select_option("#ruleset", "riichi_tenhou")
        # The ruleset's own fields appear: a riichi box a seat, the honba, abortive draws among the endings.
        page.wait_for_selector('.deal[data-deal="1"] input[data-field=riichi][data-player="0"]', timeout=15_000)
        page.wait_for_function("() => window.lateFieldsAnswered", timeout=15_000)
        page.wait_for_timeout(200)
        assert page.get_attribute("#deals", "data-fields-for") == "riichi_tenhou"
        assert page.locator('.deal[data-deal="1"] input[data-field=riichi]').count() == len(players)
        for i, name in enumerate(players):
            page.fill(f'input[data-field=players][data-item="{i}"]', name)
        page.fill("#title", written["title"])
        card = page.locator('.deal[data-deal="1"]')
        assert "abortive draw" in card.locator("select").first.inner_text()
        assert card.locator('input[data-field=calling]').count() == 0  # riichi's declaration, not "calling"

        # Deal 1: Ben declared riichi and won on Chie's 6p; the fu is typed wrong, and a payment.
        card.locator('input[data-field=riichi][data-player="1"]').check()
        card.locator("select").nth(1).select_option(label=ron["winner"])
        card.locator("select").nth(2).select_option(label=ron["from"])
        # Tenhou lets two players win on one discard: the page offers a second winner, and its figures.
        also = card.locator("select[data-field=winner][data-item='1']")
        also.select_option(label="Dan")
        card.locator('input[data-field=score][data-player="3"][data-item=han]').wait_for(timeout=15_000)
        also.select_option(label="nobody else")
        card.locator('input[data-field=score][data-player="3"]').first.wait_for(state="detached", timeout=15_000)
        card.locator("input[data-field=tile]").fill(ron["tile"])
        card.locator("input[data-field=honba]").fill(str(ron["honba"]))
        ben = seat[ron["winner"]]
        card.locator(f'input[data-field=score][data-player="{ben}"][data-item=han]').fill("3")
        card.locator(f'input[data-field=score][data-player="{ben}"][data-item=fu]').fill("23")
        card.locator(f'input[data-field=score][data-player="{ben}"][data-item=yaku]').fill(
            " ".join(ron["score"]["yaku"]))
        for name in players:
            _figures(card, seat[name], "net", ron["net"][name])
            _figures(card, seat[name], "totals", ron["totals"][name])
        card.locator("textarea").fill("Chie -> Ben 3600")
        mark = card.locator(f'.mark[data-field=score][data-player="{ben}"]')
        page.wait_for_function("(m) => m.textContent.includes('fu')", arg=mark.element_handle(), timeout=30_000)
        assert "Ben's score" in mark.inner_text() and "23" in mark.inner_text(), mark.inner_text()
        assert "wrong" in (card.locator(f'input[data-field=score][data-player="{ben}"][data-item=fu]')
                           .get_attribute("class") or "")
        _shot(page, "score-entry-riichi-bad-fu.png")

        # The fu corrected: the hand is scored by the rules, and the payment typed wrong is marked with theirs.
        card.locator(f'input[data-field=score][data-player="{ben}"][data-item=fu]').fill(str(ron["score"]["fu"]))
        _verdict(page, "1 figure of the sheet differs")
        marks = card.locator(".payment-marks").inner_text()
        assert "Chie -> Ben 3600: rules: 3900" in marks, marks
        assert "Chie → Ben 3900" in card.locator(".rules").inner_text()
        assert card.locator(".east").inner_text() == "East: Aoi, round E"
        _shot(page, "score-entry-riichi-wrong-payment.png")
        card.locator("textarea").fill("\n".join(ron["payments"]))
        _verdict(page, "every written")

        # Deal 2: an exhaustive draw, Dan's riichi stick in the pot, Ben and Dan ready.
        page.click("#add-deal")
        second = page.locator('.deal[data-deal="2"]')
        second.locator("select").first.select_option("drawn")
        second.locator(f'input[data-field=ready][data-player="{seat["Ben"]}"]').wait_for(timeout=15_000)
        for name in draw["declared"]["riichi"]:
            second.locator(f'input[data-field=riichi][data-player="{seat[name]}"]').check()
        for name in draw["ready"]:
            second.locator(f'input[data-field=ready][data-player="{seat[name]}"]').check()
        second.locator("input[data-field=honba]").fill(str(draw["honba"]))
        for name in players:
            _figures(second, seat[name], "net", draw["net"][name])
            _figures(second, seat[name], "totals", draw["totals"][name])
        second.locator("textarea").fill("\n".join(draw["payments"]))
        _verdict(page, "every written")
        assert second.locator(".mark.bad").count() == 0 and page.locator(".wrong").count() == 0
        assert page.inner_text("#running tbody") == "after deal 2\t+23500\t+30400\t+19600\t+25500"
        _shot(page, "score-entry-riichi-checked.png")

        # The page fits a phone held upright.
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_timeout(200)
        width = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
        _shot(page, "score-entry-riichi-phone.png")
        page.set_viewport_size({"width": 1280, "height": 900})

        # Saved: the sheet is the worked sheet's first two deals (less what the table did not write), and audits.
        page.fill("#name", "riichi-night")
        page.click("#save")
        page.wait_for_function("() => document.getElementById('saved')?.textContent.startsWith('Saved')",
                               timeout=30_000)
        saved = server.data / "sheets" / "riichi-night.yaml"
        got = parse_yaml_mapping(saved.read_text(encoding="utf-8"), str(saved), expected="a sheet")
        assert got["deals"] == [{k: v for k, v in deal.items() if k not in ("dealer", "round")}
                                for deal in (ron, draw)]
        audit = subprocess.run([sys.executable, "-m", "mahjong_core", "audit", str(saved)], capture_output=True,
                               text=True, timeout=180)
        assert audit.returncode == 0, audit.stdout + audit.stderr
        assert "every written figure agrees with the rules" in audit.stdout + audit.stderr
        assert not errors, errors
        context.close()
