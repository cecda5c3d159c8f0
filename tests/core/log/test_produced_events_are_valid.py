"""Every event the engine produces is valid by the replay schema, under every installed ruleset.

The fast audit (``mahjong_core.audit.check``) accepts a line without reading it against the schema when it is
byte for byte the event the rules produce there; that is sound only while what the engine produces is valid.
This test holds it, with the strict reading, for every installed ruleset and both kinds of bot.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mahjong_core.audit.check import Verdict, _check, check
from mahjong_core.log.format import read_log
from mahjong_core.log.simulate import simulate
from mahjong_core.rules import available, load_ruleset


@pytest.mark.parametrize("ruleset_id", sorted(available()))
def test_every_produced_event_is_valid_and_the_fast_audit_agrees_with_the_strict(ruleset_id: str,
                                                                                 tmp_path: Path) -> None:
    ruleset = load_ruleset(ruleset_id)
    players = int(ruleset.param("players"))
    for n, bot in enumerate(("random", "greedy")):
        out = tmp_path / bot
        simulate(ruleset, 31 + n, 1, [bot] * players, out, max_deals=3)
        (path,) = out.iterdir()
        log = read_log(path, validate_events=True)  # the strict reading: every event against the schema
        assert len(log.events) > 10
        fast = check(str(path), "audit")
        assert fast.ok, fast.text()
        assert fast.text() == strict_audit(path).text()
        # A changed line sends the fast audit to the strict reading: the verdict is the strict reading's.
        original = path.read_text(encoding="utf-8").split("\n")
        draw = next(k for k, line in enumerate(original) if '"type":"draw"' in line)
        other = '"tile":"2m"' if '"tile":"1m"' in original[draw] else '"tile":"1m"'
        for changed in (original[draw].replace('"type":', '"type": ', 1),  # spelt otherwise
                        re.sub(r'"tile":"[^"]*"', other, original[draw])):  # another tile than the wall gives
            path.write_text("\n".join([*original[:draw], changed, *original[draw + 1:]]), encoding="utf-8")
            tampered = check(str(path), "audit")
            assert not tampered.ok and tampered.text() == strict_audit(path).text()
        path.write_text("\n".join(original), encoding="utf-8")


def strict_audit(path: Path) -> Verdict:
    """The audit by the strict reading alone, as it was before the fast try."""
    return _check(str(path), "audit", None, decode_events=True)
