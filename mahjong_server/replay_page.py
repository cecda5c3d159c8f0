"""The replay viewer's data and pages: a log with its audit verdict, as the viewer (``static/viewer.js``) reads it.

The viewer draws a table with the live client's renderer from a log's events;
what it needs from Python is what a browser cannot work out alone: the audit's
verdict (every decision, score and payment re-checked under the installed
ruleset, naming the first line that disagrees), and the ruleset's names for its
tiles and scoring rows.  Three ways in, one shape of data:

* :func:`standalone_html` writes one self-contained page (``mahjong view FILE
  --html OUT.html``): the viewer's scripts and style inlined, the log's text and
  its verdict embedded as JSON, nothing fetched -- a file a club can mail;
* :func:`finished_game` is what the server returns for a finished game of its
  games list (``/api/games/<id>``), and :func:`audit_bytes` the verdict on a
  file chosen in the page (``POST /api/audit``);
* :func:`game_in_progress` is the public view of an unfinished game: only its
  finished deals, each event as a spectator is told it live
  (:func:`mahjong_core.live_event_view`), so no concealed tile and no
  wall leave the server while the game is played.

This module imports no web framework: ``mahjong view --html`` works without
the ``serve`` extra.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from importlib import resources
from pathlib import Path
from typing import Any

from mahjong_core import MAX_LOG_BYTES, MahjongError, Visibility, check, live_event_view
from mahjong_core.plugin import KINDS

#: The scripts of the viewer page, in the order the page loads them.
SCRIPTS = ("tiles.js", "render.js", "replay_state.js", "viewer.js")
_DATA_MARK = "<!--replay-data-->"


def _static(name: str) -> str:
    return resources.files("mahjong_server").joinpath("static", name).read_text(encoding="utf-8")


def viewer_info(header: dict[str, Any] | None) -> dict[str, Any]:
    """What the renderer shows besides the events: the ruleset's names, the seats, tile and scoring-row names.

    A ruleset that is not installed here (or a header that cannot be read) still gives a page: its id stands
    for its name and the score items are shown by their keys.
    """
    from .live import _item_names, joker_info, limits_ms, tile_names

    head = header or {}
    ref = head.get("ruleset")
    ruleset_ref: dict[str, Any] = ref if isinstance(ref, dict) else {}
    rid = str(ruleset_ref.get("id", "?"))
    info: dict[str, Any] = {
        "ruleset": {"id": rid, "name": rid, "native_name": None, "version": ruleset_ref.get("version")},
        "seats": head.get("seats") if isinstance(head.get("seats"), list) else [],
        "limits": None, "tile_names": {k.code: k.name for k in KINDS}, "item_names": {},
        "meld_display": "plain",  # a ruleset not known here: another seat's concealed kong lies face down
    }
    try:
        from mahjong_core import available, family_words, load_ruleset, load_ruleset_text, time_limits

        document = ruleset_ref.get("document")
        if isinstance(document, str):
            ruleset = load_ruleset_text(document, "the log's embedded ruleset")
        elif rid in available():
            ruleset = load_ruleset(rid)
        else:
            return info
    except MahjongError:
        return info
    info["ruleset"].update(name=ruleset.name, native_name=ruleset.native_name)
    info["tile_names"] = tile_names(ruleset)
    info["item_names"] = _item_names(ruleset)
    info.update(joker_info(ruleset))
    info["meld_display"] = str(ruleset.get("meld_display", "plain"))
    info["limits"] = limits_ms(time_limits(ruleset))
    words = family_words(ruleset)
    if words:  # what the family's players call a win (riichi's tsumo and ron), as a live table says it
        info["win_words"] = words
    return info


def log_text_cards(text: str) -> list[dict[str, Any]]:
    """The score cards of a log's text (:func:`mahjong_core.log_cards`), for the viewer to show
    beside the events it reads itself: read up to the first line that is not a JSON object."""
    from mahjong_core import log_cards, ruleset_of_header

    return log_cards(ruleset_of_header(_header_of(text)), _leading_events(text.split("\n")))


def imported_comparison(text: str) -> dict[str, Any] | None:
    """An imported game's record beside ours (:func:`mahjong_core.recorded_comparison`), for the viewer to show
    at each deal's end: the very findings ``mahjong audit`` lists, each at its deal, worked out here once so the
    page only shows them.  ``None`` for a log that carries no platform's record (or whose record cannot be read:
    the audit's verdict then says what is wrong with the log)."""
    from mahjong_core import recorded_comparison

    header = _header_of(text)
    source = header.get("source") if header else None
    if header is None or not isinstance(source, dict) or not isinstance(source.get("recorded"), dict):
        return None
    try:
        return recorded_comparison(header, _leading_events(text.split("\n")))
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def _leading_events(lines: list[str]) -> list[dict[str, Any]]:
    """The events of a log's lines after its header, up to the first line that is not a JSON object (a line
    being written, or a damaged one: the viewer shows what comes before it)."""
    events: list[dict[str, Any]] = []
    for line in lines[1:]:
        try:
            event = json.loads(line)
        except ValueError:
            break
        if not isinstance(event, dict):
            break
        events.append(event)
    return events


def _header_of(text: str) -> dict[str, Any] | None:
    first = text.split("\n", 1)[0]
    try:
        value = json.loads(first)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def audit_path(path: str | Path, name: str | None = None) -> dict[str, Any]:
    """The audit's verdict on a log file as JSON (``mahjong audit``'s), its ``source`` shown as ``name``."""
    verdict = check(str(path), "audit").to_json()
    if name is not None:
        verdict["source"] = name
        if isinstance(verdict.get("error"), str):
            verdict["error"] = verdict["error"].replace(str(path), name)
    return verdict


def audit_bytes(data: bytes, name: str) -> dict[str, Any]:
    """The audit's verdict on a log's bytes (a file chosen in the page): written to a private temporary file,
    checked as any log file is (the same bounds: more than 4 MiB is refused by the reader), then removed."""
    fd, tmp = tempfile.mkstemp(suffix=".jsonl", prefix="mahjong-audit-")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        return audit_path(tmp, name)
    finally:
        os.unlink(tmp)


def read_text(path: str | Path) -> str:
    """A log's text for the page, read up to the reader's bound (a longer file is refused, as the audit does)."""
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_LOG_BYTES + 1)
    except OSError as exc:
        raise MahjongError(f"cannot read the log: {exc.strerror}", source=str(path)) from None
    if len(data) > MAX_LOG_BYTES:
        raise MahjongError(f"the log is larger than {MAX_LOG_BYTES:,} bytes; at most that is read",
                           source=str(path))
    return data.decode("utf-8", errors="replace")


def finished_game(path: str | Path, name: str) -> dict[str, Any]:
    """A finished game for the viewer: the whole log, every hand open, with its audit verdict."""
    text = read_text(path)
    return {"name": name, "text": text, "verdict": audit_path(path, name), "info": viewer_info(_header_of(text)),
            "cards": log_text_cards(text), "imported": imported_comparison(text)}


def game_in_progress(lines: list[str], name: str) -> dict[str, Any]:
    """An unfinished game for the viewer, as a spectator may see it: the deals finished so far, each event as
    :func:`~mahjong_core.live_event_view` tells a spectator, with nothing of the deal in play."""
    header = _header_of(lines[0]) if lines else None
    events = _leading_events(lines)
    finished = max((k + 1 for k, event in enumerate(events) if event.get("type") == "deal_end"), default=0)
    # Each event as a spectator is told it live, without its running number (whose gaps would count the
    # decisions a spectator may not see: mahjong_server.live.public_event), concealed kongs as the ruleset lays
    # them out.
    visibility = Visibility.of_header(header) if header is not None else Visibility()
    public = [{k: v for k, v in shown.items() if k != "n"}
              for shown in (live_event_view(e, None, visibility) for e in events[:finished]) if shown is not None]
    if header is not None and isinstance(header.get("rng"), dict):
        # The seed would tell every wall still to come: a live table never sends it (mahjong_server.live).
        header = {**header, "rng": {k: v for k, v in header["rng"].items() if k != "seed"}}
    from mahjong_core import log_cards, ruleset_of_header

    return {"name": name, "spectator": True, "header": header, "events": public, "verdict": None,
            "info": viewer_info(header), "cards": log_cards(ruleset_of_header(header), events[:finished])}


def _script(name: str) -> str:
    # A script's text inside <script>: "</" may not appear, or the page's parser would end the element there.
    return "<script>\n" + _static(name).replace("</", "<\\/") + "\n</script>"


def standalone_html(path: str | Path) -> tuple[str, dict[str, Any]]:
    """One self-contained viewer page for the log at ``path`` (scripts, style, log and verdict inlined), and
    the verdict.

    :raises MahjongError: when the file cannot be read at all (missing, or larger than the reader's bound); a
        log that is read but fails its audit still gives a page, which shows where it stops being valid.
    """
    name = Path(path).name
    text = read_text(path)
    verdict = audit_path(path, name)
    data = {"name": name, "text": text, "verdict": verdict, "info": viewer_info(_header_of(text)),
            "cards": log_text_cards(text), "imported": imported_comparison(text)}
    page = _static("viewer.html")
    page = page.replace('<link rel="stylesheet" href="/static/style.css">',
                        "<style>\n" + _static("style.css") + "\n</style>")
    # JSON inside <script type="application/json">: with every "<" escaped, no text of the log ("</script>",
    # "<!--") can end or confuse the element.
    embedded = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    page = page.replace(_DATA_MARK, f'<script type="application/json" id="replay-data">{embedded}</script>')
    for script in SCRIPTS:
        page = page.replace(f'<script src="/static/{script}"></script>', _script(script))
    if re.search(r'(src|href)="/static/', page):
        raise MahjongError("the viewer page still refers to a server file; every script and style must be inlined",
                           source="mahjong_server/static/viewer.html")
    return page, verdict
