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

from mahjong_core.log.opening import opening_of

__all__ = ["READ_TYPES", "deal_figures", "differences", "ours", "recorded_comparison"]

#: The only event types the comparison reads (every other event it passes by): a reader that keeps a log's lines
#: undecoded decodes these alone (the audit's fast way).
READ_TYPES = ("abortive_draw", "deal_end", "deal_start", "exhaustive_draw", "game_end", "mahjong", "payment",
              "ready_hands", "score", "settlement")


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
    multiplicities only -- how many fans, each counted how many times -- beside the hand's total.  A record of
    a whole game of deals (``recorded.deals``: Tenhou's) is compared deal by deal: how each ended, each win's
    points, han, fu, limit and items, the ready seats of a drawn deal, every seat's change of points in each
    deal and the final points.
    """
    found = recorded_comparison(head, events)
    return found["before"] + [d for deal in found["deals"] for d in deal["differences"]] + found["after"]


def recorded_comparison(head: dict[str, Any], events: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The platform's figures beside ours, deal by deal, with :func:`differences`' findings at the deal each
    names: ``{"platform", "game", "shape", "deals": [{"recorded", "ours", "differences"}], "before", "after"}``.

    ``shape`` is ``"deals"`` for a record of a whole game of deals (Tenhou's: ``recorded`` and ``ours`` in the
    shape of ``source.recorded.deals``, see :func:`deal_figures`) and ``"game"`` for a one-deal record
    (Botzone's: the winner, the hand's value, its items and each seat's change).  ``before`` and ``after`` hold
    what concerns the game as a whole (the number of deals; the final points), so that the viewer shows each
    finding where it shows and ``mahjong audit`` lists the very same ones, in the same order.
    """
    source = head["source"]
    recorded = source["recorded"]
    shown = {"platform": source["platform"], "game": source["game"]}
    if "refused" in source:  # a log imported only up to a refused move says so itself: the viewer shows it
        shown["refused"] = source["refused"]
    if "deals" in recorded:
        return {**shown, "shape": "deals", **_deal_differences(head, events)}
    names = [s["name"] for s in head["seats"]]
    return {**shown, "shape": "game", "before": [], "after": [],
            "deals": [{"recorded": recorded, "ours": ours(events, len(names)),
                       "differences": _game_differences(head, events)}]}


def _game_differences(head: dict[str, Any], events: Sequence[dict[str, Any]]) -> list[str]:
    """Every figure of a one-deal record (Botzone's) that ours does not match (see :func:`differences`)."""
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


# -- a whole game of several deals (Tenhou) --------------------------------------------------------------------------

#: The han a counted yakuman stands for where the items of a limit hand are compared with a platform's.
YAKUMAN_HAN = 13


def deal_figures(head: dict[str, Any], events: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Our figures of each deal, in the shape of ``source.recorded.deals``: how it ended, each win's han, fu,
    points, limit and items, the ready seats of a drawn deal, and every seat's points as the deal starts
    (``start``) and once it is over (``scores``).

    The points follow every payment the log records (a settlement's, a ``payment`` event's), the table's pot
    apart, from the header's ``starting_points``.
    """
    scores = opening_of(head)[0]
    deals: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for event in events:
        kind = event.get("type")
        if kind == "deal_start":
            current = {"end": None, "wins": [], "ready": [], "start": list(scores)}
            continue
        if kind == "payment":
            for party, sign in ((event.get("payer"), -1), (event.get("payee"), 1)):
                if isinstance(party, int):
                    scores[party] += sign * int(event["amount"])
        elif kind == "settlement":
            for payer, payee, amount, _reason in event.get("payments", ()):
                scores[payer] -= amount
                scores[payee] += amount
        if current is None:
            continue
        if kind == "mahjong":
            current["end"] = "win"
            current["wins"].append({"winner": event["seat"], "from": event.get("discarder")})
        elif kind == "score" and event.get("value"):
            win = next((w for w in current["wins"] if w["winner"] == event.get("seat") and "han" not in w), None)
            if win is not None:
                win.update(_our_hand(event))
        elif kind == "exhaustive_draw":
            current["end"] = "exhaustive_draw"
        elif kind == "abortive_draw":
            current["end"] = str(event.get("reason"))
        elif kind == "ready_hands":
            current["ready"] = sorted(event.get("seats", ()))
        elif kind == "deal_end":
            current["scores"] = list(scores)
            deals.append(current)
            current = None
    return deals


def _our_hand(score: dict[str, Any]) -> dict[str, Any]:
    raw = score.get("raw") or {}
    items: Counter[str] = Counter()
    for item in score.get("items", ()):
        if item.get("kind") == "han":
            items[item["name"]] += int(item.get("value", 0)) * int(item.get("count", 1))
        elif item.get("kind") == "yakuman":
            items[item["name"]] += YAKUMAN_HAN * int(item.get("count", 1))
    yakuman = int(raw.get("yakuman", 0) or 0)
    return {"han": YAKUMAN_HAN * yakuman if yakuman else raw.get("han"), "fu": raw.get("fu"),
            "points": score.get("value"), "limit": score.get("limit") or "", "yaku": dict(items),
            "explained": [f"{name} {han}" for name, han in items.items()]}


def _deal_differences(head: dict[str, Any], events: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Every figure of every deal the platform recorded that ours does not match (see :func:`differences`), each
    at its deal (``deals``), or the game's as a whole (``before``: the number of deals, ``after``: the final
    points)."""
    source = head["source"]
    recorded = source["recorded"]
    names = [s["name"] for s in head["seats"]]
    where = f"{source['platform']} {source['game']}"
    ours = deal_figures(head, events)
    theirs = recorded["deals"]
    before: list[str] = []
    if len(ours) != len(theirs):
        before.append(f"{where}: the platform records {len(theirs)} deals, the rules play {len(ours)}")
    deals: list[dict[str, Any]] = []
    for number, (them, us) in enumerate(zip(theirs, ours, strict=False)):
        found: list[str] = []
        deals.append({"recorded": them, "ours": us, "differences": found})
        deal = f"{where}, deal {number + 1}"
        if them.get("end") != us["end"]:
            found.append(f"{deal}: the platform ends it by {_end(them.get('end'))}, the rules by {_end(us['end'])}")
        winners = {w["winner"]: w for w in us["wins"]}
        for win in them.get("wins", ()):
            mine = winners.get(win["winner"])
            seat = names[win["winner"]]
            if mine is None:
                found.append(f"{deal}, {seat}: the platform records a win, the rules none")
                continue
            found += _hand_differences(f"{deal}, {seat}", win, mine)
        recorded_winners = {w["winner"] for w in them.get("wins", ())}
        for seat in sorted(set(winners) - recorded_winners):
            found.append(f"{deal}, {names[seat]}: the rules make a win the platform does not record")
        if them.get("end") == "exhaustive_draw" and "ready" in them and them["ready"] != us["ready"]:
            found.append(f"{deal}: the platform counts {_seats(them['ready'], names)} ready, the rules "
                         f"{_seats(us['ready'], names)}")
        if "start" in them:  # each deal's own change, so that one deal's difference is named at that deal only
            theirs_change = [a - s for a, s in zip(them.get("scores", ()), them["start"], strict=False)]
            ours_change = [a - s for a, s in zip(us["scores"], us["start"], strict=False)]
            for seat, (a, b) in enumerate(zip(theirs_change, ours_change, strict=False)):
                if a != b:
                    found.append(f"{deal}, {names[seat]}: the platform's change of points in the deal is {a:+d}, "
                                 f"the rules' {b:+d}")
        else:
            for seat, (a, b) in enumerate(zip(them.get("scores", ()), us["scores"], strict=False)):
                if a != b:
                    found.append(f"{deal}, {names[seat]}: the platform's points after the deal are {a}, the rules' "
                                 f"{b}")
    after: list[str] = []
    final = recorded.get("final")
    if final is not None and ours:
        for seat, (a, b) in enumerate(zip(final, _final_points(ours[-1]["scores"], events), strict=False)):
            if a != b:
                after.append(f"{where}, {names[seat]}: the platform's final points are {a}, the rules' {b}")
    return {"before": before, "deals": deals, "after": after}


def _final_points(last: Sequence[int], events: Sequence[dict[str, Any]]) -> list[int]:
    """Every seat's points at the game's end as a platform's final points count them: the last deal's, with what
    the table's pot paid out after it (the riichi sticks left on the table, which Tenhou gives the first place),
    but none of the seat-to-seat settlement of placements (uma, oka), which a platform lists apart."""
    points = list(last)
    ends = [i for i, event in enumerate(events) if event.get("type") == "deal_end"]
    for event in events[ends[-1] + 1:] if ends else ():
        payee = event.get("payee")
        if event.get("type") == "payment" and event.get("payer") is None and isinstance(payee, int) \
                and 0 <= payee < len(points):
            points[payee] += int(event["amount"])
    return points


def _hand_differences(who: str, theirs: dict[str, Any], mine: dict[str, Any]) -> list[str]:
    because = "; ours: " + ", ".join(mine.get("explained", ())) if mine.get("explained") else ""
    found = []
    if theirs.get("from") != mine.get("from"):
        found.append(f"{who}: the platform's win is {_how(theirs.get('from'))}, the rules' {_how(mine.get('from'))}")
    for key, unit in (("points", "points"), ("han", "han"), ("fu", "fu")):
        if key == "fu" and (theirs.get("limit") == "yakuman" or not theirs.get("fu")):
            continue  # a limit hand's fu are not counted the same way everywhere, and pay nothing
        if theirs.get(key) is not None and theirs[key] != mine.get(key):
            found.append(f"{who}: the platform values the hand at {theirs[key]} {unit}, the rules at "
                         f"{mine.get(key)}{because}")
    if "limit" in theirs and (theirs.get("limit") or "") != mine.get("limit", ""):  # a record may not say
        found.append(f"{who}: the platform's limit is {theirs.get('limit') or 'none'}, the rules' "
                     f"{mine.get('limit') or 'none'}{because}")
    items = {i["name"]: i["han"] for i in theirs.get("yaku", ())}
    if items and items != mine.get("yaku"):
        said = ", ".join(f"{name} {han}" for name, han in items.items())
        found.append(f"{who}: the platform counts {said}{because}")
    return found


def _end(end: str | None) -> str:
    return {"win": "a win", "exhaustive_draw": "an exhaustive draw", None: "nothing"}.get(
        end, f"an abortive draw ({end})")


def _how(discarder: int | None) -> str:
    return "self-drawn" if discarder is None else f"on seat {discarder}'s tile"


def _seats(seats: Sequence[int], names: Sequence[str]) -> str:
    return ", ".join(names[s] for s in seats) or "no seat"
