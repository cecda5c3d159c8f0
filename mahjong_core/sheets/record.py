"""A score sheet turned into a replay log, and a score sheet's replay log turned back into deals.

``mahjong record SHEET`` writes the canonical log of the game a sheet
describes: its header names the players (as people) and the ruleset, each
deal is a ``revealed`` event followed by the events the engine produces from
it -- the win, every hand's score with its items, the payments, a state
checkpoint -- and the log is sealed with the hash chain (and signed, if asked)
like any other.  The person writes no hash: the engine computes every one.
A sheet whose figures disagree with the rules is not recorded; the
differences are listed instead, so the log never holds a figure nobody checked.

The same log is audited and re-played by the ordinary commands: its deals are
read back from the ``revealed`` events (:func:`deals_of_log`) and re-enacted
by :class:`~mahjong_core.sheets.game.SheetGame`, and every line must come out
the same.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..errors import MahjongError, ReplayError
from .compare import Difference, compare, rules_deals
from .game import SheetGame
from .read import Sheet, SheetDeal, Written

if TYPE_CHECKING:
    from ..engine import GameResult
    from ..log_chain import Signer
    from ..replay_log import ReplayLog

__all__ = ["Recorded", "deals_of_log", "has_revealed_deals", "log_text", "record"]


@dataclass
class Recorded:
    """A sheet re-enacted by the rules: the log's header and events, and where the sheet differs from them."""

    sheet: Sheet
    header: dict[str, Any]
    events: list[dict[str, Any]]
    result: GameResult
    differences: list[Difference] = field(default_factory=list)


def record(sheet: Sheet) -> Recorded:
    """Re-enact ``sheet`` through the engine and compare its written figures with the rules'.

    :raises SheetError: for a deal the rules cannot score as written (not a mahjong, a fact missing, more
        copies of a tile than the set has), or more deals than the rules' game has.
    """
    from ..replay_log import header

    events: list[dict[str, Any]] = []
    game = SheetGame(sheet.ruleset, sheet.players, sheet.deals, locate=sheet.error, emit=events.append)
    result = game.play()
    if result.deals < len(sheet.deals):
        raise sheet.error(f"the rules of {sheet.ruleset.id} end the game after {result.deals} deals, but the sheet "
                          f"goes on to {len(sheet.deals)}", f"$.deals[{result.deals}]")
    seats = [{"seat": i, "name": name, "kind": "human"} for i, name in enumerate(sheet.players)]
    head = header(sheet.ruleset, None, None, seats, game.table.teams, {"max_deals": len(sheet.deals)})
    differences = compare(sheet, rules_deals(events), game.rotation_differences)
    return Recorded(sheet, head, events, result, differences)


def log_text(recorded: Recorded, signer: Signer | None = None) -> str:
    """The sealed log's text (signed with ``signer`` if given), exactly as ``mahjong record`` writes it."""
    from ..replay_log import ReplayWriter

    buffer = io.StringIO()
    with ReplayWriter(buffer, signer=signer) as writer:
        writer.write(recorded.header)
        for event in recorded.events:
            writer.write(event)
    return buffer.getvalue()


def has_revealed_deals(events: Sequence[dict[str, Any]]) -> bool:
    """Whether a log records its deals as revealed hands (a score sheet's log) rather than as moves."""
    return any(e.get("type") == "revealed" for e in events[:4])


def deals_of_log(log: ReplayLog) -> list[SheetDeal]:
    """The deals of a score sheet's log, from each ``revealed`` event and the ``mahjong`` event after it.

    :raises ReplayError: at the event that does not read as a revealed deal.
    """
    from ..notation import parse_hand
    from ..tiles import KINDS

    codes = {k.code: k.index for k in KINDS}
    deals: list[SheetDeal] = []
    revealed: dict[str, Any] | None = None
    for event in log.events:
        kind = event.get("type")
        if kind == "revealed":
            revealed = event
            deals.append(_deal(len(deals), event, None, parse_hand, codes, log.source))
        elif kind == "mahjong" and revealed is not None:
            deals[-1] = _deal(len(deals) - 1, revealed, event, parse_hand, codes, log.source)
            revealed = None
        elif kind in ("exhaustive_draw", "deal_end"):
            revealed = None
    return deals


def _deal(index: int, revealed: dict[str, Any], win: dict[str, Any] | None, parse_hand: Any,
          codes: dict[str, int], source: str) -> SheetDeal:
    place = f"event {revealed['n']}"
    hands = []
    for i, text in enumerate(revealed.get("hands") or ()):
        try:
            hands.append(None if text is None else parse_hand(text, source=source))
        except MahjongError as exc:
            raise ReplayError(f"seat {i}'s revealed hand: {exc.message} ({exc.place})", source=source,
                              place=place) from None
    winner = tile = how = discarder = None
    if win is not None:
        winner, how, discarder = win.get("seat"), win.get("how"), win.get("discarder")
        tile = codes.get(win.get("tile", ""))
        if tile is None or not isinstance(winner, int) or not 0 <= winner < len(hands):
            raise ReplayError("the mahjong after a revealed deal names no winner and tile of the hands",
                              source=source, place=f"event {win['n']}")
    return SheetDeal(index=index, path=place, hands=tuple(hands), winner=winner, how=how, discarder=discarder,
                     tile=tile, flags=frozenset(revealed.get("flags") or ()), facts=dict(revealed.get("facts") or {}),
                     calling=frozenset(revealed.get("calling") or ()), dealer=None, round_wind=None,
                     written=Written())
