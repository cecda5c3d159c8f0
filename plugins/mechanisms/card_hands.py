"""A card of fixed hands chosen by the ruleset's data (``card: FILE``): the file is found and read when the
ruleset loads, so a mistake in it is reported with the ruleset's own (every one, each at its line).

The value is a path: relative to the folder of the ruleset file that sets it (a bundled ruleset's card lies
beside its ``ruleset.yaml``), or absolute (a club's own card, named by its house rule: ``extends: PARENT``
and ``card: {value: /path/to/card.yaml, source: ...}``).  The card's format and matcher are
:mod:`mahjong_rulesets.cards`; :func:`card_of` gives a ruleset's card, compiled once per file.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from mahjong_rulesets.mechanisms import parameters_of

from mahjong_core.plugin import (
    ANY_JOKER,
    Action,
    Claim,
    Contribution,
    Hand,
    Ruleset,
    RulesetError,
    Score,
    ScoreItem,
    Table,
    TotalSteps,
    hookimpl,
    scoring_value,
)

if TYPE_CHECKING:
    from mahjong_rulesets.cards.card import Card

_PARTS = ("parameters", "card")
#: The core's kinds past the 34 that a card counts as its one flower: the flowers and seasons (34-41), held in the
#: hand where the tile set plays them (``{group: flowers, ..., playing: true}``).
_FLOWER_KINDS = range(34, 42)


def switched_on(ruleset: Ruleset) -> bool:
    return ruleset.get("card") is not None


@hookimpl
def mahjong_contributions() -> Sequence[Contribution]:
    return [Contribution("mechanism", "card_hands", sys.modules[__name__], switched_on=switched_on,
                         description="a card of fixed hands, read from the file the ruleset names (card)",
                         parameters=parameters_of("card_hands"), data_files=("card",))]


def card_path(ruleset: Ruleset) -> Path:
    """Where the ruleset's card is: its ``card`` value, relative to the folder of the file that set it."""
    path = Path(str(ruleset.get("card")))
    if path.is_absolute():
        return path
    origin = ruleset.origins.get(_PARTS)
    where = origin[1] if origin is not None else ruleset.location
    return (Path(where).parent if where else Path.cwd()) / path


#: Cards read, by their resolved path and the SHA-256 of the file's bytes: a card is compiled once per content.
_CARDS: dict[tuple[str, str], Card] = {}
#: Each ruleset's card, read once: the card's content is part of the ruleset's identity (its hash, read as it
#: loaded), so a ruleset plays the card it was loaded with; a card edited since is another ruleset, loaded anew.
_BY_RULESET: WeakKeyDictionary[Ruleset, Card] = WeakKeyDictionary()
#: The ruleset last asked and its card (a weak dictionary's look-up costs more than the rest of a discard's asks).
_LAST: list[Any] = [None, None]


def card_of(ruleset: Ruleset) -> Card:
    """The ruleset's card, read and compiled once (asked at every discard of a game: a dictionary look-up).

    :raises RulesetError: at the ruleset's ``card`` entry for a file that is not there or whose hands do not
        hold the ruleset's hand size and one; a :class:`~mahjong_core.plugin.DataFileError` naming every mistake
        in the card, each at its line.
    """
    if _LAST[0] is ruleset:  # the ruleset of the game under way, asked a dozen times a discard
        return _LAST[1]
    held = _BY_RULESET.get(ruleset)
    if held is not None:
        _LAST[:] = [ruleset, held]
        return held
    path = card_path(ruleset)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RulesetError(f"card {str(ruleset.get('card'))!r} cannot be read at {path}: {exc.strerror or exc}",
                           source=ruleset.location, place="$.parameters.card.value") from None
    key = (str(path.resolve()), hashlib.sha256(data).hexdigest())
    card = _CARDS.get(key)
    if card is None:
        # deferred: every installed mechanism is imported at each command's start, and the card's reader brings
        # the YAML and JSON Schema libraries (+215M instructions for `mahjong score`, which never reads a card).
        from mahjong_rulesets.cards.card import read_card

        card = read_card(path)
        if len(_CARDS) >= 16:
            _CARDS.clear()
        _CARDS[key] = card
    size = ruleset.get("hand_size")
    if isinstance(size, int) and card.tiles != size + 1:
        raise RulesetError(f"the card's hands hold {card.tiles} tiles (its `tiles`); this ruleset's complete hand "
                           f"holds {size + 1} (hand_size {size} and the winning tile)",
                           source=ruleset.location, place="$.parameters.card.value")
    _BY_RULESET[ruleset] = card
    _LAST[:] = [ruleset, card]
    return card


@hookimpl
def mahjong_check_tables(ruleset: Ruleset) -> None:
    """Read the card when the ruleset loads: ``mahjong rules validate`` reports its mistakes."""
    card_of(ruleset)


def _key(kind: int, flower: int) -> int:
    """The card's key of a core kind: itself for the 34, the card's one flower for a flower or season."""
    return flower if kind in _FLOWER_KINDS else kind


@hookimpl
def mahjong_hand_complete(ruleset: Ruleset, table: Table, seat: int, tile: int, how: str) -> bool | None:
    """A card's hand is complete when it makes one of the card's hands: the card's matcher decides, not the
    shape of four sets and a pair, so the shanten of the 34 kinds is never asked of a hand that holds flowers.

    The seat's concealed counts (its flowers among them, where the tile set plays them), the jokers it holds and
    its exposures are matched against every reading of the card (:func:`mahjong_rulesets.cards.matching.completed`).
    A bonus tile robbed (``robbing_bonus``) is no tile of a card's hands: the core's answer stands.
    """
    if how == "robbing_bonus":
        return None
    flower, keys, matching = _matching()
    s = table.seats[seat]
    held = s.counts
    # an exposure is a group of one kind (a card's groups are), its jokers' kinds numbered past every natural one
    exposures = [(_key(min(meld.tiles), flower), len(meld.tiles)) for meld in s.melds] if s.melds else []
    if how in ("discard", "robbing_kong"):  # asked of every other seat at every discard: the hand's near readings
        # the seat's counts as they are where they count the card's kinds (read, never changed, here)
        counts = held if len(held) == keys and flower == keys - 1 else _card_counts(held, flower, keys)
        return matching.completed_by(card_of(ruleset), counts, len(s.held_jokers), exposures, _key(tile, flower))
    return bool(matching.completed(card_of(ruleset), _card_counts(held, flower, keys), len(s.held_jokers),
                                   exposures))


#: The card's flower key, its number of keys and its matcher, once imported (:func:`_matching`).
_MATCHING: list[Any] = []


def _matching() -> tuple[int, int, Any]:
    """The card's flower key, its number of keys and :mod:`mahjong_rulesets.cards.matching`, imported on first use
    (asked at every discard: the names are kept, not imported again each time)."""
    if not _MATCHING:
        # deferred: as card_of's reader, the card's modules are imported only by a game that plays a card.
        from mahjong_rulesets.cards import card, matching

        _MATCHING.extend((card.FLOWER, card.KEYS, matching))
    return _MATCHING[0], _MATCHING[1], _MATCHING[2]


def _card_counts(held: list[int], flower: int, keys: int) -> list[int]:
    """A seat's counts over the card's kinds: a copy where the seat counts the 34 and one flower kind (the card's
    own layout, asked at every discard), else each kind moved to its key."""
    if len(held) == keys and flower == keys - 1:
        return list(held)
    counts = [0] * keys
    for kind, n in enumerate(held):
        if n:
            counts[_key(kind, flower)] += n
    return counts


@hookimpl(tryfirst=True)
def mahjong_claim_allowed(ruleset: Ruleset, table: Table, claim: Claim) -> bool | None:
    """A card allows a call only for an exposure some hand of it can still use: a pung or kong (of any kind, a
    flower's among them) that, beside the seat's exposures so far, leaves a hand of the card possible; never a
    chow, which no card's group is.  Asked before the family's answer (``tryfirst``), it only refuses: where the
    card allows, the family's rules decide.  A win is the card's matcher's (:func:`mahjong_hand_complete`).

    Where the ruleset plays the dead hand (``card_dead_hand``), a seat whose exposures, the claimed one with them,
    leave no hand of the card it could still make with the tiles not yet seen (:func:`~mahjong_rulesets.cards.
    matching.alive`, over :func:`seen_tiles`) is dead and calls nothing: a seat dead already stays so (exposures
    and seen tiles only grow), and no call makes a seat dead.  A dead seat cannot win either, with no rule of its
    own: a hand it completed would be a hand it could still make.
    """
    if claim.kind == "win":
        return None
    if claim.kind == "chow":
        return False
    flower, _, matching = _matching()
    s = table.seats[claim.seat]
    exposures = [(_key(min(meld.tiles), flower), len(meld.tiles)) for meld in s.melds]
    # the exposure's kind is the discard's: the claim's own tiles may all be jokers (a pung of a discard and two)
    claimed = table.last_discard if table.last_discard is not None else min(claim.tiles)
    exposures.append((_key(claimed, flower), len(claim.tiles) + 1))
    # One discard's claims ask the same of each seat's shapes (a pung with its copies, with a joker, with two):
    # within one claim window, whose table does not change, each set of exposures is judged once.
    seats = table.seats
    window = (table.last_discard, table.last_discarder, tuple(len(s.discards) for s in seats),
              tuple(len(s.melds) for s in seats))
    memo = _ALLOWED
    if memo[0] is not ruleset or memo[1] is not seats or memo[2] != window:
        memo[:] = [ruleset, seats, window, {}]
    key = tuple(sorted(exposures))
    answers: dict[tuple[tuple[int, int], ...], bool | None] = memo[3]
    if key not in answers:
        card = card_of(ruleset)
        answers[key] = False if not matching.possible(card, exposures) or (
            ruleset.get("card_dead_hand") and not matching.alive(card, exposures, seen_tiles(table))) else None
    return answers[key]


#: The claim window :func:`mahjong_claim_allowed` last judged (its ruleset, seats, discard and the number of each
#: seat's discards and exposures) and its answers by exposures; the ruleset and seats kept alive, compared by
#: identity.
_ALLOWED: list[Any] = [None, None, None, {}]


@hookimpl
def mahjong_claim_options(ruleset: Ruleset, table: Table, seat: int, discarder: int, tile: int) -> list[Action]:
    """The exposures larger than a kong that a card's hands hold -- a quint (five alike), a sextet (six) --
    called on a discard as a pung or kong is: the discard and the seat's own copies of it, jokers for the rest
    (the discard and four jokers make a quint).  Each is a ``kong`` claim of more tiles (a meld of five or six),
    which takes no loose tile where ``kong_loose_tile`` is false.  Offered only for sizes the card's hands hold,
    and only where, beside the seat's exposures, some hand of the card can use it (and, with the dead hand
    played, the seat could still make one), as :func:`mahjong_claim_allowed` asks of a pung or kong.
    Every count of the seat's own copies is offered, most first: which copies a player keeps back is its choice.
    """
    card = card_of(ruleset)
    sizes = _large_groups(card)
    s = table.seats[seat]
    jokers = len(s.held_jokers)
    held = s.counts[tile] if 0 <= tile < len(s.counts) else 0
    if not sizes or held + jokers < sizes[0] - 1:
        return []
    # deferred: the card's modules, for a game that plays a card only.
    from mahjong_rulesets.cards.card import FLOWER
    from mahjong_rulesets.cards.matching import alive, possible

    key = _key(tile, FLOWER)
    exposures = [(_key(min(meld.tiles), FLOWER), len(meld.tiles)) for meld in s.melds]
    dead_hand = bool(ruleset.get("card_dead_hand"))
    seen = seen_tiles(table) if dead_hand else []
    options = []
    for size in sizes:
        exposed = [*exposures, (key, size)]
        if not possible(card, exposed) or (dead_hand and not alive(card, exposed, seen)):
            continue
        for natural in range(min(held, size - 1), -1, -1):
            wild = size - 1 - natural
            if wild > jokers:
                break
            options.append(Action("kong", tile, (tile,) * natural + (ANY_JOKER,) * wild, way="from_discard"))
    return options


#: Per card (by its id, the card kept beside so the id stays its own): the sizes of its groups past a kong.
_LARGE: dict[int, tuple[Card, tuple[int, ...]]] = {}


def _large_groups(card: Card) -> tuple[int, ...]:
    """The sizes of the card's groups larger than a kong (5 a quint, 6 a sextet), smallest first."""
    entry = _LARGE.get(id(card))
    if entry is None or entry[0] is not card:
        sizes = tuple(sorted({size for reading in card.readings for _, size in reading.groups if size > 4}))
        if len(_LARGE) >= 16:
            _LARGE.clear()
        entry = _LARGE[id(card)] = (card, sizes)
    return entry[1]


def seen_tiles(table: Table) -> list[int]:
    """The real tiles every seat sees, over the card's kinds: the discards lying dead, and the real tiles (jokers
    not counted) of every seat's exposures.  The discard a claim is asked about is not yet dead: it is left out.

    Asked at every call a seat could make: the count is kept between asks (:data:`_SEEN_MEMO`) and only the
    discards made since are added, while the deal's seats and every exposure are as they were and each seat's
    discards then are still the first of its discards now (as many, the last the same); else counted afresh.
    """
    flower, size, _ = _matching()
    keys = _keys(flower, size)
    seats = table.seats
    melds = tuple(tuple(s.melds) for s in seats)
    memo = _SEEN_MEMO
    if memo and memo[0] is seats and memo[2] == melds and all(
            len(s.discards) >= n and (not n or s.discards[n - 1] == last)
            for s, (n, last) in zip(seats, memo[1], strict=True)):
        # the engine only adds to a seat's discards, or takes back its last (a call, a decision timed out): the
        # discards then are still the first now where as many are there and the last of them is the same
        seen = memo[3]
        for s, (n, _) in zip(seats, memo[1], strict=True):
            for kind in s.discards[n:]:
                seen[keys[kind] if kind < _KINDS else size] += 1
    else:
        seen = _seen_afresh(seats, keys, size)
    memo[:] = [seats, [(len(s.discards), s.discards[-1] if s.discards else None) for s in seats], melds, seen]
    seen = list(seen)
    pending = table.last_discard
    if pending is not None and table.last_discarder is not None:
        discards = seats[table.last_discarder].discards
        if discards and discards[-1] == pending:
            seen[keys[pending] if pending < _KINDS else size] -= 1
    del seen[size]
    return seen


def _seen_afresh(seats: Sequence[Any], keys: list[int], size: int) -> list[int]:
    """:func:`seen_tiles` counted from every seat's discards and exposures, the pending discard among them, with a
    last place past the card's kinds: a sink for a kind no card counts (a discarded joker)."""
    seen = [0] * (size + 1)
    for s in seats:
        for kind in s.discards:
            seen[keys[kind] if kind < _KINDS else size] += 1
        for meld in s.melds:
            for kind in meld.tiles:
                seen[keys[kind] if kind < _KINDS else size] += 1
            for kind in meld.jokers:  # a joker stands among the meld's tiles as the kind it stands for
                seen[keys[kind] if kind < _KINDS else size] -= 1
    return seen


#: The seats :func:`seen_tiles` last counted, each seat's number of discards and last discard then, the exposures
#: then, and the count (the seats kept alive here, so that an identity compared is never another object's).
_SEEN_MEMO: list[Any] = []


#: The core's kinds a card's key is kept for (a joker's kind and any other past them count as no card's kind).
_KINDS = 128
_KEYS: list[int] = []


def _keys(flower: int, keys: int) -> list[int]:
    """The card's key of each core kind below :data:`_KINDS` (:func:`_key`), ``keys`` for one no card counts."""
    if not _KEYS:
        _KEYS.extend(kind if kind < flower else flower if kind in _FLOWER_KINDS else keys for kind in range(_KINDS))
    return _KEYS


@hookimpl(tryfirst=True)
def mahjong_score_hand(ruleset: Ruleset, hand: Hand, context: Mapping[str, Any]) -> Score | None:
    """A winning hand of a card is worth what the card says for the hand it makes (its ``value``, times the
    card's ``jokerless_multiplier`` where no joker is in it though one could have stood: ``Card.value``), the
    highest where it makes several; a loser's hand is worth nothing (a card scores only the winner's hand).
    Answered before the family (``tryfirst``), whose table of patterns knows no hand of a card; the family's
    settlement then pays this value.
    """
    # deferred: the card's modules, for a game that plays a card only.
    from mahjong_rulesets.cards.card import FLOWER, KEYS
    from mahjong_rulesets.cards.matching import completed

    family = str(scoring_value(ruleset, "family"))  # the family whose settlement pays it
    if not context.get("winner", True):
        return Score(0, family, raw={"card_value": 0})
    card = card_of(ruleset)
    counts = [0] * KEYS
    kinds = [*hand.concealed, *([hand.winning_tile] if hand.winning_tile is not None else [])]
    wild = list(hand.wild)
    for kind in kinds:
        if kind in wild:  # a joker held, standing for this kind
            wild.remove(kind)
        else:
            counts[_key(kind, FLOWER)] += 1
    # a hand's jokers: as the kinds they stand for (``wild``), or beside its tiles where the set plays kinds past
    # the 34 (flowers held), whose jokers the core does not read as n sets and a pair (``Seat.to_hand``)
    held_jokers = len(hand.wild) + hand.jokers
    exposures = [(_key(min(meld.tiles), FLOWER), len(meld.tiles)) for meld in hand.melds]
    readings = completed(card, counts, held_jokers, exposures)
    if not readings:
        return Score(0, family, raw={"card_value": 0})
    jokers = held_jokers + sum(len(meld.jokers) for meld in hand.melds)
    best = max(readings, key=lambda reading: card.value(reading, jokers))
    value = card.value(best, jokers)
    item = ScoreItem(best.hand.id, "points", value, source=f"card: {card.title}, hand {best.hand.id}",
                     detail=best.hand.name + (" (jokerless)" if value != best.hand.value else ""))
    return Score(value, family, (item,), raw={"card_value": value})


@hookimpl(tryfirst=True)
def mahjong_explain_total(ruleset: Ruleset, score: Mapping[str, Any], units: Mapping[str, str],
                          label: Callable[[str], str]) -> TotalSteps | None:
    """A card's score on a score card: the hand of the card it made and its value (doubled where no joker is in
    it), not the family's arithmetic, which never counted it.  ``None`` for a score the card did not make."""
    raw = score.get("raw") or {}
    if "card_value" not in raw:
        return None
    items = list(score.get("items") or ())
    total = int(score.get("value", raw["card_value"]))
    if not items:
        return TotalSteps((f"no hand of the card: {total} points",))
    item = items[0]
    return TotalSteps((f"{item.get('detail') or label(str(item.get('name')))}: the card's value, {total} points",),
                      frozenset({0}))
