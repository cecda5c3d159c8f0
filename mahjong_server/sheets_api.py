"""The score-entry page's server side: a sheet typed at a physical table, scored and checked as it is typed.

A referee enters a game on ``/scores`` deal by deal, and the page sends the
whole sheet (as JSON, in the score-sheet format) to ``POST /api/sheets/check``
after each pause in typing.  The server decides, the page shows: the sheet is
read, re-enacted and compared by the same code as ``mahjong audit``
(:func:`mahjong_core.parse_sheet`, :func:`mahjong_core.rules_deals`), and the
answer gives, per deal, each hand's score with its items, the rules' payments and running totals, and every written
figure with the rules' figure beside it; a mistake that stops the sheet from
being read (a hand that does not parse, a winner with no winning tile) is
located at its deal, field and player, so the page shows it beside the input.
A deal after the first that cannot be read does not hide the deals before it:
they are scored on their own.  ``POST /api/sheets`` keeps a sheet in the data
folder (``DIR/sheets/NAME.yaml``) as the canonical YAML
(:func:`~mahjong_core.sheet_yaml`), the file the commands read.

Only installed rulesets are offered: a sheet names its ruleset by id, and a
file path would have the server read a file of the client's choosing.
"""

from __future__ import annotations

import ast
import asyncio
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from mahjong_core import MahjongError, StrictJSONError, loads

#: The largest sheet the page may send, in bytes: a long club night (400 deals, the schema's most) fits.
MAX_SHEET_BYTES = 512 * 1024
#: A saved sheet's name: a file name in the data folder's ``sheets/``, nothing that could reach another folder.
SHEET_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")
#: Checks run at most this many at a time, off the event loop (each re-enacts a whole sheet).
_CHECKS = asyncio.Semaphore(2)
_SEGMENT = re.compile(r"\.([^\W\d]\w*)|\[(\d+)\]|\[('(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\")\]")


class BadBody(Exception):
    """A request body that is not a sheet this API takes: an HTTP status and one message naming the field."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.message, self.status = message, status


def where(place: str | None) -> dict[str, Any]:
    """A JSON path of a sheet (``$.deals[2].hands.Anna``) as the page finds its input: deal (1-based), field,
    player, item (a row of a list such as ``payments``)."""
    out: dict[str, Any] = {"deal": None, "field": None, "player": None, "item": None}
    if not place or not place.startswith("$"):
        return out
    parts: list[str | int] = []
    pos = 1
    while pos < len(place):  # stops at the end or at what follows the path (`` (line 4)``)
        m = _SEGMENT.match(place, pos)
        if m is None:
            break
        parts.append(m[1] if m[1] else int(m[2]) if m[2] else ast.literal_eval(m[3]))
        pos = m.end()
    if parts[:1] == ["deals"] and len(parts) > 1 and isinstance(parts[1], int):
        out["deal"] = parts[1] + 1
        parts = parts[2:]
    if parts and isinstance(parts[0], str):
        out["field"] = parts[0]
        for part in parts[1:2]:
            out["player" if isinstance(part, str) else "item"] = part
    return out


def _error(exc: MahjongError) -> dict[str, Any]:
    return {"message": exc.message, "place": exc.place, "line": exc.line, **where(exc.place)}


def read_body(body: bytes) -> dict[str, Any]:
    """The JSON object of a request body, decoded strictly (no duplicate keys, integers only).

    :raises BadBody: over :data:`MAX_SHEET_BYTES`, not UTF-8, not JSON, or not an object.
    """
    if len(body) > MAX_SHEET_BYTES:
        raise BadBody(f"the request is larger than {MAX_SHEET_BYTES:,} bytes; at most that is read", 413)
    try:
        value = loads(body.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise BadBody(f"the request is not UTF-8 text (byte {exc.start + 1})") from None
    except StrictJSONError as exc:
        raise BadBody(f"the request is not a score sheet in JSON: {exc}") from None
    if not isinstance(value, dict):
        raise BadBody(f"$: expected a score sheet (a JSON object with sheet, ruleset, players and deals), got "
                      f"{type(value).__name__}")
    return value


def check_sheet(document: dict[str, Any]) -> dict[str, Any]:
    """Read, score and compare a sheet given as plain data; never raises for a bad sheet.

    :returns: ``ok`` (the sheet reads and every written figure agrees), ``verdict`` (one line), ``yaml`` (its
        canonical text), ``errors`` (what stops it from being read, each located), ``deals`` (the rules' scores,
        payments and totals of each deal read) and ``figures`` (every written figure against the rules').
    """
    from mahjong_core import sheet_yaml

    text = sheet_yaml(document)
    out: dict[str, Any] = {"ok": False, "verdict": "", "yaml": text, "errors": [], "deals": [], "figures": []}
    refused = _ruleset_refused(document)
    if refused is not None:
        out["errors"] = [refused]
        out["verdict"] = refused["message"]
        return out
    out["errors"] = _hand_errors(document)
    first, recorded = _record(document, text)
    if first is not None and all(e["place"] != first["place"] for e in out["errors"]):
        out["errors"].append(first)
    if recorded is None:
        out["verdict"] = _located(out["errors"][0]) if out["errors"] else "the sheet could not be read"
        return out
    out["deals"] = _deals(recorded)
    out["figures"] = _figures(recorded)
    wrong = [f for f in out["figures"] if not f["agrees"]]
    if out["errors"]:
        out["verdict"] = _located(out["errors"][0])
    elif wrong:
        own = sum(1 for f in wrong if not f["follows"])
        out["verdict"] = f"{own} figure{'s' if own != 1 else ''} of the sheet differ{'' if own != 1 else 's'} " \
                         "from the rules" + (f" ({len(wrong) - own} more only because of them)" if own < len(wrong)
                                             else "")
    else:
        out["ok"] = True
        from mahjong_core import sheet_agreement

        out["verdict"] = sheet_agreement(recorded.sheet)
    return out


def _located(error: dict[str, Any]) -> str:
    return f"deal {error['deal']}: {error['message']}" if error["deal"] else error["message"]


def _ruleset_refused(document: dict[str, Any]) -> dict[str, Any] | None:
    from mahjong_core import available

    name = document.get("ruleset")
    if not isinstance(name, str) or name in available():
        return None  # a ruleset that is no string is the schema's to name
    return {"message": f"{name!r} is not a ruleset installed on this server; the page checks sheets under "
                       f"{', '.join(available())} (a sheet under a house-rule file is checked with `mahjong "
                       "audit` beside the file)", "place": "$.ruleset", "line": None, **where("$.ruleset")}


def _hand_errors(document: dict[str, Any]) -> list[dict[str, Any]]:
    """Every hand that does not parse, each at its deal and player: the page shows them all as typed, where a
    sheet's reading stops at its first mistake.  Hands are read as the sheet's reader reads them: in the ruleset's
    tile set (a red five ``0p``) and a meld's seat mark at the table's seat count."""
    from mahjong_core import available, json_path, load_ruleset, parse_hand

    name = document.get("ruleset")
    ruleset = load_ruleset(name) if isinstance(name, str) and name in available() else None
    tiles = ruleset.tiles() if ruleset is not None else None
    own = None if tiles is None or tiles.standard else tiles  # a red five 0p, North set aside: the sheet's set
    seats = int(ruleset.param("players")) if ruleset is not None else 4  # the rules' table, not the names typed
    found = []
    deals = document.get("deals")
    for i, deal in enumerate(deals if isinstance(deals, list) else ()):
        hands = deal.get("hands") if isinstance(deal, dict) else None
        for name, hand in (hands.items() if isinstance(hands, dict) else ()):
            if not isinstance(hand, str):
                continue
            try:
                parse_hand(hand, source="<sheet>", tiles=own, seats=seats)
            except MahjongError as exc:
                place = json_path(["deals", i, "hands", name])
                at = f" at {exc.place}" if exc.place else ""
                found.append({"message": f"{name}'s hand: {exc.message}{at} of {hand!r}", "place": place,
                              "line": None, **where(place)})
    return found


def _record(document: dict[str, Any], text: str) -> tuple[dict[str, Any] | None, Any]:
    """The sheet re-enacted, or as much of it as reads: the first error, and the record of the deals before it."""
    from mahjong_core import parse_sheet, record, sheet_yaml

    first = None
    while True:
        try:
            return first, record(parse_sheet(text, "sheet.yaml"))
        except MahjongError as exc:
            first = first or _error(exc)
            deal = where(exc.place)["deal"]
            deals = document.get("deals")
            if not deal or deal < 2 or not isinstance(deals, list) or deal > len(deals):
                return first, None
            document = {**document, "deals": deals[:deal - 1]}
            text = sheet_yaml(document)


def _deals(recorded: Any) -> list[dict[str, Any]]:
    """Each deal as the rules scored it: East, the round, the winner, every scored hand with its items, the
    payments with their reasons, each player's result and running total."""
    from mahjong_core import rules_deals

    names = recorded.sheet.players
    names_of = _item_names(recorded.sheet.ruleset)
    out = []
    for i, ruled in enumerate(rules_deals(recorded.events)):
        net = ruled.net(len(names))
        hands = []
        for seat, score in sorted(ruled.scores.items()):
            items = [{"name": item["name"], "label": names_of.get(item["name"], item["name"]), "kind": item["kind"],
                      "value": item["value"], "count": item.get("count", 1), "detail": item.get("detail"),
                      "source": item.get("source")} for item in score.get("items", ())]
            hands.append({"player": names[seat], "value": score["value"], "items": items,
                          "limit": score.get("limit")})
        out.append({"deal": i + 1, "dealer": names[ruled.dealer], "round": "ESWN"[ruled.prevalent_wind % 4],
                    "winner": None if ruled.winner is None else names[ruled.winner], "hands": hands,
                    "payments": [{"payer": names[a], "payee": names[b], "amount": n, "reason": r}
                                 for a, b, n, r in ruled.payments],
                    "penalty": ruled.penalty,
                    "net": {names[s]: net[s] for s in range(len(names))},
                    "totals": {names[s]: ruled.totals[s] if s < len(ruled.totals) else 0
                               for s in range(len(names))}})
    return out


def _item_names(ruleset: Any) -> dict[str, str]:
    from .live import _item_names as names

    return {key: entry["name"] for key, entry in names(ruleset).items()}


def _figures(recorded: Any) -> list[dict[str, Any]]:
    """Every figure the sheet writes, with the rules' figure and whether the audit finds it differs.

    A figure agrees when the audit names no difference at its place; a difference of the deal as a whole (a
    payment the sheet leaves out) is given without a written figure.
    """
    from mahjong_core import json_path, rules_deals

    sheet = recorded.sheet
    names = sheet.players
    differences = [*recorded.differences, *recorded.follows]
    out = []

    def figure(place: str, written: int | None, expected: Any) -> None:
        d = next((d for d in differences if d.path == place), None)
        if d is not None:
            differences.remove(d)
        out.append({**where(place), "place": place, "written": written, "expected": expected, "agrees": d is None,
                    "message": d.message if d else None, "explanation": list(d.explanation) if d else [],
                    "follows": d.follows if d else None})

    for deal, ruled in zip(sheet.deals, rules_deals(recorded.events), strict=False):
        base = ["deals", deal.index]
        w = deal.written
        for seat, value in sorted(w.values.items()):
            score = ruled.scores.get(seat)
            figure(json_path([*base, "values", names[seat]]), value, score["value"] if score else 0)
        for payer, payee, amount, place in w.payments or ():
            figure(place, amount, sum(n for a, b, n, _ in ruled.payments if (a, b) == (payer, payee)))
        net = ruled.net(len(names))
        for seat, value in sorted(w.net.items()):
            figure(json_path([*base, "net", names[seat]]), value, net[seat])
        for seat, value in sorted(w.totals.items()):
            figure(json_path([*base, "totals", names[seat]]), value,
                   ruled.totals[seat] if seat < len(ruled.totals) else 0)
    for d in differences:  # about the deal as a whole (a payment left out): no one figure holds it
        out.append({**where(d.path), "place": d.path, "written": None, "expected": None, "agrees": False,
                    "message": d.message, "explanation": list(d.explanation), "follows": d.follows})
    return out


def save_sheet(data: Path, body: dict[str, Any]) -> dict[str, Any]:
    """Keep ``body["sheet"]`` as ``DATA/sheets/NAME.yaml`` (replacing a sheet of that name: saved again as the
    game goes on), and say what its check finds.

    A sheet is saved as written, mistakes included (the audit of the file names them, as a paper sheet is
    never corrected by the one who checks it), but only a sheet in the format: a file the commands can read.

    :raises BadBody: for a name that is no plain file name, or a sheet the schema refuses (naming the field).
    """
    from mahjong_core import SheetError, check_sheet_schema

    name = body.get("name")
    if not isinstance(name, str) or SHEET_NAME.fullmatch(name) is None:
        raise BadBody(f"$.name: expected the sheet's file name: 1 to 64 letters, digits, '-' or '_', starting with "
                      f"a letter or digit; got {name!r}")
    extra = sorted(set(body) - {"name", "sheet"})
    if extra:
        raise BadBody(f"$.{extra[0]}: unknown key; expected name and sheet")
    sheet = body.get("sheet")
    if not isinstance(sheet, dict):
        raise BadBody(f"$.sheet: expected a score sheet (a JSON object), got {type(sheet).__name__}")
    try:
        check_sheet_schema(sheet, "sheet", {})
    except SheetError as exc:
        raise BadBody(f"{(exc.place or '$').replace('$', '$.sheet', 1)}: {exc.message}") from None
    checked = check_sheet(sheet)
    folder = data / "sheets"
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{name}.yaml"
    with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, suffix=".tmp", delete=False) as f:
        f.write(checked["yaml"])
        f.flush()
        os.fsync(f.fileno())
    os.replace(f.name, target)
    return {"saved": f"sheets/{name}.yaml", "ok": checked["ok"], "verdict": checked["verdict"]}


# ---------------------------------------------------------------------- routes


def _static() -> Path:
    from .app import _static as static

    return static()


async def scores_page(request: Request) -> Response:
    return FileResponse(_static() / "scores.html")


async def _body(request: Request) -> dict[str, Any]:
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > MAX_SHEET_BYTES:
            raise BadBody(f"the request is larger than {MAX_SHEET_BYTES:,} bytes; at most that is read", 413)
    return read_body(bytes(body))


async def api_check(request: Request) -> Response:
    """``POST /api/sheets/check``: the sheet in the body, scored and checked (:func:`check_sheet`)."""
    try:
        document = await _body(request)
    except BadBody as exc:
        return JSONResponse({"error": exc.message}, status_code=exc.status)
    async with _CHECKS:
        result = await asyncio.get_running_loop().run_in_executor(None, check_sheet, document)
    return JSONResponse(result)


def ruleset_fields(name: str) -> dict[str, Any]:
    """The fields a sheet of the installed ruleset ``name`` may give a deal beyond the core's
    (:func:`mahjong_core.sheet_fields`: asked of the ruleset's family and mechanisms, never of its name).

    :raises BadBody: (404) for a name that is no installed ruleset: the page reads no file a client names.
    """
    from mahjong_core import available, load_ruleset, sheet_fields

    if name not in available():
        raise BadBody(f"{name!r} is not a ruleset installed on this server", 404)
    return {"ruleset": name, **sheet_fields(load_ruleset(name))}


async def api_fields(request: Request) -> Response:
    """``GET /api/sheets/fields/{ruleset}``: the fields the page offers a deal of that ruleset
    (:func:`ruleset_fields`)."""
    try:
        result = await asyncio.get_running_loop().run_in_executor(None, ruleset_fields,
                                                                  request.path_params["ruleset"])
    except BadBody as exc:
        return JSONResponse({"error": exc.message}, status_code=exc.status)
    return JSONResponse(result)


async def api_save(request: Request) -> Response:
    """``POST /api/sheets``: ``{"name": NAME, "sheet": SHEET}`` kept in the data folder (:func:`save_sheet`)."""
    data: Path = request.app.state.settings.data
    try:
        body = await _body(request)
        async with _CHECKS:
            result = await asyncio.get_running_loop().run_in_executor(None, save_sheet, data, body)
    except BadBody as exc:
        return JSONResponse({"error": exc.message}, status_code=exc.status)
    return JSONResponse(result, status_code=201)
