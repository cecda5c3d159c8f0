"""Values that pass the schema one by one yet make a ruleset unplayable, or its games unending.

The schema checks each value alone (an integer, at least 0); the engine
needs some of them to agree with each other.  A house rule that sets
``exhaustive_draw_tiles_left: 200`` on a 136-tile wall ends every deal
drawn before anyone draws, and where the dealer keeps the deal on a draw the
game never ends: a simulation then writes deals until the disk is full.  So
the loader refuses such values, each at its own entry in the file that set
it, with the figures that show why and the values that would play:

* the seats: the core's geometry seats two to four players (the schema allows up to eight, for a later one);
* the hand size: the engine plays hands of ``3n + 1`` tiles between turns for
  ``n`` from 2 to 5 sets (13: a mahjong of four sets and a pair, seven pairs or
  thirteen orphans; 16: five sets and a pair), dealt by a ``deal_pattern``
  adding up to the hand size with one tile more for the dealer, who starts
  holding one more and discards first;
* the wall: the deal must leave a live wall even after every bonus tile has
  come out and been replaced from it, and the exhaustive draw must come after
  at least one draw from it; a flower, season or animal is one tile of its
  kind (each is a seat's own; a hand holds one of each);
* the minimum value: at most what the ruleset's own tables can add up to;
* the pay-the-limit rules (four bonus tiles, consecutive wins, the false
  mahjong's fraction of the limit) need a usual limit to pay;
* the tile exchange passes at most the tiles a hand holds, and the chow
  pause's least wait is at most its longest and at most the time to claim;
* a concealed kong may be robbed for thirteen orphans only where the table
  shows which tile it is (``meld_display: concealed_kong_shown``): elsewhere
  the offer to rob it would tell the robber a tile no seat can see.

A special limit hand worth more than the usual limit is accepted: the
families score such a hand at its own value (the usual limit cuts ordinary
hands only), as 000 prices its special limits above the usual one.

A game whose every value is accepted can still run long (the dealer keeping
the deal on wins and draws alike); :func:`deal_bound` is the length past
which a game is stopped as unending rather than played on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from mahjong_core.errors import RulesetError
from mahjong_core.hand.melds import MAX_SEATS, MIN_SEATS
from mahjong_core.hand.shanten import MAX_SETS
from mahjong_core.hand.tiles import build_tiles
from mahjong_core.rules.jokers import typed_jokers

if TYPE_CHECKING:
    from mahjong_core.rules.ruleset import Ruleset

#: Tiles a hand holds between turns in most rulesets (four sets and a pair at a win).
HAND_SIZE = 13
#: The hand sizes the engine plays: ``n`` sets and a pair at a win, ``n`` from 2 to the most the hand algebra
#: measures (:data:`mahjong_core.hand.shanten.MAX_SETS`: 16 tiles, Taiwanese mahjong's five sets and a pair).
HAND_SIZES = tuple(3 * sets + 1 for sets in range(2, MAX_SETS + 1))
#: Tiles the dealer takes after the deal pattern: the dealer starts with 14 and discards first.
DEALER_EXTRA = 1
#: Bonus groups whose kinds are one tile each (a seat's own flower, season or animal).
_ONE_OF_A_KIND_GROUPS = ("flowers", "seasons", "animals")
#: How many times the deals a game needs (one turn of the deal per seat and round) a game may take before it is
#: stopped as unending.  The dealer keeps the deal after some wins and draws: in the long soak's 112,000 games
#: (``soak-runs/``) four greedy bots took 16 to 58 deals, and four random bots, who seldom win while the dealer
#: keeps the deal on a draw, 708 on average under hongkong_plus (whose minimum they seldom reach) and 1,423 at the
#: longest.  250 times 16 is 4,000 deals: over five times that average, and a log of some 100 MB at most.
DEALS_PER_DEALER_TURN = 250

#: How often a row of each ``per`` may count in one hand, at most: an upper bound, not a count.
_MOST_PER = {"hand": 1, "meld": 7, "bonus_tile": 8, "match": 14, "gold": 4, "flower_group": 9}

Problem = tuple[list[str | int], str]


def deal_bound(ruleset: Ruleset) -> int:
    """The deals past which a game under ``ruleset`` is taken to be unending (a generous multiple of its length).

    A game needs ``rounds_per_game`` (4 unless set) times ``players`` deals when the deal passes at every
    deal; :data:`DEALS_PER_DEALER_TURN` times that many leaves room for every deal the dealer keeps.
    """
    rounds = ruleset.get("rounds_per_game", 4)
    players = ruleset.get("players", 4)
    return DEALS_PER_DEALER_TURN * int(rounds) * int(players)


def playable_problems(ruleset: Ruleset, *, most: Callable[[str], int | None] | None = None) -> list[Problem]:
    """``(path parts, message)`` for each value that makes the ruleset unplayable or its games unending.

    :param most: ``most(measure)``, an upper bound of a score figure (``points``, ``fan``...) that the ruleset's
        tables can give a hand, or ``None`` where it is not known; the ruleset's scoring family states it
        (its ``mahjong_score_bound`` hook), so the plugin layer passes it in: the core reads no family's tables itself.
    """
    seats = list(_seats(ruleset))
    if seats:
        return seats  # the figures below are per seat: meaningless at a table the core cannot seat
    return [*_hand_and_wall(ruleset), *_pay_the_limit(ruleset), *_minimum(ruleset, most),
            *_exchange_and_pause(ruleset), *_robbing_concealed_kong(ruleset), *_several_wins(ruleset),
            *_jokers(ruleset)]


def _jokers(ruleset: Ruleset) -> Iterator[Problem]:
    """Jokers played as the engine cannot play them: a discarded joker that stays live (the claim window
    offers nothing on a discarded joker, so a ruleset saying it may be claimed would be silently ignored)."""
    data = ruleset.get("jokers")
    if isinstance(data, Mapping) and data.get("played") and data.get("dead_when_discarded", True) is False:
        yield (["parameters", "jokers", "value", "dead_when_discarded"],
               "dead_when_discarded is false, but the engine plays a discarded joker as dead (no seat may claim "
               "it); expected true")
    if isinstance(data, Mapping) and data.get("played") and isinstance(data.get("wild"), Mapping):
        # A wild kind's copy is named by its own code, so a meld holding one could not say which of its tiles is
        # wild: the engine keeps such a kind out of every meld, and refuses data that would put it in one.
        place: list[str | int] = ["parameters", "jokers", "value"]
        if "calls" in data.get("in", ["pungs", "calls"]):
            yield place + ["in"], "a wild kind (jokers.wild) goes into no claimed meld: leave calls out of in"
        if data.get("declared_kongs", True) is not False:
            yield place + ["declared_kongs"], "a wild kind (jokers.wild) goes into no kong: expected false"
        if data.get("exchange", "any") != "none":
            yield place + ["exchange"], "a wild kind (jokers.wild) stands in no meld to exchange: expected none"
        wild = data["wild"]
        if wild.get("chosen_by") == "dice" and wild.get("robbed"):
            yield (place + ["wild", "robbed"], "a tile the dice choose stays in the wall (chosen_by: dice), so no "
                   "seat can rob it: expected false")
        if wild.get("robbed_by_dealer") and not wild.get("robbed"):
            yield (place + ["wild", "robbed_by_dealer"], "the dealer robs the turned tile only where it may be "
                   "robbed at all: expected false, or robbed: true")
    if isinstance(data, Mapping) and data.get("played") and "stands_for" in data:
        yield from _typed_jokers(ruleset, data)
    elif isinstance(data, Mapping) and data.get("played") and not data.get("wild") and ruleset.tiles().framed:
        yield (["parameters", "jokers", "value"], "the tile set tells its jokers' copies apart by their frames "
               "(frames), which the engine plays only with typed jokers: say what each joker kind stands for "
               "(stands_for)")
    if isinstance(data, Mapping) and data.get("played") and "claimed_to_win_as" in data:
        tiles = ruleset.tiles()
        kind = tiles.kind_of(str(data["claimed_to_win_as"]))
        if kind is None or kind not in tiles.jokers:
            yield (["parameters", "jokers", "value", "claimed_to_win_as"],
                   f"claimed_to_win_as names {data['claimed_to_win_as']!r}, which is no joker kind of the tile set "
                   f"(expected one of {[tiles.code(k) for k in sorted(tiles.jokers)]})")
        if data.get("dead_when_discarded", True) is False:
            yield (["parameters", "jokers", "value", "claimed_to_win_as"],
                   "claimed_to_win_as lets a discarded joker be claimed to win alone; expected dead_when_discarded "
                   "true beside it")


def _typed_jokers(ruleset: Ruleset, data: Mapping[str, object]) -> Iterator[Problem]:
    """Typed jokers (``jokers.stands_for``) as data can say them and as the engine plays them: in the concealed
    hand for sets and a pair, and in a claimed meld where ``in`` names ``calls``, each standing only for its own
    kinds (an action names a joker by its type, ``1j``-``9j``); the kong and exchange code of a seat's turn takes
    any joker for any kind, so a typed joker goes into no kong declared in the turn and is never exchanged."""
    place: list[str | int] = ["parameters", "jokers", "value"]
    typed = typed_jokers(data, ruleset.tiles())
    if isinstance(typed, str):
        yield place + ["stands_for"], typed
    if data.get("declared_kongs", True) is not False:
        yield place + ["declared_kongs"], "typed jokers (stands_for) go into no kong declared in the turn: expected " \
            "false"
    if data.get("exchange", "any") != "none":
        yield place + ["exchange"], "typed jokers (stands_for) stand in no meld to exchange: expected none"


def _several_wins(ruleset: Ruleset) -> Iterator[Problem]:
    """Several winners on one discard, or wins that end a deal, beyond the seats less one: a deal that waited for
    every seat to win would never end by a win (the last seat has nobody's discard to win on).

    Where winners stay in play (``winners_stay_in_play``) a seat may win again, so the wins that end a deal have
    no such bound and may have none at all (``deal_ends_at_wins: null``): every win takes a tile from the wall or a
    discard, so the wall's end ends the deal.  Where winners leave, ``null`` would wait for a win no seat is left
    to make, and a winner staying in a deal its first win ends is a contradiction: both are refused.  A winner
    staying in play has laid its hand face up (its ``score``): it must be locked (``winners_hand_locked``).
    """
    players = ruleset.get("players", 4)
    stay = ruleset.get("winners_stay_in_play", False) is True
    ends = ruleset.get("deal_ends_at_wins", 1)
    if ends is None and not stay:
        yield (["parameters", "deal_ends_at_wins", "value"],
               "deal_ends_at_wins is null (no bound), but the seats that win leave the deal "
               "(winners_stay_in_play is false), so a deal would wait for a win when one seat is left; expected "
               f"1 to {players - 1 if isinstance(players, int) else 'the seats less one'}, or winners_stay_in_play: "
               "true")
    if stay and ends == 1:
        yield (["parameters", "deal_ends_at_wins", "value"],
               "deal_ends_at_wins is 1, but winners_stay_in_play is true: the first win ends the deal, so no winner "
               "stays in play; expected deal_ends_at_wins above 1 or null (only the wall ends the deal), or "
               "winners_stay_in_play: false")
    if stay and not ruleset.get("winners_hand_locked"):
        # Placed where the ruleset turns the lock off (null), else where it keeps its winners in play.
        said = "winners_hand_locked" if ruleset.get("winners_hand_locked", False) is None else "winners_stay_in_play"
        yield (["parameters", said, "value"],
               "winners_stay_in_play is true, but winners_hand_locked is not set: a winner lays its hand down face "
               "up when its win is scored, so a hand that could still change would show the others a live hand; "
               "expected winners_hand_locked: {kongs: never} (or same_waits), or winners_stay_in_play: false")
    for name in ("most_winners_on_one_discard", "deal_ends_at_wins"):
        if name == "deal_ends_at_wins" and stay:  # a seat may win again: no bound by the seats
            continue
        value = ruleset.get(name, 1)
        if isinstance(value, int) and isinstance(players, int) and value > players - 1:
            yield (["parameters", name, "value"],
                   f"{name} is {value}, but at {players} seats at most {players - 1} can win in one deal (one "
                   f"seat is always left to discard or to pay); expected 1 to {players - 1}")


def _seats(ruleset: Ruleset) -> Iterator[Problem]:
    """A seat count the core's geometry cannot seat: claims, seat winds and the wall's sides are defined for
    two to four players (``MIN_SEATS`` to ``MAX_SEATS`` of :mod:`mahjong_core.hand.melds`) (the
    schema's wider range leaves room for a later geometry, not for today's engine)."""
    players = ruleset.get("players", 4)
    if not isinstance(players, int) or isinstance(players, bool):
        return
    if not MIN_SEATS <= players <= MAX_SEATS:
        yield (["parameters", "players", "value"],
               f"players is {players}, but the core seats {MIN_SEATS} to {MAX_SEATS} players (who a claim comes "
               f"from, the seat winds and the wall's sides are defined for those); expected "
               f"{', '.join(map(str, range(MIN_SEATS, MAX_SEATS)))} or {MAX_SEATS}")
        return
    if players == 4:
        return
    # Partners sit opposite: two pairs need four seats.  At three one seat has no partner; at two the partners
    # would be the only two players, a game with no opponent.
    if ((ruleset.get("pairs") or {}).get("partners")) is not None:
        yield (["parameters", "players", "value"],
               f"players is {players}, but pair play (pairs.partners) seats two pairs of partners opposite each "
               f"other, which takes four players; expected 4, or pairs: null")
    exchange = ruleset.get("tile_exchange") or {}
    if exchange.get("kind") == "partner":
        yield (["parameters", "tile_exchange", "value", "kind"],
               f"the partner exchange passes tiles to the partner opposite, but {players} players have no "
               f"partners; expected 4 players, or another tile_exchange")
    for i, step in enumerate(exchange.get("passes") or ()) if exchange.get("kind") == "charleston" else ():
        if isinstance(step, Mapping) and step.get("direction") == "across" and players % 2:
            yield (["parameters", "tile_exchange", "value", "passes", i, "direction"],
                   f"a pass across the table, but at {players} seats no seat is across; expected left or right")


def _hand_and_wall(ruleset: Ruleset) -> Iterator[Problem]:
    """The hand size against what the engine plays and the deal pattern gives, and the wall against the deal."""
    hand_size = ruleset.get("hand_size", HAND_SIZE)
    if not isinstance(hand_size, int) or isinstance(hand_size, bool):
        return  # the schema reports a value that is not a number
    if hand_size not in HAND_SIZES:
        yield (["parameters", "hand_size", "value"],
               f"hand_size is {hand_size}, but the engine plays hands of {', '.join(map(str, HAND_SIZES[:-1]))} or "
               f"{HAND_SIZES[-1]} tiles between turns (a mahjong of n sets and a pair, n from 2 to {MAX_SETS}: "
               f"{HAND_SIZE} tiles for four sets, 16 for five); expected one of those, as {HAND_SIZE}")
        return
    ceremony = ruleset.get("wall_ceremony")
    if not isinstance(ceremony, Mapping):
        return
    at = ["parameters", "wall_ceremony", "value"]
    pattern = list(ceremony.get("deal_pattern") or ())
    if sum(pattern) != hand_size:
        yield (_last_set(ruleset, [*at, "deal_pattern"], ["parameters", "hand_size", "value"]),
               f"the deal pattern {pattern} deals {sum(pattern)} tiles to each seat, but a hand holds "
               f"{hand_size} (hand_size); expected numbers adding up to {hand_size} (such as "
               f"{_pattern_for(hand_size)})")
        return
    extra = ceremony.get("dealer_extra")
    if extra != DEALER_EXTRA:
        yield ([*at, "dealer_extra"],
               f"dealer_extra is {extra}, but the dealer starts holding {hand_size + DEALER_EXTRA} tiles and "
               f"discards first; expected {DEALER_EXTRA}")
        return
    try:
        tile_set = build_tiles(ruleset.value("tile_set"))
    except RulesetError:
        return  # the loader reports a tile set it cannot build
    tiles = len(tile_set.tiles)
    if tiles < 8 or tiles % 2:
        yield (["parameters", "tile_set", "value"],
               f"the tile set has {tiles} tiles, but a wall is stacks of two on four sides; expected an even "
               f"number, at least 8")
        return
    yield from _one_of_a_kind(ruleset)
    players = int(ruleset.get("players", 4))
    loose = min(int(ceremony.get("loose_tiles", 0)), tiles)
    bonus = sum(1 for tile in tile_set.tiles if tile_set.is_bonus(tile))
    dealt = players * hand_size + DEALER_EXTRA
    live = tiles - loose - dealt - bonus
    wall = f"{tiles} tiles, {loose} of them loose, {dealt} dealt to {players} players"
    if bonus:
        wall += f", {bonus} bonus tiles replaced from it"
    if live < 1:
        yield (["parameters", "tile_set", "value"],
               f"the wall is too small for the deal ({wall}): no tile is left to draw; expected a tile set of at "
               f"least {loose + dealt + bonus + 1} tiles")
        return
    threshold = ruleset.get("exhaustive_draw_tiles_left")
    if isinstance(threshold, int) and threshold >= live:
        yield (_last_set(ruleset, ["parameters", "exhaustive_draw_tiles_left", "value"],
                         ["parameters", "tile_set", "value"], ["parameters", "hand_size", "value"]),
               f"exhaustive_draw_tiles_left is {threshold}, but the live wall holds {live} tiles after the deal "
               f"({wall}): {'every deal' if not bonus else 'a deal that brings out every bonus tile'} would be "
               f"drawn before anyone draws a tile; expected at most {live - 1}")


def _pattern_for(hand_size: int) -> list[int]:
    """A deal pattern for ``hand_size`` tiles: fours, then what is left (13: [4, 4, 4, 1]; 16: [4, 4, 4, 4])."""
    return [4] * (hand_size // 4) + ([hand_size % 4] if hand_size % 4 else [])


def _one_of_a_kind(ruleset: Ruleset) -> Iterator[Problem]:
    """A flower, season or animal in more than one copy: each is a seat's own tile, one of its kind, and a hand
    (the notation every family reads) holds one of each, so the first hand with two ends the game in mid-deal.
    Flowers a set plays in the hand (``playing: true``) are ordinary tiles, counted like any: as many as it says."""
    for i, entry in enumerate(ruleset.value("tile_set")):
        if isinstance(entry, Mapping) and entry.get("group") in _ONE_OF_A_KIND_GROUPS and entry.get("copies") != 1 \
                and entry.get("playing") is not True:
            yield (["parameters", "tile_set", "value", i, "copies"],
                   f"{entry['group']} in {entry['copies']} copies, but each {str(entry['group']).rstrip('s')} is "
                   f"one tile of its kind (a seat's own, and a hand holds one of each); expected copies: 1")


def _last_set(ruleset: Ruleset, *candidates: list[str | int]) -> list[str | int]:
    """Of entries whose values disagree, the one set in the deepest file (the house rule that made them
    disagree), the first on a tie: the problem is reported where it was made."""
    depth = {rid: i for i, rid in enumerate(ruleset.ancestry)}

    def set_by(parts: list[str | int]) -> int:
        for end in range(len(parts), 0, -1):
            origin = ruleset.origins.get(tuple(parts[:end]))
            if origin is not None:
                return depth.get(origin[0], -1)
        return -1

    deepest = max(set_by(parts) for parts in candidates)
    return next(parts for parts in candidates if set_by(parts) == deepest)


def _pay_the_limit(ruleset: Ruleset) -> Iterator[Problem]:
    """Rules that pay the usual limit where the ruleset has none: the settlement would fail in mid-game."""
    if ruleset.get("usual_limit") is not None:
        return
    rules = []
    if ruleset.get("pay_limit_for_four_bonus"):
        rules.append("pay_limit_for_four_bonus")
    if (ruleset.get("pay_limit_for_consecutive_wins") or {}).get("enabled"):
        rules.append("pay_limit_for_consecutive_wins")
    if "limit_fraction" in (ruleset.get("wrong_mahjong") or {}):
        rules.append("wrong_mahjong.limit_fraction")
    if rules:
        yield (["parameters", "usual_limit", "value"],
               f"usual_limit is null, but {' and '.join(rules)} pay{'s' if len(rules) == 1 else ''} the usual "
               f"limit; expected a positive number of points (or those rules off)")


def _minimum(ruleset: Ruleset, most_of: Callable[[str], int | None] | None) -> Iterator[Problem]:
    """A minimum value above everything the ruleset's tables can give a hand: then no one may ever win."""
    minimum = ruleset.get("minimum_value")
    if not isinstance(minimum, Mapping) or most_of is None:
        return
    for measure, need in minimum.items():
        if measure == "excluding_bonus_tiles" or not isinstance(need, int):
            continue
        most = most_of(measure)
        if most is not None and need > most:
            yield (["parameters", "minimum_value", "value", measure],
                   f"minimum_value asks for {need} {measure}, but no hand can reach it: this ruleset's tables "
                   f"give a hand at most {most} {measure} (every row counted as often as its `per` allows); "
                   f"expected at most {most}")


def rows_total(table: Any) -> int:
    """The most a table of rows (``{key: {value, per, applies_to}}``) can add up to in one winning hand: each
    positive row counted as often as its ``per`` allows at most (an upper bound, for the families' ``most``)."""
    total = 0
    for row in (table or {}).values() if isinstance(table, Mapping) else ():
        if not isinstance(row, Mapping) or row.get("applies_to", "winner") == "loser":
            continue
        value = row.get("value")
        if isinstance(value, int) and not isinstance(value, bool) and value > 0:
            total += value * _MOST_PER.get(str(row.get("per", "hand")), 14)
    return total


def scoring_entry(ruleset: Ruleset, name: str) -> Any:
    """A ``scoring`` entry's value: a leaf's ``value``, or a group of leaves as ``{key: value}``."""
    entry = (ruleset.raw_tables.get("scoring") or {}).get(name)
    if isinstance(entry, Mapping) and "value" in entry:
        return entry["value"]
    if isinstance(entry, Mapping):
        return {key: leaf.get("value") for key, leaf in entry.items() if isinstance(leaf, Mapping)}
    return None


def _exchange_and_pause(ruleset: Ruleset) -> Iterator[Problem]:
    exchange = ruleset.get("tile_exchange") or {}
    held = ruleset.get("hand_size", HAND_SIZE)
    held = held if isinstance(held, int) and not isinstance(held, bool) else HAND_SIZE
    for i, step in enumerate(exchange.get("passes") or ()):
        if isinstance(step, Mapping) and int(step.get("count", 0)) > held:
            yield (["parameters", "tile_exchange", "value", "passes", i, "count"],
                   f"a pass of {step['count']} tiles, but a hand holds {held}; expected at most {held}")
        if isinstance(step, Mapping) and step.get("agreed"):
            # Each pair passes the smaller of its two asks: only a pass whose receiver passes back keeps every
            # hand's size; an ask of none already declines, and a tile passed on unseen would go straight back.
            if step.get("direction") != "across":
                yield (["parameters", "tile_exchange", "value", "passes", i, "direction"],
                       f"an agreed pass (agreed: true) passes the smaller ask of each pair of seats passing to each "
                       f"other, but a pass {step.get('direction')} does not come back to its giver, so hands would "
                       f"change size; expected direction: across")
            for word in ("optional", "blind"):
                if step.get(word):
                    yield (["parameters", "tile_exchange", "value", "passes", i, word],
                           f"an agreed pass (agreed: true) cannot also be {word}: "
                           + ("a seat declines it by asking none" if word == "optional" else
                              "a tile passed on unseen across would go straight back to its giver")
                           + f"; expected {word}: false")
    if int(exchange.get("tiles", 0) or 0) > held:
        yield (["parameters", "tile_exchange", "value", "tiles"],
               f"an exchange of {exchange['tiles']} tiles, but a hand holds {held}; expected at most {held}")
    pause = (ruleset.get("timing") or {}).get("chow_pause_seconds")
    if isinstance(pause, Mapping) and int(pause.get("min", 0)) > int(pause.get("max", 0)):
        yield (["parameters", "timing", "value", "chow_pause_seconds", "min"],
               f"the chow pause's least wait ({pause['min']} s) is longer than its longest ({pause['max']} s); "
               f"expected min at most max")
    claim = (ruleset.get("timing") or {}).get("claim_seconds")
    if isinstance(pause, Mapping) and isinstance(claim, int) and int(pause.get("min", 0)) > claim:
        yield (["parameters", "timing", "value", "chow_pause_seconds", "min"],
               f"the chow pause's least wait ({pause['min']} s) is longer than the time to claim a discard "
               f"(claim_seconds {claim}): every chow would come after the claim window closed, and no chow could "
               f"ever be declared; expected min at most {claim}")


def _robbing_concealed_kong(ruleset: Ruleset) -> Iterator[Problem]:
    rob = ruleset.get("robbing_kong") or {}
    display = ruleset.get("meld_display")
    if not rob.get("concealed_for_thirteen_orphans") or display == "concealed_kong_shown":
        return
    robbing: list[str | int] = ["parameters", "robbing_kong", "concealed_for_thirteen_orphans"]
    shown: list[str | int] = ["parameters", "meld_display"]
    # At the entry set last: the file that made the two disagree (the rob, where one file set both).
    parts = _last_set(ruleset, robbing, shown)
    yield ([*parts, "value"],
           f"robbing_kong.concealed_for_thirteen_orphans is true, but meld_display is {display!r}, which hides a "
           f"concealed kong's tiles: offering the rob would tell the robber which tile the kong is, which no other "
           f"seat can see; expected meld_display: concealed_kong_shown, or no robbing of a concealed kong")
