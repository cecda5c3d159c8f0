"""Check a card file, and read a hand against it.

``python -m mahjong_rulesets.cards CARD.yaml [...]`` prints, for each card that reads, its hands and how many sets
of tiles they stand for; for one that does not, every error in it, each on its own line as
``file::place (line, column): message``.

``python -m mahjong_rulesets.cards CARD.yaml --hand TILES`` reads one hand in the notation (``J`` for each joker)
against the card: the hands it makes, or each hand of the card with the tiles it still lacks, nearest first.

The exit status is 0 when every card reads and 2 otherwise (bad input, as for every ``mahjong`` command).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from mahjong_rulesets.cards import matching
from mahjong_rulesets.cards.card import Card, read_card

from mahjong_core.plugin import DataFileError, MahjongError, parse_tiles


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mahjong_rulesets.cards", description=__doc__.split("\n\n")[0])
    parser.add_argument("cards", nargs="+", metavar="CARD.yaml")
    parser.add_argument("--hand", metavar="TILES", help="a hand in the notation, J for each joker, read against "
                        "each card")
    args = parser.parse_args(argv)
    status = 0
    for path in args.cards:
        try:
            card = read_card(path)
        except DataFileError as exc:
            print(exc, file=sys.stderr)
            status = 2
            continue
        print(f"{path}: {card.title!r}, {len(card.hands)} hands, {len(card.readings)} sets of tiles")
        if args.hand is not None:
            try:
                print(_reading(card, args.hand))
            except (MahjongError, ValueError) as exc:
                print(f"<hand>: {exc}", file=sys.stderr)
                status = 2
    return status


def _reading(card: Card, text: str) -> str:
    """The hands ``text`` makes on the card, or how far it is from each."""
    jokers = text.count("J")
    counts = matching.counts_of(parse_tiles(text.replace("J", "")))
    made = matching.completed(card, counts, jokers)
    if made:
        return "\n".join(f"  makes {r.hand.id} ({r.hand.name}), worth {r.hand.value}" for r in made)
    lines = [f"  {gap} tile{'s' if gap != 1 else ''} from {r.hand.id} ({r.hand.name}, {r.hand.value})"
             for gap, r in matching.closest(card, counts, jokers)]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
