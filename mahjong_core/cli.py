"""The ``mahjong`` command.

Every subcommand prints a readable report, or JSON with ``--json``.  Bad input
of any kind ends in one line ``file::place: message`` on standard error and a
non-zero exit status, never a traceback: referees run this on files they
did not write.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .errors import MahjongError

EXIT_OK = 0
EXIT_FAILED_CHECK = 1


def _plain(obj: Any) -> Any:
    """Read-only views (mapping proxies, tuples) as plain JSON values."""
    if isinstance(obj, Mapping):
        return {str(k): _plain(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [_plain(v) for v in obj]
    return obj


def _print_json(obj: Any) -> None:
    print(json.dumps(_plain(obj), indent=2, ensure_ascii=False, sort_keys=False))


# ------------------------------------------------------------------ rules


def cmd_rules_list(args: argparse.Namespace) -> int:
    from .rules import available, load_ruleset

    rows = []
    for rid in sorted(available()):
        rs = load_ruleset(rid)
        rows.append({"id": rs.id, "version": rs.version, "sha256": rs.sha256, "parent": rs.parent, "name": rs.name})
    if args.json:
        _print_json(rows)
    else:
        print(f"{'id':<24} {'version':<9} {'sha256':<14} {'parent':<20} name")
        for r in rows:
            print(f"{r['id']:<24} {r['version']:<9} {r['sha256'][:12]:<14} {r['parent'] or '-':<20} {r['name']}")
    return EXIT_OK


def cmd_rules_show(args: argparse.Namespace) -> int:
    from .rules import load_ruleset

    rs = load_ruleset(args.ruleset)
    if args.json:
        _print_json({"id": rs.id, "version": rs.version, "sha256": rs.sha256, "ancestry": rs.ancestry,
                     "tables": rs.tables})
        return EXIT_OK
    print(f"{rs.name} ({rs.identity})")
    print(f"ancestry: {' -> '.join(rs.ancestry)}")
    for section, entries in rs.tables.items():
        if not isinstance(entries, Mapping):
            continue
        print(f"\n[{section}]")
        for path, entry in _leaves(entries):
            shown = json.dumps(_plain(entry.get("value")), ensure_ascii=False)
            if "predicate" in entry:
                shown = f"{entry['predicate']} = {shown}"
            where = entry.get("source") or f"assumption: {entry.get('assumption')}"
            defined_in = rs.source_of(f"{section}.{path}").defined_in
            inherited = "" if defined_in == rs.id else f" [from {defined_in}]"
            print(f"  {path:<40} {shown:<36} ({where}){inherited}")
    return EXIT_OK


def _leaves(node: Mapping[str, Any], prefix: str = "") -> list[tuple[str, Mapping[str, Any]]]:
    """Every leaf entry (a mapping with ``value`` or ``predicate``) under ``node``, with its dotted path."""
    found: list[tuple[str, Mapping[str, Any]]] = []
    for key, entry in node.items():
        path = f"{prefix}{key}"
        if isinstance(entry, Mapping) and ("value" in entry or "predicate" in entry):
            found.append((path, entry))
        elif isinstance(entry, Mapping):
            found += _leaves(entry, path + ".")
    return found


def cmd_rules_validate(args: argparse.Namespace) -> int:
    from .rules import validate_file

    errors = validate_file(args.path)
    if args.json:
        _print_json({"path": args.path, "ok": not errors, "errors": [str(e) for e in errors]})
    else:
        for error in errors:
            print(str(error), file=sys.stderr)
        if not errors:
            print(f"{args.path}: valid")
    return EXIT_FAILED_CHECK if errors else EXIT_OK


# ------------------------------------------------------------------ hands


def cmd_hand(args: argparse.Namespace) -> int:
    from .hand_report import analyse

    report = analyse(" ".join(args.tiles), knitted=args.knitted)
    if args.json:
        _print_json(report)
    else:
        print(report["text"])
    return EXIT_OK


# ------------------------------------------------------------------ games


def _parse_bots(text: str, players: int) -> list[str]:
    names = [b.strip() for b in text.split(",") if b.strip()]
    if len(names) == 1:
        names *= players
    if len(names) != players:
        raise MahjongError(f"--bots names {len(names)} bots; this ruleset seats {players}", place="--bots")
    return names


def cmd_simulate(args: argparse.Namespace) -> int:
    from .rng import parse_seed
    from .rules import load_ruleset
    from .simulate import simulate

    ruleset = load_ruleset(args.ruleset)
    bots = _parse_bots(args.bots, int(ruleset.param("players")))
    seed = parse_seed(args.seed)
    out = Path(args.out) if args.out else None
    bar = None
    if not args.json and args.games > 1 and sys.stderr.isatty():
        from tqdm import tqdm

        bar = tqdm(total=args.games, unit="game", file=sys.stderr)
    try:
        played = simulate(ruleset, seed, args.games, bots, out, max_deals=args.max_deals,
                          progress=bar.update if bar else None)
    finally:
        if bar is not None:
            bar.close()
    rows = [{"seed": g.seed, "deals": g.result.deals, "wins": g.result.wins, "draws": g.result.draws,
             "scores": g.result.scores, "team_scores": g.result.team_scores(), "events": g.events,
             "replay": str(g.replay) if g.replay else None} for g in played]
    if args.json:
        _print_json({"ruleset": ruleset.identity, "games": rows})
    else:
        print(f"ruleset {ruleset.identity}, bots {','.join(bots)}")
        for r in rows:
            print(f"seed {r['seed']}: {r['deals']} deals ({r['wins']} won, {r['draws']} drawn), "
                  f"scores {r['scores']}, {r['events']} events" + (f" -> {r['replay']}" if r["replay"] else ""))
    return EXIT_OK


def _cmd_check(args: argparse.Namespace, mode: str) -> int:
    from .replay_check import check

    verdict = check(args.file, mode)
    if args.json:
        _print_json(verdict.to_json())
    else:
        print(verdict.text(), file=sys.stdout if verdict.ok else sys.stderr)
    return EXIT_OK if verdict.ok else EXIT_FAILED_CHECK


def cmd_replay(args: argparse.Namespace) -> int:
    return _cmd_check(args, "replay")


def cmd_audit(args: argparse.Namespace) -> int:
    return _cmd_check(args, "audit")


def cmd_view(args: argparse.Namespace) -> int:
    """One seat's view of a log: JSON Lines with every tile hidden from that seat replaced by "?"."""
    from .replay_log import dumps, read_log
    from .views import seat_view

    log = read_log(args.file)
    seats = len(log.header["seats"])
    if not 0 <= args.seat < seats:
        raise MahjongError(f"--seat must be 0 to {seats - 1}", place="--seat")
    print(dumps(log.header))
    for event in seat_view(log.events, args.seat):
        print(dumps(event))
    return EXIT_OK


def cmd_score(args: argparse.Namespace) -> int:
    """Score a hand (or, with ``--batch``, JSON Lines hands on standard input) under a ruleset."""
    from .score_cli import run

    if not args.batch and not args.hand:
        raise MahjongError("give a hand in the notation, or --batch to read JSON Lines on standard input",
                           place="HAND")
    return run(args.ruleset, " ".join(args.hand) if args.hand else None, as_json=args.json, batch=args.batch,
               stdin=sys.stdin, stdout=sys.stdout)


def cmd_docs(args: argparse.Namespace) -> int:
    """Build the rules documentation (HTML) for the installed rulesets, house rules included."""
    from .docs_cli import build

    out = build(Path(args.out), args.ruleset or None)
    if args.json:
        _print_json({"out": str(out)})
    else:
        print(f"documentation written to {out}")
    return EXIT_OK


def cmd_conformance(args: argparse.Namespace) -> int:
    """Run the conformance suite on installed rulesets (third-party ones too); pytest's exit status."""
    from .conformance import run

    return run(list(args.ruleset))


def cmd_demo(args: argparse.Namespace) -> int:
    """The main job: one seeded game, its replay written, re-played and audited, and a summary."""
    from .replay_check import check
    from .rng import parse_seed
    from .rules import load_ruleset
    from .simulate import play_game

    ruleset = load_ruleset(args.ruleset)
    bots = _parse_bots(args.bots, int(ruleset.param("players")))
    seed = parse_seed(args.seed)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{ruleset.id}-seed{seed}.jsonl".replace("/", "_")
    game = play_game(ruleset, seed, bots, replay=path, max_deals=args.max_deals)
    replayed = check(str(path), "replay")
    audited = check(str(path), "audit")
    summary = {
        "ruleset": ruleset.identity, "seed": seed, "bots": bots, "replay": str(path), "events": game.events,
        "deals": game.result.deals, "wins": game.result.wins, "draws": game.result.draws,
        "scores": game.result.scores, "team_scores": game.result.team_scores(),
        "replay_check": replayed.to_json(), "audit": audited.to_json(),
    }
    if args.json:
        _print_json(summary)
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


# ------------------------------------------------------------------ parser


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="mahjong", description="Mahjong rulesets as data: inspect rules, "
                                     "analyse hands, simulate, replay and audit games.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def add(name: str, func: Any, help_: str, parent: Any = sub) -> argparse.ArgumentParser:
        p = parent.add_parser(name, help=help_, description=help_)
        p.set_defaults(func=func)
        p.add_argument("--json", action="store_true", help="print JSON instead of text")
        return p

    rules = sub.add_parser("rules", help="list, show and validate rulesets").add_subparsers(
        dest="rules_command", required=True, metavar="SUBCOMMAND")
    add("list", cmd_rules_list, "installed rulesets: id, version, hash, parent", rules)
    add("show", cmd_rules_show, "a ruleset's resolved tables with their sources", rules).add_argument("ruleset")
    add("validate", cmd_rules_validate, "check a ruleset YAML file; every error as file::path: message",
        rules).add_argument("path")

    p = add("hand", cmd_hand, "arrangements, waits and shanten of a hand in the tile notation")
    p.add_argument("tiles", nargs="+", help="e.g. 123m456p789s11z [777s<] +3p")
    p.add_argument("--knitted", action="store_true", help="also read the Chinese official knitted forms")

    def game_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--ruleset", required=True, help="installed ruleset id")
        p.add_argument("--seed", required=True, help="game seed: a non-negative integer or a string")
        p.add_argument("--bots", default="greedy", help="comma-separated bots per seat (greedy, random)")
        p.add_argument("--max-deals", type=int, default=None, help="stop after this many deals")

    p = add("simulate", cmd_simulate, "play seeded games between bots and write their replays")
    game_options(p)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--out", default=None, help="folder for the replay logs")

    p = add("demo", cmd_demo, "simulate one seeded game, write its replay, re-play and audit it, print a summary")
    game_options(p)
    p.add_argument("--out", default="out", help="folder for the replay log (default: out)")

    add("replay", cmd_replay, "re-simulate a replay log and confirm byte-identical events").add_argument("file")
    p = add("view", cmd_view, "one seat's view of a replay log: what that seat may see at the table")
    p.add_argument("file")
    p.add_argument("--seat", type=int, required=True)
    p = add("score", cmd_score, "score a hand under a ruleset: every item, its value, and why excluded items were")
    p.add_argument("--ruleset", required=True)
    p.add_argument("hand", nargs="*", help='e.g. "123m456p789s11z [777s<] +3p !self_drawn"')
    p.add_argument("--batch", action="store_true", help="read JSON Lines {\"hand\": ...} on stdin, write results")
    p = add("docs", cmd_docs, "build the rules documentation for the installed rulesets")
    p.add_argument("--ruleset", action="append", help="only this ruleset (repeatable)")
    p.add_argument("--out", default="mahjong-docs", help="output folder (default: mahjong-docs)")
    p = add("conformance", cmd_conformance, "run the conformance suite against installed rulesets")
    p.add_argument("ruleset", nargs="+", help="installed ruleset ids")
    add("audit", cmd_audit, "check every action and recompute every score and payment of a log").add_argument("file")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except MahjongError as exc:
        print(str(exc) if exc.source or exc.place else f"mahjong {args.command}: {exc}", file=sys.stderr)
        return exc.exit_code
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())
