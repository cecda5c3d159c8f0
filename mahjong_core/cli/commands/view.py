"""``mahjong view FILE --seat N``: one seat's view of a replay log, move by move (``--html``: the replay viewer).

Other seats' hidden tiles are never shown: the events pass through
:func:`mahjong_core.log.redaction.seat_view` before anything is drawn.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK
from mahjong_core.cli.parser import add_command
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong view FILE (--seat N | --html OUT.html) [--ascii] [--step]``."""
    p = add_command(commands, "view", cmd_view, summary("view"))
    p.add_argument("file", help="the replay log (.jsonl)")
    p.add_argument("--seat", type=int, default=None, help="the seat whose view to show (required without --html)")
    p.add_argument("--html", metavar="OUT.html", default=None,
                   help="write the replay viewer as one self-contained page (the log and its audit verdict "
                        "embedded, nothing fetched): step through it, any seat's view or every hand open")
    p.add_argument("--ascii", action="store_true", help="tiles in the notation (5m) instead of mahjong glyphs")
    p.add_argument("--step", action="store_true", help="draw the table after every move; on a terminal, wait "
                                                       "for Enter between moves (q stops)")


def cmd_view(args: argparse.Namespace) -> int:
    """One seat's view of a log: the table as that seat sees it, move by move (``--json``: the JSON Lines).

    Without ``--step`` every move is one line, and the table is drawn at the end of each deal; with it, the
    table is drawn after every move, waiting for Enter between moves on a terminal (``q`` stops).
    """
    if args.html is not None:
        return _view_html(args)
    if args.seat is None:
        raise MahjongError("--seat N is required (or --html OUT.html for the replay viewer)", place="--seat")
    from mahjong_core.log.format import dumps, read_log
    from mahjong_core.log.redaction import Visibility, seat_view

    log = read_log(args.file)
    seats = len(log.header["seats"])
    if not 0 <= args.seat < seats:
        raise MahjongError(f"--seat must be 0 to {seats - 1}", place="--seat")
    events = seat_view(log.events, args.seat, Visibility.of_header(log.header))
    if args.json:
        print(dumps(log.header))
        for event in events:
            print(dumps(event))
        return EXIT_OK
    from mahjong_core.cli.render.table import narrate, render, replay_states

    display = _discard_display(log.header)
    interactive = args.step and sys.stdin.isatty() and sys.stdout.isatty()
    for shown, state in replay_states(log.header, events, args.seat):
        line = narrate(state, shown, args.seat)
        if args.step:
            if line is None:
                continue
            print(f"--- {line}")
            print(render(state, args.seat, display=display, ascii_only=args.ascii))
            if interactive and input("Enter: next move, q: quit ").strip().lower() == "q":
                break
            continue
        if line is not None:
            print(f"{shown.get('n', ''):>5}  {line}")
        if shown.get("type") == "deal_end":
            print(render(state, args.seat, display=display, ascii_only=args.ascii))
    return EXIT_OK


def _view_html(args: argparse.Namespace) -> int:
    """``view FILE --html OUT.html``: the replay viewer as one self-contained page, with the log's audit verdict.

    A log that fails its audit still gets its page (which shows where it stops being valid); the command then
    prints the verdict's line and exits as a failed check does.
    """
    if args.seat is not None:
        raise MahjongError("--seat does not go with --html: the page offers every seat's view", place="--seat")
    try:
        from mahjong_server.replay_page import standalone_html
    except ImportError as exc:  # the server package ships with the core; only a broken install lacks it
        raise MahjongError(f"the replay viewer's page cannot be built here: {exc}", place="--html") from None
    page, verdict = standalone_html(args.file)
    out = Path(args.html)
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise MahjongError(f"cannot write the page: {exc.strerror}", source=str(out)) from None
    if verdict["ok"]:
        print(f"{out}: the replay viewer for {args.file} ({verdict['events']} events, {verdict['deals']} deals, "
              f"audit OK)")
        return EXIT_OK
    where = f"line {verdict['line']}" if verdict.get("line") is not None else "the log"
    event = f" (event {verdict['event']})" if verdict.get("event") is not None else ""
    print(f"{out}: the replay viewer for {args.file}, which is not valid from {where}{event}: {verdict['error']}")
    return EXIT_FAILED_CHECK


def _discard_display(header: dict[str, object]) -> str:
    """How the log's ruleset lays out discards (``rows``, ``quadro``, ``open``, ``closed``); ``open`` if unknown."""
    from mahjong_core.rules import load_ruleset

    ruleset = header.get("ruleset")
    rid = ruleset.get("id") if isinstance(ruleset, dict) else None
    try:
        return str(load_ruleset(str(rid)).value("discard_display"))
    except MahjongError:
        return "open"

