"""Seeded simulation: play games between bots and write each one's replay log.

Game ``i`` of a batch started with seed ``S`` uses seed ``S + i`` (or
``"S/i"`` for a string seed), so any one game of a batch can be re-run alone.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjong_core.engine.game import Game, GameResult, UnendingGame
from mahjong_core.engine.players import make_bots
from mahjong_core.engine.seats import check_seats
from mahjong_core.errors import MahjongError
from mahjong_core.log.format import MAX_LINES, MAX_LOG_BYTES, ReplayWriter, check_log_seed, header
from mahjong_core.table.rng import ALGORITHM

if TYPE_CHECKING:
    from mahjong_core.log.chain import Signer
    from mahjong_core.rules import Ruleset


@dataclass
class SimulatedGame:
    """One played game of a batch: its seed (enough to play it again), its result, its log and its length.

    :param seed: the seed this game was played with (the batch's seed for game 0, see :func:`game_seed`).
    :param result: the scores, deals, wins and draws.
    :param replay: where its replay log was written, or ``None`` when none was asked for.
    :param events: how many events the game produced (the log's lines after the header).
    """

    seed: int | str
    result: GameResult
    replay: Path | None
    events: int
    #: Where the game's log would have grown past what a log reader reads (``log_bounds()``): the deals the
    #: game had played then, and the log holds the first :attr:`result` ``.deals`` of them (its header's
    #: ``options.max_deals``), a shorter game played again from the same seed; ``None`` for a whole game.
    cut_at: int | None = None


def log_bounds() -> tuple[int, int]:
    """The lines and bytes a log reader reads at most (``mahjong_core.log.format``): a simulated game's log stays
    within them, so that ``replay`` and ``audit`` can read every log ``simulate`` writes."""
    return MAX_LINES, MAX_LOG_BYTES
#: Room a log keeps below those bounds after its last whole deal: for the lines at the game's end (its payments,
#: ``game_end``).
_END_LINES, _END_BYTES = 64, 64 * 1024


class _LogFull(Exception):
    """Raised before a deal when the log has no room left for it; ``fits`` is the deals a readable log holds."""

    def __init__(self, played: int, fits: int) -> None:
        super().__init__(played, fits)
        self.played, self.fits = played, fits


def _within_bounds(writer: ReplayWriter) -> Callable[[int], None]:
    """The game's ``before_deal``: it stops a game whose log has no room left for another deal."""
    fits = 0

    def before_deal(played: int) -> None:
        nonlocal fits
        writer.write_held()  # the deal before, with its checkpoint: the game's emit only holds its events
        if writer.lines + _END_LINES <= MAX_LINES and writer.size + _END_BYTES <= MAX_LOG_BYTES:
            fits = played
            return
        raise _LogFull(played, fits)

    return before_deal


def game_seed(seed: int | str, index: int) -> int | str:
    """The seed of the ``index``-th game of a run started from ``seed`` (``seed + index``, or ``seed/index`` for a
    text seed): each game of a run can be played again alone from its own seed."""
    if isinstance(seed, int):
        return seed + index
    return f"{seed}/{index}" if index else seed


def play_game(ruleset: Ruleset, seed: int | str, bots: Sequence[str], *, replay: Path | None = None,
              max_deals: int | None = None, signer: Signer | None = None) -> SimulatedGame:
    """Play one seeded game, writing its log to ``replay`` when given (sealed, and signed with ``signer``).

    A game whose log would grow past what a log reader reads (``log_bounds()``; random bots who seldom win
    play hundreds of deals) is played again from its seed with ``max_deals`` the deals that fit: its log is then
    a whole, valid, audit-able log of that shorter game, its header saying so, and ``SimulatedGame.cut_at``
    says where the longer one was stopped.

    :raises MahjongError: if ``replay`` exists already: a log is never overwritten; or (``UnendingGame``) for a
        game past its ruleset's bound of deals, whose log is then removed, so that no log grows without bound.
    """
    if replay is not None:
        check_log_seed(seed)  # before the file is made
    players = make_bots(bots, seed)
    try:  # before the log is made: a game a seat cannot play leaves no file behind
        check_seats(ruleset, players, "--bots[{seat}]")
    except MahjongError:
        _close(players)
        raise
    seats = [{"seat": i, "name": p.name, "kind": p.kind} for i, p in enumerate(players)]
    options: dict[str, Any] = {} if max_deals is None else {"max_deals": max_deals}
    writer = _writer(replay, signer) if replay is not None else None
    count = 0

    def counted(event: dict[str, Any]) -> None:
        nonlocal count
        count += 1

    # The writer counts its lines itself, and holds a deal's events in a list whose append is the game's emit
    # (written at the next deal or the end, _within_bounds): no Python call an event, where each is a share of the
    # log's cost.
    emit = writer.holder() if writer is not None else counted
    bounded = _within_bounds(writer) if writer is not None else None
    try:
        # A player that is told the game as it goes (an external program's seat) brings its own observer.
        observers = [o for p in players if (o := getattr(p, "observer", None)) is not None]
        game = Game(ruleset, players, seed, emit=emit, max_deals=max_deals, before_deal=bounded,
                    observers=observers)
        if writer is not None:
            writer.write(header(ruleset, seed, ALGORITHM, seats, game.table.teams, options))
        result = game.play()
    except _LogFull as full:
        assert writer is not None and replay is not None
        writer.close()
        Path(replay).unlink(missing_ok=True)
        if full.fits < 1:
            raise MahjongError(f"the log of one deal would pass what a log reader reads ({MAX_LINES:,} lines, "
                               f"{MAX_LOG_BYTES:,} bytes)", source=str(replay)) from None
        shorter = play_game(ruleset, seed, bots, replay=replay, max_deals=full.fits, signer=signer)
        shorter.cut_at = full.played
        return shorter
    except UnendingGame as exc:
        if writer is not None and replay is not None:  # a game cut off is no game: its log is not left behind
            writer.close()
            Path(replay).unlink(missing_ok=True)
            exc.message += f" (the unfinished log {replay} is removed)"
        raise
    finally:
        if writer is not None:
            writer.close()
        _close(players)  # an external program's seat stops its program, however the game ended
    return SimulatedGame(seed, result, replay, writer.lines - 1 if writer is not None else count)


def _close(players: Sequence[Any]) -> None:
    for player in players:
        close = getattr(player, "close", None)
        if close is not None:
            close()


def _writer(path: Path, signer: Signer | None) -> ReplayWriter:
    """The log's writer, a deal at a time (``batch``): the seed re-creates any line a crash would lose."""
    try:
        return ReplayWriter(path, signer=signer, batch=True)
    except FileExistsError:
        raise MahjongError("exists; a replay log is never overwritten (remove it, or write to another folder)",
                           source=str(path)) from None
    except OSError as exc:
        raise MahjongError(f"cannot write the replay log: {exc.strerror or exc}", source=str(path)) from None


def log_name(ruleset: Ruleset, seed: int | str) -> str:
    """The file name of a game's log: ``<ruleset>-seed<seed>.jsonl``.

    A text seed's slashes, backslashes and unprintable characters are written ``_``; one that would make the
    name longer than file systems allow (255 bytes) is cut, and the SHA-256 of the whole seed added, so that
    two long seeds still name two files.
    """
    text = "".join(ch if ch.isprintable() and ch not in "/\\" else "_" for ch in str(seed))
    name = f"{ruleset.id}-seed{text}.jsonl"
    if len(name.encode("utf-8")) <= MAX_LOG_NAME:
        return name

    digest = hashlib.sha256(str(seed).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    head = text.encode("utf-8")[:96].decode("utf-8", "ignore")
    return f"{ruleset.id}-seed{head}...{digest}.jsonl"


#: Longest log file name made: room under the usual 255 bytes for the ``.partial`` of a log being written.
MAX_LOG_NAME = 200


def prepare_out_dir(out_dir: Path, names: Sequence[str]) -> None:
    """Make the folder for a batch's logs, refusing before any game is played if one of them would be overwritten."""
    if out_dir.exists() and not out_dir.is_dir():
        raise MahjongError("is a file; --out names a folder for the replay logs", source=str(out_dir), place="--out")
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MahjongError(f"cannot make the folder: {exc.strerror or exc}", source=str(out_dir),
                           place="--out") from None
    existing = [n for n in names if (out_dir / n).exists()]
    if existing:
        more = f" and {len(existing) - 1} more" if len(existing) > 1 else ""
        raise MahjongError(f"{existing[0]}{more} exist already; a replay log is never overwritten (remove them, "
                           "or write to another folder)", source=str(out_dir), place="--out")


def simulate(ruleset: Ruleset, seed: int | str, games: int, bots: Sequence[str], out_dir: Path | None, *,
             max_deals: int | None = None, progress: Callable[[int], object] | None = None,
             signer: Signer | None = None) -> list[SimulatedGame]:
    """Play ``games`` seeded games; ``progress`` is called with 1 after each."""
    if games < 1:
        raise MahjongError(f"--games must be at least 1, got {games}", place="--games")
    seeds = [game_seed(seed, i) for i in range(games)]
    if out_dir is not None:
        prepare_out_dir(out_dir, [log_name(ruleset, s) for s in seeds])
    played = []
    for s in seeds:
        path = out_dir / log_name(ruleset, s) if out_dir is not None else None
        played.append(play_game(ruleset, s, bots, replay=path, max_deals=max_deals, signer=signer))
        if progress is not None:
            progress(1)
    return played

