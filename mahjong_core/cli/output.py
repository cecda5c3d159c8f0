"""What every subcommand prints the same way: JSON, and the exit statuses.

Scripts that drive the command (a club's results page, a referee's batch of
logs) read ``--json`` and the exit status, so both are defined once here
rather than by each subcommand.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from typing import Any

#: The command did what was asked and found nothing wrong.
EXIT_OK = 0
#: The command ran, and what it checked failed: a ruleset file, a replay, an audit, a line of a batch.
#: Bad input (an unknown ruleset, a malformed hand) is :attr:`MahjongError.exit_code` instead.
EXIT_FAILED_CHECK = 1
#: Bad usage (an unknown option or command) or input that cannot be read (a malformed hand, an unknown ruleset,
#: a corrupt file): what every :class:`~mahjong_core.errors.MahjongError` ends in.
EXIT_USAGE = 2
#: Interrupted (Ctrl-C), as shells count it.
EXIT_INTERRUPTED = 130

#: The table ``mahjong --help``, the README and the docs show.
EXIT_CODES = (
    (EXIT_OK, "clean: the command did what was asked and found nothing wrong"),
    (EXIT_FAILED_CHECK, "a verdict against the input: a ruleset file with errors, a replay that differs, an "
                        "audit that fails, a batch line that cannot be scored, a conformance check that fails"),
    (EXIT_USAGE, "usage or unreadable input: an unknown command, option, ruleset or bot, a malformed hand or "
                 "file; bare `mahjong` prints the help and exits 0"),
    (EXIT_INTERRUPTED, "interrupted"),
)


def plain(obj: Any) -> Any:
    """Read-only views (mapping proxies, tuples) as plain JSON values."""
    if isinstance(obj, Mapping):
        return {str(k): plain(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [plain(v) for v in obj]
    return obj


def print_json(obj: Any) -> None:
    """Print ``obj`` as indented JSON, keys in their own order and non-ASCII tile names as they are."""
    print(json.dumps(plain(obj), indent=2, ensure_ascii=False, sort_keys=False))


def print_error_json(error: Mapping[str, Any]) -> None:
    """An error under ``--json``: one JSON object on standard output, as every other answer is."""
    print(json.dumps(plain(error), ensure_ascii=False, sort_keys=False))


def progress_bar(total: int, unit: str, *, shown: bool = True) -> Any:
    """A ``tqdm`` bar of ``total`` ``unit``\\ s on standard error, or ``None``: a bar is shown (``shown``) only on a
    terminal, so a pipe, a log file and ``--json`` get nothing but the answer."""
    if not (shown and sys.stderr.isatty()):
        return None
    # deferred: tqdm (~35 ms) only when a bar is shown; a command off a terminal, or with --json, never loads it
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, file=sys.stderr)


class Ticker:
    """A progress bar on standard error (a terminal's only) for a step that reports no progress of its own.

    ``tqdm`` shows the phase and the elapsed time, refreshed from a thread twice a second, so a long Sphinx
    build is not silent; nothing it shows reaches standard output or any result.
    """

    def __init__(self, total: int, unit: str, enabled: bool) -> None:
        import threading  # deferred: as difflib in mahjong_core.cli.parser; only `mahjong docs` ticks

        self.bar: Any = progress_bar(total, unit, shown=enabled)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        if self.bar is not None:
            self._thread = threading.Thread(target=self._tick, daemon=True)
            self._thread.start()

    def _tick(self) -> None:
        while not self._stop.wait(0.5):
            self.bar.refresh()

    def step(self, description: str | None = None, n: int = 1) -> None:
        if self.bar is not None:
            if description:
                self.bar.set_description(description)
            self.bar.update(n)

    def phase(self, description: str) -> None:
        if self.bar is not None:
            self.bar.set_description(description)

    def close(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.bar is not None:
            self.bar.close()

    def __enter__(self) -> Ticker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
