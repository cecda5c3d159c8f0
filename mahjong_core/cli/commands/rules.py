"""``mahjong rules list|show|validate``: what is installed, what a ruleset says and where each value comes from.

A referee settles an argument about a rule by showing the value and the line
of the rules text it was taken from, so ``show`` prints every value with its
source, and notes the parent a value was inherited from.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from mahjong_core.cli.commands import summary
from mahjong_core.cli.output import EXIT_FAILED_CHECK, EXIT_OK, plain, print_json
from mahjong_core.cli.parser import RULESET_HELP, add_command, add_group
from mahjong_core.errors import MahjongError, RulesetError

if TYPE_CHECKING:
    from mahjong_core.cli.parser import Subcommands

# deferred imports: each handler imports what its command runs on (mahjong_core.cli.commands says why)


def register(commands: Subcommands) -> None:
    """``mahjong rules`` and its subcommands ``list``, ``show`` and ``validate``."""
    rules = add_group(commands, "rules", summary("rules"), dest="rules_command")
    add_command(rules, "list", cmd_list, "installed rulesets: id, version, hash, parent")
    add_command(rules, "show", cmd_show, "a ruleset's resolved tables with their sources").add_argument(
        "ruleset", help=RULESET_HELP)
    add_command(rules, "validate", cmd_validate, "check a ruleset YAML file; every error as file::path: message"
                ).add_argument("path", help="the ruleset YAML file to check")


def cmd_list(args: argparse.Namespace) -> int:
    """Installed rulesets: id, version, hash, parent and name; one that does not load is skipped with a warning."""
    from mahjong_core.plugin.extensions import warn
    from mahjong_core.rules import available, load_ruleset

    rows: list[dict[str, Any]] = []
    for rid in sorted(available()):
        try:
            rs = load_ruleset(rid)
        except RulesetError as exc:  # a broken third-party plugin: the others are still listed
            warn(f"skipped ruleset {rid!r}: {exc}")
            continue
        rows.append({"id": rs.id, "version": rs.version, "sha256": rs.sha256, "parent": rs.parent, "name": rs.name})
    if args.json:
        print_json(rows)
    else:
        print(f"{'id':<24} {'version':<9} {'sha256':<14} {'parent':<20} name")
        for r in rows:
            print(f"{r['id']:<24} {r['version']:<9} {r['sha256'][:12]:<14} {r['parent'] or '-':<20} {r['name']}")
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    """A ruleset's resolved tables, each value with its source and the ruleset that set it."""
    from mahjong_core.rules import load_ruleset

    rs = load_ruleset(args.ruleset)
    if args.json:
        print_json({"id": rs.id, "version": rs.version, "sha256": rs.sha256, "ancestry": rs.ancestry,
                    "tables": rs.tables})
        return EXIT_OK
    print(f"{rs.name} ({rs.identity})")
    print(f"ancestry: {' -> '.join(rs.ancestry)}")
    for section, entries in rs.tables.items():
        if not isinstance(entries, Mapping):
            continue
        print(f"\n[{section}]")
        for path, entry in _leaves(entries):
            shown = json.dumps(plain(entry.get("value")), ensure_ascii=False)
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


def _trial_errors(path: str) -> list[Any]:
    """One seeded deal between greedy bots under a ruleset file that loads: what ``simulate`` would reject.

    An error in the deal is reported in the file (at the line of its JSON path, where it names one).
    """
    from mahjong_core.log.simulate import play_game
    from mahjong_core.rules import load_ruleset
    from mahjong_core.rules.document import locate, marks_of

    ruleset = load_ruleset(path)
    try:
        play_game(ruleset, 1, ["greedy"] * int(ruleset.param("players")), replay=None, max_deals=1)
    except MahjongError as exc:
        error = RulesetError(f"a trial deal under this ruleset (seed 1, greedy bots) fails: {exc.message}",
                             source=ruleset.location, place=exc.place if (exc.place or "").startswith("$") else None)
        try:
            with open(path, encoding="utf-8") as file:
                marks = marks_of(file.read(), ruleset.location)
        except OSError:
            marks = {}
        return [locate(error, marks)]
    return []


def cmd_validate(args: argparse.Namespace) -> int:
    """Check a ruleset file; every error on its own line, and a failed check's exit status if there is any."""
    from mahjong_core.rules import validate_file

    errors = validate_file(args.path)
    if not errors:
        errors = _trial_errors(args.path)
    if args.json:
        print_json({"path": args.path, "ok": not errors,
                    "errors": [{**e.to_json(), "text": str(e)} for e in errors]})
    else:
        for error in errors:
            print(str(error), file=sys.stderr)
        if not errors:
            print(f"{args.path}: valid")
    return EXIT_FAILED_CHECK if errors else EXIT_OK

