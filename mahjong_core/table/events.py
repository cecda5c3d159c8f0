"""How tiles, actions and scores are written into the game's events and messages.

An event is a JSON-ready dict of a type declared once in :data:`CATALOGUE` (its
fields, their kinds, who acts), and a replay log is those events byte for byte, so
every value an event carries is written one way, here: a tile as its notation code, an action as its fields, a score
as its own JSON.  Error messages name actions in the same words.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from mahjong_core.hand.jokers import ANY_JOKER, JOKER_TYPES
from mahjong_core.hand.tiles import JOKER, JOKER_FRAMES, KINDS, TileSet
from mahjong_core.table.state import Action

if TYPE_CHECKING:
    from mahjong_core.hand.score import Score


#: The letter of each frame's codes, by the frame's place.
_FRAME_LETTERS = tuple(JOKER_FRAMES.values())


def code(tile: int) -> str:
    """A tile kind as its notation code; anything else as a marker that says what it was instead."""
    if isinstance(tile, int) and 0 <= tile < len(KINDS):
        return KINDS[tile].code
    if isinstance(tile, int) and ANY_JOKER <= tile < ANY_JOKER + 9:  # a joker an action names, typed by its type
        return f"{tile - ANY_JOKER + 1}{JOKER[0][1:]}"
    if isinstance(tile, int) and ANY_JOKER + JOKER_TYPES <= tile < ANY_JOKER + JOKER_TYPES * len(_FRAME_LETTERS):
        frame, t = divmod(tile - ANY_JOKER, JOKER_TYPES)  # a framed copy an action names: ``1d``, ``1c``
        return f"{t + 1}{_FRAME_LETTERS[frame]}"
    return f"<not a tile: {tile!r}>"


def codes(tiles: Sequence[int]) -> list[str]:
    """Tile kinds as their notation codes, in the order given (a joker an action names, ``ANY_JOKER``, as ``1j``)."""
    try:
        return [KINDS[t].code for t in tiles]
    except IndexError:
        return [code(t) for t in tiles]


def held_codes(counts: Sequence[int], marked: Sequence[int], tiles: TileSet | None) -> list[str]:
    """Concealed tiles as codes, sorted: each kind's plain copies, then its marked copies (``5p 0p``).

    :param marked: the playing kinds of the marked copies held.
    """
    if not marked:
        return [KINDS[kind].code for kind, n in enumerate(counts) for _ in range(n)]
    assert tiles is not None  # only a tile set makes marked copies and jokers
    out: list[str] = []
    for kind, n in enumerate(counts):
        red = marked.count(kind)
        out.extend([KINDS[kind].code] * (n - red))
        if red:
            out.extend([tiles.code(tiles.marked_of(kind))] * red)
    return out


def action_fields(action: Action, names: Sequence[str] | None = None) -> dict[str, Any]:
    """An action as event fields: its kind, and its tile, tiles and way where it has them.

    ``names``: the codes of the game's tile set by kind, for a tile past the standard ones that an action names
    by its kind (an emperor kept in the hand, ``1e``, discarded or set aside: ``bonus_kept``); without them such a
    tile has no code.
    """
    fields: dict[str, Any] = {"action": action.kind}
    if action.tile is not None:
        tile = action.tile
        fields["tile"] = names[tile] if names is not None and len(KINDS) <= tile < len(names) else code(tile)
    if action.tiles:
        fields["tiles"] = codes(action.tiles)
    if action.way is not None:
        fields["way"] = action.way
    if action.marked and action.kind != "discard":  # a discarded marked copy is named by its own code instead
        fields["marked"] = codes(action.marked)
    if action.count is not None:
        fields["count"] = action.count
    return fields


def action_text(action: Action, names: Sequence[str] | None = None) -> str:
    """An action in a few words for a message: ``pung 5p 5p+5p``, ``kong 1z (concealed)``; ``names`` as for
    :func:`action_fields`."""
    parts = [action.kind]
    if action.tile is not None:
        tile = action.tile
        parts.append(names[tile] if names is not None and len(KINDS) <= tile < len(names) else code(tile))
    if action.tiles:
        parts.append("+".join(codes(action.tiles)))
    if action.way:
        parts.append(f"({action.way})")
    if action.count is not None:
        parts.append(str(action.count))
    return " ".join(parts)


def score_fields(score: Score) -> dict[str, Any]:
    """A score as event fields: its total and its items (each with value and source)."""
    if hasattr(score, "to_json"):
        return score.to_json()
    if isinstance(score, Mapping):
        return dict(score)
    return {"value": score}


# ---------------------------------------------------------------------- the event catalogue
#
# Every event type a log may hold, with its fields, declared once.  The replay schema
# (schemas/replay.schema.json, its event part) is checked against this table both ways, every
# golden replay and sheet log is checked against it event by event, and the one fold of events into
# table state (mahjong_core.log.fold) has a handler for each type here, as the viewer page's fold
# (mahjong_server/static/replay_state.js) does: a test fails until all four agree.
# docs/replay-format.md ("Adding an event type") says how to add one.

#: The JSON type of each field kind, as the replay schema writes it.
FIELD_KINDS: dict[str, str] = {
    "seat": "integer", "count": "integer", "wind": "integer", "int": "integer",
    "tile": "string", "text": "string", "sha256": "string", "hex": "string", "signature": "string",
    "bool": "boolean", "object": "object",
    "tiles": "array", "hands": "array", "ints": "array", "list": "array", "payments": "array",
}


@dataclass(frozen=True)
class Field:
    """One field of an event type.

    :param name: its key in the event.
    :param kind: one of :data:`FIELD_KINDS` (a ``seat``, a ``tile``, a ``count`` ...).
    :param required: whether every event of the type carries it.
    :param nullable: whether ``null`` is a value it may take (a physical game's ``wall_commitment``).
    """

    name: str
    kind: str
    required: bool = True
    nullable: bool = False

    @property
    def json_type(self) -> str:
        """The field's JSON type, as the replay schema names it."""
        return FIELD_KINDS[self.kind]


def _opt(name: str, kind: str, *, nullable: bool = False) -> Field:
    return Field(name, kind, required=False, nullable=nullable)


@dataclass(frozen=True)
class EventType:
    """One event type: its name, who acts in it, and its fields beyond ``n``, ``t``, ``actor`` and ``type``.

    :param name: the event's ``type``.
    :param actor: ``"table"`` for what the table does (dealing, draws, claims taken, scores), ``"seat"`` for a
        player's own choice (a decision, whose ``actor`` is the seat).
    :param fields: its fields, in the order the engine writes them.
    :param open: whether it carries further fields named elsewhere (a score's own fields, a timeout's action).
    :param meaning: what it records, in a few words.
    """

    name: str
    actor: str
    fields: tuple[Field, ...]
    meaning: str
    open: bool = False

    def field(self, name: str) -> Field | None:
        """The field called ``name``, or ``None``."""
        return next((f for f in self.fields if f.name == name), None)

    def __call__(self, n: int, t: int, actor: int | str, **fields: Any) -> dict[str, Any]:
        """An event of this type, its keys in the order every log writes them: ``n``, ``t``, ``actor``, ``type``,
        then the fields as given (``Game.event`` builds the same)."""
        return {"n": n, "t": t, "actor": actor, "type": self.name, **fields}


#: Every event type, by name, in the order a deal meets them.
CATALOGUE: dict[str, EventType] = {e.name: e for e in (
    EventType("deal_start", "table", (Field("deal", "count"), Field("round", "count"), Field("dealer", "seat"),
                                      Field("prevalent_wind", "wind"),
                                      Field("wall_commitment", "sha256", nullable=True), _opt("salt", "hex")),
              "a deal begins, with the commitment to its wall"),
    EventType("wall_build", "table", (Field("tiles", "count"), Field("sides", "ints")),
              "the wall is built: stacks per side"),
    EventType("wall_dice", "table", (Field("thrower", "seat"), Field("values", "ints")),
              "a throw of the dice in the wall ceremony"),
    EventType("wall_break", "table", (Field("side", "count"), Field("position", "count")),
              "where the wall is broken"),
    EventType("wall_loose", "table", (Field("count", "count"), Field("refill", "bool")),
              "loose tiles laid out from the dead wall"),
    EventType("wall_deal", "table", (Field("seat", "seat"), Field("count", "count")),
              "a block of tiles dealt (seat relative to the dealer)"),
    EventType("hands", "table", (Field("hands", "hands"),), "every seat's dealt tiles"),
    EventType("revealed", "table", (Field("hands", "list"), Field("flags", "list"), Field("calling", "list"),
                                    _opt("facts", "object"), _opt("score", "object"), _opt("declared", "object"),
                                    _opt("told", "object")),
              "a score sheet's deal: the hands as laid down on the table (``score``: the winner's figures where "
              "its hand is not written; ``declared``: the declarations that stood, seats by action kind; "
              "``told``: what no tile shows, the ``ready`` seats at a draw and those of ``all_orphan_discards``)"),
    EventType("bonus", "table", (Field("seat", "seat"), Field("tile", "tile")), "a bonus tile set aside"),
    EventType("wild_revealed", "table", (Field("tile", "tile"), Field("kinds", "tiles"), _opt("dice", "ints")),
              "the tile turned after the deal, shown to all, whose kind is wild for the deal (``kinds``); with "
              "``dice``, the throw that counted it from the wall's end, where it stays"),
    EventType("wild_taken", "table", (Field("seat", "seat"), Field("tile", "tile")),
              "a seat took the turned wild tile into its hand, to win with it (robbing the gold)"),
    EventType("bonus_robbed", "table", (Field("seat", "seat"), Field("drawer", "seat"), Field("tile", "tile")),
              "a seat took the bonus tile the drawer had just set aside, or that the drawer holds, from his bonus "
              "row into its own, to win with it (seven flowers robbing the eighth), or as a plugin's rule moves it "
              "(a predator taking its prey)"),
    EventType("hand_shown", "table", (Field("seat", "seat"), Field("tiles", "tiles")),
              "a seat's concealed tiles, all of them, turned face up for every seat by a declaration made with the "
              "hand open: from now on every seat's view shows them, a tile the seat draws hidden until it is "
              "discarded or won with (the hand is locked: Korea's exposed ready declaration)"),
    EventType("replacement", "table", (Field("seat", "seat"), Field("tile", "tile"), Field("reason", "text")),
              "a loose tile, for a bonus tile or a kong"),
    EventType("draw", "table", (Field("seat", "seat"), Field("tile", "tile")), "a draw from the live wall"),
    EventType("decision", "seat", (Field("phase", "text"), Field("action", "text"), _opt("tile", "tile"),
                                   _opt("tiles", "tiles"), _opt("way", "text"), _opt("after_ms", "int"),
                                   _opt("marked", "tiles"), _opt("count", "count")),
              "a player's choice (``marked``: the kinds among a claim's ``tiles`` whose marked copy the player "
              "chose to use where it holds a plain one too; a discarded marked copy is named by its own code; "
              "``count``: the number of tiles a seat asks to pass, with the way ``ask``)"),
    EventType("timeout", "table", (Field("seat", "seat"), Field("what", "text"), Field("limit_ms", "int"),
                                   Field("action", "text"), _opt("tile", "tile"), _opt("tiles", "tiles"),
                                   _opt("way", "text"), _opt("count", "count")),
              "a decision overran its limit: the ruleset's timeout action replaces it"),
    EventType("wrong_count", "table", (Field("seat", "seat"), Field("tiles", "count"), Field("correction", "text")),
              "a seat holds the wrong number of tiles and the ruleset corrects it"),
    EventType("false_mahjong", "table", (Field("seat", "seat"), Field("reason", "text"), Field("rule", "text"),
                                         Field("payments", "payments"), Field("scores", "ints")),
              "a mahjong declared on a hand that is not one, and its penalty"),
    EventType("deal_abandoned", "table", (), "the wronged side ended the deal after a false mahjong"),
    EventType("draw_returned", "table", (Field("seat", "seat"), Field("tile", "tile")),
              "a late claim took the discard after the next seat drew: the draw goes back"),
    EventType("exchange", "table", (Field("step", "text"), Field("giver", "seat"), Field("receiver", "seat"),
                                    Field("count", "count"), _opt("blind", "bool")),
              "tiles passed in a Charleston or partner exchange (``blind``: passed on unseen, the first ``count`` of "
              "those the giver has been passed in this step and not yet passed on)"),
    EventType("calling", "table", (Field("seat", "seat"), Field("declared", "bool")),
              "a calling hand declared outside a discard"),
    EventType("joker_exchange", "table", (Field("seat", "seat"), Field("tile", "tile"), Field("owner", "seat")),
              "a seat gave the tile a joker in an exposed meld of ``owner`` stands for, and took the joker"),
    EventType("claim", "table", (Field("seat", "seat"), Field("kind", "text"), Field("tile", "tile"),
                                 Field("discarder", "seat"), Field("tiles", "tiles"), _opt("jokers", "tiles"),
                                 _opt("joker_tiles", "tiles"), _opt("marked", "tiles")),
              "the claim that took a discard (``jokers``: the kinds the meld's jokers stand for, among ``tiles``; "
              "``joker_tiles``: where jokers are typed, the joker tiles that went in; "
              "``marked``: the kinds whose marked copy the claimer chose to give up from its hand)"),
    EventType("kong", "table", (Field("seat", "seat"), Field("tile", "tile"), Field("way", "text"),
                                _opt("tiles", "tiles"), _opt("jokers", "tiles")),
              "a kong made in a seat's turn (``tiles`` only in a seat's view: how another's concealed kong lies; "
              "``jokers``: the kinds its jokers stand for)"),
    EventType("mahjong", "table", (Field("seat", "seat"), Field("tile", "tile"), Field("how", "text"),
                                   Field("discarder", "seat", nullable=True), _opt("play_on", "bool"),
                                   _opt("stays_in_play", "bool"), _opt("as_joker", "tile")),
              "the deal is won (``play_on``: play goes on after it, without the winner -- or, with "
              "``stays_in_play``, with the winner, its winning tile set aside face up; ``as_joker``: a discarded "
              "joker won on, which joins the hand as this joker)"),
    EventType("exhaustive_draw", "table", (), "the live wall reached the ruleset's threshold"),
    EventType("abortive_draw", "table", (Field("reason", "text"),),
              "a rule of the ruleset ended the deal as an abortive draw, for the reason named"),
    EventType("score", "table", (Field("seat", "seat"), Field("value", "int"), _opt("family", "text"),
                                 _opt("items", "list"), _opt("excluded", "list"), _opt("limit", "text"),
                                 _opt("raw", "object"), _opt("arrangement", "object")),
              "a hand's score, with every item, its value and its source row", open=True),
    EventType("penalty", "table", (Field("rule", "text"), Field("seat", "seat")),
              "a penalty replaced the settlement"),
    EventType("settlement", "table", (Field("payments", "payments"), Field("scores", "ints")),
              "the payments and the running scores after them"),
    EventType("deal_end", "table", (Field("deal", "count"), Field("salt", "hex", nullable=True),
                                    Field("state", "sha256"), _opt("chain", "sha256"), _opt("sig", "signature")),
              "the deal's checkpoint: its salt, the table's state hash and the seal"),
    EventType("rotation", "table", (Field("dealer", "seat"), Field("prevalent_wind", "wind"), Field("round", "count")),
              "where the next deal goes"),
    EventType("payment", "table", (Field("payer", "seat", nullable=True), Field("payee", "seat", nullable=True),
                                   Field("amount", "int"), Field("reason", "text")),
              "points moved in a deal or at the game's end, from a seat or the pot (``null``) to a seat or the pot"),
    EventType("counter", "table", (Field("name", "text"), Field("value", "int")),
              "a counter the table keeps across deals (``honba``) set to a new value"),
    EventType("game_end", "table", (Field("scores", "ints"), Field("deals", "count"), _opt("team_scores", "ints"),
                                    _opt("chain", "sha256"), _opt("sig", "signature")),
              "the result and the last seal"),
)}

def payment_event(payer: int | None, payee: int | None, amount: int, reason: str) -> dict[str, Any]:
    """A ``payment`` for a plugin to return from ``mahjong_event_reactions`` or ``mahjong_game_settlement``.

    :param payer: the seat that pays, or ``None`` for the pot.
    :param payee: the seat paid, or ``None`` for the pot.
    :param amount: points, more than 0.
    :param reason: the rule that makes the payment (``riichi_stick``, ``uma``), as the log and the views name it.
    """
    return {"type": "payment", "payer": payer, "payee": payee, "amount": amount, "reason": reason}


def counter_event(name: str, value: int) -> dict[str, Any]:
    """A ``counter`` event setting the table's counter ``name`` (``honba``) to ``value``, for a plugin to return
    from ``mahjong_event_reactions``."""
    return {"type": "counter", "name": name, "value": value}


#: The fields every event carries, whatever its type.
COMMON_FIELDS = ("n", "t", "actor", "type")

_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "integer": (int,), "string": (str,), "boolean": (bool,), "object": (dict,), "array": (list,),
}


def problems(event: Mapping[str, Any]) -> list[str]:
    """What is wrong with ``event`` by the catalogue: an unknown type, a missing or unknown field, a field of
    the wrong JSON type, an actor of the wrong kind (empty: nothing).  The schema checks values in detail; this
    checks that the event is the one its type declares."""
    spec = CATALOGUE.get(str(event.get("type")))
    if spec is None:
        return [f"unknown event type {event.get('type')!r}"]
    out = [f"{spec.name}: no {f.name}" for f in spec.fields if f.required and f.name not in event]
    for key, value in event.items():
        if key in COMMON_FIELDS:
            continue
        f = spec.field(key)
        if f is None:
            if not spec.open:
                out.append(f"{spec.name}: unknown field {key}")
            continue
        if value is None and f.nullable:
            continue
        wanted = _JSON_TYPES[f.json_type]
        if not isinstance(value, wanted) or (f.json_type == "integer" and isinstance(value, bool)):
            out.append(f"{spec.name}: {key} is not {f.json_type}: {value!r}")
    actor = event.get("actor")
    if (spec.actor == "table") != (actor == "table") or (spec.actor == "seat" and not isinstance(actor, int)):
        out.append(f"{spec.name}: actor {actor!r}, expected {'the table' if spec.actor == 'table' else 'a seat'}")
    return out
