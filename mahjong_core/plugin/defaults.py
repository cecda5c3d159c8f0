"""The core's default hook implementations: every rule read from the ruleset's data.

These are registered first, so any ruleset plugin that implements the same
hook is called before them and wins.  Nothing here names a ruleset: each
function reads a parameter of the resolved tables (``ruleset.value(...)``),
which is what lets a house rule that only changes values be YAML alone.

Two of them the engine asks hundreds of times a deal, before every draw and
for every claim a seat's tiles make (:func:`mahjong_deal_exhausted`,
:func:`mahjong_claim_allowed`).  In a game where no other plugin implements
such a hook, its answer is this module's whatever is asked, so the engine
calls the function here itself and asks the hook only in games where a
plugin can change the answer (``Game.overridden``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import RulesetError
from mahjong_core.hand.tiles import EAST
from mahjong_core.plugin.binding import bind
from mahjong_core.plugin.family_scoring import figures_with, minimum_figures, minimum_of, score_with
from mahjong_core.plugin.hookspecs import hookimpl
from mahjong_core.table.state import Claim, Outcome, Payment, Table, TimeLimits

if TYPE_CHECKING:
    from mahjong_core.hand.melds import Hand
    from mahjong_core.hand.score import Score
    from mahjong_core.rules import Ruleset
    from mahjong_core.table.rng import Rng
    from mahjong_core.table.wall import Wall

_CLAIM_RANK = {"win": 0, "kong": 1, "pung": 1, "chow": 2}

# ------------------------------------------------------------------ setup


@hookimpl
def mahjong_teams(seats: int) -> list[list[int]]:
    """Every seat plays for itself; partners sharing a result is a mechanism plugin's (pair play)."""
    return [[s] for s in range(seats)]


# ------------------------------------------------------------------ wall and deal


@hookimpl
def mahjong_tile_set(ruleset: Ruleset) -> tuple[int, ...]:
    return bind(ruleset).tiles.tiles


@hookimpl
def mahjong_build_wall(ruleset: Ruleset, tiles: Sequence[int], rng: Rng | None) -> Wall:
    # deferred: the wall and its generator cost ~5.5 ms to import (python -X importtime), which `mahjong rules list`
    # and `mahjong score` would pay for loading the defaults without ever building a wall.
    from mahjong_core.table.wall import Wall

    if rng is None:
        raise RulesetError("a wall can only be built from a generator; recorded games give their own tiles")
    return Wall(tiles, rng, ruleset.value("wall_ceremony"), players=int(ruleset.value("players")),
                exhaustive_draw_tiles_left=int(ruleset.value("exhaustive_draw_tiles_left")))


@hookimpl
def mahjong_is_bonus_tile(ruleset: Ruleset, tile: int) -> bool:
    """Whether the ruleset's tile set counts the kind as a bonus tile (flowers, animals, North where it says so)."""
    return bind(ruleset).tiles.is_bonus(tile)


# ------------------------------------------------------------------ turn


@hookimpl
def mahjong_kong_allowed(ruleset: Ruleset, table: Table, way: str) -> bool:
    if way not in ruleset.value("kong_ways"):
        return False
    # A kong needs a replacement tile from the dead wall.
    wall = table.wall
    if wall is None:
        return True
    return (wall.loose_count() if wall.ceremony.loose_tiles else wall.live_count()) > 0


# ------------------------------------------------------------------ claims


@hookimpl
def mahjong_claim_allowed(ruleset: Ruleset, table: Table, claim: Claim) -> bool:
    if claim.kind == "chow":
        chow_from = ruleset.value("chow_from")
        discarder = table.last_discarder
        assert discarder is not None, "a claim is only ever on a discard"
        if chow_from == "left":  # the discarder plays just before the claimer: at two seats, the other player
            return claim.seat == (discarder + 1) % table.players
        return chow_from == "anyone"
    return True


@hookimpl
def mahjong_claim_priority(ruleset: Ruleset, table: Table, claims: Sequence[Claim]) -> list[Claim]:
    return claims_in_priority_order(ruleset, table, claims)


def claims_in_priority_order(ruleset: Ruleset, table: Table, claims: Sequence[Claim]) -> list[Claim]:
    """Mahjong before pung or kong before chow; among equals, the nearest seat after the discarder first.

    ``mahjong_tie_break: farthest_counterclockwise`` turns the order round
    for competing wins.  A mechanism that first drops some claims (the chow
    pause) orders the rest with this.
    """
    tie_break = ruleset.value("mahjong_tie_break")
    discarder = table.last_discarder if table.last_discarder is not None else table.turn
    n = table.players

    def key(claim: Claim) -> tuple[int, int]:
        distance = (claim.seat - discarder) % n
        if claim.kind == "win" and tie_break == "farthest_counterclockwise":
            distance = -distance
        return _CLAIM_RANK[claim.kind], distance

    return sorted(claims, key=key)


# ------------------------------------------------------------------ winning


@hookimpl
def mahjong_win_context(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> dict[str, Any]:
    wall = table.wall
    last = wall is not None and wall.live_count() <= int(ruleset.value("exhaustive_draw_tiles_left"))
    shown = _visible_copies(table, tile, how)
    return {
        "how": how,
        "self_drawn": how in ("self_drawn", "replacement"),
        "replacement": how == "replacement",
        "robbing_kong": how == "robbing_kong",
        "last_tile": last,
        "seat_wind": EAST + table.seat_wind(seat),
        "prevalent_wind": EAST + table.prevalent_wind,
        "dealer": seat == table.dealer,
        "first_go_around": table.first_go_around,
        "discarder": table.last_discarder if how == "discard" else None,
        "calling": table.seats[seat].calling,
        "calling_from_start": table.seats[seat].calling_from_start,
        "winning_tile": tile,
        "tiles_left": wall.live_count() if wall is not None else None,
        # The winning tile is the last of its kind: the other three are in sight (discards and exposed sets).
        "last_tile_of_kind": shown >= 3,
        "winning_tile_shown": shown,
        "kong_replacement": how == "replacement" and table.last_replacement_reason == "kong",
        # Kongs the winner declared in a row before the replacement tile that won (two: Malaysia's maximum hand).
        "kongs_in_a_row": table.kongs_in_turn if how == "replacement" else 0,
        # The replacement tile was the last loose tile: none was left to refill from (002 line 100).
        "last_loose_tile": how == "replacement" and wall is not None and wall.loose_count() == 0,
        # In the first go-around the dealer discards once, first: the last discard being the dealer's is that one
        # (counting the dealer's discards would miss it once the winner has taken it off the table).
        "first_discard": how == "discard" and table.first_go_around and table.last_discarder == table.dealer,
    }


def _visible_copies(table: Table, tile: int, how: str) -> int:
    """Copies of ``tile`` anyone can see: every discard pile and every exposed set (concealed kongs hidden).

    A discard being claimed still lies on the table; it is the winning tile itself, not another copy.
    """
    seen = 0
    for s in table.seats:
        seen += s.discards.count(tile)
        for meld in s.melds:
            if meld.exposed:
                seen += meld.tiles.count(tile)
    if how == "discard" and table.last_discard == tile:
        seen -= 1
    return seen


class WinObjections:
    """The core's objections to a declared win: a dead hand, and a hand below the ruleset's minimum value.

    An object rather than a module function because the minimum is judged on
    the hand's score as the game scores it -- its own ``mahjong_score_hand``
    hooks, a ruleset's own before its family's -- so it holds the manager of the
    game it is registered in (:func:`mahjong_core.plugin.manager.build_plugin_manager`
    registers one right after this module).
    """

    def __init__(self, pm: Any) -> None:
        #: The manager this is registered in (its hooks are read at each call: a game fixes them once it begins).
        self.pm = pm
        #: Whether a game's fixed hooks reckon the minimum's figures alone (:meth:`figures_first`), by the hooks.
        self._figures_first: tuple[Any, bool] = (None, False)

    @hookimpl
    def mahjong_win_objections(self, ruleset: Ruleset, table: Table, seat: int, hand: Hand,
                               context: Mapping[str, Any]) -> str | None:
        expected = int(ruleset.value("hand_size")) + 1
        if hand.tile_count() != expected and (ruleset.value("dead_hand") or {}).get("enabled", True):
            return f"dead hand: {hand.tile_count()} tiles, a mahjong has {expected}"
        return self.below_minimum(ruleset, hand, context)

    def below_minimum(self, ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> str | None:
        """The ruleset's minimum value (``{points: 8, excluding_bonus_tiles: true}``, ``{fan: 2}``, ``{doublings: 1}``).

        The hand is scored through the game's hooks and compared on the number
        the minimum names, read from the score's ``raw`` figures.
        """
        if not ruleset.value("minimum_value"):
            return None
        # In a game, its hooks as fixed call loops (made when the game began: mahjong_core.plugin.relay); outside
        # one (a hand scored from the command line), pluggy's relay the manager was built with.
        hooks = getattr(self.pm, "fixed_relay", None) or self.pm.hook
        context = dict(context, winner=True)
        if self.figures_first(hooks):
            figures = figures_with(hooks, ruleset, hand, context)
            if figures is not None:
                found = minimum_of(ruleset, figures)
                if all(have is not None for _, _, _, have in found):
                    return _short(found)
        return _short_of(ruleset, score_with(hooks, ruleset, hand, context))

    def figures_first(self, hooks: Any) -> bool:
        """Whether the minimum is judged on the figures the family reckons alone (``mahjong_minimum_figures``):
        only where every plugin that scores the game's hands reckons them, so that a ruleset adding to its
        family's score (a wrapper, a scorer of its own) is judged on its whole score.  A game's hooks are fixed
        once it begins, and answered once; a manager's own relay (outside a game) is looked at each time."""
        known, answer = self._figures_first
        if known is hooks:
            return answer
        pm_hook = self.pm.hook
        scorers = {id(impl.plugin) for impl in pm_hook.mahjong_score_hand.get_hookimpls()}
        reckoners = {id(impl.plugin) for impl in pm_hook.mahjong_minimum_figures.get_hookimpls()}
        answer = bool(reckoners) and scorers <= reckoners
        if hooks is not pm_hook:
            self._figures_first = (hooks, answer)
        return answer


def _short_of(ruleset: Ruleset, score: Score | None) -> str | None:
    """Why ``score`` is below the ruleset's minimum value, or ``None`` when it is not (or there is no score)."""
    if score is None:
        return None
    for key, excluding, need, have in minimum_figures(ruleset, score):
        if have is None:
            name = key + ("_excluding_bonus" if excluding else "")
            raise RulesetError(f"the {score.family} scoring engine gives no {name!r} figure to compare with "
                               f"the minimum value", source=ruleset.location, place="$.parameters.minimum_value")
        if have < need:
            return _shortfall(key, need, have)
    return None


def _short(found: Sequence[tuple[str, bool, int, int | None]]) -> str | None:
    """:func:`_short_of` of figures a family reckoned for the minimum (:func:`~.family_scoring.minimum_of`), every
    one present."""
    for key, _excluding, need, have in found:
        if have is not None and have < need:
            return _shortfall(key, need, have)
    return None


def _shortfall(key: str, need: int, have: int) -> str:
    return f"below the minimum value: {have} {key}, at least {need} needed"


# ------------------------------------------------------------------ settlement, penalties, timing


@hookimpl
def mahjong_settle() -> list[Payment]:
    """No payments: what a ruleset's settlement plugin answers when it has one, a ruleset with no scoring yet
    when it has none."""
    return []


@hookimpl
def mahjong_time_limits() -> TimeLimits:
    """No limits; a ruleset that sets some switches on the seated-timing mechanism plugin."""
    return TimeLimits()


# ------------------------------------------------------------------ end of deal and rotation


@hookimpl
def mahjong_deal_exhausted(ruleset: Ruleset, table: Table) -> bool:
    assert table.wall is not None, "the deal's tiles are on the table while it is asked"
    return table.wall.live_count() <= int(ruleset.value("exhaustive_draw_tiles_left"))


@hookimpl
def mahjong_next_deal(ruleset: Ruleset, table: Table, outcome: Outcome) -> tuple[int, int, int]:
    if outcome.kind == "win":
        keep = outcome.winner == table.dealer and bool(ruleset.value("dealer_keeps_deal_on_win"))
    else:
        keep = bool(ruleset.value("dealer_keeps_deal_on_draw"))
    if keep:
        return table.dealer, table.prevalent_wind, table.round_index
    dealer = (table.dealer + 1) % table.players
    # A round is the time in which every player has been East (000 line 97): one deal per seat, at any count.
    # The prevalent wind goes on East, South, West, North round by round whatever the seat count: it is the
    # round's wind, not a seat's (three seats still play a South round, as three-player games do).
    if dealer == 0:  # the deal has gone round the table: the next prevalent wind
        return dealer, (table.prevalent_wind + 1) % 4, table.round_index + 1
    return dealer, table.prevalent_wind, table.round_index


@hookimpl
def mahjong_game_over(ruleset: Ruleset, table: Table) -> bool:
    rounds = ruleset.raw_tables.get("parameters", {}).get("rounds_per_game")
    return table.round_index >= (int(rounds["value"]) if rounds else 4)
