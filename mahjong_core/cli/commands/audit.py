"""``mahjong audit FILE...``: check every action of logs (or score sheets) and recompute every score and payment.

The verdict says what the check proved -- the wall, each seat's decisions,
the hash chain, the signature -- and ``--deals`` reports each deal.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.log_checks import add_log_check_options, check_logs
from mahjong_core.cli.parser import add_command

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands


def register(commands: Subcommands) -> None:
    """``mahjong audit FILE... [--key PUBKEY] [--deals] [--html OUT.html] [--workers N]``."""
    add_log_check_options(add_command(
        commands, "audit", cmd_audit, summary("audit")))


def cmd_audit(args: argparse.Namespace) -> int:
    """Check every action of a log and recompute every score and payment."""
    return check_logs(args, "audit")

