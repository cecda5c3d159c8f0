"""``mahjong replay FILE...``: re-simulate replay logs and confirm that every event comes out byte-identical."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.log_checks import add_log_check_options, check_logs
from mahjong_core.cli.parser import add_command

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands


def register(commands: Subcommands) -> None:
    """``mahjong replay FILE... [--key PUBKEY] [--deals] [--html OUT.html] [--workers N]``."""
    add_log_check_options(add_command(commands, "replay", cmd_replay,
                                      summary("replay")))


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-simulate a log: byte-identical, or the first event that differs."""
    return check_logs(args, "replay")

