"""Named hand predicates: the vocabulary ruleset tables are written in.

A ruleset table row says *which* hand it pays for by naming a predicate
(``predicate: pure_suit``) and *how much* by its own value.  The predicate is
code, written once here, so eight rulesets that pay 500, 2000 or 64 for "pure
suit" share one definition, and a table that names an unknown predicate fails
at load time instead of never matching.

A predicate is ``fn(arrangement, hand, ctx) -> bool``:

* ``arrangement`` -- one complete reading of the hand (:class:`~mahjong_core.hand.melds.Arrangement`),
  fixed melds included;
* ``hand`` -- the tiles (:class:`~mahjong_core.hand.melds.Hand`): bonus tiles and the winning tile;
* ``ctx`` -- situation facts the tiles cannot tell.  The facts used here:

  ===================  =====  ====================================================================
  fact                 type   meaning
  ===================  =====  ====================================================================
  ``seat_wind``        int    the winner's own wind as a tile kind (27 East .. 30 North)
  ``prevalent_wind``   int    the round's wind as a tile kind
  ``self_drawn``       bool   the winning tile came from the wall (live or dead), not a discard
  ``dealer``           bool   the winner is East (the dealer) this deal
  ``first_go_around``  bool   no claim yet and the turn has not come back to East
  ``first_discard``    bool   the winning tile is the deal's first discard (East's)
  ``last_tile``        bool   the live wall is exhausted: no permissible tile is left to draw
  ``tiles_left``       int    permissible live-wall tiles left after the winning tile (0 = it was
                              the last one)
  ``replacement``      bool   the winning tile is a loose (replacement) tile drawn after a kong
  ``robbing_kong``     bool   the winning tile was robbed from a kong being declared
  ``table_points``     int    the hand's points by its ruleset's own tables, before any limit
                              (an engine that computes them gives them to its limit rows)
  ``table_doublings``  int    likewise, the doublings that count
  ``bonus_win``        bool   a plugin's rule made the win whatever the seat's tiles: its bonus tiles
                              (all eight flowers; the eighth taken from another seat), the green
                              jokers it discarded (Vietnamese)
  ===================  =====  ====================================================================

The names are those the engine's ``mahjong_win_context`` hook puts in a win's
context.  The winning tile is read from ``hand.winning_tile``, or from
``ctx["winning_tile"]`` when the hand does not name it.

A predicate declares the facts it reads; calling it without one raises a
:class:`~mahjong_core.errors.MahjongError` naming the missing fact, because a
silent ``False`` would under-pay a limit hand.

Each predicate's docstring cites the seed line that defines it.  Where seeds
define one name two ways (000 and 001 disagree on "grapes on a flat roof" and
"three great scholars"), both readings exist under different names and each
ruleset's table picks its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass

from mahjong_core.errors import MahjongError, RulesetError
from mahjong_core.hand.melds import Arrangement, Form, Hand, Meld, MeldKind
from mahjong_core.hand.tiles import is_suited, suit_of

PredicateFn = Callable[[Arrangement, Hand, Mapping[str, object]], bool]

#: Facts a caller may put in ``ctx``; a predicate may only declare these.
KNOWN_FACTS = frozenset(
    {
        "seat_wind",
        "prevalent_wind",
        "self_drawn",
        "dealer",
        "first_go_around",
        "first_discard",
        "last_tile",
        "tiles_left",
        "replacement",
        "robbing_kong",
        "last_loose_tile",
        "last_tile_of_kind",
        "winning_tile_shown",
        "kong_replacement",
        "kongs_in_a_row",
        "bonus_win",
        "winner",
        "calling",
        "calling_from_start",
        # a ready hand declared as riichi's declaration is made, and the first go-around's wins it tells with it (the
        # riichi_declaration mechanism's facts, and the core's situation flags of the same names)
        "riichi",
        "double_riichi",
        "open_riichi",  # declared with the hand shown face up (the open_declaration mechanism's)
        "tenhou",
        "chiihou",
        "renhou",
        "how",
        "discarder",
        "winning_tile",
        "table_points",
        "table_doublings",
    }
)



@dataclass(frozen=True, eq=False)
class Predicate:
    """A named test on a complete hand.

    Compared by identity: a family's fast path for a predicate is keyed by
    the predicate object itself, so a rename keeps it and a redefinition
    (another object under the same name) cannot silently inherit it.

    :param name: the name tables use.
    :param fn: the test.
    :param description: one line for generated docs.
    :param facts: the ``ctx`` keys the test reads.
    :param recognises: the special forms (seven pairs, thirteen orphans, the
        knitted forms) that a table row naming this predicate makes a mahjong;
        a ruleset whose tables name none of a form's predicates does not let
        that form win.
    :param recognises_all: whether every hand of those forms is such a mahjong
        (``seven_pairs``), or only the hands this test accepts (``heavenly_twins``).
    """

    name: str
    fn: PredicateFn
    description: str
    facts: tuple[str, ...] = ()
    recognises: frozenset[Form] = frozenset()
    recognises_all: bool = True

    def __call__(self, arrangement: Arrangement, hand: Hand, ctx: Mapping[str, object]) -> bool:
        require_facts(self.name, self.facts, ctx)
        return bool(self.fn(arrangement, hand, ctx))


def require_facts(name: str, facts: Iterable[str], ctx: Mapping[str, object]) -> None:
    """Raise a located error naming every fact ``ctx`` lacks: a silent ``False`` would under-pay a hand."""
    missing = [fact for fact in facts if fact not in ctx]
    if missing:
        raise MahjongError(f"predicate {name!r} needs the situation fact(s) {', '.join(missing)} in ctx",
                           place=f"predicate {name}")


def check_facts(name: str, facts: Iterable[str]) -> tuple[str, ...]:
    """The declared facts as a tuple; a fact the engine never supplies is a mistake in the plugin."""
    wanted = tuple(facts)
    unknown = sorted(set(wanted) - KNOWN_FACTS)
    if unknown:
        raise ValueError(f"predicate {name!r} declares unknown facts {unknown}; known: {sorted(KNOWN_FACTS)}")
    return wanted


class Vocabulary:
    """The predicates one plugin contributes, in the order it defines them.

    A plugin builds one at import (``VOCABULARY = Vocabulary()``, then
    ``@VOCABULARY.predicate(...)`` on each test) and returns it from its
    :func:`~mahjong_core.plugin.hookspecs.mahjong_predicates` hook.  It is a plain
    value, not a registry: a ruleset's vocabulary is what the plugins of its
    games contribute (``mahjong_core.plugin.binding.bind(ruleset).predicates``), so two
    rulesets in one process can give one name different meanings.
    """

    def __init__(self) -> None:
        self._by_name: dict[str, Predicate] = {}

    def add(self, predicate: Predicate) -> Predicate:
        """Add a built predicate; a second one under a taken name is an error (two rows would fight over it)."""
        if predicate.name in self._by_name:
            old = self._by_name[predicate.name].fn
            raise RulesetError(f"predicate {predicate.name!r} is already defined by "
                               f"{old.__module__}.{old.__qualname__}")
        self._by_name[predicate.name] = predicate
        return predicate

    def predicate(self, name: str, *, description: str, facts: Iterable[str] = (), recognises: Iterable[Form] = (),
                  recognises_all: bool = True) -> Callable[[PredicateFn], PredicateFn]:
        """Decorator: add ``fn`` as the predicate ``name`` (see :class:`Predicate` for the parameters)."""
        wanted = check_facts(name, facts)

        def add(fn: PredicateFn) -> PredicateFn:
            self.add(Predicate(name, fn, description, wanted, frozenset(recognises), recognises_all))
            return fn

        return add

    def __getitem__(self, name: str) -> Predicate:
        return self._by_name[name]

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def __iter__(self) -> Iterator[Predicate]:
        return iter(self._by_name.values())

    def __len__(self) -> int:
        return len(self._by_name)


def merge_vocabularies(contributions: Iterable[tuple[str, Predicate]]) -> dict[str, Predicate]:
    """One name -> predicate mapping from plugins' contributions, as ``(plugin name, predicate)`` in order.

    The same object contributed twice (a module reached again through a
    child ruleset) is one predicate; two different objects under one name are
    an error naming both plugins, because which one a table row meant would
    depend on registration order.
    """
    merged: dict[str, Predicate] = {}
    owners: dict[str, str] = {}
    for owner, pred in contributions:
        old = merged.get(pred.name)
        if old is not None and old is not pred:
            raise RulesetError(f"predicate {pred.name!r} is defined by both {owners[pred.name]} and {owner}")
        merged[pred.name] = pred
        owners.setdefault(pred.name, owner)
    return merged




# ---------------------------------------------------------------------------
# Shape helpers
# ---------------------------------------------------------------------------


def tiles_of(arrangement: Arrangement) -> list[int]:
    """Every tile of the arrangement's melds, meld by meld: the hand a predicate counts over."""
    return [t for meld in arrangement.melds for t in meld.tiles]


def is_standard(arrangement: Arrangement) -> bool:
    """Whether the arrangement is of sets and a pair (``Form.STANDARD``), not a special form."""
    return arrangement.form is Form.STANDARD


def sets_of(arrangement: Arrangement) -> list[Meld]:
    """The arrangement's chows, pungs and kongs (every meld but the pair and the special groups)."""
    return [m for m in arrangement.melds if m.kind in (MeldKind.CHOW, MeldKind.PUNG, MeldKind.KONG)]


def pongs_of(arrangement: Arrangement) -> list[Meld]:
    """The arrangement's pungs and kongs: a kong counts as a pung wherever a rule says pung."""
    return [m for m in arrangement.melds if m.is_pong]


def pairs_of(arrangement: Arrangement) -> list[Meld]:
    """The arrangement's pairs (one in the standard form, seven in seven pairs)."""
    return [m for m in arrangement.melds if m.kind is MeldKind.PAIR]


def chows_of(arrangement: Arrangement) -> list[Meld]:
    """The arrangement's chows."""
    return [m for m in arrangement.melds if m.kind is MeldKind.CHOW]


def suits_of(tiles: Iterable[int]) -> set[str]:
    """The suit letters (``m``, ``p``, ``s``) the tiles are of; honours and bonus tiles add none."""
    return {s for s in (suit_of(t) for t in tiles) if s is not None}


def one_suit_only(tiles: list[int]) -> bool:
    """Whether every tile is suited and of one suit (no honours): the test of a pure one-suit hand."""
    return bool(tiles) and all(is_suited(t) for t in tiles) and len(suits_of(tiles)) == 1


def pong_kinds(arrangement: Arrangement) -> set[int]:
    """The tile kinds the arrangement holds a pung or kong of."""
    return {m.first for m in pongs_of(arrangement)}


def winning_tile_of(hand: Hand, ctx: Mapping[str, object], name: str) -> int:
    """The winning tile from the hand or the context; a predicate ``name`` that needs it fails without it."""
    tile = hand.winning_tile if hand.winning_tile is not None else ctx.get("winning_tile")
    if not isinstance(tile, int):
        raise MahjongError(
            f"predicate {name!r} needs the winning tile (hand.winning_tile or ctx['winning_tile'])",
            place=f"predicate {name}",
        )
    return tile


def is_exposed(arrangement: Arrangement, index: int, self_drawn: bool) -> bool:
    """Whether meld ``index`` counts as exposed.

    A pung completed by a discard is exposed even if it was held concealed
    until then (000 line 175: a mahjong from the table is open).
    """
    meld = arrangement.melds[index]
    if meld.exposed:
        return True
    return index == arrangement.winning_meld and not self_drawn and meld.kind is not MeldKind.PAIR


def concealed_hand(arrangement: Arrangement, self_drawn: bool) -> bool:
    """000 line 178 (not Sport): every set concealed and the mahjong drawn from the wall."""
    return self_drawn and not any(is_exposed(arrangement, i, True) for i in range(len(arrangement.melds)))
