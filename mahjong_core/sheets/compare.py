"""What the table wrote against what the rules give: each difference named, with the items that explain it.

A referee checking a sheet wants more than "deal 3 is wrong": which
player's figure, by how much, and why the rules give another -- the scoring
items with their sources for a hand value, the payments with their reasons
for a settlement.  Where the shape of a difference says what was probably
forgotten the difference says so, with the rule's source: a factor of two is
a doubling, and the doublings of the hand that would make it are named; a
Hong Kong figure that is another fan band's points names that band; a value
short by an item's worth names the item; a payment that is only some of the
parts the rules pay names the missing part; a payment the rules have another
player make is a payment by the wrong player; half (or double) of what East
pays or receives is East's double forgotten (or given to another player).

A figure that differs only because an earlier one does is not a mistake of
its own: it names the figures it follows from (``causes``), so the report can
set it under the mistake it comes from, at its own line.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset
    from mahjong_core.sheets.read import Sheet, SheetDeal

__all__ = ["Difference", "RulesDeal", "compare", "rules_deals"]


@dataclass(frozen=True)
class Difference:
    """One figure of the sheet that the rules do not give.

    :param deal: the deal's index (0-based; shown 1-based).
    :param player: the player it is about, by name, or ``None`` for the deal as a whole.
    :param path: where in the sheet the figure is written (a JSON path).
    :param line: that path's line in the file, where known.
    :param message: the difference: what the sheet has, what the rules give.
    :param explanation: the items or payments that explain the rules' figure, and any likely cause.
    """

    deal: int
    player: str | None
    path: str
    line: int | None
    message: str
    explanation: tuple[str, ...] = ()
    #: Set for a figure that differs only because an earlier one does: the sheet's own arithmetic on its other
    #: figures gives it (a deal's result summing its written payments, a running total carrying the one before).
    #: Such a figure is not a mistake of its own: the verdict counts it under the differences it follows from.
    follows: str | None = None
    #: For a figure that follows: the paths of the figures it follows from (each a difference, listed or
    #: following in turn), so that the report can set it under the mistake it comes from.
    causes: tuple[str, ...] = ()
    #: For a figure that follows: the figure in a few words ("Anna's running total 32 (carried from line 26)").
    figure: str | None = None

    def text(self, consequences: Iterable[Difference] = ()) -> str:
        """The difference, its explanation, and the figures that differ only because of it, each at its line."""
        where = f"deal {self.deal + 1}" + (f" (line {self.line})" if self.line else "")
        who = f", {self.player}" if self.player else ""
        then = [f"line {c.line}: {c.figure}" if c.line else str(c.figure) for c in consequences]
        rows = [f"then {then[0]}", *(f"     {t}" for t in then[1:])] if then else []
        return "\n".join([f"{where}{who}: {self.message}", *(f"    {e}" for e in (*self.explanation, *rows))])

    def to_json(self) -> dict[str, Any]:
        out = {"deal": self.deal + 1, "player": self.player, "path": self.path, "line": self.line,
               "message": self.message, "explanation": list(self.explanation)}
        if self.follows:
            out["follows"] = self.follows
            out["causes"] = list(self.causes)
            out["figure"] = self.figure
        return out


def consequences(own: list[Difference], followers: list[Difference]) -> list[list[Difference]]:
    """For each of ``own``, the followers that come from it: each follower under the first mistake its causes
    lead back to (a running total carried from a total carried from a wrong payment comes under the payment).

    A follower whose causes lead to no listed difference is under none: the summary line still counts it.
    """
    by_path = {d.path: d for d in followers}
    index = {d.path: i for i, d in enumerate(own)}
    groups: list[list[Difference]] = [[] for _ in own]

    def root(d: Difference, seen: set[str]) -> int | None:
        for path in d.causes:
            if path in index:
                return index[path]
            if path in by_path and path not in seen:
                seen.add(path)
                found = root(by_path[path], seen)
                if found is not None:
                    return found
        return None

    for d in followers:
        found = root(d, {d.path})
        if found is not None:
            groups[found].append(d)
    return groups


def roots(differences: list[Difference]) -> tuple[list[Difference], list[Difference]]:
    """The differences that are mistakes of their own, and those that only follow from them.

    A table that writes one value wrong and then adds up correctly has every later payment, result and running
    total off too; listing each as a difference buries the one mistake under the figures it explains.
    """
    own = [d for d in differences if d.follows is None]
    followers = [d for d in differences if d.follows is not None]
    return (own, followers) if own else (followers, [])


def summary(followers: list[Difference]) -> str:
    """One line for the figures that follow from the listed differences: which deal, which figure, whose."""
    if not followers:
        return ""
    by_deal: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for d in followers:
        key = d.path.split("]", 1)[-1].lstrip(".").split(".")[0].split("[")[0]  # $.deals[2].net.Anna -> net
        what = {"totals": "running totals", "net": "results", "payments": "payments"}.get(key, "figures")
        by_deal[d.deal][what].append(d.player or "?")
    parts = [f"deal {deal + 1}: " + ", ".join(f"{what} ({', '.join(who)})" for what, who in kinds.items())
             for deal, kinds in sorted(by_deal.items())]
    count = len(followers)
    them = "them" if count > 1 else "it"
    return (f"{count} more figure{'s' if count > 1 else ''} differ{'' if count > 1 else 's'} only because of "
            f"these (the sheet's own settling and adding up of the figures above give {them}): " + "; ".join(parts))


@dataclass
class RulesDeal:
    """One deal as the rules re-derived it: each scored hand's event, the payments and the totals after them."""

    dealer: int = 0
    prevalent_wind: int = 0
    #: The winner's seat, or ``None`` for a deal that was not won.
    winner: int | None = None
    scores: dict[int, dict[str, Any]] = field(default_factory=dict)
    payments: list[tuple[int, int, int, str]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    penalty: str | None = None
    #: What moved to and from the table's pot in the deal, as ``(seat, points)`` (riichi's sticks: a declarer's
    #: stick in, the pot out to the winner): in each seat's result, between no two players.
    pot: list[tuple[int, int]] = field(default_factory=list)
    #: The dealer-repeat counters the deal was played with (``honba``), as the table's ``counter`` events set them.
    counters: dict[str, int] = field(default_factory=dict)
    #: Whether the deal's last line is read: a payment after it (the game's end: oka and uma) is not the deal's.
    closed: bool = False

    def net(self, players: int) -> list[int]:
        """Each seat's result of the deal: the payments between players, and the pot's moves."""
        out = net_payments(self.payments, players)
        for seat, points in self.pot:
            out[seat] += points
        return out


def rules_deals(events: Iterable[dict[str, Any]]) -> list[RulesDeal]:
    """The deals of a produced event stream, in order."""
    deals: list[RulesDeal] = []
    counters: dict[str, int] = {}
    for event in events:
        kind = event["type"]
        if kind == "deal_start":
            deals.append(RulesDeal(dealer=event["dealer"], prevalent_wind=event["prevalent_wind"],
                                   counters=dict(counters)))
        elif kind == "counter":
            counters[event["name"]] = event["value"]
        elif not deals or deals[-1].closed:
            continue
        elif kind == "mahjong":
            deals[-1].winner = event["seat"]
        elif kind == "score":
            deals[-1].scores[event["seat"]] = event
        elif kind == "payment":  # paid as it happened (a stick into the pot, the ready hands paid at a draw)
            payer, payee, amount = event["payer"], event["payee"], event["amount"]
            if payer is not None and payee is not None:
                deals[-1].payments.append((payer, payee, amount, event["reason"]))
            else:
                deals[-1].pot += [(seat, sign * amount) for seat, sign in ((payer, -1), (payee, 1)) if seat is not None]
        elif kind == "settlement":
            deals[-1].payments = [*deals[-1].payments, *((a, b, n, r) for a, b, n, r in event["payments"])]
            deals[-1].totals = list(event["scores"])
        elif kind == "penalty":
            deals[-1].penalty = event["rule"]
        elif kind == "deal_end":
            deals[-1].closed = True
    return deals


def compare_final(sheet: Sheet, events: Iterable[dict[str, Any]]) -> list[Difference]:
    """The sheet's ``final`` points against the game's end by the rules, with what the rules paid then (the pot
    left to first place, the oka, the uma: the ruleset's ``mahjong_game_settlement``)."""
    if not sheet.final:
        return []
    names, ended, final = sheet.players, False, None
    paid: list[str] = []
    for event in events:
        kind = event["type"]
        if kind == "deal_start":
            paid, ended = [], False
        elif kind == "deal_end":
            ended = True
        elif kind == "payment" and ended:
            who = [("the pot" if s is None else names[s]) for s in (event["payer"], event["payee"])]
            paid.append(f"rules: {who[0]} -> {who[1]} {event['amount']} ({event['reason']})")
        elif kind == "game_end":
            final = event["scores"]
    out = []
    for seat, value in sorted(sheet.final.items()):
        have = final[seat] if final is not None else None
        if value != have:
            path = _path("$", "final", names[seat])
            out.append(Difference(len(sheet.deals) - 1, names[seat], path, sheet.line_of(path),
                                  f"the sheet's final score is {value}, the rules' {have} (at the game's end, "
                                  "after what the rules pay then)", tuple(paid) or ("the rules pay nothing at the "
                                                                                    "game's end",)))
    return out


def compare(sheet: Sheet, deals: list[RulesDeal]) -> list[Difference]:
    """Every difference between the sheet's written figures and the rules' (empty: the sheet is right)."""
    out: list[Difference] = []
    for deal, ruled in zip(sheet.deals, deals, strict=False):
        out += _compare_outcome(sheet, deal, ruled)
    carry = _Carry()
    for deal, ruled in zip(sheet.deals, deals, strict=False):
        out += _compare_deal(sheet, deal, ruled, carry)
    return sorted(out, key=lambda d: (d.deal, d.line or 0))


@dataclass
class _Carry:
    """What the comparison carries from deal to deal, by seat."""

    #: The running total the sheet's own figures give so far.
    running: dict[int, int] = field(default_factory=dict)
    #: The path of the last running total the sheet wrote.
    last_total: dict[int, str] = field(default_factory=dict)
    #: The paths of every figure found to differ so far (a figure that follows names these as its causes).
    differed: set[str] = field(default_factory=set)


def _compare_outcome(sheet: Sheet, deal: SheetDeal, ruled: RulesDeal) -> list[Difference]:
    """The sheet's dealer and round against the rules' rotation; a move-by-move deal's written result."""
    names, winds = sheet.players, ("East", "South", "West", "North")
    said: list[tuple[str, str, str]] = []
    if deal.dealer is not None and deal.dealer != ruled.dealer:
        said.append(("dealer", f"East (the dealer) is {names[deal.dealer]}",
                     f"by the rules' rotation {names[ruled.dealer]} is East"))
    if deal.round_wind is not None and deal.round_wind != ruled.prevalent_wind:
        said.append(("round", f"the round wind is {winds[deal.round_wind]}",
                     f"by the rules' rotation it is {winds[ruled.prevalent_wind]}"))
    if deal.counter is not None and deal.counter != ruled.counters.get("honba", 0):
        said.append(("honba", f"the deal was played with {deal.counter} honba",
                     f"by the rules' dealer repeats it was {ruled.counters.get('honba', 0)}"))
    if deal.moves and (deal.winner is not None or deal.drawn) and deal.winner != ruled.winner:
        result = "the deal was drawn" if ruled.winner is None else f"{names[ruled.winner]} won"
        said.append(("winner" if deal.winner is not None else "drawn",
                     "the deal was drawn" if deal.winner is None else f"{names[deal.winner]} won",
                     f"by its moves {result}"))
    return [Difference(deal.index, None, f"{deal.path}.{key}", sheet.line_of(f"{deal.path}.{key}"),
                       f"the sheet says {sheet_says}; {rules_say}") for key, sheet_says, rules_say in said]


def _compare_deal(sheet: Sheet, deal: SheetDeal, ruled: RulesDeal, carry: _Carry) -> list[Difference]:
    """One deal's written figures against the rules'; ``carry`` holds the sheet's own totals across deals."""
    names = sheet.players
    out: list[Difference] = []

    def diff(player: int | None, path: str, message: str, explanation: Iterable[str] = (),
             follows: str | None = None, causes: Iterable[str] = (), figure: str | None = None) -> None:
        out.append(Difference(deal.index, None if player is None else names[player], path, sheet.line_of(path),
                              message, tuple(explanation), follows, tuple(causes) if follows else (),
                              figure if follows else None))
        carry.differed.add(path)

    def lines(paths: Iterable[str]) -> str:
        found = sorted({n for n in (sheet.line_of(p) for p in paths) if n is not None})
        return (" on line" + ("s " if len(found) > 1 else " ") + ", ".join(map(str, found))) if found else ""

    written = deal.written
    valued: set[int] = set()  # the seats whose hand value the sheet has wrong
    value_paths = {seat: _path(deal.path, "values", names[seat]) for seat in range(len(names))}
    for seat, value in sorted(written.values.items()):
        score = ruled.scores.get(seat)
        have = score["value"] if score is not None else 0
        if value != have:
            valued.add(seat)
            diff(seat, value_paths[seat], f"the sheet values the hand at {value}, the rules "
                 f"at {have}", _value_explanation(sheet.ruleset, score, value, have))
    ruled_net = ruled.net(len(names))
    # What the sheet's own figures give for this deal: its written payments summed, where it writes them.
    own_net = None
    paid: dict[int, list[str]] = defaultdict(list)  # seat -> the paths of its payments that differ
    if written.payments is not None:
        for difference, seats in _compare_payments(sheet, deal, ruled, valued):
            out.append(difference)
            carry.differed.add(difference.path)
            for seat in seats:
                paid[seat].append(difference.path)
        own_net = net_payments([(a, b, n, "") for a, b, n, _ in written.payments], len(names))
    from_values = [value_paths[seat] for seat in sorted(valued)]
    net_paths = {seat: _path(deal.path, "net", names[seat]) for seat in range(len(names))}
    for seat, value in sorted(written.net.items()):
        if value != ruled_net[seat]:
            causes: list[str] = []
            if own_net is not None:
                follows = "the sum of the sheet's payments" if value == own_net[seat] else None
                causes = paid[seat]
                reason = "the sum of the sheet's payments" + (f", with the one{lines(causes)}" if causes else "")
            else:  # no payments written: every result of the deal is settled from its hand values
                follows = _FROM_VALUES if valued else None
                causes = from_values
                reason = f"settled from the hand value{'s' if len(causes) > 1 else ''}{lines(causes)}"
            diff(seat, net_paths[seat], f"the sheet has {_signed(value)} for this deal, the "
                 f"rules {_signed(ruled_net[seat])}",
                 _payments_of(sheet, ruled, seat) + _east_hint(sheet, deal, ruled, seat, value), follows, causes,
                 f"{names[seat]}'s result {_signed(value)} ({reason})")
    for seat in range(len(names)):
        have = ruled.totals[seat] if seat < len(ruled.totals) else 0
        before = carry.running.get(seat, have - ruled_net[seat])
        sheet_net = written.net.get(seat, own_net[seat] if own_net is not None else ruled_net[seat])
        total = written.totals.get(seat)
        carry.running[seat] = before + sheet_net if total is None else total
        path = _path(deal.path, "totals", names[seat])
        previous = carry.last_total.get(seat)
        if total is not None:
            carry.last_total[seat] = path
        if total is None or total == have:
            continue
        value = total
        follows = "the sheet's running total before this deal and its result" if value == before + sheet_net \
            else None
        note = [f"off by {_signed(value - have)}, as the sheet's own total before this deal and its result for "
                "this deal give: not a new mistake"] if follows else []
        # What it is carried from: the total before it and this deal's result, where either differs.
        causes = [p for p in (previous,) if p is not None and p in carry.differed]
        if seat in written.net:
            causes += [net_paths[seat]] if net_paths[seat] in carry.differed else []
        elif own_net is not None:
            causes += paid[seat]
        else:
            causes += from_values
        diff(seat, path, f"the sheet's running total is {value}, the "
             f"rules' {have}", note, follows, causes,
             f"{names[seat]}'s running total {value} (carried from{lines(causes).removeprefix(' on')})" if causes
             else f"{names[seat]}'s running total {value} (the sheet's total before this deal and its result)")
    return out


#: Why a payment or a deal's result is counted under a wrong hand value rather than listed: settled from it.
_FROM_VALUES = "the hand values the sheet gives above, from which the deal is settled"


def _compare_payments(sheet: Sheet, deal: SheetDeal, ruled: RulesDeal,
                      valued: set[int]) -> list[tuple[Difference, tuple[int, ...]]]:
    """The sheet's payments against the rules', payee by payee (several payments between two players add up).

    A pair's payment that differs where the sheet has either player's hand value wrong follows from that value
    (``valued``), and is counted under it.

    Where a payee receives the same amounts on the sheet as by the rules, but from other players, the
    difference is one: payments by the wrong players.  Otherwise each pair that differs is one.
    """
    names = sheet.players
    assert deal.written.payments is not None
    written: dict[tuple[int, int], int] = defaultdict(int)
    rows: dict[tuple[int, int], list[tuple[int, str]]] = defaultdict(list)
    for payer, payee, amount, path in deal.written.payments:
        written[(payer, payee)] += amount
        rows[(payer, payee)].append((amount, path))
    rules: dict[tuple[int, int], int] = defaultdict(int)
    reasons: dict[tuple[int, int], list[str]] = defaultdict(list)
    amounts: dict[tuple[int, int], list[int]] = defaultdict(list)
    for payer, payee, amount, reason in ruled.payments:
        rules[(payer, payee)] += amount
        reasons[(payer, payee)].append(f"{amount} ({reason})")
        amounts[(payer, payee)].append(amount)
    # A pair's rows that no payment of the rules between them accounts for: the row to correct is the first of
    # them, not the pair's first row (the sheet may write the base and the hand's payment on two lines).
    where: dict[tuple[int, int], str] = {}
    for pair, written_rows in rows.items():
        left = list(amounts.get(pair, ()))
        unmatched = []
        for amount, path in written_rows:
            if amount in left:
                left.remove(amount)
            else:
                unmatched.append(path)
        where[pair] = (unmatched or [written_rows[0][1]])[0]
    out: list[tuple[Difference, tuple[int, ...]]] = []  # each difference with the seats whose payments it is
    whole = f"{deal.path}.payments"
    # A payment settled from a wrong hand value: only where the sheet has no payment of that player right, for
    # one right payment shows the table settled from the right value (and the wrong payment is a slip of its own).
    settled_wrong = {seat for seat in valued
                     if not any(written.get(pair, 0) == rules.get(pair, 0)
                                for pair in set(written) | set(rules) if seat in pair and rules.get(pair, 0))}

    def rule_rows(pairs: Iterable[tuple[int, int]]) -> list[str]:
        return [f"rules: {names[p]} -> {names[q]} {', '.join(reasons[(p, q)])}" for p, q in pairs if (p, q) in rules]

    for payee in sorted({q for _, q in written} | {q for _, q in rules}):
        sheet_by = {p: n for (p, q), n in written.items() if q == payee and n}
        rules_by = {p: n for (p, q), n in rules.items() if q == payee and n}
        if sheet_by == rules_by:
            continue
        wrong = sorted(p for p in set(sheet_by) | set(rules_by) if sheet_by.get(p) != rules_by.get(p))
        if sorted(sheet_by.values()) == sorted(rules_by.values()):
            path = next((where[(p, payee)] for p in wrong if (p, payee) in where), whole)
            said = ", ".join(f"{names[p]} pay {sheet_by[p]}" for p in wrong if p in sheet_by)
            ruled_text = ", ".join(f"{names[p]} pays {rules_by[p]}" for p in wrong if p in rules_by)
            notes = [f"{names[deal.discarder]} gave the winning tile (`from`)"] if deal.discarder in wrong else []
            out.append((Difference(deal.index, names[payee], path, sheet.line_of(path),
                                   f"payments to {names[payee]} by the wrong players: the sheet has {said}; by the "
                                   f"rules {ruled_text}", (*rule_rows((p, payee) for p in wrong), *notes)),
                        (payee, *wrong)))
            continue
        for payer in wrong:
            pair = (payer, payee)
            have, want = sheet_by.get(payer, 0), rules_by.get(payer, 0)
            path = where.get(pair, whole)
            if not have:
                message = f"the sheet has no payment from {names[payer]} to {names[payee]}; the rules have {want}"
            elif not want:
                message = (f"the sheet has {names[payer]} pay {names[payee]} {have}; the rules have no payment "
                           f"between them this way")
            else:
                message = f"the sheet has {names[payer]} pay {names[payee]} {have}, the rules {want}"
            hints = (*_pair_east_hint(sheet, ruled, pair, have, want), *_band_hint(sheet, ruled, pair, have, want),
                     *(_part_hint(ruled, pair, have) if len(rows.get(pair, ())) == 1 else ()))
            from_value = sorted(settled_wrong & {payer, payee})
            value_lines = ", ".join(str(sheet.line_of(_path(deal.path, "values", names[s]))) for s in from_value)
            out.append((Difference(deal.index, names[payer], path, sheet.line_of(path), message,
                                   (*rule_rows([pair]), *hints), _FROM_VALUES if from_value else None,
                                   tuple(_path(deal.path, "values", names[s]) for s in from_value),
                                   f"{names[payer]} pays {names[payee]} {have} (settled from the hand value on line "
                                   f"{value_lines})" if from_value else None),
                        (payer, payee)))
    return out


def _path(deal_path: str, key: str, name: str) -> str:
    return f"{deal_path}.{key}.{name}" if name.isidentifier() else f"{deal_path}.{key}[{name!r}]"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def net_payments(payments: list[tuple[int, int, int, str]], players: int) -> list[int]:
    """Each seat's net gain from ``(payer, payee, amount, note)`` payments: what a sheet writes in its net row."""
    net = [0] * players
    for payer, payee, amount, _ in payments:
        net[payer] -= amount
        net[payee] += amount
    return net


def _items(score: dict[str, Any] | None) -> list[str]:
    if score is None:
        return ["the rules score nothing for this hand"]
    lines = []
    for item in score.get("items", ()):
        count = f" x{item['count']}" if item.get("count", 1) != 1 else ""
        detail = f" ({item['detail']})" if item.get("detail") else ""
        source = f"  [{item['source']}]" if item.get("source") else ""
        lines.append(f"{item['name']}{detail}: {item['kind']} {item['value']}{count}{source}")
    if score.get("limit"):
        lines.append(f"limited: {score['limit']}")
    return lines


def _value_explanation(ruleset: Ruleset, score: dict[str, Any] | None, written: int, have: int) -> list[str]:
    lines = [f"rules: {line}" for line in _items(score)]
    if written <= 0 or have <= 0 or score is None:
        return lines
    return lines + _doubling_hint(score, written, have) + _fan_hint(ruleset, score, written) + \
        _item_hint(score, written, have)


def _item_hint(score: dict[str, Any], written: int, have: int) -> list[str]:
    """An item forgotten where a hand's value is the sum of its items (MCR's fan, a classical hand without
    doublings): the sheet's value is the rules' without one item, or two -- named with their sources."""
    items = [i for i in score.get("items", ()) if i.get("kind") != "doubling" and int(i.get("value", 0))]
    if written >= have or sum(int(i["value"]) * int(i.get("count", 1)) for i in items) != have:
        return []
    units = [(i["name"], i.get("source"), int(i["value"])) for i in items for _ in range(int(i.get("count", 1)))]
    ways = [way for way in _subsets(units, have - written) if len(way) <= 2]
    if not ways or len(ways) > 3:
        return []
    said = "; or ".join(", ".join(f"{name} ({value}{', ' + source if source else ''})" for name, source, value in way)
                        for way in ways)
    return [f"the sheet's {written} is the rules' {have} without {said}"]


def _part_hint(ruled: RulesDeal, pair: tuple[int, int], have: int) -> list[str]:
    """A part of a payment forgotten: the sheet's amount is the sum of some of the parts the rules pay (MCR's
    base points and hand points, a classical hand's payment and the difference between losers)."""
    parts = [(n, reason) for a, b, n, reason in ruled.payments if (a, b) == pair]
    if len(parts) < 2 or have <= 0:
        return []
    for mask in range(1, (1 << len(parts)) - 1):
        if sum(n for i, (n, _) in enumerate(parts) if mask >> i & 1) == have:
            left = [f"{reason} ({n})" for i, (n, reason) in enumerate(parts) if not mask >> i & 1]
            return [f"the sheet's {have} is the rules' payment without {', '.join(left)}"]
    return []


def _doubling_hint(score: dict[str, Any], written: int, have: int) -> list[str]:
    """A doubling forgotten (or one too many): the sheet's value is the rules' off by a power of two, or the hand's
    points doubled fewer times than the rules double them -- named with the doubling(s) that would explain it."""
    items = score.get("items", ())
    units = [(i["name"], i.get("source"), int(i["value"])) for i in items if i.get("kind") == "doubling"
             for _ in range(int(i.get("count", 1)))]
    counted = sum(n for _, _, n in units)
    base = sum(int(i["value"]) * int(i.get("count", 1)) for i in items if i.get("kind") == "points")
    missing = None
    if 0 < base and counted:
        missing = next((counted - j for j in range(counted) if written == base << j), None)
    big, small = max(written, have), min(written, have)
    ratio = big // small if big % small == 0 else 0
    if missing is None and counted and ratio > 1 and not ratio & (ratio - 1) and written < have:
        missing = ratio.bit_length() - 1
    if missing is None:
        if ratio > 1 and not ratio & (ratio - 1) and written > have:
            k = ratio.bit_length() - 1
            return [f"a factor of {ratio}: {k} doubling{'s' if k > 1 else ''} too many on the sheet (the rules count "
                    f"{counted})"]
        return []
    plural = "s" if missing > 1 else ""
    factor = 1 << missing
    before = f"; the sheet's {written} is the hand's points before any doubling" \
        if missing == counted and written == base else ""
    line = (f"a factor of {factor}: {missing} doubling{plural} missing from the sheet (the rules count "
            f"{counted}){before}")
    if missing > counted:
        return [line]
    ways = _subsets(units, missing)
    if len(ways) == 1:
        named = ", ".join(f"{name} ({source})" if source else name for name, source, _ in ways[0])
        return [line, f"forgotten: {named}"]
    if ways:
        shown = "; or ".join(", ".join(name for name, _, _ in way) for way in ways[:4])
        return [line, f"forgotten: {shown}"]
    return [line]


def _subsets(units: list[tuple[str, str | None, int]], target: int) -> list[list[tuple[str, str | None, int]]]:
    """The distinct sets of doublings (by name) that add up to ``target`` doublings, fewest names first."""
    found: dict[tuple[str, ...], list[tuple[str, str | None, int]]] = {}
    if len(units) > 12:
        return []
    for mask in range(1, 1 << len(units)):
        chosen = [u for i, u in enumerate(units) if mask >> i & 1]
        if sum(n for _, _, n in chosen) == target:
            found.setdefault(tuple(sorted(name for name, _, _ in chosen)), chosen)
    return [found[key] for key in sorted(found, key=lambda k: (len(k), k))]


def _bands(ruleset: Ruleset) -> list[tuple[str, int, int | None, int, str | None]]:
    """The ruleset's fan bands (Hong Kong's ``scoring.fan_points``): name, least and most fan, points, source."""
    table = (ruleset.tables.get("scoring") or {}).get("fan_points")
    if not isinstance(table, Mapping):
        return []
    bands = []
    for name, entry in table.items():
        value = entry.get("value", entry) if isinstance(entry, Mapping) else None
        if isinstance(value, Mapping) and isinstance(value.get("points"), int) and isinstance(value.get("min"), int):
            source = entry.get("source")
            bands.append((str(name), value["min"], value.get("max"), value["points"], source))
    return bands


def _band_text(band: tuple[str, int, int | None, int, str | None]) -> str:
    name, low, high, points, source = band
    fan = f"{low} fan" if high == low else (f"{low} to {high} fan" if high is not None else f"{low} fan or more")
    return f"{points} points, the band of {fan} ({name}{', ' + source if source else ''})"


def _fan_hint(ruleset: Ruleset, score: dict[str, Any], written: int) -> list[str]:
    """A fan band read wrong: the sheet's value is the points of another fan count's band, or the fan count itself."""
    bands = _bands(ruleset)
    fan = (score.get("raw") or {}).get("fan")
    if not bands or not isinstance(fan, int):
        return []
    other = [b for b in bands if b[3] == written]
    if other:
        return [f"the sheet's {written} is {_band_text(other[0])}; the rules count {fan} fan, worth "
                f"{score['value']}"]
    if written == fan:
        return [f"the sheet's {written} is the hand's fan count; its value is the points of its band, {score['value']}"]
    return []


def _band_hint(sheet: Sheet, ruled: RulesDeal, pair: tuple[int, int], have: int, want: int) -> list[str]:
    """A payment of another fan band: the sheet's amount is another band's points times this payer's multiple."""
    bands = _bands(sheet.ruleset)
    winner = ruled.winner
    score = ruled.scores.get(winner) if winner is not None else None
    if not bands or score is None or not score.get("value") or have <= 0 or pair[1] != winner:
        return []
    points = int(score["value"])
    if want % points:
        return []
    times = want // points
    other = [b for b in bands if b[3] * times == have and b[3] != points]
    if not other:
        return []
    fan = (score.get("raw") or {}).get("fan")
    said = _band_text(other[0]) if times == 1 else f"{times} x {_band_text(other[0])}"
    return [f"the sheet's {have} is {said}; the rules count {fan} fan, {points} points"]


def _payments_of(sheet: Sheet, ruled: RulesDeal, seat: int) -> list[str]:
    names = sheet.players
    rows = [f"rules: {names[a]} -> {names[b]} {n} ({r})" for a, b, n, r in ruled.payments if seat in (a, b)]
    if ruled.penalty:
        rows.append(f"rules: the penalty {ruled.penalty} replaced the hand's settlement")
    return rows or ["rules: no payment for this player in this deal"]


def _east_source(sheet: Sheet) -> str | None:
    """``east_pays_double`` and its source, where the ruleset doubles East's payments."""
    ruleset = sheet.ruleset
    if not ruleset.get("east_pays_double"):
        return None
    try:
        return f"east_pays_double, {ruleset.source_of('parameters.east_pays_double')}"
    except Exception:  # noqa: BLE001 -- a third-party table without a citation path: name the parameter alone
        return "east_pays_double"


def _east_hint(sheet: Sheet, deal: SheetDeal, ruled: RulesDeal, seat: int, written: int) -> list[str]:
    """East's double misplaced: the sheet's result is what the payments give with East's double forgotten, or
    with another player paid and receiving double as if East."""
    source = _east_source(sheet)
    if source is None or written == ruled.net(len(sheet.players))[seat]:
        return []
    dealer, names = ruled.dealer, sheet.players
    undoubled = [(a, b, n // 2 if dealer in (a, b) and n % 2 == 0 else n, r) for a, b, n, r in ruled.payments]
    if net_payments(undoubled, len(names))[seat] == written:
        return [f"the sheet's figure is the rules' with East's payments not doubled: East ({names[dealer]}) "
                f"pays and receives double ({source})"]
    for east in range(len(names)):
        if east == dealer:
            continue
        moved = [(a, b, 2 * n if east in (a, b) else n, r) for a, b, n, r in undoubled]
        if net_payments(moved, len(names))[seat] == written:
            return [f"the sheet's figure is what the payments give with {names[east]} as East: by the rules' "
                    f"rotation East is {names[dealer]}, who alone pays and receives double ({source})"]
    return []


def _pair_east_hint(sheet: Sheet, ruled: RulesDeal, pair: tuple[int, int], have: int, want: int) -> list[str]:
    """A payment that is what a non-dealer pays where East is in it (double forgotten), or East's where neither is."""
    source = _east_source(sheet)
    if source is None:
        return []
    names, dealer = sheet.players, ruled.dealer
    if dealer in pair and want == 2 * have:
        return [f"half the rules' amount: East ({names[dealer]}) pays and receives double ({source})"]
    if dealer not in pair and have == 2 * want:
        return [f"double the rules' amount, as if East paid or received it: neither {names[pair[0]]} nor "
                f"{names[pair[1]]} is East (by the rules' rotation East is {names[dealer]}; {source})"]
    return []
