"""What the table wrote against what the rules give: each difference named, with the items that explain it.

A referee checking a sheet wants more than "deal 3 is wrong": which
player's figure, by how much, and why the rules give another -- the scoring
items with their sources for a hand value, the payments with their reasons
for a settlement.  Where the shape of a difference says what was probably
forgotten (a factor of two is a doubling; a payment the rules have another
player make is a payment by the wrong player; half of what East pays or
receives is East's double) the difference says so, with the rule's source.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..rules import Ruleset
    from .read import Sheet, SheetDeal

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

    def text(self) -> str:
        where = f"deal {self.deal + 1}" + (f" (line {self.line})" if self.line else "")
        who = f", {self.player}" if self.player else ""
        return "\n".join([f"{where}{who}: {self.message}", *(f"    {e}" for e in self.explanation)])

    def to_json(self) -> dict[str, Any]:
        out = {"deal": self.deal + 1, "player": self.player, "path": self.path, "line": self.line,
               "message": self.message, "explanation": list(self.explanation)}
        if self.follows:
            out["follows"] = self.follows
        return out


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


def rules_deals(events: Iterable[dict[str, Any]]) -> list[RulesDeal]:
    """The deals of a produced event stream, in order."""
    deals: list[RulesDeal] = []
    for event in events:
        kind = event["type"]
        if kind == "deal_start":
            deals.append(RulesDeal(dealer=event["dealer"], prevalent_wind=event["prevalent_wind"]))
        elif kind == "mahjong":
            deals[-1].winner = event["seat"]
        elif kind == "score":
            deals[-1].scores[event["seat"]] = event
        elif kind == "settlement":
            deals[-1].payments = [(a, b, n, r) for a, b, n, r in event["payments"]]
            deals[-1].totals = list(event["scores"])
        elif kind == "penalty":
            deals[-1].penalty = event["rule"]
    return deals


def compare(sheet: Sheet, deals: list[RulesDeal]) -> list[Difference]:
    """Every difference between the sheet's written figures and the rules' (empty: the sheet is right)."""
    out: list[Difference] = []
    for deal, ruled in zip(sheet.deals, deals, strict=False):
        out += _compare_outcome(sheet, deal, ruled)
    running: dict[int, int] = {}  # seat -> the running total the sheet's own figures give so far
    for deal, ruled in zip(sheet.deals, deals, strict=False):
        out += _compare_deal(sheet, deal, ruled, running)
    return sorted(out, key=lambda d: (d.deal, d.line or 0))


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
    if deal.moves and (deal.winner is not None or deal.drawn) and deal.winner != ruled.winner:
        result = "the deal was drawn" if ruled.winner is None else f"{names[ruled.winner]} won"
        said.append(("winner" if deal.winner is not None else "drawn",
                     "the deal was drawn" if deal.winner is None else f"{names[deal.winner]} won",
                     f"by its moves {result}"))
    return [Difference(deal.index, None, f"{deal.path}.{key}", sheet.line_of(f"{deal.path}.{key}"),
                       f"the sheet says {sheet_says}; {rules_say}") for key, sheet_says, rules_say in said]


def _compare_deal(sheet: Sheet, deal: SheetDeal, ruled: RulesDeal, running: dict[int, int]) -> list[Difference]:
    """One deal's written figures against the rules'; ``running`` carries the sheet's own totals across deals."""
    names = sheet.players
    out: list[Difference] = []

    def diff(player: int | None, path: str, message: str, explanation: Iterable[str] = (),
             follows: str | None = None) -> None:
        out.append(Difference(deal.index, None if player is None else names[player], path, sheet.line_of(path),
                              message, tuple(explanation), follows))

    written = deal.written
    valued: set[int] = set()  # the seats whose hand value the sheet has wrong
    for seat, value in sorted(written.values.items()):
        score = ruled.scores.get(seat)
        have = score["value"] if score is not None else 0
        if value != have:
            valued.add(seat)
            diff(seat, _path(deal.path, "values", names[seat]), f"the sheet values the hand at {value}, the rules "
                 f"at {have}", _value_explanation(sheet.ruleset, score, value, have))
    ruled_net = _net(ruled.payments, len(names))
    # What the sheet's own figures give for this deal: its written payments summed, where it writes them.
    own_net = None
    if written.payments is not None:
        out += _compare_payments(sheet, deal, ruled, valued)
        own_net = _net([(a, b, n, "") for a, b, n, _ in written.payments], len(names))
    for seat, value in sorted(written.net.items()):
        if value != ruled_net[seat]:
            if own_net is not None:
                follows = "the sum of the sheet's payments" if value == own_net[seat] else None
            else:  # no payments written: every result of the deal is settled from its hand values
                follows = _FROM_VALUES if valued else None
            diff(seat, _path(deal.path, "net", names[seat]), f"the sheet has {_signed(value)} for this deal, the "
                 f"rules {_signed(ruled_net[seat])}",
                 _payments_of(sheet, ruled, seat) + _east_hint(sheet, deal, ruled, seat, value), follows)
    for seat in range(len(names)):
        have = ruled.totals[seat] if seat < len(ruled.totals) else 0
        before = running.get(seat, have - ruled_net[seat])
        sheet_net = written.net.get(seat, own_net[seat] if own_net is not None else ruled_net[seat])
        total = written.totals.get(seat)
        running[seat] = before + sheet_net if total is None else total
        if total is None or total == have:
            continue
        value = total
        follows = "the sheet's running total before this deal and its result" if value == before + sheet_net \
            else None
        note = [f"off by {_signed(value - have)}, as the sheet's own total before this deal and its result for "
                "this deal give: not a new mistake"] if follows else []
        diff(seat, _path(deal.path, "totals", names[seat]), f"the sheet's running total is {value}, the "
             f"rules' {have}", note, follows)
    return out


#: Why a payment or a deal's result is counted under a wrong hand value rather than listed: settled from it.
_FROM_VALUES = "the hand values the sheet gives above, from which the deal is settled"


def _compare_payments(sheet: Sheet, deal: SheetDeal, ruled: RulesDeal, valued: set[int]) -> list[Difference]:
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
    out: list[Difference] = []
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
            out.append(Difference(deal.index, names[payee], path, sheet.line_of(path),
                                  f"payments to {names[payee]} by the wrong players: the sheet has {said}; by the "
                                  f"rules {ruled_text}", (*rule_rows((p, payee) for p in wrong), *notes)))
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
            out.append(Difference(deal.index, names[payer], path, sheet.line_of(path), message,
                                  (*rule_rows([pair]), *_pair_east_hint(sheet, ruled, pair, have, want)),
                                  _FROM_VALUES if settled_wrong & {payer, payee} else None))
    return out


def _path(deal_path: str, key: str, name: str) -> str:
    return f"{deal_path}.{key}.{name}" if name.isidentifier() else f"{deal_path}.{key}[{name!r}]"


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _net(payments: list[tuple[int, int, int, str]], players: int) -> list[int]:
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
    big, small = max(written, have), min(written, have)
    if big % small or (big // small) & (big // small - 1):
        return lines  # not a power of two: no doubling explains it
    factor = big // small
    doublings = factor.bit_length() - 1
    counted = sum(i["value"] * i.get("count", 1) for i in score.get("items", ()) if i.get("kind") == "doubling")
    plural = "s" if doublings > 1 else ""
    if written > have:
        lines.append(f"a factor of {factor}: {doublings} doubling{plural} too many on the sheet (the rules count "
                     f"{counted})")
    elif counted >= doublings:
        lines.append(f"a factor of {factor}: {doublings} doubling{plural} missing from the sheet (the rules count "
                     f"{counted})")
    return lines


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
    """East's double forgotten: the sheet's figure is what the payments to or from East give when not doubled."""
    source = _east_source(sheet)
    if source is None:
        return []
    dealer = ruled.dealer
    undoubled = 0
    for payer, payee, amount, _ in ruled.payments:
        if seat not in (payer, payee):
            continue
        if dealer in (payer, payee) and amount % 2 == 0:
            amount //= 2
        undoubled += amount if payee == seat else -amount
    if undoubled != written or undoubled == _net(ruled.payments, len(sheet.players))[seat]:
        return []
    return [f"the sheet's figure is the rules' with East's payments not doubled: East ({sheet.players[dealer]}) "
            f"pays and receives double ({source})"]


def _pair_east_hint(sheet: Sheet, ruled: RulesDeal, pair: tuple[int, int], have: int, want: int) -> list[str]:
    source = _east_source(sheet)
    if source is None or ruled.dealer not in pair or want != 2 * have:
        return []
    return [f"half the rules' amount: East ({sheet.players[ruled.dealer]}) pays and receives double ({source})"]
