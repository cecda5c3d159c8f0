"""What every importer needs: the observed moves played by the engine, the recorded result, the log.

An imported game is a game played at a table we did not see: its log is an
ordinary physical-table log (``"rng": null``, each dealt hand and each draw as
observed), made the way a move-by-move score sheet's is
(:class:`mahjong_core.MovesScript`): the engine plays the deal, each seat making
the recorded moves as the preset's rules offer them, so every move's legality,
every hand's value and every payment are ours.  What the platform itself
recorded as the result is carried in the header (``source.recorded``) and
compared with ours (:func:`mahjong_core.differences`, which the audit of the log repeats).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from mahjong_core import MahjongError, Move, ReplayError, RulesetError, differences, read_bounded

if TYPE_CHECKING:
    from mahjong_core import Game, GameResult, Ruleset, Verdict

__all__ = ["FormatError", "ImportedDeal", "ImportedGame", "Played", "not_a_riichi_log", "not_riichi", "play",
           "read_record", "refusal", "wrong_format"]


class FormatError(MahjongError):
    """A file that does not read as the format it was given as, or a recorded move the preset refuses."""


def not_riichi(ruleset: Ruleset, what: str) -> str | None:
    """Why a game of ``ruleset`` cannot be had in a riichi platform's format, or ``None``; ``what`` says what holds
    what (``mjai holds``, ``an mjai program plays``).

    The platforms' formats are riichi's: 34 kinds and red fives, dora indicators, honba and sticks, no flowers
    and no jokers.  A game of another family written in them would be a game nobody played (a Hong Kong deal's
    flowers dealt as riichi tiles), so the game is refused, naming its family.
    """
    scoring = ruleset.tables.get("scoring") or {}
    node = scoring.get("family") if isinstance(scoring, Mapping) else None
    family = node.get("value") if isinstance(node, Mapping) else node
    if family == "riichi":
        return None
    return (f"{what} riichi games only (34 kinds, dora, honba and sticks, no flowers or jokers); ruleset "
            f"{ruleset.id} scores by the {family or 'no'} family")


def not_a_riichi_log(header: dict[str, Any], what: str) -> str | None:
    """:func:`not_riichi` of the game a log's header names (as played, or as installed here)."""
    from mahjong_core import ruleset_of_header

    ruleset = ruleset_of_header(header)
    if ruleset is None:
        ref = header.get("ruleset")
        ident = ref.get("id") if isinstance(ref, Mapping) else None
        return f"the log's ruleset {ident!r} is neither installed here nor embedded in the log"
    return not_riichi(ruleset, what)


def read_record(path: str, limit: int, what: str, expected: str,
                inflate: Callable[[bytes, str], bytes] | None = None) -> str:
    """A record file's text, read within ``limit`` bytes (and inflated first where ``inflate`` is given).

    :param what: the file as a message names it (``a Botzone file``).
    :param expected: what its text is (``a Botzone record is plain text``), for a file that is not UTF-8.
    :raises FormatError: for a file too large or unreadable, naming it, or not UTF-8, at the line of its first bad
        byte.
    """
    try:
        data = read_bounded(path, limit, what=what, error=FormatError)
    except FormatError:
        raise
    except MahjongError as exc:
        raise FormatError(exc.message, source=path) from None
    if inflate is not None:
        data = inflate(data, path)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise FormatError(f"not UTF-8 text: {expected}", source=path, place=f"line {line}") from None


@dataclass(frozen=True)
class ImportedDeal:
    """One deal as recorded: the dealt tiles by seat and the moves in order (draws included).

    :param path: where the deal starts (``line N``), for messages about the deal as a whole.
    """

    path: str
    dealt: tuple[tuple[int, ...], ...]
    moves: tuple[Move, ...]
    dice: tuple[tuple[int, ...], ...] = ()
    #: The dealer the record names, checked against the rules' (``None``: the record does not say).
    dealer: int | None = None
    #: The dora indicators the record shows turned, in order, and the ura-dora shown under them (codes), for a
    #: record without a wall seed (mjai): the observed wall shows them where the rules turn them.
    indicators: tuple[str, ...] = ()
    ura: tuple[str, ...] = ()


@dataclass
class ImportedGame:
    """A game read from another platform's record, ready to be played by the engine.

    :param recorded: the platform's own result, as the header's ``source.recorded`` carries it.
    :param first_round: the prevalent wind of the first deal (0 East .. 3 North).
    """

    platform: str
    game: str
    ruleset: str
    players: list[str]
    deals: list[ImportedDeal]
    recorded: dict[str, Any]
    source: str
    place: str
    first_round: int = 0
    #: Where an excerpt of a game begins, mid-game (``options.opening``: dealer, scores, pot, counters), or ``None``.
    opening: dict[str, Any] | None = None
    #: Where the platform published its shuffle: ``{"algorithm", "seed"}`` (the header's ``source.wall``); each
    #: deal is then played from the wall rebuilt from it, and the record's tiles are checked against that wall.
    wall: dict[str, Any] | None = None
    #: With ``wall``: each deal's dora indicators as the record shows them, checked against the rebuilt wall's.
    indicators: list[list[str]] = field(default_factory=list)
    #: With ``wall``: each deal's ura-dora indicators as the record shows them.
    ura: list[list[str]] = field(default_factory=list)
    #: With ``wall``: each deal's tiles by the platform's own numbers, ``(dealt by seat, then every tile the table
    #: gives in order)``, so that each is checked against the rebuilt wall as the very copy, not only its kind.
    numbers: list[tuple[list[list[int]], list[int]]] = field(default_factory=list)
    #: Where the record stops short (a file cut inside a deal), in words with its place: the game is played up
    #: to its last recorded move and written so far, its last deal unfinished (a cut-off log).
    cut: str | None = None
    #: A house rule the game is played under instead of the installed preset ``ruleset`` names (its text, which
    #: the log embeds): an East-only game of a preset that plays a hanchan (:func:`.tenhou6.east_only_text`).
    ruleset_text: str | None = None


@dataclass
class Played:
    """An imported game played by the engine: the log's header and events, and where the platform differs."""

    game: ImportedGame
    header: dict[str, Any]
    events: list[dict[str, Any]]
    differences: list[str] = field(default_factory=list)
    #: With ``play(..., partial=True)``: the recorded move the rules refused (or where the record stopped short);
    #: ``events`` are the game up to it.
    refused: FormatError | None = None
    #: The engine's game after its last deal and what its ``play()`` returned (``None`` for a refused game): what
    #: the audit of the log judges beside its lines (:meth:`audit`).
    engine: Game | None = field(default=None, repr=False)
    result: GameResult | None = field(default=None, repr=False)

    def text(self) -> str:
        """The log, sealed with the hash chain, exactly as ``mahjong import`` writes it (:meth:`data`, as text)."""
        return self.data().decode("utf-8")

    def data(self) -> bytes:
        """The log's bytes, sealed with the hash chain, exactly as ``mahjong import`` writes them.

        Sealed in one batch, as a batched :class:`~mahjong_core.ReplayWriter` seals what it holds at ``close()``
        (one :meth:`~mahjong_core.Sealer.block` of every line), which gives the bytes and the chain of sealing
        the lines one by one for less work: the whole game is in hand, and nothing is lost if the process stops
        before it is written.  Bytes, not text: they are written and read back (:meth:`audit`) as they are.
        """
        from mahjong_core import Sealer

        return Sealer().block([self.header, *self.events])

    def audit(self, path: str, data: bytes) -> Verdict:
        """The verdict ``mahjong audit`` gives the log written to ``path`` (``data``, as :meth:`data` made it),
        from this play of the game rather than a second one (``mahjong import --audit``,
        :func:`mahjong_core.audit_played` says why it is the same judgement).

        A game refused at a recorded move is audited from its written log: that verdict names, beside the refused
        move, where a re-play of the log runs out, which only a re-play can say (a rare game, so a second play).
        """
        from mahjong_core import audit_played, check

        if self.refused is not None or self.engine is None or self.result is None:
            return check(path, "audit")
        return audit_played(data, path, self.engine, self.result)


def play(imported: ImportedGame, *, partial: bool = False) -> Played:
    """Play ``imported`` through the engine under its preset and compare the result with the recorded one.

    :param partial: return a refused game too, played up to the refused move (``Played.refused`` says where and
        why; its log is cut off there, unfinished), instead of raising.
    :raises FormatError: (unless ``partial``) at the recorded move the rules refuse (a move they do not offer
        there, a tile seen more often than the set has, a draw the rules do not call for, the end of a record cut
        short), naming the file and line.
    """
    from mahjong_core import Game, MovesPlayer, MovesScript, header, load_ruleset, load_ruleset_text

    ruleset = load_ruleset(imported.ruleset) if imported.ruleset_text is None else load_ruleset_text(
        imported.ruleset_text, f"{imported.source} (the house rule of its rule.disp)")

    def locate(message: str, place: str) -> MahjongError:
        return FormatError(f"{imported.platform} {imported.game}: {message}", source=imported.source, place=place)

    script: MovesScript
    if imported.wall is not None:
        from .seeded import SeededScript

        script = SeededScript(imported, locate)
    else:
        from .observed import ObservedScript

        script = ObservedScript(imported.deals, imported.players, locate)
    events: list[dict[str, Any]] = []

    def emit(event: dict[str, Any]) -> None:
        events.append(event)
        script.seen(event)

    game = Game(ruleset, [MovesPlayer(name, script) for name in imported.players], None, emit=emit,
                max_deals=len(imported.deals), tile_source_factory=script.wall, first_round=imported.first_round,
                opening=imported.opening)
    refused: FormatError | None = None
    result: GameResult | None = None
    try:
        try:
            result = game.play()
        except FormatError:
            raise
        except ReplayError as exc:
            raise locate(exc.message.replace("the sheet", "the record"), script.place(exc.place)) from None
        except RulesetError:
            raise
        except MahjongError as exc:
            raise locate(f"the rules of {ruleset.id} refuse the game as recorded: {exc.message}",
                         script.deal_path) from None
    except FormatError as exc:
        refused = exc
        if imported.cut is not None:  # the record stops short: say so, where the moves ran out
            refused = FormatError(f"{imported.cut}; played up to its last move ({exc.message})",
                                  source=imported.source, place=exc.place)
        if not partial:
            raise refused from None
    else:
        if imported.cut is not None:  # the rules ended the game where the record stops short: nothing to compare
            refused = FormatError(f"{imported.cut}; the rules end the deal there, with no recorded result",
                                  source=imported.source, place=imported.deals[-1].path)
            if not partial:
                raise refused
    seats = [{"seat": i, "name": name, "kind": "human"} for i, name in enumerate(imported.players)]
    options: dict[str, Any] = {"max_deals": len(imported.deals)}
    if imported.first_round:
        options["first_round"] = imported.first_round
    if imported.opening is not None:
        options["opening"] = imported.opening
    head = header(ruleset, None, None, seats, game.table.teams, options)
    head["source"] = {"platform": imported.platform, "game": imported.game, "recorded": imported.recorded}
    if imported.wall is not None:
        head["source"]["wall"] = dict(imported.wall)
    if refused is not None:  # the log says itself that it stops short, where and why (sealed with the header)
        head["source"]["refused"] = refusal(imported, refused, events)
    played = Played(imported, head, events, refused=refused, engine=game if refused is None else None,
                    result=result if refused is None else None)
    if refused is None:
        played.differences = differences(head, events)
    return played


def refusal(imported: ImportedGame, refused: FormatError, events: list[dict[str, Any]]) -> dict[str, Any]:
    """What the header's ``source.refused`` says of a game imported only up to a move: the reason, the place in
    the record, the deal (counted from 1, as played) and, where the refused move is one of the record's, its seat
    and its text.  So a log read later, away from the import's output, says itself that it is incomplete and why.
    """
    out: dict[str, Any] = {"reason": refused.message[:1000], "place": str(refused.place or imported.place)[:200],
                           "deal": max(1, sum(e.get("type") == "deal_start" for e in events))}
    deal = imported.deals[out["deal"] - 1] if out["deal"] <= len(imported.deals) else None
    move = next((m for m in deal.moves if m.path == refused.place), None) if deal is not None else None
    if move is not None:
        out.update(seat=move.seat, move=move.text[:100])
    return out


def wrong_format(text: str, expected: str) -> str | None:
    """What a file given as ``expected`` looks like instead, from its first characters, and what reads it.

    So a replay log, a score sheet, a tenhou.net/6 JSON, an mjai log or a Tenhou XML log given to the wrong
    importer is named as what it is.  ``None`` when it looks like none of them (the reader then names the
    first line it cannot read).
    """
    from . import FORMATS

    head = text.lstrip()[:400]
    flat = head.replace(" ", "")
    guesses = [
        ("botzone", head.startswith("Match ")),
        ("replay", head.startswith("{") and '"type":"header"' in flat),
        ("mjai", head.startswith("{") and '"type":"start_game"' in flat),
        ("tenhou6", head.startswith("{") and '"log":' in flat),
        ("tenhou-xml", head.startswith("<mjloggm") or (head.startswith("<?xml") and "<mjloggm" in head)),
        ("sheet", head.startswith("sheet:") or "\nsheet:" in head),
    ]
    said = {"replay": ("a replay log of this project", "`mahjong audit` reads it"),
            "sheet": ("a score sheet", "`mahjong audit` and `mahjong record` read it"),
            "tenhou6": ("a tenhou.net/6 JSON file", None), "mjai": ("an mjai log", None),
            "tenhou-xml": ("a Tenhou XML log", None), "botzone": ("a Botzone Chinese Standard Mahjong record", None)}
    for name, hit in guesses:
        if hit and name != expected:
            what, reader = said[name]
            if reader is None:
                reader = f"use `mahjong import {name}`" if name in FORMATS else "this version has no importer for it"
            return f"this is {what}, not a {expected} file: {reader}"
    return None
