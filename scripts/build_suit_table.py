"""Make the shipped suit table (``mahjong_core/hand/suit_vectors.bin``) by searching every suit, or check it.

    python scripts/build_suit_table.py           # write the file
    python scripts/build_suit_table.py --check   # exit 1 where the shipped file differs from a fresh search

Every suit of up to 17 tiles (886,400 of them) is searched as :mod:`mahjong_core.hand.shanten`'s wide path
searches a suit it has not met (``_wide_part``), and every suit of up to 14 tiles as the 13-tile path does
(``searched_part_id``), whose vector must be the wide one's first five slots of each half, since the 13-tile
path reads it there; about a minute.  The file names each suit's vector in one byte
(:mod:`mahjong_core.hand.suit_table`).  Run it only where the search changes, and say so in the commit.
"""

from __future__ import annotations

import argparse
import itertools
import sys

from mahjong_core.hand import shanten, suit_table


def build() -> bytes:
    """The file's bytes, from a fresh search of every suit of up to 17 tiles.

    :raises SystemExit: where the 13-tile path's search disagrees with the wide one on a suit.
    """
    places = bytearray([suit_table.ABSENT]) * suit_table.SUITS
    vectors: dict[tuple[int, ...], int] = {}
    for counts in itertools.product(range(5), repeat=9):
        tiles = sum(counts)
        if tiles > suit_table.MOST_TILES:
            continue
        part = bytes(counts)
        sets, paired = shanten._wide_part(part)
        vector = (*sets, *paired, tiles)
        if tiles <= shanten.MAX_STANDARD_TILES:
            standard = shanten._VECTORS[shanten.searched_part_id(part)]
            if standard != (*sets[:5], *paired[:5], tiles):
                raise SystemExit(f"suit {list(counts)}: the 13-tile search gives {standard}, the wide one {vector}")
        places[suit_table.place(part)] = vectors.setdefault(vector, len(vectors))
    return suit_table.encode(list(vectors), places)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare the shipped file with a fresh search")
    args = parser.parse_args(argv)
    fresh = build()
    if args.check:
        if suit_table.load() != suit_table.decode(fresh):
            print(f"{suit_table.PATH}: differs from a fresh search; run scripts/build_suit_table.py", file=sys.stderr)
            return 1
        print(f"{suit_table.PATH}: the same as a fresh search")
        return 0
    suit_table.PATH.write_bytes(fresh)
    print(f"wrote {suit_table.PATH} ({len(fresh)} bytes, {len(suit_table.decode(fresh).vectors)} vectors)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
