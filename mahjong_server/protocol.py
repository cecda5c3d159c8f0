"""The wire protocol's client side: parsing, schema checks, size and rate limits, and the encoding of options.

Nothing a client sends is trusted.  A message is read only if it is small
enough, is JSON, and matches the published schema
(``mahjong_server/schemas/client-message.schema.json``, served at
``/schemas/client-message.schema.json``); anything else is answered with one
error message that names the message and what was expected.  The checks here
know nothing of the rules: whether an action is legal is decided by comparing
it with the options the engine listed (:func:`option_index`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from mahjong_core import MahjongError, StrictJSONError, action_fields, action_text, loads, parse_tiles

if TYPE_CHECKING:
    from jsonschema.protocols import Validator

    from mahjong_core import Action

#: The largest client message read, in bytes of UTF-8; a client's largest honest message is under 300.  A larger
#: one, up to :data:`FRAME_CAP_BYTES`, is answered with an error and changes nothing.
MAX_MESSAGE_BYTES = 4096
#: The largest websocket message the server takes off the wire at all: one larger closes the connection (code 1009,
#: "message too big"), since reading it whole to say why it is refused would let a client make the server hold
#: that much.
FRAME_CAP_BYTES = 1024 * 1024
#: Messages a connection may send per second on average, and in one burst.  An answer to the connection's open
#: prompt is not counted (:data:`ANSWERS_PER_PROMPT` of them a prompt): the engine, not the client, sets how fast
#: prompts come, and an answer refused for the rate would be played as the ruleset's timeout action.
RATE_PER_SECOND = 10.0
RATE_BURST = 30
#: Answers to one open prompt that are not counted by the rate limit (a refused chow may be answered again).
ANSWERS_PER_PROMPT = 5
#: Messages refused for the rate limit after which the connection is closed as a flood.
FLOOD_CLOSE_AFTER = 200


class ProtocolError(Exception):
    """A client message that is refused: ``message`` says why, for the error reply."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@cache
def schema(name: str) -> dict[str, Any]:
    """A published schema of this package (``client-message`` or ``table-request``)."""
    text = resources.files("mahjong_server").joinpath("schemas", f"{name}.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@cache
def _validator(name: str) -> Validator:
    from jsonschema import Draft202012Validator

    doc = schema(name)
    Draft202012Validator.check_schema(doc)
    return Draft202012Validator(doc)


def check_schema(name: str, value: Any) -> None:
    """Raise :class:`ProtocolError` naming the JSON path and the expectation if ``value`` breaks schema ``name``."""
    from jsonschema.exceptions import best_match

    error = best_match(_validator(name).iter_errors(value))
    if error is None:
        return
    path = "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in error.absolute_path)
    message = error.message
    if error.validator == "pattern" and isinstance(error.schema, dict) and "description" in error.schema:
        message = f"{error.instance!r} is not {error.schema['description']}"  # a regular expression says little
    raise ProtocolError(f"{path}: {message}")


def parse_client_message(text: str | bytes) -> dict[str, Any]:
    """A client message, checked: size, UTF-8, strict JSON, one object, the schema.

    The JSON is decoded strictly (:func:`mahjong_core.loads`): with a duplicate key, such as
    ``{"type": "ping", "type": "join"}``, two readers could take two different messages from one text, so it is
    refused, naming the key, rather than read as its last value.
    """
    data = text.encode("utf-8") if isinstance(text, str) else text
    if len(data) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message is {len(data)} bytes; at most {MAX_MESSAGE_BYTES} are read")
    try:
        value = loads(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise ProtocolError("message is not UTF-8 text; expected one JSON object") from None
    except StrictJSONError as exc:
        if exc.message.startswith("not JSON"):
            raise ProtocolError(f"message is {exc}; expected one JSON object") from None
        raise ProtocolError(f"message is refused: {exc}") from None
    if not isinstance(value, dict):
        raise ProtocolError(f"message is a JSON {type(value).__name__}; expected one JSON object")
    check_schema("client-message", value)
    return value


def encode_options(options: Sequence[Action], names: Sequence[str] | None = None) -> list[dict[str, Any]]:
    """The engine's options as the client sees them: index, the log's fields for the action, and its text.
    ``names``: the codes of the game's tile set, for a tile of its own an option names (an emperor kept in the
    hand, set aside or discarded)."""
    return [{"index": i, **action_fields(o, names), "text": action_text(o, names)} for i, o in enumerate(options)]


def option_index(message: dict[str, Any], options: Sequence[Action]) -> int:
    """Which of ``options`` an ``act`` message chooses, by index or by canonical encoding; refused otherwise."""
    if "index" in message:
        index = int(message["index"])
        if index >= len(options):
            raise ProtocolError(f"$.index: {index} is not an option; the prompt has options 0..{len(options) - 1}")
        return index
    wanted = message["action"]
    for i, option in enumerate(options):
        if action_fields(option) == wanted:
            return i
    raise ProtocolError(f"$.action: {json.dumps(wanted, sort_keys=True)} is not among the prompt's options; "
                        "legal: " + "; ".join(action_text(o) for o in options))


def marked_kinds(message: dict[str, Any]) -> tuple[int, ...]:
    """The kinds whose marked copy an ``act`` message names (``marked``: the person clicked a red five), as the
    engine's kind numbers; the seat checks the hand holds them (:func:`mahjong_core.refused_marking`)."""
    out: list[int] = []
    for code in message.get("marked", ()):
        try:  # the kind (5p), or the red copy's own code (0p) for it
            kinds: Sequence[int] = parse_tiles("5" + code[1:] if code[:1] == "0" else code)
        except MahjongError:
            kinds = ()
        if len(kinds) != 1:
            raise ProtocolError(f"$.marked: {code!r} is not one tile's code (5m, 5p, 5s)")
        out.append(kinds[0])
    return tuple(out)


class RateLimiter:
    """A token bucket per connection: ``RATE_PER_SECOND`` on average, ``RATE_BURST`` at once.

    It reads the monotonic clock, which only decides whether a message is
    read, never what happens in a game.
    """

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST):
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()
        self.refused = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.refused += 1
        return False
