"""What every subcommand prints the same way: JSON, and the exit statuses.

Scripts that drive the command (a club's results page, a referee's batch of
logs) read ``--json`` and the exit status, so both are defined once here
rather than by each subcommand.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

#: The command did what was asked and found nothing wrong.
EXIT_OK = 0
#: The command ran, and what it checked failed: a ruleset file, a replay, an audit, a line of a batch.
#: Bad input (an unknown ruleset, a malformed hand) is :attr:`MahjongError.exit_code` instead.
EXIT_FAILED_CHECK = 1


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
