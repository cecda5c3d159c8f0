"""Score sheets in a tile set of a house rule's own, recorded as logs: a red five held, North set aside.

The worked Chinese Classical sheet (``replays/sheets/chinese_classical.yaml``) without its figures, under a house
rule that adds one entry to the standard tile set, with a hand or two changed to hold the new tiles.  The sheet
tests and the fold agreement test read the logs these make.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHEETS = ROOT / "replays" / "sheets"
_STANDARD_SET = ("[{group: characters, copies: 4}, {group: dots, copies: 4}, {group: bamboo, copies: 4}, "
                 "{group: winds, copies: 4}, {group: dragons, copies: 4}")
#: Each case: the tile set's extra entry, and the hands it changes.
CASES: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "red_five": ("{marked: 5p, copies: 1}", (('Anna: "123m456p789s1122z"', 'Anna: "123m406p789s1122z"'),)),
    "north_bonus": ("{bonus: [4z]}", (('Gleb: "555m222p1133388s"', 'Gleb: "555m222p1133388s4z"'),
                                      ('Vera: "11m999p456s33447z"', 'Vera: "11m999p456s33557z"'))),
}


def house(entry: str) -> str:
    """A house rule of chinese_classical whose tile set is the standard one and ``entry``."""
    return (f"id: club\nversion: 1.0.0\nname: Club\nextends: chinese_classical\nparameters:\n  tile_set:\n"
            f"    value: {_STANDARD_SET}, {entry}]\n    assumption: \"a test\"\n")


def bare_sheet(tmp_path: Path, ruleset_text: str, *swaps: tuple[str, str]) -> Path:
    """The worked Chinese Classical sheet without its figures, under the house rule ``ruleset_text``, with
    ``swaps`` made in its hands."""
    (tmp_path / "club.yaml").write_text(ruleset_text, encoding="utf-8")
    text = (SHEETS / "chinese_classical.yaml").read_text(encoding="utf-8").replace(
        "ruleset: chinese_classical", "ruleset: club.yaml")
    text = "\n".join(line for line in text.splitlines()
                     if not line.lstrip().startswith(("values:", "net:", "totals:", "payments:", "- "))
                     or line.startswith("  - ")) + "\n"
    for old, new in swaps:
        assert old in text
        text = text.replace(old, new, 1)
    path = tmp_path / "night.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def case_sheet(tmp_path: Path, case: str) -> Path:
    """The sheet of one of :data:`CASES`."""
    entry, swaps = CASES[case]
    return bare_sheet(tmp_path, house(entry), *swaps)


def recorded_log(tmp_path: Path, case: str) -> Path:
    """The log ``mahjong record`` writes of one of :data:`CASES`."""
    from mahjong_core.sheets.read import read_sheet
    from mahjong_core.sheets.record import log_text, record

    out = tmp_path / f"{case}.jsonl"
    out.write_text(log_text(record(read_sheet(case_sheet(tmp_path, case)))), encoding="utf-8")
    return out
