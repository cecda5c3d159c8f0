"""Hook specifications: every point where a ruleset may change how a game goes.

The core engine knows no ruleset.  Wherever rulesets differ, the engine calls
one of the hooks below and a plugin answers.  The core registers its own
default implementations first (:mod:`mahjong_core.plugin.defaults`, which read the
ruleset's data tables), then the ruleset's ancestry root first, then house
tweaks, then observers.  pluggy calls later registrations first, so a child
ruleset overrides its parent simply by implementing the same hook.

Conventions, enforced by :mod:`mahjong_core.plugin.manager` and the meta-tests:

* every hook is named ``mahjong_<something>``;
* hooks with one answer (is this legal, what does this hand score) are
  ``firstresult``: the first implementation returning something other than
  ``None`` decides, so an implementation returns ``None`` to defer to the
  ruleset below it;
* hooks that collect (objections to a win, penalties that fire, extra actions)
  return a list of every implementation's non-``None`` answers;
* observers (replay writers, audit, timing, logging) implement
  :func:`mahjong_event` or wrap a hook with ``wrapper=True``; they never change
  the outcome.

Implementations may accept any subset of a hook's parameters, by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from mahjong_core.hand.melds import Arrangement, Hand
    from mahjong_core.hand.predicates import Predicate
    from mahjong_core.hand.score import Score
    from mahjong_core.plugin.contributions import Contribution, FactsRead, TotalSteps
    from mahjong_core.rules import Ruleset
    from mahjong_core.table.rng import Rng
    from mahjong_core.table.state import (
        Action,
        Claim,
        ExchangeStep,
        FalseWinPenalty,
        Outcome,
        Payment,
        Penalty,
        Table,
        TimeLimits,
    )
    from mahjong_core.table.wall import Wall

PROJECT = "mahjong"
hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

# -------------------------------------------------------------------------
# Contributions: the vocabulary and the plugins a ruleset chooses (asked outside games)
# -------------------------------------------------------------------------


@hookspec
def mahjong_predicates() -> Sequence[Predicate]:
    """The named hand predicates this plugin adds to the vocabulary ruleset tables are written in.

    Asked of the plugins a ruleset's games register (the core's defaults,
    its scoring family, its mechanisms, its own modules and its ancestors'),
    when the ruleset is loaded: a table row naming a predicate none of them
    contributes is a load error, and two plugins contributing different
    predicates under one name is an error naming both.

    :return: the predicates (usually a :class:`mahjong_core.hand.predicates.Vocabulary`); collected.
    """


@hookspec
def mahjong_contributions() -> Sequence[Contribution]:
    """The scoring families, settlements and optional mechanisms this plugin provides, for rulesets to choose.

    Asked once per process of every module in the ``mahjong_core.plugins``
    entry-point group (:mod:`mahjong_core.plugin.extensions`).  Each is a
    :class:`~mahjong_core.plugin.contributions.Contribution`: its kind, a
    name, the plugin module whose hooks do its work, a line for the docs and
    the JSON Schema of the parameters it reads.  A ruleset chooses a family
    with ``scoring.family`` and a settlement with the ``settlement``
    parameter, and a mechanism's ``switched_on`` reads the ruleset's data;
    the chosen plugins are registered in that ruleset's games (mechanisms
    first, in name order, then the family's, then the settlement's, then the
    ruleset's own modules) and in no other ruleset's.

    :return: the contributions; collected.
    """


# -------------------------------------------------------------------------
# Setup: once per game, before any tile moves
# -------------------------------------------------------------------------


@hookspec(historic=True)
def mahjong_addhooks(pluginmanager: pluggy.PluginManager) -> None:
    """Let a plugin add hook specifications of its own.

    Called when the plugin is registered.  A ruleset family that wants its
    descendants to customise something finer than these hooks adds a spec
    module here with ``pluginmanager.add_hookspecs(module)``.

    :param pluginmanager: the game's plugin manager.
    """


@hookspec
def mahjong_configure(ruleset: Ruleset, options: Mapping[str, Any]) -> None:
    """Check the game options against the ruleset before the game starts.

    Raise :class:`mahjong_core.errors.MahjongError` for an option the ruleset
    cannot honour (for example three players in a four-player ruleset).

    :param ruleset: the resolved ruleset of this game.
    :param options: the game's options (players, seed, house options).
    :return: nothing; this hook collects and its results are ignored.
    """


@hookspec(firstresult=True)
def mahjong_teams(ruleset: Ruleset, seats: int) -> Sequence[Sequence[int]] | None:
    """Which seats play as a team and share a result (pair play).

    :param ruleset: the game's ruleset.
    :param seats: number of seats at the table.
    :return: a list of teams, each a list of seat numbers (seat 0 is the first
        East); the default gives every seat its own team.  ``firstresult``.
    """


# -------------------------------------------------------------------------
# Wall and deal
# -------------------------------------------------------------------------


@hookspec(firstresult=True)
def mahjong_tile_set(ruleset: Ruleset) -> Sequence[int] | None:
    """The physical tiles the game is played with, as tile kinds.

    :param ruleset: the game's ruleset.
    :return: every tile of the set (136 or 144 in the bundled rulesets), as kinds of the ruleset's
        :class:`~mahjong_core.hand.tiles.TileSet` (``ruleset.tiles()``), whose codes the log writes; the
        default is that set's tiles, built from the ``tile_set`` parameter.  A plugin may leave tiles out or
        add copies, of kinds the set declares; the wall, the deal and the conformance checks count this
        answer.  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_build_wall(ruleset: Ruleset, tiles: Sequence[int], rng: Rng | None) -> Wall | None:
    """Shuffle and build the wall for one deal, performing the wall ceremony.

    :param ruleset: the game's ruleset.
    :param tiles: the tile set from :func:`mahjong_tile_set`.
    :param rng: the deal's generator, or ``None`` for a recorded physical game
        whose wall is given in the log.
    :return: the built wall.  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_is_bonus_tile(ruleset: Ruleset, tile: int) -> bool | None:
    """Whether a tile is set aside and replaced when drawn (flowers, seasons, animals, North where the set says).

    :param ruleset: the game's ruleset.
    :param tile: a kind of the ruleset's tile set; the default answers its
        ``TileSet.is_bonus``.
    :return: ``True`` for a bonus tile.  ``firstresult``.
    """


# -------------------------------------------------------------------------
# Tile exchange: Charleston, partner exchange
# -------------------------------------------------------------------------


@hookspec(firstresult=True)
def mahjong_exchange_steps(ruleset: Ruleset, table: Table) -> Sequence[ExchangeStep] | None:
    """The tile exchanges between the deal and the first discard.

    :param ruleset: the game's ruleset.
    :param table: the table after dealing.
    :return: the steps in order (an empty list for none): how many tiles, to
        which seat, whether a seat may refuse.  ``firstresult``.
    """


@hookspec
def mahjong_deal_declarations(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    """Declarations a seat may make once every hand is dealt, before the first discard.

    Asked of every seat in turn from the dealer, after the tile exchange and
    the bonus replacement.  The calling-hand mechanism offers a ready hand's
    declaration where the ruleset requires one (``declare_calling``: "not
    being the dealer, at once declares himself a calling hand", 001 line 161);
    a seat offered anything may also pass.  A declaration that lays a tile
    face up and replaces it (a joker declared before play, way ``as_bonus``)
    leaves the seat a new hand, so the seat is asked again until it passes or
    is offered nothing.

    :param ruleset: the game's ruleset.
    :param table: the table after the deal.
    :param seat: the seat asked.
    :return: a list of actions; collected from every plugin.
    """


@hookspec
def mahjong_phase_options(ruleset: Ruleset, table: Table, seat: int, phase: str) -> Sequence[Action] | None:
    """What a seat may choose in a plugin's own phase of the deal (a declared missing suit).

    A plugin declares a phase as a word of its vocabulary (a ``phase``
    :class:`~mahjong_core.plugin.Term`); it runs after the deal's declarations,
    before the first turn, and the engine asks every seat in turn from the
    dealer.  A seat offered nothing is not asked; a seat's choice is logged as
    a ``decision`` in that phase, and an action of a plugin's kind is then
    applied by that plugin (``mahjong_apply_action``).  Asked only in games
    whose vocabulary has a plugin's phase.  A decision in it is timed as a
    move; where the game has time limits, the plugin answers
    ``mahjong_timeout`` for its phase (``table.phase`` is the phase's name).

    :param ruleset: the game's ruleset.
    :param table: the table after the deal (``table.phase`` is the phase's name).
    :param seat: the seat asked.
    :param phase: the phase's name.
    :return: a list of actions; collected from every plugin.
    """


@hookspec
def mahjong_apply_action(ruleset: Ruleset, table: Table, seat: int, action: Action,
                         phase: str) -> Sequence[Mapping[str, Any]] | None:
    """Apply a seat's chosen action of a plugin's own kind: answer the events it makes, to be logged.

    The engine asks only the plugin whose vocabulary declares the action's kind (its own implementation, not
    every plugin's), once the decision is logged.
    Each answered event is ``{"type": ..., <fields>}`` (and ``"actor"`` for an event a seat makes), of a type
    the game's vocabulary declares; the engine logs each in order (so the hash chain covers it) and applies
    its type's effects to the table (:class:`~mahjong_core.plugin.Effect`).  The plugin changes the table
    through those effects only, so that every fold of the log, which has no plugin code, agrees with it.

    :param ruleset: the game's ruleset.
    :param table: the table as the decision left it.
    :param seat: the deciding seat.
    :param action: the chosen action.
    :param phase: the phase it was chosen in.
    :return: the events, in order (none: an empty list).
    """


# -------------------------------------------------------------------------
# Turn: draw, concealed or added kong, declarations, discard
# -------------------------------------------------------------------------


@hookspec
def mahjong_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    """Extra optional actions a seat may take in its turn besides the core ones.

    The core offers discards, kongs and a self-drawn win; a ruleset adds
    what a seat may do at any turn.  Asked at every turn of a game where a
    plugin implements it; an action only a ready hand may take belongs to
    :func:`mahjong_ready_turn_actions`, which is asked far less often.

    :param ruleset: the game's ruleset.
    :param table: the table before the seat acts.
    :param seat: the seat whose turn it is.
    :return: a list of extra actions; collected from every plugin.
    """


@hookspec
def mahjong_ready_turn_actions(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Action] | None:
    """Extra actions of a turn in which one discard can leave the hand ready, or in which the seat stands calling.

    Declarations made with a discard (a calling hand, and its withdrawal) are
    all a hand far from ready can never take, and a deal's turns are mostly
    such hands: the engine asks this hook only where the seat has declared
    calling, or its concealed tiles as they stand are at most one discard
    from ready as :func:`~mahjong_core.shanten` measures it
    (four sets and a pair, seven pairs, thirteen orphans).  A rule that
    speaks to a ready hand costs nothing at the other turns.

    :param ruleset: the game's ruleset.
    :param table: the table before the seat acts.
    :param seat: the seat whose turn it is.
    :return: a list of extra actions (such as discards with ``way="declare_calling"``); collected from
        every plugin.
    """


@hookspec
def mahjong_refused_options(ruleset: Ruleset, table: Table, seat: int, phase: str,
                            options: Sequence[Action]) -> Sequence[Action] | None:
    """The options of a decision that a rule takes away: a locked hand, kuikae, a missing suit that must go first.

    The other hooks add options (a claim allowed, a turn's extra action);
    some rules instead forbid an option the tiles make possible: after a
    riichi declaration only the drawn tile may be discarded, after a chow or
    pung the kind claimed may not be discarded at once (kuikae), a seat that
    still holds tiles of its declared missing suit discards those first.
    The engine asks this hook where it makes a decision's options -- a turn,
    a claim window, robbing a kong, an exchange, a declaration on the dealt
    hand, a plugin's phase -- and removes the union of every
    implementation's answer before the seat is asked, so a bot, a person at
    a live table, a scripted replay and the audit all see the same
    options; a logged decision that a rule refused fails its replay.

    Asked only in games where some plugin implements it
    (``Game.implemented``); where it is, a turn's options are built in full
    rather than lazily.  A rule may not take away ``pass`` (a seat may always
    decline) nor every option of a decision: either is an error naming the
    plugin and the event.  A seat left only ``pass`` in a claim window, a
    robbing window or a declaration is not asked.  Where a timed-out seat's
    fallback (:func:`mahjong_timeout`) is refused, the first remaining option
    of the same kind is taken instead.

    :param ruleset: the game's ruleset.
    :param table: the table as the seat decides (``table.drawn_tile`` is the tile drawn in a turn, else
        ``None``).
    :param seat: the seat deciding.
    :param phase: ``turn``, ``claim``, ``rob_kong``, ``exchange``, ``declaration`` or a plugin's phase.
    :param options: every option the tiles and the other hooks make possible, ``pass`` included where
        offered.
    :return: the options this rule refuses (any of ``options``), or ``None``; collected from every plugin.
    """


@hookspec(firstresult=True)
def mahjong_kong_allowed(ruleset: Ruleset, table: Table, seat: int, way: str, tile: int) -> bool | None:
    """Whether a kong may be made this way.

    :param ruleset: the game's ruleset.
    :param table: the table before the kong.
    :param seat: the seat making the kong.
    :param way: ``"concealed"`` (four from the wall), ``"from_discard"`` (a
        discard onto a concealed pung) or ``"added"`` (a drawn tile onto an
        exposed pung).
    :param tile: the kong's tile kind.
    :return: ``True`` if allowed.  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_wrong_count(ruleset: Ruleset, table: Table, seat: int, tiles: int) -> str | None:
    """How a seat that holds the wrong number of tiles at its turn puts it right, before it draws.

    Asked only when the seat's hand (a kong counting three) is not the
    ruleset's ``hand_size`` as its turn begins, and only in games where some
    plugin implements this hook (the count-correction mechanism, where
    ``dead_hand.correction`` is ``skip_turn_or_draw``, 003 line 12).

    :param ruleset: the game's ruleset.
    :param table: the table before the seat's draw.
    :param seat: the seat whose turn begins.
    :param tiles: how many tiles its hand counts.
    :return: ``"skip_draw"`` (too many: the turn begins at the discard),
        ``"draw_out_of_turn"`` (too few: it draws the missing tiles, then its
        turn's tile), or ``None`` to play on uncorrected.  ``firstresult``.
    """


# -------------------------------------------------------------------------
# Claims on a discard and their priority
# -------------------------------------------------------------------------


@hookspec(firstresult=True)
def mahjong_claim_allowed(ruleset: Ruleset, table: Table, claim: Claim) -> bool | None:
    """Whether a claim that fits the claimer's tiles is offered to it at all.

    The core only offers claims the tiles make possible; this hook applies
    seat rules such as "a chow only from the player on the left".  It is
    asked for every claim the tiles make at every discard, before anyone has
    chosen, so the claim carries no delay: a rule about *when* a claim may be
    made answers :func:`mahjong_claim_refused` instead.

    :param ruleset: the game's ruleset.
    :param table: the table with the discard on it.
    :param claim: the seat, the kind of claim and the tiles it would use.
    :return: ``True`` if allowed.  ``firstresult``.
    """


@hookspec
def mahjong_claim_options(ruleset: Ruleset, table: Table, seat: int, discarder: int, tile: int
                          ) -> Sequence[Action] | None:
    """Claims a seat may make of a discard besides those its tiles make under the core's rules.

    The core offers the pungs, kongs and chows of playing tiles (and, where
    the ruleset plays jokers, the pungs and kongs its jokers make); this hook
    adds others -- a pung of 5p claimed with one 5p and a joker in a ruleset
    whose jokers the core does not place, a claim a house rule allows.  Each
    is an :class:`~mahjong_core.Action` of kind ``pung``,
    ``kong`` or ``chow`` naming the discard as its ``tile`` and, as
    ``tiles``, the tiles from the seat's hand it uses (a joker as
    ``ANY_JOKER`` (``mahjong_core.hand.jokers``), in a pung or kong only); a
    claim the seat's tiles cannot make stops the game with a message naming
    this hook.  The claim window then plays it as any claim (priority,
    ``mahjong_claim_refused``, the meld, the log).  Asked at every discard
    for every seat, and only in games where a plugin implements it.

    :param ruleset: the game's ruleset.
    :param table: the table with the discard on it.
    :param seat: the seat that may claim.
    :param discarder: the seat that discarded.
    :param tile: the discarded kind.
    :return: the claims added (each plugin's answer is one list).
    """


@hookspec(firstresult=True)
def mahjong_claim_refused(ruleset: Ruleset, table: Table, claim: Claim) -> str | None:
    """Why a claim a seat has just made may not stand at that moment, or ``None`` when it may.

    Asked once for each claim made (a few a deal), with the time it took,
    where :func:`mahjong_claim_allowed` is asked for every claim offered (dozens
    a deal): a timing rule such as a chow pause costs nothing at the discards
    where nobody claims.  The engine refuses the claim with the reason (a
    replayed log then fails at that event); a live table tells the person
    and asks again.

    :param ruleset: the game's ruleset.
    :param table: the table with the discard on it.
    :param claim: the claim made, with ``delay_ms`` since the discard.
    :return: the reason in a few words ("a chow declared inside the 5 s pause"), or ``None``.
        ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_claim_priority(ruleset: Ruleset, table: Table, claims: Sequence[Claim]) -> Sequence[Claim] | None:
    """Order competing claims on one discard, the one that takes it first.

    :param ruleset: the game's ruleset.
    :param table: the table with the discard on it.
    :param claims: every claim the seats made (never empty).
    :return: the same claims, highest priority first.  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_late_claims(ruleset: Ruleset) -> Sequence[str] | None:
    """The claims the last discard stays open to after the next seat has drawn (the late pung, 001 line 109).

    Asked once per game.  Where it names any, the engine opens a late claim
    window after each ordinary draw: the other seats may make these claims on
    the discard still lying uncovered, and the drawn tile goes back on the wall.

    :param ruleset: the game's ruleset.
    :return: claim kinds among ``"pung"`` and ``"kong"`` (claims that need a pair
        of the discard held); ``None`` or empty where a discard is closed by the
        next draw (the default).  ``firstresult``.
    """


# -------------------------------------------------------------------------
# Kongs and robbing the kong
# -------------------------------------------------------------------------


@hookspec(firstresult=True)
def mahjong_kong_robbable(ruleset: Ruleset, table: Table, way: str, tile: int) -> bool | None:
    """Whether other seats may take the tile of a kong being declared for mahjong.

    Asked too of a tile leaving a seat face up another way: a plugin's tile set aside (its action's kind as the
    way, three-player riichi's North) and a bonus tile just set aside (the way ``"bonus"``, asked after every
    ``bonus`` event: seven flowers robbing the eighth; a seat then robs it only where
    :func:`mahjong_hand_complete`, asked with how ``"robbing_bonus"``, says its hand wins with it), and a bonus tile
    another seat holds, asked as the drawer's bonus tiles are replaced (the way ``"bonus_held"``: the drawer's
    seventh flower taking the eighth, again only where its hand wins with it).

    :param ruleset: the game's ruleset.
    :param table: the table as the kong is declared.
    :param way: how the kong is made (see :func:`mahjong_kong_allowed`), ``"bonus"`` or ``"bonus_held"``.
    :param tile: the kong's tile kind.
    :return: ``True`` if the kong may be robbed (the robber must still hold a
        hand that the tile completes, and one :func:`mahjong_may_rob_kong` lets
        rob it).  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_may_rob_kong(ruleset: Ruleset, table: Table, seat: int, way: str, tile: int) -> bool | None:
    """Whether this seat's hand, which the kong's tile completes, may rob a kong made this way.

    Asked of each other seat whose hand the tile completes, once
    :func:`mahjong_kong_robbable` has allowed the kong to be robbed, before
    its win is checked against the objections.  The robbing-kong mechanism
    lets only thirteen orphans rob a concealed kong.

    :param ruleset: the game's ruleset.
    :param table: the table as the kong is declared (the tile still in the konger's hand).
    :param seat: the seat that could rob.
    :param way: how the kong is made (see :func:`mahjong_kong_allowed`).
    :param tile: the kong's tile kind.
    :return: ``False`` to forbid this seat the robbery; ``True`` or ``None`` (no
        plugin objects) to allow it.  ``firstresult``.
    """


# -------------------------------------------------------------------------
# Winning
# -------------------------------------------------------------------------


@hookspec
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> Mapping[str, Any] | None:
    """Situation facts about a win that scoring needs.

    :param ruleset: the game's ruleset.
    :param table: the table at the moment of the win.
    :param seat: the winner.
    :param tile: the winning tile.
    :param how: ``"self_drawn"``, ``"discard"``, ``"replacement"``, ``"robbing_kong"`` or ``"robbing_bonus"``
        (a bonus tile robbed as another seat set it aside: ``tile`` is that bonus tile as the win is offered, the
        replacement the robber took for it as the win is scored).
    :return: a mapping of facts (``self_drawn``, ``last_tile``, ``seat_wind``...);
        all implementations' mappings are merged, later registrations winning.
    """


@hookspec(firstresult=True)
def mahjong_hand_complete(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool | None:
    """Whether a seat's hand is complete, where a rule of the plugin decides it rather than the hand's shape.

    The core's answer is the shape of the concealed tiles in one of the
    registered winning forms (:class:`~mahjong_core.plugin.WinningForm`);
    a plugin answers where something else makes a mahjong (eight flowers held,
    a hand a joker completes) or where the shape must not win.  Asked at every
    turn and of every discard a seat could take, so only in games where some
    plugin implements it (``Game.implemented``): other games keep the core's
    fast test.

    :param ruleset: the game's ruleset.
    :param table: the table (the seat's tiles, melds and set-aside bonus tiles).
    :param seat: the seat asked about.
    :param tile: the tile that would win: already among the seat's tiles when ``how`` is ``"self_drawn"`` or
        ``"replacement"``, not yet when it is ``"discard"`` or ``"robbing_kong"``; a bonus tile another seat is
        setting aside when it is ``"robbing_bonus"`` (only ``True`` lets the seat rob it: no shape holds it); the
        joker the seat has just discarded, which no seat claimed, when it is ``"own_discard"``.
    :param how: ``"self_drawn"``, ``"discard"``, ``"replacement"``, ``"robbing_kong"``, ``"robbing_bonus"`` or
        ``"own_discard"``: a joker the seat discarded that no seat claimed, whose discard may itself win for the
        seat (the Vietnamese win by discarding green jokers).  Only ``True`` lets it win so (no shape does); the
        win is then counted as self-drawn (its ``mahjong_win_context`` is asked with ``"self_drawn"``, the
        discarded joker still the table's last discard, by the seat).
    :return: ``True`` complete, ``False`` not complete, ``None`` for the core's answer.  ``firstresult``.
    """


@hookspec
def mahjong_win_objections(ruleset: Ruleset, table: Table, seat: int, hand: Hand, context: Mapping[str, Any]) -> (
    str | None
):
    """Reasons a complete hand may not be declared as mahjong.

    A dead hand, a calling hand that was not declared, a hand under the
    ruleset's minimum value: each rule that objects returns a short reason.

    :param ruleset: the game's ruleset.
    :param table: the table at the moment of the claim.
    :param seat: the seat that wants to win.
    :param hand: its hand with the winning tile.
    :param context: the facts from :func:`mahjong_win_context`.
    :return: a reason, or ``None`` for no objection; collected, and the win is
        allowed only when the list is empty.
    """


# -------------------------------------------------------------------------
# Scoring
# -------------------------------------------------------------------------


@hookspec(firstresult=True)
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score | None:
    """Score one hand: choose the arrangement that scores highest and explain it.

    :param ruleset: the game's ruleset.
    :param hand: the hand (a winner's complete hand, or a loser's hand where the
        ruleset scores losing hands).
    :param context: situation facts (winner or not, seat and prevalent winds,
        how the hand was won).
    :return: a score with every item, its value and its source row.  ``firstresult``.  The ruleset's
        scoring family answers it (the family's plugin, which only rulesets of that family register); a
        ruleset that scores something the tables cannot express implements it too, answering before its
        family, or wraps it (``wrapper=True``) to add items to the family's score.  Every scorer of the
        core asks this hook -- play, ``mahjong score``, the minimum-value objection, sheets, the docs'
        example hands and the conformance suite -- so such a ruleset is scored by it everywhere.  The core
        refuses a winner's hand of the wrong size before any implementation sees it, so that one mistake
        gets one message under every ruleset.
    """


@hookspec(firstresult=True)
def mahjong_score_figures(ruleset: Ruleset, figures: Mapping[str, Any], context: Mapping[str, Any]) -> Score | None:
    """Score a winner's hand from the figures a score sheet wrote for it, where the hand itself was not laid down.

    A club's riichi sheet writes a win as its han and fu (or its limit: ``mangan``, ``yakuman``), not as its
    tiles; the audit still pays it by the ruleset's own tables, honba and sticks included.

    :param ruleset: the game's ruleset.
    :param figures: the sheet's figures, in the family's own words (riichi: ``han`` and ``fu``, or ``limit``,
        and optionally ``yaku``, the names of the hand's yaku).
    :param context: the win's facts, as for :func:`mahjong_score_hand` (seat and prevalent winds, how it was won,
        the table's counters).
    :return: the score, its ``raw`` holding what the family's settlement reads; ``None`` where the family scores
        hands only (the sheet is then told to give the winner's hand).  ``firstresult``.
    :raises MahjongError: for figures the family's tables cannot have (a fu count that is no count, an unknown
        limit), located at the figure (``place``: ``han``, ``fu``, ``limit``, ``yaku``).
    """


@hookspec(firstresult=True)
def mahjong_minimum_figures(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Mapping[str, int] | None:
    """A winning hand's figures that a minimum value is compared on, reckoned without the explanation.

    Before a win is offered the core asks whether the hand reaches the ruleset's minimum value
    (``minimum_value``: ``{points: 8, excluding_bonus_tiles: true}``, ``{fan: 1}``), and a bot that plans asks it
    of every wait; most such hands fall short, and no one reads their items.  A family that can reckon the
    figures faster than its explained score answers here; the core then compares them instead of scoring the
    hand.  It asks only where every plugin that answers :func:`mahjong_score_hand` for the game answers this
    too: a ruleset that adds to its family's score (a wrapper, an implementation of its own) is judged on the
    whole score, as before.

    :param ruleset: the game's ruleset.
    :param hand: a winner's complete hand, of the ruleset's size (the core refuses another size first).
    :param context: the win's facts, as for :func:`mahjong_score_hand`.
    :return: the figures under the names the score's ``raw`` gives them, each equal to what
        :func:`mahjong_score_hand` would give (the conformance suite's highest-scoring check compares them on
        every hand it scores, third-party families' too);
        at least those a minimum value of the family may name.  ``None`` where the family has no faster way,
        and the hand is scored.  A figure the minimum names and the mapping lacks is read from the score.
        ``firstresult``.
    :raises MahjongError: (a ``HandError`` among them) as :func:`mahjong_score_hand` raises for the same hand.
    """


@hookspec(firstresult=True)
def mahjong_score_reading(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any],
                          arrangement: Arrangement) -> Score | None:
    """Score one given reading of a hand, for a family that divides hands its own way.

    The conformance suite scores each reading of a hand alone and checks that
    :func:`mahjong_score_hand` chose the highest.  A family whose engine reads
    :func:`mahjong_core.arrangements` need not implement it; one that divides
    hands itself (MCR's knitted sets) does, so that the check still sees
    every reading.

    :param ruleset: the ruleset.
    :param hand: the complete hand.
    :param context: situation facts, as for :func:`mahjong_score_hand`.
    :param arrangement: one reading of the hand, as the family divides it.
    :return: that reading's score.  ``firstresult``; when no plugin implements it, the conformance suite
        scores the readings of :func:`mahjong_core.arrangements` through :func:`mahjong_score_hand`.
    """


@hookspec
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """Read the ruleset's scoring tables as the family's engine will, when the ruleset is loaded.

    A family compiles its tables (rows naming predicates, a fan-to-points
    table) before it scores a hand; doing it at load time means ``mahjong
    rules validate`` reports what the first scored hand would otherwise trip
    over.

    :param ruleset: the ruleset just loaded.
    :return: nothing; an entry the engine cannot use raises a located
        :class:`~mahjong_core.errors.RulesetError`.
    """


@hookspec(firstresult=True)
def mahjong_score_bound(ruleset: Ruleset, measure: str) -> int | None:
    """An upper bound of a score figure that the ruleset's tables can give a hand.

    The loader refuses a minimum value above it, since then nobody could ever win.

    :param ruleset: the ruleset.
    :param measure: a key of ``minimum_value`` (``points``, ``fan``...).
    :return: the bound, or ``None`` where the family does not know one.  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_facts_read(ruleset: Ruleset) -> FactsRead | None:
    """The situation facts the family's scoring reads under the ruleset.

    ``mahjong score`` builds a hand's context from one set of flags that
    means the same under every ruleset; this tells it which flags the ruleset
    ignores and which fact it would still lack.

    :param ruleset: the ruleset.
    :return: the facts (:class:`~mahjong_core.plugin.contributions.FactsRead`), or ``None`` where the family
        does not say (then no flag is called ignored).  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_explain_total(ruleset: Ruleset, score: Mapping[str, Any], units: Mapping[str, str],
                          label: Callable[[str], str]) -> TotalSteps | None:
    """How a score's items make its total, step by step, for a score card.

    Every surface that shows a score (``mahjong score``, the audit's deal
    report, the live table, the replay viewer) shows the same card
    (``mahjong_core.plugin.score_card``), and only the family knows how
    its units combine.

    :param ruleset: the ruleset the score was made under.
    :param score: the score as logged (``Score.to_json()``).
    :param units: the unit of each item kind.
    :param label: a row's English name, from its key.
    :return: the steps (:class:`~mahjong_core.plugin.contributions.TotalSteps`), or ``None`` when the total
        is the sum of the items.  ``firstresult``.
    """


# -------------------------------------------------------------------------
# Settlement
# -------------------------------------------------------------------------


@hookspec(firstresult=True)
def mahjong_settle(ruleset: Ruleset, table: Table, outcome: Outcome) -> Sequence[Payment] | None:
    """Turn the scored outcome of a deal into payments between seats.

    :param ruleset: the game's ruleset.
    :param table: the table at the end of the deal.
    :param outcome: who won how, with every hand's score.
    :return: the payments; they sum to zero.  ``firstresult``.  The settlement the ruleset's
        ``settlement`` parameter names answers it (its plugin, which only rulesets choosing it register).
    """


@hookspec
def mahjong_event_reactions(ruleset: Ruleset, table: Table, event: Mapping[str, Any]) -> (
        Sequence[Mapping[str, Any]] | None):
    """Events the table adds in reply to one just logged: a stick paid into the pot at a declaration, kong money
    after a kong, the pot paid to the next winner, a counter (``honba``) moved on.

    The engine asks it after every event it logs (but ``game_end``), only in games where some plugin implements
    it, and logs each returned event through the game (``Game.event``), so the event catalogue checks it and the
    log's chain covers it; a re-play asks it again and must get the same answer.  It is **not** asked about the
    events it returned, so reactions never chain into loops: a reply to a reply is written in the first reply.
    An implementation marked with :func:`~mahjong_core.plugin.reacts_to` is asked only about the event types it
    names, and answers nothing about any other.

    :param ruleset: the game's ruleset.
    :param table: the table after the event (a ``decision`` is logged before its action is applied).
    :param event: the event as written to the log.
    :return: the events to add, in order, each a mapping with its ``type`` and fields (actor ``table``): a
        ``payment`` (:func:`~mahjong_core.plugin.payment_event`; from a seat or the pot to a seat or the
        pot, never leaving the pot below 0), a ``counter`` (:func:`~mahjong_core.plugin.counter_event`), or
        another type the event catalogue declares; or ``None``.  Collected: every plugin's, in registration order.
    """


@hookspec
def mahjong_game_settlement(ruleset: Ruleset, table: Table) -> Sequence[Mapping[str, Any]] | None:
    """Payments at the game's end (uma, oka, what is left in the pot), logged before ``game_end``.

    Asked once, when the game is over, only where some plugin implements it.  How ties are split is the
    plugin's rule: ``table.scores`` holds the final points before these payments, ``table.dealer`` and
    ``table.players`` the seat order (seat 0 was the first East), and ``table.pot`` what is left in the pot.

    :param ruleset: the game's ruleset.
    :param table: the table after the last deal.
    :return: ``payment`` events (:func:`~mahjong_core.plugin.payment_event`), in order; or ``None``.
        Collected.  ``game_end``'s scores, the standings and the records database read the points after them.
    """


@hookspec(firstresult=True)
def mahjong_payment_note(ruleset: Ruleset, dealer: int, payment: Sequence[Any]) -> str | None:
    """Why a payment is the amount it is, where that is not plain (East paying double), for a deal's end.

    :param ruleset: the ruleset the deal was settled under.
    :param dealer: the seat that dealt.
    :param payment: one logged payment, ``[payer, payee, amount, reason]``.
    :return: a short note, or ``None`` where the amount is plain.  ``firstresult``.
    """


# -------------------------------------------------------------------------
# What a seat alone may know of its own position (asked by a live table, not by the game)
# -------------------------------------------------------------------------


@hookspec
def mahjong_seat_notes(ruleset: Ruleset, table: Table, seat: int) -> Sequence[Mapping[str, str]] | None:
    """What a seat alone is told of its own position beside its tiles: riichi's furiten (it may not win on a
    discard), which says something of its waits and so is the seat's own information.

    The engine never asks it: a live table does, as it builds the view it sends each seat
    (:func:`~mahjong_core.seat_notes`), only where some plugin of the game implements it, and puts the answers in
    that seat's view alone (``notes``); no other seat and no spectator is sent them, and no log holds them.  It
    must not change the table.

    :param ruleset: the game's ruleset.
    :param table: the table as it stands.
    :param seat: the seat to tell.
    :return: the notes, each ``{"name": ..., "label": ..., "detail": ...}`` -- a name as logs write words
        (``furiten``), the short label a page shows, and a sentence saying what it means for the seat -- or
        ``None`` where there is nothing to tell.  Collected: every plugin's, in registration order.
    """


# -------------------------------------------------------------------------
# Penalties
# -------------------------------------------------------------------------


@hookspec
def mahjong_penalties(ruleset: Ruleset, table: Table, outcome: Outcome) -> Penalty | None:
    """Penalties that fire at the end of a deal (a dangerous discard, say).

    :param ruleset: the game's ruleset.
    :param table: the table at the end of the deal.
    :param outcome: the deal's outcome before settlement.
    :return: a penalty (payments replacing the normal settlement, with the rule
        that fired), or ``None``; collected.
    """


@hookspec(firstresult=True)
def mahjong_false_win(ruleset: Ruleset, table: Table, seat: int, reason: str) -> FalseWinPenalty | None:
    """What a wrongly declared mahjong costs and who may end the deal for it.

    :param ruleset: the game's ruleset.
    :param table: the table at the false declaration.
    :param seat: the seat that declared.
    :param reason: why the declaration was wrong (the objections, or an incomplete hand).
    :return: the penalty (its rule, payments, and the seat of the wronged side that
        chooses to end or continue the deal), or ``None`` where the ruleset has no
        such rule and the declaration is simply illegal.  ``firstresult``.
    """


# -------------------------------------------------------------------------
# Seated timing
# -------------------------------------------------------------------------


@hookspec(firstresult=True)
def mahjong_time_limits(ruleset: Ruleset) -> TimeLimits | None:
    """The table clock's limits: per move, per claim, chow pause, per game.

    :param ruleset: the game's ruleset.
    :return: the limits, each ``None`` where the ruleset sets none.  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_timeout(ruleset: Ruleset, table: Table, seat: int, what: str) -> Action | None:
    """What happens when a seat runs out of time.

    :param ruleset: the game's ruleset.
    :param table: the table when the time ran out.
    :param seat: the seat that ran out.
    :param what: ``"move"``, ``"claim"`` or ``"game"``.
    :return: the action taken for it (for example discard the drawn tile, or
        pass the claim).  ``firstresult``.
    """


# -------------------------------------------------------------------------
# End of deal, dealer rotation, end of game
# -------------------------------------------------------------------------


@hookspec(firstresult=True)
def mahjong_deal_exhausted(ruleset: Ruleset, table: Table) -> bool | None:
    """Whether the deal ends in an exhaustive draw now.

    :param ruleset: the game's ruleset.
    :param table: the table before the next draw from the wall.
    :return: ``True`` when no more tiles may be drawn.  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_abortive_draw(ruleset: Ruleset, table: Table, moment: str, seat: int,
                          claims: Sequence[Claim]) -> str | None:
    """Whether a rule ends the deal now as an abortive draw, and why.

    Asked only in games where a plugin implements it (a mechanism such as ``abortive_draws``), at three
    moments: ``"turn"``, as ``seat`` begins a turn holding its full hand (nine terminals and honours at the
    first turn); ``"discard"``, after ``seat``'s discard passed the claim window unclaimed (four winds on the
    first go-round, four kongs by different seats); ``"claims"``, when wins are claimed on ``seat``'s discard,
    before any takes it (three seats claiming it: the triple ron).  The deal ends with an ``abortive_draw``
    event naming the reason, is settled as a draw (``mahjong_settle`` sees an outcome of kind ``abortive``)
    and the ruleset's ``mahjong_next_deal`` says whether the dealer deals again.

    :param ruleset: the game's ruleset.
    :param table: the table at that moment.
    :param moment: ``"turn"``, ``"discard"`` or ``"claims"``.
    :param seat: the seat whose turn begins, or whose discard it is.
    :param claims: at ``"claims"``, the claims made on the discard in priority order; empty otherwise.
    :return: the reason (``nine_terminals``, ``four_winds``, ``four_kongs``, ``triple_ron``, a mechanism's
        own word), or ``None`` to play on.  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_next_deal(ruleset: Ruleset, table: Table, outcome: Outcome) -> tuple[int, int, int] | None:
    """Where the game goes after a deal: dealer seat, prevalent wind, round index.

    :param ruleset: the game's ruleset.
    :param table: the table at the end of the deal.
    :param outcome: the deal's outcome (win or draw, who won).
    :return: ``(dealer_seat, prevalent_wind_index, round_index)``.  ``firstresult``.
    """


@hookspec(firstresult=True)
def mahjong_game_over(ruleset: Ruleset, table: Table) -> bool | None:
    """Whether the game ends before the next deal.

    :param ruleset: the game's ruleset.
    :param table: the table between deals.
    :return: ``True`` to end the game (the default: after four rounds).  ``firstresult``.
    """


# -------------------------------------------------------------------------
# Observers
# -------------------------------------------------------------------------


@hookspec
def mahjong_event(table: Table, event: Mapping[str, Any]) -> None:
    """Observe one event as it is recorded (replay writers, audit, timing, logs).

    :param table: the table after the event was applied.
    :param event: the event as written to the replay log.
    :return: nothing; observers never change the game.
    """
