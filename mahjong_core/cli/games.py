"""``mahjong simulate|demo|replay|audit|view``: play seeded games, and check and show recorded ones.

These are the commands that handle whole games: bots play them from a seed,
their logs are re-played byte for byte or audited event by event, and a log
is shown as one seat saw it.  Each imports only the part of the engine it
uses, so a referee's ``view`` of a log does not load the bots.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, print_json
from mahjong_core.cli.seats import parse_bots
from mahjong_core.errors import MahjongError

if TYPE_CHECKING:
    from collections.abc import Callable

    from mahjong_core.engine.simulate import SimulatedGame
    from mahjong_core.log.audit_report import LogReport
    from mahjong_core.log.chain import Signer
    from mahjong_core.rules import Ruleset


def list_bots(args: argparse.Namespace) -> int:
    """``--bots`` alone: every installed bot, the distribution that installs it, and what it says it does.

    Each bot is imported, so that one that cannot be is shown as such -- with
    the others still listed -- before a game is started with it; its exit
    status is then that of a failed check.
    """
    from mahjong_core.engine.players import bot_factory, installed_bots

    rows = []
    for name, info in installed_bots().items():
        row = {"name": name, "distribution": info.distribution, "version": info.version, "entry_point": info.value,
               "about": None, "error": None}
        try:
            doc = getattr(bot_factory(name), "__doc__", None) or ""
            row["about"] = doc.strip().splitlines()[0] if doc.strip() else None
        except MahjongError as exc:
            row["error"] = exc.message
        rows.append(row)
    if args.json:
        print_json(rows)
    else:
        print(f"{'bot':<16} {'distribution':<32} about")
        for r in rows:
            dist = f"{r['distribution'] or '?'} {r['version'] or ''}".strip()
            about = f"CANNOT BE USED: {r['error']}" if r["error"] else (r["about"] or r["entry_point"])
            print(f"{r['name']:<16} {dist:<32} {about}")
        if not rows:
            print("no bots are installed (a bot is installed through the 'mahjong_core.bots' entry-point group)")
    return EXIT_FAILED_CHECK if not rows or any(r["error"] for r in rows) else EXIT_OK


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play seeded games between bots, write their replays, and print one line (or JSON object) per game."""
    if args.bots is None:
        return list_bots(args)
    from mahjong_core.engine.simulate import simulate
    from mahjong_core.rules import load_ruleset
    from mahjong_core.table.rng import parse_seed

    ruleset = load_ruleset(args.ruleset)
    bots = parse_bots(args.bots, int(ruleset.param("players")))
    seed = parse_seed(args.seed)
    if args.summary:
        from mahjong_core.cli.study import print_summary

        return print_summary(args, bots, seed)
    out = Path(args.out) if args.out else None
    if args.store and out is None:
        raise MahjongError("--store records the games' logs, so it needs --out FOLDER for them (the logs are the "
                           "source of truth; the database is their index)", place="--store")
    bar = None
    if not args.json and args.games > 1 and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=args.games, unit="game", file=sys.stderr)
    signer = _signer(args)
    try:
        if args.workers:
            played = _simulate_on_dask(args, ruleset, seed, bots, out, bar)
        else:
            played = simulate(ruleset, seed, args.games, bots, out, max_deals=args.max_deals,
                              progress=bar.update if bar else None, signer=signer)
    finally:
        if bar is not None:
            bar.close()
    rows = [{"seed": g.seed, "deals": g.result.deals, "wins": g.result.wins, "draws": g.result.draws,
             "scores": g.result.scores, "team_scores": g.result.team_scores(), "events": g.events,
             "replay": str(g.replay) if g.replay else None} for g in played]
    if args.store:
        from mahjong_core.cli.records import store_simulated

        for row, stored in zip(rows, store_simulated(args, [str(g.replay) for g in played if g.replay]), strict=True):
            row["stored"] = stored["status"]
    if args.json:
        print_json({"ruleset": ruleset.identity, "games": rows})
    else:
        print(f"ruleset {ruleset.identity}, bots {','.join(bots)}")
        for r in rows:
            print(f"seed {r['seed']}: {r['deals']} deals ({r['wins']} won, {r['draws']} drawn), "
                  f"scores {r['scores']}, {r['events']} events" + (f" -> {r['replay']}" if r["replay"] else "")
                  + (f" ({r['stored']})" if "stored" in r else ""))
    return EXIT_OK


def _simulate_on_dask(args: argparse.Namespace, ruleset: Ruleset, seed: int | str, bots: list[str],
                      out: Path | None, bar: Any) -> list[SimulatedGame]:
    """The batch's games on a local Dask cluster: each worker plays a game from its seed and writes its log."""
    from mahjong_core.engine.simulate import game_seed, log_name, prepare_out_dir
    from mahjong_study.play import play_game_task
    from mahjong_study.runner import map_ordered

    seeds = [game_seed(seed, i) for i in range(args.games)]
    if out is not None:
        prepare_out_dir(out, [log_name(ruleset, s) for s in seeds])
    where = args.ruleset if ruleset.text is not None else ruleset.id
    tasks = [(str(where), s, list(bots), str(out / log_name(ruleset, s)) if out is not None else None,
              args.max_deals, args.sign) for s in seeds]
    return map_ordered(play_game_task, tasks, workers=args.workers, progress=bar.update if bar else None)


def _signer(args: argparse.Namespace) -> Signer | None:
    if args.sign is None:
        return None
    from mahjong_core.log.chain import load_signer

    return load_signer(args.sign)


def cmd_keygen(args: argparse.Namespace) -> int:
    """Make a signing key pair; print where it went and the public key a referee verifies logs with."""
    from mahjong_core.log.chain import generate_key

    private, public, hex_key = generate_key(args.file)
    if args.json:
        print_json({"private_key": str(private), "public_key": str(public), "public_hex": hex_key})
    else:
        print(f"private key {private} (keep it secret: it signs logs)\npublic key  {public}\n"
              f"            {hex_key}")
    return EXIT_OK


def _check(args: argparse.Namespace, mode: str) -> int:
    """Replay or audit every file; one verdict (or report) per file, a summary for several, exit 1 if any fails.

    With ``--workers`` the files are checked on a local Dask cluster (``mahjong_study.runner``), each where
    it is read, and only the reports come back.
    """
    from mahjong_core.log.audit_report import report_html, report_json, report_text
    from mahjong_core.sheets.audit import check_and_report

    for file in args.files:  # nothing to judge: unreadable input (exit 2) before any verdict (exit 1)
        if not Path(file).exists():
            raise MahjongError("cannot read the log: no such file", source=file)
    key = None
    if args.key is not None:
        from mahjong_core.log.chain import load_public_key

        key = load_public_key(args.key)
    bar = None
    if len(args.files) > 1 and not args.json and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=len(args.files), unit="log", file=sys.stderr)

    def show(report: LogReport) -> None:
        if args.json:
            return
        # The verdict is the command's answer, failed or not, so it goes to standard output: `audit x > report.txt`
        # keeps it, and the exit status says whether it passed.
        text = report_text(report, deals=args.deals and report.verdict.ok)
        (bar.write if bar is not None else print)(text, file=sys.stdout)

    tasks = [(str(file), mode, key) for file in args.files]
    try:
        if args.workers:
            from mahjong_study.runner import map_ordered

            reports = map_ordered(check_and_report, tasks, workers=args.workers,
                                  progress=bar.update if bar is not None else None)
            for report in reports:
                show(report)
        else:
            reports = []
            for task in tasks:
                reports.append(check_and_report(*task))
                show(reports[-1])
                if bar is not None:
                    bar.update(1)
    finally:
        if bar is not None:
            bar.close()
    verdicts = [r.verdict for r in reports]
    failed = [v for v in verdicts if not v.ok]
    if args.html:
        Path(args.html).write_text(report_html(reports, title=f"{mode.capitalize()} report"), encoding="utf-8")
    if args.json:
        documents = [report_json(r) for r in reports]
        if len(documents) == 1:
            print_json(documents[0])
        else:
            print_json({"summary": {"logs": len(verdicts), "clean": len(verdicts) - len(failed),
                                    "failed": len(failed), "deals": sum(v.deals for v in verdicts)},
                        "logs": documents})
    elif len(verdicts) > 1:
        print(f"{len(verdicts)} logs: {len(verdicts) - len(failed)} clean, {len(failed)} failed; "
              f"{sum(v.deals for v in verdicts)} deals" + (f"; report {args.html}" if args.html else ""))
    return EXIT_FAILED_CHECK if failed else EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-simulate a log: byte-identical, or the first event that differs."""
    return _check(args, "replay")


def cmd_audit(args: argparse.Namespace) -> int:
    """Check every action of a log and recompute every score and payment."""
    return _check(args, "audit")


def cmd_view(args: argparse.Namespace) -> int:
    """One seat's view of a log: the table as that seat sees it, move by move (``--json``: the JSON Lines).

    Without ``--step`` every move is one line, and the table is drawn at the end of each deal; with it, the
    table is drawn after every move, waiting for Enter between moves on a terminal (``q`` stops).
    """
    if args.html is not None:
        return _view_html(args)
    if args.seat is None:
        raise MahjongError("--seat N is required (or --html OUT.html for the replay viewer)", place="--seat")
    from mahjong_core.log.format import dumps, read_log
    from mahjong_core.log.redaction import Visibility, seat_view

    log = read_log(args.file)
    seats = len(log.header["seats"])
    if not 0 <= args.seat < seats:
        raise MahjongError(f"--seat must be 0 to {seats - 1}", place="--seat")
    events = seat_view(log.events, args.seat, Visibility.of_header(log.header))
    if args.json:
        print(dumps(log.header))
        for event in events:
            print(dumps(event))
        return EXIT_OK
    from mahjong_core.log.fold import narrate, render, replay_states

    display = _discard_display(log.header)
    interactive = args.step and sys.stdin.isatty() and sys.stdout.isatty()
    for shown, state in replay_states(log.header, events, args.seat):
        line = narrate(state, shown, args.seat)
        if args.step:
            if line is None:
                continue
            print(f"--- {line}")
            print(render(state, args.seat, display=display, ascii_only=args.ascii))
            if interactive and input("Enter: next move, q: quit ").strip().lower() == "q":
                break
            continue
        if line is not None:
            print(f"{shown.get('n', ''):>5}  {line}")
        if shown.get("type") == "deal_end":
            print(render(state, args.seat, display=display, ascii_only=args.ascii))
    return EXIT_OK


def _view_html(args: argparse.Namespace) -> int:
    """``view FILE --html OUT.html``: the replay viewer as one self-contained page, with the log's audit verdict.

    A log that fails its audit still gets its page (which shows where it stops being valid); the command then
    prints the verdict's line and exits as a failed check does.
    """
    if args.seat is not None:
        raise MahjongError("--seat does not go with --html: the page offers every seat's view", place="--seat")
    try:
        from mahjong_server.replay_page import standalone_html
    except ImportError as exc:  # the server package ships with the core; only a broken install lacks it
        raise MahjongError(f"the replay viewer's page cannot be built here: {exc}", place="--html") from None
    page, verdict = standalone_html(args.file)
    out = Path(args.html)
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as exc:
        raise MahjongError(f"cannot write the page: {exc.strerror}", source=str(out)) from None
    if verdict["ok"]:
        print(f"{out}: the replay viewer for {args.file} ({verdict['events']} events, {verdict['deals']} deals, "
              f"audit OK)")
        return EXIT_OK
    where = f"line {verdict['line']}" if verdict.get("line") is not None else "the log"
    event = f" (event {verdict['event']})" if verdict.get("event") is not None else ""
    print(f"{out}: the replay viewer for {args.file}, which is not valid from {where}{event}: {verdict['error']}")
    return EXIT_FAILED_CHECK


def _discard_display(header: dict[str, object]) -> str:
    """How the log's ruleset lays out discards (``rows``, ``quadro``, ``open``, ``closed``); ``open`` if unknown."""
    from mahjong_core.rules import load_ruleset

    ruleset = header.get("ruleset")
    rid = ruleset.get("id") if isinstance(ruleset, dict) else None
    try:
        return str(load_ruleset(str(rid)).value("discard_display"))
    except MahjongError:
        return "open"


def cmd_demo(args: argparse.Namespace) -> int:
    """The main job: one seeded game, its replay written, re-played and audited, and a summary."""
    if args.bots is None:
        return list_bots(args)
    from mahjong_core.engine.simulate import log_name, play_game, prepare_out_dir
    from mahjong_core.log.audit import check
    from mahjong_core.rules import load_ruleset
    from mahjong_core.table.rng import parse_seed

    ruleset = load_ruleset(args.ruleset)
    bots = parse_bots(args.bots, int(ruleset.param("players")))
    seed = parse_seed(args.seed)
    out = Path(args.out)
    path = out / log_name(ruleset, seed)
    partial = path.with_name(path.name + ".partial")
    prepare_out_dir(out, [partial.name])
    game = play_game(ruleset, seed, bots, replay=partial, max_deals=args.max_deals, signer=_signer(args))
    # The demo may be run again with the same arguments: its log is then replaced by the same bytes.  A log that
    # differs (another version of the ruleset, say) is never replaced.
    if path.exists() and path.read_bytes() != partial.read_bytes():
        raise MahjongError(f"exists and holds another game; not overwritten (this game's log is {partial})",
                           source=str(path))
    partial.replace(path)
    replayed = check(str(path), "replay")
    audited = check(str(path), "audit")
    summary = {
        "ruleset": ruleset.identity, "seed": seed, "bots": bots, "replay": str(path), "events": game.events,
        "deals": game.result.deals, "wins": game.result.wins, "draws": game.result.draws,
        "scores": game.result.scores, "team_scores": game.result.team_scores(),
        "replay_check": replayed.to_json(), "audit": audited.to_json(),
    }
    if args.json:
        print_json(summary)
    else:
        print(f"ruleset   {ruleset.identity}")
        print(f"seed      {seed}  bots {','.join(bots)}")
        print(f"played    {game.result.deals} deals: {game.result.wins} won, {game.result.draws} drawn")
        print(f"scores    {game.result.scores}" + (f"  teams {game.result.team_scores()}"
                                                    if len(game.result.teams) < len(game.result.scores) else ""))
        print(f"replay    {path} ({game.events} events)")
        print(f"re-play   {'byte-identical' if replayed.ok else replayed.text()}")
        print(f"audit     {'clean' if audited.ok else audited.text()}")
    return EXIT_OK if replayed.ok and audited.ok else EXIT_FAILED_CHECK


def cmd_soak(args: argparse.Namespace) -> int:
    """Soak every (or each named) ruleset; exit 1 with the failing game's ruleset, seed and bots."""
    from mahjong_core.conformance.soak import soak
    from mahjong_core.rules import available, load_ruleset
    from mahjong_core.table.rng import MAX_LOG_SEED

    if not 0 <= args.seed <= MAX_LOG_SEED - args.games + 1:
        raise MahjongError(f"the games' seeds {args.seed} to {args.seed + args.games - 1} must lie within 0 to "
                           f"{MAX_LOG_SEED} (2**53 - 1), so that each game can be simulated and logged again",
                           place="--seed")
    refs = args.ruleset or list(available())
    rulesets = [load_ruleset(ref) for ref in refs]
    journal = None
    if args.journal:
        from mahjong_core.conformance.soak_journal import open_journal, run_header

        journal = open_journal(args.journal, run_header(rulesets, args.games, args.seed, args.max_deals))
    bar = None
    try:
        if journal is not None and journal.played:
            games = sum(len(batch) for batch in journal.played.values())
            torn = "; its cut-off last line was dropped" if journal.torn else ""
            print(f"resuming {args.journal}: {len(journal.played)} batches ({games} games) played before{torn}",
                  file=sys.stderr)
        if not args.json and sys.stderr.isatty():
            from tqdm import tqdm

            bar = tqdm(total=args.games * len(rulesets), unit="game", file=sys.stderr)
        run = None
        if args.workers:
            from mahjong_core.conformance.soak import soak_batch
            from mahjong_study.runner import map_ordered

            def run(tasks: list[tuple[Any, ...]], on_result: Callable[[int, Any], object]) -> list[Any]:
                return map_ordered(soak_batch, tasks, workers=args.workers, on_result=on_result)

        report = soak(rulesets, args.games, args.seed,
                      max_deals=args.max_deals, progress=bar.update if bar else None, run=run,
                      played=journal.played if journal else None, on_batch=journal.keep if journal else None)
    finally:
        if bar is not None:
            bar.close()
        if journal is not None:
            journal.close()
    failure = report.failure
    if args.json:
        print_json({"games": report.games, "deals": report.deals,
                    "failure": None if failure is None else {"ruleset": failure.ruleset, "seed": failure.seed,
                                                             "bots": list(failure.bots), "message": failure.message}})
    else:
        for rid, played in report.games.items():
            print(f"{rid:24s} {played:6d} games {report.deals[rid]:7d} deals")
        print(f"FAILED {failure}" if failure else f"all invariants held: {sum(report.games.values())} games")
    return EXIT_FAILED_CHECK if failure else EXIT_OK


def cmd_record(args: argparse.Namespace) -> int:
    """Turn a score sheet into its canonical, sealed replay log; a sheet that differs from the rules is refused.

    The log is written next to the sheet (``game.yaml`` -> ``game.jsonl``) unless ``--out`` names it, never over
    another file, and then audited like any log before the command says it is done.
    """
    from mahjong_core.log.audit import check
    from mahjong_core.sheets.read import read_sheet
    from mahjong_core.sheets.record import log_text, record

    sheet = read_sheet(args.sheet)
    recorded = record(sheet)
    if recorded.differences:
        if args.json:
            print_json({"recorded": None, "differences": [d.to_json() for d in recorded.differences],
                        "follows": [d.to_json() for d in recorded.follows]})
        else:
            first = recorded.differences[0].line
            where = f"{args.sheet}::line {first}" if first is not None else args.sheet
            count = len(recorded.differences)
            print(f"{where}: not recorded - {count} figure{'s' if count > 1 else ''} of the sheet "
                  f"differ{'' if count > 1 else 's'} from the rules; correct the sheet (or `mahjong audit "
                  f"{args.sheet}` for the whole report):", file=sys.stderr)
            print(recorded.report(), file=sys.stderr)
        return EXIT_FAILED_CHECK
    out = Path(args.out) if args.out else Path(args.sheet).with_suffix(".jsonl")
    text = log_text(recorded, _signer(args))
    if out.exists():
        if out.read_bytes() != text.encode("utf-8"):
            raise MahjongError("exists and holds another log; not overwritten (give --out another file)",
                               source=str(out))
    else:
        try:
            with open(out, "x", encoding="utf-8", newline="") as file:
                file.write(text)
        except OSError as exc:
            raise MahjongError(f"cannot write the log: {exc.strerror or exc}", source=str(out)) from None
    verdict = check(str(out), "audit")
    if args.json:
        print_json({"recorded": str(out), "deals": recorded.result.deals, "scores": recorded.result.scores,
                    "audit": verdict.to_json()})
    else:
        scores = ", ".join(f"{name} {score}" for name, score in zip(sheet.players, recorded.result.scores,
                                                                     strict=True))
        print(f"{args.sheet}: recorded {recorded.result.deals} deals as {out}; final scores {scores}")
        print(verdict.text())
    return EXIT_OK if verdict.ok else EXIT_FAILED_CHECK
