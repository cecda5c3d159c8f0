"""One set of situation flags for scoring a hand by hand, meaning the same under every ruleset.

A referee at a table says "South won on a discard in the East round", not
``{"seat_wind": 28, "how": "discard", ...}``, and says it the same way
whatever the rules.  So ``mahjong score`` takes one vocabulary of flags
(:data:`FLAGS`, plus the seat and round winds as ``E S W N``) and turns it
into the context the engine's own ``mahjong_win_context`` hook would give
for that win (:func:`win_context`), with documented defaults: the East
round, the East seat (the dealer), a win on a discard, nothing special.

Which of those facts a ruleset actually reads is its scoring family's
declaration (:class:`~mahjong_core.plugin.contributions.FactsRead`); a flag whose
facts it reads none of is reported as ignored (:func:`ignored`), never an
error, and a fact it reads that no flag gives is a located error naming
``--fact NAME=VALUE`` (:func:`missing`).  Nothing here names a ruleset or a
family.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from mahjong_core.errors import MahjongError

#: East's tile kind (:data:`mahjong_core.hand.tiles.EAST`, a test keeps them equal): written here so that building
#: the command line's options, which lists the flags, does not import the tile tables.
EAST = 27

__all__ = ["FLAGS", "RIICHI_FACT_DEFAULTS", "RIICHI_FLAGS", "WINDS", "Flag", "flag_names", "ignored", "missing",
           "notation_flags", "parse_wind", "win_context"]

#: The winds as a referee writes them, as tile kinds.
WINDS: dict[str, int] = {"E": EAST, "S": EAST + 1, "W": EAST + 2, "N": EAST + 3}
_WIND_WORDS = {"east": "E", "south": "S", "west": "W", "north": "N"}


class Flag:
    """One situation flag (a plain class, not a dataclass: the command line lists these at every start).

    :param name: as a ``!flag`` of the notation; the command-line option is ``--`` and the name with dashes.
    :param help: what it says about the win.
    :param facts: the context facts it is about: it is ignored under a ruleset that reads none of them.
    """

    __slots__ = ("facts", "help", "name")

    def __init__(self, name: str, help: str, facts: tuple[str, ...]) -> None:
        self.name, self.help, self.facts = name, help, facts

    def __repr__(self) -> str:
        return f"Flag({self.name!r})"

    @property
    def option(self) -> str:
        return "--" + self.name.replace("_", "-")


FLAGS: tuple[Flag, ...] = (
    Flag("self_drawn", "the winning tile was drawn from the wall, not another player's discard", ("self_drawn",)),
    Flag("replacement", "won on a loose (replacement) tile drawn after a kong or a bonus tile; self-drawn",
         ("replacement",)),
    Flag("robbing_kong", "won on a tile robbed from a kong being declared", ("robbing_kong",)),
    Flag("last_tile", "won on the live wall's last tile (drawn, or its discard)", ("last_tile", "tiles_left")),
    Flag("first_go_around", "won before the turn first came back to East, with no claim made yet",
         ("first_go_around",)),
    Flag("first_discard", "won on East's first discard", ("first_discard",)),
    Flag("heavenly", "East won on the dealt hand: the East seat, self-drawn, in the first go-around",
         ("dealer", "first_go_around")),
    Flag("earthly", "South, West or North won on East's first discard (give --seat)", ("first_discard",)),
    Flag("last_tile_of_kind", "the winning tile is the last of its kind: the other three are in sight",
         ("last_tile_of_kind", "winning_tile_shown")),
    Flag("last_loose_tile", "won on the last loose tile: none was left to replace it", ("last_loose_tile",)),
    Flag("calling", "the winner had declared a calling hand", ("calling",)),
    Flag("calling_from_start", "the winner declared calling from the start of the deal; implies calling",
         ("calling_from_start",)),
    # Riichi's situation yaku, by the community's names (issue 31): each is a fact of its own name.
    Flag("riichi", "riichi: the winner declared a ready concealed hand", ("riichi",)),
    Flag("double_riichi", "double riichi: declared on the winner's first discard, no call before it",
         ("double_riichi",)),
    Flag("ippatsu", "ippatsu: won within one go-around of the riichi, no call between", ("ippatsu",)),
    Flag("open_riichi", "open riichi: the winner declared its ready hand with the hand shown face up",
         ("open_riichi",)),
    Flag("rinshan", "rinshan kaihou: won on the replacement tile drawn after a kong; self-drawn",
         ("rinshan", "replacement")),
    Flag("chankan", "chankan: won on the tile another player added to a pung to make a kong",
         ("chankan", "robbing_kong")),
    Flag("haitei", "haitei: won by drawing the live wall's last tile; self-drawn", ("haitei", "last_tile")),
    Flag("houtei", "houtei: won on the discard after the live wall's last tile", ("houtei", "last_tile")),
    Flag("tenhou", "tenhou: the dealer won on the dealt hand; self-drawn", ("tenhou",)),
    Flag("chiihou", "chiihou: a non-dealer won on the first draw, no call before it; self-drawn", ("chiihou",)),
    Flag("renhou", "renhou: a non-dealer won on a discard before the first draw, no call before it", ("renhou",)),
)
#: The riichi flags (the last eleven of :data:`FLAGS`): set in the context as facts of their names, and what each
#: implies of the core's words (a rinshan win is a replacement tile's, haitei self-drawn on the last tile ...).
RIICHI_FLAGS: dict[str, tuple[str, ...]] = {
    "riichi": (), "double_riichi": (), "ippatsu": (), "open_riichi": (), "rinshan": ("replacement",),
    "chankan": ("robbing_kong",),
    "haitei": ("self_drawn", "last_tile"), "houtei": ("last_tile",), "tenhou": ("self_drawn",),
    "chiihou": ("self_drawn",), "renhou": (),
}
#: The riichi flags that hold only while no call has been made on the table: a hand judged as it would stand after
#: a claim not yet made (a bot weighing the claim, :class:`mahjong_core.engine.judge.GameJudge`) holds none of them.
RIICHI_NO_CALL_FLAGS: tuple[str, ...] = ("ippatsu", "tenhou", "chiihou", "renhou")
#: The riichi facts that are not flags, with what the context holds when they are not given: the dora and
#: ura-dora indicators (lists of tiles), the honba and riichi sticks on the table (counts), and the seat wind of
#: a player liable for the hand (pao).
RIICHI_FACT_DEFAULTS: dict[str, object] = {"dora_indicators": [], "ura_dora_indicators": [], "honba": 0,
                                           "riichi_sticks": 0, "pao": None, "nukidora": []}
_BY_NAME = {flag.name: flag for flag in FLAGS}


def flag_names() -> list[str]:
    """Every flag's name, in :data:`FLAGS` order."""
    return [flag.name for flag in FLAGS]


def parse_wind(text: Any, what: str) -> int:
    """``E``/``S``/``W``/``N`` (or ``east`` .. ``north``, any case) as a wind tile kind.

    :raises MahjongError: naming ``what`` (the option) and the four letters.
    """
    if isinstance(text, str):
        letter = _WIND_WORDS.get(text.lower(), text.upper())
        if letter in WINDS:
            return WINDS[letter]
    raise MahjongError(f"expected a wind: E, S, W or N, got {text!r}", place=what)


def notation_flags(situations: Iterable[str], source: str | None = None) -> tuple[set[str], dict[str, int]]:
    """Split a hand's ``!flags`` into flag names and winds (``!seat_wind_south``, ``!prevalent_wind_east``).

    :raises MahjongError: for a flag outside the vocabulary, with the closest one.
    """
    flags: set[str] = set()
    winds: dict[str, int] = {}
    for name in situations:
        for prefix, key in (("seat_wind_", "seat"), ("prevalent_wind_", "round"), ("round_wind_", "round")):
            if name.startswith(prefix):
                winds[key] = parse_wind(name[len(prefix):], f"!{name}")
                break
        else:
            if name not in _BY_NAME:
                import difflib  # deferred: as in mahjong_core.cli.parser (`mahjong --help` imports this module)

                close = difflib.get_close_matches(name, [*_BY_NAME, "seat_wind_south", "prevalent_wind_south"], n=1)
                hint = f" (did you mean !{close[0]}?)" if close else ""
                raise MahjongError(f"unknown situation flag !{name}{hint}; the flags are "
                                   f"{', '.join('!' + f for f in _BY_NAME)}, !seat_wind_E.. and !prevalent_wind_E..",
                                   source=source, place="situations")
            flags.add(name)
    return flags, winds


def win_context(flags: Iterable[str] = (), *, seat: int = EAST, round_wind: int = EAST, winner: bool = True,
                winning_tile: int | None = None, facts: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The context the engine would give for this win (or, ``winner=False``, this losing hand).

    Defaults: the East round, the East seat (so the dealer), a win on a
    discard, nothing special.  ``facts`` are set last, over everything.

    :raises MahjongError: for flags that contradict each other or the seat (a robbed kong that was
        self-drawn, a heavenly hand off the East seat, an earthly hand on it), located at the flag.
    """
    given = set(flags)
    unknown = sorted(given - set(_BY_NAME))
    if unknown:
        raise MahjongError(f"unknown situation flag {unknown[0]!r}", place="situations")
    dealer = seat == EAST
    if not winner:
        ctx: dict[str, Any] = {"winner": False, "seat_wind": seat, "prevalent_wind": round_wind, "dealer": dealer,
                               "calling": "calling" in given or "calling_from_start" in given,
                               "calling_from_start": "calling_from_start" in given}
        ctx.update(facts or {})
        return ctx
    riichi = given & set(RIICHI_FLAGS)
    for name in riichi:
        given |= set(RIICHI_FLAGS[name])
    if "heavenly" in given:
        if not dealer:
            raise MahjongError("a heavenly hand is East's (the dealer's); leave --seat out or give --seat E",
                               place="--heavenly")
        given |= {"self_drawn", "first_go_around"}
    if "earthly" in given:
        if dealer:
            raise MahjongError("an earthly hand is won by South, West or North on East's first discard; "
                               "give --seat S, W or N", place="--earthly")
        given |= {"first_discard", "first_go_around"}
    if "robbing_kong" in given and ({"self_drawn", "replacement"} & given):
        raise MahjongError("a tile robbed from a kong is another player's, not self-drawn: give --robbing-kong "
                           "without --self-drawn or --replacement", place="--robbing-kong")
    if "first_discard" in given and ({"self_drawn", "replacement"} & given):
        raise MahjongError("a win on East's first discard is not self-drawn", place="--first-discard")
    if "replacement" in given:
        how = "replacement"
    elif "robbing_kong" in given:
        how = "robbing_kong"
    elif "self_drawn" in given:
        how = "self_drawn"
    else:
        how = "discard"
    calling_from_start = "calling_from_start" in given
    shown = 3 if "last_tile_of_kind" in given else 0
    ctx = {
        "winner": True,
        "how": how,
        "self_drawn": how in ("self_drawn", "replacement"),
        "replacement": how == "replacement",
        "robbing_kong": how == "robbing_kong",
        "last_tile": "last_tile" in given,
        "tiles_left": 0 if "last_tile" in given else None,
        "seat_wind": seat,
        "prevalent_wind": round_wind,
        "dealer": dealer,
        "first_go_around": "first_go_around" in given,
        "first_discard": "first_discard" in given,
        "discarder": None,
        "calling": "calling" in given or calling_from_start,
        "calling_from_start": calling_from_start,
        "last_tile_of_kind": shown == 3,
        "winning_tile_shown": shown,
        "last_loose_tile": "last_loose_tile" in given,
        "kongs_in_a_row": 0,  # kongs declared in a row before a winning replacement tile: --fact kongs_in_a_row=2
        "bonus_win": False,  # a win its flowers made, whatever its tiles: --fact bonus_win=true
    }
    if winning_tile is not None:
        ctx["winning_tile"] = winning_tile
    for name in riichi:
        ctx[name] = True
    ctx.update(facts or {})
    return ctx


def ignored(given: Iterable[str], read: Iterable[str]) -> list[str]:
    """The given flags (names, or ``seat``/``round``) about none of the facts in ``read``."""
    facts = set(read)
    about = {"seat": ("seat_wind",), "round": ("prevalent_wind",)}
    out = []
    for name in given:
        wanted = about.get(name) or _BY_NAME[name].facts
        if not facts.intersection(wanted):
            out.append(name)
    return out


def missing(context: Mapping[str, Any], read: Iterable[str]) -> list[str]:
    """The facts in ``read`` that ``context`` does not hold (the engine fills in ``table_points`` itself; a riichi
    flag not given is false and a riichi fact not given is its default, :data:`RIICHI_FACT_DEFAULTS`)."""
    return sorted(fact for fact in set(read) - set(context) if fact not in ("table_points", "table_doublings")
                  and fact not in RIICHI_FLAGS and fact not in RIICHI_FACT_DEFAULTS)
