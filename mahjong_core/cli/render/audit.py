"""An audit's (or a re-play's) report as a referee reads it: text on the terminal, or one self-contained HTML page.

The facts -- each deal's outcome, hands, scoring items with their sources,
payments and totals -- are :mod:`mahjong_core.audit.report`'s, made where
each log was checked; this module only lays them out: ``mahjong audit
--deals`` prints :func:`report_text`, ``--html`` writes :func:`report_html`
with any number of logs, so a referee can mail a season's audit.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.plugin.score_card import card_lines

if TYPE_CHECKING:
    from mahjong_core.audit.report import DealReport, HandScore, LogReport

WINDS = ("East", "South", "West", "North")


def _shown(hand: HandScore, d: DealReport) -> bool:
    """Whether a hand is worth a line: a winner's, or any that scored or carries an item that counts."""
    return hand.seat == d.winner or any(hand.seat == w[0] for w in d.more_wins) or bool(hand.value) \
        or any(item.get("value") for item in hand.items)


def _item_text(item: dict[str, Any]) -> str:
    count = f" x{item['count']}" if item.get("count", 1) != 1 else ""
    detail = f" ({item['detail']})" if item.get("detail") else ""
    return f"{item['name']}{count}: {item['value']} {item.get('kind', '')}{detail} [{item.get('source', '?')}]"


#: How a mahjong was won, as a sentence says it (the log's ``how``).
_HOW = {"discard": "on a discard", "self_drawn": "self-drawn", "replacement": "on a loose tile",
        "robbing_kong": "by robbing a kong"}


def _outcome(d: DealReport, names: dict[int, str]) -> str:
    if d.outcome == "mahjong" and d.winner is not None:
        return "; ".join(_win(seat, tile, how, discarder, names) for seat, tile, how, discarder
                         in [(d.winner, d.tile, d.how, d.discarder), *d.more_wins])
    return d.outcome


def _win(seat: int, tile: str | None, how: str | None, discarder: int | None, names: dict[int, str]) -> str:
    text = _HOW.get(str(how), str(how).replace("_", " "))
    source = f", from {names.get(discarder, discarder)}" if discarder is not None else ""
    return f"{names[seat]} wins on {tile} ({text}{source})"


def _payment_text(d: DealReport, k: int, names: dict[int, str]) -> str:
    payer, payee, amount, reason = d.payments[k]
    note = d.payment_notes[k] if k < len(d.payment_notes) else None
    return f"{names[payer]} pays {names[payee]} {amount} ({str(reason).replace('_', ' ')}" + \
        (f"; {note})" if note else ")")


def report_text(report: LogReport, *, deals: bool = True) -> str:
    """The verdict, then (with ``deals``) each deal: outcome, each scored hand with its items, payments, totals."""
    lines = [report.verdict.text()]
    if not deals:
        return lines[0]
    names = report.names()
    for d in report.deals:
        lines.append(f"deal {d.deal + 1} (round {d.round + 1}, {WINDS[d.prevalent_wind % 4]} wind, dealer "
                     f"{names[d.dealer]}): {_outcome(d, names)}")
        for hand in d.hands:
            if not _shown(hand, d):
                continue
            limit = f", limit {hand.limit}" if hand.limit else ""
            lines.append(f"  {names[hand.seat]}: {hand.value}{limit}  {' '.join(hand.melds)}")
            if hand.card is not None:
                lines += card_lines(hand.card, indent="    ")
            else:
                lines += [f"    {_item_text(item)}" for item in hand.items]
                lines += [f"    (not counted) {_item_text(item)}" for item in hand.excluded]
        lines += [f"  note: {note}" for note in d.notes]
        for k in range(len(d.payments)):
            lines.append(f"  {_payment_text(d, k, names)}")
        if d.totals:
            lines.append("  totals: " + ", ".join(f"{names[i]} {t}" for i, t in enumerate(d.totals)))
    return "\n".join(lines)


_STYLE = """
body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#222}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:2em;border-bottom:1px solid #ccc}
.ok{color:#176b2c}.failed{color:#a11}table{border-collapse:collapse;margin:.4em 0 1em}
td,th{border:1px solid #ddd;padding:.2em .5em;text-align:left;vertical-align:top}th{background:#f4f4f4}
.deal{margin:1em 0 1.5em}.proof{color:#555}.src{color:#666;font-size:.9em;white-space:nowrap}
.summary td:nth-child(n+2){text-align:right}
"""


def report_html(reports: Sequence[LogReport], *, title: str = "Audit report") -> str:
    """One self-contained page (no scripts, no network) for any number of checked logs."""
    e = html.escape
    clean = sum(1 for r in reports if r.verdict.ok)
    out = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title>"
           f"<style>{_STYLE}</style></head><body><h1>{e(title)}</h1>",
           f"<p>{len(reports)} logs: {clean} clean, {len(reports) - clean} failed.</p>",
           "<table class='summary'><tr><th>log</th><th>verdict</th><th>deals</th><th>final scores</th></tr>"]
    for i, r in enumerate(reports):
        v = r.verdict
        state = "<span class='ok'>clean</span>" if v.ok else f"<span class='failed'>failed at line {v.line}</span>"
        out.append(f"<tr><td><a href='#log{i}'>{e(v.source)}</a></td><td>{state}</td>"
                   f"<td>{v.deals}</td><td>{e(str(v.scores))}</td></tr>")
    out.append("</table>")
    for i, r in enumerate(reports):
        v = r.verdict
        out.append(f"<h2 id='log{i}'>{e(v.source)}</h2>")
        if not v.ok:
            out.append(f"<p class='failed'>{e(v.text())}</p>")
        else:
            out.append(f"<p class='ok'>{e(v.mode)} clean: {v.events} events, {v.deals} deals, "
                       f"ruleset {e(v.ruleset)}</p><ul class='proof'>")
            out += [f"<li>{e(k)}: {e(str(x))}</li>" for k, x in v.proof.items() if k != "seats"]
            out += [f"<li>{e(s)}</li>" for s in v.proof.get("seats", [])]
            out.append("</ul>")
        out.append(_deals_html(r))
    out.append("</body></html>")
    return "\n".join(out)


def _deals_html(report: LogReport) -> str:
    e = html.escape
    names = report.names()
    parts = []
    for d in report.deals:
        parts.append(f"<div class='deal'><h3>Deal {d.deal + 1}: round {d.round + 1}, "
                     f"{WINDS[d.prevalent_wind % 4]} wind, dealer {e(names[d.dealer])} &mdash; "
                     f"{e(_outcome(d, names))}</h3>")
        for hand in d.hands:
            if not _shown(hand, d):
                continue
            parts.append(f"<p><b>{e(names[hand.seat])}</b>: {hand.value}"
                         f"{' (limit ' + e(hand.limit) + ')' if hand.limit else ''} <code>{e(' '.join(hand.melds))}"
                         "</code></p>")
            parts.append(_card_html(hand.card) if hand.card is not None else _items_html(hand))
        parts += [f"<p>{e(note)}</p>" for note in d.notes]
        if d.payments:
            parts.append("<table><tr><th>payer</th><th>payee</th><th>amount</th><th>reason</th></tr>")
            notes = d.payment_notes + [None] * (len(d.payments) - len(d.payment_notes))
            parts += [f"<tr><td>{e(names[p])}</td><td>{e(names[q])}</td><td>{a}</td><td>{e(str(r).replace('_', ' '))}"
                      f"{'; ' + e(n) if n else ''}</td></tr>"
                      for (p, q, a, r), n in zip(d.payments, notes, strict=True)]
            parts.append("</table>")
        if d.totals:
            parts.append("<p>Totals: " + ", ".join(f"{e(names[i])} {t}" for i, t in enumerate(d.totals)) + "</p>")
        parts.append("</div>")
    return "\n".join(parts)


def _items_html(hand: HandScore) -> str:
    """A hand's items as logged, for a log whose ruleset is not known here (so no card could be made)."""
    e = html.escape
    rows = ["<table><tr><th>item</th><th>value</th><th>detail</th><th>source</th></tr>"]
    for item in hand.items + [{**x, "name": f"{x['name']} (not counted)"} for x in hand.excluded]:
        count = f" &times;{item['count']}" if item.get("count", 1) != 1 else ""
        rows.append(f"<tr><td>{e(item['name'])}{count}</td><td>{e(str(item['value']))} "
                    f"{e(str(item.get('kind', '')))}</td><td>{e(str(item.get('detail', '')))}</td>"
                    f"<td class='src'>{e(str(item.get('source', '')))}</td></tr>")
    return "".join(rows) + "</table>"


def _card_html(card: dict[str, Any]) -> str:
    """A score card as a table: each item's value with its unit and rule, the steps, the total."""
    e = html.escape
    rows = ["<table><tr><th>item</th><th>value</th><th>detail</th><th>rule</th></tr>"]
    for line, mark in [(x, "") for x in card["lines"]] + [(x, " (not counted)") for x in card.get("excluded", [])]:
        native = f" title='{e(line['native'])}'" if line.get("native") else ""
        rows.append(f"<tr><td{native}>{e(line['label'])}{mark}</td><td>{e(line['text'])}</td>"
                    f"<td>{e(line.get('detail', ''))}</td><td class='src'>{e(line['source'])}</td></tr>")
    rows += [f"<tr><td colspan='4'>{e(step)}</td></tr>" for step in card["steps"]]
    rows.append(f"<tr><th>total</th><th colspan='3'>{card['total']} {e(card['unit'])}"
                f"{' (limit: ' + e(card['limit']) + ')' if card.get('limit') else ''}</th></tr>")
    return "".join(rows) + "</table>"

