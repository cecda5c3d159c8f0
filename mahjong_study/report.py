"""The study as a reader sees it: a text summary, a JSON document, and an HTML page with its plots.

Rates are shown as percentages with their 95% intervals, means with theirs,
and a difference between two rulesets is marked when its interval excludes
zero.  The page is self-contained but for its own PNG files beside it.
"""

from __future__ import annotations

import html
from typing import Any


def _short(identity: str) -> str:
    """``id@version`` of a ruleset identity, without its hash."""
    return identity.split("+", 1)[0]


def _rate(p: dict[str, Any] | None) -> str:
    if not p or p.get("rate") is None:
        return "-"
    return f"{100 * p['rate']:.1f}% [{100 * p['ci'][0]:.1f}, {100 * p['ci'][1]:.1f}]"


def _mean(m: dict[str, Any] | None) -> str:
    if not m or m.get("mean") is None:
        return "-"
    if m.get("ci") is None:
        return f"{m['mean']:.2f}"
    return f"{m['mean']:.2f} [{m['ci'][0]:.2f}, {m['ci'][1]:.2f}]"


def _diff(d: dict[str, Any] | None, percent: bool) -> str:
    if not d:
        return "-"
    scale, unit = (100, " pt") if percent else (1, "")
    mark = " *" if d["significant"] else ""
    return f"{scale * d['difference']:+.2f}{unit} [{scale * d['ci'][0]:+.2f}, {scale * d['ci'][1]:+.2f}]{mark}"


ROWS: list[tuple[str, str, bool]] = [
    ("draw_rate", "drawn deals", True), ("dealer_win_rate", "dealer wins", True),
    ("self_drawn_rate", "self-drawn wins", True), ("any_limit", "limit hands (of won)", True),
    ("hand_value", "winning hand value", False), ("paid_per_deal", "paid per deal", False),
    ("deal_length", "draws per deal", False), ("dealer_advantage", "dealer's net edge per deal", False),
]


def _rows(figures: list[dict[str, Any]], differences: dict[str, Any] | None) -> list[list[str]]:
    out = []
    for key, label, percent in ROWS:
        cells = [_rate(f[key]) if percent else _mean(f[key]) for f in figures]
        if differences is not None:
            cells.append(_diff(differences.get(key), percent))
        out.append([label, *cells])
    seats = len(figures[0]["win_rate_by_seat"])
    for s in range(seats):
        cells = [_rate(f["win_rate_by_seat"][s]) for f in figures]
        if differences is not None:
            cells.append(_diff(differences["win_rate_by_seat"][s], True))
        out.append([f"seat {s} wins", *cells])
    if figures[0].get("pair_balance"):
        cells = [_mean(f.get("pair_balance")) for f in figures]
        if differences is not None:
            cells.append(_diff(differences.get("pair_balance"), False))
        out.append(["first pair minus second, per game", *cells])
    return out


def text(result: dict[str, Any]) -> str:
    """A study (``compare``) or a summary (one ruleset's figures) as aligned text."""
    if "a" in result:
        figures, differences = [result["a"], result["b"]], result["differences"]
        header = ["", _short(result["a"]["ruleset"]), _short(result["b"]["ruleset"]), "B - A (* excludes 0)"]
    else:
        figures, differences = [result], None
        header = ["", _short(result["ruleset"])]
    rows = [header, *_rows(figures, differences)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header))]
    lines = [f"{figures[0]['games']} games, {figures[0]['deals']} deals"
             + (f" under A; {figures[1]['deals']} under B" if differences is not None else "")]
    lines += ["  ".join(cell.ljust(w) for cell, w in zip(r, widths, strict=True)).rstrip() for r in rows]
    if differences is not None:
        lines.append(f"deals whose winner changed: {_rate(result['changed_winner'])} of {result['matched_deals']} "
                     f"matched deals; same winner, other value: {_rate(result['same_winner_other_value'])}")
    return "\n".join(lines)


def page(result: dict[str, Any], images: list[str], *, title: str) -> str:
    """The HTML report: the table of figures, the items, the plots and the changed deals."""
    e = html.escape
    compare = "a" in result
    figures = [result["a"], result["b"]] if compare else [result]
    head = ["", *(_short(f["ruleset"]) for f in figures)] + (["B - A (* excludes 0)"] if compare else [])
    rows = _rows(figures, result["differences"] if compare else None)
    out = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title><style>"
           "body{font:15px/1.45 system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#222}"
           "table{border-collapse:collapse;margin:.5em 0 1.5em}td,th{border:1px solid #ddd;padding:.2em .6em}"
           "th{background:#f4f4f4;text-align:left}td:not(:first-child){font-variant-numeric:tabular-nums}"
           "img{max-width:100%;display:block;margin:1em 0}</style></head><body>",
           f"<h1>{e(title)}</h1><p>{figures[0]['games']} games; "
           + "; ".join(f"{e(f['ruleset'])}: {f['deals']} deals" for f in figures)
           + ". Intervals are 95%.</p><table><tr>" + "".join(f"<th>{e(h)}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows]
    out.append("</table>")
    if compare:
        out.append(f"<p>Deals whose winner changed: {e(_rate(result['changed_winner']))} of "
                   f"{result['matched_deals']} matched deals.</p>")
    out += [f"<img src='{e(name)}' alt='{e(name.removesuffix('.png'))}'>" for name in images if name.endswith(".png")]
    out.append("<h2>Scoring items (share of won hands)</h2><table><tr><th>item</th>"
               + "".join(f"<th>{e(_short(f['ruleset']))}</th>" for f in figures) + "</tr>")
    names = sorted({n for f in figures for n in f["items"]})
    for name in names:
        out.append(f"<tr><td>{e(name)}</td>" + "".join(f"<td>{e(_rate(f['items'].get(name)))}</td>" for f in figures)
                   + "</tr>")
    out.append("</table>")
    limits = sorted({n for f in figures for n in f["limits"]})
    if limits:
        out.append("<h2>Limits</h2><table><tr><th>limit</th>"
                   + "".join(f"<th>{e(_short(f['ruleset']))}</th>" for f in figures) + "</tr>")
        out += [f"<tr><td>{e(n)}</td>" + "".join(f"<td>{e(_rate(f['limits'].get(n)))}</td>" for f in figures)
                + "</tr>" for n in limits]
        out.append("</table>")
    if compare and result["changed_deals"]:
        out.append("<h2>Deals whose winner changed</h2><table><tr><th>game seed</th><th>deal</th>"
                   "<th>winner A</th><th>winner B</th><th>value A</th><th>value B</th></tr>")
        for c in result["changed_deals"][:200]:
            out.append(f"<tr><td>{e(str(c['seed']))}</td><td>{c['deal'] + 1}</td><td>{c['winner'][0]}</td>"
                       f"<td>{c['winner'][1]}</td><td>{c['value'][0]}</td><td>{c['value'][1]}</td></tr>")
        out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out)
