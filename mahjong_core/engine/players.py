"""Players: seeded bots, the registry that finds installed ones, and a scripted player that repeats a log.

Bots draw their own randomness from the named generator, derived from the
game seed and their seat, so a seeded game with bots is reproducible from the
seed alone -- and replaying it needs only the recorded decisions, never the
bots.

Bots are installed, like rulesets, through an entry-point group,
``mahjong_core.bots``: the entry point's name is what ``--bots`` and a log's
seats call the bot, its value a class or factory.  The two bundled bots are
declared the same way in this project's ``pyproject.toml``, so a third-party
bot is not second class.  What a bot entry point has to honour, and why:

* It is called as ``factory(rng, name=...)``.  ``rng`` is the seat's own
  generator, ``Rng.from_seed(seed).derive("bot", seat)``; all of the bot's
  randomness must come from it -- not the clock, not :mod:`random`, not an
  earlier game -- because a seeded game must be the same game wherever it is
  played, and because an audit seats the bot again with the same generator
  and checks every decision (its thinking time included) against the log.
  For the same reason the bot must not keep state between games.
* ``name`` labels the seat in the log (``cautious-0``); the log records the
  entry point's name as the seat's ``kind``, which is how an audit finds the
  bot again.  :func:`make_bots` sets ``kind`` to that name, so an entry point
  may register one class under several names.
* The object is a :class:`mahjong_core.engine.game.Player`: ``choose(table, seat,
  options, phase)`` returns one of ``options`` (``option.after(ms)`` to take
  time).  The engine rejects anything else, so a bot cannot invent a move.  The
  table is the real one, not a seat's view: a bot reads its own seat's tiles,
  the discards, the exposed melds and the scores, as a player at the table
  could, and leaves the other seats' concealed tiles alone -- the engine does
  not hide them, and a bot that looks is cheating, not playing well.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import metadata
from typing import TYPE_CHECKING, Any

from mahjong_core.engine.riichi_play import RiichiPlay, plays_riichi
from mahjong_core.errors import MahjongError, ReplayError
from mahjong_core.hand import shanten as shanten_mod
from mahjong_core.hand.jokers import (
    ANY_JOKER,
    JOKER_TYPES,
    JokerRule,
    Jokers,
    least_after_discards_with_jokers,
    shanten_with_jokers,
)
from mahjong_core.hand.tiles import JOKER, JOKER_FRAMES, KINDS, MARKED_CODES, NUM_PLAYING_KINDS, TileSet
from mahjong_core.reading.entry_points import clear_cache as _forget_entry_points
from mahjong_core.reading.entry_points import entry_points
from mahjong_core.table.rng import Rng
from mahjong_core.table.state import Action, Seat, Table
from mahjong_core.table.vocabulary import AS_BONUS, SET_ASIDE

if TYPE_CHECKING:
    from mahjong_core.engine.game import Player

#: A decision names playing kinds, a discarded red five by its own code (``0p``): it is a discard of its five.
#: A discarded joker is named by its code, whichever of the tile set's kinds it is (``ANY_JOKER``).
_CODE_TO_KIND = {**{k.code: k.index for k in KINDS}, **MARKED_CODES, JOKER[0]: ANY_JOKER,
                 **{f"{t + 1}j": ANY_JOKER + t for t in range(1, 9)},  # typed jokers: 2j-9j, by their type
                 **{f"{t + 1}{letter}": ANY_JOKER + JOKER_TYPES * frame + t  # a framed copy: 1d, 1c
                    for frame, letter in enumerate(JOKER_FRAMES.values()) if frame for t in range(9)}}
#: A claim's ``marked`` names playing kinds (``5p``); a discard's marked copy is named by its own code (``0p``).
_MARKED_KIND = {**{k.code: k.index for k in KINDS if k.index in MARKED_CODES.values()}, **MARKED_CODES}


def _limit_ms(table: Table, what: str) -> int | None:
    limits = table.time_limits
    seconds = getattr(limits, what, None) if limits is not None else None
    return None if seconds is None else int(seconds * 1000)


def _chow_pause_ms(table: Table) -> tuple[int, int] | None:
    limits = table.time_limits
    if limits is None or limits.chow_pause_min is None:
        return None
    low = int(limits.chow_pause_min * 1000)
    high = int((limits.chow_pause_max if limits.chow_pause_max is not None else limits.chow_pause_min) * 1000)
    return low, max(low, high)


#: The seat kind of a person in a log's header; every other kind names the installed bot that played the seat.
HUMAN = "human"


class RandomBot:
    """Chooses uniformly among the legal actions, except that it always takes a legal mahjong.

    Taking every mahjong keeps deals ending in wins often enough to exercise
    scoring and settlement; everything else is uniform.
    """

    kind = "random"

    def __init__(self, rng: Rng, name: str = "random"):
        self.rng = rng
        self.name = name

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        # An exchange offers no mahjong; not looking for one leaves its some 200 choices unmade (only one is).
        chosen = None if phase == "exchange" else next((o for o in options if o.kind == "win"), None)
        if chosen is None:
            chosen = options[self.rng.below(len(options))]
        return chosen.after(self._delay(table, chosen, phase))

    def _delay(self, table: Table, action: Action, phase: str) -> int:
        """A random thinking time; about one decision in a hundred overruns the ruleset's limit."""
        rng = self.rng
        pause = _chow_pause_ms(table)
        if action.kind == "chow" and pause is not None:
            return pause[0] + rng.below(pause[1] - pause[0] + 1)
        limit = _limit_ms(table, "move" if phase == "turn" else "claim")
        top = limit if limit is not None else 4000
        if pause is not None and action.kind in ("pung", "kong"):
            top = min(top, pause[0])
        span = max(1, top - 200)
        # One draw decides both: its lowest hundredth overruns the limit, the rest is uniform over the span.
        value = rng.below(100 * span)
        if limit is not None and value < span:
            return limit + 1 + value % 2000
        return 200 + value % span


class GreedyBot:
    """Plays to reduce shanten: discards the tile that leaves the fewest tiles from ready.

    It claims a discard only when the claim lowers its shanten, declares a
    mahjong whenever it is legal (the engine only offers a mahjong that the
    ruleset allows, minimum value included), and breaks ties between equally
    good discards by preferring isolated honours and terminals, then by its
    own seeded generator.

    It declares a calling hand only where the ruleset's data says a
    declaration counts (:class:`~mahjong_core.table.state.CallingRule`): where the
    calling-hand rule requires one to win, or where a scoring item pays for
    it (``calling``, or ``calling_from_start`` while the first go-around
    lasts).  Anywhere else a declaration only shows the table a ready hand,
    and it keeps quiet.  Because it always declares where the rule requires
    it, the rule never stops it winning: a study that switches
    ``calling_hand_rule.required`` off measures only what the declaration
    scores and exempts, not players who forget it.

    Where the game offers riichi's declaration it plays riichi's way
    (``mahjong_core/engine/riichi_play.py``): it declares a ready concealed hand, opens its hand only with a
    yaku in reach, and folds against a declaration while far from ready -- where the declaration costs nothing
    (Korea's uper), it only declares.  In every other game it plays by shanten alone, as above.

    A tile a plugin lets it set aside for a replacement (the way ``set_aside``: three-player riichi's North, a
    dora of its own) it sets aside, as it makes a concealed kong: the hand keeps its count and gains.

    A joker a plugin lets it declare for points (the way ``as_bonus``: a Vietnamese joker declared for Phán, in
    its turn or before play) it declares where the hand without it is as near ready as the hand it would keep
    otherwise -- the joker does not help it -- and so takes the points and a replacement tile for nothing; a
    joker that helps it is kept.

    A bonus tile kept in the hand (``bonus_kept``: a Vietnamese flower) it sets aside, for its points and a
    replacement, unless it has set nothing aside and holds suited tiles alone (a hand of no bonus tiles, the
    Vietnamese NFNL, in reach): then it discards the flower.  Holding one, it claims only a win (``_kept``).

    In a plugin's own phase it takes the option the plugin lists last, as it
    passes (last) in the core's: a plugin lists its options so that the last
    is a plain player's choice (example_play_on: the suit held least).
    """

    kind = "greedy"

    def __init__(self, rng: Rng, name: str = "greedy"):
        self.rng = rng
        self.name = name
        #: Its riichi play in the game it plays, where that game offers the declaration, and the table it was
        #: decided for (:meth:`_riichi`).
        self._riichi_play: RiichiPlay | None = None
        self._riichi_table: Table | None = None

    #: Whether it plays riichi's way where the game offers riichi's declaration (``engine/riichi_play.py``); a
    #: subclass that keeps to shanten alone there sets it false.
    PLAYS_RIICHI = True

    #: Fixed thinking times (ms): the greedy bot plays at an even pace well inside any limit.
    TURN_MS = 1500
    CLAIM_MS = 700

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        chosen = self._choose(table, seat, options, phase)
        if chosen.kind == "chow":
            pause = _chow_pause_ms(table)
            if pause is not None:
                return chosen.after(pause[0])
        return chosen.after(self.TURN_MS if phase == "turn" else self.CLAIM_MS)

    def _choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        s = table.seats[seat]
        counts = s.counts
        if s.kept and phase in ("turn", "declaration", "claim"):  # a bonus tile kept in the hand (``bonus_kept``)
            chosen = self._kept(s, options, phase)
            if chosen is not None:
                return chosen
        if len(counts) != NUM_PLAYING_KINDS:  # a set that plays kinds past the 34 (flowers held): :meth:`_wide`
            return self._wide(counts, options, phase)
        if table.joker_play is not None and phase in ("turn", "claim", "declaration"):  # where jokers are played
            chosen = self._with_jokers(table, seat, options, phase)
            if chosen is not None:
                return chosen
        if phase == "exchange":  # no mahjong among the choices: weighed without reading the list (_exchange)
            return self._exchange(counts, options)
        for option in options:
            if option.kind == "win":
                return option
        if phase in ("turn", "claim"):
            play = self._riichi(table)
            if play is not None:  # only in a game that offers riichi's declaration
                chosen = play.choose(self.rng, self._claim, seat, options, phase)
                if chosen is not None:
                    return chosen
        if phase == "turn":
            return self._turn(counts, options, self._declares(table))
        if phase == "claim":
            return self._claim(counts, options)
        if phase == "declaration":  # a calling hand on the dealt tiles
            declaring = next((o for o in options if o.kind == "declare_calling"), None)
            return declaring if declaring is not None and self._declares(table) else options[-1]
        # "pass" is last wherever the engine offers it; in a plugin's phase, the option its plugin lists last (a
        # plugin lists its options so that the last is a plain player's choice: example_play_on's least-held suit)
        return options[-1]

    @staticmethod
    def _kept(s: Seat, options: Sequence[Action], phase: str) -> Action | None:
        """A seat holding a bonus tile it kept (``bonus_kept``): a win offered is taken; a seat that has set nothing
        aside, holds no joker and only suited tiles discards its flower (a hand of no bonus tiles, the Vietnamese
        NFNL, is in reach; before play it passes, and discards it in its turn); any other sets it aside, for its
        points and a replacement, or, where it may not now (the turn of a claim), discards it.  Offered a claim
        meanwhile, it takes only a win (shanten does not measure a hand with a tile of no set).  ``None``: the
        usual answer (no choice of a kept tile offered)."""
        win = next((o for o in options if o.kind == "win"), None)
        if win is not None:
            return win
        if phase == "claim":  # a hand with a tile of no set is not measured for a meld: it passes
            return options[-1]
        no_bonus = not s.bonus and not s.jokers and not s.held_jokers and not any(s.counts[27:]) \
            and all(m.tiles[0] < 27 and not m.jokers for m in s.melds)
        aside = None if no_bonus else next((o for o in options if o.way == AS_BONUS and o.tile in s.kept), None)
        if aside is not None:
            return aside
        if phase == "declaration":
            return None
        return next((o for o in options if o.kind == "discard" and o.way is None and o.tile in s.kept), None)

    def _wide(self, counts: list[int], options: Sequence[Action], phase: str) -> Action:
        """A hand counting kinds past the 34 (its tile set plays flowers in the hand), which shanten does not
        measure: its winning test is the ruleset's plugin's (a card's), whose own bot plays it well.  The greedy
        bot still plays such a game legally and to its end: it takes a win offered, discards first a tile outside
        the 34 (nothing it measures keeps one), then a tile isolated among the 34, and answers every other choice
        with the option listed last (a pass, a refusal, an exchange's last choice)."""
        if phase != "exchange":
            win = next((o for o in options if o.kind == "win"), None)
            if win is not None:
                return win
        if phase == "turn":
            discards = [o for o in options if o.kind == "discard" and o.way is None and not o.tiles
                        and o.tile is not None and 0 <= o.tile < len(counts) and counts[o.tile]]
            outside = [o for o in discards if o.tile is not None and o.tile >= NUM_PLAYING_KINDS]
            isolated = [o for o in discards if o.tile is not None and o.tile < NUM_PLAYING_KINDS
                        and self._isolated(counts, o.tile)]
            pool = outside or isolated or discards
            if pool:
                return pool[self.rng.below(len(pool))] if len(pool) > 1 else pool[0]
        return options[-1]

    def _riichi(self, table: Table) -> RiichiPlay | None:
        """Its riichi play (:mod:`mahjong_core.engine.riichi_play`) where the game offers the riichi declaration,
        begun afresh for each table; ``None`` in every other game."""
        if table is not self._riichi_table:
            self._riichi_table = table
            judge = plays_riichi(table) if self.PLAYS_RIICHI else None
            self._riichi_play = None if judge is None else RiichiPlay(table, judge)
        return self._riichi_play

    def _with_jokers(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action | None:
        """Where jokers are played: a joker exchange offered is taken (a joker is worth more than the tile given),
        and a seat holding jokers weighs its choice with them (:class:`_WithJokers`); ``None`` for the usual way."""
        if phase == "turn" and not any(o.kind == "win" for o in options):
            exchange = next((o for o in options if o.kind == "joker_exchange"), None)
            if exchange is not None:
                return exchange
        s = table.seats[seat]
        if not s.held_jokers:
            return None
        assert s.joker_rule is not None  # a seat holds jokers only where they are played
        weighing = _WithJokers(s.counts, s.joker_rule.held(s.held_jokers), s.joker_rule, table.wild)
        if phase == "declaration":  # before play: a joker declared, or the usual answer (a calling hand, a pass)
            return weighing.declaration(options, None)
        return weighing.choose(self, options, phase)

    def _best_discards(self, counts: list[int], options: Sequence[Action]) -> tuple[int, list[Action]]:
        best = 99
        chosen: list[Action] = []
        after = shanten_mod.shanten_after_discards(counts)  # a discard is always of a kind held
        for option in options:
            if option.kind != "discard":
                continue
            tile = option.tile
            assert tile is not None
            value = after[tile]
            if value < best:
                best, chosen = value, [option]
            elif value == best:
                chosen.append(option)
        return best, chosen

    @staticmethod
    def _declares(table: Table) -> bool:
        """Whether a calling declaration counts for something under the ruleset (see the class docstring)."""
        rule = table.calling_rule
        if rule is None:  # a table that does not say: declare, as the rule is most likely what offers it
            return True
        return rule.required or "calling" in rule.scored or ("calling_from_start" in rule.scored
                                                             and table.first_go_around)

    def _turn(self, counts: list[int], options: Sequence[Action], declare: bool = True) -> Action:
        for option in options:
            way = option.way  # None for a discard, most options: one look at each
            if way is not None and (way == SET_ASIDE or option.kind == "kong" and way != "added"):
                return option
        best, chosen = self._best_discards(counts, options)
        declaring = [o for o in chosen if o.way == "declare_calling"] if declare else []
        if declaring:
            chosen = declaring
        else:
            chosen = [o for o in chosen if o.way is None] or chosen
        isolated = [o for o in chosen if o.tile is not None and self._isolated(counts, o.tile)]
        pool = isolated or chosen
        return pool[self.rng.below(len(pool))] if len(pool) > 1 else pool[0]

    @staticmethod
    def _isolated(counts: list[int], tile: int) -> bool:
        """A single tile with nothing within two of it in its suit (an honour has no neighbours)."""
        if counts[tile] > 1:
            return False
        for n in _NEAR[tile]:
            if counts[n]:
                return False
        return True

    def _claim(self, counts: list[int], options: Sequence[Action],
               keeps: Callable[[Action, int], bool] | None = None) -> Action:
        """The claim that lowers shanten most, or the last option (a pass); ``keeps(option, shanten left)`` may
        turn a claim down (riichi's yaku in reach: :meth:`.riichi_play.RiichiPlay.keeps_yaku`)."""
        current = shanten_mod.shanten(bytes(counts))
        best_option = options[-1]
        best_value = current
        for option in options:
            if option.kind not in ("pung", "chow", "kong"):
                continue
            for used in option.tiles:
                counts[used] -= 1
            if option.kind == "kong":
                value = shanten_mod.shanten(bytes(counts))
            elif sum(counts) % 3 == 2:
                # The best discard of a 3k + 2 hand leaves its own shanten, or 0 once it is complete: a hand
                # that is not complete holds a tile its nearest target does not use (tests/core/hand/test_shanten.py).
                value = max(shanten_mod.shanten(bytes(counts)), 0)
            else:
                value = min(shanten_mod.shanten_after_discards(counts).values(), default=99)
            for used in option.tiles:
                counts[used] += 1
            if value < best_value and (keeps is None or keeps(option, value)):
                best_option, best_value = option, value
        return best_option

    def _exchange(self, counts: list[int], options: Sequence[Action]) -> Action:
        """Pass the tiles whose loss leaves the fewest tiles from ready; refuse whenever allowed.

        The engine's exchange options say how many tiles each choice passes
        (``tiles_per_choice``); with that, the first best choice is found suit by suit
        (:func:`~mahjong_core.hand.shanten.least_after_passing`) without making an
        action of each of some 200 choices.  Other option lists, and kept hands
        outside what it measures, are walked choice by choice, which gives
        the same action.
        """
        if _REFUSE in options:
            return _REFUSE
        count = getattr(options, "tiles_per_choice", None)
        if type(count) is int and 1 <= sum(counts) - count <= 12:
            return Action("exchange", tiles=shanten_mod.least_after_passing(counts, count)[1])
        best_option = options[0]
        best_value = 99
        for option in options:
            if option.kind == "refuse":
                return option
            for t in option.tiles:
                counts[t] -= 1
            value = _shanten_any_size(counts)
            for t in option.tiles:
                counts[t] += 1
            if value < best_value:
                best_option, best_value = option, value
        return best_option


_REFUSE = Action("refuse")

#: For each kind, the kinds within two of it in its suit; none for an honour.
_NEAR = tuple(() if tile >= 27 else tuple(tile + d for d in (-2, -1, 1, 2) if 0 <= tile % 9 + d <= 8)
              for tile in range(34))


class _WithJokers:
    """The greedy bot's weighing for a seat holding jokers: shanten with the jokers as wild as the rule allows
    (:mod:`mahjong_core.hand.jokers`), so it keeps a joker -- a joker is never worse than the tile it could be --
    and takes a mahjong or a claim the jokers make."""

    def __init__(self, counts: list[int], jokers: Jokers, rule: JokerRule, wild: tuple[int, ...] = ()):
        self.counts, self.jokers, self.rule = counts, jokers, rule
        #: How a joker's discard is named: ``1j``, the deal's wild kind (Fuzhou's gold) by its own code, or a
        #: typed joker by its type (``1j``-``9j``: ``ANY_JOKER`` plus the type).
        self.joker_tiles = (ANY_JOKER, *wild) if isinstance(jokers, int) else \
            tuple(ANY_JOKER + t for t in range(len(jokers))) + \
            tuple(ANY_JOKER + JOKER_TYPES * f + t for _, t, f in rule.framed)  # a framed copy by its frame: ``4d``
        #: :meth:`value` of the hand less each joker, by the tile naming it (:meth:`_without`).
        self.without: dict[int, int] = {}

    def value(self, counts: Sequence[int], jokers: Jokers) -> int:
        total = sum(counts) + (jokers if isinstance(jokers, int) else sum(jokers))
        if total % 3 == 0:
            return 99
        return shanten_with_jokers(bytes(counts), jokers, self.rule)

    def _less(self, tile: int | None, jokers: Jokers | None = None) -> Jokers:
        """The jokers held after the joker an action names (``tile``) leaves the hand."""
        jokers = self.jokers if jokers is None else jokers
        if isinstance(jokers, int):
            return jokers - 1
        assert tile is not None
        left = list(jokers)
        left[(tile - ANY_JOKER) % JOKER_TYPES] -= 1  # its type, a framed copy's too
        return tuple(left)

    def choose(self, bot: GreedyBot, options: Sequence[Action], phase: str) -> Action:
        win = next((o for o in options if o.kind == "win"), None)
        if win is not None:
            return win
        if phase == "turn":
            kong = next((o for o in options if o.kind == "kong" and o.way != "added" and len(o.tiles) < 2), None)
            if kong is not None:
                return kong
            discard, best = self._discard(bot, options)
            return self.declaration(options, best) or self._many_joker_kong(options, discard) or discard
        return self._claim(options)

    def declaration(self, options: Sequence[Action], best: int | None) -> Action | None:
        """A joker to declare (an option of the way ``as_bonus``) where the hand without it is as near ready as
        the hand kept otherwise: in a turn, the hand after its best discard (``best``); before play, the hand as
        dealt, the joker's place taken by a tile that helps nothing (an honour the hand does not hold).  ``None``
        where no joker is offered or each one helps."""
        offered = [o for o in options if o.way == AS_BONUS and o.tile in self.joker_tiles]
        if not offered:
            return None
        if best is None:
            best = self.value(self.counts, self.jokers)
            if (sum(self.counts) + (self.jokers if isinstance(self.jokers, int) else sum(self.jokers))) % 3 == 1:
                counts = list(self.counts)
                dead = next((k for k in range(NUM_PLAYING_KINDS - 1, 26, -1) if not counts[k]), None)
                if dead is None:
                    return None
                counts[dead] += 1  # a hand of 13 kept at 13: the replacement counted as a tile of no use
                return next((o for o in offered if self.value(counts, self._less(o.tile)) <= best), None)
        return next((o for o in offered if self._without(o.tile) <= best), None)

    def _without(self, tile: int | None) -> int:
        """:meth:`value` of the hand less the joker ``tile`` names, measured once: a joker's discard and its
        declaration leave the same hand."""
        assert tile is not None
        found = self.without.get(tile)
        if found is None:
            found = self.without[tile] = self.value(self.counts, self._less(tile))
        return found

    def after_discards(self, counts: Sequence[int], jokers: Jokers) -> dict[int, int]:
        """:meth:`value` of the hand less one tile of each kind held, measured at once (99 for each where the
        hand left would be ``3k`` tiles, as :meth:`value` says).  Exact for the discards that leave the least;
        the others may be a bound above it (:func:`least_after_discards_with_jokers`): both callers keep only the
        least and the discards that reach it."""
        if (sum(counts) - 1 + (jokers if isinstance(jokers, int) else sum(jokers))) % 3 == 0:
            return {kind: 99 for kind, n in enumerate(counts) if n}
        return least_after_discards_with_jokers(bytes(counts), jokers, self.rule)

    def _discard(self, bot: GreedyBot, options: Sequence[Action]) -> tuple[Action, int]:
        """The discard chosen, and how far from ready the hand it leaves is (:meth:`value`)."""
        counts = list(self.counts)
        best, chosen = 99, []
        after: dict[int, int] | None = None  # every discard of a tile held, measured at once when first asked
        for option in options:
            if option.kind != "discard" or option.way is not None:
                continue
            if option.tile in self.joker_tiles:
                value = self._without(option.tile) + 1  # a joker goes last: only where it is worse
            else:
                assert option.tile is not None
                if after is None:
                    after = self.after_discards(counts, self.jokers)
                value = after[option.tile]
            if value < best:
                best, chosen = value, [option]
            elif value == best:
                chosen.append(option)
        if not chosen:
            return next(o for o in options if o.kind == "discard"), best
        return (chosen[bot.rng.below(len(chosen))] if len(chosen) > 1 else chosen[0]), best

    def _many_joker_kong(self, options: Sequence[Action], discard: Action) -> Action | None:
        """A concealed kong of two or three jokers (``kong_naturals`` below 3), where the hand left is as near
        ready as after the discard chosen: jokers spent on a kong are jokers the hand no longer has."""
        kongs = [o for o in options if o.kind == "kong" and len(o.tiles) >= 2 and o.tile is not None]
        if not kongs or not isinstance(self.jokers, int):  # typed jokers go into no kong
            return None
        counts = list(self.counts)
        if discard.tile is not None and discard.tile not in self.joker_tiles:
            counts[discard.tile] -= 1
        after_discard = self.value(counts, self.jokers - (discard.tile in self.joker_tiles))
        for kong in kongs:
            assert kong.tile is not None
            counts = list(self.counts)
            counts[kong.tile] = 0
            if self.value(counts, self.jokers - len(kong.tiles)) <= after_discard:
                return kong
        return None

    def _claim(self, options: Sequence[Action]) -> Action:
        counts = list(self.counts)
        best_option, best_value = options[-1], self.value(counts, self.jokers)
        for option in options:
            if option.kind not in ("pung", "chow", "kong"):
                continue
            natural = [used for used in option.tiles if used < ANY_JOKER]
            for used in natural:
                counts[used] -= 1
            spent = len(option.tiles) - len(natural)  # jokers claimed with: a typed one named by its type
            left = self.jokers - spent if isinstance(self.jokers, int) else self.jokers
            if spent and not isinstance(left, int):
                for joker in option.tiles:
                    if joker >= ANY_JOKER:
                        left = self._less(joker, left)
            value = self._after_claim(counts, left)
            for used in natural:
                counts[used] += 1
            if value < best_value or (value == best_value < 99 and option.kind != "chow" and best_option.kind != "pass"
                                      and len(natural) > len([u for u in best_option.tiles if u < ANY_JOKER])):
                best_option, best_value = option, value  # of two claims as good, the one keeping more jokers
        return best_option

    def _after_claim(self, counts: list[int], jokers: Jokers) -> int:
        """The best shanten left after the claim's discard (after a kong, the hand as it stands)."""
        if (sum(counts) + (jokers if isinstance(jokers, int) else sum(jokers))) % 3 != 2:
            return self.value(counts, jokers)
        if isinstance(jokers, int):
            best = self.value(counts, jokers - 1) if jokers else 99
        else:  # a joker of each type held, discarded
            best = min((self.value(counts, self._less(ANY_JOKER + t, jokers)) for t, n in enumerate(jokers) if n),
                       default=99)
        return min(best, *self.after_discards(counts, jokers).values()) if any(counts) else best


def _shanten_any_size(counts: list[int]) -> int:
    """Shanten of a partial hand of any size: a hand of 3k tiles is judged by its best 3k-1."""
    if sum(counts) % 3:
        return shanten_mod.shanten(bytes(counts))
    return shanten_mod.shanten_best_discard(counts)


ENTRY_POINT_GROUP = "mahjong_core.bots"
#: The distribution whose entry points declare the bundled bots; its own names win over any other's.
PROJECT_DISTRIBUTION = "mahjong-core"
#: The bundled bots, whose seeded games (the golden replays) must never change under another bot's name.
BUNDLED = ("greedy", "random")


@dataclass(frozen=True)
class InstalledBot:
    """One installed bot as its entry point declares it; nothing is imported until it is seated.

    :param name: the entry point's name: what ``--bots`` and a log's seats call the bot.
    :param value: what the entry point names, ``module:attribute``.
    :param distribution: the installed distribution that declares it, if known.
    :param version: that distribution's version, if known.
    """

    name: str
    value: str
    distribution: str | None = None
    version: str | None = None

    @property
    def entry_point(self) -> str:
        """The entry point as a distribution declares it, for error messages: ``name = module:attribute``."""
        return f"{self.name} = {self.value}"

    def describe(self) -> str:
        """The entry point and the distribution that declares it, for error messages."""
        by = f" from {self.distribution} {self.version or ''}".rstrip() if self.distribution else ""
        return f"'{self.entry_point}' ({ENTRY_POINT_GROUP}{by})"


@lru_cache(maxsize=1)
def installed_bots() -> dict[str, InstalledBot]:
    """Installed bots by name, sorted; the entry points are read once per process (:func:`clear_cache`).

    Reading the metadata imports nothing, so listing the bots works even when
    one of them cannot be imported.  If two distributions declare a name, this
    project's own declaration wins (a bundled bot cannot be replaced behind the
    golden replays' back), then the first distribution by name, as for rulesets.
    """
    found: dict[str, InstalledBot] = {}

    def key(ep: metadata.EntryPoint) -> tuple[str, bool, str]:
        dist = ep.dist.name if ep.dist else ""
        return ep.name, dist != PROJECT_DISTRIBUTION, dist

    for ep in sorted(entry_points(ENTRY_POINT_GROUP), key=key):
        if ep.name not in found:
            dist = ep.dist
            found[ep.name] = InstalledBot(ep.name, ep.value, dist.name if dist else None,
                                          dist.version if dist else None)
    return dict(sorted(found.items()))


#: Loaded bot factories by name: a batch of games seats the same few bots thousands of times.
_FACTORIES: dict[str, Callable[..., Any]] = {}


def clear_cache() -> None:
    """Forget the entry-point scan and the loaded factories (after installing a bot in-process, or in tests)."""
    installed_bots.cache_clear()
    _FACTORIES.clear()
    _forget_entry_points()


def unknown_bot(name: str) -> str:
    """Why ``name`` is no bot: the installed names, the nearest one, and how a bot is installed."""
    names = list(installed_bots())
    close = difflib.get_close_matches(name, names, n=1)
    guess = f"; did you mean {close[0]!r}?" if close else ";"
    stale = ("; this project's own bots are missing too: reinstall mahjong-core (pip install -e .) to register "
             "its entry points") if not set(BUNDLED) <= set(names) else ""
    return (f"unknown bot {name!r}{guess} installed: {', '.join(names) or 'none'} (a bot is installed through the "
            f"{ENTRY_POINT_GROUP!r} entry-point group){stale}")


def bot_factory(name: str, *, place: str | None = None) -> Callable[..., Any]:
    """The class or factory the installed bot ``name`` names, imported on first use.

    :raises MahjongError: located at ``place``, for a name no distribution
        installs (with the nearest installed name), or an entry point that
        cannot be imported or names something that cannot be called.
    """
    factory = _FACTORIES.get(name)
    if factory is not None:
        return factory
    info = installed_bots().get(name)
    if info is None:
        raise MahjongError(unknown_bot(name), place=place)
    try:
        factory = metadata.EntryPoint(info.name, info.value, ENTRY_POINT_GROUP).load()
    except Exception as exc:  # a broken third-party bot must not end the caller in its own traceback
        raise MahjongError(f"bot entry point {info.describe()} cannot be imported: {type(exc).__name__}: {exc}",
                           place=place) from exc
    if not callable(factory):
        raise MahjongError(f"bot entry point {info.describe()} names a {type(factory).__name__}, not a class or "
                           "factory to call as factory(rng, name=...)", place=place)
    _FACTORIES[name] = factory
    return factory


#: The entry-point group of the bots that take an argument (``--bots NAME:ARGUMENT``): a seat played by an external
#: program (``mjai:COMMAND``).  Kept apart from :data:`ENTRY_POINT_GROUP`: such a bot cannot be seated by its
#: name alone, so it is neither listed among the bots a table or a soak run seats nor seated again by an audit.
ARGUMENT_GROUP = "mahjong_core.argument_bots"


def argument_bot_factory(name: str, *, place: str | None = None) -> Callable[..., Any]:
    """The factory of the installed bot ``name`` that takes an argument, imported now.

    :raises MahjongError: located at ``place``, for a name no distribution installs in :data:`ARGUMENT_GROUP`,
        or an entry point that cannot be imported.
    """
    found = {ep.name: ep for ep in entry_points(ARGUMENT_GROUP)}
    ep = found.get(name)
    if ep is None:
        raise MahjongError(f"no installed bot {name!r} takes an argument (NAME:ARGUMENT); those that do: "
                           f"{', '.join(sorted(found)) or 'none'} (the {ARGUMENT_GROUP!r} entry-point group)",
                           place=place)
    try:
        factory: Callable[..., Any] = ep.load()
    except Exception as exc:  # a broken third-party bot must not end the caller in its own traceback
        raise MahjongError(f"bot entry point '{ep.name} = {ep.value}' ({ARGUMENT_GROUP}) cannot be imported: "
                           f"{type(exc).__name__}: {exc}", place=place) from exc
    return factory


def make_bots(kinds: Sequence[str], seed: int | str) -> list[Player]:
    """One seeded bot per seat from installed bot names such as ``["greedy", "random", ...]``.

    Seat ``i``'s bot is built as ``factory(Rng.from_seed(seed).derive("bot", i), name=f"{kind}-{i}")``.

    :raises MahjongError: located at ``--bots[i]``, for an unknown or broken bot.
    """
    bots: list[Player] = []
    for seat, given in enumerate(kinds):
        place = f"--bots[{seat}]"
        # ``NAME:ARGUMENT`` seats a bot that takes an argument (``mjai:COMMAND``, an external program): it is
        # built with ``argument=`` and ``seat=``, and keeps its own kind (``human``): a bot given an argument
        # cannot be seated again from its name alone, so its seat is audited as a person's.
        kind, _, argument = given.partition(":")
        factory = argument_bot_factory(kind, place=place) if argument else bot_factory(kind, place=place)
        rng = Rng.from_seed(seed).derive("bot", seat)
        try:
            bot = factory(rng, name=f"{kind}-{seat}", **({"argument": argument, "seat": seat} if argument else {}))
        except MahjongError as exc:
            raise MahjongError(f"bot {kind!r}: {exc.message}", place=place) from None
        except Exception as exc:  # third-party code: say which bot failed, not where inside it
            info = installed_bots()[kind]
            raise MahjongError(f"bot entry point {info.describe()} failed to start: {type(exc).__name__}: {exc}",
                               place=place) from exc
        if argument:
            if getattr(bot, "kind", None) != HUMAN:
                raise MahjongError(f"bot {kind!r} takes an argument, so its seat is audited as a person's; its "
                                   f"kind must be {HUMAN!r}", place=place)
            bots.append(bot)
            continue
        if not callable(getattr(bot, "choose", None)):
            raise MahjongError(f"bot entry point {installed_bots()[kind].describe()} made a {type(bot).__name__}, "
                               "which has no choose(table, seat, options, phase) method", place=place)
        if getattr(bot, "kind", None) != kind:
            try:
                bot.kind = kind  # the log's seat kind: how an audit seats this bot again
            except (AttributeError, TypeError) as exc:
                raise MahjongError(f"bot entry point {installed_bots()[kind].describe()} made a bot whose kind "
                                   f"cannot be set to {kind!r}: {exc}", place=place) from None
        bots.append(bot)
    return bots


class ScriptedPlayer:
    """Repeats one seat's recorded decisions, in order.

    The decisions come from a replay log: ``(event number, fields)`` pairs.
    If the engine asks for a decision the log does not have, or the log's
    decision is not among the legal options, the replay is wrong at that
    event, and the error says which.
    """

    kind = "scripted"

    def __init__(self, name: str, decisions: Iterator[tuple[int, dict[str, Any]]], *, source: str):
        self.name = name
        self._decisions = decisions
        self.source = source

    def choose(self, table: Table, seat: int, options: Sequence[Action], phase: str) -> Action:
        try:
            n, fields = next(self._decisions)
        except StopIteration:
            raise ReplayError(f"the log has no further decision for seat {seat}, but the game asks for one "
                              f"({phase})", source=self.source, place="end of log") from None
        if fields.get("phase") != phase:
            raise ReplayError(f"seat {seat}: the log records a {fields.get('phase')} decision, but the game is "
                              f"in the {phase} phase", source=self.source, place=f"event {n}")
        # The engine checks the action is among the legal options and names the event if not.
        delay = fields.get("after_ms", 0)
        tiles = fields.get("tiles")
        try:
            marked = fields.get("marked")
            key = (fields.get("action"), fields.get("tile"), tuple(tiles) if tiles else (), fields.get("way"), delay,
                   tuple(marked) if marked else (), fields.get("count"))
            action = _RECORDED.get(key)
        except TypeError:  # an unhashable value where a code belongs: action_from_fields says what is wrong
            key, action = None, None
        if action is not None:
            return action
        action = action_from_fields(fields, source=self.source, place=f"event {n}", tiles=table.tiles)
        if not isinstance(delay, int) or isinstance(delay, bool) or delay < 0:
            raise ReplayError(f"after_ms must be a non-negative integer, got {delay!r}", source=self.source,
                              place=f"event {n}")
        if delay:
            action = action.after(delay)
        if key is not None:
            if len(_RECORDED) >= 4096:
                _RECORDED.clear()
            _RECORDED[key] = action
        return action


def _set_kind(tiles: TileSet, name: str) -> int:
    """The kind of the game's tile set a decision names by its own code (past the standard ones); ``KeyError``
    where the set has no such kind, as for an unknown standard code."""
    kind = tiles.kind_of(name) if isinstance(name, str) else None
    if kind is None or kind < len(KINDS):
        raise KeyError(name)
    return kind


#: Recorded decisions as actions, by their fields: a log repeats the same few hundred decisions (discard
#: 5m after 1500 ms ...), and an action is an immutable value, so each is built once.
_RECORDED: dict[tuple[Any, ...], Action] = {}


def action_from_fields(fields: dict[str, Any], *, source: str, place: str, tiles: TileSet | None = None) -> Action:
    """Rebuild an :class:`Action` from a decision event's fields.

    The copy a decision names is the player's choice: a discard named by a marked copy's own code (``0p``) gives
    up the marked copy, and a claim's ``marked`` the marked copies of those kinds among its tiles (the engine
    refuses, at this event, a copy the hand does not hold).  ``tiles``: the game's tile set, whose own kinds past
    the standard ones a decision may name by their codes (an emperor kept in the hand, ``1e``: ``bonus_kept``)."""
    try:
        tile = fields.get("tile")
        kind = str(fields["action"])
        marked: tuple[int, ...] = tuple(_MARKED_KIND[t] for t in fields.get("marked", ()))
        if kind == "discard" and tile in MARKED_CODES:
            marked = (MARKED_CODES[tile],)
        count = fields.get("count")
        action = Action(
            kind,
            None if tile is None else _CODE_TO_KIND[tile] if tile in _CODE_TO_KIND or tiles is None
            else _set_kind(tiles, tile),
            tuple(_CODE_TO_KIND[t] for t in fields.get("tiles", ())),
            fields.get("way"),
            marked=marked,
            count=count,
        )
    except (KeyError, TypeError) as exc:
        raise ReplayError(f"malformed decision: unknown tile or field {exc}", source=source, place=place) from None
    if count is not None and (type(count) is not int or count < 0):
        raise ReplayError(f"malformed decision: count must be a whole number of tiles (0 or more), got {count!r}",
                          source=source, place=place)
    return action


if TYPE_CHECKING:
    # The bundled players are engine Players: checked by the type checker, nothing to run.
    _PLAYERS: tuple[type[Player], ...] = (RandomBot, GreedyBot, ScriptedPlayer)
