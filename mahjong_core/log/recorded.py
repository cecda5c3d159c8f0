"""An imported game's result as its platform recorded it, held against the rules' (``source.recorded``).

A log imported from another platform (``mahjong import``) carries in its
header what that platform said the game came to: who won, the hand's value
and its items, each seat's result.  The engine recomputes all of them when it
re-plays the log; this module says where the two differ, so that a preset's
agreement with its platform is a figure anyone can recompute
(``mahjong audit`` of the log repeats the comparison).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

__all__ = ["differences", "ours"]


def ours(events: Sequence[dict[str, Any]], seats: int) -> dict[str, Any]:
    """Our result of a one-deal game in the shape of ``source.recorded``: outcome, winner, value, items, deltas."""
    win = next((e for e in events if e.get("type") == "mahjong"), None)
    end = next((e for e in reversed(events) if e.get("type") == "game_end"), None)
    result: dict[str, Any] = {"outcome": "win" if win else "draw", "winner": None, "value": None, "items": [],
                              "deltas": list(end["scores"]) if end else [0] * seats}
    if win is not None:
        result["winner"] = win["seat"]
        score = next((e for e in events if e.get("type") == "score" and e.get("seat") == win["seat"]), None)
        if score is not None:
            counts: Counter[str] = Counter()
            for item in score.get("items", ()):
                counts[item["name"]] += int(item.get("count", 1))
            result["value"] = score.get("value")
            result["items"] = [{"name": name, "count": n} for name, n in counts.items()]
            result["explained"] = [f"{i['name']} {i['value']}" + (f"x{i['count']}" if i.get("count", 1) != 1 else "")
                                   for i in score.get("items", ())]
    return result


def differences(head: dict[str, Any], events: Sequence[dict[str, Any]]) -> list[str]:
    """Every figure the platform recorded that ours does not match, each naming the game, the seat and both.

    The fans' names may be lost in the record (Botzone's sample): the items are then compared by their
    multiplicities only -- how many fans, each counted how many times -- beside the hand's total.
    """
    source = head["source"]
    recorded = source["recorded"]
    names = [s["name"] for s in head["seats"]]
    mine = ours(events, len(names))
    where = f"{source['platform']} {source['game']}"
    found: list[str] = []
    because = "; ours: " + ", ".join(mine.get("explained", ())) if mine.get("explained") else ""
    if recorded["outcome"] != mine["outcome"] or recorded.get("winner") != mine["winner"]:
        said = {"win": lambda w: f"a win by {names[w]}" if w is not None else "a win", "draw": lambda w: "a draw"}
        found.append(f"{where}: the platform records {said[recorded['outcome']](recorded.get('winner'))}, the "
                     f"rules {said[mine['outcome']](mine['winner'])}")
    elif mine["outcome"] == "win":
        seat = names[mine["winner"]]
        if recorded.get("value") is not None and recorded["value"] != mine["value"]:
            found.append(f"{where}, {seat}: the platform values the hand at {recorded['value']} fan, the rules at "
                         f"{mine['value']}{because}")
        theirs = sorted(i["count"] for i in recorded.get("items", ()))
        counted = sorted(i["count"] for i in mine["items"])
        if recorded.get("items") and theirs != counted:
            found.append(f"{where}, {seat}: the platform counts {len(theirs)} fans (multiplicities {theirs}), the "
                         f"rules {len(counted)} (multiplicities {counted}){because}")
    for seat, (a, b) in enumerate(zip(recorded["deltas"], mine["deltas"], strict=False)):
        if a != b:
            found.append(f"{where}, {names[seat]}: the platform's score is {a:+d}, the rules' {b:+d}")
    return found
