"""``mahjong standings`` as text: one ruleset identity's tables of players, pairs and champions, aligned."""

from __future__ import annotations

from typing import Any


def standings_text(t: dict[str, Any]) -> str:
    """One ruleset identity's standings (a ``RulesetStandings.to_json()`` of :mod:`mahjong_records.standings`)
    as aligned text."""
    rs = t["ruleset"]
    house = ", a house rule" if rs["house_rule"] else ""
    games = f"{t['games']} game{'s' if t['games'] != 1 else ''}"
    lines = [f"{rs['id']} {rs['version']} (sha256 {rs['sha256'][:12]}{house}): {games}; its own tables "
             "of players and champions (000 line 304)"]
    start = t.get("starting_points", 0)
    # Where money moves at a game's end (an uma), a column shows the part of each score those payments made.
    at_end = any(p.get("game_end") for p in [*t["players"], *(t.get("pairs") or [])])
    if start or at_end:
        lines.append(f"  score: each game's final points less the {start} it began with"
                     + ("; at end: of that, the payments at the games' ends" if at_end else ""))
    end_head = f" {'at end':>7}" if at_end else ""
    lines.append(f"  {'#':>3}  {'player':<24} {'kind':<10} {'games':>5} {'Games':>5} {'deals':>5} {'won':>4} "
                 f"{'score':>8}{end_head}  rating (mu, sigma)")

    def end(p: dict[str, Any]) -> str:
        return f" {p.get('game_end', 0):>7}" if at_end else ""

    for n, p in enumerate(t["players"], start=1):
        lines.append(f"  {n:>3}  {p['name']:<24} {','.join(p['kinds']):<10} {p['games']:>5} {p['full_games']:>5} "
                     f"{p['deals']:>5} {p['deals_won']:>4} {p['score']:>8}{end(p)}  {p['rating']:.2f} "
                     f"({p['mu']:.2f}, {p['sigma']:.2f})")
    if t.get("pairs"):
        lines.append("  pairs:")
        for n, p in enumerate(t["pairs"], start=1):
            lines.append(f"  {n:>3}  {' & '.join(p['pair']):<35} {p['games']:>5} {p['full_games']:>5} "
                         f"{p['score']:>8}{end(p)}  {p['rating']:.2f} ({p['mu']:.2f}, {p['sigma']:.2f})")
    c = t["champions"]
    lines.append(f"  champions ({c['source']}): the ten best results of a Game (four rounds played)")
    if not c["best"]:
        lines.append("    none yet: no Game of four rounds is recorded")
    for e in c["best"]:
        lines.append(f"    {e['place']:>2}. {e['name']:<35} {e['result']:>8}  (log {e['log_sha256'][:12]})")
    lines.append("  preliminary table: who has not played a Game, in ascending order of cumulative winnings")
    for e in c["preliminary"]:
        lines.append(f"        {e['name']:<35} {e['score']:>8}  ({e['games']} game{'s' if e['games'] != 1 else ''})")
    if c["elimination_candidates"]:
        lines.append(f"  candidate for elimination (the club's last member): {', '.join(c['elimination_candidates'])}")
    return "\n".join(lines)
