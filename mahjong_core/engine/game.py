"""The game engine: the phases of a deal as an explicit state machine.

A game is a sequence of deals; a deal goes through these phases::

    setup -> wall (ceremony) -> deal -> exchange -> bonus replacement
          -> turns (draw, kongs, declarations, discard, claim window)*
          -> end of deal (mahjong or exhaustive draw) -> scoring -> settlement
          -> rotation -> next deal | end of game

Everything a ruleset may decide is asked of the plugin manager's hooks; the
engine itself knows no ruleset.  Every change of state is an *event*: a
JSON-ready dict with a running number ``n``, an ``actor`` (``"table"`` for
what the table does -- dice, dealing, draws, scoring -- or a seat number for a
player's decision) and a ``type``.  Decisions are the only events a player
controls, so replaying a game is re-running the engine with players that
repeat the recorded decisions (:class:`mahjong_core.engine.players.ScriptedPlayer`).

The engine never reads the wall clock and never uses unseeded randomness: the
wall comes from the deal's named generator (:mod:`mahjong_core.table.rng`) or, for a
game played on a physical table, from the tiles observed in its log.

What the engine leaves to others: how tiles, actions and scores are written
into events (:mod:`mahjong_core.table.events`), which special forms may win
(:mod:`mahjong_core.plugin.forms`) and which plugin manager a game shares with
others (:mod:`mahjong_core.plugin.manager`).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from itertools import combinations, compress
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, overload

from mahjong_core.errors import MahjongError
from mahjong_core.hand import shanten as shanten_mod
from mahjong_core.hand.melds import MeldKind
from mahjong_core.hand.tiles import EAST, KINDS, NUM_PLAYING_KINDS
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.forms import is_mahjong, knitted_within, recognised_forms
from mahjong_core.plugin.manager import shared_plugin_manager
from mahjong_core.rules.playable import deal_bound
from mahjong_core.table.events import action_fields, action_text, code, codes, score_fields
from mahjong_core.table.rng import deal_rng
from mahjong_core.table.state import Action, CallingRule, Claim, Outcome, Payment, Table, meld_of
from mahjong_core.table.wall import TileSource

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset
    from mahjong_core.table.state import ExchangeStep, FalseWinPenalty, Seat

_T = TypeVar("_T")

#: The phases of a game in order; ``Table.phase`` always holds the current one, so hooks and observers
#: know where the game is.  ``turns`` repeats until the deal ends; ``rotation`` leads back to ``wall``.
PHASES = ("setup", "wall", "deal", "exchange", "bonus", "declarations", "turns", "scoring", "settlement", "rotation",
          "over")


class Player(Protocol):
    """Anything that is offered the legal actions and returns one of them."""

    name: str
    kind: str

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        """Return one of ``options`` (the engine rejects anything else)."""
        ...


class IllegalAction(MahjongError):
    """A player (or a replay) chose an action that was not among the legal ones."""


def _answered(answer: _T | None, hook: str) -> _T:
    """The answer of a ``firstresult`` hook that the core's defaults always answer.

    ``None`` means no plugin answered, which only a game without the core's
    defaults registered can see: it is said so, rather than failing later on
    the missing value.
    """
    if answer is None:
        raise MahjongError(f"no plugin answers {hook}, which the core's defaults "
                           "(mahjong_core.plugin.defaults) answer: "
                           "are they registered?", place=hook)
    return answer


@dataclass
class GameResult:
    """What a finished game leaves behind."""

    scores: list[int]
    deals: int
    wins: int
    draws: int
    teams: list[list[int]] = field(default_factory=list)

    def team_scores(self) -> list[int]:
        return [sum(self.scores[s] for s in team) for team in self.teams]


class UnendingGame(MahjongError):
    """A game that passed the bound of deals its ruleset's length allows (``mahjong_core.rules.playable.deal_bound``).

    Stopped rather than played on: a game that cannot end (every deal drawn while the dealer keeps the deal on a
    draw, a hook that never ends the game) would otherwise play, and log, deals until the disk is full.
    """

    def __init__(self, ruleset: Ruleset, deals: int, round_index: int, bound: int) -> None:
        rounds, players = ruleset.get("rounds_per_game", 4), ruleset.get("players", 4)
        super().__init__(
            f"the game has played {deals} deals and is still in round {round_index + 1} of {rounds}: a game "
            f"of {rounds} rounds of {players} deals is stopped as unending at {bound} deals "
            f"({bound // max(1, rounds * players)} times as many); do its players never win, or does a hook "
            f"never end the game?", source=ruleset.location, place=f"deal {deals}")


class DealOver(Exception):
    """Internal signal: the current deal has ended with ``outcome``."""

    def __init__(self, outcome: Outcome):
        self.outcome = outcome


class Game:
    """One game under one ruleset.

    :param ruleset: a loaded :class:`mahjong_core.rules.Ruleset`.
    :param players: one player per seat, seat 0 being the first East.
    :param seed: the game seed (an int or a string); ``None`` only with ``tile_source_factory``.
    :param emit: called with every event dict as it happens (a replay writer).
    :param observers: extra plugins (observers) to register after the ruleset.
    :param max_deals: stop after this many deals (the game otherwise ends by the ruleset's rule).
    :param max_rounds: stop when this many rounds (prevalent winds) have been played: a live table's length
        of one round, whose number of deals depends on how often the dealer keeps the deal.
    :param first_round: the round (prevalent wind, 0 East .. 3 North) of the first deal: 0 but for a recorded
        game that began later (``options.first_round`` of its log).
    :param tile_source_factory: for recorded physical games: builds each deal's
        tile source instead of the seeded wall.
    :param salts: gives each deal's wall-commitment salt where the salt must not follow from the seed (a live
        table, whose salt is revealed to nobody before the game ends but would tell the seed to anyone who could
        search the seeds for it): called once a deal, it returns fresh OS randomness at a live table or the
        logged salt when a log is re-run.  The salt then becomes an input of the log, like a decision's timing,
        and is written on the ``deal_start`` line; without it the salt is derived from the seed
        (``docs/prng.md``, "Commitments"), so a simulated game's every byte follows from its seed.
    """

    def __init__(
        self,
        ruleset: Ruleset,
        players: Sequence[Player],
        seed: int | str | None,
        *,
        emit: Callable[[dict[str, Any]], None] | None = None,
        observers: Sequence[object] = (),
        house_tweaks: Sequence[object] = (),
        max_deals: int | None = None,
        max_rounds: int | None = None,
        tile_source_factory: Callable[[Game], TileSource] | None = None,
        salts: Callable[[Game], bytes] | None = None,
        first_round: int = 0,
    ):
        self.ruleset = ruleset
        self.players = list(players)
        self.seed = seed
        self.max_deals = max_deals
        self.max_rounds = max_rounds
        #: Past this many deals the game is stopped as unending (``mahjong_core.rules.playable.deal_bound``).
        self.deal_bound = deal_bound(ruleset)
        self.pm, self.hook = shared_plugin_manager(tuple(bind(ruleset).plugins), house_tweaks=tuple(house_tweaks),
                                                 observers=tuple(observers))
        self._emit = emit
        self._observed = bool(self.pm.hook.mahjong_event.get_hookimpls())
        self._tile_source_factory = tile_source_factory
        self._salts = salts
        self.n = 0
        n_players = int(ruleset.param("players"))
        if len(self.players) != n_players:
            raise MahjongError(f"ruleset {ruleset.id} is played by {n_players} players, got {len(self.players)}",
                               place="players")
        if seed is None and tile_source_factory is None:
            raise MahjongError("a simulated game needs a seed", place="seed")
        self.hook.mahjong_configure(ruleset=ruleset, options={"players": n_players, "seed": seed})
        self.table = Table(players=n_players, scores=[0] * n_players)
        # A recorded game may begin in a later round (an imported deal of a South round): its first deal's
        # prevalent wind and round are that round's, and the rules' rotation goes on from there.
        self.table.prevalent_wind = self.table.round_index = first_round
        teams = _answered(self.hook.mahjong_teams(ruleset=ruleset, seats=n_players), "mahjong_teams")
        self.table.teams = [list(t) for t in teams]
        self.tile_set = tuple(_answered(self.hook.mahjong_tile_set(ruleset=ruleset), "mahjong_tile_set"))
        self.time_limits = self.hook.mahjong_time_limits(ruleset=ruleset)
        self.table.time_limits = self.time_limits
        self.table.calling_rule = CallingRule.of(ruleset, bind(ruleset).predicates)
        self.hand_size = int(ruleset.param("hand_size"))
        self._late_pungs = bool(ruleset.value("pung_claim_until_next_discard"))
        self._forms = recognised_forms(ruleset)
        self._knitted = "knitted" in self._forms
        #: Per seat, (concealed counts, whether one tile could make them a knitted mahjong): see _claim_options.
        self._near_memo: list[tuple[bytes, bool] | None] = [None] * n_players
        self._count_correction = (ruleset.value("dead_hand") or {}).get("correction") == "skip_turn_or_draw"
        # Whether a kind is a bonus tile depends only on the ruleset: ask once per game, not once per draw.
        self._bonus_kinds = [bool(self.hook.mahjong_is_bonus_tile(ruleset=ruleset, tile=k)) for k in range(len(KINDS))]
        self.wins = 0
        self.draws = 0

    # ------------------------------------------------------------------ events

    def event(self, actor: int | str, type_: str, **fields: Any) -> dict[str, Any]:
        ev = {"n": self.n, "t": self.table.clock_ms, "actor": actor, "type": type_, **fields}
        self.n += 1
        if self._emit is not None:
            self._emit(ev)
        if self._observed:
            self.hook.mahjong_event(table=self.table, event=ev)
        return ev

    def decide(self, seat: int, options: Sequence[Action], phase: str, *, window: bool = False) -> Action:
        """Ask a seat to choose, check the choice is legal, log it, and keep the table clock.

        A decision's delay advances the clock, except inside a claim window
        (``window=True``), where every seat reacts to the same discard at once
        and the window's resolution moves the clock.  A decision slower than
        the ruleset's limit is replaced by what :func:`mahjong_timeout` says.
        """
        t = self.table
        action = self.players[seat].choose(t, seat, options, phase)
        delay = action.delay_ms  # actions compare without their delay: an option taken late is still that option
        if action.kind == "win" and action not in options and phase in ("turn", "claim") \
                and isinstance(delay, int) and delay >= 0:
            penalty = self._false_win(seat, action, phase, delay)
            if penalty is not None:
                return self.decide(seat, options, phase, window=window)
        if action not in options or not isinstance(delay, int) or delay < 0:
            raise IllegalAction(f"seat {seat} chose {action_text(action)}, which is not legal here; legal: "
                                + ", ".join(action_text(o) for o in options), place=f"event {self.n}")
        fields = action_fields(action)
        if delay:
            fields["after_ms"] = delay
        # A declaration on the dealt hand is timed like a claim: when time runs out it lapses (a pass).
        what = "claim" if window or phase == "declaration" else "move"
        limit = self._limit_ms(what)
        if not window:
            t.clock_ms += delay if limit is None else min(delay, limit)
        self.event(seat, "decision", phase=phase, **fields)
        if limit is not None and delay > limit:
            fallback = _answered(self.hook.mahjong_timeout(ruleset=self.ruleset, table=t, seat=seat, what=what),
                                 "mahjong_timeout")
            if fallback not in options:
                raise IllegalAction(f"the ruleset's timeout action {action_text(fallback)} is not legal here",
                                    place=f"event {self.n}")
            self.event("table", "timeout", seat=seat, what=what, limit_ms=limit, **action_fields(fallback))
            return fallback.after(limit)
        return action

    def _false_win(self, seat: int, action: Action, phase: str, delay: int) -> FalseWinPenalty | None:
        """A mahjong declared on a hand that is not one: the ruleset's penalty, then the wronged side's choice.

        Returns ``None`` where the ruleset has no rule for it (the declaration
        is then simply illegal); otherwise logs the declaration, the penalty and
        the choice, ends the deal if the wronged side says so, and lets the
        declarer go on.
        """
        t = self.table
        tile = action.tile
        counts = t.seats[seat].counts
        if tile is None or not 0 <= tile < NUM_PLAYING_KINDS:
            return None
        if phase == "claim":
            counts[tile] += 1
        complete = self._complete(counts) if sum(counts) % 3 == 2 else False
        if phase == "claim":
            counts[tile] -= 1
        if complete:
            how = "discard" if phase == "claim" else "self_drawn"
            context = self._win_context(seat, tile, how)
            hand = t.seats[seat].to_hand(tile) if phase == "turn" else replace(t.seats[seat].to_hand(),
                                                                                 winning_tile=tile)
            objections = self.hook.mahjong_win_objections(ruleset=self.ruleset, table=t, seat=seat, hand=hand,
                                                          context=context)
            reason = "; ".join(o for o in objections if o) or "not a mahjong here"
        else:
            reason = "the hand is not complete"
        penalty = self.hook.mahjong_false_win(ruleset=self.ruleset, table=t, seat=seat, reason=reason)
        if penalty is None:
            return None
        fields = action_fields(action)
        if delay:
            fields["after_ms"] = delay
        self.event(seat, "decision", phase=phase, **fields)
        for p in penalty.payments:
            t.scores[p.payer] -= p.amount
            t.scores[p.payee] += p.amount
        self.event("table", "false_mahjong", seat=seat, reason=reason, rule=penalty.rule,
                   payments=[[p.payer, p.payee, p.amount, p.reason] for p in penalty.payments], scores=list(t.scores))
        if penalty.chooser is not None:
            choice = self.decide(penalty.chooser, [Action("continue"), Action("end_deal")], "false_mahjong")
            if choice.kind == "end_deal":
                raise DealOver(Outcome("aborted"))
        return penalty

    def _limit_ms(self, what: str) -> int | None:
        limits = self.table.time_limits
        seconds = getattr(limits, what, None) if limits is not None else None
        return None if seconds is None else int(seconds * 1000)

    # ------------------------------------------------------------------ game

    def play(self) -> GameResult:
        t = self.table
        while True:
            if self.max_deals is not None and t.deal_number >= self.max_deals:
                break
            if self.max_rounds is not None and t.round_index >= self.max_rounds:
                break
            if self.hook.mahjong_game_over(ruleset=self.ruleset, table=t):
                break
            if t.deal_number >= self.deal_bound:
                raise UnendingGame(self.ruleset, t.deal_number, t.round_index, self.deal_bound)
            outcome = self.play_deal()
            t.phase = "rotation"
            dealer, wind, round_index = _answered(
                self.hook.mahjong_next_deal(ruleset=self.ruleset, table=t, outcome=outcome), "mahjong_next_deal")
            if dealer == t.dealer and round_index == t.round_index:
                t.deal_in_round += 1
            else:
                t.deal_in_round = 0
            t.dealer, t.prevalent_wind, t.round_index = dealer, wind, round_index
            t.deal_number += 1
            self.event("table", "rotation", dealer=dealer, prevalent_wind=wind, round=round_index)
        t.phase = "over"
        result = GameResult(list(t.scores), t.deal_number, self.wins, self.draws, [list(x) for x in t.teams])
        self.event("table", "game_end", scores=list(t.scores), deals=t.deal_number,
                   team_scores=result.team_scores())
        return result

    def play_deal(self) -> Outcome:
        t = self.table
        t.new_deal()
        t.phase = "wall"
        rng = None
        wall: TileSource
        if self._tile_source_factory is not None:
            wall = self._tile_source_factory(self)
        else:
            assert self.seed is not None  # __init__ refuses a game with neither a seed nor a tile source
            rng = deal_rng(self.seed, t.round_index, t.deal_number)
            wall = _answered(self.hook.mahjong_build_wall(ruleset=self.ruleset, tiles=self.tile_set, rng=rng),
                             "mahjong_build_wall")
        t.wall = wall
        salt = None
        logged: dict[str, str] = {}
        if rng is not None and self._salts is not None:
            salt = bytes(self._salts(self))
            logged["salt"] = salt.hex()
        elif rng is not None:
            salt_rng = rng.derive("commitment-salt")
            salt = salt_rng.next_u64().to_bytes(8, "big") + salt_rng.next_u64().to_bytes(8, "big")
        self.event("table", "deal_start", deal=t.deal_number, round=t.round_index, dealer=t.dealer,
                   prevalent_wind=t.prevalent_wind,
                   wall_commitment=wall.commitment(salt) if salt is not None else None, **logged)
        self._wall_events_sent = 0
        self._flush_wall_events()
        try:
            pending: list[list[int]] = [[] for _ in range(t.players)]
            t.phase = "deal"
            dealt = wall.deal(t.players)
            self._flush_wall_events()
            for i, tiles in enumerate(dealt):
                seat = (t.dealer + i) % t.players
                for tile in tiles:
                    if self._is_bonus(tile):
                        pending[seat].append(tile)
                        t.seats[seat].bonus.append(tile)
                    else:
                        t.seats[seat].counts[tile] += 1
            self.event("table", "hands", hands=[codes(t.seats[s].concealed_tiles()) + codes(pending[s])
                                                for s in range(t.players)])
            t.phase = "exchange"
            self._exchange()
            t.phase = "bonus"
            self._bonus_replacement(pending)
            t.phase = "declarations"
            self._deal_declarations()
            t.phase = "turns"
            outcome = self._turns()
        except DealOver as over:
            outcome = over.outcome
        self._finish_deal(outcome, salt)
        return outcome

    # ------------------------------------------------------------------ helpers

    def _flush_wall_events(self) -> None:
        """Log what the wall did (ceremony, dealing, loose-tile refills) since the last flush."""
        wall = self.table.wall
        assert wall is not None  # only called during a deal, which has a wall
        events = wall.events
        while self._wall_events_sent < len(events):
            ev = events[self._wall_events_sent]
            self._wall_events_sent += 1
            self.event("table", "wall_" + ev["type"], **{k: v for k, v in ev.items() if k != "type"})

    def _is_bonus(self, tile: int) -> bool:
        return self._bonus_kinds[tile]

    def _take(self, seat: int, tile: int, event_type: str, **extra: Any) -> None:
        """Give a seat a tile from the wall (bonus tiles go straight to its bonus row) and log it."""
        s = self.table.seats[seat]
        s.taken += 1
        if self._is_bonus(tile):
            s.bonus.append(tile)
        else:
            s.counts[tile] += 1
        self.event("table", event_type, seat=seat, tile=code(tile), **extra)
        wall = self.table.wall
        assert wall is not None  # tiles are taken only during a deal
        if len(wall.events) > self._wall_events_sent:
            self._flush_wall_events()

    def _draw_live(self, seat: int) -> int | None:
        t = self.table
        t.turn = seat  # the seat about to draw, for a rule whose wall runs out seat by seat
        if self.hook.mahjong_deal_exhausted(ruleset=self.ruleset, table=t):
            return None
        assert t.wall is not None  # tiles are drawn only during a deal
        tile = t.wall.draw()
        self._take(seat, tile, "draw")
        return tile

    def _draw_replacement(self, seat: int, reason: str) -> int:
        """A tile from the dead wall; with none left to give, the deal ends in a draw."""
        wall = self.table.wall
        assert wall is not None  # tiles are drawn only during a deal
        if (wall.loose_count() if wall.ceremony.loose_tiles else wall.live_count()) <= 0:
            raise DealOver(Outcome("draw"))
        tile = wall.draw_replacement()
        self.table.last_replacement_reason = reason
        self._take(seat, tile, "replacement", reason=reason)
        return tile

    def _settle_bonus(self, seat: int, tile: int) -> int:
        """While the tile just taken is a bonus tile, announce it and take a replacement; return the tile kept."""
        while self._is_bonus(tile):
            self.event("table", "bonus", seat=seat, tile=code(tile))
            tile = self._draw_replacement(seat, "bonus")
        return tile

    # ------------------------------------------------------------------ phases

    def _exchange(self) -> None:
        t = self.table
        steps = self.hook.mahjong_exchange_steps(ruleset=self.ruleset, table=t) or ()
        for step in steps:
            passed: dict[int, tuple[int, ...]] = {}
            refused: set[int] = set()
            for i in range(t.players):
                seat = (t.dealer + i) % t.players
                options = self._exchange_options(seat, step)
                action = self.decide(seat, options, "exchange", window=True)
                if action.kind == "exchange":
                    passed[seat] = action.tiles
                elif action.kind == "refuse":
                    refused.add(seat)
                    if step.refuse_only_if_calling:
                        t.seats[seat].calling = True
                        self.event("table", "calling", seat=seat, declared=True)
            if step.optional and refused:
                # An optional pass that one seat declines is made by nobody (the American Charleston's optional
                # passes stop when a player declines): a pass round the table needs every seat to give.
                passed = {}
            elif step.refuse_only_if_calling:
                # One partner's refusal means the pair does not exchange (003 line 15: "the exchange may not take
                # place"): the other keeps its tiles too, so both hands keep their size.
                passed = {seat: tiles for seat, tiles in passed.items()
                          if seat not in refused and (seat + step.offset) % t.players not in refused}
            # All seats pass at the same time: take every passed tile out before any arrives.
            for seat, tiles in passed.items():
                for tile in tiles:
                    t.seats[seat].counts[tile] -= 1
            for seat, tiles in passed.items():
                for tile in tiles:
                    t.seats[(seat + step.offset) % t.players].counts[tile] += 1
            for seat, tiles in sorted(passed.items()):
                self.event("table", "exchange", step=step.name, giver=seat, receiver=(seat + step.offset) % t.players,
                           count=len(tiles))

    def _exchange_options(self, seat: int, step: ExchangeStep) -> Sequence[Action]:
        s = self.table.seats[seat]
        refuse = step.optional or (step.refuse_only_if_calling and bool(sum(s.counts) % 3)
                                   and shanten_mod.shanten(bytes(s.counts)) <= 0)
        return _ExchangeOptions(tuple(s.counts), step.count, (Action("refuse"),) if refuse else ())

    def _deal_declarations(self) -> None:
        """Offer each seat, from the dealer round, what it may declare on its dealt hand (a calling hand)."""
        t = self.table
        for i in range(t.players):
            seat = (t.dealer + i) % t.players
            options = [a for group in self.hook.mahjong_deal_declarations(ruleset=self.ruleset, table=t, seat=seat)
                       for a in group]
            if not options:
                continue
            action = self.decide(seat, [*options, Action("pass")], "declaration")
            if action.kind == "declare_calling":
                s = t.seats[seat]
                s.calling = s.calling_from_start = True

    def _bonus_replacement(self, pending: list[list[int]]) -> None:
        """Set aside the dealt bonus tiles and replace them, seat by seat from the dealer, until none is left."""
        t = self.table
        for i in range(t.players):
            seat = (t.dealer + i) % t.players
            for tile in pending[seat]:
                self._settle_bonus(seat, tile)

    def _turns(self) -> Outcome:
        """Turns until the deal ends (by :class:`DealOver`); the dealer starts holding 14 tiles."""
        t = self.table
        seat = t.dealer
        drawn: int | None = None
        how = "self_drawn"
        after_claim = False
        need_draw = False
        while True:
            if need_draw and self._count_correction:
                need_draw = self._correct_count(seat)
                if not need_draw:  # too many tiles: the turn is played without its draw
                    drawn, how, after_claim = None, "self_drawn", True
            if need_draw:
                tile = self._draw_live(seat)
                if tile is None:
                    raise DealOver(Outcome("draw"))
                drawn = self._settle_bonus(seat, tile)
                # A tile kept after replacing a bonus tile came from the dead wall.
                how = "self_drawn" if drawn == tile else "replacement"
                after_claim = False
                if self._late_pungs and drawn == tile and t.last_discard is not None:
                    assert t.last_discarder is not None  # set together with last_discard
                    late = self._claim_window(t.last_discarder, t.last_discard, late=(seat, tile))
                    if late is not None:
                        seat, drawn, how, after_claim = late
                        t.first_go_around = False
            discard = self._turn(seat, drawn, how, after_claim)
            claimed = self._claim_window(seat, discard)
            if claimed is None:
                seat = (seat + 1) % t.players
                if seat == t.dealer:
                    t.first_go_around = False
                need_draw = True
            else:
                seat, drawn, how, after_claim = claimed
                t.first_go_around = False
                need_draw = False

    def _correct_count(self, seat: int) -> bool:
        """A seat holding the wrong number of tiles says so at its turn (003 line 12); return whether it draws.

        Too many: it skips the draw, and discards from what it holds.  Too few:
        it draws the missing tiles out of turn, then draws as usual.  Either
        way the hand is right again after its discard.
        """
        t = self.table
        size = t.seats[seat].hand_count()
        if size == self.hand_size:
            return True
        if size > self.hand_size:
            self.event("table", "wrong_count", seat=seat, tiles=size, correction="skip_draw")
            return False  # the turn begins at the discard
        self.event("table", "wrong_count", seat=seat, tiles=size, correction="draw_out_of_turn")
        for _ in range(self.hand_size - size):
            tile = self._draw_live(seat)
            if tile is None:
                raise DealOver(Outcome("draw"))
            self._settle_bonus(seat, tile)
        return True

    def _turn(self, seat: int, drawn: int | None, how: str, after_claim: bool) -> int:
        """Run one seat's turn from holding a full hand to its discard; return the discard."""
        t = self.table
        s = t.seats[seat]
        while True:
            t.drawn_tile = drawn  # what a timeout discards (the tile just drawn), and what hooks may ask about
            options = _TurnOptions(self, seat, drawn, how, after_claim)
            action = self.decide(seat, options, "turn")
            kind = action.kind
            if kind == "win":
                won = drawn if drawn is not None else action.tile
                assert won is not None  # a win offered without a drawn tile names its tile (_turn_options)
                self._declare_win(seat, won, how, None)
            if kind == "kong":
                self._make_kong(seat, action)
                drawn = self._settle_bonus(seat, self._draw_replacement(seat, "kong"))
                how = "replacement"
                after_claim = False
                continue
            # discard (possibly with a calling declaration)
            tile = action.tile
            assert tile is not None
            s.counts[tile] -= 1
            s.discards.append(tile)
            if action.way == "declare_calling":
                s.calling = True
                s.calling_from_start = t.first_go_around
            elif action.way == "withdraw_calling":
                s.calling = False
                s.calling_from_start = False
            t.last_discard, t.last_discarder = tile, seat
            t.drawn_tile = None
            return tile

    def _turn_options(self, seat: int, drawn: int | None, how: str, after_claim: bool) -> list[Action]:
        t = self.table
        s = t.seats[seat]
        counts = s.counts
        options: list[Action] = []
        if not after_claim:
            if not self._not_ready_before(s, drawn) and self._complete(counts):
                win_tile = drawn if drawn is not None else self._any_tile(counts)
                if self._win_allowed(seat, win_tile, how):
                    options.append(Action("win", win_tile))
            if 4 in counts:
                for tile in range(NUM_PLAYING_KINDS):
                    if counts[tile] == 4 and self._kong_ok(seat, "concealed", tile):
                        options.append(Action("kong", tile, way="concealed"))
            for meld in s.melds:
                if meld.kind is MeldKind.PUNG and meld.exposed and counts[meld.tiles[0]] >= 1 \
                        and self._kong_ok(seat, "added", meld.tiles[0]):
                    options.append(Action("kong", meld.tiles[0], way="added"))
        options.extend(compress(_DISCARDS, counts))  # a discard of every kind held
        for group in self.hook.mahjong_turn_actions(ruleset=self.ruleset, table=t, seat=seat):
            options.extend(group)
        return options

    def _not_ready_before(self, s: Seat, drawn: int | None) -> bool:
        """Whether the hand was not yet ready (shanten 1 or more) before ``drawn`` came, as the seat's memo knows.

        Such a hand cannot be complete after one draw, so the mahjong test can
        be skipped.  The memo is of the hand as it stood when the previous
        discard was offered around (:meth:`_claim_options`); it says nothing
        about the knitted forms, which shanten does not measure.
        """
        memo = s.shanten_memo
        if drawn is None or memo is None or memo[1] < 1:
            return False
        counts = s.counts
        counts[drawn] -= 1
        before = bytes(counts)
        near = self._knitted and self._knitted_near(counts)
        counts[drawn] += 1
        return before == memo[0] and not near

    @staticmethod
    def _any_tile(counts: Sequence[int]) -> int:
        return next(i for i, n in enumerate(counts) if n)

    def _kong_ok(self, seat: int, way: str, tile: int) -> bool:
        return bool(self.hook.mahjong_kong_allowed(ruleset=self.ruleset, table=self.table, seat=seat, way=way,
                                                   tile=tile))

    def _make_kong(self, seat: int, action: Action) -> None:
        t = self.table
        s = t.seats[seat]
        tile = action.tile
        assert tile is not None
        # Others may rob the kong before it stands; the tile is still in the konger's hand meanwhile.
        self._offer_robbing(seat, tile, "added" if action.way == "added" else "concealed")
        if action.way == "concealed":
            s.counts[tile] -= 4
            s.melds.append(meld_of(MeldKind.KONG, (tile,) * 4, exposed=False))
        else:  # added
            index = next(i for i, m in enumerate(s.melds)
                         if m.kind is MeldKind.PUNG and m.exposed and m.tiles[0] == tile)
            pung = s.melds[index]
            s.counts[tile] -= 1
            s.melds[index] = meld_of(MeldKind.KONG, (tile,) * 4, exposed=True,
                                     claimed_from=pung.claimed_from, added=True)
        self.event("table", "kong", seat=seat, tile=code(tile), way=action.way)

    def _offer_robbing(self, konger: int, tile: int, way: str) -> None:
        t = self.table
        if not self.hook.mahjong_kong_robbable(ruleset=self.ruleset, table=t, way=way, tile=tile):
            return
        claims = []
        for off in range(1, t.players):
            seat = (konger + off) % t.players
            counts = t.seats[seat].counts
            counts[tile] += 1
            complete = self._complete(counts)
            counts[tile] -= 1
            if not complete or (way == "concealed" and not _thirteen_orphans_with(counts, tile)):
                continue
            if not self._win_allowed(seat, tile, "robbing_kong"):
                continue
            action = self.decide(seat, [Action("win", tile), Action("pass")], "rob_kong", window=True)
            if action.kind == "win":
                claims.append(Claim(seat, "win", (), action.delay_ms))
        if claims:
            ordered = _answered(self.hook.mahjong_claim_priority(ruleset=self.ruleset, table=t, claims=claims),
                                "mahjong_claim_priority")
            winner = ordered[0].seat
            t.seats[konger].counts[tile] -= 1  # the robbed tile leaves the konger's hand
            t.seats[winner].counts[tile] += 1
            raise DealOver(self._win_outcome(winner, tile, "robbing_kong", konger))

    def _win_allowed(self, seat: int, tile: int, how: str) -> bool:
        """Whether the seat may declare mahjong with ``tile``.

        A self-drawn tile is already among the seat's tiles; a discard or a
        robbed kong tile is not yet, and is added as the winning tile.
        """
        context = self._win_context(seat, tile, how)
        s = self.table.seats[seat]
        hand = replace(s.to_hand(), winning_tile=tile) if how in ("discard", "robbing_kong") else s.to_hand(tile)
        objections = self.hook.mahjong_win_objections(ruleset=self.ruleset, table=self.table, seat=seat,
                                                      hand=hand, context=context)
        return not objections

    def _win_context(self, seat: int, tile: int, how: str) -> dict[str, Any]:
        merged: dict[str, Any] = {}
        for part in reversed(self.hook.mahjong_win_context(ruleset=self.ruleset, table=self.table, seat=seat,
                                                           tile=tile, how=how)):
            merged.update(part)
        return merged

    def _declare_win(self, seat: int, tile: int, how: str, discarder: int | None) -> None:
        raise DealOver(self._win_outcome(seat, tile, how, discarder))

    def _win_outcome(self, seat: int, tile: int, how: str, discarder: int | None) -> Outcome:
        self.event("table", "mahjong", seat=seat, tile=code(tile), how=how, discarder=discarder)
        return Outcome("win", seat, how, tile, discarder)

    # ------------------------------------------------------------------ claims

    def _claim_window(self, discarder: int, tile: int, late: tuple[int, int] | None = None
                      ) -> tuple[int, int | None, str, bool] | None:
        """Offer the discard to the other seats and apply the claim that takes it.

        :param late: ``(drawer, drawn tile)`` for the late window of 001 line 109: after the next
            player has drawn, the others may still pung or kong the discard until it is covered;
            the drawn tile then goes back on the wall.
        :return: ``None`` when nobody claims, else ``(claimer, drawn, how, after_claim)`` for its turn:
            after a pung or chow the claimer only discards; after a kong it plays on from its
            replacement tile.
        """
        t = self.table
        claims: list[Claim] = []
        window_ms = 0
        for off in range(1, t.players):
            seat = (discarder + off) % t.players
            if late is not None:
                if seat == late[0] or t.seats[seat].counts[tile] < 2:
                    continue
                options = [o for o in self._claim_options(seat, discarder, tile) if o.kind in ("pung", "kong")]
            else:
                options = self._claim_options(seat, discarder, tile)
            if not options:
                continue
            options.append(Action("pass"))
            action = self.decide(seat, options, "claim", window=True)
            window_ms = max(window_ms, action.delay_ms)
            if action.kind != "pass":
                claim = Claim(seat, action.kind, action.tiles, action.delay_ms)
                if not self._claim_ok(claim):
                    limits = t.time_limits
                    pause = limits.chow_pause_min if limits is not None else None
                    why = (f"a chow declared inside the {pause:g} s pause" if claim.kind == "chow" and pause
                           else "a claim the ruleset does not allow at that moment")
                    raise IllegalAction(f"seat {seat}'s {claim.kind} after {claim.delay_ms} ms: {why}",
                                        place=f"event {self.n - 1}")
                claims.append(claim)
        if not claims:
            t.clock_ms += window_ms
            return None
        ordered = _answered(self.hook.mahjong_claim_priority(ruleset=self.ruleset, table=t, claims=claims),
                            "mahjong_claim_priority")
        claim = ordered[0]
        t.clock_ms += claim.delay_ms or 0
        if late is not None:
            drawer, drawn = late
            t.seats[drawer].counts[drawn] -= 1
            assert t.wall is not None  # claims are made only during a deal
            t.wall.undraw()
            self.event("table", "draw_returned", seat=drawer, tile=code(drawn))
        s = t.seats[claim.seat]
        t.seats[discarder].discards.pop()
        t.last_discard = None
        offset = (discarder - claim.seat) % t.players
        if claim.kind == "win":
            s.counts[tile] += 1
            raise DealOver(self._win_outcome(claim.seat, tile, "discard", discarder))
        for used in claim.tiles:
            s.counts[used] -= 1
        kind = {"pung": MeldKind.PUNG, "kong": MeldKind.KONG, "chow": MeldKind.CHOW}[claim.kind]
        s.melds.append(meld_of(kind, claim.tiles + (tile,), exposed=True, claimed_from=offset))
        self.event("table", "claim", seat=claim.seat, kind=claim.kind, tile=code(tile), discarder=discarder,
                   tiles=codes(sorted(claim.tiles + (tile,))))
        if claim.kind == "kong":
            new = self._settle_bonus(claim.seat, self._draw_replacement(claim.seat, "kong"))
            return claim.seat, new, "replacement", False
        return claim.seat, None, "discard", True

    def _claim_options(self, seat: int, discarder: int, tile: int) -> list[Action]:
        t = self.table
        s = t.seats[seat]
        counts = s.counts
        options: list[Action] = []
        memo = s.shanten_memo  # the hand changes once a turn and is asked about three times: inline the memo
        key = bytes(counts)
        if memo is not None and memo[0] == key:
            ready = memo[1] <= 0
        else:
            ready = s.shanten() <= 0
        if not ready and self._knitted:  # remembered per seat like the shanten, until the hand changes
            near = self._near_memo[seat]
            if near is None or near[0] != key:
                near = self._near_memo[seat] = (key, self._knitted_near(counts))
            ready = near[1]
        if ready:
            counts[tile] += 1
            complete = self._complete(counts)
            counts[tile] -= 1
            if complete and self._win_allowed(seat, tile, "discard"):
                options.append(Action("win", tile))
        n = counts[tile]
        if n >= 3 and self._claim_ok(Claim(seat, "kong", (tile,) * 3)) and \
                self._kong_ok(seat, "from_discard", tile):
            options.append(Action("kong", tile, (tile,) * 3, way="from_discard"))
        if n >= 2 and self._claim_ok(Claim(seat, "pung", (tile, tile))):
            options.append(Action("pung", tile, (tile, tile)))
        for a, b in _CHOW_RUNS[tile]:
            if counts[a] and counts[b] and self._claim_ok(Claim(seat, "chow", (a, b))):
                options.append(Action("chow", tile, (a, b)))
        return options

    def _complete(self, counts: list[int]) -> bool:
        """Whether concealed counts form a mahjong in one of the forms this ruleset recognises."""
        return is_mahjong(counts, self._forms)

    @staticmethod
    def _knitted_near(counts: list[int]) -> bool:
        """Whether one more tile could make these concealed tiles a knitted mahjong (a necessary test).

        Shanten does not measure the knitted forms, so a hand that shanten
        calls unready may still win in them; :func:`is_mahjong` reads them from
        fourteen concealed tiles only, so a hand of any other size cannot.
        """
        return sum(counts) == 13 and knitted_within(counts, 1)

    def _claim_ok(self, claim: Claim) -> bool:
        return bool(self.hook.mahjong_claim_allowed(ruleset=self.ruleset, table=self.table, claim=claim))

    # ------------------------------------------------------------------ end of deal

    def _finish_deal(self, outcome: Outcome, salt: bytes | None) -> None:
        t = self.table
        if outcome.kind == "win":
            self.wins += 1
        elif outcome.kind == "aborted":
            self.draws += 1
            self.event("table", "deal_abandoned")
        else:
            self.draws += 1
            self.event("table", "exhaustive_draw")
        t.phase = "scoring"
        payments = self._score_and_settle(outcome)
        t.phase = "settlement"
        for p in payments:
            t.scores[p.payer] -= p.amount
            t.scores[p.payee] += p.amount
        self.event("table", "settlement", payments=[[p.payer, p.payee, p.amount, p.reason] for p in payments],
                   scores=list(t.scores))
        self.event("table", "deal_end", deal=t.deal_number, salt=salt.hex() if salt is not None else None,
                   state=t.state_hash())

    def _score_and_settle(self, outcome: Outcome) -> list[Payment]:
        t = self.table
        if outcome.kind == "win":
            for seat in range(t.players):
                winner = seat == outcome.winner
                tile = outcome.tile if winner else None
                if winner:
                    assert tile is not None and outcome.how is not None  # a win's outcome says with what and how
                    context = dict(self._win_context(seat, tile, outcome.how), winner=True)
                else:
                    context = {"winner": False, "seat_wind": EAST + t.seat_wind(seat),
                               "prevalent_wind": EAST + t.prevalent_wind, "dealer": seat == t.dealer,
                               "calling": t.seats[seat].calling}
                hand = t.seats[seat].to_hand(tile)
                score = self.hook.mahjong_score_hand(ruleset=self.ruleset, hand=hand, context=context)
                if score is not None:
                    outcome.scores[seat] = score
                    self.event("table", "score", seat=seat, **score_fields(score))
        penalties = [p for p in self.hook.mahjong_penalties(ruleset=self.ruleset, table=t, outcome=outcome) if p]
        if penalties:
            chosen = penalties[0]
            self.event("table", "penalty", rule=chosen.rule, seat=chosen.seat)
            return list(chosen.payments)
        payments = self.hook.mahjong_settle(ruleset=self.ruleset, table=t, outcome=outcome)
        return list(payments or ())


_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
#: The one discard action per kind, built once (actions are immutable values).
_DISCARDS = tuple(Action("discard", kind) for kind in range(NUM_PLAYING_KINDS))


class _LazyOptions(Sequence[Action]):
    """A decision's legal actions as a list built on first read: the subclass builds it and answers membership.

    Bots read the whole list and get it; a replayed decision is only checked
    for membership, which each subclass answers without building the list where
    it can -- with exactly the list's answer.
    """

    __slots__ = ()

    @abstractmethod
    def _all(self) -> list[Action]:
        """The whole list, built once."""

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        return self._all()[index]

    def __len__(self) -> int:
        return len(self._all())

    def __iter__(self) -> Iterator[Action]:
        return iter(self._all())


class _TurnOptions(_LazyOptions):
    """A turn's legal actions, worked out only as far as the question asked of them needs.

    A bot reads the whole list, and gets it (:meth:`Game._turn_options`, built
    on first use).  A replayed decision only has to be checked for membership,
    and most decisions are plain discards of a tile the seat holds -- legal
    whatever else the turn offers, since hooks add options and never remove
    one -- so that check skips the mahjong test, the kong checks and the
    ruleset's extra actions (``mahjong_turn_actions``).  Anything else is
    looked up in the full list, so membership means exactly what it means for
    the list.
    """

    __slots__ = ("_game", "_seat", "_drawn", "_how", "_after_claim", "_built")

    def __init__(self, game: Game, seat: int, drawn: int | None, how: str, after_claim: bool):
        self._game, self._seat, self._drawn, self._how, self._after_claim = game, seat, drawn, how, after_claim
        self._built: list[Action] | None = None

    def _all(self) -> list[Action]:
        built = self._built
        if built is None:
            built = self._built = self._game._turn_options(self._seat, self._drawn, self._how, self._after_claim)
        return built

    def __contains__(self, action: object) -> bool:
        if isinstance(action, Action) and action.kind == "discard" and action.way is None and not action.tiles:
            tile = action.tile
            if type(tile) is int and 0 <= tile < NUM_PLAYING_KINDS \
                    and self._game.table.seats[self._seat].counts[tile]:
                return True
        return action in self._all()



class _ExchangeOptions(_LazyOptions):
    """An exchange's legal actions: every different choice of ``count`` held tiles, then a refusal if allowed.

    A Charleston pass offers some 200 choices a seat, three times a deal; a
    bot reads them all and gets them all (built on first use), but a replayed
    decision only has to be checked for membership, which is a sub-multiset
    test on the counts.  Membership means exactly what it means for the list:
    an exchange action with its tiles ascending, ``tiles_per_choice`` of them, all held.
    ``tiles_per_choice`` is public: a bot that weighs the choices itself reads it instead
    of the list (:meth:`~mahjong_core.engine.players.GreedyBot._exchange`).  The
    length and any one item are worked out without the list too (a random
    bot asks for just those): the choices are counted kind by kind from the
    top kind held down (:meth:`_ways`), and the ``i``-th in ascending order is
    found by skipping, kind by kind, the choices that begin with a lower one.
    """

    __slots__ = ("_counts", "tiles_per_choice", "_extra", "_built", "_ways_table")

    def __init__(self, counts: tuple[int, ...], count: int, extra: tuple[Action, ...]):
        self._counts, self.tiles_per_choice, self._extra = counts, count, extra
        self._built: list[Action] | None = None
        self._ways_table: tuple[list[tuple[int, int]], list[list[int]]] | None = None

    def _ways(self) -> tuple[list[tuple[int, int]], list[list[int]]]:
        """The kinds held with their copies, and ``ways[i][r]``: the different choices of ``r`` tiles among the
        ``i``-th kind held and those above it."""
        table = self._ways_table
        if table is None:
            k = self.tiles_per_choice
            held = [(kind, n) for kind, n in enumerate(self._counts) if n]
            ways = [[0] * (k + 1) for _ in range(len(held) + 1)]
            ways[-1][0] = 1
            for i in range(len(held) - 1, -1, -1):
                # row[r] = above[r] + above[r - 1] + ... + above[r - copies]: a running sum over a window.
                copies, above, row = held[i][1], ways[i + 1], ways[i]
                total = 0
                for r in range(k + 1):
                    total += above[r]
                    if r > copies:
                        total -= above[r - copies - 1]
                    row[r] = total
            table = self._ways_table = (held, ways)
        return table

    def _choice(self, index: int) -> tuple[int, ...]:
        """The ``index``-th choice in ascending order (``0 <= index <`` the number of choices)."""
        held, ways = self._ways()
        tiles: list[int] = []
        i, r = 0, self.tiles_per_choice
        kind, left = held[0] if held else (0, 0)
        while r:
            if left:
                # Choices whose next tile is this kind: the other r - 1 from this kind's rest and the kinds above.
                above = ways[i + 1]
                starting = 0
                for j in range(min(left - 1, r - 1) + 1):
                    starting += above[r - 1 - j]
                if index < starting:
                    tiles.append(kind)
                    left, r = left - 1, r - 1
                    continue
                index -= starting
            i += 1
            kind, left = held[i]
        return tuple(tiles)

    def __len__(self) -> int:
        if self._built is not None:
            return len(self._built)
        return self._ways()[1][0][self.tiles_per_choice] + len(self._extra)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if self._built is not None or not isinstance(index, int):
            return self._all()[index]
        choices = self._ways()[1][0][self.tiles_per_choice]
        total = choices + len(self._extra)
        if not -total <= index < total:
            raise IndexError(index)
        index %= total
        return _exchange_action(self._choice(index)) if index < choices else self._extra[index - choices]

    def _all(self) -> list[Action]:
        built = self._built
        if built is None:
            built = [_exchange_action(c) for c in multiset_combinations(self._counts, self.tiles_per_choice)]
            built += self._extra
            self._built = built
        return built

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Action) or action.kind != "exchange":
            return action in self._extra
        tiles = action.tiles
        if action.tile is not None or action.way is not None or len(tiles) != self.tiles_per_choice \
                or list(tiles) != sorted(tiles):
            return False
        counts = self._counts
        for kind in set(tiles):
            if type(kind) is not int or not 0 <= kind < len(counts) or tiles.count(kind) > counts[kind]:
                return False
        return True



#: For each kind, the pairs of kinds that make a chow with it.
_CHOW_RUNS = tuple(
    tuple((kind + lo + i, kind + lo + j) for lo in (-2, -1, 0)
          for i, j in [tuple(x for x in range(3) if lo + x != 0)]
          if kind < 27 and 0 <= kind % 9 + lo and kind % 9 + lo + 2 <= 8)
    for kind in range(NUM_PLAYING_KINDS)
)


def multiset_combinations(counts: Sequence[int], k: int) -> list[tuple[int, ...]]:
    """Every different choice of ``k`` tiles from the held ``counts``, each ascending, in ascending order.

    A Charleston pass of three from thirteen tiles has 286 combinations and
    some 200 different ones; the repeats are dropped as plain tuples (in C),
    before any action is made of them.
    """
    held = [kind for kind, n in enumerate(counts) for _ in range(n)]
    return sorted(set(combinations(held, k)))


#: Exchange actions by their tiles: a Charleston offers some 200 a seat, three times a deal (actions are values).
_EXCHANGES: dict[tuple[int, ...], Action] = {}


def _exchange_action(tiles: tuple[int, ...]) -> Action:
    action = _EXCHANGES.get(tiles)
    if action is None:
        if len(_EXCHANGES) >= 1 << 16:
            _EXCHANGES.clear()
        action = _EXCHANGES[tiles] = Action("exchange", tiles=tiles)
    return action


def _thirteen_orphans_with(counts: Sequence[int], tile: int) -> bool:
    """Whether ``counts`` plus ``tile`` is thirteen orphans (the only hand that may rob a concealed kong)."""
    total = sum(counts) + 1
    return total == 14 and all(counts[k] + (k == tile) >= 1 for k in _ORPHANS) and \
        sum(counts[k] + (k == tile) for k in _ORPHANS) == 14
