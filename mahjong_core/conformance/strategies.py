"""Hypothesis strategies for mahjong: tiles, hands, complete hands, win situations, walls and seeded games.

Public so that a ruleset author can write property tests of their own hooks
with the same generators the conformance suite uses::

    from hypothesis import given
    from mahjong_core.conformance import strategies as mst

    @given(mst.complete_hands(), mst.win_contexts())
    def test_my_fan_is_never_negative(hand, context): ...

Every hand respects the four copies of each playing tile; a complete hand is
built from sets and a pair (or is seven pairs / thirteen orphans), so it is
complete by construction, not by filtering, and hypothesis shrinks it to a
small readable hand when a property fails.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hypothesis import strategies as st

from mahjong_core.engine.players import installed_bots
from mahjong_core.hand.melds import ClaimedFrom, Hand, Meld, MeldKind
from mahjong_core.hand.tiles import EAST, NUM_PLAYING_KINDS, TERMINALS_AND_HONOURS, is_suited
from mahjong_core.table.rng import Rng
from mahjong_core.table.wall import Wall

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset

#: Copies of each playing tile in every bundled set.
COPIES = 4
#: The bots seeded games seat: the bundled pair first, in the order the draws have always used (so a bundled
#: line-up is drawn as it always was), then every other installed bot (``mahjong_core.bots``), so a
#: third-party bot plays in the conformance games too.
BOT_KINDS = ("greedy", "random", *sorted(set(installed_bots()) - {"greedy", "random"}))


def held_copies(ruleset: Ruleset | None) -> dict[int, int]:
    """The copies of each playing kind a hand of the ruleset may hold (a red five counted as a five; a kind the
    ruleset sets aside as a bonus tile, or leaves out, not at all); four of each without a ruleset."""
    if ruleset is None:
        return dict.fromkeys(range(NUM_PLAYING_KINDS), COPIES)
    tile_set = ruleset.tiles()
    return {kind: n for kind, n in sorted(tile_set.held_copies().items())
            if kind < NUM_PLAYING_KINDS and not tile_set.is_bonus(kind)}


def tiles(ruleset: Ruleset | None = None) -> st.SearchStrategy[int]:
    """A playing tile kind (0-33), or one of the ruleset's non-bonus tiles."""
    if ruleset is None:
        return st.integers(0, NUM_PLAYING_KINDS - 1)
    return st.sampled_from(sorted(held_copies(ruleset)))


def sets_of_hand(ruleset: Ruleset | None) -> int:
    """The sets a complete hand of the ruleset makes besides its pair: four for 13 tiles, five for 16."""
    return 4 if ruleset is None else (int(ruleset.value("hand_size")) - 1) // 3


@st.composite
def hands(draw: st.DrawFn, size: int = 13) -> Hand:
    """A concealed hand of ``size`` playing tiles, at most four of a kind, in no particular shape."""
    pool = [kind for kind in range(NUM_PLAYING_KINDS) for _ in range(COPIES)]
    picked = draw(st.lists(st.sampled_from(range(len(pool))), min_size=size, max_size=size, unique=True))
    return Hand(tuple(sorted(pool[i] for i in picked)))


def _set_options(left: Counter[int]) -> list[tuple[str, int]]:
    options: list[tuple[str, int]] = []
    for kind in range(NUM_PLAYING_KINDS):
        if is_suited(kind) and kind % 9 <= 6 and all(left[kind + i] for i in range(3)):
            options.append(("chow", kind))
        if left[kind] >= 3:
            options.append(("pung", kind))
        if left[kind] >= 4:
            options.append(("kong", kind))
    return options


def _meld(kind: str, first: int, exposed: bool, claimed_from: ClaimedFrom | None) -> Meld:
    if kind == "chow":
        return Meld(MeldKind.CHOW, (first, first + 1, first + 2), exposed, claimed_from if exposed else None)
    size = 4 if kind == "kong" else 3
    return Meld(MeldKind.KONG if size == 4 else MeldKind.PUNG, (first,) * size, exposed,
                claimed_from if exposed else None)


@st.composite
def standard_hands(draw: st.DrawFn, *, exposed: bool = True, kongs: bool = True, sets: int = 4,
                   bonus_tiles: Sequence[int] = (), seats: int = 4, copies: Mapping[int, int] | None = None
                   ) -> Hand:
    """A complete hand of ``sets`` sets and a pair with a named winning tile, of the kinds in ``copies`` (four of
    every playing kind by default).

    Some sets may be declared (exposed chows, pungs and kongs, and concealed
    kongs, which are always declared); the winning tile is taken from the
    concealed part, so every declared meld is complete before the win.  An
    exposed meld comes from one of the other ``seats - 1`` seats, a chow from
    the left.
    """
    sources = ClaimedFrom.around(seats)[::-1]  # the left first: at four seats the order the enum had
    left: Counter[int] = Counter(copies if copies is not None else {kind: COPIES for kind in range(NUM_PLAYING_KINDS)})
    declared: list[Meld] = []
    concealed: list[int] = []
    for _ in range(sets):
        options = [o for o in _set_options(left) if kongs or o[0] != "kong"]
        kind, first = draw(st.sampled_from(options))
        meld = _meld(kind, first, False, None)
        left.subtract(meld.tiles)
        if kind == "kong":
            shown = draw(st.booleans()) if exposed else False
            source = draw(st.sampled_from(sources)) if shown else None
            declared.append(_meld(kind, first, shown, source))
        elif exposed and draw(st.booleans()):
            source = sources[0] if kind == "chow" else draw(st.sampled_from(sources))
            declared.append(_meld(kind, first, True, source))
        else:
            concealed.extend(meld.tiles)
    pair = draw(st.sampled_from([k for k in range(NUM_PLAYING_KINDS) if left[k] >= 2]))
    concealed += [pair, pair]
    concealed.sort()
    winning = concealed.pop(draw(st.integers(0, len(concealed) - 1)))
    bonus = tuple(sorted(draw(st.sets(st.sampled_from(list(bonus_tiles))))) if bonus_tiles else ())
    return Hand(tuple(concealed), tuple(declared), bonus, winning)


@st.composite
def seven_pairs_hands(draw: st.DrawFn, *, distinct: bool = True, kinds: Sequence[int] | None = None) -> Hand:
    """Seven pairs, all concealed (``distinct=False`` allows two pairs of one kind), of ``kinds`` (every playing
    kind by default)."""
    pool = st.sampled_from(list(kinds)) if kinds is not None else st.integers(0, NUM_PLAYING_KINDS - 1)
    if distinct:
        kinds = draw(st.lists(pool, min_size=7, max_size=7, unique=True))
    else:
        kinds = draw(st.lists(pool, min_size=7, max_size=7).filter(lambda ks: max(Counter(ks).values()) <= 2))
    tiles_ = sorted(k for kind in kinds for k in (kind, kind))
    winning = tiles_.pop(draw(st.integers(0, 13)))
    return Hand(tuple(tiles_), (), (), winning)


@st.composite
def thirteen_orphans_hands(draw: st.DrawFn) -> Hand:
    """Thirteen orphans: one of each terminal and honour and a second of one of them."""
    extra = draw(st.sampled_from(TERMINALS_AND_HONOURS))
    tiles_ = sorted((*TERMINALS_AND_HONOURS, extra))
    winning = tiles_.pop(draw(st.integers(0, 13)))
    return Hand(tuple(tiles_), (), (), winning)


@st.composite
def ambiguous_hands(draw: st.DrawFn, copies: Mapping[int, int] | None = None, sets: int = 4) -> Hand:
    """A complete concealed hand with several readings: three identical chows (also three pungs), ``sets - 3``
    more sets, a pair.

    Random complete hands rarely read more than one way; these always do, so
    a scorer's choice between readings is tested on every one.
    """
    left: Counter[int] = Counter(copies if copies is not None else {kind: COPIES for kind in range(NUM_PLAYING_KINDS)})
    first = draw(st.sampled_from([s + n for s in (0, 9, 18) for n in range(7)
                                  if all(left[s + n + i] >= 3 for i in range(3))]))
    block = [first, first + 1, first + 2] * 3
    left.subtract(block)
    more: list[int] = []
    for _ in range(sets - 3):
        kind, start = draw(st.sampled_from([o for o in _set_options(left) if o[0] != "kong"]))
        meld = _meld(kind, start, False, None)
        left.subtract(meld.tiles)
        more.extend(meld.tiles)
    pair = draw(st.sampled_from([k for k in range(NUM_PLAYING_KINDS) if left[k] >= 2]))
    tiles_ = sorted([*block, *more, pair, pair])
    winning = tiles_.pop(draw(st.integers(0, len(tiles_) - 1)))
    return Hand(tuple(tiles_), (), (), winning)


def complete_hands(ruleset: Ruleset | None = None, *, exposed: bool = True,
                   special: bool = True) -> st.SearchStrategy[Hand]:
    """Any complete 14-tile hand (standard, and with ``special`` also seven pairs and thirteen orphans).

    With a ruleset, the hand may carry the bonus tiles of its tile set, its melds come from its seats, and it
    makes the sets its hand size says: a ruleset of 16-tile hands gets five sets and a pair (and no special
    form, each a hand of fourteen).
    """
    if ruleset is None:
        return st.one_of(standard_hands(exposed=exposed), *([seven_pairs_hands(), thirteen_orphans_hands()]
                                                             if special else []))
    seats = int(ruleset.value("players"))
    bonus = sorted(k for k in ruleset.tiles().bonus if ruleset.tiles().copies().get(k, 0) == 1)
    copies = held_copies(ruleset)
    sets = sets_of_hand(ruleset)
    if sets != 4:
        return standard_hands(exposed=exposed, bonus_tiles=bonus, seats=seats, copies=copies, sets=sets)
    if copies == held_copies(None):  # every playing kind four times: the strategies as they always were
        return st.one_of(standard_hands(exposed=exposed, bonus_tiles=bonus, seats=seats),
                         *([seven_pairs_hands(), thirteen_orphans_hands()] if special else []))
    strategies = [standard_hands(exposed=exposed, bonus_tiles=bonus, seats=seats, copies=copies)]
    if special:
        strategies.append(seven_pairs_hands(kinds=[k for k, n in copies.items() if n >= 2]))
        if all(copies.get(k, 0) >= 2 for k in TERMINALS_AND_HONOURS):
            strategies.append(thirteen_orphans_hands())
    return st.one_of(*strategies)


@st.composite
def win_contexts(draw: st.DrawFn, hand: Hand | None = None, *, players: int = 4) -> dict[str, Any]:
    """The situation facts of a win, consistent with each other, as the engine's ``mahjong_win_context`` gives them.

    ``hand`` supplies the winning tile; ``players`` bounds the winds.
    """
    how = draw(st.sampled_from(["discard", "self_drawn", "replacement", "robbing_kong"]))
    seat_wind = EAST + draw(st.integers(0, players - 1))
    tiles_left = draw(st.integers(0, 60))
    first_go_around = draw(st.booleans()) if how in ("discard", "self_drawn") else False
    calling = draw(st.booleans())
    context: dict[str, Any] = {
        "winner": True,
        "how": how,
        "self_drawn": how in ("self_drawn", "replacement"),
        "replacement": how == "replacement",
        "robbing_kong": how == "robbing_kong",
        "last_tile": tiles_left == 0,
        "tiles_left": tiles_left,
        "seat_wind": seat_wind,
        "prevalent_wind": EAST + draw(st.integers(0, 3)),
        "dealer": seat_wind == EAST,
        "first_go_around": first_go_around,
        "first_discard": how == "discard" and first_go_around and draw(st.booleans()),
        "discarder": draw(st.integers(0, players - 1)) if how == "discard" else None,
        "calling": calling,
        "calling_from_start": calling and draw(st.booleans()),
        # Kongs declared in a row before a winning replacement tile (the engine counts them only for one).
        "kongs_in_a_row": draw(st.integers(0, 2)) if how == "replacement" else 0,
    }
    if hand is not None and hand.winning_tile is not None:
        context["winning_tile"] = hand.winning_tile
    return context


def walls(ruleset: Ruleset) -> st.SearchStrategy[Wall]:
    """A wall of the ruleset's tile set, shuffled by a seeded generator and built with its ceremony."""
    def build(seed: int) -> Wall:
        return Wall(ruleset.tile_set(), Rng.from_seed(seed), ruleset.value("wall_ceremony"),
                    players=int(ruleset.value("players")),
                    exhaustive_draw_tiles_left=int(ruleset.value("exhaustive_draw_tiles_left")))

    return st.integers(0, 2**64 - 1).map(build)


@dataclass(frozen=True)
class GameSpec:
    """A seeded game to play: the seed, one bot kind per seat, and how many deals."""

    seed: int
    bots: tuple[str, ...]
    max_deals: int


def seeded_games(ruleset: Ruleset, *, max_deals: int = 2) -> st.SearchStrategy[GameSpec]:
    """A seed and a line-up of bots for the ruleset's number of seats."""
    players = int(ruleset.value("players"))
    return st.builds(
        GameSpec,
        seed=st.integers(0, 2**32 - 1),
        bots=st.tuples(*[st.sampled_from(BOT_KINDS) for _ in range(players)]),
        max_deals=st.just(max_deals),
    )


__all__ = [
    "GameSpec",
    "ambiguous_hands",
    "complete_hands",
    "hands",
    "seeded_games",
    "seven_pairs_hands",
    "standard_hands",
    "thirteen_orphans_hands",
    "tiles",
    "walls",
    "win_contexts",
]
