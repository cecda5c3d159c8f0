"""``mahjong score --ruleset ID HAND``: score one hand, or a stream of hands (``--batch``), and say why.

The situation options are one set of flags meaning the same under every
ruleset (:data:`mahjong_core.hand.situation.FLAGS`).  The scoring itself, the
batch format and the text are :mod:`mahjong_core.cli.score`'s, imported when
the command runs: it loads the hand notation and the score model, which
``mahjong --help`` does without.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from mahjong_core.cli.commands import summary
from mahjong_core.cli.parser import RULESET_HELP, add_command
from mahjong_core.errors import MahjongError
from mahjong_core.hand.situation import FLAGS  # the flags' options are declared by the core, not here

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong score --ruleset R HAND [situation flags] [--batch] [--native]``."""
    p = add_command(commands, "score", cmd_score, summary("score"))
    p.add_argument("--ruleset", required=True, help=RULESET_HELP)
    p.add_argument("hand", nargs="*", help='e.g. "123m456p78s11z [777s<] +9s"; situation flags may also be '
                                           'written in it: !self_drawn, !seat_wind_south')
    situation = p.add_argument_group("situation (the same under every ruleset; a flag the ruleset does not read "
                                     "is reported as ignored)")
    situation.add_argument("--seat", metavar="WIND", help="the scored player's seat wind: E, S, W or N "
                                                          "(default E, the dealer)")
    situation.add_argument("--round", metavar="WIND", help="the round (prevalent) wind: E, S, W or N (default E)")

    for flag in FLAGS:
        situation.add_argument(flag.option, dest=f"flag_{flag.name}", action="store_true", help=flag.help)
    situation.add_argument("--dora-indicators", metavar="TILES", help="riichi: the dora indicators shown, in the "
                                                                      "notation (e.g. \"3m 0p\")")
    situation.add_argument("--ura-dora-indicators", metavar="TILES", help="riichi: the ura-dora indicators under them")
    situation.add_argument("--honba", metavar="N", type=int, help="riichi: honba counters on the table")
    situation.add_argument("--riichi-sticks", metavar="N", type=int, help="riichi: riichi sticks on the table")
    situation.add_argument("--pao", metavar="WIND", help="riichi: the seat wind (E, S, W or N) of the player liable "
                                                         "for a yakuman the ruleset makes liable (pao)")
    situation.add_argument("--wild", metavar="KIND",
                           help="the deal's wild kind, where the ruleset makes one wild at each deal (fuzhou's "
                                "gold): its copies in the hand play as jokers, e.g. --wild 5p (or --fact wild=5p)")
    situation.add_argument("--loser", action="store_true", help="score a losing hand (written without +TILE)")
    situation.add_argument("--fact", action="append", metavar="NAME=VALUE",
                           help="any other fact of the win by the engine's name, VALUE as JSON (repeatable)")
    p.add_argument("--batch", action="store_true", help="read JSON Lines {\"hand\": ...} on stdin, write results")
    p.add_argument("--native", action="store_true", help="also give each scoring row's name in the rules' own "
                                                         "language (Russian, Chinese), after the English one")


def cmd_score(args: argparse.Namespace) -> int:
    """Score a hand (or, with ``--batch``, JSON Lines hands on standard input) under a ruleset."""
    if not args.batch and not args.hand:
        raise MahjongError("give a hand in the notation, or --batch to read JSON Lines on standard input",
                           place="HAND")
    from mahjong_core.cli.score import given_from_args, run

    return run(args.ruleset, " ".join(args.hand) if args.hand else None, as_json=args.json, batch=args.batch,
               stdin=sys.stdin, stdout=sys.stdout, given=given_from_args(args), native=args.native)
