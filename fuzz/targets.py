"""Coverage-guided fuzzing of the readers of untrusted input, with atheris (libFuzzer for Python).

The test suite runs hypothesis over the same readers with 10,000 inputs each
(``tests/project/test_fuzz.py``); this is the long run, guided by coverage, that finds
what generated inputs miss.  Each target asserts the one property the suite
asserts: a reader succeeds or raises the project's located error, never
anything else (atheris reports any other exception as a crash, with the input
that caused it saved as ``crash-*``).

Usage (atheris is not a project dependency: ``pip install atheris``)::

    python fuzz/targets.py log -atheris_runs=1000000 fuzz/corpus/log
    python fuzz/targets.py rules -max_total_time=3600
    python fuzz/targets.py hand -max_total_time=600
    python fuzz/targets.py botzone -max_total_time=600 fuzz/corpus/botzone
    python fuzz/targets.py tenhou-xml -max_total_time=600 fuzz/corpus/tenhou-xml
    python fuzz/targets.py tenhou6 -max_total_time=600 fuzz/corpus/tenhou6
    python fuzz/targets.py mjai -max_total_time=600 fuzz/corpus/mjai

Every argument after the target name is libFuzzer's (``-help=1`` lists them).
A corpus folder is seeded with the golden replays or the bundled rule files
when it is empty.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import atheris

with atheris.instrument_imports():
    from mahjong_core.errors import MahjongError
    from mahjong_core.hand.notation import parse_hand
    from mahjong_core.log.format import parse_log
    from mahjong_core.rules import load_ruleset
    from mahjong_formats.botzone import read_text
    from mahjong_formats.mjai import read_text as read_mjai
    from mahjong_formats.tenhou6 import read_text as read_tenhou6
    from mahjong_formats.tenhou_xml import read_text as read_tenhou

ROOT = Path(__file__).resolve().parents[1]
_RULE_FILE = Path(tempfile.mkdtemp(prefix="mahjong-fuzz-")) / "house.yaml"


def fuzz_log(data: bytes) -> None:
    for validate in (True, False):
        try:
            parse_log(data, source="fuzz.jsonl", validate_events=validate, decode_events=validate)
        except MahjongError:
            pass  # a located refusal is the right answer to a bad log


def fuzz_rules(data: bytes) -> None:
    _RULE_FILE.write_bytes(data)
    try:
        load_ruleset(_RULE_FILE)
    except MahjongError:
        pass  # a located refusal is the right answer to a bad rule file


def fuzz_hand(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(256)
    try:
        parse_hand(text)
    except MahjongError:
        pass  # a located refusal is the right answer to a bad hand


def fuzz_botzone(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
    try:
        read_text(text, "fuzz.txt")
    except MahjongError:
        pass  # a located refusal is the right answer to a bad Botzone record


def fuzz_tenhou(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
    try:
        read_tenhou(text, "fuzz.mjlog")
    except MahjongError:
        pass  # a located refusal is the right answer to a bad Tenhou log


def fuzz_tenhou6(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
    try:
        read_tenhou6(text, "fuzz.json")
    except MahjongError:
        pass  # a located refusal is the right answer to a bad tenhou.net/6 file


def fuzz_mjai(data: bytes) -> None:
    text = atheris.FuzzedDataProvider(data).ConsumeUnicodeNoSurrogates(len(data))
    try:
        read_mjai(text, "fuzz.jsonl")
    except MahjongError:
        pass  # a located refusal is the right answer to a bad mjai log


#: The real recorded games the importers' corpora start from: ``shared/`` beside the checkout, or the folder
#: ``MAHJONG_SHARED`` names, as the test suite finds them (``tests/shared_files.py``).
SHARED = Path(os.environ.get("MAHJONG_SHARED") or ROOT.parent / "shared")

TARGETS = {"log": (fuzz_log, (ROOT, "replays/*.jsonl")),
           "rules": (fuzz_rules, (ROOT, "plugins/rulesets/*/ruleset.yaml")),
           "hand": (fuzz_hand, None), "botzone": (fuzz_botzone, (SHARED, "real-logs/botzone-mcr/sample.txt")),
           "tenhou-xml": (fuzz_tenhou, (SHARED, "real-logs/tenhou-mjlog/*.mjlog")),
           "tenhou6": (fuzz_tenhou6, (SHARED, "real-logs/tenhou6-*/*.json")),
           "mjai": (fuzz_mjai, (SHARED, "real-logs/mjai/*.jsonl"))}


def _seed_corpus(args: list[str], seeds: tuple[Path, str] | None) -> None:
    """Seed each empty corpus folder given with the target's sample files; say so where none are found, rather
    than fuzz from an empty corpus unawares."""
    folders = [Path(a) for a in args if not a.startswith("-")]
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        if seeds and not any(folder.iterdir()):
            base, pattern = seeds
            found = sorted(base.glob(pattern))
            if not found:
                print(f"fuzz: no sample file matches {base / pattern} (MAHJONG_SHARED names the folder of the real "
                      f"recorded games): {folder} starts empty", file=sys.stderr)
            for i, path in enumerate(found):
                (folder / f"seed-{i}").write_bytes(path.read_bytes())


def main() -> None:
    if len(sys.argv) < 2 or sys.argv[1] not in TARGETS:
        sys.exit(f"usage: {sys.argv[0]} {{{','.join(TARGETS)}}} [libFuzzer options] [corpus folder]")
    target, pattern = TARGETS[sys.argv[1]]
    args = sys.argv[2:]
    _seed_corpus(args, pattern)
    atheris.Setup([sys.argv[0], *args], target)
    atheris.Fuzz()


if __name__ == "__main__":
    main()
