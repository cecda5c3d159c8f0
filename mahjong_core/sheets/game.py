"""A game re-enacted from its revealed hands: the engine's own scoring and settlement, without the moves.

A score sheet knows how each deal ended -- every hand as it was laid down,
who won with which tile and how -- but not the draws and discards that led
there.  So rather than computing scores beside the engine (and drifting from
it), :class:`SheetGame` *is* the engine: a :class:`~mahjong_core.engine.game.Game`
whose deals, instead of being played, set the table to the revealed hands and
end at once.  From there everything is the engine's: the win context comes
from the ruleset's ``mahjong_win_context`` hooks (with the sheet's situation
flags over them), each hand is scored by ``mahjong_score_hand``, penalties
and payments come from ``mahjong_penalties`` and ``mahjong_settle``, the next
dealer and round from ``mahjong_next_deal``, and the end of the game from
``mahjong_game_over`` -- the same calls, in the same order, as in a played
game, with any state the hooks keep across deals (consecutive wins, the
bank) kept the same way.  The events it emits are a replay log's, with one
``revealed`` event per deal in place of the wall, the dealing and the turns.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.engine.claims import claim_order
from mahjong_core.engine.deal_end import finish_deal
from mahjong_core.engine.game import Game
from mahjong_core.engine.plugin_actions import apply_plugin_action
from mahjong_core.engine.winning import win_outcome
from mahjong_core.errors import MahjongError, ReplayError, RulesetError
from mahjong_core.hand import situation
from mahjong_core.hand.melds import MeldKind
from mahjong_core.hand.notation import format_hand
from mahjong_core.hand.tiles import EAST, KINDS, TileSet
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.manager import ruleset_hooks
from mahjong_core.plugin.scoring import check_winning_size, score_with
from mahjong_core.sheets.read import SheetDeal, SheetError
from mahjong_core.table.events import score_fields
from mahjong_core.table.state import Action, Claim, Outcome, Payment, Table

if TYPE_CHECKING:
    from mahjong_core.engine.game import TileSource
    from mahjong_core.hand.score import Score
    from mahjong_core.rules import Ruleset

__all__ = ["SheetGame", "revealed_fields"]

#: Turns a message and a place of the deal (a sheet's JSON path, or a log's ``event N``) into the error to raise.
Locator = Callable[[str, str], MahjongError]


class _NoMoves:
    """A seat of a game re-enacted from revealed hands: it is never asked for a move, since none is played."""

    kind = "human"

    def __init__(self, name: str):
        self.name = name

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        raise MahjongError(f"a game re-enacted from revealed hands asks no decisions (asked seat {seat}, {phase})")


def revealed_fields(deal: SheetDeal, tiles: TileSet | None = None) -> dict[str, Any]:
    """The ``revealed`` event's fields for a deal: the hands as laid down (in the codes of ``tiles``, the
    ruleset's tile set where it is not the standard one: a red five ``0p``), the flags, who had called, the
    facts."""
    fields: dict[str, Any] = {
        "hands": [None if hand is None else format_hand(hand, None if tiles is None or tiles.standard else tiles)
                  for hand in deal.hands],
        "flags": sorted(deal.flags),
        "calling": sorted(deal.calling),
    }
    if deal.facts:
        fields["facts"] = dict(sorted(deal.facts.items()))
    if deal.figures is not None:
        fields["score"] = {str(seat): dict(sorted(figures.items())) for seat, figures in sorted(deal.figures.items())}
    if deal.declared:
        declared: dict[str, list[int]] = {}
        for kind, seat in deal.declared:
            declared.setdefault(kind, []).append(seat)
        fields["declared"] = declared
    if deal.told:
        fields["told"] = {key: list(seats) for key, seats in sorted(deal.told.items())}
    return fields


class SheetGame(Game):
    """A game whose deals are the given revealed hands, scored, settled and rotated by the engine's hooks.

    :param deals: the deals in order; the game has as many as the rules allow (a sheet with more is an error).
    :param locate: builds the error for a deal's mistake at a place of its source.
    :param emit: receives every event, as a played game's would.
    """

    def __init__(self, ruleset: Ruleset, names: Sequence[str], deals: Sequence[SheetDeal], *,
                 locate: Locator, emit: Callable[[dict[str, Any]], None] | None = None):
        self.deals = list(deals)
        self._locate = locate
        super().__init__(ruleset, [_NoMoves(n) for n in names], None, emit=emit, max_deals=len(self.deals),
                         tile_source_factory=self._no_wall)
        facts = ruleset_hooks(ruleset).mahjong_facts_read(ruleset=ruleset) if bind(ruleset).family is not None \
            else None
        self._facts = facts
        #: Whether every hand is scored (and so must be given): a family that declares no facts is assumed to.
        self._losers_scored = facts is None or facts.loser is not None

    @staticmethod
    def _no_wall(game: Game) -> TileSource:
        raise MahjongError("a game re-enacted from revealed hands has no wall")

    def play_deal(self) -> Outcome:
        t = self.table
        deal = self.deals[t.deal_number]
        t.new_deal()
        t.wall = None
        t.phase = "deal"
        self.event("table", "deal_start", deal=t.deal_number, round=t.round_index, dealer=t.dealer,
                   prevalent_wind=t.prevalent_wind, wall_commitment=None)
        self._lay_down(deal)
        self.event("table", "revealed", **revealed_fields(deal, self.tiles))
        t.phase = "turns"
        self._declare(deal)
        t.told = dict(deal.told)
        if deal.abortive is not None:
            outcome = Outcome("abortive", reason=deal.abortive)
        elif deal.winner is None:
            outcome = Outcome("draw")
        else:
            assert deal.tile is not None and deal.how is not None  # the reader gives every win a tile and a how
            t.last_discarder = deal.discarder if deal.how == "discard" else None
            t.first_go_around = bool({"first_go_around", "first_discard", "heavenly", "earthly"} & deal.flags)
            winners = deal.winners or (deal.winner,)
            if len(winners) > self.wins_rule[0]:
                raise self._locate(f"{len(winners)} players win on one discard; under {self.ruleset.id} at most "
                                   f"{self.wins_rule[0]} do", f"{deal.path}.winner")
            for seat in winners:
                if seat not in (deal.figures or {}):
                    self._check_win(deal, seat)
            if len(winners) > 1:  # in the order the rules take the claims (the pot goes to the first)
                t.last_discarder = deal.discarder
                winners = tuple(c.seat for c in claim_order(self, [Claim(seat, "win") for seat in winners]))
                t.last_discarder = deal.discarder if deal.how == "discard" else None
            wins = [win_outcome(self, seat, deal.tile, deal.how, deal.discarder) for seat in winners]
            outcome = wins[0] if len(wins) == 1 else Outcome("win", deal.winner, deal.how, deal.tile, deal.discarder,
                                                             wins=wins)
        finish_deal(self, outcome, None)
        return outcome

    def _declare(self, deal: SheetDeal) -> None:
        """Each declaration the sheet writes, applied as its plugin applies it (a riichi stick into the pot).

        A sheet writes the declarations that stood: the declaring discard passed and the seat drew again, so the
        seat is taken as having drawn twice since (no tile it drew is on the sheet): a stick is not handed back
        as one whose own discard was won on, and a win's ``ippatsu``, a moment the sheet cannot show, is its fact.
        Nor is a declaration taken as made in the deal's first go-around (riichi's double riichi): the table had
        discarded before it, which a sheet of results does not show, and a sheet says a double riichi's han in the
        winner's figures.
        """
        if deal.declared:
            self.table.first_go_around = False
        for kind, seat in deal.declared:
            try:
                apply_plugin_action(self, seat, Action(kind), "turn")
            except (RulesetError, ReplayError, SheetError):
                raise
            except MahjongError as exc:
                raise self._locate(f"{self.players[seat].name}'s {kind}: {exc.message}",
                                   f"{deal.path}.declared.{kind}") from None
            self.table.seats[seat].taken += 2

    def score_and_settle(self, outcome: Outcome) -> list[Payment]:
        """The engine's scoring and settlement; a hand it cannot score is the sheet's mistake, named at the deal.

        A win the sheet writes by its figures (``score: {han: 3, fu: 30}``) is scored by the family from them
        (``mahjong_score_figures``), then settled by the ruleset's own settlement like any other."""
        deal = self.deals[self.table.deal_number]
        if deal.figures and outcome.kind == "win":
            return self._settle_figures(deal, outcome)
        try:
            return super().score_and_settle(outcome)
        except (RulesetError, ReplayError, SheetError):
            raise  # a ruleset's own fault, or already located
        except MahjongError as exc:
            deal = self.deals[self.table.deal_number]
            # The winner's hand is the usual culprit (one that is no complete hand); named at its own line when
            # scoring it alone fails too, else at the deal's hands.
            where = f"{deal.path}.hands"
            if deal.winner is not None and deal.tile is not None and deal.how is not None:
                context = dict(self.win_context(deal.winner, deal.tile, deal.how), winner=True)
                try:
                    score_with(self.hook, self.ruleset, self.table.seats[deal.winner].to_hand(deal.tile), context)
                except MahjongError:
                    where = self._hand_path(deal, deal.winner)
            raise self._locate(f"the rules cannot score the hands as written: {exc.message}", where) from None

    def _settle_figures(self, deal: SheetDeal, outcome: Outcome) -> list[Payment]:
        """Each win scored -- from the sheet's figures, or from the hand where the sheet gives it -- then each
        settled by the ruleset's settlement, as the engine settles several wins on one discard."""
        assert deal.tile is not None and deal.how is not None and deal.figures
        wins = outcome.each_win()
        for win in wins:
            seat = win.winner
            assert seat is not None
            context = dict(self.win_context(seat, deal.tile, deal.how), winner=True)
            score = self._figures_score(deal, seat, context) if seat in deal.figures else \
                score_with(self.hook, self.ruleset, self.table.seats[seat].to_hand(deal.tile), context)
            if score is not None:
                outcome.scores[seat] = win.scores[seat] = score
                self.event("table", "score", seat=seat, **score_fields(score))
        payments: list[Payment] = []
        for win in wins:
            win.scores = {**outcome.scores, **win.scores}
            payments += self.hook.mahjong_settle(ruleset=self.ruleset, table=self.table, outcome=win) or ()
        return payments

    def _figures_score(self, deal: SheetDeal, seat: int, context: dict[str, Any]) -> Score:
        assert deal.figures is not None
        name = self.players[seat].name
        where = f"{deal.path}.score" + (f".{name}" if len(deal.winners) > 1 else "")
        try:
            score = self.hook.mahjong_score_figures(ruleset=self.ruleset, figures=deal.figures[seat], context=context)
        except (RulesetError, ReplayError, SheetError):
            raise
        except MahjongError as exc:
            place = f".{exc.place}" if exc.place in ("han", "fu", "limit", "yaku") else ""
            raise self._locate(f"{name}'s score: {exc.message}", where + place) from None
        if score is None:
            raise self._locate(f"{self.ruleset.id} scores hands, not a table's figures: give the winner's hand "
                               "(with +TILE) under `hands` instead of `score`", where)
        return score

    def _hand_path(self, deal: SheetDeal, seat: int) -> str:
        """Where a seat's hand is written: ``$.deals[0].hands.Anna`` on a sheet (``event N`` in a log)."""
        name = self.players[seat].name
        return f"{deal.path}.hands.{name}" if name.isidentifier() else f"{deal.path}.hands[{name!r}]"

    def _lay_down(self, deal: SheetDeal) -> None:
        """Put the revealed hands on the table; a tile seen more often than the set holds it is an error."""
        t = self.table
        seen: Counter[int] = Counter()
        names = [p.name for p in self.players]
        if len(deal.hands) != t.players:
            raise self._locate(f"the deal reveals {len(deal.hands)} hands; {self.ruleset.id} seats {t.players}",
                               f"{deal.path}.hands")
        for seat, hand in enumerate(deal.hands):
            s = t.seats[seat]
            s.calling = seat in deal.calling
            if hand is None:
                winners = deal.winners or (deal.winner,)
                if deal.winner is not None and seat not in (deal.figures or {}) \
                        and (seat in winners or (self._losers_scored and not deal.figures)):
                    raise self._locate(f"give {names[seat]}'s hand: under {self.ruleset.id} every hand is scored",
                                       f"{deal.path}.hands")
                continue
            tiles = [*hand.concealed, *(x for m in hand.melds for x in m.tiles), *hand.bonus]
            if hand.winning_tile is not None:
                tiles.append(hand.winning_tile)
            seen.update(tiles)
            for kind in hand.concealed:
                s.counts[kind] += 1
            if seat in (deal.winners or (deal.winner,)) and hand.winning_tile is not None:
                s.counts[hand.winning_tile] += 1
            s.melds = list(hand.melds)
            s.bonus = list(hand.bonus)
            # A marked copy (a red five) is held where its kind is: in the hand where a copy is, else in a meld.
            held = [*hand.concealed, *([hand.winning_tile] if hand.winning_tile is not None else [])]
            for kind in hand.marked:
                (s.marked if kind in held else s.marked_melded).append(kind)
                if kind in held:
                    held.remove(kind)
        if deal.winner is not None:
            won = t.seats[deal.winner]
            won.calling_from_start = "calling_from_start" in deal.flags
            won.calling = won.calling or won.calling_from_start or "calling" in deal.flags
            t.last_replacement_reason = "kong" if any(m.kind is MeldKind.KONG for m in won.melds) else "bonus"
        copies = Counter(self.tiles.held_copies())  # a marked copy counted as its kind
        for kind, n in sorted(seen.items()):
            if n > copies[kind]:
                raise self._locate(f"the hands show {KINDS[kind].code} {n} times; the tile set of "
                                   f"{self.ruleset.id} has {copies[kind]}", f"{deal.path}.hands")

    def _check_win(self, deal: SheetDeal, seat: int) -> None:
        """A winner's hand is a mahjong under the rules, and the rules have every fact they read."""
        assert deal.tile is not None and deal.how is not None

        name = self.players[seat].name
        context = self.win_context(seat, deal.tile, deal.how)
        if self._facts is not None:
            lacking = situation.missing(context, self._facts.winner)
            if lacking:
                raise self._locate(f"scoring under {self.ruleset.id} needs the fact(s) {', '.join(lacking)}, which "
                                   f"no flag gives; give each under the deal's `facts:` (e.g. {lacking[0]}: true)",
                                   deal.path)
        hand = self.table.seats[seat].to_hand(deal.tile)
        try:
            check_winning_size(self.ruleset, hand)  # the message `mahjong score` gives, under every ruleset
            objections = self.hook.mahjong_win_objections(ruleset=self.ruleset, table=self.table, seat=seat,
                                                          hand=hand, context=context)
        except (RulesetError, ReplayError, SheetError):
            raise
        except MahjongError as exc:  # a hand the rules cannot even read as a win (no complete hand)
            objections = [exc.message]
        if objections:
            raise self._locate(f"{name}'s hand is not a mahjong under {self.ruleset.id}: {objections[0]}",
                               self._hand_path(deal, seat))

    def win_context(self, seat: int, tile: int, how: str) -> dict[str, Any]:
        """The hooks' context for the win, with the sheet's flags and facts over it (the sheet saw the table)."""
        context = super().win_context(seat, tile, how)
        deal = self.deals[self.table.deal_number]
        t = self.table
        try:
            given = situation.win_context(deal.flags, seat=EAST + t.seat_wind(seat),
                                          round_wind=EAST + t.prevalent_wind, winning_tile=tile, facts=deal.facts)
        except MahjongError as exc:
            raise self._locate(f"flags: {exc.message}", f"{deal.path}.flags") from None
        given.pop("discarder", None)  # whose discard it was is the table's: the hooks read it from there
        context.update(given)
        return context
