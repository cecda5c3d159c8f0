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
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from mahjong_core.engine.game import Game, GameResult
from mahjong_core.errors import MahjongError, ReplayError, RulesetError
from mahjong_core.hand.notation import parse_hand
from mahjong_core.hand.situation import flag_names
from mahjong_core.hand.tiles import KINDS, TileSet
from mahjong_core.log.fold import header_tile_set
from mahjong_core.log.format import ReplayWriter, header
from mahjong_core.sheets.compare import Difference, compare, compare_final, consequences, roots, rules_deals, summary
from mahjong_core.sheets.game import SheetGame
from mahjong_core.sheets.moves import MovesPlayer, MovesScript
from mahjong_core.sheets.read import SAID_FACTS, Sheet, SheetDeal, SheetError, Written, own_tiles

if TYPE_CHECKING:
    from mahjong_core.log.chain import Signer
    from mahjong_core.log.format import ReplayLog

__all__ = ["Recorded", "deals_of_log", "has_revealed_deals", "log_text", "record"]

_KIND_OF = {k.code: k.index for k in KINDS}


@dataclass
class Recorded:
    """A sheet re-enacted by the rules: the log's header and events, and where the sheet differs from them."""

    sheet: Sheet
    header: dict[str, Any]
    events: list[dict[str, Any]]
    result: GameResult
    #: The figures that are mistakes of their own, each at its line.
    differences: list[Difference] = field(default_factory=list)
    #: The figures that differ only because of those (:func:`~.compare.roots`): counted, not listed as new.
    follows: list[Difference] = field(default_factory=list)
    #: Whether the rules end the game where the sheet ends (its last deal the game's last); ``False`` for a game the
    #: table stopped early, which the log still settles where the sheet ends, as a club's evening may.
    over: bool = True

    def report(self) -> str:
        """The differences, one block each with the figures that follow from it, and a line counting those."""
        groups = consequences(self.differences, self.follows)
        lines = ["  " + d.text(then).replace("\n", "\n  ") for d, then in zip(self.differences, groups, strict=True)]
        if self.follows:
            lines.append("  " + summary(self.follows))
        return "\n".join(lines)


def record(sheet: Sheet) -> Recorded:
    """Re-enact ``sheet`` through the engine and compare its written figures with the rules'.

    A sheet written as results is laid down deal by deal (``sheets.game.SheetGame``); one written move by move
    is played (``sheets.moves``), and its log is an ordinary physical-table log.

    :raises SheetError: for a deal the rules cannot play or score as written (a move they do not allow, a
        winner's hand that is no mahjong, a fact missing, more copies of a tile than the set has), or more
        deals than the rules' game has.
    """
    by_moves = [bool(deal.moves) for deal in sheet.deals]
    if any(by_moves) and not all(by_moves):
        first = sheet.deals[by_moves.index(not by_moves[0])]
        raise sheet.error("a sheet gives every deal move by move (`dealt` and `moves`) or every deal as its "
                          "result (`hands`, `winner`), not some of each", first.path)
    events: list[dict[str, Any]] = []
    watch = _EndWatch(len(sheet.deals), events.append)
    if by_moves[0]:
        game, script = _played(sheet, watch)
        watch.game = game
        result = _play_moves(sheet, game, script)
    else:
        game = SheetGame(sheet.ruleset, sheet.players, sheet.deals, locate=sheet.error, emit=watch)
        watch.game = game
        result = game.play()
    if result.deals < len(sheet.deals):
        raise sheet.error(f"the rules of {sheet.ruleset.id} end the game after {result.deals} deals, but the sheet "
                          f"goes on to {len(sheet.deals)}", f"$.deals[{result.deals}]")
    seats = [{"seat": i, "name": name, "kind": "human"} for i, name in enumerate(sheet.players)]
    head = header(sheet.ruleset, None, None, seats, game.table.teams, {"max_deals": len(sheet.deals)})
    tiles = own_tiles(sheet.ruleset)
    if tiles is not None and not by_moves[0]:  # hands written in the notation: a fold needs the set to read them
        head["tile_set"] = header_tile_set(tiles)
    own, follows = roots(compare(sheet, rules_deals(events)) + compare_final(sheet, events))
    return Recorded(sheet, head, events, result, own, follows, over=watch.over)


class _EndWatch:
    """Passes a game's events on, and asks the rules whether the game is over as the rotation after the sheet's
    last deal is logged: then, before the game-end settlement moves any points (an uma can take a seat below zero,
    which would read as a game ended by busting), the table stands as the rules judge it."""

    def __init__(self, deals: int, sink: Callable[[dict[str, Any]], None]) -> None:
        self.deals, self.sink, self.rotations = deals, sink, 0
        self.game: Game | None = None
        self.over = True

    def __call__(self, event: dict[str, Any]) -> None:
        self.sink(event)
        if event["type"] == "rotation" and self.game is not None:
            self.rotations += 1
            if self.rotations == self.deals:
                game = self.game
                self.over = bool(game.hook.mahjong_game_over(ruleset=game.ruleset, table=game.table))


def _played(sheet: Sheet, sink: Callable[[dict[str, Any]], None]) -> tuple[Game, MovesScript]:
    """The engine's game of a move-by-move sheet: the seats make the sheet's moves, the tiles are its own."""
    script = MovesScript(sheet.deals, sheet.players, sheet.error, sheet=True)

    def emit(event: dict[str, Any]) -> None:
        sink(event)
        script.seen(event)

    game = Game(sheet.ruleset, [MovesPlayer(name, script) for name in sheet.players], None, emit=emit,
                max_deals=len(sheet.deals), tile_source_factory=script.wall)
    return game, script


def _play_moves(sheet: Sheet, game: Game, script: MovesScript) -> GameResult:
    """Play a move-by-move sheet; what the observed tiles or the rules refuse is named at the sheet's move."""
    try:
        return game.play()
    except SheetError:
        raise
    except ReplayError as exc:
        raise sheet.error(exc.message, script.place(exc.place)) from None
    except RulesetError:
        raise
    except MahjongError as exc:
        raise sheet.error(f"the rules refuse the deal as written: {exc.message}", script.deal_path) from None


def log_text(recorded: Recorded, signer: Signer | None = None) -> str:
    """The sealed log's text (signed with ``signer`` if given), exactly as ``mahjong record`` writes it."""
    buffer = io.StringIO()
    with ReplayWriter(buffer, signer=signer) as writer:
        writer.write(recorded.header)
        for event in recorded.events:
            writer.write(event)
    return buffer.getvalue()


def has_revealed_deals(events: Sequence[dict[str, Any]]) -> bool:
    """Whether a log records its deals as revealed hands (a score sheet's log) rather than as moves."""
    return any(e.get("type") == "revealed" for e in events[:4])


def deals_of_log(log: ReplayLog, tiles: TileSet | None = None) -> list[SheetDeal]:
    """The deals of a score sheet's log, from each ``revealed`` event and the ``mahjong`` event after it.

    :param tiles: the log's ruleset's tile set, where it is not the standard one: hands are read in it (a red
        five, North set aside), as the sheet's reader read them.
    :raises ReplayError: at the event that does not read as a revealed deal.
    """
    seats = len(log.header["seats"])
    pairs: list[tuple[dict[str, Any], list[dict[str, Any]]]] = []
    aborted: dict[int, str] = {}
    open_deal = False
    for event in log.events:
        kind = event.get("type")
        if kind == "revealed":
            pairs.append((event, []))
            open_deal = True
        elif kind == "mahjong" and open_deal:  # several in a row: several winners on one discard
            pairs[-1][1].append(event)
        elif kind in ("score", "settlement") and pairs and pairs[-1][1]:
            open_deal = False
        elif kind == "abortive_draw" and open_deal:
            aborted[len(pairs) - 1] = str(event.get("reason"))
            open_deal = False
        elif kind in ("exhaustive_draw", "deal_end"):
            open_deal = False
    return [replace(_deal(i, revealed, wins, seats, log.source, tiles), abortive=aborted.get(i))
            for i, (revealed, wins) in enumerate(pairs)]


def _playing_kind(code: Any, tiles: TileSet | None) -> int | None:
    """The playing kind a tile code names (a red five's, its five), or ``None``."""
    if tiles is None:
        return _KIND_OF.get(code) if isinstance(code, str) else None
    kind = tiles.kind_of(code) if isinstance(code, str) else None
    return None if kind is None or tiles.plays_as[kind] < 0 else tiles.plays_as[kind]


def _deal(index: int, revealed: dict[str, Any], wins: list[dict[str, Any]], seats: int, source: str,
          tiles: TileSet | None = None) -> SheetDeal:
    """One revealed deal of a log, checked as the reader checks a sheet's (the log may have been tampered with).

    The re-enactment recomputes every score, payment, rotation and checkpoint of the log, but it takes the deal
    itself -- the hands, the flags, who had called, the facts, who won with which tile, how and from whom -- from
    these two events.  So each of those fields is checked here against what the others imply, the way
    :mod:`.read` derives them from a sheet: a field that agrees with nothing would pass unseen otherwise.
    """
    place = f"event {revealed['n']}"

    def wrong(message: str, where: str = place) -> ReplayError:
        return ReplayError(message, source=source, place=where)

    hands = []
    for i, text in enumerate(revealed.get("hands") or ()):
        try:
            hands.append(None if text is None else parse_hand(text, source=source, tiles=tiles, seats=seats))
        except MahjongError as exc:
            raise wrong(f"seat {i}'s revealed hand: {exc.message} ({exc.place})") from None
    calling = revealed.get("calling") or ()
    if len(hands) != seats or any(not 0 <= s < seats for s in calling):
        raise wrong(f"a revealed deal gives a hand for each of the {seats} seats, and calling seats among them")
    for i, hand in enumerate(hands):
        if hand is not None and hand.situations:
            raise wrong(f"seat {i}'s revealed hand carries the situation !{sorted(hand.situations)[0]}; a revealed "
                        "deal gives the win's situation in `flags` only")
    flags = list(revealed.get("flags") or ())
    known = flag_names()
    unknown = [f for f in flags if f not in known]
    if unknown:
        raise wrong(f"unknown flag {unknown[0]!r}; the flags are {', '.join(known)}")
    facts = dict(revealed.get("facts") or {})
    said = sorted(SAID_FACTS & set(facts))
    if said:
        raise wrong(f"the fact {said[0]!r} is said by the deal's flags, its calling seats, the mahjong event or the "
                    "rules' rotation, not by `facts`")
    figures, declared, told = _said(revealed, seats, wrong)
    win = wins[0] if wins else None
    winners = tuple(w.get("seat") for w in wins)
    claimed = [(w.get("tile"), w.get("how"), w.get("discarder")) for w in wins]
    if len(set(winners)) != len(winners) or any(c != claimed[0] for c in claimed[1:]):
        raise wrong("several mahjongs after a revealed deal are several winners on one tile: other seats, the same "
                    "tile, how and discarder", f"event {wins[1]['n']}")
    winner = tile = how = discarder = None
    if win is None:
        if figures is not None:
            raise wrong("a drawn deal (no mahjong follows) has no `score`: it is a win's")
        if flags or facts:
            raise wrong(f"a drawn deal (no mahjong follows) has no {'flags' if flags else 'facts'}: they are about "
                        "a win")
    else:
        where = f"event {win['n']}"
        winner, how, discarder = win.get("seat"), win.get("how"), win.get("discarder")
        tile = _playing_kind(win.get("tile", ""), tiles)
        for seat in winners:
            hand = hands[seat] if type(seat) is int and 0 <= seat < seats else None
            if figures is not None and seat in figures:
                if tile is None or hand is not None:
                    raise wrong("the mahjong after a revealed deal with a `score` names a winner whose hand is not "
                                "revealed, and a tile", where)
            elif tile is None or hand is None or hand.winning_tile != tile:
                raise wrong("the mahjong after a revealed deal names a winner whose revealed hand has its winning "
                            "tile", where)
        if figures is not None and not set(figures) <= set(winners):
            raise wrong(f"`score` gives the figures of seat {sorted(set(figures) - set(winners))[0]}, which did not "
                        "win")
        takes = how in ("discard", "robbing_kong")
        # ``type(...) is int``: JSON's true and false are Python's 1 and 0, and neither is a seat.
        if how not in ("discard", "robbing_kong", "self_drawn", "replacement") or takes != (discarder is not None) \
                or (takes and not (type(discarder) is int and 0 <= discarder < seats and discarder != winner)):
            raise wrong(f"a win by {how!r} with discarder {discarder!r}: a discard or a robbed kong names another "
                        "seat, a self-drawn or loose-tile win none", where)
        hows = sorted({"self_drawn", "replacement", "robbing_kong"} & set(flags))
        if hows != sorted({how} - {"discard"}):
            raise wrong(f"the flags {flags} say the win was {' and '.join(hows) or 'on a discard'}; the mahjong "
                        f"event says {how!r}")
        if ("calling" in flags) != (winner in calling) or ("calling_from_start" in flags and "calling" not in flags):
            raise wrong(f"the winner (seat {winner}) is {'' if winner in calling else 'not '}among the calling "
                        f"seats {sorted(calling)}, but the flags {'' if 'calling' in flags else 'do not '}say "
                        "`calling`: a declared calling hand is said both ways or neither")
    for i, hand in enumerate(hands):
        if hand is not None and i not in winners and hand.winning_tile is not None:
            raise wrong(f"seat {i} did not win, but its revealed hand marks a winning tile")
    if win is not None and told:
        raise wrong("a won deal has nothing `told`: the ready seats are a drawn deal's")
    return SheetDeal(index=index, path=place, hands=tuple(hands), winner=winner, how=how, discarder=discarder,
                     tile=tile, flags=frozenset(flags), facts=facts, calling=frozenset(calling), dealer=None,
                     round_wind=None, written=Written(), drawn=win is None, figures=figures, declared=declared,
                     told=told, winners=tuple(s for s in winners if type(s) is int) if len(winners) > 1 else ())


def _said(revealed: dict[str, Any], seats: int, wrong: Callable[[str], ReplayError]) -> tuple[
        dict[int, dict[str, Any]] | None, tuple[tuple[str, int], ...], dict[str, tuple[int, ...]]]:
    """A revealed deal's ``score``, ``declared`` and ``told``, each checked for its shape."""

    def seat_list(value: Any, what: str) -> list[int]:
        if not isinstance(value, list) or not all(type(s) is int and 0 <= s < seats for s in value) \
                or len(set(value)) != len(value):
            raise wrong(f"{what} is a list of distinct seats (0 to {seats - 1}), not {value!r}")
        return value

    figures = revealed.get("score")
    if figures is not None and (not isinstance(figures, dict) or not figures or not all(
            isinstance(k, str) and k.isdigit() and int(k) < seats and isinstance(v, dict) and v
            for k, v in figures.items())):
        raise wrong(f"`score` is the winners' figures by seat (`{{\"1\": {{\"han\": 3, \"fu\": 30}}}}`), "
                    f"not {figures!r}")
    declared = revealed.get("declared") or {}
    told = revealed.get("told") or {}
    if not isinstance(declared, dict) or not isinstance(told, dict):
        raise wrong("`declared` and `told` are objects of seats by name")
    unknown = sorted(set(told) - {"ready", "all_orphan_discards"})
    if unknown:
        raise wrong(f"`told` says {unknown[0]!r}; it tells `ready` and `all_orphan_discards` only")
    return (None if figures is None else {int(k): dict(v) for k, v in figures.items()},
            tuple((str(kind), seat) for kind, value in declared.items()
                  for seat in seat_list(value, f"declared {kind}")),
            {key: tuple(sorted(seat_list(value, f"told {key}"))) for key, value in told.items()})
