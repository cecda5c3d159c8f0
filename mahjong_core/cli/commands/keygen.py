"""``mahjong keygen FILE``: an Ed25519 key pair for signing logs (``simulate``, ``record`` and ``serve --sign``)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_OK, print_json
from mahjong_core.cli.parser import add_command

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong keygen FILE``."""
    add_command(commands, "keygen", cmd_keygen, summary("keygen")).add_argument(
        "file", help="the private key file to write (the public key goes to FILE.pub)")


def cmd_keygen(args: argparse.Namespace) -> int:
    """Make a signing key pair; print where it went and the public key a referee verifies logs with."""
    from mahjong_core.log.chain import generate_key

    private, public, hex_key = generate_key(args.file)
    if args.json:
        print_json({"private_key": str(private), "public_key": str(public), "public_hex": hex_key})
    else:
        print(f"private key {private} (keep it secret: it signs logs)\npublic key  {public}\n"
              f"            {hex_key}")
    return EXIT_OK

