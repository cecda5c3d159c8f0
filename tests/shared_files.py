"""Where the suite finds the files it reads but never copies: the seed documents and real recorded games.

They sit in ``shared/`` beside the checkout (``../shared/seeds``,
``../shared/real-logs``); ``MAHJONG_SHARED`` names another folder.  The
recorded games come from other platforms and are never copied into the
repository, so a run without them cannot test the importers: conftest.py
stops such a run at its start with one line saying what is missing and where
it was looked for, instead of some seventy tracebacks (and parametrized tests
that would find no files and quietly run none).
"""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The folder holding ``seeds/`` and ``real-logs/``.
SHARED = Path(os.environ.get("MAHJONG_SHARED") or ROOT.parent / "shared")
REAL_LOGS = SHARED / "real-logs"
SEEDS = SHARED / "seeds"


def missing() -> str | None:
    """What the suite needs and cannot find, in one line, or None."""
    absent = [str(folder) for folder in (REAL_LOGS, SEEDS) if not folder.is_dir()]
    if not absent:
        return None
    return (f"the suite reads the seed documents and real recorded games from {SHARED} (shared/ beside the "
            f"checkout, or the folder MAHJONG_SHARED names), and {' and '.join(absent)} "
            f"{'is' if len(absent) == 1 else 'are'} not there")
