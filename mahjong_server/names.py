"""People's names at a live table: what a name may be, and what a person who gives none is called.

A name is all the records know of a player: standings, ratings and the EMA
export add up every game played under one name.  So a name must stand for one
person only.  A person who gives none is therefore never given a name that
others share (such as ``you`` or ``player-0``, which would merge every
nameless person's games into one player); they play as a guest named after
their table and seat, ``guest-<table id>-<wind>``, which no other game has,
and which says plainly in the standings that it is nobody's own name.  Names
that start with ``guest-`` are kept for such guests, and an installed bot's
name for its seats, so a person can take neither.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

#: The longest name, in characters (the client message's schema says the same).
MAX_NAME = 40
#: What the name of a person who gives none begins with; no name given may begin so.
GUEST_PREFIX = "guest-"
#: Each seat's wind at the start of the game, seat 0 being the first East: the seat a guest is named after.
SEAT_WINDS = ("east", "south", "west", "north")
#: Unicode categories a name may not hold: controls, format characters (invisible joiners, direction
#: overrides), unassigned and private code points, and line or paragraph separators; with them two names
#: that look alike would be two players.
_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cn", "Co", "Cs", "Zl", "Zp"})


def name_problem(name: str, bots: Iterable[str] = ()) -> str | None:
    """What is wrong with ``name`` as a person's name, or ``None`` when it is a good one.

    :param bots: the installed bots' names, which a person may not take (a bot's seat is named by it).
    """
    if not name:
        return "a name is 1 to 40 characters; it is empty"
    if len(name) > MAX_NAME:
        return f"a name is at most {MAX_NAME} characters; {name[:MAX_NAME]!r}... has {len(name)}"
    if name != name.strip(" "):
        return f"{name!r} starts or ends with a space"
    for n, char in enumerate(name):
        if unicodedata.category(char) in _REFUSED_CATEGORIES or (char.isspace() and char != " "):
            what = f"U+{ord(char):04X}" + (f" {unicodedata.name(char)}" if unicodedata.name(char, "") else "")
            return (f"{name!r} holds {what} (character {n + 1}); a name is letters, digits, punctuation and plain "
                    "spaces")
    if name.lower().startswith(GUEST_PREFIX):
        return f"names that start with {GUEST_PREFIX!r} are kept for people who give no name"
    if name in set(bots):
        return f"{name!r} is the name of an installed bot, whose seats are named so; choose another"
    return None


def guest_name(table_id: str, seat: int) -> str:
    """The name of a person who gave none: their table's and seat's, which no other game's seat has."""
    wind = SEAT_WINDS[seat] if seat < len(SEAT_WINDS) else f"seat{seat}"
    return f"{GUEST_PREFIX}{table_id}-{wind}"
