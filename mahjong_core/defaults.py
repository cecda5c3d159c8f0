"""The core's default hook implementations: every rule read from the ruleset's data.

These are registered first, so any ruleset plugin that implements the same
hook is called before them and wins.  Nothing here names a ruleset: each
function reads a parameter of the resolved tables (``ruleset.value(...)``),
which is what lets a house rule that only changes values be YAML alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import shanten as shanten_mod
from .errors import RulesetError
from .hookspecs import hookimpl
from .predicates import CORE, Predicate
from .table import Action, Claim, ExchangeStep, FalseWinPenalty, Outcome, Payment, Table, TimeLimits
from .tiles import EAST, NUM_PLAYING_KINDS, is_bonus

_CLAIM_RANK = {"win": 0, "kong": 1, "pung": 1, "chow": 2}
_DIRECTION_OFFSET = {"right": 1, "across": 2, "left": 3, "partner": 2}

# ------------------------------------------------------------------ contributions


@hookimpl
def mahjong_predicates() -> list[Predicate]:
    """The hands more than one family names (:data:`mahjong_core.predicates.CORE`): every ruleset may name them."""
    return list(CORE)


# ------------------------------------------------------------------ setup


@hookimpl
def mahjong_teams(ruleset: Any, seats: int) -> list[list[int]]:
    pairs = ruleset.value("pairs")
    if pairs and pairs.get("partners") == "opposite":
        half = seats // 2
        return [[s, s + half] for s in range(half)]
    return [[s] for s in range(seats)]


# ------------------------------------------------------------------ wall and deal


@hookimpl
def mahjong_tile_set(ruleset: Any) -> tuple[int, ...]:
    return tuple(ruleset.tile_set())


@hookimpl
def mahjong_build_wall(ruleset: Any, tiles: Sequence[int], rng: Any) -> Any:
    from .wall import Wall

    if rng is None:
        raise RulesetError("a wall can only be built from a generator; recorded games give their own tiles")
    return Wall(tiles, rng, ruleset.value("wall_ceremony"), players=int(ruleset.value("players")),
                exhaustive_draw_tiles_left=int(ruleset.value("exhaustive_draw_tiles_left")))


@hookimpl
def mahjong_is_bonus_tile(tile: int) -> bool:
    return is_bonus(tile)


# ------------------------------------------------------------------ tile exchange


@hookimpl
def mahjong_exchange_steps(ruleset: Any) -> list[ExchangeStep]:
    spec = ruleset.value("tile_exchange") or {"kind": "none"}
    kind = spec.get("kind", "none")
    if kind == "none":
        return []
    if kind == "partner":
        return [ExchangeStep("partner", int(spec.get("tiles", 2)), 2,
                             refuse_only_if_calling=bool(spec.get("refuse_only_if_calling", True)))]
    if kind == "charleston":
        steps = []
        for i, p in enumerate(spec.get("passes", ())):
            direction = p["direction"]
            steps.append(ExchangeStep(p.get("name", f"charleston-{i + 1}-{direction}"), int(p.get("count", 3)),
                                      _DIRECTION_OFFSET[direction], optional=bool(p.get("optional", False))))
        return steps
    raise RulesetError(f"unknown tile exchange kind {kind!r}; expected none, partner or charleston",
                       source=ruleset.id, place="$.parameters.tile_exchange.value.kind")


# ------------------------------------------------------------------ declarations after the deal


@hookimpl
def mahjong_deal_declarations(ruleset: Any, table: Table, seat: int) -> list[Action]:
    """A ready hand may be declared calling at once where the ruleset requires declarations (001 line 161).

    The dealer declares with its first discard like everyone later: it holds
    fourteen tiles, and a complete dealt hand is its heavenly hand.
    """
    rule = ruleset.value("calling_hand_rule") or {}
    s = table.seats[seat]
    if not rule.get("required") or seat == table.dealer or s.calling or s.shanten() != 0:
        return []
    return [Action("declare_calling")]


# ------------------------------------------------------------------ turn


@hookimpl
def mahjong_turn_actions(ruleset: Any, table: Table, seat: int) -> list[Action]:
    rule = ruleset.value("calling_hand_rule") or {}
    if not rule.get("required"):
        return []
    s = table.seats[seat]
    actions: list[Action] = []
    counts = s.counts
    if not s.calling:
        # Drawing a tile lowers shanten by one at most: a hand two or more away before the draw cannot be
        # left ready by any discard (the seat's remembered shanten is of its hand before the draw).
        drawn, memo = table.drawn_tile, s.shanten_memo
        if drawn is not None and memo is not None and memo[1] >= 2:
            counts[drawn] -= 1
            before = bytes(counts)
            counts[drawn] += 1
            if before == memo[0]:
                return actions
        # The full hand's shanten is the best any discard can leave: skip the search when none leaves it ready.
        if sum(counts) % 3 != 2 or shanten_mod.shanten(bytes(counts)) > 0:
            return actions
    for tile in range(NUM_PLAYING_KINDS):
        if not counts[tile]:
            continue
        if not s.calling:
            counts[tile] -= 1
            ready = shanten_mod.shanten(bytes(counts)) == 0
            counts[tile] += 1
            if ready:
                actions.append(Action("discard", tile, way="declare_calling"))
        elif rule.get("may_undeclare"):
            actions.append(Action("discard", tile, way="withdraw_calling"))
    return actions


@hookimpl
def mahjong_kong_allowed(ruleset: Any, table: Table, way: str) -> bool:
    if way not in ruleset.value("kong_ways"):
        return False
    # A kong needs a replacement tile from the dead wall.
    wall = table.wall
    if wall is None:
        return True
    return (wall.loose_count() if wall.ceremony.loose_tiles else wall.live_count()) > 0


# ------------------------------------------------------------------ claims


@hookimpl
def mahjong_claim_allowed(ruleset: Any, table: Table, claim: Claim) -> bool:
    limits = table.time_limits
    if claim.delay_ms is not None and claim.kind == "chow" and limits is not None and limits.chow_pause_min:
        # Seated timing (003): a chow may be declared only after the pause.
        if claim.delay_ms < limits.chow_pause_min * 1000:
            return False
    if claim.kind == "chow":
        chow_from = ruleset.value("chow_from")
        discarder = table.last_discarder
        if chow_from == "left":
            return claim.seat == (discarder + 1) % table.players
        return chow_from == "anyone"
    return True


@hookimpl
def mahjong_claim_priority(ruleset: Any, table: Table, claims: Sequence[Claim]) -> list[Claim]:
    tie_break = ruleset.value("mahjong_tie_break")
    discarder = table.last_discarder if table.last_discarder is not None else table.turn
    n = table.players

    def key(claim: Claim) -> tuple[int, int]:
        distance = (claim.seat - discarder) % n
        if claim.kind == "win" and tie_break == "farthest_counterclockwise":
            distance = -distance
        return _CLAIM_RANK[claim.kind], distance

    limits = table.time_limits
    chows = [c.delay_ms for c in claims if c.kind == "chow" and c.delay_ms is not None]
    if chows and limits is not None and limits.chow_pause_min:
        # A pung may be claimed only until a chow is declared; at the same moment, the pung wins (003).
        first_chow = min(chows)
        late = [c for c in claims if c.kind in ("pung", "kong") and (c.delay_ms or 0) > first_chow]
        claims = [c for c in claims if c not in late]
    return sorted(claims, key=key)


# ------------------------------------------------------------------ kongs and robbing


@hookimpl
def mahjong_kong_robbable(ruleset: Any, way: str) -> bool:
    rob = ruleset.value("robbing_kong") or {}
    if way == "added":
        return bool(rob.get("added"))
    if way == "concealed":
        return bool(rob.get("concealed_for_thirteen_orphans"))
    return False


# ------------------------------------------------------------------ winning


@hookimpl
def mahjong_win_context(ruleset: Any, table: Table, seat: int, tile: int, how: str) -> dict[str, Any]:
    wall = table.wall
    last = wall is not None and wall.live_count() <= int(ruleset.value("exhaustive_draw_tiles_left"))
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
        "last_tile_of_kind": _visible_copies(table, tile, how) >= 3,
        "winning_tile_shown": _visible_copies(table, tile, how),
        "kong_replacement": how == "replacement" and table.last_replacement_reason == "kong",
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


@hookimpl
def mahjong_win_objections(ruleset: Any, table: Table, seat: int, hand: Any, context: Mapping[str, Any]) -> str | None:
    s = table.seats[seat]
    expected = int(ruleset.value("hand_size")) + 1
    if hand.tile_count() != expected and (ruleset.value("dead_hand") or {}).get("enabled", True):
        return f"dead hand: {hand.tile_count()} tiles, a mahjong has {expected}"
    rule = ruleset.value("calling_hand_rule") or {}
    # A seat ready when the hands are dealt may declare at once (mahjong_deal_declarations, 001 line 161);
    # later declarations go with a discard.  Only the dealer's dealt hand -- its heavenly hand -- wins
    # before its holder could have declared.
    if rule.get("required") and not s.calling and (s.discards or seat != table.dealer):
        return "calling hand not declared"
    return _below_minimum(ruleset, table, hand, context)


def _below_minimum(ruleset: Any, table: Table, hand: Any, context: Mapping[str, Any]) -> str | None:
    """The ruleset's minimum value (``{points: 8, excluding_bonus_tiles: true}``, ``{fan: 2}``, ``{doublings: 1}``).

    The hand is scored by the ruleset's own engine and compared on the number
    the minimum names, read from the score's ``raw`` figures.
    """
    minimum = ruleset.value("minimum_value")
    if not minimum:
        return None
    from .scoring import score_hand

    score = score_hand(ruleset, hand, dict(context, winner=True))
    if score is None:
        return None
    suffix = "_excluding_bonus" if minimum.get("excluding_bonus_tiles") else ""
    for key, need in minimum.items():
        if key == "excluding_bonus_tiles":
            continue
        have = score.raw.get(key + suffix, score.raw.get(key))
        if have is None:
            raise RulesetError(f"the {score.family} scoring engine gives no {key + suffix!r} figure to compare with "
                               f"the minimum value", source=ruleset.location, place="$.parameters.minimum_value")
        if have < need:
            return f"below the minimum value: {have} {key}, at least {need} needed"
    return None


# ------------------------------------------------------------------ settlement, penalties, timing


@hookimpl
def mahjong_score_hand(ruleset: Any, hand: Any, context: Mapping[str, Any]) -> Any:
    from .scoring import score_hand

    return score_hand(ruleset, hand, context)


@hookimpl
def mahjong_settle(ruleset: Any, table: Table, outcome: Outcome) -> list[Any]:
    from .scoring import has_scoring
    from .settlement import settle

    if not has_scoring(ruleset):
        return []  # the ruleset defines no scoring yet: nothing to pay

    return settle(ruleset, table, outcome)


@hookimpl
def mahjong_false_win(ruleset: Any, table: Table, seat: int) -> FalseWinPenalty | None:
    """The ``wrong_mahjong`` rule (003 line 8): a fine of a fraction of the limit on the guilty side.

    With pair play each player of the guilty pair pays ``limit_fraction`` of the
    usual limit, shared equally by the wronged players (assumption: the seed
    names the fine, not its payee; paying it to the wronged side keeps the
    game zero-sum).  The wronged player next in turn chooses for its pair
    whether the deal ends.
    """
    rule = ruleset.raw_tables.get("parameters", {}).get("wrong_mahjong")
    if not rule:
        return None
    spec = rule["value"]
    team = next((tm for tm in table.teams if seat in tm), [seat])
    guilty = list(team) if spec.get("paid_by") == "both_partners" else [seat]
    wronged = [s for s in range(table.players) if s not in team]
    payments = []
    if "points" in spec:  # a fixed fine to each wronged player
        payments = [Payment(payer, payee, int(spec["points"]), "wrong mahjong") for payer in guilty
                    for payee in wronged]
    else:
        fine = int(round((ruleset.value("usual_limit") or 0) * float(spec["limit_fraction"])))
        for payer in guilty:
            share, rest = divmod(fine, len(wronged))
            for i, payee in enumerate(wronged):
                amount = share + (1 if i < rest else 0)
                if amount:
                    payments.append(Payment(payer, payee, amount, "wrong mahjong"))
    chooser = None
    if spec.get("wronged_pair_may_end_deal"):
        chooser = min(wronged, key=lambda s: (s - seat) % table.players)
    return FalseWinPenalty("wrong_mahjong", tuple(payments), chooser)


@hookimpl
def mahjong_time_limits(ruleset: Any) -> TimeLimits:
    timing = ruleset.value("timing") or {}
    pause = timing.get("chow_pause_seconds") or {}
    return TimeLimits(
        move=timing.get("move_seconds"),
        claim=timing.get("claim_seconds"),
        chow_pause_min=pause.get("min") if isinstance(pause, Mapping) else None,
        chow_pause_max=pause.get("max") if isinstance(pause, Mapping) else None,
        game=(timing["game_minutes"] * 60) if timing.get("game_minutes") else None,
    )


@hookimpl
def mahjong_timeout(ruleset: Any, table: Table, seat: int, what: str) -> Action:
    """The ``timeout`` parameter's action (default: the drawn tile is discarded, a claim lapses)."""
    rule = ruleset.raw_tables.get("parameters", {}).get("timeout")
    chosen = (rule["value"] if rule else {}).get(what)
    if what == "claim":
        if chosen not in (None, "pass"):
            raise RulesetError(f"unknown claim timeout action {chosen!r}", place="$.parameters.timeout.value.claim")
        return Action("pass")
    if chosen not in (None, "discard_drawn_tile"):
        raise RulesetError(f"unknown move timeout action {chosen!r}", place="$.parameters.timeout.value.move")
    tile = table.drawn_tile
    if tile is None:
        tile = next(i for i, n in enumerate(table.seats[seat].counts) if n)
    return Action("discard", tile)


# ------------------------------------------------------------------ end of deal and rotation


@hookimpl
def mahjong_deal_exhausted(ruleset: Any, table: Table) -> bool:
    return table.wall.live_count() <= int(ruleset.value("exhaustive_draw_tiles_left"))


@hookimpl
def mahjong_next_deal(ruleset: Any, table: Table, outcome: Outcome) -> tuple[int, int, int]:
    if outcome.kind == "win":
        keep = outcome.winner == table.dealer and bool(ruleset.value("dealer_keeps_deal_on_win"))
    else:
        keep = bool(ruleset.value("dealer_keeps_deal_on_draw"))
    if keep:
        return table.dealer, table.prevalent_wind, table.round_index
    dealer = (table.dealer + 1) % table.players
    if dealer == 0:  # the deal has gone round the table: the next prevalent wind
        return dealer, (table.prevalent_wind + 1) % 4, table.round_index + 1
    return dealer, table.prevalent_wind, table.round_index


@hookimpl
def mahjong_game_over(ruleset: Any, table: Table) -> bool:
    limits = table.time_limits
    if limits is not None and limits.game is not None and table.clock_ms >= limits.game * 1000:
        return True  # the game's time is up (000: 150 minutes in a Sport tournament)
    rounds = ruleset.raw_tables.get("parameters", {}).get("rounds_per_game")
    return table.round_index >= (int(rounds["value"]) if rounds else 4)
