"""The game: its setup, the loop of deals, and the two things every phase does -- log an event, ask a player.

A game is a sequence of deals; a deal goes through these phases, each in a
module of its own beside this one::

    setup (here) -> wall, deal (dealing.py) -> exchange (exchange.py) -> bonus replacement,
          declarations (dealing.py)
          -> turns: draw (drawing.py), kongs and the self-drawn win (turn.py), discard,
             the claim window (claims.py)  -- repeated by Game.play_turns
          -> end of deal: mahjong (winning.py) or exhaustive draw -> scoring, settlement (deal_end.py)
          -> rotation (here) -> next deal | end of game

Everything a ruleset may decide is asked of the plugin manager's hooks; the
engine itself knows no ruleset, and a rule only some rulesets have (the late
pung, the count correction, robbing a concealed kong) is a mechanism that
answers a hook.  Every change of state is an *event*: a JSON-ready dict with
a running number ``n``, an ``actor`` (``"table"`` for what the table does --
dice, dealing, draws, scoring -- or a seat number for a player's decision) and
a ``type``.  Decisions are the only events a player controls, so replaying a
game is re-running the engine with players that repeat the recorded decisions
(:class:`mahjong_core.engine.players.ScriptedPlayer`).

The phases are functions that take the game as their first argument
(``claim_window(game, discarder, tile)``), not methods scattered over
mixins: a phase reads and changes ``game.table`` and speaks through
:meth:`Game.event` and :meth:`Game.decide`, and what it needs of the game
besides is the few attributes set up in :meth:`Game.__init__`.

The engine never reads the wall clock and never uses unseeded randomness: the
wall comes from the deal's named generator (:mod:`mahjong_core.table.rng`) or, for a
game played on a physical table, from the tiles observed in its log.

What the engine leaves to others: how tiles, actions and scores are written
into events (:mod:`mahjong_core.table.events`), which special forms may win
(:mod:`mahjong_core.plugin.forms`) and which plugin manager a game shares with
others (:mod:`mahjong_core.plugin.manager`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Protocol

from mahjong_core.engine.bonus import settle_bonus
from mahjong_core.engine.claims import claim_window
from mahjong_core.engine.deal_end import finish_deal, score_and_settle
from mahjong_core.engine.dealing import bonus_replacement, build_wall, deal_declarations, deal_hands
from mahjong_core.engine.drawing import draw_live, held_as
from mahjong_core.engine.exchange import exchange
from mahjong_core.engine.flow import DealOver, PlayGoesOn, answered
from mahjong_core.engine.judge import GameJudge
from mahjong_core.engine.marked import mark_discard, refused_marking
from mahjong_core.engine.money import react, settle_game
from mahjong_core.engine.plugin_actions import run_plugin_phases
from mahjong_core.engine.refusal import REFUSAL, timeout_instead
from mahjong_core.engine.seats import check_seats
from mahjong_core.engine.turn import correct_count, turn
from mahjong_core.engine.wild import dealer_may_rob, forget_wild, rob_wild_after_discard, wild_deal
from mahjong_core.engine.winning import abortive, false_win, hook_win_context
from mahjong_core.errors import IllegalAction, MahjongError, UnendingGame
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.forms import added_forms, ready_beyond_shanten, recognised_forms
from mahjong_core.plugin.manager import implemented_hooks, overridden_hooks, shared_plugin_manager
from mahjong_core.plugin.reactions import reaction_callers
from mahjong_core.rules.jokers import joker_play
from mahjong_core.rules.kept_bonus import kept_bonus
from mahjong_core.rules.playable import deal_bound
from mahjong_core.table.effects import apply_effects
from mahjong_core.table.events import action_fields, action_text
from mahjong_core.table.state import Action, Outcome, Payment, Table
from mahjong_core.table.vocabulary import TABLE_PHASES
from mahjong_core.table.wall import TileSource

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset

__all__ = ["PHASES", "Game", "GameResult", "IllegalAction", "Player", "TileSource", "UnendingGame"]

#: The phases of a game in order; ``Table.phase`` always holds the current one, so hooks and observers
#: know where the game is.  ``turns`` repeats until the deal ends; ``rotation`` leads back to ``wall``.
PHASES = TABLE_PHASES
#: The wins that end a deal where the ruleset sets no bound (``deal_ends_at_wins: null``, winners staying in
#: play): more than a wall's tiles, so that only the wall's end ends the deal.
_NO_BOUND = 1 << 16
#: A game's reactions where no plugin replies to events, and while a reply is logged.
_NO_REACTIONS: Mapping[str, Any] = MappingProxyType({})



class Player(Protocol):
    """Anything that is offered the legal actions and returns one of them."""

    name: str
    kind: str

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        """Return one of ``options`` (the engine rejects anything else)."""
        ...





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
    :param opening: for a recorded game that begins mid-game (``options.opening`` of its log): the first deal's
        ``dealer``, each seat's ``scores``, the ``pot`` and the table's ``counters`` (``honba``), as recorded.
    :param tile_source_factory: for recorded physical games: builds each deal's
        tile source instead of the seeded wall.
    :param salts: gives each deal's wall-commitment salt where the salt must not follow from the seed (a live
        table, whose salt is revealed to nobody before the game ends but would tell the seed to anyone who could
        search the seeds for it): called once a deal, it returns fresh OS randomness at a live table or the
        logged salt when a log is re-run.  The salt then becomes an input of the log, like a decision's timing,
        and is written on the ``deal_start`` line; without it the salt is derived from the seed
        (``docs/prng.md``, "Commitments"), so a simulated game's every byte follows from its seed.
    :param before_deal: called before each deal with the number of deals played; it may raise to stop the game
        (a simulation stops one whose log would grow past what a log reader reads: ``mahjong_core.log.simulate``).
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
        opening: Mapping[str, Any] | None = None,
        before_deal: Callable[[int], None] | None = None,
    ):
        check_seats(ruleset, players)
        self.ruleset = ruleset
        self.before_deal = before_deal
        self.players = list(players)
        self.seed = seed
        self.max_deals = max_deals
        self.max_rounds = max_rounds
        #: Past this many deals the game is stopped as unending (``mahjong_core.rules.playable.deal_bound``),
        #: unless the caller stated its own bound (``max_deals``, ``--max-deals``): that one ends the game cleanly.
        self.deal_bound = deal_bound(ruleset) if max_deals is None else max(max_deals, deal_bound(ruleset))
        binding = bind(ruleset)
        self.pm, self.hook = shared_plugin_manager(tuple(binding.plugins), house_tweaks=tuple(house_tweaks),
                                                 observers=tuple(observers))
        #: The words the game may use: the core's, and those of the plugins it registers (composed per binding).
        self.vocabulary = binding.vocabulary
        self._event_types = self.vocabulary.event_types
        #: The plugins' event types, whose fields the game checks and whose effects it applies (mostly empty).
        self._plugin_events = self.vocabulary.plugin_events
        self._emit = emit
        #: The hooks some plugin of this game implements, decided once: a hook outside it is never called
        #: (:func:`mahjong_core.plugin.manager.implemented_hooks`), so a game pays only for the rules it plays.
        self.implemented = implemented_hooks(self.pm)
        #: The hooks a plugin other than the core's defaults implements: where one is not, a phase computes the
        #: core's own answer (:func:`mahjong_core.plugin.manager.overridden_hooks`).
        self.overridden = overridden_hooks(self.pm)
        self._observed = "mahjong_event" in self.implemented
        #: Per event type, the caller of the plugins that may add events in reply to it (:func:`.money.react`,
        #: :mod:`mahjong_core.plugin.reactions`): a type it lacks is asked of no plugin, and it is empty while a
        #: reply is logged, so a reply is never asked about.  (One attribute, not two: the game's attributes stay
        #: within the 30 that CPython 3.11 keeps as a shared-key instance dict, whose attribute reads are the fast
        #: ones.)
        self._reacts = self._reaction_callers(ruleset)
        #: Whether any of the three above asks :meth:`event` for more than logging the event.
        self._plugins_see_events = bool(self._plugin_events) or self._observed or bool(self._reacts)
        #: Builds each deal's tile source where the tiles are observed, not shuffled (:func:`.dealing.build_wall`).
        self.tile_source_factory = tile_source_factory
        #: Gives each deal's wall-commitment salt where it must not follow from the seed (a live table).
        self.salts = salts
        #: How many of the current wall's own events have been logged (:func:`.drawing.flush_wall_events`).
        self.wall_events_sent = 0
        self.n = 0
        n_players = int(ruleset.param("players"))
        if len(self.players) != n_players:
            raise MahjongError(f"ruleset {ruleset.id} is played by {n_players} players, got {len(self.players)}",
                               place="players")
        if seed is None and tile_source_factory is None:
            raise MahjongError("a simulated game needs a seed", place="seed")
        if "mahjong_configure" in self.implemented:
            self.hook.mahjong_configure(ruleset=ruleset, options={"players": n_players, "seed": seed})
        self.table = Table(players=n_players, scores=[ruleset.starting_points()] * n_players)
        # A recorded game may begin in a later round (an imported deal of a South round): its first deal's
        # prevalent wind and round are that round's, and the rules' rotation goes on from there.
        self.table.prevalent_wind = self.table.round_index = first_round
        if opening is not None:
            self._open_at(opening, n_players)
        teams = answered(self.hook.mahjong_teams(ruleset=ruleset, seats=n_players), "mahjong_teams")
        self.table.teams = [list(t) for t in teams]
        self.tile_set = tuple(answered(self.hook.mahjong_tile_set(ruleset=ruleset), "mahjong_tile_set"))
        #: The ruleset's tile set: every kind's code (what the log writes), the playing kind each is held as.
        self.tiles = bind(ruleset).tiles
        self.codes = self.tiles.codes()
        self.plays_as: Sequence[int] = self.tiles.plays_as
        self.table.tiles = self.tiles
        size = self.tiles.size
        unknown = [] if self.tile_set is self.tiles.tiles else \
            sorted({t for t in self.tile_set if not (type(t) is int and 0 <= t < size)}, key=repr)
        if unknown:  # a plugin's own answer (the default's is the set's own tuple) named a kind the set lacks
            raise MahjongError(f"mahjong_tile_set answered {unknown[0]!r}, which is no kind of the ruleset's tile "
                               f"set (kinds 0..{self.tiles.size - 1}); declare its kinds in the tile_set data",
                               place="mahjong_tile_set")
        self.time_limits = self.hook.mahjong_time_limits(ruleset=ruleset)
        self.table.time_limits = self.time_limits
        self.table.calling_rule = bind(ruleset).calling_rule
        self.table.kong_loose_tile = ruleset.get("kong_loose_tile") is not False
        #: What a bot that plans may ask of a hand it might hold (``engine/judge.py``): the game's own objections.
        self.table.judge = GameJudge(self)
        self.hand_size = int(ruleset.param("hand_size"))
        # What the ruleset says once for the whole game, asked once rather than at every draw or discard:
        #: The claims a discard stays open to after the next draw (the late pung; empty for most rulesets).
        self.late_claims = frozenset(self.hook.mahjong_late_claims(ruleset=ruleset) or ()) \
            if "mahjong_late_claims" in self.implemented else frozenset()
        #: The special forms that win besides four sets and a pair (:func:`mahjong_core.plugin.forms.recognised_forms`).
        self.forms = recognised_forms(ruleset)
        #: The winning forms its plugins register beside the core's (:func:`mahjong_core.plugin.forms.added_forms`).
        self.added_forms = added_forms(ruleset)
        #: The quick test for the forms shanten does not measure, or ``None`` (:func:`.claims.claim_options`).
        self.near_ready = ready_beyond_shanten(self.forms, self.added_forms)
        #: Per seat, (concealed counts, what ``near_ready`` said of them): see :func:`.claims.claim_options`.
        self.near_memo: list[tuple[bytes, bool] | None] = [None] * n_players
        #: Whether some plugin says how a hand of the wrong size is put right (:func:`.turn.correct_count`).
        self.counts_corrected = "mahjong_wrong_count" in self.implemented
        # Whether a kind is a bonus tile depends only on the ruleset: ask once per game, not once per draw.
        # Jokers are set aside and replaced like bonus tiles, but where the ruleset plays them (``jokers:
        # {played: true}``, :mod:`mahjong_core.rules.jokers`): then a joker is held like any playing tile.
        # Where only the core's default says which kinds are bonus tiles, the tile set answers without the hook.
        self.table.joker_play = joker_play(ruleset, self.tiles)
        #: Whether the ruleset makes a kind wild at each deal (``jokers.wild``): the game then keeps its own copy
        #: of ``plays_as``, where the deal's wild kind plays as a joker (:mod:`.wild`).
        self.wild_kinds = self.table.joker_play is not None and self.table.joker_play.wild is not None
        #: Whether the dealer may rob the turned wild tile after his first discard (``jokers.wild.robbed_by_dealer``).
        wild = self.table.joker_play.wild if self.table.joker_play is not None else None
        self.dealer_robs_wild = wild is not None and wild.robbed_by_dealer
        if self.wild_kinds:
            self.plays_as = list(self.tiles.plays_as)
        jokers = self.tiles.jokers if self.table.joker_play is None else frozenset()
        if "mahjong_is_bonus_tile" in self.overridden:
            self.bonus_kinds = [k in jokers or bool(self.hook.mahjong_is_bonus_tile(ruleset=ruleset, tile=k))
                                for k in range(self.tiles.size)]
        else:
            self.bonus_kinds = [k in jokers or k in self.tiles.bonus for k in range(self.tiles.size)]
        #: Where a seat keeps a bonus tile it draws in its hand, to set aside later or discard (``bonus_kept``:
        #: Vietnamese flowers), how; ``None`` in every other game, which sets each aside as it is drawn.
        self.kept_bonus = kept_bonus(ruleset)
        #: (seats that may win on one discard, wins that end a deal): ``most_winners_on_one_discard`` and
        #: ``deal_ends_at_wins``, both 1 but where a ruleset lets several seats win (:func:`.winning.declare_wins`).
        #: ``deal_ends_at_wins: null`` (where winners stay in play) sets no bound: only the wall ends the deal.
        ends = ruleset.get("deal_ends_at_wins", 1)
        self.wins_rule = (int(ruleset.get("most_winners_on_one_discard", 1)), _NO_BOUND if ends is None else int(ends))
        self.table.winners_stay = bool(ruleset.get("winners_stay_in_play", False))
        self.wins = 0
        self.draws = 0

    def _open_at(self, opening: Mapping[str, Any], players: int) -> None:
        """Set the table where a recorded excerpt begins (``opening``: dealer, scores, pot, counters)."""
        t = self.table
        dealer, scores = opening.get("dealer", 0), opening.get("scores", t.scores)
        pot, counters = opening.get("pot", 0), opening.get("counters", {})
        if not (type(dealer) is int and 0 <= dealer < players):
            raise MahjongError(f"options.opening.dealer {dealer!r} is no seat of {players}", place="options.opening")
        if not (isinstance(scores, list) and len(scores) == players and all(type(s) is int for s in scores)):
            raise MahjongError(f"options.opening.scores is {players} whole numbers of points", place="options.opening")
        if type(pot) is not int or pot < 0 or not (isinstance(counters, Mapping) and all(
                type(v) is int and v >= 0 for v in counters.values())):
            raise MahjongError("options.opening: the pot and the counters are whole numbers, none below 0",
                               place="options.opening")
        t.dealer, t.scores, t.pot, t.counters = dealer, list(scores), pot, {str(k): v for k, v in counters.items()}

    # ------------------------------------------------------------------ events

    def event(self, actor: int | str, type_: str, **fields: Any) -> dict[str, Any]:
        """Log one event of a type the catalogue declares, with its keys in the order every log writes them.

        The dict is the one the type's constructor (:data:`~mahjong_core.table.events.CATALOGUE`) builds, made
        here directly: this runs for every event of every deal, and going through the constructor, which packs
        the fields a second time, cost about 3% of a simulation's time.

        Where a plugin of the game answers ``mahjong_event_reactions``, the events it adds in reply are logged
        right after this one (:func:`.money.react`), and are not themselves asked about.
        """
        if type_ not in self._event_types:
            raise MahjongError(f"the engine emitted an event of type {type_!r}, which the event catalogue "
                               "(mahjong_core.table.events) does not declare, nor does a vocabulary of this game")
        ev = {"n": self.n, "t": self.table.clock_ms, "actor": actor, "type": type_, **fields}
        if self._plugins_see_events:  # a plugin's event, an observer or a reply: most games have none of them
            return self._event_with_plugins(ev)
        self.n += 1
        if self._emit is not None:
            self._emit(ev)
        return ev

    def _event_with_plugins(self, ev: dict[str, Any]) -> dict[str, Any]:
        """:meth:`event`'s steps where a plugin of the game declares events, observes them or replies to them."""
        type_ = ev["type"]
        if self._plugin_events and type_ in self._plugin_events:
            self._plugin_event(ev)
        self.n += 1
        if self._emit is not None:
            self._emit(ev)
        if self._observed:
            self.hook.mahjong_event(table=self.table, event=ev)
        reacts = self._reacts
        if reacts:
            caller = reacts.get(type_)
            if caller is not None:
                self._reacts = _NO_REACTIONS
                try:
                    react(self, ev, caller)
                finally:
                    self._reacts = reacts
        return ev

    def _reaction_callers(self, ruleset: Ruleset) -> Mapping[str, Any]:
        """:attr:`_reacts` for this game: every event type but ``game_end`` (nothing follows it) that some plugin
        of the game may reply to."""
        if "mahjong_event_reactions" not in self.implemented:
            return _NO_REACTIONS
        callers = reaction_callers(self.pm, ruleset, self._event_types)
        callers.pop("game_end", None)
        return callers

    def _plugin_event(self, ev: dict[str, Any]) -> None:
        """Check a plugin's event against its type's declaration and apply its effects to the table."""
        term = self._plugin_events[ev["type"]]
        declared = term.properties()
        unknown = [k for k in ev if k not in ("n", "t", "actor", "type") and k not in declared]
        missing = [k for k in term.required() if k not in ev]
        if unknown or missing or (term.actor == "table") != (ev["actor"] == "table"):
            raise MahjongError(f"a {ev['type']} event {'with ' + ', '.join(unknown) if unknown else ''}"
                               f"{' without ' + ', '.join(missing) if missing else ''} by {ev['actor']!r} is not "
                               f"what its vocabulary declares (fields {', '.join(declared) or 'none'}, actor "
                               f"{term.actor})", place=f"event {self.n}")
        apply_effects(self.table, ev, term.effects)

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
            penalty = false_win(self, seat, action, phase, delay)
            if penalty is not None:
                return self.decide(seat, options, phase, window=window)
        offered = action
        if action.marked:  # the copy named: the option is the same action with the seat's default copy
            why = refused_marking(t.seats[seat], action, self.tiles)
            if why is not None:
                raise IllegalAction(f"seat {seat} chose {action_text(action)}: {why}", place=f"event {self.n}")
            offered = action.marking(())
        if offered not in options or not isinstance(delay, int) or delay < 0:
            raise IllegalAction(f"seat {seat} chose {action_text(action, self.codes)}, which is not legal here; legal: "
                                + ", ".join(action_text(o, self.codes) for o in options), place=f"event {self.n}")
        fields = action_fields(action, self.codes)
        if action.kind == "discard" and t.seats[seat].marked:
            mark_discard(fields, t.seats[seat], action, self.tiles)
        if delay:
            fields["after_ms"] = delay
        # A declaration on the dealt hand is timed like a claim: when time runs out it lapses (a pass).
        what = "claim" if window or phase == "declaration" else "move"
        limit = self._limit_ms(what)
        if not window:
            t.clock_ms += delay if limit is None else min(delay, limit)
        self.event(seat, "decision", phase=phase, **fields)
        if limit is not None and delay > limit:
            fallback = answered(self.hook.mahjong_timeout(ruleset=self.ruleset, table=t, seat=seat, what=what),
                                "mahjong_timeout")
            if fallback not in options and REFUSAL in self.implemented:  # a rule refused it: the first of its kind
                fallback = timeout_instead(fallback, options)
            if fallback not in options:
                raise IllegalAction(f"the ruleset's timeout action {action_text(fallback)} is not legal here",
                                    place=f"event {self.n}")
            self.event("table", "timeout", seat=seat, what=what, limit_ms=limit, **action_fields(fallback))
            return fallback.after(limit)
        return action

    # ------------------------------------------------------------------ what a subclass may refine

    def win_context(self, seat: int, tile: int, how: str) -> dict[str, Any]:
        """The facts of a win, as the hooks say (:func:`.winning.hook_win_context`); every phase asks here.

        A game that knows more of the table than the hooks can see refines it
        (:class:`mahjong_core.sheets.game.SheetGame` adds the sheet's flags).
        """
        return hook_win_context(self, seat, tile, how)

    def score_and_settle(self, outcome: Outcome) -> list[Payment]:
        """The deal's scores and payments (:func:`.deal_end.score_and_settle`); the end of a deal asks here.

        A game re-enacted from a score sheet refines it to locate a hand it cannot score.
        """
        return score_and_settle(self, outcome)

    def _limit_ms(self, what: str) -> int | None:
        limits = self.table.time_limits
        seconds = getattr(limits, what, None) if limits is not None else None
        return None if seconds is None else int(seconds * 1000)

    # ------------------------------------------------------------------ the loops: deals, and turns in a deal

    def play(self) -> GameResult:
        """Play deals until the ruleset ends the game (or a bound given to the game does); dealer rotation."""
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
            if self.before_deal is not None:
                self.before_deal(t.deal_number)
            outcome = self.play_deal()
            t.phase = "rotation"
            dealer, wind, round_index = answered(
                self.hook.mahjong_next_deal(ruleset=self.ruleset, table=t, outcome=outcome), "mahjong_next_deal")
            if dealer == t.dealer and round_index == t.round_index:
                t.deal_in_round += 1
            else:
                t.deal_in_round = 0
            t.dealer, t.prevalent_wind, t.round_index = dealer, wind, round_index
            t.deal_number += 1
            self.event("table", "rotation", dealer=dealer, prevalent_wind=wind, round=round_index)
        t.phase = "over"
        if "mahjong_game_settlement" in self.implemented:
            settle_game(self)
        result = GameResult(list(t.scores), t.deal_number, self.wins, self.draws, [list(x) for x in t.teams])
        self.event("table", "game_end", scores=list(t.scores), deals=t.deal_number,
                   team_scores=result.team_scores())
        return result

    def play_deal(self) -> Outcome:
        """Play one deal through its phases (the modules beside this one) and return how it ended."""
        t = self.table
        t.new_deal()
        if self.wild_kinds:
            forget_wild(self)
        t.phase = "wall"
        salt = build_wall(self)
        try:
            t.phase = "deal"
            pending = deal_hands(self)
            t.phase = "exchange"
            exchange(self)
            t.phase = "bonus"
            bonus_replacement(self, pending)
            t.phase = "declarations"
            if self.wild_kinds:  # a kind made wild for the deal (Fuzhou's gold): turned, announced, robbed
                wild_deal(self)
            deal_declarations(self)
            if self.vocabulary.plugin_phases:
                run_plugin_phases(self)
            t.phase = "turns"
            outcome = self.play_turns()
        except DealOver as over:
            outcome = over.outcome
        if t.wins and not outcome.wins and outcome.kind != "win":  # the deal ended without a win after some
            outcome.wins = list(t.wins)
        finish_deal(self, outcome, salt)
        return outcome

    def play_turns(self) -> Outcome:
        """Turns until the deal ends (by :class:`DealOver`); the dealer starts holding 14 tiles."""
        t = self.table
        seat = t.dealer
        drawn: int | None = None
        how = "self_drawn"
        after_claim = False
        need_draw = False
        # A rule that ends a deal as an abortive draw is asked only where a plugin of the game has one.
        aborts = "mahjong_abortive_draw" in self.implemented
        while True:
            if need_draw and self.counts_corrected:
                need_draw = correct_count(self, seat)
                if not need_draw:  # too many tiles: the turn is played without its draw
                    drawn, how, after_claim = None, "self_drawn", True
            if need_draw:
                tile = draw_live(self, seat)
                if tile is None:
                    raise DealOver(Outcome("draw"))
                kept = settle_bonus(self, seat, tile)
                # A tile kept after replacing a bonus tile came from the dead wall.
                how = "self_drawn" if kept == tile else "replacement"
                drawn = kept if self.plays_as[kept] == kept else held_as(self, kept)
                after_claim = False
                if self.late_claims and kept == tile and t.last_discard is not None:
                    assert t.last_discarder is not None  # set together with last_discard
                    late = claim_window(self, t.last_discarder, t.last_discard, late=(seat, tile))
                    if late is not None:
                        seat, drawn, how, after_claim = late
                        t.first_go_around = False
            if aborts:
                abortive(self, "turn", seat)
            try:
                discard = turn(self, seat, drawn, how, after_claim)
                claimed = claim_window(self, seat, discard, closing=rob_wild_after_discard) \
                    if self.dealer_robs_wild and dealer_may_rob(self, seat) else claim_window(self, seat, discard)
            except PlayGoesOn as won:  # a seat won and left: play goes on after it (deal_ends_at_wins)
                seat = t.next_in_play(won.seat)
                need_draw = True
                continue
            if claimed is None:
                if aborts:
                    abortive(self, "discard", seat)
                seat = (seat + 1) % t.players if not t.wins else t.next_in_play(seat)
                if seat == t.dealer:
                    t.first_go_around = False
                need_draw = True
            else:
                seat, drawn, how, after_claim = claimed
                t.first_go_around = False
                need_draw = False

