"""Check a card file: ``python -m mahjong_rulesets.cards CARD.yaml [...]``.

Prints, for each card that reads, its hands and how many sets of tiles they stand for; for one that does not,
every error in it, each on its own line as ``file::place (line, column): message``.  The exit status is 0 when
every card reads and 2 otherwise (bad input, as for every ``mahjong`` command).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from mahjong_rulesets.cards.card import read_card

from mahjong_core.plugin import DataFileError


def main(argv: Sequence[str] | None = None) -> int:
    paths = list(sys.argv[1:] if argv is None else argv)
    if not paths:
        print("usage: python -m mahjong_rulesets.cards CARD.yaml [...]", file=sys.stderr)
        return 2
    status = 0
    for path in paths:
        try:
            card = read_card(path)
        except DataFileError as exc:
            print(exc, file=sys.stderr)
            status = 2
            continue
        print(f"{path}: {card.title!r}, {len(card.hands)} hands, {len(card.readings)} sets of tiles")
    return status


if __name__ == "__main__":
    raise SystemExit(main())
