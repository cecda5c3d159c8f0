"""The words of a game beyond its tiles -- action kinds, ways, phases, event types -- and what a plugin's event does.

The core writes its logs in a fixed set of words: the action kinds a
decision takes (``discard``, ``pung`` ...), the ways of an action
(``concealed`` for a kong ...), the phases a decision is made in
(``turn``, ``claim`` ...) and the event types of the catalogue
(:data:`mahjong_core.table.events.CATALOGUE`).  A plugin adds its own words as
:class:`Term` records, declared through the one contribution hook (a
``vocabulary`` contribution, :mod:`mahjong_core.plugin.contributions`), each
with the JSON Schema of its fields; the game of a ruleset that registers the
plugin may then offer, write and check them (:mod:`mahjong_core.plugin.vocabulary`).

A plugin's event changes the table only through :class:`Effect` records, a
small set of changes in the core's own terms.  They are written into the log's
header with the event type, so that the referee's fold, the viewer's fold and
the engine apply them without the plugin's code: a log stays readable where the
plugin is not installed.  An event type with no effect is shown, not folded.

These are data only, below the table and the plugin layers that use them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The action kinds the core's own phases and the bundled mechanisms offer (``schemas/replay.schema.json``,
#: a decision's ``action``).
CORE_ACTIONS = ("discard", "kong", "win", "pass", "chow", "pung", "exchange", "refuse", "continue", "end_deal",
                "declare_calling", "joker_exchange")
#: The ways of an action the core writes (a decision's ``way``).
CORE_WAYS = ("concealed", "from_discard", "added", "declare_calling", "withdraw_calling", "set_aside", "as_bonus",
             "blind", "ask")
#: The way of a plugin's turn action that sets its tile aside face up and is made good from the dead wall (a North
#: set aside as a dora in three-player riichi): the engine offers the tile to be robbed, the plugin's events set it
#: aside, and the seat takes a replacement tile (:func:`mahjong_core.engine.turn.turn`).
SET_ASIDE = "set_aside"
#: The way of a plugin's turn action that sets a tile the seat holds -- a joker among its jokers -- aside face up as
#: a bonus tile, scored as the bonus tiles are, and made good from the dead wall (Vietnamese jokers declared for
#: Phán): the engine logs the core's ``bonus`` event for it and the seat takes a replacement tile
#: (:func:`mahjong_core.engine.turn.turn`); the plugin only offers it.
AS_BONUS = "as_bonus"
#: The phases a decision is made in (a decision's ``phase``).
CORE_PHASES = ("turn", "claim", "exchange", "rob_kong", "rob_bonus", "false_mahjong", "declaration")

#: The phases of a game the table passes through (``Table.phase``; ``mahjong_core.engine.game.PHASES``).
TABLE_PHASES = ("setup", "wall", "deal", "exchange", "bonus", "declarations", "turns", "scoring", "settlement",
                "rotation", "over")

#: What a plugin may declare: an action kind, a way, a phase or an event type.
TERM_KINDS = ("action", "way", "phase", "event")
#: A plugin's word: lower-case letters and underscores, as the replay schema's event types are written.
NAME = re.compile(r"[a-z][a-z_]{0,31}")

#: Each effect and the event fields it reads (by the names its declaration gives).
EFFECT_FIELDS: dict[str, tuple[str, ...]] = {
    "flag": ("seat", "value"),      # a seat's flag or declaration set: flags[name] = event[value]
    "count": (),                    # a table counter changed: counters[name] += event[by] (or the number by)
    "show": ("tile",),              # a tile shown to all (an indicator): the table's shown tiles gain event[tile]
    "set_aside": ("seat", "tile"),  # a tile from a seat's concealed hand set aside face up
}


@dataclass(frozen=True)
class Effect:
    """One change an event of a plugin's type makes to the table, in the core's terms.

    Each names the event fields it reads, so one declaration serves every event of the type.

    :param kind: ``flag``, ``count``, ``show`` or ``set_aside`` (the effects ``EFFECT_FIELDS`` lists).
    :param name: the flag's or the counter's name (``flag``, ``count``).
    :param seat: the field holding the seat (``flag``, ``set_aside``).
    :param tile: the field holding the tile's code (``show``, ``set_aside``).
    :param value: the field holding the flag's value (``flag``).
    :param by: for ``count``, the field holding the change, or the change itself as a number.
    """

    kind: str
    name: str = ""
    seat: str = "seat"
    tile: str = "tile"
    value: str = "value"
    by: str | int = 1

    def to_json(self) -> dict[str, Any]:
        """The effect as the log's header writes it: only what its kind reads."""
        out: dict[str, Any] = {"do": self.kind}
        if self.kind in ("flag", "count"):
            out["name"] = self.name
        for key in EFFECT_FIELDS.get(self.kind, ()):
            out[key] = getattr(self, key)
        if self.kind == "count":
            out["by"] = self.by
        return out

    def reads(self) -> tuple[str, ...]:
        """The event fields this effect reads."""
        fields = [getattr(self, key) for key in EFFECT_FIELDS.get(self.kind, ())]
        if self.kind == "count" and isinstance(self.by, str):
            fields.append(self.by)
        return tuple(fields)


@dataclass(frozen=True)
class Term:
    """One word a plugin adds to the game's vocabulary.

    :param kind: ``action`` (an action kind a decision may take), ``way`` (a way of an action), ``phase`` (a
        phase of the deal in which seats decide) or ``event`` (an event type the game logs).
    :param name: the word as logs write it (lower-case letters and underscores, at most 32); it may collide
        with no word of the core's and no other plugin's.
    :param fields: a JSON Schema (``type: object``, with ``properties``) of its fields: an event's fields
        beyond ``n``, ``t``, ``actor`` and ``type``; a decision's fields when it takes this action (its
        ``tile``, ``tiles``, ``way``).  ``#/$defs/seat`` and ``#/$defs/tile`` name the replay schema's.
    :param label: a short label the viewer and ``mahjong view`` show (the name is shown where none is given).
    :param effects: for an event, what it does to the table (:class:`Effect`); none: it is shown, not folded.
    :param actor: for an event, ``"table"`` (the table logs it) or ``"seat"`` (a seat's own act).
    :param after: for a phase, the core phase it follows (``declarations``: after the deal's declarations,
        before the first turn; the one place a plugin's phase runs for now).
    :param words: display words: what a person reads for a word this term's events or decisions write -- a flag
        its effects set, a value its fields take, a way (``{"missing_suit": "missing suit", "no_circles":
        "circles"}``).  ``mahjong view``, the viewer and the live table show each such word by its display word
        (``display_word``), and a word with none as itself with its underscores as spaces.
    """

    kind: str
    name: str
    fields: Mapping[str, Any] | None = None
    label: str = ""
    effects: tuple[Effect, ...] = ()
    actor: str = "table"
    after: str = "declarations"
    words: Mapping[str, str] | None = field(default=None, compare=False)

    def properties(self) -> Mapping[str, Any]:
        """The fields its schema names."""
        props = (self.fields or {}).get("properties")
        return props if isinstance(props, Mapping) else {}

    def required(self) -> tuple[str, ...]:
        """The fields its schema requires."""
        req = (self.fields or {}).get("required")
        return tuple(req) if isinstance(req, list | tuple) else ()


#: Where a plugin's phase may run.
PHASE_SLOTS = ("declarations",)


def term_problems(term: object) -> list[str]:
    """What is wrong with a declared term, each said in a few words (empty: nothing)."""
    if not isinstance(term, Term):
        return [f"{type(term).__name__} {term!r} is not a Term"]
    out: list[str] = []
    if term.kind not in TERM_KINDS:
        out.append(f"{term.name!r} is of kind {term.kind!r}, none of {', '.join(TERM_KINDS)}")
    if not isinstance(term.name, str) or not NAME.fullmatch(term.name):
        out.append(f"{term.name!r} is not a name a log can hold (lower-case letters and underscores, at most 32)")
    if term.fields is not None and (not isinstance(term.fields, Mapping) or term.fields.get("type") != "object"):
        out.append(f"{term.name}: its fields are a JSON Schema of type object")
    if term.effects and term.kind != "event":
        out.append(f"{term.name}: only an event has effects")
    if term.kind == "event" and term.actor not in ("table", "seat"):
        out.append(f"{term.name}: its actor is 'table' or 'seat', not {term.actor!r}")
    if term.kind == "phase" and term.after not in PHASE_SLOTS:
        out.append(f"{term.name}: a plugin's phase runs after {' or '.join(PHASE_SLOTS)}, not {term.after!r}")
    if term.kind == "event":
        reserved = {"n", "t", "actor", "type"} & set(term.properties())
        if reserved:
            out.append(f"{term.name}: {', '.join(sorted(reserved))} are every event's own fields")
    if term.words is not None:
        if not isinstance(term.words, Mapping) or len(term.words) > MAX_WORDS:
            out.append(f"{term.name}: its words are a mapping of at most {MAX_WORDS} words to display words")
        else:
            for word, shown in term.words.items():
                if not isinstance(word, str) or not NAME.fullmatch(word) or not isinstance(shown, str) \
                        or not 0 < len(shown) <= MAX_SHOWN:
                    out.append(f"{term.name}: its word {word!r} is shown as {shown!r}; a word is a name a log can "
                               f"hold and is shown as a text of 1 to {MAX_SHOWN} characters")
    props = term.properties()
    for effect in term.effects:
        if not isinstance(effect, Effect) or effect.kind not in EFFECT_FIELDS:
            out.append(f"{term.name}: effect {effect!r} is none of {', '.join(EFFECT_FIELDS)}")
            continue
        if effect.kind in ("flag", "count") and not NAME.fullmatch(effect.name or ""):
            out.append(f"{term.name}: a {effect.kind} effect names its {effect.kind} (lower-case letters)")
        for read in effect.reads():
            if read not in props:
                out.append(f"{term.name}: its {effect.kind} effect reads the field {read!r}, which its fields "
                           f"do not declare")
        if effect.kind == "count" and not isinstance(effect.by, str | int):
            out.append(f"{term.name}: a count effect's by is a field name or a whole number")
    return out


#: At most so many display words per term, each at most so long (the replay schema's bounds).
MAX_WORDS = 64
MAX_SHOWN = 80


def display_word(word: str, words: Mapping[str, str]) -> str:
    """What a person reads for a plugin's word: its display word, where its vocabulary gives one (``words``, as
    :func:`mahjong_core.log.fold.display_words` gathers them from a log's header), else the word with its
    underscores as spaces."""
    return words.get(word) or word.replace("_", " ")


def effects_of_json(declared: object) -> tuple[Effect, ...] | None:
    """Effects as a log's header writes them (:meth:`Effect.to_json`), or ``None`` for anything else."""
    if not isinstance(declared, list):
        return None
    out: list[Effect] = []
    for item in declared:
        if not isinstance(item, Mapping) or item.get("do") not in EFFECT_FIELDS:
            return None
        kind = item["do"]
        keys = {k: item[k] for k in ("name", *EFFECT_FIELDS[kind], "by") if k in item}
        if not all(isinstance(v, str) for k, v in keys.items() if k != "by"):
            return None
        by = keys.get("by", 1)
        if isinstance(by, bool) or not isinstance(by, str | int):
            return None
        out.append(Effect(kind, **keys))
    return tuple(out)
