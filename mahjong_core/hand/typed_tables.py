"""Typed jokers measured by tables: the distance of :mod:`mahjong_core.hand.typed_jokers`, decomposed by class.

The search of :mod:`.typed_jokers` walks the whole hand and is remembered per whole hand, so a bot weighing
fourteen discards pays fourteen searches.  This module gives the same numbers from the per-group tables of
:mod:`mahjong_core.hand.jokers` (read that module's docstring first), so that a discard re-reads one group.

Classes.  The kinds fall into classes by the joker types standing for them.  The types are laminar (any two nest
or are apart; the ruleset's load checks it), so the types covering a kind are a chain, named by its narrowest
type; the types form a forest (a type's parent is the narrowest type strictly wider), and a class is a node of it
(plus one class of the kinds no type stands for).  The fast path asks that each suit lie within one class, so
that every chow does; the honours make no chows, so they split by kind between classes.  The ``vietnamese``
ruleset (1j any kind; 2j, 3j, 4j a suit each; 5j winds; 6j dragons; 7j any suited tile) and the tests' masks
take it (the only bundled ruleset of typed jokers; those of untyped jokers -- ``example_jokers``, ``fuzhou``,
``filipino``, ``malaysian_3p``, ``american_style`` -- never come here); types cutting a suit (a joker of 1-5
dots, say) fall back to the search.

The measure.  A target's places fall into classes (a set or the pair lies in one class).  Call ``X`` the empty
places no joker may fill (the rule's ``where``, or no type standing for them) and ``F_C`` the other empty places
of class ``C``.  Filling every place with the narrowest joker held that stands for it fills the most places (the
exchange argument of :mod:`.typed_jokers`), and counted bottom-up over the type forest that is: the residual of a
node is ``max(0, sum of F over the classes it is narrowest for + its children's residuals - its jokers)``; the
places left unfilled are the roots' residuals.  So the distance is the least, over the ways of filling, of
``X + sum of the roots' residuals`` (for one class of untyped jokers, ``max(L - j, X)`` as in :mod:`.jokers`).

Why tables suffice.  Per class, the hand's tiles give :mod:`.jokers`'s group tables (read with the class's own
rule bits: no chow in a class without a suit, nothing fillable in the class no type stands for); a way
``(s, p, a, b)`` there has ``L = 3 s + 2 p + a`` empty places, ``X = b + e s + f p`` of them unfillable (``e``
and ``f`` the places of an empty set and an empty pair no joker may fill, ``joker_tables._empty_x``) and ``F = L - X``.
That module drops a way another beats in all four; the beaten way is never needed here either: the better way
plus empty sets and a pair in the same class (what it lacks of the other's sets) has ``X`` no larger and ``L``
no larger, and the distance never grows where a place moves from ``X`` to ``F`` (the residuals grow by at most
one for each place added to ``F``: each is ``max(0, . - j)`` of a sum).  Sets and the pair that hold no tile
(jokers alone) take their class freely: in a class that lets jokers fill them (``F`` of 3 and 2), or anywhere
unfillable (``X`` of 3 and 2, at the end).  Each node keeps, per (sets, pairs), only the ways no other beats in
both ``X`` and its residual (the parent's residual and the distance are monotone in both), never the product of
all groups' ways: the class's table beside the sets of jokers alone it may take, joined to each child's, each
join remembered by the tables' ids, so a discard re-reads its group and the nodes above it only.  Property tests
(``tests/core/hand/test_typed_tables.py``) hold this to the search, which stays the measure where the types do
not decompose.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from mahjong_core.hand import joker_tables as _j
from mahjong_core.hand.typed_jokers import is_laminar

#: Playing kinds: three suits of nine ranks, then seven honours.
_KINDS = 34
_SUITED = 27
#: Above any distance.
_NEVER = 1 << 10

#: One way of a node's subtree: ``(s, p, x, d)``: ``s`` sets and ``p`` pairs placed in it, ``x`` empty places no
#: joker may fill, ``d`` fillable places its jokers leave empty (before its own jokers are taken off: the sum of
#: its classes' ``F`` and its children's residuals).
_Way = tuple[int, int, int, int]
_Front = tuple[_Way, ...]
#: A group of a class: whether it is a suit, and its kinds.
_Part = tuple[bool, tuple[int, ...]]


@dataclass(frozen=True)
class _Plan:
    """How one set of types decomposes (:func:`plan`).

    :param ident: a small number naming the plan in memo keys.
    :param node_types: per node, the joker types of its mask (types of one mask are one node).
    :param children: per node, its children.
    :param post: the nodes, each after its children.
    :param parent: per node, its parent (``-1`` for a root).
    :param roots: the nodes no type contains.
    :param parts: per node and the class no type stands for (the last index), its groups: ``(True, kinds)`` of a
        suit (its nine kinds), ``(False, kinds)`` of its honours.
    :param bits: per class, :mod:`.jokers`'s rule bits read in it.
    :param whole: per node, whether a set and whether the pair of jokers alone may lie in its class.
    :param groups: every class's groups in one row: ``(first kind, last kind + 1, kinds, bits)``, ``kinds``
        ``None`` where they lie in a row (a suit; the winds, the dragons), and the rule bits its table is found
        with.
    :param class_groups: per class, its groups' places in ``groups``.
    :param group_of: per kind, its class, its group's place in ``groups`` and its place in the group.
    :param type_node: per joker type, its node (``-1`` for a type standing for nothing).
    """

    ident: int
    node_types: tuple[tuple[int, ...], ...]
    children: tuple[tuple[int, ...], ...]
    post: tuple[int, ...]
    parent: tuple[int, ...]
    roots: tuple[int, ...]
    parts: tuple[tuple[_Part, ...], ...]
    bits: tuple[int, ...]
    whole: tuple[tuple[bool, bool], ...]
    groups: tuple[tuple[int, int, tuple[int, ...] | None, int], ...]
    class_groups: tuple[tuple[int, ...], ...]
    group_of: tuple[tuple[int, int, int], ...]
    type_node: tuple[int, ...]


_PLANS: list[_Plan] = []


def _bits(where: tuple[bool, bool, bool]) -> int:
    pungs, pairs, chows = where
    return (_j._PUNGS if pungs else 0) | (_j._PAIRS if pairs else 0) | (_j._CHOWS if chows else 0)


@lru_cache(maxsize=64)
def plan(masks: tuple[int, ...], where: tuple[bool, bool, bool]) -> _Plan | None:
    """The decomposition of types ``masks`` under the rule's ``where``, or ``None`` where it does not hold (types
    that overlap without nesting, or a suit cut between classes): the search measures those hands."""
    if is_laminar(masks) is not None:
        return None
    distinct = sorted({m for m in masks if m}, key=lambda m: (bin(m).count("1"), m))
    node_types = tuple(tuple(t for t, m in enumerate(masks) if m == mask) for mask in distinct)
    parent = tuple(next((q for q in range(n + 1, len(distinct)) if distinct[q] & mask == mask), -1)
                   for n, mask in enumerate(distinct))
    children = tuple(tuple(c for c in range(len(distinct)) if parent[c] == n) for n in range(len(distinct)))
    none = len(distinct)  # the class of kinds no type stands for
    narrowest = [next((n for n, mask in enumerate(distinct) if mask >> k & 1), none) for k in range(_KINDS)]
    parts: list[list[_Part]] = [[] for _ in range(none + 1)]
    group_of: list[tuple[int, int, int]] = [(0, 0, 0)] * _KINDS
    for suit in range(3):
        classes = set(narrowest[9 * suit:9 * suit + 9])
        if len(classes) != 1:
            return None
        c = classes.pop()
        for k in range(9 * suit, 9 * suit + 9):
            group_of[k] = (c, len(parts[c]), k - 9 * suit)
        parts[c].append((True, tuple(range(9 * suit, 9 * suit + 9))))
    for c in range(none + 1):
        honours = tuple(k for k in range(_SUITED, _KINDS) if narrowest[k] == c)
        if honours:
            for place, k in enumerate(honours):
                group_of[k] = (c, len(parts[c]), place)
            parts[c].append((False, honours))
    rule = _bits(where)
    bits = []
    for c in range(none + 1):
        suited = any(in_suit for in_suit, _ in parts[c])
        bits.append(0 if c == none else rule if suited else rule & ~_j._CHOWS)
    whole = tuple((bool(parts[n]) and _j._empty_x(bits[n])[0] == 0, bool(parts[n]) and _j._empty_x(bits[n])[1] == 0)
                  for n in range(none))
    post: list[int] = []

    def visit(n: int) -> None:
        for c in children[n]:
            visit(c)
        post.append(n)

    roots = tuple(n for n in range(none) if parent[n] < 0)
    for r in roots:
        visit(r)
    groups: list[tuple[int, int, tuple[int, ...] | None, int]] = []
    class_groups: list[tuple[int, ...]] = []
    for c in range(none + 1):
        class_groups.append(tuple(range(len(groups), len(groups) + len(parts[c]))))
        for suited, kinds in parts[c]:
            in_row = kinds[-1] - kinds[0] == len(kinds) - 1
            groups.append((kinds[0], kinds[-1] + 1, None if in_row else kinds,
                           bits[c] | _j._IN_SUIT if suited else bits[c]))
    group_of = [(c, class_groups[c][i], place) for c, i, place in group_of]
    type_node = tuple(next((n for n, types in enumerate(node_types) if t in types), -1) for t in range(len(masks)))
    found = _Plan(len(_PLANS), node_types, children, tuple(post), parent, roots,
                  tuple(tuple(p) for p in parts), tuple(bits), whole, tuple(groups), tuple(class_groups),
                  tuple(group_of), type_node)
    _PLANS.append(found)
    return found


#: Interned fronts and their ids; every memo below names fronts by id (and :mod:`.jokers`'s tables by its ids).
_FRONTS: list[_Front] = []
_FRONT_ID: dict[_Front, int] = {}
#: (jokers' table id, unfillable places of an empty set, of an empty pair) -> front id.
_CONVERTED: dict[tuple[int, int, int], int] = {}
#: (front id, most sets, sets of jokers alone, pair of jokers alone) -> front id.
_WHOLE: dict[tuple[int, int, bool, bool], int] = {}
#: (front id, front id, most sets) -> front id.
_JOINED: dict[tuple[int, int, int], int] = {}
#: (front id, jokers) -> front id, each ``d`` less the node's jokers.
_CAPPED: dict[tuple[int, int], int] = {}
#: (plan, node, class table id, children's front ids, jokers, most sets) -> the node's front id.
_NODE: dict[tuple[int, int, int, tuple[int, ...], int, int], int] = {}
#: (top front id, sets, pair) -> distance.
_READ: dict[tuple[int, int, int], int] = {}
#: (plan, the classes' table ids, jokers per node, sets, pair) -> distance: a discard changes one class's table.
_FOREST: dict[tuple[int, tuple[int, ...], tuple[int, ...], int, int], int] = {}
#: (plan, counts, jokers per type, sets, pair) -> distance: a hand asked again (a bot's weighing asks it often).
_ANSWER: dict[tuple[int, bytes, tuple[int, ...], int, int], int] = {}
#: The :data:`joker_tables._EPOCH` these memos were filled in: its tables' ids mean nothing after it empties them.
_SEEN = [-1]


#: Every memo, emptied together: they name fronts (and jokers.py's tables) by id.
_MEMOS: tuple[list[Any] | dict[Any, Any], ...] = (_FRONTS, _FRONT_ID, _CONVERTED, _WHOLE, _JOINED, _CAPPED, _NODE,
                                                   _READ, _FOREST, _ANSWER)


def clear_caches() -> None:
    """Forget every front and answer remembered (rebuilt on demand, the same)."""
    with _j._LOCK:
        for memo in _MEMOS:
            memo.clear()
        _intern(((0, 0, 0, 0),))


def _bound() -> None:
    """As :func:`joker_tables._bound`: its memos first (which may forget its tables), then ours, all together where one
    has grown to ``_KEPT`` entries or its tables are gone (ours name them by id)."""
    _j._bound()
    grown = any(len(memo) >= _j._KEPT for memo in _MEMOS)
    if grown or _SEEN[0] != _j._EPOCH:
        clear_caches()
        _SEEN[0] = _j._EPOCH


def _intern(front: _Front) -> int:
    found = _FRONT_ID.get(front)
    if found is None:
        found = _FRONT_ID[front] = len(_FRONTS)
        _FRONTS.append(front)
    return found


def _best(ways: set[_Way]) -> int:
    """The ways no other of the same sets and pairs beats in ``x`` and ``d``, sorted, interned."""
    kept: list[_Way] = []
    last = (-1, -1)
    least_d = _NEVER
    for way in sorted(ways):
        s, p, _, d = way
        if (s, p) != last:
            last, least_d = (s, p), _NEVER
        if d < least_d:  # sorted by x within (s, p): kept where no way of smaller or equal x has d as small
            kept.append(way)
            least_d = d
    return _intern(tuple(kept))


def _converted(table: int, set_x: int, pair_x: int) -> int:
    """A class's table of :mod:`.jokers` as a front: ``x`` and ``F`` of each way."""
    key = (table, set_x, pair_x)
    found = _CONVERTED.get(key)
    if found is None:
        ways = set()
        for s, p, a, b in _j._TABLES[table]:
            x = b + set_x * s + pair_x * p
            ways.add((s, p, x, 3 * s + 2 * p + a - x))
        found = _CONVERTED[key] = _best(ways)
    return found


def _whole(front: int, most: int, sets: bool, pair: bool) -> int:
    """The front with sets of jokers alone (three fillable places each) and a pair of them (two) beside each way,
    where the class lets them lie in it."""
    if not (sets or pair):
        return front
    key = (front, most, sets, pair)
    found = _WHOLE.get(key)
    if found is None:
        ways = set()
        for s, p, x, d in _FRONTS[front]:
            for k in range(most - s + 1 if sets else 1):
                for q in range(2 - p if pair else 1):
                    ways.add((s + k, p + q, x, d + 3 * k + 2 * q))
        found = _WHOLE[key] = _best(ways)
    return found


def _join(first: int, second: int, most: int) -> int:
    """Two fronts side by side: each way of one beside each of the other, one pair at most, ``most`` sets."""
    if first == _EMPTY:
        return second
    if second == _EMPTY:
        return first
    key = (first, second, most) if first <= second else (second, first, most)
    found = _JOINED.get(key)
    if found is None:
        found = _JOINED[key] = _best({(s + s2, p + p2, x + x2, d + d2)
                                      for s, p, x, d in _FRONTS[first] for s2, p2, x2, d2 in _FRONTS[second]
                                      if s + s2 <= most and p + p2 <= 1})
    return found


def _capped(front: int, jokers: int) -> int:
    """A node's front once its own jokers fill what they may: each ``d`` less them, never below 0."""
    if not jokers:
        return front
    key = (front, jokers)
    found = _CAPPED.get(key)
    if found is None:
        found = _CAPPED[key] = _best({(s, p, x, d - jokers if d > jokers else 0) for s, p, x, d in _FRONTS[front]})
    return found


def _node(pl: _Plan, n: int, table: int, kids: tuple[int, ...], jokers: int, most: int) -> int:
    """Node ``n``'s front: its class's table with the sets of jokers alone it may hold, joined to its children's
    fronts, less its jokers."""
    key = (pl.ident, n, table, kids, jokers, most)
    found = _NODE.get(key)
    if found is None:
        set_x, pair_x = _j._empty_x(pl.bits[n])
        front = _whole(_converted(table, set_x, pair_x), most, *pl.whole[n])
        for kid in kids:
            front = _join(front, kid, most)
        found = _NODE[key] = _capped(front, jokers)
    return found


def _read(top: int, sets: int, pair: int) -> int:
    """The distance: the best way of the whole forest, the sets and the pair it lacks empty and unfillable."""
    key = (top, sets, pair)
    found = _READ.get(key)
    if found is None:
        found = _NEVER
        for s, p, x, d in _FRONTS[top]:
            if s <= sets and p <= pair:
                found = min(found, x + d + 3 * (sets - s) + 2 * (pair - p))
        _READ[key] = found
    return found


#: The front of nothing (one way: no set, no place), id 0 (interned anew by :func:`clear_caches`).
_EMPTY = 0
_intern(((0, 0, 0, 0),))  # the front of nothing at id 0 from the start, as clear_caches leaves it


class _Hand:
    """One hand's groups and class tables, from which the hand less a tile is read anew in its group and class
    only: the forest's answer is remembered by the classes' table ids, and on a miss the nodes from that class to
    its root are read anew (the others' fronts are the hand's own)."""

    def __init__(self, pl: _Plan, h: bytes, jokers: Sequence[int], sets: int, pair: int):
        self.pl, self.sets, self.pair, self.most = pl, sets, pair, max(sets, 0)
        held = [0] * len(pl.node_types)
        for t, n in enumerate(pl.type_node):
            if n >= 0:
                held[n] += jokers[t]
        self.jokers = tuple(held)
        part = _j._part
        self.groups = [h[a:b] if kinds is None else bytes(h[k] for k in kinds) for a, b, kinds, _ in pl.groups]
        self.part_ids = [part(g, group[3]) for g, group in zip(self.groups, pl.groups, strict=True)]
        self.tables = tuple(self.table(ids, -1, 0) for ids in pl.class_groups)
        self.fronts: list[int] | None = None  # the nodes' fronts, found when a discard's answer is not remembered

    def table(self, ids: Sequence[int], changed: int, less: int) -> int:
        """A class's table: its groups' (``ids``, places in the hand's groups) joined, group ``changed`` read as
        the table ``less``."""
        if not ids:
            return _j._EMPTY_ID
        found = _j._EMPTY_ID
        for i in ids:
            found = _j._join(found, less if i == changed else self.part_ids[i], self.most)
        return found

    def node(self, n: int, tables: Sequence[int], fronts: Sequence[int]) -> int:
        return _node(self.pl, n, tables[n], tuple(fronts[c] for c in self.pl.children[n]), self.jokers[n],
                     self.most)

    def top(self, tables: Sequence[int], fronts: Sequence[int]) -> int:
        """The distance of the whole forest: the roots' fronts beside the class no type stands for."""
        pl = self.pl
        none = len(pl.node_types)
        top = _converted(tables[none], *_j._empty_x(pl.bits[none])) if tables[none] != _j._EMPTY_ID else _EMPTY
        for r in pl.roots:
            top = _join(top, fronts[r], self.most)
        return _read(top, self.sets, self.pair)

    def distance(self) -> int:
        """The hand's distance."""
        key = (self.pl.ident, self.tables, self.jokers, self.sets, self.pair)
        found = _FOREST.get(key)
        if found is None:
            fronts = self.fronts = [_EMPTY] * len(self.pl.node_types)
            for n in self.pl.post:
                fronts[n] = self.node(n, self.tables, fronts)
            found = _FOREST[key] = self.top(self.tables, fronts)
        return found

    def less(self, kind: int) -> int:
        """The distance of the hand less one tile of ``kind`` (held)."""
        pl = self.pl
        c, g, place = pl.group_of[kind]
        group = self.groups[g]
        less = _j._part(group[:place] + bytes((group[place] - 1,)) + group[place + 1:], pl.groups[g][3])
        tables = self.tables[:c] + (self.table(pl.class_groups[c], g, less),) + self.tables[c + 1:]
        key = (pl.ident, tables, self.jokers, self.sets, self.pair)
        found = _FOREST.get(key)
        if found is None:
            if self.fronts is None:
                self.distance()
                if self.fronts is None:  # the hand's own answer was remembered: its fronts found here
                    self.fronts = [_EMPTY] * len(pl.node_types)
                    for n in pl.post:
                        self.fronts[n] = self.node(n, self.tables, self.fronts)
            fronts = list(self.fronts)
            n = c
            while 0 <= n < len(fronts):  # the class no type stands for has no node
                fronts[n] = self.node(n, tables, fronts)
                n = pl.parent[n]
            found = _FOREST[key] = self.top(tables, fronts)
        return found


def distance(pl: _Plan, h: bytes, jokers: Sequence[int], sets: int, pair: int) -> int:
    """The least empty places of ``sets`` sets and ``pair`` pairs for tiles ``h`` and typed jokers (a count per
    type): :func:`.typed_jokers.distance` exactly, for types :func:`plan` decomposes."""
    j = tuple(jokers)
    key = (pl.ident, h, j, sets, pair)
    found = _ANSWER.get(key)
    if found is not None:
        return found
    with _j._LOCK:  # ids are handed out and memos emptied one thread at a time (a server plays tables in threads)
        _bound()
        found = _ANSWER[key] = _Hand(pl, h, j, sets, pair).distance()
    return found


def after_discards(pl: _Plan, h: bytes, jokers: Sequence[int], sets: int, pair: int) -> dict[int, int]:
    """``{kind: distance(h less a tile of kind, ...)}`` for every kind held, each read in its group and class."""
    with _j._LOCK:
        _bound()
        hand = _Hand(pl, h, jokers, sets, pair)
        return {kind: hand.less(kind) for kind, c in enumerate(h) if c}
