"""The table: what every seat holds, what lies on the table, and the values that move between them.

The engine mutates one :class:`Table` per game; hooks read it.  Hands are
count vectors over the 34 playing kinds because every question the engine
asks many times a deal (can this seat pung, is this hand complete, what is its
shanten) is arithmetic on counts.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from mahjong_core.hand.jokers import JokerRule
from mahjong_core.hand.melds import ClaimedFrom, Hand, Meld, MeldKind
from mahjong_core.hand.shanten import shanten as _shanten
from mahjong_core.hand.tiles import NUM_PLAYING_KINDS, TileSet
from mahjong_core.hand.wild import scored_holding

if TYPE_CHECKING:
    from mahjong_core.hand.predicates import Predicate
    from mahjong_core.hand.score import Score
    from mahjong_core.rules import Ruleset
    from mahjong_core.rules.jokers import JokerPlay
    from mahjong_core.table.wall import TileSource


@dataclass(frozen=True, slots=True)
class Action:
    """One decision a seat can make.

    :param kind: ``discard``, ``kong``, ``win``, ``pass``, ``chow``, ``pung``,
        ``declare_calling``, ``withdraw_calling``, ``exchange`` or ``refuse``.
    :param tile: the tile discarded, claimed or konged.
    :param tiles: tiles from the hand a claim uses, or the tiles passed in an exchange.
    :param way: for kongs, ``concealed``, ``from_discard`` or ``added``.
    :param marked: the playing kinds whose marked copy (a red five) the player chose to give up -- the discarded
        tile, or tiles from the hand a claim uses -- where the hand holds a plain copy of the kind as well.  Empty
        (every option is offered so), a seat gives up its plain copies first (``mahjong_core.engine.marked``);
        a player names the copy by returning an option with ``option.marking(kinds)``.
    :param count: a number the seat names, where the action is one (``way="ask"``: how many tiles a seat asks to
        pass in a pass whose count each pair agrees, the American courtesy pass); ``None`` otherwise.
    """

    kind: str
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    way: str | None = None
    #: How long the player took, in milliseconds of the table clock; options are offered with 0 and a
    #: player may return one with its own delay (``option.after(ms)``).  It is when the action was taken,
    #: not which action it is, so it takes no part in comparing actions: a delayed option is still that option.
    delay_ms: int = field(default=0, compare=False)
    marked: tuple[int, ...] = ()
    count: int | None = None

    def __init__(self, kind: str, tile: int | None = None, tiles: tuple[int, ...] = (), way: str | None = None,
                 delay_ms: int = 0, marked: tuple[int, ...] = (), count: int | None = None) -> None:
        # The fields set through their slots' own setters: a frozen dataclass's generated __init__ goes through
        # object.__setattr__ for each, and made this the costliest line of a random bot's decision (every choice
        # is a new action, with its delay).  Still frozen: assigning a field afterwards raises as before.
        _SET_KIND(self, kind)
        _SET_TILE(self, tile)
        _SET_TILES(self, tiles)
        _SET_WAY(self, way)
        _SET_DELAY(self, delay_ms)
        _SET_MARKED(self, marked)
        _SET_COUNT(self, count)

    def after(self, delay_ms: int) -> Action:
        """The same action taken after ``delay_ms`` milliseconds (cheaper than ``dataclasses.replace``)."""
        return Action(self.kind, self.tile, self.tiles, self.way, delay_ms, self.marked, self.count)

    def marking(self, kinds: tuple[int, ...]) -> Action:
        """The same action giving up the marked copies of ``kinds`` (see ``marked``)."""
        return Action(self.kind, self.tile, self.tiles, self.way, self.delay_ms, tuple(sorted(kinds)), self.count)


_SET_KIND, _SET_TILE, _SET_TILES, _SET_WAY, _SET_DELAY, _SET_MARKED, _SET_COUNT = (
    Action.__dict__[name].__set__ for name in ("kind", "tile", "tiles", "way", "delay_ms", "marked", "count"))


@dataclass(frozen=True, slots=True)
class Claim:
    """A seat's claim on the discard lying on the table.

    ``delay_ms`` is ``None`` while the engine asks whether such a claim could be
    made at all, and the claimer's reaction time (from the discard) once it is made,
    so timing rules (a chow only after a pause) can judge it.
    """

    seat: int
    kind: str  # "win", "kong", "pung", "chow"
    tiles: tuple[int, ...] = ()  # tiles from the claimer's hand
    delay_ms: int | None = None
    marked: tuple[int, ...] = ()  # the kinds among ``tiles`` whose marked copy the claimer chose to use


@dataclass(frozen=True)
class ExchangeStep:
    """One pass of tiles between seats before the first discard.

    :param name: shown in the log and docs (``charleston-1-right``, ``partner``).
    :param count: tiles each seat passes.
    :param offset: seat offset of the receiver in turn order (1 right, 2 across, 3 left).
    :param optional: whether a seat may decline the whole step (the courtesy pass).
    :param refuse_only_if_calling: a seat may refuse only with a calling hand (Piter).
    :param one_suit: every tile passed is of one suit (Sichuan's exchange of three).
    :param group: steps made together or not at all: once a seat declines an optional step of a group, the
        group's later steps are not offered (the American second Charleston, which stops as a whole).
    :param blind: a seat may pass on, unseen, some of the tiles passed to it in this same step in place of as many
        of its own (the American blind pass, or "steal", on the last pass of each Charleston).
    :param agreed: each seat first asks how many tiles, from none to ``count``, it will pass (an exchange decision
        of the way ``ask``), and each pair of seats that pass to each other passes the smaller of their two asks
        (the American courtesy pass across); only for a pass whose receiver passes back to its giver.
    :param win_before: before this step a seat whose hand is already complete may declare mahjong, a win on a
        tile it holds, as on the deal (the American heavenly hand before the first pass, the earthly hand before
        the second Charleston).
    """

    name: str
    count: int
    offset: int
    optional: bool = False
    refuse_only_if_calling: bool = False
    one_suit: bool = False
    group: str | None = None
    blind: bool = False
    agreed: bool = False
    win_before: bool = False


@dataclass(frozen=True)
class CallingRule:
    """What a player reads of the ruleset before declaring a calling hand: whether the declaration is needed
    to win, and which declared facts a scoring item pays for.

    A declaration that is neither needed nor paid for only tells the table that the hand is ready, so a bot
    makes one only where one of these says it should (:class:`mahjong_core.engine.players.GreedyBot`).
    """

    #: ``calling_hand_rule.required``: an undeclared hand may not win.
    required: bool = False
    #: The calling facts (``calling``, ``calling_from_start``) some scoring item of the ruleset reads.
    scored: frozenset[str] = frozenset()

    @classmethod
    def of(cls, ruleset: Ruleset, vocabulary: Mapping[str, Predicate]) -> CallingRule:
        """Read from the ruleset's data: its calling-hand rule, and the predicates its tables name.

        :param vocabulary: the ruleset's predicates by name (``mahjong_core.plugin.binding.bind(ruleset).predicates``),
            for the facts each named one reads.
        """
        rule = ruleset.get("calling_hand_rule") or {}
        facts = {"calling", "calling_from_start"}
        named: set[str] = set()

        def walk(node: Any) -> None:
            if isinstance(node, str | bytes | int | float | bool) or node is None:
                return
            if hasattr(node, "items"):
                for key, value in node.items():
                    if key == "predicate" and isinstance(value, str):
                        named.add(value)
                    else:
                        walk(value)
            elif isinstance(node, list | tuple):
                for value in node:
                    walk(value)

        walk(ruleset.tables)
        scored = {fact for name in sorted(named) if name in vocabulary for fact in vocabulary[name].facts
                  if fact in facts}
        return cls(bool(rule.get("required")), frozenset(scored))


@dataclass(frozen=True)
class TimeLimits:
    """Seated timing, in seconds (``None`` where the ruleset sets no limit)."""

    move: float | None = None
    claim: float | None = None
    chow_pause_min: float | None = None
    chow_pause_max: float | None = None
    game: float | None = None


@dataclass(frozen=True)
class Payment:
    """``amount`` moves from ``payer`` to ``payee`` for ``reason``."""

    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True)
class Penalty:
    """A penalty that replaces the deal's settlement: which rule fired, against whom, and the payments."""

    rule: str
    seat: int
    payments: tuple[Payment, ...]


@dataclass(frozen=True)
class FalseWinPenalty:
    """What a wrongly declared mahjong costs, and who on the wronged side may end the deal.

    :param chooser: the seat that chooses to end or continue the deal, or ``None``
        when the deal simply goes on.
    """

    rule: str
    payments: tuple[Payment, ...]
    chooser: int | None


@dataclass
class Outcome:
    """How a deal ended and what each hand scored."""

    kind: str  # "win", "draw", "aborted" (ended after a false mahjong) or "abortive" (a rule's abortive draw)
    winner: int | None = None
    how: str | None = None  # "self_drawn", "discard", "replacement", "robbing_kong"
    tile: int | None = None
    discarder: int | None = None
    scores: dict[int, Score] = field(default_factory=dict)
    #: Every win of the deal, in the order they came, where there was more than one (several winners on one
    #: discard, or wins before the deal ended where play goes on after a win): each a win outcome of its own, the
    #: first being the one this outcome's own fields name.  Empty for a deal of one win or none, so a settlement
    #: that knows one winner reads the outcome as it always did.  A drawn deal lists the wins before the wall ran out.
    wins: list[Outcome] = field(default_factory=list)
    #: Whether this win was scored and settled when it happened (play went on after it): the deal's end leaves it.
    settled: bool = False
    #: Why a rule ended the deal as an abortive draw (``nine_terminals``, ``four_winds``), kind ``abortive`` only.
    reason: str | None = None

    def each_win(self) -> list[Outcome]:
        """The deal's wins, one outcome each: :attr:`wins`, or this outcome alone where it is the only win."""
        if self.wins:
            return self.wins
        return [self] if self.kind == "win" else []


@dataclass
class Seat:
    """One player's holdings during a deal."""

    counts: list[int] = field(default_factory=lambda: [0] * NUM_PLAYING_KINDS)
    melds: list[Meld] = field(default_factory=list)
    bonus: list[int] = field(default_factory=list)
    discards: list[int] = field(default_factory=list)
    #: (concealed counts, their shanten, whether exact) of the hand last asked about: claims, bots and the
    #: calling rule ask about the same hand several times a turn.  Not exact, the figure is a lower bound of at
    #: least 1 (the hand is not ready), carried over one exchange from the one before
    #: (:func:`~mahjong_core.hand.shanten.one_exchange_apart`); :meth:`shanten` measures it then.
    shanten_memo: tuple[bytes, int, bool] | None = field(default=None, repr=False, compare=False)
    calling: bool = False
    #: Tiles taken from the wall this deal after the dealing (draws, loose tiles): a rule that gives each seat
    #: its own share of the wall ends the deal when the seat due to draw has taken its share.
    taken: int = 0
    #: Called at once and only drew and discarded since (a doubling in 001/003).
    calling_from_start: bool = False
    #: The playing kinds of the marked copies (red fives) among the concealed tiles: a seat gives up a plain copy
    #: before a marked one, so these are the last copies of their kind to leave the hand.
    marked: list[int] = field(default_factory=list)
    #: The playing kinds of the marked copies that went into the seat's melds.
    marked_melded: list[int] = field(default_factory=list)
    #: The same, by the place of the meld among :attr:`melds` that holds each: a red five in a meld lies face up,
    #: and the view draws it there (:func:`mahjong_core.engine.marked.mark_meld`).
    meld_marks: dict[int, list[int]] = field(default_factory=dict)
    #: Where each joker lies in the row of tiles set aside (:meth:`set_aside_row`).
    joker_places: list[int] = field(default_factory=list)
    #: Where among :attr:`discards` a marked copy lies (a discarded red five, which the log names by its own code).
    marked_discards: list[int] = field(default_factory=list)
    #: The jokers held (their kind indices), set aside face up beside the hand and replaced like bonus tiles
    #: until the rules for playing them exist (issue 30, item 3): they never enter the count vector.
    jokers: list[int] = field(default_factory=list)

    #: A plugin's flags and declarations on this seat, set by its events' ``flag`` effects
    #: (:mod:`mahjong_core.table.effects`): a declared missing suit.
    flags: dict[str, Any] = field(default_factory=dict)
    #: Tiles set aside face up from the concealed hand by a plugin's events (``set_aside`` effects).
    aside: list[int] = field(default_factory=list)
    #: The tiles this seat has won with and set aside face up, where winners stay in play
    #: (``winners_stay_in_play``): each win's tile leaves the hand, which plays on.  Empty in every other game.
    won: list[int] = field(default_factory=list)
    #: The hand a winner who stays in play laid down face up at its last win (kind indices, its concealed tiles then),
    #: locked from then on (``winners_hand_locked``) and shown to every seat (:meth:`laid_tiles`); or the hand a seat
    #: showed every seat by a declaration made with the hand open (the ``hand_shown`` event).  Empty until then.
    laid: list[int] = field(default_factory=list)
    #: The jokers held among the concealed tiles (their kind indices), where the ruleset plays jokers
    #: (``jokers: {played: true}``): wild within :attr:`joker_rule`, never in the count vector.
    held_jokers: list[int] = field(default_factory=list)
    #: Where a held joker may stand (the ruleset's :class:`~mahjong_core.rules.jokers.JokerPlay`), or ``None``
    #: where jokers are not played.
    joker_rule: JokerRule | None = None
    #: Where jokers are typed, the joker tiles in this seat's melds (their kind indices, as claimed): which joker
    #: stands in a meld, which the meld's ``jokers`` (the kinds they stand for) does not say.  Empty elsewhere.
    meld_jokers: list[int] = field(default_factory=list)
    #: A discarded joker won on (``jokers.claimed_to_win_as``): ``(its kind, the joker kind it is held as among
    #: held_jokers)``.  Empty in every other deal.
    jokers_taken_as: list[tuple[int, int]] = field(default_factory=list)
    #: Tiles a kong counts as in the hand: 3 where a kong takes a loose tile (every game but one of fixed hands),
    #: 4 where it takes none (``kong_loose_tile: false``: the American game, whose 14 tiles count a kong as four).
    kong_counts: int = 3
    #: The bonus tiles (flowers) held among the concealed tiles, where the ruleset lets a seat keep them to set
    #: aside later or discard (``bonus_kept``: :mod:`mahjong_core.rules.kept_bonus`): each a tile of the hand that
    #: is part of no set, never in the count vector.  Empty in every other game.
    kept: list[int] = field(default_factory=list)

    def set_aside(self, tile: int, joker: bool) -> None:
        """Set a bonus tile or a joker aside, face up, in the order the row shows them (:meth:`set_aside_row`)."""
        if joker:
            self.jokers.append(tile)
            self.joker_places.append(len(self.bonus) + len(self.jokers) - 1)
        else:
            self.bonus.append(tile)

    def announce_aside(self, tile: int) -> None:
        """Move a dealt bonus tile or joker, set aside at the deal, to the end of the row as its ``bonus`` event
        is written.

        The dealt ones are set aside at once (the hand's count is right from the deal), but the log announces
        them one by one, each followed by its replacement, which may be a bonus tile too; moving each to the end
        as it is announced makes the row's order the log's, which is what a fold of the log builds
        (:mod:`mahjong_core.log.fold`, the viewer's ``replay_state.js``).
        """
        row = self.set_aside_row()
        row.remove(tile)
        row.append(tile)
        joker_kinds = set(self.jokers)
        self.bonus = [t for t in row if t not in joker_kinds]
        self.jokers = [t for t in row if t in joker_kinds]
        self.joker_places = [place for place, t in enumerate(row) if t in joker_kinds]

    def set_aside_row(self) -> list[int]:
        """The bonus tiles and jokers set aside, in the order they were."""
        row = list(self.bonus)
        for place, joker in zip(self.joker_places, self.jokers, strict=True):
            row.insert(place, joker)
        return row

    def shanten(self) -> int:
        """Shanten of the concealed tiles, remembered until they change."""
        key = bytes(self.counts)
        memo = self.shanten_memo
        if memo is not None and memo[0] == key and memo[2]:
            return memo[1]
        # A hand of the wrong size (a misdeal at a physical table) is never ready: 99 stands for "not measurable".
        value = _shanten(key) if sum(self.counts) % 3 else 99
        self.shanten_memo = (key, value, True)
        return value

    def laid_tiles(self) -> list[int]:
        """The tiles of the laid-down hand still held (kind indices, in order): what every seat sees of a winner's
        hand that stays in play.  A tile drawn since is not among them until it is won with; a kong made from the
        laid tiles takes them out.  Empty for a seat that has laid nothing down."""
        if not self.laid:
            return []
        counts = self.counts
        out: list[int] = []
        for kind in sorted(set(self.laid)):
            out.extend([kind] * min(self.laid.count(kind), counts[kind]))
        return out

    def concealed_tiles(self) -> tuple[int, ...]:
        return tuple(kind for kind, n in enumerate(self.counts) for _ in range(n))

    def hand_count(self) -> int:
        """Tiles as a hand counts them (a kong counts three, four where it takes no loose tile; a joker held and a
        bonus tile kept count as a tile each)."""
        size = sum(self.counts) + 3 * len(self.melds) + len(self.held_jokers) + len(self.kept)
        if self.kong_counts != 3:
            size += (self.kong_counts - 3) * sum(1 for meld in self.melds if meld.kind is MeldKind.KONG)
        return size

    def to_hand(self, winning_tile: int | None = None, situations: frozenset[str] = frozenset()) -> Hand:
        """The seat's tiles as a hand, ``winning_tile`` named apart from the concealed ones.

        A bonus tile won on (the eighth flower robbed) lies in the bonus row, not among the playing tiles: the
        hand then names no winning tile.
        """
        if winning_tile is not None and winning_tile >= len(self.counts):
            winning_tile = None
        if self.held_jokers and self.joker_rule is not None:
            return self._hand_with_jokers(winning_tile, situations, self.joker_rule)
        counts = list(self.counts)
        if winning_tile is not None and counts[winning_tile] > 0:
            counts[winning_tile] -= 1
        concealed = tuple(kind for kind, n in enumerate(counts) for _ in range(n))
        if self.marked or self.marked_melded or self.jokers:
            return Hand(concealed, tuple(self.melds), tuple(sorted(self.bonus)), winning_tile, situations,
                        marked=tuple(sorted(self.marked + self.marked_melded)), jokers=len(self.jokers))
        return Hand(concealed, tuple(self.melds), tuple(sorted(self.bonus)), winning_tile, situations)

    def _hand_with_jokers(self, winning_tile: int | None, situations: frozenset[str], rule: JokerRule) -> Hand:
        """A hand holding jokers as its scorer reads it: where the concealed tiles and jokers are complete, each
        joker as the kind it stands for in one reading (:func:`~mahjong_core.hand.wild.scored_holding`, named in
        ``wild``), so any family scores it as the tiles it plays as; else the jokers beside the playing tiles
        (``jokers``).

        A tile set that plays kinds past the 34 (flowers held in the hand) is read by its ruleset's own matcher (a
        card's), not as n sets and a pair of the 34 kinds: its jokers always lie beside the playing tiles, and the
        plugin that judges the hand reads them there.
        """
        if len(self.counts) != NUM_PLAYING_KINDS:
            concealed, stood = self.concealed_tiles(), None
            if winning_tile is not None and self.counts[winning_tile]:
                kept = list(concealed)
                kept.remove(winning_tile)
                concealed = tuple(kept)
        else:
            concealed, winning_tile, stood = scored_holding(bytes(self.counts), self.held_jokers, winning_tile, rule)
        if stood is None:  # not complete: the jokers beside the playing tiles, as where they are set aside
            return Hand(concealed, tuple(self.melds), tuple(sorted(self.bonus)), winning_tile, situations,
                        marked=tuple(sorted(self.marked + self.marked_melded)), jokers=len(self.held_jokers))
        return Hand(concealed, tuple(self.melds), tuple(sorted(self.bonus)), winning_tile, situations,
                    marked=tuple(sorted(self.marked + self.marked_melded)), wild=stood)


class HandJudge(Protocol):
    """The game's own judgement of a hand a seat might come to hold, for a bot that plans ahead.

    The options a bot is offered say what it may do now; a bot that weighs a claim or a discard also wants to
    know whether the hand it would make could ever win -- under a family where a hand without a yaku cannot, an
    open hand ready on waits that score nothing is a hand that only waits.  The game answers as it would at a
    declared win (the win's facts and the ruleset's objections), so a bot needs no list of what scores.
    """

    #: The action kinds the game's vocabulary declares (the core's and its plugins'): what a bot may meet.
    actions: frozenset[str]
    #: The game's ruleset, for a bot whose play reads the ruleset's own data (a card player reads its card).
    ruleset: Ruleset

    def wins(self, seat: int, hand: Hand, how: str) -> bool:
        """Whether ``seat`` could declare mahjong with ``hand`` (complete, its ``winning_tile`` named), won
        ``how`` (``discard``, ``self_drawn``), as the table stands."""
        ...


@dataclass
class Table:
    """The whole table state of one game."""

    players: int = 4
    #: The current phase of the game (see ``mahjong_core.engine.game.PHASES``).
    phase: str = "setup"
    seats: list[Seat] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    dealer: int = 0
    prevalent_wind: int = 0  # 0 East .. 3 North
    round_index: int = 0
    deal_number: int = 0  # deals played in this game so far
    deal_in_round: int = 0
    consecutive_dealer_wins: int = 0
    turn: int = 0  # seat to act
    last_discard: int | None = None
    last_discarder: int | None = None
    #: Whether the last discard was a marked copy (a red five): whoever claims it holds a marked copy.
    last_discard_marked: bool = False
    #: The current deal's tiles: a seeded :class:`~mahjong_core.table.wall.Wall`, or a physical game's observed tiles;
    #: ``None`` before the first deal.
    wall: TileSource | None = None
    first_go_around: bool = True
    drawn_tile: int | None = None
    #: Why the last dead-wall tile was taken: ``"kong"`` or ``"bonus"``.
    last_replacement_reason: str | None = None
    #: Kongs declared in a row by the seat in turn: each kong's replacement counted, none since its last draw from
    #: the live wall or the last discard (a win on the replacement after two is a hand of its own, Malaysia's).
    kongs_in_turn: int = 0
    teams: list[list[int]] = field(default_factory=list)
    bank: int = 0
    #: The table clock: virtual milliseconds since the game began, advanced only by players' recorded
    #: decision times, so a simulated or replayed game never reads the wall clock.
    clock_ms: int = 0
    time_limits: TimeLimits | None = None
    #: What the ruleset says of declaring a calling hand (``None``: not read, as at a table set up by hand).
    calling_rule: CallingRule | None = None
    #: The ruleset's tile set, whose codes name the tiles (``None``: the standard kinds, as at a table set up by
    #: hand).
    tiles: TileSet | None = None
    #: How jokers play in this game (``jokers: {played: true}``), or ``None`` where they are set aside.
    joker_play: JokerPlay | None = None
    #: Whether a kong takes a loose tile from the dead wall (``kong_loose_tile``: true but in a game of fixed
    #: hands, where a kong is four of the hand's tiles and its maker discards as after a pung).
    kong_loose_tile: bool = True
    #: The kinds wild this deal, where the ruleset makes a kind wild at each deal (``jokers.wild``: Fuzhou's
    #: gold), else empty; every copy of such a kind is held among a seat's jokers (:mod:`mahjong_core.engine.wild`).
    wild: tuple[int, ...] = ()
    #: The tile turned to choose the wild kind, lying out of play face up until a seat takes it, or ``None``.
    wild_tile: int | None = None
    #: The seat that took the turned wild tile to win with it (``jokers.wild.robbed``: robbing the gold), or ``None``.
    wild_taken: int | None = None
    #: State a ruleset's hooks keep across deals (consecutive wins, the bank's round), by hook module.
    extra: dict[str, Any] = field(default_factory=dict)
    #: Tiles shown to all this deal by a plugin's events (``show`` effects: an indicator).
    shown: list[int] = field(default_factory=list)
    #: Points lying on the table, no seat's: sticks paid in during a deal, taken by whoever the rules say.  It
    #: outlives a deal's end; the seats' scores and the pot always add up to the points the game began with.
    pot: int = 0
    #: Named counters the table keeps across deals (``honba``), changed by ``counter`` events and by plugin
    #: events' ``count`` effects.
    counters: dict[str, int] = field(default_factory=dict)
    #: The wins of the deal so far where play goes on after a win (``deal_ends_at_wins`` above 1): the seats that
    #: won them have left the turn order (no draws, discards or claims).  Empty in every other game.
    wins: list[Outcome] = field(default_factory=list)
    #: The kinds of the tiles several seats won at once (one discard, one robbed kong), once for each winner but
    #: the first: each winner holds the tile in its hand, so these copies are the same tile held twice.  Empty in
    #: every other deal; tile conservation counts them once (:mod:`mahjong_core.conformance.invariants`).
    shared_wins: list[int] = field(default_factory=list)
    #: What a score sheet tells of the deal that no tile on the table shows, by the word the mechanism that reads
    #: it uses: ``ready``, the seats ready at an exhaustive draw; ``all_orphan_discards``, the seats whose discards
    #: were all terminals and honours, none claimed.  Empty in a played game, where the tiles tell it.
    told: dict[str, tuple[int, ...]] = field(default_factory=dict)
    #: The game's judgement of a hand a seat might hold (``HandJudge`` above), set by the engine; ``None`` at a table
    #: set up by hand.  Only bots ask it, and only where they plan for a rule the judgement serves.
    judge: HandJudge | None = field(default=None, repr=False, compare=False)
    #: Whether a seat that has won stays in play (``winners_stay_in_play``: Sichuan's bloody flow): it keeps its
    #: hand, less the winning tile set aside (:attr:`Seat.won`), and goes on drawing, discarding and winning.
    winners_stay: bool = False

    def out_of_play(self, seat: int) -> bool:
        """Whether ``seat`` has won this deal and sits out while play goes on (never where winners stay)."""
        return not self.winners_stay and any(w.winner == seat for w in self.wins)

    def next_in_play(self, seat: int) -> int:
        """The seat after ``seat`` in turn order that has not left the deal by winning."""
        n = self.players
        seat = (seat + 1) % n
        while self.wins and self.out_of_play(seat):
            seat = (seat + 1) % n
        return seat

    def seat_wind(self, seat: int) -> int:
        """0 East .. 3 North for ``seat`` in the current deal: its place after the dealer.

        At three seats the winds are East, South and West (three-player rules leave out the North seat:
        Japanese Mahjong Wiki, "Sanma"), at two East and South.
        """
        return (seat - self.dealer) % self.players

    def move_points(self, payer: int | None, payee: int | None, amount: int) -> None:
        """Move ``amount`` points from a seat (``None``: the pot) to a seat (``None``: the pot)."""
        if payer is None:
            self.pot -= amount
        else:
            self.scores[payer] -= amount
        if payee is None:
            self.pot += amount
        else:
            self.scores[payee] += amount

    def new_deal(self) -> None:
        width = self.tiles.width if self.tiles is not None else NUM_PLAYING_KINDS
        # A set that plays its flowers in the hand (``playing: true``) counts them past the 34; every other set's
        # seats keep the 34 counts the hand algebra's fast paths read.
        self.seats = [Seat() if width == NUM_PLAYING_KINDS else Seat(counts=[0] * width)
                      for _ in range(self.players)]
        if self.joker_play is not None:
            for seat in self.seats:
                seat.joker_rule = self.joker_play.rule
        if not self.kong_loose_tile:
            for seat in self.seats:
                seat.kong_counts = 4
        self.turn = self.dealer
        self.last_discard = None
        self.last_discarder = None
        self.first_go_around = True
        self.drawn_tile = None
        self.kongs_in_turn = 0
        self.shown = []
        self.wild = ()
        self.wild_tile = None
        self.wild_taken = None
        self.wins = []
        self.shared_wins = []
        self.told = {}

    def state_hash(self) -> str:
        """SHA-256 of the visible state, written at checkpoints so audits can pin a divergence."""
        parts: list[str] = [
            f"d{self.dealer}w{self.prevalent_wind}r{self.round_index}n{self.deal_number}",
            "s" + ",".join(str(s) for s in self.scores),
        ]
        for seat in self.seats:
            melds = ";".join(f"{m.kind.value}{'x' if m.exposed else 'c'}{m.tiles}"
                             f"{'j' + str(m.jokers) if m.jokers else ''}" for m in seat.melds)
            parts.append(f"{bytes(seat.counts).hex()}|{melds}|{seat.bonus}|{seat.discards}|{int(seat.calling)}")
            # What a plugin's events changed, only where they changed anything: a game of the core's words only
            # hashes as it always did, so its logs stay byte for byte the same.
            if seat.flags or seat.aside:
                parts.append(f"f{sorted(seat.flags.items())}|{seat.aside}")
            if seat.held_jokers:  # only where jokers are played and held: other tables hash as they did
                parts.append(f"j{len(seat.held_jokers)}")
            if seat.kept:  # only where bonus tiles are kept in the hand: other tables hash as they did
                parts.append(f"k{seat.kept}")
            if seat.won:  # only where winners stay in play: other tables hash as they did
                parts.append(f"v{seat.won}")
        if self.wall is not None:
            parts.append(f"w{self.wall.live_count()}")
        # Written only where a ruleset moves them, so a table without them hashes as it always did.
        if self.shown or self.counters:
            parts.append(f"x{self.shown}|{sorted(self.counters.items())}")
        if self.pot:
            parts.append(f"p{self.pot}")
        if self.wins:  # only where play goes on after a win: every other table hashes as it always did
            parts.append("o" + ",".join(str(w.winner) for w in self.wins))
        return hashlib.sha256("/".join(parts).encode()).hexdigest()


def meld_of(kind: MeldKind, tiles: tuple[int, ...], *, exposed: bool, claimed_from: int | ClaimedFrom | None = None,
            added: bool = False, seats: int = 4, jokers: tuple[int, ...] = ()) -> Meld:
    """Build a meld with tiles sorted (the canonical order scorers expect).

    :param claimed_from: the discarder's offset after the claimer in turn order (1 .. ``seats - 1``).
    :param seats: players at the table, which gives the offset its direction (:class:`ClaimedFrom`).
    :param jokers: the kinds the meld's jokers stand for (``tiles`` holds them as those kinds).
    """
    source = ClaimedFrom(claimed_from, seats) if claimed_from is not None else None
    if jokers:
        return Meld(kind, tuple(sorted(tiles)), exposed, source, added, tuple(sorted(jokers)))
    return Meld(kind, tuple(sorted(tiles)), exposed, source, added)
