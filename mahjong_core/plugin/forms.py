"""Which forms a ruleset lets win, and whether a hand is a mahjong in one of them.

Winning forms are a registry: :class:`~mahjong_core.plugin.contributions.WinningForm`
contributions (``mahjong_contributions``), the core's own
(:mod:`mahjong_core.plugin.core_forms`) and those of the plugins a ruleset's
games register (its family, its mechanisms, its own modules), gathered by
:func:`registered_forms`.  A form a plugin adds wins in every game that
registers that plugin (:func:`added_forms`); the core's special forms win
where the ruleset's tables say, as below.

Four sets and a pair always win; seven pairs, thirteen orphans and the
knitted forms win only where the ruleset's own tables score them, so that rule
is read from the data here rather than written into the game.  The game
(:class:`mahjong_core.engine.game.Game`) asks once per ruleset which forms it
recognises, and then asks of every hand that might win whether it is complete
in one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import permutations
from types import MappingProxyType
from typing import TYPE_CHECKING

from mahjong_core.errors import RulesetError
from mahjong_core.hand import shanten as shanten_mod
from mahjong_core.hand.arrangements import arrangements
from mahjong_core.hand.melds import Form, Hand
from mahjong_core.hand.predicates import Predicate
from mahjong_core.plugin import core_forms
from mahjong_core.plugin.binding import Binding, bind
from mahjong_core.plugin.contributions import Contribution, WinningForm
from mahjong_core.plugin.registration import contributions

if TYPE_CHECKING:
    from mahjong_core.rules import Ruleset

_FORM_KEYS = {Form.SEVEN_PAIRS: "seven_pairs", Form.THIRTEEN_ORPHANS: "thirteen_orphans",
              Form.KNITTED_STRAIGHT: "knitted", Form.HONOURS_AND_KNITTED: "knitted"}


def recognised_forms(ruleset: Ruleset) -> Mapping[str, tuple[Predicate, ...] | None]:
    """The special forms a ruleset accepts as mahjong besides four sets and a pair (read once per binding).

    A form is a mahjong exactly where some table row names a predicate that
    declares it recognises the form (:attr:`mahjong_core.hand.predicates.Predicate.recognises`):
    ``None`` when one of them accepts every hand of the form (seven pairs),
    else the predicates that admit only some (heavenly twins).  So the rule
    lives in the data: a ruleset with no seven-pairs hand does not let seven
    pairs win.  Every game asks at its start; the answer is kept with the
    ruleset's binding, since reading it walks every table row.
    """
    bound = bind(ruleset)
    kept = _FORMS.get(id(bound))
    if kept is not None and kept[0] is bound:
        return kept[1]
    forms = MappingProxyType(_read_forms(ruleset))
    if len(_FORMS) >= 64:  # a process that binds many rulesets keeps the recent ones
        _FORMS.clear()
    _FORMS[id(bound)] = (bound, forms)
    return forms


#: The forms of each recently bound ruleset, by the binding's identity (the binding is kept, so the id stays its).
_FORMS: dict[int, tuple[Binding, Mapping[str, tuple[Predicate, ...] | None]]] = {}


def registered_forms(ruleset: Ruleset) -> Mapping[str, Contribution]:
    """Every winning form registered for the ruleset's games, by name: the core's, then its plugins' in order.

    Read once per binding.  A name registered by two plugins is an error naming both, as for any other
    contribution.

    :raises RulesetError: for a form name two plugins register.
    """
    bound = bind(ruleset)
    kept = _REGISTERED.get(id(bound))
    if kept is not None and kept[0] is bound:
        return kept[1]
    found: dict[str, Contribution] = {}
    owners: dict[str, str] = {}
    for owner, item in contributions((core_forms, *bound.plugins), "mahjong_contributions"):
        if not isinstance(item, Contribution) or item.kind != "form":
            continue
        if item.form is None:
            raise RulesetError(f"plugin {owner}: form {item.name!r} carries no tests (form=WinningForm(...))",
                               source=ruleset.location)
        if item.name in found and found[item.name] is not item:
            raise RulesetError(f"form {item.name!r} is registered by both {owners[item.name]} and {owner}",
                               source=ruleset.location)
        found[item.name] = item
        owners.setdefault(item.name, owner)
    forms = MappingProxyType(found)
    if len(_REGISTERED) >= 64:
        _REGISTERED.clear()
    _REGISTERED[id(bound)] = (bound, forms)
    return forms


_REGISTERED: dict[int, tuple[Binding, Mapping[str, Contribution]]] = {}
_CORE_NAMES = frozenset(c.name for c in core_forms.CORE_FORMS)


def added_forms(ruleset: Ruleset) -> tuple[WinningForm, ...]:
    """The forms the ruleset's plugins add to the core's: each wins in its games, asked after the core's."""
    return tuple(c.form for name, c in registered_forms(ruleset).items()
                 if name not in _CORE_NAMES and c.form is not None)


def _read_forms(ruleset: Ruleset) -> dict[str, tuple[Predicate, ...] | None]:
    named: dict[str, Predicate] = {}
    for table in ruleset.raw_tables.values():
        if isinstance(table, Mapping):
            for row in table.values():
                if isinstance(row, Mapping) and isinstance(row.get("predicate"), str):
                    predicate = bind(ruleset).predicate(row["predicate"])
                    named[predicate.name] = predicate
    forms: dict[str, tuple[Predicate, ...] | None] = {}
    for form in ("seven_pairs", "thirteen_orphans", "knitted"):
        naming = [p for _, p in sorted(named.items()) if any(_FORM_KEYS.get(f) == form for f in p.recognises)]
        if any(p.recognises_all for p in naming):
            forms[form] = None
        elif naming:
            forms[form] = tuple(naming)
    return forms


def _knitted_masks() -> tuple[int, ...]:
    """Each knitted assignment (1-4-7, 2-5-8, 3-6-9 in three different suits) as a byte mask over the suited kinds.

    Byte ``k`` of a mask is 1 where kind ``k`` belongs to the assignment, so
    that a hand's held suited kinds, written the same way, are compared with
    it in two integer operations.
    """
    masks = []
    for offsets in permutations(range(3)):
        kinds = [9 * suit + off + step for suit, off in enumerate(offsets) for step in (0, 3, 6)]
        masks.append(int.from_bytes(bytes(1 if k in kinds else 0 for k in range(27)), "little"))
    return tuple(masks)


_KNITTED_MASKS = _knitted_masks()
#: The size of a knitted mahjong, whatever the ruleset's hand size: the form itself fixes it (nine knitted tiles,
#: a set and a pair; or fourteen different tiles), and it is read from concealed tiles only, with no meld declared.
KNITTED_TILES = 14
#: Maps a count byte to 1 where the kind is held.
_HELD = bytes([0, 1, 1, 1, 1]) + bytes(251)


def knitted_within(counts: Sequence[int], missing: int) -> bool:
    """Whether ``missing`` more tiles could still complete ``counts`` in a knitted form; a quick necessary test.

    A knitted straight needs all nine kinds of one assignment, so at most
    ``missing`` of them may be absent; honours and knitted tiles needs
    fourteen different tiles, so no kind may be held twice and every suited
    kind held must belong to one assignment.  A hand that passes may still
    not complete (the rest must make a set and a pair, the tiles must number
    fourteen); one that fails never completes in those forms, which is what
    lets the game skip the full reading (:func:`is_mahjong`) and the claim
    check of every discard for such hands.
    """
    held = int.from_bytes(bytes(counts[:27]).translate(_HELD), "little")
    need = 9 - missing
    for mask in _KNITTED_MASKS:
        if (held & mask).bit_count() >= need:
            return True
    if max(counts) > 1:
        return False
    return any(not held & ~mask for mask in _KNITTED_MASKS)


def knitted_near(counts: Sequence[int]) -> bool:
    """Whether one more tile could make these concealed tiles a knitted mahjong (a necessary test).

    Shanten does not measure the knitted forms, so a hand that shanten
    calls unready may still win in them; :func:`is_mahjong` reads them from
    :data:`KNITTED_TILES` concealed tiles only, so a hand of any other size cannot.
    """
    return sum(counts) == KNITTED_TILES - 1 and knitted_within(counts, 1)


def ready_beyond_shanten(forms: Mapping[str, tuple[Predicate, ...] | None],
                         added: Sequence[WinningForm] = ()) -> Callable[[Sequence[int]], bool] | None:
    """The quick test of a hand shanten calls unready that one more tile may still make a mahjong, or ``None``.

    Shanten measures four sets and a pair, seven pairs and thirteen orphans;
    of the forms :func:`recognised_forms` may name, only the knitted ones lie
    beyond it.  The game asks this once per ruleset, and then, of a hand that
    shanten calls unready, whether to test it for mahjong all the same --
    ``None`` saves that question where the ruleset recognises no such form.
    A form a plugin adds (``added``) lies beyond shanten too, unless it says
    it lies within (``within_shanten``): its own ``near`` test answers, or,
    where it has none, every hand is tested.
    """
    core = knitted_near if "knitted" in forms else None
    added = [form for form in added if not form.within_shanten]  # shanten answers for these already
    if not added:
        return core
    nears = tuple(form.near for form in added)

    def near(counts: Sequence[int]) -> bool:
        if core is not None and core(counts):
            return True
        h = bytes(counts)
        return any(test is None or test(h) for test in nears)
    return near


def is_mahjong(counts: list[int], forms: Mapping[str, tuple[Predicate, ...] | None],
               added: Sequence[WinningForm] = ()) -> bool:
    """Whether concealed counts form a mahjong in n sets and a pair, one of ``forms`` or one of ``added``.

    ``forms`` is what :func:`recognised_forms` says of the ruleset: seven
    pairs, thirteen orphans and the knitted forms are mahjongs only where the
    ruleset's tables score them.  ``added`` are the forms its plugins register
    (:func:`added_forms`), asked only where the core's forms say no.
    """
    total = sum(counts)
    if total % 3 != 2:
        return False  # a hand of the wrong size is no mahjong
    if _core_mahjong(counts, total, forms):
        return True
    if added:
        h = bytes(counts)
        return any(form.complete(h) for form in added)
    return False


def _core_mahjong(counts: list[int], total: int, forms: Mapping[str, tuple[Predicate, ...] | None]) -> bool:
    h = bytes(counts)
    # One test with every form the ruleset may accept; most hands fail it and stop here.
    if not shanten_mod.is_complete_counts(h, seven_pairs="seven_pairs" in forms,
                                          thirteen_orphans="thirteen_orphans" in forms):
        # The knitted forms are read from fourteen concealed tiles (the hand below has no declared melds).
        if not ("knitted" in forms and total == KNITTED_TILES and knitted_within(counts, 0)):
            return False
    elif not forms or shanten_mod.is_complete_counts(h, seven_pairs=False, thirteen_orphans=False):
        return True
    tiles = tuple(k for k, n in enumerate(counts) for _ in range(n))
    hand = Hand(tiles[:-1], winning_tile=tiles[-1])
    # Built from the seat's counts, the hand is valid: no need to check it again.  Its sets are what its tiles
    # make (its declared melds count apart); the special forms are read from fourteen tiles only.
    for reading in arrangements(hand, seven_pairs="seven_pairs" in forms, thirteen_orphans="thirteen_orphans" in
                                forms, knitted="knitted" in forms, checked=True, sets=total // 3):
        only = forms.get(_FORM_KEYS.get(reading.form, ""), ())
        if only is None or any(predicate.fn(reading, hand, {}) for predicate in only or ()):
            return True
    return False
