"""The long soak's journals rendered as a table, so the page's figures by ruleset are the journals' own.

Each part of the documented long soak keeps its journal in ``soak-runs/``
(``docs/conformance.rst``, "The long run, part by part").  The deals of
every ruleset in every part are in those journals; copied out by hand they
are one typo away from disagreeing with them.  ``.. mahjong-soak-runs::
<folder>`` reads every ``seed-*.jsonl`` in the folder with the reader a
resume uses (so the page counts exactly what ``mahjong soak`` counts) and
renders one column per finished part.  A journal that recorded a broken
invariant, or that cannot be read, is a build warning, which fails a ``-W``
build: the page cannot claim a run the journal does not show.  A part still
being played (its journal committed part-way) is named with how far it has
got, and is left out of the table.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from mahjong_core import (
    MAX_JOURNAL_BYTES,
    JournalError,
    MahjongError,
    SoakFailure,
    StrictJSONError,
    loads,
    read_batches,
    read_bounded,
)

from . import rst


@dataclass(frozen=True)
class JournalSummary:
    """What one journal holds: its run, the games and deals of each ruleset so far, and any failure."""

    path: Path
    seed: int
    code: str
    #: Games of each ruleset the run plays (``--games``).
    games_each: int
    rulesets: tuple[str, ...]
    batches_played: int
    batches_total: int
    games: dict[str, int] = field(default_factory=dict)
    deals: dict[str, int] = field(default_factory=dict)
    failures: tuple[SoakFailure, ...] = ()
    #: A last line cut off without its newline (the run stopped while writing it); a resume plays it again.
    torn: bool = False

    @property
    def finished(self) -> bool:
        return self.batches_played == self.batches_total and not self.failures

    @property
    def total_games(self) -> int:
        return sum(self.games.values())

    @property
    def total_deals(self) -> int:
        return sum(self.deals.values())


def summarize(path: str | Path) -> JournalSummary:
    """Read one journal as ``mahjong soak --journal`` resumes it.

    :raises JournalError: naming the file and line, for an unreadable or malformed journal.
    """
    path = Path(path)
    data = read_bounded(path, MAX_JOURNAL_BYTES, what="the journal", error=JournalError)
    complete, _, tail = data.rpartition(b"\n")
    lines = complete.split(b"\n") if complete else []
    if not lines:
        raise JournalError("no complete header line; expected a journal written by mahjong soak --journal",
                           source=str(path), place="line 1")
    try:
        header = loads(lines[0].decode("utf-8", errors="replace"))
    except StrictJSONError as exc:
        raise JournalError(f"not a journal header: {exc}", source=str(path), place="line 1") from None
    batches = read_batches(lines, header, str(path))  # checks the header against the schema first
    games: Counter[str] = Counter()
    deals: Counter[str] = Counter()
    failures = []
    for (ruleset, _), outcomes in sorted(batches.items()):
        for outcome in outcomes:
            if outcome.failure is not None:
                failures.append(outcome.failure)
            else:
                games[ruleset] += 1
                deals[ruleset] += outcome.deals
    rulesets = tuple(r["id"] for r in header["rulesets"])
    per_ruleset = -(-header["games"] // header["batch"])
    return JournalSummary(path=path, seed=header["seed"], code=header["code"], games_each=header["games"],
                          rulesets=rulesets, batches_played=len(batches),
                          batches_total=per_ruleset * len(rulesets), games=dict(games), deals=dict(deals),
                          failures=tuple(failures), torn=tail != b"")


def summaries(folder: str | Path) -> list[JournalSummary]:
    """Every ``seed-*.jsonl`` journal in ``folder``, by seed.

    :raises MahjongError: for a missing folder, or (a :class:`JournalError`) the first unreadable journal.
    """
    folder = Path(folder)
    if not folder.is_dir():
        raise MahjongError("no such folder; expected the folder of the soak's journals", source=str(folder))
    found = [summarize(path) for path in folder.glob("seed-*.jsonl")]
    return sorted(found, key=lambda s: s.seed)


def problems(found: list[JournalSummary]) -> list[str]:
    """What the page must not pass over in silence: broken invariants, and a journal misnamed for its seed."""
    out = []
    for summary in found:
        for failure in summary.failures:
            out.append(f"{summary.path.name}: {failure.ruleset} broke an invariant at seed {failure.seed}: "
                       f"{failure.message}")
        if summary.path.name != f"seed-{summary.seed}.jsonl":
            out.append(f"{summary.path.name}: its header says seed {summary.seed}")
    return out


def soak_runs_rst(found: list[JournalSummary]) -> str:
    """The table of deals by ruleset and finished part, the code that played them, and the parts under way."""
    done = [s for s in found if s.finished]
    under_way = [s for s in found if not s.finished and not s.failures]
    out = []
    if done:
        rulesets = sorted({r for s in done for r in s.rulesets})
        header = ["ruleset", *(f"seed {s.seed}" for s in done), "all"]
        rows = []
        for rid in rulesets:
            cells = [_cell(s, rid) for s in done]
            rows.append([f"``{rid}``", *cells, f"{sum(s.deals.get(rid, 0) for s in done):,}"])
        rows.append(["all", *(f"{s.total_deals:,}" for s in done), f"{sum(s.total_deals for s in done):,}"])
        games = sum(s.total_games for s in done)
        out.append(f"Deals by ruleset in each finished part ({rst.plural(len(done), 'journal')}, "
                   f"{games:,} games, read from the journals as the page is built; each part plays "
                   f"{_games_each(done)} of every ruleset):\n")
        out.append(rst.list_table(header, rows, stub=1, classes="mahjong-soak-runs"))
        codes = sorted({s.code for s in done})
        if len(codes) == 1:
            out.append(f"Every one of these journals names the same code digest, ``{codes[0][:16]}...``.\n")
        else:
            out.append("The journals name different code digests: "
                       + "; ".join(f"seed {s.seed}: ``{s.code[:16]}...``" for s in done) + ".\n")
    for s in under_way:
        out.append(f"The part of seed {s.seed} is being played: {s.batches_played:,} of {s.batches_total:,} "
                   f"batches ({s.total_games:,} games, {s.total_deals:,} deals) are in its journal so far.\n")
    if not out:
        out.append("No journal has been written yet.\n")
    return "\n".join(out)


def _cell(summary: JournalSummary, rid: str) -> str:
    if rid not in summary.rulesets:
        return "--"
    deals = f"{summary.deals.get(rid, 0):,}"
    games = summary.games.get(rid, 0)
    return deals if games == summary.games_each else f"{deals} ({games:,} games)"


def _games_each(done: list[JournalSummary]) -> str:
    counts = sorted({s.games_each for s in done})
    return " or ".join(f"{n:,}" for n in counts) + (" game" if counts == [1] else " games")
