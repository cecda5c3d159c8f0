"""What a referee reads after an audit: each deal's outcome, hands, scoring items, payments and totals.

The audit proves a log right or names its first wrong line; the report then
says what the log holds, deal by deal, from its own events (which the audit
has just re-derived): who won, with what and how, every scoring item with its
value and the rule it came from, every payment with its reason, and the
running totals.  Here it is data (and JSON, :func:`report_json`), made where
each log was checked; the ``mahjong`` command lays it out as text or as one
HTML page (:mod:`mahjong_core.cli.render.audit`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import TYPE_CHECKING, Any

from mahjong_core.plugin.score_card import card_maker, payment_notes, ruleset_of_header

if TYPE_CHECKING:
    from mahjong_core.audit.check import Verdict
    from mahjong_core.log.format import ReplayLog


@dataclass
class HandScore:
    """One seat's scored hand: its value, its arrangement, and each item with its source."""

    seat: int
    value: int
    items: list[dict[str, Any]]
    excluded: list[dict[str, Any]]
    melds: list[str]
    limit: str | None = None
    card: dict[str, Any] | None = None


@dataclass
class DealReport:
    """One deal as its log records it (after an audit, as the rules re-derived it)."""

    deal: int
    round: int
    dealer: int
    prevalent_wind: int
    outcome: str
    winner: int | None = None
    tile: str | None = None
    how: str | None = None
    discarder: int | None = None
    #: The deal's later wins, where more than one seat won it: (seat, tile, how, discarder) each, in order.
    more_wins: list[tuple[int, str | None, str | None, int | None]] = field(default_factory=list)
    hands: list[HandScore] = field(default_factory=list)
    payments: list[list[Any]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    payment_notes: list[str | None] = field(default_factory=list)


@dataclass
class LogReport:
    """A checked log's verdict with its deals: plain data, so it can be made where the log was checked.

    :param verdict: the verdict, without its parsed log.
    :param seats: the header's seats (for names); empty for a log that could not be read.
    :param deals: each deal's report; empty for a log that could not be read.
    """

    verdict: Verdict
    seats: list[dict[str, Any]]
    deals: list[DealReport]

    @classmethod
    def of(cls, verdict: Verdict) -> LogReport:
        log = verdict.log
        return cls(replace(verdict, log=None), list(log.header["seats"]) if log else [],
                   deal_reports(log) if log else [])

    def names(self) -> dict[int, str]:
        return {s["seat"]: s["name"] for s in self.seats}


def deal_reports(log: ReplayLog) -> list[DealReport]:
    """Every deal of a (parsed) log, in order, each hand with its score card (:func:`mahjong_core.card_maker`)."""
    ruleset = ruleset_of_header(log.header)
    card = card_maker(ruleset)
    deals: list[DealReport] = []
    for event in log.events:
        kind = event.get("type")
        if kind == "deal_start":
            deals.append(DealReport(event["deal"], event["round"], event["dealer"], event["prevalent_wind"],
                                    outcome="unfinished"))
            continue
        if not deals:
            continue
        deal = deals[-1]
        if kind == "mahjong" and deal.winner is not None:  # a second win: several on one discard, or play on
            deal.more_wins.append((event["seat"], event.get("tile"), event.get("how"), event.get("discarder")))
        elif kind == "mahjong":
            deal.outcome, deal.winner, deal.tile = "mahjong", event["seat"], event.get("tile")
            deal.how, deal.discarder = event.get("how"), event.get("discarder")
        elif kind == "exhaustive_draw" and deal.winner is not None:
            deal.notes.append("the wall ran out after the wins")
        elif kind == "exhaustive_draw":
            deal.outcome = "exhaustive draw"
        elif kind == "abortive_draw":
            deal.outcome = f"abortive draw ({str(event.get('reason')).replace('_', ' ')})"
        elif kind == "deal_abandoned":
            deal.outcome = "abandoned"
        elif kind == "score":
            deal.hands.append(HandScore(event["seat"], event.get("value", 0), list(event.get("items", [])),
                                        list(event.get("excluded", [])), _melds(event), event.get("limit"),
                                        card(event)))
        elif kind == "settlement":
            deal.payments += [list(p) for p in event["payments"]]
            deal.payment_notes += payment_notes(ruleset, deal.dealer, event["payments"])
            deal.totals = list(event["scores"])
        elif kind == "false_mahjong":
            deal.notes.append(f"seat {event['seat']} declared a false mahjong ({event.get('reason')}; "
                              f"{event.get('rule')})")
            deal.payments += [list(p) for p in event.get("payments", [])]
            deal.payment_notes += [None] * len(event.get("payments", []))
            deal.totals = list(event.get("scores", deal.totals))
        elif kind == "penalty":
            deal.notes.append(f"penalty {event.get('rule')} on seat {event.get('seat')}")
        elif kind == "payment":  # points moved outside the settlement: a stick, the pot, an uma at the game's end
            payer, payee = event.get("payer"), event.get("payee")
            deal.notes.append(f"{'the pot' if payer is None else f'seat {payer}'} pays {event.get('amount')} "
                              f"{'into the pot' if payee is None else f'to seat {payee}'} ({event.get('reason')})")
        elif kind == "timeout":
            deal.notes.append(f"seat {event['seat']} ran out of time ({event.get('what')}, "
                              f"{event.get('limit_ms')} ms): {event.get('action')}")
    return deals


def _melds(score: dict[str, Any]) -> list[str]:
    arrangement = score.get("arrangement") or {}
    return [f"[{''.join(m.get('tiles', []))}]" if m.get("exposed") else "".join(m.get("tiles", []))
            for m in arrangement.get("melds", [])]


def report_json(report: LogReport) -> dict[str, Any]:
    """The verdict with its deals, as one JSON-ready object."""
    out = report.verdict.to_json()
    out["seats"] = report.seats
    out["deal_reports"] = [asdict(d) for d in report.deals]
    return out


