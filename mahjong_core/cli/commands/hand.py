"""``mahjong hand TILES``: how a hand reads, what it waits on, how far it is from ready.

Needs no ruleset: the arrangements, waits and shanten are the same under
every one, so an engine author can check a hand before choosing rules.
``--ruleset`` reads the hand in that ruleset's tile set, so its own kinds
(a red five, an animal, a joker) can be written and are shown, and at its
hand size (16 tiles: five sets and a pair); ``--hand-size`` says the size
without a ruleset.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_OK, print_json
from mahjong_core.cli.parser import RULESET_HELP, add_command

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong hand TILES [--knitted]``."""
    p = add_command(commands, "hand", cmd_hand, summary("hand"))
    p.add_argument("tiles", nargs="+", help="e.g. 123m456p78s11z [777s<] +9s (14 tiles: its arrangements) or "
                                            "13 tiles (its waits)")
    p.add_argument("--knitted", action="store_true", help="also read the Chinese official knitted forms")
    p.add_argument("--ruleset", help="read the hand in this ruleset's tile set (its red fives 0p, animals 1a, "
                                     "jokers 1j, bonus kinds) and at its hand_size; " + RULESET_HELP)
    p.add_argument("--hand-size", type=int, choices=(7, 10, 13, 16), default=None,
                   help="tiles a hand holds between turns (default 13, or the ruleset's): 16 reads five sets and a "
                        "pair")


def cmd_hand(args: argparse.Namespace) -> int:
    """Print the report of :func:`mahjong_core.hand.report.analyse` for the hand given in the notation.

    ``--json`` prints the facts with the text beside them, under ``"text"``, as a script that shows the hand reads it.
    """
    from mahjong_core.cli.render.hand import hand_text
    from mahjong_core.hand.report import analyse

    tiles = None
    hand_size = 13
    jokers = None
    if args.ruleset is not None:
        from mahjong_core.rules import load_ruleset
        from mahjong_core.rules.jokers import joker_play

        ruleset = load_ruleset(args.ruleset)
        tiles = ruleset.tiles()
        hand_size = int(ruleset.value("hand_size"))
        play = joker_play(ruleset, tiles)  # where the ruleset plays its jokers, a joker is a held tile
        jokers = None if play is None else play.rule
    if args.hand_size is not None:
        hand_size = args.hand_size
    report = analyse(" ".join(args.tiles), knitted=args.knitted, tiles=tiles, hand_size=hand_size, jokers=jokers)
    report["text"] = hand_text(report)
    if args.json:
        print_json(report)
    else:
        print(report["text"])
    return EXIT_OK
